//! The coupling facility (CF) and shared queues.
//!
//! A shared-queue message lives in a CF list structure instead of a buffer pool. Every MQPUT,
//! MQGET and commit becomes one or more CF requests carried over a CF link. A request is either
//! synchronous (the z/OS processor spins until the CF answers, so its CPU cost is the request's
//! whole service time) or asynchronous (the processor goes on with other work and pays a fixed
//! overhead to hand the request off and field its completion). Which one a request becomes depends
//! on the data it carries, on the link speed and on how busy the link and the CF are. From the
//! request counts and service times this sub-model derives the CF processor time per message, CF
//! utilisation against the 50% guideline, the link busy share, the z/OS CPU per message compared
//! with private queues, the throughput of a workload spread over 1..N queue managers, the size of
//! the application structures, and how often to back them up for a recovery-time target.
//!
//! Sources: `001_e9a0356844d0b70c.txt` Chapter 2 (the V5.3 report, z900 with CFP/ICP links) and
//! `004_c01e4fc945a28128.txt` (the 9.4 report: internal CF with 4 dedicated processors and ICP
//! links, Appendix B; CFLEVEL(5) with SMDS, Appendix A "Shared Queue"; CF request figures in
//! Chapter 6).

use std::cell::Cell;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::math;
use crate::scenario::{Persistence, Processor, QueueType, Scenario, SyncpointMode, Validate, Validator, Workload};

// ---------------------------------------------------------------------------------------------
// Product rules and limits
// ---------------------------------------------------------------------------------------------

/// Length of the MQMD that travels with every message into the structure.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.2 "Application structures": "1212 (1536 - length(MQMD))".
pub const MQMD_BYTES: f64 = 324.0;

/// Structure storage is allocated in elements of this size.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.2: "Round up to 256 byte boundary".
pub const ELEMENT_BYTES: f64 = 256.0;

/// Smallest storage one message occupies (an entry always gets this many bytes of elements).
/// `001_e9a0356844d0b70c.txt`, 2.2.2.2: "subject to a minimum of 1536 bytes".
pub const MIN_MESSAGE_STORAGE_BYTES: f64 = 1536.0;

/// Allowance added to the message storage for the structure's other needs.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.2: "Add 25% (for other implementation considerations...)".
pub const STRUCTURE_ALLOWANCE_PCT: f64 = 25.0;

/// Smallest application structure worth defining.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.2: "we recommend a minimum CF application structure size of 16MB".
pub const MIN_APPLICATION_STRUCTURE_MB: f64 = 16.0;

/// The list structure's own control storage, which the 25% allowance does not cover and which is
/// why the allowance "can be much greater for application structures smaller than 16MB". Fitted to
/// the capacity chart reading "about 750 messages of 64512 bytes(63KB) in a 64MB structure"
/// (`001_e9a0356844d0b70c.txt`, 2.2.2.2).
pub const STRUCTURE_CONTROL_STORAGE_MB: f64 = 5.9;

/// Size of the CSQ_ADMIN structure left at its default.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.1: "the default (and minimum) of 10000KB".
pub const ADMIN_STRUCTURE_KB: f64 = 10_000.0;

/// CSQ_ADMIN entries to allow per queue manager in the QSG.
/// `001_e9a0356844d0b70c.txt`, 2.2.2.1: "allow 1000 entries for each queue manager".
pub const ADMIN_ENTRIES_PER_QMGR: f64 = 1000.0;

/// Largest message payload (excluding the MQMD) whose CF accesses can be synchronous.
/// `001_e9a0356844d0b70c.txt`, 2.1: "messages <= 3626 bytes (excluding the MQMD) are potentially synchronous".
pub const POTENTIALLY_SYNC_MAX_BYTES: f64 = 3626.0;

/// Largest message held wholly in the CF; bigger ones keep only a pointer there and put their
/// data in a shared message data set (SMDS). `001_e9a0356844d0b70c.txt`, 2.0: "Maximum message
/// size 63 KB (64512 bytes including all headers other than MQMD)"; `004_c01e4fc945a28128.txt`,
/// Appendix A "Shared Queue": "larger messages (greater than 63KB)".
pub const MAX_CF_MESSAGE_BYTES: f64 = 64_512.0;

/// Busy share a CF should not normally exceed, so a partner CF can take over its work.
/// `001_e9a0356844d0b70c.txt`, 2.1: "CF utilization does not normally exceed 50%".
pub const CF_UTILISATION_GUIDELINE_PCT: f64 = 50.0;

/// Log data per message (put and got) in a queue sharing group, beyond the message itself.
/// `001_e9a0356844d0b70c.txt`, 2.2.4.1: "message length plus 1.5KB".
pub const QSG_LOG_OVERHEAD_BYTES: f64 = 1536.0;

/// The tiered SMDS offload rules of CFLEVEL(5) (structure full % at which messages above the
/// size are offloaded). `004_c01e4fc945a28128.txt`, Appendix A "Shared Queue" relies on "the
/// default offload thresholds" ("tiered thresholds for offloading data"); the tiers are the
/// product defaults OFFLD1TH(70)/OFFLD1SZ(32K), OFFLD2TH(80)/OFFLD2SZ(4K), OFFLD3TH(90)/OFFLD3SZ(0K).
pub const SMDS_OFFLOAD_TIERS: [(f64, f64); 3] = [(70.0, 32_768.0), (80.0, 4096.0), (90.0, 0.0)];

/// Bytes of a message entry that stay in the CF when its data is offloaded to SMDS (the
/// descriptor and pointer to the SMDS blocks: one element).
pub const OFFLOADED_ENTRY_BYTES: f64 = ELEMENT_BYTES;

/// Subchannels (concurrent requests) per CF link; a request that finds them all busy cannot be
/// synchronous, which is how "contention on a link" turns synchronous requests asynchronous
/// (`001_e9a0356844d0b70c.txt`, 2.1).
pub const SUBCHANNELS_PER_LINK: i32 = 7;

/// Sharpness of z/OS's choice between synchronous and asynchronous CF requests: a request whose
/// synchronous time equals the asynchronous overhead is converted half the time, and the share
/// falls off steeply on either side (`001_e9a0356844d0b70c.txt`, 2.1: "z/OS 1.2 has introduced
/// heuristics which can change any potentially synchronous call to asynchronous").
pub const SYNC_CONVERSION_POWER: f64 = 8.0;

/// Most a potentially synchronous request's z/OS CPU exceeds the asynchronous overhead, as a
/// share of it ([`chosen_request_cpu_us`] at its peak, 1.186 times the overhead's time; fixed by
/// [`SYNC_CONVERSION_POWER`]).
pub const MOST_CHOSEN_CPU_OVER_OVERHEAD: f64 = 0.0379;

/// Busy share a resource can sustain before throughput stops growing (CPU, CF processors).
pub const MAX_USABLE_BUSY_FRACTION: f64 = 0.95;

/// Sharpness of the smooth minimum used where two bounds meet (higher is closer to a hard min).
const SMOOTH_MIN_POWER: f64 = 6.0;

/// Halley steps of [`whole_root`]: from its starting point the third reaches full precision.
const ROOT_HALLEY_STEPS: usize = 3;

/// Most passes of the throughput/load fixed point. The load's effect on the request times is
/// weak, so the passes usually settle well before this; the cap keeps a pathological scenario fast.
const LOAD_FIXED_POINT_PASSES: usize = 4;

/// Relative change below which the fixed point's load counts as settled (far below what any
/// displayed figure shows).
const LOAD_SETTLED_RELATIVE: f64 = 1e-10;

// ---------------------------------------------------------------------------------------------
// CF requests per API call
// ---------------------------------------------------------------------------------------------

/// CF requests an MQPUT makes on the application structure: one "New" that writes the entry and
/// its data (`004_c01e4fc945a28128.txt`, "Shared Queue: Impact of Streaming Queues on MQCMIT":
/// "MQPUT to base and streaming queue 2 x "New"", i.e. one per queue).
pub const PUT_CF_REQUESTS: f64 = 1.0;

/// CF requests an MQGET makes: one that locks and reads the entry and one that deletes it (out of
/// syncpoint) or moves it to the unit of work's list (in syncpoint).
pub const GET_CF_REQUESTS: f64 = 2.0;

/// CF requests a commit makes on the application structure: a "Write" of the unit-of-work
/// descriptor and a "MoveEnt" that makes its entries visible (`004_c01e4fc945a28128.txt`,
/// "Shared Queue: Impact of Streaming Queues on MQCMIT": "1 x "Write" 1 x "MoveEnt"").
pub const COMMIT_CF_REQUESTS: f64 = 2.0;

/// Further CF requests a commit makes for each additional application structure its unit of work
/// touched: one "New" and one "MoveEnt" (`004_c01e4fc945a28128.txt`, "Shared Queue: Impact of
/// Streaming Queues on MQCMIT": "additional calls to the CF in the form of 1 "New" and 1 "MoveEnt"").
pub const COMMIT_CF_REQUESTS_PER_EXTRA_STRUCTURE: f64 = 2.0;

/// Queues a request/reply unit of work touches (the request queue it gets from and the reply
/// queue it puts to), and so the most structures it can span.
pub const QUEUES_PER_UNIT_OF_WORK: u32 = 2;

// ---------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------

