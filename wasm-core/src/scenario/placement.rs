//! Where a scenario's applications run: which queue manager of a queue sharing group each
//! requester and server (or log-test and batch task) is placed on.
//!
//! The scenario names only how many applications there are and over how many queue managers; the
//! placement follows from those counts by a fixed rule, so the simulation that runs them and the
//! model that prices them see the same layout. Over few applications the layout matters: 5
//! requesters and 5 servers over two queue managers happen to have every requester's server on
//! the other one, over three all but one on its own.

use crate::rng::Rng;

/// Seed of the placement: fixed, so that every run and every evaluation of a scenario places its
/// applications alike.
const PLACEMENT_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The queue manager of each of `count` applications of one role over `qmgrs` queue managers:
/// as many on each as round-robin gives (to one), in a shuffled order fixed by `role`. The
/// round-robin starts at queue manager `first`, so that a role placed after another starts where
/// the last one stopped: every queue manager then runs as many applications of all roles as any
/// other (to one). Starting each role at the first stacked every role's odd ones there: 4
/// requesters and 4 servers over 3 queue managers ran 4, 2 and 2 applications.
///
/// Round-robin over the queue managers as over the pairs (task i on pair i % pairs and queue
/// manager i % qmgrs) confines each pair to one queue manager wherever the two counts share a
/// factor (2 pairs over 2, 3 over 3, 6 over 3): the "shared" queues are then each used from one
/// LPAR, and 22 log-test tasks on 4 queues over 2 LPARs ran as two private systems (25% faster
/// than the model, 1% off it placed so). A shuffled order uses each shared queue from the queue
/// managers as chance places its tasks.
pub fn queue_managers_of(count: u32, qmgrs: u32, role: u64, first: u32) -> Vec<u16> {
    let qmgrs = qmgrs.max(1);
    let mut placed: Vec<u16> = (0..count).map(|i| ((i + first) % qmgrs) as u16).collect();
    let mut rng = Rng::new(PLACEMENT_SEED ^ role);
    for k in (1..placed.len()).rev() {
        let j = rng.below(k as u32 + 1) as usize;
        placed.swap(k, j);
    }
    placed
}

/// How [`queue_managers_of`] spreads a role's applications over the queue managers, in numbers:
/// round-robin gives each queue manager one before any gets a second, so each runs `fewer` or
/// one more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spread {
    /// Queue managers.
    pub qmgrs: u32,
    /// Applications on each queue manager of the smaller count.
    pub fewer: u32,
    /// Queue managers that run one application more than `fewer`.
    pub with_more: u32,
}

impl Spread {
    /// `count` applications over `qmgrs` queue managers (one at least).
    pub fn of(count: u32, qmgrs: u32) -> Spread {
        let qmgrs = qmgrs.max(1);
        Spread { qmgrs, fewer: count / qmgrs, with_more: count % qmgrs }
    }

    /// Applications that have their queue manager to themselves.
    pub fn alone(&self) -> u32 {
        match self.fewer {
            0 => self.with_more,
            1 => self.qmgrs - self.with_more,
            _ => 0,
        }
    }
}

/// The queue managers of the requesters (or tasks) and of the servers ([`queue_managers_of`]
/// for each role), the servers' round-robin going on where the requesters' stopped.
pub fn applications(requesters: u32, servers: u32, qmgrs: u32) -> [Vec<u16>; 2] {
    let first = requesters % qmgrs.max(1);
    [queue_managers_of(requesters, qmgrs, 0, 0), queue_managers_of(servers, qmgrs, 1, first)]
}

/// How request/reply's chains cross between LPARs, over `qmgrs` queue managers: a chain runs on
/// its requester's queue manager and on those of its pair's servers (requester and server i
/// serve pair i % `pairs`, a request going to any server of its pair).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CrossingChains {
    /// Share of the round trips whose server runs on another queue manager than its requester:
    /// requester and server i serve pair i % `pairs` (the pairs in use, no more than the
    /// requesters), and a requester's request goes to any server of its pair, each as likely. 0
    /// on one queue manager.
    pub split: f64,
    /// Whether some chain has every server of its pair on its requester's queue manager, and so
    /// stays on one LPAR.
    pub some_stay: bool,
    /// Share of the chains whose pair has no server on their requester's queue manager: their
    /// round trips always cross.
    pub always_crossing: f64,
    /// Share of the meetings between chains (two chains meet where their queue managers
    /// overlap) that are on all of both chains' queue managers: two chains that meet twice queue
    /// behind each other on one LPAR and then, leaving it together, on the other; chains that
    /// meet once part at the next LPAR.
    pub meeting_twice: f64,
}

