//! The simulation engine against queueing theory: M/M/1 and M/M/c waits and utilisation (Erlang C)
//! and a closed network against exact mean value analysis, each within 2% with the theoretical
//! value inside the 95% confidence interval (warm-up removed, batch means).

use mqpx::sim::network::{simulate_closed, simulate_mmc};
use mqpx::sim::stats::{Estimate, RunPlan};
use mqpx::sim::theory::{mmc_mean_wait_s, mmc_utilisation, mva};

fn assert_close(name: &str, e: Estimate, theory: f64) {
    let error = (e.mean - theory).abs() / theory;
    assert!(error <= 0.02, "{name}: simulated {} vs theory {theory} ({:.2}% off)", e.mean, error * 100.0);
    assert!(
        e.relative_half_width() <= 0.02,
        "{name}: 95% CI ±{:.2}% is wider than 2%",
        e.relative_half_width() * 100.0
    );
    assert!(
        (e.mean - theory).abs() <= e.half_width_95.max(1e-12) * 1.5,
        "{name}: theory {theory} outside the 95% interval {} ± {}",
        e.mean,
        e.half_width_95
    );
}

#[test]
fn mm1_wait_and_utilisation_match_theory() {
    let (lambda, mu) = (7_000.0, 10_000.0);
    let plan = RunPlan { warmup_s: 20.0, run_s: 400.0, batches: 30 };
    let out = simulate_mmc(lambda, mu, 1, 11, plan);
    assert_close("M/M/1 wait", out.mean_wait_s, mmc_mean_wait_s(lambda, mu, 1));
    assert_close("M/M/1 utilisation", out.utilisation, mmc_utilisation(lambda, mu, 1));
    assert_close("M/M/1 throughput", out.throughput_per_s, lambda);
}

#[test]
fn mmc_wait_and_utilisation_match_erlang_c() {
    let (lambda, mu, c) = (24_000.0, 10_000.0, 3);
    let plan = RunPlan { warmup_s: 10.0, run_s: 200.0, batches: 30 };
    let out = simulate_mmc(lambda, mu, c, 12, plan);
    assert_close("M/M/3 wait", out.mean_wait_s, mmc_mean_wait_s(lambda, mu, c));
    assert_close("M/M/3 utilisation", out.utilisation, mmc_utilisation(lambda, mu, c));
}

#[test]
fn a_closed_network_matches_exact_mean_value_analysis() {
    let demands = [0.002, 0.003, 0.0015];
    let (think, customers) = (0.01, 12);
    let plan = RunPlan { warmup_s: 20.0, run_s: 600.0, batches: 30 };
    let out = simulate_closed(&demands, think, customers, 13, plan);
    let exact = mva(&demands, think, customers);
    assert_close("closed throughput", out.throughput_per_s, exact.throughput_per_s);
    assert_close("closed response", out.response_s, exact.response_s);
}

#[test]
fn a_run_is_fixed_by_its_seed() {
    let plan = RunPlan { warmup_s: 1.0, run_s: 10.0, batches: 10 };
    let a = simulate_mmc(500.0, 1000.0, 1, 5, plan);
    let b = simulate_mmc(500.0, 1000.0, 1, 5, plan);
    let c = simulate_mmc(500.0, 1000.0, 1, 6, plan);
    assert_eq!(a.mean_wait_s, b.mean_wait_s);
    assert_ne!(a.mean_wait_s, c.mean_wait_s);
}
