//! Sender/receiver channels: batching, receive time-out, TLS, compression and cluster binding.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Sender/receiver channels.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ChannelConfig {}

impl Validate for ChannelConfig {
    fn validate(&self, _v: &mut Validator) {}
}

/// Channel batching, TLS and compression costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ChannelMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> ChannelMetrics {
    ChannelMetrics {}
}
