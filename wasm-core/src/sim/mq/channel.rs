//! Sender/receiver channels between two queue managers: the `channel_move` workload.
//!
//! Putting applications on the sending queue manager put to the transmission queue, each paced to
//! its share of the scenario's `channel.message_rate_msgs_s` (random intervals around that share,
//! counted from its previous start, so the time its own puts and commits take does not lower the
//! rate unless it cannot keep up). The sender MCA
//! gets a message (CPU on the sending processors), sends it over the network link (a station:
//! bytes / bandwidth, then half the round trip), and goes on with the next until the batch holds
//! BATCHSZ messages or the transmission queue is empty (then, with BATCHINT, it keeps the batch
//! open until BATCHINT after the batch began). The end-of-batch flow reaches the receiver MCA,
//! which has put each message to the target queue (CPU on the receiving processors); it commits
//! (end-of-batch CPU and, for persistent messages, a forced write of its own log), confirms, and
//! the sender commits its gets the same way. Only then does the next batch start, with whatever
//! arrived meanwhile, so the achieved batch size emerges from the arrival rate: about 1 when
//! messages are rare, BATCHSZ when they arrive faster than a batch turns around.
//!
//! The costs are `model::channel`'s: its per-message CPU at each end (with TLS and compression),
//! its end-of-batch CPU (with the receive time-out wait), its wire time and round trip. The MCAs
//! are jobs of the queue managers' processor stations and waiters of their loggers, told apart
//! from application tasks by [`CHANNEL_JOB`].
//!
//! An MCA's CPU burst for a message or a batch is the model's mean cost, not a random draw as
//! an application's calls are: the seeds give each end's cost per message and per batch and
//! nothing of its spread, and the same code path over messages of one size has little. Drawn
//! as exponentials, the bursts let the receiver build a random backlog behind the sender within
//! a batch, which grew batches up to 1.8 times the model's at 70% of the channel's capacity and
//! kept the saturated rate up to 15% below its maximum.
//!
//! On shared queues the putters' puts to the transmission queue make their CF requests as any
//! shared-queue put does (`cf`), from the sending queue manager's LPAR only; the MCAs' own calls
//! stay priced whole by `model::channel`, which has no CF part.

use std::collections::VecDeque;

use super::MqSimulation;
use super::queue::SimQueue;
use super::service::{S_PER_US, ServiceTimes, finite_positive};
use super::{Ev, SimMetrics};
use crate::model::channel::{
    self as model, CHANNEL_CPU_PER_BATCH_Z900_MS, CHANNEL_CPU_PER_KB_Z900_MS, CHANNEL_CPU_PER_MESSAGE_Z900_MS,
    RECEIVE_WAIT_CPU_Z900_MS, processor_cpu_factor,
};
use crate::scenario::{Persistence, Scenario, WorkloadKind};
use crate::sim::station::Station;
use crate::sim::stats::{BatchedTally, Estimate, RunPlan};
use crate::sim::trace::{NodeKind, Topology, TraceKind};

/// Marks a processor or logger job as a channel's MCA rather than an application task. Task
/// indices stay far below it (at most 20,000 applications).
pub const CHANNEL_JOB: u32 = 1 << 31;

/// Time series the channels add, in column order.
pub const SERIES: [&str; 2] = ["xmitq_depth", "network_busy_pct"];

/// Messages the transmission queue holds before the putters wait for the channel to drain it
/// (a MAXDEPTH: beyond it an application gets MQRC_Q_FULL and retries). Keeps memory bounded when
/// the offered rate exceeds what the channel moves.
pub const XMITQ_MAX_DEPTH: u64 = 1_000_000;

/// The sending queue manager's index; the receiving one is the last.
const SENDING_QM: u16 = 0;

/// Whether `sc` moves messages across sender/receiver channels.
pub fn moves_messages(sc: &Scenario) -> bool {
    sc.workload.kind == WorkloadKind::ChannelMove
}

