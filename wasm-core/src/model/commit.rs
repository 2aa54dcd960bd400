//! Commit, queue locking, implicit syncpoint and log-force aggregation.
//!
//! A persistent unit of work is only durable once its log records are on DASD, so every commit
//! (and every persistent put or get out of syncpoint, which is its own unit of work) waits for a
//! forced log write. Three mechanisms decide how expensive that is:
//!
//! - Log-force aggregation: while one forced write is in flight, the records of every other
//!   committer pile up in the log buffer and go out together in the next write. Many concurrent
//!   committers therefore share writes, and each write carries more data.
//! - The queue lock: a persistent put out of syncpoint keeps the queue locked until its forced
//!   write completes, so every other put and get on that queue queues up behind a log I/O. Inside
//!   syncpoint the lock covers only the CPU of the put (`000_e91e820cc1600bd9.txt`, "Implicit
//!   syncpointing for persistent messages put outside of syncpoint").
//! - Implicit syncpoint (ImplSyncOpenOutput): once enough applications have a queue open for
//!   output, the queue manager turns such a put into put-in-syncpoint plus commit, which frees the
//!   lock early at the price of a second log write when the log was otherwise idle.
//!
//! The figures of this module come from the closed-system solution in
//! [`crate::model::request_reply::solve`], which applies these mechanisms to the whole workload.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

mod force_sizes;

pub use force_sizes::{ForceSizes, PageSpread};

use crate::model::log::{IoPath, MAX_WRITE_BYTES, WriteTimer};
use crate::model::request_reply::{self, Bound};
use crate::scenario::Scenario;

/// Log writes an implicit syncpoint needs when nothing else is logging: the put's own record,
/// then the commit. `000_e91e820cc1600bd9.txt`, "Implicit syncpointing for persistent messages put
/// outside of syncpoint": "it requires 2 log writes instead of 1".
pub const IMPLICIT_SYNCPOINT_LOG_WRITES_ALONE: f64 = 2.0;

/// Upper limit on commits gathered into one forced write, so the fixed point below stays finite
/// when the log is saturated (the byte-rate limit, not this cap, bounds throughput there).
const MAX_REQUESTS_PER_WRITE: f64 = 1.0e6;

/// How sharply force waits rise as the log's byte rate nears its ceiling (exponent of the
/// utilisation); high enough to leave waits untouched at moderate load.
const LOG_CEILING_SHARPNESS: f64 = 8.0;

/// Chains of forces past which the ceiling's wall sharpens in proportion (see [`log_force_on`]):
/// 64 committers drive the simulated log to 96% of its byte ceiling before their waits grow.
const LOG_CEILING_CHAINS: f64 = 16.0;

/// How steeply independent chains' byte-ceiling wall rises as their writes fill (the power of the
/// fill that divides the wall's exponent; see [`log_force_on`]). Fitted to the simulation's force
/// wait where only the wall differs: 16 requesters out of syncpoint at 32 KB over dual 4-stripe
/// zHyperLink logs (writes two thirds full, the log at 81% of its ceiling) wait 510 us a force;
/// the model gives 571 with the fill's first power, 524 with its fourth. 8 requesters in syncpoint
/// at 68 KB: 334 us simulated, 398 and 368.
const LOG_CEILING_FILL_POWER: f64 = 4.0;

/// Writes' worth of a closed loop's forces in flight (its force rate times its wait, over the
/// commits a write carries) from which, with [`NEVER_IDLE_FORCES_A_CYCLE`], its logger never
/// idles (see [`log_force_on`]).
const NEVER_IDLE_WRITES_IN_FLIGHT: f64 = 2.0;

/// Forces that come during one cycle of the logger (its write and tail) from which, with
/// [`NEVER_IDLE_WRITES_IN_FLIGHT`], one is always waiting as a write ends (see [`log_force_on`]).
const NEVER_IDLE_FORCES_A_CYCLE: f64 = 2.0;

/// Most steps the search for the commits per write takes (it closes in a few).
const FORCE_SEARCH_STEPS: usize = 80;

/// Elapsed time of one forced write of `bytes` to the active log, all copies in parallel, as the
/// log sub-model computes it for the scenario's log configuration and I/O path.
pub fn forced_write_us(scenario: &Scenario, bytes: f64) -> f64 {
    crate::model::log::write_time_us(scenario, bytes.max(0.0)).max(0.0)
}

/// As [`forced_write_us`], when the log issues `writes_per_s` such writes a second (a light load
/// leaves zHyperLink's PFIDs free, so fewer writes fall back to asynchronous I/O).
pub fn forced_write_at_rate_us(scenario: &Scenario, bytes: f64, writes_per_s: f64) -> f64 {
    crate::model::log::write_time_at_rate_us(scenario, bytes.max(0.0), writes_per_s.max(0.0)).max(0.0)
}

/// Per-copy log throughput ceiling for the scenario, in MB/s (1 MB = 1,048,576 bytes).
pub fn max_log_rate_mb_s(scenario: &Scenario) -> f64 {
    crate::model::log::max_log_rate_mb_s(scenario).max(1.0e-3)
}

/// How forced log writes behave for a given stream of force requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LogForce {
    /// Elapsed time of one (aggregated) forced write, in microseconds.
    pub write_us: f64,
    /// Force requests (commits) served by one write.
    pub requests_per_write: f64,
    /// Forced writes actually issued per second.
    pub writes_per_s: f64,
    /// Fraction of time the logger is writing for other committers when a request arrives (0..1).
    pub busy_with_others: f64,
    /// Average time a force request waits for its data to be on DASD, in microseconds.
    pub wait_us: f64,
}

impl LogForce {
    /// The log as it is `share` of the time as `self` and the rest as `other`: each figure
    /// weighed by the time, for a load that moves between two ways of forcing.
    pub fn blend(&self, other: &LogForce, share: f64) -> LogForce {
        let mix = |a: f64, b: f64| share * a + (1.0 - share) * b;
        LogForce {
            write_us: mix(self.write_us, other.write_us),
            requests_per_write: mix(self.requests_per_write, other.requests_per_write),
            writes_per_s: mix(self.writes_per_s, other.writes_per_s),
            busy_with_others: mix(self.busy_with_others, other.busy_with_others),
            wait_us: mix(self.wait_us, other.wait_us),
        }
    }
}

/// The force requests a log sees, for [`log_force_on`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ForceStream {
    /// Force requests (commits, persistent operations out of syncpoint) per second.
    pub requests_per_s: f64,
    /// Log data each request brings, on average, in bytes.
    pub bytes_per_request: f64,
    /// Independent closed-loop tasks issuing the requests.
    pub chains: f64,
    /// Share of the log's byte-rate ceiling in use (below 1).
    pub byte_utilisation: f64,
    /// Time a task spends between the release of one of its forces and its next force request
    /// (its CPU in between), in microseconds; infinite when the requests are not a closed loop's.
    pub gap_us: f64,
    /// The kinds of request by size (see [`ForceSizes`]): a write gathering a few of them takes
    /// the time of the pages their mix occupies, which steps with the mix, not that of the pages
    /// of their mean.
    pub sizes: ForceSizes,
    /// Share of the log data the logger writes ahead of the forces, while units of work are
    /// still putting (0..1): writes that carry no force, behind which forces wait and gather.
    pub background_share: f64,
    /// Whether the chains are convoys through queue locks held across their forces: a write's
    /// release hands each lock to its next holder, whose force follows within a put's CPU (see
    /// [`log_force_on`] for what that does after a synchronous write).
    pub lock_handoffs: bool,
    /// Processors the chains share between their forces, when the chains a write releases come
    /// back from them one after another (see [`log_force_on`]); infinite for chains taken to come
    /// back independently.
    pub processors: f64,
    /// Processor time a chain takes between its forces, unqueued, in microseconds: what each
    /// chain released ahead of another on the processors delays it by.
    pub paced_gap_us: f64,
    /// Processors the chains run on between their forces, for chains taken to come back
    /// independently: of the chains a synchronous write releases, no more come back within the
    /// logger's tail than these can serve in it, each taking `paced_gap_us` of processor time
    /// (infinite for no such bound).
    pub rejoin_processors: f64,
    /// Share of the forces that follow a release by this queue manager's own log, 0..1: 1 on
    /// private queues, less on shared ones, where a lock or a message handed on as another queue
    /// manager's write ends brings a force at no particular point of this logger's writes (see
    /// [`log_force_on`]).
    pub own_release_share: f64,
    /// Of `gap_us`, the part that takes the same time whenever a chain makes it, in
    /// microseconds: the wait for its asynchronous CF requests, which the link and the CF set,
    /// not the processors (0 for private queues). A paced chain's return is this time plus its
    /// processor bursts, and only the bursts vary (see [`log_force_on`]).
    pub fixed_gap_us: f64,
    /// Whether `gap_us` is the whole time between a chain's forces and the chains keep to this
    /// log, so that forces filling a write during each of the logger's cycles keep it writing
    /// full writes back to back, at the byte ceiling (see [`log_force_on`]): out of syncpoint,
    /// each force a put's or a get's own, on one queue manager. Not for units of work, whose put
    /// phase between commits the gap leaves out, nor for convoys that roam between logs.
    pub gap_is_whole_cycle: bool,
}

