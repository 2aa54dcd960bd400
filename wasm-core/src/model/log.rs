//! The active log writer and the I/O paths to the log data sets.
//!
//! Every persistent message is written to the active log: its data plus the queue manager's log
//! record headers. The log writer gathers whole 4 KB pages and writes them with one I/O request of at
//! most 128 pages, split across the stripes of each copy, with every copy written in parallel.
//!
//! How long a write takes depends on the path:
//! - FICON and zHPF are asynchronous: a fixed start-up (dispatching, interrupt handling), a
//!   transfer time per page on each stripe's device, and a transfer time per page on the channel
//!   paths that every concurrent stripe and copy share. Other work on those paths adds queueing.
//! - zHyperLink is synchronous: the logger spins while the write goes over a point-to-point link in
//!   track-sized requests of at most 56 KB. Each request and each page costs round trips over the
//!   cable. The spinning logger overlaps only a few requests, so striping helps it much less than it
//!   helps asynchronous I/O, and its own processing between writes cannot overlap the I/O. When the
//!   PFIDs (the link functions) get busy, requests time out and are redone asynchronously.
//!
//! The figures in [`LogMetrics`] describe the logger saturated by persistent messages of the
//! workload's size, each write carrying one message's log data (the reports' "upper bounds of
//! persistent logging rate" test); [`write_time_us`], [`write_time_at_rate_us`] and
//! [`max_log_rate_mb_s`] serve the commit model, which knows how many commits share a write.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{Persistence, QueueType, Scenario, Validate, Validator};

/// Log record overhead per persistent message for a queue manager outside a QSG.
/// `001_e9a0356844d0b70c.txt`, 4.1.1 "Log record size increase for queue managers within a QSG":
/// "Message length plus 1.25KB for non QSG queue managers".
pub const LOG_OVERHEAD_PER_MESSAGE_BYTES: f64 = 1.25 * 1024.0;

/// Log record overhead per persistent message for a queue manager in a QSG, whose log headers
/// carry the extra data shared-queue recovery needs. Same section: "Message length plus 1.5KB for
/// queue managers in a QSG".
pub const LOG_OVERHEAD_PER_MESSAGE_QSG_BYTES: f64 = 1.5 * 1024.0;

/// Size of a log page (control interval).
pub const LOG_PAGE_BYTES: f64 = 4096.0;

/// Most pages Media Manager writes in one I/O request (512 KB). `004_c01e4fc945a28128.txt`,
/// "zHyperLink and striped active logs": "up to 128 4K pages to be written in a single I/O request".
pub const MAX_PAGES_PER_IO: f64 = 128.0;
/// Largest log write in bytes: [`MAX_PAGES_PER_IO`] pages of [`LOG_PAGE_BYTES`].
pub const MAX_WRITE_BYTES: f64 = MAX_PAGES_PER_IO * LOG_PAGE_BYTES;

/// Largest zHyperLink write request: one 3390 track. Same section: "a z HyperLink I/O request will
/// write no more than 56KB in a single request".
pub const ZHYPERLINK_MAX_REQUEST_BYTES: f64 = 56.0 * 1024.0;

/// Concurrent zHyperLink write sessions (tokens) one DS8000 supports. `004_c01e4fc945a28128.txt`,
/// "Do I have enough write sessions?": "a maximum of 64 concurrent write sessions".
pub const DS8000_MAX_WRITE_SESSIONS: u32 = 64;

/// PFID utilisation the report advises not to exceed. `004_c01e4fc945a28128.txt`, "Are there
/// sufficient zHyperLink paths to the DASD?": "the PFIDs usage should not exceed 25%".
pub const PFID_UTILISATION_GUIDELINE_PCT: f64 = 25.0;

/// Fixed part of an asynchronous zHPF write (start-up, interrupt, re-dispatch). Fitted with the
/// per-page constants below to `004_c01e4fc945a28128.txt` "Single Page I/O Response Times" (115 µs
/// zHPF quiet) and the zHPF peak log rates of "Measurements in performance environment".
pub const ZHPF_FIXED_US: f64 = 99.96;

/// Fixed part of an asynchronous FICON write without zHPF (a longer channel programme). Fitted to
/// "Single Page I/O Response Times" (181 µs) and Appendix A "Upper bounds of persistent logging
/// rate" (440 MB/s per copy, dual 4-stripe logs, zHPF off as Appendix B says).
pub const FICON_FIXED_US: f64 = 160.18;

/// Device time per page on one stripe of an asynchronous write (NVS transfer); stripes proceed in
/// parallel. Fitted to the zHPF single-copy peak log rates, non-striped and striped (268 and 764 MB/s,
/// `004_c01e4fc945a28128.txt`, "Single active log copy, non-striped" / "striped").
pub const ASYNC_DEVICE_US_PER_PAGE: f64 = 12.592;

/// Channel time per page, shared by every stripe and copy written at the same time over the
/// 4 channel paths (Appendix B). Fitted to the dual-copy zHPF peak (249 MB/s, "Dual active log copies,
/// non-striped").
pub const ASYNC_CHANNEL_US_PER_PAGE: f64 = 1.1757;

/// FICON without zHPF moves each page with more channel commands: its per-page times are this many
/// times zHPF's. Fitted with [`FICON_FIXED_US`].
pub const FICON_PER_PAGE_FACTOR: f64 = 1.3859;

/// Queueing behind other work on the channel paths, per write, per unit of `u/(1-u)` where `u` is
/// the other work's channel path utilisation. Fitted to the busy ("real-world") zHPF figures of
/// `004_c01e4fc945a28128.txt` (200 µs single page; 227 and 560 MB/s peaks), whose channel paths ran
/// at 94% ("Measurements in \"real-world\" environment").
pub const ASYNC_QUEUE_US_PER_LOAD: f64 = 5.241;

/// Relative slow-down of the device time per page per unit of `u/(1-u)` (other work also uses the
/// DASD cache). Fitted with [`ASYNC_QUEUE_US_PER_LOAD`].
pub const ASYNC_DEVICE_LOAD_SENSITIVITY: f64 = 0.005332;

/// Relative slow-down of the channel time per page per unit of `u/(1-u)`. Fitted with
/// [`ASYNC_QUEUE_US_PER_LOAD`].
pub const ASYNC_CHANNEL_LOAD_SENSITIVITY: f64 = 0.05246;

/// Fixed time of one synchronous zHyperLink request at zero cable length. Fitted, with the two
/// constants after it, to `004_c01e4fc945a28128.txt` "Single Page I/O Response Times" (28 µs at 30 m)
/// and "What is the impact of zHyperLink cable length?" (16 pages: 105 µs at 30 m, 167 µs at 150 m).
pub const ZHYPERLINK_REQUEST_US: f64 = 23.224;

/// Device time per page of a zHyperLink request.
pub const ZHYPERLINK_US_PER_PAGE: f64 = 2.95;

/// Cable round trips per frame of a zHyperLink request, counting one frame for the request and
/// one per page: why a longer cable costs more for multi-page writes.
pub const ZHYPERLINK_ROUND_TRIPS_PER_FRAME: f64 = 2.7165;

