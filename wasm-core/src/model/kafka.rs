//! Kafka source and sink connectors running in Unix System Services with bindings connections.
//!
//! A connector task is a loop: it takes a record from one side (the Kafka topic for a sink, an MQ
//! queue for a source), converts it and hands it to the other side. One task's time per message is
//! a fixed path, a per-KB data-handling time and its share of a Kafka client request, which is
//! amortised over the records that fit in one request until a record fills the request on its
//! own. Several tasks run in parallel but meet on the shared MQ queue, whose serialised section
//! bounds the rate however many tasks run (Amdahl's law). In a sustained test the queue also has
//! the other side's applications on it (batch getters behind a sink, batch putters in front of a
//! source); a peak test removes them, and with them the contention.
//!
//! Exactly-once (v2) connectors keep their position on a state queue, updated once per connector
//! commit batch (an MQGET and an MQPUT1 of the state message), which costs MQ CPU and some elapsed
//! time per batch; they must run a single task. Persistent flows force the log once per batch.
//! Most of the connector's own CPU is Java and so zIIP-eligible; the native MQ calls are not.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Persistence, Scenario, Validate, Validator};

/// MQ CPU per KB of message copied by an MQPUT or MQGET. `004_c01e4fc945a28128.txt`, Chapter 6
/// "Private Queue: How much does message size affect streaming costs?": the MQPUT without a stream
/// queue costs 4 µs at 2KB and 28 µs at 128KB, i.e. (28 - 4) / 126 µs per KB.
pub const MQ_COPY_US_PER_KB: f64 = 0.19;

/// Task time per KB of message: the data is copied once by MQ and once across the Java bindings
/// interface, so twice [`MQ_COPY_US_PER_KB`] (same source).
pub const CONNECTOR_DATA_US_PER_KB: f64 = 2.0 * MQ_COPY_US_PER_KB;

/// Record size at which one record fills a Kafka client request, so that the per-request time is
/// no longer shared by several records. Fitted with the per-request times below to the 1KB and
/// 32KB rates of `004_c01e4fc945a28128.txt`, Chapter 8 "Impact of message size on throughput".
pub const KAFKA_REQUEST_KNEE_KB: f64 = 16.0;

/// Fixed time per message in one sink task (conversion and the MQPUT1), sustained test. Fitted to
/// the sink table of Chapter 8 "Impact of message size on throughput" (1KB 28,298 and 32KB 4,580
/// messages per second).
pub const SINK_PATH_US: f64 = 23.54;

/// Time per Kafka fetch request of a sink task, shared by the records in one request. Same fit.
pub const SINK_REQUEST_US: f64 = 182.6;

/// Fixed time per message in one source task (the MQGET and conversion), sustained test. Fitted to
/// the source table of Chapter 8 "Impact of message size on throughput" (1KB 28,754 and 32KB 3,751).
pub const SOURCE_PATH_US: f64 = 19.73;

/// Time per Kafka produce request of a source task, shared by the records in one request. Same fit.
pub const SOURCE_REQUEST_US: f64 = 234.7;

/// Serialised time per message on the sink's target queue in a sustained test (the connector's
/// MQPUT1s and the batch getters meet on one queue). Fitted to "IBM MQ sink connector - Sustained
/// rate" of Chapter 8: tasks.max=2 gives 32,280 messages per second.
pub const SINK_SERIAL_US: f64 = 26.62;

/// Serialised time per message on the source's queue in a sustained test. Fitted to "IBM MQ source
/// connector - Sustained rate": tasks.max=2 gives 37,900 messages per second.
pub const SOURCE_SERIAL_US: f64 = 17.99;

/// Time per message lost to the other side's applications on the same queue in a sustained test,
/// removed in a peak test (from the task path and from the serialised section). Fitted to "IBM MQ
/// sink connector - Peak rate": one task's peak rate is 21% above its sustained rate.
pub const QUEUE_CONTENTION_US: f64 = 6.13;

/// Elapsed time of a forced single-page log write on FICON without zHPF in a quiet environment
/// (the 9.4 report's default set-up). `004_c01e4fc945a28128.txt`, Chapter 4 "Single Page I/O
/// Response Times": 181 µs.
pub const LOG_FORCE_US: f64 = 181.0;

/// Elapsed time of one v2 state update besides the state message's size. Fitted with
/// [`STATE_UPDATE_ELAPSED_US_PER_KB`] to "Performance of v2 connector" of Chapter 8: the peak rate
/// falls by 1% (sink, state message under 500 bytes) and 5% (source, state message 13.5KB).
pub const STATE_UPDATE_ELAPSED_US: f64 = 122.1;

