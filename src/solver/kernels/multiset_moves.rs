//! The followers of one position under a matched delete-and-split or delete-and-lower clause
//! ([`super::multiset_clause::Clause`]), listed straight from the runs of equal heaps of the sorted
//! position: no interpreter, no selection slots, each choice of heaps made once per multiset
//! (as the interpreter's `canonical_choice` does). Each follower is shown to a visitor, which
//! may stop the listing, as its rank in the box: the follower is written sorted, padded with
//! zeros in front to the box's heap count, and ranked by a table of binomials (the ranks of
//! [`crate::solver::table::BoxSpec`]); a split of one heap into two, the commonest move, ranks
//! each follower in constant time from prefix sums over the untouched heaps, building nothing.

use super::multiset_clause::{Act, Clause};

/// Working memory, reused from position to position, and the rank table of the box.
#[derive(Debug)]
pub(super) struct Moves {
    /// Heaps of a padded position (the box's count).
    k: usize,
    /// The least ranked heap size.
    base: u32,
    /// Row length of `tab`: ranked values per heap.
    w: usize,
    /// `tab[i * w + (v - base)]`: what heap size `v` at index `i` adds to the rank.
    tab: Vec<u64>,
    /// Differences of prefix sums of the fixed heaps' terms (the fast split).
    sums: Vec<[u64; 2]>,
    /// The distinct heap sizes of the position, increasing, and how many heaps have each.
    vals: Vec<u32>,
    cnt: Vec<usize>,
    /// The heaps in runs `r..`: all of them, and those not deleted.
    suffix_cnt: Vec<usize>,
    suffix_left: Vec<usize>,
    /// Per run: how many of its heaps are deleted, and how many the second step acts on.
    del: Vec<usize>,
    act: Vec<usize>,
    /// The heaps the second step acts on (increasing) and those left untouched (increasing).
    heaps: Vec<u32>,
    untouched: Vec<u32>,
    /// The parts written so far, and the first part of each split heap.
    parts: Vec<u32>,
    first: Vec<u32>,
    /// The follower being ranked (padded).
    out: Vec<u32>,
    /// The heaps of the follower besides the last split heap's two parts, sorted.
    fixed: Vec<u32>,
}

impl Moves {
    /// The working memory for a box of `k` heaps (padded) with sizes in `base..=max`.
    pub(super) fn new(k: usize, base: u32, max: u32) -> Moves {
        let w = (max - base) as usize + 1;
        let mut tab = vec![0u64; k * w];
        for i in 0..k {
            for v in 0..w {
                // C(v + i, i + 1), as in BoxSpec::rank; the box's len fits, so these do.
                tab[i * w + v] = binomial((v + i) as u64, (i + 1) as u64);
            }
        }
        Moves {
            k,
            base,
            w,
            tab,
            sums: Vec::new(),
            vals: Vec::new(),
            cnt: Vec::new(),
            suffix_cnt: Vec::new(),
            suffix_left: Vec::new(),
            del: Vec::new(),
            act: Vec::new(),
            heaps: Vec::new(),
            untouched: Vec::new(),
            parts: Vec::new(),
            first: Vec::new(),
            out: Vec::new(),
            fixed: Vec::new(),
        }
    }

    /// The rank table: `[i * w + (v - base)]` is what size `v` at index `i` adds to a rank.
    pub(super) fn table(&self) -> &[u64] {
        &self.tab
    }

    /// The term of heap size `v` at index `i` of a padded position.
    #[inline(always)]
    fn term(&self, i: usize, v: u32) -> u64 {
        self.tab[i * self.w + (v - self.base) as usize]
    }

    /// The rank of the padded sorted follower in `out`.
    #[inline(always)]
    fn rank_out(&self) -> usize {
        let mut r = 0u64;
        for (i, &v) in self.out.iter().enumerate() {
            r += self.term(i, v);
        }
        r as usize
    }