/// Round-trip time of light in fibre, per metre of cable (5 ns/m each way).
pub const FIBRE_ROUND_TRIP_US_PER_M: f64 = 0.01;

/// Extra time per zHyperLink request per unit of `u/(1-u)` of the other work (the DASD is busier even
/// though the link is not shared). Fitted to "Single Page I/O Response Times" (31 µs busy).
pub const ZHYPERLINK_LOAD_US_PER_REQUEST: f64 = 0.204;

/// Synchronous requests the spinning logger keeps in flight at once, on average, when a write has
/// several streams (stripes x copies). Fitted to the zHyperLink peak log rates of the performance
/// environment: single copy striped (976 MB/s) and dual copy striped (519 MB/s).
pub const ZHYPERLINK_CONCURRENT_REQUESTS: f64 = 1.7374;

/// Logger CPU per write outside the I/O itself (building the write, posting the waiters).
/// With synchronous I/O it cannot overlap the I/O, so it lengthens every write cycle; it is also the
/// whole logger cost of an asynchronous write. Fitted with the next constant to "Cost of zHyperLink
/// is all relative": MQ SRB 3.2 times (2KB) and 11.1 times (1MB) the asynchronous cost.
pub const LOGGER_CPU_US_PER_WRITE: f64 = 12.175;

/// Logger CPU per page written, outside the I/O.
pub const LOGGER_CPU_US_PER_PAGE: f64 = 0.465;

/// Time a request that falls back from zHyperLink spins before it is redone asynchronously
/// (a link-busy or time-out attempt). An assumption of the order of one single-page request.
pub const ZHYPERLINK_FALLBACK_ATTEMPT_US: f64 = 25.0;

/// PFID utilisation (service time based) at which half the zHyperLink requests fall back to
/// asynchronous I/O. Fitted to `004_c01e4fc945a28128.txt` "Are there sufficient zHyperLink paths to
/// the DASD?": with 8 PFIDs and dual 4-stripe logs, synchronous I/O fell to 62% at 100KB.
pub const ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION: f64 = 0.1146;

/// Width of the transition from synchronous to asynchronous (logistic scale, as a utilisation).
/// Chosen sharp, so that 16 PFIDs keep every configuration synchronous as the report found.
pub const ZHYPERLINK_FALLBACK_WIDTH_UTILISATION: f64 = 0.005;

/// Share of the fixed write time added by formatting writes on the first use of a log data set that
/// was not pre-formatted (the per-page transfer is done twice). Fitted to `001_e9a0356844d0b70c.txt`
/// 4.1.2 "Log data set pre-format": "An increase in response time of about 33%".
pub const UNFORMATTED_FIXED_PENALTY_FRACTION: f64 = 0.25;

/// Highest utilisation of the channel paths by other work the model accepts, in percent.
pub const MAX_OTHER_CHANNEL_BUSY_PCT: f64 = 95.0;

const BYTES_PER_MB: f64 = 1_048_576.0;

/// The channel programme used to write the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LogIoMode {
    /// FICON without High Performance FICON (the 9.4 report's default, Appendix B).
    #[default]
    Ficon,
    /// High Performance FICON for z (zHPF).
    Zhpf,
    /// zHyperLink synchronous writes, falling back to zHPF when they cannot be used.
    Zhyperlink,
}

/// The active log data sets and the path to them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// Log copies written in parallel: 1 (single) or 2 (dual logging).
    pub copies: u32,
    /// Stripes per log data set, 1 to 4 (the 9.4 report's regression logs use 4).
    pub stripes: u32,
    /// The I/O path: FICON (zHPF off, the report's default), zHPF or zHyperLink.
    pub io_mode: LogIoMode,
    /// Utilisation of the shared DASD channel paths by other work, in percent: about 2 in the
    /// report's quiet performance environment, 94 in its busy "real-world" environment.
    pub other_channel_busy_pct: f64,
    /// zHyperLink PFIDs (link functions) the LPAR can use for log writes, a count (the report's
    /// measurements use 16); only read when `io_mode` is zhyperlink.
    pub zhyperlink_pfids: u32,
    /// Length of the zHyperLink cable, in metres (at most 150; the report's measurements use 30).
    pub zhyperlink_cable_length_m: f64,
    /// Whether the log volumes are mirrored with Metro Mirror (PPRC), which doubles the write sessions.
    pub metro_mirror: bool,
    /// zHyperLink write sessions other queue managers or subsystems (Db2) already hold on the same
    /// DS8000, a count.
    pub other_write_sessions: u32,
    /// Whether the log data sets were pre-formatted (CSQ4LFMT) before first use; if not, the figures
    /// are those of first use, when every write also formats its pages.
    pub preformatted: bool,
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            copies: 2,
            stripes: 4,
            io_mode: LogIoMode::Ficon,
            other_channel_busy_pct: 2.0,
            zhyperlink_pfids: 16,
            zhyperlink_cable_length_m: 30.0,
            metro_mirror: false,
            other_write_sessions: 0,
            preformatted: true,
        }
    }
}

