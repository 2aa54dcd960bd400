//! Client (SVRCONN) connections: CSA, queue manager storage, 31-bit and 64-bit channel initiator
//! storage, and how many channels fit.
//!
//! Every connection costs common storage (CSA) and queue manager storage below the bar. Every
//! channel the channel initiator runs holds control blocks for itself and its conversations plus
//! transmission buffers sized to the messages it moves. Up to 9.3 all of that lived in the channel
//! initiator's 31-bit private region, so large messages shrank the number of clients it could
//! serve; from 9.4 SVRCONN buffers for messages over 32 KB come from 64-bit buffer pools whose
//! sizes are powers of two, and the 31-bit footprint levels off. The channel count that fits is the
//! storage the installation lets the channel initiator use (80% of its local storage, by the
//! report's advice) divided by the footprint, capped by MAXCHL.
//!
//! Sources: `004_c01e4fc945a28128.txt` Chapter 2 ("CSA usage per connection", "How much storage
//! does a connection use?", "How many clients can I connect to my queue manager?", "How many MCA
//! channels can I run to or from my queue manager?") and Chapter 7 ("How much storage is used by a
//! SVRCONN channel?", "How many SVRCONN channels can be run?").

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{QueueType, Release, Scenario, Validate, Validator};

/// Bytes in a kilobyte as the reports count them.
const KB_BYTES: f64 = 1024.0;

/// Largest number of channels a channel initiator runs (MAXCHL / MAXCHLS ceiling).
/// `004_c01e4fc945a28128.txt`, Chapter 7 "64-bit private storage for SVRCONN channels":
/// "MAXCHLS still is limited to 9,999".
pub const MAX_CHANNELS: u32 = 9_999;

/// Absolute size of 31-bit storage, which bounds the channel initiator's local storage.
/// `004_c01e4fc945a28128.txt`, Chapter 2 "CSA usage": "an absolute limit of 2GB".
pub const STORAGE_31BIT_LIMIT_MB: f64 = 2048.0;

/// Share of the channel initiator's local storage the report advises using at most.
/// `004_c01e4fc945a28128.txt`, Chapter 2 "Example: How many clients can I run?": "keep the usage
/// below 80% of the total available".
pub const DEFAULT_STORAGE_LIMIT_PCT: f64 = 80.0;

/// CSA a queue manager uses once started. `004_c01e4fc945a28128.txt`, Chapter 2 "Initial CSA
/// usage": "approximately 6MB per queue manager".
pub const CSA_INITIAL_MB: f64 = 6.0;

/// CSA per connection for local connections, MCA channels and unshared SVRCONN conversations.
/// `004_c01e4fc945a28128.txt`, Chapter 2 "CSA usage per connection": "CSA usage is 2.47KB per
/// connection".
pub const CSA_PER_CONNECTION_KB: f64 = 2.47;

/// Extra CSA a SHARECNV>0 channel instance holds for conversation sharing, spread over the
/// conversations that share it. Fitted so one conversation gives the "approximately 4.9KB" of
/// Chapter 2 "CSA usage per connection" (`004_c01e4fc945a28128.txt`): 4.9 - 2.47.
pub const CSA_SHARING_PER_CHANNEL_KB: f64 = 4.9 - CSA_PER_CONNECTION_KB;

/// Queue manager storage below the bar per connection. `004_c01e4fc945a28128.txt`, Chapter 2
/// "How much storage does a connection use?": "approximately 16.8KB per connection".
pub const QMGR_STORAGE_PER_CONNECTION_KB: f64 = 16.8;

/// Extra queue manager storage each conversation of a shared-conversation channel holds.
/// Fitted (with [`QMGR_STORAGE_SHARING_PER_CHANNEL_KB`]) to "the usage increases to 27KB" for
/// SHARECNV(1) and "186KB per channel" for SHARECNV(10) with 10 conversations, same section.
pub const QMGR_STORAGE_SHARING_PER_CONVERSATION_KB: f64 = 7.8 / 9.0;

/// Extra queue manager storage per shared-conversation channel instance; see
/// [`QMGR_STORAGE_SHARING_PER_CONVERSATION_KB`].
pub const QMGR_STORAGE_SHARING_PER_CHANNEL_KB: f64 = 27.0 - 16.8 - QMGR_STORAGE_SHARING_PER_CONVERSATION_KB;

