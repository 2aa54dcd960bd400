//! The engine's reference workloads: an open M/M/c queue and a closed network of single-server
//! stations with a think time. They exercise the calendar, stations and output analysis on
//! systems whose answers are known exactly (see [`super::theory`]), and serve as the yardstick
//! the MQ simulation's speed is compared against.

use serde::Serialize;

use super::calendar::Calendar;
use super::station::Station;
use super::stats::{BatchedTally, Estimate, RunPlan};
use crate::rng::Rng;

/// Steady-state results of an M/M/c run.
#[derive(Debug, Clone, Serialize)]
pub struct MmcOutcome {
    /// Mean time in queue before service, seconds.
    pub mean_wait_s: Estimate,
    /// Server utilisation.
    pub utilisation: Estimate,
    /// Completions per second.
    pub throughput_per_s: Estimate,
    /// Events processed, warm-up included.
    pub events: u64,
}

#[derive(Debug, Clone, Copy)]
enum MmcEvent {
    Arrival,
    Done,
}

/// Simulates an M/M/c queue with Poisson arrivals and exponential service.
pub fn simulate_mmc(
    arrival_rate_per_s: f64,
    service_rate_per_s: f64,
    servers: u32,
    seed: u64,
    plan: RunPlan,
) -> MmcOutcome {
    let mut rng = Rng::new(seed);
    let mut cal = Calendar::new();
    let mut station: Station<f64> = Station::new(servers, plan);
    let mut waits = BatchedTally::new(plan);
    let mean_gap_s = 1.0 / arrival_rate_per_s;
    let mean_service_s = 1.0 / service_rate_per_s;
    cal.schedule(rng.exponential(mean_gap_s), MmcEvent::Arrival);
    while let Some(event) = cal.pop() {
        let now = cal.now_s();
        if now >= plan.end_s() {
            break;
        }
        match event {
            MmcEvent::Arrival => {
                if station.arrive(now, now) {
                    waits.record(now, 0.0);
                    cal.schedule(rng.exponential(mean_service_s), MmcEvent::Done);
                }
                cal.schedule(rng.exponential(mean_gap_s), MmcEvent::Arrival);
            }
            MmcEvent::Done => {
                if let Some((_, waited_s)) = station.depart(now) {
                    waits.record(now, waited_s);
                    cal.schedule(rng.exponential(mean_service_s), MmcEvent::Done);
                }
            }
        }
    }
    MmcOutcome {
        mean_wait_s: waits.mean(),
        utilisation: station.utilisation(),
        throughput_per_s: waits.rate_per_s(),
        events: cal.processed(),
    }
}

/// Steady-state results of a closed-network run.
#[derive(Debug, Clone, Serialize)]
pub struct ClosedOutcome {
    /// Cycles completed per second.
    pub throughput_per_s: Estimate,
    /// Time per cycle at the stations (think time excluded), seconds.
    pub response_s: Estimate,
    /// Events processed, warm-up included.
    pub events: u64,
}

#[derive(Debug, Clone, Copy)]
enum ClosedEvent {
    /// Customer `0` finished thinking.
    Thought(u32),
    /// Station `0` finished serving.
    Served(u32),
}

/// Simulates `customers` cycling through a think time and then each station in turn.
pub fn simulate_closed(demands_s: &[f64], think_s: f64, customers: u32, seed: u64, plan: RunPlan) -> ClosedOutcome {
    let mut rng = Rng::new(seed);
    let mut cal = Calendar::new();
    let mut stations: Vec<Station<u32>> = demands_s.iter().map(|_| Station::new(1, plan)).collect();
    // Which customer each single-server station is serving, and when each customer's cycle began.
    let mut in_service = vec![u32::MAX; demands_s.len()];
    let mut cycle_start = vec![0.0; customers as usize];
    let mut responses = BatchedTally::new(plan);
    for c in 0..customers {
        cal.schedule(rng.exponential(think_s), ClosedEvent::Thought(c));
    }
    let enter = |k: usize,
                 c: u32,
                 now: f64,
                 stations: &mut Vec<Station<u32>>,
                 in_service: &mut Vec<u32>,
                 cal: &mut Calendar<ClosedEvent>,
                 rng: &mut Rng| {
        if stations[k].arrive(now, c) {
            in_service[k] = c;
            cal.schedule(rng.exponential(demands_s[k]), ClosedEvent::Served(k as u32));
        }
    };
    while let Some(event) = cal.pop() {
        let now = cal.now_s();
        if now >= plan.end_s() {
            break;
        }
        match event {
            ClosedEvent::Thought(c) => {
                cycle_start[c as usize] = now;
                enter(0, c, now, &mut stations, &mut in_service, &mut cal, &mut rng);
            }
            ClosedEvent::Served(k) => {
                let k = k as usize;
                let c = in_service[k];
                if let Some((next, _)) = stations[k].depart(now) {
                    in_service[k] = next;
                    cal.schedule(rng.exponential(demands_s[k]), ClosedEvent::Served(k as u32));
                }
                if k + 1 < demands_s.len() {
                    enter(k + 1, c, now, &mut stations, &mut in_service, &mut cal, &mut rng);
                } else {
                    responses.record(now, now - cycle_start[c as usize]);
                    cal.schedule(rng.exponential(think_s), ClosedEvent::Thought(c));
                }
            }
        }
    }
    ClosedOutcome { throughput_per_s: responses.rate_per_s(), response_s: responses.mean(), events: cal.processed() }
}