impl Validate for LogConfig {
    fn validate(&self, v: &mut Validator) {
        v.range("copies", self.copies, 1, 2);
        v.range("stripes", self.stripes, 1, 4);
        v.range("other_channel_busy_pct", self.other_channel_busy_pct, 0.0, MAX_OTHER_CHANNEL_BUSY_PCT);
        v.range("zhyperlink_pfids", self.zhyperlink_pfids, 0, 64);
        v.range("zhyperlink_cable_length_m", self.zhyperlink_cable_length_m, 0.0, 150.0);
        v.range("other_write_sessions", self.other_write_sessions, 0, DS8000_MAX_WRITE_SESSIONS);
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

/// What the log writer does for this scenario: the logger saturated by persistent messages of the
/// workload's size, one message's log data per write (messages larger than 512 KB take several
/// full writes).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct LogMetrics {
    /// Bytes written to each log copy per persistent message put and got (0 for non-persistent
    /// messages; the other figures describe persistent messages of the workload's size).
    pub log_bytes_per_message: f64,
    /// Pages (4 KB) per write of one message's log data, capped at 128.
    pub pages_per_io: f64,
    /// Writes needed for one message's log data.
    pub ios_per_message: f64,
    /// Bytes the busiest stripe of each copy receives in one write.
    pub bytes_per_stripe_per_io: f64,
    /// zHyperLink requests (at most 56 KB, one track) per stripe in one write; 0 unless zHyperLink.
    pub zhyperlink_requests_per_stripe: f64,
    /// Elapsed time of one write, all stripes and copies in parallel, fallbacks included, in µs.
    pub io_time_us: f64,
    /// Elapsed time of writing one message's log data, in µs.
    pub write_time_per_message_us: f64,
    /// Log data rate per copy the logger sustains writing one message per write, in MB/s.
    pub message_log_rate_mb_s: f64,
    /// Persistent messages per second the log sustains at that rate.
    pub log_bound_msgs_s: f64,
    /// Upper bound of the log data rate per copy, with full 128-page writes, in MB/s.
    pub max_log_rate_mb_s: f64,
    /// zHyperLink write sessions this queue manager needs (copies x stripes, x2 with Metro Mirror).
    pub write_sessions: f64,
    /// Of those, the sessions on one DS8000 (Metro Mirror splits them between two).
    pub write_sessions_per_ds8000: f64,
    /// Whether this queue manager's sessions fit, with the other sessions, within the DS8000's 64.
    pub within_write_session_limit: bool,
    /// Whether writes use zHyperLink at all (zHyperLink mode and enough write sessions).
    pub zhyperlink_active: bool,
    /// Utilisation of each PFID by synchronous requests, in percent.
    pub pfid_utilisation_pct: f64,
    /// Share of zHyperLink requests completed synchronously, in percent (0 when not zHyperLink).
    pub sync_io_pct: f64,
    /// CPU the logger spins per write while synchronous I/O completes, in µs (0 for async I/O).
    pub spin_cpu_us_per_io: f64,
    /// Logger CPU per MB logged (per copy), spinning included, in µs.
    pub logger_cpu_us_per_mb: f64,
    /// Logger CPU per MB of the same configuration with asynchronous zHPF I/O, in µs.
    pub async_logger_cpu_us_per_mb: f64,
    /// Logger CPU per MB relative to asynchronous I/O (the report's "times higher" cost of zHyperLink).
    pub logger_cpu_vs_async_ratio: f64,
    /// How much longer a write takes on first use of a log data set that was not pre-formatted, in percent.
    pub unformatted_io_time_increase_pct: f64,
    /// How much of the upper-bound log rate is lost on first use of an unformatted log data set, in percent.
    pub unformatted_max_rate_loss_pct: f64,
}

/// Log data written per persistent message: the message plus the log record overhead.
///
/// `in_qsg` is true when the queue manager belongs to a queue sharing group, whose log records
/// are larger (`001_e9a0356844d0b70c.txt`, 4.1.1).
pub fn log_bytes_per_message(message_size_bytes: f64, in_qsg: bool) -> f64 {
    let overhead = if in_qsg { LOG_OVERHEAD_PER_MESSAGE_QSG_BYTES } else { LOG_OVERHEAD_PER_MESSAGE_BYTES };
    message_size_bytes.max(0.0) + overhead
}

/// Log data rate per copy, in MB/s, of a workload that puts and gets `messages_per_s` persistent
/// messages of the scenario's size.
pub fn log_rate_mb_s(scenario: &Scenario, messages_per_s: f64) -> f64 {
    let per_message = log_bytes_per_message(f64::from(scenario.workload.message_size_bytes), in_qsg(scenario));
    finite_or_zero(per_message * messages_per_s.max(0.0) / BYTES_PER_MB)
}

/// Elapsed time of one forced log write of `io_bytes` (all copies and stripes in parallel, the I/O
/// path and any fallback to asynchronous I/O included), in µs, with the logger saturated by writes
/// of this size. Writes above 512 KB are several I/Os in sequence.
pub fn write_time_us(scenario: &Scenario, io_bytes: f64) -> f64 {
    IoPath::of(scenario).write_time_us(io_bytes)
}

/// As [`write_time_us`], when the log writes `writes_per_s` such writes a second: a light load keeps
/// zHyperLink's PFIDs idle, so fewer requests fall back to asynchronous I/O.
pub fn write_time_at_rate_us(scenario: &Scenario, io_bytes: f64, writes_per_s: f64) -> f64 {
    IoPath::of(scenario).write_time_at_rate_us(io_bytes, writes_per_s)
}

/// Upper bound of the log data rate per copy, in MB/s: the logger writing full 128-page I/Os back to
/// back.
pub fn max_log_rate_mb_s(scenario: &Scenario) -> f64 {
    IoPath::of(scenario).max_log_rate_mb_s()
}

/// Evaluates the log sub-model.
pub fn evaluate(scenario: &Scenario) -> LogMetrics {
    let w = &scenario.workload;
    let cfg = &scenario.log;
    let persistent = w.persistence == Persistence::Persistent;
    let bytes = log_bytes_per_message(f64::from(w.message_size_bytes), in_qsg(scenario));
    let path = IoPath::of(scenario);

    let total_pages = pages_of(bytes);
    let ios = ceil_div(total_pages, MAX_PAGES_PER_IO);
    let pages = total_pages.min(MAX_PAGES_PER_IO);
    // Writes are pure functions of the pages (and the path), so each distinct size is solved once:
    // the message's first write is either a full one or its only (partial) one.
    let full = path.write(MAX_PAGES_PER_IO, None);
    let one = if pages == MAX_PAGES_PER_IO { full } else { path.write(pages, None) };
    let (n_full, rest) = split_pages(total_pages);
    let rest_write = if rest == pages {
        one
    } else if rest > 0.0 {
        path.write(rest, None)
    } else {
        full
    };
    let message_cycle_us = n_full * full.cycle_us + if rest > 0.0 { rest_write.cycle_us } else { 0.0 };
    let message_elapsed_us = n_full * full.elapsed_us + if rest > 0.0 { rest_write.elapsed_us } else { 0.0 };
    let message_rate = bytes / BYTES_PER_MB / (message_cycle_us.max(1e-9) * 1e-6);

    // The cost comparison the report makes: the same writes done asynchronously, which cost the
    // logger only its own work.
    let spin_per_message = n_full * full.spin_us + if rest > 0.0 { rest_write.spin_us } else { 0.0 };
    let logger_cpu_per_message =
        n_full * logger_cpu_us(MAX_PAGES_PER_IO) + if rest > 0.0 { logger_cpu_us(rest) } else { 0.0 };
    let mb = bytes / BYTES_PER_MB;
    let logger_cpu_us_per_mb = (logger_cpu_per_message + spin_per_message) / mb;
    let async_logger_cpu_us_per_mb = logger_cpu_per_message / mb;

    // The same writes on the other kind of data set (formatted or not); the scenario's own kind is
    // already solved above.
    let mut other = path;
    other.unformatted = !path.unformatted;
    let (other_one, other_full) = {
        let o_full = other.write(MAX_PAGES_PER_IO, None);
        let o_one = if pages == MAX_PAGES_PER_IO { o_full } else { other.write(pages, None) };
        (o_one, o_full)
    };
    let ((t_fmt, r_fmt), (t_unfmt, r_unfmt)) = if path.unformatted {
        ((other_one.elapsed_us, other_full.cycle_us), (one.elapsed_us, full.cycle_us))
    } else {
        ((one.elapsed_us, full.cycle_us), (other_one.elapsed_us, other_full.cycle_us))
    };

    let per_stripe_pages = ceil_div(pages, f64::from(cfg.stripes));
    let m = LogMetrics {
        log_bytes_per_message: if persistent { bytes } else { 0.0 },
        pages_per_io: pages,
        ios_per_message: ios,
        bytes_per_stripe_per_io: per_stripe_pages * LOG_PAGE_BYTES,
        zhyperlink_requests_per_stripe: if path.zhyperlink { requests_for(per_stripe_pages) } else { 0.0 },
        io_time_us: one.elapsed_us,
        write_time_per_message_us: message_elapsed_us,
        message_log_rate_mb_s: message_rate,
        log_bound_msgs_s: message_rate * BYTES_PER_MB / bytes,
        max_log_rate_mb_s: MAX_WRITE_BYTES / BYTES_PER_MB / (full.cycle_us * 1e-6),
        write_sessions: f64::from(sessions(cfg)),
        write_sessions_per_ds8000: f64::from(sessions_per_ds8000(cfg)),
        within_write_session_limit: sessions_fit(cfg),
        zhyperlink_active: path.zhyperlink,
        pfid_utilisation_pct: one.pfid_utilisation * 100.0,
        sync_io_pct: if path.zhyperlink { (1.0 - one.async_fraction) * 100.0 } else { 0.0 },
        spin_cpu_us_per_io: one.spin_us,
        logger_cpu_us_per_mb,
        async_logger_cpu_us_per_mb,
        logger_cpu_vs_async_ratio: logger_cpu_us_per_mb / async_logger_cpu_us_per_mb,
        unformatted_io_time_increase_pct: (t_unfmt / t_fmt - 1.0) * 100.0,
        unformatted_max_rate_loss_pct: (1.0 - r_fmt / r_unfmt) * 100.0,
    };
    sanitise(m)
}

fn in_qsg(scenario: &Scenario) -> bool {
    scenario.workload.queue_type == QueueType::Shared
}

fn finite_or_zero(x: f64) -> f64 {
    if x.is_finite() { x } else { 0.0 }
}

fn sanitise(m: LogMetrics) -> LogMetrics {
    let f = finite_or_zero;
    LogMetrics {
        log_bytes_per_message: f(m.log_bytes_per_message),
        pages_per_io: f(m.pages_per_io),
        ios_per_message: f(m.ios_per_message),
        bytes_per_stripe_per_io: f(m.bytes_per_stripe_per_io),
        zhyperlink_requests_per_stripe: f(m.zhyperlink_requests_per_stripe),
        io_time_us: f(m.io_time_us),
        write_time_per_message_us: f(m.write_time_per_message_us),
        message_log_rate_mb_s: f(m.message_log_rate_mb_s),
        log_bound_msgs_s: f(m.log_bound_msgs_s),
        max_log_rate_mb_s: f(m.max_log_rate_mb_s),
        write_sessions: f(m.write_sessions),
        write_sessions_per_ds8000: f(m.write_sessions_per_ds8000),
        pfid_utilisation_pct: f(m.pfid_utilisation_pct),
        sync_io_pct: f(m.sync_io_pct),
        spin_cpu_us_per_io: f(m.spin_cpu_us_per_io),
        logger_cpu_us_per_mb: f(m.logger_cpu_us_per_mb),
        async_logger_cpu_us_per_mb: f(m.async_logger_cpu_us_per_mb),
        logger_cpu_vs_async_ratio: f(m.logger_cpu_vs_async_ratio),
        unformatted_io_time_increase_pct: f(m.unformatted_io_time_increase_pct),
        unformatted_max_rate_loss_pct: f(m.unformatted_max_rate_loss_pct),
        ..m
    }
}

/// Whole log pages needed for `bytes` (at least one: a forced write always writes a page).
fn pages_of(bytes: f64) -> f64 {
    whole_pages(bytes / LOG_PAGE_BYTES)
}

/// `pages` rounded up to whole ones, one at least.
fn whole_pages(pages: f64) -> f64 {
    let p = if pages.is_finite() { pages.max(0.0) } else { 0.0 };
    crate::math::ceil(p).max(1.0)
}

fn ceil_div(a: f64, b: f64) -> f64 {
    crate::math::ceil(a / b.max(1.0))
}

/// Full 128-page writes and the remainder.
fn split_pages(total_pages: f64) -> (f64, f64) {
    let n_full = crate::math::floor(total_pages / MAX_PAGES_PER_IO);
    (n_full, total_pages - n_full * MAX_PAGES_PER_IO)
}

/// zHyperLink requests for `pages` on one stripe (one per track of 56 KB).
fn requests_for(pages: f64) -> f64 {
    if pages <= 0.0 { 0.0 } else { crate::math::ceil(pages * LOG_PAGE_BYTES / ZHYPERLINK_MAX_REQUEST_BYTES) }
}

/// Logger CPU outside the I/O for one write of `pages`.
fn logger_cpu_us(pages: f64) -> f64 {
    LOGGER_CPU_US_PER_WRITE + LOGGER_CPU_US_PER_PAGE * pages
}

fn sessions(cfg: &LogConfig) -> u32 {
    cfg.copies * cfg.stripes * if cfg.metro_mirror { 2 } else { 1 }
}

fn sessions_per_ds8000(cfg: &LogConfig) -> u32 {
    // Metro Mirror's extra sessions are on the secondary DS8000.
    cfg.copies * cfg.stripes
}

fn sessions_fit(cfg: &LogConfig) -> bool {
    sessions_per_ds8000(cfg) + cfg.other_write_sessions <= DS8000_MAX_WRITE_SESSIONS
}

/// One write: how long it takes, how long the logger cycle is, and what it does to the PFIDs.
#[derive(Debug, Clone, Copy)]
struct Write {
    /// Elapsed time of the I/O, fallbacks included.
    elapsed_us: f64,
    /// Logger cycle per write: the I/O plus, for synchronous I/O, the logger's own work.
    cycle_us: f64,
    /// CPU spun waiting for synchronous requests.
    spin_us: f64,
    /// Share of requests redone asynchronously.
    async_fraction: f64,
    /// Per-PFID utilisation by synchronous requests, 0..1.
    pfid_utilisation: f64,
}

/// The part of a write that depends only on its pages (see [`IoPath::shape`]).
#[derive(Debug, Clone, Copy)]
struct WriteShape {
    /// Pages written (1..=128).
    pages: f64,
    /// Logger CPU outside the I/O.
    cpu_us: f64,
    /// Elapsed time when every request completes synchronously.
    sync_us: f64,
    /// Elapsed time when the requests fall back to asynchronous I/O (the attempt included).
    async_us: f64,
    /// PFID busy time the synchronous requests of one write add up to, over all PFIDs.
    pfid_busy_us: f64,
}

/// Page counts a [`WriteTimer`] remembers: the commit model times a write's whole spread of page
/// counts at every step of its search (a few, and seldom more than a dozen, see
/// `commit::ForceSizes::page_spread_over`), and a count forgotten between steps is searched for
/// its fall-back share afresh. (Twenty made no difference to the model's benchmarks.)
const RECENT_SHAPES: usize = 12;

/// Times many writes on one log path, remembering the rate-independent part of the last few page
/// counts and the last fall-back share found for each; for solvers that time writes of a few sizes
/// at many nearby rates (the commit model's log-force aggregation).
#[derive(Debug, Clone)]
pub struct WriteTimer<'a> {
    path: &'a IoPath,
    /// Recent shapes with the last fall-back share found for each, most recent first.
    recent: [Option<(WriteShape, f64)>; RECENT_SHAPES],
}

