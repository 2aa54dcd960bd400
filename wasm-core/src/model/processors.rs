//! The finite-source queue (M/M/c//N, the machine-repairman model), for a sub-model that solves
//! a closed loop (the request/reply solver's): its loops queue for the LPAR's processors, and
//! its requesters for the servers of their queue pair.
//!
//! The reports' workloads are closed loops: a fixed number of tasks, each issuing its next API
//! call only when the last one has finished. A burst of CPU therefore competes only with the
//! other loops, and a loop has at most one burst on the processors at a time. With no more loops
//! than processors nobody ever queues, however busy the processors are; with many loops the
//! queueing tends to that of random arrivals. The finite-source queue covers the whole range
//! exactly for exponential bursts, which is what the simulation draws. A requester likewise has
//! at most one request waiting for a server.

use std::cell::Cell;

/// Where the last search for the loops' ratio of burst to time elsewhere ended. A solver calls
/// [`burst_stretch`] at one throughput after another, each close to the last, and a search that
/// starts where the last one ended needs a step or two instead of several.
#[derive(Debug, Clone, Default)]
pub struct WarmStart(Cell<Option<LastSearch>>);

/// The answer of a search and what it was asked.
#[derive(Debug, Clone, Copy)]
struct LastSearch {
    ratio: f64,
    chains: f64,
    utilisation: f64,
}

/// Factor by which processor queueing lengthens a CPU burst (1 = no wait), when `chains` closed
/// loops share `cpus` processors that are busy `utilisation` of the time (0 to 1).
///
/// Each loop alternates between one burst on a processor and time elsewhere (I/O, lock waits,
/// other tasks' work); the time elsewhere is whatever makes the processors as busy as
/// `utilisation`. The number of loops may be fractional (an average, such as the loops not
/// queued for a lock): the state probabilities are extended to it the way binomial
/// coefficients are, which is continuous in `chains` and exact at whole numbers. Infinite at or
/// beyond saturation. `warm` only speeds the search up.
pub fn burst_stretch(chains: f64, cpus: f64, utilisation: f64, warm: &WarmStart) -> f64 {
    let cpus = cpus.max(1.0);
    if chains <= cpus || utilisation <= 0.0 {
        return 1.0;
    }
    if utilisation >= 1.0 {
        return f64::INFINITY;
    }
    search(chains, cpus, utilisation, warm).1
}

/// Share of bursts that find every processor busy and wait, in the setting of [`burst_stretch`]:
/// 0 with no more loops than processors, 1 at saturation.
///
/// A loop arriving at the processors sees the others as a time average of the queue with one loop
/// fewer (the arrival theorem). A birth-death queue is left as it is found, so this is also the
/// share of bursts after which a processor (a server) finds another burst waiting rather than
/// going idle.
pub fn wait_probability(chains: f64, cpus: f64, utilisation: f64, warm: &WarmStart) -> f64 {
    let cpus = cpus.max(1.0);
    if chains <= cpus || utilisation <= 0.0 {
        return 0.0;
    }
    if utilisation >= 1.0 {
        return 1.0;
    }
    let (ratio, _) = search(chains, cpus, utilisation, warm);
    occupancy(chains - 1.0, cpus, ratio).all_busy
}

/// The loops' ratio of burst to time elsewhere that makes `chains` loops keep `cpus` processors
/// busy `utilisation` of the time (more loops than processors, utilisation strictly between 0
/// and 1), and the stretch it gives.
fn search(chains: f64, cpus: f64, utilisation: f64, warm: &WarmStart) -> (f64, f64) {
    // The search starts from what r would be if nobody queued (N - cU loops elsewhere keeping cU
    // processors busy), corrected by how far the last search's answer was from that.
    let unqueued_ratio =
        |chains: f64, utilisation: f64| cpus * utilisation / (chains - cpus * utilisation).max(f64::MIN_POSITIVE);
    let mut ratio = unqueued_ratio(chains, utilisation);
    if let Some(last) = warm.0.get() {
        ratio *= last.ratio / unqueued_ratio(last.chains, last.utilisation);
        // Next to saturation the idle share falls as r to the power of the loops that can queue,
        // so that is how r scales from the last answer; the unqueued ratio hardly moves there.
        let queueing = chains - cpus + 1.0;
        if last.chains == chains && utilisation > SATURATED && last.utilisation > SATURATED {
            ratio = last.ratio * ((1.0 - last.utilisation) / (1.0 - utilisation)).powf(1.0 / queueing);
        }
    }
    let (ratio, stretch) = match_utilisation(utilisation, cpus, ratio, |r| occupancy(chains, cpus, r));
    warm.0.set(Some(LastSearch { ratio, chains, utilisation }));
    (ratio, stretch)
}

