//! The coupling facility of a queue sharing group, its links and the application structure, as
//! stations of the simulation.
//!
//! Every MQPUT, MQGET and MQCMIT on a shared queue makes the CF requests `model::cf` counts for
//! it. A request needs a subchannel of one of its LPAR's CF links for as long as it is out: the
//! link's round trip and data transfer, then its turn on one of the CF's processors. z/OS decides
//! for each request whether to run it synchronously, the issuing processor spinning until the CF
//! answers, or asynchronously, the processor going on with other work and paying a fixed overhead
//! when the answer comes:
//! - only requests small enough may be synchronous (`POTENTIALLY_SYNC_MAX_BYTES`);
//! - z/OS converts a request whose recent service time costs more than going asynchronous; the
//!   simulation keeps that service time as it emerges (a running mean per LPAR and kind of
//!   request, from a request's start on a subchannel to the CF's answer) and converts with the
//!   model's sharpness (`SYNC_CONVERSION_POWER`);
//! - a request that finds every subchannel of its LPAR busy cannot be synchronous: it is queued
//!   for a subchannel and completes asynchronously. Nothing prices this conversion: it happens
//!   when the subchannels are busy, which is why it grows with load and shrinks with links.
//!
//! CF processor time per request, link timings and the asynchronous overhead are the model's
//! (`model::cf::machine_costs`, `LinkType::timing`); the CF's utilisation and the share of
//! requests that stay synchronous emerge.

use std::collections::VecDeque;

use crate::model::cf::{
    self, GET_CF_REQUESTS, MQMD_BYTES, OFFLOADED_ENTRY_BYTES, POTENTIALLY_SYNC_MAX_BYTES, PUT_CF_REQUESTS,
    SUBCHANNELS_PER_LINK, SYNC_CONVERSION_POWER,
};
use crate::model::request_reply::api_cpu_us;
use crate::scenario::{QueueType, Scenario};
use crate::sim::stats::{Estimate, RunPlan, batch_estimate};
use crate::sim::trace::{NodeKind, Topology};

use super::service::{S_PER_US, finite_positive};

/// Weight of the newest synchronous service time in the running mean z/OS's conversion decision
/// sees: a few dozen requests, so it follows a change of load within well under a millisecond at
/// the request rates of a busy queue manager while one slow request does not swing it.
const SYNC_TIME_WEIGHT: f64 = 1.0 / 32.0;

/// The two shapes of CF request: one carrying the message (an MQPUT's "New", an MQGET's read),
/// one carrying only control information (the MQGET's delete or move, a commit's "Write" and
/// "MoveEnt").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum RequestKind {
    /// Carries the message's entry data.
    Data = 0,
    /// Carries no message data.
    Plain = 1,
}

/// Where a shared-queue message lives and what its CF requests take, from `model::cf`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CfCosts {
    /// Message bytes a data request carries (the entry, or its SMDS pointer when offloaded).
    pub data_bytes: u32,
    /// CF processor time of a data request, seconds (mean).
    pub data_cf_s: f64,
    /// CF processor time of a plain request, seconds (mean).
    pub plain_cf_s: f64,
    /// Link round trip plus data transfer of a data request, seconds.
    pub data_link_s: f64,
    /// Link round trip of a plain request, seconds.
    pub plain_link_s: f64,
    /// z/OS CPU of an asynchronous request (hand-off, completion, re-dispatch), seconds.
    pub async_cpu_s: f64,
    /// Whether a data request may be synchronous at all (small messages only).
    pub data_may_be_sync: bool,
    /// z/OS CPU per MQPUT, MQGET and MQCMIT outside their CF requests, microseconds.
    pub outside_cf_cpu_us: (f64, f64, f64),
    /// z/OS CPU the model prices an MQPUT's CF request at, microseconds (spin or asynchronous
    /// overhead, at the model's settled load).
    pub put_request_cpu_us: f64,
}