/// The type of the CF links between the z/OS images and the CF (as `D CF` shows them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkType {
    /// Internal coupling (ICP; ICS on 9672): within one box, the fastest. The 9.4 report's links
    /// (`004_c01e4fc945a28128.txt`, Appendix B: "3 x ICP links between each z/OS LPAR and CF").
    #[default]
    Icp,
    /// Cluster bus (CBP; CBS on 9672), up to 10 metres.
    Cbp,
    /// HiperLink (CFP; CFS on 9672), up to 27 km, the slowest; most V5.3 report measurements.
    Cfp,
}

/// Timing of one link type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinkTiming {
    /// Round trip of a request over the link, excluding data transfer and CF processing.
    pub latency_us: f64,
    /// Data rate over the link.
    pub bytes_per_us: f64,
    /// How much longer the CF processor works on a request than over ICP (the CF waits on the
    /// link while moving data in and out). `001_e9a0356844d0b70c.txt`, 2.1: "CF processor time is
    /// also dependent on the speed of the CF link, but much less so than the operating system".
    pub cf_time_factor: f64,
}

/// Round-trip latency of an ICP link (memory-to-memory within one box).
pub const ICP_LATENCY_US: f64 = 1.0;
/// Round-trip latency of a CBP link (short copper cable).
pub const CBP_LATENCY_US: f64 = 3.0;
/// Round-trip latency of a CFP link (fibre, optics at both ends).
pub const CFP_LATENCY_US: f64 = 6.0;
/// ICP data rate (bytes per microsecond = MB/s).
pub const ICP_BYTES_PER_US: f64 = 4000.0;
/// CBP data rate.
pub const CBP_BYTES_PER_US: f64 = 1000.0;
/// CFP data rate.
pub const CFP_BYTES_PER_US: f64 = 200.0;
/// CF processor time over CBP relative to ICP.
pub const CBP_CF_TIME_FACTOR: f64 = 1.1;
/// CF processor time over CFP relative to ICP.
pub const CFP_CF_TIME_FACTOR: f64 = 1.2;

impl LinkType {
    /// Timing of this link type. Only the order (ICP faster than CBP faster than CFP) and the
    /// qualitative weights are in the reports (`001_e9a0356844d0b70c.txt`, 2.1); the values are
    /// the usual magnitudes of these link technologies.
    pub fn timing(self) -> LinkTiming {
        match self {
            LinkType::Icp => {
                LinkTiming { latency_us: ICP_LATENCY_US, bytes_per_us: ICP_BYTES_PER_US, cf_time_factor: 1.0 }
            }
            LinkType::Cbp => LinkTiming {
                latency_us: CBP_LATENCY_US,
                bytes_per_us: CBP_BYTES_PER_US,
                cf_time_factor: CBP_CF_TIME_FACTOR,
            },
            LinkType::Cfp => LinkTiming {
                latency_us: CFP_LATENCY_US,
                bytes_per_us: CFP_BYTES_PER_US,
                cf_time_factor: CFP_CF_TIME_FACTOR,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Machine costs
// ---------------------------------------------------------------------------------------------

/// Processor-dependent costs: the two reports ran on machines two decades apart and measured cost
/// differently (RMF whole-system busy per message in 2003, class 3 accounting per API call in
/// 2024), so each machine has its own set, fitted to its own report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MachineCosts {
    /// CF processor time of one request that carries no message data, over ICP.
    pub cf_request_us: f64,
    /// CF processor time per KB of message data a request writes or reads.
    pub cf_us_per_kb: f64,
    /// z/OS CPU of an asynchronous CF request (hand-off, completion and re-dispatch).
    pub async_request_us: f64,
    /// z/OS CPU per KB of message data prepared for or taken from the CF.
    pub cf_data_zos_us_per_kb: f64,
    /// z/OS CPU of one MQPUT or MQGET to a shared queue outside its CF requests.
    pub shared_api_us: f64,
    /// z/OS CPU of a commit outside its CF requests.
    pub commit_us: f64,
    /// z/OS CPU to write an offloaded message's data to SMDS or read it back (per operation).
    pub smds_io_us: f64,
    /// z/OS CPU per KB of SMDS data.
    pub smds_us_per_kb: f64,
    /// Best-case private-queue z/OS CPU per message (put and got, all in the buffer pool).
    pub private_msg_us: f64,
    /// Private-queue z/OS CPU per KB of message.
    pub private_us_per_kb: f64,
    /// Extra z/OS CPU per persistent message for logging (private and shared alike).
    pub persistent_msg_us: f64,
    /// Extra z/OS CPU per KB of persistent message for logging.
    pub persistent_us_per_kb: f64,
    /// z/OS CPU per message for each queue manager beyond the first (waiting getters on every
    /// queue manager are told of each new message, and most find it already taken).
    pub per_extra_qmgr_us: f64,
    /// Additional z/OS CPU per persistent message for each queue manager beyond the first
    /// (CSQ_ADMIN traffic that persistent messages need, `001_e9a0356844d0b70c.txt`, 2.3.3).
    pub persistent_per_extra_qmgr_us: f64,
    /// Forced-log time per persistent message at the logger (commit aggregation included); only
    /// for machines whose DASD the log sub-model does not describe (0 otherwise).
    pub log_us_per_msg: f64,
    /// Log time per byte of log data; as `log_us_per_msg`.
    pub log_us_per_byte: f64,
    /// CPU seconds to back up one message of a structure (fuzzy backup to the log).
    pub backup_cpu_us_per_msg: f64,
}

/// Costs on a z16 (3931), the 9.4 report's machine.
///
/// - `cf_request_us`: `004_c01e4fc945a28128.txt`, "EXPRYINT - why is the default value "OFF"?":
///   "225,000 synchronous requests to the CF with an average time of 3.9 microseconds".
/// - `cf_us_per_kb`: same report, "Shared Queue: Impact of Streaming Queues on MQCMIT": "CF cost
///   per MQPUT 8 CPU microseconds" for two 1KB "New" requests, barely above the data-less request.
/// - API, async, per-KB and SMDS costs: fitted to the shared-queue MQPUT costs of "Shared Queue:
///   How much does the type of MQPUT affect the cost?" (1KB) and "Shared Queue: How much does
///   message size affect streaming costs?" (2KB, 4KB, 32KB, 64KB and 128KB; 8KB and 16KB held out).
/// - Private costs: the private-queue column of "Private Queue: How much does message size affect
///   streaming costs?" for a put, doubled for the get.
/// - Persistent, per-queue-manager and backup costs have no 9.4 figure: they keep the V5.3
///   proportions to the private message cost. Log times come from the log sub-model.
pub const Z16_COSTS: MachineCosts = MachineCosts {
    cf_request_us: 3.9,
    cf_us_per_kb: 0.1,
    async_request_us: 5.2,
    cf_data_zos_us_per_kb: 0.62,
    shared_api_us: 1.1,
    commit_us: 2.0,
    smds_io_us: 8.5,
    smds_us_per_kb: 0.156,
    private_msg_us: 7.2,
    private_us_per_kb: 0.38,
    persistent_msg_us: 13.4,
    persistent_us_per_kb: 0.11,
    per_extra_qmgr_us: 0.4,
    persistent_per_extra_qmgr_us: 1.5,
    log_us_per_msg: 0.0,
    log_us_per_byte: 0.0,
    backup_cpu_us_per_msg: 2.5,
};

/// Costs on a z900 (2064), the V5.3 report's machine (`001_e9a0356844d0b70c.txt`).
///
/// - CF costs: fitted to "about 200 CF microsecs per message ... for 1000 byte messages when using
///   CFP links" and "about 270 CF microsecs per message" for 5000 bytes (2.3.3).
/// - z/OS shared vs private: fitted to "of order 100% more than for 1000 byte", "75% more for 5000
///   byte" and "16% more for 63KB" non-persistent messages (2.4.2), "37% more than for 1000 byte
///   persistent messages" (2.3.2), and the per-queue-manager increments 5% (2.4.2) and 9% (2.3.2).
///   The data-handling share of the shared path is nil here: the three non-persistent ratios only
///   fit a shared surcharge that does not grow with message size on this machine.
/// - Log times: fitted to "More than 11000 messages per second ... with 1000 byte messages" and
///   "More than 6000 messages per second with 5000 byte messages" with four queue managers (2.3.1).
/// - Backup CPU: "backup of 100,000 1KB persistent messages is less than 2 CPU seconds" (2.2.4,
///   measured on a 9672-X27, the nearest machine the model has being the z900).
/// - SMDS costs (not measured in 2003, when messages were at most 63KB) scale the z16 ones by the
///   ratio of the two machines' private message costs.
pub const Z900_COSTS: MachineCosts = MachineCosts {
    cf_request_us: 36.8,
    cf_us_per_kb: 7.5,
    async_request_us: 15.9,
    cf_data_zos_us_per_kb: 0.0,
    shared_api_us: 10.0,
    commit_us: 16.0,
    smds_io_us: 68.0,
    smds_us_per_kb: 1.25,
    private_msg_us: 58.0,
    private_us_per_kb: 5.4,
    persistent_msg_us: 108.0,
    persistent_us_per_kb: 1.6,
    per_extra_qmgr_us: 3.2,
    persistent_per_extra_qmgr_us: 12.0,
    log_us_per_msg: 170.0,
    log_us_per_byte: 0.076,
    backup_cpu_us_per_msg: 20.0,
};

/// The cost set of a processor.
pub fn machine_costs(processor: Processor) -> MachineCosts {
    match processor {
        Processor::Z16 => Z16_COSTS,
        Processor::Z900 => Z900_COSTS,
    }
}

// ---------------------------------------------------------------------------------------------
// Scenario section
// ---------------------------------------------------------------------------------------------

/// The coupling facility, its links and the application structures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct CfConfig {
    /// Type of the CF links (the fastest available is used).
    pub link_type: LinkType,
    /// CF links between each z/OS image and the CF (count).
    pub links_per_lpar: u32,
    /// Dedicated processors in the CF (count).
    pub cf_processors: u32,
    /// Application structures the workload's queues are spread over (count, CSQ_ADMIN excluded).
    pub application_structures: u32,
    /// Size (INITSIZE) of each application structure, in KB as in the CFRM policy.
    pub structure_size_kb: f64,
    /// Messages held in the application structures at the moment considered (count); drives the
    /// structure's fullness, SMDS offload and the backup size.
    pub structure_depth_msgs: f64,
    /// Messages whose payload is above this many bytes always have their data offloaded to SMDS
    /// (CFLEVEL(5)); the tiered rules offload smaller ones as the structure fills.
    pub smds_offload_threshold_bytes: f64,
    /// Interval between fuzzy backups of the application structure (BACKUP CFSTRUCT), minutes.
    pub backup_interval_min: f64,
    /// Rate at which the longest log can be read backwards during recovery, MB/s.
    pub log_read_backwards_mb_s: f64,
    /// Rate at which a fuzzy backup is read back and restored into the structure, MB/s.
    pub restore_mb_s: f64,
    /// Recovery processing time the installation must meet, minutes.
    pub recovery_target_min: f64,
}

impl Default for CfConfig {
    /// The 9.4 report's CF (`004_c01e4fc945a28128.txt`, Appendix B: "Internal coupling facility
    /// with 4 dedicated processors", "3 x ICP links"), the V5.3 report's structure definition
    /// (`001_e9a0356844d0b70c.txt`, 2.2.2.2: "INITSIZE(500000)") and its backup example (2.2.4.1:
    /// 30-minute target, "about 3MB/sec" backwards, 100,000 messages restored "in 20 seconds").
    /// A request/reply workload keeps few messages on its queues, hence the small depth.
    fn default() -> Self {
        CfConfig {
            link_type: LinkType::Icp,
            links_per_lpar: 3,
            cf_processors: 4,
            application_structures: 1,
            structure_size_kb: 500_000.0,
            structure_depth_msgs: 1000.0,
            smds_offload_threshold_bytes: MAX_CF_MESSAGE_BYTES,
            backup_interval_min: 30.0,
            log_read_backwards_mb_s: 3.0,
            restore_mb_s: 12.5,
            recovery_target_min: 30.0,
        }
    }
}

impl Validate for CfConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("links_per_lpar", self.links_per_lpar, 1, 16);
        v.range("cf_processors", self.cf_processors, 1, 64);
        // 63 CF structures per QSG, one of them CSQ_ADMIN (`001_e9a0356844d0b70c.txt`, 2.0).
        v.range("application_structures", self.application_structures, 1, 62);
        v.range("structure_size_kb", self.structure_size_kb, 1024.0, 1.0e9);
        v.range("structure_depth_msgs", self.structure_depth_msgs, 0.0, 1.0e9);
        v.range("smds_offload_threshold_bytes", self.smds_offload_threshold_bytes, 0.0, MAX_CF_MESSAGE_BYTES);
        v.range("backup_interval_min", self.backup_interval_min, 0.1, 100_000.0);
        v.range("log_read_backwards_mb_s", self.log_read_backwards_mb_s, 0.1, 100_000.0);
        v.range("restore_mb_s", self.restore_mb_s, 0.1, 100_000.0);
        v.range("recovery_target_min", self.recovery_target_min, 0.1, 100_000.0);
    }
}

