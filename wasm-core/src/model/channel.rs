//! Sender/receiver channels: batching, receive time-out, TLS, compression and cluster binding.
//!
//! A sender channel takes messages off its transmission queue and sends them in batches; a batch
//! ends when the queue is empty (or BATCHINT expires) or BATCHSZ is reached, and each end then pays
//! the end-of-batch work (confirm flow, commit) once. So the *achieved* batch size, not BATCHSZ,
//! sets the per-message cost: it is the messages that arrive while the previous batch is being
//! sent and confirmed, which stays near 1 at low rates and fills up to BATCHSZ as the channel
//! approaches saturation. Receive time-out adds a fixed CPU cost each time a channel end waits
//! (once per batch at each end); TLS adds a constant plus a per-KB cost per message for the
//! cipher; compression shrinks the bytes sent (and encrypted) at a CPU cost per KB; clustering
//! spreads the rate over the destination channels and runs the workload choice per open or per put.
//!
//! The CPU figures were measured on a zSeries 900 (2064) in `001_e9a0356844d0b70c.txt`; they are
//! scaled to the scenario's processor by [`processor_cpu_factor`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::log;
use crate::scenario::{Persistence, Processor, QueueType, Scenario, SyncpointMode, Validate, Validator, WorkloadKind};

/// Bytes in a kilobyte as the reports count them.
const KB_BYTES: f64 = 1024.0;

/// How much faster one z16 engine runs this work than one zSeries 900 (2064) engine, the machine of
/// the 2003 report. The seeds do not give the ratio; it is an estimate of the single-engine capacity
/// growth between the two machines, used only to carry the 2003 channel figures to the z16.
pub const Z16_SPEEDUP_OVER_Z900: f64 = 9.0;

/// Multiplier from the 2003 report's zSeries 900 CPU figures to the scenario's processor.
pub fn processor_cpu_factor(processor: Processor) -> f64 {
    match processor {
        Processor::Z900 => 1.0,
        Processor::Z16 => 1.0 / Z16_SPEEDUP_OVER_Z900,
    }
}

/// CPU per KB of message for moving it across a channel at one end (z900 ms). Not separated in the
/// seeds (the size charts of `001_e9a0356844d0b70c.txt` 4.9 are lost); an estimate of the copy and
/// TCP/IP cost that the two receive time-out examples are then fitted around.
pub const CHANNEL_CPU_PER_KB_Z900_MS: f64 = 0.015;

/// End-of-batch CPU at one end of a channel (confirm flow, commit; z900 ms). Fitted to the two
/// examples of `001_e9a0356844d0b70c.txt` 9.1 "Performance Implications of Receive Time-out":
/// 5 KB at batch size 1 "approximately 0.55 CPU ms" and 1 KB at batch size 50 "0.33 ms per message".
pub const CHANNEL_CPU_PER_BATCH_Z900_MS: f64 = (0.55 - 0.33 - 4.0 * CHANNEL_CPU_PER_KB_Z900_MS) / (1.0 - 1.0 / 50.0);

/// Per-message CPU at one end apart from the size and batch parts (MQPUT or MQGET, channel
/// initiator, TCP/IP; z900 ms). Fitted with [`CHANNEL_CPU_PER_BATCH_Z900_MS`].
pub const CHANNEL_CPU_PER_MESSAGE_Z900_MS: f64 =
    0.55 - 5.0 * CHANNEL_CPU_PER_KB_Z900_MS - CHANNEL_CPU_PER_BATCH_Z900_MS;

/// CPU of entering one receive wait with receive time-out enabled (z900 ms).
/// `001_e9a0356844d0b70c.txt` 9.1: "approximately 0.08 - 0.09 CPU milliseconds"; the report's own
/// examples use 0.08.
pub const RECEIVE_WAIT_CPU_Z900_MS: f64 = 0.08;

/// Every SSL channel's extended private (EPVT) storage. `001_e9a0356844d0b70c.txt` 5.3 "What is the
/// maximum number of SSL channels?": "approximately 210 KB of virtual storage".
pub const SSL_EPVT_PER_CHANNEL_KB: f64 = 210.0;

/// Messages above this size add their length to an SSL channel's EPVT use (same section:
/// "for messages of greater than 32KB").
pub const SSL_LARGE_MESSAGE_THRESHOLD_KB: f64 = 32.0;

/// SSLTASKS beyond which no benefit was seen without CRL checking. `001_e9a0356844d0b70c.txt` 5.4:
/// "no benefit from using more than 8".
pub const SSLTASKS_USEFUL_MAX: u32 = 8;

