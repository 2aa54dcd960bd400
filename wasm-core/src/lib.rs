//! # mqpx — the performance model and message-flow simulation behind MQ Performance Explorer
//!
//! A pure, deterministic core: no I/O, no clocks, no randomness that is not seeded. It turns a
//! [`Scenario`] (what the learner dialled in) into [`Metrics`] (what the IBM MQ for z/OS
//! performance reports measure), and answers the sizing [`calculators`] people use on their own
//! systems. The same code runs natively (the `mqpx` command line, `cargo test`) and in the
//! browser through the single wasm-bindgen surface in `wasm.rs`.
//!
//! Layout: [`scenario`] parses and validates input (the one validation point), [`model`] holds one
//! sub-model per z/OS subsystem, [`reference`](mod@reference) and [`fidelity`] judge the model
//! against the reports' published figures, [`sim`] simulates the message flow, and [`rng`] is the
//! seeded generator behind both the simulation and the scenario's fixed placement of its
//! applications.

pub mod calculators;
pub mod fidelity;
pub mod math;
pub mod metrics;
pub mod model;
pub mod reference;
pub mod rng;
pub mod scenario;
pub mod sim;
pub mod sweep;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use metrics::Metrics;
pub use scenario::{Scenario, ScenarioError};

/// The version of this crate, as the UI shows it ("0.1.0").
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Parses a scenario document and evaluates the model on it.
///
/// This is the whole pipeline the UI and the CLI use: JSON text in, metrics out, with every
/// problem in the input reported by field.
pub fn evaluate_json(scenario_json: &str) -> Result<Metrics, ScenarioError> {
    let scenario = Scenario::from_json(scenario_json)?;
    Ok(model::evaluate(&scenario))
}
