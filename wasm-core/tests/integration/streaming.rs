//! Shape and reference checks for the `streaming` sub-model.

use serde_json::{Value, json};

use crate::support::{metric, non_decreasing, non_increasing};

const KB: u32 = 1024;

fn streamed(size: u32, queue_type: &str, extra: Value) -> Value {
    let mut o = json!({
        "workload": {"message_size_bytes": size, "queue_type": queue_type},
        "streaming": {"enabled": true}
    });
    mqpx::scenario::merge_json(&mut o, &extra);
    o
}

fn persistent(size: u32, stripes: u32) -> Value {
    json!({
        "workload": {"message_size_bytes": size, "persistence": "persistent"},
        "log": {"stripes": stripes},
        "streaming": {"enabled": true}
    })
}

#[test]
fn a_stream_copy_roughly_doubles_the_put_at_every_size() {
    for qt in ["private", "shared"] {
        let sizes = [KB, 4 * KB, 16 * KB, 48 * KB, 128 * KB, 1024 * KB];
        for s in sizes {
            let r = metric(streamed(s, qt, json!({})), "streaming.api.put_cost_ratio");
            assert!((1.8..=2.2).contains(&r), "{qt} {s}: ratio {r}");
        }
    }
}

#[test]
fn put_cost_grows_with_size_within_each_storage_regime() {
    let private: Vec<f64> = [0, KB, 8 * KB, 64 * KB, 512 * KB, 4096 * KB]
        .iter()
        .map(|&s| metric(streamed(s, "private", json!({})), "streaming.api.mqput_streamed_cpu_us"))
        .collect();
    assert!(non_decreasing(&private), "{private:?}");
    // Up to 63KB the data goes into CF entries; above, to SMDS with only a pointer in the CF.
    let in_cf: Vec<f64> = [KB, 8 * KB, 32 * KB, 63 * KB]
        .iter()
        .map(|&s| metric(streamed(s, "shared", json!({})), "streaming.api.mqput_cpu_us"))
        .collect();
    let in_smds: Vec<f64> = [64 * KB, 128 * KB, 1024 * KB]
        .iter()
        .map(|&s| metric(streamed(s, "shared", json!({})), "streaming.api.mqput_cpu_us"))
        .collect();
    assert!(non_decreasing(&in_cf) && non_decreasing(&in_smds), "{in_cf:?} {in_smds:?}");
    assert!(in_smds[0] < in_cf[3], "offloading to SMDS should make a 64KB put cheaper than a 63KB one");
}

#[test]
fn mustdup_costs_more_and_most_for_shared_puts_out_of_syncpoint() {
    let cost = |qt: &str, sp: &str, qos: &str| {
        metric(
            streamed(KB, qt, json!({"workload": {"syncpoint": sp}, "streaming": {"qos": qos}})),
            "streaming.api.mqput_streamed_cpu_us",
        )
    };
    assert!(cost("private", "out_of_syncpoint", "mustdup") > cost("private", "out_of_syncpoint", "bestef"));
    let forced = cost("shared", "out_of_syncpoint", "mustdup") - cost("shared", "out_of_syncpoint", "bestef");
    let in_uow = cost("shared", "in_syncpoint", "mustdup") - cost("shared", "in_syncpoint", "bestef");
    assert!(forced > in_uow + 4.0, "the forced commit should dominate: {forced} vs {in_uow}");
}

#[test]
fn holding_queues_open_avoids_first_open_cf_access() {
    let cost = |extra: Value| metric(streamed(KB, "shared", extra), "streaming.api.open_close_streamed_cpu_us");
    let none_held = cost(json!({}));
    let stream_held = cost(json!({"streaming": {"stream_queue_held_open": true}}));
    let base_held_same = cost(json!({"streaming": {"base_queue_held_open": true}}));
    let base_held_separate = cost(json!({"streaming": {"base_queue_held_open": true, "same_structure": false}}));
    assert!(none_held > stream_held && stream_held > base_held_same);
    assert_eq!(stream_held, base_held_separate);
    let private = metric(streamed(KB, "private", json!({})), "streaming.api.open_close_streamed_cpu_us");
    assert!(private < base_held_same);
}

#[test]
fn a_stream_queue_on_another_structure_costs_at_commit_not_at_put() {
    let at = |same: bool, path: &str| {
        metric(
            streamed(
                KB,
                "shared",
                json!({"workload": {"syncpoint": "in_syncpoint"}, "streaming": {"same_structure": same}}),
            ),
            path,
        )
    };
    assert_eq!(at(true, "streaming.api.mqput_streamed_cpu_us"), at(false, "streaming.api.mqput_streamed_cpu_us"));
    assert!(at(false, "streaming.api.mqcmit_streamed_cpu_us") > at(true, "streaming.api.mqcmit_streamed_cpu_us"));
    assert!(
        at(false, "streaming.api.cf_cpu_us_per_commit_streamed")
            > at(true, "streaming.api.cf_cpu_us_per_commit_streamed")
    );
}