/// Elapsed time of a v2 state update per KB of state message. Same fit.
pub const STATE_UPDATE_ELAPSED_US_PER_KB: f64 = 19.58;

/// Connector CPU per 1KB non-persistent message, sink: the middle of "35 to 44 CPU microseconds"
/// (Chapter 8, "IBM MQ sink connector - Sustained rate"). Scaled with the task path for other sizes.
pub const SINK_CONNECTOR_CPU_1KB_US: f64 = 39.5;

/// Connector CPU per 1KB non-persistent message, source: the middle of "25 to 37 CPU microseconds"
/// (Chapter 8, "IBM MQ source connector - Sustained rate").
pub const SOURCE_CONNECTOR_CPU_1KB_US: f64 = 31.0;

/// Connector CPU per MQ API call that runs natively and is not zIIP-eligible. Fitted to the sink's
/// "up to 98% was zIIP-eligible" (2% of 39.5 µs), Chapter 8 "IBM MQ sink connector - Sustained rate".
pub const NATIVE_CPU_PER_MQ_CALL_US: f64 = 0.79;

/// Native (not zIIP-eligible) connector CPU per persistent commit. Fitted to the v2 sink's "96%
/// zIIP-eligible" for persistent work, Chapter 8 "Performance of v2 connector".
pub const PERSISTENT_COMMIT_NATIVE_CPU_US: f64 = 362.0;

/// Class(3) CPU of the sink's MQPUT1 besides the message copy. Fitted to "7 CPU microseconds per
/// message put" (v1 peak), Chapter 8 "Performance of v2 connector".
pub const SINK_MQPUT1_CPU_US: f64 = 6.81;

/// Class(3) CPU of the source's MQGET besides the message copy. Fitted to "5 CPU microseconds per
/// message got" (v1 peak), Chapter 8 "Performance of v2 connector".
pub const SOURCE_MQGET_CPU_US: f64 = 4.81;

/// Extra MQPUT1 CPU when each put hands its message to a waiting getter, as the sink's puts do in a
/// sustained test. Fitted to the middle of "13 to 22 CPU microseconds" for the MQPUT1, Chapter 8
/// "IBM MQ sink connector - Sustained rate".
pub const WAITING_GETTER_POST_CPU_US: f64 = 10.5;

/// Class(3) CPU of one state update (MQGET plus MQPUT1 of the state message) besides copying the
/// state message twice. Fitted to the sink's "23 CPU microseconds" with a state message under 500
/// bytes, Chapter 8 "Performance of v2 connector".
pub const STATE_UPDATE_CPU_US: f64 = 22.81;

/// Idle CPU of the Kafka Connect worker hosting the connector, whatever its tasks. Fitted to the
/// idle sink's "6.2 CPU seconds per hour when tasks.max=1 and 6.9 CPU seconds when tasks.max=5",
/// Chapter 8 "How much does an idle connector cost?".
pub const IDLE_WORKER_CPU_S_PER_HOUR: f64 = 6.025;

/// Idle CPU per sink task (polling its Kafka partitions). Same fit.
pub const IDLE_SINK_TASK_CPU_S_PER_HOUR: f64 = 0.175;

/// Idle CPU per source task (its MQGET-with-wait polls). Fitted to "12 CPU seconds when
/// tasks.max=5" for the source, same section.
pub const IDLE_SOURCE_TASK_CPU_S_PER_HOUR: f64 = 1.195;

/// MQ CPU of an MQGET that finds no message, in bindings mode: the middle of "approximately 1-2 CPU
/// microseconds", Chapter 8 "Kafka and MQ - anything else?".
pub const FAILED_MQGET_CPU_US: f64 = 1.5;

/// MQ headers carried with each message between MQ and a client-connected connector: "a 1KB message
/// payload may result in 1.5KB being transferred", Chapter 8 "Does the location of the connector
/// matter?".
pub const MQ_HEADER_FLOW_BYTES: f64 = 512.0;

/// Which way the connector moves data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KafkaConnector {
    /// Kafka topic to MQ queue (the connector MQPUT1s each record).
    #[default]
    Sink,
    /// MQ queue to Kafka topic (the connector MQGETs each message).
    Source,
}

/// Connector generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KafkaConnectorVersion {
    /// At-least-once delivery.
    #[default]
    V1,
    /// Exactly-once delivery with a state queue (IBM MQ Advanced for z/OS 9.4, single task only).
    V2,
}

