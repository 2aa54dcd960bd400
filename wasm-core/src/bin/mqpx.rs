//! `mqpx`: the performance model on the command line.
//!
//! ```text
//! mqpx eval <scenario.json> [--json]
//! mqpx sweep <scenario.json> --param PATH (--values a,b,c | --log-range lo:hi:n) --metric PATH [--json]
//! mqpx fidelity [--reference DIR] [--json | --format markdown]
//! mqpx calc <name> <input.json> [--json]
//! mqpx simulate <scenario.json> [--duration-s N] [--seed S] [--profile] [--json]
//! mqpx simulate --bench [scenario.json] [--seed S] [--json]
//! mqpx consistency [--scenarios N] [--seed S] [--family WORDS] [--show K] [--breakdown] [--json]
//! mqpx schema (scenario | metrics)
//! mqpx docs scenario
//! mqpx version
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mqpx::reference::ReferenceSet;
use mqpx::scenario::Scenario;

const USAGE: &str = "usage:
  mqpx eval <scenario.json> [--json]
  mqpx sweep <scenario.json> --param PATH (--values a,b,c | --log-range lo:hi:n) --metric PATH [--json]
  mqpx fidelity [--reference DIR] [--json | --format markdown]
  mqpx calc <name> <input.json> [--json]
  mqpx simulate <scenario.json> [--duration-s N] [--seed S] [--profile] [--json]
  mqpx simulate --bench [scenario.json] [--seed S] [--json]
  mqpx consistency [--scenarios N] [--seed S] [--family WORDS] [--show K] [--breakdown] [--json]
  mqpx check <scenario.json> [--json]
  mqpx schema (scenario | metrics)
  mqpx docs scenario
  mqpx version";

/// A command-line failure: what to print and the exit code.
struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    fn usage(message: impl Into<String>) -> Self {
        Failure { message: format!("{}\n{USAGE}", message.into()), code: 2 }
    }
    fn input(message: impl Into<String>) -> Self {
        Failure { message: message.into(), code: 1 }
    }
}

/// Parsed flags: positional arguments, `--json`, `--breakdown` and `--name value` options.
struct Args {
    positional: Vec<String>,
    json: bool,
    breakdown: bool,
    options: Vec<(String, String)>,
}

impl Args {
    fn parse(raw: &[String]) -> Result<Args, Failure> {
        let mut args = Args { positional: Vec::new(), json: false, breakdown: false, options: Vec::new() };
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if a == "--json" {
                args.json = true;
            } else if a == "--breakdown" {
                args.breakdown = true;
            } else if let Some(name) = a.strip_prefix("--") {
                let value = it.next().ok_or_else(|| Failure::usage(format!("--{name} needs a value")))?;
                args.options.push((name.to_string(), value.clone()));
            } else {
                args.positional.push(a.clone());
            }
        }
        Ok(args)
    }

    fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn positional(&self, i: usize, what: &str) -> Result<&str, Failure> {
        self.positional.get(i).map(String::as_str).ok_or_else(|| Failure::usage(format!("missing {what}")))
    }
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = raw.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    // `simulate` has a value-less flag (`--bench`), so it reads its own arguments.
    if command == "simulate" {
        return finish(simulate::run(rest));
    }
    let result = Args::parse(rest).and_then(|args| match command.as_str() {
        "eval" => eval(&args),
        "sweep" => sweep(&args),
        "fidelity" => fidelity(&args),
        "calc" => calc(&args),
        "consistency" => consistency(&args),
        "check" => check(&args),
        "schema" => schema(&args),
        "docs" => Ok(mqpx::scenario::scenario_markdown()),
        "version" => Ok(mqpx::version().to_string()),
        other => Err(Failure::usage(format!("unknown command `{other}`"))),
    });
    finish(result)
}

