//! The MQ message-flow simulation: the scenario's applications, queues and locks, log buffer,
//! logger, log data sets and I/O paths as stations of a discrete-event model whose service times
//! come from the calibrated model in `model/`.
//!
//! This is the API the renderer's worker and the CLI drive; the stations and workloads are in the
//! `mq/` folder:
//! - [`service`]: CPU per API call and log record sizes, from `model::request_reply` and `model::log`;
//! - [`workload`]: the tasks' programs (request/reply, the log upper-bound loop, batched puts);
//! - [`queue`]: a queue with its lock, messages and waiting getters;
//! - [`logger`]: the log buffer and the logger's aggregation of concurrent commits;
//! - [`io_path`]: FICON/zHPF channel paths and zHyperLink PFIDs with fall-back;
//! - [`cf`]: the coupling facility of shared queues, its links' subchannels and its processors;
//! - [`channel`]: sender/receiver channels between two queue managers (`channel_move`);
//! - [`svrconn`]: client applications' calls over SVRCONN channel instances;
//! - [`profile`]: where the tasks' time goes, step by step (`SimOptions::profile`).
//!
//! Nothing is scripted: throughput, round trips, commits per write and lock waits emerge from
//! tasks competing for the processors, the locks and the logger. A task holds a processor from
//! one MQI call to the next until it waits, as z/OS dispatches it, within a quantum
//! (`DISPATCH_QUANTUM_S`); a queue's lock passes to its waiters first come, first served.

pub mod cf;
pub mod channel;
pub mod io_path;
pub mod logger;
pub mod profile;
pub mod queue;
pub mod service;
pub mod svrconn;
pub mod workload;

use serde::Serialize;

use self::cf::{CouplingFacility, RequestCounts, RequestKind};
use self::channel::{ChannelEv, ChannelSystem};
use self::io_path::{LogIoPath, pages_for};
use self::logger::{Logger, StartedWrite};
use self::profile::{StepClock, StepTime};
use self::queue::SimQueue;
use self::service::ServiceTimes;
use self::svrconn::Svrconn;
use self::workload::{Api, Delivery, Op, QueueRole, Workload};
use super::calendar::Calendar;
use super::station::Station;
use super::stats::{BatchedTally, Estimate, RunPlan};
use super::trace::{NodeKind, SeriesRecorder, Topology, TraceKind, TraceRecorder};
use crate::rng::Rng;
use crate::scenario::{QueueType, Scenario};

/// How long a task may keep a processor across its MQI calls, seconds (see
/// [`crate::model::processors::DISPATCH_QUANTUM_US`]).
const DISPATCH_QUANTUM_S: f64 = crate::model::processors::DISPATCH_QUANTUM_US * 1.0e-6;

/// How a simulation run records its output.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimOptions {
    /// Warm-up, measured period and batches for the steady-state estimates.
    pub plan: RunPlan,
    /// Whether to keep trace records (off for statistics-only runs and benchmarks).
    pub trace: bool,
    /// Records per trace chunk.
    pub chunk_records: usize,
    /// Trace chunks kept before the oldest is dropped.
    pub history_chunks: usize,
    /// Interval between time-series samples, seconds of simulated time.
    pub series_interval_s: f64,
    /// Time-series samples kept.
    pub series_capacity: usize,
    /// Whether to time each step of the tasks' programs (see [`MqSimulation::step_profile`]).
    pub profile: bool,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            plan: RunPlan { warmup_s: 2.0, run_s: 20.0, batches: 20 },
            trace: true,
            chunk_records: 4096,
            history_chunks: 64,
            series_interval_s: 0.01,
            series_capacity: 10_000,
            profile: false,
        }
    }
}

/// Steady-state figures of a run, each with its 95% confidence half-width. They carry the
/// same names as the model's metrics they are compared with.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SimMetrics {
    /// Transactions (request/reply round trips, or units of work) completed per second.
    pub transactions_per_s: Estimate,
    /// Messages put and got per second.
    pub messages_per_s: Estimate,
    /// Mean round trip (or unit-of-work elapsed time), microseconds.
    pub round_trip_us: Estimate,
    /// Log data written per copy, MB/s.
    pub log_rate_mb_s: Estimate,
    /// Forced log writes per second.
    pub log_writes_per_s: Estimate,
    /// Processor utilisation of the LPAR, 0..1.
    pub cpu_utilisation: Estimate,
    /// Requests for a forced log write (commits, persistent operations out of syncpoint) per second.
    pub force_requests_per_s: Estimate,
    /// Mean time a task waits for the logger, microseconds: a force for its write, or (for units
    /// of work larger than the log output buffers) a put for room in the buffers.
    pub force_wait_us: Estimate,
    /// Share of log writes completed synchronously over zHyperLink, 0..1.
    pub sync_write_fraction: Estimate,
    /// Mean utilisation of the zHyperLink PFIDs over the whole run, 0..1 (0 without zHyperLink).
    pub pfid_utilisation: f64,
    /// Utilisation of the coupling facility's processors, 0..1 (0 with private queues).
    pub cf_utilisation: Estimate,
    /// Share of CF requests completed synchronously, 0..1 (0 with private queues).
    pub cf_sync_fraction: Estimate,
    /// Share of the CF requests z/OS meant to run synchronously that found every subchannel of
    /// their LPAR's links busy and went asynchronous, 0..1.
    pub cf_subchannel_busy_fraction: Estimate,
    /// CF processor time per application message put and got, microseconds.
    pub cf_time_per_message_us: Estimate,
    /// Messages the sender/receiver channels moved per second (0 without channels).
    pub channel_messages_per_s: Estimate,
    /// Messages per channel batch, as the batches achieved it (0 without channels).
    pub achieved_batch_size: Estimate,
    /// Channel CPU per message at the sending end (MQGET, send, TLS, compression and the
    /// batch's share of the end-of-batch work), microseconds (0 without channels).
    pub sender_cpu_us_per_msg: Estimate,
    /// Channel CPU per message at the receiving end (receive, MQPUT, TLS, inflation and the
    /// batch's share of the end-of-batch work), microseconds (0 without channels).
    pub receiver_cpu_us_per_msg: Estimate,
    /// Mean utilisation of the network link(s) between the queue managers, 0..1.
    pub network_utilisation: f64,
    /// Mean time an MQI call of a client waits for its SVRCONN channel instance, microseconds
    /// (0 without client connections).
    pub client_instance_wait_us: Estimate,
    /// Events processed (warm-up included).
    pub events: u64,
}

