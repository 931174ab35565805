//! Take-and-break games without the interpreter. A sum whose every move is "take an amount
//! from one heap" or "take an amount from one heap and split what is left into two (or three)
//! parts" ([`TakeBreak`]: the octal and hexadecimal games) has its single-heap Grundy values
//! computed directly: the options of a heap of `n` are `g(n - j)`, `g(a) ^ g(b)` with
//! `a + b = n - j`, and `g(a) ^ g(b) ^ g(c)` with `a + b + c = n - j`, marked in a bitset (one
//! `u64` while the values stay below 64) and never built as follower tuples. For three parts
//! the sets `P(k)` of the values `g(a) ^ g(b)`, `a + b = k`, are kept as bitsets, and the
//! triples of `m` are the union over `c` of `P(m - c)` with every member XORed by `g(c)` (a
//! permutation of the bitset), so a heap costs O(n) word operations, as a split in two does.
//! When the largest take `t` is finite, the periodicity theorem ([`theorem_bound`]) is tried as
//! the sequence grows: once it proves a period, the rest of the sequence is read off it.

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::period::Period;
pub use super::period::{proven_period, theorem_bound, theorem_words};
use super::rare::{self, RareCommon, RareFacts};
pub use super::rules::{Clause, Leave, TakeBreak};
use super::values::{with_values, Val, Values};
use super::xor::{xor_pairs_mask, xor_permute};
use super::SeqError;

/// A sequence the kernel extends: `u32`s (the sum oracle's), or [`Values`] stored narrowly
/// (`sequence`'s long runs); the kernel reads it as a typed slice.
pub trait Grow {
    /// How many values.
    fn len(&self) -> usize;
    /// Whether there is none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The value of heap `i`.
    fn at(&self, i: usize) -> u32;
    /// The largest value.
    fn largest(&self) -> Option<u32>;
    /// Appends a value.
    fn push(&mut self, v: u32);
    /// The next value by `k` ([`Kernel::next_value`] on the typed slice).
    fn next_value(&self, k: &mut Kernel, cap: u32) -> Result<u32, SeqError>;
    /// The period the theorem proves from these values ([`proven_period`]).
    fn proven(&self, parts: u32, t: u32) -> Option<Period>;
}

impl Grow for Vec<u32> {
    fn len(&self) -> usize {
        <[u32]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i]
    }
    fn largest(&self) -> Option<u32> {
        self.iter().copied().max()
    }
    fn push(&mut self, v: u32) {
        Vec::push(self, v);
    }
    fn next_value(&self, k: &mut Kernel, cap: u32) -> Result<u32, SeqError> {
        k.next_value(self, cap)
    }
    fn proven(&self, parts: u32, t: u32) -> Option<Period> {
        proven_period(self, parts, t)
    }
}

impl Grow for Values {
    fn len(&self) -> usize {
        Values::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self.get(i)
    }
    fn largest(&self) -> Option<u32> {
        self.max()
    }
    fn push(&mut self, v: u32) {
        Values::push(self, v);
    }
    fn next_value(&self, k: &mut Kernel, cap: u32) -> Result<u32, SeqError> {
        with_values!(self, s => k.next_value(s, cap))
    }
    fn proven(&self, parts: u32, t: u32) -> Option<Period> {
        with_values!(self, s => proven_period(s, parts, t))
    }
}

/// Working state of a growing sequence: the values so far, the take sets listed up to the
/// current length, and a proven period once found.
#[derive(Clone, Debug)]
pub struct Kernel {
    rules: TakeBreak,
    /// The amounts of each clause, in increasing order, up to `listed`.
    takes: Vec<Vec<u32>>,
    listed: u32,
    /// The largest take when finite and the game octal: the theorem can be tried.
    t: Option<u32>,
    /// A period proven by the theorem.
    pub proven: Option<Period>,
    /// The next length at which to try the theorem.
    next_try: usize,
    /// Marks of the option values, one byte each (when they may reach 64 or more).
    bits: Vec<u8>,
    /// For splits in three: `P(k)`, the values `g(a) ^ g(b)` with `a + b = k` (each part at
    /// least the least part), as bitsets of `pair_words` words, for `k < pairs_known`.
    pairs: Vec<u64>,
    pair_words: usize,
    pairs_known: usize,
    /// The rare/common engine (`rare.rs`), for rules that split heaps in two.
    rare: Option<RareCommon>,
}

impl Kernel {
    /// A kernel for these rules, with the rare/common engine where it applies.
    pub fn new(rules: TakeBreak) -> Kernel {
        let mut k = Kernel::plain(rules);
        k.rare = RareCommon::of(&k.rules);
        k
    }

    /// A kernel that computes every value by the mex over every option (the reference the
    /// rare/common engine is tested against).
    pub fn plain(rules: TakeBreak) -> Kernel {
        let t = rules.largest_take().filter(|_| rules.is_octal());
        Kernel {
            takes: vec![Vec::new(); rules.clauses.len()],
            rules,
            listed: 0,
            t,
            proven: None,
            next_try: 16,
            bits: Vec::new(),
            pairs: Vec::new(),
            pair_words: 1,
            pairs_known: 0,
            rare: None,
        }
    }

