//! Switch-over and fail-over of highly available queue managers.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Switch-over and fail-over.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct FailoverConfig {}

impl Validate for FailoverConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Switch-over and fail-over times.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct FailoverMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> FailoverMetrics {
    FailoverMetrics {}
}
