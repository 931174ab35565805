//! Take-and-break games without the interpreter. A sum whose every move is "take an amount
//! from one heap" or "take an amount from one heap and split what is left into two parts"
//! ([`TakeBreak`]) has its single-heap Grundy values computed directly: the options of a heap
//! of `n` are `g(n - j)` and `g(a) ^ g(b)` with `a + b = n - j`, marked in a bitset (one `u64`
//! while the values stay below 64) and never built as follower tuples. When the largest take
//! `t` is finite, the periodicity theorem ([`theorem_bound`]) is tried as the sequence grows:
//! once it proves a period, the rest of the sequence is read off the period.

use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram};
use crate::moves::Generator;
use crate::ruleset::value::SetValue;

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::period::{last_mismatch, Period};
use super::SeqError;

/// What remains of a heap after the amount is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The rest stays as one heap (none when nothing is left).
    One,
    /// Only when nothing is left (octal bit 1 alone).
    Nothing,
    /// Only when something is left, as one heap (octal bit 2 alone).
    Rest,
    /// The rest is split into two parts, each at least `min_part`; `distinct`: the two parts
    /// must differ.
    Two {
        /// 1 for non-empty parts, 0 when parts may be empty.
        min_part: u32,
        /// The two parts must have different sizes.
        distinct: bool,
    },
}

/// One move clause: the amounts that may be taken, and what is left.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The amounts (a set of integers >= 0).
    pub takes: SetValue,
    /// What is left.
    pub leave: Leave,
}

/// A take-and-break game recognised from its lowered moves.
#[derive(Clone, Debug)]
pub struct TakeBreak {
    /// One clause per move program.
    pub clauses: Vec<Clause>,
}

impl TakeBreak {
    /// The rules of a ruleset whose every move is one of the recognised forms (the ruleset
    /// must already be a sum); `None` otherwise.
    pub fn of(g: &Generator) -> Option<TakeBreak> {
        let clauses = g
            .moves
            .iter()
            .map(|m| clause_of(m, g.shape.count.is_none()))
            .collect::<Option<Vec<_>>>()?;
        Some(TakeBreak { clauses })
    }

    /// The largest amount any move takes, when every set of amounts is finite.
    pub fn largest_take(&self) -> Option<u32> {
        let mut t = 0;
        for c in &self.clauses {
            if !c.takes.is_finite() {
                return None;
            }
            // The largest member a heap can use, found without listing the set
            // (`take 1..10^12`).
            let top = c.takes.largest_upto(i64::from(u32::MAX)).unwrap_or(0);
            t = t.max(u32::try_from(top).ok()?);
        }
        Some(t)
    }

    /// Whether some move splits a heap.
    pub fn splits(&self) -> bool {
        self.clauses
            .iter()
            .any(|c| matches!(c.leave, Leave::Two { .. }))
    }

    /// Whether the moves are those of an octal game (no constraint between the parts of a
    /// split), so that the periodicity theorem applies when the largest take is finite.
    pub fn is_octal(&self) -> bool {
        self.clauses
            .iter()
            .all(|c| !matches!(c.leave, Leave::Two { distinct: true, .. }))
    }
}

/// The amount set of a `take` without a condition on one heap.
fn take_set(kind: &LStepKind) -> Option<&SetValue> {
    match kind {
        LStepKind::Take(LAmount::Each(s) | LAmount::Same(s, _), None) => Some(s),
        LStepKind::Take(LAmount::Named(names), None) if names.len() == 1 => Some(&names[0].1),
        _ => None,
    }
}

