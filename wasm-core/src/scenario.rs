//! The scenario: everything a learner can dial in, as one versioned JSON document.
//!
//! Parsing is the single validation point of the whole product. A document that parses is a
//! scenario the model can evaluate without panicking and without producing NaN or infinity;
//! anything else is a [`ScenarioError`] that names the field, the value and what is allowed.
//!
//! Every section has defaults (the IBM MQ for z/OS 9.4 performance report's environment, see
//! `004_c01e4fc945a28128.txt`, Appendix B), so a document only needs the fields it changes.
//! Sections that belong to one subsystem are defined beside that subsystem's model in
//! `model/`; this file composes them.

mod docs;
mod error;
pub mod placement;
mod validate;
mod workload;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use docs::scenario_markdown;
pub use error::{FieldError, ScenarioError};
pub use validate::{Validate, Validator};
pub use workload::{Persistence, Processor, QueueType, Release, SyncpointMode, SystemConfig, Workload, WorkloadKind};

use crate::model::{
    cf::CfConfig, channel::ChannelConfig, expiry::ExpiryConfig, failover::FailoverConfig, grouping::GroupingConfig,
    kafka::KafkaConfig, log::LogConfig, queue_statistics::QueueStatisticsConfig, streaming::StreamingConfig,
    svrconn::ConnectionConfig,
};

/// The scenario document format this build reads and writes.
pub const SCENARIO_SCHEMA_VERSION: u32 = 1;

/// One complete, validated scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Scenario {
    /// Document format version; must be 1.
    pub schema_version: u32,
    /// A short title shown in the UI.
    pub name: String,
    /// The MQ release whose code paths and storage layout apply.
    pub release: Release,
    /// The processor and LPAR the queue manager runs on.
    pub system: SystemConfig,
    /// What the applications do: message size, persistence, syncpoint, task counts.
    pub workload: Workload,
    /// Active log data sets and the I/O path to them.
    pub log: LogConfig,
    /// Coupling facility, its links and the application structures (shared queues).
    pub cf: CfConfig,
    /// Sender/receiver channels between queue managers.
    pub channel: ChannelConfig,
    /// Client (SVRCONN) connections and channel initiator storage.
    pub connection: ConnectionConfig,
    /// Streaming queues (STREAMQ).
    pub streaming: StreamingConfig,
    /// Queue manager initiated expiry.
    pub expiry: ExpiryConfig,
    /// Queue statistics (class 5).
    pub statistics: QueueStatisticsConfig,
    /// Kafka connectors.
    pub kafka: KafkaConfig,
    /// Message grouping and JMS.
    pub grouping: GroupingConfig,
    /// Switch-over and fail-over of highly available queue managers.
    pub failover: FailoverConfig,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            schema_version: SCENARIO_SCHEMA_VERSION,
            name: "Untitled scenario".to_string(),
            release: Release::default(),
            system: SystemConfig::default(),
            workload: Workload::default(),
            log: LogConfig::default(),
            cf: CfConfig::default(),
            channel: ChannelConfig::default(),
            connection: ConnectionConfig::default(),
            streaming: StreamingConfig::default(),
            expiry: ExpiryConfig::default(),
            statistics: QueueStatisticsConfig::default(),
            kafka: KafkaConfig::default(),
            grouping: GroupingConfig::default(),
            failover: FailoverConfig::default(),
        }
    }
}