/// Compression CPU per KB of uncompressed data, deflating with ZLIBFAST on zEDC hardware
/// (z16 µs). The report's compression results are charts only (`004_c01e4fc945a28128.txt`
/// Appendix A "Channel compression"); this and the following compression costs are estimates that
/// keep the known order: zEDC offload cheapest, software ZLIBFAST dearer, ZLIBHIGH dearest.
pub const ZLIBFAST_ZEDC_DEFLATE_US_PER_KB: f64 = 0.3;
/// Inflate CPU per KB of uncompressed data for ZLIBFAST on zEDC (z16 µs; estimate, see above).
pub const ZLIBFAST_ZEDC_INFLATE_US_PER_KB: f64 = 0.2;
/// Deflate CPU per KB for ZLIBFAST in software, without zEDC (z16 µs; estimate).
pub const ZLIBFAST_SOFTWARE_DEFLATE_US_PER_KB: f64 = 2.5;
/// Deflate CPU per KB for ZLIBHIGH, always in software (z16 µs; estimate).
pub const ZLIBHIGH_DEFLATE_US_PER_KB: f64 = 8.0;
/// Inflate CPU per KB in software (z16 µs; estimate).
pub const ZLIB_SOFTWARE_INFLATE_US_PER_KB: f64 = 1.0;

/// Cluster workload choice CPU per choice, plus [`CLUSTER_CHOICE_PER_DESTINATION_US`] for each
/// candidate queue manager (z16 µs). The report's cluster results are charts only
/// (`004_c01e4fc945a28128.txt` Appendix A "Moving messages across cluster channels", which notes the
/// choice matters most with 2 KB messages); both are estimates.
pub const CLUSTER_CHOICE_BASE_US: f64 = 4.0;
/// Cluster workload choice CPU per candidate destination (z16 µs; estimate, see above).
pub const CLUSTER_CHOICE_PER_DESTINATION_US: f64 = 0.5;

/// Width of the smooth corner where a channel's offered load reaches its capacity (utilisation).
const SATURATION_SMOOTHING: f64 = 0.05;

/// Fixed-point steps for the batch size when the turnaround grows with the batch (a persistent
/// batch's log write, a receiver slower than the sender falling behind), which lets more messages
/// into the batch.
const BATCH_FIXED_POINT_ITERATIONS: usize = 12;

/// Relative change of the persistent batch size below which its fixed point counts as settled
/// (far below anything displayed).
const BATCH_SETTLED_RELATIVE: f64 = 1e-12;

/// Sharpness of the smooth minimum that caps the achieved batch at BATCHSZ.
const BATCH_CAP_SHARPNESS: f64 = 4.0;

/// The SSLCIPH cipher specification of the channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cipher {
    /// No TLS.
    #[default]
    None,
    /// NULL_MD5: integrity only, no encryption.
    #[serde(rename = "NULL_MD5")]
    NullMd5,
    /// RC4_MD5_EXPORT: medium-strength encryption.
    #[serde(rename = "RC4_MD5_EXPORT")]
    Rc4Md5Export,
    /// TRIPLE_DES_SHA_US: the strongest cipher of the 2003 measurements.
    #[serde(rename = "TRIPLE_DES_SHA_US")]
    TripleDesShaUs,
}

/// COMPMSG message compression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Compression {
    /// No compression.
    #[default]
    None,
    /// ZLIBFAST: zEDC hardware where available.
    Zlibfast,
    /// ZLIBHIGH: software, best compression.
    Zlibhigh,
}

/// How a cluster queue's destination is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClusterBinding {
    /// Point-to-point channel, no cluster.
    #[default]
    None,
    /// MQOO_BIND_ON_OPEN: one choice per MQOPEN, every put of that open goes to it.
    BindOnOpen,
    /// MQOO_BIND_NOT_FIXED: one choice per MQPUT.
    BindNotFixed,
}

/// Sender/receiver channels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct ChannelConfig {
    /// Messages per second put to the transmission queue(s) (msgs/s).
    pub message_rate_msgs_s: f64,
    /// BATCHSZ: most messages per batch (count, 1 to 9,999).
    pub batch_size: u32,
    /// BATCHINT: how long a batch is kept open waiting for more messages (ms).
    pub batch_interval_ms: f64,
    /// Whether receive time-out (RCVTIME) is enabled in the channel initiator parameters.
    pub receive_timeout: bool,
    /// Round trip of the network between the two queue managers (ms).
    pub network_round_trip_ms: f64,
    /// Bandwidth of the network between them (MB/s).
    pub network_bandwidth_mb_s: f64,
    /// SSLCIPH cipher specification.
    pub cipher: Cipher,
    /// Whether cryptographic hardware (CCF, Crypto Express) is available to DES ciphers.
    pub crypto_hardware: bool,
    /// Extended private region (EPVT) of the channel initiator, which holds SSL channel storage (KB).
    pub epvt_kb: f64,
    /// SSLTASKS: server tasks running TLS handshakes and encryption (count).
    pub ssl_tasks: u32,
    /// COMPMSG compression.
    pub compression: Compression,
    /// Share of the message data compression removes (percent).
    pub compressible_pct: f64,
    /// Whether zEDC compression hardware is available to ZLIBFAST.
    pub zedc: bool,
    /// Cluster destination binding.
    pub cluster_binding: ClusterBinding,
    /// Queue managers hosting the clustered queue, each reached by its own channel (count).
    pub cluster_destinations: u32,
    /// MQPUTs between MQOPEN and MQCLOSE (count; 1 for the report's open-put-close requesters).
    pub puts_per_open: u32,
}

