//! The MQ simulation against the analytic model and the reports' qualitative results.
//!
//! Consistency: the simulation's throughput, log rate, round trip and force wait agree with
//! `model::evaluate` within 10% across message size, stripes, log copies, I/O mode, syncpoint and
//! requester count, except where the tests below bound a documented departure and say why: the
//! model is the approximation there (the force wait of dozens of committers, the logger's own
//! work after a synchronous write between streams of large records, one force wait for the puts
//! and the gets of a single pair's lock convoy, the chains it leaves at the processors when many
//! requesters share a pair and commit outside its locks, the writes of units of work that follow
//! their tasks' bursts, the log buffers two shared queues' holders overfill together on one
//! LPAR, the forces of shared convoys finding their logs busier than their share where a queue
//! manager logs for fewer than two pairs).

use mqpx::model;
use mqpx::model::log::LogIoMode;
use mqpx::scenario::{Persistence, QueueType, Scenario, SyncpointMode, WorkloadKind, placement};
use mqpx::sim::mq::{MqSimulation, SimMetrics, SimOptions, run, run_to_end};
use mqpx::sim::stats::RunPlan;
use mqpx::sim::trace::TraceKind;

const PLAN: RunPlan = RunPlan { warmup_s: 0.2, run_s: 2.0, batches: 10 };
/// A run long enough for a few thousand round trips of megabyte messages.
const LONG_PLAN: RunPlan = RunPlan { warmup_s: 2.0, run_s: 20.0, batches: 10 };

fn scenario(f: impl FnOnce(&mut Scenario)) -> Scenario {
    let mut s = Scenario::default();
    f(&mut s);
    s
}

/// Persistent tasks of a workload `kind` (a server for each requester in request/reply) on
/// `queues` queues or pairs, committing `per_commit` messages of `size` bytes at a time in
/// syncpoint, or each on its own out of it.
fn persistent_tasks(
    kind: WorkloadKind,
    syncpoint: SyncpointMode,
    tasks: u32,
    queues: u32,
    size: u32,
    per_commit: u32,
) -> Scenario {
    scenario(|s| {
        s.workload.kind = kind;
        s.workload.persistence = Persistence::Persistent;
        s.workload.syncpoint = syncpoint;
        s.workload.requesters = tasks;
        s.workload.servers = tasks;
        s.workload.queue_pairs = queues;
        s.workload.message_size_bytes = size;
        s.workload.messages_per_commit = per_commit;
    })
}

/// Persistent request/reply of `requesters` with `servers` on `pairs` pairs, one message of
/// `size` bytes a unit of work in syncpoint or each on its own out of it.
fn request_reply_with_servers(
    syncpoint: SyncpointMode,
    requesters: u32,
    servers: u32,
    pairs: u32,
    size: u32,
) -> Scenario {
    let mut s = persistent_tasks(WorkloadKind::RequestReply, syncpoint, requesters, pairs, size, 1);
    s.workload.servers = servers;
    s
}

/// `requesters` requesters in syncpoint, each with a server, on one shared pair over `qmgrs`
/// queue managers, messages of `size` bytes.
fn shared_lone_pair_in_syncpoint(requesters: u32, qmgrs: u32, size: u32) -> Scenario {
    let mut s = request_reply_with_servers(SyncpointMode::InSyncpoint, requesters, requesters, 1, size);
    s.workload.queue_type = QueueType::Shared;
    s.workload.queue_managers = qmgrs;
    s
}

/// Sets the message size and the log's I/O path: the axes the consistency grids sweep.
fn log_path(s: &mut Scenario, size: u32, io_mode: LogIoMode, copies: u32, stripes: u32) {
    s.workload.message_size_bytes = size;
    s.log.io_mode = io_mode;
    s.log.copies = copies;
    s.log.stripes = stripes;
}

/// Runs `sc` with its messages of `size` bytes on a log of `copies` x `stripes` over `io_mode`
/// and LPARs of `cpus` processors (seed 23 over [`PLAN`]), checks its rates within `tolerance`
/// of the model's ([`rates_agree`]) and gives the run's metrics for further checks.
fn rates_agree_on_path(
    label: &str,
    sc: &mut Scenario,
    size: u32,
    path: (LogIoMode, u32, u32),
    cpus: u32,
    tolerance: f64,
) -> SimMetrics {
    rates_agree_on_path_seeded(label, sc, size, path, cpus, 23, tolerance)
}

/// [`rates_agree_on_path`] with the run's seed given.
fn rates_agree_on_path_seeded(
    label: &str,
    sc: &mut Scenario,
    size: u32,
    path: (LogIoMode, u32, u32),
    cpus: u32,
    seed: u64,
    tolerance: f64,
) -> SimMetrics {
    rates_agree_on_path_run(label, sc, size, path, cpus, (seed, PLAN), tolerance)
}

/// [`rates_agree_on_path`] over [`LONG_PLAN`], for megabyte records.
fn rates_agree_on_long_path(
    label: &str,
    sc: &mut Scenario,
    size: u32,
    path: (LogIoMode, u32, u32),
    cpus: u32,
    tolerance: f64,
) -> SimMetrics {
    rates_agree_on_path_run(label, sc, size, path, cpus, (23, LONG_PLAN), tolerance)
}

/// [`rates_agree_on_path`] with the run's seed and plan given.
fn rates_agree_on_path_run(
    label: &str,
    sc: &mut Scenario,
    size: u32,
    (io_mode, copies, stripes): (LogIoMode, u32, u32),
    cpus: u32,
    (seed, plan): (u64, RunPlan),
    tolerance: f64,
) -> SimMetrics {
    log_path(sc, size, io_mode, copies, stripes);
    sc.system.lpar_cpus = cpus;
    let m = run(sc, seed, plan);
    rates_agree(label, sc, &m, tolerance);
    m
}

/// Puts the workload's queues in a queue sharing group of `qmgrs` queue managers, each on an
/// LPAR of `cpus` processors.
fn shared_over(s: &mut Scenario, qmgrs: u32, cpus: u32) {
    s.workload.queue_type = QueueType::Shared;
    s.workload.queue_managers = qmgrs;
    s.system.lpar_cpus = cpus;
}

/// Persistent request/reply out of syncpoint, `requesters` with a server each on `pairs` shared
/// pairs over `qmgrs` queue managers of `cpus` processors, 300 KB messages (offloaded to SMDS)
/// on a 2 x 2 log over `io_mode`: the run's rates within 10% of the model's.
fn offloaded_shared_pairs_agree(requesters: u32, pairs: u32, qmgrs: u32, io_mode: LogIoMode, cpus: u32) {
    let size = 300_000;
    let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
    shared_over(&mut sc, qmgrs, cpus);
    assert!(model::cf::data_offloaded(&sc));
    let label = format!("{requesters} requesters on {pairs} shared pairs over {qmgrs} QMs, {size} B over {io_mode:?}");
    rates_agree_on_path(&label, &mut sc, size, (io_mode, 2, 2), cpus, 0.10);
}

/// Nonpersistent request/reply out of syncpoint on shared queues: `requesters` with a server
/// each on `pairs` pairs, messages of `size` bytes, over `qmgrs` queue managers of `cpus`
/// processors.
fn nonpersistent_shared_request_reply(requesters: u32, pairs: u32, size: u32, qmgrs: u32, cpus: u32) -> Scenario {
    scenario(|s| {
        s.workload.kind = WorkloadKind::RequestReply;
        s.workload.persistence = Persistence::NonPersistent;
        s.workload.syncpoint = SyncpointMode::OutOfSyncpoint;
        (s.workload.requesters, s.workload.servers, s.workload.queue_pairs) = (requesters, requesters, pairs);
        s.workload.message_size_bytes = size;
        shared_over(s, qmgrs, cpus);
    })
}

/// A run of `sc`'s throughput within `tolerance` of the model's.
fn throughput_agrees(label: &str, sc: &Scenario, tolerance: f64) {
    throughput_agrees_over(label, sc, PLAN, tolerance);
}

/// [`throughput_agrees`] over a run of `plan`.
fn throughput_agrees_over(label: &str, sc: &Scenario, plan: RunPlan, tolerance: f64) {
    let m = run(sc, 17, plan);
    let model_tps = model::request_reply::evaluate(sc).transactions_s;
    within(&format!("{label} transactions/s"), m.transactions_per_s.mean, model_tps, tolerance);
}

fn within(name: &str, sim: f64, model: f64, tolerance: f64) {
    let error = (sim - model).abs() / model.abs().max(1e-12);
    assert!(error <= tolerance, "{name}: simulated {sim} vs model {model} ({:.1}% off)", error * 100.0);
}

/// Throughput, round trip and log rate of a persistent run of `sc` within `tolerance` of the model's.
fn rates_agree(label: &str, sc: &Scenario, m: &SimMetrics, tolerance: f64) {
    let rr = model::request_reply::evaluate(sc);
    let c = model::commit::evaluate(sc);
    within(&format!("{label} transactions/s"), m.transactions_per_s.mean, rr.transactions_s, tolerance);
    within(&format!("{label} round trip"), m.round_trip_us.mean, rr.round_trip_us, tolerance);
    within(&format!("{label} log rate"), m.log_rate_mb_s.mean, c.log_rate_mb_s, tolerance);
}

/// The simulated log writes a second of a run of `sc` within `tolerance` of the model's forced
/// writes.
fn forced_writes_agree(label: &str, sc: &Scenario, m: &SimMetrics, tolerance: f64) {
    let c = model::commit::evaluate(sc);
    within(&format!("{label} forced writes/s"), m.log_writes_per_s.mean, c.forced_writes_per_s, tolerance);
}

fn agree_with_model(label: &str, sc: &Scenario, m: &SimMetrics) {
    let rr = model::request_reply::evaluate(sc);
    let c = model::commit::evaluate(sc);
    within(&format!("{label} transactions/s"), m.transactions_per_s.mean, rr.transactions_s, 0.10);
    within(&format!("{label} round trip"), m.round_trip_us.mean, rr.round_trip_us, 0.10);
    if c.log_rate_mb_s > 0.0 {
        within(&format!("{label} log rate"), m.log_rate_mb_s.mean, c.log_rate_mb_s, 0.10);
        // A unit of work past the write threshold has the logger write its data while its puts
        // go on: the simulation counts those writes and the commit's wait for the last of them,
        // while the model's forced writes and force wait are the commit's own (the wait for the
        // background write is in its MQCMIT time and round trip, checked above).
        let background = sc.workload.syncpoint == SyncpointMode::InSyncpoint
            && f64::from(sc.workload.message_size_bytes) >= model::request_reply::LOG_WRITE_THRESHOLD_BYTES;
        // The simulation counts I/Os; a force of more than 128 pages takes several, which the
        // model counts as one forced write.
        if c.forced_write_bytes <= 128.0 * 4096.0 && !background {
            within(&format!("{label} forced writes/s"), m.log_writes_per_s.mean, c.forced_writes_per_s, 0.10);
        }
        if !background {
            within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, 0.10);
        }
    } else {
        assert_eq!(m.log_rate_mb_s.mean, 0.0, "{label}: nothing persistent, nothing logged");
    }
}

#[test]
fn one_requester_agrees_with_the_model_across_size_stripes_copies_io_mode_and_syncpoint() {
    let mut checked = 0;
    for size in [1024u32, 32 * 1024, 1024 * 1024] {
        for (copies, stripes) in [(1, 1), (2, 4)] {
            for io_mode in [LogIoMode::Ficon, LogIoMode::Zhpf, LogIoMode::Zhyperlink] {
                for syncpoint in [SyncpointMode::OutOfSyncpoint, SyncpointMode::InSyncpoint] {
                    for persistence in [Persistence::Persistent, Persistence::NonPersistent] {
                        let sc = scenario(|s| {
                            log_path(s, size, io_mode, copies, stripes);
                            s.workload.persistence = persistence;
                            s.workload.syncpoint = syncpoint;
                        });
                        let label = format!("{size}B {copies}x{stripes} {io_mode:?} {syncpoint:?} {persistence:?}");
                        agree_with_model(&label, &sc, &run(&sc, 3, PLAN));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 72);
}

#[test]
fn many_requesters_on_many_queue_pairs_agree_with_the_model_where_the_processors_saturate() {
    for requesters in [16, 64] {
        for syncpoint in [SyncpointMode::OutOfSyncpoint, SyncpointMode::InSyncpoint] {
            let sc = scenario(|s| {
                s.workload.requesters = requesters;
                s.workload.servers = requesters;
                s.workload.queue_pairs = requesters;
                s.workload.syncpoint = syncpoint;
            });
            agree_with_model(&format!("{requesters} requesters {syncpoint:?}"), &sc, &run(&sc, 4, PLAN));
        }
    }
}

#[test]
fn requesters_sharing_queue_pairs_agree_with_the_model_where_their_locks_are_short() {
    // Nonpersistent calls hold a lock for their CPU only, and persistent ones inside syncpoint
    // keep their forces out of the lock. A chain of calls has one burst on the processors at a
    // time, and chains queued for a lock have none there (model::processors and the request/reply
    // solver's processor queueing): three requesters keep three processors nearly busy without
    // queueing for them, and thirty-two on one pair pass its locks from holder to holder while
    // the processors stay a quarter idle, in the simulation as in the model.
    let np = Persistence::NonPersistent;
    for (persistence, syncpoint) in [
        (np, SyncpointMode::OutOfSyncpoint),
        (np, SyncpointMode::InSyncpoint),
        (Persistence::Persistent, SyncpointMode::InSyncpoint),
    ] {
        for (requesters, pairs) in [(3, 3), (4, 2), (8, 4), (8, 1), (16, 2), (32, 1)] {
            let sc = scenario(|s| {
                s.workload.requesters = requesters;
                s.workload.servers = requesters;
                s.workload.queue_pairs = pairs;
                s.workload.persistence = persistence;
                s.workload.syncpoint = syncpoint;
            });
            let label = format!("{requesters} requesters on {pairs} pairs {persistence:?} {syncpoint:?}");
            let m = run(&sc, 13, PLAN);
            let rr = model::request_reply::evaluate(&sc);
            let tolerance =
                if persistence == np && syncpoint == SyncpointMode::InSyncpoint && pairs == 1 && requesters >= 16 {
                    // Departure: the commits run outside the locks, so a lock holder still meets
                    // other tasks' commits at the processors. The model counts the chains queued for
                    // the locks with the holds that queueing behind all the chains would give (one
                    // step towards its fixed point), leaves too few at the processors, and its round
                    // trip comes out up to 13% short.
                    0.14
                } else {
                    0.10
                };
            within(&format!("{label} transactions/s"), m.transactions_per_s.mean, rr.transactions_s, tolerance);
            within(&format!("{label} round trip"), m.round_trip_us.mean, rr.round_trip_us, tolerance);
        }
    }
}

#[test]
fn persistent_puts_out_of_syncpoint_sharing_a_pair_convoy_behind_the_lock_as_the_model_says() {
    // Each such put holds its queue's lock across a forced write, and the getter its publish
    // wakes finds the lock already handed to the next queued putter: a pair's requesters convoy
    // through its locks (commit::convoy_lock_wait_us), and on a single pair the puts' forces
    // follow one another without meeting another write.
    for (requesters, pairs) in [(2, 1), (8, 1), (64, 1), (4, 2), (16, 4), (64, 8)] {
        let sc = persistent_out_of_syncpoint(requesters, pairs, |_| {});
        let m = run(&sc, 14, PLAN);
        let c = model::commit::evaluate(&sc);
        let label = format!("{requesters} requesters on {pairs} pairs");
        rates_agree(&label, &sc, &m, 0.10);
        // Departure, bounded: on a single pair the gets' forces come in a burst as each convoy
        // ends and queue behind one another's writes, while the puts' forces meet none. The model
        // gives both the puts' wait, so the simulated mean over all forces is up to 29% above it
        // (8 requesters, over eight seconds); with two pairs or more the convoys' writes overlap,
        // and 64 requesters on one pair break their convoy, and there they agree. Two requesters
        // run as two convoys much of the time in the model, one at each lock, whose puts' forces
        // meet (`A_SERVER_EACH_HALVES` in `model::request_reply`): it waits 319 us a force and
        // 50 for a lock where the simulation waits 268 and 93, the two together within 3%.
        let tolerance = if pairs == 1 { 0.35 } else { 0.10 };
        within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, tolerance);
        if requesters > 2 || pairs > 1 {
            assert!(m.force_wait_us.mean >= c.force_wait_us * 0.9, "{label}: the bursts only add waiting");
        }
    }
}

#[test]
fn convoys_over_zhyperlink_break_up_as_the_model_says() {
    // Over zHyperLink a put holds its lock for a short synchronous write, and from about eight
    // requesters a queue the getters a pass wakes take longer to get through a lock than that:
    // the convoys break up and both locks of a pair run near saturation, where the convoy
    // formula would leave each idle half the time (the model took 37 requesters on 2 pairs at
    // half the simulated rate before it priced the break).
    let mut broken = 0;
    for (requesters, pairs, size) in [(37, 2, 1182), (16, 2, 1000), (16, 1, 1000), (16, 1, 10_000), (32, 4, 1000)] {
        let sc = persistent_out_of_syncpoint(requesters, pairs, |s| log_path(s, size, LogIoMode::Zhyperlink, 1, 2));
        let m = run(&sc, 16, PLAN);
        let label = format!("zHyperLink, {requesters} requesters on {pairs} pairs, {size} B");
        rates_agree(&label, &sc, &m, 0.10);
        let c = model::commit::evaluate(&sc);
        broken += usize::from(c.lock_utilisation_pct > 75.0);
    }
    assert_eq!(broken, 5, "every one of these pairs has its locks busy at once");
    // With three requesters a queue the gets pass well within one put's hold: the convoy holds.
    let sc = persistent_out_of_syncpoint(6, 2, |s| log_path(s, 10_000, LogIoMode::Zhyperlink, 1, 2));
    let m = run(&sc, 16, PLAN);
    rates_agree("zHyperLink, 6 requesters on 2 pairs", &sc, &m, 0.10);
    assert!(model::commit::evaluate(&sc).lock_utilisation_pct < 50.0, "a convoy's lock is idle half the time");
}

#[test]
fn writes_of_about_a_page_go_to_two_pages_gradually_as_requesters_are_added() {
    // Requesters each alone on a private pair at 279 B over zHyperLink: a write of 4-6 commits
    // fills about a page, and the simulation's writes, gathering 1-6 commits, go over to two
    // pages a few at a time as requesters are added. Timed at the mean count alone, the model
    // stepped between 6 and 8 requesters and was 13% fast at 6 and 11% slow at 8.
    for requesters in [6, 8] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, 12, 279);
        let label = format!("{requesters} requesters on 12 private pairs, 279 B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, 279, (LogIoMode::Zhyperlink, 2, 2), 3, 0.10);
    }
}

#[test]
fn a_lone_queues_log_test_tasks_pass_its_lock_while_one_forces_its_get() {
    // Log-test tasks out of syncpoint on one private queue: each put holds the lock across its
    // force, each get forces after letting it go, and while a task forces its get the others go
    // through the lock without it. Waiting the whole convoy (every other task ahead of each use),
    // the model was 9-11% slow in these.
    let cases = [(2, 16_000, LogIoMode::Zhpf), (3, 16_000, LogIoMode::Ficon), (2, 8_168, LogIoMode::Zhyperlink)];
    for (tasks, size, io_mode) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 1, size, 1);
        sc.workload.implicit_syncpoint = false;
        let label = format!("{tasks} log-test tasks on one queue, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 2, 2), 4, 0.05);
    }
}

#[test]
fn a_lone_queues_lock_holder_is_alone_at_the_processors() {
    // Out of syncpoint every processor burst of a log test runs under its queue's lock, so with
    // one queue only the holder is ever at the processors, whatever the others wait for. Counting
    // the lock's queue as chains at the processors stretched the holds on one processor as if
    // they ran: the model was 21% slow on the first, 13% on the second. Implicit syncpoint adds
    // a write after each put, but no processor time outside the lock: the third was 16% slow.
    let cases = [
        (41, 212_218, (1, 2), QueueType::Private, false),
        (42, 50_147, (2, 3), QueueType::Shared, false),
        (51, 1_329_341, (1, 4), QueueType::Private, true),
    ];
    for (tasks, size, (copies, stripes), queue_type, implicit) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 1, size, 1);
        sc.workload.implicit_syncpoint = implicit;
        sc.workload.queue_type = queue_type;
        let label = format!(
            "{tasks} log-test tasks on one {queue_type:?} queue (implicit syncpoint {implicit}), {size} B over \
             zHyperLink, one processor"
        );
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.10);
        assert_eq!(model::commit::evaluate(&sc).implicit_syncpoint_applied, implicit, "{label}");
    }
}

#[test]
fn in_syncpoint_a_lone_queues_processors_see_its_holder_and_the_committers() {
    // In syncpoint the puts and gets run under the queue's lock and only the commits outside it:
    // the processor queue is the holder and a few committers, not every task not queued for the
    // lock (most wait for their commits' writes). Counted as those, the model was 21% fast on
    // the nonpersistent log test and 13% on the batch, each on one processor.
    let mut log_test = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, 12, 1, 17_107, 1);
    log_test.workload.persistence = Persistence::NonPersistent;
    let batch = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 28, 1, 351, 6);
    let cases = [
        (batch, 351, LogIoMode::Zhyperlink, "28 batch tasks"),
        (log_test, 17_107, LogIoMode::Ficon, "12 nonpersistent log-test tasks"),
    ];
    for (mut sc, size, io_mode, what) in cases {
        shared_over(&mut sc, 1, 1);
        let label = format!("{what} on one shared queue, {size} B over {io_mode:?}, one processor");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 2, 2), 1, 0.10);
    }
}

#[test]
fn megabyte_puts_through_one_lock_wait_for_room_at_the_loggers_pace() {
    // Log-test tasks in syncpoint on one private queue, records that about fill the log output
    // buffers: the puts come one after another through the queue's lock, each finding what is
    // left of the last record, and the logger paces the lock. Priced as random arrivals' backlog,
    // the puts' waits for room were a third too long and the simulation ran 8-16% faster (now
    // within 3%).
    for (tasks, size, path, cpus) in [
        (8, 3_914_146, (LogIoMode::Zhyperlink, 1, 2), 3),
        (31, 4_209_794, (LogIoMode::Zhyperlink, 1, 2), 3),
        (16, 3_673_882, (LogIoMode::Zhpf, 2, 3), 1),
    ] {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, size, 1);
        let label = format!("{tasks} log-test tasks on one queue at {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.06);
    }
}

#[test]
fn log_tests_under_implicit_syncpoint_run_as_in_syncpoint_over_zhyperlink() {
    // Log-test tasks on one private queue putting out of syncpoint, which the queue manager turns
    // into units of work of their own: the simulation runs them as explicit commits, the tasks a
    // write releases queueing at the lock together and the put's record forced with its commit.
    // Priced with neither, the model was 12% slow at 2 tasks and 12% fast at 9.
    for tasks in [2, 9] {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 1, 432, 1);
        sc.workload.implicit_syncpoint = true;
        let label = format!("{tasks} log-test tasks on one queue under implicit syncpoint, 432 B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, 432, (LogIoMode::Zhyperlink, 2, 3), 8, 0.10);
        assert!(model::commit::evaluate(&sc).implicit_syncpoint_applied, "{label}: implicit syncpoint applies");
    }
}

