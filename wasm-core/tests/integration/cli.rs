//! The `mqpx` command line: what a person running it sees, including when they get it wrong.

use std::process::{Command, Output};

fn mqpx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mqpx")).args(args).output().expect("mqpx runs")
}

fn scenario_file(name: &str, json: &str) -> String {
    let path = std::env::temp_dir().join(format!("mqpx-cli-{}-{name}.json", std::process::id()));
    std::fs::write(&path, json).unwrap();
    path.to_string_lossy().into_owned()
}

fn stdout_json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

#[test]
fn eval_prints_every_metrics_section_as_json() {
    let file = scenario_file("eval", r#"{"workload": {"persistence": "persistent"}}"#);
    let m = stdout_json(&mqpx(&["eval", &file, "--json"]));
    for section in ["log", "commit", "request_reply", "cf", "channel", "connection", "streaming"] {
        assert!(m.get(section).is_some_and(|s| s.is_object()), "no {section} section");
    }
    assert!(m["log"]["log_bytes_per_message"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // `mqpx sweep ... | head`: far more output than a pipe holds, and the reader gone after its
    // first bytes. The write fails with a broken pipe, which is no error of the user's.
    use std::io::Read;
    let file = scenario_file("early-reader", r#"{"workload": {"persistence": "persistent"}}"#);
    let mut child = Command::new(env!("CARGO_BIN_EXE_mqpx"))
        .args(["sweep", &file, "--param", "workload.message_size_bytes", "--log-range", "1000:4000000:3000"])
        .args(["--metric", "request_reply.transactions_s", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("mqpx runs");
    let mut first = [0u8; 64];
    child.stdout.take().expect("piped").read_exact(&mut first).expect("some output");
    let out = child.wait_with_output().expect("mqpx ends");
    assert!(out.status.success(), "{:?}: {}", out.status, String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn sweep_gives_one_point_per_value_and_log_ranges_span_their_ends() {
    let file = scenario_file("sweep", r#"{"workload": {"persistence": "persistent"}}"#);
    let out = stdout_json(&mqpx(&[
        "sweep",
        &file,
        "--param",
        "workload.message_size_bytes",
        "--values",
        "1024,2048,4096",
        "--metric",
        "log.log_bytes_per_message",
        "--json",
    ]));
    let ys: Vec<f64> = out["points"].as_array().unwrap().iter().map(|p| p["y"].as_f64().unwrap()).collect();
    assert_eq!(ys.len(), 3);
    assert!(ys[0] < ys[1] && ys[1] < ys[2]);
    let out = stdout_json(&mqpx(&[
        "sweep",
        &file,
        "--param",
        "workload.message_size_bytes",
        "--log-range",
        "1000:100000:5",
        "--metric",
        "log.log_bytes_per_message",
        "--json",
    ]));
    let xs: Vec<f64> = out["points"].as_array().unwrap().iter().map(|p| p["x"].as_f64().unwrap()).collect();
    assert_eq!(xs.len(), 5);
    assert!((xs[0] - 1000.0).abs() < 1e-6 && (xs[4] - 100_000.0).abs() < 1e-3);
}

#[test]
fn a_bad_scenario_names_the_file_and_the_field_and_fails() {
    let file = scenario_file("bad", r#"{"log": {"stripes": 12}}"#);
    let out = mqpx(&["eval", &file]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&file) && err.contains("log.stripes") && err.contains("12"), "{err}");
}

#[test]
fn a_missing_file_and_a_bad_flag_are_explained() {
    let out = mqpx(&["eval", "/no/such/scenario.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /no/such/scenario.json"));
    let out = mqpx(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown command `frobnicate`"));
}

#[test]
fn fidelity_json_has_the_documented_shape() {
    let report = stdout_json(&mqpx(&["fidelity", "--json"]));
    let points = report["points"].as_array().unwrap();
    assert!(!points.is_empty());
    for key in ["id", "topic", "role", "published", "model", "error_pct", "pass"] {
        assert!(points[0].get(key).is_some(), "point lacks {key}");
    }
    assert!(report["summary"]["by_topic"].is_object() && report["summary"]["by_role"].is_object());
}

#[test]
fn calculators_run_by_name_from_the_command_line() {
    let file = scenario_file("calc", r#"{"message_size_bytes": 2048, "messages_per_s": 500}"#);
    let out = stdout_json(&mqpx(&["calc", "log_volume", &file, "--json"]));
    assert!(out["archive_gb_per_day"].as_f64().unwrap() > 0.0);
}

#[test]
fn consistency_ranks_random_scenarios_by_their_departure_from_the_model() {
    let report = stdout_json(&mqpx(&["consistency", "--scenarios", "3", "--seed", "11", "--json"]));
    let judged = report["judged"].as_array().expect("a list of judged scenarios");
    let left_out = report["left_out_as_too_slow"].as_u64().unwrap() as usize;
    assert_eq!(judged.len() + left_out, 3);
    for d in judged {
        assert!(d["scenario"]["workload"].is_object() && d["simulated_transactions_per_s"].as_f64().unwrap() > 0.0);
    }
    // The breakdown counts every judged scenario once in each dimension.
    let rates = report["breakdown"].as_array().expect("a breakdown");
    let in_workloads: u64 =
        rates.iter().filter(|r| r["dimension"] == "workload").map(|r| r["judged"].as_u64().unwrap()).sum();
    assert_eq!(in_workloads as usize, judged.len(), "{rates:?}");
    let table = mqpx(&["consistency", "--scenarios", "2", "--show", "1"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("beyond 10% of the model") && !text.contains("one dimension at a time"), "{text}");
    let split = mqpx(&["consistency", "--scenarios", "2", "--show", "0", "--breakdown", "--family", "cpus=2"]);
    let text = String::from_utf8_lossy(&split.stdout);
    assert!(text.contains("one dimension at a time") && text.contains("lpar processors   2 "), "{text}");
    assert!(text.contains("workload") && text.contains("message size"), "{text}");
    let family = mqpx(&["consistency", "--scenarios", "2", "--family", "shared,qmgrs=2,batch", "--json"]);
    let kept = stdout_json(&family)["judged"].as_array().expect("a list of judged scenarios").clone();
    assert!(!kept.is_empty(), "seed 7 judges both of the family's scenarios");
    for d in &kept {
        let w = &d["scenario"]["workload"];
        assert_eq!((w["kind"].as_str(), w["queue_type"].as_str()), (Some("batch_put"), Some("shared")), "{w}");
        assert_eq!(w["queue_managers"].as_u64(), Some(2), "{w}");
    }
    let unknown = mqpx(&["consistency", "--family", "shared,zhyperlinc"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown family word `zhyperlinc`"));
    let wrong = mqpx(&["consistency", "--scenarios", "many"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("--scenarios takes a whole number"));
}

#[test]
fn check_sets_one_scenarios_simulated_steady_state_against_the_model() {
    let file = scenario_file("check", r#"{"workload": {"persistence": "persistent"}}"#);
    let report = stdout_json(&mqpx(&["check", &file, "--json"]));
    assert_eq!(report["status"], "judged");
    let eval = stdout_json(&mqpx(&["eval", &file, "--json"]));
    assert_eq!(report["transactions_per_s"]["model"], eval["request_reply"]["transactions_s"]);
    assert_eq!(report["log_rate_mb_s"]["model"], eval["commit"]["log_rate_mb_s"]);
    let agrees = report["agrees"].as_bool().unwrap();
    assert_eq!(agrees, report["largest_departure_pct"].as_f64().unwrap() <= report["limit_pct"].as_f64().unwrap());

    let text = mqpx(&["check", &file]);
    let text = String::from_utf8_lossy(&text.stdout);
    for row in ["transactions/s", "round trip us", "log MB/s"] {
        assert!(text.contains(row), "{text}");
    }
    assert!(text.contains(if agrees { "agrees within 10%" } else { "beyond the 10%" }), "{text}");

    let channel = scenario_file("check-channel", r#"{"workload": {"kind": "channel_move", "queue_managers": 2}}"#);
    let out = mqpx(&["check", &channel]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("not judged: the check covers"));
}
