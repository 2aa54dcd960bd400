//! Speed of the message-flow simulation, natively, in events per second: the MQ workload (with
//! and without a trace) beside the engine's plain M/M/c reference, so a ratio as well as an
//! absolute figure is read off (target: at least 5 million events/s for the MQ workload). Run with
//! `cargo bench --bench sim`; `mqpx simulate --bench` prints the same comparison in one line each.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mqpx::scenario::Scenario;
use mqpx::sim::mq::{MqSimulation, SimOptions};
use mqpx::sim::network::simulate_mmc;
use mqpx::sim::stats::RunPlan;
use std::hint::black_box;

/// Events one measured iteration aims at: long enough to amortise building the stations, short
/// enough for criterion to take many samples.
const EVENTS_PER_ITERATION: f64 = 1.0e6;
/// The longest simulated period one iteration may cover, seconds (for a scenario with few events).
const MAX_ITERATION_SIM_S: f64 = 600.0;
const SEED: u64 = 42;

/// The persistent zHyperLink request/reply workload (the log path's stations all busy) and the
/// default scenario.
fn scenarios() -> Vec<(&'static str, Scenario)> {
    let persistent = serde_json::json!({
        "workload": { "persistence": "persistent", "syncpoint": "in_syncpoint", "requesters": 8, "servers": 8 },
        "log": { "io_mode": "zhyperlink", "zhyperlink_pfids": 4, "stripes": 2 }
    });
    vec![
        ("persistent zhyperlink", Scenario::from_overlay(&persistent).expect("valid")),
        ("default", Scenario::default()),
    ]
}

fn options(trace: bool, until_s: f64) -> SimOptions {
    SimOptions { plan: RunPlan { warmup_s: 0.0, run_s: until_s, batches: 20 }, trace, ..SimOptions::default() }
}

/// Runs `scenario` to `until_s`, taking (and dropping) chunks as the worker would; returns events.
fn run_mq(scenario: &Scenario, trace: bool, until_s: f64) -> u64 {
    let mut sim = MqSimulation::new(scenario, SEED, options(trace, until_s));
    sim.advance_to(until_s);
    while sim.trace_mut().take_chunk().is_some() {}
    sim.events()
}

/// The simulated period that gives about `EVENTS_PER_ITERATION` events, from a short probe.
fn period_for(scenario: &Scenario) -> f64 {
    let probe_s = 0.1;
    let events = run_mq(scenario, false, probe_s);
    if events == 0 {
        MAX_ITERATION_SIM_S
    } else {
        (EVENTS_PER_ITERATION / events as f64 * probe_s).min(MAX_ITERATION_SIM_S)
    }
}

fn mq(c: &mut Criterion) {
    let mut group = c.benchmark_group("mq events");
    for (name, scenario) in scenarios() {
        let until_s = period_for(&scenario);
        for trace in [false, true] {
            let events = run_mq(&scenario, trace, until_s);
            let label = if trace { "with trace" } else { "statistics only" };
            println!("mq {name}, {label}: {events} events over {until_s:.3} s simulated per iteration");
            // Criterion shows elements/s, which is events/s; a scenario without events yet is timed alone.
            if events > 0 {
                group.throughput(Throughput::Elements(events));
            }
            group.bench_with_input(BenchmarkId::new(name, label), &until_s, |b, &t| {
                b.iter(|| run_mq(black_box(&scenario), trace, t))
            });
        }
    }
    group.finish();
}

/// M/M/4 at 80% utilisation: two events (arrival, departure) per customer.
fn reference(c: &mut Criterion) {
    let (arrival, service, servers) = (3.2, 1.0, 4);
    let run_s = EVENTS_PER_ITERATION / (2.0 * arrival);
    let plan = RunPlan { warmup_s: 0.0, run_s, batches: 20 };
    let events = simulate_mmc(arrival, service, servers, SEED, plan).events;
    let mut group = c.benchmark_group("reference events");
    group.throughput(Throughput::Elements(events));
    group.bench_function("M/M/4 at 80%", |b| b.iter(|| simulate_mmc(arrival, service, servers, black_box(SEED), plan)));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = mq, reference
}
criterion_main!(benches);