/// A future event. Small and `Copy`: the calendar moves millions of them.
#[derive(Debug, Clone, Copy)]
enum Ev {
    /// Task `0` carries on with its program.
    Resume(u32),
    /// A processor of queue manager `qm` finished `task`'s CPU burst.
    CpuDone { qm: u16, task: u32 },
    /// Queue manager `0`'s log write is on DASD.
    IoDone(u16),
    /// Queue manager `0`'s logger finished its cycle (after a synchronous write).
    LoggerFree(u16),
    /// Task `0`'s CF request reaches the CF over its link.
    CfArrive(u32),
    /// The CF has processed task `0`'s request.
    CfDone(u32),
    /// A step of a sender/receiver channel.
    Channel(ChannelEv),
    /// Client task `0`'s MQI call has crossed the network to its channel instance.
    ClientArrive(u32),
    /// SVRCONN channel instance `0` finished passing on a call.
    InstanceDone(u32),
}

/// One application task.
#[derive(Debug, Clone, Copy)]
struct Task {
    /// 0: requester program, 1: server program.
    role: u8,
    /// Next step of the program.
    pc: u16,
    /// Queue manager the task is connected to.
    qm: u16,
    /// Topology node.
    node: u16,
    /// Index of the task's request (or common) queue and reply queue.
    request_q: u32,
    reply_q: u32,
    /// When the current transaction began.
    txn_start_s: f64,
    /// Message being handled (for the trace).
    msg: u32,
    /// For a server: the requester whose request it handles.
    partner: u32,
    /// Posted out of a get-wait and not yet through its wake-up.
    woken: bool,
    /// For a requester: its reply is on the reply queue.
    reply_ready: bool,
    /// For a requester: waiting in MQGET for its reply.
    waiting_reply: bool,
    /// Messages put in the current unit of work, their queue and their owner.
    uow_puts: u32,
    uow_queue: u32,
    uow_owner: u32,
    /// Returns already made at the current `Repeat`.
    repeats: u32,
    /// Length of the CPU burst it is queued for, seconds.
    cpu_s: f64,
    /// When its current force request was made.
    force_start_s: f64,
    /// Where its last log record ends in its queue manager's log, in bytes ever appended.
    log_end_bytes: u64,
    /// CF requests still to make for the current API call: carrying the message, and not.
    cf_data: u8,
    cf_plain: u8,
    /// The request out now: its kind, whether it is synchronous, whether z/OS meant it to be,
    /// its link and when it started on a subchannel (or was queued for one).
    cf_kind: RequestKind,
    cf_sync: bool,
    cf_wanted_sync: bool,
    cf_link: u16,
    cf_start_s: f64,
    /// CF processor time the request out now takes, seconds.
    cf_service_s: f64,
    /// Its hold on a processor of its queue manager between bursts.
    hold: CpuHold,
    /// When it last took a processor from the queue for one.
    slice_start_s: f64,
}

/// A task's hold on a processor of its queue manager between its CPU bursts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CpuHold {
    /// None held outside a burst: queued for one, or waiting for something else.
    Released,
    /// Holds one between bursts and runs on without giving it up.
    Running,
    /// Its next burst is scheduled on the processor it holds.
    Bursting,
}

/// Topology nodes of one queue manager.
#[derive(Debug, Clone, Copy)]
struct QmNodes {
    log_buffer: u16,
    logger: u16,
    /// First log data set node (copy-major, then stripe).
    data_sets: u16,
    /// First channel path node.
    channel_paths: u16,
    /// First PFID node.
    pfids: u16,
}

/// A queue manager: its processors, log buffer, logger and log I/O path.
#[derive(Debug, Clone)]
struct QueueManager {
    cpu: Station<u32>,
    logger: Logger,
    io: LogIoPath,
    in_flight: StartedWrite,
    /// The logger's cycle outlasts the write in flight (a synchronous write): a `LoggerFree`
    /// event will free it.
    cycle_pending: bool,
    nodes: QmNodes,
}

/// Whole-run accumulators for the steady-state estimates.
#[derive(Debug, Clone)]
struct Tallies {
    round_trip_s: BatchedTally,
    write_bytes: BatchedTally,
    forces: BatchedTally,
    force_wait_s: BatchedTally,
    write_sync: BatchedTally,
}

/// A running simulation of one scenario.
#[derive(Debug)]
pub struct MqSimulation {
    topology: Topology,
    trace: TraceRecorder,
    series: SeriesRecorder,
    options: SimOptions,
    now_s: f64,
    cal: Calendar<Ev>,
    rng: Rng,
    service: ServiceTimes,
    programs: [Vec<Op>; 2],
    messages_per_transaction: f64,
    tasks: Vec<Task>,
    queues: Vec<SimQueue>,
    qms: Vec<QueueManager>,
    /// The coupling facility (shared queues only).
    cf: Option<CouplingFacility>,
    /// CF requests per API call.
    cf_requests: RequestCounts,
    /// Stream queues, one per queue of the workload's own (request) queues: node and depth.
    streams: Vec<(u16, u64)>,
    /// Queues below this index are the workload's own (request) queues.
    request_queues: u32,
    tallies: Tallies,
    next_message: u32,
    next_sample_s: f64,
    /// Sender/receiver channels (`channel_move` only).
    channels: Option<ChannelSystem>,
    /// SVRCONN channel instances (client applications only).
    svrconn: Option<Svrconn>,
    /// The time from each program step to the next (with `SimOptions::profile` only).
    steps: Option<StepClock>,
}

