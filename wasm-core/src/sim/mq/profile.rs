//! Where a task's time goes: the time from each step of its program to the next, summed per
//! program and step over the measured period (`SimOptions::profile`).
//!
//! A step's time is everything until the task starts its next one: a `Lock` step's is the wait
//! for the lock, a `Cpu` step's the burst with its processor queueing and CF requests, a
//! `ForceRecords` step's the wait for the log write, a `WaitMessage` step's the wait for a
//! message. Steps that take no time (a `Publish`, an `Unlock`) show as zero. Set beside the
//! model's round trip, lock waits and force wait it shows which of them a departure is in.

use serde::Serialize;

use super::workload::Op;

/// The programs' names, by role.
const ROLES: [&str; 2] = ["requester", "server"];

/// The running sums behind a [`StepTime`] table.
#[derive(Debug, Clone)]
pub(super) struct StepClock {
    /// Per task: when it began its current step, with its role and step; NaN before its first.
    current: Vec<(f64, u8, u16)>,
    /// Per role, per step: seconds from the step to the next, and the visits summed.
    totals: [Vec<(f64, u64)>; 2],
}

impl StepClock {
    /// A clock for `tasks` tasks running programs of `steps` steps (by role).
    pub(super) fn new(tasks: usize, steps: [usize; 2]) -> Self {
        StepClock { current: vec![(f64::NAN, 0, 0); tasks], totals: steps.map(|n| vec![(0.0, 0); n]) }
    }

    /// `task` begins step `step` of role `role`'s program at `now_s`: the step it leaves is
    /// charged the time since it began, if it began at or after `from_s` (the warm-up's end), so
    /// that only whole steps of the measured period count.
    pub(super) fn begin(&mut self, task: u32, role: u8, step: u16, now_s: f64, from_s: f64) {
        let Some(slot) = self.current.get_mut(task as usize) else { return };
        let (began_s, left_role, left_step) = *slot;
        let left = self.totals.get_mut(usize::from(left_role)).and_then(|t| t.get_mut(usize::from(left_step)));
        if let Some(total) = left.filter(|_| began_s >= from_s) {
            total.0 += now_s - began_s;
            total.1 += 1;
        }
        *slot = (now_s, role, step);
    }

    /// The table for `programs`, with `transactions` completed in the measured period.
    pub(super) fn table(&self, programs: &[Vec<Op>; 2], transactions: f64) -> Vec<StepTime> {
        let mut rows = Vec::new();
        for (role, (program, totals)) in programs.iter().zip(&self.totals).enumerate() {
            for (step, (op, &(total_s, visits))) in program.iter().zip(totals).enumerate() {
                rows.push(StepTime {
                    role: ROLES[role].to_string(),
                    step: step as u16,
                    op: format!("{op:?}"),
                    visits,
                    mean_us: if visits > 0 { total_s * 1.0e6 / visits as f64 } else { 0.0 },
                    per_transaction_us: if transactions > 0.0 { total_s * 1.0e6 / transactions } else { 0.0 },
                });
            }
        }
        rows
    }
}

/// One step of a program and the time the tasks running it spend from that step to the next.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepTime {
    /// The program: `requester` or `server` (a log-test or batch task runs the requester's).
    pub role: String,
    /// The step's index in its program.
    pub step: u16,
    /// The step's operation, as the program lists it (`Lock(Request)`, `Cpu(Put)`, ...).
    pub op: String,
    /// Times a task began the step in the measured period (and went on to the next).
    pub visits: u64,
    /// Mean time from the step to the next, µs.
    pub mean_us: f64,
    /// All the role's tasks' time in the step per transaction completed, µs: a requester's steps
    /// add up to the round trip.
    pub per_transaction_us: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::mq::workload::{Api, QueueRole};

    #[test]
    fn a_step_is_charged_the_time_to_the_next_and_only_within_the_measured_period() {
        let mut clock = StepClock::new(1, [3, 0]);
        // Steps begun before the warm-up's end (1 s) are not charged.
        clock.begin(0, 0, 0, 0.5, 1.0);
        clock.begin(0, 0, 1, 1.2, 1.0);
        clock.begin(0, 0, 2, 1.5, 1.0);
        clock.begin(0, 0, 0, 2.5, 1.0);
        let programs = [vec![Op::Lock(QueueRole::Request), Op::Cpu(Api::Put), Op::Force], vec![]];
        let table = clock.table(&programs, 2.0);
        let us = |step: usize| table[step].per_transaction_us;
        assert_eq!(table[0].visits, 0, "step 0 began in the warm-up");
        assert!((us(1) - 0.3e6 / 2.0).abs() < 1e-6, "{table:?}");
        assert!((us(2) - 1.0e6 / 2.0).abs() < 1e-6, "{table:?}");
        assert!((table[2].mean_us - 1.0e6).abs() < 1e-6);
        assert_eq!(table[1].op, "Cpu(Put)");
    }
}
