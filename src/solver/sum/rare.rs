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
//! `r` in range, the rare heaps kept sorted with their values (while the values are below
//! 2048, the pairs of most rare heaps are marked for a block of 64 heaps at once,
//! `block.rs`). Every common option is now
//! marked, so the least common value not marked, the *candidate* `c`, is the least common
//! value that is not an option. (2) The value is `c` unless some rare-class value below `c`
//! is not an option either. Those rare-class values below `c` not yet marked are the only
//! ones in question: the full splits are scanned from the smallest part up, in blocks (a
//! byte mark per split while many values are in question, then each value compared with a
//! block of splits; `scan.rs`),
//! stopping as soon as all of them are marked, which for a sparse rare set comes after a
//! few thousand pairs (about 3100 a heap on Grundy's game at 10^6). (3) If the scan ends with some
//! unmarked, the least of them is the value: a new rare value.
//! The result is the mex of every option whatever the mask: the mask only decides the work.
//!
//! **Groups.** Split clauses whose amounts have one parity share the position bit; with
//! amounts of both parities (0.354) each parity is a group with classes of its own
//! (`classes.rs`), the rare pairs of a clause are those of its group, and a value is common
//! when it is common in every group; a value in question is looked for among the splits of
//! the groups in which it is rare.
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

use super::block::{Block, Cover, B, MAX_ROW};
use super::classes::Classes;
#[cfg(doc)]
use super::classes::SPARSE;
use super::reversed::Reversed;
use super::rules::{Clause, Leave, TakeBreak};
pub use super::scan::MAX_CAP;
use super::scan::{scan_split, Marks, WIDE};
use super::values::Val;
use super::walsh::walsh_hadamard;
use super::SeqError;

/// Heaps below this are computed by the plain kernel (the values are still recorded).
pub(crate) const START: usize = 256;

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
    /// Times a mask changed.
    pub mask_changes: u32,
    /// Splits scanned in all.
    pub pairs: u64,
    /// Rare pairs marked in all.
    pub rare_pairs: u64,
}

/// The classes of one group of split clauses, as a report shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassFacts {
    /// `Some(q)`: every amount of the group's splits has parity `q`.
    pub amounts_parity: Option<u32>,
    /// `M`: a value's class is the parity of `value & M`.
    pub mask: u32,
    /// `Some(q)`: the heap's parity joins the class (`(i ^ q) & 1`).
    pub position: Option<u32>,
    /// The rare heaps, in increasing order (empty when the rare set is not listed).
    pub rare_heaps: Vec<u32>,
    /// The distinct values of the rare heaps, in increasing order.
    pub rare_values: Vec<u32>,
}

/// The engine's classes and work, as a report shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RareFacts {
    /// One per group of split clauses (by the parity of their amounts).
    pub groups: Vec<ClassFacts>,
    /// The work done.
    pub stats: RareStats,
}

/// The state of the rare/common engine over a growing sequence.
#[derive(Clone, Debug)]
pub(crate) struct RareCommon {
    groups: Vec<Classes>,
    /// For each clause, its group (split clauses only).
    group_of: Vec<Option<usize>>,
    /// Heaps by `value << 1 | heap & 1`, the transform's input.
    counts: Vec<u64>,
    recorded: usize,
    /// The room of [`Marks`] (allocated when the engine first runs).
    seen: Vec<u8>,
    /// The rare-class values in question, by group.
    need: Vec<Vec<u32>>,
    /// The last values reversed, a byte or two each (the scan's partners as forward slices).
    rev: Reversed,
    /// The rare pairs of the current block of heaps (values below `MAX_ROW`).
    block: Block,
    /// The instruction set the scan is compiled for, found once.
    arch: pulp::Arch,
    stats: RareStats,
}

/// The parity every amount of a split clause has, when they are finite, few and of one
/// parity.
fn clause_parity(c: &Clause) -> Option<u32> {
    let top = c.takes.largest_upto(i64::from(u32::MAX))?;
    if !c.takes.is_finite() || top > 1 << 16 {
        return None;
    }
    let mut v = Vec::new();
    c.takes.members_upto(top, &mut v).ok()?;
    let p = (*v.first()? & 1) as u32;
    v.iter().all(|&j| (j & 1) as u32 == p).then_some(p)
}