/// The loops' ratio r of burst to time elsewhere at which `at` (the queue's state at a ratio)
/// keeps `cpus` processors busy `utilisation` of the time, searched from `ratio`, and the
/// stretch it gives.
///
/// The processors' utilisation grows with r: Newton's method in ln r, kept inside a bracket.
fn match_utilisation(utilisation: f64, cpus: f64, mut ratio: f64, at_ratio: impl Fn(f64) -> Occupancy) -> (f64, f64) {
    let (mut low, mut high) = (0.0_f64, f64::INFINITY);
    let mut at = at_ratio(ratio);
    for _ in 0..RATIO_SEARCH_STEPS {
        let error = at.utilisation - utilisation;
        if error.abs() <= (UTILISATION_TOLERANCE * utilisation.min(1.0 - utilisation)).max(UTILISATION_FLOOR) {
            break;
        }
        // Close enough for one last Newton step to be exact to second order: take it on the
        // queue too, by its slope, rather than summing the states again. Next to saturation the
        // utilisation hardly moves with r, and a step of half of r or more is no correction
        // (it could even make r negative): the search goes on instead.
        let step = -error / at.utilisation_slope.max(f64::MIN_POSITIVE);
        let near = LINEAR_TOLERANCE * utilisation.min(1.0 - utilisation);
        if error.abs() <= near && at.utilisation_slope > 0.0 && step.abs() < 0.5 {
            let queued = at.queued + at.queued_slope * step;
            return (ratio * (1.0 + step), 1.0 + queued.max(0.0) / (utilisation * cpus));
        }
        if error < 0.0 {
            low = ratio;
        } else {
            high = ratio;
        }
        // The slope is in ln r; far from the answer it can be nearly flat, so a step changes r
        // by a factor of 8 at most.
        let newton = ratio * (1.0 - error / at.utilisation_slope.max(f64::MIN_POSITIVE)).clamp(0.125, 8.0);
        ratio = if newton > low && newton < high {
            newton
        } else if high.is_infinite() {
            2.0 * low
        } else if low > 0.0 {
            (low * high).sqrt()
        } else {
            0.5 * high
        };
        at = at_ratio(ratio);
    }
    // Little's law: bursts queued over bursts served is the mean wait over the mean burst.
    (ratio, 1.0 + at.queued / (at.utilisation * cpus))
}

/// How long a task may keep a processor across its MQI calls before it goes to the back of the
/// processors' queue, µs. z/OS dispatches a task until it waits, so a task's calls between
/// two waits run as one stretch, not call by call in turn with the other tasks; the quantum only
/// keeps a loop that never waits (nonpersistent puts on a private queue) from shutting the others
/// out. The simulation dispatches so, and the model reads it where turns matter (a batch's
/// tasks keeping in step, `request_reply::in_step`). Taken call by call, the simulated tasks in
/// put loops finished their loops together and reached the log in a bunch: 3 batch tasks of 20
/// messages a commit on one processor made a fifth fewer transactions than 2. Without a quantum,
/// nonpersistent loops starved the other tasks (round trips 50-96% off the model); 200 us and
/// 1 ms left the same scenarios of the consistency probe beyond 10% of the model but one.
pub const DISPATCH_QUANTUM_US: f64 = 200.0;

/// Utilisation above which the search extrapolates the last answer by the idle share.
const SATURATED: f64 = 0.99;

/// Steps at most when matching the utilisation (Newton's method needs a handful; bisection
/// steps, taken when a Newton step would leave the bracket, need more).
const RATIO_SEARCH_STEPS: u32 = 100;

