//! Shape and reference checks for the `expiry` sub-model.

use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

#[test]
fn expiry_off_costs_nothing_and_scans_nothing() {
    let o = json!({"expiry": {"qsg_member": true}, "workload": {"queue_type": "shared"}});
    assert_eq!(metric(o.clone(), "expiry.private_cpu_ms_per_scan"), 0.0);
    assert_eq!(metric(o, "expiry.shared_scan_cf_cpu_s"), 0.0);
}

#[test]
fn private_expiry_is_dearer_once_messages_left_the_buffer_pool() {
    let per_msg: Vec<f64> = [100.0, 75.0, 25.0, 0.0]
        .iter()
        .map(|pct| {
            metric(json!({"expiry": {"expryint_s": 60, "in_buffer_pool_pct": pct}}), "expiry.private_cpu_us_per_msg")
        })
        .collect();
    assert!(non_decreasing(&per_msg) && per_msg[3] > per_msg[0], "{per_msg:?}");
    let per_cpu_s: Vec<f64> = [100.0, 0.0]
        .iter()
        .map(|pct| {
            metric(
                json!({"expiry": {"expryint_s": 60, "in_buffer_pool_pct": pct}}),
                "expiry.private_msgs_expired_per_cpu_s",
            )
        })
        .collect();
    assert!(non_increasing(&per_cpu_s));
}

#[test]
fn a_qsg_member_scans_every_shared_queue_whether_or_not_anything_expires() {
    let scan = |depth: f64, expired: f64| {
        metric(
            json!({"expiry": {"expryint_s": 300, "qsg_member": true, "shared_queue_depth_msgs": depth,
                              "shared_expired_pct": expired}}),
            "expiry.shared_scan_cf_cpu_s",
        )
    };
    let by_depth: Vec<f64> = [0.0, 1e4, 1e5, 1e6].iter().map(|&d| scan(d, 0.0)).collect();
    assert!(non_decreasing(&by_depth) && by_depth[0] == 0.0 && by_depth[3] > 0.0);
    assert!(scan(1e5, 100.0) > scan(1e5, 50.0) && scan(1e5, 50.0) > scan(1e5, 0.0));
    // Not in a QSG and no shared queues: nothing to scan.
    let alone = json!({"expiry": {"expryint_s": 300}});
    assert_eq!(metric(alone, "expiry.shared_scan_cf_requests"), 0.0);
}

#[test]
fn a_short_interval_over_a_deep_qsg_overwhelms_the_expiry_task() {
    let busy = |interval: u32| {
        metric(
            json!({"expiry": {"expryint_s": interval, "qsg_member": true, "shared_queue_depth_msgs": 5e6}}),
            "expiry.shared_scan_busy_pct",
        )
    };
    assert!(busy(5) > 100.0);
    let cf_busy = |cps: u32| {
        metric(
            json!({"expiry": {"expryint_s": 60, "qsg_member": true, "shared_queue_depth_msgs": 1e6},
                   "cf": {"cf_processors": cps}}),
            "expiry.shared_scan_cf_busy_pct",
        )
    };
    assert!(cf_busy(1) > 2.0 * cf_busy(4) * 0.99 && cf_busy(4) > 0.0);
    assert!(busy(3600) < 1.0);
    let over = |link: &str| {
        metric(
            json!({"expiry": {"expryint_s": 60, "qsg_member": true, "shared_queue_depth_msgs": 1e6},
                   "cf": {"link_type": link}}),
            "expiry.shared_scan_busy_pct",
        )
    };
    assert!(over("cfp") > over("cbp") && over("cbp") > over("icp"), "a less responsive CF makes the scan longer");
    let s = mqpx::scenario::Scenario::from_overlay(
        &json!({"expiry": {"expryint_s": 5, "qsg_member": true, "shared_queue_depth_msgs": 5e6}}),
    )
    .unwrap();
    assert!(mqpx::model::evaluate(&s).expiry.overwhelmed);
}

#[test]
fn an_expryint_below_the_minimum_is_refused_with_its_name() {
    let e = mqpx::scenario::Scenario::from_json(r#"{"expiry": {"expryint_s": 4}}"#).unwrap_err();
    assert_eq!(e.errors[0].field, "expiry.expryint_s");
    assert!(e.errors[0].allowed.contains("5"), "{}", e.errors[0].allowed);
}
