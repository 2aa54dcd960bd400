//! The application tasks of the reports' workloads, as small programs of MQ steps.
//!
//! Each task runs its role's program in a loop: take a queue's lock, spend CPU on an API call,
//! put or get a message, force the log, make a unit of work's messages visible, wait for a
//! message. The programs decide nothing about timing; the stations (processors, locks, logger,
//! I/O paths) do. Which steps a program has follows the rules of `model::commit`:
//!
//! - a persistent put out of syncpoint holds the queue's lock across its forced log write;
//! - inside syncpoint the lock covers only the put, and the commit forces the log;
//! - with ImplSyncOpenOutput in force (enough applications have the queue open for output) the
//!   put out of syncpoint becomes a put in syncpoint, a write of its record, and a commit;
//! - a persistent get out of syncpoint is its own unit of work and forces the log after the get.

use crate::model::commit::implicit_syncpoint_applies;
use crate::scenario::{Persistence, Scenario, SyncpointMode, WorkloadKind};

/// Which of a task's pair of queues a step uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueRole {
    /// The request queue of the task's pair (the common queue of the other workloads).
    Request,
    /// The reply queue of the task's pair.
    Reply,
}

/// Which API call a CPU burst prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    /// MQPUT.
    Put,
    /// MQGET.
    Get,
    /// MQCMIT.
    Commit,
}

/// One step of a task's program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// A client application's MQI call crosses the network and its SVRCONN channel instance
    /// before the queue manager runs it (see `svrconn`).
    ClientCall(Api),
    /// The call's reply crosses the network back to the client.
    ClientReply(Api),
    /// Take the queue's lock (waiting FCFS if it is held).
    Lock(QueueRole),
    /// Release the queue's lock.
    Unlock(QueueRole),
    /// Run an API call's CPU on the LPAR's processors.
    Cpu(Api),
    /// Put a message on the queue within the task's unit of work (its record goes to the log buffer).
    Put(QueueRole),
    /// Wait until a message for this task is on the queue and reserve it (MQGET with wait).
    WaitMessage(QueueRole),
    /// After being posted out of a wait: the dispatch latency and the post's CPU.
    Wake,
    /// Take the reserved message off the queue (its get record goes to the log buffer).
    Get(QueueRole),
    /// Wait until everything this task logged is on DASD, with a commit record of its own.
    Force,
    /// Wait until this task's records are on DASD, in the write in flight if it took them: a
    /// persistent put or get out of syncpoint is a unit of work of its own, logged whole.
    ForceRecords,
    /// Ask the logger to write the buffer without waiting for it.
    WriteRecord,
    /// The unit of work ends: its messages become visible to getters.
    Publish,
    /// A transaction (round trip, loop, unit of work) is complete.
    EndTransaction,
    /// Start the program again without ending a transaction (a server's loop).
    Restart,
    /// The application pauses between its units of work (a paced putter; see `channel`).
    Pause,
    /// Go back to step `to` `extra` more times (the puts of a batch).
    Repeat {
        /// Step index to return to.
        to: u16,
        /// Times to return before going on.
        extra: u32,
    },
}

/// How getters find their messages on a queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Any getter takes the oldest message (request queues, the log test's common queue).
    Fifo,
    /// Each message is for one requester, who gets it by correlation id (reply queues).
    ByOwner,
    /// Nobody gets: only the depth is kept (the batch test's queue).
    CountOnly,
    /// A transmission queue: the sender channels of `channel` get its messages.
    Transmit,
}

/// The tasks of one scenario and the programs they run.
#[derive(Debug, Clone, PartialEq)]
pub struct Workload {
    /// The requesters' program (the only program of the log and batch workloads).
    pub requester: Vec<Op>,
    /// The servers' program (request/reply only).
    pub server: Vec<Op>,
    /// Requesting tasks.
    pub requesters: u32,
    /// Serving tasks.
    pub servers: u32,
    /// Queue pairs the tasks spread over.
    pub pairs: u32,
    /// Messages per transaction (2 for request/reply, 1 for the log test, S for a batch).
    pub messages_per_transaction: f64,
    /// How the request queues deliver.
    pub request_delivery: Delivery,
    /// Whether the workload has reply queues.
    pub has_reply_queues: bool,
}

/// Syncpoint decisions for one side of the workload.
#[derive(Debug, Clone, Copy)]
struct Side {
    /// The application connects as a client, so each of its MQI calls goes over a channel.
    client: bool,
    persistent: bool,
    in_syncpoint: bool,
    implicit: bool,
}

