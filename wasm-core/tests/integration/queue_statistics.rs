//! Shape and reference checks for the `queue_statistics` sub-model.

use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

fn stats(queues: u32, interval_s: f64, tps: f64) -> serde_json::Value {
    json!({"statistics": {"monitored_queues": queues, "statistics_interval_s": interval_s, "transactions_per_s": tps}})
}

#[test]
fn one_thousand_queues_every_second_cost_at_most_three_microseconds_per_transaction() {
    // The report's bound for its CICS micro-benchmark (which ran thousands of transactions a second).
    assert!(metric(stats(1000, 1.0, 2000.0), "statistics.cpu_us_per_transaction") <= 3.0);
}

#[test]
fn smf_records_step_at_the_packing_limit_and_bytes_grow_with_queues() {
    let per = metric(stats(1, 1.0, 1000.0), "statistics.queues_per_smf_record") as u32;
    assert_eq!(metric(stats(per, 1.0, 1000.0), "statistics.smf_records_per_interval"), 1.0);
    assert_eq!(metric(stats(per + 1, 1.0, 1000.0), "statistics.smf_records_per_interval"), 2.0);
    let bytes: Vec<f64> = [0, 1, 10, 59, 60, 500, 5000]
        .iter()
        .map(|&q| metric(stats(q, 1.0, 1.0), "statistics.smf_bytes_per_interval"))
        .collect();
    assert!(non_decreasing(&bytes));
    assert_eq!(bytes[0], 0.0);
}

#[test]
fn a_longer_interval_or_a_busier_system_spreads_the_cost_thinner() {
    let by_interval: Vec<f64> = [1.0, 10.0, 60.0, 900.0]
        .iter()
        .map(|&i| metric(stats(1000, i, 1000.0), "statistics.cpu_us_per_transaction"))
        .collect();
    assert!(non_increasing(&by_interval) && by_interval[0] > 100.0 * by_interval[3]);
    let by_rate: Vec<f64> = [10.0, 100.0, 10_000.0]
        .iter()
        .map(|&r| metric(stats(1000, 1.0, r), "statistics.cpu_us_per_transaction"))
        .collect();
    assert!(non_increasing(&by_rate));
    let per_day: Vec<f64> =
        [1.0, 60.0, 3600.0].iter().map(|&i| metric(stats(100, i, 1.0), "statistics.smf_mb_per_day")).collect();
    assert!(non_increasing(&per_day));
}

#[test]
fn pcf_wins_for_a_few_queues_and_queue_statistics_for_many() {
    for q in [1, 2, 3] {
        let s = stats(q, 1.0, 1000.0);
        assert!(metric(s.clone(), "statistics.cpu_us_per_interval") > metric(s, "statistics.pcf_cpu_us_per_interval"));
    }
    for q in [4, 10, 59, 60, 1000] {
        let s = stats(q, 1.0, 1000.0);
        assert!(metric(s.clone(), "statistics.cpu_us_per_interval") <= metric(s, "statistics.pcf_cpu_us_per_interval"));
    }
}

#[test]
fn the_sizing_calculator_agrees_with_the_scenario_model() {
    let out = mqpx::calculators::run(
        "queue_statistics_smf",
        &json!({"monitored_queues": 1000, "statistics_interval_s": 60.0, "transactions_per_s": 500.0}),
    )
    .unwrap();
    let s = stats(1000, 60.0, 500.0);
    for field in ["smf_records_per_interval", "smf_bytes_per_interval", "cpu_us_per_transaction"] {
        assert_eq!(out[field].as_f64().unwrap(), metric(s.clone(), &format!("statistics.{field}")), "{field}");
    }
    let bad =
        mqpx::calculators::run("queue_statistics_smf", &json!({"monitored_queues": 10, "statistics_interval_s": 0.0}));
    assert_eq!(bad.unwrap_err().errors[0].field, "statistics_interval_s");
}
