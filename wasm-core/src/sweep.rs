//! A metric across a range of one scenario parameter: the data behind every chart.

use crate::metrics::number_at;
use crate::scenario::{Scenario, ScenarioError};

/// Evaluates `metric` for each value of the numeric parameter at `param` (a dotted scenario path).
///
/// Each point is a full, validated scenario: a value outside the parameter's range is an error
/// naming it, not a silently clamped point.
pub fn sweep(base: &Scenario, param: &str, values: &[f64], metric: &str) -> Result<Vec<f64>, ScenarioError> {
    let base_value = serde_json::to_value(base).expect("scenario serialises");
    check_param_is_numeric(&base_value, param)?;
    values
        .iter()
        .map(|&x| {
            let mut v = base_value.clone();
            set_number(&mut v, param, x);
            let scenario = Scenario::from_value(v)?;
            let metrics = crate::model::evaluate(&scenario).to_value();
            number_at(&metrics, metric)
                .ok_or_else(|| ScenarioError::field("metric", metric, "a dotted path to a number in the metrics"))
        })
        .collect()
}

fn check_param_is_numeric(value: &serde_json::Value, param: &str) -> Result<(), ScenarioError> {
    match number_at(value, param) {
        Some(_) => Ok(()),
        None => Err(ScenarioError::field("param", param, "a dotted path to a numeric scenario field")),
    }
}

/// Writes `x` at `path`, as an integer when it is whole (so integer fields accept it).
fn set_number(value: &mut serde_json::Value, path: &str, x: f64) {
    let mut target = value;
    for key in path.split('.') {
        target = &mut target[key];
    }
    *target = if x.fract() == 0.0 && x.abs() < 9.0e15 {
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number)
    };
}

/// `n` values spaced evenly in log scale from `lo` to `hi` inclusive.
pub fn log_range(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    if n <= 1 {
        return vec![lo];
    }
    let (a, b) = (crate::math::ln(lo), crate::math::ln(hi));
    (0..n).map(|i| crate::math::exp(a + (b - a) * i as f64 / (n - 1) as f64)).collect()
}