/// Extra queue manager storage per connection using shared queues (CFLEVEL(4), or CFLEVEL(5) with
/// SMDS). `004_c01e4fc945a28128.txt`, Chapter 2 "How much storage does a connection use?":
/// "an additional shared queue overhead of 7KB".
pub const QMGR_STORAGE_SHARED_QUEUE_KB: f64 = 7.0;

/// Message size up to which SVRCONN buffers stay in 31-bit storage in 9.4 and above which earlier
/// releases' 31-bit footprint grows at the large-message rate. `004_c01e4fc945a28128.txt`,
/// Chapter 7 "64-bit private storage for SVRCONN channels": "messages larger than 32KB".
pub const BUFFER_31BIT_THRESHOLD_KB: f64 = 32.0;

/// Allowance for message headers when sizing a 64-bit buffer. `004_c01e4fc945a28128.txt`,
/// Chapter 7 "Rule of Thumb": "approximately 500 bytes".
pub const MESSAGE_HEADER_ALLOWANCE_BYTES: f64 = 500.0;

/// Smallest 64-bit buffer pool. Chapter 7 "How much storage is used by a SVRCONN channel?"
/// (`004_c01e4fc945a28128.txt`): "pool sizes from 4KB doubling in size up to 1MB".
pub const BUFFER_POOL_MIN_BYTES: f64 = 4096.0;

/// Largest 64-bit buffer pool; beyond it storage is taken a megabyte at a time (same section:
/// "For messages larger than 1MB, storage is allocated on a per MB requirement").
pub const BUFFER_POOL_MAX_BYTES: f64 = 1_048_576.0;

/// 64-bit multiplier for a shared-conversation channel running one conversation. Chapter 7
/// "Rule of Thumb" (`004_c01e4fc945a28128.txt`): "double the calculated space".
pub const BUFFER_64BIT_SINGLE_CONVERSATION_FACTOR: f64 = 2.0;

/// 64-bit multiplier per conversation when several share a channel. Chapter 7 "Rule of Thumb"
/// (`004_c01e4fc945a28128.txt`): "multiply the size by the number of conversations and then
/// again by 1.1".
pub const BUFFER_64BIT_PER_CONVERSATION_FACTOR: f64 = 1.1;

/// Fitted constants of the 31-bit SVRCONN footprint of one release family:
/// control blocks plus 31-bit buffer storage growing with the message size.
#[derive(Debug, Clone, Copy)]
struct Footprint31 {
    /// Control blocks of a SHARECNV(0) channel (KB).
    unshared_control_kb: f64,
    /// 31-bit buffer KB per KB of message (up to 32 KB) for a SHARECNV(0) channel.
    unshared_buffer_kb_per_kb: f64,
    /// Control blocks of a SHARECNV>0 channel with one conversation (KB).
    shared_control_kb: f64,
    /// Extra control-block KB per additional conversation.
    shared_control_per_conversation_kb: f64,
    /// 31-bit buffer KB per KB of message (up to 32 KB) for a one-conversation shared channel.
    shared_buffer_kb_per_kb: f64,
    /// Extra 31-bit buffer KB per KB of message per additional conversation.
    shared_buffer_per_conversation_kb_per_kb: f64,
    /// 31-bit buffer KB per KB of message above 32 KB (0 where buffers move to 64-bit storage).
    large_message_kb_per_kb: f64,
}

/// 9.2 and 9.3 (and, for want of figures, earlier releases). Fitted to the 9.3 rows of the table in
/// `004_c01e4fc945a28128.txt` Chapter 2 "How many clients can I connect to my queue manager?" at 1 KB
/// and 32 KB (SHARECNV 0, 1 and 10). Above 32 KB one message-sized 31-bit buffer per KB is assumed
/// (the table's 32 KB to 64 KB growth is 27-34 KB), not fitted.
const FOOTPRINT_31_PRE_94: Footprint31 = Footprint31 {
    unshared_control_kb: 86.0 - 73.0 / 31.0,
    unshared_buffer_kb_per_kb: 73.0 / 31.0,
    shared_control_kb: 168.0 - 79.0 / 31.0,
    shared_control_per_conversation_kb: ((223.0 - 90.0 / 31.0) - (168.0 - 79.0 / 31.0)) / 9.0,
    shared_buffer_kb_per_kb: 79.0 / 31.0,
    shared_buffer_per_conversation_kb_per_kb: (90.0 / 31.0 - 79.0 / 31.0) / 9.0,
    large_message_kb_per_kb: 1.0,
};

