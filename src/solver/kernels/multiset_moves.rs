//! The followers of one position under a matched delete-and-split or delete-and-lower clause
//! ([`super::multiset::Clause`]), listed straight from the runs of equal heaps of the sorted
//! position: no interpreter, no selection slots, each choice of heaps made once per multiset
//! (as the interpreter's `canonical_choice` does). Followers are shown sorted, with empty heaps
//! dropped, to a visitor that may stop the listing.

use super::multiset::{Act, Clause};

/// Working memory, reused from position to position.
#[derive(Debug, Default)]
pub(super) struct Moves {
    /// The distinct heap sizes of the position, increasing, and how many heaps have each.
    vals: Vec<u32>,
    cnt: Vec<usize>,
    /// Per run: how many of its heaps are deleted, and how many the second step acts on.
    del: Vec<usize>,
    act: Vec<usize>,
    /// The heaps the second step acts on (increasing) and those left untouched (increasing).
    heaps: Vec<u32>,
    untouched: Vec<u32>,
    /// The parts written so far, and the first part of each split heap.
    parts: Vec<u32>,
    first: Vec<u32>,
    /// The follower being shown.
    out: Vec<u32>,
}

impl Moves {
    /// Shows every follower of the sorted position `pos` under `clause` to `visit`, stopping
    /// (and returning true) the first time `visit` returns true. `lower` is the least heap size
    /// of the shape: a follower with a smaller part is no follower.
    pub(super) fn each<F: FnMut(&[u32]) -> bool>(
        &mut self,
        clause: &Clause,
        pos: &[u32],
        lower: u32,
        visit: &mut F,
    ) -> bool {
        self.vals.clear();
        self.cnt.clear();
        for &h in pos {
            if self.vals.last() == Some(&h) {
                *self.cnt.last_mut().expect("a run") += 1;
            } else {
                self.vals.push(h);
                self.cnt.push(1);
            }
        }
        let runs = self.vals.len();
        self.del.clear();
        self.del.resize(runs, 0);
        self.act.clear();
        self.act.resize(runs, 0);
        for &d in clause.del.get(pos.len()) {
            if self.choose_del(clause, 0, d, pos.len() - d, lower, visit) {
                return true;
            }
        }
        false
    }

    /// Chooses how many heaps of runs `r..` to delete, `left` of them in all; `rest` heaps
    /// remain for the second step.
    fn choose_del<F: FnMut(&[u32]) -> bool>(
        &mut self,
        clause: &Clause,
        r: usize,
        left: usize,
        rest: usize,
        lower: u32,
        visit: &mut F,
    ) -> bool {
        if left == 0 {
            for &s in clause.act.get(rest) {
                if matches!(clause.kind, Act::Split { .. }) && s == 0 {
                    // A split of no heap makes no follower.
                    continue;
                }
                if self.choose_act(clause, 0, s, lower, visit) {
                    return true;
                }
            }
            return false;
        }
        if r == self.vals.len() {
            return false;
        }
        // The runs after this one hold `after` heaps: at least `left - after` come from here.
        let after = self.cnt[r + 1..].iter().sum::<usize>();
        let top = self.cnt[r].min(left);
        for t in left.saturating_sub(after)..=top {
            self.del[r] = t;
            if self.choose_del(clause, r + 1, left - t, rest, lower, visit) {
                self.del[r] = 0;
                return true;
            }
        }
        self.del[r] = 0;
        false
    }

    /// Chooses how many of the heaps left in runs `r..` the second step acts on, `left` in all.
    fn choose_act<F: FnMut(&[u32]) -> bool>(
        &mut self,
        clause: &Clause,
        r: usize,
        left: usize,
        lower: u32,
        visit: &mut F,
    ) -> bool {
        if left == 0 {
            return self.act_on_choice(clause, lower, visit);
        }
        if r == self.vals.len() {
            return false;
        }
        let after = (r + 1..self.vals.len())
            .map(|q| self.cnt[q] - self.del[q])
            .sum::<usize>();
        let top = (self.cnt[r] - self.del[r]).min(left);
        for t in left.saturating_sub(after)..=top {
            self.act[r] = t;
            if self.choose_act(clause, r + 1, left - t, lower, visit) {
                self.act[r] = 0;
                return true;
            }
        }
        self.act[r] = 0;
        false
    }