/// What the measurement allows on the MQ queue besides the connector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum KafkaRateMode {
    /// Other applications consume (sink) or produce (source) at the same time, with no backlog.
    #[default]
    Sustained,
    /// The queue is only used by the connector (pre-loaded for a source, left to fill for a sink).
    Peak,
}

/// A Kafka connector for IBM MQ in USS, bound to the queue manager (the 9.4 report's preferred
/// configuration, Chapter 8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct KafkaConfig {
    /// Sink (Kafka to MQ) or source (MQ to Kafka).
    pub connector: KafkaConnector,
    /// v1 (at-least-once) or v2 (exactly-once).
    pub version: KafkaConnectorVersion,
    /// Connector tasks (`tasks.max`), count; v2 allows only 1.
    pub tasks_max: u32,
    /// Partitions of the Kafka topic, count; a sink runs at most one busy task per partition.
    pub partitions: u32,
    /// Sustained (other applications on the queue) or peak (connector alone on the queue).
    pub rate_mode: KafkaRateMode,
    /// Records per sink commit batch (and per v2 state update), messages.
    pub sink_batch_msgs: u32,
    /// Messages per source commit batch (and per v2 state update), messages.
    pub source_batch_msgs: u32,
    /// Size of the sink's v2 state message, bytes.
    pub sink_state_msg_bytes: u32,
    /// Size of the source's v2 state message, bytes.
    pub source_state_msg_bytes: u32,
    /// Interval between an idle source task's MQGET-with-wait polls, seconds.
    pub idle_poll_interval_s: f64,
    /// zIIP engines available to the connector's address space, count; 0 puts all its CPU on
    /// general-purpose processors.
    pub ziip_engines: u32,
}

impl Default for KafkaConfig {
    fn default() -> Self {
        KafkaConfig {
            connector: KafkaConnector::Sink,
            version: KafkaConnectorVersion::V1,
            tasks_max: 1,
            partitions: 5,
            rate_mode: KafkaRateMode::Sustained,
            sink_batch_msgs: 440,
            source_batch_msgs: 250,
            sink_state_msg_bytes: 500,
            source_state_msg_bytes: 13_824,
            idle_poll_interval_s: 2.0,
            ziip_engines: 2,
        }
    }
}

impl Validate for KafkaConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("tasks_max", self.tasks_max, 1, 100);
        v.range("partitions", self.partitions, 1, 1000);
        v.range("sink_batch_msgs", self.sink_batch_msgs, 1, 100_000);
        v.range("source_batch_msgs", self.source_batch_msgs, 1, 100_000);
        v.range("sink_state_msg_bytes", self.sink_state_msg_bytes, 0, 1_048_576);
        v.range("source_state_msg_bytes", self.source_state_msg_bytes, 0, 1_048_576);
        v.range("idle_poll_interval_s", self.idle_poll_interval_s, 0.1, 3600.0);
        v.range("ziip_engines", self.ziip_engines, 0, 64);
        if self.version == KafkaConnectorVersion::V2 {
            v.require(
                self.tasks_max == 1,
                "tasks_max",
                self.tasks_max,
                "1 for a v2 (exactly-once) connector, which runs a single task",
            );
        }
    }
}

/// Connector rates and costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct KafkaMetrics {
    /// Elapsed time one task spends per message, µs.
    pub task_time_us_per_msg: f64,
    /// Tasks that do work (a sink cannot use more tasks than partitions), count.
    pub busy_tasks: f64,
    /// Messages moved per second by the connector.
    pub throughput_msgs_s: f64,
    /// Payload moved per second, MB (1,048,576 bytes).
    pub throughput_mb_s: f64,
    /// Highest rate any number of tasks could reach: the queue's serialised section is the limit,
    /// messages per second.
    pub max_throughput_msgs_s: f64,
    /// This scenario's rate over the same scenario with a v1 connector, ratio (1 for v1).
    pub throughput_vs_v1_ratio: f64,
    /// Connector (JVM) CPU per message, µs.
    pub connector_cpu_us_per_msg: f64,
    /// Share of the connector CPU that may run on a zIIP, percent.
    pub connector_ziip_eligible_pct: f64,
    /// Connector CPU left on general-purpose processors per message, µs.
    pub connector_gcp_cpu_us_per_msg: f64,
    /// Class(3) CPU of the connector's MQPUT1 (sink) or MQGET (source) per message, µs.
    pub mq_api_cpu_us_per_msg: f64,
    /// Class(3) CPU of one v2 state update (MQGET plus MQPUT1 on the state queue), µs; 0 for v1.
    pub state_update_cpu_us: f64,
    /// State updates per second; 0 for v1.
    pub state_updates_s: f64,
    /// All class(3) MQ CPU per message, state updates included, µs.
    pub mq_cpu_us_per_msg: f64,
    /// How much the state queue adds to the MQ CPU per message, percent.
    pub mq_cost_increase_pct: f64,
    /// CPU of the idle connector, seconds per hour.
    pub idle_connector_cpu_s_per_hour: f64,
    /// MQGETs an idle source connector issues per hour (0 for a sink, which leaves MQ alone).
    pub idle_mqgets_per_hour: f64,
    /// Queue manager CPU for those idle MQGETs, µs per hour.
    pub idle_mq_cpu_us_per_hour: f64,
    /// Bytes flowing between MQ and the connector per message when it connects as a client.
    pub client_flow_bytes_per_msg: f64,
}

