//! Rare and common values (Gangolli and Plambeck 1989; Grossman's and Flammenkamp's record
//! computations): the single-heap values of a take-and-break game that splits heaps in two,
//! each found from a few hundred options instead of all `n / 2` splits.
//!
//! **Classes.** A mask `M` (and, when every split takes amounts of one parity `q`, optionally
//! the heap's parity) divides values in two: the class of heap `i` with value `v` is
//! `parity(v & M) ^ (P & (i ^ q) & 1)` with `P` the position bit. Class 0 (it holds heap 0's
//! value 0 when `P` is off) is the **rare** class: for the games this serves, few heaps have
//! it. Classes add under XOR (parity is linear, and the parts of a split of `n - j` have
//! parities summing to `n - j`'s), so for a heap `n` an option `g(a) ^ g(b)` of the **common**
//! class (1, read at `n`) comes from a split with exactly one rare part.
//!
//! **A value.** (1) Mark the options of the direct moves (take and leave one heap or nothing)
//! and, for every split, the pairs with a rare part: `g(r) ^ g(m - r)` for each rare heap
//! `r` in range, the rare heaps kept sorted with their values. Every common option is now
//! marked, so the least common value not marked, the *candidate* `c`, is the least common
//! value that is not an option. (2) The value is `c` unless some rare-class value below `c`
//! is not an option either. Those rare-class values below `c` not yet marked are the only
//! ones in question: the full splits are scanned in blocks (the XOR-pair loop of
//! `xor.rs` while values stay below 64), stopping as soon as all of them are marked, which
//! for a sparse rare set comes after a few hundred pairs. (3) If the scan ends with some
//! unmarked, the least of them is the value: a new rare value.
//! The result is the mex of every option whatever the mask: the mask only decides the work.
//!
//! **The mask** is chosen as the literature does, by the Walsh-Hadamard transform of the
//! counts of (value, heap parity) seen so far: the transform at `s = M << 1 | P` is
//! `#class 0 - #class 1`, so the mask with the fewest rare heaps is read off at once. It is
//! confirmed as the run goes: the transform is taken again when the values gain a bit, at
//! powers of two, and when a rare value appears (at most every `n / 16` heaps); the mask
//! changes (and the rare heaps are listed again) only when another has a rare set an eighth
//! smaller.
//!
//! **Falling back.** Below [`START`] heaps, while the rare set is not sparse (more than one
//! heap in [`SPARSE`]), when values reach [`MAX_CAP`], and for splits into three parts (whose
//! common options may have no rare part), [`RareCommon::value`] declines and the kernel's
//! plain mex over every option computes the heap.
//!
//! The published analyzer of T. Czajka (github.com/tczajka/octal-games) follows the same
//! plan; this engine generalises it to every clause `TakeBreak` recognises (sets of amounts
//! of any size, parts that may be empty, unequal splits, several split clauses).

use super::rules::{Clause, Leave, TakeBreak};
use super::walsh::walsh_hadamard;
use super::xor::xor_pairs_mask;
use super::SeqError;

/// Heaps below this are computed by the plain kernel (the values are still recorded).
pub const START: usize = 256;
/// The rare set is sparse while at most one heap in `SPARSE` is rare.
pub const SPARSE: usize = 8;
/// Values at or above this stop the engine (no sparse rare set shows with values this
/// large, and the transform would be long).
pub const MAX_CAP: u32 = 1 << 16;
/// Splits scanned between looks at the rare-class values still in question.
const BLOCK: usize = 256;

/// What the engine has done, for the report and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RareStats {
    /// Heaps decided by the rare pairs alone (no split scanned).
    pub fast: u64,
    /// Heaps that scanned splits until the rare-class values in question were marked.
    pub scanned: u64,
    /// Heaps whose value was a new rare-class value (the scan ran to its end).
    pub rare_found: u64,
    /// Heaps left to the plain kernel (below `START`, or the rare set not sparse).
    pub plain: u64,
    /// Times the mask changed.
    pub mask_changes: u32,
    /// Splits scanned in all.
    pub pairs: u64,
}