// ---------------------------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------------------------

/// What limits shared-queue throughput.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SharedQueueBound {
    /// The queue managers' LPAR processors.
    #[default]
    Cpu,
    /// The queue managers' logs (persistent messages).
    Log,
    /// The coupling facility's processors.
    Cf,
}

/// Coupling facility load, cost per message, shared-queue throughput, structure size and backup.
///
/// CF load figures (utilisation, link busy, throughput) are 0 when the workload's queues are
/// private; the cost comparison, structure sizing and backup figures are always given.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CfMetrics {
    /// CF requests on the application structure per message put and got (count).
    pub cf_requests_per_msg: f64,
    /// CF processor time of one request that carries no message data, microseconds.
    pub cf_us_per_request: f64,
    /// CF processor time per message put and got, microseconds.
    pub cf_us_per_msg: f64,
    /// CF processor time per request/reply transaction (two messages), microseconds.
    pub cf_us_per_txn: f64,
    /// Elapsed time of a synchronous CF request carrying the message, microseconds.
    pub sync_service_time_us: f64,
    /// Share of the workload's CF requests that complete synchronously, percent.
    pub sync_request_pct: f64,
    /// z/OS CPU per CF request (spin for synchronous, overhead for asynchronous), microseconds.
    pub zos_us_per_request: f64,
    /// Bytes of message data held in the CF per message (the rest is in SMDS).
    pub cf_data_bytes_per_msg: f64,
    /// Whether the message's data is offloaded to SMDS at the structure's current fullness.
    pub smds_offloaded: bool,
    /// z/OS CPU of an MQPUT to a shared queue (class 3 view), microseconds.
    pub mqput_cpu_us: f64,
    /// z/OS CPU of an MQGET from a shared queue, microseconds.
    pub mqget_cpu_us: f64,
    /// z/OS CPU of an MQCMIT of a shared-queue unit of work, microseconds.
    pub mqcmit_cpu_us: f64,
    /// z/OS CPU per message put and got on shared queues (whole system), microseconds.
    pub shared_cpu_us_per_msg: f64,
    /// z/OS CPU per message on best-case private queues (all in the buffer pool), microseconds.
    pub private_cpu_us_per_msg: f64,
    /// How much more z/OS CPU a message costs on shared queues than on best-case private ones, percent.
    pub shared_cpu_increase_pct: f64,
    /// Percentage points of the private cost each further queue manager adds, percent.
    pub cpu_increase_pct_per_extra_qmgr: f64,
    /// How much more z/OS CPU a message costs with the queues spread over the configured number of
    /// application structures than with one, percent.
    pub cpu_increase_pct_vs_one_structure: f64,
    /// Messages per second (put and got) the shared-queue workload sustains across its queue managers.
    pub throughput_msgs_s: f64,
    /// Request/reply transactions per second (two messages each).
    pub throughput_txn_s: f64,
    /// What limits `throughput_msgs_s`.
    pub bound: SharedQueueBound,
    /// Messages per second one queue manager sustains with private queues (the comparison base).
    pub private_throughput_msgs_s: f64,
    /// Single-queue-manager throughput on shared queues over that on private queues (ratio).
    pub shared_vs_private_throughput_ratio: f64,
    /// CF processor utilisation at `throughput_msgs_s`, percent.
    pub cf_utilisation_pct: f64,
    /// Whether CF utilisation is within the 50% guideline.
    pub cf_within_guideline: bool,
    /// Message rate at which the CF would reach the 50% guideline, msgs/s.
    pub msgs_s_at_cf_guideline: f64,
    /// Busy share of each CF link, percent.
    pub link_busy_pct: f64,
    /// Structure storage per message (elements, at least the minimum entry), bytes.
    pub structure_bytes_per_msg: f64,
    /// Messages one application structure of the configured size holds (count).
    pub structure_capacity_msgs: f64,
    /// How full the application structures are at the configured depth, percent.
    pub structure_full_pct: f64,
    /// CPU to take a fuzzy backup of the configured depth, seconds.
    pub backup_cpu_s: f64,
    /// Time to restore the fuzzy backup of the configured depth, seconds.
    pub restore_time_s: f64,
    /// Log data per second written to the busiest queue manager's log, MB/s.
    pub log_mb_s_longest_log: f64,
    /// Time to recover the structure after a failure just before the next backup, minutes.
    pub recovery_time_min: f64,
    /// Longest backup interval that meets `recovery_target_min`, minutes.
    pub backup_interval_for_target_min: f64,
}

// ---------------------------------------------------------------------------------------------
// Mechanism
// ---------------------------------------------------------------------------------------------

/// Share of potentially synchronous requests z/OS keeps synchronous when their synchronous time
/// is `sync_us` against an asynchronous overhead of `async_us`: half at the crossover, falling
/// off steeply either side ([`SYNC_CONVERSION_POWER`]).
pub fn kept_synchronous_share(sync_us: f64, async_us: f64) -> f64 {
    1.0 / (1.0 + math::pow_whole(sync_us / async_us.max(1e-12), SYNC_CONVERSION_POWER))
}

/// z/OS CPU of a potentially synchronous request, `sync_us` its synchronous time: the requests
/// kept synchronous spin for it, the others pay the asynchronous overhead `async_us`. Below the
/// crossover it grows with the request's time (the slower the link the higher the cost,
/// `001_e9a0356844d0b70c.txt`, 2.1); past it the few kept synchronous spin a little longer than
/// the overhead, at most [`MOST_CHOSEN_CPU_OVER_OVERHEAD`] over it, and fewer the further past.
pub fn chosen_request_cpu_us(sync_us: f64, async_us: f64) -> f64 {
    let h = kept_synchronous_share(sync_us, async_us);
    h * sync_us + (1.0 - h) * async_us
}

