//! Streaming queues (STREAMQ): a copy of every message put to a queue, delivered by the queue
//! manager to a second queue or a topic.
//!
//! Mechanism:
//! - The copy is a second put done by the queue manager inside the application's MQPUT or MQPUT1,
//!   so the putting application pays for it. Class 3 accounting shows it costing the same as the
//!   original put of the same message: fixed path length plus a per-KB copy cost (into buffer-pool
//!   pages for private queues; into CF list entries, or SMDS above 63KB, for shared queues).
//! - Opening a queue with STREAMQ also resolves the stream queue. For shared queues the dominant
//!   cost is the CF access of a "first open / last close", paid once for each queue (base and
//!   stream) that nobody else holds open.
//! - MUSTDUP must put both messages or neither: a shared-queue put out of syncpoint becomes a
//!   small unit of work with its own CF commit requests; a private put does a little extra
//!   bookkeeping. A stream queue on another CF structure makes every commit span two structures.
//! - Persistent copies are logged too. Each commit cycle of the log test writes every task's
//!   transaction in one forced write (several above 128 pages), timed by the log model: while
//!   writes are small their fixed time dominates, so doubling the data raises the log rate a lot
//!   and the round trip little; once writes are at the 128-page cap the round trip doubles and
//!   the log rate barely moves.
//! - An unconsumed stream queue grows at the put rate until expiry (CAPEXPRY on the stream queue,
//!   found by the EXPRYINT scan) trims it, giving a saw-tooth depth; if its page set (or, for a
//!   shared queue, its CF structure) fills first, BESTEF keeps the original puts going while
//!   MUSTDUP fails them.
//!
//! Costs are class 3 accounting CPU on the 9.4 report's z16 unless a field says otherwise.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{cf, expiry, log};
use crate::scenario::{Persistence, QueueType, Release, Scenario, SyncpointMode, Validate, Validator};

const KB: f64 = 1024.0;
const MB: f64 = 1_048_576.0;

/// Page size of buffer pools, page sets and the active log.
pub const PAGE_BYTES: f64 = 4096.0;

/// Fixed class 3 CPU of an MQPUT to a private queue (batch put-then-commit loop, buffer pool large
/// enough to avoid waits). Fitted to `004_c01e4fc945a28128.txt`, Chapter 6, "Private Queue: How much
/// does message size affect streaming costs?" (2KB, 16KB and 128KB rows).
pub const PRIVATE_PUT_FIXED_CPU_US: f64 = 3.68;

/// Class 3 CPU per KB of message copied into buffer-pool pages by a private MQPUT. Same fit.
pub const PRIVATE_PUT_CPU_US_PER_KB: f64 = 0.193;

/// Fixed class 3 CPU of an MQPUT to a shared queue whose message is held in the CF. Fitted to
/// Chapter 6, "Shared Queue: How much does message size affect streaming costs?" (2KB and 32KB rows).
pub const SHARED_PUT_FIXED_CPU_US: f64 = 6.733;

/// Class 3 CPU per KB written to CF list entries by a shared MQPUT. Same fit.
pub const SHARED_PUT_CF_CPU_US_PER_KB: f64 = 0.6333;

/// Messages larger than this (63KB including headers other than the MQMD) cannot live in a CF
/// entry and are offloaded to a shared message data set. `001_e9a0356844d0b70c.txt`: "Maximum
/// message size 63 KB (64512 bytes including all headers other than MQMD)" (2.0 "Shared queue
/// performance overview"); the 9.4 tests use
/// CFLEVEL(5) with SMDS (`004_c01e4fc945a28128.txt`, Appendix A "Shared Queue").
pub const SMDS_OFFLOAD_THRESHOLD_BYTES: f64 = 64_512.0;

/// Fixed class 3 CPU of a shared MQPUT whose data goes to SMDS (only a pointer entry in the CF).
/// Fitted to the 64KB and 128KB rows of the shared-queue message-size table (Chapter 6).
pub const SHARED_PUT_SMDS_FIXED_CPU_US: f64 = 15.0;

/// Class 3 CPU per KB of a shared MQPUT whose data goes to SMDS. Same fit.
pub const SHARED_PUT_SMDS_CPU_US_PER_KB: f64 = 0.15625;

/// Cost of the queue manager's copy relative to the original put of the same message. Chapter 6,
/// "Private Queue: Impact of Streaming Queues on MQPUT and MQPUT1" and both message-size tables:
/// the factor "remains approximately double" at every size, i.e. the copy costs one more put.
pub const STREAM_COPY_COST_FACTOR: f64 = 1.0;

/// Extra put CPU of MUSTDUP over BESTEF on a private queue (the work that lets the original be
/// backed out if the copy fails). Chapter 6, "How much does MUSTDUP affect performance?": "Put
/// application costs increased by 1-2 CPU microseconds".
pub const PRIVATE_MUSTDUP_EXTRA_CPU_US: f64 = 1.5;

/// Extra CPU of a MUSTDUP put to a shared queue out of syncpoint: the queue manager makes the two
/// puts one unit of work, costing 2 "New", 1 "Write" and 1 "MoveEnt" CF requests. Chapter 6,
/// "Shared Queue: How much does the type of MQPUT affect the cost?" (MUSTDUP row 23 vs BESTEF 15).
pub const SHARED_MUSTDUP_FORCED_COMMIT_CPU_US: f64 = 8.0;

/// CF requests of that forced commit (2 New, 1 Write, 1 MoveEnt). Same section.
pub const SHARED_MUSTDUP_FORCED_COMMIT_CF_REQUESTS: f64 = 4.0;

/// Class 3 CPU of an MQOPEN of a private queue driven at a high rate. Chapter 6, "Private Queue:
/// Impact of Streaming Queues on MQOPEN and MQCLOSE" (table: 1 CPU microsecond).
pub const PRIVATE_MQOPEN_CPU_US: f64 = 1.0;

/// Extra MQOPEN CPU to resolve a stream queue on a private queue. Same table (1 -> 2).
pub const PRIVATE_STREAM_MQOPEN_CPU_US: f64 = 1.0;

/// Class 3 CPU of an MQCLOSE of a private queue, with or without STREAMQ. Same section: "the CPU
/// cost was reported as zero whether a STREAMQ was configured or not".
pub const PRIVATE_MQCLOSE_CPU_US: f64 = 0.0;

/// Extra MQCLOSE elapsed time with STREAMQ on a private queue. Same section: "the elapsed time
/// increased by 1 microsecond".
pub const PRIVATE_STREAM_MQCLOSE_ELAPSED_US: f64 = 1.0;

/// MQOPEN plus MQCLOSE CPU of a shared queue when no CF access is needed (another task holds it
/// open). Chapter 6, "Shared Queue: Impact of Streaming Queues on MQOPEN and MQCLOSE": "reduces the
/// cost from 18 to 5.4 CPU microseconds".
pub const SHARED_OPEN_CLOSE_CPU_US: f64 = 5.4;

/// CPU of the CF access made by the first open and last close of one shared queue. Same section:
/// 18 - 5.4 with the first-open/last-close effect on the base queue alone.
pub const FIRST_OPEN_LAST_CLOSE_CF_CPU_US: f64 = 18.0 - SHARED_OPEN_CLOSE_CPU_US;

/// Extra MQOPEN plus MQCLOSE CPU to resolve a shared stream queue without CF access. Same section,
/// table: 7.5 with both queues held open, against 5.4 without STREAMQ.
pub const SHARED_STREAM_OPEN_CLOSE_CPU_US: f64 = 7.5 - SHARED_OPEN_CLOSE_CPU_US;

