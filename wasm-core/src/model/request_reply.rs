//! Request/reply throughput across requesters, servers, queue pairs and queue managers.
//!
//! (Mechanism and citations to be written with the sub-model.)

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;

/// Request/reply throughput, CPU per API and time in transaction.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct RequestReplyMetrics {}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(_scenario: &Scenario) -> RequestReplyMetrics {
    RequestReplyMetrics {}
}
