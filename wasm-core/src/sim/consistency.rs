//! The simulation against the analytic model over scenarios drawn at random from the ranges the
//! app's scenario panel offers: where the two depart, found rather than chosen.
//!
//! The consistency tests hold chosen grids to the model. This draws scenarios no grid names,
//! runs each for a few thousand transactions (longer where those leave its estimates too wide to
//! judge) and ranks them by their largest departure in throughput, round trip or log rate, so a
//! change to either side can be judged over the whole space and a departure nobody has looked
//! for turns up. `mqpx consistency` prints it; the same judgement of one scenario ([`check`]) is
//! `mqpx check` and the app's "Simulation against the model".

use serde::Serialize;

use crate::model;
use crate::model::log::LogIoMode;
use crate::rng::Rng;
use crate::scenario::{Persistence, QueueType, Scenario, SyncpointMode, WorkloadKind};
use crate::sim::mq::run;
use crate::sim::stats::{Estimate, RunPlan};

/// Transactions a run aims at: enough for its batch means to settle within a few percent.
const TARGET_TRANSACTIONS: f64 = 4000.0;

/// Fewest transactions a run must complete to be judged at all.
const MIN_TRANSACTIONS: f64 = 500.0;

/// Least and most simulated seconds a first run takes (very slow scenarios stop at the most, and
/// are left out if that gives too few transactions); a run too noisy to judge is then lengthened
/// (`MAX_LENGTHENING`).
const RUN_S: (f64, f64) = (1.0, 60.0);

/// Largest message drawn: larger ones give too few transactions a minute to judge.
const MAX_DRAWN_MESSAGE_BYTES: f64 = 8.0 * 1024.0 * 1024.0;

/// Processors an LPAR the draw picks from.
const DRAWN_LPAR_CPUS: [u32; 6] = [1, 2, 3, 4, 8, 16];

/// Most requesters (or tasks) the draw gives a scenario.
const MAX_DRAWN_REQUESTERS: u32 = 64;

/// Seed of every simulated run (the scenarios' own draw has its seed).
const RUN_SEED: u64 = 31;

/// Widest 95% half-width, percent of the estimate, a judged figure may have. A few thousand
/// transactions leave some scenarios (large batches, a log shared by many tasks) with
/// half-widths of 3-27%, where the mean of one run lands either side of the limit by chance.
const JUDGED_HALF_WIDTH_PCT: f64 = 2.0;

/// Most a run is lengthened to bring its half-widths within `JUDGED_HALF_WIDTH_PCT`.
const MAX_LENGTHENING: f64 = 16.0;

/// One scenario simulated and compared with the model.
#[derive(Debug, Clone, Serialize)]
pub struct Departure {
    /// The scenario.
    pub scenario: Scenario,
    /// Transactions per second the simulation completed.
    pub simulated_transactions_per_s: f64,
    /// Simulated throughput against the model's, percent of the model's (positive: the
    /// simulation is faster).
    pub transactions_error_pct: f64,
    /// Simulated round trip against the model's, percent of the model's.
    pub round_trip_error_pct: f64,
    /// Simulated log rate against the model's, percent of the model's (0 when nothing is logged).
    pub log_rate_error_pct: f64,
}

impl Departure {
    /// The largest of the three departures, percent (unsigned).
    pub fn largest_pct(&self) -> f64 {
        self.transactions_error_pct.abs().max(self.round_trip_error_pct.abs()).max(self.log_rate_error_pct.abs())
    }

    /// The scenario in one line: the fields the draw varies.
    pub fn summary(&self) -> String {
        let s = &self.scenario;
        let w = &s.workload;
        let kind = kind_label(w.kind);
        let persistence = if w.persistence == Persistence::Persistent { "persistent" } else { "nonpersistent" };
        let syncpoint = if w.syncpoint == SyncpointMode::InSyncpoint { "in syncpoint" } else { "out of syncpoint" };
        let tasks = if w.kind == WorkloadKind::RequestReply {
            format!("{} requesters, {} servers, {} pairs", w.requesters, w.servers, w.queue_pairs)
        } else {
            format!("{} tasks on {} queues", w.requesters, w.queue_pairs)
        };
        let batch = if w.kind == WorkloadKind::BatchPut {
            format!(" x {} a commit", w.messages_per_commit)
        } else {
            String::new()
        };
        let queues = match w.queue_type {
            QueueType::Private => "private".to_string(),
            QueueType::Shared => format!("shared on {} QMs", w.queue_managers),
        };
        let implicit = if w.implicit_syncpoint { ", implicit syncpoint" } else { "" };
        format!(
            "{kind}, {persistence} {syncpoint}, {tasks}, {} B{batch}, {:?} log {}x{}, {} CPUs, {queues}{implicit}",
            w.message_size_bytes, s.log.io_mode, s.log.copies, s.log.stripes, s.system.lpar_cpus
        )
    }
}

/// A workload's name in [`Departure::summary`] and [`breakdown`].
fn kind_label(kind: WorkloadKind) -> &'static str {
    match kind {
        WorkloadKind::RequestReply => "request/reply",
        WorkloadKind::LogUpperBound => "log test",
        WorkloadKind::BatchPut => "batch",
        WorkloadKind::ChannelMove => "channel",
    }
}