/// Everything about one connector that does not depend on the task count.
struct Task {
    /// Time per message in one task, µs.
    time_us: f64,
    /// Serialised time per message on the queue, µs.
    serial_us: f64,
    /// Messages per commit batch.
    batch: f64,
}

fn kb(bytes: f64) -> f64 {
    bytes.max(0.0) / 1024.0
}

/// The task path without contention or commits: fixed work, data handling and the share of a
/// Kafka request.
fn path_us(connector: KafkaConnector, size_kb: f64) -> f64 {
    let (fixed, request) = match connector {
        KafkaConnector::Sink => (SINK_PATH_US, SINK_REQUEST_US),
        KafkaConnector::Source => (SOURCE_PATH_US, SOURCE_REQUEST_US),
    };
    fixed + CONNECTOR_DATA_US_PER_KB * size_kb + request * size_kb.min(KAFKA_REQUEST_KNEE_KB) / KAFKA_REQUEST_KNEE_KB
}

fn state_msg_kb(k: &KafkaConfig) -> f64 {
    match k.connector {
        KafkaConnector::Sink => kb(f64::from(k.sink_state_msg_bytes)),
        KafkaConnector::Source => kb(f64::from(k.source_state_msg_bytes)),
    }
}

fn task(k: &KafkaConfig, version: KafkaConnectorVersion, size_kb: f64, persistent: bool) -> Task {
    let batch = f64::from(match k.connector {
        KafkaConnector::Sink => k.sink_batch_msgs,
        KafkaConnector::Source => k.source_batch_msgs,
    })
    .max(1.0);
    let serial = match k.connector {
        KafkaConnector::Sink => SINK_SERIAL_US,
        KafkaConnector::Source => SOURCE_SERIAL_US,
    };
    let contention = if k.rate_mode == KafkaRateMode::Sustained { 0.0 } else { QUEUE_CONTENTION_US };
    let mut time = path_us(k.connector, size_kb) - contention;
    if persistent {
        time += LOG_FORCE_US / batch;
    }
    if version == KafkaConnectorVersion::V2 {
        time += (STATE_UPDATE_ELAPSED_US + STATE_UPDATE_ELAPSED_US_PER_KB * state_msg_kb(k)) / batch;
    }
    Task { time_us: time.max(1.0), serial_us: (serial - contention).max(0.1), batch }
}

/// Amdahl's law over the queue's serialised section: n tasks of time `t` each, of which `s` is
/// spent where only one task can be at a time.
fn amdahl_msgs_s(n: f64, t_us: f64, serial_us: f64) -> f64 {
    let n = n.max(1.0);
    1.0e6 * n / (t_us + (n - 1.0) * serial_us.min(t_us))
}

fn busy_tasks(k: &KafkaConfig) -> f64 {
    match k.connector {
        KafkaConnector::Sink => f64::from(k.tasks_max.min(k.partitions)),
        KafkaConnector::Source => f64::from(k.tasks_max),
    }
}