impl RareCommon {
    /// An engine for `rules`, when they split heaps in two and never in three.
    pub fn of(rules: &TakeBreak) -> Option<RareCommon> {
        let two = |c: &Clause| matches!(c.leave, Leave::Two { .. });
        if !rules.clauses.iter().any(two) || rules.three_min().is_some() {
            return None;
        }
        let mut keys: Vec<Option<u32>> = Vec::new();
        let group_of = rules
            .clauses
            .iter()
            .map(|c| {
                two(c).then(|| {
                    let k = clause_parity(c);
                    keys.iter().position(|&x| x == k).unwrap_or_else(|| {
                        keys.push(k);
                        keys.len() - 1
                    })
                })
            })
            .collect();
        Some(RareCommon {
            need: vec![Vec::new(); keys.len()],
            groups: keys.into_iter().map(Classes::new).collect(),
            group_of,
            counts: vec![0; 2],
            recorded: 0,
            seen: Vec::new(),
            rev: Reversed::default(),
            block: Block::default(),
            arch: pulp::Arch::new(),
            stats: RareStats::default(),
        })
    }

    /// The work done so far.
    pub fn stats(&self) -> RareStats {
        let mut s = self.stats;
        s.mask_changes = self.groups.iter().map(|g| g.mask_changes).sum();
        s
    }

    /// The masks and the rare heaps with their values.
    pub fn facts(&self) -> RareFacts {
        let groups = self
            .groups
            .iter()
            .map(|g| {
                let mut values = g.rare_g.clone();
                values.sort_unstable();
                values.dedup();
                ClassFacts {
                    amounts_parity: g.pb,
                    mask: g.mask,
                    position: g.pos.then(|| g.pb.unwrap_or(0)),
                    rare_heaps: g.rare.clone(),
                    rare_values: values,
                }
            })
            .collect();
        RareFacts {
            groups,
            stats: self.stats(),
        }
    }

    /// Records the values of `seq` not yet seen (every heap's, whoever computed it).
    pub fn sync<T: Val>(&mut self, seq: &[T]) {
        while self.recorded < seq.len() {
            self.record(seq);
        }
    }

    /// Records heap `recorded`'s value.
    fn record<T: Val>(&mut self, seq: &[T]) {
        let i = self.recorded;
        let v: u32 = seq[i].into();
        let index = (v as usize) << 1 | (i & 1);
        let grew = index >= self.counts.len();
        if grew {
            self.counts.resize((index + 1).next_power_of_two(), 0);
        }
        self.counts[index] += 1;
        self.rev.push(seq, i, v);
        self.recorded += 1;
        let mut check = grew || self.recorded.is_power_of_two();
        for g in &mut self.groups {
            check |= g.push(i, v);
        }
        if check {
            let mut h: Vec<i64> = self.counts.iter().map(|&c| c as i64).collect();
            walsh_hadamard(&mut h);
            for g in &mut self.groups {
                g.choose(&h, seq, self.recorded);
            }
        }
    }

    /// Whether the engine can decide heap `n` with values below `cap`.
    fn active(&self, n: usize, cap: u32) -> bool {
        n >= START && cap <= MAX_CAP && self.recorded == n && self.groups.iter().all(|g| g.ready(n))
    }

