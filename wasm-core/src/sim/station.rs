//! A first-come-first-served station with `servers` identical servers: processors, a queue's
//! lock (one server), the logger, PFIDs, CF links, channels. It tracks who waits and who is
//! served; the caller schedules the service completions.

use std::collections::VecDeque;

use super::stats::{BatchedTimeAverage, RunPlan};

/// A multi-server FCFS station serving jobs of type `J`.
#[derive(Debug, Clone)]
pub struct Station<J> {
    servers: u32,
    busy: u32,
    waiting: VecDeque<(J, f64)>,
    busy_servers: BatchedTimeAverage,
    queue_length: BatchedTimeAverage,
}

impl<J: Copy> Station<J> {
    /// An idle station with `servers` servers (at least 1).
    pub fn new(servers: u32, plan: RunPlan) -> Self {
        Station {
            servers: servers.max(1),
            busy: 0,
            waiting: VecDeque::new(),
            busy_servers: BatchedTimeAverage::new(plan),
            queue_length: BatchedTimeAverage::new(plan),
        }
    }

    /// A job arrives at `now_s`: `true` when it starts service at once (the caller schedules its
    /// completion), `false` when it must wait.
    #[inline]
    pub fn arrive(&mut self, now_s: f64, job: J) -> bool {
        if self.busy < self.servers {
            self.busy += 1;
            self.busy_servers.set(now_s, f64::from(self.busy));
            true
        } else {
            self.waiting.push_back((job, now_s));
            self.queue_length.set(now_s, self.waiting.len() as f64);
            false
        }
    }

    /// A service completes at `now_s`: the next waiting job and how long it waited, which starts
    /// service now (the caller schedules its completion), or `None` when no one is waiting.
    #[inline]
    pub fn depart(&mut self, now_s: f64) -> Option<(J, f64)> {
        match self.waiting.pop_front() {
            Some((job, since)) => {
                self.queue_length.set(now_s, self.waiting.len() as f64);
                Some((job, now_s - since))
            }
            None => {
                self.busy = self.busy.saturating_sub(1);
                self.busy_servers.set(now_s, f64::from(self.busy));
                None
            }
        }
    }

    /// Servers busy now.
    pub fn busy(&self) -> u32 {
        self.busy
    }

    /// Jobs waiting now.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// Number of servers.
    pub fn servers(&self) -> u32 {
        self.servers
    }

    /// Utilisation (busy servers / servers) over the measured period.
    pub fn utilisation(&mut self) -> super::stats::Estimate {
        let e = self.busy_servers.mean();
        let c = f64::from(self.servers);
        super::stats::Estimate { mean: e.mean / c, half_width_95: e.half_width_95 / c }
    }

    /// Mean number waiting over the measured period.
    pub fn mean_queue_length(&mut self) -> super::stats::Estimate {
        self.queue_length.mean()
    }
}
