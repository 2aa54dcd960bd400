//! A local queue: its lock, the messages on it and the getters waiting for one.

use std::collections::VecDeque;

use super::workload::Delivery;
use crate::sim::station::Station;
use crate::sim::stats::RunPlan;

/// One queue of the simulation.
#[derive(Debug, Clone)]
pub struct SimQueue {
    /// The queue's lock: one holder at a time, others wait first come first served.
    pub lock: Station<u32>,
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
    pub fn new(delivery: Delivery, node: u16, plan: RunPlan) -> Self {
        SimQueue {
            lock: Station::new(1, plan),
            delivery,
            entries: VecDeque::new(),
            depth: 0,
            waiters: VecDeque::new(),
            node,
        }
    }
}