impl CrossingChains {
    /// The chains of `requesters` and `servers` on `pairs` pairs over `qmgrs` queue managers (on
    /// one queue manager none cross).
    ///
    /// Over two queue managers every chain whose round trips all cross meets every other such
    /// chain twice; over three, 3 requesters each with its server on the next queue manager meet
    /// only once.
    pub fn of(requesters: u32, servers: u32, pairs: u32, qmgrs: u32) -> CrossingChains {
        if qmgrs <= 1 || requesters == 0 || servers == 0 {
            return CrossingChains { split: 0.0, some_stay: true, always_crossing: 0.0, meeting_twice: 0.0 };
        }
        let pairs = pairs.max(1).min(requesters) as usize;
        let [on_requester, on_server] = applications(requesters, servers, qmgrs);
        // Each pair's servers by queue manager, and its queue managers as a bit set (a scenario
        // has 32 at most).
        let qmgrs = qmgrs as usize;
        let mut on_pair_qm = vec![0u32; pairs * qmgrs];
        let mut on_pair = vec![0u32; pairs];
        let mut pair_lpars = vec![0u64; pairs];
        for (j, &qm) in on_server.iter().enumerate() {
            on_pair_qm[(j % pairs) * qmgrs + usize::from(qm)] += 1;
            on_pair[j % pairs] += 1;
            pair_lpars[j % pairs] |= 1 << qm;
        }
        let (mut split, mut counted) = (0.0, 0.0);
        let (mut chain_lpars, mut crossing) = (Vec::with_capacity(on_requester.len()), 0u32);
        for (i, &qm) in on_requester.iter().enumerate() {
            let pair = i % pairs;
            let all = f64::from(on_pair[pair]);
            // A pair without a server of its own serves nobody (a scenario gives every pair in use one).
            if all > 0.0 {
                split += (all - f64::from(on_pair_qm[pair * qmgrs + usize::from(qm)])) / all;
                counted += 1.0;
            }
            let servers_at = pair_lpars[pair];
            chain_lpars.push(servers_at | 1 << qm);
            crossing += u32::from(servers_at & 1 << qm == 0);
        }
        let (mut twice, mut met) = (0u64, 0u64);
        for (i, &a) in chain_lpars.iter().enumerate() {
            for &b in &chain_lpars[i + 1..] {
                if a & b != 0 {
                    met += 1;
                    twice += u64::from(a == b);
                }
            }
        }
        CrossingChains {
            split: if counted > 0.0 { split / counted } else { 0.0 },
            some_stay: chain_lpars.iter().any(|set| set.count_ones() < 2),
            always_crossing: f64::from(crossing) / on_requester.len() as f64,
            meeting_twice: if met > 0 { twice as f64 / met as f64 } else { 0.0 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applications_go_evenly_over_the_queue_managers_and_every_pair_meets_several() {
        for (count, qmgrs, pairs) in [(32, 2, 2), (57, 3, 3), (22, 2, 4), (46, 3, 5)] {
            let placed = queue_managers_of(count, qmgrs, 0, 0);
            let spread = Spread::of(count, qmgrs);
            let on: Vec<u32> =
                (0..qmgrs).map(|qm| placed.iter().filter(|&&q| u32::from(q) == qm).count() as u32).collect();
            assert!(on.iter().all(|&n| n == spread.fewer || n == spread.fewer + 1), "{count} over {qmgrs}: {on:?}");
            assert_eq!(on.iter().filter(|&&n| n > spread.fewer).count() as u32, spread.with_more, "{on:?}");
            // Round-robin over both would put all of a pair's tasks on one queue manager here
            // wherever the counts share a factor.
            for pair in 0..pairs {
                let mut used: Vec<u16> = (pair..count).step_by(pairs as usize).map(|i| placed[i as usize]).collect();
                used.sort_unstable();
                used.dedup();
                assert!(used.len() > 1, "pair {pair} of {pairs} with {count} tasks all on {used:?}");
            }
            assert_eq!(placed, queue_managers_of(count, qmgrs, 0, 0), "the placement is fixed");
        }
    }

    /// The round trips' split of [`CrossingChains`].
    fn round_trips_split(requesters: u32, servers: u32, pairs: u32, qmgrs: u32) -> f64 {
        CrossingChains::of(requesters, servers, pairs, qmgrs).split
    }

    #[test]
    fn chains_whose_round_trips_all_cross_two_lpars_meet_twice_and_a_ring_of_three_once() {
        // Placed so that every round trip crosses (checked first), the chains over two queue
        // managers share both LPARs; 3 over three, each server on another queue manager than
        // its requester, share one each.
        for (requesters, qmgrs, twice) in [(2, 2, 1.0), (5, 2, 1.0), (3, 3, 0.0)] {
            assert_eq!(round_trips_split(requesters, requesters, 16, qmgrs), 1.0, "{requesters} over {qmgrs}");
            let chains = CrossingChains::of(requesters, requesters, 16, qmgrs);
            let all = CrossingChains { split: 1.0, some_stay: false, always_crossing: 1.0, meeting_twice: twice };
            assert_eq!(chains, all, "{requesters} over {qmgrs}");
        }
        // 4 over two: half the chains stay on one LPAR.
        let partly = CrossingChains::of(4, 4, 16, 2);
        assert!(partly.some_stay && partly.always_crossing == 0.5, "{partly:?}");
        // 5 on 4 pairs over two: the two requesters sharing pair 0 have its servers on both
        // LPARs, so they cross on some round trips only, but no chain stays.
        let shared_pair = CrossingChains::of(5, 5, 4, 2);
        assert!(round_trips_split(5, 5, 4, 2) < 1.0);
        assert!(!shared_pair.some_stay && shared_pair.always_crossing == 0.6, "{shared_pair:?}");
        assert!(CrossingChains::of(6, 6, 16, 1).some_stay);
    }

    #[test]
    fn the_spread_counts_the_applications_alone_on_their_queue_manager() {
        for (count, qmgrs) in [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (3, 2), (5, 1)] {
            let placed = queue_managers_of(count, qmgrs, 0, 0);
            let alone =
                (0..qmgrs).filter(|&qm| placed.iter().filter(|&&q| u32::from(q) == qm).count() == 1).count() as u32;
            assert_eq!(Spread::of(count, qmgrs).alone(), alone, "{count} over {qmgrs}");
        }
    }

    #[test]
    fn a_role_placed_after_another_evens_out_the_applications_of_both() {
        for (requesters, servers, qmgrs) in [(4, 4, 3), (5, 2, 3), (7, 7, 4), (1, 1, 2), (64, 33, 3)] {
            let [first, then] = applications(requesters, servers, qmgrs);
            let on = |qm: u32| first.iter().chain(&then).filter(|&&q| u32::from(q) == qm).count() as u32;
            let total = requesters + servers;
            for qm in 0..qmgrs {
                assert!(
                    on(qm) == total / qmgrs || on(qm) == total / qmgrs + 1,
                    "{requesters}+{servers} over {qmgrs}: {} on {qm}",
                    on(qm)
                );
            }
        }
    }

    #[test]
    fn round_trips_split_as_the_placement_has_them_near_chance_over_many() {
        // Counted from the placement itself, a requester with a server each on a pair of its own.
        for (count, qmgrs) in [(5, 2), (5, 3), (4, 3), (7, 2)] {
            let [r, s] = applications(count, count, qmgrs);
            let split = (0..count as usize).filter(|&i| r[i] != s[i]).count() as f64 / f64::from(count);
            assert_eq!(round_trips_split(count, count, 16, qmgrs), split, "{count} over {qmgrs}");
        }
        // Few applications depart from chance both ways; many come near it (1 - 1/qmgrs).
        assert_eq!(round_trips_split(5, 5, 16, 2), 1.0);
        assert!(round_trips_split(5, 5, 16, 3) < 0.5);
        for qmgrs in [2, 3] {
            let chance = 1.0 - 1.0 / f64::from(qmgrs);
            let many = round_trips_split(64, 64, 4, qmgrs);
            assert!((many - chance).abs() < 0.1, "{many} over {qmgrs}");
        }
        // Servers beyond the requesters serve the pairs in use, not pairs nobody puts to: 2
        // requesters with 4 servers on 16 pairs have two servers a pair.
        let [r, s] = applications(2, 4, 2);
        let elsewhere = |i: usize| [i, i + 2].iter().filter(|&&j| s[j] != r[i]).count() as f64 / 2.0;
        assert_eq!(round_trips_split(2, 4, 16, 2), (elsewhere(0) + elsewhere(1)) / 2.0);
        // One queue manager has every round trip on it.
        assert_eq!(round_trips_split(8, 8, 2, 1), 0.0);
    }
}