impl Side {
    /// A client's call first travels to the queue manager over its channel.
    fn call(self, api: Api, ops: &mut Vec<Op>) {
        if self.client {
            ops.push(Op::ClientCall(api));
        }
    }

    /// ...and its reply travels back once the queue manager has run it.
    fn reply(self, api: Api, ops: &mut Vec<Op>) {
        if self.client {
            ops.push(Op::ClientReply(api));
        }
    }

    /// The steps of a put to `q`, including its unit of work when out of syncpoint.
    fn put(self, q: QueueRole, ops: &mut Vec<Op>) {
        self.call(Api::Put, ops);
        ops.extend([Op::Lock(q), Op::Cpu(Api::Put), Op::Put(q)]);
        if self.in_syncpoint || self.implicit || !self.persistent {
            ops.push(Op::Unlock(q));
            if self.implicit {
                // The queue manager commits the put on the application's behalf: the put's own
                // record goes out, then the commit forces the log (two writes when alone).
                ops.extend([Op::WriteRecord, Op::Force, Op::Publish]);
            } else if !self.in_syncpoint {
                ops.push(Op::Publish);
            }
        } else {
            // Persistent, out of syncpoint: the lock is held until the message is on DASD.
            ops.extend([Op::ForceRecords, Op::Publish, Op::Unlock(q)]);
        }
        self.reply(Api::Put, ops);
    }

    /// The steps of a get with wait from `q`.
    fn get(self, q: QueueRole, ops: &mut Vec<Op>, wait: bool) {
        self.call(Api::Get, ops);
        if wait {
            ops.extend([Op::WaitMessage(q), Op::Wake]);
        } else {
            ops.push(Op::WaitMessage(q));
        }
        ops.extend([Op::Lock(q), Op::Cpu(Api::Get), Op::Get(q), Op::Unlock(q)]);
        if self.persistent && !self.in_syncpoint {
            ops.push(Op::ForceRecords);
        }
        self.reply(Api::Get, ops);
    }

    /// The loop of the batch workloads: `batch` puts (after a pause when the putter is `paced`),
    /// then, inside syncpoint, one commit.
    fn batch_loop(self, batch: u32, paced: bool, ops: &mut Vec<Op>) {
        let first = ops.len() as u16 + u16::from(paced);
        if paced {
            ops.push(Op::Pause);
        }
        self.put(QueueRole::Request, ops);
        if batch > 1 {
            ops.push(Op::Repeat { to: first, extra: batch - 1 });
        }
        if self.in_syncpoint {
            self.commit(ops);
        }
        ops.push(Op::EndTransaction);
    }

    /// The steps of an MQCMIT.
    fn commit(self, ops: &mut Vec<Op>) {
        self.call(Api::Commit, ops);
        ops.push(Op::Cpu(Api::Commit));
        if self.persistent {
            ops.push(Op::Force);
        }
        ops.push(Op::Publish);
        self.reply(Api::Commit, ops);
    }
}

