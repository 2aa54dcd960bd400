//! Channels in the simulation against `model::channel`, and SVRCONN conversation sharing.
//!
//! Consistency with the model holds within 10% for throughput below saturation, for CPU per
//! message at each end, for the achieved batch size at every load, with and without BATCHINT,
//! and for the saturated rate. The model's batch is the simulation's mechanism on mean costs: the
//! arrivals of a turnaround (`a`) open the next batch, `a + e^-a` on average, the turnaround
//! includes the receiver's work on the batch's last message and, for persistent messages, the
//! sender's commit waiting out the putters' write in flight on the sending log, and sending lets
//! in the arrivals of each send. Both take an MCA's work on a message as its mean cost, which is
//! all the seeds give of it.

use mqpx::model;
use mqpx::model::channel::{CHANNEL_CPU_PER_BATCH_Z900_MS, processor_cpu_factor};
use mqpx::scenario::{Persistence, Scenario, SyncpointMode, WorkloadKind};
use mqpx::sim::mq::{MqSimulation, SimMetrics, SimOptions, run};
use mqpx::sim::stats::RunPlan;
use mqpx::sim::trace::{NodeKind, TraceKind};

const PLAN: RunPlan = RunPlan { warmup_s: 0.2, run_s: 2.0, batches: 10 };

fn channel_scenario(f: impl FnOnce(&mut Scenario)) -> Scenario {
    let mut s = Scenario::default();
    s.workload.kind = WorkloadKind::ChannelMove;
    f(&mut s);
    s
}

/// The model evaluated at the rate the simulation's channel actually carried.
fn model_at(sc: &Scenario, m: &SimMetrics) -> model::channel::ChannelMetrics {
    let mut at = sc.clone();
    at.channel.message_rate_msgs_s = m.channel_messages_per_s.mean;
    model::channel::evaluate(&at)
}

fn within(name: &str, sim: f64, model: f64, tolerance: f64) {
    let error = (sim - model).abs() / model.abs().max(1e-12);
    assert!(error <= tolerance, "{name}: simulated {sim} vs model {model} ({:.1}% off)", error * 100.0);
}

/// The model's CPU per message at one end, with the end-of-batch work shared by the batch the
/// simulation achieved instead of the model's own batch (so a batch-size departure, bounded by its
/// own test, does not hide an error in the per-message costs).
fn cpu_at_batch(sc: &Scenario, model_us: f64, model_batch: f64, sim_batch: f64) -> f64 {
    let batch_us = CHANNEL_CPU_PER_BATCH_Z900_MS * processor_cpu_factor(sc.system.processor) * 1000.0;
    model_us - batch_us / model_batch + batch_us / sim_batch
}

fn grid(mut check: impl FnMut(&str, &Scenario, &SimMetrics)) {
    for size in [1024u32, 32 * 1024] {
        for batch in [1u32, 50] {
            for persistence in [Persistence::NonPersistent, Persistence::Persistent] {
                for putters in [1u32, 8] {
                    for share in [0.1, 0.4, 0.7] {
                        let mut sc = channel_scenario(|s| {
                            s.workload.message_size_bytes = size;
                            s.workload.persistence = persistence;
                            s.workload.syncpoint = SyncpointMode::InSyncpoint;
                            s.workload.requesters = putters;
                            s.channel.batch_size = batch;
                        });
                        sc.channel.message_rate_msgs_s = share * model::channel::evaluate(&sc).max_rate_msgs_s;
                        let m = run(&sc, 3, PLAN);
                        let label = format!("{size}B BATCHSZ({batch}) {persistence:?} {putters} putters at {share}");
                        check(&label, &sc, &m);
                    }
                }
            }
        }
    }
}