/// Prints the output or the failure and turns it into the exit code.
fn finish(result: Result<String, Failure>) -> ExitCode {
    match result {
        Ok(out) => {
            use std::io::Write;
            // A reader that stops early (`mqpx eval s.json | head`) closes the pipe: that is the
            // end of the output, not a failure to report with a panic and a backtrace.
            match writeln!(std::io::stdout().lock(), "{out}") {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("cannot write the output: {e}");
                    ExitCode::FAILURE
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::input(format!("cannot read {path}: {e}")))
}

fn load_scenario(path: &str) -> Result<Scenario, Failure> {
    Scenario::from_json(&read(path)?).map_err(|e| Failure::input(format!("{path}:\n{e}")))
}

fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("output serialises")
}

fn eval(args: &Args) -> Result<String, Failure> {
    let scenario = load_scenario(args.positional(0, "scenario file")?)?;
    let metrics = mqpx::model::evaluate(&scenario);
    if args.json {
        return Ok(pretty(&metrics));
    }
    let mut lines = Vec::new();
    flatten("", &metrics.to_value(), &mut lines);
    Ok(lines.join("\n"))
}

/// `path = value` lines for every leaf of a JSON value.
fn flatten(prefix: &str, value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                flatten(&path, v, out);
            }
        }
        other => out.push(format!("{prefix} = {other}")),
    }
}

fn parse_values(args: &Args) -> Result<Vec<f64>, Failure> {
    match (args.option("values"), args.option("log-range")) {
        (Some(list), None) => list
            .split(',')
            .map(|s| s.trim().parse::<f64>().map_err(|_| Failure::usage(format!("--values: `{s}` is not a number"))))
            .collect(),
        (None, Some(range)) => {
            let parts: Vec<&str> = range.split(':').collect();
            let bad = || Failure::usage(format!("--log-range `{range}`: expected lo:hi:n with 0 < lo < hi and n >= 2"));
            let [lo, hi, n] = parts[..] else { return Err(bad()) };
            let (lo, hi, n) = (
                lo.parse::<f64>().map_err(|_| bad())?,
                hi.parse::<f64>().map_err(|_| bad())?,
                n.parse::<usize>().map_err(|_| bad())?,
            );
            if !(lo > 0.0 && hi > lo && n >= 2) {
                return Err(bad());
            }
            Ok(mqpx::sweep::log_range(lo, hi, n))
        }
        _ => Err(Failure::usage("sweep needs exactly one of --values or --log-range")),
    }
}

fn sweep(args: &Args) -> Result<String, Failure> {
    let scenario = load_scenario(args.positional(0, "scenario file")?)?;
    let param = args.option("param").ok_or_else(|| Failure::usage("sweep needs --param"))?;
    let metric = args.option("metric").ok_or_else(|| Failure::usage("sweep needs --metric"))?;
    let mut values = parse_values(args)?;
    // Integer parameters take whole values; report the values actually used.
    let base = serde_json::to_value(&scenario).expect("scenario serialises");
    if param.split('.').try_fold(&base, |v, k| v.get(k)).is_some_and(serde_json::Value::is_u64) {
        values.iter_mut().for_each(|v| *v = v.round());
    }
    let results = mqpx::sweep::sweep(&scenario, param, &values, metric).map_err(|e| Failure::input(e.to_string()))?;
    if args.json {
        let points: Vec<_> = values.iter().zip(&results).map(|(x, y)| serde_json::json!({ "x": x, "y": y })).collect();
        return Ok(pretty(&serde_json::json!({ "param": param, "metric": metric, "points": points })));
    }
    let mut out = format!("{param:>24}  {metric}");
    for (x, y) in values.iter().zip(&results) {
        out.push_str(&format!("\n{x:>24}  {y}"));
    }
    Ok(out)
}