#[test]
fn shared_mqput1_streaming_got_cheaper_in_9_4() {
    for s in [2 * KB, 32 * KB, 128 * KB] {
        let v93 = metric(streamed(s, "shared", json!({"release": "9.3"})), "streaming.api.mqput1_streamed_cpu_us");
        let v94 = metric(streamed(s, "shared", json!({})), "streaming.api.mqput1_streamed_cpu_us");
        assert!(v93 - v94 > 5.0, "{s}: 9.3 {v93} vs 9.4 {v94}");
    }
}

#[test]
fn accounting_views_dilute_the_increase_in_order() {
    for qt in ["private", "shared"] {
        for s in [2 * KB, 32 * KB] {
            let o = streamed(s, qt, json!({}));
            let c3 = metric(o.clone(), "streaming.cost_views.class3_increase_pct");
            let c1 = metric(o.clone(), "streaming.cost_views.class1_increase_pct");
            let rmf = metric(o, "streaming.cost_views.rmf_increase_pct");
            assert!(c3 > c1 && c1 > rmf && rmf > 0.0, "{qt} {s}: {c3} {c1} {rmf}");
        }
    }
    let drops: Vec<f64> = [KB, 8 * KB, 64 * KB, 512 * KB]
        .iter()
        .map(|&s| metric(streamed(s, "private", json!({})), "streaming.cost_views.put_loop_rate_reduction_pct"))
        .collect();
    assert!(non_decreasing(&drops) && drops[3] < 50.0, "{drops:?}");
}

#[test]
fn persistent_copies_double_the_log_data_and_help_the_log_rate_only_while_ios_are_small() {
    let mult: Vec<f64> = [KB, 16 * KB, 256 * KB, 4096 * KB]
        .iter()
        .map(|&s| metric(persistent(s, 4), "streaming.persistent.log_data_multiplier"))
        .collect();
    assert!(non_decreasing(&mult) && mult[0] > 1.5 && mult[3] < 2.0, "{mult:?}");
    let small = metric(persistent(2 * KB, 4), "streaming.persistent.log_rate_increase_pct");
    let large = metric(persistent(2048 * KB, 4), "streaming.persistent.log_rate_increase_pct");
    assert!(small > 50.0 && large < 10.0, "{small} {large}");
    let rtt: Vec<f64> = [KB, 32 * KB, 128 * KB, 1024 * KB]
        .iter()
        .map(|&s| metric(persistent(s, 4), "streaming.persistent.round_trip_ratio"))
        .collect();
    assert!(non_decreasing(&rtt) && rtt[3] > 1.7 && rtt[3] <= 2.0, "{rtt:?}");
}

#[test]
fn more_stripes_and_a_faster_log_path_help_persistent_streaming() {
    let rates: Vec<f64> = [1, 2, 4]
        .iter()
        .map(|&st| metric(persistent(1024 * KB, st), "streaming.persistent.log_rate_streamed_mb_s"))
        .collect();
    assert!(rates.windows(2).all(|w| w[1] > w[0]), "{rates:?}");
    let mut zhpf = persistent(64 * KB, 4);
    mqpx::scenario::merge_json(&mut zhpf, &json!({"log": {"io_mode": "zhpf"}}));
    assert!(
        metric(zhpf, "streaming.persistent.round_trip_streamed_us")
            < metric(persistent(64 * KB, 4), "streaming.persistent.round_trip_streamed_us"),
        "a faster log path shortens the streamed round trip"
    );
    let non_persistent = metric(streamed(KB, "private", json!({})), "streaming.persistent.log_rate_mb_s");
    assert_eq!(non_persistent, 0.0);
}

#[test]
fn capexpry_and_expryint_give_a_saw_tooth_between_known_depths() {
    let o = |cap: u32, int: u32| {
        json!({
            "streaming": {"enabled": true, "capexpry_tenths_s": cap, "put_rate_msgs_s": 200.0,
                          "messages_put": 2_000_000, "stream_pageset_pages": 16_000_000},
            "expiry": {"expryint_s": int}
        })
    };
    let peak = metric(o(12_000, 300), "streaming.depth.peak_depth_msgs");
    let trough = metric(o(12_000, 300), "streaming.depth.trough_depth_msgs");
    assert_eq!(peak, 200.0 * (1200.0 + 300.0));
    assert_eq!(trough, 200.0 * 1200.0);
    assert_eq!(metric(o(12_000, 300), "streaming.depth.msgs_expired_per_scan"), 200.0 * 300.0);
    let peaks: Vec<f64> =
        [60, 300, 900, 3600].iter().map(|&i| metric(o(12_000, i), "streaming.depth.peak_depth_msgs")).collect();
    assert!(non_decreasing(&peaks), "{peaks:?}");
    // EXPRYINT OFF: nothing expires and every copy stays.
    assert_eq!(metric(o(12_000, 0), "streaming.depth.peak_depth_msgs"), 2_000_000.0);
}