/// Whether processor or logger job `job` is a channel's MCA.
#[inline]
pub fn is_channel_job(job: u32) -> bool {
    job & CHANNEL_JOB != 0
}

#[inline]
fn job_of(ch: usize, receiver: bool) -> u32 {
    CHANNEL_JOB | ((ch as u32) << 1) | u32::from(receiver)
}

#[inline]
fn parts(job: u32) -> (usize, bool) {
    (((job & !CHANNEL_JOB) >> 1) as usize, job & 1 == 1)
}

/// A step of a channel, as a calendar event.
#[derive(Debug, Clone, Copy)]
pub enum ChannelEv {
    /// Channel `0`'s sender has put its message on the link.
    LinkDone(u16),
    /// A message reaches the receiver of channel `ch`.
    Arrive {
        /// Channel index.
        ch: u16,
        /// Message id.
        msg: u32,
    },
    /// The end-of-batch flow reaches channel `0`'s receiver.
    EndOfBatch(u16),
    /// The receiver's confirmation reaches channel `0`'s sender.
    Confirm(u16),
    /// BATCHINT of batch `batch` on channel `ch` has run out.
    Interval {
        /// Channel index.
        ch: u16,
        /// The batch it was set for (a later batch ignores it).
        batch: u32,
    },
}

/// Service times of the channels, from `model::channel`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChannelCosts {
    /// Sender CPU per message (MQGET, channel initiator, TCP/IP, TLS, deflate), seconds.
    pub sender_msg_cpu_s: f64,
    /// Receiver CPU per message (receive, MQPUT, TLS, inflate), seconds.
    pub receiver_msg_cpu_s: f64,
    /// End-of-batch CPU at each end (confirm flow, commit, receive time-out wait), seconds.
    pub batch_cpu_s: f64,
    /// Time a message occupies the link, seconds.
    pub wire_s: f64,
    /// One-way network latency (half the round trip), seconds.
    pub one_way_s: f64,
    /// Bytes sent per message (after compression).
    pub network_bytes: u32,
    /// BATCHSZ.
    pub batch_size: u32,
    /// BATCHINT, seconds.
    pub batch_interval_s: f64,
    /// Channels the traffic spreads over (cluster destinations, else 1).
    pub channels: usize,
    /// Messages per second all putters together offer.
    pub rate_msgs_s: f64,
}

impl ChannelCosts {
    /// The channel costs of `sc`, priced as `model::channel::evaluate` prices them.
    pub fn of(sc: &Scenario) -> ChannelCosts {
        let cfg = &sc.channel;
        let m = model::evaluate(sc);
        let factor = processor_cpu_factor(sc.system.processor);
        let kb = f64::from(sc.workload.message_size_bytes) / 1024.0;
        let per_msg_us = (CHANNEL_CPU_PER_MESSAGE_Z900_MS + CHANNEL_CPU_PER_KB_Z900_MS * kb) * factor * 1000.0;
        let wait_ms = if cfg.receive_timeout { RECEIVE_WAIT_CPU_Z900_MS * factor } else { 0.0 };
        ChannelCosts {
            sender_msg_cpu_s: finite_positive(
                per_msg_us + m.tls_sender_cpu_us_per_msg + m.compression_sender_cpu_us_per_msg,
            ) * S_PER_US,
            receiver_msg_cpu_s: finite_positive(
                per_msg_us + m.tls_receiver_cpu_us_per_msg + m.compression_receiver_cpu_us_per_msg,
            ) * S_PER_US,
            batch_cpu_s: finite_positive((CHANNEL_CPU_PER_BATCH_Z900_MS * factor + wait_ms) * 1.0e-3),
            wire_s: finite_positive(m.network_bytes_per_msg / (cfg.network_bandwidth_mb_s * 1_048_576.0)),
            one_way_s: finite_positive(cfg.network_round_trip_ms / 2.0 * 1.0e-3),
            network_bytes: m.network_bytes_per_msg.clamp(0.0, f64::from(u32::MAX)) as u32,
            batch_size: cfg.batch_size.max(1),
            batch_interval_s: finite_positive(cfg.batch_interval_ms * 1.0e-3),
            channels: (m.channels.max(1.0) as usize).min(usize::from(u16::MAX)),
            rate_msgs_s: finite_positive(cfg.message_rate_msgs_s),
        }
    }
}