/// A valid scenario drawn from the ranges of the app's scenario panel: request/reply (more
/// often), the log test or batches; private or (a quarter of the time) shared queues; sizes
/// spread evenly on a log scale from 256 bytes to 8 MB; any log path.
pub fn draw_scenario(rng: &mut Rng) -> Scenario {
    loop {
        let mut s = Scenario::default();
        let w = &mut s.workload;
        const KINDS: [WorkloadKind; 5] = [
            WorkloadKind::RequestReply,
            WorkloadKind::RequestReply,
            WorkloadKind::RequestReply,
            WorkloadKind::LogUpperBound,
            WorkloadKind::BatchPut,
        ];
        w.kind = KINDS[rng.below(KINDS.len() as u32) as usize];
        w.persistence = if rng.uniform() < 0.7 { Persistence::Persistent } else { Persistence::NonPersistent };
        w.syncpoint = if rng.uniform() < 0.5 { SyncpointMode::InSyncpoint } else { SyncpointMode::OutOfSyncpoint };
        w.requesters = 1 + rng.below(MAX_DRAWN_REQUESTERS);
        w.queue_pairs = 1 + rng.below(16);
        // Every pair in use needs a server; most runs give each requester one, as the reports do.
        let needed = w.queue_pairs.min(w.requesters);
        w.servers =
            if rng.uniform() < 0.8 { w.requesters.max(needed) } else { needed + rng.below(w.requesters - needed + 1) };
        w.message_size_bytes = (256.0 * crate::math::pow(MAX_DRAWN_MESSAGE_BYTES / 256.0, rng.uniform())) as u32;
        if w.kind == WorkloadKind::BatchPut {
            w.messages_per_commit = 1 + rng.below(100);
        }
        if rng.uniform() < 0.25 {
            w.queue_type = QueueType::Shared;
            w.queue_managers = 1 + rng.below(3);
        }
        w.implicit_syncpoint = rng.uniform() < 0.15;
        const PATHS: [LogIoMode; 3] = [LogIoMode::Ficon, LogIoMode::Zhpf, LogIoMode::Zhyperlink];
        s.log.io_mode = PATHS[rng.below(3) as usize];
        s.log.copies = 1 + rng.below(2);
        s.log.stripes = 1 + rng.below(4);
        s.system.lpar_cpus = DRAWN_LPAR_CPUS[rng.below(DRAWN_LPAR_CPUS.len() as u32) as usize];
        if let Ok(valid) = s.validated() {
            return valid;
        }
    }
}

/// A family of scenarios to draw from: the draw's ranges narrowed to the values named, for a
/// look at one corner the panel's mix seldom reaches (shared queues over three queue managers
/// logging over zHyperLink, say). Every field left `None` keeps the whole range.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Family {
    /// The workload.
    pub kind: Option<WorkloadKind>,
    /// Persistent or nonpersistent messages.
    pub persistence: Option<Persistence>,
    /// In or out of syncpoint.
    pub syncpoint: Option<SyncpointMode>,
    /// Private or shared queues.
    pub queue_type: Option<QueueType>,
    /// Queue managers of the queue sharing group (shared queues only).
    pub queue_managers: Option<u32>,
    /// The log's I/O path.
    pub io_mode: Option<LogIoMode>,
    /// Whether there are fewer servers than requesters.
    pub fewer_servers: Option<bool>,
    /// Whether the workload has one queue pair (one queue for the log test and batches).
    pub lone_pair: Option<bool>,
    /// Whether puts out of syncpoint run under implicit syncpoint.
    pub implicit_syncpoint: Option<bool>,
    /// Processors of each LPAR (one of the draw's 1, 2, 3, 4, 8 and 16).
    pub lpar_cpus: Option<u32>,
    /// Requesters (tasks of a log test or batch), fewest and most, within the draw's 1..=64: the
    /// corners where few applications meet several queue managers.
    pub requesters: Option<(u32, u32)>,
}

/// Sets a family's `slot` to `value` for `word`, unless an earlier word set it otherwise.
fn set_once<T: PartialEq + Copy>(slot: &mut Option<T>, value: T, word: &str) -> Result<(), String> {
    match *slot {
        Some(old) if old != value => Err(format!("family word `{word}` contradicts an earlier one")),
        _ => {
            *slot = Some(value);
            Ok(())
        }
    }
}