impl ForceStream {
    /// Requests of equal size from random arrivals (no closed-loop gap).
    pub fn uniform(requests_per_s: f64, bytes_per_request: f64, chains: f64, byte_utilisation: f64) -> Self {
        ForceStream {
            requests_per_s,
            bytes_per_request,
            chains,
            byte_utilisation,
            gap_us: f64::INFINITY,
            sizes: ForceSizes::UNIFORM,
            background_share: 0.0,
            lock_handoffs: false,
            processors: f64::INFINITY,
            paced_gap_us: f64::INFINITY,
            rejoin_processors: f64::INFINITY,
            own_release_share: 1.0,
            fixed_gap_us: 0.0,
            gap_is_whole_cycle: false,
        }
    }
}

/// Log-force aggregation for `requests_per_s` force requests, each bringing `bytes_per_request`
/// of log data, issued by `chains` independent closed-loop tasks; `byte_utilisation` is the share
/// of the log's byte-rate ceiling in use (below 1). See [`log_force_on`].
pub fn log_force(
    scenario: &Scenario,
    requests_per_s: f64,
    bytes_per_request: f64,
    chains: f64,
    byte_utilisation: f64,
) -> LogForce {
    let path = IoPath::of(scenario);
    let stream = ForceStream::uniform(requests_per_s, bytes_per_request, chains, byte_utilisation);
    log_force_on(&mut path.timer(), &stream)
}

/// The commits a write gathers, as three counts and the shares of the writes each stands for,
/// where writes gather `mean` commits on average and at most `most`.
///
/// A write carries the force that started it and whichever of the other chains' forces came
/// while the logger was busy before it, each there or not: one plus a binomial count over the
/// other chains, whose variance is what the three points (the normal's Gauss-Hermite rule)
/// carry. Timed at the mean alone (two whole counts either side of it), a write whose commits
/// fill about a page stepped to two pages over one or two more requesters where the simulation
/// moves smoothly: 6 requesters with a server each on 12 private pairs at 279 B over
/// zHyperLink gathered 4.8 commits a write in the simulation with a variance of 1.25 (the
/// binomial's 0.95, the two counts' 0.15), 38% of its writes of two pages, and the model,
/// with 16%, was 13% fast there and 11% slow at 8 requesters (7% fast and 4% slow with the
/// spread). The consistency probe: beyond 5% 387 -> 357, 62 cases nearer by 1.5 points or more
/// and 21 further; grids kept from earlier work 140 nearer, 57 further, beyond 10% 63 -> 35. The
/// most is the log's chains up to a full write's worth: the chains alone gave 365, and 1.5 times
/// the binomial's variance (the simulation's is 1.3-1.4 times) 365 as well. The three counts cost
/// the model's evaluation about 15% on a persistent zHyperLink scenario.
fn commits_a_write(mean: f64, most: f64) -> [(f64, f64); force_sizes::MAX_COUNTS] {
    let others = (mean - 1.0).max(0.0);
    let slots = (most - 1.0).max(0.0);
    let variance = if slots > 0.0 { others * (1.0 - others / slots).max(0.0) } else { 0.0 };
    // The lowest point is one commit at the least (the binomial is skewed near its ends).
    let sd = crate::math::pow(variance, 0.5).min(others / force_sizes::NORMAL_NODES[2].0);
    if sd <= 0.0 {
        // One count: its share exactly whole, as the normal's three weights do not quite sum.
        return [(mean, 1.0), (mean, 0.0), (mean, 0.0)];
    }
    force_sizes::NORMAL_NODES.map(|(z, weight)| (mean + z * sd, weight))
}

