//! What the simulation hands the renderer: the topology it built, a compact trace of message
//! movements in column chunks (typed arrays on the JavaScript side), and sampled time series.
//!
//! Memory stays bounded over any run length: only the most recent `history_chunks` chunks are
//! kept (a ring), while per-kind totals cover the whole run.

use std::collections::VecDeque;

use serde::Serialize;

/// What a trace record says happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum TraceKind {
    /// A message moves from one node to another (an application puts it, a channel sends it...).
    Move = 0,
    /// A message is put on a queue.
    Put = 1,
    /// A message is got from a queue.
    Get = 2,
    /// A unit of work commits.
    Commit = 3,
    /// A task starts waiting (for a lock, a log force, a message).
    WaitStart = 4,
    /// A task stops waiting.
    WaitEnd = 5,
    /// A log write starts on the synchronous (zHyperLink) path.
    SyncIoStart = 6,
    /// A log write starts on the asynchronous (FICON/zHPF) path.
    AsyncIoStart = 7,
    /// A log write completes.
    IoEnd = 8,
    /// A coupling facility request on its way: from an application, one the processor spins for
    /// (synchronous); from a CF link, any request reaching the CF.
    CfRequest = 9,
    /// A channel batch is sent.
    ChannelBatch = 10,
    /// A coupling facility request goes asynchronously: z/OS chose not to spin for it, or it found
    /// every subchannel busy; the issuing processor is released.
    CfAsyncRequest = 11,
    /// The coupling facility answers a request.
    CfReply = 12,
}

impl TraceKind {
    /// Every kind, in code order.
    pub const ALL: [TraceKind; 13] = [
        TraceKind::Move,
        TraceKind::Put,
        TraceKind::Get,
        TraceKind::Commit,
        TraceKind::WaitStart,
        TraceKind::WaitEnd,
        TraceKind::SyncIoStart,
        TraceKind::AsyncIoStart,
        TraceKind::IoEnd,
        TraceKind::CfRequest,
        TraceKind::ChannelBatch,
        TraceKind::CfAsyncRequest,
        TraceKind::CfReply,
    ];
}

/// The kind of a topology node, for the renderer's layout and icons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// An application task (requester, server, putter, getter).
    Application,
    /// A local queue.
    Queue,
    /// The queue manager's log buffers.
    LogBuffer,
    /// The logger task.
    Logger,
    /// One stripe of one copy of the active log on DASD.
    LogDataSet,
    /// A FICON channel path.
    ChannelPath,
    /// A zHyperLink PFID.
    Pfid,
    /// The coupling facility.
    CouplingFacility,
    /// A CF link.
    CfLink,
    /// A CF list structure holding shared queues.
    CfStructure,
    /// A sender/receiver or SVRCONN channel.
    Channel,
    /// Another queue manager.
    QueueManager,
    /// The LPAR's processors.
    Processors,
    /// The network between queue managers, or between clients and the queue manager.
    Network,
}

/// A node of the simulated topology.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Node {
    /// Index used in trace records' `from`/`to`.
    pub id: u16,
    /// What it is.
    pub kind: NodeKind,
    /// Label for the UI ("requester 3", "log copy 1 stripe 2", "PFID 0").
    pub label: String,
}

/// The nodes a simulation built for its scenario.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Topology {
    /// All nodes, indexed by id.
    pub nodes: Vec<Node>,
}

impl Topology {
    /// Adds a node and returns its id.
    pub fn add(&mut self, kind: NodeKind, label: impl Into<String>) -> u16 {
        let id = self.nodes.len() as u16;
        self.nodes.push(Node { id, kind, label: label.into() });
        id
    }
}

/// A chunk of trace records, one column per field (so each maps onto a typed array).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct TraceChunk {
    /// Simulated time of each record, seconds.
    pub time_s: Vec<f64>,
    /// Message (or unit of work) id.
    pub message: Vec<u32>,
    /// Node the record starts from.
    pub from: Vec<u16>,
    /// Node the record goes to.
    pub to: Vec<u16>,
    /// `TraceKind` as its code.
    pub kind: Vec<u8>,
    /// Bytes involved (message size, I/O size).
    pub bytes: Vec<u32>,
}

impl TraceChunk {
    /// Records in the chunk.
    pub fn len(&self) -> usize {
        self.time_s.len()
    }

    /// Whether the chunk is empty.
    pub fn is_empty(&self) -> bool {
        self.time_s.is_empty()
    }

    fn with_capacity(n: usize) -> Self {
        TraceChunk {
            time_s: Vec::with_capacity(n),
            message: Vec::with_capacity(n),
            from: Vec::with_capacity(n),
            to: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            bytes: Vec::with_capacity(n),
        }
    }
}

/// Collects trace records into fixed-size chunks, keeping a bounded history.
#[derive(Debug, Clone)]
pub struct TraceRecorder {
    chunk_records: usize,
    history_chunks: usize,
    current: TraceChunk,
    /// Completed chunks not yet taken by the consumer, oldest first (bounded).
    ready: VecDeque<TraceChunk>,
    totals: [u64; TraceKind::ALL.len()],
    dropped_chunks: u64,
    enabled: bool,
}