impl MqSimulation {
    /// Builds the stations and tasks of `scenario`; the run is fixed by `seed`.
    pub fn new(scenario: &Scenario, seed: u64, options: SimOptions) -> Self {
        let plan = options.plan;
        let service = ServiceTimes::of(scenario);
        let workload = Workload::of(scenario);
        let mut topology = Topology::default();
        let moving = channel::moves_messages(scenario);
        // Applications run on the first `app_qmgrs`; a channel scenario adds the receiving one.
        let app_qmgrs = if scenario.workload.queue_type == QueueType::Shared && !moving {
            scenario.workload.queue_managers.max(1)
        } else {
            1
        };
        let qmgrs = app_qmgrs + u32::from(moving);
        let io = LogIoPath::of(scenario);
        let mut qms = Vec::with_capacity(qmgrs as usize);
        for q in 0..qmgrs {
            let name = |what: &str| if qmgrs > 1 { format!("QM{} {what}", q + 1) } else { what.to_string() };
            topology.add(NodeKind::Processors, name("processors"));
            let log_buffer = topology.add(NodeKind::LogBuffer, name("log buffer"));
            let logger = topology.add(NodeKind::Logger, name("logger"));
            let data_sets = topology.nodes.len() as u16;
            for c in 0..io.copies() {
                for s in 0..io.stripes() {
                    topology.add(NodeKind::LogDataSet, name(&format!("log copy {} stripe {}", c + 1, s + 1)));
                }
            }
            let channel_paths = topology.nodes.len() as u16;
            for p in 0..io_path::FICON_CHANNEL_PATHS {
                topology.add(NodeKind::ChannelPath, name(&format!("channel path {}", p + 1)));
            }
            let pfids = topology.nodes.len() as u16;
            for p in 0..io.pfids() {
                topology.add(NodeKind::Pfid, name(&format!("PFID {p}")));
            }
            qms.push(QueueManager {
                cpu: Station::new(scenario.system.lpar_cpus.max(1), plan),
                logger: Logger::default(),
                io: io.clone(),
                in_flight: StartedWrite { seq: 0, bytes: 0 },
                cycle_pending: false,
                nodes: QmNodes { log_buffer, logger, data_sets, channel_paths, pfids },
            });
        }
        let shared = scenario.workload.queue_type == QueueType::Shared;
        // Only the applications' LPARs reach the CF: a channel scenario's receiving queue manager
        // puts what arrives at the price the channel model gives its MCA, CF requests and all.
        let cf = shared.then(|| CouplingFacility::new(scenario, app_qmgrs as u16, plan, &mut topology));
        let cf_requests = RequestCounts::of(scenario, service.stream_copies);
        let mut queues = Vec::new();
        for p in 0..workload.pairs {
            let label =
                if workload.has_reply_queues { format!("request queue {}", p + 1) } else { format!("queue {}", p + 1) };
            let node = topology.add(NodeKind::Queue, label);
            queues.push(SimQueue::new(workload.request_delivery, node));
        }
        if workload.has_reply_queues {
            for p in 0..workload.pairs {
                let node = topology.add(NodeKind::Queue, format!("reply queue {}", p + 1));
                queues.push(SimQueue::new(Delivery::ByOwner, node));
            }
        }
        let streams: Vec<(u16, u64)> = (0..workload.pairs)
            .filter(|_| service.stream_copies > 0)
            .map(|p| (topology.add(NodeKind::Queue, format!("stream queue {}", p + 1)), 0))
            .collect();
        let mut tasks = Vec::new();
        let blank = Task {
            role: 0,
            pc: 0,
            qm: 0,
            node: 0,
            request_q: 0,
            reply_q: 0,
            txn_start_s: 0.0,
            msg: 0,
            partner: 0,
            woken: false,
            reply_ready: false,
            waiting_reply: false,
            uow_puts: 0,
            uow_queue: 0,
            uow_owner: 0,
            repeats: 0,
            cpu_s: 0.0,
            force_start_s: 0.0,
            log_end_bytes: 0,
            cf_data: 0,
            cf_plain: 0,
            cf_kind: RequestKind::Plain,
            cf_sync: false,
            cf_wanted_sync: false,
            cf_link: 0,
            cf_start_s: 0.0,
            cf_service_s: 0.0,
            hold: CpuHold::Released,
            slice_start_s: 0.0,
        };
        let pairs = workload.pairs;
        let reply_base = if workload.has_reply_queues { pairs } else { 0 };
        // Requesters (role 0) then servers (role 1), each spread round-robin over the queue pairs
        // and evenly, in a fixed mixed order, over the queue managers.
        let placed = crate::scenario::placement::applications(workload.requesters, workload.servers, app_qmgrs);
        for (role, name, count) in [(0u8, "requester", workload.requesters), (1u8, "server", workload.servers)] {
            let qms = &placed[usize::from(role)];
            for i in 0..count {
                let node = topology.add(NodeKind::Application, format!("{name} {}", i + 1));
                let pair = i % pairs;
                tasks.push(Task {
                    role,
                    qm: qms[i as usize],
                    node,
                    request_q: pair,
                    reply_q: reply_base + pair,
                    ..blank
                });
            }
        }
        let mut rng = Rng::new(seed);
        let mut cal = Calendar::new();
        // Tasks start at random instants within a microsecond so that the run does not begin
        // with every task in lock-step.
        for t in 0..tasks.len() {
            cal.schedule(rng.uniform() * 1.0e-6, Ev::Resume(t as u32));
        }
        let mut names: Vec<String> =
            vec!["queue_depth".into(), "log_buffer_kb".into(), "cpu_busy_pct".into(), "logger_waiters".into()];
        if io.pfids() > 0 {
            names.push("pfid_busy_pct".into());
        }
        if cf.is_some() {
            names.push("cf_link_busy_pct".into());
            names.push("cf_busy_pct".into());
        }
        if !streams.is_empty() {
            names.push("stream_queue_depth".into());
        }
        let channels = moving.then(|| ChannelSystem::new(scenario, &service, plan, &mut topology, &queues));
        if channels.is_some() {
            names.extend(channel::SERIES.iter().map(|n| n.to_string()));
        }
        let svrconn = Svrconn::of(scenario, plan, &mut topology, &tasks);
        let steps =
            options.profile.then(|| StepClock::new(tasks.len(), [workload.requester.len(), workload.server.len()]));
        MqSimulation {
            topology,
            trace: if options.trace {
                TraceRecorder::new(options.chunk_records, options.history_chunks)
            } else {
                TraceRecorder::counting_only()
            },
            series: SeriesRecorder::new(names, options.series_interval_s, options.series_capacity),
            options,
            now_s: 0.0,
            cal,
            rng,
            service,
            programs: [workload.requester, workload.server],
            messages_per_transaction: workload.messages_per_transaction,
            tasks,
            queues,
            qms,
            cf,
            cf_requests,
            streams,
            request_queues: workload.pairs,
            tallies: Tallies {
                round_trip_s: BatchedTally::new(plan),
                write_bytes: BatchedTally::new(plan),
                forces: BatchedTally::new(plan),
                force_wait_s: BatchedTally::new(plan),
                write_sync: BatchedTally::new(plan),
            },
            next_message: 0,
            next_sample_s: 0.0,
            channels,
            svrconn,
            steps,
        }
    }

