//! The one validation point: what a bad scenario is told, and that a good one never yields
//! NaN, infinity or a panic anywhere in the input space.

use mqpx::scenario::Scenario;
use proptest::prelude::*;
use serde_json::{Value, json};

fn first_error(text: &str) -> (String, String, String) {
    let e = Scenario::from_json(text).expect_err("the document should be rejected");
    let f = &e.errors[0];
    (f.field.clone(), f.value.clone(), f.allowed.clone())
}

#[test]
fn the_default_scenario_round_trips() {
    let text = serde_json::to_string(&Scenario::default()).unwrap();
    assert_eq!(Scenario::from_json(&text).unwrap(), Scenario::default());
    assert_eq!(Scenario::from_json("{}").unwrap(), Scenario::default());
}

#[test]
fn an_unknown_field_is_named_with_its_path() {
    let (field, _, allowed) = first_error(r#"{"log": {"stripez": 2}}"#);
    assert_eq!(field, "log.stripez");
    assert!(allowed.contains("unknown field `stripez`"), "{allowed}");
}

#[test]
fn a_wrong_type_is_named_with_its_path() {
    let (field, _, allowed) = first_error(r#"{"log": {"stripes": "four"}}"#);
    assert_eq!(field, "log.stripes");
    assert!(allowed.contains("invalid type"), "{allowed}");
}

#[test]
fn an_out_of_range_value_names_field_value_and_range() {
    let (field, value, allowed) = first_error(r#"{"log": {"stripes": 7}}"#);
    assert_eq!((field.as_str(), value.as_str()), ("log.stripes", "7"));
    assert!(allowed.contains("1 to 4"), "{allowed}");
}

#[test]
fn zhyperlink_without_pfids_is_inconsistent() {
    let (field, value, allowed) = first_error(r#"{"log": {"io_mode": "zhyperlink", "zhyperlink_pfids": 0}}"#);
    assert_eq!((field.as_str(), value.as_str()), ("log.zhyperlink_pfids", "0"));
    assert!(allowed.contains("zhyperlink"), "{allowed}");
}

#[test]
fn a_queue_pair_in_use_without_a_server_is_inconsistent() {
    let (field, value, allowed) = first_error(r#"{"workload": {"requesters": 8, "servers": 2, "queue_pairs": 4}}"#);
    assert_eq!((field.as_str(), value.as_str()), ("workload.servers", "2"));
    assert!(allowed.contains("at least 4"), "{allowed}");
    // Pairs beyond the requesters are not in use; other workloads have no servers.
    assert!(Scenario::from_json(r#"{"workload": {"requesters": 2, "servers": 2, "queue_pairs": 4}}"#).is_ok());
    let log_test = r#"{"workload": {"kind": "log_upper_bound", "requesters": 3, "servers": 1, "queue_pairs": 3}}"#;
    assert!(Scenario::from_json(log_test).is_ok());
}

#[test]
fn every_problem_is_reported_at_once() {
    let e = Scenario::from_json(r#"{"log": {"stripes": 0, "copies": 3}, "workload": {"requesters": 0}}"#).unwrap_err();
    let fields: Vec<_> = e.errors.iter().map(|f| f.field.as_str()).collect();
    assert!(
        fields.contains(&"log.stripes") && fields.contains(&"log.copies") && fields.contains(&"workload.requesters")
    );
}

#[test]
fn a_syntax_error_gives_line_and_column() {
    let (field, _, allowed) = first_error("{\n  \"log\": {\"stripes\": 2,,}\n}");
    assert_eq!(field, "(document)");
    assert!(allowed.contains("line 2"), "{allowed}");
}

#[test]
fn an_unsupported_schema_version_is_refused() {
    let (field, value, _) = first_error(r#"{"schema_version": 2}"#);
    assert_eq!((field.as_str(), value.as_str()), ("schema_version", "2"));
}

/// Every numeric leaf of the default scenario, by dotted path.
fn numeric_paths(v: &Value, prefix: &str, out: &mut Vec<String>) {
    if let Value::Object(map) = v {
        for (k, child) in map {
            let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
            if child.is_number() && path != "schema_version" {
                out.push(path);
            } else {
                numeric_paths(child, &path, out);
            }
        }
    }
}

/// Every string-enum leaf with the variants its schema allows.
fn set_path(v: &mut Value, path: &str, x: Value) {
    let mut t = v;
    for k in path.split('.') {
        t = &mut t[k];
    }
    *t = x;
}

fn all_numbers_finite(v: &Value, path: &str) -> Result<(), String> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Ok(()),
        Value::Number(_) => Err(format!("{path} is not finite")),
        Value::Null => Err(format!("{path} is null (NaN or infinity)")),
        Value::Object(m) => m.iter().try_for_each(|(k, c)| all_numbers_finite(c, &format!("{path}.{k}"))),
        Value::Array(a) => a.iter().enumerate().try_for_each(|(i, c)| all_numbers_finite(c, &format!("{path}[{i}]"))),
        _ => Ok(()),
    }
}

/// Variants of every enum field, taken from the generated schema so new fields are covered.
fn enum_choices() -> Vec<(String, Vec<String>)> {
    let d = serde_json::to_value(Scenario::default()).unwrap();
    let mut out = Vec::new();
    fn walk(v: &Value, prefix: &str, out: &mut Vec<(String, Vec<String>)>) {
        if let Value::Object(map) = v {
            for (k, child) in map {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                match child {
                    Value::String(_) if path != "name" => out.push((path, Vec::new())),
                    Value::Bool(_) => out.push((path, vec!["true".into(), "false".into()])),
                    _ => walk(child, &path, out),
                }
            }
        }
    }
    walk(&d, "", &mut out);
    for (path, variants) in out.iter_mut() {
        if variants.is_empty() {
            // Ask the parser which strings it accepts by offering one it cannot.
            let mut v = d.clone();
            set_path(&mut v, path, json!("\u{0}"));
            let e = Scenario::from_value(v).unwrap_err();
            let msg = &e.errors[0].allowed;
            *variants = msg.split('`').skip(3).step_by(2).map(str::to_string).collect();
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Perturb numeric fields across (and beyond) their ranges and switch enums: every scenario
    /// either is rejected with named fields or evaluates to finite figures.
    #[test]
    fn the_model_never_panics_nor_returns_non_finite_figures(
        picks in proptest::collection::vec((any::<prop::sample::Index>(), prop_oneof![
            Just(0.0), Just(1.0), 0.0..10.0f64, 0.0..1.0e4f64, 0.0..1.1e8f64, -10.0..0.0f64,
            Just(4_294_967_295.0), Just(1.0e300), Just(f64::MAX), Just(1.0e-300),
        ]), 1..8),
        enum_picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..6),
    ) {
        let mut v = serde_json::to_value(Scenario::default()).unwrap();
        let mut paths = Vec::new();
        numeric_paths(&v, "", &mut paths);
        for (i, x) in &picks {
            let path = i.get(&paths);
            let whole = x.fract() == 0.0 || path.ends_with("_bytes");
            let n = if whole && x.abs() < 9.0e15 { json!(x.round() as i64) } else { json!(x) };
            set_path(&mut v, path, n);
        }
        let choices = enum_choices();
        for (i, j) in &enum_picks {
            let (path, variants) = i.get(&choices);
            if !variants.is_empty() {
                let pick = j.get(variants);
                let value = match pick.as_str() { "true" => json!(true), "false" => json!(false), s => json!(s) };
                set_path(&mut v, path, value);
            }
        }
        match Scenario::from_value(v) {
            Err(e) => prop_assert!(e.errors.iter().all(|f| !f.field.is_empty() && !f.allowed.is_empty())),
            Ok(s) => {
                let m = mqpx::model::evaluate(&s).to_value();
                if let Err(msg) = all_numbers_finite(&m, "metrics") {
                    return Err(TestCaseError::fail(format!("{msg} for scenario {}", serde_json::to_string(&s).unwrap())));
                }
            }
        }
    }
}
