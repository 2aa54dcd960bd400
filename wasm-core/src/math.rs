//! Transcendental functions for the model.
//!
//! The model must give bit-for-bit the same answer natively and in wasm (shared test vectors
//! check it). `f64::exp` and friends call the platform's libm natively but a Rust port in wasm,
//! and the two can differ in the last bit, so every sub-model calls these wrappers over the
//! portable `libm` crate instead. `sqrt`, `+ - * /`, `min`/`max` are exact IEEE operations and
//! are safe to use directly.

/// e^x.
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// Natural logarithm.
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// Base-2 logarithm.
pub fn log2(x: f64) -> f64 {
    libm::log2(x)
}

/// Base-10 logarithm.
pub fn log10(x: f64) -> f64 {
    libm::log10(x)
}

/// x^y.
pub fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

/// Whether `n` is a whole number from 0 to 64 (exactly representable as one).
pub fn is_whole(n: f64) -> bool {
    (0.0..=64.0).contains(&n) && f64::from(n as u32) == n
}

/// `x` to the power `n`. Whole powers (processor and subchannel counts, sharpness exponents) are
/// multiplied out, which is much cheaper than a general power, exact IEEE arithmetic on every
/// platform, and agrees with [`pow`] to a few units in the last place; other powers go through
/// [`pow`].
pub fn pow_whole(x: f64, n: f64) -> f64 {
    if !is_whole(n) {
        return pow(x, n);
    }
    let mut k = n as u32;
    let (mut base, mut result) = (x, 1.0);
    while k > 0 {
        if k & 1 == 1 {
            result *= base;
        }
        base *= base;
        k >>= 1;
    }
    result
}

/// Smallest power of two that is at least `x` (for `x` <= 1 returns 1).
pub fn next_power_of_two(x: f64) -> f64 {
    if x <= 1.0 {
        return 1.0;
    }
    let p = libm::ceil(libm::log2(x));
    let candidate = libm::exp2(p);
    // Guard against log2 rounding just below an exact power.
    if candidate < x { candidate * 2.0 } else { candidate }
}

/// Rounds up to a whole number.
pub fn ceil(x: f64) -> f64 {
    libm::ceil(x)
}

/// Rounds down to a whole number.
pub fn floor(x: f64) -> f64 {
    libm::floor(x)
}

/// Probability that a standard normal variable is at most `z`.
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / std::f64::consts::SQRT_2)
}

/// Density of the standard normal distribution at `z`.
pub fn normal_pdf(z: f64) -> f64 {
    exp(-0.5 * z * z) / (2.0 * std::f64::consts::PI).sqrt()
}

/// Mean of `max(0, X)` for `X` normal with mean `mean` and standard deviation `sd`: how far a
/// varying time overruns a fixed one on average.
pub fn normal_mean_excess(mean: f64, sd: f64) -> f64 {
    if sd <= 0.0 {
        return mean.max(0.0);
    }
    let z = mean / sd;
    sd * (z * normal_cdf(z) + normal_pdf(z))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_helpers_match_known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-15);
        assert!((normal_cdf(1.959_963_985) - 0.975).abs() < 1e-9);
        assert!((normal_pdf(0.0) - 0.398_942_280_4).abs() < 1e-9);
        // E[max(0, X)] for a standard normal is its density at 0; far above 0 it is the mean.
        assert!((normal_mean_excess(0.0, 1.0) - 0.398_942_280_4).abs() < 1e-9);
        assert!((normal_mean_excess(10.0, 1.0) - 10.0).abs() < 1e-9);
        assert!(normal_mean_excess(-10.0, 1.0) < 1e-20);
        assert_eq!(normal_mean_excess(3.0, 0.0), 3.0);
    }

    #[test]
    fn next_power_of_two_rounds_up_only_when_needed() {
        assert_eq!(next_power_of_two(4096.0), 4096.0);
        assert_eq!(next_power_of_two(4097.0), 8192.0);
        assert_eq!(next_power_of_two(0.5), 1.0);
        assert_eq!(next_power_of_two(1_048_576.0 + 1.0), 2_097_152.0);
    }
}
