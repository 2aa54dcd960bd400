//! Message grouping and JMS.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Message grouping and JMS.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct GroupingConfig {}

impl Validate for GroupingConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Message grouping and JMS costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct GroupingMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> GroupingMetrics {
    GroupingMetrics {}
}
