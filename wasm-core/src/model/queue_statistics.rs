//! Queue statistics: TRACE(S) CLASS(5), written as SMF 115 subtype 216 records.
//!
//! At the end of every statistics interval (STATIME) the queue manager gathers one fixed-size
//! record per monitored queue and packs as many as fit into each SMF record. The work is paid once
//! per interval, whatever the message rate, so its cost per transaction falls as the transaction
//! rate rises and as the interval lengthens. The alternative, asking for the same data with PCF
//! commands, costs a request and a reply message per queue, so it is cheap for a handful of queues
//! and dear for many.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Scenario, Validate, Validator};

/// Bytes of one queue's statistics record. `004_c01e4fc945a28128.txt`, Chapter 5 "What is the cost
/// of enabling queue statistics?": "each queue statistics record comprises of 552 bytes of data".
pub const QUEUE_RECORD_BYTES: f64 = 552.0;

/// Largest SMF record z/OS writes, bytes (the record length field is a signed halfword).
pub const SMF_MAX_RECORD_BYTES: f64 = 32_767.0;

/// SMF header and MQ product section at the front of each SMF 115 record, bytes. Any value below
/// 200 reproduces the report's "up to 59 queues" per record (Chapter 5, same section).
pub const SMF_HEADER_BYTES: f64 = 100.0;

/// CPU to gather and format one queue's record at interval end, µs. The same order as copying a few
/// hundred bytes and reading the queue's counters; chosen, not fitted (the report gives no per-queue
/// figure), so that only [`SMF_WRITE_CPU_US`] carries the calibration.
pub const QUEUE_RECORD_CPU_US: f64 = 1.0;

/// CPU to write one SMF record, µs. Fitted so that queue statistics become cheaper than PCF from 4
/// queues on (`004_c01e4fc945a28128.txt`, Chapter 5 "What is the cost of enabling queue
/// statistics?": "when collecting data for 4 or more queues").
pub const SMF_WRITE_CPU_US: f64 = 40.0;

/// CPU of one PCF request: the monitor's MQPUT1 of the command (7 µs) and the command server's MQGET
/// (5 µs), as the 9.4 report's class(3) data prices them (`004_c01e4fc945a28128.txt`, Chapter 8
/// "Performance of v2 connector": "7 CPU microseconds per message put", "5 CPU microseconds per
/// message got").
pub const PCF_REQUEST_CPU_US: f64 = 12.0;

/// CPU per queue of a PCF inquiry: the command server's MQPUT of one reply (4 µs for a 2KB put,
/// Chapter 6 "Private Queue: How much does message size affect streaming costs?") and the monitor's
/// MQGET of it (5 µs, as above).
pub const PCF_PER_QUEUE_CPU_US: f64 = 9.0;

/// Queue statistics collection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct QueueStatisticsConfig {
    /// Queues with STATQ on (or STATQ(QMGR) with the queue manager's STATQ on), count; 0 when
    /// class(5) statistics are not collected.
    pub monitored_queues: u32,
    /// Statistics interval (STATIME), seconds.
    pub statistics_interval_s: f64,
    /// Transactions per second over which the interval's cost is spread.
    pub transactions_per_s: f64,
}

impl Default for QueueStatisticsConfig {
    fn default() -> Self {
        QueueStatisticsConfig { monitored_queues: 1000, statistics_interval_s: 1.0, transactions_per_s: 10_000.0 }
    }
}

impl Validate for QueueStatisticsConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("monitored_queues", self.monitored_queues, 0, 1_000_000);
        v.range("statistics_interval_s", self.statistics_interval_s, 1.0, 86_400.0);
        v.range("transactions_per_s", self.transactions_per_s, 0.1, 10_000_000.0);
    }
}

/// SMF volume and CPU of queue statistics.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct QueueStatisticsMetrics {
    /// Queue records that fit in one SMF 115 subtype 216 record, count.
    pub queues_per_smf_record: f64,
    /// SMF records written per interval, count.
    pub smf_records_per_interval: f64,
    /// SMF data written per interval, bytes.
    pub smf_bytes_per_interval: f64,
    /// SMF data written per day, MB (1,048,576 bytes).
    pub smf_mb_per_day: f64,
    /// Queue manager CPU per interval, µs.
    pub cpu_us_per_interval: f64,
    /// Share of one processor the collection keeps busy, percent.
    pub cpu_pct_of_one_processor: f64,
    /// Collection CPU per transaction, µs.
    pub cpu_us_per_transaction: f64,
    /// CPU of fetching the same queues' data with one PCF inquiry per interval, µs.
    pub pcf_cpu_us_per_interval: f64,
    /// Fewest queues for which queue statistics cost less than the PCF inquiry, count.
    pub pcf_breakeven_queues: f64,
}