/// A word of [`Family::parse`] and what it narrows.
type FamilyWord = (&'static str, fn(&mut Family, &str) -> Result<(), String>);

/// The words [`Family::parse`] knows (besides `qmgrs=N`, `cpus=N` and `requesters=N` or
/// `requesters=A..B`); its error message lists them from here.
const FAMILY_WORDS: [FamilyWord; 18] = [
    ("request-reply", |f, w| set_once(&mut f.kind, WorkloadKind::RequestReply, w)),
    ("log-test", |f, w| set_once(&mut f.kind, WorkloadKind::LogUpperBound, w)),
    ("batch", |f, w| set_once(&mut f.kind, WorkloadKind::BatchPut, w)),
    ("persistent", |f, w| set_once(&mut f.persistence, Persistence::Persistent, w)),
    ("nonpersistent", |f, w| set_once(&mut f.persistence, Persistence::NonPersistent, w)),
    ("in-syncpoint", |f, w| set_once(&mut f.syncpoint, SyncpointMode::InSyncpoint, w)),
    ("out-of-syncpoint", |f, w| set_once(&mut f.syncpoint, SyncpointMode::OutOfSyncpoint, w)),
    ("private", |f, w| set_once(&mut f.queue_type, QueueType::Private, w)),
    ("shared", |f, w| set_once(&mut f.queue_type, QueueType::Shared, w)),
    ("ficon", |f, w| set_once(&mut f.io_mode, LogIoMode::Ficon, w)),
    ("zhpf", |f, w| set_once(&mut f.io_mode, LogIoMode::Zhpf, w)),
    ("zhyperlink", |f, w| set_once(&mut f.io_mode, LogIoMode::Zhyperlink, w)),
    ("fewer-servers", |f, w| set_once(&mut f.fewer_servers, true, w)),
    ("a-server-each", |f, w| set_once(&mut f.fewer_servers, false, w)),
    ("lone-pair", |f, w| set_once(&mut f.lone_pair, true, w)),
    ("several-pairs", |f, w| set_once(&mut f.lone_pair, false, w)),
    ("implicit-syncpoint", |f, w| set_once(&mut f.implicit_syncpoint, true, w)),
    ("no-implicit-syncpoint", |f, w| set_once(&mut f.implicit_syncpoint, false, w)),
];

impl Family {
    /// A family from comma-separated words (`shared,qmgrs=3,zhyperlink,out-of-syncpoint`); an
    /// unknown word, or two that contradict each other, is an error that names it.
    pub fn parse(text: &str) -> Result<Family, String> {
        let mut f = Family::default();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            if let Some((_, narrow)) = FAMILY_WORDS.iter().find(|(known, _)| *known == word) {
                narrow(&mut f, word)?;
                continue;
            }
            if let Some(cpus) = word.strip_prefix("cpus=") {
                match cpus.parse::<u32>() {
                    Ok(n) if DRAWN_LPAR_CPUS.contains(&n) => set_once(&mut f.lpar_cpus, n, word)?,
                    _ => return Err(format!("family word `{word}`: cpus takes one of {DRAWN_LPAR_CPUS:?}")),
                }
                continue;
            }
            if let Some(range) = word.strip_prefix("requesters=") {
                let bounds = match range.split_once("..") {
                    Some((lo, hi)) => (lo.parse::<u32>(), hi.parse::<u32>()),
                    None => (range.parse::<u32>(), range.parse::<u32>()),
                };
                match bounds {
                    (Ok(lo), Ok(hi)) if 1 <= lo && lo <= hi && hi <= MAX_DRAWN_REQUESTERS => {
                        set_once(&mut f.requesters, (lo, hi), word)?
                    }
                    _ => {
                        return Err(format!(
                            "family word `{word}`: requesters takes N or A..B within 1..{MAX_DRAWN_REQUESTERS}, the fewest first"
                        ));
                    }
                }
                continue;
            }
            match word.strip_prefix("qmgrs=").map(str::parse::<u32>) {
                Some(Ok(q @ 1..=3)) => {
                    set_once(&mut f.queue_managers, q, word)?;
                    set_once(&mut f.queue_type, QueueType::Shared, word)?;
                }
                Some(_) => return Err(format!("family word `{word}`: qmgrs takes 1, 2 or 3")),
                None => {
                    let known: Vec<&str> = FAMILY_WORDS.iter().map(|(known, _)| *known).collect();
                    return Err(format!(
                        "unknown family word `{word}`; expected some of: {}, qmgrs=1..3, cpus=N, requesters=N or A..B",
                        known.join(", ")
                    ));
                }
            }
        }
        if f.fewer_servers == Some(true) && f.kind.is_some_and(|k| k != WorkloadKind::RequestReply) {
            return Err("family word `fewer-servers` needs request/reply, which has servers".to_string());
        }
        Ok(f)
    }

    /// Whether `scenario` belongs to the family.
    pub fn contains(&self, scenario: &Scenario) -> bool {
        let w = &scenario.workload;
        let is = |want: Option<bool>, actual: bool| want.is_none_or(|want| want == actual);
        self.kind.is_none_or(|k| k == w.kind)
            && self.persistence.is_none_or(|p| p == w.persistence)
            && self.syncpoint.is_none_or(|m| m == w.syncpoint)
            && self.queue_type.is_none_or(|q| q == w.queue_type)
            && self.queue_managers.is_none_or(|q| q == w.queue_managers)
            && self.io_mode.is_none_or(|m| m == scenario.log.io_mode)
            && is(self.fewer_servers, w.kind == WorkloadKind::RequestReply && w.servers < w.requesters)
            && is(self.implicit_syncpoint, w.implicit_syncpoint)
            && is(self.lone_pair, w.queue_pairs == 1)
            && self.lpar_cpus.is_none_or(|c| c == scenario.system.lpar_cpus)
            && self.requesters.is_none_or(|(lo, hi)| (lo..=hi).contains(&w.requesters))
    }
}

/// Most scenarios [`probe_family`] draws in a row without keeping one: a family the panel's
/// mix reaches less often than this is too narrow to draw by rejection.
const FAMILY_DRAWS_A_SCENARIO: usize = 100_000;