/// What the sender MCA is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sender {
    /// No batch open: waiting for a message on the transmission queue.
    Idle,
    /// Getting a message (CPU).
    Getting,
    /// The message is on the link.
    Sending,
    /// Holding the batch open for BATCHINT.
    Holding,
    /// Waiting for the receiver's confirmation.
    Confirming,
    /// End-of-batch CPU and, for persistent messages, its log force.
    Committing,
}

/// One sender/receiver channel pair and its link.
#[derive(Debug, Clone)]
struct Channel {
    /// Messages on the transmission queue for this channel, oldest first.
    entries: VecDeque<u32>,
    sender: Sender,
    /// Messages in the open batch.
    batch_n: u32,
    /// Batches begun on the channel (tells a stale BATCHINT expiry from the current one).
    batch_seq: u32,
    batch_start_s: f64,
    /// Message the sender is handling.
    msg: u32,
    sender_burst_s: f64,
    /// Messages received and not yet processed by the receiver, oldest first.
    inbound: VecDeque<u32>,
    receiver_busy: bool,
    receiver_committing: bool,
    /// The end-of-batch flow has arrived.
    end_of_batch: bool,
    receiver_msg: u32,
    receiver_burst_s: f64,
    link: Station<u32>,
    sender_node: u16,
    link_node: u16,
    receiver_node: u16,
}

/// The channels of a `channel_move` scenario and their accumulators.
#[derive(Debug, Clone)]
pub struct ChannelSystem {
    costs: ChannelCosts,
    channels: Vec<Channel>,
    /// The transmission queue's index in the simulation's queues.
    xmitq: usize,
    target_node: u16,
    /// Messages put to the target queue.
    target_depth: u64,
    next_channel: usize,
    /// Putters waiting for room on a full transmission queue.
    blocked: Vec<u32>,
    /// Mean interval between one putter's units of work, seconds (infinite at a zero rate).
    pause_mean_s: f64,
    /// When each task's next unit of work is due, seconds.
    next_start_s: Vec<f64>,
    persistent: bool,
    put_log_bytes: u64,
    get_log_bytes: u64,
    /// One observation per completed batch: its size.
    batches: BatchedTally,
    /// One observation per sender or receiver CPU burst: its length.
    sender_cpu_s: BatchedTally,
    receiver_cpu_s: BatchedTally,
}

