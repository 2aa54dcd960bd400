//! The sections every sub-model reads: the release, the system and the application workload.

use super::{Validate, Validator};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Largest message MQ for z/OS accepts (100 MB).
pub const MAX_MESSAGE_SIZE_BYTES: u32 = 104_857_600;

/// The MQ release whose behaviour applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize, JsonSchema)]
pub enum Release {
    /// WebSphere MQ for z/OS V5.3 / V5.3.1 (the 2003 report, `001_e9a0356844d0b70c.txt`).
    #[serde(rename = "5.3")]
    V5_3,
    /// IBM MQ for z/OS 9.2.
    #[serde(rename = "9.2")]
    V9_2,
    /// IBM MQ for z/OS 9.3.
    #[serde(rename = "9.3")]
    V9_3,
    /// IBM MQ for z/OS 9.4 (the Aug 2024 report, `004_c01e4fc945a28128.txt`).
    #[default]
    #[serde(rename = "9.4")]
    V9_4,
}

/// The processor family; it scales CPU costs between the two reports' machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Processor {
    /// IBM z16 (3931), the 9.4 report's machine (Appendix B).
    #[default]
    Z16,
    /// zSeries 900 (2064), the V5.3 report's machine.
    #[serde(rename = "z900")]
    Z900,
}

/// The LPAR the queue manager runs in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SystemConfig {
    /// Processor family.
    pub processor: Processor,
    /// General-purpose processors in the queue manager's LPAR (the 9.4 report uses 3 by default).
    pub lpar_cpus: u32,
}

impl Default for SystemConfig {
    fn default() -> Self {
        SystemConfig { processor: Processor::Z16, lpar_cpus: 3 }
    }
}

impl Validate for SystemConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("lpar_cpus", self.lpar_cpus, 1, 200);
    }
}

/// The shape of the application workload, as the reports' test programs run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadKind {
    /// Requesters put a request and wait for the reply a server puts back (the reports' standard test).
    #[default]
    RequestReply,
    /// Tasks put large persistent messages as fast as the log allows (the log upper-bound test).
    LogUpperBound,
    /// One task puts `messages_per_commit` messages, then commits (the CICS batching table).
    BatchPut,
    /// Messages moved between queue managers over sender/receiver channels.
    ChannelMove,
}

/// Whether messages survive a queue manager restart (and so are logged).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Persistence {
    /// Logged; a commit forces the log to DASD.
    Persistent,
    /// Not logged.
    #[default]
    NonPersistent,
}

/// How puts and gets relate to units of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SyncpointMode {
    /// Each put or get is its own unit of work.
    #[default]
    OutOfSyncpoint,
    /// Puts and gets are committed with MQCMIT.
    InSyncpoint,
}

/// Where the application queues live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QueueType {
    /// A queue owned by one queue manager, in its buffer pools and page sets.
    #[default]
    Private,
    /// A shared queue in a coupling facility structure, reachable by every queue manager of a QSG.
    Shared,
}

/// What the applications do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Workload {
    /// The test shape.
    pub kind: WorkloadKind,
    /// Application message size (payload, excluding the MQMD).
    pub message_size_bytes: u32,
    /// Persistent or non-persistent messages.
    pub persistence: Persistence,
    /// In or out of syncpoint.
    pub syncpoint: SyncpointMode,
    /// Whether the queue manager applies implicit syncpoint to persistent puts out of syncpoint
    /// (ImplSyncOpenOutput, MQ 9.0.5 and later; `000_e91e820cc1600bd9.txt`).
    pub implicit_syncpoint: bool,
    /// ImplSyncOpenOutput: the number of applications that must have a queue open for output
    /// before a persistent put out of syncpoint is given an implicit syncpoint (default 2;
    /// 1 = always). Only used when `implicit_syncpoint` is on.
    pub impl_sync_open_output: u32,
    /// Messages put (or operations done) between commits.
    pub messages_per_commit: u32,
    /// Messages a `batch_put` task puts in all (the CICS batching test puts 100,000).
    pub batch_messages: u32,
    /// Syncpoint mode of the serving applications of a request/reply workload; `null` means the
    /// same as `syncpoint`. The 9.4 report's "server in-syncpoint" workloads and both cases of the
    /// implicit-syncpoint article (`000_e91e820cc1600bd9.txt`) run servers in syncpoint.
    pub server_syncpoint: Option<SyncpointMode>,
    /// Requesting application tasks (across all queue managers); the tasks of a
    /// `log_upper_bound` or `batch_put` workload.
    pub requesters: u32,
    /// Serving application tasks (across all queue managers). Spread over the queue pairs in
    /// turn, as the requesters are: a request/reply workload needs at least one for each pair in
    /// use (the smaller of `queue_pairs` and `requesters`).
    pub servers: u32,
    /// Request/reply queue pairs the tasks spread over (in turn, requesters and servers alike).
    pub queue_pairs: u32,
    /// Queue managers running the workload (more than one needs shared queues or channels).
    pub queue_managers: u32,
    /// Private or shared queues.
    pub queue_type: QueueType,
}

impl Default for Workload {
    fn default() -> Self {
        Workload {
            kind: WorkloadKind::RequestReply,
            message_size_bytes: 2048,
            persistence: Persistence::NonPersistent,
            syncpoint: SyncpointMode::OutOfSyncpoint,
            implicit_syncpoint: false,
            impl_sync_open_output: 2,
            messages_per_commit: 1,
            batch_messages: 100_000,
            server_syncpoint: None,
            requesters: 1,
            servers: 1,
            queue_pairs: 1,
            queue_managers: 1,
            queue_type: QueueType::Private,
        }
    }
}

impl Validate for Workload {
    fn validate(&self, v: &mut Validator) {
        v.range("message_size_bytes", self.message_size_bytes, 0, MAX_MESSAGE_SIZE_BYTES);
        v.range("impl_sync_open_output", self.impl_sync_open_output, 1, 10_000);
        v.range("messages_per_commit", self.messages_per_commit, 1, 1_000_000);
        v.range("batch_messages", self.batch_messages, 1, 1_000_000_000);
        v.range("requesters", self.requesters, 1, 10_000);
        v.range("servers", self.servers, 1, 10_000);
        v.range("queue_pairs", self.queue_pairs, 1, 10_000);
        v.range("queue_managers", self.queue_managers, 1, 32);
        // A request/reply pair's requests are served by its own servers (both are spread over the
        // pairs in turn), so a pair in use with none would never answer its requesters.
        let pairs_in_use = self.queue_pairs.min(self.requesters).max(1);
        if self.kind == WorkloadKind::RequestReply && self.servers < pairs_in_use {
            v.require(
                false,
                "servers",
                self.servers,
                &format!(
                    "at least {pairs_in_use}: each queue pair in use (the smaller of queue_pairs and requesters) \
                     needs a server of its own"
                ),
            );
        }
        v.require(
            self.queue_managers == 1 || self.queue_type == QueueType::Shared || self.kind == WorkloadKind::ChannelMove,
            "queue_managers",
            self.queue_managers,
            "1 for private queues, unless the workload moves messages over channels (kind channel_move)",
        );
    }
}