impl Default for ChannelConfig {
    fn default() -> Self {
        // 9.4 report Appendix B: 10GbE performance network, zEDC and Crypto Express available.
        ChannelConfig {
            message_rate_msgs_s: 1000.0,
            batch_size: 50,
            batch_interval_ms: 0.0,
            receive_timeout: false,
            network_round_trip_ms: 0.05,
            network_bandwidth_mb_s: 1250.0,
            cipher: Cipher::None,
            crypto_hardware: true,
            epvt_kb: 1_600_000.0,
            ssl_tasks: SSLTASKS_USEFUL_MAX,
            compression: Compression::None,
            compressible_pct: 80.0,
            zedc: true,
            cluster_binding: ClusterBinding::None,
            cluster_destinations: 1,
            puts_per_open: 1,
        }
    }
}

impl Validate for ChannelConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("message_rate_msgs_s", self.message_rate_msgs_s, 0.0, 10_000_000.0);
        v.range("batch_size", self.batch_size, 1, 9_999);
        v.range("batch_interval_ms", self.batch_interval_ms, 0.0, 999_999_999.0);
        v.range("network_round_trip_ms", self.network_round_trip_ms, 0.0, 10_000.0);
        v.range("network_bandwidth_mb_s", self.network_bandwidth_mb_s, 0.1, 1_000_000.0);
        v.range("epvt_kb", self.epvt_kb, 1.0, 2_097_152.0);
        v.range("ssl_tasks", self.ssl_tasks, 0, 9_999);
        if self.cipher != Cipher::None {
            v.require(self.ssl_tasks >= 1, "ssl_tasks", self.ssl_tasks, "at least 1 when a cipher is set");
        }
        v.range("compressible_pct", self.compressible_pct, 0.0, 99.0);
        v.range("cluster_destinations", self.cluster_destinations, 1, 999);
        v.range("puts_per_open", self.puts_per_open, 1, 1_000_000);
    }
}

/// Channel batching, TLS and compression costs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ChannelMetrics {
    /// Channels carrying the traffic (cluster destinations, else 1; count).
    pub channels: f64,
    /// Messages per second on each channel (msgs/s).
    pub channel_rate_msgs_s: f64,
    /// Messages per batch the channel actually achieves (count).
    pub achieved_batch_size: f64,
    /// Batches per second on each channel (batches/s).
    pub batches_per_s: f64,
    /// Time the sending channel spends on each message (ms).
    pub send_time_per_msg_ms: f64,
    /// End-of-batch turnaround: the receiver's work on the batch's last message (and any backlog
    /// of the batch it has not yet put), confirm flow, both ends' batch work and, for persistent
    /// messages, both ends' forced log writes (ms).
    pub batch_turnaround_ms: f64,
    /// Forced log write time per batch for persistent messages, receiver and sender together (ms;
    /// 0 for non-persistent messages).
    pub batch_log_write_ms: f64,
    /// Most messages per second one channel moves with full batches (msgs/s).
    pub max_rate_msgs_s: f64,
    /// Most message data all the channels together move with full batches (MB/s of uncompressed
    /// message data).
    pub max_throughput_mb_s: f64,
    /// Offered rate as a share of that maximum (percent; above 100 the queue builds).
    pub channel_utilisation_pct: f64,
    /// CPU per message at each end without TLS, compression or receive time-out: put or get,
    /// channel initiator, TCP/IP, plus the batch work shared by the batch (µs).
    pub base_cpu_us_per_msg: f64,
    /// Receive waits per message at each end (count).
    pub receive_waits_per_msg: f64,
    /// Receive time-out CPU per message at each end (µs; 0 when disabled).
    pub receive_timeout_cpu_us_per_msg: f64,
    /// Receive time-out CPU as a share of the base cost (percent).
    pub receive_timeout_overhead_pct: f64,
    /// Extra CPU per message at the sending end for TLS (µs).
    pub tls_sender_cpu_us_per_msg: f64,
    /// Extra CPU per message at the receiving end for TLS (µs).
    pub tls_receiver_cpu_us_per_msg: f64,
    /// Message data after compression (KB).
    pub compressed_message_kb: f64,
    /// Bytes sent per message, after compression (bytes).
    pub network_bytes_per_msg: f64,
    /// Data removed by compression (percent of the message).
    pub compression_saving_pct: f64,
    /// Compression CPU per message at the sending end (µs).
    pub compression_sender_cpu_us_per_msg: f64,
    /// Inflation CPU per message at the receiving end (µs).
    pub compression_receiver_cpu_us_per_msg: f64,
    /// Cluster workload choice CPU per message at the sending end (µs).
    pub cluster_choice_cpu_us_per_msg: f64,
    /// Total CPU per message at the sending end (µs).
    pub sender_cpu_us_per_msg: f64,
    /// Total CPU per message at the receiving end (µs).
    pub receiver_cpu_us_per_msg: f64,
    /// EPVT storage of one SSL channel moving this message size (KB).
    pub ssl_epvt_kb_per_channel: f64,
    /// SSL channels that fit in the EPVT (count).
    pub max_ssl_channels: f64,
    /// Busy share of the useful SSL server tasks for the encryption work (percent; 0 without TLS).
    pub ssl_task_utilisation_pct: f64,
}

