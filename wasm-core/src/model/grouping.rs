//! Message grouping and the cost of JMS over the native MQI.
//!
//! Grouping (`001_e9a0356844d0b70c.txt`, 6.0) costs a little CPU per message for the group
//! fields, plus a fixed amount per group: the first MQGET of a group has to find a complete group
//! and its first message in logical order, and the first MQPUT starts a new group identity. The
//! per-group part is shared by the messages of the group, so a one-message group pays most. On a
//! shared queue the put side costs nothing extra and the get side a steady amount per message.
//! The report shows these only as charts, so the overheads here are illustrative magnitudes shaped
//! by its statements, not fitted values.
//!
//! JMS (`001_e9a0356844d0b70c.txt`, 7.0) adds a Java layer over each message moved. That layer's
//! CPU is roughly fixed per message, so the multiplier over the MQI is large where the MQI work is
//! small (non-persistent, out of syncpoint) and smaller where the MQI work is larger (persistent
//! messages with commits, bigger messages, or application work alongside).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Persistence, QueueType, Scenario, Validate, Validator};

/// CPU of a private-queue MQPUT besides the message copy, µs. `004_c01e4fc945a28128.txt`, Chapter 6
/// "Private Queue: How much does message size affect streaming costs?": 4 µs for a 2KB MQPUT.
pub const MQPUT_CPU_US: f64 = 3.62;

/// CPU per KB copied by an MQPUT or MQGET, µs: same table, 4 µs at 2KB and 28 µs at 128KB.
pub const MQ_COPY_US_PER_KB: f64 = 0.19;

/// CPU of a private-queue MQGET besides the message copy, µs: "5 CPU microseconds per message got"
/// for 1KB (`004_c01e4fc945a28128.txt`, Chapter 8 "Performance of v2 connector").
pub const MQGET_CPU_US: f64 = 4.81;

/// Shared-queue CPU over private-queue CPU for short non-persistent messages:
/// `001_e9a0356844d0b70c.txt`, 2.4.2 "Are of order 100% more than for 1000 byte non persistent
/// messages".
pub const SHARED_QUEUE_CPU_FACTOR: f64 = 2.0;

/// Grouping CPU per message put to a private queue, µs (illustrative: "a small increase in CPU
/// consumption for both MQPUT and MQGET", `001_e9a0356844d0b70c.txt`, 6.1).
pub const GROUP_PUT_PER_MSG_US: f64 = 0.2;

/// Grouping CPU per group put to a private queue, µs (illustrative, same section).
pub const GROUP_PUT_PER_GROUP_US: f64 = 0.5;

/// Grouping CPU per message got from a private queue, µs (illustrative, same section).
pub const GROUP_GET_PER_MSG_US: f64 = 0.3;

/// Grouping CPU per group got from a private queue: finding a complete group and its first message
/// in logical order, µs (illustrative; the report notes "the largest overheads are for getting a
/// single message group", 6.1).
pub const GROUP_GET_PER_GROUP_US: f64 = 2.0;

/// Grouping CPU per message got from a shared queue, µs, whatever the group size (illustrative: "a
/// consistent CPU overhead when retrieving messages in groups", `001_e9a0356844d0b70c.txt`, 6.2).
pub const SHARED_GROUP_GET_PER_MSG_US: f64 = 1.0;

/// Message size of the report's JMS comparison, bytes: "CPU cost per 1000 byte message"
/// (`001_e9a0356844d0b70c.txt`, 7.0).
pub const JMS_REFERENCE_MESSAGE_BYTES: f64 = 1000.0;

/// CPU of the JMS layer per message put and got, in units of the MQI's non-persistent out-of-
/// syncpoint put plus get of a 1000-byte message. Fitted to "5 times that for the base API for non
/// persistent messages using out of syncpoint put plus get" (`001_e9a0356844d0b70c.txt`, 7.0).
pub const JMS_LAYER_COST_RATIO: f64 = 4.0;

/// MQI CPU of a persistent put/commit plus get/commit over a non-persistent out-of-syncpoint put
/// plus get (log records and two commits). Fitted to "2.5 times that for the base API for persistent
/// messages using put/commit plus get/commit" (same section), given [`JMS_LAYER_COST_RATIO`].
pub const PERSISTENT_MQI_COST_RATIO: f64 = JMS_LAYER_COST_RATIO / (2.5 - 1.0);

/// The programming interface the applications use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MessagingApi {
    /// The native MQ interface (the report's batch programs in C).
    #[default]
    Mqi,
    /// JMS (the report's batch programs in Java).
    Jms,
}

/// Message grouping and the application interface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct GroupingConfig {
    /// Whether messages are put and got as message groups (in logical order).
    pub grouped: bool,
    /// Messages per group, count.
    pub group_size_msgs: u32,
    /// MQI or JMS.
    pub api: MessagingApi,
    /// Application CPU per message outside MQ and JMS (business logic), µs.
    pub application_cpu_us_per_msg: f64,
}

