//! Propp's cookie game: remove one heap and lower every other heap by one (empty heaps vanish).
//! No box bounds the positions reached from a staircase, so the memo is a hash map keyed by
//! the sorted heaps packed 5 bits each into a u128 (heaps <= 31, at most 25 heaps).

use rustc_hash::FxHashMap;

/// A memoized P/N solver.
#[derive(Default)]
pub struct Cookie {
    memo: FxHashMap<u128, bool>,
}

fn pack(pos: &[u8]) -> u128 {
    pos.iter().fold(0u128, |k, &h| (k << 5) | u128::from(h))
}

impl Cookie {
    /// Whether the sorted position (no zeros, heaps <= 31, at most 25 heaps) is P, stopping at
    /// the first P-follower.
    pub fn is_p(&mut self, pos: &[u8]) -> bool {
        assert!(pos.len() <= 25 && pos.iter().all(|&h| (1..32).contains(&h)));
        let key = pack(pos);
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut p = true;
        let mut f = Vec::with_capacity(pos.len());
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            f.clear();
            for (j, &h) in pos.iter().enumerate() {
                if j != i && h > 1 {
                    f.push(h - 1);
                }
            }
            if self.is_p(&f) {
                p = false;
                break;
            }
        }
        self.memo.insert(key, p);
        p
    }

    /// Positions stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }
}