/// 9.4: fitted to the 9.4 rows of the same table at 1 KB and 32 KB; above 32 KB SVRCONN buffers
/// are 64-bit, so the 31-bit footprint stays level (Chapter 7 "How much storage is used by a
/// SVRCONN channel?").
const FOOTPRINT_31_94: Footprint31 = Footprint31 {
    unshared_control_kb: 86.0 - 7.0 / 31.0,
    unshared_buffer_kb_per_kb: 7.0 / 31.0,
    shared_control_kb: 164.0 - 37.0 / 31.0,
    shared_control_per_conversation_kb: ((219.0 - 46.0 / 31.0) - (164.0 - 37.0 / 31.0)) / 9.0,
    shared_buffer_kb_per_kb: 37.0 / 31.0,
    shared_buffer_per_conversation_kb_per_kb: (46.0 / 31.0 - 37.0 / 31.0) / 9.0,
    large_message_kb_per_kb: 0.0,
};

/// 31-bit footprint of an MCA (sender/receiver) channel moving 1 KB messages, KB. Fitted to the
/// 1 KB and 4 MB columns of `004_c01e4fc945a28128.txt`, Chapter 2 "How many MCA channels can I run
/// to or from my queue manager?" (90 KB and 1127 KB): control blocks plus a share of the message.
pub const MCA_FOOTPRINT_1KB_KB: f64 = 90.0;

/// Growth of the MCA channel footprint per KB of message size; see [`MCA_FOOTPRINT_1KB_KB`].
pub const MCA_FOOTPRINT_KB_PER_MESSAGE_KB: f64 = (1127.0 - 90.0) / (4096.0 - 1.0);

/// Client connections and the channel initiator's storage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ConnectionConfig {
    /// SHARECNV of the SVRCONN channels: 0 runs one unshared conversation per channel, n > 0 lets
    /// up to n conversations share a channel instance (count, 0 to 999).
    pub sharecnv: u32,
    /// Conversations actually sharing each channel instance (CURSHCNV; count, 1 to max(SHARECNV, 1)).
    /// The reports measured with CURSHCNV equal to SHARECNV.
    pub curshcnv: u32,
    /// Client connections (conversations) to serve (count).
    pub clients: u32,
    /// Sender/receiver (MCA) channels the channel initiator also runs (count).
    pub mca_channels: u32,
    /// Channel initiator 31-bit local storage already used before channels start, as CSQX004I
    /// reports it (MB).
    pub chinit_storage_used_mb: f64,
    /// Channel initiator 31-bit local storage still free before channels start, as CSQX004I
    /// reports it (MB).
    pub chinit_storage_free_mb: f64,
    /// Share of the local storage (used + free) the channel initiator may fill (percent).
    pub storage_limit_pct: f64,
    /// MEMLIMIT of the channel initiator, the 64-bit storage its buffers may use (MB); `null` for
    /// MEMLIMIT=NOLIMIT, as in the report's measurements.
    pub memlimit_mb: Option<f64>,
    /// MAXCHL: channels the channel initiator allows at once (count, 1 to 9,999).
    pub maxchl: u32,
    /// Whether the workload's applications connect as clients, so that the simulation sends each
    /// of their MQI calls over a SVRCONN channel instance shared by up to CURSHCNV of them.
    pub client_applications: bool,
}

impl Default for ConnectionConfig {
    fn default() -> Self {
        // The Chapter 7 capacity measurement: CSQX004I "used 56MB, free 1445MB", MEMLIMIT=NOLIMIT,
        // SHARECNV(10) channels running 10 conversations.
        ConnectionConfig {
            sharecnv: 10,
            curshcnv: 10,
            clients: 1000,
            mca_channels: 0,
            chinit_storage_used_mb: 56.0,
            chinit_storage_free_mb: 1445.0,
            storage_limit_pct: DEFAULT_STORAGE_LIMIT_PCT,
            memlimit_mb: None,
            maxchl: MAX_CHANNELS,
            client_applications: false,
        }
    }
}