/// The reference folder: `--reference`, else `content/reference` under the current directory,
/// else the repository's copy beside this crate.
fn reference_dir(args: &Args) -> PathBuf {
    if let Some(dir) = args.option("reference") {
        return PathBuf::from(dir);
    }
    let local = Path::new("content/reference");
    if local.is_dir() {
        return local.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/reference")
}

fn load_reference_sets(dir: &Path) -> Result<Vec<ReferenceSet>, Failure> {
    mqpx::reference::load_dir(dir).map_err(Failure::input)
}

fn fidelity(args: &Args) -> Result<String, Failure> {
    let sets = load_reference_sets(&reference_dir(args))?;
    let report = mqpx::fidelity::run(&sets);
    if args.json {
        return Ok(pretty(&report));
    }
    match args.option("format") {
        None | Some("table") => {}
        Some("markdown") => return Ok(report.to_markdown()),
        Some(other) => return Err(Failure::usage(format!("unknown --format `{other}`; expected table or markdown"))),
    }
    let mut out = format!("{:<48} {:>12} {:>12} {:>9} {:>6}", "id", "published", "model", "error %", "pass");
    for p in &report.points {
        let model = p.model.map_or("-".to_string(), |m| format!("{m:.4}"));
        let err = p.error_pct.map_or("-".to_string(), |e| format!("{e:+.1}"));
        out.push_str(&format!(
            "\n{:<48} {:>12.4} {:>12} {:>9} {:>6}",
            p.id,
            p.published,
            model,
            err,
            if p.pass { "yes" } else { "NO" }
        ));
        if let Some(note) = &p.note {
            out.push_str(&format!("\n    note: {note}"));
        }
    }
    let s = &report.summary;
    for (topic, t) in &s.by_topic {
        out.push_str(&format!("\ntopic {topic:<20} {}/{} pass", t.passed, t.points));
    }
    for (role, t) in &s.by_role {
        out.push_str(&format!("\nrole  {role:<20} {}/{} pass", t.passed, t.points));
    }
    let v = s.validation_within_20_pct;
    out.push_str(&format!(
        "\nvalidation within 20%: {}/{} ({:.0}%, target 85%)\noverall: {}/{} pass",
        v.passed,
        v.points,
        v.pass_rate() * 100.0,
        s.overall.passed,
        s.overall.points
    ));
    Ok(out)
}

fn calc(args: &Args) -> Result<String, Failure> {
    let name = args.positional(0, "calculator name")?;
    let path = args.positional(1, "input file")?;
    let input: serde_json::Value =
        serde_json::from_str(&read(path)?).map_err(|e| Failure::input(format!("{path}: not valid JSON: {e}")))?;
    let out = mqpx::calculators::run(name, &input).map_err(|e| Failure::input(format!("{path}:\n{e}")))?;
    if args.json {
        return Ok(pretty(&out));
    }
    let mut lines = Vec::new();
    flatten("", &out, &mut lines);
    Ok(lines.join("\n"))
}

/// A whole-number option, or its default when absent.
fn count_option(args: &Args, name: &str, default: u64) -> Result<u64, Failure> {
    args.option(name).map_or(Ok(default), |v| {
        v.parse().map_err(|_| Failure::usage(format!("--{name} takes a whole number, not `{v}`")))
    })
}

/// One scenario's simulated steady state set against the model, as the consistency probe judges
/// its drawn scenarios and the app's "Simulation against the model" shows it.
fn check(args: &Args) -> Result<String, Failure> {
    use mqpx::sim::consistency::{CheckReport, Compared, check};
    let scenario = load_scenario(args.positional(0, "scenario file")?)?;
    let result = check(&scenario);
    if args.json {
        return Ok(pretty(&CheckReport::from(result)));
    }
    let a = match result {
        Ok(a) => a,
        Err(why) => return Ok(format!("not judged: {why}")),
    };
    let line = |name: &str, c: &Compared| {
        format!(
            "{name:<16} {:>14.2} {:>14.2} ± {:<10.2} {:>+8.1}%",
            c.model, c.simulated.mean, c.simulated.half_width_95, c.departure_pct
        )
    };
    let verdict = if a.agrees {
        format!("agrees within {}% (largest departure {:.1}%)", a.limit_pct, a.largest_departure_pct)
    } else {
        format!("departs by {:.1}%, beyond the {}% the model is held to", a.largest_departure_pct, a.limit_pct)
    };
    Ok(format!(
        "{:<16} {:>14} {:>14}   {:<10} {:>9}\n{}\n{}\n{}\nsimulated {:.3} s of steady state; {verdict}",
        "",
        "model",
        "simulated",
        "95% ±",
        "departs",
        line("transactions/s", &a.transactions_per_s),
        line("round trip us", &a.round_trip_us),
        line("log MB/s", &a.log_rate_mb_s),
        a.run_s,
    ))
}

/// Random scenarios across the panel's ranges (or a family of them, `--family`), simulated and
/// ranked by how far they depart from the model (see `mqpx::sim::consistency`); `--breakdown`
/// adds how often they depart beyond 10%, dimension by dimension (always in the JSON).
fn consistency(args: &Args) -> Result<String, Failure> {
    use mqpx::sim::consistency::{Family, breakdown, probe_family};
    let count = count_option(args, "scenarios", 200)? as usize;
    let seed = count_option(args, "seed", 7)?;
    let show = count_option(args, "show", 25)? as usize;
    let (family, drawn) = match args.option("family") {
        Some(words) => (
            Family::parse(words).map_err(|e| Failure::usage(format!("--family: {e}")))?,
            format!("{count} scenarios of the family {words} drawn"),
        ),
        None => (Family::default(), format!("{count} scenarios drawn")),
    };
    let (judged, left_out) =
        probe_family(count, seed, &family).map_err(|e| Failure::input(format!("--family: {e}")))?;
    if args.json {
        #[derive(serde::Serialize)]
        struct Report<'a> {
            scenarios: usize,
            left_out_as_too_slow: usize,
            judged: &'a [mqpx::sim::consistency::Departure],
            breakdown: Vec<mqpx::sim::consistency::DepartureRate>,
        }
        return Ok(pretty(&Report {
            scenarios: count,
            left_out_as_too_slow: left_out,
            judged: &judged,
            breakdown: breakdown(&judged),
        }));
    }
    let over = |pct: f64| judged.iter().filter(|d| d.largest_pct() > pct).count();
    let limit = mqpx::sim::consistency::AGREEMENT_LIMIT_PCT;
    let mut out = format!(
        "{drawn} (seed {seed}), {} judged, {left_out} too slow to judge; \
         beyond {limit}% of the model: {}, beyond 20%: {}\n{:>8} {:>8} {:>8} {:>8} {:>10}  scenario",
        judged.len(),
        over(limit),
        over(20.0),
        "largest%",
        "tps%",
        "trip%",
        "log%",
        "sim tps"
    );
    for d in judged.iter().take(show) {
        out.push_str(&format!(
            "\n{:>8.1} {:>+8.1} {:>+8.1} {:>+8.1} {:>10.1}  {}",
            d.largest_pct(),
            d.transactions_error_pct,
            d.round_trip_error_pct,
            d.log_rate_error_pct,
            d.simulated_transactions_per_s,
            d.summary()
        ));
    }
    if args.breakdown {
        out.push_str(&format!("\n\nbeyond {limit}% of the model, of those judged, by one dimension at a time:"));
        let rates = breakdown(&judged);
        let mut dimension = "";
        for rate in &rates {
            if rate.dimension != dimension {
                dimension = rate.dimension;
                out.push_str(&format!("\n  {dimension:<16}"));
            }
            out.push_str(&format!(
                "  {} {}/{} ({:.1}%)",
                rate.value,
                rate.beyond_10_pct,
                rate.judged,
                rate.beyond_10_share_pct()
            ));
        }
    }
    Ok(out)
}

