//! `mqpx`: the performance model on the command line.
//!
//! ```text
//! mqpx eval <scenario.json> [--json]
//! mqpx sweep <scenario.json> --param PATH (--values a,b,c | --log-range lo:hi:n) --metric PATH [--json]
//! mqpx fidelity [--reference DIR] [--json | --format markdown]
//! mqpx calc <name> <input.json> [--json]
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

/// Parsed flags: positional arguments, `--json`, and `--name value` options.
struct Args {
    positional: Vec<String>,
    json: bool,
    options: Vec<(String, String)>,
}

impl Args {
    fn parse(raw: &[String]) -> Result<Args, Failure> {
        let mut args = Args { positional: Vec::new(), json: false, options: Vec::new() };
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if a == "--json" {
                args.json = true;
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
    let result = Args::parse(rest).and_then(|args| match command.as_str() {
        "eval" => eval(&args),
        "sweep" => sweep(&args),
        "fidelity" => fidelity(&args),
        "calc" => calc(&args),
        "schema" => schema(&args),
        "docs" => Ok(mqpx::scenario::scenario_markdown()),
        "version" => Ok(mqpx::version().to_string()),
        other => Err(Failure::usage(format!("unknown command `{other}`"))),
    });
    match result {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
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

fn schema(args: &Args) -> Result<String, Failure> {
    match args.positional(0, "scenario or metrics")? {
        "scenario" => Ok(pretty(&mqpx::scenario::json_schema())),
        "metrics" => Ok(pretty(&mqpx::Metrics::json_schema())),
        other => Err(Failure::usage(format!("unknown schema `{other}`; expected scenario or metrics"))),
    }
}