/// Relative error in utilisation at which the search stops (relative to the idle share next to
/// saturation, where the queue turns on it).
const UTILISATION_TOLERANCE: f64 = 1.0e-12;

/// Error in utilisation at which the search stops however close to saturation: a few times the
/// spacing of the doubles next to 1.
const UTILISATION_FLOOR: f64 = 1.0e-15;

/// Relative error in utilisation (or in the idle share, next to saturation) below which a last
/// Newton step is taken by slopes alone (its error goes as the square of this).
const LINEAR_TOLERANCE: f64 = 1.0e-4;

/// Time-average state of the finite-source queue.
#[derive(Debug, Clone, Copy)]
struct Occupancy {
    /// Fraction of the processors busy.
    utilisation: f64,
    /// Mean bursts waiting for a processor.
    queued: f64,
    /// Derivative of `utilisation` with respect to ln r.
    utilisation_slope: f64,
    /// Derivative of `queued` with respect to ln r.
    queued_slope: f64,
    /// Probability that every processor is busy.
    all_busy: f64,
}

/// The finite-source queue with `chains` loops, `cpus` processors and `ratio` = r, the mean
/// burst over the mean time elsewhere.
fn occupancy(chains: f64, cpus: f64, ratio: f64) -> Occupancy {
    // Unnormalised probabilities of k loops at the processors: p(k) = p(k-1) (N-k+1) r / min(k, c),
    // up to the last k with N - k + 1 > 0. Since p(k) goes as r^k,
    // d E[f(k)] / d ln r = E[k f(k)] - E[k] E[f(k)].
    let mut term = 1.0_f64;
    let (mut total, mut busy, mut at_cpu, mut busy_times_k, mut at_cpu_squared) = (1.0_f64, 0.0, 0.0, 0.0, 0.0);
    let mut all_busy = 0.0;
    let per_cpu = ratio / cpus;
    let mut k = 1.0;
    while k < chains + 1.0 {
        // Below c every loop at the processors is served; from c on, c of them.
        let (serving, step) =
            if k < cpus { (k, (chains - k + 1.0) * ratio / k) } else { (cpus, (chains - k + 1.0) * per_cpu) };
        term *= step;
        total += term;
        if k >= cpus {
            all_busy += term;
        } else if k > cpus - 1.0 {
            // With a fractional number of servers (an average, such as the servers a pair) the
            // state of floor(c) loops leaves a part of one idle; counted as every server busy by
            // the share ceil(c) - c, the probability moves continuously with the servers rather
            // than stepping at each whole number.
            all_busy += term * (k + 1.0 - cpus);
        }
        busy += term * serving;
        at_cpu += term * k;
        busy_times_k += term * serving * k;
        at_cpu_squared += term * k * k;
        if total > RESCALE_ABOVE {
            term /= total;
            busy /= total;
            at_cpu /= total;
            busy_times_k /= total;
            at_cpu_squared /= total;
            all_busy /= total;
            total = 1.0;
        }
        // Past the mode the terms fall geometrically; the rest cannot change the sums.
        if k > cpus && step < 1.0 && term < NEGLIGIBLE_TERM * total {
            break;
        }
        k += 1.0;
    }
    let (busy, at_cpu) = (busy / total, at_cpu / total);
    let busy_slope = busy_times_k / total - at_cpu * busy;
    let at_cpu_slope = at_cpu_squared / total - at_cpu * at_cpu;
    Occupancy {
        utilisation: busy / cpus,
        // Loops at the processors are either served or queued.
        queued: (at_cpu - busy).max(0.0),
        utilisation_slope: busy_slope / cpus,
        queued_slope: at_cpu_slope - busy_slope,
        all_busy: all_busy / total,
    }
}

/// Sums are rescaled before they can overflow.
const RESCALE_ABOVE: f64 = 1.0e250;

/// A term this small a share of the total adds nothing an f64 can hold.
const NEGLIGIBLE_TERM: f64 = 1.0e-17;