/// Extra CPU of an MQPUT1 to a shared queue over an MQPUT (its internal open and close, which find
/// the queue already open elsewhere). Fitted to Chapter 6's shared MQPUT1 table (2KB, 32KB, 128KB
/// baseline against the MQPUT table).
pub const SHARED_PUT1_OPEN_CLOSE_CPU_US: f64 = 2.0;

/// Extra CPU of a streamed shared MQPUT1 in 9.4 for the additional CF "New" request. Chapter 6,
/// "Shared Queue: How much does the type of MQPUT affect the cost?" (9.4: "1 additional new");
/// fitted to the 9.4 column of the MQPUT1 table (2KB, 32KB, 128KB).
pub const SHARED_STREAM_PUT1_EXTRA_CPU_US: f64 = 3.33;

/// Extra CPU of a streamed shared MQPUT1 in 9.3, whose code made 2 further CF "Write" requests.
/// Same section ("1 additional new and 2 write requests") and the MQPUT1 table note "reduced by
/// 11-12 CPU microseconds"; fitted to the 9.3 column (2KB, 32KB, 128KB).
pub const V9_3_STREAM_PUT1_WRITES_CPU_US: f64 = 11.5;

/// z/OS CPU of an MQCMIT of a shared-queue unit of work whose queues are on one structure. Chapter
/// 6, "Shared Queue: Impact of Streaming Queues on MQCMIT" (8 CPU microseconds).
pub const SHARED_COMMIT_CPU_US: f64 = 8.0;

/// Extra z/OS CPU of an MQCMIT spanning two CF structures (one more "New" and "MoveEnt", plus the
/// coordination). Same table: 18 against 8.
pub const CROSS_STRUCTURE_COMMIT_CPU_US: f64 = 10.0;

/// CF CPU per CF request made for a shared queue. Same table: the same-structure commit's three
/// requests (1 New, 1 Write, 1 MoveEnt) cost 12 CF microseconds.
pub const CF_CPU_US_PER_REQUEST: f64 = 4.0;

/// Class 1 CPU of an MQCMIT of a private non-persistent unit of work in the put-then-commit loop.
/// Fitted to Chapter 6, "How much will streaming queues cost?": class 1 shows "an additional 55" %
/// at the low end (taken as the 2KB message, where the commit's share is largest).
pub const PRIVATE_COMMIT_CPU_US: f64 = 3.33;

/// CPU per put that the RMF workload view adds beyond MQ's own accounting: the batch program's
/// loop and the queue manager's fixed address-space work. Fitted to the same section's RMF range
/// for private queues ("between 40 and 90%"; 40 taken at 2KB, 90 at 128KB).
pub const APP_CPU_US_PER_PUT: f64 = 4.81;

/// Queue manager (MSTR) CPU per buffer-pool page written to the page set by deferred write, paid
/// for the copy as for the original. Same fit as [`APP_CPU_US_PER_PUT`].
pub const PRIVATE_DEFERRED_WRITE_CPU_US_PER_PAGE: f64 = 1.36;

/// Queue manager (MSTR) CPU per shared-queue unit of work outside class 3 and class 1 accounting.
/// Fitted to the same section's RMF range for shared queues (low end, "30", taken at 2KB).
pub const SHARED_MSTR_CPU_US_PER_COMMIT: f64 = 5.86;

/// Bytes a stored message needs beyond its data: the MQMD (324 bytes: `001_e9a0356844d0b70c.txt`,
/// 2.2.2.2, "1536 - length(MQMD)" = 1212) plus the queue manager's own header, taken as 512 in all.
/// With it a 1KB message fills one page, as the class 3 example shows (10 puts, 11 new pages).
pub const STORED_MESSAGE_OVERHEAD_BYTES: f64 = 512.0;

/// Share of a page set's pages not available to messages (header and space-map pages). Fitted to
/// Chapter 6, "Must Duplicate or Best Efforts?": a 20,157-page page set held 19,980 1KB messages.
pub const PAGESET_OVERHEAD_FRACTION: f64 = 0.00878;

/// CPU the application of the pub/sub comparison spends per transaction besides its put (getting
/// the reply and its own logic). Fitted to Chapter 6, "Performance of Non-Persistent messages":
/// put application costs 30% (BESTEF) and 27% (MUSTDUP) lower than pub/sub.
pub const REQUESTER_OTHER_CPU_US: f64 = 26.87;

/// Fixed CPU of publishing one message to a topic with subscribers (topic resolution, SRB work),
/// on top of one put per subscriber. Same fit as [`REQUESTER_OTHER_CPU_US`].
pub const PUBLISH_FIXED_CPU_US: f64 = 15.0;

/// CPU per transaction of the getting applications (and the queue manager) in the pub/sub
/// comparison, the same for streaming and pub/sub. Fitted to the same section's "18% improvement
/// in transaction rate" (BESTEF against pub/sub with 2 subscribers).
pub const GETTERS_CPU_US_PER_TXN: f64 = 48.3;

/// MQOPEN CPU of an alias queue that resolves to a topic (0, 1 or 2 subscribers). Chapter 6,
/// "Private Queue: Impact of Streaming Queues on MQOPEN and MQCLOSE", table.
pub const TOPIC_ALIAS_MQOPEN_CPU_US: f64 = 3.0;

/// MQOPEN elapsed time of an alias-to-topic queue. Same table.
pub const TOPIC_ALIAS_MQOPEN_ELAPSED_US: f64 = 6.0;

/// SRB CPU the queue manager adds to each MQOPEN of an alias-to-topic queue. Same section: "an
/// additional 1.4 CPU microseconds per MQOPEN".
pub const TOPIC_ALIAS_MQOPEN_SRB_CPU_US: f64 = 1.4;

/// Largest log write the logger issues, in pages. `004_c01e4fc945a28128.txt`, Chapter 6,
/// "Performance of Persistent messaging": "Potentially the log task could write 128 pages per I/O".
pub const LOG_MAX_PAGES_PER_IO: f64 = 128.0;

/// Share of a persistent message's log overhead (1.25KB, or 1.5KB in a QSG) that belongs to its
/// put record; the rest is written when it is got and committed, which the copy does not add.
/// Fitted to Chapter 6, "Performance of Persistent messaging": log rate "increasing by up to 70%"
/// (taken at 1KB, where I/Os carry the fewest pages).
pub const PUT_LOG_RECORD_SHARE_OF_OVERHEAD: f64 = 0.5;

/// Time a task of the persistent log test spends per transaction outside the forced write that
/// carries its data: its own MQ calls and the rest of the write already in flight when it commits.
/// Fitted to the same section's 64KB round trip, "increased by 22%", with the write times of the
/// log model (`log::write_time_us`) for the report's default FICON path and 4-stripe dual logs.
pub const LOG_WAIT_OUTSIDE_WRITE_US: f64 = 681.0;

/// What the queue manager does when the copy cannot be put (STRMQOS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StreamQos {
    /// Best effort (the default): the original is put even if the copy fails.
    #[default]
    Bestef,
    /// Must duplicate: both messages are put or neither; the application gets the error.
    Mustdup,
}

/// How the application puts its messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PutType {
    /// MQPUT to a queue opened once.
    #[default]
    Mqput,
    /// MQPUT1: open, put and close in one call.
    Mqput1,
}

/// Where STREAMQ sends the copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StreamTarget {
    /// A local (or shared) queue: one identical copy per message.
    #[default]
    LocalQueue,
    /// An alias queue resolving to a topic: one published copy per subscriber (none without
    /// subscribers, even with MUSTDUP).
    TopicAlias,
}

