//! Client (SVRCONN) connections: CSA, 31-bit and 64-bit channel initiator storage, capacity.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Client connections and the channel initiator's storage.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ConnectionConfig {}

impl Validate for ConnectionConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Storage per connection and channel capacity.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ConnectionMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> ConnectionMetrics {
    ConnectionMetrics {}
}
