//! Output analysis: warm-up is discarded, the remaining run is cut into equal time batches, and
//! the batch means give a mean with a 95% confidence half-width (Student's t on batches - 1
//! degrees of freedom). Memory is one accumulator per batch, however long the run.

use serde::Serialize;

/// A steady-state estimate with its 95% confidence half-width.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Estimate {
    /// Mean of the batch means.
    pub mean: f64,
    /// Half-width of the 95% confidence interval.
    pub half_width_95: f64,
}

impl Estimate {
    /// Half-width relative to the mean (0 when the mean is 0).
    pub fn relative_half_width(&self) -> f64 {
        if self.mean == 0.0 { 0.0 } else { self.half_width_95 / self.mean.abs() }
    }

    /// Whether `value` lies within the confidence interval.
    pub fn contains(&self, value: f64) -> bool {
        (value - self.mean).abs() <= self.half_width_95
    }
}

/// Two-sided 95% quantile of Student's t for `df` degrees of freedom.
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        // Beyond the table the quantile approaches 1.96 roughly as 1.96 + 2.4 / df.
        _ => 1.96 + 2.4 / df as f64,
    }
}

/// Batch means from a list of per-batch values.
pub fn batch_estimate(batch_values: &[f64]) -> Estimate {
    let k = batch_values.len();
    if k == 0 {
        return Estimate::default();
    }
    let mean = batch_values.iter().sum::<f64>() / k as f64;
    if k == 1 {
        return Estimate { mean, half_width_95: f64::INFINITY };
    }
    let var = batch_values.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (k - 1) as f64;
    Estimate { mean, half_width_95: t_975(k - 1) * (var / k as f64).sqrt() }
}

/// The time layout of a run: warm-up, then `batches` equal batches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunPlan {
    /// Discarded start-up period, seconds.
    pub warmup_s: f64,
    /// Measured period after the warm-up, seconds.
    pub run_s: f64,
    /// Number of batches the measured period is cut into.
    pub batches: usize,
}

impl RunPlan {
    /// End of the whole run.
    pub fn end_s(&self) -> f64 {
        self.warmup_s + self.run_s
    }

    /// Length of one batch.
    pub fn batch_s(&self) -> f64 {
        self.run_s / self.batches as f64
    }

    /// The batch a time falls in, or `None` during warm-up or after the end.
    #[inline]
    pub fn batch_of(&self, t_s: f64) -> Option<usize> {
        if t_s < self.warmup_s || t_s >= self.end_s() {
            return None;
        }
        Some((((t_s - self.warmup_s) / self.batch_s()) as usize).min(self.batches - 1))
    }
}

/// Per-batch sums and counts of observations (waits, response times, bytes...).
#[derive(Debug, Clone)]
pub struct BatchedTally {
    plan: RunPlan,
    sums: Vec<f64>,
    counts: Vec<u64>,
}

impl BatchedTally {
    /// Empty accumulators for `plan`.
    pub fn new(plan: RunPlan) -> Self {
        BatchedTally { plan, sums: vec![0.0; plan.batches], counts: vec![0; plan.batches] }
    }

    /// Records observation `x` made at time `t_s` (ignored outside the measured period).
    #[inline]
    pub fn record(&mut self, t_s: f64, x: f64) {
        if let Some(b) = self.plan.batch_of(t_s) {
            self.sums[b] += x;
            self.counts[b] += 1;
        }
    }

    /// Mean observation per batch, with its confidence interval.
    pub fn mean(&self) -> Estimate {
        let v: Vec<f64> =
            self.sums.iter().zip(&self.counts).map(|(s, &c)| if c == 0 { 0.0 } else { s / c as f64 }).collect();
        batch_estimate(&v)
    }

    /// Observations per second, with its confidence interval.
    pub fn rate_per_s(&self) -> Estimate {
        let b = self.plan.batch_s();
        let v: Vec<f64> = self.counts.iter().map(|&c| c as f64 / b).collect();
        batch_estimate(&v)
    }

    /// Sum of the observations per second (e.g. bytes per second).
    pub fn sum_per_s(&self) -> Estimate {
        let b = self.plan.batch_s();
        let v: Vec<f64> = self.sums.iter().map(|s| s / b).collect();
        batch_estimate(&v)
    }

