//! The active log writer and the I/O paths to the log data sets.
//!
//! Every persistent message is written to the active log: its data plus the queue manager's log
//! record headers. How long a forced write takes depends on how many copies and stripes the log
//! has, which I/O path carries it (FICON, zHPF or zHyperLink) and how busy the DASD paths are.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{QueueType, Scenario, Validate, Validator};

/// Log record overhead per persistent message for a queue manager outside a QSG.
/// `001_e9a0356844d0b70c.txt`, 4.1.1 "Log record size increase for queue managers within a QSG":
/// "Message length plus 1.25KB for non QSG queue managers".
pub const LOG_OVERHEAD_PER_MESSAGE_BYTES: f64 = 1.25 * 1024.0;

/// Log record overhead per persistent message for a queue manager in a QSG, whose log headers
/// carry the extra data shared-queue recovery needs. Same section: "Message length plus 1.5KB for
/// queue managers in a QSG".
pub const LOG_OVERHEAD_PER_MESSAGE_QSG_BYTES: f64 = 1.5 * 1024.0;

/// The channel programme used to write the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LogIoMode {
    /// FICON without High Performance FICON (the 9.4 report's default, Appendix B).
    #[default]
    Ficon,
    /// High Performance FICON for z (zHPF).
    Zhpf,
    /// zHyperLink synchronous writes, falling back to FICON/zHPF when they cannot be used.
    Zhyperlink,
}

/// How much other work shares the DASD channel paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DasdLoad {
    /// The log has the paths to itself (the report's "performance environment").
    #[default]
    Quiet,
    /// Other work keeps the paths busy (the report's "real-world environment").
    Busy,
}

/// The active log data sets and the path to them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// Log copies written in parallel (single or dual logging).
    pub copies: u32,
    /// Stripes per log data set.
    pub stripes: u32,
    /// The I/O path.
    pub io_mode: LogIoMode,
    /// Load from other work on the DASD paths.
    pub dasd_load: DasdLoad,
    /// zHyperLink PFIDs (I/O adapters functions) available for log writes; 0 when not zHyperLink.
    pub zhyperlink_pfids: u32,
    /// zHyperLink cable length.
    pub zhyperlink_cable_length_m: f64,
    /// Whether the log volumes are mirrored with Metro Mirror (doubles write sessions).
    pub metro_mirror: bool,
    /// Whether new log data sets were pre-formatted (CSQ4LFMT) before first use.
    pub preformatted: bool,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            copies: 2,
            stripes: 1,
            io_mode: LogIoMode::Ficon,
            dasd_load: DasdLoad::Quiet,
            zhyperlink_pfids: 0,
            zhyperlink_cable_length_m: 0.0,
            metro_mirror: false,
            preformatted: true,
        }
    }
}

impl Validate for LogConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("copies", self.copies, 1, 2);
        v.range("stripes", self.stripes, 1, 4);
        v.range("zhyperlink_pfids", self.zhyperlink_pfids, 0, 64);
        v.range("zhyperlink_cable_length_m", self.zhyperlink_cable_length_m, 0.0, 150.0);
        if self.io_mode == LogIoMode::Zhyperlink {
            v.require(
                self.zhyperlink_pfids >= 1,
                "zhyperlink_pfids",
                self.zhyperlink_pfids,
                "at least 1 when io_mode is zhyperlink",
            );
        }
    }
}

/// What the log writer does for this scenario.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct LogMetrics {
    /// Bytes written to each log copy per persistent message put and got (0 for non-persistent).
    pub log_bytes_per_message: f64,
}

/// Log data written per persistent message: the message plus the log record overhead.
///
/// `in_qsg` is true when the queue manager belongs to a queue sharing group, whose log records
/// are larger (`001_e9a0356844d0b70c.txt`, 4.1.1).
pub fn log_bytes_per_message(message_size_bytes: f64, in_qsg: bool) -> f64 {
    let overhead = if in_qsg { LOG_OVERHEAD_PER_MESSAGE_QSG_BYTES } else { LOG_OVERHEAD_PER_MESSAGE_BYTES };
    message_size_bytes.max(0.0) + overhead
}

/// Evaluates the log sub-model.
pub fn evaluate(scenario: &Scenario) -> LogMetrics {
    let w = &scenario.workload;
    let persistent = w.persistence == crate::scenario::Persistence::Persistent;
    let in_qsg = w.queue_type == QueueType::Shared;
    LogMetrics {
        log_bytes_per_message: if persistent {
            log_bytes_per_message(f64::from(w.message_size_bytes), in_qsg)
        } else {
            0.0
        },
    }
}

/// Input of the `log_volume` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogVolumeInput {
    /// Average persistent message size.
    pub message_size_bytes: f64,
    /// Persistent messages put and got per second, averaged over the day.
    pub messages_per_s: f64,
    /// Whether the queue manager is in a queue sharing group.
    #[serde(default)]
    pub in_qsg: bool,
    /// Log copies (each copy is archived).
    #[serde(default = "default_copies")]
    pub copies: u32,
}

fn default_copies() -> u32 {
    2
}

impl Validate for LogVolumeInput {
    fn validate(&self, v: &mut Validator) {
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
        v.range("messages_per_s", self.messages_per_s, 0.0, 10_000_000.0);
        v.range("copies", self.copies, 1, 2);
    }
}

/// Output of the `log_volume` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LogVolume {
    /// Log data per message, per copy.
    pub log_bytes_per_message: f64,
    /// Log write rate per copy.
    pub log_rate_mb_s: f64,
    /// Archive log volume per day over all copies.
    pub archive_gb_per_day: f64,
}

/// Log data per message and the archive volume a steady rate produces in a day.
pub fn log_volume(input: &LogVolumeInput) -> LogVolume {
    let per_message = log_bytes_per_message(input.message_size_bytes, input.in_qsg);
    let rate_bytes_s = per_message * input.messages_per_s;
    LogVolume {
        log_bytes_per_message: per_message,
        log_rate_mb_s: rate_bytes_s / 1_048_576.0,
        archive_gb_per_day: rate_bytes_s * 86_400.0 * f64::from(input.copies) / 1_073_741_824.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qsg_log_records_are_larger() {
        let private = log_bytes_per_message(1000.0, false);
        let qsg = log_bytes_per_message(1000.0, true);
        assert_eq!(private, 1000.0 + 1280.0);
        assert_eq!(qsg - private, 256.0);
    }
}