impl Workload {
    /// The workload of `sc`, its syncpoint and implicit-syncpoint decisions made as the model makes them.
    pub fn of(sc: &Scenario) -> Workload {
        let w = &sc.workload;
        let persistent = w.persistence == Persistence::Persistent;
        let req_in = w.syncpoint == SyncpointMode::InSyncpoint;
        let srv_in = w.server_syncpoint.unwrap_or(w.syncpoint) == SyncpointMode::InSyncpoint;
        let requesters = w.requesters.max(1);
        let pairs = w.queue_pairs.max(1).min(requesters);
        let openers_req = f64::from(requesters.div_ceil(pairs));
        let implicit_req = persistent
            && !req_in
            && implicit_syncpoint_applies(w.implicit_syncpoint, openers_req, w.impl_sync_open_output);
        let client = sc.connection.client_applications;
        let req = Side { client, persistent, in_syncpoint: req_in, implicit: implicit_req };
        let mut requester = Vec::new();
        let mut server = Vec::new();
        match w.kind {
            WorkloadKind::RequestReply => {
                let servers = w.servers.max(1);
                let openers_rep = f64::from(servers.div_ceil(pairs));
                let implicit_srv = persistent
                    && !srv_in
                    && implicit_syncpoint_applies(w.implicit_syncpoint, openers_rep, w.impl_sync_open_output);
                let srv = Side { client, persistent, in_syncpoint: srv_in, implicit: implicit_srv };
                req.put(QueueRole::Request, &mut requester);
                if req_in {
                    req.commit(&mut requester);
                }
                req.get(QueueRole::Reply, &mut requester, true);
                if req_in {
                    req.commit(&mut requester);
                }
                requester.push(Op::EndTransaction);
                srv.get(QueueRole::Request, &mut server, true);
                srv.put(QueueRole::Reply, &mut server);
                if srv_in {
                    srv.commit(&mut server);
                }
                server.push(Op::Restart);
                Workload {
                    requester,
                    server,
                    requesters,
                    servers,
                    pairs,
                    messages_per_transaction: 2.0,
                    request_delivery: Delivery::Fifo,
                    has_reply_queues: true,
                }
            }
            WorkloadKind::LogUpperBound => {
                req.put(QueueRole::Request, &mut requester);
                if req_in {
                    req.commit(&mut requester);
                }
                req.get(QueueRole::Request, &mut requester, false);
                if req_in {
                    req.commit(&mut requester);
                }
                requester.push(Op::EndTransaction);
                Workload {
                    requester,
                    server,
                    requesters,
                    servers: 0,
                    pairs,
                    messages_per_transaction: 1.0,
                    request_delivery: Delivery::Fifo,
                    has_reply_queues: false,
                }
            }
            WorkloadKind::ChannelMove => {
                // The putters pace themselves (the channel tests' drivers pause after each put)
                // so the arrival rate, not the putters' speed, sets the transmission queue's load.
                let batch = w.messages_per_commit.max(1);
                req.batch_loop(batch, true, &mut requester);
                Workload {
                    requester,
                    server,
                    requesters,
                    servers: 0,
                    pairs: 1,
                    messages_per_transaction: f64::from(batch),
                    request_delivery: Delivery::Transmit,
                    has_reply_queues: false,
                }
            }
            WorkloadKind::BatchPut => {
                let batch = w.messages_per_commit.max(1);
                req.batch_loop(batch, false, &mut requester);
                Workload {
                    requester,
                    server,
                    requesters,
                    servers: 0,
                    pairs,
                    messages_per_transaction: f64::from(batch),
                    request_delivery: Delivery::CountOnly,
                    has_reply_queues: false,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(f: impl FnOnce(&mut Scenario)) -> Scenario {
        let mut s = Scenario::default();
        f(&mut s);
        s
    }

    #[test]
    fn a_persistent_put_out_of_syncpoint_holds_the_lock_over_its_force() {
        let w = Workload::of(&scenario(|s| s.workload.persistence = Persistence::Persistent));
        let lock = w.requester.iter().position(|&o| o == Op::Lock(QueueRole::Request)).unwrap();
        let force = w.requester.iter().position(|&o| o == Op::ForceRecords).unwrap();
        let unlock = w.requester.iter().position(|&o| o == Op::Unlock(QueueRole::Request)).unwrap();
        assert!(lock < force && force < unlock);
    }

    #[test]
    fn implicit_syncpoint_releases_the_lock_before_the_force() {
        let w = Workload::of(&scenario(|s| {
            s.workload.persistence = Persistence::Persistent;
            s.workload.implicit_syncpoint = true;
            s.workload.requesters = 4;
        }));
        let force = w.requester.iter().position(|&o| o == Op::Force).unwrap();
        let unlock = w.requester.iter().position(|&o| o == Op::Unlock(QueueRole::Request)).unwrap();
        assert!(unlock < force);
        assert!(w.requester.contains(&Op::WriteRecord));
    }

    #[test]
    fn one_opener_is_not_enough_for_implicit_syncpoint_at_the_default_threshold() {
        let w = Workload::of(&scenario(|s| {
            s.workload.persistence = Persistence::Persistent;
            s.workload.implicit_syncpoint = true;
            s.workload.requesters = 1;
        }));
        assert!(!w.requester.contains(&Op::WriteRecord));
    }

    #[test]
    fn a_batch_repeats_its_put_and_commits_once() {
        let w = Workload::of(&scenario(|s| {
            s.workload.kind = WorkloadKind::BatchPut;
            s.workload.persistence = Persistence::Persistent;
            s.workload.syncpoint = SyncpointMode::InSyncpoint;
            s.workload.messages_per_commit = 10;
        }));
        assert!(w.requester.contains(&Op::Repeat { to: 0, extra: 9 }));
        assert_eq!(w.requester.iter().filter(|&&o| o == Op::Force).count(), 1);
        assert_eq!(w.messages_per_transaction, 10.0);
    }
}