/// How far the simulation's steady state may depart from the model, percent of the model's
/// figure, and the two still agree: the bound the consistency tests hold the grids to.
pub const AGREEMENT_LIMIT_PCT: f64 = 10.0;

/// One figure of the model set against the simulation's estimate of it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Compared {
    /// The model's figure.
    pub model: f64,
    /// The simulation's steady-state estimate, with its 95% half-width.
    pub simulated: Estimate,
    /// The simulation's mean against the model's figure, percent of the model's (positive: the
    /// simulation's is larger; 0 where the model's is 0, as for the log rate of nonpersistent
    /// work).
    pub departure_pct: f64,
}

impl Compared {
    fn of(model: f64, simulated: Estimate) -> Compared {
        let departure_pct = if model.abs() > 1e-12 { (simulated.mean - model) / model * 100.0 } else { 0.0 };
        Compared { model, simulated, departure_pct }
    }
}

/// A scenario's simulated steady state against the model, as the consistency probe judges it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Agreement {
    /// Transactions (round trips, or units of work) per second.
    pub transactions_per_s: Compared,
    /// Mean round trip (or unit of work), microseconds.
    pub round_trip_us: Compared,
    /// Log data written per copy, MB/s.
    pub log_rate_mb_s: Compared,
    /// The largest of the three departures, percent (unsigned).
    pub largest_departure_pct: f64,
    /// [`AGREEMENT_LIMIT_PCT`].
    pub limit_pct: f64,
    /// Whether every departure is within the limit.
    pub agrees: bool,
    /// Simulated seconds measured after the warm-up.
    pub run_s: f64,
}

/// Why [`check`] did not judge a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotJudged {
    /// A workload the probe does not draw (messages across channels, stream-queue copies,
    /// client connections): its simulation is held to the model by grids of its own.
    OutsideTheProbe,
    /// The model finds no throughput to compare with.
    NoModelThroughput,
    /// The run completed fewer than `MIN_TRANSACTIONS` (500) transactions: its run is sized by
    /// the model's throughput and stops at a minute, so a model far too fast, or a scenario
    /// slower than that, leaves too few.
    TooFewTransactions,
}

impl std::fmt::Display for NotJudged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotJudged::OutsideTheProbe => {
                "the check covers request/reply, the log test and batches without stream queues or client \
                 connections; this workload's simulation is checked against the model by grids of its own"
            }
            NotJudged::NoModelThroughput => "the model finds no throughput for this scenario to compare with",
            NotJudged::TooFewTransactions => "the simulation completed too few transactions in its run to judge",
        })
    }
}

/// [`check`]'s answer as the app receives it: the agreement, or why there is none, tagged by
/// `status` (`judged` or `not_judged`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CheckReport {
    /// The scenario was judged.
    Judged(Agreement),
    /// The scenario was not judged, for `reason`.
    NotJudged {
        /// Why, in a sentence for the user.
        reason: String,
    },
}

impl From<Result<Agreement, NotJudged>> for CheckReport {
    fn from(result: Result<Agreement, NotJudged>) -> CheckReport {
        match result {
            Ok(agreement) => CheckReport::Judged(agreement),
            Err(why) => CheckReport::NotJudged { reason: why.to_string() },
        }
    }
}

/// Simulates `scenario` for about `TARGET_TRANSACTIONS` (4,000) transactions, its statistics
/// only, longer where that leaves a half-width wider than `JUDGED_HALF_WIDTH_PCT` (2%), and
/// sets its steady state against the model.
pub fn check(scenario: &Scenario) -> Result<Agreement, NotJudged> {
    let w = &scenario.workload;
    if !matches!(w.kind, WorkloadKind::RequestReply | WorkloadKind::LogUpperBound | WorkloadKind::BatchPut)
        || scenario.streaming.enabled
        || scenario.connection.client_applications
    {
        return Err(NotJudged::OutsideTheProbe);
    }
    let rr = model::request_reply::evaluate(scenario);
    // A model with no throughput (or none it could find) gives nothing to compare against.
    if rr.transactions_s.is_nan() || rr.transactions_s <= 0.0 {
        return Err(NotJudged::NoModelThroughput);
    }
    let plan = |run_s: f64| RunPlan { warmup_s: 0.1 * run_s, run_s, batches: 10 };
    let mut run_s = (TARGET_TRANSACTIONS / rr.transactions_s).clamp(RUN_S.0, RUN_S.1);
    let mut m = run(scenario, RUN_SEED, plan(run_s));
    if m.transactions_per_s.mean * run_s < MIN_TRANSACTIONS {
        return Err(NotJudged::TooFewTransactions);
    }
    // Batch means narrow as the square root of the run: lengthen it once by the square of how
    // much too wide the widest is.
    let widest_pct = [m.transactions_per_s, m.round_trip_us, m.log_rate_mb_s]
        .iter()
        .map(|e| 100.0 * e.relative_half_width())
        .fold(0.0, f64::max);
    if widest_pct > JUDGED_HALF_WIDTH_PCT {
        run_s *= (widest_pct / JUDGED_HALF_WIDTH_PCT).powi(2).min(MAX_LENGTHENING);
        m = run(scenario, RUN_SEED, plan(run_s));
    }
    let log_rate_mb_s = model::commit::evaluate(scenario).log_rate_mb_s;
    Ok(Agreement::of(
        Compared::of(rr.transactions_s, m.transactions_per_s),
        Compared::of(rr.round_trip_us, m.round_trip_us),
        Compared::of(log_rate_mb_s, m.log_rate_mb_s),
        run_s,
    ))
}

