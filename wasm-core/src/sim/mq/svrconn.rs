//! Client applications over SVRCONN channels with shared conversations (SHARECNV).
//!
//! When `connection.client_applications` is set, every application task is a client
//! conversation: each MQI call it makes crosses the network (half the channel section's round
//! trip, plus the message's bytes over its bandwidth for a put) and then its channel instance,
//! whose adapter passes the conversations' calls on to the queue manager one at a time; once the
//! queue manager has run the call, its reply crosses back (half the round trip, plus the message
//! for a get). A get with wait travels before it waits, so only its reply follows the message. Up to CURSHCNV conversations (one with SHARECNV(0)) share an instance, so with shared
//! conversations a busy client's calls queue behind its neighbours' while SHARECNV(0)/(1)
//! instances never queue. The instance is a one-server station per channel instance.
//! A call never holds a queue lock while it travels: the call step precedes the lock and the
//! reply step follows its release.

use super::service::{S_PER_US, finite_positive};
use super::workload::Api;
use super::{Ev, MqSimulation, SimMetrics, Task};
use crate::model::channel::{CHANNEL_CPU_PER_KB_Z900_MS, CHANNEL_CPU_PER_MESSAGE_Z900_MS, processor_cpu_factor};
use crate::scenario::Scenario;
use crate::sim::station::Station;
use crate::sim::stats::{BatchedTally, RunPlan};
use crate::sim::trace::{NodeKind, Topology, TraceKind};

/// Conversations a SVRCONN channel instance carries: CURSHCNV, or 1 with SHARECNV(0).
pub fn conversations_per_instance(sc: &Scenario) -> u32 {
    let c = &sc.connection;
    if c.sharecnv == 0 { 1 } else { c.curshcnv.clamp(1, c.sharecnv) }
}

/// Time an instance's adapter spends passing on one call, seconds. The reports do not separate
/// it; the channel model's per-message cost at one end of a channel (receive, dispatch, send for
/// one flow, `model::channel`) stands in for it, scaled to the processor.
pub fn adapter_call_s(sc: &Scenario) -> f64 {
    let kb = f64::from(sc.workload.message_size_bytes) / 1024.0;
    let ms =
        (CHANNEL_CPU_PER_MESSAGE_Z900_MS + CHANNEL_CPU_PER_KB_Z900_MS * kb) * processor_cpu_factor(sc.system.processor);
    finite_positive(ms * 1000.0) * S_PER_US
}

/// One channel instance.
#[derive(Debug, Clone)]
struct Instance {
    adapter: Station<u32>,
    /// The task whose call the adapter is passing on.
    serving: u32,
    node: u16,
}

/// The SVRCONN channel instances of a scenario whose applications are clients.
#[derive(Debug, Clone)]
pub struct Svrconn {
    instances: Vec<Instance>,
    /// Each task's instance.
    instance_of: Vec<u32>,
    call_s: f64,
    round_trip_s: f64,
    s_per_byte: f64,
    message_bytes: f64,
    /// When each task's call reached its instance.
    waits_s: BatchedTally,
}

impl Svrconn {
    /// The instances `tasks` connect through, or `None` when `sc`'s applications are local.
    pub(super) fn of(sc: &Scenario, plan: RunPlan, topology: &mut Topology, tasks: &[Task]) -> Option<Svrconn> {
        if !sc.connection.client_applications {
            return None;
        }
        let per = conversations_per_instance(sc) as usize;
        let count = tasks.len().div_ceil(per).max(1);
        let instances = (0..count)
            .map(|i| Instance {
                adapter: Station::new(1, plan),
                serving: 0,
                node: topology.add(NodeKind::Channel, format!("SVRCONN instance {}", i + 1)),
            })
            .collect();
        Some(Svrconn {
            instances,
            instance_of: (0..tasks.len()).map(|t| (t / per) as u32).collect(),
            call_s: adapter_call_s(sc),
            round_trip_s: finite_positive(sc.channel.network_round_trip_ms * 1.0e-3),
            s_per_byte: 1.0 / (sc.channel.network_bandwidth_mb_s * 1_048_576.0),
            message_bytes: f64::from(sc.workload.message_size_bytes),
            waits_s: BatchedTally::new(plan),
        })
    }

    /// Channel instances in use.
    pub fn instances(&self) -> usize {
        self.instances.len()
    }

    /// Writes the client figures into `m`.
    pub fn fill_metrics(&mut self, m: &mut SimMetrics) {
        let w = self.waits_s.mean();
        m.client_instance_wait_us =
            crate::sim::stats::Estimate { mean: w.mean * 1.0e6, half_width_95: w.half_width_95 * 1.0e6 };
    }
}

impl MqSimulation {
    /// `task` makes MQI call `api` as a client: `true` when it now travels (the task resumes when
    /// its instance has passed the call on), `false` for a local application.
    pub(super) fn client_call(&mut self, task: u32, api: Api) -> bool {
        let Some(s) = self.svrconn.as_ref() else { return false };
        let bytes = if api == Api::Put { s.message_bytes } else { 0.0 };
        let delay = s.round_trip_s / 2.0 + bytes * s.s_per_byte;
        let t = self.tasks[task as usize];
        let node = s.instances[s.instance_of[task as usize] as usize].node;
        self.trace.record(self.now_s, t.msg, t.node, node, TraceKind::Move, bytes as u32);
        self.cal.schedule(delay, Ev::ClientArrive(task));
        true
    }

    /// The reply to `task`'s call `api` travels back: `true` when the task now waits for it.
    pub(super) fn client_reply(&mut self, task: u32, api: Api) -> bool {
        let Some(s) = self.svrconn.as_ref() else { return false };
        let bytes = if api == Api::Get { s.message_bytes } else { 0.0 };
        let delay = s.round_trip_s / 2.0 + bytes * s.s_per_byte;
        let t = self.tasks[task as usize];
        let node = s.instances[s.instance_of[task as usize] as usize].node;
        self.trace.record(self.now_s, t.msg, node, t.node, TraceKind::Move, bytes as u32);
        self.cal.schedule(delay, Ev::Resume(task));
        true
    }

    /// `task`'s call reaches its channel instance.
    pub(super) fn client_arrive(&mut self, task: u32) {
        let now = self.now_s;
        let Some(s) = self.svrconn.as_mut() else { return };
        let i = s.instance_of[task as usize];
        let inst = &mut s.instances[i as usize];
        if inst.adapter.arrive(now, task) {
            inst.serving = task;
            s.waits_s.record(now, 0.0);
            self.cal.schedule(s.call_s, Ev::InstanceDone(i));
        }
    }

    /// Instance `i` has passed a call on: that task goes on, the next waiting call starts.
    pub(super) fn instance_done(&mut self, i: u32) {
        let now = self.now_s;
        let Some(s) = self.svrconn.as_mut() else { return };
        let inst = &mut s.instances[i as usize];
        let done = inst.serving;
        if let Some((next, waited_s)) = inst.adapter.depart(now) {
            inst.serving = next;
            s.waits_s.record(now, waited_s);
            self.cal.schedule(s.call_s, Ev::InstanceDone(i));
        }
        self.run(done);
    }
}