/// A stream queue on the application's queue (STREAMQ / STRMQOS) and what surrounds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct StreamingConfig {
    /// Whether the application queue has STREAMQ set (selects the "effective" figures; both the
    /// streamed and the unstreamed figures are always computed).
    pub enabled: bool,
    /// STRMQOS: best effort or must duplicate.
    pub qos: StreamQos,
    /// Where the copies go: a queue or a topic alias.
    pub target: StreamTarget,
    /// Subscribers to the topic (for a topic-alias target, and for the pub/sub comparison).
    pub subscribers: u32,
    /// Whether the application uses MQPUT or MQPUT1.
    pub put_type: PutType,
    /// For shared queues: whether the stream queue is in the same CF application structure as the
    /// base queue.
    pub same_structure: bool,
    /// For shared queues: whether another task keeps the base queue open for output, so the
    /// application's MQOPEN/MQCLOSE avoid the first-open/last-close CF access for it.
    pub base_queue_held_open: bool,
    /// For shared queues: whether another task keeps the stream queue open.
    pub stream_queue_held_open: bool,
    /// CAPEXPRY of the stream queue, in tenths of a second (12000 = 20 minutes); 0 means no cap
    /// (copies never expire).
    pub capexpry_tenths_s: u32,
    /// Rate at which the application puts to the base queue, in messages per second.
    pub put_rate_msgs_s: f64,
    /// Messages the application puts in the run considered for queue depth.
    pub messages_put: u32,
    /// Size of the private stream queue's page set, in 4KB pages (not expandable); a shared stream
    /// queue is bounded by its CF structure instead.
    pub stream_pageset_pages: u32,
    /// Tasks of the persistent log test that put and get the workload's message size.
    pub persistent_tasks: u32,
    /// Tasks of the persistent log test that put and get 1KB messages beside the `persistent_tasks`.
    pub persistent_1kb_tasks: u32,
}

impl Default for StreamingConfig {
    fn default() -> Self {
        StreamingConfig {
            enabled: false,
            qos: StreamQos::Bestef,
            target: StreamTarget::LocalQueue,
            subscribers: 2,
            put_type: PutType::Mqput,
            same_structure: true,
            base_queue_held_open: false,
            stream_queue_held_open: false,
            capexpry_tenths_s: 0,
            put_rate_msgs_s: 200.0,
            messages_put: 500_000,
            stream_pageset_pages: 20_157,
            persistent_tasks: 2,
            persistent_1kb_tasks: 1,
        }
    }
}

impl Validate for StreamingConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("subscribers", self.subscribers, 0, 10_000);
        v.require(
            self.capexpry_tenths_s <= 999_999_999,
            "capexpry_tenths_s",
            self.capexpry_tenths_s,
            "0 (no cap) or a value from 1 to 999999999 tenths of a second",
        );
        v.range("put_rate_msgs_s", self.put_rate_msgs_s, 0.001, 10_000_000.0);
        v.range("messages_put", self.messages_put, 1, 2_000_000_000);
        v.range("stream_pageset_pages", self.stream_pageset_pages, 1, 16_777_216);
        v.range("persistent_tasks", self.persistent_tasks, 0, 10_000);
        v.range("persistent_1kb_tasks", self.persistent_1kb_tasks, 0, 10_000);
        v.require(
            u64::from(self.persistent_tasks) + u64::from(self.persistent_1kb_tasks) >= 1,
            "persistent_tasks",
            self.persistent_tasks,
            "at least 1 task in all (persistent_tasks + persistent_1kb_tasks)",
        );
    }
}

/// Class 3 costs of the MQ verbs STREAMQ affects, without and with a stream queue.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct StreamingApiMetrics {
    /// MQPUT CPU without STREAMQ, in microseconds.
    pub mqput_cpu_us: f64,
    /// MQPUT CPU with STREAMQ, in microseconds.
    pub mqput_streamed_cpu_us: f64,
    /// MQPUT CPU added by STREAMQ, in microseconds.
    pub mqput_overhead_cpu_us: f64,
    /// Extra MQPUT CPU of MUSTDUP over BESTEF, in microseconds.
    pub mustdup_extra_cpu_us: f64,
    /// MQPUT1 CPU without STREAMQ, in microseconds.
    pub mqput1_cpu_us: f64,
    /// MQPUT1 CPU with STREAMQ, in microseconds.
    pub mqput1_streamed_cpu_us: f64,
    /// Streamed over unstreamed cost of the configured put type (MQPUT or MQPUT1).
    pub put_cost_ratio: f64,
    /// CPU of the configured put type as configured (streamed if `enabled`), in microseconds.
    pub put_cpu_us: f64,
    /// MQOPEN CPU without STREAMQ, in microseconds (shared queues: half of open plus close).
    pub mqopen_cpu_us: f64,
    /// MQOPEN CPU with STREAMQ, in microseconds.
    pub mqopen_streamed_cpu_us: f64,
    /// MQOPEN elapsed time without STREAMQ, in microseconds.
    pub mqopen_elapsed_us: f64,
    /// MQOPEN elapsed time with STREAMQ, in microseconds.
    pub mqopen_streamed_elapsed_us: f64,
    /// MQCLOSE CPU without STREAMQ, in microseconds.
    pub mqclose_cpu_us: f64,
    /// MQCLOSE CPU with STREAMQ, in microseconds.
    pub mqclose_streamed_cpu_us: f64,
    /// MQCLOSE elapsed time STREAMQ adds, in microseconds.
    pub mqclose_streamed_extra_elapsed_us: f64,
    /// MQOPEN plus MQCLOSE CPU without STREAMQ, in microseconds.
    pub open_close_cpu_us: f64,
    /// MQOPEN plus MQCLOSE CPU with STREAMQ, in microseconds.
    pub open_close_streamed_cpu_us: f64,
    /// MQCMIT CPU without STREAMQ, in microseconds.
    pub mqcmit_cpu_us: f64,
    /// MQCMIT CPU with STREAMQ, in microseconds (higher only for a stream queue on another
    /// structure).
    pub mqcmit_streamed_cpu_us: f64,
    /// CF CPU per put without STREAMQ, in microseconds (0 for private queues).
    pub cf_cpu_us_per_put: f64,
    /// CF CPU per put with STREAMQ, in microseconds.
    pub cf_cpu_us_per_put_streamed: f64,
    /// CF CPU per commit without STREAMQ, in microseconds (0 for private queues).
    pub cf_cpu_us_per_commit: f64,
    /// CF CPU per commit with STREAMQ, in microseconds.
    pub cf_cpu_us_per_commit_streamed: f64,
}

/// How much STREAMQ seems to cost, depending on where the cost is read, for a batch program
/// putting and committing in a tight loop.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CostViewMetrics {
    /// Increase in the average MQPUT cost (class 3 accounting), in percent.
    pub class3_increase_pct: f64,
    /// Increase in MQ cost per put including the commit (class 1 accounting), in percent.
    pub class1_increase_pct: f64,
    /// Increase in application plus queue manager CPU per put (RMF workload report), in percent.
    pub rmf_increase_pct: f64,
    /// Drop in the rate of a single task's put-then-commit loop, in percent.
    pub put_loop_rate_reduction_pct: f64,
}