impl Validate for ConnectionConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("sharecnv", self.sharecnv, 0, 999);
        v.range("curshcnv", self.curshcnv, 1, 999);
        v.require(
            self.curshcnv <= self.sharecnv.max(1),
            "curshcnv",
            self.curshcnv,
            &format!("at most max(sharecnv, 1) = {}", self.sharecnv.max(1)),
        );
        v.range("clients", self.clients, 0, 1_000_000);
        v.range("mca_channels", self.mca_channels, 0, MAX_CHANNELS);
        v.range("chinit_storage_used_mb", self.chinit_storage_used_mb, 0.0, STORAGE_31BIT_LIMIT_MB);
        v.range("chinit_storage_free_mb", self.chinit_storage_free_mb, 0.0, STORAGE_31BIT_LIMIT_MB);
        let total = self.chinit_storage_used_mb + self.chinit_storage_free_mb;
        v.require(
            total <= STORAGE_31BIT_LIMIT_MB,
            "chinit_storage_free_mb",
            self.chinit_storage_free_mb,
            "a value that keeps used + free within the 2048 MB of 31-bit storage",
        );
        v.range("storage_limit_pct", self.storage_limit_pct, 1.0, 100.0);
        if let Some(m) = self.memlimit_mb {
            v.range("memlimit_mb", m, 1.0, 1.0e9);
        }
        v.range("maxchl", self.maxchl, 1, MAX_CHANNELS);
    }
}

/// Storage per connection and channel capacity.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ConnectionMetrics {
    /// Conversations each SVRCONN channel instance carries (count).
    pub conversations_per_channel: f64,
    /// SVRCONN channel instances needed for the clients (count).
    pub svrconn_channels: f64,
    /// CSA per client connection (KB).
    pub csa_kb_per_connection: f64,
    /// CSA of the queue manager: the initial allocation plus every client and MCA connection (MB).
    pub csa_total_mb: f64,
    /// Queue manager storage below the bar per client connection (KB).
    pub qmgr_storage_kb_per_connection: f64,
    /// Queue manager storage below the bar per SVRCONN channel instance (KB).
    pub qmgr_storage_kb_per_channel: f64,
    /// Queue manager storage below the bar for all clients (MB).
    pub qmgr_storage_total_mb: f64,
    /// Channel initiator 31-bit footprint of one SVRCONN channel (KB).
    pub storage31_kb_per_channel: f64,
    /// Channel initiator 31-bit footprint per conversation (KB).
    pub storage31_kb_per_conversation: f64,
    /// 64-bit buffer pool size one message transfer needs (KB).
    pub buffer_pool_kb: f64,
    /// Channel initiator 64-bit buffer storage of one SVRCONN channel (KB; 0 before 9.4 or for
    /// messages the 31-bit buffers carry).
    pub storage64_kb_per_channel: f64,
    /// 64-bit storage per channel as a multiple of the message size (ratio).
    pub storage64_multiple_of_message: f64,
    /// 64-bit storage per conversation as a multiple of the message size (ratio).
    pub storage64_multiple_per_conversation: f64,
    /// 31-bit footprint of one MCA (sender/receiver) channel for this message size (KB).
    pub mca_storage31_kb_per_channel: f64,
    /// Channel initiator local storage, used + free (MB).
    pub chinit_storage_total_mb: f64,
    /// Local storage the channel initiator should stay below (MB).
    pub chinit_storage_limit_mb: f64,
    /// Local storage left for channels under that limit (MB).
    pub chinit_storage_available_mb: f64,
    /// Local storage the scenario's channels use on top of what was already used (MB).
    pub chinit_storage_channels_mb: f64,
    /// Channel initiator 31-bit utilisation with every channel running (percent of used + free).
    pub chinit_storage_utilisation_pct: f64,
    /// Local storage (used + free) that would keep the scenario's channels within the limit (MB).
    pub chinit_storage_required_mb: f64,
    /// 64-bit storage the scenario's SVRCONN buffers use (MB).
    pub storage64_total_mb: f64,
    /// Most SVRCONN channels that fit the 31-bit limit, the 64-bit MEMLIMIT and MAXCHL (count).
    pub max_svrconn_channels: f64,
    /// Clients those channels carry (count).
    pub max_clients: f64,
    /// Most SVRCONN channels the same channel initiator would run at 9.3, whose SVRCONN buffers are
    /// all 31-bit (count).
    pub max_svrconn_channels_at_9_3: f64,
    /// Capacity of 9.4 over 9.3 for the same storage, SHARECNV and message size (percent more
    /// channels).
    pub capacity_gain_9_4_over_9_3_pct: f64,
    /// Most MCA channels that fit the 31-bit limit and MAXCHL (count).
    pub max_mca_channels: f64,
}

