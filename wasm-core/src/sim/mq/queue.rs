//! A local queue: its lock, the messages on it and the getters waiting for one.

use std::collections::VecDeque;

use super::workload::Delivery;

/// A queue's lock: one holder, the others waiting first come first served. Lighter than a
/// general station (no utilisation accounting), since every put and get takes it.
#[derive(Debug, Clone, Default)]
pub struct QueueLock {
    held: bool,
    waiting: VecDeque<u32>,
}

impl QueueLock {
    /// `task` asks for the lock: `true` when it has it now, `false` when it waits.
    #[inline]
    pub fn acquire(&mut self, task: u32) -> bool {
        if self.held {
            self.waiting.push_back(task);
            false
        } else {
            self.held = true;
            true
        }
    }

    /// The holder releases the lock: the waiting task that now holds it, if any.
    #[inline]
    pub fn release(&mut self) -> Option<u32> {
        let next = self.waiting.pop_front();
        self.held = next.is_some();
        next
    }

    /// Tasks waiting for the lock.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

/// One queue of the simulation.
#[derive(Debug, Clone)]
pub struct SimQueue {
    /// The queue's lock: one holder at a time, others wait first come first served.
    pub lock: QueueLock,
    /// How getters find their messages.
    pub delivery: Delivery,
    /// Visible messages not yet reserved by a getter, oldest first: (message id, owning requester).
    /// Empty for `ByOwner` (the owner task holds its reply) and `CountOnly` queues.
    pub entries: VecDeque<(u32, u32)>,
    /// Messages on the queue (visible, including those reserved by a woken getter).
    pub depth: u64,
    /// Getters waiting for a message (`Fifo` queues), oldest first.
    pub waiters: VecDeque<u32>,
    /// The queue's topology node.
    pub node: u16,
}

impl SimQueue {
    /// An empty queue drawn as `node`.
    pub fn new(delivery: Delivery, node: u16) -> Self {
        SimQueue {
            lock: QueueLock::default(),
            delivery,
            entries: VecDeque::new(),
            depth: 0,
            waiters: VecDeque::new(),
            node,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_passes_to_waiters_in_arrival_order() {
        let mut l = QueueLock::default();
        assert!(l.acquire(1));
        assert!(!l.acquire(2));
        assert!(!l.acquire(3));
        assert_eq!(l.release(), Some(2));
        assert_eq!(l.release(), Some(3));
        assert_eq!(l.release(), None);
        assert!(l.acquire(4));
    }
}
