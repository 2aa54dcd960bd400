//! The spread of the pages a forced write occupies when the commits it gathers differ in size.
//!
//! A write's time steps up at each log page it starts, so a write of a few commits of different
//! sizes does not take the time of their mean rounded up to whole pages: it takes fewer pages when
//! it happens to gather the small records and more when it gathers the large, and the mean of
//! those times is what a force waits for. With commits of 3,000 and 600 bytes in equal numbers
//! (a put's record and a get's, say), a write of two averages 3,600 bytes, one page, but holds two
//! puts, two pages, one time in four; over dual 2-stripe zHyperLink logs, where a page takes
//! 32 us and two take 64, such writes take 40 us on average, not 32.

use crate::model::log::LOG_PAGE_BYTES;

/// Most kinds of force request a workload mixes: a request/reply round trip in syncpoint forces
/// the request's put, the server's get-and-reply and the reply's get.
const MAX_KINDS: usize = 3;

/// Commits a write gathers up to which their mix is enumerated (at most 91 mixes of three kinds);
/// past that the sum of their sizes is close to normal and three points of it are timed.
const EXACT_COMMITS: usize = 12;

/// Most distinct page counts an enumerated mix keeps: each is a write to time, and a mix spread
/// over more pages than this is near enough the normal's three points (the steps that matter are
/// those between one page and a few).
const MAX_EXACT_PAGE_COUNTS: usize = 4;

/// Most distinct page counts one whole count of commits spreads over: an enumerated mix's, with
/// room for the one page count that tells an enumeration to give up, or the normal's points,
/// each over two page counts.
const WHOLE_TERMS: usize = MAX_EXACT_PAGE_COUNTS + 2;

const _: () = assert!(WHOLE_TERMS >= 2 * NORMAL_NODES.len());

/// Most mean counts of commits one spread weighs (see [`ForceSizes::page_spread_over`]).
pub const MAX_COUNTS: usize = 3;

/// Most distinct page counts one spread holds: each mean count's two whole counts'.
const MAX_TERMS: usize = 2 * MAX_COUNTS * WHOLE_TERMS;

/// Three-point Gauss-Hermite rule for a standard normal: nodes and weights (exact for
/// polynomials up to the fifth degree; a write's time is close to linear in its pages once their
/// spread covers several).
pub(super) const NORMAL_NODES: [(f64, f64); 3] =
    [(-1.732_050_807_568_877_2, 1.0 / 6.0), (0.0, 2.0 / 3.0), (1.732_050_807_568_877_2, 1.0 / 6.0)];

/// The sizes of the force requests a log sees, relative to their mean: up to three kinds of
/// request that come in equal numbers (each round trip or loop forces one of each), each write
/// gathering a random mix of them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ForceSizes {
    /// Each kind's size over the mean of all kinds; only the first `kinds` are used.
    relative: [f64; MAX_KINDS],
    /// Kinds in use (1..=3).
    kinds: usize,
}

impl ForceSizes {
    /// Every request brings the same data.
    pub const UNIFORM: ForceSizes = ForceSizes { relative: [1.0; MAX_KINDS], kinds: 1 };

    /// Kinds of request that come in equal numbers, bringing `bytes` each (only their proportions
    /// matter). Uniform unless there are two or three kinds of finite, non-negative size with a
    /// positive mean that are not all the same.
    pub fn in_equal_numbers(bytes: &[f64]) -> ForceSizes {
        let kinds = bytes.len();
        if !(2..=MAX_KINDS).contains(&kinds) || bytes.iter().any(|b| !b.is_finite() || *b < 0.0) {
            return ForceSizes::UNIFORM;
        }
        let mean = bytes.iter().sum::<f64>() / kinds as f64;
        if mean <= 0.0 || bytes.iter().all(|&b| b == bytes[0]) {
            return ForceSizes::UNIFORM;
        }
        let mut relative = [1.0; MAX_KINDS];
        for (r, &b) in relative.iter_mut().zip(bytes) {
            *r = b / mean;
        }
        ForceSizes { relative, kinds }
    }

    /// The page counts a write of `commits` requests averaging `mean_bytes` occupies, with their
    /// probabilities (summing to 1): each request of a kind drawn at random, as the commits of
    /// tasks at different points of their loops are. A fractional `commits` stands for writes of
    /// the whole numbers either side of it, in the proportions that average to it (a write carries
    /// whole commits), which keeps the spread continuous in `commits`.
    pub fn page_spread(&self, commits: f64, mean_bytes: f64) -> PageSpread {
        self.page_spread_over(&[(commits, 1.0)], mean_bytes)
    }

