//! The two I/O paths a log write can take, as stations of the simulation.
//!
//! - Asynchronous FICON or zHPF: the write's elapsed time is the log model's
//!   (`model::log::write_time_us`), which already includes queueing behind the other work on the
//!   shared channel paths (the busy "real-world" load is a scenario setting). The simulation picks
//!   one of the channel paths round-robin for each write so the animation shows it.
//! - Synchronous zHyperLink: each stream of the write (a stripe of a copy) goes to a PFID chosen
//!   round-robin and occupies it for its share of the write. The logger spins for the whole write
//!   and cannot overlap its own processing, so its cycle is the write plus its CPU. A write whose
//!   PFID is still busy, or that finds the PFIDs too busy (the time-out and link-busy behaviour the
//!   log model calibrates as a share of requests against PFID utilisation), is redone
//!   asynchronously after a failed attempt.

use crate::model::log::{
    self, IoPath, LOG_PAGE_BYTES, LOGGER_CPU_US_PER_PAGE, LOGGER_CPU_US_PER_WRITE, LogIoMode, MAX_PAGES_PER_IO,
    ZHYPERLINK_CONCURRENT_REQUESTS, ZHYPERLINK_FALLBACK_ATTEMPT_US, ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION,
    ZHYPERLINK_FALLBACK_WIDTH_UTILISATION,
};
use crate::rng::Rng;
use crate::scenario::Scenario;

use super::service::{S_PER_US, finite_positive};

/// FICON channel paths between the LPAR and the log DASD: the 4 of the 9.4 report's test system
/// (`004_c01e4fc945a28128.txt`, Appendix B), which the log model's shared channel time per page
/// assumes.
pub const FICON_CHANNEL_PATHS: u16 = 4;

/// Time constant of the PFID utilisation the fall-back decision sees, seconds: long enough to
/// average many writes, short enough to follow a change of load within a chart sample.
const PFID_UTILISATION_WINDOW_S: f64 = 0.005;

/// Table index for a write of `pages` (1..=128).
const TABLE: usize = MAX_PAGES_PER_IO as usize + 1;

/// How one write goes: when its waiters are released, when the logger may start the next one,
/// and which path and node it used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WritePlan {
    /// From the start of the write to its completion (waiters released), seconds.
    pub elapsed_s: f64,
    /// From the start of the write to the logger being free for the next one, seconds.
    pub cycle_s: f64,
    /// Whether the write completed synchronously over zHyperLink.
    pub sync: bool,
    /// The PFID (synchronous) or channel path (asynchronous) of its first stream, an index.
    pub path: u16,
}

/// The log I/O path of one queue manager.
#[derive(Debug, Clone)]
pub struct LogIoPath {
    zhyperlink: bool,
    copies: u32,
    stripes: u32,
    /// Asynchronous elapsed time by pages (FICON/zHPF; with zHyperLink the fall-back, attempt
    /// included), seconds.
    async_s: Vec<f64>,
    /// Synchronous elapsed time by pages, seconds (zHyperLink only).
    sync_s: Vec<f64>,
    /// Logger CPU that cannot overlap a synchronous write, by pages, seconds.
    sync_cpu_s: Vec<f64>,
    /// PFID time one synchronous write occupies, all its streams together, by pages, seconds.
    pfid_time_s: Vec<f64>,
    /// When each PFID finishes its current stream.
    pfid_busy_until_s: Vec<f64>,
    next_pfid: usize,
    next_channel_path: u16,
    /// Decaying sum of PFID busy time (see [`PFID_UTILISATION_WINDOW_S`]).
    pfid_busy_decayed_s: f64,
    pfid_busy_at_s: f64,
    /// PFID busy time over the whole run, seconds.
    pfid_busy_total_s: f64,
}