impl Agreement {
    /// The three figures judged together: they agree while none departs beyond
    /// [`AGREEMENT_LIMIT_PCT`].
    fn of(transactions_per_s: Compared, round_trip_us: Compared, log_rate_mb_s: Compared, run_s: f64) -> Agreement {
        let largest_departure_pct = [transactions_per_s, round_trip_us, log_rate_mb_s]
            .iter()
            .map(|c| c.departure_pct.abs())
            .fold(0.0, f64::max);
        Agreement {
            transactions_per_s,
            round_trip_us,
            log_rate_mb_s,
            largest_departure_pct,
            limit_pct: AGREEMENT_LIMIT_PCT,
            agrees: largest_departure_pct <= AGREEMENT_LIMIT_PCT,
            run_s,
        }
    }
}

/// Simulates `scenario` for about `TARGET_TRANSACTIONS` (4,000) transactions and compares it
/// with the model; `None` where [`check`] does not judge it.
pub fn compare(scenario: &Scenario) -> Option<Departure> {
    let a = check(scenario).ok()?;
    Some(Departure {
        scenario: scenario.clone(),
        simulated_transactions_per_s: a.transactions_per_s.simulated.mean,
        transactions_error_pct: a.transactions_per_s.departure_pct,
        round_trip_error_pct: a.round_trip_us.departure_pct,
        log_rate_error_pct: a.log_rate_mb_s.departure_pct,
    })
}

/// `count` scenarios drawn with `seed`, each simulated and compared, largest departure first;
/// the second figure is how many were left out as too slow to judge.
pub fn probe(count: usize, seed: u64) -> (Vec<Departure>, usize) {
    probe_family(count, seed, &Family::default()).expect("the whole range draws every scenario")
}

/// [`probe`] over the scenarios of `family` only: the panel's draw, keeping those that belong
/// to it (so the whole family's draw with a seed is the panel's draw with that seed, thinned).
/// An error where the family is so narrow that the draw seldom reaches it.
pub fn probe_family(count: usize, seed: u64, family: &Family) -> Result<(Vec<Departure>, usize), String> {
    let mut rng = Rng::new(seed);
    let mut drawn: Vec<Scenario> = Vec::with_capacity(count);
    // Counted since the last one kept, so an unreachable family fails as soon for 200 as for 1.
    let (mut draws, mut since_kept) = (0, 0);
    while drawn.len() < count {
        if since_kept == FAMILY_DRAWS_A_SCENARIO {
            return Err(format!(
                "the family kept {} of {draws} scenarios drawn: too narrow to draw by chance",
                drawn.len()
            ));
        }
        draws += 1;
        since_kept += 1;
        let s = draw_scenario(&mut rng);
        if family.contains(&s) {
            drawn.push(s);
            since_kept = 0;
        }
    }
    let mut judged: Vec<Departure> = drawn.iter().filter_map(compare).collect();
    let left_out = count - judged.len();
    judged.sort_by(|a, b| b.largest_pct().total_cmp(&a.largest_pct()));
    Ok((judged, left_out))
}

/// How often the judged scenarios sharing one value of one dimension (the workload, the
/// processors of an LPAR, ...) depart from the model by more than 10%: a line of [`breakdown`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepartureRate {
    /// The dimension: `workload`, `persistence`, `syncpoint`, `queues`, `log path`,
    /// `lpar processors`, `message size` or `queue pairs`.
    pub dimension: &'static str,
    /// The value within it (`request/reply`, `shared on 2 QMs`, `1 MB and more`, ...).
    pub value: String,
    /// Scenarios judged with that value.
    pub judged: usize,
    /// Of those, the ones departing from the model by more than 10%.
    pub beyond_10_pct: usize,
}

impl DepartureRate {
    /// `beyond_10_pct` as a percentage of `judged`.
    pub fn beyond_10_share_pct(&self) -> f64 {
        if self.judged == 0 { 0.0 } else { self.beyond_10_pct as f64 * 100.0 / self.judged as f64 }
    }
}

