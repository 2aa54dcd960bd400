//! What the model answers for a scenario, one section per sub-model.
//!
//! Field names carry their unit (`_us`, `_bytes`, `_mb_s`, `_msgs_s`, `_pct`). Every figure is
//! finite; a figure that does not apply to the scenario (log rate for non-persistent messages)
//! is 0.

mod pick;

pub use pick::number_at_path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{
    cf::CfMetrics, channel::ChannelMetrics, cics::CicsMetrics, commit::CommitMetrics, expiry::ExpiryMetrics,
    failover::FailoverMetrics, grouping::GroupingMetrics, kafka::KafkaMetrics, log::LogMetrics,
    queue_statistics::QueueStatisticsMetrics, request_reply::RequestReplyMetrics, streaming::StreamingMetrics,
    svrconn::ConnectionMetrics,
};

/// The model's answer for one scenario.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Metrics {
    /// Active log writer and I/O.
    pub log: LogMetrics,
    /// Commit, locking and log-force aggregation.
    pub commit: CommitMetrics,
    /// Request/reply throughput, CPU and time in transaction.
    pub request_reply: RequestReplyMetrics,
    /// CICS syncpoint batching.
    pub cics: CicsMetrics,
    /// Coupling facility and shared queues.
    pub cf: CfMetrics,
    /// Sender/receiver channels.
    pub channel: ChannelMetrics,
    /// Client connections and channel initiator storage.
    pub connection: ConnectionMetrics,
    /// Streaming queues.
    pub streaming: StreamingMetrics,
    /// Expiry.
    pub expiry: ExpiryMetrics,
    /// Queue statistics.
    pub statistics: QueueStatisticsMetrics,
    /// Kafka connectors.
    pub kafka: KafkaMetrics,
    /// Message grouping and JMS.
    pub grouping: GroupingMetrics,
    /// Switch-over and fail-over.
    pub failover: FailoverMetrics,
}

impl Metrics {
    /// The metrics as a JSON value (for path look-ups by the CLI, sweeps and fidelity).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("metrics serialise")
    }

    /// The JSON Schema of the metrics document, generated from these types.
    pub fn json_schema() -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(Metrics)).expect("schema serialises")
    }
}

/// Looks up a dotted path (`log.io_time_us`) in a JSON value; `None` if absent or not a number.
pub fn number_at(value: &serde_json::Value, path: &str) -> Option<f64> {
    path.split('.').try_fold(value, |v, key| v.get(key))?.as_f64()
}
