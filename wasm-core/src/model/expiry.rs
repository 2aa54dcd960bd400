//! Queue manager initiated expiry (EXPRYINT).
//!
//! When the queue manager attribute EXPRYINT is non-zero, a system task wakes every EXPRYINT
//! seconds and deletes messages whose expiry time (or the queue's CAPEXPRY) has passed.
//!
//! Mechanism:
//! - Private queues: the task knows which queues can hold expired messages, so it only pays per
//!   message it identifies and deletes. A message still in the buffer pool is cheap; one that has
//!   been written to the page set costs more because its page header must be read back (the full
//!   message is not).
//! - Shared queues: one queue manager of the queue sharing group, among those with a non-zero
//!   EXPRYINT, scans every shared queue at each interval, whether or not anything on it can expire.
//!   Each message on a shared queue costs one synchronous CF read to inspect, and one more
//!   request to delete it if it has expired, so the CF cost grows with the total depth of all
//!   shared queues. Slower CF links stretch every request (and the CF's own time a little), so a
//!   scan over the same depth takes longer; when it takes longer than the interval, the task is
//!   overwhelmed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::cf::{ICP_LATENCY_US, LinkType};
use crate::scenario::{QueueType, Release, Scenario, Validate, Validator};

/// Smallest non-zero EXPRYINT the queue manager accepts.
/// `001_e9a0356844d0b70c.txt`, "8.0 Queue manager initiated expiry processing":
/// "Minimum non-zero EXPRYINT is 5 seconds".
pub const EXPRYINT_MIN_NONZERO_S: u32 = 5;

/// Largest EXPRYINT the queue manager accepts (the attribute's documented maximum).
pub const EXPRYINT_MAX_S: u32 = 99_999_999;

/// CPU to identify and delete one expired message on a private queue while the message is still
/// in the buffer pool. `004_c01e4fc945a28128.txt`, Chapter 6, "EXPRYINT - why is the default value
/// "OFF"?": "approximately 4 CPU microseconds per message expired".
pub const PRIVATE_EXPIRY_CPU_US_PER_MSG: f64 = 4.0;

/// Extra CPU per expired private message whose page must be read from the page set (only the page
/// holding the message header, not the whole message). Same section: the cost "increases to 7
/// microseconds when the task needs to access the data on the MQ page set".
pub const PRIVATE_EXPIRY_PAGESET_EXTRA_CPU_US_PER_MSG: f64 = 3.0;

/// CF service time of one synchronous request that reads a shared-queue message during the scan.
/// Same section: "225,000 synchronous requests to the CF with an average time of 3.9 microseconds"
/// for a scan that expired nothing.
pub const CF_SCAN_READ_REQUEST_US: f64 = 3.9;

/// CF service time of the request that deletes an expired shared-queue message. Same section:
/// expiring the 225,000 messages took "450,000 synchronous requests with an average time of 3.1
/// microseconds"; with one read at 3.9 us per message the delete is 2 x 3.1 - 3.9 = 2.3 us.
pub const CF_EXPIRY_DELETE_REQUEST_US: f64 = 2.0 * 3.1 - CF_SCAN_READ_REQUEST_US;

/// CPU per shared queue defined, per expiry interval, on the V5.3 report's 9672-X27 processor.
/// `001_e9a0356844d0b70c.txt`, 8.0: "of order 1 CPUmillisec (9672-X27) for each shared queue
/// defined". Only reported for that release and processor.
pub const V5_3_SCAN_CPU_MS_PER_SHARED_QUEUE: f64 = 1.0;

/// Queue manager initiated expiry settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ExpiryConfig {
    /// Queue manager EXPRYINT: seconds between expiry scans; 0 means OFF (the default), otherwise
    /// 5 to 99,999,999 s.
    pub expryint_s: u32,
    /// Rate at which messages on private queues reach their expiry (or CAPEXPRY) and become
    /// eligible for deletion, in messages per second (the 9.4 report's example streams 200/s).
    pub expiring_msgs_s: f64,
    /// Share of expired private messages still held in the buffer pool when the scan finds them,
    /// in percent; the rest have been written to the page set and cost more to delete.
    pub in_buffer_pool_pct: f64,
    /// Whether the queue manager belongs to a queue sharing group, so that a non-zero EXPRYINT
    /// makes it (or a peer) scan every shared queue. Shared application queues imply it.
    pub qsg_member: bool,
    /// Total depth of all shared queues of the queue sharing group at a scan, in messages (the
    /// 9.4 report's test scanned 225,000).
    pub shared_queue_depth_msgs: f64,
    /// Share of the scanned shared-queue messages that have expired and are deleted, in percent.
    pub shared_expired_pct: f64,
    /// Shared queues defined in the queue sharing group (each is processed at every scan).
    pub shared_queues_defined: u32,
}