    /// The value of heap `n` (the values of `0..n` in `seq`, all recorded), `cap` a power of
    /// two above all of them; `None` when the plain kernel must compute it.
    pub fn value<T: Val>(
        &mut self,
        seq: &[T],
        n: u32,
        clauses: &[Clause],
        takes: &[Vec<u32>],
        cap: u32,
    ) -> Result<Option<u32>, SeqError> {
        if !self.active(n as usize, cap) {
            self.stats.plain += 1;
            return Ok(None);
        }
        // Every option is below `cap`; the candidate is among the values up to `cap + 128`.
        let limit = cap as usize + 128;
        let mut room = std::mem::take(&mut self.seen);
        room.resize(WIDE + 1, 0);
        let Ok(seen) = <&mut Marks>::try_from(&mut room[..]) else {
            unreachable!("the room is sized");
        };
        let cover = self.block_row(seq, n as usize, (clauses, takes), cap);
        let marked = match cover {
            Some(k) => {
                let row = self.block.row(k);
                let w = row.len().min(limit);
                seen[..w].copy_from_slice(&row[..w]);
                w
            }
            None => 0,
        };
        seen[marked..limit].fill(0);
        let n0 = cover.map(|_| self.block.start);
        let g = self.decide(seq, (n, n0), clauses, takes, seen, limit);
        self.seen = room;
        g.map(Some)
    }

    /// The row of heap `n` in the block of rare pairs (built again when `n` is past it, the
    /// rare heaps were listed again or the values widened), when they are below `MAX_ROW`.
    fn block_row<T: Val>(
        &mut self,
        seq: &[T],
        n: usize,
        (clauses, takes): (&[Clause], &[Vec<u32>]),
        cap: u32,
    ) -> Option<usize> {
        let width = (cap as usize).max(256);
        if width > MAX_ROW || n < 2 * B {
            return None;
        }
        let generation = self.groups.iter().map(|g| g.lists).sum();
        let b = &mut self.block;
        let fresh = b.generation == generation && b.width == width;
        if !(b.built && fresh && (b.start..b.start + B).contains(&n)) {
            b.build(
                seq,
                (n, width),
                (clauses, takes, &self.group_of),
                &self.groups,
            );
            b.generation = generation;
        }
        self.stats.rare_pairs += b.pairs;
        Some(n - b.start)
    }

    /// Steps (1) to (3) on the values `vals` (of heaps `0..n`), marks in `seen` (cleared below
    /// `limit`, or holding the rare pairs of the block starting at `n0`).
    fn decide<T: Val>(
        &mut self,
        vals: &[T],
        (n, n0): (u32, Option<usize>),
        clauses: &[Clause],
        takes: &[Vec<u32>],
        seen: &mut Marks,
        limit: usize,
    ) -> Result<u32, SeqError> {
        self.mark_rare_options(vals, (n, n0), clauses, takes, seen)?;
        let (cand, open) = self.candidate(seen, n, limit);
        if !open {
            self.stats.fast += 1;
            return Ok(cand);
        }
        self.stats.scanned += 1;
        Ok(match self.scan(vals, n, clauses, takes, seen) {
            Some(v) => {
                self.stats.rare_found += 1;
                v
            }
            None => cand,
        })
    }

    /// Step (1): marks the direct options and, for every split, the pairs with a part rare
    /// in its clause's group (but those the block starting at `n0` marked).
    fn mark_rare_options<T: Val>(
        &mut self,
        seq: &[T],
        (n, n0): (u32, Option<usize>),
        clauses: &[Clause],
        takes: &[Vec<u32>],
        seen: &mut Marks,
    ) -> Result<(), SeqError> {
        let mut mark = |x: u32| seen[x as usize & WIDE] = 1;
        let mut count = 0u64;
        let clauses = clauses.iter().zip(takes).zip(&self.group_of).enumerate();
        for (ci, ((c, takes), group)) in clauses {
            for (k, &j) in takes.iter().take_while(|&&j| j <= n).enumerate() {
                let m = (n - j) as usize;
                match c.leave {
                    Leave::One | Leave::Rest if j == 0 => return Err(SeqError::NotDecreasing),
                    Leave::One => mark(seq[m].into()),
                    Leave::Rest if m > 0 => mark(seq[m].into()),
                    Leave::Nothing if m == 0 => mark(seq[0].into()),
                    Leave::Rest | Leave::Nothing | Leave::Three { .. } => {}
                    Leave::Two { min_part, distinct } => {
                        let min = min_part as usize;
                        if j == 0 && min == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        if m < 2 * min {
                            continue;
                        }
                        let g = &self.groups[group.expect("a split clause has a group")];
                        let lo = g.rare.partition_point(|&r| (r as usize) < min);
                        let hi = g.rare.partition_point(|&r| r as usize <= m - min);
                        let inside = n0.and_then(|_| self.block.inside(ci, k));
                        for range in Cover::outside(inside, lo, hi) {
                            count += range.len() as u64;
                            for (&r, &gr) in g.rare[range.clone()].iter().zip(&g.rare_g[range]) {
                                let r = r as usize;
                                if !(distinct && 2 * r == m) {
                                    mark(gr ^ seq[m - r].into());
                                }
                            }
                        }
                    }
                }
            }
        }
        self.stats.rare_pairs += count;
        Ok(())
    }

