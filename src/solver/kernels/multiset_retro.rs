//! P/N by retrograde marking for delete-and-split clauses on a fixed number of heaps: the
//! positions are visited in rank order, and a position that no P-position has marked is P
//! (all its followers have smaller ranks, and every P among them marked it); its predecessors
//! are then marked N. The inverse of `delete d heaps; split s heaps into P parts` is exact:
//! merge `s` groups of `P` heaps of the follower (parts that the split could have made: at
//! least its least part, pairwise different for `unequal`) and add `d` heaps of any size of
//! the box, with the counts the clause allows. No follower is listed at all.

use super::multiset_clause::{Act, Clause};

/// Working memory and the rank table of the box.
pub(super) struct Retro {
    k: usize,
    base: u32,
    max: u32,
    w: usize,
    tab: Vec<u64>,
    /// Per heap of the position: the group it is merged in (0 for none).
    group: Vec<usize>,
    /// The merged heaps, the deleted heaps chosen so far, and the predecessor being ranked.
    sums: Vec<u32>,
    added: Vec<u32>,
    out: Vec<u32>,
}

impl Retro {
    /// For a box of `k` heaps with sizes in `base..=max`; `tab` as in `Moves`.
    pub(super) fn new(k: usize, base: u32, max: u32, tab: Vec<u64>) -> Retro {
        Retro {
            k,
            base,
            max,
            w: (max - base) as usize + 1,
            tab,
            group: Vec::new(),
            sums: Vec::new(),
            added: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Shows the rank of every predecessor of the sorted position `pos` (of the box's count)
    /// under `clause` to `mark` (a predecessor reached in several ways more than once).
    pub(super) fn each_pred(&mut self, clause: &Clause, pos: &[u32], mark: &mut impl FnMut(usize)) {
        let Act::Split {
            parts,
            min,
            unequal,
        } = clause.kind
        else {
            return;
        };
        let n = pos.len();
        self.group.clear();
        self.group.resize(n, 0);
        for &d in clause.del.get(n) {
            for &s in clause.act.get(n - d) {
                // A fixed count: the clause keeps it (checked when it matched).
                if s == 0 || s * parts > n {
                    continue;
                }
                let split = Split {
                    parts,
                    min,
                    unequal,
                    d,
                };
                self.groups(pos, &split, 1, s, 0, mark);
            }
        }
    }

    /// Forms group `g` of `s` (heaps `group == g`), its first heap at index `from` or later.
    fn groups(
        &mut self,
        pos: &[u32],
        sp: &Split,
        g: usize,
        s: usize,
        from: usize,
        mark: &mut impl FnMut(usize),
    ) {
        if g > s {
            return self.merged(pos, sp, s, mark);
        }
        for first in from..pos.len() {
            if self.group[first] != 0 {
                continue;
            }
            self.group[first] = g;
            self.members(pos, sp, g, s, first, first + 1, 1, mark);
            self.group[first] = 0;
        }
    }

    /// Adds members to group `g` (which has `have`, the first at `first`) from index `from`.
    #[allow(clippy::too_many_arguments)]
    fn members(
        &mut self,
        pos: &[u32],
        sp: &Split,
        g: usize,
        s: usize,
        first: usize,
        from: usize,
        have: usize,
        mark: &mut impl FnMut(usize),
    ) {
        if have == sp.parts {
            return self.groups(pos, sp, g + 1, s, first + 1, mark);
        }
        for i in from..pos.len() {
            if self.group[i] != 0 {
                continue;
            }
            self.group[i] = g;
            self.members(pos, sp, g, s, first, i + 1, have + 1, mark);
            self.group[i] = 0;
        }
    }

    /// The groups are formed: checks them, merges them, adds the deleted heaps.
    fn merged(&mut self, pos: &[u32], sp: &Split, s: usize, mark: &mut impl FnMut(usize)) {
        self.sums.clear();
        for g in 1..=s {
            let mut sum = 0u64;
            let mut last: Option<u32> = None;
            for (i, &h) in pos.iter().enumerate() {
                if self.group[i] != g {
                    continue;
                }
                // Members come in increasing order of index, so of size.
                if h < sp.min || (sp.unequal && last == Some(h)) {
                    return;
                }
                last = Some(h);
                sum += u64::from(h);
            }
            if sum > u64::from(self.max) {
                return;
            }
            // At most max, a u32.
            self.sums.push(sum as u32);
        }
        if sp.d <= 2 {
            return self.add_few(pos, sp.d, mark);
        }
        self.added.clear();
        self.add(pos, sp.d, self.base, mark);
    }

    /// Adds one or two deleted heaps (or none) to the sorted rest `Y` by prefix sums of its
    /// terms: `Y[..a] v Y[a..]` has rank `S0[a] + S1[m] - S1[a] + T(a, v)`, and with two heaps
    /// `v1 <= v2` the terms after `v2` shift by two places.
    fn add_few(&mut self, pos: &[u32], d: usize, mark: &mut impl FnMut(usize)) {
        self.out.clear();
        for (i, &h) in pos.iter().enumerate() {
            if self.group[i] == 0 {
                self.out.push(h);
            }
        }
        self.out.extend_from_slice(&self.sums);
        self.out.sort_unstable();
        let (w, base, max) = (self.w, self.base, self.max);
        let tab = &self.tab;
        let y = &self.out;
        let m = y.len();
        let term = |i: usize, v: u32| tab[i * w + (v - base) as usize];
        // S[t][i]: the terms of y[..i] shifted by t places.
        let mut sum = [vec![0u64; m + 1], vec![0u64; m + 1], vec![0u64; m + 1]];
        for (t, st) in sum.iter_mut().enumerate().take(d + 1) {
            for i in 0..m {
                st[i + 1] = st[i] + term(i + t, y[i]);
            }
        }
        match d {
            0 => mark(sum[0][m] as usize),
            1 => {
                let mut a = 0;
                for v in base..=max {
                    while a < m && y[a] < v {
                        a += 1;
                    }
                    mark((sum[0][a] + (sum[1][m] - sum[1][a]) + term(a, v)) as usize);
                }
            }
            _ => {
                let mut a1 = 0;
                for v1 in base..=max {
                    while a1 < m && y[a1] < v1 {
                        a1 += 1;
                    }
                    let head = sum[0][a1] + term(a1, v1);
                    let mut a2 = a1;
                    for v2 in v1..=max {
                        while a2 < m && y[a2] < v2 {
                            a2 += 1;
                        }
                        let r = head
                            + (sum[1][a2] - sum[1][a1])
                            + (sum[2][m] - sum[2][a2])
                            + term(a2 + 1, v2);
                        mark(r as usize);
                    }
                }
            }
        }
    }

    /// Adds `left` more deleted heaps, each at least `from` (non-decreasing), then ranks.
    fn add(&mut self, pos: &[u32], left: usize, from: u32, mark: &mut impl FnMut(usize)) {
        if left == 0 {
            self.out.clear();
            for (i, &h) in pos.iter().enumerate() {
                if self.group[i] == 0 {
                    self.out.push(h);
                }
            }
            self.out.extend_from_slice(&self.sums);
            self.out.extend_from_slice(&self.added);
            debug_assert_eq!(self.out.len(), self.k);
            self.out.sort_unstable();
            let mut r = 0u64;
            for (i, &v) in self.out.iter().enumerate() {
                r += self.tab[i * self.w + (v - self.base) as usize];
            }
            return mark(r as usize);
        }
        for v in from..=self.max {
            self.added.push(v);
            self.add(pos, left - 1, v, mark);
            self.added.pop();
        }
    }
}

/// A split clause with one count of deleted heaps.
struct Split {
    parts: usize,
    min: u32,
    unequal: bool,
    d: usize,
}