/// Smooth minimum of two positive bounds: close to the smaller, a little below where they meet.
fn smooth_min(a: f64, b: f64) -> f64 {
    let a = a.max(1e-12);
    let b = b.max(1e-12);
    let m = a.min(b);
    // Normalise before raising to a power so that nothing overflows; one of the two terms is 1,
    // so the sum lies in [1, 2].
    let s = math::pow_whole(m / a, SMOOTH_MIN_POWER) + math::pow_whole(m / b, SMOOTH_MIN_POWER);
    m / whole_root(s, SMOOTH_MIN_POWER)
}

/// The `n`th root of `s`. Where [`smooth_min`] needs it (`s` in [1, 2], whole `n`), Halley's
/// method from the tangent at 1: each step cubes the relative error, so three steps take the
/// tangent's few percent to full precision for one division each, far cheaper than a general
/// power. Elsewhere [`math::pow`].
fn whole_root(s: f64, n: f64) -> f64 {
    if !((1.0..=2.0).contains(&s) && (1.0..=64.0).contains(&n) && math::is_whole(n)) {
        return math::pow(s, 1.0 / n);
    }
    let mut y = 1.0 + (s - 1.0) / n;
    for _ in 0..ROOT_HALLEY_STEPS {
        let yn = math::pow_whole(y, n);
        y *= ((n - 1.0) * yn + (n + 1.0) * s) / ((n + 1.0) * yn + (n - 1.0) * s);
    }
    y
}

/// Whether two successive values of a fixed point agree to [`LOAD_SETTLED_RELATIVE`].
fn settled(previous: f64, next: f64) -> bool {
    (next - previous).abs() <= LOAD_SETTLED_RELATIVE * previous.abs().max(next.abs())
}

/// A utilisation held below 1 with a smooth knee, so that queueing formulas stay finite.
fn bounded_utilisation(u: f64) -> f64 {
    let u = u.max(0.0);
    let cap = MAX_USABLE_BUSY_FRACTION;
    // Saturates towards `cap`, equal to u for small u.
    cap * (1.0 - math::exp(-u / cap))
}

/// Mean time a CF request waits for one of `processors` CF processors busy `utilisation` of the
/// time, as a multiple of its own CF time (`rho^c / (c (1 - rho))`, the M/M/c wait's usual
/// approximation; exact for one processor). Infinite at or past saturation.
pub fn cf_queueing(utilisation: f64, processors: f64) -> f64 {
    let rho = utilisation.max(0.0);
    if rho >= 1.0 {
        return f64::INFINITY;
    }
    let c = processors.max(1.0);
    math::pow_whole(rho, c) / (c * (1.0 - rho))
}

/// Storage one message occupies in a structure: message plus MQMD, rounded up to whole
/// elements, at least the minimum entry (`001_e9a0356844d0b70c.txt`, 2.2.2.2).
pub fn structure_bytes_per_message(payload_bytes: f64) -> f64 {
    let raw = payload_bytes.max(0.0) + MQMD_BYTES;
    (math::ceil(raw / ELEMENT_BYTES) * ELEMENT_BYTES).max(MIN_MESSAGE_STORAGE_BYTES)
}

/// Messages of `payload_bytes` that fit in a structure of `structure_kb`, after the structure's
/// control storage and the 25% allowance.
pub fn messages_that_fit(payload_bytes: f64, structure_kb: f64) -> f64 {
    let usable = (structure_kb * 1024.0 - STRUCTURE_CONTROL_STORAGE_MB * 1_048_576.0).max(0.0);
    math::floor(usable / (1.0 + STRUCTURE_ALLOWANCE_PCT / 100.0) / structure_bytes_per_message(payload_bytes))
}

/// Payload size above which a message's data goes to SMDS when the structure is `full_pct` full:
/// the configured threshold, lowered by the tiered offload rules.
pub fn offload_threshold_bytes(configured_bytes: f64, full_pct: f64) -> f64 {
    SMDS_OFFLOAD_TIERS
        .iter()
        .filter(|(tier_pct, _)| full_pct >= *tier_pct)
        .fold(configured_bytes, |t, (_, size)| t.min(*size))
}

/// Whether the scenario's messages have their data offloaded to SMDS at the structures' configured
/// depth (the configured threshold lowered by the tiered rules, as the calls are priced).
pub fn data_offloaded(s: &Scenario) -> bool {
    f64::from(s.workload.message_size_bytes)
        > offload_threshold_bytes(s.cf.smds_offload_threshold_bytes, structure_full_pct(s))
}

/// Everything about one message on shared queues, computed once per evaluation.
#[derive(Debug, Clone, Copy)]
struct SharedCost {
    requests_per_msg: f64,
    cf_us_per_request: f64,
    cf_us_per_msg: f64,
    sync_service_us: f64,
    sync_fraction: f64,
    zos_us_per_request: f64,
    cf_data_bytes: f64,
    offloaded: bool,
    mqput_us: f64,
    mqget_us: f64,
    mqcmit_us: f64,
    mqput_async_wait_us: f64,
    mqget_async_wait_us: f64,
    mqcmit_async_wait_us: f64,
    /// CF processor time of each call's requests, µs: (MQPUT, MQGET, MQCMIT).
    call_cf_us: (f64, f64, f64),
    /// The same for the call's asynchronous requests only, whose wait the caller sees.
    call_async_cf_us: (f64, f64, f64),
    /// See [`SharedApiCpu::call_async_requests`].
    call_async_requests: (f64, f64, f64),
    shared_msg_us: f64,
    private_msg_us: f64,
    link_busy: f64,
}

/// Load on the shared resources, fed back into the per-message costs.
#[derive(Debug, Clone, Copy, Default)]
struct Load {
    /// CF processor utilisation, 0..1.
    cf: f64,
    /// Busy share of each link, 0..1.
    link: f64,
}

/// Commits per message put and got. A requester in syncpoint commits its request and its reply
/// (two commits per two-message transaction); a server in syncpoint commits the get of the request
/// and the put of the reply together (one per transaction). Batching spreads each commit over
/// `messages_per_commit` messages.
pub fn commits_per_message(w: &Workload) -> f64 {
    let requester = if w.syncpoint == SyncpointMode::InSyncpoint { 1.0 } else { 0.0 };
    let server = if w.server_syncpoint.unwrap_or(w.syncpoint) == SyncpointMode::InSyncpoint { 0.5 } else { 0.0 };
    (requester + server) / f64::from(w.messages_per_commit.max(1))
}

/// CF requests of one commit when the queues are spread over `structures` application structures.
pub fn commit_cf_requests(structures: u32) -> f64 {
    let spanned = structures.clamp(1, QUEUES_PER_UNIT_OF_WORK);
    COMMIT_CF_REQUESTS + COMMIT_CF_REQUESTS_PER_EXTRA_STRUCTURE * f64::from(spanned - 1)
}

/// The parts of a shared-queue message's cost that depend only on the scenario: where its data
/// lives, the CF time of each kind of request and the z/OS costs outside the CF requests. Built
/// once per evaluation, because the throughput/load fixed point and the comparison costs (one
/// queue manager, one structure, two queue managers) all reuse them.
#[derive(Debug, Clone, Copy)]
struct SharedPath {
    m: MachineCosts,
    link: LinkTiming,
    cf_processors: f64,
    cf_data_bytes: f64,
    offloaded: bool,
    cf_plain_us: f64,
    cf_data_us: f64,
    commits_per_msg: f64,
    /// 1 when the message is small enough for its data requests to be synchronous, else 0.
    eligible: f64,
    data_handling_us: f64,
    private_msg_us: f64,
    per_qmgr_us: f64,
}

/// What a CF request takes at one load: the part of the cost that the fixed point iterates on.
#[derive(Debug, Clone, Copy)]
struct RequestTimes {
    data_sync_us: f64,
    plain_sync_us: f64,
    data_sync_fraction: f64,
    plain_sync_fraction: f64,
    data_zos_us: f64,
    plain_zos_us: f64,
    link_busy: f64,
}

impl SharedPath {
    fn of(s: &Scenario) -> SharedPath {
        let m = machine_costs(s.system.processor);
        let w = &s.workload;
        let cf = &s.cf;
        let link = cf.link_type.timing();
        let payload = f64::from(w.message_size_bytes);
        let persistent = w.persistence == Persistence::Persistent;

        // Where the data lives: wholly in the CF, or in SMDS with a pointer in the CF.
        let offloaded = data_offloaded(s);
        let cf_data_bytes = if offloaded { OFFLOADED_ENTRY_BYTES } else { payload + MQMD_BYTES };
        let cf_data_kb = cf_data_bytes / 1024.0;
        let smds_kb = if offloaded { payload / 1024.0 } else { 0.0 };

        // CF processor time per request, with and without data.
        let cf_plain_us = m.cf_request_us * link.cf_time_factor;
        let cf_data_us = cf_plain_us + m.cf_us_per_kb * cf_data_kb * link.cf_time_factor;

        let data_handling_us = m.cf_data_zos_us_per_kb * cf_data_kb
            + if offloaded { m.smds_io_us + m.smds_us_per_kb * smds_kb } else { 0.0 };

        // Whole-system cost per message on private queues, the base the shared cost adds to.
        let kb = payload / 1024.0;
        let log_us = if persistent { m.persistent_msg_us + m.persistent_us_per_kb * kb } else { 0.0 };
        let private_msg_us = m.private_msg_us + m.private_us_per_kb * kb + log_us;
        let per_qmgr_us = m.per_extra_qmgr_us + if persistent { m.persistent_per_extra_qmgr_us } else { 0.0 };

        SharedPath {
            m,
            link,
            cf_processors: f64::from(cf.cf_processors.max(1)),
            cf_data_bytes,
            offloaded,
            cf_plain_us,
            cf_data_us,
            commits_per_msg: commits_per_message(w),
            eligible: if payload <= POTENTIALLY_SYNC_MAX_BYTES { 1.0 } else { 0.0 },
            data_handling_us,
            private_msg_us,
            per_qmgr_us,
        }
    }

