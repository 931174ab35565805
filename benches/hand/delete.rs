//! Single-delete and Half-delete Nim with 4 heaps (each >= 1): delete one heap and split one
//! other into two non-empty parts, or delete two heaps and split both others. Sorted 4-tuples
//! in a dense array, solved by memoized depth-first search (a move keeps the largest heap, so
//! no simple order of the array puts followers first).

/// Which of the two games.
#[derive(Clone, Copy, Debug)]
pub enum Variant {
    /// Delete one heap, split one other.
    Single,
    /// Delete two heaps, split the other two.
    Half,
}

/// Outcomes of sorted 4-tuples with entries in 1..=n: 0 unknown, 1 P, 2 N.
pub struct Delete {
    variant: Variant,
    w: usize,
    memo: Vec<u8>,
}

fn sorted(mut t: [u32; 4]) -> [u32; 4] {
    t.sort_unstable();
    t
}

impl Delete {
    /// An empty table for heaps <= n.
    pub fn new(variant: Variant, n: usize) -> Delete {
        let w = n + 1;
        Delete {
            variant,
            w,
            memo: vec![0; w * w * w * w],
        }
    }

    /// The index of a sorted 4-tuple.
    pub fn index(&self, t: &[u32]) -> usize {
        let w = self.w;
        ((t[0] as usize * w + t[1] as usize) * w + t[2] as usize) * w + t[3] as usize
    }

    /// The stored outcome (true for P) of a sorted 4-tuple, if solved.
    pub fn solved(&self, t: &[u32]) -> Option<bool> {
        match self.memo[self.index(t)] {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        }
    }

    /// Whether the sorted 4-tuple `t` is P.
    pub fn is_p(&mut self, t: [u32; 4]) -> bool {
        let i = self.index(&t);
        match self.memo[i] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let p = !self.has_p_follower(t);
        self.memo[i] = if p { 1 } else { 2 };
        p
    }

    fn has_p_follower(&mut self, t: [u32; 4]) -> bool {
        match self.variant {
            Variant::Single => {
                for d in 0..4 {
                    if d > 0 && t[d] == t[d - 1] {
                        continue;
                    }
                    for s in 0..4 {
                        if s == d || t[s] < 2 {
                            continue;
                        }
                        let rest: Vec<u32> =
                            (0..4).filter(|&j| j != d && j != s).map(|j| t[j]).collect();
                        for p in 1..=t[s] / 2 {
                            if self.is_p(sorted([rest[0], rest[1], p, t[s] - p])) {
                                return true;
                            }
                        }
                    }
                }
                false
            }
            Variant::Half => {
                for x in 0..4 {
                    for y in x + 1..4 {
                        let keep: Vec<u32> =
                            (0..4).filter(|&j| j != x && j != y).map(|j| t[j]).collect();
                        let (u, v) = (keep[0], keep[1]);
                        if u < 2 || v < 2 {
                            continue;
                        }
                        for p in 1..=u / 2 {
                            for q in 1..=v / 2 {
                                if self.is_p(sorted([p, u - p, q, v - q])) {
                                    return true;
                                }
                            }
                        }
                    }
                }
                false
            }
        }
    }
}