impl WriteTimer<'_> {
    /// As [`IoPath::write_time_at_rate_us`]: the same answer to the fall-back search's precision.
    pub fn write_time_at_rate_us(&mut self, io_bytes: f64, writes_per_s: f64) -> f64 {
        self.pages_time_and_tail_at_rate_us(pages_of(io_bytes), writes_per_s).0
    }

    /// As [`WriteTimer::write_time_at_rate_us`] for a write of `pages` (rounded up to whole
    /// ones, one at least), with how long the logger stays busy after the last write has
    /// released its waiters: its own work after a synchronous write, which it cannot overlap
    /// with the I/O (0 on FICON and zHPF, where it works while the I/O is in flight). The logger
    /// takes no other write until then.
    pub fn pages_time_and_tail_at_rate_us(&mut self, pages: f64, writes_per_s: f64) -> (f64, f64) {
        let rate = Some(writes_per_s.max(0.0));
        let mut tail = 0.0;
        let elapsed = sequence_time_us(whole_pages(pages), |p| {
            let w = self.write(p, rate);
            tail = w.cycle_us - w.elapsed_us;
            w
        });
        let tail = if self.path.zhyperlink { finite_or_zero(tail).max(0.0) } else { 0.0 };
        (finite_or_zero(elapsed), tail)
    }

    fn write(&mut self, pages: f64, writes_per_s: Option<f64>) -> Write {
        let pages = pages.clamp(1.0, MAX_PAGES_PER_IO);
        let found = self.recent.iter().position(|r| r.is_some_and(|(shape, _)| shape.pages == pages));
        let (shape, share) = match found {
            Some(i) => {
                let (shape, share) = self.recent[i].expect("found above");
                (shape, Some(share))
            }
            None => (self.path.shape(pages), None),
        };
        let w = self.path.write_shaped(&shape, writes_per_s, share);
        // Most recent first: a hit moves to the front, a new shape pushes out the oldest.
        let mut k = found.unwrap_or(self.recent.len() - 1);
        while k > 0 {
            self.recent[k] = self.recent[k - 1];
            k -= 1;
        }
        self.recent[0] = Some((shape, w.async_fraction));
        w
    }
}