/// TLS cost factors of one cipher at one end: a constant per message plus a cost per KB.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TlsCost {
    /// Constant per message (z900 ms).
    pub constant_ms: f64,
    /// Per KB of message (z900 ms).
    pub per_kb_ms: f64,
}

impl TlsCost {
    const ZERO: TlsCost = TlsCost { constant_ms: 0.0, per_kb_ms: 0.0 };

    /// Cost for a message of `kb` KB (z900 ms).
    pub fn at(&self, kb: f64) -> f64 {
        self.constant_ms + self.per_kb_ms * kb.max(0.0)
    }
}

/// The additional TLS CPU factors for (put + send, receive + get) on a z900.
///
/// `001_e9a0356844d0b70c.txt` 5.2 "Moving Messages", table "Constant Factor / Coefficient per
/// 1KB". The NULL_MD5 receive coefficient is printed as 0.49, ten times its put-side 0.045 and above
/// every encrypting cipher with hardware; the model reads it as 0.049 (hashing only).
pub fn tls_cost(cipher: Cipher, crypto_hardware: bool) -> (TlsCost, TlsCost) {
    let c = |constant_ms, per_kb_ms| TlsCost { constant_ms, per_kb_ms };
    match cipher {
        Cipher::None => (TlsCost::ZERO, TlsCost::ZERO),
        Cipher::NullMd5 => (c(0.15, 0.045), c(0.12, 0.049)),
        Cipher::Rc4Md5Export => (c(0.15, 0.1), c(0.2, 0.105)),
        Cipher::TripleDesShaUs if crypto_hardware => (c(0.2, 0.14), c(0.2, 0.144)),
        Cipher::TripleDesShaUs => (c(0.5, 0.89), c(0.5, 0.9)),
    }
}

/// EPVT storage of one SSL channel, KB: a fixed allocation plus the message for messages over 32 KB.
pub fn ssl_epvt_kb_per_channel(message_size_bytes: f64) -> f64 {
    let kb = message_size_bytes.max(0.0) / KB_BYTES;
    SSL_EPVT_PER_CHANNEL_KB + if kb > SSL_LARGE_MESSAGE_THRESHOLD_KB { kb } else { 0.0 }
}

/// SSL channels that fit an EPVT of `epvt_kb`, capped at the channel initiator's 9,999.
pub fn max_ssl_channels(epvt_kb: f64, message_size_bytes: f64) -> f64 {
    let per = ssl_epvt_kb_per_channel(message_size_bytes);
    crate::math::floor((epvt_kb.max(0.0) / per).min(f64::from(crate::model::svrconn::MAX_CHANNELS)))
}

/// A smooth, positive stand-in for `1 - rho` that approaches 0 (never reaching it) past saturation.
fn headroom(rho: f64) -> f64 {
    let d = 1.0 - rho;
    let e = SATURATION_SMOOTHING;
    (d + (d * d + e * e).sqrt()) / 2.0
}

/// Smooth minimum of two non-negative numbers (exactly 0 when either is 0).
fn soft_min(a: f64, b: f64) -> f64 {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if lo <= 0.0 || hi <= 0.0 {
        return 0.0;
    }
    let r = lo / hi;
    // lo * (1 + r^k)^(-1/k) with k = BATCH_CAP_SHARPNESS = 4: products and two square roots, far
    // cheaper than general powers in a function the batch fixed point calls at every step.
    const { assert!(BATCH_CAP_SHARPNESS == 4.0) };
    let r2 = r * r;
    lo / (1.0 + r2 * r2).sqrt().sqrt()
}

