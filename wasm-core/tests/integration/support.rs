//! Helpers shared by the integration tests.

use mqpx::Metrics;
use mqpx::reference::ReferenceSet;
use mqpx::scenario::Scenario;
use std::path::Path;

/// Every reference set in `content/reference/`.
pub fn reference_sets() -> Vec<ReferenceSet> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/reference");
    mqpx::reference::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"))
}

/// Evaluates the default scenario with `overlay` (a JSON object literal) merged over it.
pub fn eval(overlay: serde_json::Value) -> Metrics {
    let s = Scenario::from_overlay(&overlay).unwrap_or_else(|e| panic!("overlay {overlay} rejected: {e}"));
    mqpx::model::evaluate(&s)
}

/// A metric at a dotted path, for scenarios given as overlays.
pub fn metric(overlay: serde_json::Value, path: &str) -> f64 {
    let m = eval(overlay).to_value();
    mqpx::metrics::number_at(&m, path).unwrap_or_else(|| panic!("no number at {path}"))
}

/// True when `ys` never decreases.
#[allow(dead_code)]
pub fn non_decreasing(ys: &[f64]) -> bool {
    ys.windows(2).all(|w| w[1] >= w[0])
}

/// True when `ys` never increases.
#[allow(dead_code)]
pub fn non_increasing(ys: &[f64]) -> bool {
    ys.windows(2).all(|w| w[1] <= w[0])
}