    /// The nodes the trace refers to.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// Runs every event up to simulated time `until_s`.
    pub fn advance_to(&mut self, until_s: f64) {
        let sampling = self.options.series_interval_s > 0.0 && self.options.series_interval_s.is_finite();
        while let Some(t) = self.cal.peek_time_s() {
            if t > until_s {
                break;
            }
            if sampling {
                while self.next_sample_s <= t {
                    self.sample(self.next_sample_s);
                    self.next_sample_s += self.options.series_interval_s;
                }
            }
            let Some(ev) = self.cal.pop() else { break };
            self.now_s = t;
            match ev {
                Ev::Resume(task) => self.run(task),
                Ev::CpuDone { qm, task } => self.burst_done(qm, task),
                Ev::CfArrive(task) => self.cf_arrive(task),
                Ev::CfDone(task) => self.cf_done(task),
                Ev::Channel(e) => self.channel_event(e),
                Ev::ClientArrive(task) => self.client_arrive(task),
                Ev::InstanceDone(instance) => self.instance_done(instance),
                Ev::IoDone(qm) => self.io_done(qm),
                Ev::LoggerFree(qm) => {
                    self.qms[usize::from(qm)].cycle_pending = false;
                    self.qms[usize::from(qm)].logger.free();
                    self.kick_logger(qm);
                }
            }
        }
        if sampling {
            while self.next_sample_s <= until_s {
                self.sample(self.next_sample_s);
                self.next_sample_s += self.options.series_interval_s;
            }
        }
        self.now_s = self.now_s.max(until_s);
    }

    /// Current simulated time, seconds.
    pub fn now_s(&self) -> f64 {
        self.now_s
    }

    /// Events processed so far.
    pub fn events(&self) -> u64 {
        self.cal.processed()
    }

    /// The trace recorder (take chunks from it as they complete).
    pub fn trace_mut(&mut self) -> &mut TraceRecorder {
        &mut self.trace
    }

    /// The sampled time series.
    pub fn series(&self) -> &SeriesRecorder {
        &self.series
    }

    /// The run's options.
    pub fn options(&self) -> &SimOptions {
        &self.options
    }

    /// Where the tasks' time went in the measured period, step by step of their programs (see
    /// [`profile`]); `None` unless the run was built with `SimOptions::profile`.
    pub fn step_profile(&self) -> Option<Vec<StepTime>> {
        let transactions = self.tallies.round_trip_s.rate_per_s().mean * self.options.plan.run_s;
        self.steps.as_ref().map(|steps| steps.table(&self.programs, transactions))
    }

    /// Steady-state estimates over the run plan's measured period (batches not reached yet count
    /// as empty, so call it once the run has passed the plan's end).
    pub fn steady_state(&mut self) -> SimMetrics {
        let t = &self.tallies;
        let txn = t.round_trip_s.rate_per_s();
        let scale = |e: Estimate, k: f64| Estimate { mean: e.mean * k, half_width_95: e.half_width_95 * k };
        let cpu = self.qms.iter().map(|q| q.cpu.clone().utilisation()).fold(Estimate::default(), |acc, e| Estimate {
            mean: acc.mean + e.mean,
            half_width_95: acc.half_width_95 + e.half_width_95,
        });
        let n_qm = self.qms.len().max(1) as f64;
        let pfids: usize = self.qms.iter().map(|q| q.io.pfids()).sum();
        let pfid_busy: f64 = self.qms.iter().map(|q| q.io.pfid_busy_total_s()).sum();
        let (cf_utilisation, cf_sync_fraction, cf_subchannel_busy_fraction, cf_time_per_message_us) =
            self.cf.as_ref().map(|c| c.steady_state()).unwrap_or_default();
        let mut m = SimMetrics {
            transactions_per_s: txn,
            messages_per_s: scale(txn, self.messages_per_transaction),
            round_trip_us: scale(t.round_trip_s.mean(), 1.0e6),
            log_rate_mb_s: scale(t.write_bytes.sum_per_s(), 1.0 / 1_048_576.0),
            log_writes_per_s: t.write_bytes.rate_per_s(),
            cpu_utilisation: scale(cpu, 1.0 / n_qm),
            force_requests_per_s: t.forces.rate_per_s(),
            force_wait_us: scale(t.force_wait_s.mean(), 1.0e6),
            sync_write_fraction: t.write_sync.mean(),
            pfid_utilisation: if pfids > 0 && self.now_s > 0.0 { pfid_busy / (pfids as f64 * self.now_s) } else { 0.0 },
            cf_utilisation,
            cf_sync_fraction,
            cf_subchannel_busy_fraction,
            cf_time_per_message_us,
            events: self.cal.processed(),
            ..SimMetrics::default()
        };
        if let Some(ch) = self.channels.as_mut() {
            ch.fill_metrics(&mut m);
        }
        if let Some(c) = self.svrconn.as_mut() {
            c.fill_metrics(&mut m);
        }
        m
    }