/// The I/O path of a scenario's log, with everything a write needs.
///
/// Built once per scenario: callers that time many writes for one scenario (the commit model's
/// log-force aggregation, the request/reply solver) keep one and call its methods, instead of the
/// free functions that rebuild it on every call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IoPath {
    mode: LogIoMode,
    zhyperlink: bool,
    copies: f64,
    stripes: f64,
    /// `u/(1-u)` of the other work on the channel paths.
    load: f64,
    cable_m: f64,
    pfids: f64,
    unformatted: bool,
}

/// Pages on each non-empty stripe of one write, busiest first (at most 4 stripes, so no allocation).
#[derive(Debug, Clone, Copy, PartialEq)]
struct StripePages {
    pages: [f64; 4],
    len: usize,
}

impl StripePages {
    fn as_slice(&self) -> &[f64] {
        &self.pages[..self.len]
    }
}

impl IoPath {
    /// The log I/O path of `scenario`.
    pub fn of(scenario: &Scenario) -> IoPath {
        let cfg = &scenario.log;
        let u = (cfg.other_channel_busy_pct.clamp(0.0, MAX_OTHER_CHANNEL_BUSY_PCT)) / 100.0;
        IoPath {
            mode: cfg.io_mode,
            zhyperlink: cfg.io_mode == LogIoMode::Zhyperlink && cfg.zhyperlink_pfids >= 1 && sessions_fit(cfg),
            copies: f64::from(cfg.copies.clamp(1, 2)),
            stripes: f64::from(cfg.stripes.clamp(1, 4)),
            load: u / (1.0 - u),
            cable_m: cfg.zhyperlink_cable_length_m.clamp(0.0, 150.0),
            pfids: f64::from(cfg.zhyperlink_pfids.max(1)),
            unformatted: !cfg.preformatted,
        }
    }

    /// As the free function [`write_time_us`], on this path.
    pub fn write_time_us(&self, io_bytes: f64) -> f64 {
        finite_or_zero(self.sequence_time_us(pages_of(io_bytes), None))
    }

    /// As [`IoPath::write_time_us`], with the logger's own work after the last write where that
    /// cannot overlap the I/O (after a synchronous write; 0 otherwise): the waiter is released
    /// at the first, the logger takes no other write before the second.
    pub fn write_time_and_tail_us(&self, io_bytes: f64) -> (f64, f64) {
        let mut tail = 0.0;
        let elapsed = sequence_time_us(pages_of(io_bytes), |p| {
            let w = self.write(p, None);
            tail = w.cycle_us - w.elapsed_us;
            w
        });
        (finite_or_zero(elapsed), finite_or_zero(tail).max(0.0))
    }

    /// The logger's time for writing `io_bytes` as consecutive writes of at most 128 pages,
    /// each with its own work after it (see [`IoPath::write_time_and_tail_us`]): how long the
    /// writes keep it from others', where [`IoPath::write_time_us`] is how long the last waiter
    /// waits.
    pub fn logger_time_us(&self, io_bytes: f64) -> f64 {
        let (elapsed, tail) = self.write_time_and_tail_us(io_bytes);
        elapsed + tail
    }

    /// As the free function [`write_time_at_rate_us`], on this path.
    pub fn write_time_at_rate_us(&self, io_bytes: f64, writes_per_s: f64) -> f64 {
        finite_or_zero(self.sequence_time_us(pages_of(io_bytes), Some(writes_per_s.max(0.0))))
    }