/// Whether a channel runs shared conversations, and how many.
fn conversations(sharecnv: u32, curshcnv: u32) -> f64 {
    if sharecnv == 0 { 1.0 } else { f64::from(curshcnv.clamp(1, sharecnv)) }
}

fn footprint_constants(release: Release) -> Footprint31 {
    match release {
        Release::V9_4 => FOOTPRINT_31_94,
        Release::V5_3 | Release::V9_2 | Release::V9_3 => FOOTPRINT_31_PRE_94,
    }
}

/// 31-bit channel initiator footprint of one SVRCONN channel, KB.
///
/// Control blocks for the channel and each conversation, plus 31-bit buffers that grow with the
/// message up to 32 KB and, before 9.4, beyond it.
pub fn storage31_kb_per_channel(release: Release, sharecnv: u32, curshcnv: u32, message_size_bytes: f64) -> f64 {
    let f = footprint_constants(release);
    let m_kb = message_size_bytes.max(0.0) / KB_BYTES;
    let small = m_kb.min(BUFFER_31BIT_THRESHOLD_KB);
    let large = (m_kb - BUFFER_31BIT_THRESHOLD_KB).max(0.0);
    let (control, per_kb) = if sharecnv == 0 {
        (f.unshared_control_kb, f.unshared_buffer_kb_per_kb)
    } else {
        let extra = conversations(sharecnv, curshcnv) - 1.0;
        (
            f.shared_control_kb + f.shared_control_per_conversation_kb * extra,
            f.shared_buffer_kb_per_kb + f.shared_buffer_per_conversation_kb_per_kb * extra,
        )
    };
    control + per_kb * small + f.large_message_kb_per_kb * large
}

/// The 64-bit buffer one message transfer needs, bytes: message plus headers rounded up to a
/// power-of-two pool from 4 KB to 1 MB, whole megabytes beyond that.
pub fn buffer_pool_bytes(message_size_bytes: f64) -> f64 {
    let need = message_size_bytes.max(0.0) + MESSAGE_HEADER_ALLOWANCE_BYTES;
    if need > BUFFER_POOL_MAX_BYTES {
        crate::math::ceil(need / BUFFER_POOL_MAX_BYTES) * BUFFER_POOL_MAX_BYTES
    } else {
        crate::math::next_power_of_two(need).max(BUFFER_POOL_MIN_BYTES)
    }
}

/// 64-bit buffer storage of one SVRCONN channel, bytes (9.4 rule of thumb; 0 before 9.4 and for
/// transfers that fit the 31-bit buffers).
pub fn storage64_bytes_per_channel(release: Release, sharecnv: u32, curshcnv: u32, message_size_bytes: f64) -> f64 {
    let transfer = message_size_bytes.max(0.0) + MESSAGE_HEADER_ALLOWANCE_BYTES;
    if release != Release::V9_4 || transfer <= BUFFER_31BIT_THRESHOLD_KB * KB_BYTES {
        return 0.0;
    }
    let pool = buffer_pool_bytes(message_size_bytes);
    let c = conversations(sharecnv, curshcnv);
    let factor = if sharecnv == 0 {
        1.0
    } else if c <= 1.0 {
        BUFFER_64BIT_SINGLE_CONVERSATION_FACTOR
    } else {
        c * BUFFER_64BIT_PER_CONVERSATION_FACTOR
    };
    pool * factor
}

/// 31-bit footprint of one MCA channel, KB (unchanged by the 9.4 64-bit work).
pub fn mca_storage31_kb_per_channel(message_size_bytes: f64) -> f64 {
    let m_kb = message_size_bytes.max(0.0) / KB_BYTES;
    MCA_FOOTPRINT_1KB_KB + MCA_FOOTPRINT_KB_PER_MESSAGE_KB * (m_kb - 1.0)
}

/// CSA per client connection, KB: every connection's own CSA plus, for shared-conversation
/// channels, the channel's sharing overhead split over its conversations.
pub fn csa_kb_per_connection(sharecnv: u32, curshcnv: u32) -> f64 {
    if sharecnv == 0 {
        CSA_PER_CONNECTION_KB
    } else {
        CSA_PER_CONNECTION_KB + CSA_SHARING_PER_CHANNEL_KB / conversations(sharecnv, curshcnv)
    }
}