/// Achieved batch size: the messages that open a batch, plus those arriving while it is being sent
/// or held open by BATCHINT, capped at BATCHSZ.
///
/// The messages that arrived during the previous batch's turnaround (`a` of them on average, a
/// Poisson count) open the next batch together; only when none did does the sender wait for one
/// to open it alone, so a batch opens with `a + e^-a` messages on average (1 at low rates, `a`
/// once a few arrive per turnaround). Each message sent lets in the arrivals of its send time, so
/// without BATCHINT the batch is the opening messages over the sender's headroom. BATCHINT keeps
/// the batch open only while the transmission queue is empty: the batch takes the arrivals of
/// BATCHINT after it opened, or of its busy sending if that lasts longer.
///
/// `rate_msgs_s` is the channel's arrival rate, `send_ms` its time per message, `turnaround_ms`
/// the end-of-batch turnaround.
pub fn achieved_batch_size(
    rate_msgs_s: f64,
    batch_size: u32,
    batch_interval_ms: f64,
    send_ms: f64,
    turnaround_ms: f64,
) -> f64 {
    let per_ms = rate_msgs_s.max(0.0) / 1000.0;
    let rho = per_ms * send_ms.max(0.0);
    let a = per_ms * turnaround_ms.max(0.0);
    let opening = a + crate::math::exp(-a);
    let raw = f64::max(opening / headroom(rho), opening + per_ms * batch_interval_ms.max(0.0));
    1.0 + soft_min(raw - 1.0, f64::from(batch_size.max(1)) - 1.0)
}

