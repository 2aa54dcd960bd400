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
    // The processors' utilisation grows with the loops' ratio r of burst to time elsewhere; find
    // the r that gives `utilisation` by Newton's method, kept inside a bracket. It starts from
    // what r would be if nobody queued (N - cU loops elsewhere keeping cU processors busy),
    // corrected by how far the last search's answer was from that.
    let unqueued_ratio =
        |chains: f64, utilisation: f64| cpus * utilisation / (chains - cpus * utilisation).max(f64::MIN_POSITIVE);
    let (mut low, mut high) = (0.0_f64, f64::INFINITY);
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
    let remember = |ratio: f64| warm.0.set(Some(LastSearch { ratio, chains, utilisation }));
    let mut at = occupancy(chains, cpus, ratio);
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
            remember(ratio * (1.0 + step));
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
        at = occupancy(chains, cpus, ratio);
    }
    remember(ratio);
    // Little's law: bursts queued over bursts served is the mean wait over the mean burst.
    (ratio, 1.0 + at.queued / (at.utilisation * cpus))
}

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
}