impl TraceRecorder {
    /// A recorder cutting chunks of `chunk_records` and holding at most `history_chunks` of them.
    pub fn new(chunk_records: usize, history_chunks: usize) -> Self {
        let chunk_records = chunk_records.max(1);
        TraceRecorder {
            chunk_records,
            history_chunks: history_chunks.max(1),
            current: TraceChunk::with_capacity(chunk_records),
            ready: VecDeque::new(),
            totals: [0; TraceKind::ALL.len()],
            dropped_chunks: 0,
            enabled: true,
        }
    }

    /// A recorder that only counts (for benchmarks and statistics-only runs).
    pub fn counting_only() -> Self {
        let mut r = Self::new(1, 1);
        r.enabled = false;
        r
    }

    /// Records one event.
    #[inline]
    pub fn record(&mut self, time_s: f64, message: u32, from: u16, to: u16, kind: TraceKind, bytes: u32) {
        self.totals[kind as usize] += 1;
        if !self.enabled {
            return;
        }
        let c = &mut self.current;
        c.time_s.push(time_s);
        c.message.push(message);
        c.from.push(from);
        c.to.push(to);
        c.kind.push(kind as u8);
        c.bytes.push(bytes);
        if c.len() >= self.chunk_records {
            self.seal();
        }
    }

    /// Closes the current chunk (if it has records) so it can be taken.
    pub fn seal(&mut self) {
        if self.current.is_empty() {
            return;
        }
        let full = std::mem::replace(&mut self.current, TraceChunk::with_capacity(self.chunk_records));
        self.ready.push_back(full);
        while self.ready.len() > self.history_chunks {
            self.ready.pop_front();
            self.dropped_chunks += 1;
        }
    }

    /// Takes the oldest completed chunk.
    pub fn take_chunk(&mut self) -> Option<TraceChunk> {
        self.ready.pop_front()
    }

    /// Records of each kind over the whole run (kept even when chunks were dropped).
    pub fn totals(&self) -> &[u64; TraceKind::ALL.len()] {
        &self.totals
    }

    /// Chunks discarded because the consumer did not take them in time.
    pub fn dropped_chunks(&self) -> u64 {
        self.dropped_chunks
    }

    /// Chunks waiting to be taken (never more than the history bound).
    pub fn pending_chunks(&self) -> usize {
        self.ready.len()
    }
}

/// Sampled time series for the charts beside the animation (queue depth, log buffer fill,
/// PFID busy %, CF link busy %...), kept in a bounded ring.
#[derive(Debug, Clone, Serialize)]
pub struct SeriesRecorder {
    /// Series names, in column order.
    pub names: Vec<String>,
    /// Sampling interval, seconds of simulated time.
    pub interval_s: f64,
    /// Sample times, oldest first.
    pub time_s: VecDeque<f64>,
    /// One row of values per sample, `names.len()` wide.
    pub values: VecDeque<Vec<f64>>,
    capacity: usize,
}

impl SeriesRecorder {
    /// A recorder for `names` keeping at most `capacity` samples.
    pub fn new(names: Vec<String>, interval_s: f64, capacity: usize) -> Self {
        SeriesRecorder {
            names,
            interval_s,
            time_s: VecDeque::new(),
            values: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }

    /// Adds a sample; the oldest is dropped past the capacity.
    pub fn push(&mut self, time_s: f64, row: Vec<f64>) {
        debug_assert_eq!(row.len(), self.names.len());
        self.time_s.push_back(time_s);
        self.values.push_back(row);
        while self.time_s.len() > self.capacity {
            self.time_s.pop_front();
            self.values.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_cut_at_the_size_and_history_is_bounded_while_totals_are_kept() {
        let mut r = TraceRecorder::new(10, 3);
        for i in 0..100u32 {
            r.record(f64::from(i), i, 0, 1, TraceKind::Put, 100);
        }
        assert_eq!(r.pending_chunks(), 3);
        assert_eq!(r.dropped_chunks(), 7);
        assert_eq!(r.totals()[TraceKind::Put as usize], 100);
        let oldest_kept = r.take_chunk().unwrap();
        assert_eq!(oldest_kept.len(), 10);
        assert_eq!(oldest_kept.time_s[0], 70.0);
    }

    #[test]
    fn counting_only_keeps_no_records() {
        let mut r = TraceRecorder::counting_only();
        r.record(0.0, 0, 0, 0, TraceKind::Commit, 0);
        r.seal();
        assert_eq!(r.pending_chunks(), 0);
        assert_eq!(r.totals()[TraceKind::Commit as usize], 1);
    }

    #[test]
    fn the_series_ring_drops_its_oldest_samples() {
        let mut s = SeriesRecorder::new(vec!["depth".into()], 1.0, 2);
        for t in 0..5 {
            s.push(f64::from(t), vec![f64::from(t)]);
        }
        assert_eq!(s.time_s.iter().copied().collect::<Vec<_>>(), vec![3.0, 4.0]);
    }
}