    /// A timer for many writes on this path (see [`WriteTimer`]).
    pub fn timer(&self) -> WriteTimer<'_> {
        WriteTimer { path: self, recent: [None; RECENT_SHAPES] }
    }

    /// As the free function [`max_log_rate_mb_s`], on this path.
    pub fn max_log_rate_mb_s(&self) -> f64 {
        let w = self.write(MAX_PAGES_PER_IO, None);
        finite_or_zero(MAX_WRITE_BYTES / BYTES_PER_MB / (w.cycle_us * 1e-6))
    }

    /// Pages on each non-empty stripe when `pages` are spread over the stripes.
    fn stripe_pages(&self, pages: f64) -> StripePages {
        let s = self.stripes;
        let base = crate::math::floor(pages / s);
        let extra = pages - base * s;
        let mut out = StripePages { pages: [0.0; 4], len: 0 };
        let mut i = 0.0;
        while i < s && out.len < out.pages.len() {
            let p = if i < extra { base + 1.0 } else { base };
            if p > 0.0 {
                out.pages[out.len] = p;
                out.len += 1;
            }
            i += 1.0;
        }
        out
    }

    /// Elapsed time of an asynchronous write of `pages` over FICON or zHPF.
    fn async_time_us(&self, pages: f64) -> f64 {
        let ficon = self.mode == LogIoMode::Ficon;
        let (fixed, per_page) = if ficon { (FICON_FIXED_US, FICON_PER_PAGE_FACTOR) } else { (ZHPF_FIXED_US, 1.0) };
        let busiest = ceil_div(pages, self.stripes);
        let device = busiest * ASYNC_DEVICE_US_PER_PAGE * (1.0 + ASYNC_DEVICE_LOAD_SENSITIVITY * self.load);
        let channel =
            self.copies * pages * ASYNC_CHANNEL_US_PER_PAGE * (1.0 + ASYNC_CHANNEL_LOAD_SENSITIVITY * self.load);
        let formatting = if self.unformatted {
            fixed * UNFORMATTED_FIXED_PENALTY_FRACTION + per_page * (device + channel)
        } else {
            0.0
        };
        fixed + ASYNC_QUEUE_US_PER_LOAD * self.load + per_page * (device + channel) + formatting
    }

    /// Time of the requests that carry `pages` to one stripe over zHyperLink, one after another.
    fn zhyperlink_stream_us(&self, pages: f64) -> f64 {
        let requests = requests_for(pages);
        let round_trip = self.cable_m * FIBRE_ROUND_TRIP_US_PER_M * ZHYPERLINK_ROUND_TRIPS_PER_FRAME;
        let fixed = requests * (ZHYPERLINK_REQUEST_US + ZHYPERLINK_LOAD_US_PER_REQUEST * self.load);
        let transfer = pages * ZHYPERLINK_US_PER_PAGE;
        let base = fixed + transfer + round_trip * (requests + pages);
        if self.unformatted { base + fixed * UNFORMATTED_FIXED_PENALTY_FRACTION + transfer } else { base }
    }

    /// One write of `pages`. `writes_per_s` is the rate the writes arrive at; `None` means the logger
    /// is saturated (each write starts when the previous cycle ends).
    fn write(&self, pages: f64, writes_per_s: Option<f64>) -> Write {
        match writes_per_s {
            Some(_) => self.write_shaped(&self.shape(pages), writes_per_s, None),
            None => self.saturated_write(pages),
        }
    }

    /// A write of `pages` with the logger saturated, remembered: it depends on nothing but the
    /// path and the pages, and one evaluation asks for the same few (a full write for the log's
    /// ceiling, a page for a small message's force) from several sub-models.
    fn saturated_write(&self, pages: f64) -> Write {
        SATURATED_WRITES.with(|recent| {
            let mut recent = recent.borrow_mut();
            let hit = recent.iter().flatten().find(|(path, p, _)| *p == pages && path == self).map(|&(_, _, w)| w);
            hit.unwrap_or_else(|| {
                let w = self.write_shaped(&self.shape(pages), None, None);
                recent.rotate_right(1);
                recent[0] = Some((*self, pages, w));
                w
            })
        })
    }

    /// What a write of `pages` costs whatever the rate it comes at: everything but the share of
    /// zHyperLink requests that fall back.
    fn shape(&self, pages: f64) -> WriteShape {
        let pages = pages.clamp(1.0, MAX_PAGES_PER_IO);
        let cpu_us = logger_cpu_us(pages);
        if !self.zhyperlink {
            let t = self.async_time_us(pages);
            return WriteShape { pages, cpu_us, sync_us: t, async_us: t, pfid_busy_us: 0.0 };
        }
        let streams = self.stripe_pages(pages);
        let streams = streams.as_slice();
        // Stripes hold at most two page counts (busiest first), so each stream time is computed
        // once per count; the busiest stripe's stream is the longest.
        let mut times = [0.0f64; 4];
        for (i, &p) in streams.iter().enumerate() {
            times[i] = if i > 0 && p == streams[i - 1] { times[i - 1] } else { self.zhyperlink_stream_us(p) };
        }
        let times = &times[..streams.len()];
        let longest = times.first().copied().unwrap_or(0.0);
        let busy: f64 = self.copies * times.iter().sum::<f64>();
        let n_streams = self.copies * streams.len() as f64;
        let sync_us = longest.max(busy / n_streams.min(ZHYPERLINK_CONCURRENT_REQUESTS));
        let mut fallback = *self;
        fallback.mode = LogIoMode::Zhpf;
        fallback.zhyperlink = false;
        let async_us = ZHYPERLINK_FALLBACK_ATTEMPT_US + fallback.async_time_us(pages);
        WriteShape { pages, cpu_us, sync_us, async_us, pfid_busy_us: busy }
    }

    /// A write of `shape` arriving at `writes_per_s` (`None`: back to back); `start_share` is a
    /// fall-back share known to be close (a neighbouring rate's), where the search begins.
    fn write_shaped(&self, shape: &WriteShape, writes_per_s: Option<f64>, start_share: Option<f64>) -> Write {
        if !self.zhyperlink {
            let t = shape.async_us;
            return Write { elapsed_us: t, cycle_us: t, spin_us: 0.0, async_fraction: 0.0, pfid_utilisation: 0.0 };
        }
        let WriteShape { cpu_us: cpu, sync_us, async_us, pfid_busy_us: busy, .. } = *shape;
        // The period between writes: the logger cycle when saturated, at least the arrival interval
        // otherwise; writes that never arrive leave the PFIDs idle.
        let interval = match writes_per_s {
            Some(r) if r > 0.0 => Some(1e6 / r),
            Some(_) => None,
            None => Some(0.0),
        };
        let cycle_at = |f: f64| (1.0 - f) * (sync_us + cpu) + f * async_us;
        let utilisation_at = |f: f64| match interval {
            Some(floor) => (1.0 - f) * busy / cycle_at(f).max(floor) / self.pfids,
            None => 0.0,
        };
        let f = self.fallback_fixed_point(busy, sync_us + cpu, async_us, interval, &cycle_at, start_share);
        let utilisation = utilisation_at(f);
        Write {
            elapsed_us: (1.0 - f) * sync_us + f * async_us,
            cycle_us: cycle_at(f),
            spin_us: (1.0 - f) * sync_us + f * ZHYPERLINK_FALLBACK_ATTEMPT_US,
            async_fraction: f,
            pfid_utilisation: utilisation,
        }
    }

    /// The share `f` of requests that fall back to asynchronous I/O: falling back lowers the PFIDs'
    /// load, which lowers the share, so `f = fallback_share(utilisation(f))`.
    ///
    /// The residual `fallback_share(utilisation(f)) - f` falls with slope at most -1 (utilisation
    /// falls with `f`), so it has one root in [0, 1]. Newton's method converges to it in two or
    /// three steps from the step-limit share below; a step that leaves the bracket kept around the
    /// root is replaced by bisection, since the logistic is steep near its midpoint.
    fn fallback_fixed_point(
        &self,
        busy: f64,
        sync_cycle_us: f64,
        async_us: f64,
        interval: Option<f64>,
        cycle_at: &impl Fn(f64) -> f64,
        start_share: Option<f64>,
    ) -> f64 {
        let Some(floor) = interval else {
            return fallback_share(0.0);
        };
        // A Newton step this small leaves an error of the order of its square: done.
        const LAST_STEP: f64 = 1e-7;
        // Residual or bracket at the rounding of the shares.
        const EXACT: f64 = 1e-15;
        // The logistic is nearly a step, so the root lies close to the share at which the PFIDs sit
        // exactly at the midpoint utilisation; that share has a closed form on each side of the
        // period's kink: (1-f) busy = M pfids cycle(f), and (1-f) busy = M pfids interval. There
        // the share is 1/2 without computing it.
        let target = ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION * self.pfids;
        let excess = busy - target * sync_cycle_us;
        let on_cycle = if excess > 0.0 { excess / (excess + target * async_us) } else { 0.0 };
        let on_interval = if busy > 0.0 { 1.0 - target * floor / busy } else { 0.0 };
        let midpoint = on_cycle.min(on_interval);
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        let mut f = midpoint.clamp(0.0, 1.0);
        let mut known_share = if midpoint > 0.0 && midpoint < 1.0 { Some(0.5) } else { None };
        // A neighbouring rate's share is usually closer than the midpoint estimate.
        if let Some(near) = start_share.filter(|s| (0.0..=1.0).contains(s)) {
            f = near;
            known_share = None;
        }
        for _ in 0..200 {
            let cycle = cycle_at(f);
            let on_cycle = cycle >= floor;
            let period = if on_cycle { cycle } else { floor };
            let share = known_share.take().unwrap_or_else(|| fallback_share((1.0 - f) * busy / period / self.pfids));
            let residual = share - f;
            if residual > 0.0 {
                lo = f;
            } else {
                hi = f;
            }
            if residual.abs() <= EXACT || hi - lo <= EXACT {
                break;
            }
            // d(utilisation)/df: with the cycle as the period it is -busy*async/(pfids*cycle^2)
            // (the derivative of (1-f)/cycle(f)); with the arrival interval, -busy/(pfids*interval).
            let du_df =
                if on_cycle { -busy * async_us / (self.pfids * cycle * cycle) } else { -busy / (self.pfids * floor) };
            let slope = share * (1.0 - share) / ZHYPERLINK_FALLBACK_WIDTH_UTILISATION * du_df - 1.0;
            let newton = f - residual / slope;
            if newton > lo && newton < hi {
                let step = newton - f;
                f = newton;
                if step.abs() <= LAST_STEP {
                    break;
                }
            } else {
                f = 0.5 * (lo + hi);
            }
        }
        f
    }

    /// Elapsed time of writing `pages` (any number) as consecutive writes of at most 128 pages.
    fn sequence_time_us(&self, pages: f64, writes_per_s: Option<f64>) -> f64 {
        sequence_time_us(pages, |p| self.write(p, writes_per_s))
    }
}