/// Compression CPU (deflate at the sender, inflate at the receiver) per KB of message, z16 µs.
fn compression_us_per_kb(compression: Compression, zedc: bool) -> (f64, f64) {
    match compression {
        Compression::None => (0.0, 0.0),
        Compression::Zlibfast if zedc => (ZLIBFAST_ZEDC_DEFLATE_US_PER_KB, ZLIBFAST_ZEDC_INFLATE_US_PER_KB),
        Compression::Zlibfast => (ZLIBFAST_SOFTWARE_DEFLATE_US_PER_KB, ZLIB_SOFTWARE_INFLATE_US_PER_KB),
        Compression::Zlibhigh => (ZLIBHIGH_DEFLATE_US_PER_KB, ZLIB_SOFTWARE_INFLATE_US_PER_KB),
    }
}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(scenario: &Scenario) -> ChannelMetrics {
    let cfg = &scenario.channel;
    let factor = processor_cpu_factor(scenario.system.processor);
    let msg_bytes = f64::from(scenario.workload.message_size_bytes);
    let msg_kb = msg_bytes / KB_BYTES;

    // Compression happens before encryption, so TLS and the network see the compressed bytes.
    let (compressed_bytes, deflate_us, inflate_us) = if cfg.compression == Compression::None {
        (msg_bytes, 0.0, 0.0)
    } else {
        let (d, i) = compression_us_per_kb(cfg.compression, cfg.zedc);
        // The estimates are z16 figures; other processors scale inversely.
        let z16 = processor_cpu_factor(Processor::Z16);
        (msg_bytes * (1.0 - cfg.compressible_pct / 100.0), d * msg_kb * factor / z16, i * msg_kb * factor / z16)
    };
    let sent_kb = compressed_bytes / KB_BYTES;

    let (tls_send, tls_recv) = tls_cost(cfg.cipher, cfg.crypto_hardware);
    let tls_sender_us = tls_send.at(sent_kb) * factor * 1000.0;
    let tls_receiver_us = tls_recv.at(sent_kb) * factor * 1000.0;

    let channels = match cfg.cluster_binding {
        ClusterBinding::None => 1.0,
        _ => f64::from(cfg.cluster_destinations),
    };
    let choices_per_msg = match cfg.cluster_binding {
        ClusterBinding::None => 0.0,
        ClusterBinding::BindOnOpen => 1.0 / f64::from(cfg.puts_per_open.max(1)),
        ClusterBinding::BindNotFixed => 1.0,
    };
    let z16 = processor_cpu_factor(Processor::Z16);
    let cluster_us =
        choices_per_msg * (CLUSTER_CHOICE_BASE_US + CLUSTER_CHOICE_PER_DESTINATION_US * channels) * factor / z16;

    let per_msg_ms = (CHANNEL_CPU_PER_MESSAGE_Z900_MS + CHANNEL_CPU_PER_KB_Z900_MS * msg_kb) * factor;
    let batch_ms = CHANNEL_CPU_PER_BATCH_Z900_MS * factor;
    let wire_ms = compressed_bytes / (cfg.network_bandwidth_mb_s * KB_BYTES * KB_BYTES) * 1000.0;
    let send_ms = per_msg_ms + wire_ms + (tls_sender_us + deflate_us) / 1000.0;
    let confirm_ms = cfg.network_round_trip_ms + 2.0 * batch_ms;
    // The receiver puts each message before it can commit the batch, so its work on the last one
    // is part of the turnaround. Where it is slower per message than the sender (its TLS or
    // inflation dearer than the sender's part and the wire), it falls further behind with every
    // message of the batch, and that backlog is in the turnaround too.
    let receive_ms = per_msg_ms + (tls_receiver_us + inflate_us) / 1000.0;
    let receiver_lag_per_msg_ms = (receive_ms - send_ms).max(0.0);
    let receiver_ms = |n: f64| receive_ms + (n - 1.0).max(0.0) * receiver_lag_per_msg_ms;

    let rate = cfg.message_rate_msgs_s / channels;
    let persistent = scenario.workload.persistence == Persistence::Persistent;
    let log_bytes = log::log_bytes_per_message(msg_bytes, scenario.workload.queue_type == QueueType::Shared);
    // Persistent batches end with a forced log write at each end: the receiver logs the batch's
    // puts, the sender its gets' commit. The write grows with the batch and the batch with the
    // turnaround, so iterate from a batch of one; the sequence rises monotonically to its fixed
    // point and usually settles in a few steps, after which further steps would repeat it.
    // The iteration times writes of the same few sizes at nearby rates: one timer keeps their
    // rate-independent part.
    let path = log::IoPath::of(scenario);
    // The sender's commit shares its log with the applications putting to the transmission
    // queue, whose own forces keep it busy: the commit finds one of their writes in flight that
    // share of the time, and waits out the rest of it (half, on average) before its own.
    let putters_busy_wait_us = if persistent && scenario.workload.kind == WorkloadKind::ChannelMove {
        let w = &scenario.workload;
        let per_force =
            if w.syncpoint == SyncpointMode::InSyncpoint { f64::from(w.messages_per_commit.max(1)) } else { 1.0 };
        let forces = crate::model::commit::log_force(
            scenario,
            cfg.message_rate_msgs_s / per_force,
            per_force * log_bytes,
            f64::from(w.requesters.max(1)),
            0.0,
        );
        let busy = (forces.writes_per_s * forces.write_us * 1.0e-6).clamp(0.0, 1.0);
        busy * 0.5 * forces.write_us
    } else {
        0.0
    };
    let mut timer = path.timer();
    let mut batch_log_ms = |n: f64| -> f64 {
        if !persistent {
            return 0.0;
        }
        let batches_per_s = rate / n.max(1.0);
        let sender = timer.write_time_at_rate_us(log::LOG_PAGE_BYTES, batches_per_s) + putters_busy_wait_us;
        // Forced writes are whole pages, so a batch whose log data fits in one page is written
        // just like the sender's one-page commit record.
        let batch_bytes = n * log_bytes;
        let receiver = if batch_bytes <= log::LOG_PAGE_BYTES {
            sender
        } else {
            timer.write_time_at_rate_us(batch_bytes, batches_per_s)
        };
        let ms = (receiver + sender) / 1000.0;
        if ms.is_finite() { ms.max(0.0) } else { 0.0 }
    };
    let grows_with_batch = persistent || receiver_lag_per_msg_ms > 0.0;
    let mut n = 1.0;
    let mut log_ms = batch_log_ms(n);
    let mut turnaround_ms = confirm_ms + receiver_ms(n) + log_ms;
    for _ in 0..BATCH_FIXED_POINT_ITERATIONS {
        let next = achieved_batch_size(rate, cfg.batch_size, cfg.batch_interval_ms, send_ms, turnaround_ms);
        let settled = !grows_with_batch || (next - n).abs() <= BATCH_SETTLED_RELATIVE * next;
        n = next;
        if settled {
            // The turnaround of a batch this close to the last one is the same turnaround.
            break;
        }
        log_ms = batch_log_ms(n);
        turnaround_ms = confirm_ms + receiver_ms(n) + log_ms;
    }
    let full = f64::from(cfg.batch_size);
    let max_rate = 1000.0 / (send_ms + (confirm_ms + receiver_ms(full) + batch_log_ms(full)) / full);

    let base_us = (per_msg_ms + batch_ms / n) * 1000.0;
    let waits = 1.0 / n;
    let rt_us = if cfg.receive_timeout { RECEIVE_WAIT_CPU_Z900_MS * factor * 1000.0 * waits } else { 0.0 };

    let useful_tasks = f64::from(cfg.ssl_tasks.min(SSLTASKS_USEFUL_MAX));
    let tls_busy = if cfg.cipher == Cipher::None || useful_tasks <= 0.0 {
        0.0
    } else {
        cfg.message_rate_msgs_s * tls_sender_us / 1.0e6 / useful_tasks * 100.0
    };

    ChannelMetrics {
        channels,
        channel_rate_msgs_s: rate,
        achieved_batch_size: n,
        batches_per_s: rate / n,
        send_time_per_msg_ms: send_ms,
        batch_turnaround_ms: turnaround_ms,
        batch_log_write_ms: log_ms,
        max_rate_msgs_s: max_rate,
        max_throughput_mb_s: max_rate * channels * msg_bytes / (KB_BYTES * KB_BYTES),
        channel_utilisation_pct: rate / max_rate * 100.0,
        base_cpu_us_per_msg: base_us,
        receive_waits_per_msg: waits,
        receive_timeout_cpu_us_per_msg: rt_us,
        receive_timeout_overhead_pct: rt_us / base_us * 100.0,
        tls_sender_cpu_us_per_msg: tls_sender_us,
        tls_receiver_cpu_us_per_msg: tls_receiver_us,
        compressed_message_kb: sent_kb,
        network_bytes_per_msg: compressed_bytes,
        compression_saving_pct: if msg_bytes > 0.0 { (1.0 - compressed_bytes / msg_bytes) * 100.0 } else { 0.0 },
        compression_sender_cpu_us_per_msg: deflate_us,
        compression_receiver_cpu_us_per_msg: inflate_us,
        cluster_choice_cpu_us_per_msg: cluster_us,
        sender_cpu_us_per_msg: base_us + rt_us + tls_sender_us + deflate_us + cluster_us,
        receiver_cpu_us_per_msg: base_us + rt_us + tls_receiver_us + inflate_us,
        ssl_epvt_kb_per_channel: ssl_epvt_kb_per_channel(msg_bytes),
        max_ssl_channels: max_ssl_channels(cfg.epvt_kb, msg_bytes),
        ssl_task_utilisation_pct: tls_busy,
    }
}

