//! A metric across a range of one scenario parameter: the data behind every chart.

use crate::scenario::{Scenario, ScenarioError};

/// Evaluates `metric` for each value of the numeric parameter at `param` (a dotted scenario path).
///
/// Each point is a full, validated scenario: a value outside the parameter's range is an error
/// naming it, not a silently clamped point. Only the sub-model that owns `metric` runs, and each
/// point's closed-loop solution starts from the previous point's ([`crate::model::MetricSeries`]).
pub fn sweep(base: &Scenario, param: &str, values: &[f64], metric: &str) -> Result<Vec<f64>, ScenarioError> {
    if crate::model::evaluate_metric(base, metric).is_none() {
        return Err(ScenarioError::field("metric", metric, "a dotted path to a number in the metrics"));
    }
    let mut series = crate::model::MetricSeries::default();
    values
        .iter()
        .map(|&x| {
            let scenario = base.with_number(param, x)?;
            series
                .metric(&scenario, metric)
                .ok_or_else(|| ScenarioError::field("metric", metric, "a dotted path to a number in the metrics"))
        })
        .collect()
}

/// `n` values spaced evenly in log scale from `lo` to `hi` inclusive.
pub fn log_range(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    if n <= 1 {
        return vec![lo];
    }
    let (a, b) = (crate::math::ln(lo), crate::math::ln(hi));
    (0..n).map(|i| crate::math::exp(a + (b - a) * i as f64 / (n - 1) as f64)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sweep_point_outside_the_parameters_range_is_an_error_naming_it() {
        let e = sweep(&Scenario::default(), "log.stripes", &[1.0, 9.0], "log.log_bytes_per_message").unwrap_err();
        assert_eq!(e.errors[0].field, "log.stripes");
    }

    #[test]
    fn unknown_parameters_and_metrics_are_refused() {
        let s = Scenario::default();
        assert_eq!(sweep(&s, "log.nope", &[1.0], "log.log_bytes_per_message").unwrap_err().errors[0].field, "param");
        assert_eq!(sweep(&s, "log.stripes", &[1.0], "log.nope").unwrap_err().errors[0].field, "metric");
        assert_eq!(
            sweep(&s, "workload.persistence", &[1.0], "log.log_bytes_per_message").unwrap_err().errors[0].field,
            "param"
        );
    }

    #[test]
    fn one_metric_equals_the_same_figure_from_a_full_evaluation() {
        let s = Scenario::from_overlay(&serde_json::json!({"workload": {"persistence": "persistent"}})).unwrap();
        let values = [512.0, 4096.0, 1_048_576.0];
        let swept = sweep(&s, "workload.message_size_bytes", &values, "log.log_bytes_per_message").unwrap();
        for (x, y) in values.iter().zip(&swept) {
            let full = crate::model::evaluate(&s.with_number("workload.message_size_bytes", *x).unwrap()).to_value();
            assert_eq!(crate::metrics::number_at(&full, "log.log_bytes_per_message"), Some(*y));
        }
    }

    #[test]
    fn a_closed_loop_sweep_agrees_with_solving_each_point_alone() {
        // Each point starts from the previous point's solution; the answers must not depend on it.
        let s = Scenario::from_overlay(&serde_json::json!({
            "workload": { "persistence": "persistent", "syncpoint": "in_syncpoint", "requesters": 8, "servers": 8 },
            "log": { "io_mode": "zhyperlink", "zhyperlink_pfids": 4, "stripes": 2 }
        }))
        .unwrap();
        let values: Vec<f64> = log_range(256.0, 100.0e6, 60).iter().map(|v| v.round()).collect();
        for metric in ["request_reply.transactions_s", "commit.force_wait_us", "commit.commits_per_forced_write"] {
            let swept = sweep(&s, "workload.message_size_bytes", &values, metric).unwrap();
            for (x, y) in values.iter().zip(&swept) {
                let alone =
                    crate::model::evaluate_metric(&s.with_number("workload.message_size_bytes", *x).unwrap(), metric)
                        .unwrap();
                assert!((y - alone).abs() <= 1.0e-6 * alone.abs(), "{metric} at {x}: swept {y}, alone {alone}");
            }
        }
    }

    #[test]
    fn a_sweep_across_task_counts_agrees_with_solving_each_point_alone() {
        // Eight tasks' writes straddle a page boundary, where a write of a page and a write of two
        // both solve the aggregation: a sweep's start must not choose between them.
        let s = Scenario::from_overlay(&serde_json::json!({
            "workload": { "kind": "log_upper_bound", "persistence": "persistent", "syncpoint": "in_syncpoint",
                          "requesters": 4, "servers": 4, "queue_pairs": 10, "message_size_bytes": 1224 },
            "log": { "io_mode": "zhyperlink", "copies": 2, "stripes": 2 },
            "system": { "lpar_cpus": 4 }
        }))
        .unwrap();
        let values: Vec<f64> = (1..=16).map(f64::from).collect();
        for metric in ["request_reply.transactions_s", "commit.force_wait_us", "commit.commits_per_forced_write"] {
            let swept = sweep(&s, "workload.requesters", &values, metric).unwrap();
            for (x, y) in values.iter().zip(&swept) {
                let alone =
                    crate::model::evaluate_metric(&s.with_number("workload.requesters", *x).unwrap(), metric).unwrap();
                assert!((y - alone).abs() <= 1.0e-6 * alone.abs(), "{metric} at {x}: swept {y}, alone {alone}");
            }
        }
    }

    #[test]
    fn log_range_spans_its_ends_geometrically() {
        let r = log_range(10.0, 1000.0, 3);
        assert!((r[0] - 10.0).abs() < 1e-9 && (r[1] - 100.0).abs() < 1e-9 && (r[2] - 1000.0).abs() < 1e-9);
    }
}