/// Persistent messages with STREAMQ: log data, log rate and round trips of the report's
/// upper-bound log workload (tasks putting and getting, each commit forcing the log).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PersistentStreamingMetrics {
    /// Log bytes per message put and got without STREAMQ (0 for non-persistent messages).
    pub log_bytes_per_message: f64,
    /// Log bytes per message with STREAMQ (the copy's put record added).
    pub log_bytes_per_message_streamed: f64,
    /// Streamed over unstreamed log data per message.
    pub log_data_multiplier: f64,
    /// Pages written per log I/O without STREAMQ.
    pub pages_per_io: f64,
    /// Pages written per log I/O with STREAMQ.
    pub pages_per_io_streamed: f64,
    /// Log write rate per copy without STREAMQ, in MB/s.
    pub log_rate_mb_s: f64,
    /// Log write rate per copy with STREAMQ, in MB/s.
    pub log_rate_streamed_mb_s: f64,
    /// Increase of the log write rate with STREAMQ, in percent.
    pub log_rate_increase_pct: f64,
    /// Streamed over unstreamed log write rate.
    pub log_rate_ratio: f64,
    /// Transaction round trip (put, get, forced commit) without STREAMQ, in microseconds.
    pub round_trip_us: f64,
    /// Transaction round trip with STREAMQ, in microseconds.
    pub round_trip_streamed_us: f64,
    /// Streamed over unstreamed round trip.
    pub round_trip_ratio: f64,
    /// Increase of the round trip with STREAMQ, in percent.
    pub round_trip_increase_pct: f64,
}

/// STREAMQ against publish/subscribe for making copies.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct PubSubMetrics {
    /// Messages put to queues per application put with STREAMQ (original plus copies).
    pub messages_put_per_put: f64,
    /// Messages put to queues per publish with pub/sub to the same number of subscribers.
    pub pubsub_messages_put_per_put: f64,
    /// CPU of a publish to `subscribers` subscribers, in microseconds.
    pub pubsub_put_cpu_us: f64,
    /// How much cheaper the putting application is per transaction with STREAMQ (configured
    /// STRMQOS) than with pub/sub, in percent.
    pub put_app_cost_reduction_pct: f64,
    /// Transaction-rate gain of STREAMQ (configured STRMQOS) over pub/sub when CPU bound, in percent.
    pub txn_rate_gain_pct: f64,
    /// Transaction-rate gain of BESTEF over MUSTDUP when CPU bound, in percent.
    pub bestef_over_mustdup_txn_rate_gain_pct: f64,
    /// MQOPEN CPU of an alias-to-topic queue, in microseconds.
    pub topic_alias_mqopen_cpu_us: f64,
    /// MQOPEN elapsed time of an alias-to-topic queue, in microseconds.
    pub topic_alias_mqopen_elapsed_us: f64,
    /// SRB CPU the queue manager adds to that MQOPEN, in microseconds.
    pub topic_alias_mqopen_srb_cpu_us: f64,
}

/// Depth of an unconsumed stream queue under CAPEXPRY and EXPRYINT, and what happens when its
/// storage fills. The base queue is assumed to have room (its own page set or structure).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct StreamDepthMetrics {
    /// CAPEXPRY in seconds (0 when there is no cap).
    pub capexpry_s: f64,
    /// Whether copies are ever expired (CAPEXPRY set and EXPRYINT on).
    pub expiring: bool,
    /// Peak depth the stream queue would reach (just before an expiry scan), in messages.
    pub peak_depth_msgs: f64,
    /// Depth just after an expiry scan in steady state, in messages.
    pub trough_depth_msgs: f64,
    /// Copies deleted by each expiry scan in steady state.
    pub msgs_expired_per_scan: f64,
    /// Arrivals deleted by each scan, in minutes of arrivals (EXPRYINT / 60).
    pub minutes_of_msgs_expired_per_scan: f64,
    /// CPU of each expiry scan of the stream queue, in milliseconds.
    pub expiry_cpu_ms_per_scan: f64,
    /// Page-set pages one message occupies (0 for a shared stream queue).
    pub pages_per_msg: f64,
    /// Page-set pages needed to hold the peak depth (0 for a shared stream queue).
    pub pages_needed: f64,
    /// Messages the stream queue's storage can hold: its page set for a private queue, its CF
    /// application structure (`cf.structure_size_kb`) for a shared one.
    pub capacity_msgs: f64,
    /// Whether that storage fills during the run (MQRC 2192 on the copy).
    pub storage_full: bool,
    /// Application puts that succeed in the run.
    pub puts_completed: f64,
    /// Number of the first put that fails (MUSTDUP with a full page set), 0 if none fails.
    pub first_failed_put: f64,
    /// Base queue depth at the end of the run (nothing consumes it).
    pub base_depth_end_msgs: f64,
    /// Stream queue depth at the end of the run.
    pub stream_depth_end_msgs: f64,
    /// Copies that could not be streamed (BESTEF with a full page set).
    pub copies_lost: f64,
}

/// Streaming queue figures for the scenario.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct StreamingMetrics {
    /// Whether the release supports streaming queues (9.3 and later).
    pub available: bool,
    /// API costs.
    pub api: StreamingApiMetrics,
    /// The cost increase as different measurement sources show it.
    pub cost_views: CostViewMetrics,
    /// Persistent messaging.
    pub persistent: PersistentStreamingMetrics,
    /// Comparison with publish/subscribe.
    pub pubsub: PubSubMetrics,
    /// Stream queue depth, expiry and page-set exhaustion.
    pub depth: StreamDepthMetrics,
}

/// Class 3 CPU of an MQPUT (no STREAMQ) of `message_bytes` to a private or shared queue.
pub fn put_cpu_us(queue_type: QueueType, message_bytes: f64) -> f64 {
    let bytes = message_bytes.max(0.0);
    let kb = bytes / KB;
    match queue_type {
        QueueType::Private => PRIVATE_PUT_FIXED_CPU_US + PRIVATE_PUT_CPU_US_PER_KB * kb,
        QueueType::Shared if bytes <= SMDS_OFFLOAD_THRESHOLD_BYTES => {
            SHARED_PUT_FIXED_CPU_US + SHARED_PUT_CF_CPU_US_PER_KB * kb
        }
        QueueType::Shared => SHARED_PUT_SMDS_FIXED_CPU_US + SHARED_PUT_SMDS_CPU_US_PER_KB * kb,
    }
}

/// CPU of publishing one message to `subscribers` subscribers of a topic.
pub fn publish_cpu_us(queue_type: QueueType, message_bytes: f64, subscribers: u32) -> f64 {
    if subscribers == 0 {
        // Nothing is delivered; the report calls the remaining pub/sub work "much less" and gives
        // no figure, so it is taken as negligible.
        return 0.0;
    }
    PUBLISH_FIXED_CPU_US + f64::from(subscribers) * put_cpu_us(queue_type, message_bytes)
}

/// Costs of one put with and without STREAMQ, shared between the sections below.
struct PutCosts {
    base: f64,
    mustdup_extra: f64,
    streamed: f64,
    streamed_bestef: f64,
    streamed_mustdup: f64,
}

