//! The reports' published figures, as data the model is judged against.
//!
//! Reference sets live in `content/reference/<topic>.json`. Each point says where the figure comes
//! from (file, section and a short quote), how to reproduce it with the model (a scenario overlay
//! for `eval`, or a calculator and its input), what the report published and how close the model
//! must come. A point's role decides how it may be used: `calibration` points are the only ones
//! any constant is fitted to; `validation` points are never used to tune anything.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Whether a point may be used to fit constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Constants may be fitted to this point.
    Calibration,
    /// Held out: only ever used to judge the model.
    Validation,
}

/// What kind of figure the report gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PointKind {
    /// A measurement (subject to run-to-run noise).
    #[default]
    Measured,
    /// A formula, rule or table the report states exactly; the model must reproduce it within 1%.
    Stated,
}

/// Where a figure comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// Seed file name, e.g. `004_c01e4fc945a28128.txt`.
    pub file: String,
    /// Section heading as printed.
    pub section: String,
    /// The few words of the source that state the figure.
    pub quote: String,
}

/// One published figure and how to reproduce it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferencePoint {
    /// Unique, stable id (`log.zhyperlink.io-time-4k`).
    pub id: String,
    /// Calibration or validation.
    pub role: Role,
    /// Measured or stated exactly.
    #[serde(default)]
    pub kind: PointKind,
    /// The source.
    pub citation: Citation,
    /// `eval` (the default) or the name of a calculator.
    #[serde(default = "default_function")]
    pub function: String,
    /// For `eval`, an overlay on the default scenario; for a calculator, its input.
    pub input: serde_json::Value,
    /// Dotted path of the figure in the output (`log.io_time_us`).
    pub output: String,
    /// The published value.
    pub published: f64,
    /// Unit of `published`, as in the output field's name.
    pub unit: String,
    /// Allowed relative error, in percent.
    pub tolerance_pct: f64,
    /// Why the model departs here, if it does; shown in the fidelity output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn default_function() -> String {
    "eval".to_string()
}

/// All points of one topic (one file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferenceSet {
    /// Topic name, matching the file name.
    pub topic: String,
    /// The points.
    pub points: Vec<ReferencePoint>,
}

impl ReferenceSet {
    /// Parses one reference file; errors name the point and field.
    pub fn from_json(text: &str) -> Result<ReferenceSet, crate::ScenarioError> {
        let mut de = serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(&mut de).map_err(crate::ScenarioError::from_serde)
    }
}

/// The most a point's tolerance may be, by kind and role (the targets the model is held to).
pub fn max_tolerance_pct(kind: PointKind, role: Role) -> f64 {
    match (kind, role) {
        (PointKind::Stated, _) => 1.0,
        (PointKind::Measured, Role::Calibration) => 10.0,
        (PointKind::Measured, Role::Validation) => 20.0,
    }
}

/// Reads every `*.json` reference set in `dir`, in file-name order (native builds only: the
/// browser fetches the files and passes their text in). Errors name the file and the field.
#[cfg(not(target_arch = "wasm32"))]
pub fn load_dir(dir: &std::path::Path) -> Result<Vec<ReferenceSet>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<std::path::PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            ReferenceSet::from_json(&text).map_err(|e| format!("{}: {e}", p.display()))
        })
        .collect()
}