/// The mask in use and the rare heaps, as a report shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RareFacts {
    /// `M`: a value's class is the parity of `value & M`.
    pub mask: u32,
    /// `Some(q)`: the heap's parity joins the class (`(i ^ q) & 1`).
    pub position: Option<u32>,
    /// The rare heaps, in increasing order (empty when the rare set is not listed).
    pub rare_heaps: Vec<u32>,
    /// The distinct values of the rare heaps, in increasing order.
    pub rare_values: Vec<u32>,
    /// The work done.
    pub stats: RareStats,
}

/// The state of the rare/common engine over a growing sequence.
#[derive(Clone, Debug)]
pub struct RareCommon {
    /// The heap's parity may join the class: every split takes amounts of parity `pb`.
    pos_allowed: bool,
    pb: u32,
    mask: u32,
    pos: bool,
    /// Whether `rare` lists the rare heaps (false while no mask makes them sparse).
    listing: bool,
    rare: Vec<u32>,
    rare_g: Vec<u32>,
    /// Heaps by `value << 1 | (heap ^ pb) & 1`, the transform's input.
    counts: Vec<u64>,
    recorded: usize,
    next_check: usize,
    marks: Vec<u64>,
    need: Vec<u64>,
    stats: RareStats,
}

/// `parity(x)` as 0 or 1.
#[inline]
fn parity(x: u32) -> u32 {
    x.count_ones() & 1
}

/// The parity every split clause's amounts share, when they are finite, few and of one
/// parity.
fn split_parity(rules: &TakeBreak) -> Option<u32> {
    let mut parity = None;
    let mut v = Vec::new();
    for c in &rules.clauses {
        if !matches!(c.leave, Leave::Two { .. }) {
            continue;
        }
        let top = c.takes.largest_upto(i64::from(u32::MAX))?;
        if !c.takes.is_finite() || top > 1 << 16 {
            return None;
        }
        v.clear();
        c.takes.members_upto(top, &mut v).ok()?;
        for &j in &v {
            let p = (j & 1) as u32;
            if *parity.get_or_insert(p) != p {
                return None;
            }
        }
    }
    parity
}

impl RareCommon {
    /// An engine for `rules`, when they split heaps in two and never in three.
    pub fn of(rules: &TakeBreak) -> Option<RareCommon> {
        let two = rules
            .clauses
            .iter()
            .any(|c| matches!(c.leave, Leave::Two { .. }));
        if !two || rules.three_min().is_some() {
            return None;
        }
        let pb = split_parity(rules);
        Some(RareCommon {
            pos_allowed: pb.is_some(),
            pb: pb.unwrap_or(0),
            mask: 0,
            pos: false,
            listing: false,
            rare: Vec::new(),
            rare_g: Vec::new(),
            counts: vec![0; 2],
            recorded: 0,
            next_check: 0,
            marks: Vec::new(),
            need: Vec::new(),
            stats: RareStats::default(),
        })
    }

    /// The work done so far.
    pub fn stats(&self) -> RareStats {
        self.stats
    }

    /// The mask and the rare heaps with their values.
    pub fn facts(&self) -> RareFacts {
        let mut values = self.rare_g.clone();
        values.sort_unstable();
        values.dedup();
        RareFacts {
            mask: self.mask,
            position: self.pos.then_some(self.pb),
            rare_heaps: self.rare.clone(),
            rare_values: values,
            stats: self.stats,
        }
    }

    /// The class of heap `i` with value `v`: 0 rare, 1 common.
    #[inline]
    fn class(&self, i: usize, v: u32) -> u32 {
        parity(v & self.mask) ^ (u32::from(self.pos) & (i as u32 ^ self.pb) & 1)
    }

    /// Records the values of `seq` not yet seen (every heap's, whoever computed it).
    pub fn sync(&mut self, seq: &[u32]) {
        while self.recorded < seq.len() {
            self.record(seq);
        }
    }

    /// Records heap `recorded`'s value.
    fn record(&mut self, seq: &[u32]) {
        let i = self.recorded;
        let v = seq[i];
        let index = (v as usize) << 1 | ((i as u32 ^ self.pb) & 1) as usize;
        let grew = index >= self.counts.len();
        if grew {
            self.counts.resize((index + 1).next_power_of_two(), 0);
        }
        self.counts[index] += 1;
        self.recorded += 1;
        let rare = self.class(i, v) == 0;
        if rare && self.listing {
            self.rare.push(i as u32);
            self.rare_g.push(v);
        }
        if grew || (rare && i >= self.next_check) || self.recorded.is_power_of_two() {
            self.choose(seq);
        }
    }