#[test]
fn private_zhyperlink_convoys_have_broken_by_ten_requesters_a_pair() {
    // Private pairs with a server each over zHyperLink: the simulated convoys break between
    // about 7 and 10 requesters a pair, whatever the message size, and both of a pair's locks
    // run 85-90% busy from there. The model's old window kept most of each convoy to 12-14 a
    // pair and was 14-21% slow in these.
    let cases = [(36, 4, 16_000, 2, 3, 4), (48, 6, 3_192, 2, 2, 8), (54, 6, 3_808, 2, 3, 8), (64, 9, 396, 2, 2, 16)];
    for (requesters, pairs, size, copies, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        let label =
            format!("{requesters} requesters on {pairs} private pairs, {size} B over zHyperLink on {cpus} CPUs");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn private_zhyperlink_convoys_on_one_processor_hold_past_what_its_mean_stretch_says() {
    // A write releases a convoy's gets together; first come, first served, they leave the one
    // processor a burst apart however long the batch queued, so they spread out at their lock
    // less than the processor's mean stretch says. Judged at the mean stretch, these convoys had
    // broken and the model was 18-20% fast (42 requesters) and 9% fast (43).
    let cases = [(42, 10, 1_390, 2, 3), (44, 10, 1_390, 2, 3), (43, 13, 3_640, 2, 2)];
    for (requesters, pairs, size, copies, stripes) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        let label = format!("{requesters} requesters on {pairs} private pairs, {size} B over zHyperLink on one CPU");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.07);
    }
}

#[test]
fn a_writes_commits_reach_a_lone_private_pairs_locks_together() {
    // In syncpoint over zHyperLink, each commit a write ends sends its task to one of the pair's
    // locks at once (a woken getter, or the next put): two thirds of the batch to the request
    // lock, a third to the reply lock, each waiting for half the others' holds. Priced as random
    // arrivals the model was 12% fast (18 requesters at 919 B) and 11% fast (12 at 7.8 KB).
    for (requesters, size, copies, stripes) in [(18, 919, 2, 4), (12, 7_777, 1, 3)] {
        let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, requesters, requesters, 1, size);
        let label = format!("{requesters} requesters on one private pair in syncpoint, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 16, 0.08);
    }
}

#[test]
fn under_implicit_syncpoint_each_force_sends_its_task_to_a_lock_half_to_each_of_the_pairs() {
    // Out of syncpoint under implicit syncpoint over zHyperLink, each of a transaction's four
    // forces sends its task to one of the pair's locks when its write ends: half of a write's
    // batch to the request lock, half to the reply lock. Priced as random arrivals, the
    // released chains all rode the next write and the model was 12-19% fast in these.
    for (requesters, pairs, size, stripes, cpus) in [(15, 1, 3_433, 2, 8), (44, 1, 751, 3, 8), (59, 2, 544, 3, 16)] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        sc.workload.implicit_syncpoint = true;
        let label = format!("{requesters} requesters on {pairs} private pairs under implicit syncpoint, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 2, stripes), cpus, 0.08);
        assert!(model::commit::evaluate(&sc).implicit_syncpoint_applied, "{label}");
    }
}

#[test]
fn a_lone_private_pairs_released_chains_wait_at_their_locks_before_the_next_write() {
    // The batch waits at the locks keep a write's released chains from the logger: fewer are
    // back within its tail for the next write, and writes of large records gather fewer commits
    // (about 11 a write here, not the 16-17 of chains counted by their processor bursts alone,
    // with which the model was 12% and 15% slow).
    for size in [32_000, 41_950] {
        let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, 19, 19, 1, size);
        let label = format!("19 requesters on one private pair in syncpoint, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 1, 4), 16, 0.07);
    }
}

#[test]
fn log_test_tasks_released_together_wait_at_their_lock_before_the_next_write() {
    // A write's log-test tasks in syncpoint reach their queue's lock together, and that wait keeps
    // them from the logger's tail: fewer ride the next write. Counted by their processor bursts
    // alone, 42 tasks on 6 queues at 371 B over zHyperLink on sixteen processors were 11% fast.
    let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, 42, 6, 371, 1);
    let label = "42 log-test tasks on 6 queues in syncpoint, 371 B over zHyperLink";
    rates_agree_on_path(label, &mut sc, 371, (LogIoMode::Zhyperlink, 2, 4), 16, 0.07);
}

#[test]
fn a_saturated_shared_pairs_chains_at_the_processors_are_those_in_their_calls() {
    // Dozens of requesters on one shared pair over two queue managers of one processor, in
    // syncpoint over zHyperLink: the pair's locks saturate and their holds, stretched by the
    // processors, bind the throughput. Counting every other contender as queued left too few
    // chains at the processors, and the fallback to all of them stretched the holds more than
    // the simulation does: the model was 11% and 10% slow in these.
    for (requesters, size, copies, stripes) in [(53, 1_613, 2, 3), (41, 677, 2, 2)] {
        let mut sc = shared_lone_pair_in_syncpoint(requesters, 2, size);
        let label = format!("{requesters} requesters on one shared pair over 2 queue managers, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.06);
    }
}

#[test]
fn a_shared_pairs_tasks_reach_its_locks_as_evenly_as_their_logs_release_them() {
    // Six requesters on one shared pair over two queue managers in syncpoint over zHyperLink:
    // each log writes about one commit at a time, and the ends of its writes, which send the
    // tasks to the pair's locks, come more evenly spaced than at random. Priced as random
    // arrivals, the model's lock waits were 103 us a transaction against the simulation's 74,
    // and its throughput 6% below the simulation's.
    let mut sc = shared_lone_pair_in_syncpoint(6, 2, 11_482);
    let label = "6 requesters on one shared pair over 2 queue managers, 11,482 B";
    rates_agree_on_path(label, &mut sc, 11_482, (LogIoMode::Zhyperlink, 1, 4), 16, 0.04);
}

#[test]
fn megabyte_gets_wait_behind_the_puts_waiting_for_room_in_the_log_buffers() {
    // Dozens of requesters on one shared pair over two queue managers, megabyte messages in
    // syncpoint: while a put waits for room the buffers stay past full, and a get appending its
    // small record meanwhile waits for the same writes, holding its lock. Priced without that
    // wait, the model was 13% fast in both (10% and 5% with it).
    let cases =
        [(58, 3_146_481, LogIoMode::Ficon, (1, 3), 8, 0.12), (36, 7_268_236, LogIoMode::Ficon, (1, 2), 2, 0.07)];
    for (requesters, size, io_mode, (copies, stripes), cpus, tolerance) in cases {
        let mut sc = shared_lone_pair_in_syncpoint(requesters, 2, size);
        let label = format!("{requesters} requesters on one shared pair over 2 queue managers, {size} B");
        rates_agree_on_long_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, tolerance);
    }
}

#[test]
fn puts_paced_through_a_shared_pairs_locks_find_the_log_buffers_with_room() {
    // 18 requesters on one shared pair over three queue managers, records of about a megabyte:
    // the puts reach each log one after another through the pair's locks, not at random, and
    // the backlog in its buffers stays short of what random arrivals would leave. Priced with
    // random arrivals, the model's puts waited 218 us for room against the simulation's 12 and
    // the model was 17% slow.
    let mut sc = shared_lone_pair_in_syncpoint(18, 3, 991_224);
    let label = "18 requesters on one shared pair over 3 queue managers, 991,224 B";
    rates_agree_on_long_path(label, &mut sc, 991_224, (LogIoMode::Zhyperlink, 1, 3), 3, 0.09);
}

#[test]
fn chains_their_logs_release_wait_their_turn_at_a_lone_processor() {
    // Persistent request/reply out of syncpoint on shared pairs, a few requesters a pair and a
    // processor an LPAR, over zHyperLink: a write's end sends its tasks to the processor, and
    // every asynchronous CF completion and wake waits there for the burst in hand, whatever its
    // own length. With the short visits stretched in proportion to themselves, the model ran
    // 13-14% above the simulation in these (2-5% served in turn).
    let cases = [(5, 8, 26_269, 1, (1, 1)), (12, 10, 35_821, 2, (1, 4)), (21, 15, 57_905, 3, (1, 3))];
    for (requesters, pairs, size, qmgrs, (copies, stripes)) in cases {
        let mut sc = persistent_out_of_syncpoint(requesters, pairs, |s| {
            s.workload.queue_type = QueueType::Shared;
            s.workload.queue_managers = qmgrs;
        });
        let label = format!("{requesters} requesters on {pairs} shared pairs over {qmgrs} queue managers, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.08);
    }
}

#[test]
fn few_tasks_a_queue_come_back_from_few_processors_one_after_another() {
    // A write over zHyperLink releases a dozen chains at once; on two or three processors they
    // come back to the logger one after another, and fewer make the next write than if each
    // came straight back. Queues of two or three tasks (whose convoy is mostly its lone holder)
    // and broken convoys are such chains: taken to come straight back, these were 12-20% fast.
    let rr = |requesters, pairs, size, copies, stripes| {
        persistent_out_of_syncpoint(requesters, pairs, |s| {
            log_path(s, size, LogIoMode::Zhyperlink, copies, stripes);
            s.system.lpar_cpus = 2;
        })
    };
    let mut log_test = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, 30, 15, 948, 1);
    log_path(&mut log_test, 948, LogIoMode::Zhyperlink, 2, 3);
    log_test.system.lpar_cpus = 3;
    let cases = [
        ("30 requesters on 13 pairs", rr(30, 13, 4471, 2, 4)),
        ("40 requesters on 4 pairs (convoys broken)", rr(40, 4, 355, 2, 2)),
        ("log test, 30 tasks on 15 queues", log_test),
    ];
    for (label, sc) in cases {
        let m = run(&sc, 17, PLAN);
        rates_agree(label, &sc, &m, 0.08);
    }
}

#[test]
fn shared_queues_calls_are_priced_at_the_cf_load_the_workload_makes() {
    // The CF model prices a call's requests at the load of the bound the reports measure. A few
    // tasks run the CF far below it, where requests are shorter and more of them stay
    // synchronous: priced at the bound's load, these were 8-13% slow.
    let cases = [
        (WorkloadKind::LogUpperBound, 4, 8, 484, LogIoMode::Zhpf, 1, 8, SyncpointMode::InSyncpoint),
        (WorkloadKind::RequestReply, 2, 8, 276, LogIoMode::Zhpf, 2, 8, SyncpointMode::OutOfSyncpoint),
    ];
    for (kind, tasks, queues, size, io_mode, qmgrs, cpus, syncpoint) in cases {
        let sc = scenario(|s| {
            s.workload.kind = kind;
            s.workload.persistence = Persistence::NonPersistent;
            s.workload.syncpoint = syncpoint;
            (s.workload.requesters, s.workload.queue_pairs) = (tasks, queues);
            s.workload.servers = if kind == WorkloadKind::RequestReply { tasks } else { tasks.min(queues) };
            log_path(s, size, io_mode, 2, 2);
            shared_over(s, qmgrs, cpus);
        });
        let label = format!("nonpersistent {kind:?}, {tasks} tasks on {queues} shared queues over {qmgrs} LPARs");
        throughput_agrees(&label, &sc, 0.05);
    }
}

#[test]
fn a_round_trip_over_two_lpars_queues_behind_the_tasks_of_both() {
    // A requester and its server are placed on queue managers apart, so a round trip's bursts
    // run on one LPAR and then on another: each LPAR's processors see the tasks placed on it,
    // not an even share of the round trips. Taken as that share (one chain an LPAR for three
    // requesters over three queue managers, so no queueing at all), these were 11-15% fast.
    for requesters in [3, 8] {
        let sc = nonpersistent_shared_request_reply(requesters, 10, 16_000, 3, 1);
        throughput_agrees(&format!("{requesters} requesters over 3 queue managers of one processor"), &sc, 0.06);
    }
}

#[test]
fn chains_crossing_between_two_lpars_wait_their_turn_at_each() {
    // 2 and 5 requesters with a server each over two queue managers of one processor: every
    // round trip crosses, and each asynchronous CF completion and wake waits for the burst
    // holding the processor while the chain's other LPAR idles. With those short visits
    // stretched in proportion to themselves the simulation ran 15% and 27% below the model. On
    // 4 pairs two of the 5 requesters share one, whose servers are on both LPARs: the other
    // three still always cross, and the simulation ran 18% below a model that left them out.
    for (requesters, pairs, size) in [(2, 10, 129_000), (5, 10, 485_000), (5, 4, 129_000)] {
        let sc = nonpersistent_shared_request_reply(requesters, pairs, size, 2, 1);
        let crossing = placement::CrossingChains::of(requesters, requesters, pairs, 2);
        assert!(!crossing.some_stay && crossing.always_crossing > 0.5, "{crossing:?}");
        let label = format!("{requesters} requesters on {pairs} pairs crossing two LPARs at {size} B");
        throughput_agrees(&label, &sc, 0.10);
    }
}

#[test]
fn many_requesters_a_shared_pair_leave_only_holders_and_the_woken_at_the_processors() {
    // Nonpersistent request/reply out of syncpoint, many requesters a shared pair over several
    // queue managers of one processor: every task but the locks' holders and the ones just woken
    // waits for a lock or a message, and each asynchronous CF completion queues behind the
    // holders' bursts. With every chain taken to be at the processors once those few could not
    // keep them as busy as they are, 53 requesters on 2 pairs at 621 B were 17% slow; with the
    // few counted but only their bursts stretched, 51 on 4 pairs at 590 KB were 15% fast.
    for (requesters, pairs, size, qmgrs) in [(53, 2, 621, 2), (51, 4, 589_765, 3)] {
        let sc = nonpersistent_shared_request_reply(requesters, pairs, size, qmgrs, 1);
        let label = format!("{requesters} requesters on {pairs} shared pairs at {size} B over {qmgrs} LPARs of one");
        throughput_agrees(&label, &sc, 0.10);
    }
}

#[test]
fn shared_queue_locks_held_through_cf_requests_wait_less_than_exponential_holds() {
    // A call on a shared queue holds the lock through its CF requests, which take nearly the
    // same time every call: the holds vary less than exponential ones, and the lock runs busier
    // with shorter waits than a closed loop of exponential holds gives. Priced as exponential,
    // these were 9-14% slow.
    for (requesters, pairs, size, cpus) in [(5, 1, 21_318, 2), (8, 1, 4_000, 2), (11, 2, 20_000, 4)] {
        let sc = nonpersistent_shared_request_reply(requesters, pairs, size, 1, cpus);
        throughput_agrees(&format!("{requesters} requesters on {pairs} shared pairs at {size} B"), &sc, 0.06);
    }
}

#[test]
fn a_put_handed_a_busy_lock_forces_behind_a_write_just_begun() {
    // Request/reply locks held across zHyperLink forces, run nearly saturated with the convoys
    // broken: a put that queued for the lock takes it as the holder's force ends and forces a
    // burst later, behind the write the logger has just begun. Its force waited about 1.6
    // writes in the simulation and a get's 1.3; priced at the average force, the model was
    // 9-11% fast in these (now within 3%).
    for (requesters, pairs, size, (copies, stripes), cpus) in
        [(18, 1, 8_222, (2, 4), 4), (60, 1, 4_144, (2, 2), 4), (53, 3, 18_932, (2, 3), 3)]
    {
        let mut sc = persistent_out_of_syncpoint(requesters, pairs, |_| {});
        let label = format!("{requesters} requesters on {pairs} private pairs at {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.05);
    }
}

#[test]
fn busy_servers_force_at_random_and_meet_the_requesters_puts_in_the_next_write() {
    // Fewer servers than requesters, the servers the bottleneck, every put holding its lock
    // across a zHyperLink force: a server waits for the locks between its forces, so they come
    // at no particular point of the writes, and its get, straight after its put's release,
    // finds a requester's put holding the request lock in the next write. Priced at the
    // requesters' average force and lock wait, the model was 16-25% fast in these (3-6% with
    // every busy server's force at random, 3-8% now that the processors serve some of them
    // within the logger's tail: see the next test).
    busy_private_servers_agree([
        (51, 11, 10, 4_652, (2, 4), 3),
        (32, 10, 6, 957, (2, 2), 3),
        (36, 14, 10, 1_732, (1, 4), 4),
    ]);
}

/// A case of [`busy_private_servers_agree`]: requesters, servers, pairs, message size, the log's
/// (copies, stripes) and processors.
type BusyServersCase = (u32, u32, u32, u32, (u32, u32), u32);

/// Fewer servers than requesters on private pairs over zHyperLink: each case's run's rates within
/// 10% of the model's.
fn busy_private_servers_agree(cases: [BusyServersCase; 3]) {
    for (requesters, servers, pairs, size, (copies, stripes), cpus) in cases {
        let mut sc = persistent_out_of_syncpoint(requesters, pairs, |s| s.workload.servers = servers);
        let label = format!("{requesters} requesters, {servers} servers on {pairs} private pairs at {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn busy_servers_on_processors_to_spare_ride_the_next_write_as_the_others_do() {
    // As above, but on eight or sixteen processors: the chains a write releases are all served
    // within the logger's tail, so a server that finds the request lock free forces into the
    // next write with the others rather than at no particular point. Priced at random whatever
    // the processors, the model was 18-20% slow in these.
    busy_private_servers_agree([
        (43, 3, 3, 346, (2, 1), 16),
        (39, 6, 6, 1_435, (2, 2), 16),
        (28, 6, 6, 1_052, (2, 2), 8),
    ]);
}

#[test]
fn shared_convoys_over_zhyperlink_hold_for_the_force_wait_their_puts_hold_the_lock() {
    // A server each on several shared pairs of one queue manager over dual zHyperLink logs: the
    // simulated convoys hold (in the first, puts and gets wait 844 and 1,012 us for their locks,
    // 3-4 puts' holds). Judged on the shorter
    // force wait of the convoys' own chains, the getters' pass outlasted a put's hold and the
    // model broke the convoys, 26-33% fast in these.
    for (requesters, pairs, size, stripes, cpus) in [(54, 6, 6_451, 4, 16), (57, 8, 2_665, 4, 2), (46, 9, 870, 3, 2)] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        shared_over(&mut sc, 1, cpus);
        let label = format!("{requesters} requesters on {pairs} shared pairs at {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 2, stripes), cpus, 0.10);
    }
}

#[test]
fn a_lone_pairs_throughput_rises_smoothly_as_its_convoy_breaks() {
    // A lone pair's convoy breaks gradually with its requesters (over FICON from about 38 to
    // 64 on one pair): its forces are one convoy's while it holds, every task's once broken.
    // Priced at the chains between, its puts held their locks for nearly the broken way's force
    // wait while they still queued as a convoy: 45 requesters ran 27% slower than the
    // simulation, and slower than the model's own 38 or 64.
    let mut rates = Vec::new();
    for requesters in [38, 45, 50, 64] {
        let sc = persistent_out_of_syncpoint(requesters, 1, |s| {
            log_path(s, 305, LogIoMode::Ficon, 1, 4);
            s.system.lpar_cpus = 4;
        });
        let m = run(&sc, 17, RunPlan { warmup_s: 0.5, run_s: 5.0, batches: 10 });
        rates_agree(&format!("FICON, {requesters} requesters on one pair"), &sc, &m, 0.10);
        rates.push(model::request_reply::evaluate(&sc).transactions_s);
    }
    assert!(rates.windows(2).all(|w| w[1] >= w[0]), "more requesters never carry fewer messages: {rates:?}");
}

#[test]
fn convoys_on_shared_queues_break_up_over_any_log_path() {
    // A get from a shared queue holds the lock through its CF requests, so on shared queues a
    // pass's gets outlast a put's hold over FICON too: the convoys break up and both locks of a
    // pair run near saturation (the model kept the convoy there and was 34-38% slow on these).
    for (qmgrs, cpus) in [(3, 1), (1, 1)] {
        let sc = persistent_out_of_syncpoint(51, 4, |s| {
            s.workload.message_size_bytes = 24_171;
            shared_over(s, qmgrs, cpus);
        });
        let m = run(&sc, 17, PLAN);
        let label = format!("shared, 51 requesters on 4 pairs over {qmgrs} LPARs");
        rates_agree(&label, &sc, &m, 0.10);
        assert!(model::commit::evaluate(&sc).lock_utilisation_pct > 75.0, "{label}: both locks busy at once");
    }
    // Four requesters a queue: the gets pass within one put's hold, and the convoy holds.
    // Departure, bounded: the simulated forces wait longer than the model's (313 us against 250
    // over a sixteen-second run, a put's 339): with one pair a queue manager or fewer the model
    // meets no other convoy's write at a log, where the simulated forces find their logger busy
    // more often than its utilisation says. The model was 9% fast and its round trip 10% short
    // over that long run; over this one its throughput went from 2% to 6% fast once the puts
    // another queue manager's write hands their lock were counted (`foreign_release_share`,
    // which request/reply over three queue managers now takes whatever its pairs a log).
    let sc = persistent_out_of_syncpoint(16, 4, |s| {
        s.workload.message_size_bytes = 24_171;
        shared_over(s, 3, 3);
    });
    let m = run(&sc, 17, RunPlan { warmup_s: 1.0, run_s: 8.0, batches: 10 });
    rates_agree("shared, 16 requesters on 4 pairs", &sc, &m, 0.12);
    assert!(model::commit::evaluate(&sc).lock_utilisation_pct < 50.0, "a convoy's lock is idle half the time");
}

#[test]
fn convoys_over_zhyperlink_rejoin_the_next_write_within_the_loggers_own_work() {
    // A write's release hands each held lock to its next holder, whose force comes after a
    // put's CPU: within the logger's own work after a synchronous write, so it joins the next
    // write. A busy logger then carries nearly every convoy in each write, and a convoy's force
    // waits about one write and that work (the model gave two writes of half the convoys: 42%
    // slow for the batch below, 22% for the log test).
    let cases = [
        (WorkloadKind::BatchPut, 42, 15, 2884, 61, 2, 4, 16),
        (WorkloadKind::LogUpperBound, 34, 10, 5142, 1, 1, 4, 8),
        (WorkloadKind::LogUpperBound, 24, 6, 2048, 1, 2, 2, 4),
    ];
    for (kind, tasks, queues, size, per_commit, copies, stripes, cpus) in cases {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, per_commit);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, copies, stripes);
        sc.system.lpar_cpus = cpus;
        let m = run(&sc, 17, PLAN);
        let label = format!("{kind:?}: {tasks} tasks on {queues} queues, {size} B, log {copies}x{stripes}");
        rates_agree(&label, &sc, &m, 0.10);
        // Departure, bounded: the model's force wait is up to 22% short (the log test's 24
        // tasks on 6 queues, whose simulated writes gather 14 KB against the model's 9 KB: more
        // forces a write than the model's one convoy a queue can bring), the round trip agreeing
        // within 10% all the same.
        let c = model::commit::evaluate(&sc);
        within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, 0.25);
    }
}