/// Factor by which processor queueing lengthens a CPU burst when `chains` of `population` loops
/// are at the processors, the loops spread evenly over `lpars` LPARs of `cpus` processors each,
/// and which of them are at the processors (rather than queued for a lock elsewhere) is a matter
/// of chance; `None` when that few loops, so spread, cannot keep the processors `utilisation`
/// busy.
///
/// [`burst_stretch`] gives each LPAR its even share of the loops. Where few loops are at the
/// processors of several LPARs, as when the tasks of a queue sharing group queue for a handful
/// of shared queue locks and only the holders run, their shares are uneven: an LPAR holds
/// anywhere from none of them to all, the count following the hypergeometric law of drawing
/// `chains` of the `population` loops, `population / lpars` of them its own. The bursts of an
/// LPAR holding several queue behind each other while another LPAR idles, so a burst waits
/// longer than the even share says at the same utilisation. Every LPAR is a finite-source queue
/// of the loops it holds, with the loops' common ratio of burst to time elsewhere chosen to make
/// the LPARs busy `utilisation` on average; the stretch is the bursts queued over the bursts
/// served, over all LPARs. `warm` and `spread_warm` only speed the searches up (the even
/// share's and the spread's). With many loops an LPAR the share hardly varies, so from
/// [`SPREAD_EVEN_FROM`] loops an LPAR the even share takes over (blended over a range, so the
/// answer moves smoothly with `chains`).
pub fn spread_burst_stretch(
    chains: f64,
    population: f64,
    lpars: f64,
    cpus: f64,
    utilisation: f64,
    warm: &WarmStart,
    spread_warm: &WarmStart,
) -> Option<f64> {
    let cpus = cpus.max(1.0);
    let per_lpar = chains / lpars.max(1.0);
    let even = || burst_stretch(per_lpar, cpus, utilisation, warm);
    if lpars <= 1.0 || utilisation <= 0.0 || utilisation >= 1.0 || chains >= population {
        return Some(even());
    }
    let even_from = SPREAD_EVEN_FROM * cpus;
    let even_share = ((per_lpar - even_from) / even_from).clamp(0.0, 1.0);
    if even_share >= 1.0 {
        return Some(even());
    }
    let weights = LparShares::of(chains, population, lpars);
    let spread = weights.stretch(cpus, utilisation, spread_warm)?;
    Some(if even_share > 0.0 { spread + even_share * (even() - spread) } else { spread })
}

/// Loops an LPAR per processor from which [`spread_burst_stretch`] starts to take each LPAR's
/// even share (fully from twice as many): by then the hypergeometric count's spread is a small
/// part of it.
pub const SPREAD_EVEN_FROM: f64 = 8.0;

/// How many of the loops at the processors one LPAR holds: `weights[i]` is the probability of
/// `first + i`.
struct LparShares {
    first: usize,
    weights: Vec<f64>,
}

impl LparShares {
    /// The hypergeometric law of an LPAR's share of `chains` loops drawn from `population`, over
    /// the LPARs that hold the even share rounded down and those that hold it rounded up; a
    /// fractional count of loops taken as a mix of the whole counts either side.
    fn of(chains: f64, population: f64, lpars: f64) -> LparShares {
        let total = population.round().max(1.0) as usize;
        let whole = (chains.floor() as usize).min(total);
        let above = (chains - whole as f64).clamp(0.0, 1.0);
        // LPARs hold whole tasks: where they do not share them evenly, some hold one more than
        // the others, and the average LPAR is a mix of the two (rounding the even share instead
        // gave 5 tasks over two LPARs the law of 3 and 4 tasks the law of 2: a lock-bound log
        // test's throughput jumped 16% between them).
        let per_lpar = population / lpars.max(1.0);
        let fewer = (per_lpar.floor() as usize).min(total);
        let more = (fewer + 1).min(total);
        let with_more = (per_lpar - fewer as f64).clamp(0.0, 1.0);
        let mut laws = Vec::with_capacity(4);
        for (own, lpar_share) in [(fewer, 1.0 - with_more), (more, with_more)] {
            for (drawn, drawn_share) in [(whole, 1.0 - above), ((whole + 1).min(total), above)] {
                // Laws of no weight are not drawn up at all (the spread is on the solver's path).
                if lpar_share * drawn_share > 0.0 {
                    laws.push((lpar_share * drawn_share, hypergeometric(total, own, drawn)));
                }
            }
        }
        let first = laws.iter().map(|(_, l)| l.0).min().unwrap_or(0);
        let last = laws.iter().map(|(_, l)| l.0 + l.1.len()).max().unwrap_or(first + 1);
        let mut weights = vec![0.0; last - first];
        for (share, law) in &laws {
            for (k, w) in law.1.iter().enumerate() {
                weights[law.0 + k - first] += share * w;
            }
        }
        LparShares { first, weights }
    }

