//! The log buffer and the logger task of one queue manager.
//!
//! Puts and gets of persistent messages append their records to the log buffer. A commit then
//! needs its records and its commit record on DASD: it waits for the write that will carry the end
//! of the buffer as it is now. A persistent put or get out of syncpoint is logged whole, with no
//! commit record after it, so it waits only for the write that carries its records, which may be
//! the one in flight. The logger writes whatever the buffer holds, up to the 128-page cap, as soon
//! as it is free and someone needs a write; records that arrive while a write is in flight wait
//! for the next one. That is log-force aggregation, and the achieved commits per write emerge from
//! the arrival of commits during the previous write rather than from a formula.
//!
//! Large units of work start writes on their own once the buffer passes the write threshold, and
//! a put that would overfill the log output buffers waits for the logger to make room.

use std::collections::VecDeque;

use crate::model::request_reply::{LOG_OUTPUT_BUFFER_BYTES, LOG_WRITE_THRESHOLD_BYTES};

use super::service::WRITE_CAP_BYTES;

/// A write the logger has started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartedWrite {
    /// Its sequence number (1 for the first write of the run).
    pub seq: u64,
    /// Log data it carries, bytes per copy (0 for a write of a commit record alone).
    pub bytes: u64,
}

/// Log buffer and logger state.
#[derive(Debug, Clone)]
pub struct Logger {
    /// Bytes ever appended to the buffer.
    appended_bytes: u64,
    /// Bytes ever handed to a write.
    started_bytes: u64,
    /// Bytes handed to writes before the last one started (where the last write's data begins).
    last_write_from_bytes: u64,
    /// Sequence number the next write will get.
    next_seq: u64,
    /// Highest write sequence number someone needs.
    wanted_seq: u64,
    /// Highest write sequence number on DASD.
    written_seq: u64,
    /// Tasks waiting for a write, with the write they need (non-decreasing front to back).
    waiters: VecDeque<(u32, u64)>,
    /// Whether the logger is writing (or, after a synchronous write, still finishing its cycle).
    busy: bool,
}

impl Default for Logger {
    fn default() -> Self {
        Logger {
            appended_bytes: 0,
            started_bytes: 0,
            last_write_from_bytes: 0,
            next_seq: 1,
            wanted_seq: 0,
            written_seq: 0,
            waiters: VecDeque::new(),
            busy: false,
        }
    }
}

impl Logger {
    /// Bytes in the buffer that no write has taken yet.
    #[inline]
    pub fn pending_bytes(&self) -> u64 {
        self.appended_bytes - self.started_bytes
    }

    /// The write that will carry the end of the buffer as it is now (the next write when the buffer
    /// is empty: a commit record always needs a write that starts after it).
    #[inline]
    fn tail_seq(&self) -> u64 {
        self.next_seq + self.pending_bytes().div_ceil(WRITE_CAP_BYTES).max(1) - 1
    }

    /// Appends a record of `bytes`. Returns `true` when the log output buffers are now over-full, so
    /// the appending task must wait (see [`Logger::wait_for_room`]).
    #[inline]
    pub fn append(&mut self, bytes: u64) -> bool {
        self.appended_bytes += bytes;
        self.pending_bytes() as f64 > LOG_OUTPUT_BUFFER_BYTES
    }

    /// Whether the logger is idle with more than the write threshold in the buffer, so it should
    /// start a write although nobody waits for one.
    #[inline]
    pub fn wants_background_write(&self) -> bool {
        !self.busy && self.pending_bytes() as f64 >= LOG_WRITE_THRESHOLD_BYTES
    }

    /// `task` waits until the log output buffers have room again.
    pub fn wait_for_room(&mut self, task: u32) {
        let excess = (self.pending_bytes() as f64 - LOG_OUTPUT_BUFFER_BYTES).max(0.0) as u64;
        let seq = self.next_seq + excess.div_ceil(WRITE_CAP_BYTES).max(1) - 1;
        self.push_waiter(task, seq);
    }

    /// `task` forces the log: it waits for the write carrying everything in the buffer now.
    #[inline]
    pub fn force(&mut self, task: u32) {
        let seq = self.tail_seq();
        self.push_waiter(task, seq);
    }

    /// Where the buffer ends now, in bytes ever appended: a task's records end here just after
    /// it appended them.
    #[inline]
    pub fn end_bytes(&self) -> u64 {
        self.appended_bytes
    }

