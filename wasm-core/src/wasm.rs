//! The only wasm-bindgen surface: thin functions over the pure core, JSON in and out.
//!
//! Errors are thrown as JSON text `{"errors":[{"field","value","allowed"}]}` so that the
//! TypeScript wrapper (`app/renderer/engine/`) can show which field is wrong. The `Simulation`
//! class holds a running message-flow simulation for the renderer's Web Worker; like the
//! functions, it only converts between JavaScript values and the core's types.

use wasm_bindgen::prelude::*;

use crate::reference::ReferenceSet;
use crate::scenario::{Scenario, ScenarioError};
use crate::sim::mq::{MqSimulation, SimOptions};
use crate::sim::stats::RunPlan;
use crate::sim::trace::{TraceChunk, TraceKind};

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

/// Simulates a scenario's steady state (statistics only, about 4,000 transactions) and sets it
/// against the model, as the consistency probe does; returns JSON tagged by `status`: `judged`
/// with the three figures compared, or `not_judged` with the reason (see
/// `sim::consistency::CheckReport`). Throws field errors for a bad scenario.
#[wasm_bindgen(js_name = checkAgainstModel)]
pub fn check_against_model(scenario_json: &str) -> Result<String, JsValue> {
    let s = Scenario::from_json(scenario_json).map_err(|e| to_js_error(&e))?;
    let report = crate::sim::consistency::CheckReport::from(crate::sim::consistency::check(&s));
    Ok(serde_json::to_string(&report).expect("check report serialises"))
}

/// Judges the model against reference sets given as a JSON array of set documents.
#[wasm_bindgen(js_name = fidelity)]
pub fn fidelity(reference_sets_json: &str) -> Result<String, JsValue> {
    // One pass straight into the typed sets, so an error names the set and point (`[2].points[5].role`).
    let mut de = serde_json::Deserializer::from_str(reference_sets_json);
    let sets: Vec<ReferenceSet> =
        serde_path_to_error::deserialize(&mut de).map_err(|e| to_js_error(&ScenarioError::from_serde(e)))?;
    Ok(serde_json::to_string(&crate::fidelity::run(&sets)).expect("report serialises"))
}

/// Run options a `Simulation` accepts from JavaScript; every field is optional and defaults to
/// [`SimOptions::default`]. Unknown fields are refused so a misspelt option is never ignored.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SimulationOptionsJs {
    warmup_s: Option<f64>,
    run_s: Option<f64>,
    batches: Option<usize>,
    trace: Option<bool>,
    chunk_records: Option<usize>,
    history_chunks: Option<usize>,
    series_interval_s: Option<f64>,
    series_capacity: Option<usize>,
}

/// Bounds of the options, so that a run's memory and batch layout stay sane.
const MAX_BATCHES: usize = 1000;
const MAX_CHUNK_RECORDS: usize = 1 << 20;
const MAX_HISTORY_CHUNKS: usize = 4096;
const MAX_SERIES_CAPACITY: usize = 1 << 20;
/// The largest integer a JavaScript number holds exactly, so a seed round-trips unchanged.
const MAX_SAFE_SEED: f64 = 9_007_199_254_740_991.0;

fn option_error(field: &str, value: impl std::fmt::Display, allowed: &str) -> ScenarioError {
    ScenarioError::field(format!("options.{field}"), value.to_string(), allowed)
}

/// Converts the JavaScript options into `SimOptions`, naming every field that is out of range.
fn sim_options(options_json: Option<&str>) -> Result<SimOptions, ScenarioError> {
    let raw: SimulationOptionsJs = match options_json {
        None => SimulationOptionsJs::default(),
        Some(text) if text.trim().is_empty() => SimulationOptionsJs::default(),
        Some(text) => {
            let de = &mut serde_json::Deserializer::from_str(text);
            serde_path_to_error::deserialize(de).map_err(|e| {
                let path = e.path().to_string();
                // serde's message already says what was found and what is expected; the position
                // in a one-line options document adds nothing.
                let message = e.into_inner().to_string();
                let message = message.split(" at line ").next().unwrap_or_default();
                option_error(if path == "." { "(document)" } else { &path }, "", message)
            })?
        }
    };
    let d = SimOptions::default();
    let mut errors = Vec::new();
    let mut positive = |name: &str, v: Option<f64>, default: f64, zero_ok: bool| {
        let x = v.unwrap_or(default);
        let ok = x.is_finite() && (x > 0.0 || (zero_ok && x == 0.0));
        if !ok {
            errors.extend(
                option_error(name, x, if zero_ok { "a finite number >= 0" } else { "a finite number > 0" }).errors,
            );
        }
        x
    };
    let warmup_s = positive("warmup_s", raw.warmup_s, d.plan.warmup_s, true);
    let run_s = positive("run_s", raw.run_s, d.plan.run_s, false);
    let series_interval_s = positive("series_interval_s", raw.series_interval_s, d.series_interval_s, false);
    let mut count = |name: &str, v: Option<usize>, default: usize, lo: usize, hi: usize| {
        let n = v.unwrap_or(default);
        if !(lo..=hi).contains(&n) {
            errors.extend(option_error(name, n, &format!("an integer from {lo} to {hi}")).errors);
        }
        n
    };
    let batches = count("batches", raw.batches, d.plan.batches, 2, MAX_BATCHES);
    let chunk_records = count("chunk_records", raw.chunk_records, d.chunk_records, 1, MAX_CHUNK_RECORDS);
    let history_chunks = count("history_chunks", raw.history_chunks, d.history_chunks, 1, MAX_HISTORY_CHUNKS);
    let series_capacity = count("series_capacity", raw.series_capacity, d.series_capacity, 1, MAX_SERIES_CAPACITY);
    if !errors.is_empty() {
        return Err(ScenarioError { errors });
    }
    Ok(SimOptions {
        plan: RunPlan { warmup_s, run_s, batches },
        trace: raw.trace.unwrap_or(d.trace),
        chunk_records,
        history_chunks,
        series_interval_s,
        series_capacity,
        // The worker plays the trace; the step profile is the CLI's.
        profile: false,
    })
}