/// [`log_force`] for a [`ForceStream`], with a write timer kept by the caller (see
/// [`IoPath::timer`]), for solvers that evaluate it at many nearby loads and so time writes of the
/// same few sizes over and over.
///
/// A write takes every force waiting when it starts, up to a full write, so while it is in flight
/// only the chains outside it can bring another: each of the `chains - g` comes back within the
/// write (of `t`) with probability `p = 1 - exp(-t/G)`, `G` being the time a chain spends between
/// the release of one force and its next (its cycle less its wait), taken as exponential. The
/// next write carries those, or, when none came, starts with the next one to come:
/// `g = (chains - g) p + (1 - p)^(chains - g)`. Tasks that come back within a write therefore
/// fall into step with the logger: with `G` short against `t`, half of them wait for each write
/// and every force waits for two. Behind a write that carries no force (the logger writing a unit
/// of work's data while its puts go on) a force waits whatever the logger did before, and those
/// that come meanwhile join it: `g = 1 + F t (chains - 1) / chains` for that share of the writes.
///
/// After a synchronous (zHyperLink) write the logger does its own work (its tail) before it takes
/// the next, and forces that come meanwhile join that next write: the logger is busy for the
/// write and its tail, and the chains outside the write have both to come back in. A closed
/// loop's chains come back `gap_us` after their release, and a short gap brings them back within
/// the tail too: a convoy's next holder forces after a put's CPU once the write's release hands
/// it the lock, a log-test task after a get's. So the write's own chains rejoin the next write,
/// `g = (chains - g) p' + g q`, with `p'` over the write and its tail and `q` over the tail, and
/// such a force waits the rest of the tail and one write rather than two writes. Counting only
/// the write as busy, the model had the logger busy 142% of the time for four log-test tasks in
/// syncpoint at 1,224 B over dual 2-stripe zHyperLink logs, a write for every 1.9 forces against
/// the simulation's 2.9, and was 21% fast (2% counting the tail).
///
/// Unless the chains queue for a few processors in between (`processors` finite): the chains a
/// write releases then reach the processors together and come back one after another (see
/// `paced_return`). The first rejoin the next write within the tail; those further back miss it
/// and come into the write after, part of the way through it. Seven log-test tasks on one
/// processor over zHyperLink write that way in the simulation: about a third of the forces ride
/// the next write from the tail, the rest wait for the one after, and each waits for the
/// processor behind the others released with it (16 us a burst where random arrivals at the same
/// load would wait 8). Taken as independent returns, the model had a write for every 1.7 forces
/// against the simulation's 2.1 and was 21% fast; 62 requesters in syncpoint on 8 processors
/// rejoined the next write nearly all at once and gathered 80 KB a write against the
/// simulation's 59 KB and was 21% fast (6% paced). Without a tail (FICON and zHPF) paced chains
/// all miss it: each waits for the processors behind the others and comes into the next write
/// that far through it (log-test tasks in syncpoint on one processor over zHPF, 23 at 1,118 B:
/// 12% fast as independent returns, 2% paced).
///
/// On shared queues a force that another queue manager's write brings on (a lock or a message
/// handed on as that write ends) comes at no particular point of this logger's writes and finds
/// half a write left, not the whole next one (`own_release_share`). Convoys out of syncpoint on
/// shared queues over FICON and zHPF, where the simulation's forces found 58-63% of a write left
/// (measured as they came) against the model's nearly whole write, were 11-25% slow.
///
/// However steep the log's byte-ceiling wall makes the wait, a closed loop's force finds at
/// most the other chains ahead of it, so waits at most chains / g cycles of the logger.
///
/// A write carries at least the forces that come during one cycle of the logger (its write and
/// tail), `g >= F (t + tail)`: the logger writes one write at a time, so no more writes a second
/// than cycles fit in it. The returns above can count fewer where the chains come back faster
/// than the logger can write (many committers, short gaps), and the model then had the logger
/// busy past its time: 44 requesters with 12 servers on 6 private pairs in syncpoint at 410 B
/// over zHyperLink at 21,867 writes a second of 50 us and a tail (the simulation 14,709 of 68
/// us, back to back). Floored, the consistency probe moved 124 nearer and 39 further (32
/// requesters with 6 servers on 6 shared pairs at 7.2 KB, 24% -> 7% fast), seeds 3001-3008 43
/// nearer and 19 further. Convoys through locks held across their forces keep their own count:
/// their forces come one a lock after each release (see [`with_forces_in_flight`]), and
/// floored, convoys over FICON and zHPF went up to 60% fast.
///
/// Nor more, where the logger never idles: with two writes' worth of forces in flight (Little's
/// law: the force rate times the wait) and two or more coming during each cycle, a force is
/// waiting as every write ends, the writes follow back to back and each carries what came during
/// the one before, `g <= F (t + tail)`. The returns above, each chain coming back at random over
/// its time between forces, can count more, which leaves the logger idle part of each cycle while
/// forces wait for it: 48 requesters with 16 servers on 9 private pairs at 62 KB over a 2-stripe
/// FICON log, out of syncpoint, gathered 13.3 forces a write at 689 writes a second, the logger
/// 87% busy and the model 14% slow, where the simulation's logger wrote back to back, 11.3
/// forces a write at 922 a second (now 4% slow, at 9.2 forces a write: a write's count at the
/// logger's pace, `F (t + tail)` with `t` growing with it, moves five times as much as the
/// throughput, here 4% short of the simulation's). Over the consistency probe's fresh seeds
/// (5001-5016) 17 of 3,128 beyond 10% -> 13 (22 cases nearer, 8 further), seeds 1-32 68 of 7,816
/// -> 65 (46 nearer, 35 further, by up to 5 points: batches out of syncpoint whose simulated
/// logger writes full writes at the byte ceiling, which the ceiling's wall then holds the model
/// below). Batches in syncpoint on private queues, held out (`--family
/// batch,persistent,in-syncpoint,private`, seeds 4001-4016): beyond 5% 107 -> 91, beyond 10%
/// unchanged at 32, a few over FICON at a few hundred bytes further (to 17% fast). With three
/// writes' worth in flight the fresh seeds left 17, with 1.5 13 and more moved both ways; a
/// cycle's forces from 1.5, 2 and 3 left 12, 13 and 14. Below two a cycle it is left out: where
/// a write takes about one record (a large put's, a small get's riding with it), counted, it
/// moved request/reply over two shared queue managers at 400 KB from within 5% to 10-13% fast.
///
/// The search for the commits per write always starts from one: where a write's time steps up at
/// a page boundary, short writes gathering few commits and long writes gathering many can both be
/// self-consistent, and a search started from a nearby load's answer could end on either, so a
/// sweep's point would disagree with the same scenario solved alone (by 44% for eight log-test
/// tasks in syncpoint over dual zHyperLink logs, swept by task count).
pub fn log_force_on(timer: &mut WriteTimer<'_>, stream: &ForceStream) -> LogForce {
    let ForceStream {
        requests_per_s,
        bytes_per_request,
        chains,
        byte_utilisation,
        gap_us,
        sizes,
        background_share,
        lock_handoffs,
        processors,
        paced_gap_us,
        rejoin_processors,
        own_release_share,
        fixed_gap_us,
        gap_is_whole_cycle,
    } = *stream;
    let f = requests_per_s.max(0.0);
    let others = if chains > 1.0 { (chains - 1.0) / chains } else { 0.0 };
    let bytes = bytes_per_request.max(0.0);
    // A write takes at most 128 pages: as many whole forces as fit.
    let per_write_cap = if bytes > 0.0 {
        crate::math::floor(MAX_WRITE_BYTES / bytes).clamp(1.0, MAX_REQUESTS_PER_WRITE)
    } else {
        MAX_REQUESTS_PER_WRITE
    };
    // Most commits a write can carry: every chain's, up to a full write.
    let top = chains.clamp(1.0, per_write_cap);
    // Writes gather more commits or fewer about their mean `g` ([`commits_a_write`]), and each
    // count, itself a mean, stands for writes of floor and floor + 1 commits in the proportions
    // that average to it (a write carries whole commits). Timing that mix, rather than one write
    // of g commits' bytes rounded up to whole pages, keeps the write time a continuous function
    // of g: the search below then has one fixed point to find, instead of hopping across a page
    // boundary, and the answer no longer depends on where it started. Commits of different sizes
    // spread each of those writes over the pages their mixes occupy; `ForceSizes::page_spread`
    // gives both spreads, and each page count is timed at its own pages. Each write comes with
    // the logger's own work after it where that cannot overlap the I/O (its tail, after a
    // synchronous write).
    let mut write_us = |g: f64| {
        let rate = (f / g).max(0.0);
        let spread = sizes.page_spread_over(&commits_a_write(g, top), bytes);
        spread.terms().iter().fold((0.0, 0.0, 0.0), |(t, tail, t2), &(pages, odds)| {
            let (w, w_tail) = timer.pages_time_and_tail_at_rate_us(pages, rate);
            (t + odds * w, tail + odds * w_tail, t2 + odds * (w + w_tail) * (w + w_tail))
        })
    };
    let gap = if gap_us.is_finite() { gap_us.max(0.0) } else { f64::INFINITY };
    // A closed loop: its chains come back `gap` after their release (see the waits below).
    let closed = chains > 1.0 && gap.is_finite();
    // Aggregation already lets writes grow with the load; the headroom only steepens the wait as
    // the byte rate nears the log's ceiling, so that no throughput can exceed it. A closed loop
    // of many chains keeps the logger busy closer to its ceiling before its waits grow (the
    // finite-source queue's utilisation rises with its population), so the wall is the sharper
    // the more chains there are. A lone chain has one force in flight at a time: it cannot queue
    // behind its own writes, and back-to-back writes already keep it below the ceiling.
    //
    // Independent chains meet the wall only as their writes fill: while a write carries less
    // than it could, the logger takes more load by gathering more a write, and the busy cycle
    // below prices the wait for it. So the wall's exponent grows as the writes empty (divided by
    // a power of their fill, `LOG_CEILING_FILL_POWER`), and at the ceiling itself the wall stands
    // whatever the fill. Measured against the simulation, 16 requesters out of syncpoint at 32 KB
    // over dual 4-stripe zHyperLink logs waited 510 us a force against the model's 597 with the
    // whole wall, 524 with the filling one. Convoys keep the whole wall: lifted below full
    // writes, convoys over FICON and zHPF came out up to 20% fast, their forces one at a time
    // through each lock not gathering as independent chains' do. So do units of work whose data
    // the logger writes ahead of their commits, in writes as large as it can keep pace with.
    //
    // A closed loop whose forces during one cycle of the logger (`cycle_us`, its write and tail)
    // fill a write meets no wall at all where its gap is the whole time between a chain's
    // forces (`gap_is_whole_cycle`) and two of its records fit a write: its writes are full and
    // follow back to back, so it runs at the ceiling, and what it waits is the chains ahead of
    // it (the cap below), not a queue's growth towards a rate it never reaches. Measured against
    // the simulation, 31 batch tasks out of syncpoint on 11 queues at 36 KB over a 4-stripe FICON
    // log wrote full writes back to back, 1,677 units of work a second, where the wall held the
    // model 6.6% below (0.1% without); 26 at 83 KB 5.9% (0.2%), 50 requesters at 37 KB over
    // zHyperLink 8.2% (1.3%). A record larger than half a write leaves a remainder that fills a
    // write only where another task's record is waiting for it: lifted there too, request/reply
    // with many requesters at 0.4-1.6 MB came from 3-8% slow to within 1%, but with two to
    // twelve requesters, whose simulated logger idled 3-10% of the time, 4-7 points further (to
    // 4-15% fast), so records past half a write keep the wall. Over the consistency probe's
    // fresh seeds (5001-5016) beyond 5% 182 -> 177 (29 nearer, 7 further, one by 3.8 points),
    // beyond 10% unchanged at 13; units of work in syncpoint (whose put phase between commits
    // the gap leaves out) went up to 8 points further lifted, and convoys over two queue
    // managers with records of 0.6-3.7 MB 10-17 points.
    let u = if chains > 1.0 { byte_utilisation.clamp(0.0, 1.0) } else { 0.0 };
    let background = background_share.clamp(0.0, 1.0);
    let sharpness = LOG_CEILING_SHARPNESS * (chains / LOG_CEILING_CHAINS).max(1.0);
    let headroom = |g: f64, cycle_us: f64| {
        if gap_is_whole_cycle && closed && top >= 2.0 && f * cycle_us * 1.0e-6 >= top {
            return 1.0;
        }
        let fill = if lock_handoffs || background > 0.0 { 1.0 } else { (g / top).clamp(1.0e-3, 1.0) };
        (1.0 - crate::math::pow(u, sharpness / crate::math::pow(fill, LOG_CEILING_FILL_POWER))).max(1.0e-9)
    };
    // A force's wait behind writes of `g` commits taking `t` each, the share of the time the
    // logger is busy with other tasks' writes, and (for paced chains) the share of a write's
    // chains back within its tail, which the next write's count needs too.
    //
    // A task never finds its own write in flight: random arrivals find the logger busy with
    // others' writes for the others' share of its busy time. A closed loop's task comes back when
    // its own write has ended, and with two or more tasks the logger is by then writing for the
    // others whenever it is busy at all (the committers alternate between writes). A request
    // finding the logger busy waits for the write in flight to finish, then its own. Committers
    // arriving at random find, on average, half of the write in flight left; a closed loop's
    // committer comes back `gap_us` after its release and finds the next write, started at that
    // release, almost whole. The share left falls from 1 to a half as the gap grows past the
    // write time.
    //
    // After a synchronous write the logger is busy for the write and its tail (see the function's
    // doc). A closed loop's force comes `gap` after the release, and if that is within the tail it
    // waits only the rest of the tail and its own write; otherwise it finds the next cycle
    // started. Random arrivals find a cycle, write and tail, in progress.
    // Chains that queue for a few processors come back from them one after another, not
    // independently (see the function's doc).
    let paced = !lock_handoffs && processors.is_finite() && closed && gap > 0.0;
    let burst_us = if paced_gap_us.is_finite() { paced_gap_us.max(0.0) } else { gap };
    let wait_of = |g: f64, t: f64, tail: f64, t2: f64| {
        let tail = tail.max(0.0);
        let cycle = t + tail;
        // A random arrival finds the write in flight with its residual: half a write where they
        // are alike, more where they vary, long ones being the likelier to be found.
        let random_left = if cycle > 0.0 { (0.5 * t2 / (cycle * cycle)).max(0.5) } else { 0.5 };
        let busy = (f / g * cycle * 1.0e-6).clamp(0.0, 0.999);
        let busy_with_others = if gap_us.is_finite() { busy * (chains - 1.0).clamp(0.0, 1.0) } else { busy * others };
        let left = if cycle > 0.0 && gap.is_finite() {
            // Only a force that follows its own logger's release finds that logger's next write
            // just begun; one brought on by another queue manager's write finds half of a write
            // left, as a random arrival does. (Over zHyperLink, where the logger's tail after a
            // write governs the rejoins, counting them so moved two convoys 7-13% -> 12-17% fast.)
            let own = if tail > 0.0 { 1.0 } else { own_release_share.clamp(0.0, 1.0) };
            random_left + (1.0 - random_left).max(0.0) * own * crate::math::exp(-3.0 * (gap - tail).max(0.0) / cycle)
        } else {
            random_left
        };
        // A closed loop has no more forces to write than its chains: a force finds at most the
        // others ahead of it, in writes of `g`, so it waits at most chains / g cycles, however
        // near the log's ceiling the bytes run and steep the wall above makes the wait. 55 batch
        // tasks on 16 queues putting 46 KB records out of syncpoint over zHPF keep the logger
        // writing back to back, 8 forces a write: simulated, a force waits 2.0 writes; with the
        // wall alone the model's waited 2.3 and was 18% slow (1% capped).
        let cap = |w: f64| if closed { w.min(chains / g.max(1.0) * cycle) } else { w };
        // Without a tail (FICON and zHPF writes, and zHyperLink's that fall back to them) only
        // paced chains have more to price than the write under way: their wait for the processors
        // and how far into the next write it brings them, as after a tail they missed.
        if !closed || (tail <= 0.0 && !paced) {
            return (busy_with_others, cap((t + left * busy_with_others * cycle) / headroom(g, cycle)), 0.0);
        }
        let back = if paced {
            // A return is its fixed wait for the CF and then its processor bursts: only the
            // bursts can bring it back sooner. Taken as one exponential time of the whole gap,
            // 12 requesters on 15 shared pairs at 2 KB over zHyperLink (18.5 us between forces,
            // 4.8 of them the CF's, against a 14 us tail) came back within the tail 53% of the
            // time (now 49%), waited 60 us a force against 66 simulated and were 7.2% fast (now
            // 5.9%: the simulation's gets, whose gap is the longer, wait 71 us and its puts 61,
            // which one gap for both cannot show). Over the consistency probe 30 cases came
            // nearer and 5 went further; the unpaced chains' exponential return, shifted the
            // same way, moved 18 nearer and 18 further and is left as it was.
            let fixed_us = fixed_gap_us.clamp(0.0, gap);
            let mut back = paced_return(g, (tail - fixed_us).max(0.0), gap - fixed_us, burst_us, processors.max(1.0));
            back.mean_us += fixed_us;
            back
        } else {
            let within_tail = if gap > 0.0 { 1.0 - crate::math::exp(-tail / gap) } else { 1.0 };
            // E[(tail - gap)+] for an exponential gap.
            let tail_left_us = if gap > 0.0 { tail - gap * within_tail } else { tail };
            // No more of them than the processors can serve in the tail (see `ForceStream::rejoin_processors`).
            let most = served_within(g, tail, burst_us, rejoin_processors);
            if within_tail > most {
                Return { within_tail: most, tail_left_us: tail_left_us * most / within_tail, mean_us: gap }
            } else {
                Return { within_tail, tail_left_us, mean_us: gap }
            }
        };
        // A paced chain that misses the tail comes into the next write as far into it as its
        // return fell past the tail, and waits the rest of it.
        let left = if paced && back.within_tail < 1.0 {
            let late_us = ((back.mean_us - tail + back.tail_left_us) / (1.0 - back.within_tail)).max(0.0);
            0.5 + 0.5 * crate::math::exp(-3.0 * late_us / cycle)
        } else {
            left
        };
        let late = t + left * busy_with_others * cycle;
        let queued = back.tail_left_us + back.within_tail * t + (1.0 - back.within_tail) * late;
        // The wait for the processors behind the chains released with it keeps a paced chain
        // from its next force as its wait for the log does, and is counted with it.
        let paced_within_tail = if paced { back.within_tail } else { 0.0 };
        (busy_with_others, cap(queued / headroom(g, cycle)) + (back.mean_us - gap), paced_within_tail)
    };
    // The commits the next write carries when this one carries `g` and takes `t` (see above),
    // and roughly how that changes with `g` (the write's own time held fixed).
    let next_write = |g: f64, t: f64, tail: f64, t2: f64| {
        if chains <= 1.0 {
            return (1.0, 0.0);
        }
        let (_, wait, paced_within_tail) = wait_of(g, t, tail, t2);
        let cycle = if f > 0.0 { chains / f * 1.0e6 } else { f64::INFINITY };
        let between = (cycle - wait).max(if gap.is_finite() { gap } else { 0.0 });
        // The logger's tail lengthens the window for the chains outside the write, and a closed
        // loop's chains in the write come back within the tail with the same odds.
        let tail = tail.max(0.0);
        // ln(1 - p) = -t / between: one exponential each for p and for none coming back.
        let stays_out = if between > 0.0 { (t + tail) / between } else { f64::INFINITY };
        let p = 1.0 - crate::math::exp(-stays_out);
        let out = (chains - g).max(0.0);
        let back_in_tail = if tail <= 0.0 || !closed {
            0.0
        } else if between > 0.0 {
            tail / between
        } else {
            f64::INFINITY
        };
        let rejoin = if paced {
            paced_within_tail
        } else {
            (1.0 - crate::math::exp(-back_in_tail)).min(served_within(g, tail, burst_us, rejoin_processors))
        };
        let none_out = if out > 0.0 { crate::math::exp(-out * stays_out) } else { 1.0 };
        let none_came = none_out * crate::math::exp(-g * back_in_tail);
        let after_forces = out * p + g * rejoin + none_came;
        let after_forces_slope =
            if stays_out.is_finite() { -p + rejoin + (stays_out - back_in_tail) * none_came } else { -1.0 };
        let after_background = 1.0 + f * t * 1.0e-6 * others;
        let next = (1.0 - background) * after_forces + background * after_background;
        let slope = (1.0 - background) * after_forces_slope;
        // One logger writes one write at a time: at most one a cycle, so a write carries at
        // least the forces that come in a cycle (see the function's doc). Convoys are left to
        // their own count.
        let busy_count = f * (t + tail.max(0.0)) * 1.0e-6;
        let busy_floor = if lock_handoffs { 0.0 } else { busy_count };
        let (next, slope) = if busy_floor > next { (busy_floor, 0.0) } else { (next, slope) };
        // Nor more, where the logger never idles (see the function's doc).
        let never_idle =
            closed && f * wait * 1.0e-6 >= NEVER_IDLE_WRITES_IN_FLIGHT * g && busy_count >= NEVER_IDLE_FORCES_A_CYCLE;
        let (next, slope) = if never_idle && busy_count < next { (busy_count, 0.0) } else { (next, slope) };
        if next <= 1.0 || next >= per_write_cap { (next.clamp(1.0, per_write_cap), 0.0) } else { (next, slope) }
    };
    // The fixed point is the root of h(g) = next_write(g) - g, which is at least 0 at one commit
    // a write and at most 0 at all the chains (or a full write), and mostly falls with g. A
    // Newton step on the slope above, then secant steps, find it in a few writes' timings; the
    // bracket the signs of h keep catches a step that would leave it, and the ends are tried as
    // answers in their own right (two chains never share a write).
    let mut g = 1.0;
    let (mut lo, mut hi) = (1.0, top);
    let (mut t, mut tail, mut t2) = (0.0, 0.0, 0.0);
    let mut previous: Option<(f64, f64)> = None;
    for _ in 0..FORCE_SEARCH_STEPS {
        (t, tail, t2) = write_us(g);
        let (next, slope) = next_write(g, t, tail, t2);
        let h = next - g;
        if h.abs() <= 1.0e-12 * g || (g <= 1.0 && h <= 0.0) || (g >= top && h >= 0.0) {
            break;
        }
        if h > 0.0 {
            lo = g;
        } else {
            hi = g;
        }
        if hi - lo <= 1.0e-12 * hi {
            break;
        }
        // The slope through the last two points also sees the write grow with g.
        let h_slope = match previous {
            Some((gp, hp)) if gp != g && hp != h => (h - hp) / (g - gp),
            _ => slope - 1.0,
        };
        previous = Some((g, h));
        let newton = g - h / h_slope.min(-1.0e-3);
        g = if newton > lo && newton < hi {
            newton
        } else if newton <= 1.0 && lo <= 1.0 {
            1.0
        } else if newton >= top && hi >= top {
            top
        } else {
            0.5 * (lo + hi)
        };
    }
    let writes_per_s = f / g;
    let (busy_with_others, queued_wait, _) = wait_of(g, t, tail, t2);
    // After a synchronous write the logger does its own work before it can take another (the
    // tail), and a lone chain's next force comes `gap` after the release: it waits out what is
    // left of that work, the gap taken as exponential (a few random CPU bursts). Several chains
    // come back in step with the logger's writes, which a mean busy share cannot follow; they
    // are left to the aggregation above.
    let tail_wait = if chains <= 1.0 && tail > 0.0 && gap.is_finite() {
        if gap > 0.0 { tail - gap * (1.0 - crate::math::exp(-tail / gap)) } else { tail }
    } else {
        0.0
    };
    LogForce { write_us: t, requests_per_write: g, writes_per_s, busy_with_others, wait_us: queued_wait + tail_wait }
}