impl CfCosts {
    /// The costs of `sc`'s shared queues.
    ///
    /// The split of each API call's CPU: `model::cf` prices an MQPUT as
    /// `shared_api_us + PUT_CF_REQUESTS x (z/OS cost of a data request) + data handling`, an
    /// MQGET as `shared_api_us + (data request) + (GET_CF_REQUESTS - 1) x (plain request) + data
    /// handling` and an MQCMIT as `commit_us + commit requests x (plain request)` (the API costs
    /// in `SharedPath::cost`), and `model::request_reply::api_cpu_us` adds the persistent
    /// logging extra. Here the CF requests are played out (spin or asynchronous overhead), so the
    /// CPU burst of each call keeps only `shared_api_us` (or `commit_us`), the data handling and
    /// the logging extra: the call's model price minus the model's price of its CF requests.
    pub fn of(sc: &Scenario) -> CfCosts {
        let m = cf::machine_costs(sc.system.processor);
        let c = &sc.cf;
        let link = c.link_type.timing();
        let payload = f64::from(sc.workload.message_size_bytes);
        // Where the data lives, as `model::cf` decides it: wholly in the structure, or in SMDS
        // with a pointer entry once the tiered offload rules apply at the configured depth.
        let capacity = cf::messages_that_fit(payload, c.structure_size_kb) * f64::from(c.application_structures);
        let full_pct = if capacity <= 0.0 { 100.0 } else { (c.structure_depth_msgs / capacity * 100.0).min(1000.0) };
        let offloaded = payload > cf::offload_threshold_bytes(c.smds_offload_threshold_bytes, full_pct);
        let data_bytes = if offloaded { OFFLOADED_ENTRY_BYTES } else { payload + MQMD_BYTES };
        let data_kb = data_bytes / 1024.0;
        let plain_cf_us = m.cf_request_us * link.cf_time_factor;
        let data_cf_us = plain_cf_us + m.cf_us_per_kb * data_kb * link.cf_time_factor;
        let data_handling_us = m.cf_data_zos_us_per_kb * data_kb
            + if offloaded { m.smds_io_us + m.smds_us_per_kb * payload / 1024.0 } else { 0.0 };

        let (put, get, cmit) = api_cpu_us(sc);
        let model = cf::shared_api_cpu_us(sc);
        let put_requests_us = model.mqput_cpu_us - m.shared_api_us - data_handling_us;
        let get_requests_us = model.mqget_cpu_us - m.shared_api_us - data_handling_us;
        let commit_requests_us = model.mqcmit_cpu_us - m.commit_us;
        CfCosts {
            data_bytes: data_bytes as u32,
            data_cf_s: finite_positive(data_cf_us) * S_PER_US,
            plain_cf_s: finite_positive(plain_cf_us) * S_PER_US,
            data_link_s: finite_positive(link.latency_us + data_bytes / link.bytes_per_us) * S_PER_US,
            plain_link_s: finite_positive(link.latency_us) * S_PER_US,
            async_cpu_s: finite_positive(m.async_request_us) * S_PER_US,
            data_may_be_sync: payload <= POTENTIALLY_SYNC_MAX_BYTES,
            outside_cf_cpu_us: (
                finite_positive(put - put_requests_us),
                finite_positive(get - get_requests_us),
                finite_positive(cmit - commit_requests_us),
            ),
            put_request_cpu_us: finite_positive(put_requests_us),
        }
    }

    /// Mean CF processor time of a request of `kind`, seconds.
    #[inline]
    pub fn cf_s(&self, kind: RequestKind) -> f64 {
        match kind {
            RequestKind::Data => self.data_cf_s,
            RequestKind::Plain => self.plain_cf_s,
        }
    }

    /// Time a request of `kind` spends on its link (round trip and data), seconds.
    #[inline]
    pub fn link_s(&self, kind: RequestKind) -> f64 {
        match kind {
            RequestKind::Data => self.data_link_s,
            RequestKind::Plain => self.plain_link_s,
        }
    }
}