/// A seed from JavaScript: a whole number a double holds exactly.
fn sim_seed(seed: f64) -> Result<u64, ScenarioError> {
    if (0.0..=MAX_SAFE_SEED).contains(&seed) && (seed as u64) as f64 == seed {
        Ok(seed as u64)
    } else {
        Err(ScenarioError::field("seed", seed.to_string(), "a whole number from 0 to 9007199254740991"))
    }
}

/// One trace chunk's columns. Each `take*` method moves its column out as a typed array
/// (`Float64Array` for times, `Uint32Array` for messages and bytes, `Uint16Array` for nodes,
/// `Uint8Array` for kinds), so the records are copied once, into JavaScript, and never cloned in
/// wasm; a second take of the same column gives an empty array.
#[wasm_bindgen(js_name = TraceColumns)]
pub struct TraceColumns {
    chunk: TraceChunk,
}

#[wasm_bindgen(js_class = TraceColumns)]
impl TraceColumns {
    /// Records in the chunk.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.chunk.len()
    }
    /// Simulated time of each record, seconds.
    #[wasm_bindgen(js_name = takeTimeS)]
    pub fn take_time_s(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.chunk.time_s)
    }
    /// Message (or unit-of-work) id of each record.
    #[wasm_bindgen(js_name = takeMessage)]
    pub fn take_message(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.chunk.message)
    }
    /// Topology node each record starts from.
    #[wasm_bindgen(js_name = takeFrom)]
    pub fn take_from(&mut self) -> Vec<u16> {
        std::mem::take(&mut self.chunk.from)
    }
    /// Topology node each record goes to.
    #[wasm_bindgen(js_name = takeTo)]
    pub fn take_to(&mut self) -> Vec<u16> {
        std::mem::take(&mut self.chunk.to)
    }
    /// Trace kind code of each record.
    #[wasm_bindgen(js_name = takeKind)]
    pub fn take_kind(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.chunk.kind)
    }
    /// Bytes of each record.
    #[wasm_bindgen(js_name = takeBytes)]
    pub fn take_bytes(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.chunk.bytes)
    }
}

/// A running message-flow simulation of one scenario, driven slice by slice from a Web Worker.
#[wasm_bindgen(js_name = Simulation)]
pub struct Simulation {
    sim: MqSimulation,
}