#[test]
fn throughput_and_cpu_per_message_agree_with_the_channel_model() {
    let mut checked = 0;
    grid(|label, sc, m| {
        let c = model_at(sc, m);
        let offered = model::channel::evaluate(sc);
        // One persistent putter in syncpoint waits for its own forced write each commit, so it
        // cannot offer more than about 4,000 messages a second whatever the channel could carry.
        let putter_bound = sc.workload.persistence == Persistence::Persistent
            && sc.workload.requesters == 1
            && offered.channel_rate_msgs_s > 3000.0;
        if putter_bound {
            assert!(m.channel_messages_per_s.mean < offered.channel_rate_msgs_s, "{label}");
        } else {
            within(&format!("{label} messages/s"), m.channel_messages_per_s.mean, offered.channel_rate_msgs_s, 0.10);
        }
        let n = m.achieved_batch_size.mean;
        let sender = cpu_at_batch(sc, c.sender_cpu_us_per_msg, c.achieved_batch_size, n);
        let receiver = cpu_at_batch(sc, c.receiver_cpu_us_per_msg, c.achieved_batch_size, n);
        within(&format!("{label} sender CPU/msg"), m.sender_cpu_us_per_msg.mean, sender, 0.10);
        within(&format!("{label} receiver CPU/msg"), m.receiver_cpu_us_per_msg.mean, receiver, 0.10);
        checked += 1;
    });
    assert_eq!(checked, 48);
}

#[test]
fn achieved_batch_size_agrees_with_the_model() {
    grid(|label, sc, m| {
        let c = model_at(sc, m);
        let n = m.achieved_batch_size.mean;
        let batch_size = sc.channel.batch_size;
        if batch_size == 1 {
            assert_eq!(n, 1.0, "{label}: BATCHSZ(1) sends every message as its own batch");
            return;
        }
        let ratio = n / c.achieved_batch_size;
        assert!((0.9..=1.1).contains(&ratio), "{label}: simulated {n} vs model {}", c.achieved_batch_size);
        assert!(n >= 1.0 && n <= f64::from(batch_size));
    });
}

#[test]
fn a_saturated_channel_sends_full_batches_at_about_the_models_maximum_rate() {
    for (size, batch) in [(1024u32, 50u32), (32 * 1024, 50), (1024, 1)] {
        let mut sc = channel_scenario(|s| {
            s.workload.message_size_bytes = size;
            s.workload.requesters = 8;
            s.channel.batch_size = batch;
        });
        let max = model::channel::evaluate(&sc).max_rate_msgs_s;
        sc.channel.message_rate_msgs_s = 2.0 * max;
        let m = run(&sc, 5, PLAN);
        let label = format!("{size}B BATCHSZ({batch})");
        assert!(m.achieved_batch_size.mean >= 0.98 * f64::from(batch), "{label}: {:?}", m.achieved_batch_size);
        let ratio = m.channel_messages_per_s.mean / max;
        assert!(
            (0.95..=1.02).contains(&ratio),
            "{label}: simulated {} vs model maximum {max}",
            m.channel_messages_per_s.mean
        );
    }
}

#[test]
fn achieved_batch_size_rises_with_the_number_of_putters() {
    // Each putter offers 200 messages a second (the 2003 report's drivers paused after each put).
    let sizes: Vec<f64> = [1u32, 8, 64, 256]
        .iter()
        .map(|&putters| {
            let sc = channel_scenario(|s| {
                s.workload.message_size_bytes = 1024;
                s.workload.requesters = putters;
                s.channel.batch_size = 50;
                s.channel.message_rate_msgs_s = 200.0 * f64::from(putters);
            });
            run(&sc, 7, PLAN).achieved_batch_size.mean
        })
        .collect();
    assert!(sizes.windows(2).all(|w| w[1] > w[0]), "{sizes:?}");
    assert!(sizes[0] < 1.02, "one putter: batches of one, {sizes:?}");
    assert!(sizes[3] > 49.0, "256 putters overrun the channel: full batches, {sizes:?}");
}