impl Scenario {
    /// Parses and validates a scenario document.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let mut de = serde_json::Deserializer::from_str(text);
        let scenario: Scenario = serde_path_to_error::deserialize(&mut de).map_err(ScenarioError::from_serde)?;
        de.end().map_err(|e| ScenarioError::from_serde_json(&e))?;
        scenario.validated()
    }

    /// Parses and validates a scenario already held as a JSON value.
    pub fn from_value(value: serde_json::Value) -> Result<Scenario, ScenarioError> {
        let scenario: Scenario = serde_path_to_error::deserialize(value).map_err(ScenarioError::from_serde)?;
        scenario.validated()
    }

    /// The default scenario with `overlay` merged over it (objects merge field by field,
    /// anything else replaces), then validated. Reference points and presets are written this way.
    pub fn from_overlay(overlay: &serde_json::Value) -> Result<Scenario, ScenarioError> {
        let mut base = serde_json::to_value(Scenario::default()).expect("the default scenario serialises");
        merge_json(&mut base, overlay);
        Scenario::from_value(base)
    }

    /// A copy with the numeric field at `path` (e.g. `log.stripes`) set to `x`, validated.
    ///
    /// Only the field's own section goes through JSON, which keeps a 1,000-point sweep fast.
    /// Whole numbers are written as integers so integer fields accept them.
    pub fn with_number(&self, path: &str, x: f64) -> Result<Scenario, ScenarioError> {
        let mut next = self.clone();
        if set_common_number(&mut next, path, x) {
            return next.validated();
        }
        let (section, field) = path
            .split_once('.')
            .ok_or_else(|| ScenarioError::field("param", path, "a dotted path such as workload.message_size_bytes"))?;
        match section {
            "system" => set_section_number(&mut next.system, path, field, x)?,
            "workload" => set_section_number(&mut next.workload, path, field, x)?,
            "log" => set_section_number(&mut next.log, path, field, x)?,
            "cf" => set_section_number(&mut next.cf, path, field, x)?,
            "channel" => set_section_number(&mut next.channel, path, field, x)?,
            "connection" => set_section_number(&mut next.connection, path, field, x)?,
            "streaming" => set_section_number(&mut next.streaming, path, field, x)?,
            "expiry" => set_section_number(&mut next.expiry, path, field, x)?,
            "statistics" => set_section_number(&mut next.statistics, path, field, x)?,
            "kafka" => set_section_number(&mut next.kafka, path, field, x)?,
            "grouping" => set_section_number(&mut next.grouping, path, field, x)?,
            "failover" => set_section_number(&mut next.failover, path, field, x)?,
            _ => return Err(ScenarioError::field("param", path, "a numeric field inside a scenario section")),
        }
        next.validated()
    }

    /// Checks every range and cross-field rule; the errors name each offending field.
    pub fn validated(self) -> Result<Scenario, ScenarioError> {
        let mut v = Validator::new();
        self.validate(&mut v);
        v.finish()?;
        Ok(self)
    }
}

impl Validate for Scenario {
    fn validate(&self, v: &mut Validator) {
        v.require(
            self.schema_version == SCENARIO_SCHEMA_VERSION,
            "schema_version",
            self.schema_version,
            "1 (the only scenario format this build reads)",
        );
        let name_chars = self.name.chars().count();
        if name_chars > 200 {
            v.require(false, "name", format!("{name_chars} characters"), "at most 200 characters");
        }
        v.section("system", |v| self.system.validate(v));
        v.section("workload", |v| self.workload.validate(v));
        v.section("log", |v| self.log.validate(v));
        v.section("cf", |v| self.cf.validate(v));
        v.section("channel", |v| self.channel.validate(v));
        v.section("connection", |v| self.connection.validate(v));
        v.section("streaming", |v| self.streaming.validate(v));
        v.section("expiry", |v| self.expiry.validate(v));
        v.section("statistics", |v| self.statistics.validate(v));
        v.section("kafka", |v| self.kafka.validate(v));
        v.section("grouping", |v| self.grouping.validate(v));
        v.section("failover", |v| self.failover.validate(v));
    }
}

/// Writes `x` straight into the fields sweeps drive most (sizes, counts, the log's settings),
/// exactly as the JSON round trip of [`set_section_number`] would: whole numbers for integer fields.
/// `false` for any other path, or a value the field cannot hold (the round trip then reports it).
fn set_common_number(next: &mut Scenario, path: &str, x: f64) -> bool {
    let w = &mut next.workload;
    let l = &mut next.log;
    let whole: Option<&mut u32> = match path {
        "workload.message_size_bytes" => Some(&mut w.message_size_bytes),
        "workload.requesters" => Some(&mut w.requesters),
        "workload.servers" => Some(&mut w.servers),
        "workload.queue_pairs" => Some(&mut w.queue_pairs),
        "workload.queue_managers" => Some(&mut w.queue_managers),
        "workload.messages_per_commit" => Some(&mut w.messages_per_commit),
        "workload.batch_messages" => Some(&mut w.batch_messages),
        "workload.impl_sync_open_output" => Some(&mut w.impl_sync_open_output),
        "log.copies" => Some(&mut l.copies),
        "log.stripes" => Some(&mut l.stripes),
        "log.zhyperlink_pfids" => Some(&mut l.zhyperlink_pfids),
        "log.other_write_sessions" => Some(&mut l.other_write_sessions),
        "system.lpar_cpus" => Some(&mut next.system.lpar_cpus),
        _ => None,
    };
    if let Some(slot) = whole {
        let r = libm::round(x);
        if (0.0..=f64::from(u32::MAX)).contains(&r) {
            *slot = r as u32;
            return true;
        }
        return false;
    }
    let real: Option<&mut f64> = match path {
        "log.other_channel_busy_pct" => Some(&mut l.other_channel_busy_pct),
        "log.zhyperlink_cable_length_m" => Some(&mut l.zhyperlink_cable_length_m),
        _ => None,
    };
    match real {
        Some(slot) if x.is_finite() => {
            *slot = x;
            true
        }
        _ => false,
    }
}