#[test]
fn the_few_lock_holders_of_a_queue_sharing_group_crowd_one_lpar_as_often_as_chance_says() {
    // Tasks of several queue managers queue for a handful of shared queue locks, and only the
    // holders run: which LPAR each holder is on is chance, so one LPAR often has two or three
    // while another idles, and a holder's bursts queue behind the others' longer than an even
    // share of the processors says (processors::spread_burst_stretch). The model with even
    // shares was 17-33% fast on these.
    let cases = [
        (WorkloadKind::BatchPut, Persistence::NonPersistent, SyncpointMode::OutOfSyncpoint, 32, 3, 78_432, 14, 2, 1),
        (WorkloadKind::BatchPut, Persistence::Persistent, SyncpointMode::InSyncpoint, 47, 5, 961, 56, 3, 1),
        (WorkloadKind::LogUpperBound, Persistence::NonPersistent, SyncpointMode::InSyncpoint, 14, 3, 2192, 1, 3, 1),
        (WorkloadKind::LogUpperBound, Persistence::NonPersistent, SyncpointMode::InSyncpoint, 41, 5, 2583, 1, 2, 2),
    ];
    for (kind, persistence, syncpoint, tasks, queues, size, per_commit, qmgrs, cpus) in cases {
        let mut sc = persistent_tasks(kind, syncpoint, tasks, queues, size, per_commit);
        sc.workload.persistence = persistence;
        shared_over(&mut sc, qmgrs, cpus);
        let m = run(&sc, 17, PLAN);
        let label = format!("{kind:?} {persistence:?}: {tasks} tasks on {queues} queues over {qmgrs} LPARs of {cpus}");
        rates_agree(&label, &sc, &m, 0.10);
    }
}

#[test]
fn lock_holders_drawn_afresh_at_each_handover_crowd_one_processor_lpars_as_a_closed_network_says() {
    // Nonpersistent log tests and batches out of syncpoint, messages offloaded to SMDS, several
    // tasks a shared queue on every queue manager of one processor: each lock passes to a task
    // on any LPAR, an LPAR that draws two holders serves both at half speed as long as they
    // stay, and each asynchronous CF completion queues behind the other's long burst. Priced
    // with the chains' even share (and its jump to all of them where the holders alone fall
    // short of the processors' busy share) these were 13-14% fast and 20% slow; now within 3%.
    // In syncpoint the commits run outside the locks on each task's own LPAR, load besides the
    // holders': left out, 61 log-test tasks on 2 queues at 137 KB were 17% slow and 32 on 7 at 673
    // KB 13% fast.
    use SyncpointMode::{InSyncpoint, OutOfSyncpoint};
    let cases = [
        (WorkloadKind::LogUpperBound, OutOfSyncpoint, 58, 12, 538_566, 1, 3),
        (WorkloadKind::BatchPut, OutOfSyncpoint, 37, 8, 611_471, 76, 3),
        (WorkloadKind::LogUpperBound, OutOfSyncpoint, 39, 2, 94_011, 1, 2),
        (WorkloadKind::LogUpperBound, InSyncpoint, 61, 2, 137_039, 1, 2),
        (WorkloadKind::LogUpperBound, InSyncpoint, 32, 7, 672_991, 1, 2),
    ];
    for (kind, syncpoint, tasks, queues, size, per_commit, qmgrs) in cases {
        let mut sc = persistent_tasks(kind, syncpoint, tasks, queues, size, per_commit);
        sc.workload.persistence = Persistence::NonPersistent;
        shared_over(&mut sc, qmgrs, 1);
        assert!(model::cf::data_offloaded(&sc));
        let label = format!(
            "{kind:?} {syncpoint:?}: {tasks} tasks on {queues} shared queues at {size} B over {qmgrs} LPARs of one"
        );
        throughput_agrees_over(&label, &sc, LONG_PLAN, 0.06);
    }
}

#[test]
fn lock_holders_are_drawn_at_random_more_of_the_way_the_more_tasks_share_a_queue() {
    // Between one task a queue, whose lock stays on its LPAR, and six or more, whose holders are
    // drawn afresh at every handover, the processors' stretch goes from the chains' spread to the
    // holders' drawn at random in proportion. Priced wholly one way or the other either side of
    // four tasks a queue, these 3.8 and 3 tasks a queue over three queue managers of one
    // processor were 12-14% model fast.
    let cases = [(WorkloadKind::LogUpperBound, 38, 10, 4_318_447, 1), (WorkloadKind::BatchPut, 9, 3, 49_332, 82)];
    for (kind, tasks, queues, size, per_commit) in cases {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, per_commit);
        sc.workload.persistence = Persistence::NonPersistent;
        shared_over(&mut sc, 3, 1);
        let label = format!("{kind:?}: {tasks} tasks on {queues} shared queues at {size} B over 3 LPARs of one");
        throughput_agrees_over(&label, &sc, LONG_PLAN, 0.06);
    }
}

#[test]
fn an_odd_count_of_tasks_over_two_lpars_is_priced_between_the_even_counts_around_it() {
    // Five tasks over two queue managers put three on one LPAR and two on the other. The spread
    // of the lock holders over the LPARs took every LPAR to hold the even share rounded (three),
    // so a lock-bound log test of five or seven tasks on one processor an LPAR came out 12% above
    // the simulation, while four, six and eight agreed within 5%.
    for tasks in [5, 7] {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, 97_521, 1);
        sc.workload.persistence = Persistence::NonPersistent;
        shared_over(&mut sc, 2, 1);
        throughput_agrees(&format!("{tasks} nonpersistent log-test tasks over two LPARs of one processor"), &sc, 0.10);
    }
}

#[test]
fn a_shared_log_of_records_past_its_buffers_idles_through_a_pairs_handoffs_unless_other_pairs_fill_them() {
    // A put of a record past the buffers holds its lock until the record is on DASD; the next
    // put through that lock logs only after a processor and its CF request, and the logger idles
    // meanwhile unless other pairs' convoys log in the gap. 44 requesters on 2 pairs over three
    // queue managers of one processor each: 13% fast taking the log to run at its ceiling. 18
    // on 10 pairs of one queue manager keep its log at 96% of it, where the idle share counted
    // whole made the model 19% slow (7% on two processors). Private queues' puts log straight
    // after their burst.
    let mut cases = Vec::new();
    for (queue_type, cpus) in [(QueueType::Shared, 1), (QueueType::Shared, 2), (QueueType::Private, 1)] {
        let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 18, 10, 5_033_753, 1);
        log_path(&mut sc, 5_033_753, LogIoMode::Zhyperlink, 2, 2);
        sc.workload.queue_type = queue_type;
        sc.system.lpar_cpus = cpus;
        cases.push((format!("18 requesters on {queue_type:?} 10 pairs at 5 MB, {cpus} processors"), sc));
    }
    let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 44, 2, 5_733_357, 1);
    log_path(&mut sc, 5_733_357, LogIoMode::Zhpf, 1, 3);
    shared_over(&mut sc, 3, 1);
    cases.push(("44 requesters on 2 shared pairs at 5.7 MB over 3 queue managers".to_string(), sc));
    for (label, sc) in cases {
        throughput_agrees_over(&label, &sc, LONG_PLAN, 0.06);
    }
}

#[test]
fn a_pair_whose_puts_both_hold_their_locks_is_two_convoys_each_logging_in_the_others_gaps() {
    // One shared pair of one queue manager on one processor, a server for each requester,
    // records of several megabytes: the requesters' convoy at the request queue logs while the
    // servers' next put is on the processor and out to the CF, and the other way about, both
    // locks about 98% busy. Dividing the log's idle share by one convoy, the model was 11% slow
    // in the first of these (17-22% in the others, as the consistency check runs them).
    let cases = [
        (46, 4_612_159, LogIoMode::Ficon, 2, 3),
        (24, 6_401_026, LogIoMode::Ficon, 2, 3),
        (18, 4_139_642, LogIoMode::Zhyperlink, 2, 2),
    ];
    for (requesters, size, io_mode, copies, stripes) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, 1, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        shared_over(&mut sc, 1, 1);
        let label = format!("{requesters} requesters on one shared pair at {size} B over {io_mode:?}");
        throughput_agrees_over(&label, &sc, LONG_PLAN, 0.10);
    }
}

#[test]
fn lone_tasks_released_together_by_room_in_a_shared_log_leave_it_idle_while_they_pass_the_processor() {
    // About a requester a pair and records of several writes: puts and gets wait for room, the
    // write that makes it releases them together, and on one processor they queue behind each
    // other while the log idles (83% of its ceiling with 8 requesters on 9 pairs, where the
    // model took it full and was 20% fast). A second requester on the pairs' locks queues them
    // there instead, and the log runs full.
    for requesters in [8, 12] {
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, 9, 2_680_637, 1);
        log_path(&mut sc, 2_680_637, LogIoMode::Zhyperlink, 2, 4);
        shared_over(&mut sc, 1, 1);
        let label = format!("{requesters} requesters on 9 shared pairs at 2.7 MB");
        throughput_agrees_over(&label, &sc, LONG_PLAN, 0.06);
    }
}

#[test]
fn a_logger_writes_no_more_often_than_its_cycle_allows() {
    // Many committers with short gaps come back faster than the logger can write: the returns
    // alone counted 21,867 writes a second of 50 us and a tail for 44 requesters with 12 servers
    // in syncpoint (the simulation 14,709, back to back), and 32 requesters with 6 servers on 6
    // shared pairs, the servers the bound, came out 24% fast. (The first's throughput is still
    // well above the simulation's: its saturated servers' forces wait longer than the others'.)
    let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, 44, 12, 6, 410);
    log_path(&mut sc, 410, LogIoMode::Zhyperlink, 2, 1);
    sc.system.lpar_cpus = 16;
    let c = model::commit::evaluate(&sc);
    assert!(
        c.forced_writes_per_s * c.forced_write_us <= 1.0e6,
        "{} writes a second of {} us",
        c.forced_writes_per_s,
        c.forced_write_us
    );
    let m = run(&sc, 17, PLAN);
    forced_writes_agree("44 requesters with 12 servers in syncpoint at 410 B", &sc, &m, 0.10);

    let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, 32, 6, 6, 7211);
    log_path(&mut sc, 7211, LogIoMode::Zhyperlink, 2, 3);
    shared_over(&mut sc, 1, 2);
    throughput_agrees("32 requesters with 6 servers on shared pairs in syncpoint at 7.2 KB", &sc, 0.10);
}

#[test]
fn a_log_test_put_holds_its_queue_for_its_own_large_record_not_the_average_force() {
    // Out of syncpoint the log test's put forces its message's record and its get a small one;
    // the put holds the queue's lock for its own write, about twice the average of the two. On
    // shared queues over several LPARs each log sees few of the forces, so the lock, not the
    // log, binds, and pricing the hold at the average force left the model 37-41% fast.
    let cases = [(1_563_696, LogIoMode::Ficon, 2, 1, 3, 4), (4_239_243, LogIoMode::Zhpf, 2, 2, 2, 2)];
    for (size, io_mode, copies, stripes, qmgrs, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, 14, 1, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        shared_over(&mut sc, qmgrs, cpus);
        let m = run(&sc, 17, PLAN);
        rates_agree(&format!("14 tasks on a shared queue over {qmgrs} LPARs, {size} B"), &sc, &m, 0.10);
    }
}

#[test]
fn a_put_that_finds_the_log_buffers_full_waits_for_room_holding_its_queue() {
    // In syncpoint the lock is not held across the force, but a put whose large record would
    // overfill the log output buffers waits for the logger there, lock in hand. With the puts of
    // a few busy queues landing at random on each queue manager's log, the buffers fill often
    // enough to lengthen the holds by a quarter: without that wait the model was 17% fast on the
    // first.
    //
    // The second is a departure: its two queues' lock holders, placed over the two LPARs by
    // chance, share one log half the time and overfill its buffers together, and the gets'
    // small records wait behind the excess too (simulated get holds 629 us against 415 with
    // each queue on an LPAR of its own). The model's room wait takes each log's puts at their
    // average rate and no get waits for room: it is 14-17% fast there and its round trip 17-19%
    // short (over 8 s runs of three seeds; 5% when the simulation confined each queue to one
    // LPAR).
    let cases = [(1, 1_600_968, 2, 3, 16, 0.10), (2, 2_527_765, 4, 2, 8, 0.21)];
    for (queues, size, stripes, qmgrs, cpus, tolerance) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, 57, queues, size, 1);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, 1, stripes);
        shared_over(&mut sc, qmgrs, cpus);
        // The holders' chance meetings come and go slowly: a two-second run's throughput is
        // good to only 12% here.
        let m = run(&sc, 17, RunPlan { warmup_s: 0.5, run_s: 8.0, batches: 10 });
        rates_agree(&format!("57 tasks on {queues} shared queues over {qmgrs} LPARs, {size} B"), &sc, &m, tolerance);
    }
}

#[test]
fn no_more_chains_rejoin_the_loggers_tail_than_the_processors_can_serve_in_it() {
    // Requesters about one a pair over zHyperLink on two processors: a synchronous write
    // releases several forces at once, and only as many come back within the logger's own work
    // after it as the processors can serve there. Taken to come back after their gaps alone,
    // 80% of them rode the next write in the model, its writes gathered more forces than the
    // simulation's and it was 10-18% fast.
    let cases = [(14, 11, 4_973, 2, 3), (20, 16, 2_000, 1, 3), (9, 8, 500, 1, 3)];
    for (requesters, pairs, size, copies, stripes) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, pairs, size, 1);
        let label = format!("{requesters} requesters on {pairs} pairs, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 2, 0.10);
    }
}

#[test]
fn requesters_that_find_a_server_free_rejoin_the_loggers_tail_as_with_a_server_each() {
    // Fewer servers than requesters over zHyperLink, private queues: only the requests that
    // wait for a busy server hold their requesters apart from the next write; the others come
    // back from the processors as with a server each. Left unbounded from the first server
    // fewer, 42 requesters with 41 servers were 13% fast where 42 servers are within 3%, and
    // 27 with 17 on 13 pairs 20% fast.
    let cases = [(27, 17, 13, 2_586, 2, 3, 3), (33, 18, 10, 523, 2, 4, 2), (42, 41, 5, 509, 1, 4, 3)];
    for (requesters, servers, pairs, size, copies, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, servers, pairs, size);
        let label = format!("{requesters} requesters with {servers} servers on {pairs} pairs, {size} B on {cpus} CPUs");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_lone_pairs_convoy_with_fewer_servers_runs_as_two_one_at_each_lock() {
    // One private pair out of syncpoint with fewer servers than requesters: the simulation keeps
    // both locks busy at once, about half the requesters in the convoy at each, and flat over
    // the servers. Counting every requester the busy servers do not pace, the model waited for
    // convoys up to 34 long at locks 48-87% busy and dipped: 17-25% slow in these three.
    let cases = [
        (44, 27, 396, LogIoMode::Zhpf, 2, 2, 2),
        (8, 6, 26_091, LogIoMode::Zhpf, 1, 3, 16),
        (24, 14, 2_000, LogIoMode::Ficon, 1, 3, 4),
    ];
    for (requesters, servers, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, servers, 1, size);
        let label = format!("{requesters} requesters with {servers} servers on one pair, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_lone_pairs_puts_take_turns_at_a_logger_without_a_tail_each_in_a_write_of_its_own() {
    // One private pair out of syncpoint, a server for each requester, tens of kilobytes a
    // message over FICON and zHPF: the two queues' convoys force side by side and their puts
    // take turns at the logger, which writes back to back, about two writes a transaction.
    // Priced as one convoy through both queues in series with writes of one force, the model
    // went past the logger's time for those writes and was 18-20% fast in these.
    let cases = [
        (20, 87_292, LogIoMode::Ficon, 2, 1, 1),
        (20, 128_000, LogIoMode::Ficon, 1, 1, 1),
        (16, 127_602, LogIoMode::Zhpf, 1, 1, 16),
    ];
    for (requesters, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, 1, size);
        let label = format!("{requesters} requesters with a server each on one pair, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.07);
    }
}

#[test]
fn the_processors_bound_on_a_private_pairs_returns_fades_with_its_requesters() {
    // Private pairs out of syncpoint over zHyperLink, a server for each requester, three or
    // four requesters a pair: the simulated throughput rises smoothly with the requesters, where
    // a bound on the chains back within the logger's tail, switched at three a pair, made the
    // model 8% slow on the one side (30 on 10 pairs) and 13% fast on the other (46 and 60 on
    // 15).
    let cases = [(30, 10, 315, (1, 1), 3), (46, 15, 1_362, (2, 4), 2), (60, 15, 1_362, (2, 4), 2)];
    for (requesters, pairs, size, (copies, stripes), cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        let label = format!("{requesters} requesters with a server each on {pairs} private pairs, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.06);
    }
}

#[test]
fn private_log_tests_fade_the_processors_bound_on_their_returns_in_too() {
    // Log tests out of syncpoint on private queues over zHyperLink, three or four tasks a
    // queue, on two processors: with the bound on the chains back within the logger's tail
    // left out below a third of the chains forcing on their own, the model was 15% fast in both
    // (now 4% and 6% slow).
    let cases = [(44, 12, 3_554, (2, 4)), (50, 16, 380, (2, 3))];
    for (tasks, queues, size, (copies, stripes)) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
        let label = format!("log test, {tasks} tasks on {queues} private queues, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 2, 0.07);
    }
}

#[test]
fn a_wake_on_one_processor_waits_for_the_put_its_partners_write_released() {
    // Two requesters, each with a private pair of its own, out of syncpoint on one processor,
    // records past a full write: the write that carries a put's remainder frees a get's owner
    // too, whose next put's burst holds the processor as the put's partner wakes. Pricing the
    // wake at its own burst only, the model was 13% and 17% fast in these; with the wait but
    // the forces at the streaming logger's average, the first was still 8% fast (the chains
    // force in step: the put its own record's writes, the partner's get behind them). The
    // last two the model prices as gathered writes too, and without the wait there they were
    // 6.6% and 10.5% fast.
    let cases = [
        (2_188_346, LogIoMode::Ficon, (1, 4), 0.04),
        (936_015, LogIoMode::Zhyperlink, (1, 3), 0.05),
        (3_688_876, LogIoMode::Zhyperlink, (1, 2), 0.05),
    ];
    for (size, io_mode, (copies, stripes), tolerance) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 2, 2, 2, size);
        let label = format!("2 requesters on their own private pairs, {size} B over {io_mode:?} on one processor");
        rates_agree_on_long_path(&label, &mut sc, size, (io_mode, copies, stripes), 1, tolerance);
    }
}

#[test]
fn a_log_tests_put_on_one_processor_waits_for_the_get_its_write_released() {
    // Two log-test tasks, each on a private queue of its own, out of syncpoint on one
    // processor, records past a full write: the write that carries one task's remainder frees
    // it for its get and the other task for its next put, which waits for that get's burst.
    // Pricing the put at its own stretched burst, the model was 10% fast in both.
    let cases = [(2_984_197, (1, 2)), (1_092_098, (1, 3))];
    for (size, (copies, stripes)) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, 2, 2, size, 1);
        let label = format!("log test, 2 tasks on their own private queues, {size} B on one processor");
        rates_agree_on_long_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.06);
    }
}