/// Input of the `tls_cpu_per_message` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TlsCpuInput {
    /// SSLCIPH cipher specification.
    pub cipher: Cipher,
    /// Message size (bytes).
    pub message_size_bytes: f64,
    /// Whether cryptographic hardware is available (matters for DES ciphers).
    #[serde(default = "default_true")]
    pub crypto_hardware: bool,
    /// Processor the cost is wanted for; the table was measured on a z900.
    #[serde(default = "default_processor")]
    pub processor: Processor,
}

fn default_true() -> bool {
    true
}

fn default_processor() -> Processor {
    Processor::Z900
}

impl Validate for TlsCpuInput {
    fn validate(&self, v: &mut Validator) {
        v.range("message_size_bytes", self.message_size_bytes, 0.0, 104_857_600.0);
    }
}

/// Output of the `tls_cpu_per_message` calculator (CPU ms on the chosen processor).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TlsCpu {
    /// Constant part at the sender, put + send (ms).
    pub sender_constant_ms: f64,
    /// Per-KB part at the sender (ms per KB).
    pub sender_ms_per_kb: f64,
    /// Constant part at the receiver, receive + get (ms).
    pub receiver_constant_ms: f64,
    /// Per-KB part at the receiver (ms per KB).
    pub receiver_ms_per_kb: f64,
    /// Additional CPU at the sender for this message (ms).
    pub sender_cpu_ms: f64,
    /// Additional CPU at the receiver for this message (ms).
    pub receiver_cpu_ms: f64,
    /// Both ends together (ms).
    pub total_cpu_ms: f64,
}

