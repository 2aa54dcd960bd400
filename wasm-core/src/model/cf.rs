//! The coupling facility and shared queues.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// The coupling facility, its links and application structures.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CfConfig {}

impl Validate for CfConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Coupling facility utilisation, CF time per message and structure sizing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CfMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> CfMetrics {
    CfMetrics {}
}
