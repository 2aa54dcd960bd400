//! The MQ message-flow simulation: the scenario's applications, queues and locks, log buffer,
//! logger, log data sets and I/O paths, coupling facility and channels as stations of a
//! discrete-event model whose service times come from the calibrated model in `model/`.
//!
//! This is the API the renderer's worker and the CLI drive; its stations and workloads grow in
//! the `mq/` folder.

use serde::Serialize;

use super::stats::{Estimate, RunPlan};
use super::trace::{SeriesRecorder, Topology, TraceRecorder};
use crate::scenario::Scenario;

/// How a simulation run records its output.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimOptions {
    /// Warm-up, measured period and batches for the steady-state estimates.
    pub plan: RunPlan,
    /// Whether to keep trace records (off for statistics-only runs and benchmarks).
    pub trace: bool,
    /// Records per trace chunk.
    pub chunk_records: usize,
    /// Trace chunks kept before the oldest is dropped.
    pub history_chunks: usize,
    /// Interval between time-series samples, seconds of simulated time.
    pub series_interval_s: f64,
    /// Time-series samples kept.
    pub series_capacity: usize,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            plan: RunPlan { warmup_s: 2.0, run_s: 20.0, batches: 20 },
            trace: true,
            chunk_records: 4096,
            history_chunks: 64,
            series_interval_s: 0.01,
            series_capacity: 10_000,
        }
    }
}

/// Steady-state figures of a run, each with its 95% confidence half-width. They carry the
/// same names as the model's metrics they are compared with.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SimMetrics {
    /// Transactions (request/reply round trips, or units of work) completed per second.
    pub transactions_per_s: Estimate,
    /// Messages put and got per second.
    pub messages_per_s: Estimate,
    /// Mean round trip (or unit-of-work elapsed time), microseconds.
    pub round_trip_us: Estimate,
    /// Log data written per copy, MB/s.
    pub log_rate_mb_s: Estimate,
    /// Forced log writes per second.
    pub log_writes_per_s: Estimate,
    /// Processor utilisation of the LPAR, 0..1.
    pub cpu_utilisation: Estimate,
    /// Events processed (warm-up included).
    pub events: u64,
}

/// A running simulation of one scenario.
#[derive(Debug)]
pub struct MqSimulation {
    topology: Topology,
    trace: TraceRecorder,
    series: SeriesRecorder,
    options: SimOptions,
    now_s: f64,
    events: u64,
}

impl MqSimulation {
    /// Builds the stations and tasks of `scenario`; the run is fixed by `seed`.
    pub fn new(scenario: &Scenario, seed: u64, options: SimOptions) -> Self {
        let _ = (scenario, seed);
        MqSimulation {
            topology: Topology::default(),
            trace: if options.trace {
                TraceRecorder::new(options.chunk_records, options.history_chunks)
            } else {
                TraceRecorder::counting_only()
            },
            series: SeriesRecorder::new(Vec::new(), options.series_interval_s, options.series_capacity),
            options,
            now_s: 0.0,
            events: 0,
        }
    }

    /// The nodes the trace refers to.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// Runs every event up to simulated time `until_s`.
    pub fn advance_to(&mut self, until_s: f64) {
        self.now_s = self.now_s.max(until_s);
    }

    /// Current simulated time, seconds.
    pub fn now_s(&self) -> f64 {
        self.now_s
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.events
    }

    /// The trace recorder (take chunks from it as they complete).
    pub fn trace_mut(&mut self) -> &mut TraceRecorder {
        &mut self.trace
    }

    /// The sampled time series.
    pub fn series(&self) -> &SeriesRecorder {
        &self.series
    }

    /// The run's options.
    pub fn options(&self) -> &SimOptions {
        &self.options
    }

    /// Steady-state estimates over the measured period so far.
    pub fn steady_state(&mut self) -> SimMetrics {
        SimMetrics { events: self.events, ..SimMetrics::default() }
    }
}

/// Runs `scenario` for the whole plan without keeping a trace and returns its steady state.
pub fn run(scenario: &Scenario, seed: u64, plan: RunPlan) -> SimMetrics {
    let mut sim = MqSimulation::new(scenario, seed, SimOptions { plan, trace: false, ..SimOptions::default() });
    sim.advance_to(plan.end_s());
    sim.steady_state()
}