    /// Records every value of `seq` in the rare/common engine (its facts then cover them).
    pub(crate) fn sync_rare<T: Val>(&mut self, seq: &[T]) {
        if let Some(r) = self.rare.as_mut() {
            r.sync(seq);
        }
    }

    /// The rare/common engine's mask, rare heaps and work, when it runs.
    pub fn rare_facts(&self) -> Option<RareFacts> {
        self.rare.as_ref().map(RareCommon::facts)
    }

    /// The rules.
    pub fn rules(&self) -> &TakeBreak {
        &self.rules
    }

    /// The largest take, when the theorem may be tried.
    pub fn theorem_take(&self) -> Option<u32> {
        self.t
    }

    /// Lists the amounts of every clause up to `max`.
    fn list_takes(&mut self, max: u32) -> Result<(), SeqError> {
        if max < self.listed && !self.takes.is_empty() {
            return Ok(());
        }
        let max = max.max(self.listed.saturating_mul(2)).max(64);
        let mut v = Vec::new();
        for (c, out) in self.rules.clauses.iter().zip(&mut self.takes) {
            v.clear();
            c.takes
                .members_upto(i64::from(max), &mut v)
                .map_err(|_| SeqError::NotDecreasing)?;
            out.clear();
            // Amounts are >= 0 (checked at load) and <= max.
            out.extend(v.iter().filter_map(|&j| u32::try_from(j).ok()));
        }
        self.listed = max;
        Ok(())
    }

    /// Extends `seq` (the values of heaps `0..seq.len()`) to `0..=max`; `watch` is shown the
    /// values every [`Budget::CHECK_EVERY`] heaps (`sequence --save` writes them as they
    /// grow) and stops the run by answering `false` (a [`SolveError::Cancelled`]).
    pub fn extend<S: Grow>(
        &mut self,
        seq: &mut S,
        max: u32,
        budget: &Budget,
        watch: &mut dyn FnMut(&S) -> bool,
    ) -> Result<(), SeqError> {
        // Refused before the amounts are listed up to `max`.
        if let Some(limit) = budget.max_positions.filter(|&l| max as usize >= l) {
            return Err(SeqError::Solve(SolveError::Limit { limit }));
        }
        // The amounts are listed as the heaps reach them (doubling), not up to `max` at once:
        // memory follows the work done, and the budget's checks come between.
        self.list_takes((seq.len() as u32).min(max))?;
        let mut cap: u32 = seq.largest().map_or(1, |g| g + 1).next_power_of_two();
        while seq.len() <= max as usize {
            let n = seq.len();
            // One value is stored per heap: the position limit applies to the sequence (the
            // cancel flag is looked at every `Budget::CHECK_EVERY` heaps).
            budget
                .check(n, n)
                .map_err(|s| SeqError::Solve(SolveError::from_stop(s, n)))?;
            if n.is_multiple_of(Budget::CHECK_EVERY) && !watch(seq) {
                return Err(SeqError::Solve(SolveError::Cancelled { stored: n }));
            }
            if let Some(per) = self.proven {
                seq.push(seq.at(n - per.period));
                continue;
            }
            let g = seq.next_value(self, cap)?;
            seq.push(g);
            if g >= cap {
                cap = (g + 1).next_power_of_two();
            }
            if let Some(t) = self.t {
                if seq.len() >= self.next_try {
                    self.next_try = seq.len() * 2;
                    self.proven = seq.proven(self.rules.parts(), t);
                }
            }
        }
        Ok(())
    }

    /// The value of heap `seq.len()`, the values before it in `seq`; `cap` a power of two
    /// above each of them.
    fn next_value<T: Val>(&mut self, seq: &[T], cap: u32) -> Result<u32, SeqError> {
        let n = seq.len();
        if n as u32 > self.listed {
            self.list_takes(n as u32)?;
        }
        if let Some(min) = self.rules.three_min() {
            self.grow_pairs(seq, n, cap, min as usize);
        }
        let fast = match self.rare.as_mut() {
            Some(_) if cap > rare::MAX_CAP => {
                self.rare = None;
                None
            }
            Some(r) => {
                r.sync(seq);
                r.value(seq, n as u32, &self.rules.clauses, &self.takes, cap)?
            }
            None => None,
        };
        match fast {
            Some(g) => Ok(g),
            None => self.value(seq, n as u32, cap),
        }
    }

    /// Computes `P(k)` for every `k < n` (the values below `n` known), as bitsets wide enough
    /// for `cap`; all of them again when `cap` outgrows the width.
    fn grow_pairs<T: Val>(&mut self, seq: &[T], n: usize, cap: u32, min: usize) {
        let words = (cap as usize).div_ceil(64).max(1);
        if words != self.pair_words {
            self.pair_words = words;
            self.pairs.clear();
            self.pairs_known = 0;
        }
        for k in self.pairs_known..n {
            let start = self.pairs.len();
            self.pairs.resize(start + words, 0);
            let set = &mut self.pairs[start..];
            // a from min to k / 2, b = k - a >= a >= min.
            let mut a = min;
            while a <= k / 2 && k - a >= min {
                let x = (seq[a].into() ^ seq[k - a].into()) as usize;
                set[x / 64] |= 1u64 << (x % 64);
                a += 1;
            }
        }
        self.pairs_known = n.max(self.pairs_known);
    }