fn put_costs(s: &Scenario) -> PutCosts {
    let w = &s.workload;
    let c = &s.streaming;
    let bytes = f64::from(w.message_size_bytes);
    let base = put_cpu_us(w.queue_type, bytes);
    let copies_made = match c.target {
        StreamTarget::LocalQueue => true,
        StreamTarget::TopicAlias => c.subscribers > 0,
    };
    let copy = match c.target {
        StreamTarget::LocalQueue => STREAM_COPY_COST_FACTOR * base,
        StreamTarget::TopicAlias => publish_cpu_us(w.queue_type, bytes, c.subscribers),
    };
    let mustdup_extra = if !copies_made {
        0.0
    } else {
        match (w.queue_type, w.syncpoint) {
            (QueueType::Private, _) => PRIVATE_MUSTDUP_EXTRA_CPU_US,
            (QueueType::Shared, SyncpointMode::OutOfSyncpoint) => SHARED_MUSTDUP_FORCED_COMMIT_CPU_US,
            (QueueType::Shared, SyncpointMode::InSyncpoint) => 0.0,
        }
    };
    let streamed_bestef = base + copy;
    let streamed_mustdup = streamed_bestef + mustdup_extra;
    let streamed = match c.qos {
        StreamQos::Bestef => streamed_bestef,
        StreamQos::Mustdup => streamed_mustdup,
    };
    PutCosts { base, mustdup_extra, streamed, streamed_bestef, streamed_mustdup }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 1.0 }
}

fn api_metrics(s: &Scenario, p: &PutCosts) -> StreamingApiMetrics {
    let w = &s.workload;
    let c = &s.streaming;
    let shared = w.queue_type == QueueType::Shared;
    let (open, open_streamed, close, close_streamed) = if shared {
        let base_cf = if c.base_queue_held_open { 0.0 } else { FIRST_OPEN_LAST_CLOSE_CF_CPU_US };
        // Holding the base queue open also keeps a stream queue in the same structure connected.
        let stream_connected = c.stream_queue_held_open || (c.base_queue_held_open && c.same_structure);
        let stream_cf = if stream_connected { 0.0 } else { FIRST_OPEN_LAST_CLOSE_CF_CPU_US };
        let base = SHARED_OPEN_CLOSE_CPU_US + base_cf;
        let streamed = base + SHARED_STREAM_OPEN_CLOSE_CPU_US + stream_cf;
        (base / 2.0, streamed / 2.0, base / 2.0, streamed / 2.0)
    } else {
        (
            PRIVATE_MQOPEN_CPU_US,
            PRIVATE_MQOPEN_CPU_US + PRIVATE_STREAM_MQOPEN_CPU_US,
            PRIVATE_MQCLOSE_CPU_US,
            PRIVATE_MQCLOSE_CPU_US,
        )
    };
    let (put1, put1_streamed) = if shared {
        let base = p.base + SHARED_PUT1_OPEN_CLOSE_CPU_US;
        let v93 = if s.release <= Release::V9_3 { V9_3_STREAM_PUT1_WRITES_CPU_US } else { 0.0 };
        let extra = if c.target == StreamTarget::TopicAlias && c.subscribers == 0 {
            0.0
        } else {
            SHARED_STREAM_PUT1_EXTRA_CPU_US + v93
        };
        (base, p.streamed + SHARED_PUT1_OPEN_CLOSE_CPU_US + extra)
    } else {
        (p.base + open + close, p.streamed + open_streamed + close_streamed)
    };
    let (commit, commit_streamed) = if shared {
        let cross = if c.same_structure { 0.0 } else { CROSS_STRUCTURE_COMMIT_CPU_US };
        (SHARED_COMMIT_CPU_US, SHARED_COMMIT_CPU_US + cross)
    } else {
        (PRIVATE_COMMIT_CPU_US, PRIVATE_COMMIT_CPU_US)
    };
    let (cf_put, cf_put_streamed, cf_commit, cf_commit_streamed) = if shared {
        // A put writes one new list entry per message; the commit makes one New, one Write and
        // one MoveEnt, plus a New and a MoveEnt for a second structure.
        let forced = if c.qos == StreamQos::Mustdup && p.mustdup_extra > 0.0 {
            SHARED_MUSTDUP_FORCED_COMMIT_CF_REQUESTS
        } else {
            0.0
        };
        let commit_requests = if c.same_structure { 3.0 } else { 5.0 };
        (
            CF_CPU_US_PER_REQUEST,
            CF_CPU_US_PER_REQUEST * (2.0 + forced),
            3.0 * CF_CPU_US_PER_REQUEST,
            commit_requests * CF_CPU_US_PER_REQUEST,
        )
    } else {
        (0.0, 0.0, 0.0, 0.0)
    };
    let (configured_base, configured_streamed) = match c.put_type {
        PutType::Mqput => (p.base, p.streamed),
        PutType::Mqput1 => (put1, put1_streamed),
    };
    StreamingApiMetrics {
        mqput_cpu_us: p.base,
        mqput_streamed_cpu_us: p.streamed,
        mqput_overhead_cpu_us: p.streamed - p.base,
        mustdup_extra_cpu_us: p.mustdup_extra,
        mqput1_cpu_us: put1,
        mqput1_streamed_cpu_us: put1_streamed,
        put_cost_ratio: ratio(configured_streamed, configured_base),
        put_cpu_us: if c.enabled { configured_streamed } else { configured_base },
        mqopen_cpu_us: open,
        mqopen_streamed_cpu_us: open_streamed,
        mqopen_elapsed_us: open,
        mqopen_streamed_elapsed_us: open_streamed,
        mqclose_cpu_us: close,
        mqclose_streamed_cpu_us: close_streamed,
        mqclose_streamed_extra_elapsed_us: if shared {
            close_streamed - close
        } else {
            PRIVATE_STREAM_MQCLOSE_ELAPSED_US
        },
        open_close_cpu_us: open + close,
        open_close_streamed_cpu_us: open_streamed + close_streamed,
        mqcmit_cpu_us: commit,
        mqcmit_streamed_cpu_us: commit_streamed,
        cf_cpu_us_per_put: cf_put,
        cf_cpu_us_per_put_streamed: cf_put_streamed,
        cf_cpu_us_per_commit: cf_commit,
        cf_cpu_us_per_commit_streamed: cf_commit_streamed,
    }
}

/// Page-set pages a message of `message_bytes` occupies (one message per page at least).
pub fn pages_per_message(message_bytes: f64) -> f64 {
    crate::math::ceil((message_bytes.max(0.0) + STORED_MESSAGE_OVERHEAD_BYTES) / PAGE_BYTES).max(1.0)
}

fn cost_views(s: &Scenario, p: &PutCosts, api: &StreamingApiMetrics) -> CostViewMetrics {
    let shared = s.workload.queue_type == QueueType::Shared;
    let class1 = p.base + api.mqcmit_cpu_us;
    let class1_streamed = p.streamed + api.mqcmit_streamed_cpu_us;
    let (qmgr, qmgr_streamed) = if shared {
        (SHARED_MSTR_CPU_US_PER_COMMIT, SHARED_MSTR_CPU_US_PER_COMMIT)
    } else {
        let pages = pages_per_message(f64::from(s.workload.message_size_bytes));
        let dw = PRIVATE_DEFERRED_WRITE_CPU_US_PER_PAGE * pages;
        (dw, 2.0 * dw)
    };
    let rmf = class1 + APP_CPU_US_PER_PUT + qmgr;
    let rmf_streamed = class1_streamed + APP_CPU_US_PER_PUT + qmgr_streamed;
    // The loop is CPU bound in its own task: the address-space work runs elsewhere.
    let loop_us = class1 + APP_CPU_US_PER_PUT;
    let loop_streamed_us = class1_streamed + APP_CPU_US_PER_PUT;
    CostViewMetrics {
        class3_increase_pct: (ratio(p.streamed, p.base) - 1.0) * 100.0,
        class1_increase_pct: (ratio(class1_streamed, class1) - 1.0) * 100.0,
        rmf_increase_pct: (ratio(rmf_streamed, rmf) - 1.0) * 100.0,
        put_loop_rate_reduction_pct: (1.0 - ratio(loop_us, loop_streamed_us)) * 100.0,
    }
}