    /// `task` needs its records, which end at `end_bytes` (see [`Logger::end_bytes`]), on DASD,
    /// with no commit record after them: it waits for the write that carries their last byte,
    /// which may be the one in flight. `false` when they are on DASD already and it need not
    /// wait.
    ///
    /// Only its own records: a put that waited for room has others' records behind its own by
    /// the time it forces, and those are no business of its force. (Waiting for the end of the
    /// buffer as it was after the room wait released every task of a log full of large records
    /// together, and left the logger idle while they queued for the processors again.)
    #[inline]
    pub fn force_records(&mut self, task: u32, end_bytes: u64) -> bool {
        let seq = if end_bytes > self.started_bytes {
            // Writes take whole caps while that much is pending, so the one that reaches the
            // records' end is this many writes on.
            self.next_seq + (end_bytes - self.started_bytes).div_ceil(WRITE_CAP_BYTES) - 1
        } else if end_bytes > self.last_write_from_bytes {
            self.next_seq - 1
        } else {
            // An earlier write took them, and writes end in order.
            return false;
        };
        if seq <= self.written_seq {
            return false;
        }
        self.push_waiter(task, seq);
        true
    }

    fn push_waiter(&mut self, task: u32, seq: u64) {
        // In order of need, so each write releases a prefix. Forces only grow along the queue
        // (the buffer's tail moves forward), but a put waiting for room needs only the write
        // that carries the excess: it goes ahead of the forces that need later writes.
        let at = self.waiters.iter().rposition(|&(_, s)| s <= seq).map_or(0, |i| i + 1);
        self.waiters.insert(at, (task, seq));
        self.wanted_seq = self.wanted_seq.max(seq);
    }

    /// Asks for a write of what the buffer holds without waiting for it (the put's own record
    /// under implicit syncpoint).
    #[inline]
    pub fn request_write(&mut self) {
        self.wanted_seq = self.wanted_seq.max(self.tail_seq());
    }

    /// Starts a write if the logger is free and a write is needed.
    #[inline]
    pub fn try_start(&mut self) -> Option<StartedWrite> {
        if self.busy {
            return None;
        }
        let needed = self.wanted_seq >= self.next_seq || self.pending_bytes() as f64 >= LOG_WRITE_THRESHOLD_BYTES;
        if !needed {
            return None;
        }
        let bytes = self.pending_bytes().min(WRITE_CAP_BYTES);
        self.last_write_from_bytes = self.started_bytes;
        self.started_bytes += bytes;
        let seq = self.next_seq;
        self.next_seq += 1;
        self.busy = true;
        Some(StartedWrite { seq, bytes })
    }

    /// Write `seq` is on DASD: the next task it releases, if any (call until `None`).
    #[inline]
    pub fn release(&mut self, seq: u64) -> Option<u32> {
        self.written_seq = self.written_seq.max(seq);
        match self.waiters.front() {
            Some(&(task, need)) if need <= seq => {
                self.waiters.pop_front();
                Some(task)
            }
            _ => None,
        }
    }

    /// The logger finished its cycle and may start another write.
    #[inline]
    pub fn free(&mut self) {
        self.busy = false;
    }

    /// Whether a write (or the logger's cycle after it) is in progress.
    pub fn busy(&self) -> bool {
        self.busy
    }