    /// Observations counted in the measured period.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// The time average of a piecewise-constant quantity (queue length, servers busy), per batch.
#[derive(Debug, Clone)]
pub struct BatchedTimeAverage {
    plan: RunPlan,
    areas: Vec<f64>,
    last_t_s: f64,
    value: f64,
}

impl BatchedTimeAverage {
    /// Starts at value 0 at time 0.
    pub fn new(plan: RunPlan) -> Self {
        BatchedTimeAverage { plan, areas: vec![0.0; plan.batches], last_t_s: 0.0, value: 0.0 }
    }

    /// The quantity changes to `value` at time `t_s`.
    #[inline]
    pub fn set(&mut self, t_s: f64, value: f64) {
        self.accumulate(t_s);
        self.value = value;
    }

    /// Current value.
    #[inline]
    pub fn value(&self) -> f64 {
        self.value
    }

    /// Adds the area since the last change, split over the batches it spans.
    fn accumulate(&mut self, t_s: f64) {
        let (start, end) = (self.last_t_s.max(self.plan.warmup_s), t_s.min(self.plan.end_s()));
        if end > start && self.value != 0.0 {
            let b = self.plan.batch_s();
            let mut t = start;
            // Batches are walked by index: looking each boundary up again with `batch_of` can
            // land back in the batch just closed (the boundary rounds below itself), which used to
            // end the walk there and leave the later batches of a long constant stretch empty.
            let Some(mut i) = self.plan.batch_of(t) else {
                self.last_t_s = self.last_t_s.max(t_s);
                return;
            };
            while t < end && i < self.areas.len() {
                let batch_end =
                    if i + 1 == self.areas.len() { end } else { (self.plan.warmup_s + (i + 1) as f64 * b).min(end) };
                if batch_end > t {
                    self.areas[i] += self.value * (batch_end - t);
                    t = batch_end;
                }
                i += 1;
            }
        }
        self.last_t_s = self.last_t_s.max(t_s);
    }

    /// The time average per batch, closing the run at its end.
    pub fn mean(&mut self) -> Estimate {
        let end = self.plan.end_s();
        self.accumulate(end);
        let b = self.plan.batch_s();
        let v: Vec<f64> = self.areas.iter().map(|a| a / b).collect();
        batch_estimate(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: RunPlan = RunPlan { warmup_s: 10.0, run_s: 100.0, batches: 10 };

    #[test]
    fn observations_in_warm_up_or_after_the_end_are_ignored() {
        let mut t = BatchedTally::new(PLAN);
        t.record(5.0, 100.0);
        t.record(15.0, 2.0);
        t.record(25.0, 4.0);
        t.record(200.0, 100.0);
        assert_eq!(t.count(), 2);
    }

    #[test]
    fn a_constant_time_average_has_zero_width() {
        let mut a = BatchedTimeAverage::new(PLAN);
        a.set(0.0, 3.0);
        let e = a.mean();
        assert!((e.mean - 3.0).abs() < 1e-12 && e.half_width_95 < 1e-9, "{e:?}");
    }

    #[test]
    fn a_change_is_weighted_by_the_time_it_holds() {
        let mut a = BatchedTimeAverage::new(PLAN);
        a.set(0.0, 1.0);
        a.set(60.0, 0.0); // 1 for 50 of the 100 measured seconds
        assert!((a.mean().mean - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_value_held_over_many_batches_fills_every_one() {
        // Boundaries that do not round-trip through `batch_of` (0.1 s batches after a 0.3 s
        // warm-up) must not stop the walk.
        let plan = RunPlan { warmup_s: 0.3, run_s: 2.0, batches: 20 };
        let mut a = BatchedTimeAverage::new(plan);
        a.set(0.0, 16.0);
        let e = a.mean();
        assert!((e.mean - 16.0).abs() < 1e-9 && e.half_width_95 < 1e-6, "{e:?}");
    }

    #[test]
    fn t_quantiles_shrink_towards_the_normal() {
        assert!(t_975(1) > t_975(10) && t_975(10) > t_975(100) && t_975(100) > 1.96);
    }

    #[test]
    fn batch_estimate_of_known_values() {
        let e = batch_estimate(&[1.0, 2.0, 3.0]);
        assert!((e.mean - 2.0).abs() < 1e-12);
        assert!((e.half_width_95 - 4.303 * (1.0f64 / 3.0).sqrt()).abs() < 1e-9);
    }
}