#[test]
fn batchint_holds_batches_open_and_receive_timeout_costs_cpu_per_batch() {
    let base = channel_scenario(|s| {
        s.workload.requesters = 4;
        s.channel.message_rate_msgs_s = 2000.0;
    });
    let held = Scenario {
        channel: mqpx::model::channel::ChannelConfig { batch_interval_ms: 5.0, ..base.channel.clone() },
        ..base.clone()
    };
    let (a, b) = (run(&base, 2, PLAN), run(&held, 2, PLAN));
    // 2,000 messages a second over a 5 ms BATCHINT: about 10 a batch, not about 1.
    assert!(a.achieved_batch_size.mean < 1.5 && b.achieved_batch_size.mean > 8.0, "{a:?} {b:?}");
    let c = model_at(&held, &b);
    within("BATCHINT batch", b.achieved_batch_size.mean, c.achieved_batch_size, 0.10);
    let timeout = Scenario {
        channel: mqpx::model::channel::ChannelConfig { receive_timeout: true, ..base.channel.clone() },
        ..base.clone()
    };
    let t = run(&timeout, 2, PLAN);
    let extra = t.sender_cpu_us_per_msg.mean - a.sender_cpu_us_per_msg.mean;
    let model_extra = model::channel::evaluate(&timeout).receive_timeout_cpu_us_per_msg;
    within("receive time-out CPU per message", extra, model_extra, 0.5);
}

#[test]
fn messages_move_putter_xmitq_sender_network_receiver_target_in_the_trace() {
    let sc = channel_scenario(|s| {
        s.workload.persistence = Persistence::Persistent;
        s.workload.requesters = 2;
        s.channel.message_rate_msgs_s = 500.0;
    });
    let mut sim = MqSimulation::new(&sc, 9, SimOptions { history_chunks: 1000, ..SimOptions::default() });
    sim.advance_to(0.2);
    sim.trace_mut().seal();
    let topo = sim.topology().clone();
    let kind_of = |n: u16| topo.nodes[usize::from(n)].kind;
    let label_of = |n: u16| topo.nodes[usize::from(n)].label.clone();
    let mut records = Vec::new();
    while let Some(c) = sim.trace_mut().take_chunk() {
        for i in 0..c.len() {
            records.push((c.message[i], c.from[i], c.to[i], c.kind[i]));
        }
    }
    let msg = records.iter().find(|r| r.3 == TraceKind::Put as u8 && kind_of(r.1) == NodeKind::Application).unwrap().0;
    let path: Vec<(String, String, u8)> = records
        .iter()
        .filter(|r| r.0 == msg && [TraceKind::Put as u8, TraceKind::Get as u8, TraceKind::Move as u8].contains(&r.3))
        .map(|r| (label_of(r.1), label_of(r.2), r.3))
        .collect();
    let hops: Vec<(&str, &str)> = path.iter().map(|(f, t, _)| (f.as_str(), t.as_str())).collect();
    let expected = [
        ("transmission queue", "sender channel"),
        ("sender channel", "network"),
        ("network", "receiver channel"),
        ("receiver channel", "target queue"),
    ];
    assert_eq!(path[0].1, "transmission queue", "{path:?}");
    assert_eq!(&hops[1..5], &expected, "{path:?}");
    let totals = sim.trace_mut().totals();
    assert!(totals[TraceKind::ChannelBatch as usize] > 0);
    let names = &sim.series().names;
    assert!(names.iter().any(|n| n == "xmitq_depth") && names.iter().any(|n| n == "network_busy_pct"));
    // Both queue managers log: the receiver its puts, the sender its gets' commit.
    let m = sim.steady_state();
    assert!(m.force_requests_per_s.mean >= 0.0);
}

fn client_scenario(sharecnv: u32, requesters: u32) -> Scenario {
    let mut s = Scenario::default();
    s.workload.requesters = requesters;
    s.workload.servers = requesters;
    s.workload.queue_pairs = requesters;
    s.connection.client_applications = true;
    s.connection.sharecnv = sharecnv;
    s.connection.curshcnv = sharecnv.max(1);
    s
}

