//! Shape and reference checks for the `svrconn` sub-model.

use mqpx::scenario::Scenario;
use serde_json::json;

use crate::support::{metric, non_decreasing, non_increasing};

const SIZES: [u32; 9] = [0, 1024, 10_240, 32_768, 65_536, 262_144, 1_048_576, 4_194_304, 104_857_600];

fn at(release: &str, sharecnv: u32, size: u32, path: &str) -> f64 {
    metric(
        json!({"release": release, "workload": {"message_size_bytes": size},
               "connection": {"sharecnv": sharecnv, "curshcnv": sharecnv.max(1)}}),
        path,
    )
}

#[test]
fn the_31bit_footprint_never_shrinks_as_messages_grow() {
    for release in ["5.3", "9.2", "9.3", "9.4"] {
        for sc in [0, 1, 10] {
            let ys: Vec<f64> =
                SIZES.iter().map(|&s| at(release, sc, s, "connection.storage31_kb_per_channel")).collect();
            assert!(non_decreasing(&ys), "{release} SHARECNV({sc}): {ys:?}");
        }
    }
}

#[test]
fn nine_four_moves_large_message_buffers_out_of_31bit_storage() {
    for sc in [0, 1, 10] {
        let fp = |r: &str, s: u32| at(r, sc, s, "connection.storage31_kb_per_channel");
        assert_eq!(fp("9.4", 32_768), fp("9.4", 104_857_600), "9.4 levels off above 32 KB");
        for &s in &SIZES[3..] {
            assert!(fp("9.4", s) < fp("9.3", s), "SHARECNV({sc}) {s} bytes");
        }
        assert!(fp("9.3", 262_144) > fp("9.3", 32_768) + 200.0);
        assert_eq!(at("9.3", sc, 1_048_576, "connection.storage64_kb_per_channel"), 0.0);
        assert!(at("9.4", sc, 1_048_576, "connection.storage64_kb_per_channel") > 1024.0);
    }
}

#[test]
fn sharing_conversations_costs_more_per_channel_but_less_per_conversation() {
    let per = |sc: u32, path: &str| at("9.4", sc, 10_240, path);
    let chl: Vec<f64> = [0, 1, 2, 5, 10, 50].iter().map(|&c| per(c, "connection.storage31_kb_per_channel")).collect();
    let conv: Vec<f64> =
        [1, 2, 5, 10, 50].iter().map(|&c| per(c, "connection.storage31_kb_per_conversation")).collect();
    assert!(non_decreasing(&chl), "{chl:?}");
    assert!(non_increasing(&conv), "{conv:?}");
    let csa: Vec<f64> = [1, 2, 5, 10, 100].iter().map(|&c| per(c, "connection.csa_kb_per_connection")).collect();
    assert!(non_increasing(&csa) && csa[4] > per(0, "connection.csa_kb_per_connection"), "{csa:?}");
}

#[test]
fn the_64bit_buffers_follow_power_of_two_pools() {
    let s64 = |size: u32| at("9.4", 0, size, "connection.storage64_kb_per_channel");
    let sizes = [40_000u32, 60_000, 65_000, 66_000, 100_000, 500_000, 1_000_000, 1_100_000, 5_000_000];
    let ys: Vec<f64> = sizes.iter().map(|&s| s64(s)).collect();
    assert!(non_decreasing(&ys), "{ys:?}");
    for &y in &ys[..7] {
        assert_eq!(y.log2().fract(), 0.0, "pool sizes are powers of two: {y}");
    }
    assert_eq!(s64(60_000), s64(65_000));
    assert_eq!(s64(66_000), 2.0 * s64(65_000));
    // CURSHCNV(1) doubles the unshared figure; 10 conversations take 11 times it.
    let one = at("9.4", 1, 100_000, "connection.storage64_kb_per_channel");
    let ten = at("9.4", 10, 100_000, "connection.storage64_kb_per_channel");
    assert_eq!(one, 2.0 * s64(100_000));
    assert!((ten - 11.0 * s64(100_000)).abs() < 1e-9);
}

#[test]
fn capacity_falls_with_message_size_before_9_4_and_9_4_never_does_worse() {
    for sc in [0, 1, 10] {
        let cap =
            |r: &str| -> Vec<f64> { SIZES.iter().map(|&s| at(r, sc, s, "connection.max_svrconn_channels")).collect() };
        let (old, new) = (cap("9.3"), cap("9.4"));
        assert!(non_increasing(&old) && non_increasing(&new), "{old:?} {new:?}");
        assert!(new.iter().zip(&old).all(|(n, o)| n >= o));
        assert!(new.iter().chain(&old).all(|&n| (0.0..=9_999.0).contains(&n)));
        assert!(old[8] < 20.0, "100 MB messages exhaust 9.3's 31-bit storage: {old:?}");
    }
}

#[test]
fn more_free_storage_runs_more_channels_up_to_maxchl() {
    let cap = |free: f64, maxchl: u32| {
        metric(
            json!({"release": "9.3", "workload": {"message_size_bytes": 65_536},
                   "connection": {"chinit_storage_free_mb": free, "maxchl": maxchl, "sharecnv": 1, "curshcnv": 1}}),
            "connection.max_svrconn_channels",
        )
    };
    let ys: Vec<f64> = [0.0, 100.0, 500.0, 1000.0, 1900.0].iter().map(|&f| cap(f, 9999)).collect();
    assert!(non_decreasing(&ys) && ys[0] == 0.0 && ys[4] > ys[1], "{ys:?}");
    assert_eq!(cap(1900.0, 100), 100.0);
}