/// CF requests an API call makes, as `model::cf` counts them: (data requests, plain requests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestCounts {
    /// An MQPUT: its "New".
    pub put: (u8, u8),
    /// An MQPUT to the streamed queue: one "New" per queue, the original's and each copy's.
    pub streamed_put: (u8, u8),
    /// An MQGET: the read of the entry, then its delete or move.
    pub get: (u8, u8),
    /// An MQCMIT whose unit of work stays within one structure.
    pub commit: (u8, u8),
    /// An MQCMIT whose unit of work put to the streamed queue: when the stream queue is in
    /// another structure the unit of work spans two, one more "New" and "MoveEnt".
    pub commit_streamed: (u8, u8),
}

impl RequestCounts {
    /// The counts for `sc`; `stream_copies` copies go with each put to the streamed queue.
    pub fn of(sc: &Scenario, stream_copies: u8) -> RequestCounts {
        let structures = sc.cf.application_structures;
        let commit = cf::commit_cf_requests(structures) as u8;
        let streamed_structures = if sc.streaming.same_structure { structures } else { structures.max(2) };
        let commit_streamed =
            if stream_copies > 0 { cf::commit_cf_requests(streamed_structures) as u8 } else { commit };
        // One data request each for the put and the get; the get's second request and the
        // commit's requests carry no message.
        let put = PUT_CF_REQUESTS as u8;
        RequestCounts {
            put: (put, 0),
            streamed_put: (put + stream_copies * put, 0),
            get: (1, GET_CF_REQUESTS as u8 - 1),
            commit: (0, commit),
            commit_streamed: (0, commit_streamed),
        }
    }
}

/// Whole-run accumulators of the CF's steady-state figures, per batch of the run plan (one
/// batch look-up per request: these are on the simulation's hottest path).
#[derive(Debug, Clone)]
struct CfTallies {
    plan: RunPlan,
    /// Requests issued.
    requests: Vec<f64>,
    /// Requests that stayed synchronous.
    sync: Vec<f64>,
    /// Requests z/OS meant to run synchronously.
    wanted_sync: Vec<f64>,
    /// Of those, the ones that found every subchannel busy.
    subchannel_busy: Vec<f64>,
    /// CF processor seconds of the requests issued.
    cf_busy_s: Vec<f64>,
    /// Application messages (put and got) completed.
    messages: Vec<f64>,
}

/// The CF's processors: a first-come-first-served pool whose jobs are tasks. Lighter than a
/// general station (its busy time is tallied from the service times drawn, not by following
/// the number busy), since every request passes through it.
#[derive(Debug, Clone)]
pub struct CfProcessors {
    servers: u32,
    busy: u32,
    waiting: VecDeque<u32>,
}

impl CfProcessors {
    /// `task`'s request arrives: `true` when a processor takes it now.
    #[inline]
    pub fn arrive(&mut self, task: u32) -> bool {
        if self.busy < self.servers {
            self.busy += 1;
            true
        } else {
            self.waiting.push_back(task);
            false
        }
    }

    /// A request is done: the waiting task whose request the processor takes next, if any.
    #[inline]
    pub fn depart(&mut self) -> Option<u32> {
        let next = self.waiting.pop_front();
        if next.is_none() {
            self.busy = self.busy.saturating_sub(1);
        }
        next
    }
}

/// The CF, its links from every queue manager's LPAR, and the requests waiting for a subchannel.
#[derive(Debug, Clone)]
pub struct CouplingFacility {
    /// The CF's processors; jobs are tasks (a task has at most one request out).
    pub processors: CfProcessors,
    /// The request costs.
    pub costs: CfCosts,
    links_per_lpar: u16,
    /// Busy subchannels of each link, LPAR-major.
    busy: Vec<u8>,
    /// Next link each LPAR tries first, so requests spread over its links.
    next_link: Vec<u16>,
    /// Tasks whose asynchronous request waits for a subchannel, per LPAR, oldest first.
    waiting: Vec<VecDeque<u32>>,
    /// Running mean of synchronous service times per LPAR and request kind, seconds.
    sync_time_s: Vec<[f64; 2]>,
    async_overhead_s: f64,
    tallies: CfTallies,
    /// Topology nodes: the CF, the application structure, the first link of the first LPAR.
    pub cf_node: u16,
    /// The application structure's node.
    pub structure_node: u16,
    first_link_node: u16,
}

