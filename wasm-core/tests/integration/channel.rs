//! Shape and reference checks for the `channel` sub-model.

use mqpx::scenario::Scenario;
use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

fn batch_at(rate: f64, batch_size: u32) -> f64 {
    metric(json!({"channel": {"message_rate_msgs_s": rate, "batch_size": batch_size}}), "channel.achieved_batch_size")
}

#[test]
fn achieved_batch_grows_from_one_to_batchsz_with_the_arrival_rate() {
    let rates = [0.0, 1.0, 30.0, 300.0, 3_000.0, 30_000.0, 300_000.0, 3_000_000.0];
    let batches: Vec<f64> = rates.iter().map(|&r| batch_at(r, 50)).collect();
    assert!(non_decreasing(&batches), "{batches:?}");
    assert!(batches[0] == 1.0 && batches[2] < 1.1, "{batches:?}");
    assert!((batches[7] - 50.0).abs() < 0.5, "a saturated channel fills its batches: {batches:?}");
    assert!(batches.iter().all(|&n| n <= 50.0));
}

#[test]
fn batchsz_caps_the_batch_and_batchsz_1_sends_one_message_per_batch() {
    let sizes = [1, 2, 5, 20, 50, 200, 1000];
    let at_high_rate: Vec<f64> = sizes.iter().map(|&b| batch_at(200_000.0, b)).collect();
    assert!(non_decreasing(&at_high_rate), "{at_high_rate:?}");
    assert_eq!(at_high_rate[0], 1.0);
}

#[test]
fn batch_interval_holds_batches_open_for_more_messages() {
    let n = |ms: f64| {
        metric(
            json!({"channel": {"message_rate_msgs_s": 200.0, "batch_interval_ms": ms}}),
            "channel.achieved_batch_size",
        )
    };
    let ys: Vec<f64> = [0.0, 10.0, 50.0, 100.0, 1000.0].iter().map(|&ms| n(ms)).collect();
    assert!(non_decreasing(&ys) && ys[4] > 40.0 && ys[0] < 1.2, "{ys:?}");
}

#[test]
fn receive_timeout_costs_once_per_batch_so_its_share_falls_as_batches_fill() {
    let pct = |rate: f64| {
        metric(
            json!({"system": {"processor": "z900"}, "channel": {"message_rate_msgs_s": rate, "receive_timeout": true}}),
            "channel.receive_timeout_overhead_pct",
        )
    };
    let ys: Vec<f64> = [1.0, 100.0, 1000.0, 5000.0, 50_000.0].iter().map(|&r| pct(r)).collect();
    assert!(non_increasing(&ys), "{ys:?}");
    assert!(ys[0] > 10.0 && ys[4] < 1.0, "{ys:?}");
    let off = metric(json!({"channel": {"receive_timeout": false}}), "channel.receive_timeout_cpu_us_per_msg");
    assert_eq!(off, 0.0);
}

#[test]
fn tls_cost_rises_linearly_with_message_size_and_hardware_helps_triple_des() {
    let cost = |cipher: &str, hw: bool, size: u32| {
        metric(
            json!({"workload": {"message_size_bytes": size},
                   "channel": {"cipher": cipher, "crypto_hardware": hw}}),
            "channel.tls_sender_cpu_us_per_msg",
        )
    };
    let sizes = [0, 1024, 10_240, 102_400, 1_048_576];
    for cipher in ["NULL_MD5", "RC4_MD5_EXPORT", "TRIPLE_DES_SHA_US"] {
        let ys: Vec<f64> = sizes.iter().map(|&s| cost(cipher, true, s)).collect();
        assert!(non_decreasing(&ys), "{cipher}: {ys:?}");
        // Linear: equal steps in size give equal steps in cost.
        let a = cost(cipher, true, 20_480) - cost(cipher, true, 10_240);
        let b = cost(cipher, true, 30_720) - cost(cipher, true, 20_480);
        assert!((a - b).abs() < 1e-9 * a.abs().max(1.0), "{cipher}");
    }
    assert!(cost("TRIPLE_DES_SHA_US", false, 10_240) > 3.0 * cost("TRIPLE_DES_SHA_US", true, 10_240));
    assert_eq!(cost("none", true, 10_240), 0.0);
    assert!(cost("TRIPLE_DES_SHA_US", true, 10_240) > cost("NULL_MD5", true, 10_240));
}

