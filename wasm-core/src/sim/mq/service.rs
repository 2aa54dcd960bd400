//! Service times and log volumes of the MQ simulation, taken from the calibrated model so that the
//! simulation and the model disagree only where queueing (which the simulation plays out and the
//! model approximates) makes them.

use crate::model::log::{self, LOG_PAGE_BYTES, MAX_PAGES_PER_IO};
use crate::model::request_reply::{GET_WAIT_DISPATCH_US, GET_WAIT_POST_CPU_US, cpu_scale};
use crate::scenario::{Persistence, QueueType, Scenario};

/// Seconds per microsecond: the model speaks microseconds, the calendar seconds.
pub const S_PER_US: f64 = 1.0e-6;

/// Largest log write the logger issues, bytes (128 pages of 4 KB, the Media Manager cap).
pub const WRITE_CAP_BYTES: u64 = (MAX_PAGES_PER_IO * LOG_PAGE_BYTES) as u64;

/// CPU bursts and log record sizes of one scenario, all in seconds and bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServiceTimes {
    /// Mean CPU of one MQPUT, seconds.
    pub put_cpu_s: f64,
    /// Mean CPU of one MQGET, seconds.
    pub get_cpu_s: f64,
    /// Mean CPU of one MQCMIT, seconds.
    pub commit_cpu_s: f64,
    /// CPU of posting a getter waiting in MQGET-with-wait, seconds.
    pub wake_cpu_s: f64,
    /// Latency from the post to the getter running again, seconds.
    pub dispatch_s: f64,
    /// Log bytes an MQPUT of a persistent message adds to the log buffer.
    pub put_log_bytes: u64,
    /// Log bytes an MQGET of a persistent message adds to the log buffer.
    pub get_log_bytes: u64,
    /// Whether messages are persistent (logged).
    pub persistent: bool,
}

impl ServiceTimes {
    /// The service times of `sc`, as `model::request_reply` prices each API call.
    ///
    /// The model's log volume per message (`log_bytes_per_message`, the message plus 1.25 KB of
    /// records, 1.5 KB in a QSG) covers the put and the get of that message together. The
    /// simulation gives the put the message and half the record overhead and the get the other
    /// half, so the byte rate matches the model's while a forced get still writes a record of its
    /// own.
    pub fn of(sc: &Scenario) -> ServiceTimes {
        let w = &sc.workload;
        let persistent = w.persistence == Persistence::Persistent;
        let in_qsg = w.queue_type == QueueType::Shared;
        let size = f64::from(w.message_size_bytes);
        let scale = cpu_scale(sc);
        let (put, get, cmit) = crate::model::request_reply::api_cpu_us(sc);
        let per_message = if persistent { log::log_bytes_per_message(size, in_qsg) } else { 0.0 };
        let overhead = (per_message - size).max(0.0);
        let get_bytes = if persistent { crate::math::floor(overhead / 2.0) } else { 0.0 };
        let put_bytes = if persistent { crate::math::ceil(per_message - get_bytes) } else { 0.0 };
        ServiceTimes {
            put_cpu_s: finite_positive(put) * S_PER_US,
            get_cpu_s: finite_positive(get) * S_PER_US,
            commit_cpu_s: finite_positive(cmit) * S_PER_US,
            wake_cpu_s: finite_positive(scale * GET_WAIT_POST_CPU_US) * S_PER_US,
            dispatch_s: GET_WAIT_DISPATCH_US * S_PER_US,
            put_log_bytes: put_bytes as u64,
            get_log_bytes: get_bytes as u64,
            persistent,
        }
    }
}

/// `x` when finite and positive, else 0 (a validated scenario never gives anything else, but a
/// NaN in the calendar would stall the run).
pub fn finite_positive(x: f64) -> f64 {
    if x.is_finite() && x > 0.0 { x } else { 0.0 }
}