#[test]
fn memlimit_bounds_9_4_channels_moving_large_messages() {
    let cap = |memlimit: serde_json::Value| {
        metric(
            json!({"workload": {"message_size_bytes": 1_048_576},
                   "connection": {"sharecnv": 0, "curshcnv": 1, "memlimit_mb": memlimit}}),
            "connection.max_svrconn_channels",
        )
    };
    let unlimited = cap(serde_json::Value::Null);
    let two_gb = cap(json!(2048.0));
    assert_eq!(unlimited, 9_999.0);
    assert!(two_gb < 1100.0 && two_gb > 0.0, "{two_gb}");
    let out = mqpx::calculators::run(
        "svrconn_capacity",
        &json!({"chinit_storage_used_mb": 56, "chinit_storage_free_mb": 1445, "release": "9.4",
                "sharecnv": 0, "message_size_bytes": 1_048_576, "memlimit_mb": 2048}),
    )
    .unwrap();
    assert_eq!(out["limited_by"], "64-bit storage");
    assert_eq!(out["max_channels"].as_f64().unwrap(), two_gb);
}

#[test]
fn the_capacity_calculator_names_its_binding_limit() {
    let run = |release: &str, size: u32| {
        mqpx::calculators::run(
            "svrconn_capacity",
            &json!({"chinit_storage_used_mb": 56, "chinit_storage_free_mb": 1445, "release": release,
                    "sharecnv": 10, "message_size_bytes": size}),
        )
        .unwrap()
    };
    assert_eq!(run("9.3", 262_144)["limited_by"], "31-bit storage");
    let small = mqpx::calculators::run(
        "svrconn_capacity",
        &json!({"chinit_storage_used_mb": 56, "chinit_storage_free_mb": 1445, "sharecnv": 0, "message_size_bytes": 1024}),
    )
    .unwrap();
    assert_eq!(small["limited_by"], "MAXCHL");
    let bad = mqpx::calculators::run(
        "svrconn_capacity",
        &json!({"chinit_storage_used_mb": 1500, "chinit_storage_free_mb": 1000, "message_size_bytes": 1024}),
    )
    .unwrap_err();
    assert_eq!(bad.errors[0].field, "chinit_storage_free_mb");
}

#[test]
fn more_clients_fill_more_storage() {
    let at_clients =
        |n: u32, path: &str| metric(json!({"connection": {"clients": n, "sharecnv": 10, "curshcnv": 10}}), path);
    let counts = [0, 10, 1000, 20_000, 1_000_000];
    for path in [
        "connection.svrconn_channels",
        "connection.chinit_storage_utilisation_pct",
        "connection.csa_total_mb",
        "connection.qmgr_storage_total_mb",
    ] {
        let ys: Vec<f64> = counts.iter().map(|&n| at_clients(n, path)).collect();
        assert!(non_decreasing(&ys), "{path}: {ys:?}");
    }
    assert_eq!(at_clients(25, "connection.svrconn_channels"), 3.0);
}

#[test]
fn shared_queue_connections_hold_more_queue_manager_storage() {
    let q = |t: &str| {
        metric(
            json!({"workload": {"queue_type": t}, "connection": {"sharecnv": 1, "curshcnv": 1}}),
            "connection.qmgr_storage_kb_per_connection",
        )
    };
    assert!(q("shared") > q("private"));
}

#[test]
fn more_conversations_than_sharecnv_allows_is_an_error() {
    let e = Scenario::from_json(r#"{"connection": {"sharecnv": 5, "curshcnv": 6}}"#).unwrap_err();
    assert_eq!((e.errors[0].field.as_str(), e.errors[0].value.as_str()), ("connection.curshcnv", "6"));
    assert!(e.errors[0].allowed.contains("5"), "{}", e.errors[0].allowed);
    let e = Scenario::from_json(r#"{"connection": {"chinit_storage_used_mb": 1000, "chinit_storage_free_mb": 1500}}"#)
        .unwrap_err();
    assert_eq!(e.errors[0].field, "connection.chinit_storage_free_mb");
}

#[test]
fn mca_channels_hold_storage_in_proportion_to_their_messages() {
    let fp: Vec<f64> = SIZES.iter().map(|&s| at("9.4", 0, s, "connection.mca_storage31_kb_per_channel")).collect();
    let max: Vec<f64> = SIZES.iter().map(|&s| at("9.4", 0, s, "connection.max_mca_channels")).collect();
    assert!(non_decreasing(&fp) && non_increasing(&max), "{fp:?} {max:?}");
    assert!(fp[0] > 0.0);
}

#[test]
fn the_9_4_gain_is_largest_where_9_3_buffers_hurt_most() {
    let gain = |sc: u32, size: u32| at("9.4", sc, size, "connection.capacity_gain_9_4_over_9_3_pct");
    let sizes = [1024, 32_768, 262_144, 1_048_576];
    for sc in [0, 1, 10] {
        let ys: Vec<f64> = sizes.iter().map(|&s| gain(sc, s)).collect();
        assert!(non_decreasing(&ys), "SHARECNV({sc}): {ys:?}");
        assert!(ys[0] < 10.0 && ys[2] > 50.0, "SHARECNV({sc}): {ys:?}");
    }
    // The figure compares releases, so it does not depend on the scenario's own release.
    assert_eq!(gain(1, 262_144), at("9.2", 1, 262_144, "connection.capacity_gain_9_4_over_9_3_pct"));
}

#[test]
fn storage_reference_points_hold_on_their_own() {
    let sets: Vec<_> =
        crate::support::reference_sets().into_iter().filter(|s| s.topic == "svrconn" || s.topic == "csa").collect();
    assert_eq!(sets.len(), 2);
    let report = mqpx::fidelity::run(&sets);
    for p in &report.points {
        assert!(p.pass, "{} published {} model {:?}", p.id, p.published, p.model);
    }
}
