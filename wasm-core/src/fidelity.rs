//! How closely the model reproduces the reports: every reference point evaluated and judged.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::metrics::number_at;
use crate::reference::{PointKind, ReferenceSet, Role};
use crate::scenario::Scenario;

/// The model's answer for one reference point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PointResult {
    /// Point id.
    pub id: String,
    /// Topic (reference file).
    pub topic: String,
    /// Calibration or validation.
    pub role: Role,
    /// Measured or stated.
    pub kind: PointKind,
    /// Published value.
    pub published: f64,
    /// Model value; `None` when the point could not be evaluated (see `error`).
    pub model: Option<f64>,
    /// Signed relative error in percent; `None` when there is no model value.
    pub error_pct: Option<f64>,
    /// The point's tolerance.
    pub tolerance_pct: f64,
    /// Within tolerance.
    pub pass: bool,
    /// Why the point could not be evaluated, or the point's own note on where the model departs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Points and passes for one group.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Tally {
    /// Points in the group.
    pub points: usize,
    /// Points within tolerance.
    pub passed: usize,
}

impl Tally {
    fn add(&mut self, pass: bool) {
        self.points += 1;
        self.passed += usize::from(pass);
    }

    /// Share of points passed, 0..=1 (1 for an empty group).
    pub fn pass_rate(&self) -> f64 {
        if self.points == 0 { 1.0 } else { self.passed as f64 / self.points as f64 }
    }
}

/// Summary lines of a fidelity run.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Summary {
    /// Per topic.
    pub by_topic: BTreeMap<String, Tally>,
    /// Per role.
    pub by_role: BTreeMap<String, Tally>,
    /// Validation points within 20% (the target is at least 85% of them).
    pub validation_within_20_pct: Tally,
    /// All points.
    pub overall: Tally,
}

/// A whole fidelity run.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct FidelityReport {
    /// Every point, in file order.
    pub points: Vec<PointResult>,
    /// Tallies.
    pub summary: Summary,
}

/// Evaluates every point of every set.
pub fn run(sets: &[ReferenceSet]) -> FidelityReport {
    let mut report = FidelityReport::default();
    for set in sets {
        for p in &set.points {
            let outcome = if p.function == "eval" {
                Scenario::from_overlay(&p.input).map(|s| crate::model::evaluate(&s).to_value())
            } else {
                crate::calculators::run(&p.function, &p.input)
            };
            let (model, mut note) = match outcome {
                Ok(out) => match number_at(&out, &p.output) {
                    Some(x) => (Some(x), None),
                    None => (None, Some(format!("output `{}` is not a number in the model's answer", p.output))),
                },
                Err(e) => (None, Some(format!("input rejected: {e}"))),
            };
            let error_pct = model.map(|m| relative_error_pct(m, p.published));
            let pass = error_pct.is_some_and(|e| e.abs() <= p.tolerance_pct);
            if note.is_none() {
                note.clone_from(&p.note);
            }
            let role_name = match p.role {
                Role::Calibration => "calibration",
                Role::Validation => "validation",
            };
            report.summary.by_topic.entry(set.topic.clone()).or_default().add(pass);
            report.summary.by_role.entry(role_name.to_string()).or_default().add(pass);
            report.summary.overall.add(pass);
            if p.role == Role::Validation {
                report.summary.validation_within_20_pct.add(error_pct.is_some_and(|e| e.abs() <= 20.0));
            }
            report.points.push(PointResult {
                id: p.id.clone(),
                topic: set.topic.clone(),
                role: p.role,
                kind: p.kind,
                published: p.published,
                model,
                error_pct,
                tolerance_pct: p.tolerance_pct,
                pass,
                note,
            });
        }
    }
    report
}

/// Signed error of `model` against `published`, in percent of the published value. A published
/// zero is judged on the absolute difference, so that 0 against 0 is exact.
pub fn relative_error_pct(model: f64, published: f64) -> f64 {
    if published == 0.0 { model * 100.0 } else { (model - published) / published.abs() * 100.0 }
}

impl FidelityReport {
    /// The report as a Markdown page: a summary, then one table per topic with every point's
    /// published and model value and, where the model departs, why.
    pub fn to_markdown(&self) -> String {
        let s = &self.summary;
        let v = s.validation_within_20_pct;
        let mut out = format!(
            "# Model fidelity\n\n\
             How closely the model reproduces the figures published in the source reports. Each point names its \
             source in `content/reference/`. Calibration points are the only ones constants were fitted to; \
             validation points were held out. Targets: stated formulas and tables within 1%, calibration points \
             within 10%, and at least 85% of validation points within 20%.\n\n\
             This page is generated (`npm run generate`).\n\n\
             | | points | within tolerance |\n|---|---|---|\n\
             | all | {} | {} |\n",
            s.overall.points, s.overall.passed
        );
        for (role, t) in &s.by_role {
            out.push_str(&format!("| {role} | {} | {} |\n", t.points, t.passed));
        }
        out.push_str(&format!(
            "| validation within 20% | {} | {} ({:.0}%) |\n",
            v.points,
            v.passed,
            v.pass_rate() * 100.0
        ));
        let mut topic = "";
        for p in &self.points {
            if p.topic != topic {
                topic = &p.topic;
                let t = s.by_topic.get(topic).copied().unwrap_or_default();
                out.push_str(&format!(
                    "\n## {topic} ({}/{} within tolerance)\n\n| id | role | published | model | error | tolerance | note |\n|---|---|---|---|---|---|---|\n",
                    t.passed, t.points
                ));
            }
            let model = p.model.map_or("-".to_string(), |m| format!("{}", round_sig(m)));
            let error = p.error_pct.map_or("-".to_string(), |e| format!("{e:+.1}%"));
            let mark = if p.pass { "" } else { " ✗" };
            let note = p.note.as_deref().unwrap_or("").replace('|', "\\|").replace('\n', " ");
            out.push_str(&format!(
                "| `{}` | {} | {} | {} | {}{mark} | ±{}% | {note} |\n",
                p.id,
                match p.role {
                    Role::Calibration => "calibration",
                    Role::Validation => "validation",
                },
                round_sig(p.published),
                model,
                error,
                p.tolerance_pct
            ));
        }
        out
    }
}

/// Four significant digits, for tables a person reads.
fn round_sig(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let magnitude = crate::math::floor(crate::math::log10(x.abs()));
    let scale = crate::math::pow(10.0, 3.0 - magnitude);
    libm::round(x * scale) / scale
}
