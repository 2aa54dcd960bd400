//! CICS syncpoint batching: operations per syncpoint versus elapsed time.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;

/// CICS syncpoint batching.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CicsMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> CicsMetrics {
    CicsMetrics {}
}