impl CouplingFacility {
    /// The CF of `sc` serving `lpars` queue managers, its nodes added to `topology`.
    pub fn new(sc: &Scenario, lpars: u16, plan: RunPlan, topology: &mut Topology) -> CouplingFacility {
        let costs = CfCosts::of(sc);
        let c = &sc.cf;
        let cf_node = topology.add(NodeKind::CouplingFacility, format!("coupling facility ({} CPs)", c.cf_processors));
        let structure_node = topology.add(NodeKind::CfStructure, "application structure");
        let links_per_lpar = c.links_per_lpar.clamp(1, u32::from(u16::MAX / lpars.max(1))) as u16;
        let first_link_node = topology.nodes.len() as u16;
        let link_name = format!("{:?}", c.link_type).to_uppercase();
        for q in 0..lpars {
            for l in 0..links_per_lpar {
                let label = if lpars > 1 {
                    format!("QM{} {link_name} link {}", q + 1, l + 1)
                } else {
                    format!("{link_name} link {}", l + 1)
                };
                topology.add(NodeKind::CfLink, label);
            }
        }
        let idle = [costs.data_cf_s + costs.data_link_s, costs.plain_cf_s + costs.plain_link_s];
        let links = usize::from(lpars) * usize::from(links_per_lpar);
        CouplingFacility {
            processors: CfProcessors { servers: c.cf_processors.max(1), busy: 0, waiting: VecDeque::new() },
            costs,
            links_per_lpar,
            busy: vec![0; links],
            next_link: vec![0; usize::from(lpars)],
            waiting: vec![VecDeque::new(); usize::from(lpars)],
            sync_time_s: vec![idle; usize::from(lpars)],
            async_overhead_s: costs.async_cpu_s,
            tallies: CfTallies {
                plan,
                requests: vec![0.0; plan.batches],
                sync: vec![0.0; plan.batches],
                wanted_sync: vec![0.0; plan.batches],
                subchannel_busy: vec![0.0; plan.batches],
                cf_busy_s: vec![0.0; plan.batches],
                messages: vec![0.0; plan.batches],
            },
            cf_node,
            structure_node,
            first_link_node,
        }
    }

    /// The first link of `lpar`.
    #[inline]
    pub fn first_link(&self, lpar: u16) -> u16 {
        lpar * self.links_per_lpar
    }

    /// Topology node of `link`.
    #[inline]
    pub fn link_node(&self, link: u16) -> u16 {
        self.first_link_node + link
    }

    /// Whether z/OS means to run a request of `kind` from `lpar` synchronously, `u` a uniform
    /// draw: never for a data request too large, otherwise less often the longer synchronous
    /// requests have lately taken against the asynchronous overhead.
    #[inline]
    pub fn wants_sync(&self, lpar: u16, kind: RequestKind, u: f64) -> bool {
        if kind == RequestKind::Data && !self.costs.data_may_be_sync {
            return false;
        }
        let r = self.sync_time_s[usize::from(lpar)][kind as usize] / self.async_overhead_s.max(1e-12);
        u * (1.0 + pow_conversion(r)) < 1.0
    }

    /// A subchannel of one of `lpar`'s links, taken now; `None` when all are busy.
    #[inline]
    pub fn take_subchannel(&mut self, lpar: u16) -> Option<u16> {
        let n = self.links_per_lpar;
        let start = self.next_link[usize::from(lpar)];
        for i in 0..n {
            let l = (start + i) % n;
            let link = lpar * n + l;
            if self.busy[usize::from(link)] < SUBCHANNELS_PER_LINK as u8 {
                self.busy[usize::from(link)] += 1;
                self.next_link[usize::from(lpar)] = (l + 1) % n;
                return Some(link);
            }
        }
        None
    }