    /// Synchronous times, synchronous shares and z/OS CPU of the data and plain requests at `load`.
    fn request_times(&self, load: Load) -> RequestTimes {
        let m = &self.m;
        let link = &self.link;
        // A synchronous request's elapsed time: CF work stretched by queueing for a CF processor,
        // link round trip and the data transfer both ways.
        let cf_wait_factor = 1.0 + cf_queueing(bounded_utilisation(load.cf), self.cf_processors);
        let sync_service =
            |cf_us: f64, bytes: f64| cf_us * cf_wait_factor + link.latency_us + bytes / link.bytes_per_us;
        let data_sync_us = sync_service(self.cf_data_us, self.cf_data_bytes);
        let plain_sync_us = sync_service(self.cf_plain_us, 0.0);

        // Which requests stay synchronous: only small messages may; z/OS converts a request whose
        // synchronous time would exceed the cost of going asynchronous; and a request that finds
        // every subchannel of its link busy goes asynchronous.
        let link_u = bounded_utilisation(load.link);
        let link_sync = 1.0 - math::pow_whole(link_u, f64::from(SUBCHANNELS_PER_LINK));
        let heuristic = |t: f64| kept_synchronous_share(t, m.async_request_us);
        let eligible = self.eligible;
        // Link contention forces asynchronous the requests z/OS would have kept synchronous,
        // whatever they would cost.
        let zos_request = |eligible: f64, t: f64| {
            let chosen = chosen_request_cpu_us(t, m.async_request_us);
            eligible * link_sync * chosen + (1.0 - eligible * link_sync) * m.async_request_us
        };
        RequestTimes {
            data_sync_us,
            plain_sync_us,
            // A large message's data requests are never synchronous, so their share needs no heuristic.
            data_sync_fraction: if eligible > 0.0 { eligible * heuristic(data_sync_us) * link_sync } else { 0.0 },
            plain_sync_fraction: heuristic(plain_sync_us) * link_sync,
            data_zos_us: zos_request(eligible, data_sync_us),
            plain_zos_us: zos_request(1.0, plain_sync_us),
            link_busy: link_u,
        }
    }

    /// The cost of a message with `qmgrs` queue managers sharing queues spread over `structures`
    /// application structures, its CF requests taking `t`.
    fn cost(&self, t: &RequestTimes, qmgrs: f64, structures: u32) -> SharedCost {
        let m = &self.m;
        // Requests per message: the put, the get, and the commit's share.
        let commit_requests = commit_cf_requests(structures);
        let data_requests = 2.0; // the put's write and the get's read carry the data
        let plain_requests = PUT_CF_REQUESTS + GET_CF_REQUESTS - data_requests + commit_requests * self.commits_per_msg;
        let requests_per_msg = data_requests + plain_requests;
        let cf_us_per_msg = data_requests * self.cf_data_us + plain_requests * self.cf_plain_us;

        let sync_fraction =
            (data_requests * t.data_sync_fraction + plain_requests * t.plain_sync_fraction) / requests_per_msg;
        let zos_us_per_request = (data_requests * t.data_zos_us + plain_requests * t.plain_zos_us) / requests_per_msg;

        // The API calls as class 3 accounting sees them.
        let data_handling_us = self.data_handling_us;
        let mqput_us = m.shared_api_us + PUT_CF_REQUESTS * t.data_zos_us + data_handling_us;
        let mqget_us = m.shared_api_us + t.data_zos_us + (GET_CF_REQUESTS - 1.0) * t.plain_zos_us + data_handling_us;
        let mqcmit_us = m.commit_us + commit_requests * t.plain_zos_us;
        // An asynchronous request costs z/OS only its hand-off and completion, but the caller still
        // waits while it crosses the link and the CF serves it: the time a synchronous request
        // would have spun. Synchronous requests are already whole in the CPU above.
        let data_async_wait_us = (1.0 - t.data_sync_fraction) * t.data_sync_us;
        let plain_async_wait_us = (1.0 - t.plain_sync_fraction) * t.plain_sync_us;
        let mqput_async_wait_us = PUT_CF_REQUESTS * data_async_wait_us;
        let mqget_async_wait_us = data_async_wait_us + (GET_CF_REQUESTS - 1.0) * plain_async_wait_us;
        let mqcmit_async_wait_us = commit_requests * plain_async_wait_us;
        let (data_cf, plain_cf) = (self.cf_data_us, self.cf_plain_us);
        let call_cf_us =
            (PUT_CF_REQUESTS * data_cf, data_cf + (GET_CF_REQUESTS - 1.0) * plain_cf, commit_requests * plain_cf);
        let (data_async, plain_async) = (1.0 - t.data_sync_fraction, 1.0 - t.plain_sync_fraction);
        let call_async_requests = (
            PUT_CF_REQUESTS * data_async,
            data_async + (GET_CF_REQUESTS - 1.0) * plain_async,
            commit_requests * plain_async,
        );
        let call_async_cf_us = (
            PUT_CF_REQUESTS * data_async * data_cf,
            data_async * data_cf + (GET_CF_REQUESTS - 1.0) * plain_async * plain_cf,
            commit_requests * plain_async * plain_cf,
        );

        // Whole-system cost per message, private and shared.
        let extra_qmgrs = (qmgrs - 1.0).max(0.0);
        let shared_msg_us = self.private_msg_us
            + requests_per_msg * zos_us_per_request
            + 2.0 * data_handling_us
            + extra_qmgrs * self.per_qmgr_us;

        SharedCost {
            requests_per_msg,
            cf_us_per_request: self.cf_plain_us,
            cf_us_per_msg,
            sync_service_us: t.data_sync_us,
            sync_fraction,
            zos_us_per_request,
            cf_data_bytes: self.cf_data_bytes,
            offloaded: self.offloaded,
            mqput_us,
            mqget_us,
            mqcmit_us,
            mqput_async_wait_us,
            mqget_async_wait_us,
            mqcmit_async_wait_us,
            call_cf_us,
            call_async_cf_us,
            call_async_requests,
            shared_msg_us,
            private_msg_us: self.private_msg_us,
            link_busy: t.link_busy,
        }
    }
}

/// How full the application structures are at the configured depth, percent (may exceed 100 when
/// the depth could not fit; the tiered offload rules then apply in full).
fn structure_full_pct(s: &Scenario) -> f64 {
    let capacity = messages_that_fit(f64::from(s.workload.message_size_bytes), s.cf.structure_size_kb)
        * f64::from(s.cf.application_structures);
    if capacity <= 0.0 { 100.0 } else { (s.cf.structure_depth_msgs / capacity * 100.0).min(1000.0) }
}

/// How many messages per second one queue manager can log, for persistent messages of a given
/// log data size. On the z900 the V5.3 report's DASD is described by the fitted per-message and
/// per-byte times; on the z16 the log sub-model gives the forced-write time (shared by the
/// concurrent committers of one queue manager, whose commits ride on the same write) and the
/// log's data-rate limit. The limit (a whole log-writer evaluation) is worked out once for the
/// several record sizes one evaluation asks about.
struct LogLimit<'a> {
    s: &'a Scenario,
    /// Most log data the log writes, bytes per µs (z16 only; the z900 figures include it).
    max_bytes_per_us: f64,
    /// The last forced write asked for: its whole log pages and its time (µs). Forced writes are
    /// whole pages, so the shared and private records often need the very same write.
    last_write: Cell<Option<(f64, f64)>>,
}

