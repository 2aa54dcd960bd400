//! Service times and log volumes of the MQ simulation, taken from the calibrated model so that the
//! simulation and the model disagree only where queueing (which the simulation plays out and the
//! model approximates) makes them.

use crate::model::log::{self, MAX_WRITE_BYTES};
use crate::model::request_reply::{GET_WAIT_DISPATCH_US, GET_WAIT_POST_CPU_US, cpu_scale};
use crate::model::streaming::{self, StreamTarget};
use crate::scenario::{Persistence, QueueType, Scenario};

use super::cf::CfCosts;

/// Seconds per microsecond: the model speaks microseconds, the calendar seconds.
pub const S_PER_US: f64 = 1.0e-6;

/// Largest log write the logger issues, bytes (128 pages of 4 KB, the Media Manager cap).
pub const WRITE_CAP_BYTES: u64 = MAX_WRITE_BYTES as u64;

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
    /// Copies the queue manager puts to the stream queue with each put to the workload's queue
    /// (0 without STREAMQ).
    pub stream_copies: u8,
    /// CPU the copy adds to the putting MQPUT outside any CF request, seconds.
    pub stream_copy_cpu_s: f64,
    /// Log bytes the copy of a persistent message adds (its put record).
    pub stream_copy_log_bytes: u64,
}

impl ServiceTimes {
    /// The service times of `sc`, as `model::request_reply` prices each API call.
    ///
    /// The model's log volume per message (`log_bytes_per_message`, the message plus 1.25 KB of
    /// records, 1.5 KB in a QSG) covers the put and the get of that message together. The
    /// simulation gives the put the message and half the record overhead and the get the other
    /// half, so the byte rate matches the model's while a forced get still writes a record of its
    /// own.
    ///
    /// On shared queues each call's CPU is what it costs outside its CF requests (see
    /// [`CfCosts::of`] for the split): the CF station plays the requests out.
    ///
    /// With a stream queue on the workload's queue (`streaming` section, release 9.3 or later),
    /// the copy costs the put what `model::streaming` says STREAMQ adds to it (scaled to the
    /// processor as the other API costs are; on shared queues less the copy's own CF request,
    /// which the CF station plays out) and, for persistent messages, the put record
    /// `model::streaming` adds to the log data per message.
    pub fn of(sc: &Scenario) -> ServiceTimes {
        let w = &sc.workload;
        let persistent = w.persistence == Persistence::Persistent;
        let in_qsg = w.queue_type == QueueType::Shared;
        let size = f64::from(w.message_size_bytes);
        let scale = cpu_scale(sc);
        let cf = in_qsg.then(|| CfCosts::of(sc));
        let (put, get, cmit) = match &cf {
            Some(c) => c.outside_cf_cpu_us,
            None => crate::model::request_reply::api_cpu_us(sc),
        };
        let st = &sc.streaming;
        let stream = streaming::evaluate(sc);
        let streamed = st.enabled && stream.available && (st.target == StreamTarget::LocalQueue || st.subscribers > 0);
        let copy_cpu_us = if streamed {
            let request_us = cf.map_or(0.0, |c| c.put_request_cpu_us);
            (scale * stream.api.mqput_overhead_cpu_us - request_us).max(0.0)
        } else {
            0.0
        };
        let copy_log_bytes = if streamed && persistent {
            crate::math::ceil(
                stream.persistent.log_bytes_per_message_streamed - stream.persistent.log_bytes_per_message,
            )
        } else {
            0.0
        };
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
            stream_copies: u8::from(streamed),
            stream_copy_cpu_s: finite_positive(copy_cpu_us) * S_PER_US,
            stream_copy_log_bytes: finite_positive(copy_log_bytes) as u64,
        }
    }
}

/// `x` when finite and positive, else 0 (a validated scenario never gives anything else, but a
/// NaN in the calendar would stall the run).
pub fn finite_positive(x: f64) -> f64 {
    if x.is_finite() && x > 0.0 { x } else { 0.0 }
}