/// Queue manager storage below the bar per SVRCONN channel instance, KB.
pub fn qmgr_storage_kb_per_channel(sharecnv: u32, curshcnv: u32, shared_queues: bool) -> f64 {
    let c = conversations(sharecnv, curshcnv);
    let sq = if shared_queues { QMGR_STORAGE_SHARED_QUEUE_KB } else { 0.0 };
    if sharecnv == 0 {
        QMGR_STORAGE_PER_CONNECTION_KB + sq
    } else {
        c * (QMGR_STORAGE_PER_CONNECTION_KB + QMGR_STORAGE_SHARING_PER_CONVERSATION_KB + sq)
            + QMGR_STORAGE_SHARING_PER_CHANNEL_KB
    }
}

/// How many channels of `kb_per_channel` fit in `available_mb`, capped at `maxchl`.
fn channels_fitting(available_mb: f64, kb_per_channel: f64, maxchl: u32) -> f64 {
    let cap = f64::from(maxchl);
    if kb_per_channel <= 0.0 {
        return cap;
    }
    crate::math::floor((available_mb.max(0.0) * KB_BYTES / kb_per_channel).min(cap))
}

/// Input of the `svrconn_capacity` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SvrconnCapacityInput {
    /// Channel initiator local storage used, from CSQX004I (MB).
    pub chinit_storage_used_mb: f64,
    /// Channel initiator local storage free, from CSQX004I (MB).
    pub chinit_storage_free_mb: f64,
    /// MQ release.
    #[serde(default)]
    pub release: Release,
    /// SHARECNV of the channels (count).
    #[serde(default)]
    pub sharecnv: u32,
    /// Conversations per channel (CURSHCNV); defaults to SHARECNV (count).
    #[serde(default)]
    pub curshcnv: Option<u32>,
    /// Message size the clients put and get (bytes).
    pub message_size_bytes: f64,
    /// Share of local storage to fill at most (percent).
    #[serde(default = "default_limit_pct")]
    pub storage_limit_pct: f64,
    /// 64-bit storage available to the channel initiator (MB); absent for MEMLIMIT=NOLIMIT.
    #[serde(default)]
    pub memlimit_mb: Option<f64>,
    /// MAXCHL (count).
    #[serde(default = "default_maxchl")]
    pub maxchl: u32,
}

fn default_limit_pct() -> f64 {
    DEFAULT_STORAGE_LIMIT_PCT
}

fn default_maxchl() -> u32 {
    MAX_CHANNELS
}

impl SvrconnCapacityInput {
    fn conversations(&self) -> u32 {
        self.curshcnv.unwrap_or(self.sharecnv).max(1)
    }
}

impl Validate for SvrconnCapacityInput {
    fn validate(&self, v: &mut Validator) {
        v.range("chinit_storage_used_mb", self.chinit_storage_used_mb, 0.0, STORAGE_31BIT_LIMIT_MB);
        v.range("chinit_storage_free_mb", self.chinit_storage_free_mb, 0.0, STORAGE_31BIT_LIMIT_MB);
        v.require(
            self.chinit_storage_used_mb + self.chinit_storage_free_mb <= STORAGE_31BIT_LIMIT_MB,
            "chinit_storage_free_mb",
            self.chinit_storage_free_mb,
            "a value that keeps used + free within the 2048 MB of 31-bit storage",
        );
        v.range("sharecnv", self.sharecnv, 0, 999);
        if let Some(c) = self.curshcnv {
            v.range("curshcnv", c, 1, self.sharecnv.max(1));
        }
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
        v.range("storage_limit_pct", self.storage_limit_pct, 1.0, 100.0);
        if let Some(m) = self.memlimit_mb {
            v.range("memlimit_mb", m, 1.0, 1.0e9);
        }
        v.range("maxchl", self.maxchl, 1, MAX_CHANNELS);
    }
}

/// Output of the `svrconn_capacity` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SvrconnCapacity {
    /// Local storage, used + free (MB).
    pub chinit_storage_total_mb: f64,
    /// Local storage to stay below (MB).
    pub chinit_storage_limit_mb: f64,
    /// Local storage left for channels (MB).
    pub chinit_storage_available_mb: f64,
    /// 31-bit footprint per channel (KB).
    pub storage31_kb_per_channel: f64,
    /// 64-bit buffer storage per channel (KB).
    pub storage64_kb_per_channel: f64,
    /// Channels that fit (count).
    pub max_channels: f64,
    /// Client conversations those channels carry (count).
    pub max_clients: f64,
    /// What bounds the count: `31-bit storage`, `64-bit storage` or `MAXCHL`.
    pub limited_by: String,
}