impl<'a> LogLimit<'a> {
    fn of(s: &'a Scenario) -> LogLimit<'a> {
        let max_bytes_per_us = match s.system.processor {
            Processor::Z900 => 0.0,
            Processor::Z16 => crate::model::log::max_log_rate_mb_s(s) * 1_048_576.0 / 1.0e6,
        };
        LogLimit { s, max_bytes_per_us, last_write: Cell::new(None) }
    }

    /// Messages per second one queue manager can log at `log_bytes` of log data each.
    fn msgs_s(&self, log_bytes: f64) -> f64 {
        let s = self.s;
        let m = machine_costs(s.system.processor);
        let us_per_msg = match s.system.processor {
            Processor::Z900 => m.log_us_per_msg + m.log_us_per_byte * log_bytes,
            Processor::Z16 => {
                let committers = (f64::from(s.workload.servers) / f64::from(s.workload.queue_managers.max(1))).max(1.0);
                let force_us = self.write_time_us(log_bytes * committers) / committers;
                force_us + log_bytes / self.max_bytes_per_us.max(1e-9)
            }
        };
        1.0e6 / us_per_msg.max(1e-9)
    }

    /// [`crate::model::log::write_time_us`], reusing the last answer for a write of as many pages.
    fn write_time_us(&self, io_bytes: f64) -> f64 {
        let pages = math::ceil(io_bytes.max(0.0) / crate::model::log::LOG_PAGE_BYTES).max(1.0);
        if let Some((last_pages, time_us)) = self.last_write.get()
            && last_pages == pages
        {
            return time_us;
        }
        let time_us = crate::model::log::write_time_us(self.s, io_bytes);
        self.last_write.set(Some((pages, time_us)));
        time_us
    }
}

/// Messages per second one queue manager's processors can handle at `cpu_us_per_msg`.
fn cpu_bound_msgs_s(s: &Scenario, cpu_us_per_msg: f64) -> f64 {
    f64::from(s.system.lpar_cpus) * 1.0e6 * MAX_USABLE_BUSY_FRACTION / cpu_us_per_msg.max(1e-9)
}

/// The workload's shared-queue cost at the load it settles at, with the throughput that load
/// comes from and what bounds it.
struct Settled {
    cost: SharedCost,
    /// The load `cost`'s request times were worked out at.
    load: Load,
    throughput: f64,
    bound: SharedQueueBound,
}

/// Throughput and load depend on each other (a busier CF makes requests longer, which makes them
/// costlier); a few fixed-point passes from the idle costs settle them. `log_cap_shared` is the
/// log's bound on one queue manager for persistent messages (it depends on neither).
///
/// With `cf_busy`, the messages are instead as many as keep the CF's processors busy that share
/// of the time (a workload's own load, below its bound), and only the links' load and the
/// request times settle.
fn settle(
    s: &Scenario,
    path: &SharedPath,
    idle: &RequestTimes,
    log_cap_shared: Option<f64>,
    cf_busy: Option<f64>,
) -> Settled {
    let cf = &s.cf;
    let qmgrs = f64::from(s.workload.queue_managers.max(1));
    let cf_capacity_us = f64::from(cf.cf_processors) * 1.0e6;
    let links_total = f64::from(cf.links_per_lpar) * qmgrs;
    let structures = cf.application_structures;
    let mut load = Load::default();
    let mut cost = path.cost(idle, qmgrs, structures);
    let mut priced_at = Load::default();
    let mut throughput = 0.0;
    let mut bound = SharedQueueBound::Cpu;
    for _ in 0..LOAD_FIXED_POINT_PASSES {
        let cpu_cap = cpu_bound_msgs_s(s, cost.shared_msg_us);
        let per_qmgr = match log_cap_shared {
            Some(log_cap) => smooth_min(cpu_cap, log_cap),
            None => cpu_cap,
        };
        let demand = per_qmgr * qmgrs;
        let cf_cap = cf_capacity_us * MAX_USABLE_BUSY_FRACTION / cost.cf_us_per_msg.max(1e-9);
        throughput = match cf_busy {
            // A message's CF time depends on no load, so this load is the one priced.
            Some(busy) => busy * cf_capacity_us / cost.cf_us_per_msg.max(1e-9),
            None => smooth_min(demand, cf_cap),
        };
        bound = if cf_cap < demand {
            SharedQueueBound::Cf
        } else if log_cap_shared.is_some_and(|log_cap| log_cap < cpu_cap) {
            SharedQueueBound::Log
        } else {
            SharedQueueBound::Cpu
        };
        let link_time_us = cost.sync_service_us.min(1.0e6);
        let next = Load {
            cf: throughput * cost.cf_us_per_msg / cf_capacity_us,
            link: throughput * cost.requests_per_msg * link_time_us / (links_total * 1.0e6),
        };
        // Once the load stops moving, further passes would only repeat the same costs.
        let settled = settled(load.cf, next.cf) && settled(load.link, next.link);
        load = next;
        if settled {
            break;
        }
        cost = path.cost(&path.request_times(load), qmgrs, structures);
        priced_at = load;
    }
    Settled { cost, load: priced_at, throughput, bound }
}

/// z/OS CPU of the shared-queue API calls (class 3 view) at the workload's settled CF load, and
/// the time their asynchronous CF requests keep the caller waiting beyond it, µs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SharedApiCpu {
    /// MQPUT to a shared queue (µs).
    pub mqput_cpu_us: f64,
    /// MQGET from a shared queue (µs).
    pub mqget_cpu_us: f64,
    /// MQCMIT of a shared-queue unit of work (µs).
    pub mqcmit_cpu_us: f64,
    /// Time an MQPUT waits, beyond its CPU, while its asynchronous CF requests cross the link and
    /// the CF serves them (µs).
    pub mqput_async_wait_us: f64,
    /// The same for an MQGET (µs).
    pub mqget_async_wait_us: f64,
    /// The same for an MQCMIT (µs).
    pub mqcmit_async_wait_us: f64,
    /// CF processor time of the requests of an MQPUT, an MQGET and an MQCMIT (µs).
    pub call_cf_us: (f64, f64, f64),
    /// The part of `call_cf_us` in asynchronous requests, whose queueing for a CF processor
    /// the caller waits through (µs).
    pub call_async_cf_us: (f64, f64, f64),
    /// Asynchronous CF requests of an MQPUT, an MQGET and an MQCMIT, on average (a request that
    /// z/OS keeps synchronous part of the time counts for the rest): each sends its caller back
    /// to the processors' queue for its completion.
    pub call_async_requests: (f64, f64, f64),
    /// CF processors serving the structures.
    pub cf_processors: f64,
    /// The CF queueing (see [`cf_queueing`]) already in the asynchronous waits above: that of
    /// the load the workload settles at.
    pub settled_cf_queueing: f64,
}

/// The `mqput_cpu_us`, `mqget_cpu_us` and `mqcmit_cpu_us` of [`evaluate`], with the waits of the
/// calls' asynchronous CF requests at the same load, without the comparisons, structure sizing
/// and backup figures a caller wanting only these would discard.
pub fn shared_api_cpu_us(scenario: &Scenario) -> SharedApiCpu {
    shared_api_cpu_settled(scenario, None)
}

/// As [`shared_api_cpu_us`], with the calls' CF requests priced where the CF's processors are busy
/// `cf_busy` of the time (0..1): a workload that runs below the bound the reports measure finds
/// its requests shorter, more of them kept synchronous and its links less busy.
pub fn shared_api_cpu_us_at(scenario: &Scenario, cf_busy: f64) -> SharedApiCpu {
    shared_api_cpu_settled(scenario, Some(cf_busy.clamp(0.0, 1.0)))
}

fn shared_api_cpu_settled(scenario: &Scenario, cf_busy: Option<f64>) -> SharedApiCpu {
    let s = scenario;
    let path = SharedPath::of(s);
    let idle = path.request_times(Load::default());
    let log_cap_shared = (s.workload.persistence == Persistence::Persistent)
        .then(|| LogLimit::of(s).msgs_s(f64::from(s.workload.message_size_bytes) + QSG_LOG_OVERHEAD_BYTES));
    let Settled { cost, load, .. } = settle(s, &path, &idle, log_cap_shared, cf_busy);
    SharedApiCpu {
        mqput_cpu_us: cost.mqput_us,
        mqget_cpu_us: cost.mqget_us,
        mqcmit_cpu_us: cost.mqcmit_us,
        mqput_async_wait_us: cost.mqput_async_wait_us,
        mqget_async_wait_us: cost.mqget_async_wait_us,
        mqcmit_async_wait_us: cost.mqcmit_async_wait_us,
        call_cf_us: cost.call_cf_us,
        call_async_cf_us: cost.call_async_cf_us,
        call_async_requests: cost.call_async_requests,
        cf_processors: path.cf_processors,
        settled_cf_queueing: cf_queueing(bounded_utilisation(load.cf), path.cf_processors),
    }
}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(scenario: &Scenario) -> CfMetrics {
    let s = scenario;
    let w = &s.workload;
    let cf = &s.cf;
    let shared = w.queue_type == QueueType::Shared;
    let persistent = w.persistence == Persistence::Persistent;
    let qmgrs = f64::from(w.queue_managers.max(1));
    let payload = f64::from(w.message_size_bytes);
    let cf_capacity_us = f64::from(cf.cf_processors) * 1.0e6;

    // The log bound depends on neither throughput nor load, so it is worked out once.
    let path = SharedPath::of(s);
    let structures = cf.application_structures;
    let idle = path.request_times(Load::default());
    let log_limit = if persistent { Some(LogLimit::of(s)) } else { None };
    let log_bytes_shared = payload + QSG_LOG_OVERHEAD_BYTES;
    let log_cap_shared = log_limit.as_ref().map(|l| l.msgs_s(log_bytes_shared));
    let Settled { cost, throughput, bound, .. } = settle(s, &path, &idle, log_cap_shared, None);

    // The private comparison base: one queue manager, its own log records, no CF.
    let private_cpu_cap = cpu_bound_msgs_s(s, cost.private_msg_us);
    let log_bytes_private = crate::model::log::log_bytes_per_message(payload, false);
    let private_throughput = match &log_limit {
        Some(l) => smooth_min(private_cpu_cap, l.msgs_s(log_bytes_private)),
        None => private_cpu_cap,
    };
    // The comparisons are made unloaded, so they share the idle request times.
    let one_qmgr = path.cost(&idle, 1.0, structures);
    let one_qmgr_cpu_cap = cpu_bound_msgs_s(s, one_qmgr.shared_msg_us);
    let one_qmgr_throughput = match log_cap_shared {
        Some(log_cap) => smooth_min(one_qmgr_cpu_cap, log_cap),
        None => one_qmgr_cpu_cap,
    };
    let one_structure = path.cost(&idle, 1.0, 1);
    let two_qmgr = path.cost(&idle, 2.0, structures);

    let cf_utilisation_pct = throughput * cost.cf_us_per_msg / cf_capacity_us * 100.0;
    let backup = backup_figures(s, throughput / qmgrs);

    CfMetrics {
        cf_requests_per_msg: cost.requests_per_msg,
        cf_us_per_request: cost.cf_us_per_request,
        cf_us_per_msg: cost.cf_us_per_msg,
        cf_us_per_txn: 2.0 * cost.cf_us_per_msg,
        sync_service_time_us: cost.sync_service_us,
        sync_request_pct: cost.sync_fraction * 100.0,
        zos_us_per_request: cost.zos_us_per_request,
        cf_data_bytes_per_msg: cost.cf_data_bytes,
        smds_offloaded: cost.offloaded,
        mqput_cpu_us: cost.mqput_us,
        mqget_cpu_us: cost.mqget_us,
        mqcmit_cpu_us: cost.mqcmit_us,
        shared_cpu_us_per_msg: cost.shared_msg_us,
        private_cpu_us_per_msg: cost.private_msg_us,
        shared_cpu_increase_pct: (cost.shared_msg_us / cost.private_msg_us - 1.0) * 100.0,
        cpu_increase_pct_per_extra_qmgr: (two_qmgr.shared_msg_us - one_qmgr.shared_msg_us) / one_qmgr.private_msg_us
            * 100.0,
        cpu_increase_pct_vs_one_structure: (one_qmgr.shared_msg_us / one_structure.shared_msg_us - 1.0) * 100.0,
        throughput_msgs_s: if shared { throughput } else { 0.0 },
        throughput_txn_s: if shared { throughput / 2.0 } else { 0.0 },
        bound,
        private_throughput_msgs_s: private_throughput,
        shared_vs_private_throughput_ratio: one_qmgr_throughput / private_throughput.max(1e-9),
        cf_utilisation_pct: if shared { cf_utilisation_pct } else { 0.0 },
        cf_within_guideline: !shared || cf_utilisation_pct <= CF_UTILISATION_GUIDELINE_PCT,
        msgs_s_at_cf_guideline: cf_capacity_us * CF_UTILISATION_GUIDELINE_PCT / 100.0 / cost.cf_us_per_msg.max(1e-9),
        link_busy_pct: if shared { cost.link_busy * 100.0 } else { 0.0 },
        structure_bytes_per_msg: structure_bytes_per_message(payload),
        structure_capacity_msgs: messages_that_fit(payload, cf.structure_size_kb),
        structure_full_pct: structure_full_pct(s).min(100.0),
        backup_cpu_s: backup.backup_cpu_s,
        restore_time_s: backup.restore_time_s,
        log_mb_s_longest_log: backup.log_mb_s,
        recovery_time_min: backup.recovery_time_min,
        backup_interval_for_target_min: backup.interval_for_target_min,
    }
}