    /// Takes the transform of the counts and keeps or changes the mask.
    fn choose(&mut self, seq: &[u32]) {
        let total = self.recorded as i64;
        let mut h: Vec<i64> = self.counts.iter().map(|&c| c as i64).collect();
        walsh_hadamard(&mut h);
        let rare_of = |s: usize| ((total + h[s]) / 2) as usize;
        let step = if self.pos_allowed { 1 } else { 2 };
        let best = (step..h.len())
            .step_by(step)
            .min_by_key(|&s| (rare_of(s), s))
            .unwrap_or(0);
        let current = (self.mask as usize) << 1 | usize::from(self.pos);
        let cur_rare = if current == 0 || current >= h.len() {
            usize::MAX
        } else {
            rare_of(current)
        };
        self.next_check = self.recorded + self.recorded / 16 + 16;
        let better = best != 0 && rare_of(best) < cur_rare - cur_rare / 8;
        if better {
            self.mask = (best >> 1) as u32;
            self.pos = best & 1 == 1;
            self.stats.mask_changes += 1;
        }
        let now = if better { rare_of(best) } else { cur_rare };
        let sparse = now.saturating_mul(SPARSE) <= self.recorded;
        if better || (sparse && !self.listing) {
            self.relist(seq);
        } else if !sparse && self.listing {
            self.listing = false;
            self.rare = Vec::new();
            self.rare_g = Vec::new();
        }
    }

    /// Lists the rare heaps under the current mask.
    fn relist(&mut self, seq: &[u32]) {
        self.rare.clear();
        self.rare_g.clear();
        for (i, &v) in seq[..self.recorded].iter().enumerate() {
            if self.class(i, v) == 0 {
                self.rare.push(i as u32);
                self.rare_g.push(v);
            }
        }
        self.listing = self.rare.len() * SPARSE <= self.recorded;
        if !self.listing {
            self.rare = Vec::new();
            self.rare_g = Vec::new();
        }
    }

    /// Whether the engine can decide heap `n` with values below `cap`.
    fn active(&self, n: usize, cap: u32) -> bool {
        n >= START
            && cap <= MAX_CAP
            && self.listing
            && (self.mask != 0 || self.pos)
            && self.rare.len() * SPARSE <= n
            && self.recorded == n
    }

    /// The value of heap `n` (the values of `0..n` in `seq`, all recorded), `cap` a power of
    /// two above all of them; `None` when the plain kernel must compute it.
    pub fn value(
        &mut self,
        seq: &[u32],
        n: u32,
        clauses: &[Clause],
        takes: &[Vec<u32>],
        cap: u32,
    ) -> Result<Option<u32>, SeqError> {
        if !self.active(n as usize, cap) {
            self.stats.plain += 1;
            return Ok(None);
        }
        let words = cap as usize / 64 + 2;
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        marks.resize(words, 0);
        self.mark_rare_options(seq, n, clauses, takes, &mut marks)?;
        let flip = self.pos && (n ^ self.pb) & 1 == 1;
        let (cand, open) = self.candidate(&marks, flip);
        let g = if open {
            self.stats.scanned += 1;
            match self.scan(seq, n, clauses, takes, &mut marks) {
                Some(v) => {
                    self.stats.rare_found += 1;
                    v
                }
                None => cand,
            }
        } else {
            self.stats.fast += 1;
            cand
        };
        self.marks = marks;
        Ok(Some(g))
    }