impl LogIoPath {
    /// The path of `sc`'s log, with write times tabled by pages from the log model.
    pub fn of(sc: &Scenario) -> LogIoPath {
        let zhyperlink = sc.log.io_mode == LogIoMode::Zhyperlink && log::evaluate(sc).zhyperlink_active;
        let copies = sc.log.copies.clamp(1, 2);
        let stripes = sc.log.stripes.clamp(1, 4);
        let bytes = |p: usize| p as f64 * LOG_PAGE_BYTES;
        let (mut async_s, mut sync_s, mut sync_cpu_s, mut pfid_time_s) =
            (vec![0.0; TABLE], vec![0.0; TABLE], vec![0.0; TABLE], vec![0.0; TABLE]);
        if zhyperlink {
            let zhl = IoPath::of(sc);
            let mut fallback = sc.clone();
            fallback.log.io_mode = LogIoMode::Zhpf;
            let fallback = IoPath::of(&fallback);
            for p in 1..TABLE {
                // At a write rate of zero no request falls back: the pure synchronous time.
                let sync = finite_positive(zhl.write_time_at_rate_us(bytes(p), 0.0));
                let streams = f64::from(copies) * (p as f64).min(f64::from(stripes));
                sync_s[p] = sync * S_PER_US;
                sync_cpu_s[p] = (LOGGER_CPU_US_PER_WRITE + LOGGER_CPU_US_PER_PAGE * p as f64) * S_PER_US;
                // The spinning logger keeps about ZHYPERLINK_CONCURRENT_REQUESTS streams in flight,
                // so the write holds that many PFIDs' worth of time (one when it has one stream).
                pfid_time_s[p] = sync * streams.clamp(1.0, ZHYPERLINK_CONCURRENT_REQUESTS) * S_PER_US;
                async_s[p] =
                    (ZHYPERLINK_FALLBACK_ATTEMPT_US + finite_positive(fallback.write_time_us(bytes(p)))) * S_PER_US;
            }
        } else {
            let path = IoPath::of(sc);
            for (p, t) in async_s.iter_mut().enumerate().skip(1) {
                *t = finite_positive(path.write_time_us(bytes(p))) * S_PER_US;
            }
        }
        let pfids = if zhyperlink { sc.log.zhyperlink_pfids.max(1) as usize } else { 0 };
        LogIoPath {
            zhyperlink,
            copies,
            stripes,
            async_s,
            sync_s,
            sync_cpu_s,
            pfid_time_s,
            pfid_busy_until_s: vec![0.0; pfids],
            next_pfid: 0,
            next_channel_path: 0,
            pfid_busy_decayed_s: 0.0,
            pfid_busy_at_s: 0.0,
            pfid_busy_total_s: 0.0,
        }
    }

    /// Whether writes try zHyperLink first.
    pub fn zhyperlink(&self) -> bool {
        self.zhyperlink
    }

    /// Log copies written in parallel.
    pub fn copies(&self) -> u32 {
        self.copies
    }

    /// Stripes per copy.
    pub fn stripes(&self) -> u32 {
        self.stripes
    }

    /// PFIDs available (0 without zHyperLink).
    pub fn pfids(&self) -> usize {
        self.pfid_busy_until_s.len()
    }

    /// PFID busy time accumulated over the run, seconds (all PFIDs together).
    pub fn pfid_busy_total_s(&self) -> f64 {
        self.pfid_busy_total_s
    }

    /// Recent PFID utilisation, 0..1 (what the fall-back decision sees).
    pub fn pfid_utilisation(&mut self, now_s: f64) -> f64 {
        self.decay(now_s);
        if self.pfid_busy_until_s.is_empty() {
            return 0.0;
        }
        self.pfid_busy_decayed_s / (PFID_UTILISATION_WINDOW_S * self.pfid_busy_until_s.len() as f64)
    }

    fn decay(&mut self, now_s: f64) {
        let dt = now_s - self.pfid_busy_at_s;
        if dt > 0.0 {
            self.pfid_busy_decayed_s *= crate::math::exp(-dt / PFID_UTILISATION_WINDOW_S);
            self.pfid_busy_at_s = now_s;
        }
    }