#[test]
fn busy_servers_hold_the_requesters_beyond_their_count_out_of_a_long_convoy() {
    // Private pairs out of syncpoint with about three quarters as many servers as requesters,
    // a dozen or more requesters a pair: the simulated lock waits count about as many in each
    // convoy as there are servers, though the servers idle a third of the time. Holding the
    // extra requesters out only as often as the servers are busy, the model counted 13 of 16 a
    // pair in the convoy and was 17-19% slow in these.
    let cases = [(48, 36, 715, LogIoMode::Zhpf, 1, 2, 3), (35, 25, 986, LogIoMode::Ficon, 1, 4, 2)];
    for (requesters, servers, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, servers, 3, size);
        let label = format!("{requesters} requesters with {servers} servers on 3 pairs, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn shared_pairs_over_several_queue_managers_break_their_convoys_gradually() {
    // Shared pairs over two or three queue managers, logging over FICON or zHPF, out of
    // syncpoint: the simulated throughput rises smoothly with the requesters as the convoys
    // break. With the shared queues' narrow window the model broke them whole between 40 and 58
    // requesters on 4 pairs and was 21% fast in the first of these, 18% slow in the second.
    let cases = [(58, 4, 9_454, LogIoMode::Ficon, (1, 2), 8, 2), (33, 5, 1_548, LogIoMode::Zhpf, (2, 4), 1, 3)];
    for (requesters, pairs, size, io_mode, (copies, stripes), cpus, qmgrs) in cases {
        let mut sc = shared_pairs_out_of_syncpoint(requesters, pairs, qmgrs, size);
        let label = format!(
            "{requesters} requesters on {pairs} shared pairs over {qmgrs} queue managers, {size} B over {io_mode:?}"
        );
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn held_puts_of_megabyte_log_tests_on_several_shared_queues_leave_the_logs_idle() {
    // Log tests out of syncpoint on several shared queues over two queue managers, records past
    // the log buffers: each put holds its queue's lock across its wait for room and its force,
    // and the holders' queue managers fall at random, so a log can be left with none. Counting
    // no such idling for held puts, the model was 24% fast in the first of these and 22% in the
    // second.
    let cases = [(39, 4, 7_562_016, LogIoMode::Zhpf, (2, 3), 4), (45, 5, 5_962_588, LogIoMode::Zhyperlink, (1, 2), 3)];
    for (tasks, queues, size, io_mode, (copies, stripes), cpus) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
        sc.workload.queue_type = QueueType::Shared;
        sc.workload.queue_managers = 2;
        let label = format!("{tasks} log-test tasks on {queues} shared queues over 2 queue managers, {size} B");
        rates_agree_on_long_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_few_log_test_tasks_alone_on_shared_queues_leave_each_log_idle_as_on_private_ones() {
    // Four log-test tasks in syncpoint, each alone on its shared queue, over two queue managers
    // of one processor: each log has two tasks, and while one task's burst runs the other's
    // record may not be ready, as on a private log of two. Counting all four tasks as one log's,
    // the model's throughput was 15%, 15% and 18% above the simulation's in these; counted per
    // log, within 5%.
    for (size, io_mode) in
        [(1_500_000, LogIoMode::Ficon), (3_000_000, LogIoMode::Ficon), (1_500_000, LogIoMode::Zhyperlink)]
    {
        log_test_tasks_alone_on_shared_queues_agree(4, size, io_mode);
    }
}

#[test]
fn shared_log_test_tasks_back_from_the_cf_queue_for_the_processor_off_the_log() {
    // Six log-test tasks in syncpoint, each alone on its shared queue, over two queue managers
    // of one processor, records of 1.5-3 MB: each put's and get's asynchronous CF request sends
    // its task back to the processor's queue behind another task's burst of a millisecond or
    // so before its record reaches the log. Counting only the tasks' CPU as their time off the
    // log, the model's throughput was 10-11% above the simulation's in these.
    for (size, io_mode) in [(1_500_000, LogIoMode::Zhyperlink), (3_000_000, LogIoMode::Zhpf)] {
        log_test_tasks_alone_on_shared_queues_agree(6, size, io_mode);
    }
}

/// `tasks` log-test tasks in syncpoint, each alone on one of 16 shared queues over two queue
/// managers of one processor, records of `size` bytes over `io_mode` (one copy, four stripes):
/// the simulation's rates within 10% of the model's.
fn log_test_tasks_alone_on_shared_queues_agree(tasks: u32, size: u32, io_mode: LogIoMode) {
    let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 16, size, 1);
    sc.workload.queue_type = QueueType::Shared;
    sc.workload.queue_managers = 2;
    let label =
        format!("{tasks} log-test tasks alone on shared queues over 2 queue managers, {size} B over {io_mode:?}");
    rates_agree_on_long_path(&label, &mut sc, size, (io_mode, 1, 4), 1, 0.10);
}

#[test]
fn a_few_request_reply_chains_alone_on_their_pairs_leave_the_log_idle_as_log_test_tasks_do() {
    // Two or five requesters in syncpoint, each with a pair and a server of its own, megabyte
    // messages on one processor: a chain's next record reaches the log only after a put's burst,
    // and while every chain is in one the log idles, as it does for a few log-test tasks. Pricing
    // the log at its ceiling, the model's throughput was 15%, 11% and 18% above the simulation's
    // in these (shared on one queue manager, private, shared over two).
    let cases = [
        (2, 14, 4_417_700, (LogIoMode::Zhpf, 1, 2), Some(1)),
        (2, 14, 4_417_700, (LogIoMode::Zhpf, 1, 2), None),
        (5, 14, 1_202_395, (LogIoMode::Zhyperlink, 1, 4), Some(2)),
    ];
    for (requesters, pairs, size, path, shared_qmgrs) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, requesters, requesters, pairs, size);
        if let Some(qmgrs) = shared_qmgrs {
            sc.workload.queue_type = QueueType::Shared;
            sc.workload.queue_managers = qmgrs;
        }
        let label =
            format!("{requesters} requesters on {pairs} pairs ({shared_qmgrs:?} shared queue managers), {size} B");
        rates_agree_on_long_path(&label, &mut sc, size, path, 1, 0.10);
    }
}

/// Request/reply out of syncpoint with a server for each of `requesters` on `pairs` shared pairs
/// over `qmgrs` queue managers, messages of `size` bytes.
fn shared_pairs_out_of_syncpoint(requesters: u32, pairs: u32, qmgrs: u32, size: u32) -> Scenario {
    let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
    sc.workload.queue_type = QueueType::Shared;
    sc.workload.queue_managers = qmgrs;
    sc
}

/// [`shared_pairs_out_of_syncpoint`] for one pair over three queue managers.
fn lone_shared_pair_over_three_qmgrs(requesters: u32, size: u32) -> Scenario {
    shared_pairs_out_of_syncpoint(requesters, 1, 3, size)
}

#[test]
fn a_lone_shared_pairs_locks_come_from_the_other_queue_managers_writes() {
    // One shared pair over three queue managers, out of syncpoint, small records: each lock is
    // mostly handed on as another queue manager's write ends, so the new holder's force finds its
    // own log part way through a write, not at the start of one. Priced as handed on at its own
    // logger's release, the model was 10-12% slow in these.
    let cases = [(24, 665, LogIoMode::Ficon, 2, 2), (16, 4_000, LogIoMode::Zhpf, 2, 2)];
    for (requesters, size, io_mode, copies, stripes) in cases {
        let mut sc = lone_shared_pair_over_three_qmgrs(requesters, size);
        let label =
            format!("{requesters} requesters on one shared pair over 3 queue managers, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), 16, 0.10);
    }
}

#[test]
fn a_lone_shared_pairs_convoy_over_ficon_breaks_by_nine_requesters() {
    // One shared pair over three queue managers, out of syncpoint, small records over FICON: the
    // simulated convoy breaks between 8 and 9 requesters and both locks run about 90% busy. With
    // the shared queues' window the model kept the convoy past 10 and was 48% slow at 9 (20% at
    // 11 on a 2x2 log).
    let cases = [(9, 956, (1, 2), 1), (11, 665, (2, 2), 16)];
    for (requesters, size, (copies, stripes), cpus) in cases {
        let mut sc = lone_shared_pair_over_three_qmgrs(requesters, size);
        let label = format!("{requesters} requesters on one shared pair over 3 queue managers, {size} B over FICON");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Ficon, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_lone_shared_pairs_offloaded_puts_force_halfway_to_their_own_records() {
    // One shared pair over three queue managers out of syncpoint, messages offloaded to SMDS:
    // a put holds its lock across a force that waits longer than a get's (its record is the
    // large one). Priced at the average of the two, the model let the locks go too soon and was
    // 15% fast in both of these.
    let cases = [(40, 77_000, 2, 4, 4), (22, 322_000, 2, 3, 2)];
    for (requesters, size, copies, stripes, cpus) in cases {
        let mut sc = lone_shared_pair_over_three_qmgrs(requesters, size);
        let label =
            format!("{requesters} requesters on one shared pair over 3 queue managers, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_batch_convoy_on_one_queue_manager_forces_as_one_task_on_its_queue_would() {
    // Batches out of syncpoint, each put holding its queue's lock across its force: the lock
    // passes to the next putter, which does what the holder itself would have done next, so the
    // simulation runs any number of tasks from one a queue up at the same rate. Priced as lock
    // handoffs, 16 or more tasks on 8 shared queues were 16% slow, though 8 were within 3%.
    let at = |tasks: u32| {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, tasks, 8, 36_000, 86);
        sc.workload.queue_type = QueueType::Shared;
        log_path(&mut sc, 36_000, LogIoMode::Zhyperlink, 1, 4);
        sc.system.lpar_cpus = 16;
        sc
    };
    let one_a_queue = model::request_reply::evaluate(&at(8)).transactions_s;
    for tasks in [16, 35] {
        let mut sc = at(tasks);
        let model_tps = model::request_reply::evaluate(&sc).transactions_s;
        assert!((model_tps / one_a_queue - 1.0).abs() < 1.0e-6, "{tasks} tasks: {model_tps} against {one_a_queue}");
        let label = format!("{tasks} batch tasks on 8 shared queues at 36 KB over zHyperLink");
        rates_agree_on_long_path(&label, &mut sc, 36_000, (LogIoMode::Zhyperlink, 1, 4), 16, 0.10);
    }
}

#[test]
fn two_or_three_round_trips_on_a_lone_pair_run_apart_one_at_each_lock() {
    // One pair out of syncpoint with a server for each of a few requesters: the round trips
    // settle apart, one's request put while another's reply is, so each lock mostly has one
    // user and the puts force together. Priced as one convoy through both locks, the model was
    // 14-16% slow in these.
    let cases = [
        (2, 300_000, LogIoMode::Ficon, QueueType::Private),
        (2, 32_000, LogIoMode::Zhpf, QueueType::Private),
        (3, 100_000, LogIoMode::Zhyperlink, QueueType::Shared),
    ];
    for (requesters, size, io_mode, queue_type) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, 1, size);
        sc.workload.queue_type = queue_type;
        let label =
            format!("{requesters} requesters with a server each on one {queue_type:?} pair, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 2, 2), 4, 0.10);
    }
}

#[test]
fn a_few_requesters_over_several_queue_managers_force_offloaded_messages_as_their_own_records() {
    // A lone shared pair out of syncpoint over two or three queue managers, messages offloaded
    // to SMDS: each log takes the forces of the one or two tasks on its queue manager, seldom
    // two in a write, so a put waits for its own large record's write and a get for its small
    // one's. Priced at the average of the two, the model was 14-22% fast in these.
    for (requesters, qmgrs, io_mode) in [(2, 2, LogIoMode::Ficon), (3, 3, LogIoMode::Zhpf), (4, 3, LogIoMode::Ficon)] {
        offloaded_shared_pairs_agree(requesters, 1, qmgrs, io_mode, 4);
    }
}

#[test]
fn roaming_convoys_of_offloaded_messages_meet_at_each_log() {
    // Shared pairs out of syncpoint over as many queue managers or a few more, messages
    // offloaded to SMDS: each pair's convoy forces on whichever queue manager its lock holder
    // runs, and now and then two convoys force on one log. Counted as one convoy a log, forcing
    // at a lone write's time, the model was 12-16% fast in these.
    let cases = [(4, 3, 3, LogIoMode::Ficon), (4, 3, 3, LogIoMode::Zhpf), (3, 2, 2, LogIoMode::Ficon)];
    for (requesters, pairs, qmgrs, io_mode) in cases {
        offloaded_shared_pairs_agree(requesters, pairs, qmgrs, io_mode, 4);
    }
}

#[test]
fn convoys_of_shared_pairs_as_many_as_queue_managers_meet_at_each_log() {
    // Shared pairs out of syncpoint, messages kept in the CF, as many pairs as queue managers:
    // each pair's convoy forces on whichever queue manager its lock holder runs, so a put's
    // force now and then finds another convoy's write under way. Counted as one convoy a log,
    // each force a lone write, the model was 14-22% fast in these.
    let cases = [(12, 2, 1_000, LogIoMode::Ficon), (6, 3, 1_000, LogIoMode::Ficon), (12, 3, 8_000, LogIoMode::Zhpf)];
    for (requesters, pairs, size, io_mode) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        shared_over(&mut sc, pairs, 4);
        assert!(!model::cf::data_offloaded(&sc));
        let label =
            format!("{requesters} requesters on {pairs} shared pairs over as many QMs, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 1, 2), 4, 0.10);
    }
}

#[test]
fn log_tests_on_shared_queues_over_several_queue_managers_meet_half_the_other_convoys() {
    // Log-test tasks out of syncpoint on shared queues, no more queues than queue managers,
    // records well below the write threshold: each queue's convoy forces on whichever queue
    // manager its lock holder runs. Counted as meeting every other convoy one time in `qmgrs`
    // at each log, the model's forces and lock waits were too long and it was 12-17% slow in
    // these.
    let cases = [(12, 3, 3, LogIoMode::Ficon), (24, 3, 3, LogIoMode::Zhpf), (12, 2, 2, LogIoMode::Zhpf)];
    for (tasks, queues, qmgrs, io_mode) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, queues, 1_000, 1);
        sc.workload.implicit_syncpoint = false;
        shared_over(&mut sc, qmgrs, 4);
        let label =
            format!("{tasks} log-test tasks on {queues} shared queues over {qmgrs} QMs, 1000 B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, 1_000, (io_mode, 1, 2), 4, 0.10);
    }
}

#[test]
fn log_tests_on_four_shared_queues_over_three_queue_managers_meet_half_the_other_convoys_too() {
    // As above with one queue more than queue managers: counted at the even share of the four
    // convoys, 4/3 a log, the model's forces waited too little and it was 12% fast in these.
    for (tasks, io_mode) in [(9, LogIoMode::Ficon), (8, LogIoMode::Zhpf)] {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 4, 1_000, 1);
        sc.workload.implicit_syncpoint = false;
        shared_over(&mut sc, 3, 4);
        let label = format!("{tasks} log-test tasks on 4 shared queues over 3 QMs, 1000 B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, 1_000, (io_mode, 1, 2), 4, 0.10);
    }
}

#[test]
fn two_batch_tasks_on_queues_of_their_own_take_turns_at_the_log() {
    // Two tasks in syncpoint, 39 puts a commit, each on queues of its own over one zHPF stripe:
    // while one commit is written the other task puts, and the log never idles. Priced as one
    // group (510 B on four processors, and on one) or as arrivals at random (100 B on one, where
    // a put phase often outlasts the other's write and shares the processor with it), the model
    // was 39%, 82% and 28% slow. At 1,000 B the pair's records pass the write threshold early in
    // a shared put phase and the two keep in step, as one group prices them.
    let cases = [(510, 4, 0.05), (510, 1, 0.05), (100, 1, 0.08), (1_000, 4, 0.05)];
    for (size, cpus, tolerance) in cases {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 2, 13, size, 39);
        let label = format!("2 batch tasks on queues of their own, {size} B x 39 on {cpus} processors");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhpf, 1, 1), cpus, tolerance);
    }
}

#[test]
fn batch_tasks_taking_turns_at_a_lock_with_a_put_or_two_a_commit_form_no_group() {
    // Many tasks on one or two queues, one or two puts a commit: the lock's turns set the put
    // phase, but the tasks' commits come spread over it and the logger writes them as they come.
    // Priced as one group moving in step, the model was 35% and 45% slow in these.
    let cases = [(36, 1, 313, 1, (2, 3)), (50, 2, 596, 2, (1, 4))];
    for (tasks, queues, size, per_commit, (copies, stripes)) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, tasks, queues, size, per_commit);
        let label = format!("{tasks} batch tasks on {queues} queues, {size} B x {per_commit}");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhpf, copies, stripes), 8, 0.06);
    }
}

#[test]
fn an_implicit_put_alone_on_its_log_pays_the_commits_write_while_others_stream() {
    // Three requesters with two servers on two shared pairs over two queue managers, out of
    // syncpoint under implicit syncpoint, 1.9 MB records over zHPF: one queue manager logs for a
    // requester alone. Priced as if every task streamed with company, a record's writes for each
    // commit, the model was 11% slow.
    let size = 1_925_544;
    let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 3, 2, 2, size);
    sc.workload.implicit_syncpoint = true;
    shared_over(&mut sc, 2, 8);
    let label = "3 requesters with 2 servers on 2 shared pairs over 2 QMs, implicit, 1.9 MB";
    rates_agree_on_long_path(label, &mut sc, size, (LogIoMode::Zhpf, 1, 4), 8, 0.07);
}

#[test]
fn a_logger_with_writes_of_forces_waiting_never_idles() {
    // Request/reply out of syncpoint, many requesters on a few servers, messages of 26-62 KB:
    // the logger writes back to back, each write carrying what came during the one before. The
    // model's chains, coming back at random, gathered more a write than came during one (a
    // logger idle part of each cycle with two writes' worth of forces waiting) and were 10-14%
    // slow in these.
    let cases = [
        (48, 16, 9, 62_437, (LogIoMode::Ficon, 1, 2), 1),
        (52, 26, 8, 26_322, (LogIoMode::Ficon, 2, 1), 8),
        (48, 9, 5, 50_140, (LogIoMode::Zhpf, 1, 2), 2),
    ];
    for (requesters, servers, pairs, size, path, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, servers, pairs, size);
        let label =
            format!("{requesters} requesters with {servers} servers on {pairs} pairs, {size} B over {:?}", path.0);
        rates_agree_on_path(&label, &mut sc, size, path, cpus, 0.06);
    }
}

#[test]
fn forces_that_fill_a_write_each_cycle_run_the_log_at_its_ceiling() {
    // Out of syncpoint on one queue manager, records of 36-84 KB: the forces that come while one
    // write is made fill the next, and the simulated logger writes full writes back to back, at
    // the log's byte ceiling. Held off it by the wall that stands for a queue's growth near the
    // ceiling, the model was 5.9-8.2% slow in these.
    let cases = [
        (WorkloadKind::BatchPut, 31, 11, 36_815, 9, true, (LogIoMode::Ficon, 1, 4), 16),
        (WorkloadKind::BatchPut, 26, 14, 83_470, 98, false, (LogIoMode::Ficon, 2, 4), 4),
        (WorkloadKind::RequestReply, 50, 9, 37_239, 1, true, (LogIoMode::Zhyperlink, 2, 1), 2),
    ];
    for (kind, tasks, queues, size, per_commit, implicit, path, cpus) in cases {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, per_commit);
        sc.workload.implicit_syncpoint = implicit;
        let label = format!("{kind:?}, {tasks} tasks on {queues} queues, {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.04);
    }
}

#[test]
fn batches_on_four_shared_queues_over_three_queue_managers_meet_half_the_other_convoys() {
    // Batch tasks out of syncpoint on one queue more than queue managers. Counted at the even
    // share of the four convoys, 4/3 a log, the model was 6.9-8.7% fast in these; at half the
    // chance meetings (1.5) within 1%.
    let cases = [
        (46, 261, 87, LogIoMode::Zhpf, 1, 2, 4),
        (64, 1_088, 4, LogIoMode::Ficon, 1, 4, 8),
        (15, 24_557, 38, LogIoMode::Ficon, 2, 4, 1),
    ];
    for (tasks, size, per_commit, io_mode, copies, stripes, cpus) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, tasks, 4, size, per_commit);
        shared_over(&mut sc, 3, cpus);
        let label =
            format!("{tasks} batch tasks on 4 shared queues over 3 QMs, {size} B x {per_commit} over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.05);
    }
}

#[test]
fn many_log_test_tasks_on_a_few_shared_queues_leave_logs_without_a_lock_holder_to_feed_them() {
    // Megabyte records on two or three shared queues over several queue managers, many tasks a
    // queue: the puts wait for room holding their locks, the holders' queue managers fall at
    // random, and a log with none of them idles. At the even share of the logs the model was
    // 13-22% fast in these.
    let cases = [
        (40, 3, 2_533_841, SyncpointMode::InSyncpoint, (LogIoMode::Ficon, 1, 4), 3, 2),
        (57, 2, 2_527_765, SyncpointMode::InSyncpoint, (LogIoMode::Zhyperlink, 1, 4), 8, 2),
        (53, 2, 829_052, SyncpointMode::OutOfSyncpoint, (LogIoMode::Zhpf, 1, 4), 4, 3),
    ];
    for (tasks, queues, size, syncpoint, path, cpus, qmgrs) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, syncpoint, tasks, queues, size, 1);
        sc.workload.implicit_syncpoint = true;
        shared_over(&mut sc, qmgrs, cpus);
        let label =
            format!("{tasks} log-test tasks on {queues} shared queues over {qmgrs} QMs, {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.08);
    }
}

#[test]
fn request_reply_convoys_roaming_over_queue_managers_leave_a_log_without_a_holder() {
    // Requesters with a server each on two or three shared pairs out of syncpoint, records of
    // 0.7-3 MB: both of a pair's locks are held across their forces, the holders fall over the
    // queue managers at random, and a log with none of them idles. With the convoys' chance
    // meetings alone the model was 11.8-14.9% fast in these (1.8-4.1% with the idling).
    let cases = [
        (64, 2, 700_000, (LogIoMode::Zhpf, 1, 1), 16, 2),
        (49, 2, 2_000_000, (LogIoMode::Ficon, 1, 1), 2, 3),
        (64, 3, 3_000_000, (LogIoMode::Zhyperlink, 1, 1), 4, 2),
    ];
    for (requesters, pairs, size, path, cpus, qmgrs) in cases {
        roaming_pairs_agree((requesters, requesters), (pairs, qmgrs), false, size, path, cpus);
    }
}

#[test]
fn request_reply_puts_waiting_for_room_under_implicit_syncpoint_roam_as_convoys() {
    // The same under implicit syncpoint, records of 3.4-6.9 MB: a put whose record finds too
    // little room in the log buffers waits for it holding its pair's lock, and the holders roam.
    // With the convoys' chance meetings alone the model was 7.9-11.5% fast in these (2.8-4.2%
    // with the idling).
    let cases = [
        (63, 63, 6_894_711, (LogIoMode::Zhpf, 2, 1), 4),
        (48, 37, 3_421_403, (LogIoMode::Ficon, 2, 2), 3),
        (62, 62, 6_502_320, (LogIoMode::Zhpf, 1, 1), 2),
    ];
    for (requesters, servers, size, path, cpus) in cases {
        roaming_pairs_agree((requesters, servers), (2, 2), true, size, path, cpus);
    }
}

/// Persistent request/reply out of syncpoint, `requesters` and `servers` on `pairs` shared pairs
/// over `qmgrs` queue managers of `cpus` processors, under implicit syncpoint or not, messages of
/// `size` bytes over `path`: the run's rates within 5% of the model's over [`LONG_PLAN`].
fn roaming_pairs_agree(
    (requesters, servers): (u32, u32),
    (pairs, qmgrs): (u32, u32),
    implicit: bool,
    size: u32,
    path: (LogIoMode, u32, u32),
    cpus: u32,
) {
    let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, servers, pairs, size);
    sc.workload.implicit_syncpoint = implicit;
    shared_over(&mut sc, qmgrs, cpus);
    let label = format!(
        "{requesters} requesters, {servers} servers on {pairs} shared pairs over {qmgrs} QMs (implicit {implicit}), \
         {size} B over {:?}",
        path.0
    );
    rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.05);
}

#[test]
fn log_tests_on_one_shared_queue_over_zhyperlink_keep_few_tasks_at_one_processor_an_lpar() {
    // One shared queue over three queue managers of one processor each, small records over
    // zHyperLink: the lock saturates with only its holder and the tasks between two calls at the
    // processors. Stretched as if every task queued there, the model was 15-23% slow in these.
    for (tasks, size, copies, stripes) in [(31, 537, 1, 3), (17, 1_307, 2, 3), (10, 942, 2, 2)] {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, size, 1);
        shared_over(&mut sc, 3, 1);
        let label = format!("{tasks} log-test tasks on one shared queue over 3 QMs, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, copies, stripes), 1, 0.08);
    }
}

#[test]
fn a_few_private_log_test_tasks_of_megabyte_records_leave_the_log_idle_while_they_put() {
    // Each task alone on its queue, on one processor: a task puts again only once the others'
    // records ahead of its get's are written, and the log idles through the put's burst. At the
    // log's full ceiling the model was 11-16% fast in these.
    let cases = [
        (2, 2_500_000, (LogIoMode::Ficon, 1, 3)),
        (3, 3_676_857, (LogIoMode::Ficon, 1, 3)),
        (2, 1_450_000, (LogIoMode::Zhyperlink, 1, 1)),
    ];
    for (tasks, size, path) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 14, size, 1);
        let label = format!("{tasks} log-test tasks on private queues of their own, {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, 1, 0.08);
    }
}

#[test]
fn few_requesters_a_shared_pair_over_several_queue_managers_break_their_convoys_over_zhyperlink() {
    // Two requesters a pair with a server each on shared pairs over zHyperLink: the second task
    // often finds the lock free. Held as whole convoys (the shared window), the model waited a
    // whole hold a lock use and was 10-23% slow in these.
    for (requesters, pairs, size, qmgrs) in [(12, 6, 1_000, 3), (6, 3, 8_000, 3), (12, 6, 8_000, 2)] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        shared_over(&mut sc, qmgrs, 4);
        let label =
            format!("{requesters} requesters on {pairs} shared pairs over {qmgrs} QMs, {size} B over zHyperLink");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 1, 2), 4, 0.10);
    }
}

#[test]
fn a_pairs_two_convoys_put_side_by_side_past_the_write_threshold() {
    // Private pairs out of syncpoint, records past the write threshold: each pair's requesters'
    // convoy at the request queue and servers' at the reply queue put side by side, each put
    // waiting for the other's write and then its own, the locks nearly always busy and the gets
    // riding. Streamed as one convoy a pair through both queues in series, the model waited one
    // write a force and was 14-27% slow in these five; gathered write by write, it sees them.
    let cases = [
        (40, 1, 102_913, LogIoMode::Ficon, 3, 4),
        (43, 1, 137_373, LogIoMode::Ficon, 3, 16),
        (40, 1, 90_000, LogIoMode::Zhpf, 3, 4),
        (60, 2, 100_000, LogIoMode::Zhpf, 3, 2),
        (59, 4, 81_785, LogIoMode::Zhyperlink, 4, 4),
    ];
    for (requesters, pairs, size, io_mode, stripes, cpus) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, requesters, requesters, pairs, size);
        let label = format!("{requesters} requesters with a server each on {pairs} pairs, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 1, stripes), cpus, 0.10);
    }
}

#[test]
fn a_pairs_records_past_a_full_write_are_priced_as_the_convoys_gather_them_where_that_finds_more() {
    // One pair out of syncpoint with fewer servers than requesters, records just past a full
    // write (a full write and a small remainder each). Streamed, the model was 13-14% slow in
    // these, private and shared on one queue manager; the convoys' gathered writes find more.
    for queue_type in [QueueType::Private, QueueType::Shared] {
        let size = 531_085;
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 52, 28, 1, size);
        sc.workload.queue_type = queue_type;
        let label = format!("52 requesters with 28 servers on one {queue_type:?} pair, {size} B over FICON");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Ficon, 2, 1), 1, 0.10);
    }
}