    /// The LPARs' state at ratio `ratio` of burst to time elsewhere, on average over the shares.
    fn occupancy(&self, cpus: f64, ratio: f64) -> Occupancy {
        let mut mean =
            Occupancy { utilisation: 0.0, queued: 0.0, utilisation_slope: 0.0, queued_slope: 0.0, all_busy: 0.0 };
        for (i, &w) in self.weights.iter().enumerate() {
            let loops = (self.first + i) as f64;
            if loops < 1.0 || w <= 0.0 {
                continue;
            }
            let at = occupancy(loops, cpus, ratio);
            mean.utilisation += w * at.utilisation;
            mean.utilisation_slope += w * at.utilisation_slope;
            mean.queued += w * at.queued;
            mean.queued_slope += w * at.queued_slope;
            mean.all_busy += w * at.all_busy;
        }
        mean
    }

    /// The stretch at `utilisation`, or `None` where even loops that never leave the processors
    /// would keep them less busy.
    fn stretch(&self, cpus: f64, utilisation: f64, warm: &WarmStart) -> Option<f64> {
        // Loops always at the processors keep min(k, c) of them busy.
        let most: f64 = self.weights.iter().enumerate().map(|(i, w)| w * ((self.first + i) as f64).min(cpus)).sum();
        if utilisation >= most / cpus {
            return None;
        }
        // From the last answer, moved as the ratio would move if nobody queued (as `search`
        // starts), the mean loops an LPAR standing for the loops.
        let mean: f64 = self.weights.iter().enumerate().map(|(i, w)| w * (self.first + i) as f64).sum();
        let unqueued = |loops: f64, utilisation: f64| cpus * utilisation / (loops - cpus * utilisation);
        let start = match warm.0.get() {
            Some(last) => {
                let moved = unqueued(mean, utilisation) / unqueued(last.chains, last.utilisation);
                last.ratio * if moved.is_finite() && moved > 0.0 { moved } else { 1.0 }
            }
            None => utilisation / (1.0 - utilisation),
        };
        let (ratio, stretch) = match_utilisation(utilisation, cpus, start, |r| self.occupancy(cpus, r));
        warm.0.set(Some(LastSearch { ratio, chains: mean, utilisation }));
        Some(stretch)
    }
}

/// A share of an LPAR's loops this unlikely (against the likeliest) changes no stretch that matters.
const SHARE_NEGLIGIBLE: f64 = 1.0e-12;