/// A dimension of [`breakdown`]: its name, and a scenario's value in it with the place that
/// value takes among the others (so that sizes and counts list in order, not alphabetically).
type Dimension = (&'static str, fn(&Scenario) -> (u32, String));

/// The dimensions [`breakdown`] splits the judged scenarios by, in the order it lists them.
const DIMENSIONS: [Dimension; 8] = [
    ("workload", |s| {
        let order = match s.workload.kind {
            WorkloadKind::RequestReply => 0,
            WorkloadKind::LogUpperBound => 1,
            WorkloadKind::BatchPut => 2,
            WorkloadKind::ChannelMove => 3,
        };
        (order, kind_label(s.workload.kind).into())
    }),
    ("persistence", |s| match s.workload.persistence {
        Persistence::Persistent => (0, "persistent".into()),
        Persistence::NonPersistent => (1, "nonpersistent".into()),
    }),
    ("syncpoint", |s| match (s.workload.syncpoint, s.workload.implicit_syncpoint) {
        (SyncpointMode::InSyncpoint, _) => (0, "in".into()),
        (SyncpointMode::OutOfSyncpoint, false) => (1, "out".into()),
        (SyncpointMode::OutOfSyncpoint, true) => (2, "out, implicit".into()),
    }),
    ("queues", |s| match s.workload.queue_type {
        QueueType::Private => (0, "private".into()),
        QueueType::Shared => (s.workload.queue_managers, format!("shared on {} QMs", s.workload.queue_managers)),
    }),
    ("log path", |s| match s.log.io_mode {
        LogIoMode::Ficon => (0, "FICON".into()),
        LogIoMode::Zhpf => (1, "zHPF".into()),
        LogIoMode::Zhyperlink => (2, "zHyperLink".into()),
    }),
    ("lpar processors", |s| (s.system.lpar_cpus, s.system.lpar_cpus.to_string())),
    ("message size", |s| {
        const BANDS: [(u32, &str); 4] =
            [(1024, "under 1 KB"), (64 * 1024, "1-64 KB"), (1 << 20, "64 KB-1 MB"), (u32::MAX, "1 MB and more")];
        let bytes = s.workload.message_size_bytes;
        let band = BANDS.iter().position(|&(below, _)| bytes < below).unwrap_or(BANDS.len() - 1);
        (band as u32, BANDS[band].1.into())
    }),
    ("queue pairs", |s| if s.workload.queue_pairs == 1 { (0, "one".into()) } else { (1, "several".into()) }),
];

/// How often the scenarios of `judged` depart by more than 10%, split one dimension at a time:
/// where a probe's departures gather (shared queues over several queue managers, one-processor
/// LPARs, ...), to choose the family to draw next. Dimensions in a fixed order, values in
/// theirs; only values some scenario has.
pub fn breakdown(judged: &[Departure]) -> Vec<DepartureRate> {
    let mut rates = std::collections::BTreeMap::<(usize, u32), DepartureRate>::new();
    for d in judged {
        for (i, (dimension, value_of)) in DIMENSIONS.iter().enumerate() {
            let (order, value) = value_of(&d.scenario);
            let rate =
                rates.entry((i, order)).or_insert(DepartureRate { dimension, value, judged: 0, beyond_10_pct: 0 });
            rate.judged += 1;
            rate.beyond_10_pct += usize::from(d.largest_pct() > AGREEMENT_LIMIT_PCT);
        }
    }
    rates.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_valid_scenarios_across_the_panels_ranges() {
        let mut rng = Rng::new(5);
        let drawn: Vec<Scenario> = (0..400).map(|_| draw_scenario(&mut rng)).collect();
        assert!(drawn.iter().all(|s| s.clone().validated().is_ok()));
        for kind in [WorkloadKind::RequestReply, WorkloadKind::LogUpperBound, WorkloadKind::BatchPut] {
            assert!(drawn.iter().any(|s| s.workload.kind == kind), "{kind:?}");
        }
        let sizes: Vec<u32> = drawn.iter().map(|s| s.workload.message_size_bytes).collect();
        assert!(sizes.iter().any(|&b| b < 1024) && sizes.iter().any(|&b| b > 1024 * 1024), "{sizes:?}");
        assert!(drawn.iter().any(|s| s.workload.queue_type == QueueType::Shared));
        assert!(drawn.iter().any(|s| s.workload.servers < s.workload.requesters));
    }

    #[test]
    fn a_family_narrows_the_draw_to_its_scenarios_and_names_a_word_it_does_not_know() {
        let family = Family::parse("request-reply, shared,qmgrs=3, zhyperlink,out-of-syncpoint,fewer-servers").unwrap();
        assert_eq!(family.queue_type, Some(QueueType::Shared));
        let mut rng = Rng::new(9);
        let drawn: Vec<Scenario> = (0..4000).map(|_| draw_scenario(&mut rng)).collect();
        let kept: Vec<&Scenario> = drawn.iter().filter(|s| family.contains(s)).collect();
        assert!(!kept.is_empty() && kept.len() < drawn.len() / 50, "{} kept", kept.len());
        for s in kept {
            let w = &s.workload;
            assert!(w.kind == WorkloadKind::RequestReply && w.queue_type == QueueType::Shared && w.queue_managers == 3);
            assert!(s.log.io_mode == LogIoMode::Zhyperlink && w.syncpoint == SyncpointMode::OutOfSyncpoint);
            assert!(w.servers < w.requesters);
        }
        let lone = Family::parse("lone-pair").unwrap();
        let lone_kept = drawn.iter().filter(|s| lone.contains(s)).count();
        assert!(lone_kept > 0 && lone_kept < drawn.len() / 4, "{lone_kept} lone pairs kept");
        assert!(drawn.iter().filter(|s| lone.contains(s)).all(|s| s.workload.queue_pairs == 1));
        assert!(Family::parse("lone-pair,several-pairs").unwrap_err().contains("`several-pairs` contradicts"));
        assert!(Family::default().contains(&drawn[0]));
        let unknown = Family::parse("shared,zhyperlinc").unwrap_err();
        assert!(unknown.contains("`zhyperlinc`") && unknown.contains("zhyperlink"), "{unknown}");
        assert!(Family::parse("private,shared").unwrap_err().contains("`shared` contradicts"));
        assert!(Family::parse("qmgrs=4").unwrap_err().contains("1, 2 or 3"));
        assert!(Family::parse("batch,fewer-servers").is_err());
        let one_cpu = Family::parse("shared,cpus=1").unwrap();
        let one_cpu_kept: Vec<&Scenario> = drawn.iter().filter(|s| one_cpu.contains(s)).collect();
        assert!(!one_cpu_kept.is_empty() && one_cpu_kept.iter().all(|s| s.system.lpar_cpus == 1));
        assert!(Family::parse("cpus=5").unwrap_err().contains("cpus takes one of"));
        assert!(Family::parse("cpus=1,cpus=2").unwrap_err().contains("`cpus=2` contradicts"));
        // A requester range keeps the draws with that many requesters (or tasks), ends included.
        let few = Family::parse("shared,requesters=2..4").unwrap();
        let few_kept: Vec<&Scenario> = drawn.iter().filter(|s| few.contains(s)).collect();
        assert!(!few_kept.is_empty() && few_kept.iter().all(|s| (2..=4).contains(&s.workload.requesters)));
        let counts: Vec<u32> = few_kept.iter().map(|s| s.workload.requesters).collect();
        assert!(counts.contains(&2) && counts.contains(&4), "{counts:?}");
        let three = Family::parse("requesters=3").unwrap();
        let three_kept: Vec<&Scenario> = drawn.iter().filter(|s| three.contains(s)).collect();
        assert!(!three_kept.is_empty() && three_kept.iter().all(|s| s.workload.requesters == 3));
        for bad in ["requesters=0", "requesters=5..2", "requesters=65", "requesters=a..b", "requesters=1..70"] {
            assert!(Family::parse(bad).unwrap_err().contains("requesters takes N or A..B"), "{bad}");
        }
        assert!(Family::parse("requesters=1..4,requesters=2").unwrap_err().contains("contradicts"));
    }

    #[test]
    fn the_breakdown_counts_each_scenario_once_a_dimension_and_its_departures_beyond_ten_percent() {
        let mut rng = Rng::new(21);
        let departure = |error_pct: f64, rng: &mut Rng| Departure {
            scenario: draw_scenario(rng),
            simulated_transactions_per_s: 1000.0,
            transactions_error_pct: error_pct,
            round_trip_error_pct: -error_pct,
            log_rate_error_pct: 0.0,
        };
        let errors = [2.0, -12.0, 30.0, 9.9, -10.5, 0.0, 15.0, 4.0];
        let judged: Vec<Departure> = errors.iter().map(|&e| departure(e, &mut rng)).collect();
        let rates = breakdown(&judged);
        let beyond = errors.iter().filter(|e| e.abs() > 10.0).count();
        for (dimension, _) in DIMENSIONS {
            let lines: Vec<&DepartureRate> = rates.iter().filter(|r| r.dimension == dimension).collect();
            assert!(!lines.is_empty(), "{dimension}");
            assert_eq!(lines.iter().map(|r| r.judged).sum::<usize>(), judged.len(), "{dimension}");
            assert_eq!(lines.iter().map(|r| r.beyond_10_pct).sum::<usize>(), beyond, "{dimension}");
        }
        // Each line counts the scenarios with its value, and those of them beyond 10%.
        for rate in rates.iter().filter(|r| r.dimension == "lpar processors") {
            let with: Vec<&Departure> =
                judged.iter().filter(|d| d.scenario.system.lpar_cpus.to_string() == rate.value).collect();
            assert_eq!(rate.judged, with.len());
            assert_eq!(rate.beyond_10_pct, with.iter().filter(|d| d.largest_pct() > 10.0).count());
            assert!((rate.beyond_10_share_pct() - rate.beyond_10_pct as f64 * 100.0 / with.len() as f64).abs() < 1e-9);
        }
        // Dimensions keep their order, values theirs (processors by count, not as text).
        let dims: Vec<&str> = rates.iter().map(|r| r.dimension).collect();
        let first = |d: &str| dims.iter().position(|x| *x == d).unwrap();
        assert!(first("workload") < first("queues") && first("queues") < first("message size"));
        let cpus: Vec<u32> =
            rates.iter().filter(|r| r.dimension == "lpar processors").map(|r| r.value.parse().unwrap()).collect();
        assert!(cpus.windows(2).all(|w| w[0] < w[1]), "{cpus:?}");
        assert!(breakdown(&[]).is_empty());
    }

    #[test]
    fn a_family_the_draw_cannot_reach_is_an_error_not_an_endless_draw() {
        // Log tests have no servers, so none has fewer servers than requesters.
        let family = Family { kind: Some(WorkloadKind::LogUpperBound), fewer_servers: Some(true), ..Family::default() };
        let err = probe_family(200, 3, &family).unwrap_err();
        assert!(err.contains("too narrow"), "{err}");
    }

    #[test]
    fn a_check_sets_the_simulated_steady_state_against_the_models_figures() {
        let mut scenario = Scenario::default();
        scenario.workload.persistence = Persistence::Persistent;
        let a = check(&scenario).expect("a persistent request/reply scenario is judged");
        let rr = model::request_reply::evaluate(&scenario);
        assert_eq!(a.transactions_per_s.model, rr.transactions_s);
        assert_eq!(a.round_trip_us.model, rr.round_trip_us);
        assert_eq!(a.log_rate_mb_s.model, model::commit::evaluate(&scenario).log_rate_mb_s);
        for c in [a.transactions_per_s, a.round_trip_us, a.log_rate_mb_s] {
            assert!(c.simulated.mean > 0.0 && c.simulated.half_width_95 > 0.0, "{c:?}");
            let expected = (c.simulated.mean - c.model) / c.model * 100.0;
            assert!((c.departure_pct - expected).abs() < 1e-9, "{c:?}");
        }
        // The same run the probe judges, so the two never disagree about a scenario.
        let d = compare(&scenario).unwrap();
        assert_eq!(d.transactions_error_pct, a.transactions_per_s.departure_pct);
        assert_eq!(d.largest_pct(), a.largest_departure_pct);
        assert!(a.run_s >= RUN_S.0 && a.run_s <= RUN_S.1 * MAX_LENGTHENING);
    }

    #[test]
    fn a_run_too_short_to_judge_within_its_noise_is_lengthened_until_it_can_be() {
        // Three requesters on two pairs shared by three queue managers at 3.8 KB: 4,000
        // transactions leave the throughput's half-width at 6%, and that one run's mean departed
        // 10.9% where runs ten times longer depart 7-8%.
        let mut scenario = Scenario::default();
        let w = &mut scenario.workload;
        (w.persistence, w.syncpoint, w.message_size_bytes) =
            (Persistence::Persistent, SyncpointMode::OutOfSyncpoint, 3801);
        (w.requesters, w.servers, w.queue_pairs, w.queue_managers) = (3, 3, 2, 3);
        w.queue_type = QueueType::Shared;
        (scenario.log.copies, scenario.log.stripes, scenario.log.io_mode) = (2, 3, LogIoMode::Zhpf);
        scenario.system.lpar_cpus = 4;
        let a = check(&scenario).expect("judged");
        let first_run_s = (TARGET_TRANSACTIONS / a.transactions_per_s.model).clamp(RUN_S.0, RUN_S.1);
        assert!(a.run_s > 2.0 * first_run_s, "{} s against {first_run_s} s", a.run_s);
        for c in [a.transactions_per_s, a.round_trip_us, a.log_rate_mb_s] {
            // The lengthening is reckoned from one run's half-width, itself an estimate.
            assert!(100.0 * c.simulated.relative_half_width() < 1.25 * JUDGED_HALF_WIDTH_PCT, "{c:?}");
        }
        assert!(a.agrees, "{a:?}");
    }

    #[test]
    fn figures_agree_only_while_none_departs_beyond_the_limit() {
        let at = |departure_pct: f64| Compared::of(100.0, Estimate { mean: 100.0 + departure_pct, half_width_95: 1.0 });
        let judged = |t: f64, r: f64, l: f64| Agreement::of(at(t), at(r), at(l), 1.0);
        let within = judged(4.0, -9.9, 0.0);
        assert!(within.agrees);
        assert!((within.largest_departure_pct - 9.9).abs() < 1e-9);
        let beyond = judged(4.0, -3.0, -10.5);
        assert!(!beyond.agrees);
        assert!((beyond.largest_departure_pct - 10.5).abs() < 1e-9);
        // Nothing logged on either side departs by nothing.
        assert_eq!(Compared::of(0.0, Estimate::default()).departure_pct, 0.0);
    }

    #[test]
    fn workloads_the_probe_does_not_draw_are_not_judged_and_say_why() {
        let mut channel = Scenario::default();
        channel.workload.kind = WorkloadKind::ChannelMove;
        channel.workload.queue_managers = 2;
        let mut streamed = Scenario::default();
        streamed.streaming.enabled = true;
        let mut clients = Scenario::default();
        clients.connection.client_applications = true;
        for s in [channel, streamed, clients] {
            let s = s.validated().expect("a valid scenario");
            assert_eq!(check(&s), Err(NotJudged::OutsideTheProbe));
        }
        let report = serde_json::to_value(CheckReport::from(Err(NotJudged::TooFewTransactions))).unwrap();
        assert_eq!(report["status"], "not_judged");
        assert!(report["reason"].as_str().unwrap().contains("too few transactions"), "{report}");
        let judged = serde_json::to_value(CheckReport::from(check(&Scenario::default()))).unwrap();
        assert_eq!(judged["status"], "judged");
        assert!(judged["transactions_per_s"]["simulated"]["half_width_95"].as_f64().unwrap() > 0.0, "{judged}");
        assert_eq!(judged["limit_pct"], AGREEMENT_LIMIT_PCT);
    }

    #[test]
    fn ranks_what_it_judged_by_the_largest_departure() {
        let (judged, left_out) = probe(6, 3);
        assert_eq!(judged.len() + left_out, 6);
        assert!(judged.windows(2).all(|w| w[0].largest_pct() >= w[1].largest_pct()));
        for d in &judged {
            assert!(d.largest_pct().is_finite() && d.simulated_transactions_per_s > 0.0, "{}", d.summary());
        }
    }
}