    /// Queues `task`'s asynchronous request for a subchannel of `lpar`.
    #[inline]
    pub fn wait_for_subchannel(&mut self, lpar: u16, task: u32) {
        self.waiting[usize::from(lpar)].push_back(task);
    }

    /// A request on `link` is answered: its subchannel passes to the oldest request of the same
    /// LPAR waiting for one (returned), or is freed.
    #[inline]
    pub fn release_subchannel(&mut self, link: u16) -> Option<u32> {
        let lpar = link / self.links_per_lpar;
        match self.waiting[usize::from(lpar)].pop_front() {
            Some(task) => Some(task),
            None => {
                self.busy[usize::from(link)] = self.busy[usize::from(link)].saturating_sub(1);
                None
            }
        }
    }

    /// A request of `kind` from `lpar` was answered `elapsed_s` after it started on its
    /// subchannel: z/OS's view of what a synchronous request would cost moves towards it.
    #[inline]
    pub fn observe_service(&mut self, lpar: u16, kind: RequestKind, elapsed_s: f64) {
        let m = &mut self.sync_time_s[usize::from(lpar)][kind as usize];
        *m += SYNC_TIME_WEIGHT * (elapsed_s - *m);
    }

    /// Records a request issued at `now_s`: whether it stays synchronous, whether z/OS meant it
    /// to (it did not stay so only when the subchannels were busy), and the CF processor time it
    /// will take.
    #[inline]
    pub fn record_request(&mut self, now_s: f64, sync: bool, wanted_sync: bool, service_s: f64) {
        let t = &mut self.tallies;
        if let Some(b) = t.plan.batch_of(now_s) {
            t.requests[b] += 1.0;
            t.cf_busy_s[b] += service_s;
            if sync {
                t.sync[b] += 1.0;
            }
            if wanted_sync {
                t.wanted_sync[b] += 1.0;
                if !sync {
                    t.subchannel_busy[b] += 1.0;
                }
            }
        }
    }

    /// Records `messages` application messages completed at `now_s`.
    #[inline]
    pub fn record_messages(&mut self, now_s: f64, messages: f64) {
        if let Some(b) = self.tallies.plan.batch_of(now_s) {
            self.tallies.messages[b] += messages;
        }
    }

    /// Share of busy subchannels over all links now, 0..1.
    pub fn link_busy_fraction(&self) -> f64 {
        let total: u32 = self.busy.iter().map(|&b| u32::from(b)).sum();
        f64::from(total) / (self.busy.len().max(1) as f64 * f64::from(SUBCHANNELS_PER_LINK))
    }

    /// Share of the CF's processors busy now, 0..1.
    pub fn busy_fraction(&self) -> f64 {
        f64::from(self.processors.busy) / f64::from(self.processors.servers)
    }

    /// Steady-state figures: CF utilisation, share of requests completed synchronously, share of
    /// would-be synchronous requests that found every subchannel busy, CF microseconds per message.
    pub fn steady_state(&self) -> (Estimate, Estimate, Estimate, Estimate) {
        let t = &self.tallies;
        let ratio = |num: &[f64], den: &[f64], k: f64| {
            let v: Vec<f64> = num.iter().zip(den).map(|(&a, &b)| if b > 0.0 { a / b * k } else { 0.0 }).collect();
            batch_estimate(&v)
        };
        let capacity_s = vec![t.plan.batch_s() * f64::from(self.processors.servers); t.plan.batches];
        (
            ratio(&t.cf_busy_s, &capacity_s, 1.0),
            ratio(&t.sync, &t.requests, 1.0),
            ratio(&t.subchannel_busy, &t.wanted_sync, 1.0),
            ratio(&t.cf_busy_s, &t.messages, 1.0e6),
        )
    }
}

/// `r` to the power [`SYNC_CONVERSION_POWER`] (8) by repeated squaring: exact multiplications, so
/// the same bits natively and in wasm, and far cheaper than a general power on every request.
#[inline]
fn pow_conversion(r: f64) -> f64 {
    const _: () = assert!(SYNC_CONVERSION_POWER == 8.0);
    let r2 = r * r;
    let r4 = r2 * r2;
    r4 * r4
}