struct BackupFigures {
    backup_cpu_s: f64,
    restore_time_s: f64,
    log_mb_s: f64,
    recovery_time_min: f64,
    interval_for_target_min: f64,
}

fn backup_figures(s: &Scenario, msgs_s_per_qmgr: f64) -> BackupFigures {
    let m = machine_costs(s.system.processor);
    let cf = &s.cf;
    let payload = f64::from(s.workload.message_size_bytes);
    let persistent = s.workload.persistence == Persistence::Persistent;
    let depth = cf.structure_depth_msgs;
    let restore_time_s = restore_time_s(depth, payload, cf.restore_mb_s);
    // Only persistent messages are logged, and so only they need replaying.
    let log_mb_s = if persistent && s.workload.queue_type == QueueType::Shared {
        msgs_s_per_qmgr * (payload + QSG_LOG_OVERHEAD_BYTES) / 1_048_576.0
    } else {
        0.0
    };
    let replay = replay_plan(cf.recovery_target_min, restore_time_s, cf.log_read_backwards_mb_s, log_mb_s);
    BackupFigures {
        backup_cpu_s: depth * m.backup_cpu_us_per_msg * (1.0 + payload / 1024.0 * BACKUP_CPU_SHARE_PER_KB) / 1.0e6,
        restore_time_s,
        log_mb_s,
        recovery_time_min: recovery_time_min(
            cf.backup_interval_min,
            restore_time_s,
            cf.log_read_backwards_mb_s,
            log_mb_s,
        ),
        interval_for_target_min: replay.interval_min,
    }
}

/// Growth of backup CPU per KB of message, relative to a 1KB-sized message's base cost (the
/// backup copies message data to the log).
pub const BACKUP_CPU_SHARE_PER_KB: f64 = 0.0;

/// Time to restore a fuzzy backup of `depth` messages: the backup's log data read back.
pub fn restore_time_s(depth_msgs: f64, payload_bytes: f64, restore_mb_s: f64) -> f64 {
    depth_msgs.max(0.0) * (payload_bytes.max(0.0) + QSG_LOG_OVERHEAD_BYTES) / 1_048_576.0 / restore_mb_s.max(1e-9)
}

/// Recovery time when the structure fails just before its next backup: restore, then replay
/// everything written to the busiest log since the last backup, read backwards.
pub fn recovery_time_min(interval_min: f64, restore_s: f64, read_back_mb_s: f64, write_mb_s: f64) -> f64 {
    restore_s / 60.0 + interval_min * write_mb_s / read_back_mb_s.max(1e-9)
}

struct ReplayPlan {
    replay_budget_min: f64,
    readable_mb: f64,
    interval_min: f64,
}

/// The backup interval that meets a recovery target: what is left of the target after the
/// restore, times the backwards read rate, is the log data that may accumulate between backups.
fn replay_plan(target_min: f64, restore_s: f64, read_back_mb_s: f64, write_mb_s: f64) -> ReplayPlan {
    let replay_budget_min = (target_min - restore_s / 60.0).max(0.0);
    let readable_mb = replay_budget_min * 60.0 * read_back_mb_s;
    // With no log data written, any interval meets the target; say so with a very long one.
    let interval_min = (readable_mb / write_mb_s.max(1e-9) / 60.0).min(MAX_BACKUP_INTERVAL_MIN);
    ReplayPlan { replay_budget_min, readable_mb, interval_min }
}

/// The longest backup interval the model reports (a week), for workloads that write no log data.
pub const MAX_BACKUP_INTERVAL_MIN: f64 = 10_080.0;

// ---------------------------------------------------------------------------------------------
// Calculators
// ---------------------------------------------------------------------------------------------

/// Input of the `cf_structure_size` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StructureSizeInput {
    /// Message size including all headers except the MQMD, bytes.
    pub message_size_bytes: f64,
    /// Most messages the structure must hold at once (count).
    pub max_messages: f64,
    /// Queue managers in the queue sharing group (count), for the CSQ_ADMIN check.
    #[serde(default = "default_qmgrs")]
    pub queue_managers: u32,
    /// ENTSMAX shown by DIS CFSTATUS(CSQ_ADMIN) (count); the V5.3 report's example by default.
    #[serde(default = "default_entsmax")]
    pub admin_entsmax: f64,
    /// An existing structure size to check, KB (0: none).
    #[serde(default)]
    pub structure_size_kb: f64,
}

fn default_qmgrs() -> u32 {
    1
}

/// `001_e9a0356844d0b70c.txt`, 2.2.2.1: "ENTSMAX(9362)".
fn default_entsmax() -> f64 {
    9362.0
}

impl Validate for StructureSizeInput {
    fn validate(&self, v: &mut Validator) {
        v.range("message_size_bytes", self.message_size_bytes, 0.0, MAX_CF_MESSAGE_BYTES);
        v.range("max_messages", self.max_messages, 0.0, 1.0e9);
        v.range("queue_managers", self.queue_managers, 1, 32);
        v.range("admin_entsmax", self.admin_entsmax, 0.0, 1.0e7);
        v.range("structure_size_kb", self.structure_size_kb, 0.0, 1.0e9);
    }
}

/// Output of the `cf_structure_size` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StructureSize {
    /// Storage per message: message plus MQMD rounded up to 256-byte elements, at least 1536, bytes.
    pub bytes_per_message: f64,
    /// Largest message (without MQMD) that still takes only the minimum entry, bytes.
    pub max_payload_at_minimum_entry_bytes: f64,
    /// INITSIZE by the report's rule (storage per message x messages + 25%), KB.
    pub initsize_kb: f64,
    /// The same in MB.
    pub initsize_mb: f64,
    /// INITSIZE to define, at least the 16MB minimum, KB.
    pub recommended_initsize_kb: f64,
    /// Messages of this size an existing structure of `structure_size_kb` holds (count).
    pub messages_in_given_size: f64,
    /// Queue managers the CSQ_ADMIN structure supports at 1000 entries each (count).
    pub admin_qmgrs_supported: f64,
    /// Whether CSQ_ADMIN has enough entries for `queue_managers`.
    pub admin_sufficient: bool,
}

/// Application structure size for `max_messages` of a size, with the element and entry rules and
/// the 25% allowance (`001_e9a0356844d0b70c.txt`, 2.2.2).
pub fn structure_size(input: &StructureSizeInput) -> StructureSize {
    let per_msg = structure_bytes_per_message(input.message_size_bytes);
    let initsize_kb = per_msg * input.max_messages * (1.0 + STRUCTURE_ALLOWANCE_PCT / 100.0) / 1024.0;
    let admin_qmgrs = math::floor(input.admin_entsmax / ADMIN_ENTRIES_PER_QMGR);
    StructureSize {
        bytes_per_message: per_msg,
        max_payload_at_minimum_entry_bytes: MIN_MESSAGE_STORAGE_BYTES - MQMD_BYTES,
        initsize_kb,
        initsize_mb: initsize_kb / 1024.0,
        recommended_initsize_kb: initsize_kb.max(MIN_APPLICATION_STRUCTURE_MB * 1024.0),
        messages_in_given_size: messages_that_fit(input.message_size_bytes, input.structure_size_kb),
        admin_qmgrs_supported: admin_qmgrs,
        admin_sufficient: admin_qmgrs >= f64::from(input.queue_managers),
    }
}