impl Default for GroupingConfig {
    fn default() -> Self {
        GroupingConfig { grouped: false, group_size_msgs: 10, api: MessagingApi::Mqi, application_cpu_us_per_msg: 0.0 }
    }
}

impl Validate for GroupingConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("group_size_msgs", self.group_size_msgs, 1, 1_000_000);
        v.range("application_cpu_us_per_msg", self.application_cpu_us_per_msg, 0.0, 1.0e7);
    }
}

/// Costs of grouping and of JMS.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct GroupingMetrics {
    /// MQPUT CPU per message without grouping, µs.
    pub ungrouped_put_cpu_us: f64,
    /// MQGET CPU per message without grouping, µs.
    pub ungrouped_get_cpu_us: f64,
    /// MQPUT CPU per message as grouped messages, µs.
    pub grouped_put_cpu_us: f64,
    /// MQGET CPU per message as grouped messages, µs.
    pub grouped_get_cpu_us: f64,
    /// What grouping adds to the MQPUT, percent.
    pub group_put_overhead_pct: f64,
    /// What grouping adds to the MQGET, percent.
    pub group_get_overhead_pct: f64,
    /// MQI CPU per message put and got, with commits for persistent messages, µs.
    pub mqi_cpu_us_per_msg: f64,
    /// CPU the JMS layer adds per message put and got, µs.
    pub jms_layer_cpu_us_per_msg: f64,
    /// CPU per message with JMS over CPU per message with the MQI (application work included).
    pub jms_cost_multiplier: f64,
    /// CPU per message put and got for this scenario: MQ, grouping, JMS if chosen and the
    /// application, µs.
    pub cpu_us_per_msg: f64,
}

/// Non-persistent MQPUT plus MQGET of one message of `bytes`, out of syncpoint, µs.
fn put_get_us(bytes: f64, shared: bool) -> (f64, f64) {
    let copy = MQ_COPY_US_PER_KB * bytes.max(0.0) / 1024.0;
    let factor = if shared { SHARED_QUEUE_CPU_FACTOR } else { 1.0 };
    ((MQPUT_CPU_US + copy) * factor, (MQGET_CPU_US + copy) * factor)
}

/// Evaluates the grouping and JMS sub-model.
pub fn evaluate(scenario: &Scenario) -> GroupingMetrics {
    let w = &scenario.workload;
    let g = &scenario.grouping;
    let shared = w.queue_type == QueueType::Shared;
    let bytes = f64::from(w.message_size_bytes);
    let (put, get) = put_get_us(bytes, shared);
    let group = f64::from(g.group_size_msgs.max(1));
    let (put_extra, get_extra) = if shared {
        (0.0, SHARED_GROUP_GET_PER_MSG_US)
    } else {
        (GROUP_PUT_PER_MSG_US + GROUP_PUT_PER_GROUP_US / group, GROUP_GET_PER_MSG_US + GROUP_GET_PER_GROUP_US / group)
    };

    let persistence_factor = if w.persistence == Persistence::Persistent { PERSISTENT_MQI_COST_RATIO } else { 1.0 };
    let (p, q) = if g.grouped { (put + put_extra, get + get_extra) } else { (put, get) };
    let mqi = (p + q) * persistence_factor;
    let (ref_put, ref_get) = put_get_us(JMS_REFERENCE_MESSAGE_BYTES, shared);
    let jms_layer = JMS_LAYER_COST_RATIO * (ref_put + ref_get);
    let app = g.application_cpu_us_per_msg.max(0.0);
    let jms_multiplier = (mqi + jms_layer + app) / (mqi + app);
    let api_extra = if g.api == MessagingApi::Jms { jms_layer } else { 0.0 };

    GroupingMetrics {
        ungrouped_put_cpu_us: put,
        ungrouped_get_cpu_us: get,
        grouped_put_cpu_us: put + put_extra,
        grouped_get_cpu_us: get + get_extra,
        group_put_overhead_pct: put_extra / put * 100.0,
        group_get_overhead_pct: get_extra / get * 100.0,
        mqi_cpu_us_per_msg: mqi,
        jms_layer_cpu_us_per_msg: jms_layer,
        jms_cost_multiplier: jms_multiplier,
        cpu_us_per_msg: mqi + api_extra + app,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_message_group_pays_the_most_per_message() {
        let mut s = Scenario::default();
        s.grouping.group_size_msgs = 1;
        let one = evaluate(&s).group_get_overhead_pct;
        s.grouping.group_size_msgs = 100;
        let hundred = evaluate(&s).group_get_overhead_pct;
        assert!(one > 2.0 * hundred);
    }
}