fn schema(args: &Args) -> Result<String, Failure> {
    match args.positional(0, "scenario or metrics")? {
        "scenario" => Ok(pretty(&mqpx::scenario::json_schema())),
        "metrics" => Ok(pretty(&mqpx::Metrics::json_schema())),
        other => Err(Failure::usage(format!("unknown schema `{other}`; expected scenario or metrics"))),
    }
}

/// `mqpx simulate`: the message-flow simulation's steady state, and its speed against the
/// engine's plain M/M/c reference.
mod simulate {
    use std::time::Instant;

    use mqpx::scenario::Scenario;
    use mqpx::sim::mq::profile::StepTime;
    use mqpx::sim::mq::{MqSimulation, SimMetrics, SimOptions, run_to_end};
    use mqpx::sim::network::simulate_mmc;
    use mqpx::sim::stats::RunPlan;
    use serde::Serialize;

    use super::{Args, Failure, load_scenario, pretty};

    /// Simulated time when `--duration-s` is not given, seconds.
    const DEFAULT_DURATION_S: f64 = 30.0;
    /// The longest run accepted, seconds of simulated time (a day): longer runs add nothing to
    /// a steady state and could keep the terminal busy for hours.
    const MAX_DURATION_S: f64 = 86_400.0;
    /// Share of the run discarded as warm-up: start-up transients (empty queues, idle logger)
    /// die out within a few round trips, so a tenth is ample while keeping most of the run.
    const WARMUP_FRACTION: f64 = 0.1;
    /// Batches the measured period is cut into: enough degrees of freedom for a tight Student
    /// t quantile, each batch still long against the workload's correlation time.
    const BATCHES: usize = 20;
    /// Seed when `--seed` is not given.
    const DEFAULT_SEED: u64 = 1;
    /// Wall-clock time each benchmark measurement runs for at least, seconds.
    const BENCH_WALL_S: f64 = 1.0;
    /// Simulated time a benchmark stops at even if it has not used its wall-clock budget (a
    /// scenario with few events per simulated second), seconds.
    const BENCH_MAX_SIM_S: f64 = 3600.0;
    /// The M/M/c reference: 4 servers at 80% utilisation (service rate 1/s), a busy but stable
    /// queue like a set of CPUs or PFIDs under load.
    const REFERENCE_SERVERS: u32 = 4;
    const REFERENCE_SERVICE_RATE_PER_S: f64 = 1.0;
    const REFERENCE_ARRIVAL_RATE_PER_S: f64 = 3.2;
    /// The speed the requirement asks of the engine natively, events per second.
    const NATIVE_TARGET_EVENTS_PER_S: f64 = 5.0e6;