thread_local! {
    /// The saturated writes timed last, on any path, newest first (see [`IoPath::saturated_write`]).
    static SATURATED_WRITES: std::cell::RefCell<[Option<(IoPath, f64, Write)>; 8]> =
        const { std::cell::RefCell::new([None; 8]) };
}

/// Elapsed time of writing `pages` (any number) as consecutive writes of at most 128 pages, each
/// timed by `write`: the last write's waiter is released when its I/O ends, earlier writes cost
/// whole logger cycles.
fn sequence_time_us(pages: f64, mut write: impl FnMut(f64) -> Write) -> f64 {
    let (n_full, rest) = split_pages(pages);
    if n_full == 0.0 {
        return write(rest).elapsed_us;
    }
    let full = write(MAX_PAGES_PER_IO);
    if rest > 0.0 {
        n_full * full.cycle_us + write(rest).elapsed_us
    } else {
        n_full * full.cycle_us - full.cycle_us + full.elapsed_us
    }
}

/// Share of zHyperLink requests that fall back to asynchronous I/O at a PFID utilisation (0..1):
/// a smooth logistic step around [`ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION`].
fn fallback_share(utilisation: f64) -> f64 {
    let z = ((ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION - utilisation) / ZHYPERLINK_FALLBACK_WIDTH_UTILISATION)
        .clamp(-700.0, 700.0);
    1.0 / (1.0 + crate::math::exp(z))
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

/// Input of the `zhyperlink_sessions` calculator: a queue manager's log layout and what RMF's
/// Synchronous I/O Device Activity report shows for its log devices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZhyperlinkSessionsInput {
    /// Log copies, 1 or 2.
    pub copies: u32,
    /// Stripes per log copy, 1 to 4.
    pub stripes: u32,
    /// Whether the log volumes are mirrored with Metro Mirror (PPRC).
    #[serde(default)]
    pub metro_mirror: bool,
    /// zHyperLink write sessions other queue managers or subsystems hold on the same DS8000, a count.
    #[serde(default)]
    pub other_write_sessions: u32,
    /// PFIDs available to the LPAR, a count.
    pub pfids: u32,
    /// Synchronous write requests per second (RMF "SYNCH I/O WRITE" activity rate).
    pub sync_writes_per_s: f64,
    /// Average response time of a synchronous write, in µs (RMF shows milliseconds: 0.115 ms = 115 µs).
    pub sync_response_us: f64,
}

impl Validate for ZhyperlinkSessionsInput {
    fn validate(&self, v: &mut Validator) {
        v.range("copies", self.copies, 1, 2);
        v.range("stripes", self.stripes, 1, 4);
        v.range("other_write_sessions", self.other_write_sessions, 0, DS8000_MAX_WRITE_SESSIONS);
        v.range("pfids", self.pfids, 1, 64);
        v.range("sync_writes_per_s", self.sync_writes_per_s, 0.0, 10_000_000.0);
        v.range("sync_response_us", self.sync_response_us, 0.0, 1_000_000.0);
    }
}

/// Output of the `zhyperlink_sessions` calculator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ZhyperlinkSessions {
    /// Write sessions (tokens) the queue manager needs: copies x stripes, x2 with Metro Mirror.
    pub write_sessions: u32,
    /// Sessions on one DS8000, with the other holders' (Metro Mirror puts half on the secondary).
    pub sessions_on_ds8000: u32,
    /// Whether those fit the DS8000's limit of 64; if not, the log falls back to asynchronous I/O.
    pub within_session_limit: bool,
    /// Time the PFIDs spend on synchronous writes, in ms per second; the logger spins for the same CPU time.
    pub pfid_busy_ms_per_s: f64,
    /// The same as the utilisation of a single PFID, in percent.
    pub single_pfid_busy_pct: f64,
    /// Utilisation of each PFID, the writes being spread round-robin, in percent.
    pub pfid_utilisation_pct: f64,
    /// Whether each PFID stays within the 25% guideline.
    pub within_utilisation_guideline: bool,
    /// Synchronous writes per second the PFIDs take at the 25% guideline, at this response time.
    pub sync_writes_per_s_at_guideline: f64,
}

