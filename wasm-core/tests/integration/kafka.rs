//! Shape and reference checks for the `kafka` sub-model.

use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

fn kafka(connector: &str, size: u32, extra: serde_json::Value) -> serde_json::Value {
    let mut k = json!({"connector": connector});
    if let serde_json::Value::Object(m) = extra {
        for (key, v) in m {
            k[key] = v;
        }
    }
    json!({"workload": {"message_size_bytes": size}, "kafka": k})
}

const SIZES: [u32; 9] = [0, 512, 1024, 4096, 10_240, 16_384, 32_768, 262_144, 4_194_304];

#[test]
fn bigger_messages_mean_fewer_messages_but_more_bytes_per_second() {
    for connector in ["sink", "source"] {
        let rates: Vec<f64> =
            SIZES.iter().map(|&s| metric(kafka(connector, s, json!({})), "kafka.throughput_msgs_s")).collect();
        let mbs: Vec<f64> =
            SIZES.iter().map(|&s| metric(kafka(connector, s, json!({})), "kafka.throughput_mb_s")).collect();
        assert!(non_increasing(&rates), "{connector}: {rates:?}");
        assert!(non_decreasing(&mbs), "{connector}: {mbs:?}");
    }
}

#[test]
fn more_tasks_help_with_diminishing_returns_up_to_the_queue_limit() {
    for connector in ["sink", "source"] {
        let rates: Vec<f64> = (1..=20)
            .map(|n| {
                metric(kafka(connector, 1024, json!({"tasks_max": n, "partitions": 50})), "kafka.throughput_msgs_s")
            })
            .collect();
        assert!(non_decreasing(&rates), "{connector}: {rates:?}");
        let gains: Vec<f64> = rates.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(non_increasing(&gains), "{connector}: gains {gains:?}");
        let limit = metric(kafka(connector, 1024, json!({})), "kafka.max_throughput_msgs_s");
        assert!(rates.iter().all(|&r| r <= limit), "{connector}");
    }
}

#[test]
fn a_sink_gains_little_beyond_two_tasks_and_nothing_beyond_its_partitions() {
    let rate = |n: u32| metric(kafka("sink", 1024, json!({"tasks_max": n})), "kafka.throughput_msgs_s");
    // "further connector tasks did not provide further benefit"
    assert!(rate(3) < 1.06 * rate(2));
    assert_eq!(rate(5), rate(8), "5 partitions keep at most 5 sink tasks busy");
}

#[test]
fn a_peak_test_without_other_applications_on_the_queue_is_faster() {
    for connector in ["sink", "source"] {
        for n in [1, 3] {
            let sustained = metric(kafka(connector, 1024, json!({"tasks_max": n})), "kafka.throughput_msgs_s");
            let peak =
                metric(kafka(connector, 1024, json!({"tasks_max": n, "rate_mode": "peak"})), "kafka.throughput_msgs_s");
            assert!(peak > sustained, "{connector} x{n}");
        }
    }
}

fn persistent_peak(connector: &str, version: &str) -> serde_json::Value {
    let mut s = kafka(connector, 1024, json!({"rate_mode": "peak", "version": version}));
    s["workload"]["persistence"] = json!("persistent");
    s
}

#[test]
fn exactly_once_costs_under_six_percent_of_throughput() {
    for connector in ["sink", "source"] {
        let ratio = metric(persistent_peak(connector, "v2"), "kafka.throughput_vs_v1_ratio");
        assert!(ratio < 1.0 && ratio > 0.94, "{connector}: {ratio}");
        let v1 = metric(persistent_peak(connector, "v1"), "kafka.mq_cpu_us_per_msg");
        let v2 = metric(persistent_peak(connector, "v2"), "kafka.mq_cpu_us_per_msg");
        assert!(v2 > v1);
    }
}

#[test]
fn larger_commit_batches_spread_the_state_update_thinner() {
    let increase: Vec<f64> = [10, 50, 250, 1000, 10_000]
        .iter()
        .map(|b| {
            let mut s = persistent_peak("source", "v2");
            s["kafka"]["source_batch_msgs"] = json!(b);
            metric(s, "kafka.mq_cost_increase_pct")
        })
        .collect();
    assert!(non_increasing(&increase), "{increase:?}");
    assert!(increase[0] > 5.0 * increase[4]);
}

#[test]
fn persistent_messages_cost_a_log_force_per_batch() {
    for connector in ["sink", "source"] {
        let np = metric(kafka(connector, 1024, json!({})), "kafka.throughput_msgs_s");
        let mut s = kafka(connector, 1024, json!({}));
        s["workload"]["persistence"] = json!("persistent");
        assert!(metric(s, "kafka.throughput_msgs_s") < np);
    }
}

#[test]
fn without_ziips_all_connector_cpu_lands_on_general_processors() {
    let with = metric(kafka("sink", 1024, json!({})), "kafka.connector_gcp_cpu_us_per_msg");
    let without = metric(kafka("sink", 1024, json!({"ziip_engines": 0})), "kafka.connector_gcp_cpu_us_per_msg");
    let total = metric(kafka("sink", 1024, json!({})), "kafka.connector_cpu_us_per_msg");
    assert_eq!(without, total);
    assert!(with < 0.1 * total);
}

#[test]
fn idle_cost_grows_with_tasks_and_only_a_source_calls_mq() {
    for connector in ["sink", "source"] {
        let idle: Vec<f64> = (1..=5)
            .map(|n| metric(kafka(connector, 1024, json!({"tasks_max": n})), "kafka.idle_connector_cpu_s_per_hour"))
            .collect();
        assert!(non_decreasing(&idle) && idle[4] > idle[0]);
    }
    assert_eq!(metric(kafka("sink", 1024, json!({})), "kafka.idle_mqgets_per_hour"), 0.0);
    let slow = metric(kafka("source", 1024, json!({"idle_poll_interval_s": 10.0})), "kafka.idle_mqgets_per_hour");
    let fast = metric(kafka("source", 1024, json!({})), "kafka.idle_mqgets_per_hour");
    assert!(slow < fast);
}

#[test]
fn a_v2_connector_runs_one_task() {
    let e = mqpx::scenario::Scenario::from_json(r#"{"kafka": {"version": "v2", "tasks_max": 2}}"#).unwrap_err();
    assert_eq!(e.errors[0].field, "kafka.tasks_max");
    assert!(e.errors[0].allowed.contains("single task"));
}