    /// The least value common in every group and not marked (the candidate), and whether
    /// some value below it is not marked either; those are left in `need`, by the groups in
    /// which they are rare.
    fn candidate(&mut self, seen: &Marks, n: u32, limit: usize) -> (u32, bool) {
        let groups = &self.groups;
        // A word of values a time: those not marked, below the limit.
        let free = |w: usize| !marked_word(seen, w) & below(limit, w);
        let common = |g: &Classes, w: usize| g.common_word(g.low_word(), w, g.flip(n));
        let words = limit.div_ceil(64);
        let cand = (0..words)
            .find_map(|w| {
                let c = groups.iter().fold(free(w), |c, g| c & common(g, w));
                (c != 0).then(|| (w * 64) as u32 + c.trailing_zeros())
            })
            .unwrap_or(limit as u32);
        let mut open = false;
        for (need, g) in self.need.iter_mut().zip(groups) {
            need.clear();
            for w in 0..(cand as usize).div_ceil(64) {
                let mut bits = free(w) & !common(g, w) & below(cand as usize, w);
                while bits != 0 {
                    need.push((w * 64) as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
            open |= !need.is_empty();
        }
        (cand, open)
    }

    /// Step (2): scans the splits of each group with values in question, in blocks, until
    /// each is marked; the least one never marked (a new rare value) if any.
    fn scan<T: Val>(
        &mut self,
        seq: &[T],
        n: u32,
        clauses: &[Clause],
        takes: &[Vec<u32>],
        seen: &mut Marks,
    ) -> Option<u32> {
        for (gi, need) in self.need.iter_mut().enumerate() {
            need.retain(|&v| seen[v as usize] == 0);
            let splits = clauses
                .iter()
                .zip(takes)
                .zip(&self.group_of)
                .filter(|(_, g)| **g == Some(gi));
            'clauses: for ((c, takes), _) in splits {
                let Leave::Two { min_part, distinct } = c.leave else {
                    continue;
                };
                for &j in takes.iter().take_while(|&&j| j <= n) {
                    if need.is_empty() {
                        break 'clauses;
                    }
                    let m = (n - j) as usize;
                    let min = min_part as usize;
                    let split = (m, min, distinct);
                    self.stats.pairs += scan_split(seq, (&self.rev, self.arch), split, seen, need);
                }
            }
        }
        self.need
            .iter()
            .flatten()
            .copied()
            .filter(|&v| seen[v as usize] == 0)
            .min()
    }
}

/// The values `64 w .. 64 w + 64` marked in `seen` (every mark is a byte 1), a bit each:
/// eight marks a multiplication, which moves the byte `i`'s low bit to bit `56 + i` (the
/// products of the bits land on distinct places, so nothing carries into the top byte).
#[inline]
fn marked_word(seen: &Marks, w: usize) -> u64 {
    seen[w * 64..w * 64 + 64]
        .chunks_exact(8)
        .enumerate()
        .fold(0, |m, (k, c)| {
            let mut b = [0u8; 8];
            b.copy_from_slice(c);
            let x = u64::from_le_bytes(b) & 0x0101_0101_0101_0101;
            m | (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
        })
}

/// The values `64 w .. 64 w + 64` below `limit`, a bit each.
#[inline]
fn below(limit: usize, w: usize) -> u64 {
    match limit.saturating_sub(64 * w) {
        0 => 0,
        k if k >= 64 => !0,
        k => (1 << k) - 1,
    }
}