/// `take j from one heap h where h == j` (leaving nothing) or `... where h > j` (leaving one
/// heap), as `octal` codes write bits 1 and 2 alone.
fn octal_take(st: &crate::moves::program::LStep) -> Option<Clause> {
    use crate::ruleset::expr::CKind;
    use crate::ruleset::value::Value;
    use crate::syntax::ast::BinOp;
    let LStepKind::Take(LAmount::Each(set), Some(cond)) = &st.kind else {
        return None;
    };
    let CKind::Bin(op, a, b) = &cond.kind else {
        return None;
    };
    let (CKind::IntSlot(s), CKind::Const(Value::Int(j))) = (&a.kind, &b.kind) else {
        return None;
    };
    if Some(*s) != st.sel.int_slot || set.single() != Some(*j) {
        return None;
    }
    let leave = match op {
        BinOp::Eq => Leave::Nothing,
        BinOp::Gt => Leave::Rest,
        _ => return None,
    };
    Some(Clause {
        takes: set.clone(),
        leave,
    })
}

/// A split into two parts, as a [`Leave`].
fn split_two(kind: &LStepKind) -> Option<Leave> {
    match kind {
        LStepKind::Split {
            parts: 2,
            min_part,
            unequal,
        } => Some(Leave::Two {
            min_part: *min_part,
            distinct: *unequal,
        }),
        _ => None,
    }
}

/// The clause of one move: `take S from one heap`, `split one heap into 2 parts`, or
/// `take S from one heap h; split h into 2 parts` (`allowing empty` or not).
fn clause_of(m: &MoveProgram, splits_allowed: bool) -> Option<Clause> {
    if !m.guards.is_empty() {
        return None;
    }
    let first = m.steps.first()?;
    match m.steps.len() {
        1 => {
            if let Some(clause) = octal_take(first) {
                return Some(clause);
            }
            if let Some(takes) = take_set(&first.kind) {
                return Some(Clause {
                    takes: takes.clone(),
                    leave: Leave::One,
                });
            }
            let leave = split_two(&first.kind).filter(|_| splits_allowed)?;
            Some(Clause {
                takes: SetValue::ints(vec![0]),
                leave,
            })
        }
        2 => {
            let takes = take_set(&first.kind)?;
            let second = &m.steps[1];
            match second.sel.kind {
                LSelKind::Ref(slot) if Some(slot) == first.sel.record => {}
                _ => return None,
            }
            let leave = split_two(&second.kind).filter(|_| splits_allowed)?;
            Some(Clause {
                takes: takes.clone(),
                leave,
            })
        }
        _ => None,
    }
}

/// The index up to which `g(n + p) = g(n)` must be checked, `n` from `e`, for the
/// periodicity theorem to prove the period. A subtraction game (no split) with largest take
/// `t`: `n <= e + t` (each value depends on the `t` before it; one further, so that a take
/// allowed only when it leaves nothing is behind the checked range). An
/// octal game with largest take `t`: `n <= 2e + p + t` (Winning Ways, ch. 4, the periodicity
/// theorem; checked one further than its strict bound).
pub fn theorem_bound(splits: bool, t: u64, e: u64, p: u64) -> u64 {
    if splits {
        2 * e + p + t
    } else {
        e + t
    }
}

/// The least period `p` (with its least preperiod) that the theorem proves from the values
/// `seq` computed so far, if any.
pub fn proven_period(seq: &[u32], splits: bool, t: u32) -> Option<Period> {
    let n = seq.len();
    for p in 1..n {
        // The equalities g(i + p) = g(i) hold for every i >= e (i + p < n).
        let e = last_mismatch(seq, p).map_or(0, |i| i + 1);
        let need = theorem_bound(splits, u64::from(t), e as u64, p as u64);
        if need.saturating_add(p as u64) < n as u64 {
            return Some(Period {
                preperiod: e,
                period: p,
                saltus: 0,
            });
        }
    }
    None
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
}