    /// ORs into `out` (one bit per value, `pair_words` words) the values of every split of
    /// `m` into three parts of at least `min`: `g(c) ^ P(m - c)` for each `c`.
    fn mark_triples<T: Val>(&self, seq: &[T], m: usize, min: usize, out: &mut [u64]) {
        let w = self.pair_words;
        let mut c = min;
        while c + 2 * min <= m {
            let k = m - c;
            let set = &self.pairs[k * w..(k + 1) * w];
            let v = seq[c].into() as usize;
            let (high, low) = (v / 64, (v % 64) as u32);
            for (i, &word) in set.iter().enumerate() {
                if word != 0 {
                    out[i ^ high] |= xor_permute(word, low);
                }
            }
            c += 1;
        }
    }

    /// The Grundy value of a heap of `n`, all smaller values known; `cap` a power of two
    /// above every value so far.
    fn value<T: Val>(&mut self, seq: &[T], n: u32, cap: u32) -> Result<u32, SeqError> {
        let three = self.rules.three_min().map(|m| m as usize);
        // The triples of every `m` a three-part split may leave, as words.
        let mut triples = vec![0u64; if three.is_some() { self.pair_words } else { 0 }];
        if let Some(min) = three {
            for (c, takes) in self.rules.clauses.iter().zip(&self.takes) {
                if !matches!(c.leave, Leave::Three { .. }) {
                    continue;
                }
                for &j in takes.iter().take_while(|&&j| j <= n) {
                    if j == 0 && min == 0 {
                        return Err(SeqError::NotDecreasing);
                    }
                    self.mark_triples(seq, (n - j) as usize, min, &mut triples);
                }
            }
        }
        if cap <= 64 {
            // Every option value is below 64: one word of marks.
            let mask = std::cell::Cell::new(triples.first().copied().unwrap_or(0));
            self.options(
                seq,
                n,
                |x| mask.set(mask.get() | 1u64 << x),
                |lo, hi| mask.set(mask.get() | xor_pairs_mask(lo, hi)),
            )?;
            return Ok((!mask.get()).trailing_zeros());
        }
        // One byte per value below `cap` (and `cap` itself, the largest possible mex), as
        // cells so that both closures may mark.
        let mut seen = std::mem::take(&mut self.bits);
        seen.clear();
        seen.resize(cap as usize + 1, 0);
        let cells = std::cell::Cell::from_mut(&mut seen[..]).as_slice_of_cells();
        let mark = |x: u32| cells[x as usize].set(1);
        let r = self.options(seq, n, mark, |lo, hi| {
            for (&x, &y) in lo.iter().zip(hi.iter().rev()) {
                cells[(x.into() ^ y.into()) as usize].set(1);
            }
        });
        for (i, &word) in triples.iter().enumerate() {
            for b in (0..64).filter(|b| word >> b & 1 == 1) {
                if let Some(cell) = cells.get(i * 64 + b) {
                    cell.set(1);
                }
            }
        }
        let mex = seen.iter().position(|&b| b == 0).unwrap_or(seen.len());
        self.bits = seen;
        r.map(|()| mex as u32)
    }

    /// Shows every option value of a heap of `n`: a single value to `mark`, the pairs
    /// `lo[i] ^ hi[hi.len() - 1 - i]` of a split to `pairs`.
    #[inline]
    fn options<T: Val>(
        &self,
        seq: &[T],
        n: u32,
        mark: impl Fn(u32),
        pairs: impl Fn(&[T], &[T]),
    ) -> Result<(), SeqError> {
        for (c, takes) in self.rules.clauses.iter().zip(&self.takes) {
            for &j in takes {
                if j > n {
                    break;
                }
                let m = (n - j) as usize;
                match c.leave {
                    Leave::One => {
                        if j == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        mark(seq[m].into());
                    }
                    Leave::Nothing if m == 0 => mark(seq[0].into()),
                    Leave::Rest if m > 0 => {
                        if j == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        mark(seq[m].into());
                    }
                    Leave::Nothing | Leave::Rest => {}
                    // Marked from the sets of pairs, before (`Kernel::mark_triples`).
                    Leave::Three { .. } => {}
                    Leave::Two { min_part, distinct } => {
                        let min = min_part as usize;
                        if j == 0 && min == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        if m < 2 * min || (distinct && m == 0) {
                            continue;
                        }
                        // a from min to m/2 (below m/2 when the parts must differ), b = m - a.
                        let half = if distinct {
                            (m.saturating_sub(1)) / 2
                        } else {
                            m / 2
                        };
                        if half < min {
                            continue;
                        }
                        pairs(&seq[min..=half], &seq[m - half..=m - min]);
                    }
                }
            }
        }
        Ok(())
    }
}