impl ChannelSystem {
    /// The channels of `sc`, their nodes added to `topology`; the transmission queue is the
    /// workload's first queue.
    pub fn new(
        sc: &Scenario,
        service: &ServiceTimes,
        plan: RunPlan,
        topology: &mut Topology,
        queues: &[SimQueue],
    ) -> ChannelSystem {
        let costs = ChannelCosts::of(sc);
        let xmitq = 0;
        if let Some(q) = queues.get(xmitq) {
            topology.nodes[usize::from(q.node)].label = "transmission queue".to_string();
        }
        let mut channels = Vec::with_capacity(costs.channels);
        for c in 0..costs.channels {
            let suffix = if costs.channels > 1 { format!(" {}", c + 1) } else { String::new() };
            let sender_node = topology.add(NodeKind::Channel, format!("sender channel{suffix}"));
            let link_node = topology.add(NodeKind::Network, format!("network{suffix}"));
            let receiver_node = topology.add(NodeKind::Channel, format!("receiver channel{suffix}"));
            channels.push(Channel {
                entries: VecDeque::new(),
                sender: Sender::Idle,
                batch_n: 0,
                batch_seq: 0,
                batch_start_s: 0.0,
                msg: 0,
                sender_burst_s: 0.0,
                inbound: VecDeque::new(),
                receiver_busy: false,
                receiver_committing: false,
                end_of_batch: false,
                receiver_msg: 0,
                receiver_burst_s: 0.0,
                link: Station::new(1, plan),
                sender_node,
                link_node,
                receiver_node,
            });
        }
        let target_node = topology.add(NodeKind::Queue, "target queue");
        let w = &sc.workload;
        let per_putter_msgs = f64::from(w.requesters.max(1)) * f64::from(w.messages_per_commit.max(1));
        ChannelSystem {
            costs,
            channels,
            xmitq,
            target_node,
            target_depth: 0,
            next_channel: 0,
            blocked: Vec::new(),
            next_start_s: Vec::new(),
            pause_mean_s: if costs.rate_msgs_s > 0.0 { per_putter_msgs / costs.rate_msgs_s } else { f64::INFINITY },
            persistent: w.persistence == Persistence::Persistent,
            put_log_bytes: service.put_log_bytes,
            get_log_bytes: service.get_log_bytes,
            batches: BatchedTally::new(plan),
            sender_cpu_s: BatchedTally::new(plan),
            receiver_cpu_s: BatchedTally::new(plan),
        }
    }

    /// The costs the channels run with.
    pub fn costs(&self) -> &ChannelCosts {
        &self.costs
    }

    /// Appends the channel series (see [`SERIES`]) to a sample row.
    pub fn sample(&mut self, _at_s: f64, queues: &[SimQueue], row: &mut Vec<f64>) {
        let depth = queues.get(self.xmitq).map_or(0, |q| q.depth);
        let sending = self.channels.iter().filter(|c| c.link.busy() > 0).count();
        row.push(depth as f64);
        row.push(100.0 * sending as f64 / self.channels.len().max(1) as f64);
    }

    /// Writes the channel figures into `m`.
    pub fn fill_metrics(&mut self, m: &mut SimMetrics) {
        let moved = self.batches.sum_per_s();
        m.channel_messages_per_s = moved;
        m.achieved_batch_size = self.batches.mean();
        let per_msg = |cpu: Estimate| {
            if moved.mean <= 0.0 {
                return Estimate::default();
            }
            let mean = cpu.mean / moved.mean * 1.0e6;
            let rel = (cpu.relative_half_width().powi(2) + moved.relative_half_width().powi(2)).sqrt();
            Estimate { mean, half_width_95: mean * rel }
        };
        m.sender_cpu_us_per_msg = per_msg(self.sender_cpu_s.sum_per_s());
        m.receiver_cpu_us_per_msg = per_msg(self.receiver_cpu_s.sum_per_s());
        let n = self.channels.len().max(1) as f64;
        m.network_utilisation = self.channels.iter_mut().map(|c| c.link.utilisation().mean).sum::<f64>() / n;
    }
}

impl MqSimulation {
    /// A putter pauses before its next unit of work; it waits instead while the transmission
    /// queue is full.
    pub(super) fn pause(&mut self, task: u32) {
        let Some(ch) = self.channels.as_mut() else {
            self.cal.schedule(0.0, Ev::Resume(task));
            return;
        };
        if self.queues[ch.xmitq].depth >= XMITQ_MAX_DEPTH {
            // Pause again once there is room.
            self.tasks[task as usize].pc -= 1;
            ch.blocked.push(task);
            return;
        }
        let mean = ch.pause_mean_s;
        if !mean.is_finite() {
            // A zero rate: the putter never puts.
            return;
        }
        let t = task as usize;
        if ch.next_start_s.len() <= t {
            ch.next_start_s.resize(t + 1, self.now_s);
        }
        let due = ch.next_start_s[t] + self.rng.exponential(mean);
        ch.next_start_s[t] = due;
        let start = due.max(self.now_s);
        self.tasks[t].txn_start_s = start;
        self.cal.schedule(start - self.now_s, Ev::Resume(task));
    }