/// Whether `sc`'s queues are shared (and so its API calls go to the CF).
pub fn uses_cf(sc: &Scenario) -> bool {
    sc.workload.queue_type == QueueType::Shared
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cf::MOST_CHOSEN_CPU_OVER_OVERHEAD;

    fn shared(f: impl FnOnce(&mut Scenario)) -> Scenario {
        let mut s = Scenario::default();
        s.workload.queue_type = QueueType::Shared;
        f(&mut s);
        s
    }

    #[test]
    fn the_cf_requests_of_a_message_cost_the_model_cf_time_per_message() {
        // A request/reply message in syncpoint: put (1 data), get (1 data, 1 plain), and its share
        // of the requester's and server's commits (1.5 commits per message).
        let s = shared(|s| s.workload.syncpoint = crate::scenario::SyncpointMode::InSyncpoint);
        let c = CfCosts::of(&s);
        let n = RequestCounts::of(&s, 0);
        let commits_per_msg = 1.5;
        let data = f64::from(n.put.0 + n.get.0) * c.data_cf_s;
        let plain = (f64::from(n.get.1) + commits_per_msg * f64::from(n.commit.1)) * c.plain_cf_s;
        let model = cf::evaluate(&s).cf_us_per_msg;
        assert!(((data + plain) / S_PER_US - model).abs() < 1e-9 * model, "{} vs {model}", (data + plain) / S_PER_US);
    }

    #[test]
    fn outside_cf_cpu_is_the_call_less_a_plausible_price_of_its_cf_requests() {
        for size in [1024, 32 * 1024, 100 * 1024] {
            let s = shared(|s| s.workload.message_size_bytes = size);
            let c = CfCosts::of(&s);
            let (put, _, _) = api_cpu_us(&s);
            let request_us = put - c.outside_cf_cpu_us.0;
            // One request costs more than nothing and about the asynchronous overhead at most:
            // z/OS goes asynchronous when spinning would cost more, but its conversion has a
            // smooth edge, and the few requests it keeps past the overhead spin a little longer.
            let most = (1.0 + MOST_CHOSEN_CPU_OVER_OVERHEAD) * c.async_cpu_s / S_PER_US;
            assert!(request_us > 0.0 && request_us <= most + 1e-9, "{size}: {request_us} against {most}");
        }
    }

    #[test]
    fn a_large_message_is_never_synchronous_and_a_quick_request_mostly_is() {
        let big = CouplingFacility::new(
            &shared(|s| s.workload.message_size_bytes = 8192),
            1,
            RunPlan { warmup_s: 0.0, run_s: 1.0, batches: 2 },
            &mut Topology::default(),
        );
        assert!(!big.wants_sync(0, RequestKind::Data, 0.0));
        assert!(big.wants_sync(0, RequestKind::Plain, 0.0));
    }

    #[test]
    fn subchannels_run_out_after_seven_per_link_and_pass_to_waiters() {
        let mut topology = Topology::default();
        let s = shared(|s| s.cf.links_per_lpar = 2);
        let mut cf = CouplingFacility::new(&s, 2, RunPlan { warmup_s: 0.0, run_s: 1.0, batches: 2 }, &mut topology);
        let taken: Vec<u16> = (0..14).map(|_| cf.take_subchannel(1).expect("free")).collect();
        assert!(taken.iter().all(|&l| l == 2 || l == 3), "LPAR 2's links: {taken:?}");
        assert_eq!(cf.take_subchannel(1), None);
        assert!(cf.take_subchannel(0).is_some(), "another LPAR has its own links");
        cf.wait_for_subchannel(1, 42);
        assert_eq!(cf.release_subchannel(3), Some(42));
        assert_eq!(cf.release_subchannel(3), None);
        assert!(cf.take_subchannel(1).is_some());
    }
}
