//! Queue statistics, SMF 115 subtype 216.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Queue statistics (class 5).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QueueStatisticsConfig {}

impl Validate for QueueStatisticsConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Queue statistics costs and SMF volume.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct QueueStatisticsMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> QueueStatisticsMetrics {
    QueueStatisticsMetrics {}
}
