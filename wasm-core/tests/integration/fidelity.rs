//! The model against the reports: the targets every reference point is held to.

use mqpx::fidelity;
use mqpx::reference::{PointKind, Role, max_tolerance_pct};
use std::collections::{BTreeMap, HashSet};

use crate::support::reference_sets;

#[test]
fn reference_points_are_well_formed_and_unique() {
    let sets = reference_sets();
    assert!(!sets.is_empty(), "content/reference holds no reference sets");
    let mut ids = HashSet::new();
    for set in &sets {
        for p in &set.points {
            assert!(ids.insert(p.id.clone()), "duplicate reference id {}", p.id);
            assert!(p.tolerance_pct > 0.0, "{}: tolerance must be positive", p.id);
            assert!(
                p.tolerance_pct <= max_tolerance_pct(p.kind, p.role),
                "{}: tolerance {}% is looser than the {:?}/{:?} target {}%",
                p.id,
                p.tolerance_pct,
                p.kind,
                p.role,
                max_tolerance_pct(p.kind, p.role)
            );
            assert!(p.citation.file.ends_with(".txt"), "{}: cite the seed file", p.id);
            assert!(!p.citation.section.is_empty() && !p.citation.quote.is_empty(), "{}: cite section and quote", p.id);
        }
    }
}

#[test]
fn at_least_a_third_of_measured_points_are_held_out_across_topics() {
    let sets = reference_sets();
    let measured: Vec<_> = sets.iter().flat_map(|s| &s.points).filter(|p| p.kind == PointKind::Measured).collect();
    let validation = measured.iter().filter(|p| p.role == Role::Validation).count();
    assert!(
        validation * 3 >= measured.len(),
        "only {validation} of {} measured points are validation points; at least a third must be",
        measured.len()
    );
    let topics_with_validation: HashSet<_> =
        sets.iter().filter(|s| s.points.iter().any(|p| p.role == Role::Validation)).map(|s| &s.topic).collect();
    let topics_with_measured: HashSet<_> =
        sets.iter().filter(|s| s.points.iter().any(|p| p.kind == PointKind::Measured)).map(|s| &s.topic).collect();
    assert_eq!(topics_with_validation.len(), topics_with_measured.len(), "every measured topic holds some points out");
}

#[test]
fn the_model_meets_its_fidelity_targets() {
    let report = fidelity::run(&reference_sets());
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in &report.points {
        // Validation points are judged as a population below; each other point must pass.
        if (p.role == Role::Calibration || p.kind == PointKind::Stated) && !p.pass {
            failures.entry(p.topic.clone()).or_default().push(format!(
                "{}: published {} model {:?} error {:?}% tolerance {}% {}",
                p.id,
                p.published,
                p.model,
                p.error_pct,
                p.tolerance_pct,
                p.note.as_deref().unwrap_or("")
            ));
        }
    }
    assert!(failures.is_empty(), "calibration or stated points out of tolerance:\n{failures:#?}");
    let v = report.summary.validation_within_20_pct;
    assert!(v.pass_rate() >= 0.85, "only {}/{} validation points within 20% (target 85%)", v.passed, v.points);
    for p in &report.points {
        assert!(p.model.is_some(), "{} could not be evaluated: {:?}", p.id, p.note);
    }
}