#[test]
fn a_log_tests_queue_past_the_write_threshold_is_bound_by_its_lock() {
    // Log-test tasks out of syncpoint on one queue, records past the write threshold: the queue's
    // lock, held across each put's force, binds, and the gets' records ride in the puts' writes.
    // Streamed, the model bound at the logger with the lock three quarters busy and was 11-25%
    // slow in these two.
    for (tasks, size, io_mode, copies, stripes, cpus) in
        [(42, 84_000, LogIoMode::Ficon, 1, 4, 1), (17, 107_248, LogIoMode::Zhpf, 2, 4, 2)]
    {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 1, size, 1);
        let label = format!("{tasks} log-test tasks on one queue, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_shared_queues_lock_passes_between_two_queue_managers_in_runs_of_their_tasks() {
    // Log-test tasks in syncpoint on one shared queue over two queue managers, records that
    // fill the log output buffers: the busy lock passes down a run of one queue manager's tasks
    // and then the other's, whose puts wait for room in their own log while the other log idles.
    // Counted as an even share of the puts on each log, the model was 16-41% fast in these.
    let cases = [
        (37, 1_551_702, LogIoMode::Ficon, 3, 2),
        (29, 1_809_518, LogIoMode::Zhyperlink, 2, 8),
        (48, 819_200, LogIoMode::Zhpf, 3, 2),
    ];
    for (tasks, size, io_mode, stripes, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, size, 1);
        shared_over(&mut sc, 2, cpus);
        let label = format!("{tasks} log-test tasks on one shared queue over two QMs, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 1, stripes), cpus, 0.10);
    }
    // Out of syncpoint under implicit syncpoint the puts hold no lock across their forces
    // either, and the runs form the same way (41% fast without the bound).
    let size = 1_551_702;
    let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, 37, 1, size, 1);
    sc.workload.implicit_syncpoint = true;
    shared_over(&mut sc, 2, 2);
    assert!(model::commit::evaluate(&sc).implicit_syncpoint_applied);
    let label = "37 log-test tasks under implicit syncpoint on one shared queue over two QMs";
    rates_agree_on_path(label, &mut sc, size, (LogIoMode::Ficon, 1, 3), 2, 0.10);
}

#[test]
fn over_three_queue_managers_a_shared_queues_lock_still_passes_in_shorter_runs() {
    // The same over three queue managers, a few processors each: the tasks a write releases
    // still come back to the lock together and put in runs from one queue manager, six or seven
    // in a row where a record about fills the buffers, two where they hold two. Priced with no
    // runs, the model was 37% fast in the first of these (drawn, the three were 34%, 33% and
    // 24% fast).
    let cases = [
        (55, 4_577_191, SyncpointMode::InSyncpoint, false, (LogIoMode::Ficon, 2, 1), 4),
        (31, 4_435_402, SyncpointMode::InSyncpoint, false, (LogIoMode::Ficon, 1, 1), 3),
        (53, 1_029_855, SyncpointMode::OutOfSyncpoint, true, (LogIoMode::Zhpf, 1, 2), 4),
    ];
    for (tasks, size, syncpoint, implicit, path, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, syncpoint, tasks, 1, size, 1);
        sc.workload.implicit_syncpoint = implicit;
        shared_over(&mut sc, 3, cpus);
        let label = format!("{tasks} log-test tasks on one shared queue over three QMs, {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.10);
    }
}

#[test]
fn a_lone_shared_locks_holder_and_committers_count_at_the_processors_for_their_stretched_bursts() {
    // Log-test tasks in syncpoint on one shared queue of one queue manager with one processor:
    // the holder and the committers keep the processor for their bursts as queued, not as
    // unqueued. Counted at their unqueued times, the model was 10-11% fast in these; since the
    // processor's idle time is priced (the next test) they are within 4% either way, the recount
    // taking them from 3.2% and 3.7% to 1.6% and 2.7%.
    lone_shared_queue_on_one_processor_agrees(
        &[(16, 3_700, (LogIoMode::Zhpf, 2, 2)), (37, 3_700, (LogIoMode::Ficon, 2, 1))],
        0.10,
    );
}

/// Log-test tasks in syncpoint on one shared queue of one queue manager with one processor,
/// each case `(tasks, message bytes, log path)`: the run's rates within `tolerance` of the
/// model's.
fn lone_shared_queue_on_one_processor_agrees(cases: &[(u32, u32, (LogIoMode, u32, u32))], tolerance: f64) {
    for &(tasks, size, path) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, size, 1);
        shared_over(&mut sc, 1, 1);
        let label = format!("{tasks} log-test tasks on one shared queue, one processor, {size} B over {:?}", path.0);
        rates_agree_on_path(&label, &mut sc, size, path, 1, tolerance);
    }
}

#[test]
fn a_lone_shared_lock_on_one_processor_saturates_with_the_processor_short_of_busy() {
    // The same on one processor: a holder waiting for an asynchronous CF request leaves the
    // processor idle unless the last holder's commit is still running, so the lock saturates
    // with it about 91% busy. Run to 99% busy, the model was 6-10% fast in these; within 5% now.
    lone_shared_queue_on_one_processor_agrees(
        &[
            (30, 1_000, (LogIoMode::Zhyperlink, 1, 2)),
            (44, 3_700, (LogIoMode::Zhpf, 2, 2)),
            (16, 9_000, (LogIoMode::Zhyperlink, 1, 2)),
        ],
        0.05,
    );
}

#[test]
fn a_lone_queues_records_past_the_buffers_keep_the_logger_writing_through_the_lock_cycles() {
    // Log-test tasks in syncpoint on one queue, records past the log buffers: the logger mostly
    // writes back to back, and the lock cycles at about a record's write. Priced with the ends of
    // the writes that carry each record's excess, the model was 10-11% slow in these drawn.
    let cases = [
        (42, 5_251_471, QueueType::Shared, (LogIoMode::Zhyperlink, 1, 4), 3),
        (55, 5_713_294, QueueType::Private, (LogIoMode::Zhpf, 1, 3), 16),
        (64, 8_172_099, QueueType::Private, (LogIoMode::Zhyperlink, 2, 2), 4),
    ];
    for (tasks, size, queue_type, path, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, 1, size, 1);
        sc.workload.queue_type = queue_type;
        let label = format!("{tasks} log-test tasks on one {queue_type:?} queue, {size} B over {:?}", path.0);
        rates_agree_on_long_path(&label, &mut sc, size, path, cpus, 0.10);
    }
}

#[test]
fn shared_chains_whose_cf_requests_go_asynchronous_pass_the_processors_and_the_log_as_one_group() {
    // Persistent request/reply out of syncpoint on shared pairs, on one processor: the calls
    // leave the processor at each asynchronous CF request, so the chains a write releases finish
    // their bursts together and force into one write while the processor idles. Overlapping the
    // two, the model was 22-66% fast in these; with two requesters a pair or more the group
    // holds part of the time.
    let cases = [
        (13, 12, 35_400, LogIoMode::Zhpf),
        (13, 12, 60_000, LogIoMode::Zhpf),
        (13, 12, 60_000, LogIoMode::Ficon),
        (8, 12, 60_000, LogIoMode::Ficon),
        (13, 6, 60_000, LogIoMode::Zhpf),
        (20, 12, 60_000, LogIoMode::Ficon),
    ];
    for (requesters, pairs, size, io_mode) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, pairs, size, 1);
        sc.workload.implicit_syncpoint = true;
        shared_over(&mut sc, 1, 1);
        // Puts turn into implicit syncpoints where two requesters share a request queue; alone
        // on theirs, 8 requesters hold its lock across their forces, which nobody waits for.
        assert_eq!(model::commit::evaluate(&sc).implicit_syncpoint_applied, requesters > pairs);
        let label = format!("{requesters} requesters on {pairs} shared pairs, {size} B over {io_mode:?}");
        rates_agree_on_path(&label, &mut sc, size, (io_mode, 1, 4), 1, 0.10);
    }
}

#[test]
fn shared_pairs_convoys_on_one_queue_managers_log_hold_as_long_as_its_writes_keep_them() {
    // Persistent request/reply out of syncpoint on a few shared pairs of one queue manager over
    // zHPF, a dozen or more requesters a pair: the convoys hold, each lock use waiting for the
    // other openers' holds. Broken by the shared queues' window, the model was 30-40% fast here.
    for (requesters, pairs) in [(48, 3), (48, 4), (56, 4)] {
        let size = 1_000;
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, pairs, size, 1);
        shared_over(&mut sc, 1, 4);
        let label = format!("{requesters} requesters on {pairs} shared pairs of one QM, {size} B over zHPF");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhpf, 2, 2), 4, 0.10);
    }
}

#[test]
fn a_shared_pairs_put_of_an_offloaded_message_holds_its_lock_for_its_own_records_write() {
    // Persistent request/reply out of syncpoint on shared pairs over two or three queue managers,
    // messages offloaded to SMDS: each put holds its queue's lock across the write of its own
    // large record, the gets' small records are written quickly. Priced at the average force
    // (each log holding about one convoy, a lone write), the model was 14-31% fast in these.
    let cases = [(16, 2, LogIoMode::Ficon, 2), (16, 3, LogIoMode::Zhpf, 3), (48, 2, LogIoMode::Zhyperlink, 3)];
    for (requesters, pairs, io_mode, qmgrs) in cases {
        offloaded_shared_pairs_agree(requesters, pairs, qmgrs, io_mode, 2);
    }
}

#[test]
fn few_round_trips_over_several_lpars_queue_where_the_placement_puts_their_two_ends() {
    // Five nonpersistent requesters with a server each over three one- or two-processor LPARs:
    // the scenario's placement has four of them next to their server, where a round trip's two
    // ends never queue behind each other. Taken as split one time in three less (chance), the
    // model was 12-15% slow in these.
    assert!(placement::CrossingChains::of(5, 5, 16, 3).split < 0.5);
    for (size, cpus) in [(1_000_000, 1), (100_000, 1), (1_000_000, 2)] {
        let sc = nonpersistent_shared_request_reply(5, 16, size, 3, cpus);
        throughput_agrees(&format!("5 requesters over three {cpus}-processor LPARs, {size} B"), &sc, 0.10);
    }
}

#[test]
fn a_put_waits_for_room_only_behind_the_records_its_queue_managers_tasks_can_leave() {
    // A few log-test tasks on shared queues in syncpoint, megabyte records: a queue manager's
    // tasks leave at most one record each in its buffers. With two a queue manager the buffers
    // hold them all and no put waits for room; with four a put finds at most three ahead of it.
    // Priced as a backlog of endless sources, the model waited for room regardless and was
    // 12-18% slow in these.
    let cases = [(4, 1, 1_551_702, 2, 1, 3, 2), (4, 2, 1_906_862, 3, 2, 3, 3), (8, 1, 1_551_702, 2, 1, 3, 2)];
    for (tasks, queues, size, qmgrs, copies, stripes, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, queues, size, 1);
        shared_over(&mut sc, qmgrs, cpus);
        let label = format!("{tasks} log-test tasks, {queues} shared queue(s) over {qmgrs} QMs, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Ficon, copies, stripes), cpus, 0.10);
    }
}

#[test]
fn a_batch_convoys_next_putters_come_back_no_faster_than_the_processors_serve_them() {
    // Batch tasks out of syncpoint over zHyperLink, a few to a queue: each lock a synchronous
    // write releases passes to the queue's next putter, and those putters' bursts queue at the
    // processors before their forces. Counted as free to come straight back into the logger's
    // tail, the model's writes gathered more forces than the simulation's and it was 11-12% fast.
    for (tasks, queues, size, stripes, cpus) in [(28, 9, 1_469, 1, 2), (23, 15, 6_683, 4, 1)] {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, 1, stripes);
        sc.system.lpar_cpus = cpus;
        let m = run(&sc, 29, PLAN);
        rates_agree(&format!("{tasks} batch tasks on {queues} queues, {size} B on {cpus} CPUs"), &sc, &m, 0.10);
    }
}

#[test]
fn a_shared_queues_convoy_handed_on_by_another_queue_managers_write_finds_half_a_write_left() {
    // Persistent request/reply out of syncpoint on shared queues over FICON and zHPF: a lock
    // or a reply handed on as one queue manager's write ends brings a force on another's log
    // at no particular point of its writes. Counted as if every force followed its own
    // logger's release, the model waited nearly a whole write more a force and was 11-12% slow.
    let cases = [(58, 8, 4_375, LogIoMode::Ficon, 2, 3), (42, 9, 1_031, LogIoMode::Zhpf, 3, 2)];
    for (requesters, pairs, size, io_mode, stripes, qmgrs) in cases {
        let path = (io_mode, 1, stripes);
        shared_out_of_syncpoint_agrees(
            WorkloadKind::RequestReply,
            (requesters, pairs, size),
            path,
            (qmgrs, 2),
            PLAN,
            0.10,
        );
    }
}

/// Persistent work of `kind` out of syncpoint (a server for each requester in request/reply):
/// `tasks` on `queues` shared queues or pairs at `size` bytes over a log of `copies` x `stripes`
/// over `io_mode`, on `qmgrs` queue managers of `cpus` processors; a run of `plan` (seed 31)
/// with its rates within `tolerance` of the model's.
fn shared_out_of_syncpoint_agrees(
    kind: WorkloadKind,
    (tasks, queues, size): (u32, u32, u32),
    (io_mode, copies, stripes): (LogIoMode, u32, u32),
    (qmgrs, cpus): (u32, u32),
    plan: RunPlan,
    tolerance: f64,
) {
    let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
    log_path(&mut sc, size, io_mode, copies, stripes);
    shared_over(&mut sc, qmgrs, cpus);
    let m = run(&sc, 31, plan);
    let label =
        format!("{kind:?}, {tasks} tasks on {queues} shared queues over {qmgrs} QMs at {size} B over {io_mode:?}");
    rates_agree(&label, &sc, &m, tolerance);
}

#[test]
fn request_reply_locks_come_from_the_other_queue_managers_writes_with_a_pair_a_log_or_so() {
    // Persistent request/reply out of syncpoint on a pair or so a queue manager, many requesters
    // a pair: nearly every put is handed its lock as the last holder's write ends, over three
    // queue managers mostly by another's, and its force then finds its own log part way through
    // a write. Priced as handed on at its own logger's release, the model was 11-12% slow here.
    let cases = [(57, 3, 1_040, LogIoMode::Zhpf, 3, 8), (54, 3, 274, LogIoMode::Ficon, 3, 4)];
    for (requesters, pairs, size, io_mode, stripes, cpus) in cases {
        let path = (io_mode, 1, stripes);
        shared_out_of_syncpoint_agrees(
            WorkloadKind::RequestReply,
            (requesters, pairs, size),
            path,
            (3, cpus),
            PLAN,
            0.06,
        );
    }
}

#[test]
fn gets_wait_for_room_behind_puts_that_hold_their_locks_across_records_past_the_buffers() {
    // Records of several megabytes put out of syncpoint on shared queues: each put waits for
    // room in the log output buffers within its force wait, holding its lock, and a get's small
    // record on the same log waits behind it, holding its own. With the gets' room left out
    // (the puts had none to show apart from their forces) the model was 12% fast in these.
    let cases = [
        (WorkloadKind::RequestReply, 52, 3, 6_226_288, (1, 2), 16),
        (WorkloadKind::LogUpperBound, 42, 3, 6_573_214, (2, 2), 4),
    ];
    let plan = RunPlan { warmup_s: 2.0, run_s: 12.0, batches: 10 };
    for (kind, tasks, queues, size, (copies, stripes), cpus) in cases {
        let path = (LogIoMode::Zhpf, copies, stripes);
        shared_out_of_syncpoint_agrees(kind, (tasks, queues, size), path, (3, cpus), plan, 0.09);
    }
}

#[test]
fn log_test_convoys_over_zhyperlink_hide_their_gets_forces_behind_the_others_holds() {
    // Log-test tasks out of syncpoint, five or six a queue on several shared queues of one queue
    // manager over zHyperLink: the tasks come back to their locks one by one, and while one
    // forces its get the others keep the lock busy. Waiting the whole convoy and the get's force
    // on top, the model was 12-14% slow in these.
    for (tasks, queues, size, stripes, cpus) in [(39, 7, 291, 1, 16), (44, 8, 1_067, 2, 8)] {
        let path = (LogIoMode::Zhyperlink, 1, stripes);
        shared_out_of_syncpoint_agrees(WorkloadKind::LogUpperBound, (tasks, queues, size), path, (1, cpus), PLAN, 0.10);
    }
}

#[test]
fn log_test_gets_forcing_outside_their_locks_crowd_the_logs_beside_the_convoys() {
    // Log-test tasks out of syncpoint on a few shared queues over three queue managers, records
    // past the write threshold: the gets force outside their locks, chains of their own beside
    // the convoys' puts at whichever log they run on. Counted as the convoys alone, the model's
    // forces waited too little and it was 12% fast here.
    let plan = RunPlan { warmup_s: 1.0, run_s: 8.0, batches: 10 };
    let path = (LogIoMode::Zhyperlink, 1, 1);
    shared_out_of_syncpoint_agrees(WorkloadKind::LogUpperBound, (27, 4, 335_835), path, (3, 16), plan, 0.09);
}

#[test]
fn a_shared_queues_convoys_crowd_a_log_as_chance_places_them() {
    // Batch tasks out of syncpoint on a few shared queues, each record several full writes: a
    // queue's lock is always held and passes to a task on any of the queue managers, so a log
    // holds as many of the convoys as chance gives it. Counted as an even share of them on each
    // log, 31 tasks on 4 queues waited 1.3 times their own record's writes a force against the
    // simulation's 1.67, and the model was 15% fast; counted as if every convoy could be at any
    // log, 41 tasks on 9 queues waited 3.2 times against 2.8, and the model was 15% slow.
    let cases = [(31, 4, 3_767_724, 13, 2, 16), (41, 9, 1_262_831, 33, 3, 1)];
    for (tasks, queues, size, per_commit, stripes, cpus) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, tasks, queues, size, per_commit);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, 2, stripes);
        shared_over(&mut sc, 3, cpus);
        // A transaction takes a task over a second: the run is long enough for hundreds of them.
        let m = run(&sc, 41, RunPlan { warmup_s: 4.0, run_s: 40.0, batches: 10 });
        rates_agree(&format!("{tasks} batch tasks on {queues} shared queues over 3 LPARs, {size} B"), &sc, &m, 0.10);
    }
}

#[test]
fn a_lone_pairs_convoy_breaks_up_behind_a_streaming_logger_too() {
    // 25 requesters on one pair at 333 KB over zHyperLink: each put's record spans writes, and
    // the other requesters' gets take longer to pass a lock than a put holds it, so the
    // convoy breaks up and both locks run busy. The model's streaming logger kept the convoy
    // (one lock busy at a time) and was 12.6% slow.
    let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 25, 1, 333_203, 1);
    log_path(&mut sc, 333_203, LogIoMode::Zhyperlink, 1, 3);
    sc.system.lpar_cpus = 2;
    let m = run(&sc, 19, RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 });
    rates_agree("25 requesters on one pair at 333 KB over zHyperLink", &sc, &m, 0.10);
}

#[test]
fn a_lone_pair_of_dozens_of_requesters_breaks_its_convoy_over_zhpf_too() {
    // 59 requesters on one private pair at 1,848 B over zHPF: the gets' passes outlast a put's
    // forced write, the convoy breaks up and both locks run busy. Kept as a convoy (as every
    // private convoy over FICON and zHPF was), the model was 13% slow. 11 requesters on the
    // pair keep theirs, which the zHyperLink window would have half broken (50% slow).
    let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 59, 1, 1848, 1);
    log_path(&mut sc, 1848, LogIoMode::Zhpf, 2, 4);
    sc.system.lpar_cpus = 4;
    let m = run(&sc, 23, RunPlan { warmup_s: 0.5, run_s: 4.0, batches: 10 });
    rates_agree("59 requesters on one pair at 1,848 B over zHPF", &sc, &m, 0.10);
    let mut few = sc.clone();
    few.workload.requesters = 11;
    few.workload.servers = 11;
    let m = run(&few, 23, RunPlan { warmup_s: 0.5, run_s: 4.0, batches: 10 });
    rates_agree("11 requesters on one pair at 1,848 B over zHPF", &few, &m, 0.10);
}

#[test]
fn a_shared_pairs_convoy_holds_while_its_gets_pass_within_about_a_puts_hold() {
    // 49 requesters on 14 shared pairs at 12.6 KB over zHyperLink on three queue managers: the
    // gets' pass through a lock takes about as long as a put holds it, and the simulation keeps
    // the convoy part of the time. With the shared window's old edge at 1.0 the model had it
    // broken and was 15% fast.
    let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 49, 14, 12_552, 1);
    log_path(&mut sc, 12_552, LogIoMode::Zhyperlink, 1, 3);
    shared_over(&mut sc, 3, 16);
    let m = run(&sc, 29, RunPlan { warmup_s: 0.5, run_s: 4.0, batches: 10 });
    rates_agree("49 requesters on 14 shared pairs at 12.6 KB over zHyperLink", &sc, &m, 0.10);
}

#[test]
fn a_shared_queues_task_comes_back_to_the_log_no_sooner_than_its_cf_requests_allow() {
    // After a zHyperLink write the logger does its own work for a while, and the tasks the write
    // released that force again within it ride the next write. On shared queues a task's way
    // back is a wait for its asynchronous CF requests, which takes the link's and the CF's time
    // whatever the processors do, and then its processor bursts. Taken as one exponential time,
    // too many came back within the tail and shared the next write: 22 requesters with 11
    // servers on 10 pairs and 52 requesters on 14 pairs, in syncpoint at 2.7 KB and 1.2 KB on
    // sixteen processors, were 9.3% and 7.9% fast (now 4% and 3%).
    let cases = [(22, 11, 10, 2733, 1, 4, 1), (52, 52, 14, 1208, 2, 3, 2)];
    for (requesters, servers, pairs, size, copies, stripes, qmgrs) in cases {
        let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, requesters, servers, pairs, size);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, copies, stripes);
        shared_over(&mut sc, qmgrs, 16);
        let label = format!("{requesters} requesters with {servers} servers on {pairs} shared pairs at {size} B");
        throughput_agrees(&label, &sc, 0.06);
    }
}

#[test]
fn requests_that_rarely_wait_for_a_server_leave_a_lone_pairs_convoy_as_a_server_each_would() {
    // 44 requesters on one private pair out of syncpoint over zHPF: with 38 or 43 servers the
    // servers are busy about half the time, mostly waiting for the pair's locks, and a request
    // hardly ever finds them all taken. The simulation runs both locks near saturation at about
    // 4,120 a second whatever the servers from 16 to 44. Counting servers as pacing their
    // requesters as often as they were busy, the model held the convoy (44 force chains where a
    // server each counts one) and was 40% slow.
    for servers in [38, 43] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 44, servers, 1, 396);
        log_path(&mut sc, 396, LogIoMode::Zhpf, 2, 2);
        sc.system.lpar_cpus = 2;
        let m = run(&sc, 31, PLAN);
        rates_agree(&format!("44 requesters with {servers} servers on one pair at 396 B"), &sc, &m, 0.10);
    }
}

#[test]
fn a_request_reply_convoy_crowds_a_shared_log_while_its_lock_has_a_task_waiting() {
    // 61 requesters on 4 shared pairs at 342 KB over 3 queue managers: the locks nearly always
    // have a task waiting, so each queue's convoy forces on whichever log its next holder's is
    // and the logs hold them as chance places them. Priced as an even share of them on each
    // log, the model was 12% fast.
    let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 61, 4, 342_315, 1);
    log_path(&mut sc, 342_315, LogIoMode::Zhpf, 1, 2);
    shared_over(&mut sc, 3, 3);
    let m = run(&sc, 53, RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 });
    rates_agree("61 requesters on 4 shared pairs over 3 LPARs, 342 KB", &sc, &m, 0.10);
}