    /// Plans a write of `pages` (1..=128) starting at `now_s`.
    pub fn plan(&mut self, now_s: f64, pages: usize, rng: &mut Rng) -> WritePlan {
        let p = pages.clamp(1, TABLE - 1);
        if !self.zhyperlink {
            let path = self.next_channel_path;
            self.next_channel_path = (self.next_channel_path + 1) % FICON_CHANNEL_PATHS;
            let t = self.async_s[p];
            return WritePlan { elapsed_s: t, cycle_s: t, sync: false, path };
        }
        let utilisation = self.pfid_utilisation(now_s);
        let first = self.next_pfid;
        let pfid_free = self.pfid_busy_until_s[first] <= now_s;
        let too_busy = rng.uniform() < fallback_share(utilisation);
        if !pfid_free || too_busy {
            let path = self.next_channel_path;
            self.next_channel_path = (self.next_channel_path + 1) % FICON_CHANNEL_PATHS;
            let t = self.async_s[p];
            return WritePlan { elapsed_s: t, cycle_s: t, sync: false, path };
        }
        // Each stream takes the next PFID round-robin for its share of the write's PFID time.
        let streams = (self.copies * self.stripes.min(p as u32)) as usize;
        let share = self.pfid_time_s[p] / streams as f64;
        for _ in 0..streams {
            let k = self.next_pfid;
            self.pfid_busy_until_s[k] = self.pfid_busy_until_s[k].max(now_s) + share;
            self.next_pfid = (k + 1) % self.pfid_busy_until_s.len();
        }
        self.pfid_busy_decayed_s += self.pfid_time_s[p];
        self.pfid_busy_total_s += self.pfid_time_s[p];
        let t = self.sync_s[p];
        WritePlan { elapsed_s: t, cycle_s: t + self.sync_cpu_s[p], sync: true, path: first as u16 }
    }
}

/// Share of zHyperLink requests that fall back to asynchronous I/O at a PFID utilisation (0..1):
/// the log model's logistic step around its calibrated midpoint.
pub fn fallback_share(utilisation: f64) -> f64 {
    let z = ((ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION - utilisation) / ZHYPERLINK_FALLBACK_WIDTH_UTILISATION)
        .clamp(-700.0, 700.0);
    1.0 / (1.0 + crate::math::exp(z))
}

/// Pages (1..=128) a write of `bytes` occupies.
pub fn pages_for(bytes: u64) -> usize {
    let page = LOG_PAGE_BYTES as u64;
    (bytes.div_ceil(page) as usize).clamp(1, MAX_PAGES_PER_IO as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asynchronous_writes_take_the_log_models_time_and_rotate_the_channel_paths() {
        let sc = Scenario::default();
        let mut path = LogIoPath::of(&sc);
        let mut rng = Rng::new(1);
        let a = path.plan(0.0, 1, &mut rng);
        let b = path.plan(0.0, 1, &mut rng);
        let model_us = log::write_time_us(&sc, 4096.0);
        assert!((a.elapsed_s / S_PER_US - model_us).abs() < 1e-9);
        assert!(!a.sync && a.path != b.path);
        assert!(path.plan(0.0, 128, &mut rng).elapsed_s > a.elapsed_s);
    }

    #[test]
    fn an_idle_zhyperlink_path_writes_synchronously_and_a_busy_one_falls_back() {
        let mut sc = Scenario::default();
        sc.log.io_mode = LogIoMode::Zhyperlink;
        sc.log.zhyperlink_pfids = 1;
        let mut path = LogIoPath::of(&sc);
        let mut rng = Rng::new(2);
        let first = path.plan(0.0, 8, &mut rng);
        assert!(first.sync && first.cycle_s > first.elapsed_s);
        // The same PFID is still busy an instant later: the next write goes asynchronously.
        let second = path.plan(first.elapsed_s * 0.1, 8, &mut rng);
        assert!(!second.sync && second.elapsed_s > first.elapsed_s);
    }

    #[test]
    fn the_fallback_share_rises_through_its_midpoint() {
        assert!(fallback_share(0.0) < 1e-6);
        assert!((fallback_share(ZHYPERLINK_FALLBACK_MIDPOINT_UTILISATION) - 0.5).abs() < 1e-12);
        assert!(fallback_share(0.5) > 0.999_999);
    }

    #[test]
    fn pages_are_whole_and_capped() {
        assert_eq!(pages_for(0), 1);
        assert_eq!(pages_for(4096), 1);
        assert_eq!(pages_for(4097), 2);
        assert_eq!(pages_for(10_000_000), 128);
    }
}