    /// [`ForceSizes::page_spread`] for writes whose counts of commits differ: `counts` holds up to
    /// three counts (`MAX_COUNTS`), each with the share of the writes it stands for (summing to
    /// 1). The whole counts they fall between are each spread once, however many counts share
    /// them.
    pub fn page_spread_over(&self, counts: &[(f64, f64)], mean_bytes: f64) -> PageSpread {
        let mean_bytes = if mean_bytes.is_finite() { mean_bytes.max(0.0) } else { 0.0 };
        let mut wholes = [(0_usize, 0.0); 2 * MAX_COUNTS];
        let mut len = 0;
        for &(commits, share) in counts.iter().take(MAX_COUNTS) {
            let commits = if commits.is_finite() { commits.max(1.0) } else { 1.0 };
            let fewer = crate::math::floor(commits);
            let more = commits - fewer;
            for (n, weight) in [(fewer as usize, 1.0 - more), (fewer as usize + 1, more)] {
                if weight * share > 0.0 {
                    add_weight(&mut wholes, &mut len, n, weight * share);
                }
            }
        }
        let mut spread = PageSpread::EMPTY;
        for &(n, weight) in &wholes[..len] {
            for &(pages, odds) in self.whole_spread(n, mean_bytes).terms() {
                spread.add_pages(pages, weight * odds);
            }
        }
        spread
    }

    /// [`ForceSizes::page_spread`] for a whole number of commits. Which way it is found (every
    /// mix, or the normal's points) turns on `commits` and the sizes alone, so that the spread of
    /// a fractional count, which weighs two of these, moves smoothly with it.
    fn whole_spread(&self, commits: usize, mean_bytes: f64) -> PageSpread {
        let mut spread = PageSpread::EMPTY;
        if self.kinds < 2 {
            spread.add(commits as f64 * mean_bytes, 1.0);
            return spread;
        }
        if commits <= EXACT_COMMITS && self.enumerate(&mut spread, commits, mean_bytes) {
            return spread;
        }
        spread = PageSpread::EMPTY;
        let kinds = &self.relative[..self.kinds];
        let variance = kinds.iter().map(|x| (x - 1.0) * (x - 1.0)).sum::<f64>() / self.kinds as f64;
        let n = commits as f64;
        let (mean, sd) = (n * mean_bytes, crate::math::pow(n * variance, 0.5) * mean_bytes);
        // Each point stands for the writes around it, spread over several pages: on average they
        // take its pages plus half of one for their last page's rounding, which the point's own
        // rounding would instead give in whole steps as it crosses a page (two thirds of the
        // writes at once at the middle point). So each point is split between the two whole page
        // counts either side of that mean. Rounded up point by point, 34 requesters with 21
        // servers on 11 private pairs over zHPF waited 7% longer a force as their messages grew
        // from 3,150 to 3,221 bytes, where the simulation's throughput moved 0.6%.
        for (z, w) in NORMAL_NODES {
            let pages = (mean + z * sd).max(0.0) / LOG_PAGE_BYTES + 0.5;
            let whole = crate::math::floor(pages);
            if whole < 1.0 {
                spread.add_pages(1.0, w);
            } else {
                let share = pages - whole;
                spread.add_pages(whole, w * (1.0 - share));
                spread.add_pages(whole + 1.0, w * share);
            }
        }
        spread
    }