    /// Length of the CPU burst job `job` is queued for, seconds.
    #[inline]
    fn burst_s(&self, job: u32) -> f64 {
        if channel::is_channel_job(job) { self.channel_burst_s(job) } else { self.tasks[job as usize].cpu_s }
    }

    fn sample(&mut self, at_s: f64) {
        let depth: u64 = self.queues.iter().map(|q| q.depth).sum();
        let buffer: u64 = self.qms.iter().map(|q| q.logger.pending_bytes()).sum();
        let busy: u32 = self.qms.iter().map(|q| q.cpu.busy()).sum();
        let cpus: u32 = self.qms.iter().map(|q| q.cpu.servers()).sum();
        let waiters: usize = self.qms.iter().map(|q| q.logger.waiting()).sum();
        let mut row = vec![
            depth as f64,
            buffer as f64 / 1024.0,
            100.0 * f64::from(busy) / f64::from(cpus.max(1)),
            waiters as f64,
        ];
        if self.qms.iter().any(|q| q.io.pfids() > 0) {
            let n = self.qms.len() as f64;
            let u: f64 = self.qms.iter_mut().map(|q| q.io.pfid_utilisation(at_s)).sum::<f64>() / n;
            row.push(100.0 * u);
        }
        // Columns in the order `new` names them: PFIDs, CF, stream queue, channels.
        if let Some(cf) = &self.cf {
            row.push(100.0 * cf.link_busy_fraction());
            row.push(100.0 * cf.busy_fraction());
        }
        if !self.streams.is_empty() {
            row.push(self.streams.iter().map(|s| s.1 as f64).sum());
        }
        if let Some(ch) = self.channels.as_mut() {
            ch.sample(at_s, &self.queues, &mut row);
        }
        self.series.push(at_s, row);
    }

    #[inline]
    fn queue_of(&self, task: u32, role: QueueRole) -> u32 {
        let t = &self.tasks[task as usize];
        match role {
            QueueRole::Request => t.request_q,
            QueueRole::Reply => t.reply_q,
        }
    }

    /// Queues `task` for a CPU burst of mean `mean_s` on its queue manager's processors.
    #[inline]
    fn cpu(&mut self, task: u32, mean_s: f64) {
        let d = self.rng.exponential(mean_s);
        let qm = self.tasks[task as usize].qm;
        let now = self.now_s;
        let tk = &mut self.tasks[task as usize];
        tk.cpu_s = d;
        if tk.hold == CpuHold::Running {
            if now - tk.slice_start_s < DISPATCH_QUANTUM_S {
                tk.hold = CpuHold::Bursting;
                self.cal.schedule(d, Ev::CpuDone { qm, task });
                return;
            }
            tk.hold = CpuHold::Released;
            self.release_cpu(qm);
        }
        if self.qms[usize::from(qm)].cpu.arrive(now, task) {
            self.tasks[task as usize].slice_start_s = now;
            self.cal.schedule(d, Ev::CpuDone { qm, task });
        }
    }

    /// Frees a processor of queue manager `qm`, which passes to the next task waiting for one.
    #[inline]
    fn release_cpu(&mut self, qm: u16) {
        if let Some((next, _)) = self.qms[usize::from(qm)].cpu.depart(self.now_s) {
            if !channel::is_channel_job(next) {
                self.tasks[next as usize].slice_start_s = self.now_s;
            }
            let d = self.burst_s(next);
            self.cal.schedule(d, Ev::CpuDone { qm, task: next });
        }
    }

    /// `task`, holding a processor, makes the next CF request of its API call. It stays
    /// synchronous (the processor spins until the answer) when z/OS means it to be and a
    /// subchannel is free; otherwise the processor is released and the request goes
    /// asynchronously, at once on a free subchannel or queued for one.
    fn issue_cf_request(&mut self, task: u32) {
        let now = self.now_s;
        let tk = &mut self.tasks[task as usize];
        let Some(cf) = self.cf.as_mut() else {
            // Only shared queues count CF requests, and only they have a CF.
            tk.cf_data = 0;
            tk.cf_plain = 0;
            let qm = tk.qm;
            self.release_cpu(qm);
            self.run(task);
            return;
        };
        let kind = if tk.cf_data > 0 {
            tk.cf_data -= 1;
            RequestKind::Data
        } else {
            tk.cf_plain = tk.cf_plain.saturating_sub(1);
            RequestKind::Plain
        };
        let qm = tk.qm;
        let wanted = cf.wants_sync(qm, kind, self.rng.uniform());
        let link = cf.take_subchannel(qm);
        let sync = wanted && link.is_some();
        tk.cf_kind = kind;
        tk.cf_sync = sync;
        tk.cf_wanted_sync = wanted;
        tk.cf_start_s = now;
        tk.cf_service_s = self.rng.exponential(cf.costs.cf_s(kind));
        cf.record_request(now, sync, wanted, tk.cf_service_s);
        let bytes = if kind == RequestKind::Data { cf.costs.data_bytes } else { 0 };
        let trace_kind = if sync { TraceKind::CfRequest } else { TraceKind::CfAsyncRequest };
        match link {
            Some(l) => {
                tk.cf_link = l;
                self.cal.schedule(cf.costs.link_s(kind), Ev::CfArrive(task));
                self.trace.record(now, tk.msg, tk.node, cf.link_node(l), trace_kind, bytes);
            }
            None => {
                cf.wait_for_subchannel(qm, task);
                self.trace.record(now, tk.msg, tk.node, cf.link_node(cf.first_link(qm)), trace_kind, bytes);
            }
        }
        if !sync {
            self.release_cpu(qm);
        }
    }