    /// The heaps are chosen: lowers or splits them.
    fn act_on_choice<F: FnMut(&[u32]) -> bool>(
        &mut self,
        clause: &Clause,
        lower: u32,
        visit: &mut F,
    ) -> bool {
        self.heaps.clear();
        self.untouched.clear();
        for r in 0..self.vals.len() {
            let v = self.vals[r];
            let acted = self.act[r];
            let kept = self.cnt[r] - self.del[r] - acted;
            self.heaps.extend(std::iter::repeat_n(v, acted));
            self.untouched.extend(std::iter::repeat_n(v, kept));
        }
        match clause.kind {
            Act::Lower(by) => {
                self.out.clear();
                self.out.extend_from_slice(&self.untouched);
                for &h in &self.heaps {
                    let v = u64::from(h).saturating_sub(by);
                    if v > 0 {
                        // v < h, so it fits in u32.
                        self.out.push(v as u32);
                    }
                }
                insertion_sort(&mut self.out);
                visit(&self.out)
            }
            Act::Split {
                parts,
                min,
                unequal,
            } => {
                self.parts.clear();
                self.first.clear();
                self.first.resize(self.heaps.len(), 0);
                let least = min.max(lower);
                self.split_from(0, parts, least, unequal, visit)
            }
        }
    }

    /// Splits heaps `j..` of the chosen ones; a heap equal to the one before it starts with a
    /// first part no smaller than that heap's (the other order gives the same follower).
    fn split_from<F: FnMut(&[u32]) -> bool>(
        &mut self,
        j: usize,
        parts: usize,
        least: u32,
        unequal: bool,
        visit: &mut F,
    ) -> bool {
        if j == self.heaps.len() {
            self.out.clear();
            self.out.extend_from_slice(&self.untouched);
            self.out.extend_from_slice(&self.parts);
            insertion_sort(&mut self.out);
            return visit(&self.out);
        }
        let x = self.heaps[j];
        let start = if j > 0 && self.heaps[j - 1] == x {
            self.first[j - 1]
        } else {
            least
        };
        self.parts_of(j, 0, parts, u64::from(x), u64::from(start), least, unequal, visit)
    }

    /// Parts `k..parts` of heap `j`, non-decreasing (increasing with `unequal`), each at least
    /// `at_least`, summing to `rest`.
    #[allow(clippy::too_many_arguments)]
    fn parts_of<F: FnMut(&[u32]) -> bool>(
        &mut self,
        j: usize,
        k: usize,
        parts: usize,
        rest: u64,
        at_least: u64,
        least: u32,
        unequal: bool,
        visit: &mut F,
    ) -> bool {
        let left = (parts - k) as u64;
        if left == 1 {
            if rest < at_least {
                return false;
            }
            // Every part is at most the heap, a u32.
            self.parts.push(rest as u32);
            if k == 0 {
                self.first[j] = rest as u32;
            }
            let stop = self.split_from(j + 1, parts, least, unequal, visit);
            self.parts.pop();
            return stop;
        }
        let mut p = at_least;
        while p * left <= rest {
            self.parts.push(p as u32);
            if k == 0 {
                self.first[j] = p as u32;
            }
            let next = p + u64::from(unequal);
            let stop = self.parts_of(j, k + 1, parts, rest - p, next, least, unequal, visit);
            self.parts.pop();
            if stop {
                return true;
            }
            p += 1;
        }
        false
    }
}

/// Sorts a short slice (a follower of a few heaps, mostly sorted already).
fn insertion_sort(v: &mut [u32]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}