/// Round trip of a task of the persistent log test whose commit cycle writes `bytes` of log data
/// (every task's transaction of the cycle), and the log I/Os of the cycle.
pub fn log_cycle_us(scenario: &Scenario, bytes: f64) -> (f64, f64) {
    if bytes <= 0.0 {
        return (0.0, 0.0);
    }
    let ios = crate::math::ceil(bytes / PAGE_BYTES / LOG_MAX_PAGES_PER_IO).max(1.0);
    (LOG_WAIT_OUTSIDE_WRITE_US + log::write_time_us(scenario, bytes), ios)
}

fn persistent_metrics(s: &Scenario) -> PersistentStreamingMetrics {
    let w = &s.workload;
    if w.persistence != Persistence::Persistent {
        return PersistentStreamingMetrics {
            log_data_multiplier: 1.0,
            log_rate_ratio: 1.0,
            round_trip_ratio: 1.0,
            ..PersistentStreamingMetrics::default()
        };
    }
    let in_qsg = w.queue_type == QueueType::Shared;
    let put_record_overhead = PUT_LOG_RECORD_SHARE_OF_OVERHEAD
        * if in_qsg { log::LOG_OVERHEAD_PER_MESSAGE_QSG_BYTES } else { log::LOG_OVERHEAD_PER_MESSAGE_BYTES };
    let per_msg = |bytes: f64| log::log_bytes_per_message(bytes, in_qsg);
    let per_msg_streamed = |bytes: f64| per_msg(bytes) + bytes + put_record_overhead;
    let m = f64::from(w.message_size_bytes);
    let c = &s.streaming;
    let (n, n1) = (f64::from(c.persistent_tasks), f64::from(c.persistent_1kb_tasks));
    // Each task commits once per logger cycle: the cycle writes one transaction of every task.
    let bytes = n * per_msg(m) + n1 * per_msg(KB);
    let bytes_streamed = n * per_msg_streamed(m) + n1 * per_msg_streamed(KB);
    let (cycle, ios) = log_cycle_us(s, bytes);
    let (cycle_s, ios_s) = log_cycle_us(s, bytes_streamed);
    let rate = |b: f64, t: f64| if t > 0.0 { b / t * 1e6 / MB } else { 0.0 };
    let (log_rate, log_rate_s) = (rate(bytes, cycle), rate(bytes_streamed, cycle_s));
    let page_per_io = |b: f64, ios: f64| if ios > 0.0 { b / PAGE_BYTES / ios } else { 0.0 };
    PersistentStreamingMetrics {
        log_bytes_per_message: per_msg(m),
        log_bytes_per_message_streamed: per_msg_streamed(m),
        log_data_multiplier: ratio(per_msg_streamed(m), per_msg(m)),
        pages_per_io: page_per_io(bytes, ios),
        pages_per_io_streamed: page_per_io(bytes_streamed, ios_s),
        log_rate_mb_s: log_rate,
        log_rate_streamed_mb_s: log_rate_s,
        log_rate_increase_pct: (ratio(log_rate_s, log_rate) - 1.0) * 100.0,
        log_rate_ratio: ratio(log_rate_s, log_rate),
        round_trip_us: cycle,
        round_trip_streamed_us: cycle_s,
        round_trip_ratio: ratio(cycle_s, cycle),
        round_trip_increase_pct: (ratio(cycle_s, cycle) - 1.0) * 100.0,
    }
}

fn pubsub_metrics(s: &Scenario, p: &PutCosts) -> PubSubMetrics {
    let w = &s.workload;
    let c = &s.streaming;
    let bytes = f64::from(w.message_size_bytes);
    let pubsub_put = publish_cpu_us(w.queue_type, bytes, c.subscribers);
    let app = |put: f64| put + REQUESTER_OTHER_CPU_US;
    let txn = |put: f64| app(put) + GETTERS_CPU_US_PER_TXN;
    PubSubMetrics {
        messages_put_per_put: match c.target {
            StreamTarget::LocalQueue => 2.0,
            StreamTarget::TopicAlias => 1.0 + f64::from(c.subscribers),
        },
        pubsub_messages_put_per_put: f64::from(c.subscribers),
        pubsub_put_cpu_us: pubsub_put,
        put_app_cost_reduction_pct: (1.0 - ratio(app(p.streamed), app(pubsub_put))) * 100.0,
        txn_rate_gain_pct: (ratio(txn(pubsub_put), txn(p.streamed)) - 1.0) * 100.0,
        bestef_over_mustdup_txn_rate_gain_pct: (ratio(txn(p.streamed_mustdup), txn(p.streamed_bestef)) - 1.0) * 100.0,
        topic_alias_mqopen_cpu_us: TOPIC_ALIAS_MQOPEN_CPU_US,
        topic_alias_mqopen_elapsed_us: TOPIC_ALIAS_MQOPEN_ELAPSED_US,
        topic_alias_mqopen_srb_cpu_us: TOPIC_ALIAS_MQOPEN_SRB_CPU_US,
    }
}

fn depth_metrics(s: &Scenario) -> StreamDepthMetrics {
    let c = &s.streaming;
    let rate = c.put_rate_msgs_s.max(1e-9);
    let n = f64::from(c.messages_put);
    let duration_s = n / rate;
    let cap_s = f64::from(c.capexpry_tenths_s) / 10.0;
    let interval_s = f64::from(s.expiry.expryint_s);
    let expiring = cap_s > 0.0 && interval_s > 0.0;
    let copies_per_put = match c.target {
        StreamTarget::LocalQueue => 1.0,
        StreamTarget::TopicAlias => f64::from(c.subscribers.min(1)),
    };
    // Without consumers the queue holds everything younger than CAPEXPRY after a scan, and one
    // more interval's arrivals just before the next scan.
    let (peak, trough, end) = if expiring {
        let last_scan = crate::math::floor(duration_s / interval_s) * interval_s;
        let cutoff = (last_scan - cap_s).max(0.0);
        (rate * (cap_s + interval_s).min(duration_s), rate * cap_s.min(duration_s), rate * (duration_s - cutoff))
    } else {
        (n, n, n)
    };
    let (peak, trough, end) = (peak.min(n), trough.min(n), end.min(n));
    let bytes = f64::from(s.workload.message_size_bytes);
    let (pages_per_msg, capacity) = if s.workload.queue_type == QueueType::Shared {
        // Above 63KB only a pointer entry stays in the CF; the data is in SMDS.
        let in_cf = if bytes > SMDS_OFFLOAD_THRESHOLD_BYTES { 0.0 } else { bytes };
        (0.0, cf::messages_that_fit(in_cf, s.cf.structure_size_kb))
    } else {
        let per_msg = pages_per_message(bytes);
        let usable = crate::math::floor(f64::from(c.stream_pageset_pages) * (1.0 - PAGESET_OVERHEAD_FRACTION));
        (per_msg, crate::math::floor(usable / per_msg))
    };
    let full = copies_per_put > 0.0 && peak > capacity;
    // Copies deleted before the page set filled: none if it fills before the first scan that
    // finds anything old enough, otherwise all arrivals older than CAPEXPRY at that scan.
    let expired_before_fill = if expiring && capacity >= rate * crate::math::ceil(cap_s / interval_s) * interval_s {
        rate * (crate::math::ceil(cap_s / interval_s) * interval_s - cap_s)
    } else {
        0.0
    };
    let fill_at_put = crate::math::floor(capacity + expired_before_fill) + 1.0;
    let (completed, first_failed, base_end, stream_end, lost) = if !full {
        (n, 0.0, n, end * copies_per_put, 0.0)
    } else if c.qos == StreamQos::Mustdup {
        let done = (fill_at_put - 1.0).min(n);
        (done, fill_at_put, done, capacity, 0.0)
    } else {
        (n, 0.0, n, capacity, (n - fill_at_put + 1.0).max(0.0))
    };
    let expired_per_scan = if expiring { rate * interval_s } else { 0.0 };
    StreamDepthMetrics {
        capexpry_s: cap_s,
        expiring,
        peak_depth_msgs: peak * copies_per_put,
        trough_depth_msgs: trough * copies_per_put,
        msgs_expired_per_scan: expired_per_scan,
        minutes_of_msgs_expired_per_scan: if expiring { interval_s / 60.0 } else { 0.0 },
        expiry_cpu_ms_per_scan: expired_per_scan * expiry::private_cpu_us_per_msg(s.expiry.in_buffer_pool_pct) / 1000.0,
        pages_per_msg,
        pages_needed: peak * copies_per_put * pages_per_msg,
        capacity_msgs: capacity,
        storage_full: full,
        puts_completed: completed,
        first_failed_put: first_failed,
        base_depth_end_msgs: base_end,
        stream_depth_end_msgs: stream_end,
        copies_lost: lost,
    }
}