    /// `n` messages of a committed unit of work (the last of them `msg`) are on transmission queue
    /// `q`: each goes to the next channel, whose sender starts or extends a batch.
    pub(super) fn transmit(&mut self, _q: usize, msg: u32, n: u32) {
        for k in 0..n {
            let Some(sys) = self.channels.as_mut() else { return };
            let ch = sys.next_channel;
            sys.next_channel = (ch + 1) % sys.channels.len();
            let c = &mut sys.channels[ch];
            c.entries.push_back(msg.wrapping_sub(n - 1 - k));
            match c.sender {
                Sender::Idle => self.start_batch(ch),
                Sender::Holding => self.sender_next(ch),
                _ => {}
            }
        }
    }

    /// The CPU burst of MCA job `job`, seconds.
    #[inline]
    pub(super) fn channel_burst_s(&self, job: u32) -> f64 {
        let (ch, receiver) = parts(job);
        match self.channels.as_ref().and_then(|s| s.channels.get(ch)) {
            Some(c) if receiver => c.receiver_burst_s,
            Some(c) => c.sender_burst_s,
            None => 0.0,
        }
    }

    /// Queues MCA job `job` for a CPU burst of `burst_s` (the model's mean cost, see the module
    /// comment) on queue manager `qm`.
    fn mca_cpu(&mut self, job: u32, qm: u16, burst_s: f64) {
        let now = self.now_s;
        let (ch, receiver) = parts(job);
        let Some(sys) = self.channels.as_mut() else { return };
        if receiver {
            sys.channels[ch].receiver_burst_s = burst_s;
            sys.receiver_cpu_s.record(now, burst_s);
        } else {
            sys.channels[ch].sender_burst_s = burst_s;
            sys.sender_cpu_s.record(now, burst_s);
        }
        if self.qms[usize::from(qm)].cpu.arrive(now, job) {
            self.cal.schedule(burst_s, Ev::CpuDone { qm, task: job });
        }
    }

    fn receiving_qm(&self) -> u16 {
        (self.qms.len() - 1) as u16
    }