    /// `task`'s request reaches the CF: it queues for a CF processor.
    fn cf_arrive(&mut self, task: u32) {
        let now = self.now_s;
        let tk = self.tasks[task as usize];
        let Some(cf) = self.cf.as_mut() else { return };
        self.trace.record(now, tk.msg, cf.link_node(tk.cf_link), cf.cf_node, TraceKind::CfRequest, 0);
        if cf.processors.arrive(task) {
            self.cal.schedule(tk.cf_service_s, Ev::CfDone(task));
        }
    }

    /// The CF has answered `task`'s request: the CF processor and the subchannel pass on, and the
    /// task goes on (a synchronous request on the processor it spun on; an asynchronous one once
    /// a processor has run its completion).
    fn cf_done(&mut self, task: u32) {
        let now = self.now_s;
        let Some(cf) = self.cf.as_mut() else { return };
        let next = cf.processors.depart();
        let tk = self.tasks[task as usize];
        let waiting = cf.release_subchannel(tk.cf_link);
        self.trace.record(now, tk.msg, cf.cf_node, tk.node, TraceKind::CfReply, 0);
        // z/OS times every request from its start on a subchannel, asynchronous ones too: judging
        // only by the requests it kept synchronous would keep it asynchronous after a slow spell.
        cf.observe_service(tk.qm, tk.cf_kind, now - tk.cf_start_s);
        let async_cpu_s = cf.costs.async_cpu_s;
        if let Some(w) = waiting {
            let link_s = cf.costs.link_s(self.tasks[w as usize].cf_kind);
            self.tasks[w as usize].cf_link = tk.cf_link;
            self.tasks[w as usize].cf_start_s = now;
            self.cal.schedule(link_s, Ev::CfArrive(w));
        }
        if let Some(next) = next {
            self.cal.schedule(self.tasks[next as usize].cf_service_s, Ev::CfDone(next));
        }
        if !tk.cf_sync {
            self.cpu(task, async_cpu_s);
        } else if tk.cf_data + tk.cf_plain > 0 {
            self.issue_cf_request(task);
        } else {
            self.run_after_burst(task);
        }
    }

    /// A processor of queue manager `qm` has finished `task`'s burst (a channel's or an
    /// application's).
    fn burst_done(&mut self, qm: u16, task: u32) {
        if channel::is_channel_job(task) {
            // MCAs make no CF requests: the channel model prices their calls whole.
            self.release_cpu(qm);
            self.channel_cpu_done(task);
            return;
        }
        let tk = &mut self.tasks[task as usize];
        // Whether it keeps the processor is decided once its call has run (`run_after_burst`).
        tk.hold = CpuHold::Released;
        if tk.cf_data + tk.cf_plain > 0 {
            // The call's CF requests follow its CPU, on the processor it holds.
            self.issue_cf_request(task);
        } else {
            self.run_after_burst(task);
        }
    }

    /// `task` has finished a burst on the processor it holds and runs on; it keeps the
    /// processor for its next burst unless a step makes it wait first.
    fn run_after_burst(&mut self, task: u32) {
        self.tasks[task as usize].hold = CpuHold::Running;
        self.run(task);
        let tk = &mut self.tasks[task as usize];
        if tk.hold == CpuHold::Running {
            tk.hold = CpuHold::Released;
            let qm = tk.qm;
            self.release_cpu(qm);
        }
    }