/// Input of the `backup_interval` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackupIntervalInput {
    /// Recovery processing time to meet, minutes.
    pub recovery_target_min: f64,
    /// Persistent messages per second (put and got) handled by the busiest queue manager.
    pub msgs_s_longest_log: f64,
    /// Persistent message size, bytes.
    pub message_size_bytes: f64,
    /// Rate the busiest log can be read backwards, MB/s.
    pub log_read_backwards_mb_s: f64,
    /// Time to restore the fuzzy backup, seconds.
    pub restore_time_s: f64,
    /// A backup interval to evaluate, minutes (0: none).
    #[serde(default)]
    pub backup_interval_min: f64,
}

impl Validate for BackupIntervalInput {
    fn validate(&self, v: &mut Validator) {
        v.range("recovery_target_min", self.recovery_target_min, 0.0, 100_000.0);
        v.range("msgs_s_longest_log", self.msgs_s_longest_log, 0.0, 10_000_000.0);
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
        v.range("log_read_backwards_mb_s", self.log_read_backwards_mb_s, 0.01, 100_000.0);
        v.range("restore_time_s", self.restore_time_s, 0.0, 1.0e7);
        v.range("backup_interval_min", self.backup_interval_min, 0.0, 1.0e6);
    }
}

/// Output of the `backup_interval` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BackupInterval {
    /// Log data written to the busiest log, MB/s (message length plus 1.5KB per message).
    pub log_mb_s: f64,
    /// Time left for log replay after the restore, minutes.
    pub replay_budget_min: f64,
    /// Log data that can be read backwards in that time, MB.
    pub readable_mb: f64,
    /// Longest backup interval that meets the target, minutes.
    pub backup_interval_min: f64,
    /// Recovery time for the given `backup_interval_min` (0 when none is given), minutes.
    pub recovery_time_min: f64,
}

/// Backup interval for a recovery-time target, and recovery time for a given interval
/// (`001_e9a0356844d0b70c.txt`, 2.2.4 and 2.2.4.1).
pub fn backup_interval(input: &BackupIntervalInput) -> BackupInterval {
    let log_mb_s = input.msgs_s_longest_log * (input.message_size_bytes + QSG_LOG_OVERHEAD_BYTES) / 1_048_576.0;
    let plan = replay_plan(input.recovery_target_min, input.restore_time_s, input.log_read_backwards_mb_s, log_mb_s);
    BackupInterval {
        log_mb_s,
        replay_budget_min: plan.replay_budget_min,
        readable_mb: plan.readable_mb,
        backup_interval_min: plan.interval_min,
        recovery_time_min: if input.backup_interval_min > 0.0 {
            recovery_time_min(input.backup_interval_min, input.restore_time_s, input.log_read_backwards_mb_s, log_mb_s)
        } else {
            0.0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_round_up_with_a_minimum_entry() {
        assert_eq!(structure_bytes_per_message(0.0), MIN_MESSAGE_STORAGE_BYTES);
        assert_eq!(structure_bytes_per_message(1212.0), 1536.0);
        assert_eq!(structure_bytes_per_message(1213.0), 1792.0);
        // Exactly on an element boundary takes no extra element.
        assert_eq!(structure_bytes_per_message(2048.0 - MQMD_BYTES), 2048.0);
    }

    #[test]
    fn tiered_offload_lowers_the_threshold_as_the_structure_fills() {
        assert_eq!(offload_threshold_bytes(MAX_CF_MESSAGE_BYTES, 10.0), MAX_CF_MESSAGE_BYTES);
        assert_eq!(offload_threshold_bytes(MAX_CF_MESSAGE_BYTES, 75.0), 32_768.0);
        assert_eq!(offload_threshold_bytes(MAX_CF_MESSAGE_BYTES, 85.0), 4096.0);
        assert_eq!(offload_threshold_bytes(MAX_CF_MESSAGE_BYTES, 95.0), 0.0);
    }

    #[test]
    fn a_second_structure_adds_commit_requests_only_up_to_the_queues_a_unit_of_work_touches() {
        assert_eq!(commit_cf_requests(1), COMMIT_CF_REQUESTS);
        assert!(commit_cf_requests(2) > commit_cf_requests(1));
        assert_eq!(commit_cf_requests(10), commit_cf_requests(2));
    }

    #[test]
    fn calls_priced_at_a_lighter_cf_load_wait_less_and_at_the_bound_load_as_the_bound_does() {
        let mut sc = Scenario::default();
        sc.workload.queue_type = QueueType::Shared;
        sc.workload.queue_managers = 3;
        let bound = shared_api_cpu_us(&sc);
        let bound_busy = evaluate(&sc).cf_utilisation_pct / 100.0;
        assert!(bound_busy > 0.3, "the default's bound keeps the CF busy ({bound_busy})");
        let at_bound = shared_api_cpu_us_at(&sc, bound_busy);
        let near = |a: f64, b: f64| (a - b).abs() <= 1.0e-3 * b.abs().max(1.0e-9);
        assert!(near(at_bound.mqput_cpu_us, bound.mqput_cpu_us), "{at_bound:?} against {bound:?}");
        assert!(near(at_bound.mqget_async_wait_us, bound.mqget_async_wait_us), "{at_bound:?} against {bound:?}");
        let light = shared_api_cpu_us_at(&sc, 0.05);
        let total = |c: &SharedApiCpu| c.mqput_async_wait_us + c.mqget_async_wait_us + c.mqcmit_async_wait_us;
        assert!(total(&light) < total(&bound), "lighter load, shorter waits: {light:?} against {bound:?}");
        assert!(light.settled_cf_queueing < bound.settled_cf_queueing);
    }

    #[test]
    fn a_requests_cpu_grows_with_its_time_until_z_os_converts_it_and_then_stays_near_the_overhead() {
        let a = 5.0;
        let cpu = |r: f64| chosen_request_cpu_us(r * a, a);
        // Mostly synchronous: the slower, the dearer, and no dearer than the overhead.
        let below: Vec<f64> = (1..=100).map(|i| cpu(f64::from(i) / 100.0)).collect();
        assert!(below.windows(2).all(|w| w[1] > w[0]), "{below:?}");
        assert!(below.iter().all(|&c| c <= a), "{below:?}");
        // Past the crossover: a little over the overhead at most, back to it far past.
        let past: Vec<f64> = (100..=1000).map(|i| cpu(f64::from(i) / 100.0) / a - 1.0).collect();
        let most = past.iter().copied().fold(0.0, f64::max);
        assert!(
            most > 0.0 && most <= MOST_CHOSEN_CPU_OVER_OVERHEAD && most > 0.99 * MOST_CHOSEN_CPU_OVER_OVERHEAD,
            "{most}"
        );
        assert!(past[past.len() - 1] < 1e-6, "{}", past[past.len() - 1]);
        assert!((kept_synchronous_share(a, a) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn smooth_min_stays_at_or_below_the_smaller_bound() {
        for (a, b) in [(1.0, 2.0), (5.0, 5.0), (1e6, 3.0), (0.0, 1.0)] {
            let m = smooth_min(a, b);
            assert!(m <= a.min(b).max(1e-12) && m > 0.0 && m.is_finite(), "{a} {b} {m}");
        }
    }

    #[test]
    fn recovery_time_at_the_planned_interval_meets_the_target() {
        let plan = replay_plan(30.0, 20.0, 3.0, 2.0);
        let t = recovery_time_min(plan.interval_min, 20.0, 3.0, 2.0);
        assert!((t - 30.0).abs() < 1e-9, "{t}");
    }

    #[test]
    fn whole_powers_and_roots_agree_with_the_general_power() {
        for x in [0.0, 1e-9, 0.3, 0.95, 1.0, 1.7, 12.5] {
            for n in [0.0, 1.0, 4.0, 6.0, 7.0, 8.0, 64.0, 2.5] {
                let (fast, general) = (math::pow_whole(x, n), math::pow(x, n));
                assert!((fast - general).abs() <= 1e-14 * general.abs(), "{x}^{n}: {fast} {general}");
            }
        }
        for i in 0..=100 {
            let s = 1.0 + f64::from(i) / 100.0;
            for n in [2.0, 4.0, 6.0, 8.0] {
                let (fast, general) = (whole_root(s, n), math::pow(s, 1.0 / n));
                assert!((fast - general).abs() <= 1e-15 * general, "{s}^(1/{n}): {fast} {general}");
            }
        }
        // Outside the Newton range the general power answers.
        assert_eq!(whole_root(3.0, 6.0), math::pow(3.0, 1.0 / 6.0));
    }

    #[test]
    fn shared_api_cpu_matches_the_full_evaluation() {
        for overlay in [
            serde_json::json!({ "workload": { "queue_type": "shared", "queue_managers": 3 } }),
            serde_json::json!({ "workload": { "queue_type": "shared", "persistence": "persistent", "servers": 20 } }),
            serde_json::json!({ "system": { "processor": "z900" }, "workload": { "queue_type": "shared",
                "persistence": "persistent", "message_size_bytes": 60000 } }),
        ] {
            let s = Scenario::from_overlay(&overlay).expect("valid");
            let (full, api) = (evaluate(&s), shared_api_cpu_us(&s));
            assert_eq!(
                (api.mqput_cpu_us, api.mqget_cpu_us, api.mqcmit_cpu_us),
                (full.mqput_cpu_us, full.mqget_cpu_us, full.mqcmit_cpu_us)
            );
        }
    }
}
