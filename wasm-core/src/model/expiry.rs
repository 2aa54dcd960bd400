//! Queue manager initiated expiry.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Queue manager initiated expiry.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ExpiryConfig {}

impl Validate for ExpiryConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Expiry scan costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ExpiryMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> ExpiryMetrics {
    ExpiryMetrics {}
}
