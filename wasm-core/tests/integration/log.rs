//! Shape and reference checks for the `log` sub-model.

use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

fn large(io_mode: &str, copies: u32, stripes: u32, busy: f64) -> serde_json::Value {
    json!({
        "workload": {"kind": "log_upper_bound", "persistence": "persistent", "message_size_bytes": 4_194_304},
        "log": {"io_mode": io_mode, "copies": copies, "stripes": stripes, "other_channel_busy_pct": busy}
    })
}

fn sized(io_mode: &str, size: u32) -> serde_json::Value {
    json!({
        "workload": {"persistence": "persistent", "message_size_bytes": size},
        "log": {"io_mode": io_mode, "copies": 1, "stripes": 1}
    })
}

#[test]
fn write_time_grows_with_message_size_on_every_path() {
    for mode in ["ficon", "zhpf", "zhyperlink"] {
        let times: Vec<f64> = [0u32, 1000, 4000, 16_000, 64_000, 200_000, 500_000]
            .iter()
            .map(|&s| metric(sized(mode, s), "log.io_time_us"))
            .collect();
        assert!(non_decreasing(&times), "{mode}: {times:?}");
        assert!(times[0] > 0.0);
    }
}

#[test]
fn pages_per_io_stop_at_the_media_manager_cap() {
    let pages: Vec<f64> =
        [1000u32, 100_000, 600_000, 4_194_304].iter().map(|&s| metric(sized("zhpf", s), "log.pages_per_io")).collect();
    assert!(non_decreasing(&pages));
    assert_eq!(pages[3], 128.0);
    assert!(metric(sized("zhpf", 4_194_304), "log.ios_per_message") > 8.0);
}

#[test]
fn zhyperlink_is_fastest_then_zhpf_then_ficon_for_small_writes() {
    let t = |m| metric(sized(m, 2048), "log.io_time_us");
    assert!(t("zhyperlink") < t("zhpf") && t("zhpf") < t("ficon"));
}

#[test]
fn striping_raises_the_asynchronous_upper_bound() {
    let rates: Vec<f64> = (1..=4).map(|s| metric(large("zhpf", 1, s, 2.0), "log.max_log_rate_mb_s")).collect();
    assert!(non_decreasing(&rates), "{rates:?}");
    assert!(rates[3] > 2.0 * rates[0]);
}

#[test]
fn dual_copies_cost_some_throughput() {
    for mode in ["zhpf", "zhyperlink"] {
        let single = metric(large(mode, 1, 4, 2.0), "log.max_log_rate_mb_s");
        let dual = metric(large(mode, 2, 4, 2.0), "log.max_log_rate_mb_s");
        assert!(dual < single, "{mode}: {dual} vs {single}");
    }
}

#[test]
fn busy_channel_paths_hurt_asynchronous_io_far_more_than_zhyperlink() {
    let loads = [0.0, 20.0, 50.0, 80.0, 94.0];
    let zhpf: Vec<f64> = loads.iter().map(|&b| metric(large("zhpf", 2, 1, b), "log.max_log_rate_mb_s")).collect();
    let zhl: Vec<f64> = loads.iter().map(|&b| metric(large("zhyperlink", 2, 1, b), "log.max_log_rate_mb_s")).collect();
    assert!(non_increasing(&zhpf) && non_increasing(&zhl));
    let zhpf_loss = 1.0 - zhpf[4] / zhpf[0];
    let zhl_loss = 1.0 - zhl[4] / zhl[0];
    assert!(zhpf_loss > 2.0 * zhl_loss, "{zhpf_loss} vs {zhl_loss}");
}

#[test]
fn a_longer_cable_slows_zhyperlink_writes() {
    let times: Vec<f64> = [0.0, 30.0, 40.0, 100.0, 150.0]
        .iter()
        .map(|&m| {
            metric(
                json!({"workload": {"persistence": "persistent", "message_size_bytes": 60_000},
                       "log": {"io_mode": "zhyperlink", "zhyperlink_cable_length_m": m}}),
                "log.io_time_us",
            )
        })
        .collect();
    assert!(non_decreasing(&times) && times[4] > times[0], "{times:?}");
}