/// Queue records per SMF record: as many as fit after the header.
pub fn queues_per_smf_record() -> f64 {
    crate::math::floor((SMF_MAX_RECORD_BYTES - SMF_HEADER_BYTES) / QUEUE_RECORD_BYTES).max(1.0)
}

/// SMF records needed for `queues` queue records.
pub fn smf_records(queues: f64) -> f64 {
    crate::math::ceil(queues.max(0.0) / queues_per_smf_record())
}

/// Queue manager CPU per interval for `queues` monitored queues, µs.
pub fn interval_cpu_us(queues: f64) -> f64 {
    queues.max(0.0) * QUEUE_RECORD_CPU_US + smf_records(queues) * SMF_WRITE_CPU_US
}

/// CPU of one PCF inquiry covering `queues` queues, µs (nothing when there are no queues).
pub fn pcf_cpu_us(queues: f64) -> f64 {
    if queues <= 0.0 { 0.0 } else { PCF_REQUEST_CPU_US + queues * PCF_PER_QUEUE_CPU_US }
}

/// Fewest queues for which queue statistics are the cheaper way to collect their data.
pub fn pcf_breakeven_queues() -> f64 {
    // Within one SMF record both costs are linear in the queue count; solve, then check upwards in
    // case a record boundary intervenes.
    let slope = PCF_PER_QUEUE_CPU_US - QUEUE_RECORD_CPU_US;
    let mut n =
        if slope > 0.0 { crate::math::ceil(((SMF_WRITE_CPU_US - PCF_REQUEST_CPU_US) / slope).max(1.0)) } else { 1.0 };
    while n < 1.0e6 && interval_cpu_us(n) > pcf_cpu_us(n) {
        n += 1.0;
    }
    n
}

/// Evaluates the queue statistics sub-model.
pub fn evaluate(scenario: &Scenario) -> QueueStatisticsMetrics {
    let c = &scenario.statistics;
    let queues = f64::from(c.monitored_queues);
    let interval_s = c.statistics_interval_s.max(1.0);
    let records = smf_records(queues);
    let bytes = if queues > 0.0 { queues * QUEUE_RECORD_BYTES + records * SMF_HEADER_BYTES } else { 0.0 };
    let cpu = interval_cpu_us(queues);
    QueueStatisticsMetrics {
        queues_per_smf_record: queues_per_smf_record(),
        smf_records_per_interval: records,
        smf_bytes_per_interval: bytes,
        smf_mb_per_day: bytes * 86_400.0 / interval_s / 1_048_576.0,
        cpu_us_per_interval: cpu,
        cpu_pct_of_one_processor: cpu / (interval_s * 1.0e6) * 100.0,
        cpu_us_per_transaction: cpu / (interval_s * c.transactions_per_s.max(0.1)),
        pcf_cpu_us_per_interval: pcf_cpu_us(queues),
        pcf_breakeven_queues: pcf_breakeven_queues(),
    }
}

/// Input of the `queue_statistics_smf` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QueueStatisticsSmfInput {
    /// Queues with queue statistics enabled, count.
    pub monitored_queues: u32,
    /// Statistics interval (STATIME), seconds.
    pub statistics_interval_s: f64,
    /// Transactions per second over which the cost is spread.
    #[serde(default = "default_transactions_per_s")]
    pub transactions_per_s: f64,
}

fn default_transactions_per_s() -> f64 {
    QueueStatisticsConfig::default().transactions_per_s
}

impl Validate for QueueStatisticsSmfInput {
    fn validate(&self, v: &mut Validator) {
        QueueStatisticsConfig {
            monitored_queues: self.monitored_queues,
            statistics_interval_s: self.statistics_interval_s,
            transactions_per_s: self.transactions_per_s,
        }
        .validate(v);
    }
}

/// SMF volume and CPU of queue statistics for a queue count and interval, with the PCF comparison.
pub fn queue_statistics_smf(input: &QueueStatisticsSmfInput) -> QueueStatisticsMetrics {
    let scenario = Scenario {
        statistics: QueueStatisticsConfig {
            monitored_queues: input.monitored_queues,
            statistics_interval_s: input.statistics_interval_s,
            transactions_per_s: input.transactions_per_s,
        },
        ..Scenario::default()
    };
    evaluate(&scenario)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_boundary_adds_one_smf_record() {
        let per = queues_per_smf_record();
        assert_eq!(smf_records(per), 1.0);
        assert_eq!(smf_records(per + 1.0), 2.0);
        assert_eq!(smf_records(0.0), 0.0);
    }

    #[test]
    fn pcf_is_cheaper_below_the_breakeven_and_dearer_from_it() {
        let n = pcf_breakeven_queues();
        assert!(interval_cpu_us(n) <= pcf_cpu_us(n));
        assert!(interval_cpu_us(n - 1.0) > pcf_cpu_us(n - 1.0));
    }
}
