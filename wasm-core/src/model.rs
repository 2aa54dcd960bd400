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
pub mod processors;
pub mod queue_statistics;
pub mod request_reply;
pub mod streaming;
pub mod svrconn;

use crate::metrics::Metrics;
use crate::scenario::Scenario;

/// Evaluates every sub-model on a validated scenario. Never panics; every figure is finite.
pub fn evaluate(scenario: &Scenario) -> Metrics {
    // Commit and request/reply figures are two views of one solution of the closed system.
    let solution = request_reply::solve(scenario);
    Metrics {
        log: log::evaluate(scenario),
        commit: commit::from_solution(&solution),
        request_reply: request_reply::from_solution(&solution),
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

/// One metric by dotted path (`log.io_time_us`), evaluating only the sub-model that owns it.
///
/// Sub-models are independent functions of the scenario, so a chart that needs one figure at a
/// thousand points need not run the other twelve; `None` when the path names no number.
pub fn evaluate_metric(scenario: &Scenario, path: &str) -> Option<f64> {
    MetricSeries::default().metric(scenario, path)
}

/// One metric at a run of neighbouring scenarios (the points of a sweep).
///
/// The closed-loop solution behind the `commit` and `request_reply` figures is searched for
/// starting from the previous point's (see [`request_reply::solve_near`]), which makes a sweep
/// several times cheaper; each figure is the same as [`evaluate_metric`]'s to the solver's
/// tolerance.
#[derive(Debug, Clone, Default)]
pub struct MetricSeries {
    hint: Option<request_reply::SolveHint>,
}

impl MetricSeries {
    /// The metric at `path` for `scenario`; `None` when the path names no number.
    pub fn metric(&mut self, scenario: &Scenario, path: &str) -> Option<f64> {
        fn pick<T: serde::Serialize>(section: T, rest: &str) -> Option<f64> {
            crate::metrics::number_at_path(&section, rest)
        }
        let (section, rest) = path.split_once('.')?;
        match section {
            "log" => pick(log::evaluate(scenario), rest),
            "commit" | "request_reply" => {
                let solution = request_reply::solve_near(scenario, self.hint);
                self.hint = Some(solution.hint());
                if section == "commit" {
                    pick(commit::from_solution(&solution), rest)
                } else {
                    pick(request_reply::from_solution(&solution), rest)
                }
            }
            "cics" => pick(cics::evaluate(scenario), rest),
            "cf" => pick(cf::evaluate(scenario), rest),
            "channel" => pick(channel::evaluate(scenario), rest),
            "connection" => pick(svrconn::evaluate(scenario), rest),
            "streaming" => pick(streaming::evaluate(scenario), rest),
            "expiry" => pick(expiry::evaluate(scenario), rest),
            "statistics" => pick(queue_statistics::evaluate(scenario), rest),
            "kafka" => pick(kafka::evaluate(scenario), rest),
            "grouping" => pick(grouping::evaluate(scenario), rest),
            "failover" => pick(failover::evaluate(scenario), rest),
            _ => None,
        }
    }
}