#[test]
fn the_tls_calculator_agrees_with_the_scenario_on_the_same_processor() {
    let out = mqpx::calculators::run(
        "tls_cpu_per_message",
        &json!({"cipher": "RC4_MD5_EXPORT", "message_size_bytes": 8192, "processor": "z16"}),
    )
    .unwrap();
    let calc_ms = out["sender_cpu_ms"].as_f64().unwrap();
    let scen_us = metric(
        json!({"workload": {"message_size_bytes": 8192}, "channel": {"cipher": "RC4_MD5_EXPORT"}}),
        "channel.tls_sender_cpu_us_per_msg",
    );
    assert!((calc_ms * 1000.0 - scen_us).abs() < 1e-9);
    let bad = mqpx::calculators::run("tls_cpu_per_message", &json!({"cipher": "RC4", "message_size_bytes": 1}));
    assert!(bad.is_err());
}

#[test]
fn compression_shrinks_what_is_sent_and_encrypted() {
    let at = |pct: f64, path: &str| {
        metric(
            json!({"workload": {"message_size_bytes": 32768},
                   "channel": {"compression": "zlibfast", "compressible_pct": pct, "cipher": "RC4_MD5_EXPORT"}}),
            path,
        )
    };
    let pcts = [0.0, 20.0, 50.0, 80.0, 95.0];
    let sent: Vec<f64> = pcts.iter().map(|&p| at(p, "channel.network_bytes_per_msg")).collect();
    let tls: Vec<f64> = pcts.iter().map(|&p| at(p, "channel.tls_sender_cpu_us_per_msg")).collect();
    assert!(non_increasing(&sent) && sent[0] == 32768.0, "{sent:?}");
    assert!(non_increasing(&tls) && tls[4] < tls[0], "{tls:?}");
}

#[test]
fn software_compression_costs_more_cpu_than_zedc() {
    let cpu = |compression: &str, zedc: bool| {
        metric(
            json!({"workload": {"message_size_bytes": 32768},
                   "channel": {"compression": compression, "zedc": zedc}}),
            "channel.compression_sender_cpu_us_per_msg",
        )
    };
    assert!(cpu("zlibhigh", true) > cpu("zlibfast", false));
    assert!(cpu("zlibfast", false) > cpu("zlibfast", true));
    assert_eq!(cpu("none", true), 0.0);
}

#[test]
fn ssl_channels_fall_with_message_size_and_grow_with_epvt() {
    let max = |size: u32, epvt: f64| {
        metric(
            json!({"workload": {"message_size_bytes": size}, "channel": {"epvt_kb": epvt}}),
            "channel.max_ssl_channels",
        )
    };
    let sizes = [1024, 32_768, 32_769, 65_536, 1_048_576, 104_857_600];
    let ys: Vec<f64> = sizes.iter().map(|&s| max(s, 1_600_000.0)).collect();
    assert!(non_increasing(&ys), "{ys:?}");
    assert!(ys[1] > ys[2], "messages over 32 KB add their length to each channel's EPVT use");
    assert!(max(4_096_000, 800_000.0) < max(4_096_000, 1_600_000.0));
}

#[test]
fn more_cluster_destinations_spread_the_rate_and_shrink_batches() {
    let at = |dest: u32, path: &str| {
        metric(
            json!({"channel": {"cluster_binding": "bind_not_fixed", "cluster_destinations": dest,
                               "message_rate_msgs_s": 20_000.0}}),
            path,
        )
    };
    let dests = [1, 2, 4, 7, 20];
    let rate: Vec<f64> = dests.iter().map(|&d| at(d, "channel.channel_rate_msgs_s")).collect();
    let batch: Vec<f64> = dests.iter().map(|&d| at(d, "channel.achieved_batch_size")).collect();
    let choice: Vec<f64> = dests.iter().map(|&d| at(d, "channel.cluster_choice_cpu_us_per_msg")).collect();
    assert!(non_increasing(&rate) && non_increasing(&batch) && non_decreasing(&choice));
    assert!(batch[0] > batch[4]);
}

#[test]
fn bind_on_open_chooses_once_per_open() {
    let choice = |binding: &str, puts: u32| {
        metric(
            json!({"channel": {"cluster_binding": binding, "cluster_destinations": 7, "puts_per_open": puts}}),
            "channel.cluster_choice_cpu_us_per_msg",
        )
    };
    assert_eq!(choice("bind_on_open", 1), choice("bind_not_fixed", 1));
    assert!(choice("bind_on_open", 10) < choice("bind_not_fixed", 10) / 5.0);
    assert_eq!(choice("none", 1), 0.0);
}