    /// Step (1): marks the direct options and every split with a rare part.
    fn mark_rare_options(
        &self,
        seq: &[u32],
        n: u32,
        clauses: &[Clause],
        takes: &[Vec<u32>],
        marks: &mut [u64],
    ) -> Result<(), SeqError> {
        let mut mark = |x: u32| marks[x as usize / 64] |= 1u64 << (x % 64);
        for (c, takes) in clauses.iter().zip(takes) {
            for &j in takes.iter().take_while(|&&j| j <= n) {
                let m = (n - j) as usize;
                match c.leave {
                    Leave::One | Leave::Rest if j == 0 => return Err(SeqError::NotDecreasing),
                    Leave::One => mark(seq[m]),
                    Leave::Rest if m > 0 => mark(seq[m]),
                    Leave::Nothing if m == 0 => mark(seq[0]),
                    Leave::Rest | Leave::Nothing | Leave::Three { .. } => {}
                    Leave::Two { min_part, distinct } => {
                        let min = min_part as usize;
                        if j == 0 && min == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        if m < 2 * min {
                            continue;
                        }
                        let lo = self.rare.partition_point(|&r| (r as usize) < min);
                        let hi = self.rare.partition_point(|&r| r as usize <= m - min);
                        for (&r, &gr) in self.rare[lo..hi].iter().zip(&self.rare_g[lo..hi]) {
                            let r = r as usize;
                            if !(distinct && 2 * r == m) {
                                mark(gr ^ seq[m - r]);
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The least common value not marked (the candidate), and whether some rare-class value
    /// below it is not marked either; those are left in `need`.
    fn candidate(&mut self, marks: &[u64], flip: bool) -> (u32, bool) {
        let low = (0..64u32)
            .filter(|&b| parity(b & self.mask) == 1)
            .fold(0u64, |a, b| a | 1 << b);
        let common = |w: usize| {
            let high = parity(((w as u32) << 6) & self.mask) == 1;
            if high ^ flip {
                !low
            } else {
                low
            }
        };
        let words = marks.len();
        let cand = (0..words)
            .find_map(|w| {
                let free = common(w) & !marks[w];
                (free != 0).then(|| w as u32 * 64 + free.trailing_zeros())
            })
            .unwrap_or(words as u32 * 64);
        self.need.clear();
        let mut open = false;
        let ends = words.min(cand as usize / 64 + 1);
        for (w, &mark) in marks.iter().enumerate().take(ends) {
            let below = if (w + 1) * 64 <= cand as usize {
                !0u64
            } else {
                (1u64 << (cand % 64)) - 1
            };
            let need = !common(w) & !mark & below;
            open |= need != 0;
            self.need.push(need);
        }
        (cand, open)
    }

    /// Step (2): scans every split in blocks until each value of `need` is marked; the least
    /// one never marked (a new rare value) if any.
    fn scan(
        &mut self,
        seq: &[u32],
        n: u32,
        clauses: &[Clause],
        takes: &[Vec<u32>],
        marks: &mut [u64],
    ) -> Option<u32> {
        // Values below 64 (`cap` <= 64): the XOR-pair loop on one word.
        let one_word = marks.len() <= 3;
        let done = |marks: &[u64], need: &[u64]| need.iter().zip(marks).all(|(a, m)| a & !m == 0);
        for (c, takes) in clauses.iter().zip(takes) {
            let Leave::Two { min_part, distinct } = c.leave else {
                continue;
            };
            let min = min_part as usize;
            for &j in takes.iter().take_while(|&&j| j <= n) {
                let m = (n - j) as usize;
                let half = if distinct {
                    m.saturating_sub(1) / 2
                } else {
                    m / 2
                };
                if m < 2 * min || half < min {
                    continue;
                }
                let (lo, hi) = (&seq[min..=half], &seq[m - half..=m - min]);
                let len = lo.len();
                // From the middle out: both parts of a split far from the ends have values of
                // every kind, while the small heaps' few small values reach fewer XORs.
                let mut e = len;
                while e > 0 {
                    let s = e.saturating_sub(BLOCK);
                    let (a, b) = (&lo[s..e], &hi[len - e..len - s]);
                    if one_word {
                        marks[0] |= xor_pairs_mask(a, b);
                    } else {
                        for (x, y) in a.iter().zip(b.iter().rev()) {
                            let v = x ^ y;
                            marks[v as usize / 64] |= 1u64 << (v % 64);
                        }
                    }
                    self.stats.pairs += (e - s) as u64;
                    if done(marks, &self.need) {
                        return None;
                    }
                    e = s;
                }
            }
        }
        self.need
            .iter()
            .zip(marks.iter())
            .enumerate()
            .find_map(|(w, (a, m))| {
                let left = a & !m;
                (left != 0).then(|| w as u32 * 64 + left.trailing_zeros())
            })
    }
}