/// Evaluates the streaming-queue sub-model.
pub fn evaluate(scenario: &Scenario) -> StreamingMetrics {
    let p = put_costs(scenario);
    let api = api_metrics(scenario, &p);
    StreamingMetrics {
        available: scenario.release >= Release::V9_3,
        cost_views: cost_views(scenario, &p, &api),
        persistent: persistent_metrics(scenario),
        pubsub: pubsub_metrics(scenario, &p),
        depth: depth_metrics(scenario),
        api,
    }
}

/// Input of the `stream_queue_pageset` calculator: how big to make the page set of a stream
/// queue that nobody consumes and that relies on CAPEXPRY and EXPRYINT to stay bounded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StreamPagesetInput {
    /// Message size (payload, excluding the MQMD).
    pub message_size_bytes: f64,
    /// Peak rate at which messages are put to the base queue, in messages per second.
    pub put_rate_msgs_s: f64,
    /// CAPEXPRY of the stream queue, in tenths of a second (12000 = 20 minutes).
    pub capexpry_tenths_s: u32,
    /// Queue manager EXPRYINT, in seconds.
    pub expryint_s: u32,
    /// Spare capacity to add on top of the peak depth, in percent.
    #[serde(default = "default_headroom_pct")]
    pub headroom_pct: f64,
    /// Share of expired messages still in the buffer pool at the scan, in percent.
    #[serde(default = "default_in_buffer_pool_pct")]
    pub in_buffer_pool_pct: f64,
}

fn default_headroom_pct() -> f64 {
    25.0
}

fn default_in_buffer_pool_pct() -> f64 {
    100.0
}

impl Validate for StreamPagesetInput {
    fn validate(&self, v: &mut Validator) {
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
        v.range("put_rate_msgs_s", self.put_rate_msgs_s, 0.001, 10_000_000.0);
        v.range("capexpry_tenths_s", self.capexpry_tenths_s, 1, 999_999_999);
        v.range("expryint_s", self.expryint_s, expiry::EXPRYINT_MIN_NONZERO_S, expiry::EXPRYINT_MAX_S);
        v.range("headroom_pct", self.headroom_pct, 0.0, 1000.0);
        v.range("in_buffer_pool_pct", self.in_buffer_pool_pct, 0.0, 100.0);
    }
}

/// Output of the `stream_queue_pageset` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StreamPageset {
    /// Depth just before an expiry scan in steady state: rate x (CAPEXPRY + EXPRYINT).
    pub peak_depth_msgs: f64,
    /// Depth just after a scan: rate x CAPEXPRY.
    pub trough_depth_msgs: f64,
    /// Messages deleted by each scan.
    pub msgs_expired_per_scan: f64,
    /// Page-set pages one message occupies.
    pub pages_per_msg: f64,
    /// Pages holding the peak depth.
    pub pages_for_peak: f64,
    /// Page-set size to define, with space-map overhead and headroom, in 4KB pages.
    pub pageset_pages: f64,
    /// The same size in GB.
    pub pageset_gb: f64,
    /// CPU of each expiry scan on the stream queue, in milliseconds.
    pub expiry_cpu_ms_per_scan: f64,
}

/// Sizes a stream queue's page set for the saw-tooth depth CAPEXPRY and EXPRYINT produce, so
/// that a MUSTDUP stream queue does not fail the original puts.
pub fn stream_queue_pageset(input: &StreamPagesetInput) -> StreamPageset {
    let rate = input.put_rate_msgs_s.max(0.0);
    let cap_s = f64::from(input.capexpry_tenths_s) / 10.0;
    let interval_s = f64::from(input.expryint_s);
    let peak = rate * (cap_s + interval_s);
    let pages_per_msg = pages_per_message(input.message_size_bytes);
    let pages_for_peak = peak * pages_per_msg;
    let pageset_pages =
        crate::math::ceil(pages_for_peak * (1.0 + input.headroom_pct / 100.0) / (1.0 - PAGESET_OVERHEAD_FRACTION));
    let expired = rate * interval_s;
    StreamPageset {
        peak_depth_msgs: peak,
        trough_depth_msgs: rate * cap_s,
        msgs_expired_per_scan: expired,
        pages_per_msg,
        pages_for_peak,
        pageset_pages,
        pageset_gb: pageset_pages * PAGE_BYTES / 1_073_741_824.0,
        expiry_cpu_ms_per_scan: expired * expiry::private_cpu_us_per_msg(input.in_buffer_pool_pct) / 1000.0,
    }
}

/// CPU a task's first MQOPEN of a private queue pays beyond a frequently repeated one (control
/// blocks and code not yet in the processor caches). Fitted to Chapter 6, "What do MQ statistics
/// and accounting traces show?", class 3 example of a batch task doing 10 MQPUTs: "Open avg CPU
/// time 34" against the 1 microsecond of a high-rate MQOPEN.
pub const COLD_MQOPEN_CPU_US: f64 = 34.0 - PRIVATE_MQOPEN_CPU_US;

/// Cold extra of resolving the stream queue at that first MQOPEN. Same example: 39 with STREAMQ.
pub const COLD_STREAM_MQOPEN_CPU_US: f64 = 39.0 - 34.0 - PRIVATE_STREAM_MQOPEN_CPU_US;

/// Cold CPU of a task's MQCLOSE of a private queue. Same example: "Close avg CPU time 7".
pub const COLD_MQCLOSE_CPU_US: f64 = 7.0 - PRIVATE_MQCLOSE_CPU_US;

/// Cold extra of closing a queue with STREAMQ. Same example: 10 with STREAMQ.
pub const COLD_STREAM_MQCLOSE_CPU_US: f64 = 3.0;

/// Cold CPU of a task's first MQPUT, spread over its puts in the class 3 average. Same example:
/// 10 puts of 1KB averaged 10 microseconds against about 3.9 for a warm put.
pub const COLD_FIRST_PUT_CPU_US: f64 = 61.3;

/// Cold CPU of the first copy put to the stream queue. Same example: 16 microseconds per put with
/// STREAMQ.
pub const COLD_FIRST_COPY_CPU_US: f64 = 21.3;