    /// Runs `task`'s program until a step makes it wait.
    fn run(&mut self, task: u32) {
        let now = self.now_s;
        loop {
            if let Some(steps) = &mut self.steps {
                let t = &self.tasks[task as usize];
                steps.begin(task, t.role, t.pc, now, self.options.plan.warmup_s);
            }
            let t = &mut self.tasks[task as usize];
            let op = self.programs[usize::from(t.role)][usize::from(t.pc)];
            t.pc += 1;
            let t = *t;
            match op {
                Op::ClientCall(api) => {
                    if self.client_call(task, api) {
                        return;
                    }
                }
                Op::ClientReply(api) => {
                    if self.client_reply(task, api) {
                        return;
                    }
                }
                Op::Pause => {
                    self.pause(task);
                    return;
                }
                Op::Lock(role) => {
                    let q = self.queue_of(task, role) as usize;
                    if !self.queues[q].lock.acquire(task) {
                        self.trace.record(now, t.msg, t.node, self.queues[q].node, TraceKind::WaitStart, 0);
                        return;
                    }
                }
                Op::Unlock(role) => {
                    let q = self.queue_of(task, role) as usize;
                    if let Some(next) = self.queues[q].lock.release() {
                        self.cal.schedule(0.0, Ev::Resume(next));
                    }
                }
                Op::Cpu(api) => {
                    // A put's CPU step comes just before the put it prices.
                    let streamed_put = api == Api::Put
                        && self.service.stream_copies > 0
                        && self.programs[usize::from(t.role)].get(usize::from(t.pc))
                            == Some(&Op::Put(QueueRole::Request));
                    let mean = match api {
                        Api::Put if streamed_put => self.service.put_cpu_s + self.service.stream_copy_cpu_s,
                        Api::Put => self.service.put_cpu_s,
                        Api::Get => self.service.get_cpu_s,
                        Api::Commit => self.service.commit_cpu_s,
                    };
                    if self.cf.is_some() {
                        let n = &self.cf_requests;
                        let (data, plain) = match api {
                            Api::Put if streamed_put => n.streamed_put,
                            Api::Put => n.put,
                            Api::Get => n.get,
                            Api::Commit if t.uow_puts > 0 && t.uow_queue < self.request_queues => n.commit_streamed,
                            Api::Commit => n.commit,
                        };
                        let tk = &mut self.tasks[task as usize];
                        tk.cf_data = data;
                        tk.cf_plain = plain;
                    }
                    self.cpu(task, mean);
                    return;
                }
                Op::Put(role) => {
                    let q = self.queue_of(task, role);
                    let msg = self.next_message;
                    self.next_message = self.next_message.wrapping_add(1);
                    let owner = if role == QueueRole::Reply { t.partner } else { task };
                    let tk = &mut self.tasks[task as usize];
                    tk.msg = msg;
                    tk.uow_puts += 1;
                    tk.uow_queue = q;
                    tk.uow_owner = owner;
                    let bytes = self.service.put_log_bytes;
                    self.trace.record(now, msg, t.node, self.queues[q as usize].node, TraceKind::Put, bytes as u32);
                    let mut logged = bytes;
                    if role == QueueRole::Request && !self.streams.is_empty() {
                        // The queue manager's copy, put within the same call and logged with it.
                        let stream = self.streams[q as usize].0;
                        self.trace.record(now, msg, t.node, stream, TraceKind::Put, bytes as u32);
                        logged += self.service.stream_copy_log_bytes;
                    }
                    if self.service.persistent && self.append_log(task, logged) {
                        return;
                    }
                }
                Op::WaitMessage(role) => {
                    let q = self.queue_of(task, role) as usize;
                    match self.queues[q].delivery {
                        Delivery::ByOwner => {
                            let tk = &mut self.tasks[task as usize];
                            if tk.reply_ready {
                                tk.reply_ready = false;
                            } else {
                                tk.waiting_reply = true;
                                self.trace.record(now, t.msg, t.node, self.queues[q].node, TraceKind::WaitStart, 0);
                                return;
                            }
                        }
                        Delivery::Fifo => {
                            if let Some((msg, owner)) = self.queues[q].entries.pop_front() {
                                let tk = &mut self.tasks[task as usize];
                                tk.msg = msg;
                                tk.partner = owner;
                            } else {
                                self.queues[q].waiters.push_back(task);
                                self.trace.record(now, t.msg, t.node, self.queues[q].node, TraceKind::WaitStart, 0);
                                return;
                            }
                        }
                        Delivery::CountOnly | Delivery::Transmit => {}
                    }
                }
                Op::Wake => {
                    if t.woken {
                        self.tasks[task as usize].woken = false;
                        self.cpu(task, self.service.wake_cpu_s);
                        return;
                    }
                }
                Op::Get(role) => {
                    let q = self.queue_of(task, role) as usize;
                    self.queues[q].depth = self.queues[q].depth.saturating_sub(1);
                    let bytes = self.service.get_log_bytes;
                    self.trace.record(now, t.msg, self.queues[q].node, t.node, TraceKind::Get, bytes as u32);
                    if self.service.persistent && self.append_log(task, bytes) {
                        return;
                    }
                }
                Op::Force | Op::ForceRecords => {
                    let qm = t.qm;
                    let nodes = self.qms[usize::from(qm)].nodes;
                    let logger = &mut self.qms[usize::from(qm)].logger;
                    self.tallies.forces.record(now, 1.0);
                    if op == Op::Force {
                        logger.force(task);
                    } else if !logger.force_records(task, t.log_end_bytes) {
                        self.tallies.force_wait_s.record(now, 0.0);
                        continue;
                    }
                    self.tasks[task as usize].force_start_s = now;
                    self.trace.record(now, t.msg, t.node, nodes.log_buffer, TraceKind::WaitStart, 0);
                    self.kick_logger(qm);
                    return;
                }
                Op::WriteRecord => {
                    self.qms[usize::from(t.qm)].logger.request_write();
                    self.kick_logger(t.qm);
                }
                Op::Publish => self.publish(task),
                Op::EndTransaction => {
                    self.tallies.round_trip_s.record(now, now - t.txn_start_s);
                    if let Some(cf) = self.cf.as_mut() {
                        cf.record_messages(now, self.messages_per_transaction);
                    }
                    let tk = &mut self.tasks[task as usize];
                    tk.txn_start_s = now;
                    tk.pc = 0;
                }
                Op::Restart => self.tasks[task as usize].pc = 0,
                Op::Repeat { to, extra } => {
                    let tk = &mut self.tasks[task as usize];
                    if tk.repeats < extra {
                        tk.repeats += 1;
                        tk.pc = to;
                    } else {
                        tk.repeats = 0;
                    }
                }
            }
        }
    }

    /// Appends `bytes` of `task`'s records to its log buffer; `true` when the task must wait for
    /// room in the log output buffers.
    #[inline]
    fn append_log(&mut self, task: u32, bytes: u64) -> bool {
        let qm = self.tasks[task as usize].qm;
        let logger = &mut self.qms[usize::from(qm)].logger;
        let overfull = logger.append(bytes);
        self.tasks[task as usize].log_end_bytes = logger.end_bytes();
        if overfull {
            logger.wait_for_room(task);
            self.tasks[task as usize].force_start_s = self.now_s;
            self.kick_logger(qm);
            return true;
        }
        // A unit of work past the write threshold starts a write of its own, without waiting
        // for a commit; an idle logger would otherwise only notice it at the commit.
        if logger.wants_background_write() {
            self.kick_logger(qm);
        }
        false
    }