/// Write sessions against the DS8000 limit and PFID utilisation against the 25% guideline, computed
/// as `004_c01e4fc945a28128.txt` describes ("Do I have enough write sessions?", "Are there
/// sufficient zHyperLink paths to the DASD?").
pub fn zhyperlink_sessions(input: &ZhyperlinkSessionsInput) -> ZhyperlinkSessions {
    let mirror = if input.metro_mirror { 2 } else { 1 };
    let write_sessions = input.copies * input.stripes * mirror;
    let sessions_on_ds8000 = input.copies * input.stripes + input.other_write_sessions;
    let busy_ms_per_s = input.sync_writes_per_s * input.sync_response_us / 1000.0;
    let single = busy_ms_per_s / 10.0;
    let per_pfid = single / f64::from(input.pfids.max(1));
    let at_guideline = if input.sync_response_us > 0.0 {
        PFID_UTILISATION_GUIDELINE_PCT / 100.0 * f64::from(input.pfids.max(1)) * 1e6 / input.sync_response_us
    } else {
        0.0
    };
    ZhyperlinkSessions {
        write_sessions,
        sessions_on_ds8000,
        within_session_limit: sessions_on_ds8000 <= DS8000_MAX_WRITE_SESSIONS,
        pfid_busy_ms_per_s: busy_ms_per_s,
        single_pfid_busy_pct: single,
        pfid_utilisation_pct: per_pfid,
        within_utilisation_guideline: per_pfid <= PFID_UTILISATION_GUIDELINE_PCT,
        sync_writes_per_s_at_guideline: at_guideline,
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

    fn scenario(overlay: serde_json::Value) -> Scenario {
        Scenario::from_overlay(&overlay).expect("valid overlay")
    }

    #[test]
    fn remembered_saturated_writes_belong_to_their_own_path() {
        let ficon = IoPath::of(&scenario(serde_json::json!({ "log": { "io_mode": "ficon" } })));
        let zhl =
            IoPath::of(&scenario(serde_json::json!({ "log": { "io_mode": "zhyperlink", "zhyperlink_pfids": 2 } })));
        // Fresh answers first (the remembered ones are of other page counts), then alternating.
        let fresh = |p: &IoPath, pages: f64| p.write_shaped(&p.shape(pages), None, None).elapsed_us;
        let (f1, z1) = (fresh(&ficon, 3.0), fresh(&zhl, 3.0));
        assert!(f1 > z1 + 10.0, "the paths time the same write differently: {f1} vs {z1}");
        for _ in 0..3 {
            assert_eq!(ficon.write(3.0, None).elapsed_us, f1);
            assert_eq!(zhl.write(3.0, None).elapsed_us, z1);
            assert_eq!(zhl.write(4.0, None).elapsed_us, fresh(&zhl, 4.0));
        }
    }

    #[test]
    fn the_logger_is_kept_past_a_synchronous_writes_end_but_not_an_asynchronous_ones() {
        let ficon = IoPath::of(&scenario(serde_json::json!({ "log": { "io_mode": "ficon" } })));
        let zhl = IoPath::of(&scenario(serde_json::json!({ "log": { "io_mode": "zhyperlink" } })));
        for bytes in [4096.0, 300_000.0, 1_500_000.0] {
            assert_eq!(ficon.logger_time_us(bytes), ficon.write_time_us(bytes), "{bytes} B over FICON");
            // Every write of the sequence is followed by the logger's own work, the last one's too.
            let writes = crate::math::ceil(bytes / MAX_WRITE_BYTES);
            let tail = zhl.write(MAX_PAGES_PER_IO, None).cycle_us - zhl.write(MAX_PAGES_PER_IO, None).elapsed_us;
            assert!(tail > 0.0);
            let extra = zhl.logger_time_us(bytes) - zhl.write_time_us(bytes);
            assert!(extra > 0.0 && extra <= writes * tail + 1e-9, "{bytes} B over zHyperLink: {extra} us past the I/O");
        }
    }

    #[test]
    fn stripes_share_pages_evenly() {
        let s = scenario(serde_json::json!({"log": {"stripes": 4}}));
        let p = IoPath::of(&s);
        assert_eq!(p.stripe_pages(1.0).as_slice(), &[1.0]);
        assert_eq!(p.stripe_pages(6.0).as_slice(), &[2.0, 2.0, 1.0, 1.0]);
        assert_eq!(p.stripe_pages(128.0).as_slice(), &[32.0; 4]);
    }

    #[test]
    fn one_zhyperlink_request_per_track() {
        assert_eq!(requests_for(14.0), 1.0);
        assert_eq!(requests_for(15.0), 2.0);
        assert_eq!(requests_for(32.0), 3.0);
    }

    #[test]
    fn fallback_is_a_smooth_step_around_its_midpoint() {
        assert!(fallback_share(0.0) < 1e-6);
        assert!((fallback_share(ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION) - 0.5).abs() < 1e-12);
        assert!(fallback_share(1.0) > 0.999);
    }

    #[test]
    fn synchronous_spin_equals_the_synchronous_io_time() {
        let s = scenario(serde_json::json!({"log": {"io_mode": "zhyperlink", "copies": 1, "stripes": 1}}));
        let w = IoPath::of(&s).write(1.0, Some(1.0));
        assert!(w.async_fraction < 1e-6);
        assert!((w.spin_us - w.elapsed_us).abs() < 1e-6);
    }
    /// The fallback share by plain bisection on the residual: slow, but obviously right.
    fn bisected_share(path: &IoPath, pages: f64, writes_per_s: Option<f64>) -> f64 {
        let pages = pages.clamp(1.0, MAX_PAGES_PER_IO);
        let residual = |f: f64| {
            let probe = *path;
            let streams = probe.stripe_pages(pages);
            let s = streams.as_slice();
            let longest = s.iter().fold(0.0f64, |m, &p| m.max(probe.zhyperlink_stream_us(p)));
            let busy = probe.copies * s.iter().map(|&p| probe.zhyperlink_stream_us(p)).sum::<f64>();
            let sync_us = longest.max(busy / (probe.copies * s.len() as f64).min(ZHYPERLINK_CONCURRENT_REQUESTS));
            let mut fallback = probe;
            fallback.mode = LogIoMode::Zhpf;
            fallback.zhyperlink = false;
            let async_us = ZHYPERLINK_FALLBACK_ATTEMPT_US + fallback.async_time_us(pages);
            let cycle = (1.0 - f) * (sync_us + logger_cpu_us(pages)) + f * async_us;
            let period = match writes_per_s {
                Some(r) if r > 0.0 => cycle.max(1e6 / r),
                Some(_) => f64::INFINITY,
                None => cycle,
            };
            let u = if period.is_finite() { (1.0 - f) * busy / period / probe.pfids } else { 0.0 };
            fallback_share(u) - f
        };
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if residual(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    #[test]
    fn the_fallback_solver_agrees_with_bisection() {
        let mut checked = 0;
        for pfids in [1, 2, 4, 8, 16] {
            for (copies, stripes) in [(1, 1), (2, 1), (1, 4), (2, 3), (2, 4)] {
                for busy in [0.0, 50.0, 94.0] {
                    let s = scenario(serde_json::json!({"log": {
                        "io_mode": "zhyperlink", "zhyperlink_pfids": pfids, "copies": copies,
                        "stripes": stripes, "other_channel_busy_pct": busy}}));
                    let path = IoPath::of(&s);
                    for pages in [1.0, 3.0, 14.0, 25.0, 64.0, 128.0] {
                        for rate in [None, Some(0.0), Some(100.0), Some(2000.0), Some(20_000.0), Some(1e6)] {
                            let f = path.write(pages, rate).async_fraction;
                            let reference = bisected_share(&path, pages, rate);
                            assert!((f - reference).abs() < 1e-12, "{pfids} {copies}x{stripes} {pages} {rate:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100);
    }
}