/// Most steps of the search for the chains a log has in flight (most settle in three or four).
const IN_FLIGHT_STEPS: usize = 6;
/// Relative gap between the chains and the forces in flight at which that search stops.
const IN_FLIGHT_SETTLED: f64 = 1.0e-3;

/// [`log_force_on`] with `stream`'s chains raised, up to `most_chains`, to the forces it has in
/// flight, given `log`, the answer at its chains as they are; `stream` keeps the chains found.
///
/// A log with `requests_per_s` forces each waiting `wait_us` has requests_per_s x wait_us of
/// them in flight at any time (Little's law), and each is a chain's: no chain has two. Convoys
/// count only the puts that hold their locks across their forces, so where other forces run
/// beside them (a pair's gets, which force outside the locks, and the other queue's convoy) the
/// stream asks more of fewer chains than it can: 63 requesters on 9 pairs at 13,575 B over
/// FICON had 15 forces in flight on 9 convoy chains, whose writes the model could only split
/// between two halves of the convoys (4.5 forces a write, 33 KB, against the simulation's 7.9
/// and 58 KB), and the logger 173% busy; with the chains in flight, 7.6 forces and 57 KB a write,
/// throughput within 2% (14% fast before).
///
/// More chains gather more a write, which changes the wait: the chains are the root of
/// in_flight(c) - c, stepped towards by the excess until it is bracketed, then found by secant
/// steps inside the bracket.
pub fn with_forces_in_flight(
    timer: &mut WriteTimer<'_>,
    stream: &mut ForceStream,
    log: LogForce,
    most_chains: f64,
) -> LogForce {
    let least = stream.chains;
    let most = most_chains.max(least);
    let excess = |stream: &ForceStream, log: &LogForce| {
        (stream.requests_per_s.max(0.0) * log.wait_us * 1.0e-6).min(most) - stream.chains
    };
    let h0 = excess(stream, &log);
    if h0.is_nan() || h0 <= IN_FLIGHT_SETTLED * least {
        return log;
    }
    // The chains below the root (too few for the forces in flight) and above it, with their
    // answers. The forces in flight mostly grow more slowly than the chains (more a write, less
    // waiting), but `log_force_on` can jump where a write's pages step, and then no root exists:
    // the bracket closes on the jump and the side with too few chains is taken.
    let mut below = (least, h0, log);
    let mut above: Option<(f64, f64)> = None;
    let mut c = (least + h0).min(most);
    for _ in 0..IN_FLIGHT_STEPS {
        stream.chains = c;
        let at = log_force_on(timer, stream);
        let h = excess(stream, &at);
        if !h.is_finite() || h.abs() <= IN_FLIGHT_SETTLED * c || (c >= most && h >= 0.0) {
            return at;
        }
        if h > 0.0 {
            below = (c, h, at);
        } else {
            above = Some((c, h));
        }
        c = match above {
            None => (c + h).min(most),
            Some((c_above, h_above)) => {
                let (c_below, h_below, _) = below;
                if c_above - c_below <= IN_FLIGHT_SETTLED * c_above {
                    break;
                }
                // A secant step inside the bracket, else its middle.
                let secant = c_below + h_below * (c_above - c_below) / (h_below - h_above);
                let margin = 0.1 * (c_above - c_below);
                if secant > c_below + margin && secant < c_above - margin { secant } else { 0.5 * (c_below + c_above) }
            }
        };
    }
    stream.chains = below.0;
    below.2
}