    /// Ends `task`'s unit of work: its messages become visible and waiting getters are posted.
    fn publish(&mut self, task: u32) {
        let now = self.now_s;
        let t = self.tasks[task as usize];
        if t.uow_puts == 0 {
            let nodes = self.qms[usize::from(t.qm)].nodes;
            self.trace.record(now, t.msg, t.node, nodes.log_buffer, TraceKind::Commit, 0);
            return;
        }
        self.tasks[task as usize].uow_puts = 0;
        let q = t.uow_queue as usize;
        self.trace.record(now, t.msg, t.node, self.queues[q].node, TraceKind::Commit, 0);
        let dispatch = self.service.dispatch_s;
        self.queues[q].depth += u64::from(t.uow_puts);
        if let Some(stream) = self.streams.get_mut(q) {
            // Nobody gets from the stream queue: its copies only accumulate.
            stream.1 += u64::from(t.uow_puts) * u64::from(self.service.stream_copies);
        }
        match self.queues[q].delivery {
            Delivery::CountOnly => {}
            Delivery::Transmit => self.transmit(q, t.msg, t.uow_puts),
            Delivery::ByOwner => {
                let owner = t.uow_owner as usize;
                let o = &mut self.tasks[owner];
                o.msg = t.msg;
                if o.waiting_reply {
                    o.waiting_reply = false;
                    o.woken = true;
                    self.cal.schedule(dispatch, Ev::Resume(owner as u32));
                } else {
                    o.reply_ready = true;
                }
            }
            Delivery::Fifo => {
                for _ in 0..t.uow_puts {
                    if let Some(w) = self.queues[q].waiters.pop_front() {
                        let g = &mut self.tasks[w as usize];
                        g.msg = t.msg;
                        g.partner = t.uow_owner;
                        g.woken = true;
                        self.cal.schedule(dispatch, Ev::Resume(w));
                    } else {
                        self.queues[q].entries.push_back((t.msg, t.uow_owner));
                    }
                }
            }
        }
    }

    /// Starts a log write on queue manager `qm` if its logger is free and one is needed.
    fn kick_logger(&mut self, qm: u16) {
        let now = self.now_s;
        let q = &mut self.qms[usize::from(qm)];
        let Some(write) = q.logger.try_start() else { return };
        let pages = pages_for(write.bytes);
        let plan = q.io.plan(now, pages, &mut self.rng);
        q.in_flight = write;
        let nodes = q.nodes;
        let (copies, stripes) = (q.io.copies(), q.io.stripes());
        self.tallies.write_bytes.record(now, write.bytes as f64);
        self.tallies.write_sync.record(now, if plan.sync { 1.0 } else { 0.0 });
        let (kind, path_node) = if plan.sync {
            (TraceKind::SyncIoStart, nodes.pfids + plan.path)
        } else {
            (TraceKind::AsyncIoStart, nodes.channel_paths + plan.path)
        };
        let seq = write.seq as u32;
        self.trace.record(now, seq, nodes.log_buffer, nodes.logger, TraceKind::Move, write.bytes as u32);
        self.trace.record(now, seq, nodes.logger, path_node, kind, write.bytes as u32);
        let used_stripes = stripes.min(pages as u32);
        let per_stripe = (write.bytes / u64::from(used_stripes)) as u32;
        for c in 0..copies {
            for s in 0..used_stripes {
                let ds = nodes.data_sets + (c * stripes + s) as u16;
                self.trace.record(now, seq, path_node, ds, kind, per_stripe);
            }
        }
        self.cal.schedule(plan.elapsed_s, Ev::IoDone(qm));
        if plan.cycle_s > plan.elapsed_s {
            self.qms[usize::from(qm)].cycle_pending = true;
            self.cal.schedule(plan.cycle_s, Ev::LoggerFree(qm));
        }
    }

    /// A write of queue manager `qm` is on DASD: release its waiters, then let the logger go on
    /// (at once after an asynchronous write; a synchronous one first finishes the logger's cycle).
    fn io_done(&mut self, qm: u16) {
        let now = self.now_s;
        let q = &mut self.qms[usize::from(qm)];
        let write = q.in_flight;
        let nodes = q.nodes;
        self.trace.record(now, write.seq as u32, nodes.data_sets, nodes.logger, TraceKind::IoEnd, write.bytes as u32);
        let cycle_done = !q.cycle_pending;
        if cycle_done {
            self.qms[usize::from(qm)].logger.free();
        }
        while let Some(task) = self.qms[usize::from(qm)].logger.release(write.seq) {
            if channel::is_channel_job(task) {
                self.channel_force_done(task);
                continue;
            }
            let t = self.tasks[task as usize];
            self.tallies.force_wait_s.record(now, now - t.force_start_s);
            self.trace.record(now, t.msg, nodes.log_buffer, t.node, TraceKind::WaitEnd, 0);
            self.run(task);
        }
        if cycle_done {
            self.kick_logger(qm);
        }
    }
}

/// Runs `scenario` for the whole plan without keeping a trace and returns its steady state.
pub fn run(scenario: &Scenario, seed: u64, plan: RunPlan) -> SimMetrics {
    run_to_end(scenario, seed, SimOptions { plan, trace: false, ..SimOptions::default() }).steady_state()
}

/// Runs `scenario` with `options` to the end of their plan and hands the simulation back, for
/// what [`run`] does not report (its step profile, say).
pub fn run_to_end(scenario: &Scenario, seed: u64, options: SimOptions) -> MqSimulation {
    let mut sim = MqSimulation::new(scenario, seed, options);
    sim.advance_to(options.plan.end_s());
    sim
}