#[test]
fn fewer_pfids_push_large_writes_to_asynchronous_io() {
    let sync: Vec<f64> = [2u32, 4, 8, 16, 32]
        .iter()
        .map(|&n| {
            let mut s = large("zhyperlink", 2, 4, 2.0);
            s["log"]["zhyperlink_pfids"] = json!(n);
            metric(s, "log.sync_io_pct")
        })
        .collect();
    assert!(non_decreasing(&sync), "{sync:?}");
    assert!(sync[0] < 50.0 && sync[4] > 95.0, "{sync:?}");
}

#[test]
fn too_many_write_sessions_turn_zhyperlink_off() {
    let mut s = large("zhyperlink", 2, 4, 2.0);
    s["log"]["other_write_sessions"] = json!(60);
    assert_eq!(metric(s.clone(), "log.sync_io_pct"), 0.0);
    assert_eq!(metric(s, "log.spin_cpu_us_per_io"), 0.0);
    let ok = large("zhyperlink", 2, 4, 2.0);
    assert!(metric(ok, "log.sync_io_pct") > 90.0);
}

#[test]
fn spinning_makes_zhyperlink_logging_dearer_per_mb() {
    let ratio = metric(large("zhyperlink", 1, 1, 2.0), "log.logger_cpu_vs_async_ratio");
    assert!(ratio > 2.0);
    assert_eq!(metric(large("zhpf", 1, 1, 2.0), "log.logger_cpu_vs_async_ratio"), 1.0);
}

#[test]
fn unformatted_log_data_sets_are_slower() {
    let mut s = sized("ficon", 2048);
    let formatted = metric(s.clone(), "log.io_time_us");
    s["log"]["preformatted"] = json!(false);
    assert!(metric(s, "log.io_time_us") > formatted);
}

#[test]
fn metro_mirror_doubles_write_sessions() {
    let mut s = large("zhyperlink", 2, 4, 2.0);
    assert_eq!(metric(s.clone(), "log.write_sessions"), 8.0);
    s["log"]["metro_mirror"] = json!(true);
    assert_eq!(metric(s, "log.write_sessions"), 16.0);
}

#[test]
fn the_public_write_time_matches_the_metrics_and_rises_with_load() {
    let s = mqpx::scenario::Scenario::from_overlay(&json!({"log": {"io_mode": "zhyperlink", "zhyperlink_pfids": 2}}))
        .unwrap();
    let light = mqpx::model::log::write_time_at_rate_us(&s, 8192.0, 100.0);
    let saturated = mqpx::model::log::write_time_us(&s, 8192.0);
    assert!(light > 0.0 && light <= saturated, "{light} vs {saturated}");
    let times: Vec<f64> =
        [4096.0, 65_536.0, 524_288.0, 2_097_152.0].iter().map(|&b| mqpx::model::log::write_time_us(&s, b)).collect();
    assert!(non_decreasing(&times), "{times:?}");
    assert!(mqpx::model::log::max_log_rate_mb_s(&s) > 0.0);
}

#[test]
fn the_sessions_calculator_flags_the_limits() {
    let out = mqpx::calculators::run(
        "zhyperlink_sessions",
        &json!({"copies": 2, "stripes": 4, "metro_mirror": true, "other_write_sessions": 58, "pfids": 4,
                "sync_writes_per_s": 20000.0, "sync_response_us": 100.0}),
    )
    .unwrap();
    assert_eq!(out["write_sessions"], json!(16));
    assert_eq!(out["within_session_limit"], json!(false));
    assert_eq!(out["within_utilisation_guideline"], json!(false));
    let bad = mqpx::calculators::run(
        "zhyperlink_sessions",
        &json!({"copies": 3, "stripes": 1, "pfids": 1,
        "sync_writes_per_s": 1.0, "sync_response_us": 1.0}),
    );
    assert!(bad.unwrap_err().to_string().contains("copies"));
}