/// How the chains a write releases come back for their next force when they queue for the
/// processors in between.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Return {
    /// Share that come back within the logger's own work after the write (its tail).
    within_tail: f64,
    /// Mean of what is left of the tail when a chain comes back, 0 for those that miss it, µs.
    tail_left_us: f64,
    /// Mean time from the release to the chain's next force, µs.
    mean_us: f64,
}

/// The share of `g` chains released at once that `cpus` processors can serve within `tail_us`
/// when each takes `burst_us` of processor time before its next force (1 with processors to
/// spare). Measured against the simulation: 14 requesters on 11 pairs over zHyperLink on two
/// processors, 9.6 forces released a write with bursts of 10 us, were priced 80% back within a
/// 16 us tail (their exponential gaps alone) where two processors serve a third of them in it:
/// the model's writes gathered 9.6 forces against the simulation's 7.8 and it was 21% fast (now
/// within 1%).
fn served_within(g: f64, tail_us: f64, burst_us: f64, cpus: f64) -> f64 {
    if !(cpus.is_finite() && burst_us > 0.0 && g > 0.0) {
        return 1.0;
    }
    (cpus * tail_us / burst_us / g).min(1.0)
}

/// [`Return`] for `g` chains released at once onto `processors` processors, each taking
/// `burst_us` of processor time before its next force and `gap_us` in all when it does not queue
/// behind the others, against a tail of `tail_us`.
///
/// The released chains reach the processors together and are served in turn: the j-th (from 0)
/// starts once j + 1 - c of those ahead of it have left the c processors, which leave
/// `burst_us / c` apart on average. A chain keeps its processor across the calls it makes
/// before its next force (it is dispatched until it waits), so work of several calls is served
/// in turn as one burst. (With the simulation's processors taken call by call instead, the
/// chains' calls interleaved and all of them finished about g / c bursts after their release;
/// log-test tasks in syncpoint, 10 on 3 processors at 12,953 B and 9 on 4 at 4,548 B over
/// zHyperLink, were priced that way 12% and 11% fast, and are within 2% and 5% served in turn
/// by the dispatcher that lets them run on.)
///
/// Its return is taken as a gamma of one stage for its own gap and one for each departure it
/// waits for in turn, with that mean, so the share back within the tail and the tail left follow
/// from the gamma's distribution. (Counting one departure per whole round
/// of c ahead instead had 62 requesters on 8 processors waiting an eighth of that and rejoining
/// the next write nearly all at once.) A fractional `g` weighs its last chain by the fraction,
/// which keeps the answer continuous in `g`.
fn paced_return(g: f64, tail_us: f64, gap_us: f64, burst_us: f64, processors: f64) -> Return {
    let whole = crate::math::floor(g);
    let chains = crate::math::ceil(g) as usize;
    let departure_us = burst_us / processors.max(1.0);
    let (mut back, mut left, mut waited) = (0.0, 0.0, 0.0);
    // Once a chain has no chance of coming back within the tail, none behind it has either.
    let mut past_tail = tail_us.is_nan() || tail_us <= 0.0;
    for j in 0..chains {
        let weight = if (j as f64) < whole { 1.0 } else { g - whole };
        let ahead = (j as f64 + 1.0 - processors).max(0.0);
        let queued_us = ahead * departure_us;
        waited += weight * queued_us;
        let mean_us = gap_us + queued_us;
        if past_tail || mean_us <= 0.0 {
            continue;
        }
        let stages = 1 + crate::math::ceil(ahead) as usize;
        // P(gamma(k) < tail) = 1 - e^-x sum_{i<k} x^i / i!, x = tail / stage.
        let x = tail_us * stages as f64 / mean_us;
        let e = crate::math::exp(-x);
        let (mut term, mut sum) = (1.0, 1.0);
        for i in 1..stages {
            term *= x / i as f64;
            sum += term;
        }
        let within = (1.0 - e * sum).max(0.0);
        let within_one_more = (1.0 - e * (sum + term * x / stages as f64)).max(0.0);
        back += weight * within;
        // E[(tail - D)+] = tail P(D < tail) - E[D] P(gamma(k + 1) < tail).
        left += weight * (tail_us * within - mean_us * within_one_more).max(0.0);
        past_tail = ahead > 0.0 && within < 1.0e-9;
    }
    let g = g.max(1.0);
    Return { within_tail: back / g, tail_left_us: left / g, mean_us: gap_us + waited / g }
}

/// Of `g` chains released at once onto `processors` processors, each wanting a burst of
/// `burst_us` before its next force and nothing else between: the share back within a tail of
/// `tail_us`, and their mean wait for the processors behind the others, µs (see
/// [`paced_return`]).
pub(crate) fn released_return(g: f64, tail_us: f64, burst_us: f64, processors: f64) -> (f64, f64) {
    if !(processors.is_finite() && processors >= 1.0 && burst_us > 0.0 && g > 0.0) {
        return (1.0, 0.0);
    }
    let back = paced_return(g, tail_us, burst_us, burst_us, processors);
    (back.within_tail, (back.mean_us - burst_us).max(0.0))
}

/// Whether a persistent put out of syncpoint gets an implicit syncpoint: the feature is on and at
/// least `impl_sync_open_output` applications have the queue open for output.
pub fn implicit_syncpoint_applies(enabled: bool, apps_open_for_output: f64, impl_sync_open_output: u32) -> bool {
    enabled && apps_open_for_output >= f64::from(impl_sync_open_output)
}

/// Mean time an operation waits for a queue lock held `mean_hold_us` on average, with the lock
/// busy `utilisation` of the time and `contenders` tasks using the queue. Infinite at or beyond
/// saturation (the solver keeps throughput below that); never more than every other contender's
/// hold ahead of it, so nothing for a lone contender, whose operations follow one another (its
/// utilisation reaches 1 only when it does nothing but hold the lock). That ceiling is the
/// convoy's wait ([`convoy_lock_wait_us`]).
///
/// The contenders are a closed loop's tasks: an operation finds the lock busy with the others'
/// share of its utilisation only (the arrival theorem of closed queueing networks), so two
/// contenders wait far less than two random arrivals at the same utilisation would.
pub fn lock_wait_us(utilisation: f64, mean_hold_us: f64, contenders: f64) -> f64 {
    if contenders <= 1.0 {
        return 0.0;
    }
    if utilisation >= 1.0 {
        return f64::INFINITY;
    }
    lock_wait_behind_us(utilisation.max(0.0) * (contenders - 1.0) / contenders, mean_hold_us, contenders)
}