#[test]
fn the_2003_processor_costs_more_cpu_per_message() {
    let cpu = |p: &str| metric(json!({"system": {"processor": p}}), "channel.sender_cpu_us_per_msg");
    assert!(cpu("z900") > 5.0 * cpu("z16"));
}

#[test]
fn bad_channel_settings_are_named() {
    let e = Scenario::from_json(r#"{"channel": {"batch_size": 0, "compressible_pct": 120}}"#).unwrap_err();
    let fields: Vec<_> = e.errors.iter().map(|f| f.field.as_str()).collect();
    assert!(fields.contains(&"channel.batch_size") && fields.contains(&"channel.compressible_pct"), "{fields:?}");
    let e = Scenario::from_json(r#"{"channel": {"cipher": "NULL_MD5", "ssl_tasks": 0}}"#).unwrap_err();
    assert_eq!(e.errors[0].field, "channel.ssl_tasks");
}

#[test]
fn extreme_channel_inputs_stay_finite() {
    for overlay in [
        json!({"channel": {"message_rate_msgs_s": 10_000_000.0, "network_bandwidth_mb_s": 0.1}}),
        json!({"workload": {"message_size_bytes": 104_857_600}, "channel": {"cipher": "TRIPLE_DES_SHA_US",
               "crypto_hardware": false, "compression": "zlibhigh", "batch_size": 9999, "batch_interval_ms": 1.0e8}}),
        json!({"workload": {"message_size_bytes": 0}, "channel": {"message_rate_msgs_s": 0.0}}),
    ] {
        let m = crate::support::eval(overlay.clone()).to_value();
        for (k, v) in m["channel"].as_object().unwrap() {
            assert!(v.as_f64().is_some_and(f64::is_finite), "{k} = {v} for {overlay}");
        }
    }
}

#[test]
fn persistent_batches_wait_for_forced_log_writes_so_they_fill_sooner() {
    let at = |persistence: &str, rate: f64, path: &str| {
        metric(
            json!({"workload": {"persistence": persistence, "message_size_bytes": 10_240},
                   "channel": {"message_rate_msgs_s": rate}}),
            path,
        )
    };
    assert_eq!(at("non_persistent", 1000.0, "channel.batch_log_write_ms"), 0.0);
    assert!(at("persistent", 1000.0, "channel.batch_log_write_ms") > 0.0);
    for rate in [100.0, 1000.0, 5000.0] {
        assert!(
            at("persistent", rate, "channel.achieved_batch_size")
                > at("non_persistent", rate, "channel.achieved_batch_size")
        );
    }
    assert!(at("persistent", 1.0, "channel.max_rate_msgs_s") < at("non_persistent", 1.0, "channel.max_rate_msgs_s"));
    let batches: Vec<f64> = [10.0, 100.0, 1000.0, 5000.0, 50_000.0]
        .iter()
        .map(|&r| at("persistent", r, "channel.achieved_batch_size"))
        .collect();
    assert!(non_decreasing(&batches), "{batches:?}");
}

#[test]
fn channel_and_tls_reference_points_hold_on_their_own() {
    use mqpx::reference::{PointKind, Role};
    let sets: Vec<_> =
        crate::support::reference_sets().into_iter().filter(|s| s.topic == "channel" || s.topic == "ssl").collect();
    assert_eq!(sets.len(), 2);
    let report = mqpx::fidelity::run(&sets);
    for p in report.points.iter().filter(|p| p.role == Role::Calibration || p.kind == PointKind::Stated) {
        assert!(p.pass, "{} published {} model {:?}", p.id, p.published, p.model);
    }
    let v = report.summary.validation_within_20_pct;
    assert!(v.pass_rate() >= 0.85, "{}/{} validation points within 20%", v.passed, v.points);
}

#[test]
fn bigger_messages_move_fewer_messages_but_more_data() {
    let at = |size: u32, path: &str| {
        metric(
            json!({"workload": {"message_size_bytes": size, "persistence": "persistent"},
                   "channel": {"batch_size": 200}}),
            path,
        )
    };
    let sizes = [1024, 10_240, 102_400, 1_048_576, 10_485_760];
    let rate: Vec<f64> = sizes.iter().map(|&s| at(s, "channel.max_rate_msgs_s")).collect();
    let mb: Vec<f64> = sizes.iter().map(|&s| at(s, "channel.max_throughput_mb_s")).collect();
    assert!(non_increasing(&rate), "{rate:?}");
    assert!(non_decreasing(&mb), "{mb:?}");
    assert!(mb[4] < 1250.0, "a channel cannot beat its network: {mb:?}");
}