#[wasm_bindgen(js_class = Simulation)]
impl Simulation {
    /// Validates the scenario, seed and options (field errors thrown as JSON, as elsewhere) and
    /// builds the simulation at time 0.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str, seed: f64, options_json: Option<String>) -> Result<Simulation, JsValue> {
        let scenario = Scenario::from_json(scenario_json);
        let seed = sim_seed(seed);
        let options = sim_options(options_json.as_deref());
        // Report every bad input at once, scenario first.
        let mut errors = Vec::new();
        for e in [scenario.as_ref().err(), seed.as_ref().err(), options.as_ref().err()].into_iter().flatten() {
            errors.extend(e.errors.iter().cloned());
        }
        match (scenario, seed, options) {
            (Ok(s), Ok(seed), Ok(options)) => Ok(Simulation { sim: MqSimulation::new(&s, seed, options) }),
            _ => Err(to_js_error(&ScenarioError { errors })),
        }
    }

    /// The topology nodes the trace refers to, as JSON `{"nodes":[{"id","kind","label"}]}`.
    pub fn topology(&self) -> String {
        serde_json::to_string(self.sim.topology()).expect("topology serialises")
    }

    /// Runs every event up to simulated time `until_s` (a time not after the current one does
    /// nothing); throws a field error for a time that is not a finite number.
    pub fn advance(&mut self, until_s: f64) -> Result<(), JsValue> {
        if !until_s.is_finite() {
            return Err(to_js_error(&ScenarioError::field(
                "until_s",
                until_s.to_string(),
                "a finite number of seconds",
            )));
        }
        self.sim.advance_to(until_s);
        Ok(())
    }

    /// Current simulated time, seconds.
    #[wasm_bindgen(js_name = nowS)]
    pub fn now_s(&self) -> f64 {
        self.sim.now_s()
    }

    /// Events processed so far (a double: exact up to 2^53 events).
    pub fn events(&self) -> f64 {
        self.sim.events() as f64
    }

    /// Closes the chunk being filled, so a paused stream can hand over its last records.
    pub fn flush(&mut self) {
        self.sim.trace_mut().seal();
    }

    /// The oldest completed trace chunk, or `undefined` when none is ready.
    #[wasm_bindgen(js_name = takeChunk)]
    pub fn take_chunk(&mut self) -> Option<TraceColumns> {
        self.sim.trace_mut().take_chunk().map(|chunk| TraceColumns { chunk })
    }

    /// Time-series samples later than `since_s` (all kept samples when omitted), as JSON
    /// `{"names":[..],"interval_s":x,"time_s":[..],"values":[[..],..]}`.
    pub fn series(&self, since_s: Option<f64>) -> String {
        let s = self.sim.series();
        let since = since_s.unwrap_or(f64::NEG_INFINITY);
        let start = s.time_s.partition_point(|&t| t <= since);
        let time_s: Vec<f64> = s.time_s.range(start..).copied().collect();
        let values: Vec<&Vec<f64>> = s.values.range(start..).collect();
        serde_json::to_string(&serde_json::json!({
            "names": s.names, "interval_s": s.interval_s, "time_s": time_s, "values": values,
        }))
        .expect("series serialise")
    }

    /// Whole-run totals as JSON: simulated time, events, records per trace kind, chunks dropped
    /// for want of a reader and chunks waiting.
    pub fn totals(&mut self) -> String {
        let trace = self.sim.trace_mut();
        let records: serde_json::Map<String, serde_json::Value> = TraceKind::ALL
            .iter()
            .map(|k| {
                let name =
                    serde_json::to_value(k).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                (name, serde_json::Value::from(trace.totals()[*k as usize]))
            })
            .collect();
        let (dropped, pending) = (trace.dropped_chunks(), trace.pending_chunks());
        serde_json::to_string(&serde_json::json!({
            "now_s": self.sim.now_s(),
            "events": self.sim.events(),
            "records": records,
            "dropped_chunks": dropped,
            "pending_chunks": pending,
        }))
        .expect("totals serialise")
    }

    /// Steady-state estimates (mean and 95% half-width) over the measured period so far, as JSON.
    #[wasm_bindgen(js_name = steadyState)]
    pub fn steady_state(&mut self) -> String {
        serde_json::to_string(&self.sim.steady_state()).expect("sim metrics serialise")
    }
}

/// The engine's plain M/M/c reference workload for `run_s` simulated seconds, as JSON (its events
/// count is what a benchmark divides by the elapsed time). Throws a field error for bad inputs.
#[wasm_bindgen(js_name = simulateMmc)]
pub fn simulate_mmc(
    arrival_rate_per_s: f64,
    service_rate_per_s: f64,
    servers: u32,
    seed: f64,
    run_s: f64,
) -> Result<String, JsValue> {
    let mut errors = Vec::new();
    if !(arrival_rate_per_s.is_finite() && arrival_rate_per_s > 0.0) {
        errors.push(("arrival_rate_per_s", arrival_rate_per_s.to_string(), "a finite number > 0".to_string()));
    }
    if !(service_rate_per_s.is_finite() && service_rate_per_s > 0.0) {
        errors.push(("service_rate_per_s", service_rate_per_s.to_string(), "a finite number > 0".to_string()));
    } else if arrival_rate_per_s >= service_rate_per_s * f64::from(servers.max(1)) {
        errors.push((
            "arrival_rate_per_s",
            arrival_rate_per_s.to_string(),
            "less than servers x service rate (a stable queue)".to_string(),
        ));
    }
    if servers == 0 {
        errors.push(("servers", "0".to_string(), "at least 1".to_string()));
    }
    if !(run_s.is_finite() && run_s > 0.0) {
        errors.push(("run_s", run_s.to_string(), "a finite number > 0".to_string()));
    }
    let seed = sim_seed(seed).map_err(|e| to_js_error(&e))?;
    if !errors.is_empty() {
        let errors = errors.into_iter().flat_map(|(f, v, a)| ScenarioError::field(f, v, a).errors).collect();
        return Err(to_js_error(&ScenarioError { errors }));
    }
    let plan = RunPlan { warmup_s: 0.0, run_s, batches: 10 };
    let out = crate::sim::network::simulate_mmc(arrival_rate_per_s, service_rate_per_s, servers, seed, plan);
    Ok(serde_json::to_string(&out).expect("outcome serialises"))
}