/// The law of how many of `own` marked items a draw of `drawn` from `total` holds: the first
/// count with any chance and the probabilities from there (those too small to matter left off).
fn hypergeometric(total: usize, own: usize, drawn: usize) -> (usize, Vec<f64>) {
    let first = drawn.saturating_sub(total - own);
    let last = drawn.min(own);
    // p(k+1)/p(k) = (own-k)(drawn-k) / ((k+1)(total-own-drawn+k+1)), from an unnormalised start.
    let mut terms = Vec::with_capacity(last - first + 1);
    let mut term = 1.0_f64;
    let mut largest = 1.0_f64;
    terms.push(term);
    for k in first..last {
        let (kf, own, drawn, rest) = (k as f64, own as f64, drawn as f64, (total - own) as f64);
        term *= (own - kf) * (drawn - kf) / ((kf + 1.0) * (rest - drawn + kf + 1.0));
        if term > RESCALE_ABOVE {
            terms.iter_mut().for_each(|t| *t /= term);
            largest /= term;
            term = 1.0;
        }
        largest = largest.max(term);
        terms.push(term);
        if term < SHARE_NEGLIGIBLE * largest && term < terms[terms.len() - 2] {
            break;
        }
    }
    // Leading terms too small to matter are dropped too.
    let skip = terms.iter().take_while(|&&t| t < SHARE_NEGLIGIBLE * largest).count();
    let terms = terms.split_off(skip);
    let sum: f64 = terms.iter().sum();
    (first + skip, terms.into_iter().map(|t| t / sum).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stretch(chains: f64, cpus: f64, utilisation: f64) -> f64 {
        burst_stretch(chains, cpus, utilisation, &WarmStart::default())
    }

    #[test]
    fn no_more_loops_than_processors_never_queue() {
        assert_eq!(stretch(3.0, 3.0, 0.95), 1.0);
        assert_eq!(stretch(1.0, 1.0, 0.99), 1.0);
        assert!(stretch(4.0, 3.0, 0.95) > 1.0);
    }

    #[test]
    fn two_loops_on_one_processor_match_the_closed_form() {
        // States 0, 1, 2 at the processor with weights 1, 2r, 2r²: utilisation (2r + 2r²) / D and
        // one burst queued in state 2.
        let r: f64 = 0.7;
        let d = 1.0 + 2.0 * r + 2.0 * r * r;
        let u = (2.0 * r + 2.0 * r * r) / d;
        let queued = 2.0 * r * r / d;
        let expected = 1.0 + queued / u;
        assert!((stretch(2.0, 1.0, u) - expected).abs() < 1.0e-8, "{} vs {expected}", stretch(2.0, 1.0, u));
    }

    #[test]
    fn the_wait_probability_is_the_busy_share_seen_with_one_loop_fewer() {
        // One processor, two loops: the arriving loop sees the other at the processor with the
        // probability of state 1 of a single loop, r / (1 + r).
        let r: f64 = 0.7;
        let u = (2.0 * r + 2.0 * r * r) / (1.0 + 2.0 * r + 2.0 * r * r);
        let p = wait_probability(2.0, 1.0, u, &WarmStart::default());
        assert!((p - r / (1.0 + r)).abs() < 1.0e-8, "{p}");
        assert_eq!(wait_probability(3.0, 3.0, 0.9, &WarmStart::default()), 0.0);
        // Many loops: Erlang C, 0.3755 for M/M/3 at 0.616.
        let p = wait_probability(5000.0, 3.0, 0.616, &WarmStart::default());
        assert!((p - 0.3755).abs() < 0.002, "{p}");
    }

    #[test]
    fn the_wait_probability_moves_continuously_with_fractional_servers() {
        // 7.7 requesters a pair share 5 servers or a little more: the share of requests that
        // find every server busy falls as servers are added, and does not jump past 5.
        let warm = WarmStart::default();
        let at = |servers: f64| wait_probability(7.7, servers, 0.76, &warm);
        let (whole, just_past) = (at(5.0), at(5.0 + 1.0e-6));
        assert!((whole - just_past).abs() < 1.0e-4, "{whole} then {just_past}");
        let mut last = at(4.5);
        for servers in [4.75, 5.0, 5.25, 5.5, 5.75, 6.0] {
            let p = at(servers);
            assert!(p < last, "{servers} servers: {p} >= {last}");
            last = p;
        }
    }

    #[test]
    fn many_loops_tend_to_random_arrivals() {
        // M/M/1: a burst's response time is 1 / (1 - u) bursts.
        let s = stretch(5000.0, 1.0, 0.6);
        assert!((s - 2.5).abs() < 0.01, "{s}");
        // M/M/3 at 0.616 (Erlang C 0.3755): 1 + C / (c (1 - u)).
        let s = stretch(5000.0, 3.0, 0.616);
        let expected = 1.0 + 0.3755 / (3.0 * (1.0 - 0.616));
        assert!((s - expected).abs() < 0.01, "{s} vs {expected}");
    }

    #[test]
    fn more_loops_or_more_load_queue_longer() {
        let mut last = 1.0;
        for n in [4.0, 4.5, 5.0, 8.0, 16.0, 64.0] {
            let s = stretch(n, 3.0, 0.8);
            assert!(s > last, "{n}: {s} <= {last}");
            last = s;
        }
        assert!(stretch(8.0, 3.0, 0.9) > stretch(8.0, 3.0, 0.5));
        assert_eq!(stretch(8.0, 3.0, 1.0), f64::INFINITY);
    }

    #[test]
    fn a_fractional_number_of_loops_lies_between_its_neighbours_without_a_step() {
        for (below, u) in [(3.0, 0.7), (5.0, 0.4), (40.0, 0.9)] {
            let (a, b) = (stretch(below, 3.0, u), stretch(below + 1.0, 3.0, u));
            let mid = stretch(below + 0.5, 3.0, u);
            assert!(a < mid && mid < b, "{below}: {a} {mid} {b}");
            assert!((stretch(below + 1.0e-9, 3.0, u) - a).abs() < 1.0e-6 * a);
            assert!((stretch(below + 1.0 - 1.0e-9, 3.0, u) - b).abs() < 1.0e-6 * b);
        }
    }

    #[test]
    fn next_to_saturation_the_answers_stay_probabilities() {
        // A solver closing on a saturated logger asks at utilisations next to 1, each search
        // starting where the last ended. From where a search a rounding error short of 1 had
        // ended, the last Newton step at 1 - 8.6e-8 once took the ratio negative, and four
        // loops' wait probability came out at -0.76.
        let last = LastSearch { ratio: 563.301_691_876_089_6, chains: 4.0, utilisation: 0.999_999_999_999_999_9 };
        let warm = WarmStart(Cell::new(Some(last)));
        let u = 0.999_999_913_584_821_8;
        let w = wait_probability(4.0, 1.0, u, &warm);
        assert!((0.99..=1.0).contains(&w), "{w}");
        assert!(warm.0.get().is_some_and(|l| l.ratio > 0.0));
        let walk = [0.5, 0.99, 1.0 - 1.0e-9, 1.0 - 1.0e-13, 0.999_999_999_999_999_9, 1.0 - 8.6e-8, 1.0 - 1.0e-12, 0.9];
        for chains in [2.0, 3.0, 4.0, 8.5] {
            let warm = WarmStart::default();
            for u in walk {
                let w = wait_probability(chains, 1.0, u, &warm);
                assert!((0.0..=1.0).contains(&w), "{chains} loops at {u}: {w}");
                let s = burst_stretch(chains, 1.0, u, &warm);
                // At most every loop but the one served ahead (a fractional loop's states go one further).
                assert!((1.0..=chains.ceil()).contains(&s), "{chains} loops at {u}: stretch {s}");
            }
        }
    }

    #[test]
    fn next_to_saturation_a_warm_start_still_changes_only_the_speed() {
        // The queue turns on the idle share there: a search that stopped at a utilisation within
        // 1e-4 of the target once left four loops' stretch at 3.85 from a cold start and 3.96
        // from a warm one, at a utilisation 1e-7 short of 1 (the true value is over 3.95).
        for chains in [4.0, 4.7, 12.0] {
            let warm = WarmStart::default();
            for k in 0..40 {
                let u = 1.0 - 10f64.powf(-3.0 - 0.2 * f64::from(k));
                let walked = burst_stretch(chains, 1.0, u, &warm);
                let cold = stretch(chains, 1.0, u);
                assert!((walked - cold).abs() <= 1.0e-6 * cold, "{chains} loops at {u}: {walked} vs {cold}");
            }
        }
    }

    #[test]
    fn a_warm_start_changes_the_speed_not_the_answer() {
        let warm = WarmStart::default();
        for (n, u) in [(8.0, 0.3), (8.0, 0.31), (64.0, 0.95), (4.2, 0.05), (1000.0, 0.5)] {
            let (cold, hot) = (stretch(n, 3.0, u), burst_stretch(n, 3.0, u, &warm));
            assert!((cold - hot).abs() <= 1.0e-9 * cold, "{n} {u}: {cold} vs {hot}");
        }
    }

    fn spread(chains: f64, population: f64, lpars: f64, cpus: f64, utilisation: f64) -> Option<f64> {
        spread_burst_stretch(chains, population, lpars, cpus, utilisation, &WarmStart::default(), &WarmStart::default())
    }

    #[test]
    fn drawing_every_loop_or_one_lpar_leaves_the_even_share() {
        assert_eq!(spread(8.0, 8.0, 2.0, 1.0, 0.6), Some(stretch(4.0, 1.0, 0.6)));
        assert_eq!(spread(5.0, 40.0, 1.0, 2.0, 0.7), Some(stretch(5.0, 2.0, 0.7)));
        // Past twice the blend's start the even share is taken whole.
        let from = 2.0 * SPREAD_EVEN_FROM;
        assert_eq!(spread(2.0 * from, 200.0, 2.0, 1.0, 0.9), Some(stretch(from, 1.0, 0.9)));
    }

    #[test]
    fn few_loops_over_several_lpars_match_a_direct_enumeration() {
        // 3 of 32 loops at the processors of 2 LPARs (16 loops each) of one processor, half busy.
        let choose = |n: f64, k: f64| (0..k as u32).fold(1.0, |c, i| c * (n - f64::from(i)) / (f64::from(i) + 1.0));
        let share = |k: f64| choose(16.0, k) * choose(16.0, 3.0 - k) / choose(32.0, 3.0);
        // k loops on one processor: p(j) goes as k!/(k-j)! r^j.
        let lpar = |k: f64, r: f64| {
            let (mut term, mut total, mut queued) = (1.0, 1.0, 0.0);
            for j in 1..=k as u32 {
                term *= (k - f64::from(j) + 1.0) * r;
                total += term;
                queued += term * f64::from(j - 1);
            }
            (1.0 - 1.0 / total, queued / total)
        };
        let mixed = |r: f64| {
            (0..=3).map(f64::from).fold((0.0, 0.0), |(u, q), k| {
                let (uk, qk) = lpar(k, r);
                (u + share(k) * uk, q + share(k) * qk)
            })
        };
        let (mut low, mut high) = (1.0e-6_f64, 1.0e6_f64);
        for _ in 0..200 {
            let mid = (low * high).sqrt();
            if mixed(mid).0 < 0.5 { low = mid } else { high = mid }
        }
        let (u, q) = mixed((low * high).sqrt());
        let expected = 1.0 + q / u;
        let got = spread(3.0, 32.0, 2.0, 1.0, 0.5).expect("reachable");
        assert!((got - expected).abs() < 1.0e-7 * expected, "{got} vs {expected}");
        // Two or three on one LPAR queue far longer than an even 1.5 an LPAR would.
        let even = stretch(1.5, 1.0, 0.5);
        assert!(got - 1.0 > 1.5 * (even - 1.0), "{got} vs {even}");
    }

    #[test]
    fn loops_shared_unevenly_over_lpars_count_the_larger_and_the_smaller_lpars_alike() {
        // 7 tasks over 2 LPARs hold 3 on one and 4 on the other. With 2 of them at the
        // processors the LPAR of 3 has one or both 15/21 of the time, the LPAR of 4 18/21, so
        // the LPARs are at most 16.5/21 busy on average (rounding 3.5 up would say 18/21).
        let most = 16.5 / 21.0;
        assert!(spread(2.0, 7.0, 2.0, 1.0, most - 0.01).is_some());
        assert_eq!(spread(2.0, 7.0, 2.0, 1.0, most + 0.01), None);
        // One loop at the processors of two LPARs keeps them half busy at most, however many
        // tasks each LPAR holds.
        for population in [4.0, 5.0, 7.0] {
            assert!(spread(1.0, population, 2.0, 1.0, 0.49).is_some(), "{population}");
            assert_eq!(spread(1.0, population, 2.0, 1.0, 0.51), None, "{population}");
        }
    }

    #[test]
    fn spread_loops_that_leave_an_lpar_idle_cannot_keep_them_all_busy() {
        // 2 of 32 loops over 2 LPARs of one processor: both on one LPAR 15/31 of the time, so
        // the LPARs are at most 1 - 120/496 busy on average.
        let most = 1.0 - 120.0 / 496.0;
        assert!(spread(2.0, 32.0, 2.0, 1.0, most - 0.01).is_some_and(|s| s > 1.0));
        assert_eq!(spread(2.0, 32.0, 2.0, 1.0, most + 0.01), None);
    }
}
