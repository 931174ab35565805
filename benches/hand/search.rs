//! A hand-written memoized search for one position of a game with no box (the plain program a
//! researcher writes when the heaps are not bounded in advance): a recursion over sorted heap
//! lists, followers built one by one, values kept in a hash map keyed by the list.

use std::collections::HashMap;

/// Half-take on any number of heaps (`benches/user/half-take-any.game`): take at most half of
/// one heap, or the same amount, at most half the smaller, from two heaps.
#[derive(Default)]
pub struct HalfTakeAny {
    memo: HashMap<Vec<u32>, u32>,
    /// Followers looked at (each with its multiplicity).
    pub followers: u64,
}

impl HalfTakeAny {
    /// The Grundy value of the sorted position `pos`.
    pub fn grundy(&mut self, pos: &[u32]) -> u32 {
        if let Some(&v) = self.memo.get(pos) {
            return v;
        }
        let n = pos.len();
        let mut vals = Vec::new();
        // Heaps of equal size give the same followers: the first of each run is chosen.
        let first = |i: usize| i == 0 || pos[i - 1] != pos[i];
        for i in (0..n).filter(|&i| first(i)) {
            for s in 1..=pos[i] / 2 {
                vals.push(self.follower(pos, &[i], s));
            }
        }
        for i in (0..n).filter(|&i| first(i)) {
            for j in (i + 1..n).filter(|&j| j == i + 1 || first(j)) {
                for s in 1..=pos[i].min(pos[j]) / 2 {
                    vals.push(self.follower(pos, &[i, j], s));
                }
            }
        }
        self.followers += vals.len() as u64;
        let mut seen = vec![false; vals.len() + 1];
        for &v in &vals {
            if (v as usize) < seen.len() {
                seen[v as usize] = true;
            }
        }
        let g = seen.iter().take_while(|&&b| b).count() as u32;
        self.memo.insert(pos.to_vec(), g);
        g
    }

    /// The value of `pos` with `s` taken from each heap of `heaps`.
    fn follower(&mut self, pos: &[u32], heaps: &[usize], s: u32) -> u32 {
        let mut y = pos.to_vec();
        for &h in heaps {
            y[h] -= s;
        }
        y.retain(|&h| h > 0);
        y.sort_unstable();
        self.grundy(&y)
    }

    /// Positions stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }
}