/// Page-set pages a queue's first message in a task touches beyond the message's own pages (the
/// queue's header page). Same example: 10 puts used 11 new pages, 22 with STREAMQ.
pub const NEW_PAGES_PER_QUEUE: f64 = 1.0;

/// Existing buffer-pool pages each put reads or updates per queue it puts to (queue and space-map
/// pages rather than message data). Fitted to the same example's "Pages old 32" for 10 puts.
pub const OLD_PAGES_PER_PUT_PER_QUEUE: f64 = 3.2;

/// Input of the `class3_task` calculator: one batch task that opens a private queue, puts some
/// messages out of syncpoint and closes it, as class 3 accounting (MQSMF TASK report) shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Class3TaskInput {
    /// MQPUTs the task makes between its MQOPEN and MQCLOSE.
    pub puts: u32,
    /// Message size (payload, excluding the MQMD).
    #[serde(default = "default_task_message_bytes")]
    pub message_size_bytes: f64,
    /// Whether the queue has STREAMQ set.
    #[serde(default)]
    pub streamed: bool,
}

fn default_task_message_bytes() -> f64 {
    1024.0
}

impl Validate for Class3TaskInput {
    fn validate(&self, v: &mut Validator) {
        v.range("puts", self.puts, 1, 100_000_000);
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
    }
}

/// Output of the `class3_task` calculator: the averages the class 3 task report prints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Class3Task {
    /// Average MQOPEN CPU, in microseconds.
    pub open_cpu_us: f64,
    /// Average MQOPEN elapsed time, in microseconds.
    pub open_elapsed_us: f64,
    /// Average MQPUT CPU, in microseconds.
    pub put_cpu_us: f64,
    /// Average MQPUT elapsed time, in microseconds.
    pub put_elapsed_us: f64,
    /// Average MQCLOSE CPU, in microseconds.
    pub close_cpu_us: f64,
    /// Average MQCLOSE elapsed time, in microseconds.
    pub close_elapsed_us: f64,
    /// CPU of all the task's calls on the queue, in microseconds.
    pub total_queue_cpu_us: f64,
    /// Elapsed time of all the task's calls on the queue, in microseconds.
    pub total_queue_elapsed_us: f64,
    /// New buffer-pool pages the task used.
    pub pages_new: f64,
    /// Existing buffer-pool pages the task read or updated.
    pub pages_old: f64,
    /// Messages streamed to the stream queue.
    pub streamed_messages: f64,
}

/// Class 3 view of a short batch task: warm per-call costs plus the first-call (cold) costs,
/// which dominate the averages when a task makes only a few calls.
pub fn class3_task(input: &Class3TaskInput) -> Class3Task {
    let n = f64::from(input.puts.max(1));
    let bytes = input.message_size_bytes.max(0.0);
    let warm_put = put_cpu_us(QueueType::Private, bytes);
    let (copy, cold_copy, open_extra, close_extra, queues) = if input.streamed {
        (
            STREAM_COPY_COST_FACTOR * warm_put,
            COLD_FIRST_COPY_CPU_US,
            PRIVATE_STREAM_MQOPEN_CPU_US + COLD_STREAM_MQOPEN_CPU_US,
            COLD_STREAM_MQCLOSE_CPU_US,
            2.0,
        )
    } else {
        (0.0, 0.0, 0.0, 0.0, 1.0)
    };
    let open = PRIVATE_MQOPEN_CPU_US + COLD_MQOPEN_CPU_US + open_extra;
    let close = PRIVATE_MQCLOSE_CPU_US + COLD_MQCLOSE_CPU_US + close_extra;
    let put = warm_put + copy + (COLD_FIRST_PUT_CPU_US + cold_copy) / n;
    // Non-persistent calls out of syncpoint do not wait: elapsed is CPU, plus the stream queue's
    // own close processing.
    let close_elapsed = close + if input.streamed { PRIVATE_STREAM_MQCLOSE_ELAPSED_US } else { 0.0 };
    Class3Task {
        open_cpu_us: open,
        open_elapsed_us: open,
        put_cpu_us: put,
        put_elapsed_us: put,
        close_cpu_us: close,
        close_elapsed_us: close_elapsed,
        total_queue_cpu_us: open + n * put + close,
        total_queue_elapsed_us: open + n * put + close_elapsed,
        pages_new: queues * (n * pages_per_message(bytes) + NEW_PAGES_PER_QUEUE),
        pages_old: queues * n * OLD_PAGES_PER_PUT_PER_QUEUE,
        streamed_messages: if input.streamed { n } else { 0.0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smds_offload_is_a_step_down_in_put_cost() {
        let in_cf = put_cpu_us(QueueType::Shared, SMDS_OFFLOAD_THRESHOLD_BYTES);
        let offloaded = put_cpu_us(QueueType::Shared, SMDS_OFFLOAD_THRESHOLD_BYTES + 1.0);
        assert!(offloaded < in_cf);
        assert!(put_cpu_us(QueueType::Private, 0.0) > 0.0);
    }

    #[test]
    fn stored_messages_take_whole_pages() {
        assert_eq!(pages_per_message(0.0), 1.0);
        assert_eq!(pages_per_message(1024.0), 1.0);
        assert_eq!(pages_per_message(PAGE_BYTES - STORED_MESSAGE_OVERHEAD_BYTES + 1.0), 2.0);
    }

    #[test]
    fn the_log_cycle_grows_with_the_data_and_counts_128_page_ios() {
        let s = Scenario::default();
        let kb = [1.0, 16.0, 100.0, 600.0, 4000.0];
        let cycles: Vec<f64> = kb.iter().map(|&k| log_cycle_us(&s, k * KB).0).collect();
        assert!(cycles.windows(2).all(|w| w[1] > w[0]), "{cycles:?}");
        assert_eq!(log_cycle_us(&s, 600.0 * KB).1, 2.0);
        assert_eq!(log_cycle_us(&s, 0.0), (0.0, 0.0));
    }

    #[test]
    fn the_page_set_calculator_covers_the_peak_with_headroom() {
        let input = StreamPagesetInput {
            message_size_bytes: 1024.0,
            put_rate_msgs_s: 200.0,
            capexpry_tenths_s: 12_000,
            expryint_s: 300,
            headroom_pct: 0.0,
            in_buffer_pool_pct: 100.0,
        };
        let out = stream_queue_pageset(&input);
        assert_eq!(out.peak_depth_msgs, 300_000.0);
        assert!(out.pageset_pages >= out.pages_for_peak);
        let roomier = stream_queue_pageset(&StreamPagesetInput { headroom_pct: 50.0, ..input });
        assert!(roomier.pageset_pages > out.pageset_pages * 1.45);
    }

    #[test]
    fn short_tasks_pay_their_cold_costs_in_the_averages() {
        let task =
            |puts: u32, streamed: bool| class3_task(&Class3TaskInput { puts, message_size_bytes: 1024.0, streamed });
        let few = task(10, false);
        let many = task(100_000, false);
        assert!(few.put_cpu_us > 2.0 * many.put_cpu_us);
        assert!((many.put_cpu_us - put_cpu_us(QueueType::Private, 1024.0)).abs() < 0.01);
        assert_eq!(task(10, true).pages_new, 2.0 * few.pages_new);
    }

    #[test]
    fn publishing_to_nobody_costs_nothing() {
        assert_eq!(publish_cpu_us(QueueType::Private, 2048.0, 0), 0.0);
        assert!(publish_cpu_us(QueueType::Private, 2048.0, 2) > 2.0 * put_cpu_us(QueueType::Private, 2048.0));
    }
}
