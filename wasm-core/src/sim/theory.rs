//! Exact queueing-theory results, used to judge the simulation engine: if the engine reproduces
//! Erlang C and mean value analysis, its MQ stations can be trusted to queue correctly too.

/// Erlang C: the probability that an arrival must wait at an M/M/c queue with offered load
/// `a` = λ/μ (in erlangs, below `c`). Built from Erlang B's stable recurrence.
pub fn erlang_c(c: u32, a: f64) -> f64 {
    let mut b = 1.0;
    for k in 1..=c {
        b = a * b / (f64::from(k) + a * b);
    }
    let rho = a / f64::from(c);
    b / (1.0 - rho * (1.0 - b))
}

/// Mean time in queue (excluding service) at an M/M/c queue, seconds.
pub fn mmc_mean_wait_s(arrival_rate_per_s: f64, service_rate_per_s: f64, servers: u32) -> f64 {
    let a = arrival_rate_per_s / service_rate_per_s;
    erlang_c(servers, a) / (f64::from(servers) * service_rate_per_s - arrival_rate_per_s)
}

/// Server utilisation of an M/M/c queue.
pub fn mmc_utilisation(arrival_rate_per_s: f64, service_rate_per_s: f64, servers: u32) -> f64 {
    arrival_rate_per_s / (f64::from(servers) * service_rate_per_s)
}

/// The exact solution of a closed product-form network by mean value analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct MvaSolution {
    /// System throughput, cycles per second.
    pub throughput_per_s: f64,
    /// Time spent at the queueing stations per cycle (excluding think time), seconds.
    pub response_s: f64,
    /// Mean number of customers at each queueing station.
    pub queue_lengths: Vec<f64>,
}

/// Exact MVA for `customers` circulating between a think (delay) station of mean `think_s` and
/// single-server FCFS stations with service demands `demands_s` (one visit each per cycle).
pub fn mva(demands_s: &[f64], think_s: f64, customers: u32) -> MvaSolution {
    let mut q = vec![0.0; demands_s.len()];
    let mut x = 0.0;
    let mut r_total = 0.0;
    for n in 1..=customers {
        let r: Vec<f64> = demands_s.iter().zip(&q).map(|(d, qk)| d * (1.0 + qk)).collect();
        r_total = r.iter().sum();
        x = f64::from(n) / (think_s + r_total);
        for (qk, rk) in q.iter_mut().zip(&r) {
            *qk = x * rk;
        }
    }
    MvaSolution { throughput_per_s: x, response_s: r_total, queue_lengths: q }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_server_erlang_c_is_the_utilisation() {
        assert!((erlang_c(1, 0.7) - 0.7).abs() < 1e-12);
        // M/M/1: Wq = rho / (mu - lambda)
        assert!((mmc_mean_wait_s(7.0, 10.0, 1) - 0.7 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn erlang_c_matches_a_textbook_value() {
        // c = 2, a = 1 (rho = 0.5): C = 1/3.
        assert!((erlang_c(2, 1.0) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn mva_with_one_customer_has_no_queueing() {
        let s = mva(&[0.2, 0.3], 1.0, 1);
        assert!((s.response_s - 0.5).abs() < 1e-12);
        assert!((s.throughput_per_s - 1.0 / 1.5).abs() < 1e-12);
    }

    #[test]
    fn mva_throughput_approaches_the_bottleneck_bound() {
        let s = mva(&[0.2, 0.5], 1.0, 200);
        assert!(s.throughput_per_s <= 2.0 + 1e-12 && s.throughput_per_s > 1.99, "{}", s.throughput_per_s);
    }
}