    /// Flags `simulate` accepts with a value.
    const VALUE_FLAGS: [&str; 2] = ["duration-s", "seed"];

    /// The plan for a run of `duration_s`: a tenth warm-up, the rest measured in batches.
    pub(super) fn plan_for(duration_s: f64) -> RunPlan {
        let warmup_s = duration_s * WARMUP_FRACTION;
        RunPlan { warmup_s, run_s: duration_s - warmup_s, batches: BATCHES }
    }

    /// Parsed `simulate` arguments.
    #[derive(Debug, PartialEq)]
    pub(super) struct Request {
        pub(super) bench: bool,
        /// Time each step of the tasks' programs and report where their time goes.
        pub(super) profile: bool,
        pub(super) scenario_path: Option<String>,
        pub(super) duration_s: f64,
        pub(super) seed: u64,
        pub(super) json: bool,
    }

    pub(super) fn parse(raw: &[String]) -> Result<Request, Failure> {
        // The value-less flags besides `--json`.
        let bench = raw.iter().any(|a| a == "--bench");
        let profile = raw.iter().any(|a| a == "--profile");
        let rest: Vec<String> = raw.iter().filter(|a| *a != "--bench" && *a != "--profile").cloned().collect();
        let args = Args::parse(&rest)?;
        if let Some((name, _)) = args.options.iter().find(|(n, _)| !VALUE_FLAGS.contains(&n.as_str())) {
            return Err(Failure::usage(format!(
                "simulate: unknown flag --{name}; expected --duration-s, --seed, --profile, --bench or --json"
            )));
        }
        if args.positional.len() > 1 {
            return Err(Failure::usage(format!(
                "simulate takes one scenario file, got {}: {}",
                args.positional.len(),
                args.positional.join(" ")
            )));
        }
        let scenario_path = args.positional.first().cloned();
        if !bench && scenario_path.is_none() {
            return Err(Failure::usage("simulate needs a scenario file (or --bench)"));
        }
        let duration_s = match args.option("duration-s") {
            None => DEFAULT_DURATION_S,
            Some(text) => {
                let d = text.trim().parse::<f64>().map_err(|_| {
                    Failure::usage(format!("--duration-s `{text}` is not a number; expected seconds of simulated time"))
                })?;
                if !(d.is_finite() && d > 0.0 && d <= MAX_DURATION_S) {
                    return Err(Failure::usage(format!(
                        "--duration-s {text}: expected a number of seconds > 0 and <= {MAX_DURATION_S}"
                    )));
                }
                d
            }
        };
        let seed = match args.option("seed") {
            None => DEFAULT_SEED,
            Some(text) => text.trim().parse::<u64>().map_err(|_| {
                Failure::usage(format!("--seed `{text}`: expected a whole number from 0 to {}", u64::MAX))
            })?,
        };
        if bench && args.option("duration-s").is_some() {
            return Err(Failure::usage("--bench runs for a fixed wall-clock time; drop --duration-s"));
        }
        if bench && profile {
            return Err(Failure::usage("--profile times a steady-state run, not a benchmark; drop one of them"));
        }
        Ok(Request { bench, profile, scenario_path, duration_s, seed, json: args.json })
    }