#[test]
fn a_streaming_logger_is_busy_for_its_work_after_each_synchronous_write_too() {
    // Large records over zHyperLink: after each synchronous write the logger does its own work
    // before the next, which the waiters of the write do not wait for but the next write does.
    // Timed by the writes' I/O alone, the model's logger had room the simulation's has not,
    // and the model was 10-12% fast.
    let cases = [
        (SyncpointMode::OutOfSyncpoint, 731_952, QueueType::Shared),
        (SyncpointMode::InSyncpoint, 527_530, QueueType::Private),
    ];
    for (syncpoint, size, queue_type) in cases {
        let mut sc = persistent_tasks(WorkloadKind::RequestReply, syncpoint, 2, 8, size, 1);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, 1, 4);
        sc.workload.queue_type = queue_type;
        sc.system.lpar_cpus = 8;
        let m = run(&sc, 43, RunPlan { warmup_s: 0.5, run_s: 8.0, batches: 10 });
        rates_agree(
            &format!("2 requesters {syncpoint:?} on {queue_type:?} pairs, {size} B over zHyperLink"),
            &sc,
            &m,
            0.10,
        );
    }
}

#[test]
fn small_records_meet_large_ones_in_a_busy_loggers_writes_where_no_convoy_holds_them_apart() {
    // Requesters under implicit syncpoint with a server a pair over FICON: each server's put of
    // the reply holds its queue's lock across its force, but nobody else puts to that queue, so
    // no convoy keeps the next large record out until a write ends. The gets' small records go
    // out in the writes the saturated logger fills. Priced as writing on their own, they took a
    // write each and the model was 25% slow.
    let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 10, 4, 4, 288_913);
    sc.workload.implicit_syncpoint = true;
    sc.workload.impl_sync_open_output = 2;
    log_path(&mut sc, 288_913, LogIoMode::Ficon, 2, 4);
    sc.system.lpar_cpus = 16;
    let m = run(&sc, 47, RunPlan { warmup_s: 0.5, run_s: 8.0, batches: 10 });
    rates_agree("10 requesters on 4 servers under implicit syncpoint, 289 KB over FICON", &sc, &m, 0.10);
}

#[test]
fn requesters_waiting_for_busy_servers_are_not_among_the_chains_a_write_releases() {
    // 50 requesters with 8 servers in syncpoint over zHyperLink on three processors: most
    // requesters wait for a server with nothing to force, so a write releases the servers and
    // the requesters they have just replied to. Counted as 50 paced chains, every write filled
    // to 128 pages, the servers' commits waited 1.4 ms against the simulation's 1.0 and the
    // model was 23% slow.
    let mut sc = request_reply_with_servers(SyncpointMode::InSyncpoint, 50, 8, 4, 39_607);
    log_path(&mut sc, 39_607, LogIoMode::Zhyperlink, 2, 2);
    sc.system.lpar_cpus = 3;
    let m = run(&sc, 37, PLAN);
    rates_agree("50 requesters on 8 servers in syncpoint over zHyperLink", &sc, &m, 0.10);
}

#[test]
fn a_request_reply_put_of_several_full_writes_holds_its_shared_queue_for_its_own_writes() {
    // Out of syncpoint a put forces its own record and holds the queue's lock across it. A
    // record of several full writes on a queue sharing group's logs (few convoys a queue manager,
    // so no streaming logger) is the put's own sequence of writes, about twice the average force
    // with the gets' small records: priced at the average the model was 22-37% fast.
    //
    // The second was a departure for a while after the simulation placed each pair's tasks over
    // the LPARs (it ran each pair on one LPAR before): its holders put on any of the three logs
    // and the model was 10.5% fast. Since the CF's request CPU became the simulation's mix and a
    // streaming logger's convoys may break, it is 7.6-8.1% off over ten-second runs. Both run ten
    // seconds: a two-second run of the first came out 17% off two ten-second ones.
    let cases = [(36, 1, 1_769_498, LogIoMode::Zhpf, 2, 4, 2), (16, 3, 3_335_651, LogIoMode::Zhyperlink, 2, 3, 3)];
    for (requesters, pairs, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, requesters, pairs, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        shared_over(&mut sc, 3, cpus);
        let m = run(&sc, 17, RunPlan { warmup_s: 1.0, run_s: 10.0, batches: 10 });
        let label = format!("{requesters} requesters on {pairs} shared pairs over 3 LPARs, {size} B");
        rates_agree(&label, &sc, &m, 0.10);
    }
}

#[test]
fn a_put_whose_record_outgrows_the_log_buffers_holds_its_lock_until_the_excess_is_written() {
    // In syncpoint a put whose record is larger than the log output buffers waits, holding its
    // queue's lock, for the logger to write the part that does not fit. Where the logger
    // streams, the model counted that wait in the commit's force only, so the lock looked free
    // for it: 22 requesters on one shared pair at 8.4 MB over zHyperLink were 34% fast
    // (lock-bound in both), 15 at 6.4 MB over zHPF 22%.
    let cases = [(22, 3, 8_373_170, LogIoMode::Zhyperlink, 1, 3), (15, 2, 6_408_179, LogIoMode::Zhpf, 1, 2)];
    for (requesters, qmgrs, size, io_mode, copies, stripes) in cases {
        let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::InSyncpoint, requesters, 1, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        shared_over(&mut sc, qmgrs, 3);
        let m = run(&sc, 17, LONG_PLAN);
        rates_agree(&format!("{requesters} requesters on a shared pair over {qmgrs} LPARs, {size} B"), &sc, &m, 0.10);
    }
}

#[test]
fn a_shared_batchs_logger_writes_while_its_puts_wait_for_the_cf_too() {
    // A unit of work past the write threshold has the logger write it while the puts go on.
    // On a shared queue each put also waits for its asynchronous CF requests, which the logger's
    // writes overlap as they do the CPU: priced on the CPU alone, one task putting 96 messages of
    // 10.8 KB a commit left its commit 40% more to wait and the model was 16% slow.
    let size = 10_833;
    let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 1, 1, size, 96);
    log_path(&mut sc, size, LogIoMode::Ficon, 2, 2);
    shared_over(&mut sc, 2, 2);
    let m = run(&sc, 17, PLAN);
    rates_agree("one batch task on a shared queue, 96 x 10,833 B a commit", &sc, &m, 0.05);
}

#[test]
fn a_batch_of_one_put_waits_for_its_data_once_at_room_or_commit() {
    // A put of a large record may wait for room in the log buffers, and what the logger
    // writes meanwhile its commit no longer waits for. The model counted the batch's room wait
    // and its whole commit: one task putting 3 MB a unit of work was 30% slow, two 20%.
    let size = 3_050_619;
    for tasks in [1, 2] {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, tasks, tasks, size, 1);
        log_path(&mut sc, size, LogIoMode::Ficon, 2, 3);
        sc.system.lpar_cpus = 3;
        let m = run(&sc, 17, RunPlan { warmup_s: 1.0, run_s: 10.0, batches: 10 });
        rates_agree(&format!("{tasks} batch task(s) putting one {size} B message a commit"), &sc, &m, 0.05);
    }
}

#[test]
fn servers_fewer_than_their_requesters_meet_fewer_of_the_locks_users() {
    // A server meets the other transactions' requester operations at a queue's lock, as a
    // requester does, but only the other servers' own: with a few servers for many requesters a
    // server holds a large share of the lock itself and finds it busy less often. Priced with a
    // requester's view, the servers' waits were long and the model 10-20% slow.
    for (requesters, servers, pairs, size, cpus) in [(43, 8, 4, 2048, 8), (20, 4, 1, 100_000, 4)] {
        let sc = scenario(|s| {
            s.workload.persistence = Persistence::NonPersistent;
            s.workload.syncpoint = SyncpointMode::OutOfSyncpoint;
            (s.workload.requesters, s.workload.servers, s.workload.queue_pairs) = (requesters, servers, pairs);
            s.workload.message_size_bytes = size;
            s.system.lpar_cpus = cpus;
        });
        let m = run(&sc, 17, PLAN);
        rates_agree(&format!("{requesters} requesters, {servers} servers on {pairs} pairs, {size} B"), &sc, &m, 0.05);
    }
}

#[test]
fn a_lone_queues_convoy_never_queues_one_large_record_behind_another_at_the_logger() {
    // The put's lock, held across its force, keeps the next put out until the record is
    // written, so a lone queue's logger never has two large records to order: each put waits
    // for its own writes alone. Priced as queueing at a logger 72% busy, the model was 10-25%
    // slow on one private queue.
    for tasks in [2, 14] {
        let size = 1_500_000;
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 1, size, 1);
        log_path(&mut sc, size, LogIoMode::Ficon, 2, 1);
        let m = run(&sc, 17, PLAN);
        rates_agree(&format!("{tasks} tasks on a lone private queue, {size} B"), &sc, &m, 0.05);
    }
}

#[test]
fn tasks_a_synchronous_write_releases_together_come_back_from_few_processors_one_after_another() {
    // Out of syncpoint over zHyperLink, each write releases several tasks at once; on one
    // processor they come back a burst apart, the first riding the next write from the logger's
    // own work after this one, the rest waiting for the write after. Taken as independent
    // returns the model wrote once for every 1.7 forces against the simulation's 2.1 and was
    // 21-28% fast with 7 and 8 tasks. Four such tasks are still about 10% fast (15% before).
    for (tasks, size, stripes) in [(7, 3431, 4), (8, 571, 3)] {
        let mut sc =
            persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, tasks, 2 * tasks, size, 1);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, 1, stripes);
        sc.system.lpar_cpus = 1;
        let m = run(&sc, 19, PLAN);
        rates_agree(&format!("{tasks} log-test tasks on one processor, {size} B, 1x{stripes}"), &sc, &m, 0.10);
    }
}

#[test]
fn forces_back_within_the_loggers_own_work_after_a_synchronous_write_ride_the_next_one() {
    // In syncpoint over zHyperLink a task's next commit follows a get's CPU, often within the
    // logger's own work after the write that released it, and rides the next write; forces
    // coming during that work wait for the next write as those during the write do. Counting
    // only the write as the logger's busy time, the model had the logger more than fully busy,
    // gathered too few commits a write and was 17-27% fast on these. The chains released
    // together queue for the processors before they come back (62 requesters on 8 processors
    // rejoined all at once without that, 21% fast). The writes of a few put and get records
    // take one page or two by which they gather, not the pages of their mean.
    let cases = [
        (WorkloadKind::LogUpperBound, 4, 10, 1224, 2, 2, 4, false),
        (WorkloadKind::RequestReply, 4, 5, 644, 2, 3, 2, false),
        (WorkloadKind::RequestReply, 62, 16, 1427, 2, 4, 8, false),
        (WorkloadKind::RequestReply, 41, 9, 678, 2, 4, 4, true),
    ];
    for (kind, tasks, queues, size, copies, stripes, cpus, implicit) in cases {
        let syncpoint = if implicit { SyncpointMode::OutOfSyncpoint } else { SyncpointMode::InSyncpoint };
        let mut sc = persistent_tasks(kind, syncpoint, tasks, queues, size, 1);
        log_path(&mut sc, size, LogIoMode::Zhyperlink, copies, stripes);
        sc.system.lpar_cpus = cpus;
        sc.workload.implicit_syncpoint = implicit;
        let m = run(&sc, 23, PLAN);
        let label =
            format!("{kind:?}: {tasks} tasks on {queues} queues, {size} B, log {copies}x{stripes}, {cpus} CPUs");
        rates_agree(&label, &sc, &m, 0.10);
        forced_writes_agree(&label, &sc, &m, 0.15);
    }
}

#[test]
fn convoys_log_as_many_chains_as_they_have_forces_in_flight() {
    // Out of syncpoint the convoys' held puts are not all that forces: the gets force outside
    // the locks, beside them. Counted as one chain a convoy, the model's logger was asked for
    // more writes than it had time for (63 requesters on 9 pairs: 173% busy, writes of 4.5
    // forces against the simulation's 7.9) and was 14-23% fast on these.
    let cases = [
        (WorkloadKind::RequestReply, 63, 9, 13_575, LogIoMode::Ficon, 2, 4, 16),
        (WorkloadKind::RequestReply, 57, 9, 11_696, LogIoMode::Zhpf, 2, 3, 4),
        (WorkloadKind::LogUpperBound, 57, 12, 8_438, LogIoMode::Ficon, 2, 3, 8),
    ];
    for (kind, tasks, queues, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        sc.system.lpar_cpus = cpus;
        let m = run(&sc, 37, PLAN);
        let label = format!("{kind:?}: {tasks} tasks on {queues} queues, {size} B, {io_mode:?} {copies}x{stripes}");
        rates_agree(&label, &sc, &m, 0.10);
        forced_writes_agree(&label, &sc, &m, 0.15);
        // Writes back to back at most (the written time is a mean over the writes' spread of
        // sizes, hence the margin).
        let c = model::commit::evaluate(&sc);
        assert!(
            c.forced_writes_per_s * c.forced_write_us * 1.0e-6 < 1.1,
            "{label}: {} writes/s of {} us each",
            c.forced_writes_per_s,
            c.forced_write_us
        );
    }
}

#[test]
fn a_logger_writing_back_to_back_makes_a_force_wait_only_for_the_chains_ahead_of_it() {
    // Batch tasks putting large records out of syncpoint, a convoy a queue, keep the logger
    // writing back to back near the log's ceiling; a force then waits for the write in flight
    // and its own (16 convoys, 8 a write), not the ceiling's wall: 18% slow before.
    let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, 55, 16, 46_524, 55);
    log_path(&mut sc, 46_524, LogIoMode::Zhpf, 1, 1);
    sc.system.lpar_cpus = 8;
    let m = run(&sc, 41, RunPlan { warmup_s: 1.0, run_s: 10.0, batches: 10 });
    rates_agree("55 batch tasks on 16 queues, 46,524 B out of syncpoint", &sc, &m, 0.10);
    let c = model::commit::evaluate(&sc);
    within("their force wait", m.force_wait_us.mean, c.force_wait_us, 0.10);
}

#[test]
fn tasks_a_write_releases_onto_few_processors_queue_there_before_their_next_force_over_any_path() {
    // Log-test tasks in syncpoint released by one write reach the processors together and
    // force again one after another, over FICON and zHPF as over zHyperLink. Taken as
    // independent returns there, the model was 12-18% fast on these.
    let cases = [(24, 15, 46_054, LogIoMode::Ficon, 2, 2), (23, 13, 1_118, LogIoMode::Zhpf, 1, 2)];
    for (tasks, queues, size, io_mode, copies, stripes) in cases {
        let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, tasks, queues, size, 1);
        log_path(&mut sc, size, io_mode, copies, stripes);
        sc.system.lpar_cpus = 1;
        let m = run(&sc, 43, PLAN);
        rates_agree(
            &format!("{tasks} log-test tasks on {queues} queues, {size} B, {io_mode:?} on one CPU"),
            &sc,
            &m,
            0.10,
        );
    }
}

#[test]
fn a_logger_with_room_to_gather_more_is_not_held_back_by_its_byte_ceiling() {
    // Independent chains' writes grow with the load, so the log's byte ceiling only holds them
    // back as their writes fill (commit::LOG_CEILING_FILL_POWER). With the whole wall, 16
    // requesters out of syncpoint at 32 KB waited 17% longer a force than simulated, and 8
    // requesters in syncpoint at 68 KB were 14% slow.
    let out_of_syncpoint =
        persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 16, 16, 32 * 1024, 1);
    let mut in_syncpoint = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::InSyncpoint, 8, 3, 68_467, 1);
    in_syncpoint.system.lpar_cpus = 8;
    for (mut sc, copies, stripes) in [(out_of_syncpoint, 2, 4), (in_syncpoint, 1, 4)] {
        let size = sc.workload.message_size_bytes;
        log_path(&mut sc, size, LogIoMode::Zhyperlink, copies, stripes);
        let m = run(&sc, 29, PLAN);
        let label = format!(
            "{:?}: {} requesters at {size} B, log {copies}x{stripes}",
            sc.workload.syncpoint, sc.workload.requesters
        );
        rates_agree(&label, &sc, &m, 0.10);
        let c = model::commit::evaluate(&sc);
        within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, 0.12);
    }
}

#[test]
fn persistent_puts_out_of_syncpoint_sharing_a_queue_convoy_in_the_log_and_batch_tests_too() {
    // Out of syncpoint a persistent put holds its queue's lock across a forced write, so tasks
    // sharing a queue fall into the same convoy as a request/reply pair's requesters
    // (commit::convoy_lock_wait_us): the log test's tasks put to a queue and get from it, the
    // batch test's only put, so on a lone queue its forces never meet another write.
    for kind in [WorkloadKind::LogUpperBound, WorkloadKind::BatchPut] {
        for (tasks, queues) in [(3, 1), (8, 1), (32, 1), (8, 4), (32, 8)] {
            let size = Scenario::default().workload.message_size_bytes;
            let sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
            let m = run(&sc, 15, PLAN);
            let rr = model::request_reply::evaluate(&sc);
            let c = model::commit::evaluate(&sc);
            let label = format!("{kind:?}: {tasks} tasks on {queues} queues");
            within(&format!("{label} transactions/s"), m.transactions_per_s.mean, rr.transactions_s, 0.10);
            within(&format!("{label} round trip"), m.round_trip_us.mean, rr.round_trip_us, 0.10);
            within(&format!("{label} log rate"), m.log_rate_mb_s.mean, c.log_rate_mb_s, 0.10);
            // Departure, bounded: as on a request/reply pair, the gets' forces on a lone queue
            // come in a burst as each convoy ends, and the simulated mean force wait is up to 30%
            // above the model's single wait.
            let tolerance = if queues == 1 && kind == WorkloadKind::LogUpperBound { 0.35 } else { 0.10 };
            within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, tolerance);
        }
    }
}

#[test]
fn a_lone_unit_of_work_past_the_write_threshold_is_written_while_its_puts_go_on() {
    // Past the write threshold the logger writes a unit of work's data without waiting for its
    // commit, in writes that grow to the size it can keep pace with; the commit waits for the
    // last of them and forces the rest (request_reply::background_writes). A batch that only
    // puts logs only its puts' records.
    let cases: [(WorkloadKind, u32, u32); 7] = [
        (WorkloadKind::BatchPut, 2048, 100),
        (WorkloadKind::BatchPut, 2048, 1000),
        (WorkloadKind::BatchPut, 4096, 50),
        (WorkloadKind::BatchPut, 32 * 1024, 20),
        (WorkloadKind::BatchPut, 256 * 1024, 4),
        (WorkloadKind::LogUpperBound, 100 * 1024, 1),
        (WorkloadKind::RequestReply, 100 * 1024, 1),
    ];
    for (kind, size, per_commit) in cases {
        let sc = persistent_tasks(kind, SyncpointMode::InSyncpoint, 1, 1, size, per_commit);
        let m = run(&sc, 9, PLAN);
        let label = format!("{kind:?}: {per_commit} x {size} B per unit of work");
        rates_agree(&label, &sc, &m, 0.10);
        // The background writes happen: beyond the forces, at least one write for every two
        // units of work.
        let (writes, forces, txns) = (m.log_writes_per_s.mean, m.force_requests_per_s.mean, m.transactions_per_s.mean);
        assert!(writes > forces + 0.5 * txns, "{label}: {writes} writes/s, {forces} forces/s, {txns} tps");
    }
}

#[test]
fn units_of_work_past_the_write_threshold_with_several_tasks() {
    // Units that each fill a write keep the logger streaming: the model queues everyone's data
    // at it first come, first served, the tasks being closed loops (request_reply::Stream). A
    // record larger than a write goes out in full writes and a remainder of its own.
    //
    // Below a full write the model takes the logger to write a unit's data while its puts go on,
    // at one task's share of the ceiling rate, and forces the rest with the aggregation of small
    // commits; single records past the write threshold stream, meeting in the logger's writes
    // as it gets busy (request_reply::Gathered). Departure: in the simulation the writes follow
    // the tasks' bursts. Two or four tasks with units of 100 x 2 KB get smaller writes than the
    // model assumes, so the logger does less in its time (the simulation is up to 15% slower);
    // those cases are held to their largest error plus a margin.
    let cases: [(WorkloadKind, u32, u32, u32, u32, f64); 17] = [
        (WorkloadKind::BatchPut, 2, 2, 2048, 1000, 0.10),
        (WorkloadKind::BatchPut, 2, 2, 32 * 1024, 20, 0.10),
        (WorkloadKind::BatchPut, 2, 2, 256 * 1024, 4, 0.10),
        (WorkloadKind::BatchPut, 2, 2, 4 * 1024 * 1024, 2, 0.10),
        (WorkloadKind::LogUpperBound, 3, 3, 100 * 1024, 1, 0.10),
        (WorkloadKind::RequestReply, 3, 3, 100 * 1024, 1, 0.10),
        (WorkloadKind::LogUpperBound, 3, 3, 520 * 1024, 1, 0.10),
        (WorkloadKind::RequestReply, 3, 3, 520 * 1024, 1, 0.10),
        (WorkloadKind::LogUpperBound, 3, 3, 1024 * 1024, 1, 0.10),
        (WorkloadKind::RequestReply, 3, 3, 1024 * 1024, 1, 0.10),
        (WorkloadKind::LogUpperBound, 3, 3, 4 * 1024 * 1024, 1, 0.10),
        (WorkloadKind::BatchPut, 4, 4, 2048, 100, 0.10),
        (WorkloadKind::BatchPut, 2, 2, 4096, 50, 0.10),
        (WorkloadKind::BatchPut, 8, 4, 2048, 50, 0.10),
        (WorkloadKind::RequestReply, 3, 3, 505 * 1024, 1, 0.10),
        // Departures (see above).
        (WorkloadKind::BatchPut, 2, 2, 2048, 100, 0.18),
        (WorkloadKind::BatchPut, 4, 1, 2048, 100, 0.13),
    ];
    for (kind, tasks, queues, size, per_commit, tolerance) in cases {
        let sc = persistent_tasks(kind, SyncpointMode::InSyncpoint, tasks, queues, size, per_commit);
        let m = run(&sc, 9, PLAN);
        let label = format!("{kind:?}: {tasks} tasks on {queues} queues, {per_commit} x {size} B per unit of work");
        rates_agree(&label, &sc, &m, tolerance);
    }
}

#[test]
fn records_larger_than_a_write_out_of_syncpoint_keep_the_logger_streaming() {
    // Out of syncpoint each persistent put forces its own record. Records of a full write or
    // more, from two or more independent forcers, keep the logger writing back to back: the
    // model queues them at it first come, first served (request_reply::Stream), as it does for
    // units of work in syncpoint. Aggregating such forces as small commits had the simulation
    // 20-39% faster. Lock convoys on a lone pair force one after another and count once.
    // From three forcers on, a record's remainder past a full write meets the next record
    // (request_reply::Meeting::Remainders); writing it alone had 516 KB records from 8
    // requesters on 4 pairs 11% faster in the simulation.
    //
    // Large messages give few transactions a second, so these runs are longer.
    let plan = RunPlan { warmup_s: 0.5, run_s: 8.0, batches: 10 };
    let mut checked = 0;
    for size in [516 * 1024, 1024 * 1024] {
        for (io_mode, copies, stripes) in
            [(LogIoMode::Ficon, 1, 1), (LogIoMode::Zhpf, 2, 4), (LogIoMode::Zhyperlink, 2, 4)]
        {
            for (requesters, pairs) in [(2, 2), (2, 1), (8, 1), (8, 4)] {
                let sc =
                    persistent_out_of_syncpoint(requesters, pairs, |s| log_path(s, size, io_mode, copies, stripes));
                let m = run(&sc, 16, plan);
                let label =
                    format!("{size} B {io_mode:?} {copies}x{stripes}, {requesters} requesters on {pairs} pairs");
                let tolerance = if io_mode == LogIoMode::Zhyperlink {
                    // The gets' small forces go synchronously and meet the logger's own work
                    // after a synchronous write, which the model counts for a lone task's forces
                    // but not between two streams of records larger than a write: the simulation
                    // is up to 10% slower at 1 MB.
                    0.12
                } else {
                    0.10
                };
                rates_agree(&label, &sc, &m, tolerance);
                checked += 1;
            }
        }
    }
    for kind in [WorkloadKind::LogUpperBound, WorkloadKind::BatchPut] {
        for (tasks, queues) in [(3, 3), (8, 4)] {
            let sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, 1024 * 1024, 1);
            let m = run(&sc, 16, plan);
            rates_agree(&format!("{kind:?}: {tasks} tasks on {queues} queues"), &sc, &m, 0.10);
            checked += 1;
        }
    }
    assert_eq!(checked, 28);
}