/// Writes `x` at `field` (dotted, relative to the section) by a JSON round trip of the section.
fn set_section_number<T>(section: &mut T, path: &str, field: &str, x: f64) -> Result<(), ScenarioError>
where
    T: Serialize + serde::de::DeserializeOwned,
{
    let mut value = serde_json::to_value(&*section).expect("scenario sections serialise");
    let mut target = &mut value;
    for key in field.split('.') {
        target = target
            .get_mut(key)
            .ok_or_else(|| ScenarioError::field("param", path, "a dotted path to a numeric scenario field"))?;
    }
    if !target.is_number() {
        return Err(ScenarioError::field("param", path, "a dotted path to a numeric scenario field"));
    }
    // An integer field (a count, a size in bytes) takes the nearest whole value, so a log-spaced
    // sweep can drive it.
    let x = if target.is_u64() || target.is_i64() { libm::round(x) } else { x };
    *target = if x.fract() == 0.0 && x.abs() < 9.0e15 {
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x)
            .map(serde_json::Value::Number)
            .ok_or_else(|| ScenarioError::field(path, x.to_string(), "a finite number"))?
    };
    *section = serde_path_to_error::deserialize(value).map_err(|e| {
        let mut err = ScenarioError::from_serde(e);
        for f in &mut err.errors {
            f.field = format!("{}.{}", path.split('.').next().unwrap_or_default(), f.field);
        }
        err
    })?;
    Ok(())
}

/// Deep-merges `overlay` into `base`: objects merge key by key, every other value replaces.
pub fn merge_json(base: &mut serde_json::Value, overlay: &serde_json::Value) {
    match (base, overlay) {
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (key, value) in o {
                match b.get_mut(key) {
                    Some(existing) => merge_json(existing, value),
                    None => {
                        b.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (b, o) => *b = o.clone(),
    }
}

/// The JSON Schema of the scenario document, generated from these types.
pub fn json_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Scenario)).expect("schema serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field the direct setter knows takes a value exactly as the JSON round trip would,
    /// including rounding to whole numbers and the refusal of what the field cannot hold.
    #[test]
    fn direct_setting_matches_the_json_round_trip() {
        let paths = [
            "workload.message_size_bytes",
            "workload.requesters",
            "workload.servers",
            "workload.queue_pairs",
            "workload.queue_managers",
            "workload.messages_per_commit",
            "workload.batch_messages",
            "workload.impl_sync_open_output",
            "log.copies",
            "log.stripes",
            "log.zhyperlink_pfids",
            "log.other_write_sessions",
            "system.lpar_cpus",
            "log.other_channel_busy_pct",
            "log.zhyperlink_cable_length_m",
        ];
        let base = Scenario::default();
        for path in paths {
            for x in [0.0, 1.0, 2.4, 2.6, 37.5, 4096.0, -3.0, 5.0e9] {
                let mut direct = base.clone();
                let set = set_common_number(&mut direct, path, x);
                let mut via_json = base.clone();
                let (section, field) = path.split_once('.').unwrap();
                let round_trip = match section {
                    "workload" => set_section_number(&mut via_json.workload, path, field, x),
                    "log" => set_section_number(&mut via_json.log, path, field, x),
                    _ => set_section_number(&mut via_json.system, path, field, x),
                };
                assert_eq!(set, round_trip.is_ok(), "{path} = {x}");
                if set {
                    assert_eq!(direct, via_json, "{path} = {x}");
                }
            }
        }
        assert!(!set_common_number(&mut base.clone(), "log.io_mode", 1.0));
    }
}