/// Evaluates the Kafka connector sub-model.
pub fn evaluate(scenario: &Scenario) -> KafkaMetrics {
    let k = &scenario.kafka;
    let size_bytes = f64::from(scenario.workload.message_size_bytes);
    let size_kb = kb(size_bytes);
    let persistent = scenario.workload.persistence == Persistence::Persistent;
    let n = busy_tasks(k);

    let this = task(k, k.version, size_kb, persistent);
    let v1 = task(k, KafkaConnectorVersion::V1, size_kb, persistent);
    let rate = amdahl_msgs_s(n, this.time_us, this.serial_us);
    let rate_v1 = amdahl_msgs_s(n, v1.time_us, v1.serial_us);
    let v2 = k.version == KafkaConnectorVersion::V2;

    // The connector is CPU-bound on its own path, so its CPU scales with that path's length.
    let conn_1kb = match k.connector {
        KafkaConnector::Sink => SINK_CONNECTOR_CPU_1KB_US,
        KafkaConnector::Source => SOURCE_CONNECTOR_CPU_1KB_US,
    };
    let mut conn_cpu = conn_1kb * path_us(k.connector, size_kb) / path_us(k.connector, 1.0);
    let mut native = NATIVE_CPU_PER_MQ_CALL_US;
    if persistent {
        conn_cpu += PERSISTENT_COMMIT_NATIVE_CPU_US / this.batch;
        native += PERSISTENT_COMMIT_NATIVE_CPU_US / this.batch;
    }
    let ziip_pct = ((conn_cpu - native) / conn_cpu * 100.0).clamp(0.0, 100.0);
    let gcp_cpu = if k.ziip_engines == 0 { conn_cpu } else { conn_cpu * (1.0 - ziip_pct / 100.0) };

    let api = match k.connector {
        KafkaConnector::Sink => {
            let post = if k.rate_mode == KafkaRateMode::Sustained { WAITING_GETTER_POST_CPU_US } else { 0.0 };
            SINK_MQPUT1_CPU_US + post
        }
        KafkaConnector::Source => SOURCE_MQGET_CPU_US,
    } + MQ_COPY_US_PER_KB * size_kb;
    let state_cpu = if v2 { STATE_UPDATE_CPU_US + 2.0 * MQ_COPY_US_PER_KB * state_msg_kb(k) } else { 0.0 };
    let mq_cpu = api + state_cpu / this.batch;

    let tasks = f64::from(k.tasks_max);
    let (idle_cpu, idle_gets) = match k.connector {
        KafkaConnector::Sink => (IDLE_WORKER_CPU_S_PER_HOUR + IDLE_SINK_TASK_CPU_S_PER_HOUR * tasks, 0.0),
        KafkaConnector::Source => (
            IDLE_WORKER_CPU_S_PER_HOUR + IDLE_SOURCE_TASK_CPU_S_PER_HOUR * tasks,
            3600.0 / k.idle_poll_interval_s.max(0.1) * tasks,
        ),
    };

    KafkaMetrics {
        task_time_us_per_msg: this.time_us,
        busy_tasks: n,
        throughput_msgs_s: rate,
        throughput_mb_s: rate * size_bytes / 1_048_576.0,
        max_throughput_msgs_s: 1.0e6 / this.serial_us,
        throughput_vs_v1_ratio: rate / rate_v1,
        connector_cpu_us_per_msg: conn_cpu,
        connector_ziip_eligible_pct: ziip_pct,
        connector_gcp_cpu_us_per_msg: gcp_cpu,
        mq_api_cpu_us_per_msg: api,
        state_update_cpu_us: state_cpu,
        state_updates_s: if v2 { rate / this.batch } else { 0.0 },
        mq_cpu_us_per_msg: mq_cpu,
        mq_cost_increase_pct: (mq_cpu / api - 1.0) * 100.0,
        idle_connector_cpu_s_per_hour: idle_cpu,
        idle_mqgets_per_hour: idle_gets,
        idle_mq_cpu_us_per_hour: idle_gets * FAILED_MQGET_CPU_US,
        client_flow_bytes_per_msg: size_bytes + MQ_HEADER_FLOW_BYTES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_shared_until_one_record_fills_it() {
        let per_kb_small = path_us(KafkaConnector::Source, 8.0) - path_us(KafkaConnector::Source, 7.0);
        let per_kb_large = path_us(KafkaConnector::Source, 40.0) - path_us(KafkaConnector::Source, 39.0);
        assert!(per_kb_small > 10.0 * per_kb_large);
        assert!((per_kb_large - CONNECTOR_DATA_US_PER_KB).abs() < 1e-9);
    }

    #[test]
    fn amdahl_approaches_the_serial_limit() {
        let one = amdahl_msgs_s(1.0, 30.0, 10.0);
        let many = amdahl_msgs_s(1000.0, 30.0, 10.0);
        assert!((one - 1.0e6 / 30.0).abs() < 1e-6);
        assert!(many < 1.0e5 && many > 0.95e5);
    }
}