/// As [`lock_wait_us`], for an operation that finds the lock busy `others_utilisation` of the
/// time with the other contenders' holds (where the contenders' shares are not all alike):
/// infinite where that reaches 1, never more than the convoy's wait.
pub fn lock_wait_behind_us(others_utilisation: f64, mean_hold_us: f64, contenders: f64) -> f64 {
    if others_utilisation >= 1.0 {
        return f64::INFINITY;
    }
    let open_queue = mean_hold_us * others_utilisation / (1.0 - others_utilisation);
    open_queue.min(convoy_lock_wait_us(mean_hold_us, contenders))
}

/// Mean time an operation waits for a queue lock that its puts hold across a forced log write
/// (persistent, out of syncpoint), with `contenders` tasks putting to the queue and each use of
/// the lock (a put with its force, or a get) held `mean_hold_us` on average.
///
/// Such holds are long, so the contenders queue for the lock first come first served, and a
/// getter posted by a put's publish finds the lock already passed to the next queued putter. The
/// queue's users fall into a convoy: between a message's put request and its get, every other
/// contender's put and get pass through the lock once, ahead of one or the other. A message's
/// put and get together wait `contenders - 1` puts and gets; each waits half of that on average,
/// whatever the lock's utilisation. A lone contender never waits.
pub fn convoy_lock_wait_us(mean_hold_us: f64, contenders: f64) -> f64 {
    (contenders - 1.0).max(0.0) * mean_hold_us
}

/// Commit, queue locking and log-force aggregation for the scenario's workload.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema)]
pub struct CommitMetrics {
    /// Units of work committed per second: explicit MQCMITs, implicit syncpoints and persistent
    /// operations out of syncpoint (each its own unit of work), in commits per second.
    pub commits_per_s: f64,
    /// Requests for a forced log write per second (before aggregation).
    pub force_requests_per_s: f64,
    /// Forced log writes actually issued per second, after aggregation.
    pub forced_writes_per_s: f64,
    /// Commits served by one forced write (1 = no aggregation).
    pub commits_per_forced_write: f64,
    /// Persistent messages whose log data goes out in one forced write, on average.
    pub messages_per_forced_write: f64,
    /// Log data in one forced write, in bytes per copy.
    pub forced_write_bytes: f64,
    /// Elapsed time of one forced write, in microseconds.
    pub forced_write_us: f64,
    /// Average time a commit (or persistent put/get out of syncpoint) waits for its forced write,
    /// in microseconds.
    pub force_wait_us: f64,
    /// Log writes per persistent put when the put is the only one logging (1 out of syncpoint,
    /// 2 with implicit syncpoint, 1 per `messages_per_commit` puts inside syncpoint).
    pub log_writes_per_put_alone: f64,
    /// Whether the put holds the queue lock across a forced log write (persistent, out of
    /// syncpoint, no implicit syncpoint).
    pub lock_held_over_force: bool,
    /// Whether ImplSyncOpenOutput turns the requesters' persistent puts into implicit syncpoints.
    pub implicit_syncpoint_applied: bool,
    /// Applications with the busiest request queue open for output.
    pub apps_open_for_output: f64,
    /// Average time a put holds the queue lock, in microseconds.
    pub lock_hold_us: f64,
    /// Share of time the busiest queue's lock is held, in percent.
    pub lock_utilisation_pct: f64,
    /// Average wait for the queue lock per put or get, in microseconds.
    pub lock_wait_us: f64,
    /// Log data written per second, per copy, in MB/s.
    pub log_rate_mb_s: f64,
    /// The log's per-copy ceiling for this configuration, in MB/s.
    pub max_log_rate_mb_s: f64,
    /// Share of the log's byte-rate ceiling in use, in percent.
    pub log_utilisation_pct: f64,
    /// Whether the queue lock is the resource that limits throughput.
    pub lock_bound: bool,
}

/// Evaluates this sub-model for `scenario`.
pub fn evaluate(scenario: &Scenario) -> CommitMetrics {
    from_solution(&request_reply::solve(scenario))
}

