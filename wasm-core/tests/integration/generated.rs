//! Checked-in files generated from the code: the scenario reference, the JSON Schemas and the
//! shared native/wasm test vectors. Each test fails when its file is stale; run
//! `npm run generate` (UPDATE_GENERATED=1 cargo test) to rewrite them, then review the diff.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn updating() -> bool {
    std::env::var_os("UPDATE_GENERATED").is_some()
}

/// Compares `path` with `expected`, or rewrites it when UPDATE_GENERATED is set.
fn check_file(path: &Path, expected: &str) {
    if updating() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, expected).unwrap();
        return;
    }
    let actual = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        actual == expected,
        "{} is stale: run `npm run generate` and commit the result",
        path.strip_prefix(repo()).unwrap_or(path).display()
    );
}

fn pretty(v: &serde_json::Value) -> String {
    serde_json::to_string_pretty(v).unwrap() + "\n"
}

#[test]
fn scenario_reference_page_is_current() {
    check_file(&repo().join("docs/scenario.md"), &mqpx::scenario::scenario_markdown());
}

#[test]
fn fidelity_page_is_current() {
    let report = mqpx::fidelity::run(&crate::support::reference_sets());
    check_file(&repo().join("docs/fidelity.md"), &report.to_markdown());
}

#[test]
fn json_schemas_are_current() {
    check_file(&repo().join("docs/scenario.schema.json"), &pretty(&mqpx::scenario::json_schema()));
    check_file(&repo().join("docs/metrics.schema.json"), &pretty(&mqpx::Metrics::json_schema()));
}

/// Every input scenario under tests/vectors/inputs/ evaluates natively to exactly the metrics
/// stored under tests/vectors/expected/; Vitest checks the wasm build against the same files, so
/// together they prove native and wasm agree bit for bit.
#[test]
fn shared_test_vectors_match_the_native_model() {
    let inputs = repo().join("tests/vectors/inputs");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&inputs)
        .unwrap_or_else(|e| panic!("{}: {e}", inputs.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "expected at least five vector scenarios in {}", inputs.display());
    for input in names {
        let text = std::fs::read_to_string(&input).unwrap();
        let metrics = mqpx::evaluate_json(&text).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        let expected = repo().join("tests/vectors/expected").join(input.file_name().unwrap());
        check_file(&expected, &pretty(&metrics.to_value()));
    }
}
