//! Single-delete Nim with 4 heaps (each >= 1), Grundy values: delete one heap and split one
//! other into two non-empty parts. Sorted 4-tuples in a dense array, solved by memoized
//! depth-first search (the mex of the values of all followers), like `delete.rs`.

/// Marks a tuple not solved yet.
const UNKNOWN: u32 = u32::MAX;

/// Grundy values of sorted 4-tuples with entries in 1..=n.
pub struct SingleDelete {
    w: usize,
    memo: Vec<u32>,
}

fn sorted(mut t: [u32; 4]) -> [u32; 4] {
    t.sort_unstable();
    t
}

impl SingleDelete {
    /// An empty table for heaps <= n.
    pub fn new(n: usize) -> SingleDelete {
        let w = n + 1;
        SingleDelete {
            w,
            memo: vec![UNKNOWN; w * w * w * w],
        }
    }

    fn index(&self, t: &[u32]) -> usize {
        let w = self.w;
        ((t[0] as usize * w + t[1] as usize) * w + t[2] as usize) * w + t[3] as usize
    }

    /// The stored Grundy value of a sorted 4-tuple, if solved.
    pub fn solved(&self, t: &[u32]) -> Option<u32> {
        Some(self.memo[self.index(t)]).filter(|&v| v != UNKNOWN)
    }

    /// The Grundy value of the sorted 4-tuple `t`.
    pub fn grundy(&mut self, t: [u32; 4]) -> u32 {
        let i = self.index(&t);
        if self.memo[i] != UNKNOWN {
            return self.memo[i];
        }
        let mut vals = Vec::new();
        for d in 0..4 {
            if d > 0 && t[d] == t[d - 1] {
                continue;
            }
            for s in 0..4 {
                if s == d || t[s] < 2 {
                    continue;
                }
                let rest: Vec<u32> = (0..4).filter(|&j| j != d && j != s).map(|j| t[j]).collect();
                for p in 1..=t[s] / 2 {
                    vals.push(self.grundy(sorted([rest[0], rest[1], p, t[s] - p])));
                }
            }
        }
        let mut seen = vec![false; vals.len() + 1];
        for &v in &vals {
            if (v as usize) < seen.len() {
                seen[v as usize] = true;
            }
        }
        let g = seen
            .iter()
            .position(|&b| !b)
            .expect("one more slot than values") as u32;
        self.memo[i] = g;
        g
    }
}