#[test]
fn two_forcers_of_records_past_the_write_threshold_take_turns_at_the_logger() {
    // A record past the write threshold starts a write of its own as soon as it is put, in
    // syncpoint or out of it. With two forcers the write in flight is always the other's, so the
    // logger serves them in turn, each force its own write (request_reply::Stream). Aggregating
    // them as small commits had the simulation up to 34% faster out of syncpoint and 30% in it.
    // With more forcers the logger gathers what waits into its next write (8 requesters on 4
    // pairs were 13-23% faster in the simulation until the model did too).
    let plan = RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 };
    let mut checked = 0;
    for size in [128 * 1024, 400 * 1024] {
        for (io_mode, copies, stripes) in
            [(LogIoMode::Ficon, 1, 1), (LogIoMode::Zhpf, 2, 4), (LogIoMode::Zhyperlink, 2, 4)]
        {
            for (requesters, pairs) in [(2, 2), (2, 1)] {
                let sc =
                    persistent_out_of_syncpoint(requesters, pairs, |s| log_path(s, size, io_mode, copies, stripes));
                let m = run(&sc, 17, plan);
                let label =
                    format!("{size} B {io_mode:?} {copies}x{stripes}, {requesters} requesters on {pairs} pairs");
                // Departure: two requesters on one pair move through its locks as two-task
                // convoys, and the simulation writes each get's record alone (four writes a round
                // trip) where the model has some ride with the other convoy's puts; yet on FICON
                // and zHPF it is 9-21% faster, its force waits longer and its lock waits shorter.
                // Over zHyperLink it is 11-12% faster since the logger's time counts its work
                // after each synchronous write: the lone pair's convoy, its two queues taken in
                // series, pays that work on every write where the simulation's two convoys share
                // writes (6-8% faster before it was counted).
                let tolerance = match (pairs, io_mode) {
                    (1, LogIoMode::Zhyperlink) => 0.13,
                    (1, _) => 0.23,
                    _ => 0.10,
                };
                rates_agree(&label, &sc, &m, tolerance);
                checked += 1;
            }
        }
        for kind in [WorkloadKind::LogUpperBound, WorkloadKind::BatchPut] {
            let sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, 2, 2, size, 1);
            let m = run(&sc, 17, plan);
            rates_agree(&format!("{kind:?}: 2 tasks, {size} B"), &sc, &m, 0.10);
            checked += 1;
        }
        let sc = persistent_out_of_syncpoint(8, 4, |s| log_path(s, size, LogIoMode::Ficon, 1, 1));
        let m = run(&sc, 17, plan);
        rates_agree(&format!("{size} B, 8 requesters on 4 pairs"), &sc, &m, 0.10);
        checked += 1;
        // Single-message units of work in syncpoint: the commit finds its record's write begun.
        for kind in [WorkloadKind::RequestReply, WorkloadKind::LogUpperBound, WorkloadKind::BatchPut] {
            for (io_mode, copies, stripes) in [(LogIoMode::Ficon, 1, 1), (LogIoMode::Zhpf, 2, 4)] {
                let mut sc = persistent_tasks(kind, SyncpointMode::InSyncpoint, 2, 2, size, 1);
                log_path(&mut sc, size, io_mode, copies, stripes);
                let m = run(&sc, 17, plan);
                let label = format!("{kind:?} in syncpoint: 2 tasks, {size} B, {io_mode:?} {copies}x{stripes}");
                rates_agree(&label, &sc, &m, 0.10);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 30);
}

#[test]
fn single_records_past_the_write_threshold_meet_in_the_loggers_writes_as_forcers_grow() {
    // Of three forcers or more, the records that wait while a write is in flight go out together
    // in the next one: about half of those at the logger, as many as fit in a write
    // (request_reply::Gathered). Aggregating them as small commits had the simulation up to 32%
    // faster (a batch of 300 KB puts out of syncpoint on four queues), and taking every write
    // full had it up to 28% slower where records just past the threshold are written quickly.
    //
    // Where the puts hold their queues' locks across the force, the gets' small records ride
    // in the convoys' writes (request_reply::Riders): the other convoys bring large records at
    // once where a task waits for their lock, else at random; from three pairs on, the large
    // records meet in the writes too and the small ones ride with them. Departures, all on one
    // pair, held to their largest error plus a margin: the simulation's gets ride more often
    // there as requesters grow (it writes 2 + 4/n times a round trip for n requesters, on one
    // pair or two), and it is 11-13% faster with 8 requesters at 90 KB and 16 at 128 KB. Three
    // log-test tasks with 400 KB records in syncpoint are 13% slower in the simulation.
    let rr = WorkloadKind::RequestReply;
    let (ins, oos) = (SyncpointMode::InSyncpoint, SyncpointMode::OutOfSyncpoint);
    let kib = 1024;
    // (kind, syncpoint, tasks, queues, size)
    let cases = [
        (rr, ins, 3, 3, 100 * kib),
        (rr, ins, 3, 3, 300 * kib),
        (rr, oos, 3, 3, 200 * kib),
        (rr, oos, 3, 3, 505 * kib),
        (WorkloadKind::LogUpperBound, ins, 3, 3, 150 * kib),
        (WorkloadKind::LogUpperBound, ins, 6, 6, 300 * kib),
        (rr, oos, 4, 4, 100 * kib),
        (rr, ins, 4, 4, 150 * kib),
        (rr, oos, 6, 6, 300 * kib),
        (rr, ins, 8, 8, 90 * kib),
        (rr, ins, 8, 8, 300 * kib),
        (rr, oos, 16, 16, 300 * kib),
        (rr, ins, 16, 4, 150 * kib),
        (rr, oos, 12, 4, 90 * kib),
        (rr, oos, 32, 4, 300 * kib),
        (WorkloadKind::BatchPut, ins, 4, 4, 300 * kib),
        (WorkloadKind::BatchPut, oos, 4, 4, 300 * kib),
        (rr, oos, 16, 2, 300 * kib),
        (rr, oos, 16, 2, 90 * kib),
        (rr, oos, 6, 2, 90 * kib),
        (rr, oos, 4, 2, 128 * kib),
        (rr, oos, 8, 2, 400 * kib),
        (rr, oos, 4, 1, 90 * kib),
        (rr, oos, 4, 1, 128 * kib),
        (rr, oos, 16, 1, 200 * kib),
        (rr, oos, 12, 3, 90 * kib),
        (rr, oos, 24, 3, 200 * kib),
        (rr, oos, 6, 3, 400 * kib),
        (rr, oos, 8, 4, 90 * kib),
        (rr, oos, 18, 6, 90 * kib),
        // Past a full write: the remainders meet the next record (request_reply::Meeting).
        (rr, ins, 4, 4, 520 * kib),
        (WorkloadKind::BatchPut, oos, 4, 4, 520 * kib),
        (WorkloadKind::LogUpperBound, ins, 3, 3, 520 * kib),
    ];
    let departures = [
        (rr, oos, 8, 1, 90 * kib, 0.13),
        (rr, oos, 16, 1, 128 * kib, 0.15),
        (WorkloadKind::LogUpperBound, ins, 3, 3, 400 * kib, 0.16),
    ];
    let plan = RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 };
    let cases = cases.iter().map(|&(k, sp, t, q, size)| (k, sp, t, q, size, 0.10));
    for (kind, syncpoint, tasks, queues, size, tolerance) in cases.chain(departures) {
        let sc = persistent_tasks(kind, syncpoint, tasks, queues, size, 1);
        let m = run(&sc, 23, plan);
        let label = format!("{kind:?} {syncpoint:?}: {tasks} tasks on {queues} queues, {size} B");
        rates_agree(&label, &sc, &m, tolerance);
    }
}

#[test]
fn a_busy_loggers_writes_fill_with_the_mean_force_not_the_puts_record() {
    // Records just past the write threshold, one task a queue: each write carries half of the
    // forces at the logger, gets' small records as well as puts' large ones, so a write holds
    // about half as many bytes as that count of puts (request_reply::Meeting::Records). Counted
    // in puts, the model's writes held 1.6 times the simulation's bytes and it was 6-12% fast,
    // most where the log bounds (11 requesters at 87,564 B over FICON: 11.5%).
    let rr = WorkloadKind::RequestReply;
    // (kind, syncpoint, tasks, queues, size, I/O path, copies, stripes, processors)
    let cases = [
        (rr, SyncpointMode::OutOfSyncpoint, 11, 11, 87_564, LogIoMode::Ficon, 1, 2, 8),
        (rr, SyncpointMode::OutOfSyncpoint, 7, 16, 98_593, LogIoMode::Ficon, 2, 4, 4),
        (WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, 8, 15, 196_924, LogIoMode::Ficon, 2, 4, 8),
    ];
    for (kind, syncpoint, tasks, queues, size, io_mode, copies, stripes, cpus) in cases {
        let mut sc = persistent_tasks(kind, syncpoint, tasks, queues, size, 1);
        let label = format!("{kind:?} {syncpoint:?}: {tasks} tasks on {queues} queues, {size} B over {io_mode:?}");
        let m = rates_agree_on_path(&label, &mut sc, size, (io_mode, copies, stripes), cpus, 0.10);
        forced_writes_agree(&label, &sc, &m, 0.15);
    }
}

#[test]
fn writes_of_many_mixed_commits_take_more_pages_smoothly_as_messages_grow() {
    // Nine requesters on their own private pairs in syncpoint over dual 4-stripe zHyperLink logs
    // on one processor: a write gathers four or five commits of three sizes, whose mixes span
    // too many page counts to enumerate (commit::ForceSizes). Priced at the normal's three
    // points rounded up to whole pages, the model's force wait jumped 15% between messages of
    // 2,387 and 2,420 bytes, from 2% fast to 8% slow, where the simulation's moved 1%.
    for size in [2_300, 2_387, 2_436, 2_500] {
        let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::InSyncpoint, 9, 15, size, 1);
        let label = format!("9 requesters on 15 pairs in syncpoint, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 2, 4), 1, 0.05);
    }
}

#[test]
fn pairs_with_fewer_servers_bind_where_the_servers_do_not_divide_evenly() {
    // 27 requesters on 9 private pairs over zHPF, three a pair: with 12 to 16 servers some pairs
    // have one server and some two (tasks are placed on the pairs in turn), and the pairs with
    // one bind while a pair's two servers idle whenever fewer than two of its three requests are
    // out. Priced at the average counts (1.3 to 1.8 servers a pair for every pair), the model
    // kept every server busy and was up to 24% fast; pair by pair it follows the simulation's
    // throughput down as servers are added, not up to a peak at 13.
    for servers in [12, 13, 14] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 27, servers, 9, 407);
        let label = format!("27 requesters with {servers} servers on 9 pairs");
        rates_agree_on_path(&label, &mut sc, 407, (LogIoMode::Zhpf, 1, 2), 2, 0.06);
    }
}

#[test]
fn commits_that_fill_two_writes_keep_the_logger_streaming_below_the_write_threshold() {
    // 18 requesters on 16 private pairs committing messages just below the write threshold over
    // zHyperLink: their commits together hold well over two full writes, so the logger writes
    // full writes one after another and runs at its ceiling on both sides of the threshold.
    // Priced as forces gathered write by write, the model left 8% of the ceiling unused below
    // the threshold and was 8-9% slow there, within 1% above it.
    for size in [70_000, 75_694, 79_000] {
        let mut sc = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::InSyncpoint, 18, 16, size, 1);
        let label = format!("18 requesters on 16 pairs in syncpoint, {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhyperlink, 1, 2), 4, 0.05);
    }
}

#[test]
fn fewer_servers_than_requesters_agree_with_the_model() {
    // A pair's requesters queue for its servers as closed loops (a requester waiting for a server
    // puts nothing more); a busy server finds the next request queued and is not posted; busy
    // servers pace the requesters beyond their number, so those join no lock convoy. The model
    // settles these in rounds (request_reply::solve_near).
    use Persistence::{NonPersistent as Np, Persistent as P};
    use SyncpointMode::{InSyncpoint as In, OutOfSyncpoint as Out};
    // (persistence, syncpoint, requesters, servers, pairs, processors, tolerance)
    let cases: [(Persistence, SyncpointMode, u32, u32, u32, u32, f64); 19] = [
        (Np, Out, 32, 8, 1, 3, 0.10),
        (Np, Out, 16, 4, 1, 3, 0.10),
        (Np, Out, 16, 4, 4, 3, 0.10),
        (Np, Out, 4, 2, 1, 3, 0.10),
        (Np, Out, 4, 2, 2, 3, 0.10),
        (Np, Out, 6, 2, 2, 3, 0.10),
        (Np, Out, 12, 3, 3, 3, 0.10),
        (Np, Out, 2, 1, 1, 16, 0.10),
        (P, In, 32, 8, 1, 3, 0.10),
        (P, In, 16, 4, 4, 3, 0.10),
        (P, In, 6, 2, 2, 3, 0.10),
        (P, Out, 8, 4, 2, 3, 0.10),
        (P, Out, 8, 2, 2, 3, 0.10),
        (P, Out, 4, 2, 1, 3, 0.10),
        (P, Out, 2, 1, 1, 3, 0.10),
        (P, Out, 8, 2, 1, 3, 0.10),
        (P, Out, 4, 1, 1, 3, 0.10),
        // On a lone pair, nonpersistent and server-bound, the servers meet fewer of the locks'
        // users than the requesters do (12-15% off while they were priced the same).
        (Np, Out, 8, 2, 1, 3, 0.10),
        (Np, Out, 3, 1, 1, 16, 0.10),
    ];
    for (persistence, syncpoint, requesters, servers, pairs, cpus, tolerance) in cases {
        let sc = scenario(|s| {
            s.workload.persistence = persistence;
            s.workload.syncpoint = syncpoint;
            s.workload.requesters = requesters;
            s.workload.servers = servers;
            s.workload.queue_pairs = pairs;
            s.system.lpar_cpus = cpus;
        });
        let m = run(&sc, 12, PLAN);
        let rr = model::request_reply::evaluate(&sc);
        let label = format!(
            "{persistence:?} {syncpoint:?}: {requesters} requesters, {servers} servers, {pairs} pairs, {cpus} processors"
        );
        within(&format!("{label} transactions/s"), m.transactions_per_s.mean, rr.transactions_s, tolerance);
        within(&format!("{label} round trip"), m.round_trip_us.mean, rr.round_trip_us, tolerance);
    }
}

#[test]
fn records_just_past_the_write_threshold_over_several_queue_managers_gather_as_below_it() {
    // 64 requesters with a server each on 6 pairs shared by two queue managers, over dual
    // 4-stripe zHPF on two processors. Each put forces its own record at once, so a record past
    // the write threshold starts no write sooner in the simulation, which runs 6% slower at
    // 88,657 B than at 79,000. Priced by the streaming logger past the threshold, the model fell
    // 14% and was 9-10% slow.
    for size in [79_000, 88_657] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 64, 64, 6, size);
        shared_over(&mut sc, 2, 2);
        let label = format!("64 requesters on 6 pairs over 2 queue managers at {size} B");
        rates_agree_on_path(&label, &mut sc, size, (LogIoMode::Zhpf, 2, 4), 2, 0.08);
    }
}

#[test]
fn busy_servers_pace_only_the_requesters_that_waited_for_them() {
    // 54 requesters on 7 private pairs at 61,710 B out of syncpoint over zHPF: the simulation
    // holds about 1,990 a second with 32 servers, 35 or 36. Counting every request that waits
    // for a server as a pacing pair, the model's force chains jumped with the share of waiting
    // requests, which stepped at each whole number of servers a pair: 1,697 and 1,682 a second
    // with 32 and 35 servers (15-17% slow), 2,033 with 36.
    for servers in [32, 35, 36] {
        let mut sc = request_reply_with_servers(SyncpointMode::OutOfSyncpoint, 54, servers, 7, 61_710);
        let label = format!("54 requesters with {servers} servers on 7 private pairs");
        rates_agree_on_path(&label, &mut sc, 61_710, (LogIoMode::Zhpf, 2, 1), 8, 0.08);
    }
}

#[test]
fn persistent_request_reply_with_many_requesters_agrees_with_the_model() {
    // The committers a write releases come back a few microseconds later, just after the next
    // write started, and wait for nearly all of it: the model's force wait follows that convoy
    // (commit::log_force_on), so throughput, round trip and log rate agree within 10%.
    for requesters in [16, 64] {
        let sc = scenario(|s| {
            s.workload.requesters = requesters;
            s.workload.servers = requesters;
            s.workload.queue_pairs = requesters;
            s.workload.persistence = Persistence::Persistent;
            s.workload.syncpoint = SyncpointMode::InSyncpoint;
        });
        let m = run(&sc, 5, PLAN);
        let c = model::commit::evaluate(&sc);
        let label = format!("{requesters} requesters");
        rates_agree(&label, &sc, &m, 0.10);
        // Departure: with dozens of committers per write the model's force wait runs up to about
        // a quarter above the simulation's while the round trip it implies stays within 10%; the
        // model's single average wait does not capture how the simulated convoy splits the
        // committers between writes.
        within(&format!("{label} force wait"), m.force_wait_us.mean, c.force_wait_us, 0.25);
        // Aggregation emerges: several commits share each write.
        assert!(m.force_requests_per_s.mean / m.log_writes_per_s.mean > 2.0);
    }
}

#[test]
fn persistent_request_reply_agrees_with_the_model_across_requester_counts() {
    for requesters in [4, 16, 64] {
        for syncpoint in [SyncpointMode::InSyncpoint, SyncpointMode::OutOfSyncpoint] {
            for (io_mode, size, copies, stripes) in [
                (LogIoMode::Zhpf, 2048, 2, 1),
                (LogIoMode::Ficon, 32 * 1024, 1, 4),
                (LogIoMode::Zhyperlink, 32 * 1024, 2, 4),
            ] {
                let sc = scenario(|s| {
                    s.workload.requesters = requesters;
                    s.workload.servers = requesters;
                    s.workload.queue_pairs = requesters;
                    s.workload.persistence = Persistence::Persistent;
                    s.workload.syncpoint = syncpoint;
                    log_path(s, size, io_mode, copies, stripes);
                });
                let label = format!("{requesters} requesters {syncpoint:?} {io_mode:?} {size}B {copies}x{stripes}");
                let m = run(&sc, 12, PLAN);
                rates_agree(&label, &sc, &m, 0.10);
            }
        }
    }
}

fn persistent_out_of_syncpoint(requesters: u32, pairs: u32, f: impl FnOnce(&mut Scenario)) -> Scenario {
    scenario(|s| {
        s.workload.requesters = requesters;
        s.workload.servers = requesters;
        s.workload.queue_pairs = pairs;
        s.workload.persistence = Persistence::Persistent;
        s.workload.syncpoint = SyncpointMode::OutOfSyncpoint;
        f(s);
    })
}

#[test]
fn a_lone_record_past_the_write_threshold_out_of_syncpoint_goes_out_in_one_write() {
    // The put's record starts a write as soon as it is in the buffers, and the put's force
    // waits for that write: a put or get out of syncpoint has no commit record after its data.
    // Forcing a write of its own after it had the simulation 21% slower at 128 KB.
    let plan = RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 };
    for size in [128 * 1024, 300 * 1024] {
        for (io_mode, copies, stripes) in
            [(LogIoMode::Ficon, 1, 1), (LogIoMode::Zhpf, 2, 4), (LogIoMode::Zhyperlink, 2, 4)]
        {
            let sc = persistent_out_of_syncpoint(1, 1, |s| log_path(s, size, io_mode, copies, stripes));
            let m = run(&sc, 23, plan);
            let label = format!("lone requester, {size} B {io_mode:?} {copies}x{stripes}");
            agree_with_model(&label, &sc, &m);
            let writes_per_round_trip = m.log_writes_per_s.mean / m.transactions_per_s.mean;
            within(&format!("{label} writes a round trip"), writes_per_round_trip, 4.0, 0.02);
        }
    }
}

#[test]
fn requesters_that_do_not_divide_evenly_over_the_pairs_agree_with_the_model() {
    // Requesters are spread over the pairs in turn, so 21 on 20 pairs convoy on one pair only.
    // Taking the busiest queue's count for every queue had the model up to 36% slow; the queues'
    // average prices the mix, the convoy's wait growing in step with its users.
    let kib = 1024;
    // (requesters, pairs, I/O path, copies, stripes, size, processors)
    let cases = [
        (21, 20, LogIoMode::Zhpf, 1, 4, kib / 2, 3),
        (26, 25, LogIoMode::Zhpf, 1, 3, kib / 2, 1),
        (9, 8, LogIoMode::Zhpf, 2, 4, kib, 3),
        (5, 4, LogIoMode::Zhpf, 2, 4, kib, 3),
        (13, 4, LogIoMode::Zhpf, 2, 4, kib, 3),
        (17, 16, LogIoMode::Ficon, 1, 1, 8 * kib, 3),
        (7, 3, LogIoMode::Ficon, 1, 1, 8 * kib, 3),
    ];
    for (requesters, pairs, io_mode, copies, stripes, size, cpus) in cases {
        let sc = persistent_out_of_syncpoint(requesters, pairs, |s| {
            log_path(s, size, io_mode, copies, stripes);
            s.system.lpar_cpus = cpus;
        });
        let m = run(&sc, 26, PLAN);
        let label = format!("{requesters} requesters on {pairs} pairs, {size} B {io_mode:?} {copies}x{stripes}");
        rates_agree(&label, &sc, &m, 0.10);
    }
}