#[test]
fn a_full_stream_page_set_stops_mustdup_puts_but_not_bestef_puts() {
    let run = |qos: &str, pages: u32| {
        json!({"workload": {"message_size_bytes": 1024},
               "streaming": {"enabled": true, "qos": qos, "messages_put": 100_000, "stream_pageset_pages": pages}})
    };
    assert_eq!(metric(run("bestef", 50_000), "streaming.depth.puts_completed"), 100_000.0);
    assert!(metric(run("bestef", 50_000), "streaming.depth.copies_lost") > 50_000.0);
    let done = metric(run("mustdup", 50_000), "streaming.depth.puts_completed");
    assert!(done < 50_000.0 && done > 45_000.0, "{done}");
    assert_eq!(metric(run("mustdup", 50_000), "streaming.depth.first_failed_put"), done + 1.0);
    // A page set big enough for the run never fills.
    assert_eq!(metric(run("mustdup", 200_000), "streaming.depth.first_failed_put"), 0.0);
    // Larger messages need more pages each, so fewer fit.
    let big = json!({"workload": {"message_size_bytes": 10_000},
                     "streaming": {"enabled": true, "qos": "mustdup", "messages_put": 100_000, "stream_pageset_pages": 50_000}});
    assert!(metric(big, "streaming.depth.puts_completed") < done / 2.0);
}

#[test]
fn a_topic_alias_with_no_subscribers_makes_no_copies() {
    let o = json!({"streaming": {"enabled": true, "target": "topic_alias", "subscribers": 0, "qos": "mustdup"}});
    assert_eq!(metric(o.clone(), "streaming.pubsub.messages_put_per_put"), 1.0);
    assert_eq!(metric(o.clone(), "streaming.depth.first_failed_put"), 0.0);
    assert_eq!(metric(o, "streaming.api.mqput_overhead_cpu_us"), 0.0);
    let copies: Vec<f64> = [1, 2, 5]
        .iter()
        .map(|&n| {
            metric(
                json!({"streaming": {"enabled": true, "target": "topic_alias", "subscribers": n}}),
                "streaming.api.mqput_streamed_cpu_us",
            )
        })
        .collect();
    assert!(non_decreasing(&copies));
}

#[test]
fn streaming_beats_pub_sub_on_put_cost_and_more_so_with_bestef() {
    let gain =
        |qos: &str| metric(json!({"streaming": {"enabled": true, "qos": qos}}), "streaming.pubsub.txn_rate_gain_pct");
    assert!(gain("bestef") > gain("mustdup") && gain("mustdup") > 0.0);
    let reductions: Vec<f64> = [2, 4, 6]
        .iter()
        .map(|&n| metric(json!({"streaming": {"subscribers": n}}), "streaming.pubsub.put_app_cost_reduction_pct"))
        .collect();
    assert!(non_decreasing(&reductions), "{reductions:?}");
}

#[test]
fn releases_before_9_3_have_no_streaming_queues() {
    let available =
        |r: &str| mqpx::model::evaluate(&mqpx::scenario::Scenario::from_overlay(&json!({"release": r})).unwrap());
    assert!(!available("9.2").streaming.available);
    assert!(available("9.3").streaming.available);
    let effective = |enabled: bool| metric(json!({"streaming": {"enabled": enabled}}), "streaming.api.put_cpu_us");
    assert!(effective(true) > effective(false));
    assert!(non_increasing(&[effective(true), effective(false)]));
}

#[test]
fn a_shared_stream_queue_is_bounded_by_its_structure() {
    let run = |structure_kb: f64| {
        json!({"workload": {"message_size_bytes": 1024, "queue_type": "shared"},
               "cf": {"structure_size_kb": structure_kb},
               "streaming": {"enabled": true, "qos": "mustdup", "messages_put": 1_000_000}})
    };
    let small = metric(run(50_000.0), "streaming.depth.capacity_msgs");
    let large = metric(run(500_000.0), "streaming.depth.capacity_msgs");
    assert!(large > 5.0 * small && small > 0.0, "{small} {large}");
    assert_eq!(metric(run(50_000.0), "streaming.depth.first_failed_put"), small + 1.0);
    assert_eq!(metric(run(50_000.0), "streaming.depth.pages_per_msg"), 0.0);
}