    /// Writes `untouched` plus `extra` into `out`, padded and sorted.
    #[inline(always)]
    fn write_out(&mut self, extra_from_parts: bool) {
        self.out.clear();
        let len = self.untouched.len()
            + if extra_from_parts {
                self.parts.len()
            } else {
                self.heaps.len()
            };
        self.out.resize(self.k - len, 0);
        for &u in &self.untouched {
            self.out.push(u);
        }
    }
    /// Shows every follower of the sorted position `pos` under `clause` to `visit`, stopping
    /// (and returning true) the first time `visit` returns true. `lower` is the least heap size
    /// of the shape: a follower with a smaller part is no follower.
    pub(super) fn each<F: FnMut(usize) -> bool>(
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
        self.suffix_cnt.clear();
        self.suffix_cnt.resize(runs + 1, 0);
        for q in (0..runs).rev() {
            self.suffix_cnt[q] = self.suffix_cnt[q + 1] + self.cnt[q];
        }
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
    fn choose_del<F: FnMut(usize) -> bool>(
        &mut self,
        clause: &Clause,
        r: usize,
        left: usize,
        rest: usize,
        lower: u32,
        visit: &mut F,
    ) -> bool {
        if left == 0 {
            // The heaps left in runs r.. once the deletion is chosen.
            self.suffix_left.clear();
            self.suffix_left.resize(self.vals.len() + 1, 0);
            for q in (0..self.vals.len()).rev() {
                self.suffix_left[q] = self.suffix_left[q + 1] + self.cnt[q] - self.del[q];
            }
            for &s in clause.act.get(rest) {
                if matches!(clause.kind, Act::Split { .. }) && s == 0 {
                    // A split of no heap makes no follower.
                    continue;
                }
                let stop = if s == rest {
                    // Every heap left (`every other heap`): one choice.
                    for q in 0..self.vals.len() {
                        self.act[q] = self.cnt[q] - self.del[q];
                    }
                    let stop = self.act_on_choice(clause, lower, visit);
                    self.act.iter_mut().for_each(|a| *a = 0);
                    stop
                } else {
                    self.choose_act(clause, 0, s, lower, visit)
                };
                if stop {
                    return true;
                }
            }
            return false;
        }
        if r == self.vals.len() {
            return false;
        }
        // The runs after this one hold `after` heaps: at least `left - after` come from here.
        let after = self.suffix_cnt[r + 1];
        let top = self.cnt[r].min(left);
        // Most from the smallest heaps first: deleting small heaps and splitting large ones
        // tends to meet a P-follower early.
        for t in (left.saturating_sub(after)..=top).rev() {
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
    fn choose_act<F: FnMut(usize) -> bool>(
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
        let after = self.suffix_left[r + 1];
        let top = (self.cnt[r] - self.del[r]).min(left);
        for t in (left.saturating_sub(after)..=top).rev() {
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
    fn act_on_choice<F: FnMut(usize) -> bool>(
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
                // Lowered heaps that reach 0 vanish: they are padding zeros.
                self.write_out(false);
                for j in 0..self.heaps.len() {
                    // Below the heap, so it fits in u32.
                    self.out
                        .push(u64::from(self.heaps[j]).saturating_sub(by) as u32);
                }
                insertion_sort(&mut self.out);
                visit(self.rank_out())
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
    fn split_from<F: FnMut(usize) -> bool>(
        &mut self,
        j: usize,
        parts: usize,
        least: u32,
        unequal: bool,
        visit: &mut F,
    ) -> bool {
        if j == self.heaps.len() {
            self.write_out(true);
            for j in 0..self.parts.len() {
                self.out.push(self.parts[j]);
            }
            insertion_sort(&mut self.out);
            return visit(self.rank_out());
        }
        let x = self.heaps[j];
        let start = if j > 0 && self.heaps[j - 1] == x {
            self.first[j - 1]
        } else {
            least
        };
        if parts == 2 && j + 1 == self.heaps.len() {
            // The last heap into two: everything else of the follower is fixed.
            self.fixed.clear();
            self.fixed.extend_from_slice(&self.untouched);
            self.fixed.extend_from_slice(&self.parts);
            insertion_sort(&mut self.fixed);
            return self.split_last_in_two(x, start, unequal, visit);
        }
        self.parts_of(
            j,
            0,
            parts,
            u64::from(x),
            u64::from(start),
            least,
            unequal,
            visit,
        )
    }

    /// Parts `k..parts` of heap `j`, non-decreasing (increasing with `unequal`), each at least
    /// `at_least`, summing to `rest`.
    #[allow(clippy::too_many_arguments)]
    fn parts_of<F: FnMut(usize) -> bool>(
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

impl Moves {
    /// The last chosen heap `x` split into `p <= q = x - p` (`p < q` with `unequal`), `p` at
    /// least `least`: the padded follower is `U[..a] p U[a..b] q U[b..]` for the heaps `U` of
    /// `fixed` (untouched, or parts of the other chosen heaps), with `a` and `b` the counts of untouched heaps below `p` and below `q`, so
    /// its rank is three prefix sums of `U`'s terms (shifted by 0, 1 and 2 places) plus the
    /// terms of `p` and `q`; `a` only grows and `b` only shrinks as `p` grows.
    fn split_last_in_two<F: FnMut(usize) -> bool>(
        &mut self,
        x: u32,
        least: u32,
        unequal: bool,
        visit: &mut F,
    ) -> bool {
        if x < 2 {
            return false;
        }
        let hi = if unequal { (x - 1) / 2 } else { x / 2 };
        if hi < least {
            return false;
        }
        let m = self.fixed.len();
        // The follower has m + 2 heaps; the box holds k (checked when the clause matched).
        let pad = self.k - (m + 2);
        // sums[i] = (S0[i] - S1[i], S1[i] - S2[i]) for the prefix sums S_t[i] of the terms of
        // fixed[..i] shifted by t places (wrapping: only the total below is a rank).
        self.sums.clear();
        self.sums.resize(m + 1, [0, 0]);
        let (mut s0, mut s1, mut s2) = (0u64, 0u64, 0u64);
        for i in 0..m {
            let v = (self.fixed[i] - self.base) as usize;
            s0 += self.tab[(pad + i) * self.w + v];
            s1 += self.tab[(pad + i + 1) * self.w + v];
            s2 += self.tab[(pad + i + 2) * self.w + v];
            self.sums[i + 1] = [s0.wrapping_sub(s1), s1.wrapping_sub(s2)];
        }
        let total = s2;
        let sums = &self.sums;
        let u = &self.fixed;
        let tab = &self.tab;
        let (w, base) = (self.w, self.base);
        let mut a = u.iter().take_while(|&&v| v < least).count();
        let mut b = u.iter().take_while(|&&v| v < x - least).count();
        for p in least..=hi {
            let q = x - p;
            while a < m && u[a] < p {
                a += 1;
            }
            while b > 0 && u[b - 1] >= q {
                b -= 1;
            }
            // S0[a] + (S1[b] - S1[a]) + (S2[m] - S2[b]) + the terms of p and q.
            let r = total
                .wrapping_add(sums[a][0])
                .wrapping_add(sums[b][1])
                .wrapping_add(tab[(pad + a) * w + (p - base) as usize])
                .wrapping_add(tab[(pad + b + 1) * w + (q - base) as usize]);
            if visit(r as usize) {
                return true;
            }
        }
        false
    }
}

/// `C(n, k)`, saturating (the table's entries that matter are below the box's size).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut c: u64 = 1;
    for i in 0..k {
        match c.checked_mul(n - i) {
            Some(x) => c = x / (i + 1),
            None => return u64::MAX,
        }
    }
    c
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