/// Additional CPU per message that TLS costs at each end of a channel.
pub fn tls_cpu_per_message(input: &TlsCpuInput) -> TlsCpu {
    let f = processor_cpu_factor(input.processor);
    let (s, r) = tls_cost(input.cipher, input.crypto_hardware);
    let kb = input.message_size_bytes / KB_BYTES;
    let sender = s.at(kb) * f;
    let receiver = r.at(kb) * f;
    TlsCpu {
        sender_constant_ms: s.constant_ms * f,
        sender_ms_per_kb: s.per_kb_ms * f,
        receiver_constant_ms: r.constant_ms * f,
        receiver_ms_per_kb: r.per_kb_ms * f,
        sender_cpu_ms: sender,
        receiver_cpu_ms: receiver,
        total_cpu_ms: sender + receiver,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_senders_commit_waits_behind_the_putters_writes_on_its_log() {
        let moving = |persistence: &str, rate: f64| {
            let mut s = Scenario::from_overlay(&serde_json::json!({
                "workload": { "kind": "channel_move", "persistence": persistence, "syncpoint": "in_syncpoint",
                    "requesters": 8 }
            }))
            .unwrap();
            s.channel.message_rate_msgs_s = rate;
            s
        };
        // The same channel with nobody else forcing its sending log: what a batch's writes take.
        let alone = |s: &Scenario| {
            let mut quiet = s.clone();
            quiet.workload.kind = WorkloadKind::RequestReply;
            evaluate(&quiet)
        };
        let (light, busy) = (moving("persistent", 200.0), moving("persistent", 5000.0));
        let extra = |s: &Scenario| evaluate(s).batch_log_write_ms - alone(s).batch_log_write_ms;
        assert!(extra(&light) > 0.0 && extra(&busy) > 2.0 * extra(&light), "{} {}", extra(&light), extra(&busy));
        // Nonpersistent messages force nothing.
        assert_eq!(evaluate(&moving("non_persistent", 5000.0)).batch_log_write_ms, 0.0);
    }

    #[test]
    fn fitted_channel_costs_reproduce_both_receive_timeout_examples() {
        let batch1_5kb =
            CHANNEL_CPU_PER_MESSAGE_Z900_MS + 5.0 * CHANNEL_CPU_PER_KB_Z900_MS + CHANNEL_CPU_PER_BATCH_Z900_MS;
        let batch50_1kb =
            CHANNEL_CPU_PER_MESSAGE_Z900_MS + CHANNEL_CPU_PER_KB_Z900_MS + CHANNEL_CPU_PER_BATCH_Z900_MS / 50.0;
        assert!((batch1_5kb - 0.55).abs() < 1e-12);
        assert!((batch50_1kb - 0.33).abs() < 1e-12);
        const { assert!(CHANNEL_CPU_PER_BATCH_Z900_MS > 0.0 && CHANNEL_CPU_PER_MESSAGE_Z900_MS > 0.0) };
    }

    #[test]
    fn batch_size_is_one_when_idle_and_batchsz_when_saturated() {
        assert_eq!(achieved_batch_size(0.0, 50, 0.0, 0.3, 0.5), 1.0);
        assert_eq!(achieved_batch_size(1e6, 1, 0.0, 0.3, 0.5), 1.0);
        let full = achieved_batch_size(1e5, 50, 0.0, 0.3, 0.5);
        assert!((full - 50.0).abs() < 0.01, "{full}");
    }

    #[test]
    fn a_batch_opens_with_the_turnarounds_arrivals_or_with_one_message_when_none_came() {
        // One arrival per turnaround on average and no sending time: e^-1 of the turnarounds see
        // none and the next message opens the batch alone, the rest open it with what came.
        let n = achieved_batch_size(1000.0, 50, 0.0, 0.0, 1.0);
        let expected = (1.0 + crate::math::exp(-1.0)) / headroom(0.0);
        assert!((n - expected).abs() < 1e-3 * expected, "{n} vs {expected}");
        // A BATCHINT far longer than the sending holds the batch for its own arrivals only:
        // 2,000 messages a second over 5 ms is 10 more than the one that opened it.
        let held = achieved_batch_size(2000.0, 50, 5.0, 0.001, 0.0);
        assert!((held - 11.0).abs() < 0.02, "{held}");
    }

    #[test]
    fn a_receiver_slower_than_the_sender_limits_the_channel_to_its_own_rate() {
        let mut sc = Scenario::default();
        sc.system.processor = Processor::Z900;
        sc.workload.message_size_bytes = 1024;
        sc.channel.batch_size = 1000;
        // RC4_MD5_EXPORT costs the receiver 0.05 ms more per message than the sender.
        sc.channel.cipher = Cipher::Rc4Md5Export;
        let m = evaluate(&sc);
        let receive_ms = CHANNEL_CPU_PER_MESSAGE_Z900_MS + CHANNEL_CPU_PER_KB_Z900_MS + 0.2 + 0.105;
        let receiver_rate = 1000.0 / receive_ms;
        assert!(m.send_time_per_msg_ms < receive_ms);
        assert!(m.max_rate_msgs_s <= receiver_rate && m.max_rate_msgs_s > 0.95 * receiver_rate, "{m:?}");
    }

    #[test]
    fn soft_min_is_below_both_and_close_to_the_smaller() {
        for (a, b) in [(1.0, 49.0), (49.0, 1.0), (100.0, 100.0), (1e12, 3.0)] {
            let m = soft_min(a, b);
            assert!(m <= a.min(b) && m > 0.8 * a.min(b), "{a} {b} {m}");
        }
        assert_eq!(soft_min(0.0, 5.0), 0.0);
    }

    #[test]
    fn tls_cost_is_linear_in_message_size() {
        let (s, _) = tls_cost(Cipher::Rc4Md5Export, true);
        assert!((s.at(5.0) - 0.65).abs() < 1e-12);
        let (s_hw, _) = tls_cost(Cipher::TripleDesShaUs, true);
        let (s_sw, _) = tls_cost(Cipher::TripleDesShaUs, false);
        assert!(s_sw.at(1.0) > s_hw.at(1.0));
    }

    #[test]
    fn ssl_channels_step_down_above_32kb_messages() {
        assert_eq!(max_ssl_channels(1_600_000.0, 4000.0 * 1024.0), 380.0);
        assert_eq!(max_ssl_channels(1_600_000.0, 100.0 * 1_048_576.0), 15.0);
        assert!(max_ssl_channels(1_600_000.0, 32.0 * 1024.0) > max_ssl_channels(1_600_000.0, 33.0 * 1024.0));
    }

    #[test]
    fn soft_min_matches_its_general_power_form() {
        let k = BATCH_CAP_SHARPNESS;
        for (a, b) in [(1.0, 49.0), (0.3, 0.31), (7.0, 2.0), (1e-6, 1e6), (5.0, 5.0)] {
            let lo = f64::min(a, b);
            let general = lo * crate::math::pow(1.0 + crate::math::pow(lo / f64::max(a, b), k), -1.0 / k);
            assert!((soft_min(a, b) - general).abs() <= 1e-15 * general, "{a} {b}");
        }
    }
}