    /// Tasks waiting for the log.
    pub fn waiting(&self) -> usize {
        self.waiters.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commits_arriving_during_a_write_share_the_next_one() {
        let mut l = Logger::default();
        l.append(3000);
        l.force(0);
        let w1 = l.try_start().unwrap();
        assert_eq!(w1, StartedWrite { seq: 1, bytes: 3000 });
        for t in 1..=5 {
            l.append(3000);
            l.force(t);
        }
        assert!(l.try_start().is_none(), "busy while the first write is in flight");
        assert_eq!(l.release(1), Some(0));
        assert_eq!(l.release(1), None);
        l.free();
        let w2 = l.try_start().unwrap();
        assert_eq!(w2, StartedWrite { seq: 2, bytes: 15_000 });
        let released: Vec<u32> = std::iter::from_fn(|| l.release(2)).collect();
        assert_eq!(released, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_commit_after_its_data_went_out_still_needs_a_write_of_its_own() {
        let mut l = Logger::default();
        l.append(1000);
        l.request_write();
        let w1 = l.try_start().unwrap();
        l.force(7);
        assert_eq!(l.release(w1.seq), None);
        l.free();
        let w2 = l.try_start().unwrap();
        assert_eq!(w2.bytes, 0);
        assert_eq!(l.release(w2.seq), Some(7));
    }

    #[test]
    fn records_forced_out_of_syncpoint_ride_the_write_that_took_them() {
        let mut l = Logger::default();
        l.append(LOG_WRITE_THRESHOLD_BYTES as u64);
        let w1 = l.try_start().unwrap();
        assert!(l.force_records(7, l.end_bytes()), "its record is in the write in flight");
        assert_eq!(l.release(w1.seq), Some(7));
        l.free();
        assert!(l.try_start().is_none(), "no write of its own after its data went out");
        assert!(!l.force_records(8, l.end_bytes()), "nothing appended since: already on DASD");
        l.append(1000);
        assert!(l.force_records(9, l.end_bytes()), "a record still in the buffer needs the next write");
        let w2 = l.try_start().unwrap();
        assert_eq!(w2.bytes, 1000);
        assert_eq!(l.release(w2.seq), Some(9));
    }

    #[test]
    fn a_put_that_waited_for_room_forces_its_own_records_not_those_appended_behind_them() {
        let mut l = Logger::default();
        let buffers = LOG_OUTPUT_BUFFER_BYTES as u64;
        // A record past the buffers: its put waits for the excess to be written.
        assert!(l.append(buffers + WRITE_CAP_BYTES));
        let own_end = l.end_bytes();
        l.wait_for_room(1);
        let w1 = l.try_start().unwrap();
        // Another record comes in behind it while the put waits.
        l.append(3 * WRITE_CAP_BYTES);
        assert_eq!(l.release(w1.seq), Some(1), "the first write makes the room");
        l.free();
        assert!(l.force_records(1, own_end), "the rest of its record is still in the buffer");
        l.force_records(2, l.end_bytes());
        let mut released = Vec::new();
        while let Some(w) = l.try_start() {
            released.extend(std::iter::from_fn(|| l.release(w.seq)).map(|t| (t, w.seq)));
            l.free();
        }
        let own_writes = (buffers + WRITE_CAP_BYTES).div_ceil(WRITE_CAP_BYTES);
        assert_eq!(released, vec![(1, own_writes), (2, own_writes + 3)], "each with the write of its last byte");
        assert!(!l.force_records(3, own_end), "an earlier write took them: no wait");
    }

    #[test]
    fn data_beyond_the_cap_takes_several_writes() {
        let mut l = Logger::default();
        l.append(WRITE_CAP_BYTES * 2 + 10);
        l.force(1);
        let mut writes = 0;
        while let Some(w) = l.try_start() {
            writes += 1;
            let r = l.release(w.seq);
            l.free();
            if r.is_some() {
                break;
            }
        }
        assert_eq!(writes, 3);
        assert_eq!(l.pending_bytes(), 0);
    }

    #[test]
    fn nothing_is_written_until_someone_needs_it_or_the_threshold_is_passed() {
        let mut l = Logger::default();
        l.append(4096);
        assert!(l.try_start().is_none());
        assert!(!l.wants_background_write());
        l.append(LOG_WRITE_THRESHOLD_BYTES as u64);
        assert!(l.wants_background_write(), "past the threshold the idle logger should start");
        assert!(l.try_start().is_some());
        l.append(LOG_WRITE_THRESHOLD_BYTES as u64);
        assert!(!l.wants_background_write(), "a busy logger takes it when its write ends");
    }

    #[test]
    fn a_put_waiting_for_room_goes_on_when_the_excess_is_written_not_the_forces_before_it() {
        let mut l = Logger::default();
        let buffers = LOG_OUTPUT_BUFFER_BYTES as u64;
        // The buffers hold just under their size, and a commit waits for all of it.
        l.append(buffers - WRITE_CAP_BYTES / 2);
        l.force(1);
        // A put overfills them by less than one write: the first write makes its room.
        assert!(l.append(WRITE_CAP_BYTES), "the put should find no room");
        l.wait_for_room(2);
        let w1 = l.try_start().unwrap();
        assert_eq!(l.release(w1.seq), Some(2), "the first write frees room for the put");
        assert_eq!(l.release(w1.seq), None, "the commit needs the rest of the buffers");
    }
}