impl Default for ExpiryConfig {
    fn default() -> Self {
        ExpiryConfig {
            expryint_s: 0,
            expiring_msgs_s: 200.0,
            in_buffer_pool_pct: 100.0,
            qsg_member: false,
            shared_queue_depth_msgs: 225_000.0,
            shared_expired_pct: 0.0,
            shared_queues_defined: 10,
        }
    }
}

impl Validate for ExpiryConfig {
    fn validate(&self, v: &mut Validator) {
        v.require(
            self.expryint_s == 0 || (EXPRYINT_MIN_NONZERO_S..=EXPRYINT_MAX_S).contains(&self.expryint_s),
            "expryint_s",
            self.expryint_s,
            "0 (OFF) or a value from 5 to 99999999",
        );
        v.range("expiring_msgs_s", self.expiring_msgs_s, 0.0, 10_000_000.0);
        v.range("in_buffer_pool_pct", self.in_buffer_pool_pct, 0.0, 100.0);
        v.range("shared_queue_depth_msgs", self.shared_queue_depth_msgs, 0.0, 1_000_000_000.0);
        v.range("shared_expired_pct", self.shared_expired_pct, 0.0, 100.0);
        v.range("shared_queues_defined", self.shared_queues_defined, 0, 100_000);
    }
}

/// What expiry processing costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ExpiryMetrics {
    /// Whether EXPRYINT is on (non-zero).
    pub active: bool,
    /// CPU to identify and delete one expired private-queue message, in microseconds.
    pub private_cpu_us_per_msg: f64,
    /// Private-queue messages the expiry task can expire per CPU second.
    pub private_msgs_expired_per_cpu_s: f64,
    /// Private-queue messages expired at each scan, in steady state (0 when EXPRYINT is OFF).
    pub private_msgs_expired_per_scan: f64,
    /// CPU the expiry task spends on private queues at each scan, in milliseconds.
    pub private_cpu_ms_per_scan: f64,
    /// Whether this queue manager's EXPRYINT makes the queue sharing group's shared queues scanned.
    pub scans_shared_queues: bool,
    /// Synchronous CF requests per scan of the shared queues (reads plus deletes).
    pub shared_scan_cf_requests: f64,
    /// Average service time of those requests as the scanning task sees it, in microseconds.
    pub shared_scan_cf_request_us: f64,
    /// CF CPU used by one scan of the shared queues, in seconds.
    pub shared_scan_cf_cpu_s: f64,
    /// Time one scan of the shared queues takes, in seconds (its requests are synchronous).
    pub shared_scan_elapsed_s: f64,
    /// Scan time as a share of the expiry interval, in percent; above 100 the task is overwhelmed.
    pub shared_scan_busy_pct: f64,
    /// Whether a scan cannot finish before the next interval begins.
    pub overwhelmed: bool,
    /// Average CF processor busy the scans add, in percent of the CF's processors
    /// (`cf.cf_processors`).
    pub shared_scan_cf_busy_pct: f64,
    /// Per-interval CPU for processing each defined shared queue, as measured by the V5.3 report on
    /// a 9672-X27, in milliseconds (0 for other releases, which did not report it).
    pub v5_3_shared_queue_scan_cpu_ms: f64,
}

/// CPU to expire one private-queue message, given the share still in the buffer pool (percent).
pub fn private_cpu_us_per_msg(in_buffer_pool_pct: f64) -> f64 {
    let on_pageset = 1.0 - (in_buffer_pool_pct / 100.0).clamp(0.0, 1.0);
    PRIVATE_EXPIRY_CPU_US_PER_MSG + PRIVATE_EXPIRY_PAGESET_EXTRA_CPU_US_PER_MSG * on_pageset
}

/// One scan of the shared queues of a queue sharing group.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SharedScan {
    /// Synchronous CF requests (one read per message, one delete per expired message).
    pub requests: f64,
    /// Average service time of a request as the scanning task sees it, in microseconds.
    pub request_us: f64,
    /// CF processor time of the scan, in seconds.
    pub cf_cpu_s: f64,
    /// Time the scan takes, in seconds.
    pub elapsed_s: f64,
}

