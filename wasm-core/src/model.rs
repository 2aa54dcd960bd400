//! The performance model: a scenario in, the figures the reports measure out.
//!
//! One sub-model per z/OS subsystem, each in a file named for it. They are closed-form
//! (queueing formulas, service times, pages per I/O, CPU per API call, storage per buffer) with
//! constants fitted only to reference points marked `calibration`; see `fidelity.rs`.

pub mod cf;
pub mod channel;
pub mod cics;
pub mod commit;
pub mod expiry;
pub mod failover;
pub mod grouping;
pub mod kafka;
pub mod log;
pub mod queue_statistics;
pub mod request_reply;
pub mod streaming;
pub mod svrconn;

use crate::metrics::Metrics;
use crate::scenario::Scenario;

/// Evaluates every sub-model on a validated scenario. Never panics; every figure is finite.
pub fn evaluate(scenario: &Scenario) -> Metrics {
    Metrics {
        log: log::evaluate(scenario),
        commit: commit::evaluate(scenario),
        request_reply: request_reply::evaluate(scenario),
        cics: cics::evaluate(scenario),
        cf: cf::evaluate(scenario),
        channel: channel::evaluate(scenario),
        connection: svrconn::evaluate(scenario),
        streaming: streaming::evaluate(scenario),
        expiry: expiry::evaluate(scenario),
        statistics: queue_statistics::evaluate(scenario),
        kafka: kafka::evaluate(scenario),
        grouping: grouping::evaluate(scenario),
        failover: failover::evaluate(scenario),
    }
}
