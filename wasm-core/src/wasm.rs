//! The only wasm-bindgen surface: thin functions over the pure core, JSON in and out.
//!
//! Errors are thrown as JSON text `{"errors":[{"field","value","allowed"}]}` so that the
//! TypeScript wrapper (`app/renderer/engine/`) can show which field is wrong.

use wasm_bindgen::prelude::*;

use crate::reference::ReferenceSet;
use crate::scenario::{Scenario, ScenarioError};

fn to_js_error(e: &ScenarioError) -> JsValue {
    JsValue::from_str(&serde_json::to_string(e).expect("errors serialise"))
}

/// The crate version.
#[wasm_bindgen(js_name = version)]
pub fn version() -> String {
    crate::version().to_string()
}

/// The default scenario as JSON.
#[wasm_bindgen(js_name = defaultScenario)]
pub fn default_scenario() -> String {
    serde_json::to_string(&Scenario::default()).expect("scenario serialises")
}

/// Validates a scenario; returns it normalised (every field present) as JSON.
#[wasm_bindgen(js_name = parseScenario)]
pub fn parse_scenario(scenario_json: &str) -> Result<String, JsValue> {
    let s = Scenario::from_json(scenario_json).map_err(|e| to_js_error(&e))?;
    Ok(serde_json::to_string(&s).expect("scenario serialises"))
}

/// Evaluates a scenario; returns the metrics as JSON.
#[wasm_bindgen(js_name = evaluate)]
pub fn evaluate(scenario_json: &str) -> Result<String, JsValue> {
    let m = crate::evaluate_json(scenario_json).map_err(|e| to_js_error(&e))?;
    Ok(serde_json::to_string(&m).expect("metrics serialise"))
}

/// Evaluates `metric` at each value of `param`.
#[wasm_bindgen(js_name = sweep)]
pub fn sweep(scenario_json: &str, param: &str, values: &[f64], metric: &str) -> Result<Vec<f64>, JsValue> {
    let s = Scenario::from_json(scenario_json).map_err(|e| to_js_error(&e))?;
    crate::sweep::sweep(&s, param, values, metric).map_err(|e| to_js_error(&e))
}

/// Runs a named calculator on JSON input.
#[wasm_bindgen(js_name = calculate)]
pub fn calculate(name: &str, input_json: &str) -> Result<String, JsValue> {
    let input: serde_json::Value = serde_json::from_str(input_json)
        .map_err(|e| to_js_error(&ScenarioError::field("(input)", "", format!("not valid JSON: {e}"))))?;
    let out = crate::calculators::run(name, &input).map_err(|e| to_js_error(&e))?;
    Ok(out.to_string())
}

/// Judges the model against reference sets given as a JSON array of set documents.
#[wasm_bindgen(js_name = fidelity)]
pub fn fidelity(reference_sets_json: &str) -> Result<String, JsValue> {
    let raw: Vec<serde_json::Value> = serde_json::from_str(reference_sets_json)
        .map_err(|e| to_js_error(&ScenarioError::field("(reference)", "", format!("not a JSON array: {e}"))))?;
    let sets = raw
        .into_iter()
        .map(|v| ReferenceSet::from_json(&v.to_string()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| to_js_error(&e))?;
    Ok(serde_json::to_string(&crate::fidelity::run(&sets)).expect("report serialises"))
}