#[test]
fn messages_past_the_log_output_buffers_agree_with_the_model() {
    // A unit of work whose data outgrows the log output buffers (4000 KB) makes its put wait for
    // the logger to write the excess: the requester's and, with the servers in syncpoint, the
    // server's reply. Leaving that wait out of the round trip had the model up to 27% fast at
    // 16 MB in syncpoint. Out of syncpoint each put forces its record whole.
    let plan = RunPlan { warmup_s: 1.0, run_s: 20.0, batches: 10 };
    let mut checked = 0;
    for size in [4 * 1024 * 1024, 16 * 1024 * 1024] {
        for (io_mode, copies, stripes) in
            [(LogIoMode::Ficon, 1, 1), (LogIoMode::Zhpf, 2, 4), (LogIoMode::Zhyperlink, 2, 4)]
        {
            for syncpoint in [SyncpointMode::InSyncpoint, SyncpointMode::OutOfSyncpoint] {
                for requesters in [1, 4] {
                    let sc = persistent_out_of_syncpoint(requesters, requesters, |s| {
                        log_path(s, size, io_mode, copies, stripes);
                        s.workload.syncpoint = syncpoint;
                    });
                    let m = run(&sc, 25, plan);
                    let label =
                        format!("{size} B {io_mode:?} {copies}x{stripes} {syncpoint:?}, {requesters} requesters");
                    rates_agree(&label, &sc, &m, 0.10);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn puts_outside_syncpoint_collapse_on_one_queue_pair_and_recover_as_pairs_grow() {
    let alone = run(&persistent_out_of_syncpoint(1, 1, |_| {}), 6, PLAN).transactions_per_s.mean;
    let rates: Vec<f64> = [1, 4, 16, 64]
        .iter()
        .map(|&k| run(&persistent_out_of_syncpoint(64, k, |_| {}), 6, PLAN).transactions_per_s.mean)
        .collect();
    // 64 requesters on one pair: every put holds the request queue's lock over a forced write,
    // so they go one write at a time and 64 tasks do little better than one.
    assert!(rates[0] < 3.0 * alone, "one pair: {} vs alone {alone}", rates[0]);
    // More pairs, more locks, more puts sharing each write.
    assert!(rates.windows(2).all(|w| w[1] > 1.3 * w[0]), "{rates:?}");
    assert!(rates[3] > 8.0 * rates[0], "{rates:?}");
}

#[test]
fn implicit_syncpoint_matches_explicit_syncpoint_and_beats_the_held_lock() {
    let held = run(&persistent_out_of_syncpoint(64, 1, |_| {}), 7, PLAN);
    let implicit = run(&persistent_out_of_syncpoint(64, 1, |s| s.workload.implicit_syncpoint = true), 7, PLAN);
    let explicit = run(
        &persistent_out_of_syncpoint(64, 1, |s| {
            s.workload.syncpoint = SyncpointMode::InSyncpoint;
        }),
        7,
        PLAN,
    );
    within("implicit vs explicit", implicit.transactions_per_s.mean, explicit.transactions_per_s.mean, 0.25);
    assert!(implicit.transactions_per_s.mean > 4.0 * held.transactions_per_s.mean);
}

#[test]
fn implicit_syncpoint_in_the_log_and_batch_tests_agrees_with_the_model() {
    // The log test's and the batch's tasks share their queues with no servers: once enough of
    // them have a queue open for output, their puts are committed implicitly, hold no lock
    // across a force and force independently. Taking the (absent) servers' puts to hold the lock
    // had the model convoy them, up to 50% slow.
    for (kind, tasks, queues, size) in [
        (WorkloadKind::LogUpperBound, 8, 1, 2048),
        (WorkloadKind::LogUpperBound, 8, 4, 2048),
        (WorkloadKind::LogUpperBound, 55, 4, 83 * 1024),
        (WorkloadKind::BatchPut, 8, 4, 2048),
    ] {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, tasks, queues, size, 1);
        sc.workload.implicit_syncpoint = true;
        let m = run(&sc, 27, PLAN);
        rates_agree(&format!("{kind:?}: {tasks} tasks on {queues} queues, {size} B, implicit"), &sc, &m, 0.10);
    }
}

#[test]
fn implicit_syncpoint_alone_costs_two_writes_per_put() {
    // One requester, threshold 1: the put's record is written, then the commit forces another write.
    let sc = persistent_out_of_syncpoint(1, 1, |s| {
        s.workload.implicit_syncpoint = true;
        s.workload.impl_sync_open_output = 1;
        s.workload.server_syncpoint = Some(SyncpointMode::InSyncpoint);
    });
    let plain = persistent_out_of_syncpoint(1, 1, |s| s.workload.server_syncpoint = Some(SyncpointMode::InSyncpoint));
    let (a, b) = (run(&sc, 8, PLAN), run(&plain, 8, PLAN));
    // Writes per transaction: requester put (1 or 2), requester get (1), server commit (1).
    let per_txn = |m: &SimMetrics| m.log_writes_per_s.mean / m.transactions_per_s.mean;
    within("implicit writes per transaction", per_txn(&a), 4.0, 0.02);
    within("plain writes per transaction", per_txn(&b), 3.0, 0.02);
}

#[test]
fn implicit_syncpoint_alone_on_each_queue_managers_log_writes_the_record_then_the_commit_record() {
    // Two tasks on a shared queue over two queue managers: each logs its puts on its own queue
    // manager's log, alone there, so each implicitly committed put waits for its record's write
    // and then for a write of its commit record alone (one page), however large the record.
    // Counting the group's two tasks as company on one log, the model was 42% fast at 8.7 KB;
    // pricing the second write at the record's size, 31% slow at 104 KB.
    for (kind, size, io_mode) in [
        (WorkloadKind::BatchPut, 8_732, LogIoMode::Zhpf),
        (WorkloadKind::BatchPut, 104_077, LogIoMode::Zhpf),
        (WorkloadKind::LogUpperBound, 1_635, LogIoMode::Ficon),
    ] {
        let mut sc = persistent_tasks(kind, SyncpointMode::OutOfSyncpoint, 2, 1, size, 2);
        sc.workload.implicit_syncpoint = true;
        shared_over(&mut sc, 2, 1);
        rates_agree_on_path(
            &format!("{kind:?} alone on each log at {size} B"),
            &mut sc,
            size,
            (io_mode, 1, 2),
            1,
            0.10,
        );
    }
}

#[test]
fn queue_managers_without_an_application_add_no_log_to_the_group() {
    // Two batch tasks over three queue managers log on two of them; the third's log and LPAR
    // stand idle. Each unit of work here fills its log to the ceiling, so the group runs two
    // logs' worth: counting the third, the model gave half as many again (33% off).
    for (size, per_commit, stripes) in [(165_312, 94, 3), (114_899, 74, 2)] {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 2, 7, size, per_commit);
        shared_over(&mut sc, 3, 2);
        rates_agree_on_path(
            &format!("2 tasks over 3 queue managers, {per_commit} x {size} B"),
            &mut sc,
            size,
            (LogIoMode::Zhyperlink, 1, stripes),
            2,
            0.10,
        );
    }
}

#[test]
fn implicit_syncpoint_tasks_alone_on_some_queue_managers_logs_pay_the_commits_write() {
    // Four tasks (or chains) over three queue managers: one queue manager runs two, the other
    // two run one each, and those two pay a write of their commit record after their record's.
    // Counted as company all, the model was 10-13% fast.
    let mut log_test = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::OutOfSyncpoint, 4, 3, 505, 1);
    log_test.workload.implicit_syncpoint = true;
    shared_over(&mut log_test, 3, 8);
    rates_agree_on_path("4 log-test tasks over 3", &mut log_test, 505, (LogIoMode::Zhyperlink, 1, 1), 8, 0.10);
    let mut chains = persistent_tasks(WorkloadKind::RequestReply, SyncpointMode::OutOfSyncpoint, 4, 3, 260, 1);
    chains.workload.implicit_syncpoint = true;
    shared_over(&mut chains, 3, 4);
    rates_agree_on_path("4 request/reply chains over 3", &mut chains, 260, (LogIoMode::Zhyperlink, 2, 1), 4, 0.10);
}

#[test]
fn batch_tasks_uneven_over_the_queue_managers_run_each_log_at_its_own_count() {
    // Four tasks with queues of their own over three queue managers: one log takes two, two
    // take one. A lone task's large units keep its log at the ceiling as two tasks do, so four
    // run as three; priced at 1.33 tasks a log, the model streamed every log's units with the
    // logs 88% busy and was 13% slow.
    let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 4, 10, 232_968, 25);
    shared_over(&mut sc, 3, 16);
    let m =
        rates_agree_on_path("4 tasks over 3, 25 x 233 KB", &mut sc, 232_968, (LogIoMode::Zhyperlink, 1, 4), 16, 0.10);
    let mut three = sc.clone();
    three.workload.requesters = 3;
    three.workload.servers = 3;
    let m3 = run(&three, 23, PLAN);
    within("four tasks as three", m.transactions_per_s.mean, m3.transactions_per_s.mean, 0.05);
}

fn batch(messages_per_commit: u32) -> Scenario {
    scenario(|s| {
        s.workload.kind = WorkloadKind::BatchPut;
        s.workload.persistence = Persistence::Persistent;
        s.workload.syncpoint = SyncpointMode::InSyncpoint;
        s.workload.messages_per_commit = messages_per_commit;
        s.workload.message_size_bytes = 1024;
    })
}

#[test]
fn a_task_runs_on_across_its_calls_until_it_waits() {
    // Batches of 20 messages a commit over FICON on one processor: a task keeps the processor
    // through its put loop, so a third task adds work instead of bunching all three loops' ends
    // (and their commits) together. Taken call by call, three tasks made a fifth fewer commits a
    // second than two and the model was 47% fast.
    let tasks = |n: u32| {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, n, 10, 753, 20);
        log_path(&mut sc, 753, LogIoMode::Ficon, 1, 2);
        sc.system.lpar_cpus = 1;
        sc
    };
    let (two, three) = (tasks(2), tasks(3));
    let (m2, m3) = (run(&two, 5, PLAN), run(&three, 5, PLAN));
    assert!(
        m3.transactions_per_s.mean > 1.1 * m2.transactions_per_s.mean,
        "three tasks {} vs two {} commits a second",
        m3.transactions_per_s.mean,
        m2.transactions_per_s.mean
    );
    within(
        "three batch tasks on one processor, commits/s",
        m3.transactions_per_s.mean,
        model::request_reply::evaluate(&three).transactions_s,
        0.10,
    );
}

#[test]
fn batch_tasks_that_one_write_releases_keep_in_step_where_their_puts_outlast_a_write() {
    // A write releases its commits together; tasks that then take turns at a lock, or at the
    // processors, or simply put long, finish together and commit together. Where a half of
    // them puts for longer than the other half's data takes to write, two halves cannot
    // alternate at the logger and the log's tasks move as one group: taken as arriving at
    // random, 5 tasks on one queue were 15% model fast and 3 on one processor 12%. Units of
    // work that end well within a write keep alternating (5 tasks of 13 puts: priced as one
    // group, 19% model slow).
    let cases = [
        ("5 tasks on one queue, 39 puts a commit", 5, 1, 1439, 39, LogIoMode::Zhpf, 1, 1, 2),
        ("3 tasks on one processor, 41 puts a commit", 3, 3, 753, 41, LogIoMode::Ficon, 1, 2, 1),
        ("5 tasks on their own queues, 13 puts a commit", 5, 9, 703, 13, LogIoMode::Ficon, 1, 3, 4),
    ];
    for (label, tasks, queues, size, per_commit, io_mode, copies, stripes, cpus) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, tasks, queues, size, per_commit);
        log_path(&mut sc, size, io_mode, copies, stripes);
        sc.system.lpar_cpus = cpus;
        let m = run(&sc, 29, RunPlan { warmup_s: 0.2, run_s: 3.0, batches: 10 });
        rates_agree(label, &sc, &m, 0.10);
    }
}

#[test]
fn batch_groups_that_the_processors_pace_keep_in_step_only_on_one_processor_within_a_write() {
    // Where the processors set a group's put phase, a half group that comes back while the other
    // is still putting shares the processors turn by turn and stays behind: the halves keep
    // alternating and the processors busy. Priced as one group, 22 tasks on three processors
    // were 14% model slow (their halves' phase 0.93 of a write) and 3 tasks on one processor
    // 19% (1.5 of a write).
    let cases = [
        ("22 batch tasks on 13 queues, three processors", 22, 13, 3),
        ("3 batch tasks on their own queues, one processor", 3, 3, 1),
    ];
    for (label, tasks, queues, cpus) in cases {
        let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, tasks, queues, 374, 38);
        rates_agree_on_path_seeded(label, &mut sc, 374, (LogIoMode::Zhpf, 1, 2), cpus, 29, 0.08);
    }
}

#[test]
fn batch_halves_whose_units_outgrow_a_write_come_back_apart_unless_a_lock_gathers_them() {
    // A half group whose units of work fill more than a full write has its commits released a
    // few at each of the writes that stream them; with no lock they share to gather them again
    // turn by turn, the tasks stay apart and the logger busy. Priced as one group on one
    // processor, 5 tasks on their own queues at 2.7 KB, 71 a commit, were 16% model slow and 25
    // tasks on 14 queues at 1.2 KB, 67 a commit, 12%.
    let cases = [
        ("5 batch tasks on 5 queues at 2,740 B", 5, 5, 2_740, 71, (LogIoMode::Ficon, 1, 3)),
        ("25 batch tasks on 14 queues at 1,250 B", 25, 14, 1_250, 67, (LogIoMode::Ficon, 2, 2)),
    ];
    for (label, tasks, queues, size, per_commit, path) in cases {
        let mut sc =
            persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, tasks, queues, size, per_commit);
        rates_agree_on_path_seeded(label, &mut sc, size, path, 1, 29, 0.06);
    }
}

#[test]
fn a_busy_servers_commit_meets_the_write_its_release_set_off_over_zhyperlink() {
    // In syncpoint a server's commit releases the requester it replied to, whose commit starts a
    // write just before the server's next one comes: behind a zHyperLink logger's own work after
    // each write, the server waits for that write and then its own, longer than the average
    // force. Priced at the average, servers that bind were 25-34% model fast.
    let cases = [
        ("4 requesters with one server on one pair at 13.7 KB", 4, 1, 1, 13_713, 4),
        ("40 requesters with 6 servers on 5 pairs at 877 B", 40, 6, 5, 877, 16),
    ];
    for (label, requesters, servers, pairs, size, cpus) in cases {
        let mut sc = scenario(|s| {
            s.workload.kind = WorkloadKind::RequestReply;
            s.workload.persistence = Persistence::Persistent;
            s.workload.syncpoint = SyncpointMode::InSyncpoint;
            (s.workload.requesters, s.workload.servers, s.workload.queue_pairs) = (requesters, servers, pairs);
            s.workload.message_size_bytes = size;
        });
        rates_agree_on_path(label, &mut sc, size, (LogIoMode::Zhyperlink, 1, 3), cpus, 0.08);
    }
}

#[test]
fn log_test_tasks_a_zhyperlink_write_releases_together_queue_at_their_locks_as_processors_allow() {
    // In syncpoint a write releases its commits together and each task goes straight to its
    // queue's lock: up to as many as the processors run at once arrive there as a batch. Priced
    // as random arrivals, 57 tasks on 3 queues on sixteen processors were 10% model fast.
    let mut sc = persistent_tasks(WorkloadKind::LogUpperBound, SyncpointMode::InSyncpoint, 57, 3, 1_938, 1);
    let label = "57 log-test tasks on 3 queues over zHyperLink";
    rates_agree_on_path_seeded(label, &mut sc, 1_938, (LogIoMode::Zhyperlink, 1, 4), 16, 29, 0.07);
}

#[test]
fn a_shared_queues_convoy_meets_the_others_on_whichever_log_its_holder_forces() {
    // Out of syncpoint each put holds its queue's lock across its force, so a queue's tasks move
    // as one convoy, and its forces go to the log of whichever queue manager the holder runs on.
    // With as many queue managers as convoys the even share put one convoy on each log and no
    // other ever there; placed by chance, a force finds each other convoy at its log one time in
    // the number of logs. Counted as alone, 32 batch tasks on 2 queues over 2 queue managers
    // were 16-19% model fast.
    let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::OutOfSyncpoint, 32, 2, 4_550, 62);
    log_path(&mut sc, 4_550, LogIoMode::Ficon, 2, 1);
    shared_over(&mut sc, 2, 1);
    let m = run(&sc, 23, RunPlan { warmup_s: 0.5, run_s: 6.0, batches: 10 });
    rates_agree("32 batch tasks on 2 shared queues over 2 LPARs", &sc, &m, 0.10);
}

#[test]
fn a_units_records_past_a_full_write_go_out_in_full_writes_in_syncpoint() {
    // In syncpoint a unit of work's records follow one another in the log buffers, so records
    // larger than a write still go out in full writes; split record by record into even halves
    // the model's logger wrote nearly twice as often as the simulation's and was slow.
    let mut sc = persistent_tasks(WorkloadKind::BatchPut, SyncpointMode::InSyncpoint, 8, 4, 600_000, 10);
    log_path(&mut sc, 600_000, LogIoMode::Zhpf, 1, 4);
    sc.system.lpar_cpus = 2;
    let m = run(&sc, 31, RunPlan { warmup_s: 0.5, run_s: 8.0, batches: 10 });
    rates_agree("8 batch tasks committing 10 puts of 600 KB", &sc, &m, 0.10);
}

#[test]
fn a_loop_that_never_waits_still_gives_up_its_processor_in_turn() {
    // Nonpersistent puts on private queues never wait: without a limit on how long a task runs on,
    // the first task dispatched would keep the processor and the others never run, so a put
    // would take one task's CPU, not four tasks' share of the processor.
    let mut sc = scenario(|s| {
        s.workload.kind = WorkloadKind::BatchPut;
        s.workload.persistence = Persistence::NonPersistent;
        s.workload.syncpoint = SyncpointMode::OutOfSyncpoint;
        s.workload.requesters = 4;
        s.workload.servers = 4;
        s.workload.queue_pairs = 4;
        s.workload.message_size_bytes = 1024;
        s.workload.messages_per_commit = 1;
    });
    sc.system.lpar_cpus = 1;
    let m = run(&sc, 13, PLAN);
    let rr = model::request_reply::evaluate(&sc);
    within("four put loops on one processor, puts/s", m.transactions_per_s.mean, rr.transactions_s, 0.10);
    within("four put loops on one processor, time a put", m.round_trip_us.mean, rr.round_trip_us, 0.10);
}

#[test]
fn batching_commits_cuts_elapsed_time_per_message() {
    let per_message: Vec<f64> =
        [1, 10, 100].iter().map(|&s| 1.0e6 / run(&batch(s), 9, PLAN).messages_per_s.mean).collect();
    assert!(per_message.windows(2).all(|w| w[1] < 0.5 * w[0]), "{per_message:?}");
    for s in [1, 10] {
        let sc = batch(s);
        let m = run(&sc, 9, PLAN);
        within(
            &format!("batch {s} messages/s"),
            m.messages_per_s.mean,
            model::request_reply::evaluate(&sc).messages_s,
            0.10,
        );
    }
}

#[test]
fn the_log_upper_bound_test_approaches_the_log_ceiling() {
    let sc = scenario(|s| {
        s.workload.kind = WorkloadKind::LogUpperBound;
        s.workload.persistence = Persistence::Persistent;
        s.workload.syncpoint = SyncpointMode::InSyncpoint;
        s.workload.requesters = 3;
        s.workload.message_size_bytes = 1024 * 1024;
    });
    let m = run(&sc, 10, PLAN);
    let ceiling = model::log::max_log_rate_mb_s(&sc);
    assert!(m.log_rate_mb_s.mean <= ceiling * 1.01, "{} > {ceiling}", m.log_rate_mb_s.mean);
    assert!(m.log_rate_mb_s.mean >= ceiling * 0.8, "{} far below {ceiling}", m.log_rate_mb_s.mean);
}

#[test]
fn zhyperlink_writes_synchronously_with_enough_pfids_and_falls_back_with_too_few() {
    let zhl = |pfids: u32| {
        scenario(|s| {
            s.workload.requesters = 64;
            s.workload.servers = 64;
            s.workload.queue_pairs = 64;
            s.workload.persistence = Persistence::Persistent;
            s.workload.syncpoint = SyncpointMode::InSyncpoint;
            s.workload.message_size_bytes = 100 * 1024;
            s.log.io_mode = LogIoMode::Zhyperlink;
            s.log.zhyperlink_pfids = pfids;
        })
    };
    let many = run(&zhl(16), 11, PLAN);
    let few = run(&zhl(1), 11, PLAN);
    assert!(many.sync_write_fraction.mean > 0.95, "{:?}", many.sync_write_fraction);
    assert!(few.sync_write_fraction.mean < 0.9, "{:?}", few.sync_write_fraction);
    assert!(few.pfid_utilisation > many.pfid_utilisation);
}

#[test]
fn a_run_is_fixed_by_its_seed() {
    let sc = persistent_out_of_syncpoint(8, 2, |_| {});
    assert_eq!(run(&sc, 1, PLAN), run(&sc, 1, PLAN));
    // CPU bursts are random: another seed gives another (non-persistent, CPU-bound) run.
    let cpu_bound = scenario(|s| s.workload.requesters = 4);
    assert_ne!(run(&cpu_bound, 1, PLAN).round_trip_us, run(&cpu_bound, 2, PLAN).round_trip_us);
}

#[test]
fn the_trace_and_series_stay_bounded_and_describe_the_run() {
    let sc = persistent_out_of_syncpoint(4, 2, |s| s.workload.syncpoint = SyncpointMode::InSyncpoint);
    let options = SimOptions {
        plan: RunPlan { warmup_s: 0.1, run_s: 1.0, batches: 10 },
        chunk_records: 1000,
        history_chunks: 8,
        series_interval_s: 0.01,
        series_capacity: 50,
        ..SimOptions::default()
    };
    let mut sim = MqSimulation::new(&sc, 1, options);
    sim.advance_to(0.05);
    let first = sim.trace_mut().take_chunk().expect("a chunk within 50 ms");
    assert_eq!(first.len(), 1000);
    assert!(first.time_s.windows(2).all(|w| w[0] <= w[1]), "records in time order");
    let nodes = sim.topology().nodes.len() as u16;
    assert!(first.from.iter().chain(&first.to).all(|&n| n < nodes));
    sim.advance_to(1.1);
    assert!(sim.trace_mut().pending_chunks() <= 8);
    assert!(sim.series().time_s.len() <= 50);
    let totals = *sim.trace_mut().totals();
    assert!(totals[TraceKind::Put as usize] > 0 && totals[TraceKind::Get as usize] > 0);
    assert!(totals[TraceKind::AsyncIoStart as usize] > 0 && totals[TraceKind::IoEnd as usize] > 0);
    let m = sim.steady_state();
    assert!(m.transactions_per_s.mean > 0.0 && m.events > 0);
}

#[test]
fn the_step_profile_accounts_for_the_round_trip_step_by_step() {
    // A requester's steps follow one another with nothing between, so the time from each to the
    // next, per transaction, adds up to the round trip; a lock held across forces shows as the
    // wait at its `Lock` step.
    let sc = persistent_out_of_syncpoint(8, 1, |_| {});
    let plan = RunPlan { warmup_s: 0.2, run_s: 2.0, batches: 10 };
    let mut sim = run_to_end(&sc, 5, SimOptions { plan, trace: false, profile: true, ..SimOptions::default() });
    let m = sim.steady_state();
    let rows = sim.step_profile().expect("profiled");
    let requester: Vec<_> = rows.iter().filter(|r| r.role == "requester").collect();
    let total_us: f64 = requester.iter().map(|r| r.per_transaction_us).sum();
    within("the requester's steps against its round trip", total_us, m.round_trip_us.mean, 0.02);
    let lock_us: f64 = requester.iter().filter(|r| r.op.starts_with("Lock")).map(|r| r.per_transaction_us).sum();
    assert!(lock_us > 0.2 * total_us, "eight requesters on one pair convoy at its locks: {requester:?}");
    assert!(requester.iter().all(|r| r.visits > 0 && r.mean_us >= 0.0), "{requester:?}");
    let mut plain = MqSimulation::new(&sc, 5, SimOptions { plan, trace: false, ..SimOptions::default() });
    plain.advance_to(0.1);
    assert!(plain.step_profile().is_none(), "only a profiled run times its steps");
}