    fn start_batch(&mut self, ch: usize) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let c = &mut sys.channels[ch];
        c.batch_n = 0;
        c.batch_seq = c.batch_seq.wrapping_add(1);
        c.batch_start_s = now;
        self.sender_next(ch);
    }

    /// The sender takes the next message of its batch, holds the batch open, or ends it.
    fn sender_next(&mut self, ch: usize) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let costs = sys.costs;
        let xmitq = sys.xmitq;
        let c = &mut sys.channels[ch];
        if c.batch_n < costs.batch_size
            && let Some(msg) = c.entries.pop_front()
        {
            c.batch_n += 1;
            c.msg = msg;
            c.sender = Sender::Getting;
            let sender_node = c.sender_node;
            let q = &mut self.queues[xmitq];
            q.depth = q.depth.saturating_sub(1);
            let room = q.depth < XMITQ_MAX_DEPTH / 2;
            let bytes = costs.network_bytes;
            self.trace.record(now, msg, q.node, sender_node, TraceKind::Get, bytes);
            if room && !sys.blocked.is_empty() {
                for task in sys.blocked.drain(..) {
                    self.cal.schedule(0.0, Ev::Resume(task));
                }
            }
            if sys.persistent {
                // The get's record; the sender's commit at the end of the batch forces it.
                let bytes = sys.get_log_bytes;
                self.qms[usize::from(SENDING_QM)].logger.append(bytes);
            }
            self.mca_cpu(job_of(ch, false), SENDING_QM, costs.sender_msg_cpu_s);
            return;
        }
        if c.batch_n == 0 {
            c.sender = Sender::Idle;
            return;
        }
        let hold_until_s = c.batch_start_s + costs.batch_interval_s;
        if c.batch_n < costs.batch_size && now < hold_until_s {
            c.sender = Sender::Holding;
            let batch = c.batch_seq;
            self.cal.schedule(hold_until_s - now, Ev::Channel(ChannelEv::Interval { ch: ch as u16, batch }));
            return;
        }
        self.end_batch(ch);
    }

    /// The sender ends its batch: the end-of-batch flow follows the last message to the receiver.
    fn end_batch(&mut self, ch: usize) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let one_way = sys.costs.one_way_s;
        let c = &mut sys.channels[ch];
        c.sender = Sender::Confirming;
        self.trace.record(now, c.msg, c.sender_node, c.receiver_node, TraceKind::ChannelBatch, c.batch_n);
        self.cal.schedule(one_way, Ev::Channel(ChannelEv::EndOfBatch(ch as u16)));
    }

    /// A step of a channel.
    pub(super) fn channel_event(&mut self, e: ChannelEv) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let one_way = sys.costs.one_way_s;
        match e {
            ChannelEv::LinkDone(ch) => {
                let c = &mut sys.channels[usize::from(ch)];
                c.link.depart(now);
                let msg = c.msg;
                self.cal.schedule(one_way, Ev::Channel(ChannelEv::Arrive { ch, msg }));
                self.sender_next(usize::from(ch));
            }
            ChannelEv::Arrive { ch, msg } => {
                let c = &mut sys.channels[usize::from(ch)];
                c.inbound.push_back(msg);
                let bytes = sys.costs.network_bytes;
                self.trace.record(now, msg, c.link_node, c.receiver_node, TraceKind::Move, bytes);
                self.receiver_next(usize::from(ch));
            }
            ChannelEv::EndOfBatch(ch) => {
                sys.channels[usize::from(ch)].end_of_batch = true;
                self.receiver_next(usize::from(ch));
            }
            ChannelEv::Confirm(ch) => {
                let c = &mut sys.channels[usize::from(ch)];
                c.sender = Sender::Committing;
                let mean = sys.costs.batch_cpu_s;
                self.mca_cpu(job_of(usize::from(ch), false), SENDING_QM, mean);
            }
            ChannelEv::Interval { ch, batch } => {
                let c = &sys.channels[usize::from(ch)];
                if c.sender == Sender::Holding && c.batch_seq == batch {
                    self.end_batch(usize::from(ch));
                }
            }
        }
    }

    /// The receiver processes the next message that arrived, or commits a complete batch.
    fn receiver_next(&mut self, ch: usize) {
        let qm = self.receiving_qm();
        let Some(sys) = self.channels.as_mut() else { return };
        let costs = sys.costs;
        let c = &mut sys.channels[ch];
        if c.receiver_busy {
            return;
        }
        if let Some(msg) = c.inbound.pop_front() {
            c.receiver_busy = true;
            c.receiver_msg = msg;
            self.mca_cpu(job_of(ch, true), qm, costs.receiver_msg_cpu_s);
        } else if c.end_of_batch {
            c.end_of_batch = false;
            c.receiver_busy = true;
            c.receiver_committing = true;
            self.mca_cpu(job_of(ch, true), qm, costs.batch_cpu_s);
        }
    }

    /// An MCA's CPU burst is over.
    pub(super) fn channel_cpu_done(&mut self, job: u32) {
        let now = self.now_s;
        let (ch, receiver) = parts(job);
        let receiving = self.receiving_qm();
        let Some(sys) = self.channels.as_mut() else { return };
        let costs = sys.costs;
        let persistent = sys.persistent;
        let c = &mut sys.channels[ch];
        if receiver {
            if c.receiver_committing {
                if persistent {
                    self.force_for(job, receiving);
                } else {
                    self.send_confirm(ch);
                }
                return;
            }
            c.receiver_busy = false;
            let msg = c.receiver_msg;
            let from = c.receiver_node;
            sys.target_depth += 1;
            let to = sys.target_node;
            self.trace.record(now, msg, from, to, TraceKind::Put, costs.network_bytes);
            if persistent {
                let bytes = sys.put_log_bytes;
                self.qms[usize::from(receiving)].logger.append(bytes);
            }
            self.receiver_next(ch);
        } else {
            match c.sender {
                Sender::Getting => {
                    c.sender = Sender::Sending;
                    c.link.arrive(now, 0);
                    self.trace.record(now, c.msg, c.sender_node, c.link_node, TraceKind::Move, costs.network_bytes);
                    self.cal.schedule(costs.wire_s, Ev::Channel(ChannelEv::LinkDone(ch as u16)));
                }
                Sender::Committing => {
                    if persistent {
                        self.force_for(job, SENDING_QM);
                    } else {
                        self.batch_done(ch);
                    }
                }
                _ => {}
            }
        }
    }

    /// MCA job `job` commits on queue manager `qm`: it waits for the log to carry its records.
    fn force_for(&mut self, job: u32, qm: u16) {
        let now = self.now_s;
        self.qms[usize::from(qm)].logger.force(job);
        self.tallies.forces.record(now, 1.0);
        self.kick_logger(qm);
    }

    /// An MCA's forced log write is on DASD.
    pub(super) fn channel_force_done(&mut self, job: u32) {
        let (ch, receiver) = parts(job);
        if receiver { self.send_confirm(ch) } else { self.batch_done(ch) }
    }

    /// The receiver has committed the batch: its confirmation goes back to the sender.
    fn send_confirm(&mut self, ch: usize) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let one_way = sys.costs.one_way_s;
        let target = sys.target_node;
        let c = &mut sys.channels[ch];
        c.receiver_busy = false;
        c.receiver_committing = false;
        self.trace.record(now, c.receiver_msg, c.receiver_node, target, TraceKind::Commit, 0);
        self.cal.schedule(one_way, Ev::Channel(ChannelEv::Confirm(ch as u16)));
        self.receiver_next(ch);
    }

    /// The sender has committed the batch: the next one starts with whatever is waiting.
    fn batch_done(&mut self, ch: usize) {
        let now = self.now_s;
        let Some(sys) = self.channels.as_mut() else { return };
        let xmitq_node = self.queues[sys.xmitq].node;
        let c = &mut sys.channels[ch];
        sys.batches.record(now, f64::from(c.batch_n));
        self.trace.record(now, c.msg, c.sender_node, xmitq_node, TraceKind::Commit, 0);
        c.sender = Sender::Idle;
        if !c.entries.is_empty() {
            self.start_batch(ch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_keep_channel_and_end_apart_from_tasks() {
        for ch in [0usize, 1, 7, 999] {
            for receiver in [false, true] {
                let j = job_of(ch, receiver);
                assert!(is_channel_job(j));
                assert_eq!(parts(j), (ch, receiver));
            }
        }
        assert!(!is_channel_job(20_000));
    }

    #[test]
    fn costs_follow_the_models_per_message_and_batch_parts() {
        let mut sc = Scenario::default();
        sc.workload.kind = WorkloadKind::ChannelMove;
        let base = ChannelCosts::of(&sc);
        sc.channel.cipher = model::Cipher::TripleDesShaUs;
        let tls = ChannelCosts::of(&sc);
        assert!(tls.sender_msg_cpu_s > base.sender_msg_cpu_s);
        assert_eq!(tls.batch_cpu_s, base.batch_cpu_s);
        sc.channel.receive_timeout = true;
        assert!(ChannelCosts::of(&sc).batch_cpu_s > base.batch_cpu_s);
        sc.channel.network_bandwidth_mb_s /= 10.0;
        assert!((ChannelCosts::of(&sc).wire_s / base.wire_s - 10.0).abs() < 1e-9);
    }
}
