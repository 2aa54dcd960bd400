//! Shape and reference checks for the `grouping` sub-model.

use serde_json::json;

use crate::support::{metric, non_increasing};

fn group(queue_type: &str, size: u32) -> serde_json::Value {
    json!({"workload": {"queue_type": queue_type, "queue_managers": 1}, "grouping": {"grouped": true, "group_size_msgs": size}})
}

const GROUP_SIZES: [u32; 6] = [1, 2, 5, 10, 100, 10_000];

#[test]
fn private_queue_grouping_costs_most_for_single_message_groups() {
    for path in ["grouping.group_put_overhead_pct", "grouping.group_get_overhead_pct"] {
        let o: Vec<f64> = GROUP_SIZES.iter().map(|&g| metric(group("private", g), path)).collect();
        assert!(non_increasing(&o), "{path}: {o:?}");
        assert!(o[5] > 0.0, "a small overhead remains per message");
        assert!(o[0] > 2.0 * o[5]);
    }
}

#[test]
fn shared_queue_grouping_adds_nothing_to_puts_and_a_steady_amount_to_gets() {
    for g in GROUP_SIZES {
        assert_eq!(metric(group("shared", g), "grouping.group_put_overhead_pct"), 0.0);
    }
    let gets: Vec<f64> =
        GROUP_SIZES.iter().map(|&g| metric(group("shared", g), "grouping.group_get_overhead_pct")).collect();
    assert!(gets.iter().all(|&x| x > 0.0 && x == gets[0]), "{gets:?}");
}

#[test]
fn grouping_only_costs_when_used() {
    let mut off = group("private", 1);
    off["grouping"]["grouped"] = json!(false);
    assert!(metric(off, "grouping.cpu_us_per_msg") < metric(group("private", 1), "grouping.cpu_us_per_msg"));
}

fn jms(persistence: &str, size: u32, app_us: f64) -> serde_json::Value {
    json!({"workload": {"persistence": persistence, "message_size_bytes": size},
           "grouping": {"api": "jms", "application_cpu_us_per_msg": app_us}})
}

#[test]
fn the_jms_multiplier_shrinks_as_the_mqi_or_application_work_grows() {
    let np = metric(jms("non_persistent", 1000, 0.0), "grouping.jms_cost_multiplier");
    let p = metric(jms("persistent", 1000, 0.0), "grouping.jms_cost_multiplier");
    assert!(p < np);
    let by_size: Vec<f64> = [100, 1000, 10_000, 100_000, 1_000_000]
        .iter()
        .map(|&s| metric(jms("non_persistent", s, 0.0), "grouping.jms_cost_multiplier"))
        .collect();
    assert!(non_increasing(&by_size));
    let by_app: Vec<f64> = [0.0, 10.0, 100.0, 10_000.0]
        .iter()
        .map(|&a| metric(jms("non_persistent", 1000, a), "grouping.jms_cost_multiplier"))
        .collect();
    assert!(non_increasing(&by_app) && by_app[3] < 1.01 && by_app[3] >= 1.0);
}

#[test]
fn jms_costs_more_cpu_than_the_mqi() {
    let mut mqi = jms("non_persistent", 2048, 0.0);
    mqi["grouping"]["api"] = json!("mqi");
    assert!(
        metric(jms("non_persistent", 2048, 0.0), "grouping.cpu_us_per_msg") > metric(mqi, "grouping.cpu_us_per_msg")
    );
}