/// Scan of shared queues holding `depth_msgs` messages, `expired_pct` percent of them expired,
/// over CF links of `link` type. The reference times are the 9.4 report's ICP links.
pub fn shared_scan(depth_msgs: f64, expired_pct: f64, link: LinkType) -> SharedScan {
    let timing = link.timing();
    let depth = depth_msgs.max(0.0);
    let deletes = depth * (expired_pct / 100.0).clamp(0.0, 1.0);
    let requests = depth + deletes;
    let cf_us = (depth * CF_SCAN_READ_REQUEST_US + deletes * CF_EXPIRY_DELETE_REQUEST_US) * timing.cf_time_factor;
    let elapsed_us = cf_us + requests * (timing.latency_us - ICP_LATENCY_US).max(0.0);
    let request_us = if requests > 0.0 { elapsed_us / requests } else { CF_SCAN_READ_REQUEST_US };
    SharedScan { requests, request_us, cf_cpu_s: cf_us / 1e6, elapsed_s: elapsed_us / 1e6 }
}

/// Evaluates the expiry sub-model.
pub fn evaluate(scenario: &Scenario) -> ExpiryMetrics {
    let e = &scenario.expiry;
    let active = e.expryint_s > 0;
    let interval_s = f64::from(e.expryint_s);
    let cpu_per_msg = private_cpu_us_per_msg(e.in_buffer_pool_pct);
    let expired_per_scan = if active { e.expiring_msgs_s * interval_s } else { 0.0 };
    let scans_shared = active && (e.qsg_member || scenario.workload.queue_type == QueueType::Shared);
    let scan = if scans_shared {
        shared_scan(e.shared_queue_depth_msgs, e.shared_expired_pct, scenario.cf.link_type)
    } else {
        SharedScan { requests: 0.0, request_us: 0.0, cf_cpu_s: 0.0, elapsed_s: 0.0 }
    };
    // The requests are synchronous: the scanning task waits for each one in turn.
    let busy_pct = if scans_shared && interval_s > 0.0 { scan.elapsed_s / interval_s * 100.0 } else { 0.0 };
    let v53 = if scans_shared && scenario.release == Release::V5_3 {
        V5_3_SCAN_CPU_MS_PER_SHARED_QUEUE * f64::from(e.shared_queues_defined)
    } else {
        0.0
    };
    ExpiryMetrics {
        active,
        private_cpu_us_per_msg: cpu_per_msg,
        private_msgs_expired_per_cpu_s: 1e6 / cpu_per_msg,
        private_msgs_expired_per_scan: expired_per_scan,
        private_cpu_ms_per_scan: expired_per_scan * cpu_per_msg / 1000.0,
        scans_shared_queues: scans_shared,
        shared_scan_cf_requests: scan.requests,
        shared_scan_cf_request_us: scan.request_us,
        shared_scan_cf_cpu_s: scan.cf_cpu_s,
        shared_scan_elapsed_s: scan.elapsed_s,
        shared_scan_busy_pct: busy_pct,
        overwhelmed: busy_pct > 100.0,
        shared_scan_cf_busy_pct: if scans_shared && interval_s > 0.0 {
            scan.cf_cpu_s / (interval_s * f64::from(scenario.cf.cf_processors.max(1))) * 100.0
        } else {
            0.0
        },
        v5_3_shared_queue_scan_cpu_ms: v53,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_makes_expiry_dearer() {
        assert!(private_cpu_us_per_msg(0.0) > private_cpu_us_per_msg(50.0));
        assert!(private_cpu_us_per_msg(50.0) > private_cpu_us_per_msg(100.0));
    }

    #[test]
    fn expiring_shared_messages_needs_a_delete_request_each() {
        let scan_only = shared_scan(1000.0, 0.0, LinkType::Icp);
        let with_deletes = shared_scan(1000.0, 100.0, LinkType::Icp);
        assert_eq!(with_deletes.requests, 2.0 * scan_only.requests);
        let none = shared_scan(0.0, 50.0, LinkType::Icp);
        assert!(none.requests == 0.0 && none.cf_cpu_s == 0.0 && none.request_us.is_finite());
    }

    #[test]
    fn slower_links_stretch_the_scan() {
        let icp = shared_scan(1e5, 0.0, LinkType::Icp);
        let cfp = shared_scan(1e5, 0.0, LinkType::Cfp);
        assert!(cfp.elapsed_s > icp.elapsed_s && cfp.cf_cpu_s >= icp.cf_cpu_s);
    }

    #[test]
    fn expryint_between_zero_and_five_is_rejected() {
        let mut v = Validator::new();
        ExpiryConfig { expryint_s: 3, ..ExpiryConfig::default() }.validate(&mut v);
        assert!(v.finish().is_err());
    }
}