impl Kernel {
    /// A kernel for these rules.
    pub fn new(rules: TakeBreak) -> Kernel {
        let t = rules.largest_take().filter(|_| rules.is_octal());
        Kernel {
            takes: vec![Vec::new(); rules.clauses.len()],
            rules,
            listed: 0,
            t,
            proven: None,
            next_try: 16,
            bits: Vec::new(),
        }
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

    /// Extends `seq` (the values of heaps `0..seq.len()`) to `0..=max`.
    pub fn extend(
        &mut self,
        seq: &mut Vec<u32>,
        max: u32,
        budget: &Budget,
    ) -> Result<(), SeqError> {
        // Refused before the amounts are listed up to `max`.
        if let Some(limit) = budget.max_positions.filter(|&l| max as usize >= l) {
            return Err(SeqError::Solve(SolveError::Limit { limit }));
        }
        self.list_takes(max)?;
        let mut cap: u32 = seq
            .iter()
            .map(|&g| g + 1)
            .max()
            .unwrap_or(1)
            .next_power_of_two();
        while seq.len() <= max as usize {
            let n = seq.len();
            // One value is stored per heap: the position limit applies to the sequence (the
            // cancel flag is looked at every `Budget::CHECK_EVERY` heaps).
            budget
                .check(n, n)
                .map_err(|s| SeqError::Solve(SolveError::from_stop(s, n)))?;
            if let Some(per) = self.proven {
                seq.push(seq[n - per.period]);
                continue;
            }
            let g = self.value(seq, n as u32, cap)?;
            seq.push(g);
            if g >= cap {
                cap = (g + 1).next_power_of_two();
            }
            if let Some(t) = self.t {
                if seq.len() >= self.next_try {
                    self.next_try = seq.len() * 2;
                    self.proven = proven_period(seq, self.rules.splits(), t);
                }
            }
        }
        Ok(())
    }

    /// The Grundy value of a heap of `n`, all smaller values known; `cap` a power of two
    /// above every value so far.
    fn value(&mut self, seq: &[u32], n: u32, cap: u32) -> Result<u32, SeqError> {
        if cap <= 64 {
            // Every option value is below 64: one word of marks.
            let mask = std::cell::Cell::new(0u64);
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
            for (x, y) in lo.iter().zip(hi.iter().rev()) {
                cells[(x ^ y) as usize].set(1);
            }
        });
        let mex = seen.iter().position(|&b| b == 0).unwrap_or(seen.len());
        self.bits = seen;
        r.map(|()| mex as u32)
    }

    /// Shows every option value of a heap of `n`: a single value to `mark`, the pairs
    /// `lo[i] ^ hi[hi.len() - 1 - i]` of a split to `pairs`.
    #[inline]
    fn options(
        &self,
        seq: &[u32],
        n: u32,
        mark: impl Fn(u32),
        pairs: impl Fn(&[u32], &[u32]),
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
                        mark(seq[m]);
                    }
                    Leave::Nothing if m == 0 => mark(seq[0]),
                    Leave::Rest if m > 0 => {
                        if j == 0 {
                            return Err(SeqError::NotDecreasing);
                        }
                        mark(seq[m]);
                    }
                    Leave::Nothing | Leave::Rest => {}
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

/// The marks `1 << (lo[i] ^ hi[len - 1 - i])` of every pair, every value below 64; four
/// independent words so that the ORs do not wait on each other.
#[inline]
fn xor_pairs_mask(lo: &[u32], hi: &[u32]) -> u64 {
    let mut m = [0u64; 4];
    let mut a = lo.chunks_exact(4);
    let mut b = hi.rchunks_exact(4);
    for (x, y) in (&mut a).zip(&mut b) {
        m[0] |= 1u64 << (x[0] ^ y[3]);
        m[1] |= 1u64 << (x[1] ^ y[2]);
        m[2] |= 1u64 << (x[2] ^ y[1]);
        m[3] |= 1u64 << (x[3] ^ y[0]);
    }
    let (x, y) = (a.remainder(), b.remainder());
    for (p, q) in x.iter().zip(y.iter().rev()) {
        m[0] |= 1u64 << (p ^ q);
    }
    m[0] | m[1] | m[2] | m[3]
}