#[test]
fn shared_conversations_queue_on_their_instance_and_unshared_ones_never_do() {
    let shared = run(&client_scenario(10, 10), 4, PLAN);
    let single = run(&client_scenario(1, 10), 4, PLAN);
    assert_eq!(single.client_instance_wait_us.mean, 0.0, "one conversation per instance never waits for it");
    assert!(shared.client_instance_wait_us.mean > 5.0, "{:?}", shared.client_instance_wait_us);
    assert!(
        shared.transactions_per_s.mean < 0.9 * single.transactions_per_s.mean,
        "SHARECNV(10) {} vs SHARECNV(1) {}",
        shared.transactions_per_s.mean,
        single.transactions_per_s.mean
    );
}

/// What a client's round trip adds to a local one, in microseconds: the request legs of the
/// requester's put and the server's put (each with the adapter and the message) and the reply
/// legs of the two gets (each with the message). The puts' replies and the gets' requests travel
/// while the other side works.
fn client_legs_us(client: &Scenario) -> f64 {
    let rtt_us = client.channel.network_round_trip_ms * 1000.0;
    let adapter_us = mqpx::sim::mq::svrconn::adapter_call_s(client) * 1.0e6;
    let wire_us =
        f64::from(client.workload.message_size_bytes) / (client.channel.network_bandwidth_mb_s * 1_048_576.0) * 1.0e6;
    4.0 * (rtt_us / 2.0 + wire_us) + 2.0 * adapter_us
}

#[test]
fn an_unshared_client_round_trip_adds_the_network_and_adapter_to_each_call() {
    let local = Scenario::default();
    let client = client_scenario(0, 1);
    let (l, c) = (run(&local, 6, PLAN), run(&client, 6, PLAN));
    let added_us = client_legs_us(&client);
    within("client round trip", c.round_trip_us.mean, l.round_trip_us.mean + added_us, 0.10);
    within("client throughput", c.transactions_per_s.mean, 1.0e6 / (l.round_trip_us.mean + added_us), 0.10);
}

#[test]
fn clients_of_shared_queues_add_their_network_legs_and_leave_the_cf_work_per_message_alone() {
    let shared = |s: &mut Scenario| s.workload.queue_type = mqpx::scenario::QueueType::Shared;
    let mut local = Scenario::default();
    shared(&mut local);
    let mut client = client_scenario(0, 1);
    shared(&mut client);
    let (l, c) = (run(&local, 7, PLAN), run(&client, 7, PLAN));
    // The same legs as over private queues: the channel sits in front of the queue manager and
    // the CF behind it.
    let added_us = client_legs_us(&client);
    within("shared client round trip", c.round_trip_us.mean, l.round_trip_us.mean + added_us, 0.10);
    assert!(c.cf_time_per_message_us.mean > 0.0, "client calls on shared queues still reach the CF");
    within("CF time per message", c.cf_time_per_message_us.mean, l.cf_time_per_message_us.mean, 0.10);
}

#[test]
fn a_shared_transmission_queue_takes_the_putters_cf_requests_while_the_channel_keeps_the_offered_rate() {
    let mut sc = channel_scenario(|s| {
        s.workload.queue_type = mqpx::scenario::QueueType::Shared;
        s.workload.queue_managers = 2;
        s.workload.requesters = 4;
    });
    let offered = 0.4 * model::channel::evaluate(&sc).max_rate_msgs_s;
    sc.channel.message_rate_msgs_s = offered;
    let sim = MqSimulation::new(&sc, 8, SimOptions { plan: PLAN, trace: false, ..SimOptions::default() });
    let links = sim.topology().nodes.iter().filter(|n| n.kind == NodeKind::CfLink).count();
    assert_eq!(links, sc.cf.links_per_lpar as usize, "only the putters' LPAR has CF links");
    let m = run(&sc, 8, PLAN);
    within("channel rate on a shared transmission queue", m.channel_messages_per_s.mean, offered, 0.10);
    assert!(m.cf_utilisation.mean > 0.0 && m.cf_time_per_message_us.mean > 0.0, "{m:?}");
}