    pub(super) fn run(raw: &[String]) -> Result<String, Failure> {
        let request = parse(raw)?;
        if request.bench {
            let (label, scenario) = match &request.scenario_path {
                Some(path) => (path.clone(), load_scenario(path)?),
                None => ("built-in persistent zHyperLink request/reply".to_string(), bench_scenario()),
            };
            return contained(|| bench(&label, &scenario, request.seed, request.json));
        }
        let path = request.scenario_path.as_deref().unwrap_or_default();
        let scenario = load_scenario(path)?;
        contained(|| steady_state(path, &scenario, &request))
    }

    /// Runs the simulation so that a defect in it ends the command with a message naming the
    /// simulation and a non-zero exit, rather than an abort without context.
    fn contained(f: impl FnOnce() -> String) -> Result<String, Failure> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
            let reason = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown cause".to_string());
            Failure { message: format!("the simulation failed: {reason}"), code: 3 }
        })
    }

    /// A scenario that exercises the log path (persistent, in syncpoint, zHyperLink, 2 stripes).
    fn bench_scenario() -> Scenario {
        let overlay = serde_json::json!({
            "workload": { "persistence": "persistent", "syncpoint": "in_syncpoint", "requesters": 8, "servers": 8 },
            "log": { "io_mode": "zhyperlink", "zhyperlink_pfids": 4, "stripes": 2 }
        });
        Scenario::from_overlay(&overlay).unwrap_or_default()
    }

    #[derive(Serialize)]
    struct SteadyReport<'a> {
        scenario: &'a str,
        seed: u64,
        duration_s: f64,
        warmup_s: f64,
        batches: usize,
        metrics: SimMetrics,
        events: u64,
        elapsed_s: f64,
        events_per_s: f64,
        /// With `--profile`: the time from each step of the tasks' programs to the next.
        #[serde(skip_serializing_if = "Option::is_none")]
        step_profile: Option<Vec<StepTime>>,
    }

    fn steady_state(path: &str, scenario: &Scenario, request: &Request) -> String {
        let Request { duration_s, seed, json, profile, .. } = *request;
        let plan = plan_for(duration_s);
        let started = Instant::now();
        let mut sim = run_to_end(scenario, seed, SimOptions { plan, trace: false, profile, ..SimOptions::default() });
        let metrics = sim.steady_state();
        let step_profile = sim.step_profile();
        let elapsed_s = started.elapsed().as_secs_f64();
        let events = metrics.events;
        let report = SteadyReport {
            scenario: path,
            seed,
            duration_s,
            warmup_s: plan.warmup_s,
            batches: plan.batches,
            events,
            elapsed_s,
            events_per_s: per_s(events, elapsed_s),
            metrics,
            step_profile,
        };
        if json {
            return pretty(&report);
        }
        let mut out = format!(
            "{path}: {duration_s} s simulated (warm-up {:.3} s, {} batches), seed {seed}\n{:<24} {:>16} {:>16}",
            plan.warmup_s, plan.batches, "metric", "mean", "95% half-width"
        );
        // Every figure the simulation reports, by name: estimates with their half-width,
        // plain figures (a utilisation worked out at the end, the event count) alone.
        let value = serde_json::to_value(&report.metrics).unwrap_or_default();
        for (name, v) in value.as_object().into_iter().flatten() {
            let field = |k: &str| v.get(k).and_then(serde_json::Value::as_f64);
            match (field("mean"), field("half_width_95"), v.as_f64()) {
                (Some(mean), half_width, _) => out.push_str(&format!(
                    "\n{name:<24} {:>16} {:>16}",
                    number(mean),
                    half_width.map_or_else(|| "inf".to_string(), number)
                )),
                (None, _, Some(x)) if name != "events" => out.push_str(&format!("\n{name:<24} {:>16}", number(x))),
                _ => {}
            }
        }
        out.push_str(&format!(
            "\nevents {events} in {elapsed_s:.3} s wall = {:.2} M events/s",
            report.events_per_s / 1e6
        ));
        if let Some(rows) = &report.step_profile {
            out.push_str(&profile_table(rows));
        }
        out
    }

    /// The `--profile` table: each program's steps with the time from each to the next.
    fn profile_table(rows: &[StepTime]) -> String {
        let mut out = format!(
            "\n\nwhere the time goes, from each step to the next\n{:<10} {:>4}  {:<22} {:>12} {:>12} {:>10}",
            "program", "step", "operation", "us per txn", "us a visit", "visits"
        );
        for r in rows {
            out.push_str(&format!(
                "\n{:<10} {:>4}  {:<22} {:>12.1} {:>12.1} {:>10}",
                r.role, r.step, r.op, r.per_transaction_us, r.mean_us, r.visits
            ));
        }
        out
    }

    /// A number for the table: 4 significant decimals, or `inf` when a half-width is unknown.
    fn number(x: f64) -> String {
        if x.is_finite() { format!("{x:.4}") } else { "inf".to_string() }
    }

    fn per_s(events: u64, elapsed_s: f64) -> f64 {
        if elapsed_s > 0.0 { events as f64 / elapsed_s } else { 0.0 }
    }

    /// One speed measurement.
    #[derive(Debug, Serialize)]
    pub(super) struct Speed {
        pub(super) events: u64,
        pub(super) simulated_s: f64,
        pub(super) elapsed_s: f64,
        pub(super) events_per_s: f64,
    }

    /// Runs the MQ simulation in doubling slices of simulated time until the wall-clock budget
    /// (or the simulated-time cap) is used. With `trace`, chunks are taken and dropped as the
    /// renderer's worker would.
    pub(super) fn measure_mq(scenario: &Scenario, seed: u64, trace: bool, wall_s: f64) -> Speed {
        let options = SimOptions {
            plan: RunPlan { warmup_s: 0.0, run_s: BENCH_MAX_SIM_S, batches: BATCHES },
            trace,
            ..SimOptions::default()
        };
        let mut sim = MqSimulation::new(scenario, seed, options);
        let started = Instant::now();
        let mut until_s = 0.01;
        loop {
            sim.advance_to(until_s);
            while sim.trace_mut().take_chunk().is_some() {}
            let elapsed_s = started.elapsed().as_secs_f64();
            if elapsed_s >= wall_s || until_s >= BENCH_MAX_SIM_S {
                let events = sim.events();
                return Speed { events, simulated_s: sim.now_s(), elapsed_s, events_per_s: per_s(events, elapsed_s) };
            }
            until_s = (until_s * 2.0).min(BENCH_MAX_SIM_S);
        }
    }

    /// Runs the M/M/c reference for doubling simulated periods until one takes the wall-clock
    /// budget, and reports that run.
    pub(super) fn measure_reference(seed: u64, wall_s: f64) -> Speed {
        let mut run_s = 1000.0;
        loop {
            let plan = RunPlan { warmup_s: 0.0, run_s, batches: BATCHES };
            let started = Instant::now();
            let out =
                simulate_mmc(REFERENCE_ARRIVAL_RATE_PER_S, REFERENCE_SERVICE_RATE_PER_S, REFERENCE_SERVERS, seed, plan);
            let elapsed_s = started.elapsed().as_secs_f64();
            if elapsed_s >= wall_s || run_s >= 1e9 {
                return Speed {
                    events: out.events,
                    simulated_s: run_s,
                    elapsed_s,
                    events_per_s: per_s(out.events, elapsed_s),
                };
            }
            // Aim straight for the budget, at least doubling.
            let scale = if elapsed_s > 0.0 { (wall_s / elapsed_s) * 1.1 } else { 16.0 };
            run_s *= scale.clamp(2.0, 16.0);
        }
    }

    #[derive(Serialize)]
    struct BenchReport<'a> {
        scenario: &'a str,
        seed: u64,
        mq_statistics_only: Speed,
        mq_with_trace: Speed,
        reference_mmc: Speed,
        reference: &'static str,
        /// MQ (statistics only) events/s over the reference's.
        ratio_mq_to_reference: f64,
        target_events_per_s: f64,
        meets_target: bool,
    }

    fn bench(label: &str, scenario: &Scenario, seed: u64, json: bool) -> String {
        let mq_statistics_only = measure_mq(scenario, seed, false, BENCH_WALL_S);
        let mq_with_trace = measure_mq(scenario, seed, true, BENCH_WALL_S);
        let reference_mmc = measure_reference(seed, BENCH_WALL_S);
        let ratio = if reference_mmc.events_per_s > 0.0 {
            mq_statistics_only.events_per_s / reference_mmc.events_per_s
        } else {
            0.0
        };
        let report = BenchReport {
            scenario: label,
            seed,
            meets_target: mq_statistics_only.events_per_s >= NATIVE_TARGET_EVENTS_PER_S,
            mq_statistics_only,
            mq_with_trace,
            reference_mmc,
            reference: "M/M/4 at 80% utilisation",
            ratio_mq_to_reference: ratio,
            target_events_per_s: NATIVE_TARGET_EVENTS_PER_S,
        };
        if json {
            return pretty(&report);
        }
        let line = |name: &str, s: &Speed| {
            format!(
                "{name:<28} {:>7.2} M events/s  ({} events, {:.1} s simulated, {:.2} s wall)",
                s.events_per_s / 1e6,
                s.events,
                s.simulated_s,
                s.elapsed_s
            )
        };
        format!(
            "simulation speed, scenario: {label}, seed {seed}\n{}\n{}\n{}\nratio MQ / reference: {:.2}\ntarget: >= {:.0} M events/s natively: {}",
            line("MQ, statistics only", &report.mq_statistics_only),
            line("MQ, with trace", &report.mq_with_trace),
            line("reference M/M/4 at 80%", &report.reference_mmc),
            report.ratio_mq_to_reference,
            NATIVE_TARGET_EVENTS_PER_S / 1e6,
            if report.meets_target { "met" } else { "NOT met" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::simulate;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_plan_discards_a_tenth_and_measures_the_rest_in_batches() {
        let plan = simulate::plan_for(50.0);
        assert_eq!(plan.warmup_s, 5.0);
        assert_eq!(plan.end_s(), 50.0);
        assert!(plan.batches >= 10);
    }

    #[test]
    fn simulate_reads_its_flags_in_any_order() {
        let r = simulate::parse(&args(&["--seed", "7", "s.json", "--json", "--duration-s", "12.5"])).ok().unwrap();
        assert_eq!(r.scenario_path.as_deref(), Some("s.json"));
        assert_eq!((r.duration_s, r.seed, r.json, r.bench, r.profile), (12.5, 7, true, false, false));
        assert!(simulate::parse(&args(&["s.json", "--profile"])).ok().unwrap().profile);
        let b = simulate::parse(&args(&["--bench", "s.json"])).ok().unwrap();
        assert!(b.bench && b.scenario_path.as_deref() == Some("s.json"));
        assert!(simulate::parse(&args(&["--bench"])).ok().unwrap().scenario_path.is_none());
    }

    #[test]
    fn simulate_names_what_is_wrong_with_its_arguments() {
        let message = |list: &[&str]| simulate::parse(&args(list)).err().map(|f| f.message).unwrap_or_default();
        assert!(message(&["s.json", "--duration-s", "abc"]).contains("--duration-s `abc`"));
        assert!(message(&["s.json", "--duration-s", "-1"]).contains("> 0"));
        assert!(message(&["s.json", "--duration-s", "NaN"]).contains("--duration-s NaN"));
        assert!(message(&["s.json", "--seed", "-3"]).contains("--seed `-3`"));
        assert!(message(&["s.json", "--speed", "2"]).contains("unknown flag --speed"));
        assert!(message(&[]).contains("needs a scenario file"));
        assert!(message(&["a.json", "b.json"]).contains("one scenario file"));
        assert!(message(&["--bench", "--profile"]).contains("drop one of them"));
    }

    #[test]
    fn the_reference_measurement_counts_events_and_time() {
        let s = simulate::measure_reference(3, 0.01);
        assert!(s.events > 1000 && s.elapsed_s > 0.0 && s.events_per_s > 0.0);
        // Two events (arrival, departure) per customer at 3.2 arrivals per second.
        let expected = 2.0 * 3.2 * s.simulated_s;
        assert!((s.events as f64 - expected).abs() / expected < 0.05, "{s:?}");
    }
}