/// The commit figures of an already solved request/reply system (the full evaluation solves
/// once and shares the solution with `request_reply`).
pub fn from_solution(s: &request_reply::Solution) -> CommitMetrics {
    CommitMetrics {
        commits_per_s: s.commits_per_s,
        force_requests_per_s: s.force_requests_per_s,
        forced_writes_per_s: s.log.writes_per_s,
        commits_per_forced_write: s.log.requests_per_write,
        messages_per_forced_write: s.messages_per_forced_write,
        forced_write_bytes: s.forced_write_bytes,
        forced_write_us: s.log.write_us,
        force_wait_us: s.log.wait_us,
        log_writes_per_put_alone: s.log_writes_per_put_alone,
        lock_held_over_force: s.lock_held_over_force,
        implicit_syncpoint_applied: s.implicit_applied,
        apps_open_for_output: s.apps_open_for_output,
        lock_hold_us: s.lock_hold_us,
        lock_utilisation_pct: s.lock_utilisation * 100.0,
        lock_wait_us: s.lock_wait_us,
        log_rate_mb_s: s.log_rate_mb_s,
        max_log_rate_mb_s: s.max_log_rate_mb_s,
        log_utilisation_pct: s.log_byte_utilisation * 100.0,
        lock_bound: s.bound == Bound::QueueLock,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The I/O path of a default scenario with `log` (the scenario's `log` object) laid over it.
    fn log_path_of(log: serde_json::Value) -> IoPath {
        IoPath::of(&Scenario::from_overlay(&serde_json::json!({ "log": log })).unwrap())
    }

    #[test]
    fn implicit_syncpoint_needs_enough_openers() {
        assert!(!implicit_syncpoint_applies(true, 1.0, 2));
        assert!(implicit_syncpoint_applies(true, 2.0, 2));
        assert!(!implicit_syncpoint_applies(true, 3.0, 4));
        assert!(implicit_syncpoint_applies(true, 4.0, 4));
        assert!(implicit_syncpoint_applies(true, 1.0, 1));
        assert!(!implicit_syncpoint_applies(false, 60.0, 1));
    }

    #[test]
    fn lock_wait_grows_with_utilisation_and_is_bounded_by_contenders() {
        let w: Vec<f64> = [0.1, 0.5, 0.9, 0.99].iter().map(|&u| lock_wait_us(u, 100.0, 1000.0)).collect();
        assert!(w.windows(2).all(|p| p[1] > p[0]));
        assert_eq!(lock_wait_us(0.99, 100.0, 1.0), 0.0);
        assert!(lock_wait_us(0.99, 100.0, 3.0) <= 200.0);
        assert!(lock_wait_us(1.0, 100.0, 3.0).is_infinite());
        // A lone task's own operations never queue behind each other, however busy it keeps it.
        assert_eq!(lock_wait_us(1.5, 100.0, 1.0), 0.0);
        // Two contenders find the lock busy with the other's half of its use only.
        let (two, many) = (lock_wait_us(0.5, 100.0, 2.0), lock_wait_us(0.5, 100.0, 1000.0));
        assert!((two - 100.0 * 0.25 / 0.75).abs() < 1e-9 && many > 2.5 * two, "{two} vs {many}");
    }

    #[test]
    fn chains_released_together_come_back_from_one_processor_one_after_another() {
        let (tail, gap, burst) = (12.0, 8.0, 6.0);
        // With a processor for each, every chain comes back after its own exponential gap.
        let alone = paced_return(4.0, tail, gap, burst, 4.0);
        let within = 1.0 - (-tail / gap).exp();
        assert!((alone.within_tail - within).abs() < 1e-12, "{alone:?}");
        assert!((alone.tail_left_us - (tail - gap * within)).abs() < 1e-9, "{alone:?}");
        assert!((alone.mean_us - gap).abs() < 1e-12, "{alone:?}");
        // On one processor the j-th waits for j bursts: (g - 1) / 2 on average, and fewer of
        // them make the tail.
        let queued = paced_return(4.0, tail, gap, burst, 1.0);
        assert!((queued.mean_us - (gap + 1.5 * burst)).abs() < 1e-9, "{queued:?}");
        assert!(queued.within_tail < 0.7 * alone.within_tail, "{queued:?} vs {alone:?}");
        assert!(queued.tail_left_us < alone.tail_left_us, "{queued:?} vs {alone:?}");
        // On two the j-th waits for j - 1 departures half a burst apart.
        let two = paced_return(4.0, tail, gap, burst, 2.0);
        assert!((two.mean_us - (gap + 0.5 * (0.0 + 0.0 + 1.0 + 2.0) / 4.0 * burst)).abs() < 1e-9, "{two:?}");
        assert!(two.within_tail > queued.within_tail && two.within_tail < alone.within_tail, "{two:?}");
        // Continuous in the number released: a fraction of a chain counts for its fraction.
        let (below, above) = (paced_return(2.999_999, tail, gap, burst, 1.0), paced_return(3.0, tail, gap, burst, 1.0));
        assert!((below.within_tail - above.within_tail).abs() < 1e-5, "{below:?} vs {above:?}");
    }

    #[test]
    fn released_chains_wait_for_the_processors_only_when_they_outnumber_them() {
        let (tail, burst) = (12.0, 6.0);
        // Processors to spare: no wait, and each back within the tail as its own burst allows.
        let (spare_back, spare_wait) = released_return(4.0, tail, burst, 8.0);
        assert_eq!(spare_wait, 0.0);
        assert!((spare_back - (1.0 - (-tail / burst).exp())).abs() < 1e-12, "{spare_back}");
        // Eight on two: the j-th waits for j - 1 departures half a burst apart.
        let (crowded_back, crowded_wait) = released_return(8.0, tail, burst, 2.0);
        let expected_wait = 0.5 * burst * (1..=6).sum::<i32>() as f64 / 8.0;
        assert!((crowded_wait - expected_wait).abs() < 1e-9, "{crowded_wait} vs {expected_wait}");
        assert!(crowded_back < 0.6 * spare_back, "{crowded_back} vs {spare_back}");
        // Processors not given: every chain served at once.
        assert_eq!(released_return(8.0, tail, burst, f64::INFINITY), (1.0, 0.0));
    }

    #[test]
    fn writes_gather_one_commit_plus_a_binomial_count_of_the_others() {
        let moments = |points: [(f64, f64); 3]| {
            let mean: f64 = points.iter().map(|(c, w)| c * w).sum();
            let variance: f64 = points.iter().map(|(c, w)| w * (c - mean) * (c - mean)).sum();
            (mean, variance, points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min))
        };
        // 4.8 a write of 6 chains: 3.8 of the other 5, each there with odds 0.76.
        let (mean, variance, least) = moments(commits_a_write(4.8, 6.0));
        assert!((mean - 4.8).abs() < 1e-12);
        assert!((variance - 3.8 * (1.0 - 0.76)).abs() < 1e-9, "{variance}");
        assert!(least >= 1.0);
        // Every chain in every write, or a lone chain: no spread.
        assert!(moments(commits_a_write(6.0, 6.0)).1 < 1e-12);
        assert!(moments(commits_a_write(1.0, 1.0)).1 < 1e-12);
        // Near one commit the spread stops at one (the mean kept).
        let (mean, _, least) = moments(commits_a_write(1.2, 40.0));
        assert!((mean - 1.2).abs() < 1e-12 && (least - 1.0).abs() < 1e-12, "{least}");
    }

    #[test]
    fn one_task_never_shares_a_write() {
        let s = Scenario::default();
        let f = log_force(&s, 5000.0, 3000.0, 1.0, 0.0);
        assert_eq!(f.requests_per_write, 1.0);
        assert_eq!(f.busy_with_others, 0.0);
        assert_eq!(f.wait_us, f.write_us);
    }

    #[test]
    fn a_lone_chain_waits_out_the_loggers_own_work_after_a_synchronous_write() {
        let zhl = Scenario::from_overlay(&serde_json::json!({ "log": { "io_mode": "zhyperlink" } })).unwrap();
        let zhpf = Scenario::from_overlay(&serde_json::json!({ "log": { "io_mode": "zhpf" } })).unwrap();
        let lone = |s: &Scenario, gap_us: f64, chains: f64| {
            let stream = ForceStream { gap_us, chains, ..ForceStream::uniform(2000.0, 3000.0, chains, 0.0) };
            log_force_on(&mut IoPath::of(s).timer(), &stream)
        };
        let logger_us = crate::model::log::LOGGER_CPU_US_PER_WRITE;
        // Back at once: the whole of the logger's work after the write is waited for.
        let at_once = lone(&zhl, 0.0, 1.0);
        assert!(at_once.wait_us > at_once.write_us + logger_us, "{at_once:?}");
        // The longer the task's own work between forces, the less of it is left.
        let waits: Vec<f64> = [0.0, 5.0, 20.0, 200.0].iter().map(|&g| lone(&zhl, g, 1.0).wait_us).collect();
        assert!(waits.windows(2).all(|w| w[1] < w[0]), "{waits:?}");
        assert!(waits[3] - at_once.write_us < 0.1 * logger_us, "{waits:?}");
        // The logger works while an asynchronous write is in flight: nothing to wait out.
        let async_write = lone(&zhpf, 0.0, 1.0);
        assert_eq!(async_write.wait_us, async_write.write_us);
    }

    #[test]
    fn a_closed_loops_force_waits_at_most_for_every_chain_ahead_of_it() {
        let path = log_path_of(serde_json::json!({ "io_mode": "zhpf", "copies": 1, "stripes": 1 }));
        // Sixteen convoys putting 46 KB records, the log at 98% of its ceiling: the wall alone
        // would have a force wait many writes, though only the other fifteen are ahead of it.
        let convoys =
            ForceStream { gap_us: 30.0, lock_handoffs: true, ..ForceStream::uniform(5_800.0, 47_000.0, 16.0, 0.98) };
        let log = log_force_on(&mut path.timer(), &convoys);
        let writes_ahead = 16.0 / log.requests_per_write;
        assert!(log.wait_us <= writes_ahead * log.write_us * (1.0 + 1.0e-9), "{log:?}");
        assert!(log.wait_us > log.write_us, "{log:?}");
        // Random arrivals have no such bound: the wall stands.
        let open = ForceStream { gap_us: f64::INFINITY, lock_handoffs: false, ..convoys };
        let open_log = log_force_on(&mut path.timer(), &open);
        assert!(open_log.wait_us > writes_ahead * open_log.write_us, "{open_log:?}");
    }

    #[test]
    fn no_more_released_chains_rejoin_the_loggers_tail_than_the_processors_serve_in_it() {
        let path = log_path_of(serde_json::json!({ "io_mode": "zhyperlink", "copies": 2, "stripes": 3 }));
        // Fourteen chains forcing small records over zHyperLink, 10 us of processor time
        // between forces: with processors to spare most come back within the logger's tail and
        // ride the next write; on two, only a few can, and the rest wait for a later one.
        let free =
            ForceStream { gap_us: 10.0, paced_gap_us: 10.0, ..ForceStream::uniform(60_000.0, 2_500.0, 14.0, 0.3) };
        let spare = log_force_on(&mut path.timer(), &free);
        let two = log_force_on(&mut path.timer(), &ForceStream { rejoin_processors: 2.0, ..free });
        let many = log_force_on(&mut path.timer(), &ForceStream { rejoin_processors: 64.0, ..free });
        assert!(two.wait_us > 1.1 * spare.wait_us, "{two:?} vs {spare:?}");
        assert_eq!(many, spare, "processors enough for every chain in the tail bound nothing");
        assert_eq!(served_within(10.0, 15.0, 10.0, 2.0), 0.3);
        assert_eq!(served_within(10.0, 15.0, 10.0, f64::INFINITY), 1.0);
    }

    #[test]
    fn a_paced_chains_fixed_wait_for_the_cf_keeps_it_out_of_the_loggers_tail() {
        let path = log_path_of(serde_json::json!({ "io_mode": "zhyperlink", "copies": 2, "stripes": 3 }));
        // Twelve paced chains 20 us apart between forces over zHyperLink, on processors to
        // spare: the more of those 20 us is a fixed wait for the CF rather than a processor
        // burst, the fewer chains come back within the logger's tail, and the longer they wait.
        let varying = ForceStream {
            gap_us: 20.0,
            paced_gap_us: 20.0,
            processors: 16.0,
            ..ForceStream::uniform(60_000.0, 2_500.0, 12.0, 0.1)
        };
        let part = ForceStream { fixed_gap_us: 8.0, paced_gap_us: 12.0, ..varying };
        let all = ForceStream { fixed_gap_us: 20.0, paced_gap_us: 0.0, ..varying };
        let waits = [varying, part, all].map(|f| log_force_on(&mut path.timer(), &f).wait_us);
        assert!(waits[0] < waits[1] && waits[1] < waits[2], "{waits:?}");
        // Chains taken to come back independently keep their exponential gap.
        let independent = ForceStream { processors: f64::INFINITY, ..varying };
        assert_eq!(
            log_force_on(&mut path.timer(), &independent),
            log_force_on(&mut path.timer(), &ForceStream { fixed_gap_us: 8.0, ..independent })
        );
    }

    #[test]
    fn a_random_force_finds_more_of_a_write_left_where_writes_vary_in_length() {
        let path = log_path_of(serde_json::json!({ "io_mode": "ficon" }));
        // Forces arriving at random, half of them a 1 MB record's, half a 1 KB one's, against
        // forces of their mean size: the same bytes and about the same write time on average.
        let mean = 0.5 * (1_048_576.0 + 1024.0);
        let alike = ForceStream { gap_us: f64::INFINITY, ..ForceStream::uniform(300.0, mean, 4.0, 0.3) };
        let mixed = ForceStream { sizes: ForceSizes::in_equal_numbers(&[1_048_576.0, 1024.0]), ..alike };
        let (alike, mixed) = (log_force_on(&mut path.timer(), &alike), log_force_on(&mut path.timer(), &mixed));
        assert!((mixed.write_us / alike.write_us - 1.0).abs() < 0.1, "{alike:?} vs {mixed:?}");
        // A long write is the likelier to be in flight: the residual found is nearly a whole mean
        // write rather than half of one.
        let queued = |w: &LogForce| (w.wait_us - w.write_us) / (w.busy_with_others * w.write_us);
        assert!((queued(&alike) - 0.5).abs() < 0.1, "{alike:?}");
        assert!(queued(&mixed) > 1.6 * queued(&alike), "{alike:?} vs {mixed:?}");
    }

    #[test]
    fn a_force_another_queue_managers_write_brings_on_finds_half_a_write_left() {
        let on = |io_mode: &str| {
            let path = log_path_of(serde_json::json!({ "io_mode": io_mode, "copies": 1, "stripes": 2 }));
            // Twelve convoy chains that force again 10 us after a release, the logger busy.
            let own =
                ForceStream { gap_us: 10.0, lock_handoffs: true, ..ForceStream::uniform(25_000.0, 1_000.0, 12.0, 0.2) };
            let mut timer = path.timer();
            let all_own = log_force_on(&mut timer, &own);
            let a_third = log_force_on(&mut timer, &ForceStream { own_release_share: 1.0 / 3.0, ..own });
            let none = log_force_on(&mut timer, &ForceStream { own_release_share: 0.0, ..own });
            (all_own, a_third, none)
        };
        // Over FICON a force that follows its own logger's release waits about a whole write
        // more than its own; one another's write brings on, about half.
        let (all_own, a_third, none) = on("ficon");
        assert!(
            all_own.wait_us > a_third.wait_us && a_third.wait_us > none.wait_us,
            "{all_own:?} {a_third:?} {none:?}"
        );
        let write_us = none.write_us;
        assert!(all_own.wait_us - none.wait_us > 0.3 * write_us, "{all_own:?} vs {none:?}");
        // Over zHyperLink the logger's tail governs when released chains come back: unchanged.
        let (all_own, a_third, _) = on("zhyperlink");
        assert_eq!(all_own, a_third);
    }

    #[test]
    fn convoy_chains_rise_to_the_forces_in_flight() {
        let path = log_path_of(serde_json::json!({ "io_mode": "ficon", "copies": 2, "stripes": 4 }));
        // Nine convoys forcing 33,000 times a second, 7 KB each, with a put's CPU between a
        // write's end and the next holder's force: more writes than the logger has time for,
        // split between two halves of the convoys.
        let mut stream =
            ForceStream { gap_us: 11.0, lock_handoffs: true, ..ForceStream::uniform(33_000.0, 7_400.0, 9.0, 0.5) };
        let at_convoys = log_force_on(&mut path.timer(), &stream);
        let in_flight = |stream: &ForceStream, log: &LogForce| stream.requests_per_s * log.wait_us * 1.0e-6;
        assert!(in_flight(&stream, &at_convoys) > 1.3 * stream.chains, "{at_convoys:?}");
        assert!(at_convoys.writes_per_s * at_convoys.write_us * 1.0e-6 > 1.2, "{at_convoys:?}");
        let raised = with_forces_in_flight(&mut path.timer(), &mut stream, at_convoys, 63.0);
        // The chains end where they carry the forces in flight, and gather more a write.
        assert!(stream.chains > 9.0, "{stream:?}");
        let settled = (in_flight(&stream, &raised) - stream.chains).abs() / stream.chains;
        assert!(settled < 0.01, "{stream:?} {raised:?}");
        assert!(raised.requests_per_write > 1.3 * at_convoys.requests_per_write, "{raised:?} {at_convoys:?}");
        // Never above the tasks there are, nor below the chains given.
        let mut capped = ForceStream { chains: 9.0, ..stream };
        with_forces_in_flight(&mut path.timer(), &mut capped, at_convoys, 10.0);
        assert!(capped.chains <= 10.0, "{capped:?}");
        let mut idle = ForceStream { requests_per_s: 1_000.0, chains: 9.0, ..stream };
        let quiet = log_force_on(&mut path.timer(), &idle);
        assert_eq!(with_forces_in_flight(&mut path.timer(), &mut idle, quiet, 63.0), quiet);
        assert_eq!(idle.chains, 9.0);
    }

    #[test]
    fn chains_back_within_the_loggers_own_work_rejoin_the_next_write() {
        let zhl = Scenario::from_overlay(&serde_json::json!({ "log": { "io_mode": "zhyperlink" } })).unwrap();
        let zhpf = Scenario::from_overlay(&serde_json::json!({ "log": { "io_mode": "zhpf" } })).unwrap();
        let chains = 12.0;
        let logger_us = crate::model::log::LOGGER_CPU_US_PER_WRITE;
        let busy = |s: &Scenario, gap_us: f64, lock_handoffs: bool| {
            let path = IoPath::of(s);
            // The load of every chain forcing once a cycle of a write of them all, the logger's
            // work after it and the chain's own gap.
            let t = path.write_time_us(chains * 500.0) + logger_us;
            let rate = chains / ((gap_us + t) * 1.0e-6);
            let stream = ForceStream { gap_us, lock_handoffs, ..ForceStream::uniform(rate, 500.0, chains, 0.0) };
            log_force_on(&mut path.timer(), &stream)
        };
        // A chain whose next force comes within the logger's own work after a synchronous write
        // (a convoy's next holder, a task with a get's CPU between its commits) rides the next
        // write: such chains gather more a write than chains back after long work at the same
        // rate, and a force waits the rest of that work and one write, where the others find a
        // cycle under way and wait for part of it and a write.
        let (quick, slow) = (busy(&zhl, 3.0, false), busy(&zhl, 200.0, false));
        assert!(quick.requests_per_write > 2.0 * slow.requests_per_write, "{quick:?} {slow:?}");
        assert!(quick.wait_us < slow.wait_us, "{quick:?} {slow:?}");
        assert!(quick.wait_us < quick.write_us + logger_us, "{quick:?}");
        assert!(slow.wait_us > 1.5 * slow.write_us, "{slow:?}");
        // A convoy's chains do the same. (Tasks' writes are also held to no more than the
        // logger's cycles allow, which convoys keep to their own count of.)
        let convoy = busy(&zhl, 3.0, true);
        assert!(convoy.requests_per_write > 2.0 * slow.requests_per_write, "{convoy:?} {slow:?}");
        assert!(convoy.wait_us < slow.wait_us, "{convoy:?} {slow:?}");
        assert!(quick.requests_per_write >= convoy.requests_per_write, "{quick:?} {convoy:?}");
        // An asynchronous write leaves the logger no such work to come back within: the quick
        // chains take turns with the write in flight like any others, each forcing once in two
        // writes of half of them (a load the logger can keep up with taking turns; at the one
        // above, every chain a write, it cannot).
        let path = IoPath::of(&zhpf);
        let half_us = path.write_time_us(chains / 2.0 * 500.0);
        let rate = chains / ((3.0 + 2.0 * half_us) * 1.0e-6);
        let stream = ForceStream { gap_us: 3.0, ..ForceStream::uniform(rate, 500.0, chains, 0.0) };
        let zhpf_quick = log_force_on(&mut path.timer(), &stream);
        assert!(zhpf_quick.wait_us > 1.5 * zhpf_quick.write_us, "{zhpf_quick:?}");
    }

    #[test]
    fn tasks_that_come_back_within_a_write_fall_into_step_with_the_logger() {
        let s = Scenario::default();
        let path = IoPath::of(&s);
        let t = path.write_time_us(3000.0);
        // Chains whose own work between forces is short against a write come back while the
        // next one is in flight: each force waits for two writes, so a chain forces once every
        // two writes, and the logger is busy with half of them at a time (the load priced at
        // writes of half the chains, which the logger can then keep up with).
        let in_step = |chains: f64| {
            let t = path.write_time_us(3000.0 * (chains / 2.0).max(1.0));
            let rate = chains / ((10.0 + 2.0 * t) * 1.0e-6);
            let stream = ForceStream { gap_us: 10.0, ..ForceStream::uniform(rate, 3000.0, chains, 0.0) };
            log_force_on(&mut path.timer(), &stream)
        };
        // Two chains take turns: a write never carries both.
        assert_eq!(in_step(2.0).requests_per_write, 1.0);
        for chains in [3.0, 8.0, 20.0] {
            let f = in_step(chains);
            assert!((f.requests_per_write / (chains / 2.0) - 1.0).abs() < 0.05, "{chains}: {f:?}");
            assert!((f.wait_us / (2.0 * f.write_us) - 1.0).abs() < 0.1, "{chains}: {f:?}");
        }
        // The same rate from chains that stay away long gathers far less.
        let spread =
            ForceStream { gap_us: 50.0 * t, ..ForceStream::uniform(8.0 / (52.0 * t * 1.0e-6), 3000.0, 8.0, 0.0) };
        let spread = log_force_on(&mut path.timer(), &spread);
        assert!(spread.requests_per_write < 1.2, "{spread:?}");
    }

    #[test]
    fn concurrent_committers_share_writes() {
        let s = Scenario::default();
        let few = log_force(&s, 1000.0, 3000.0, 10.0, 0.0);
        let many = log_force(&s, 20000.0, 3000.0, 100.0, 0.0);
        assert!(many.requests_per_write > few.requests_per_write);
        assert!(many.requests_per_write > 2.0);
        assert!(many.writes_per_s < 20000.0);
    }
}