    /// Every mix of `commits` requests of two or three kinds into `spread`; false as soon as they
    /// take more page counts than [`MAX_EXACT_PAGE_COUNTS`] (the spread is then to be given up).
    fn enumerate(&self, spread: &mut PageSpread, commits: usize, mean_bytes: f64) -> bool {
        let r = &self.relative;
        let odds = 1.0 / crate::math::pow_whole(self.kinds as f64, commits as f64);
        for a in 0..=commits {
            if self.kinds == 2 {
                let b = commits - a;
                let bytes = mean_bytes * (a as f64 * r[0] + b as f64 * r[1]);
                spread.add(bytes, choose(commits, &[a, b]) * odds);
                if spread.len > MAX_EXACT_PAGE_COUNTS {
                    return false;
                }
            } else {
                for b in 0..=commits - a {
                    let c = commits - a - b;
                    let bytes = mean_bytes * (a as f64 * r[0] + b as f64 * r[1] + c as f64 * r[2]);
                    spread.add(bytes, choose(commits, &[a, b, c]) * odds);
                    if spread.len > MAX_EXACT_PAGE_COUNTS {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// The page counts of a write and their probabilities (see [`ForceSizes::page_spread`]).
#[derive(Debug, Clone, Copy)]
pub struct PageSpread {
    /// (pages, probability), one entry per distinct page count.
    terms: [(f64, f64); MAX_TERMS],
    len: usize,
}

impl PageSpread {
    const EMPTY: PageSpread = PageSpread { terms: [(0.0, 0.0); MAX_TERMS], len: 0 };

    /// Each distinct page count (at least one) with its probability.
    pub fn terms(&self) -> &[(f64, f64)] {
        &self.terms[..self.len]
    }

    fn add(&mut self, bytes: f64, probability: f64) {
        self.add_pages(crate::math::ceil(bytes / LOG_PAGE_BYTES).max(1.0), probability);
    }

    fn add_pages(&mut self, pages: f64, probability: f64) {
        // An enumeration stops at one page count past its most, and the spreads of every whole
        // count a spread weighs fit (see `MAX_TERMS`): there is always room.
        add_weight(&mut self.terms, &mut self.len, pages, probability);
    }
}

/// Multinomial coefficient: ways to order `n` items of which `counts[i]` are of kind i
/// (n at most [`EXACT_COMMITS`], so the factorials are exact in a u64 table).
fn choose(n: usize, counts: &[usize]) -> f64 {
    const FACTORIALS: [u64; EXACT_COMMITS + 1] = {
        let mut f = [1_u64; EXACT_COMMITS + 1];
        let mut k = 1;
        while k <= EXACT_COMMITS {
            f[k] = f[k - 1] * k as u64;
            k += 1;
        }
        f
    };
    let below: u64 = counts.iter().map(|&k| FACTORIALS[k]).product();
    (FACTORIALS[n] / below) as f64
}

/// Adds `weight` to the term of `key` among the first `len` of `terms`, or appends that term
/// (the caller sizes `terms` for every key it adds).
fn add_weight<K: PartialEq + Copy>(terms: &mut [(K, f64)], len: &mut usize, key: K, weight: f64) {
    match terms[..*len].iter_mut().find(|(k, _)| *k == key) {
        Some((_, sum)) => *sum += weight,
        None => {
            terms[*len] = (key, weight);
            *len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mean_pages(sizes: &ForceSizes, commits: f64, mean_bytes: f64) -> f64 {
        let spread = sizes.page_spread(commits, mean_bytes);
        let total: f64 = spread.terms().iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12, "probabilities sum to {total}");
        spread.terms().iter().map(|(pages, p)| pages * p).sum()
    }

    #[test]
    fn uniform_requests_fill_the_pages_of_their_total() {
        let sizes = ForceSizes::UNIFORM;
        assert_eq!(sizes.page_spread(3.0, 1500.0).terms(), &[(2.0, 1.0)]);
        assert_eq!(sizes.page_spread(1.0, 10.0).terms(), &[(1.0, 1.0)]);
        // Two and a half commits a write: writes of two and of three, half the time each.
        assert_eq!(sizes.page_spread(2.5, 1500.0).terms(), &[(1.0, 0.5), (2.0, 0.5)]);
        // The same sizes given as two kinds are uniform too.
        assert_eq!(ForceSizes::in_equal_numbers(&[700.0, 700.0]), ForceSizes::UNIFORM);
        assert_eq!(ForceSizes::in_equal_numbers(&[700.0, f64::NAN]), ForceSizes::UNIFORM);
    }

    #[test]
    fn a_put_and_a_get_record_write_one_or_two_pages_by_which_a_write_gathers() {
        // Put commits of 3,000 bytes and get commits of 600: two of them average 3,600 bytes, one
        // page, but two puts take two pages, one time in four.
        let sizes = ForceSizes::in_equal_numbers(&[3000.0, 600.0]);
        let spread = sizes.page_spread(2.0, 1800.0);
        let two_pages: f64 = spread.terms().iter().filter(|(p, _)| *p == 2.0).map(|(_, p)| p).sum();
        assert!((two_pages - 0.25).abs() < 1e-12, "{:?}", spread.terms());
        assert!((mean_pages(&sizes, 2.0, 1800.0) - 1.25).abs() < 1e-12);
        // One commit a write takes each kind's own pages.
        assert!((mean_pages(&sizes, 1.0, 1800.0) - 1.0).abs() < 1e-12);
        assert!((mean_pages(&ForceSizes::in_equal_numbers(&[5000.0, 600.0]), 1.0, 2800.0) - 1.5).abs() < 1e-12);
    }

    #[test]
    fn three_kinds_are_mixed_in_their_multinomial_proportions() {
        // Requests of 4,000, 100 and 100 bytes: a write of three holds L large ones, binomially
        // with p = 1/3. None: 300 bytes, one page; one or two: 4,200 or 8,100 bytes, two pages;
        // three: 12,000 bytes, three pages.
        let sizes = ForceSizes::in_equal_numbers(&[4000.0, 100.0, 100.0]);
        let spread = sizes.page_spread(3.0, 4200.0 / 3.0);
        let odds = |pages: f64| spread.terms().iter().filter(|(p, _)| *p == pages).map(|(_, p)| p).sum::<f64>();
        let (large, small) = (1.0 / 3.0, 2.0 / 3.0);
        assert!((odds(1.0) - small * small * small).abs() < 1e-12, "{:?}", spread.terms());
        assert!((odds(2.0) - 3.0 * large * small * small - 3.0 * large * large * small).abs() < 1e-12);
        assert!((odds(3.0) - large * large * large).abs() < 1e-12);
    }

    #[test]
    fn a_fractional_count_weighs_the_whole_counts_either_side_so_the_spread_moves_smoothly() {
        // Past twelve commits, or past four page counts, a whole count's spread is the normal's;
        // a fractional count between two whole ones found different ways must still sit on the
        // line between them, or the write time would jump inside the log-force search.
        for sizes in
            [ForceSizes::in_equal_numbers(&[3000.0, 600.0]), ForceSizes::in_equal_numbers(&[9000.0, 1500.0, 200.0])]
        {
            for step in 0..400 {
                let g = 1.0 + step as f64 * 0.05;
                let (k, share) = (g.floor(), g - g.floor());
                let line = (1.0 - share) * mean_pages(&sizes, k, 2400.0) + share * mean_pages(&sizes, k + 1.0, 2400.0);
                let at = mean_pages(&sizes, g, 2400.0);
                assert!((at - line).abs() < 1e-9, "{g}: {at} against {line}");
            }
        }
    }

    #[test]
    fn the_normals_pages_move_with_the_mean_without_steps() {
        // Past twelve commits the spread is the normal's three points; their pages grow with the
        // commits' size by no more than the bytes added, however the points sit against the pages.
        let sizes = ForceSizes::in_equal_numbers(&[3000.0, 600.0]);
        let mut last = mean_pages(&sizes, 20.0, 1500.0);
        for step in 1..=400 {
            let bytes = 1500.0 + step as f64 * 2.0;
            let pages = mean_pages(&sizes, 20.0, bytes);
            let added = 20.0 * 2.0 / LOG_PAGE_BYTES;
            assert!(pages >= last && pages - last <= added + 1e-9, "{bytes}: {last} -> {pages} (added {added})");
            last = pages;
        }
        // And they still average the bytes' pages plus half of one for the last page.
        let pages = mean_pages(&sizes, 20.0, 2000.0);
        assert!((pages - (20.0 * 2000.0 / LOG_PAGE_BYTES + 0.5)).abs() < 1e-9, "{pages}");
    }

    #[test]
    fn many_commits_a_write_spread_around_the_pages_of_their_mean() {
        let sizes = ForceSizes::in_equal_numbers(&[3000.0, 600.0]);
        // 40 commits of 1,800 bytes on average: 72,000 bytes, 17.6 pages; the spread rounds up.
        let pages = mean_pages(&sizes, 40.0, 1800.0);
        assert!(pages > 17.6 && pages < 19.0, "{pages}");
        // The spread narrows relative to the mean as writes grow.
        let wide = sizes.page_spread(40.0, 1800.0);
        let (lo, hi) = wide.terms().iter().fold((f64::MAX, 0.0f64), |(lo, hi), (p, _)| (lo.min(*p), hi.max(*p)));
        assert!(lo < 17.6 && hi > 18.0, "{:?}", wide.terms());
    }
}
