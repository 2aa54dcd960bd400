//! The future-event list: a binary heap ordered by time, ties broken by scheduling order so that
//! a run is deterministic.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// An event due at `time_s`.
#[derive(Debug, Clone, Copy)]
struct Scheduled<E> {
    time_s: f64,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Scheduled<E> {
    fn eq(&self, other: &Self) -> bool {
        self.seq == other.seq
    }
}
impl<E> Eq for Scheduled<E> {}
impl<E> PartialOrd for Scheduled<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Scheduled<E> {
    fn cmp(&self, other: &Self) -> Ordering {
        // BinaryHeap is a max-heap: the earliest event must compare greatest.
        other.time_s.total_cmp(&self.time_s).then_with(|| other.seq.cmp(&self.seq))
    }
}

/// Pending events of type `E` and the simulation clock.
#[derive(Debug)]
pub struct Calendar<E> {
    heap: BinaryHeap<Scheduled<E>>,
    now_s: f64,
    seq: u64,
    processed: u64,
}

impl<E: Copy> Default for Calendar<E> {
    fn default() -> Self {
        Calendar { heap: BinaryHeap::with_capacity(1024), now_s: 0.0, seq: 0, processed: 0 }
    }
}

impl<E: Copy> Calendar<E> {
    /// An empty calendar at time 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// The current simulated time, in seconds.
    #[inline]
    pub fn now_s(&self) -> f64 {
        self.now_s
    }

    /// Events taken off the calendar so far.
    pub fn processed(&self) -> u64 {
        self.processed
    }

    /// Schedules `event` after `delay_s` (negative delays are treated as 0).
    #[inline]
    pub fn schedule(&mut self, delay_s: f64, event: E) {
        self.seq += 1;
        self.heap.push(Scheduled { time_s: self.now_s + delay_s.max(0.0), seq: self.seq, event });
    }

    /// Takes the earliest event, advancing the clock to it; `None` when nothing is pending.
    #[inline]
    pub fn pop(&mut self) -> Option<E> {
        let s = self.heap.pop()?;
        self.now_s = s.time_s;
        self.processed += 1;
        Some(s.event)
    }

    /// The time of the earliest pending event.
    pub fn peek_time_s(&self) -> Option<f64> {
        self.heap.peek().map(|s| s.time_s)
    }

    /// Events waiting.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_in_time_order_and_ties_in_scheduling_order() {
        let mut c = Calendar::new();
        c.schedule(2.0, 'c');
        c.schedule(1.0, 'a');
        c.schedule(1.0, 'b');
        c.schedule(-5.0, 'z');
        let order: Vec<char> = std::iter::from_fn(|| c.pop()).collect();
        assert_eq!(order, vec!['z', 'a', 'b', 'c']);
        assert_eq!(c.now_s(), 2.0);
        assert_eq!(c.processed(), 4);
    }
}