/// SVRCONN channels that fit a channel initiator: its free 31-bit storage under the limit, its
/// MEMLIMIT and MAXCHL.
pub fn svrconn_capacity(input: &SvrconnCapacityInput) -> SvrconnCapacity {
    let c = input.conversations();
    let total = input.chinit_storage_used_mb + input.chinit_storage_free_mb;
    let limit = total * input.storage_limit_pct / 100.0;
    let available = (limit - input.chinit_storage_used_mb).max(0.0);
    let fp31 = storage31_kb_per_channel(input.release, input.sharecnv, c, input.message_size_bytes);
    let fp64 = storage64_bytes_per_channel(input.release, input.sharecnv, c, input.message_size_bytes) / KB_BYTES;
    let by31 = channels_fitting(available, fp31, input.maxchl);
    let by64 = match input.memlimit_mb {
        Some(m) => channels_fitting(m, fp64, input.maxchl),
        None => f64::from(input.maxchl),
    };
    let max_channels = by31.min(by64);
    let limited_by = if max_channels >= f64::from(input.maxchl) {
        "MAXCHL"
    } else if by31 <= by64 {
        "31-bit storage"
    } else {
        "64-bit storage"
    };
    SvrconnCapacity {
        chinit_storage_total_mb: total,
        chinit_storage_limit_mb: limit,
        chinit_storage_available_mb: available,
        storage31_kb_per_channel: fp31,
        storage64_kb_per_channel: fp64,
        max_channels,
        max_clients: max_channels * f64::from(if input.sharecnv == 0 { 1 } else { c }),
        limited_by: limited_by.to_string(),
    }
}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(scenario: &Scenario) -> ConnectionMetrics {
    let cfg = &scenario.connection;
    let release = scenario.release;
    let msg = f64::from(scenario.workload.message_size_bytes);
    let shared_queues = scenario.workload.queue_type == QueueType::Shared;
    let c = conversations(cfg.sharecnv, cfg.curshcnv);
    let clients = f64::from(cfg.clients);
    let channels = crate::math::ceil(clients / c);

    let fp31 = storage31_kb_per_channel(release, cfg.sharecnv, cfg.curshcnv, msg);
    let fp64_bytes = storage64_bytes_per_channel(release, cfg.sharecnv, cfg.curshcnv, msg);
    let mca_fp = mca_storage31_kb_per_channel(msg);

    let csa_conn = csa_kb_per_connection(cfg.sharecnv, cfg.curshcnv);
    let csa_total_mb =
        CSA_INITIAL_MB + (clients * csa_conn + f64::from(cfg.mca_channels) * CSA_PER_CONNECTION_KB) / KB_BYTES;
    let qmgr_chl = qmgr_storage_kb_per_channel(cfg.sharecnv, cfg.curshcnv, shared_queues);

    let total = cfg.chinit_storage_used_mb + cfg.chinit_storage_free_mb;
    let limit = total * cfg.storage_limit_pct / 100.0;
    let available = (limit - cfg.chinit_storage_used_mb).max(0.0);
    let channels_mb = (channels * fp31 + f64::from(cfg.mca_channels) * mca_fp) / KB_BYTES;
    let used_mb = cfg.chinit_storage_used_mb + channels_mb;

    let input = SvrconnCapacityInput {
        chinit_storage_used_mb: cfg.chinit_storage_used_mb,
        chinit_storage_free_mb: cfg.chinit_storage_free_mb,
        release,
        sharecnv: cfg.sharecnv,
        curshcnv: Some(cfg.curshcnv),
        message_size_bytes: msg,
        storage_limit_pct: cfg.storage_limit_pct,
        memlimit_mb: cfg.memlimit_mb,
        maxchl: cfg.maxchl,
    };
    let capacity = svrconn_capacity(&input);
    let at_9_3 = svrconn_capacity(&SvrconnCapacityInput { release: Release::V9_3, ..input.clone() }).max_channels;
    let at_9_4 = svrconn_capacity(&SvrconnCapacityInput { release: Release::V9_4, ..input }).max_channels;

    ConnectionMetrics {
        conversations_per_channel: c,
        svrconn_channels: channels,
        csa_kb_per_connection: csa_conn,
        csa_total_mb,
        qmgr_storage_kb_per_connection: qmgr_chl / c,
        qmgr_storage_kb_per_channel: qmgr_chl,
        qmgr_storage_total_mb: channels * qmgr_chl / KB_BYTES,
        storage31_kb_per_channel: fp31,
        storage31_kb_per_conversation: fp31 / c,
        buffer_pool_kb: buffer_pool_bytes(msg) / KB_BYTES,
        storage64_kb_per_channel: fp64_bytes / KB_BYTES,
        storage64_multiple_of_message: if msg > 0.0 { fp64_bytes / msg } else { 0.0 },
        storage64_multiple_per_conversation: if msg > 0.0 { fp64_bytes / msg / c } else { 0.0 },
        mca_storage31_kb_per_channel: mca_fp,
        chinit_storage_total_mb: total,
        chinit_storage_limit_mb: limit,
        chinit_storage_available_mb: available,
        chinit_storage_channels_mb: channels_mb,
        chinit_storage_utilisation_pct: if total > 0.0 { used_mb / total * 100.0 } else { 0.0 },
        chinit_storage_required_mb: used_mb / (cfg.storage_limit_pct / 100.0),
        storage64_total_mb: channels * fp64_bytes / (KB_BYTES * KB_BYTES),
        max_svrconn_channels: capacity.max_channels,
        max_clients: capacity.max_clients,
        max_svrconn_channels_at_9_3: at_9_3,
        capacity_gain_9_4_over_9_3_pct: if at_9_3 > 0.0 { (at_9_4 / at_9_3 - 1.0) * 100.0 } else { 0.0 },
        max_mca_channels: channels_fitting(available, mca_fp, cfg.maxchl),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprint_reproduces_the_fitted_table_cells() {
        let kb = 1024.0;
        assert!((storage31_kb_per_channel(Release::V9_3, 0, 1, kb) - 86.0).abs() < 1e-9);
        assert!((storage31_kb_per_channel(Release::V9_3, 10, 10, 32.0 * kb) - 313.0).abs() < 1e-9);
        assert!((storage31_kb_per_channel(Release::V9_4, 1, 1, 32.0 * kb) - 201.0).abs() < 1e-9);
        assert!((storage31_kb_per_channel(Release::V9_4, 10, 10, kb) - 219.0).abs() < 1e-9);
    }

    #[test]
    fn nine_four_footprint_levels_off_above_32kb_but_earlier_releases_grow() {
        let at = |r, m: f64| storage31_kb_per_channel(r, 1, 1, m * 1024.0);
        assert_eq!(at(Release::V9_4, 32.0), at(Release::V9_4, 100.0 * 1024.0));
        assert!(at(Release::V9_3, 256.0) > at(Release::V9_3, 32.0) + 200.0);
    }

    #[test]
    fn buffers_round_up_to_power_of_two_pools_then_whole_megabytes() {
        assert_eq!(buffer_pool_bytes(100.0), 4096.0);
        assert_eq!(buffer_pool_bytes(31.0 * 1024.0), 32768.0);
        assert_eq!(buffer_pool_bytes(32.0 * 1024.0), 65536.0);
        assert_eq!(buffer_pool_bytes(1_048_576.0), 2.0 * 1_048_576.0);
        assert_eq!(buffer_pool_bytes(3.5 * 1_048_576.0), 4.0 * 1_048_576.0);
    }

    #[test]
    fn csa_sharing_overhead_is_spread_over_conversations() {
        assert!(csa_kb_per_connection(1, 1) > csa_kb_per_connection(10, 5));
        assert!(csa_kb_per_connection(10, 5) > csa_kb_per_connection(10, 10));
        assert!(csa_kb_per_connection(10, 10) > csa_kb_per_connection(0, 1));
    }

    #[test]
    fn no_64bit_storage_before_9_4_or_for_small_messages() {
        assert_eq!(storage64_bytes_per_channel(Release::V9_3, 0, 1, 1.0e6), 0.0);
        assert_eq!(storage64_bytes_per_channel(Release::V9_4, 0, 1, 10_000.0), 0.0);
        assert!(storage64_bytes_per_channel(Release::V9_4, 0, 1, 40_000.0) > 0.0);
    }
}
