//! The move generator: runs the lowered move programs on a position and writes every
//! canonical follower into a reusable [`Followers`] buffer.
//!
//! Each move is a sequence of steps; a step chooses heaps among those no earlier step touched
//! (or refers to heaps named earlier), then acts on them. Choices are enumerated depth-first
//! with undo, in a [`Scratch`] whose buffers are reused, so no allocation happens per follower.
//! For symmetric shapes, heaps of equal size are interchangeable and a choice of heaps is made
//! once per multiset of sizes.
//!
//! The work is split by step family: [`select`] chooses the heaps of each step and writes the
//! follower, [`take`] and [`split`] act on the chosen heaps, and [`fast`] runs the simplest
//! one-step moves without the interpreter.

mod add;
mod fast;
mod select;
mod split;
mod take;
mod terminate;

use super::followers::Followers;
use super::program::{MoveProgram, PositionRule, ShapeSpec};
use crate::ruleset::expr::EvalError;
use crate::syntax::ast::Span;
use fast::{fast_kind, run_fast};

/// Why generating the followers of a position failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// An expression of the move could not be evaluated.
    Eval(EvalError),
    /// The [`Interrupt`] set on the scratch said to stop (Ctrl-C, a deadline, a memory limit).
    Interrupted,
    /// A move left a number of heaps the shape does not allow.
    WrongCount {
        /// The move clause.
        span: Span,
        /// Heaps left by the move.
        got: usize,
        /// Heaps the shape requires.
        want: usize,
    },
}

impl From<EvalError> for MoveError {
    fn from(e: EvalError) -> MoveError {
        match e.kind {
            // The generation's own interrupt, asked inside a quantifier.
            crate::ruleset::expr::EvalErrorKind::Interrupted => MoveError::Interrupted,
            _ => MoveError::Eval(e),
        }
    }
}

/// Why the enumeration of a move stopped early: an error, or a probe that has seen enough.
#[derive(Debug)]
enum Halt {
    Error(MoveError),
    Found,
}

impl From<MoveError> for Halt {
    fn from(e: MoveError) -> Halt {
        Halt::Error(e)
    }
}

impl From<EvalError> for Halt {
    fn from(e: EvalError) -> Halt {
        Halt::Error(MoveError::from(e))
    }
}

type R = Result<(), Halt>;

/// A function shown each follower as it is generated; returning true stops the generation.
pub type Probe<'p> = &'p mut dyn FnMut(&[u32]) -> bool;

/// A [`Probe`] borrowed for `'a` from a closure that lives for `'p`.
type ProbeRef<'a, 'p> = &'a mut (dyn FnMut(&[u32]) -> bool + 'p);

/// Working state of one move being enumerated; reused between calls.
#[derive(Default, Debug)]
pub struct Scratch {
    /// Heap sizes being changed. They start as the position's (u32); `add` keeps them at most
    /// `u32::MAX` and every other step only shrinks or splits them, so every value fits in
    /// u32: the `as i64` / `as u64` casts below are lossless, and amounts are cast only after
    /// a check that they are >= 0.
    vals: Vec<u64>,
    alive: Vec<bool>,
    touched: Vec<bool>,
    sels: Vec<Vec<usize>>,
    ints: Vec<i64>,
    lists: Vec<Vec<i64>>,
    cands: Vec<Vec<usize>>,
    combos: Vec<Vec<usize>>,
    counts: Vec<Vec<i64>>,
    perm: Vec<Vec<usize>>,
    newly: Vec<Vec<usize>>,
    saved: Vec<Vec<u64>>,
    /// Per step: the current combination (positions into the candidates).
    idxs: Vec<Vec<usize>>,
    out: Vec<u32>,
    /// Slots of the `positions where` rule.
    rule_ints: Vec<i64>,
    rule_lists: Vec<Vec<i64>>,
    /// Working memory of the fast paths.
    fast: FastScratch,
    /// Who may stop a long generation, and the steps since it was last asked.
    watch: Watch,
}

/// A check that a long generation makes now and then (every [`Watch::EVERY`] amounts or
/// choices of heaps tried, most of which may write no follower, so that a probe shown each
/// follower would not be asked); true stops it with [`MoveError::Interrupted`].
pub type Interrupt = std::sync::Arc<dyn Fn() -> bool + Send + Sync>;

/// The [`Interrupt`] of a [`Scratch`] and the steps counted since it was last asked.
#[derive(Default)]
struct Watch {
    interrupt: Option<Interrupt>,
    steps: u32,
}

impl Watch {
    /// Steps between two looks at the interrupt: about a millisecond of generation.
    const EVERY: u32 = 1 << 16;

    /// Counts one step; every [`Watch::EVERY`] steps, asks the interrupt.
    #[inline]
    fn tick(&mut self) -> Result<(), MoveError> {
        self.tick_by(1)
    }

    /// Counts `work` steps (a follower of n heaps built: n); asks the interrupt each time
    /// the count passes a multiple of [`Watch::EVERY`].
    #[inline]
    fn tick_by(&mut self, work: usize) -> Result<(), MoveError> {
        let before = self.steps;
        self.steps = self.steps.wrapping_add(work.min(1 << 20) as u32);
        if before / Self::EVERY != self.steps / Self::EVERY
            && self.interrupt.as_ref().is_some_and(|f| f())
        {
            return Err(MoveError::Interrupted);
        }
        Ok(())
    }
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("interrupt", &self.interrupt.is_some())
            .field("steps", &self.steps)
            .finish()
    }
}

impl Scratch {
    /// Sets who may stop a long generation run with this scratch (`None`: nobody).
    pub fn set_interrupt(&mut self, interrupt: Option<Interrupt>) {
        self.watch.interrupt = interrupt;
    }
}

/// Working memory of the fast paths ([`fast`]).
#[derive(Default, Debug)]
struct FastScratch {
    counts: Vec<i64>,
    idx: Vec<usize>,
    cur: Vec<u32>,
}

/// The compiled moves of a ruleset, with the shape they keep.
#[derive(Clone, Debug)]
pub struct Generator {
    /// The shape of positions.
    pub shape: ShapeSpec,
    /// The move programs, in source order.
    pub moves: Vec<MoveProgram>,
    /// `positions where C`: followers outside the rule are not written.
    pub positions: Option<PositionRule>,
}

struct Run<'a, 'p> {
    shape: &'a ShapeSpec,
    rule: Option<&'a PositionRule>,
    m: &'a MoveProgram,
    pos: &'a [u32],
    s: &'a mut Scratch,
    out: &'a mut Followers,
    probe: Option<ProbeRef<'a, 'p>>,
}

impl Generator {
    /// Writes every follower of the canonical position `pos` into `out` (cleared first).
    /// Followers are canonical; the same follower may appear more than once.
    pub fn followers(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
    ) -> Result<(), MoveError> {
        self.generate(pos, s, out, None).map(|_| ())
    }

    /// Like [`Generator::followers`], but shows each follower to `probe` as soon as it is
    /// generated (instead of writing it into `out`, which is left empty), and stops (returning
    /// `Ok(true)`) the first time the probe returns true.
    pub fn followers_until(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
        probe: Probe<'_>,
    ) -> Result<bool, MoveError> {
        self.generate(pos, s, out, Some(probe))
    }

    fn generate(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
        mut probe: Option<Probe<'_>>,
    ) -> Result<bool, MoveError> {
        out.clear();
        for m in &self.moves {
            let levels = m.steps.len() + 1;
            grow(&mut s.cands, levels);
            grow(&mut s.combos, levels);
            grow(&mut s.counts, levels);
            grow(&mut s.perm, levels);
            grow(&mut s.newly, levels);
            grow(&mut s.saved, levels);
            grow(&mut s.idxs, levels);
            grow(&mut s.sels, m.sel_slots);
            grow(&mut s.lists, m.list_slots);
            if s.ints.len() < m.int_slots {
                s.ints.resize(m.int_slots, 0);
            }
            let fast = match self.positions {
                None => fast_kind(&self.shape, m, pos),
                Some(_) => None,
            };
            if let Some(fast) = fast {
                match run_fast(
                    &self.shape,
                    fast,
                    pos,
                    (&mut s.out, &mut s.fast, &mut s.watch),
                    out,
                    probe.as_deref_mut(),
                ) {
                    Ok(()) => continue,
                    Err(Halt::Found) => return Ok(true),
                    Err(Halt::Error(e)) => return Err(e),
                }
            }
            let mut run = Run {
                shape: &self.shape,
                rule: self.positions.as_ref(),
                m,
                pos,
                s: &mut *s,
                out: &mut *out,
                probe: probe.as_deref_mut(),
            };
            match run.run() {
                Ok(()) => {}
                Err(Halt::Found) => return Ok(true),
                Err(Halt::Error(e)) => return Err(e),
            }
        }
        Ok(false)
    }
}

impl Generator {
    /// Whether every move provably makes the sum of the heaps strictly smaller, so that no
    /// sequence of moves returns to a position. No step adds to a heap (`take`, `lower` and
    /// `delete` only remove, `split` keeps the sum), so it suffices that each move has a step
    /// that always removes something: a `take` whose amounts are all at least 1 (a `take` on
    /// no heap writes no follower), or a `delete`/`lower` on at least one heap when heaps are
    /// never empty. With `add` steps, a weighted total must fall instead
    /// ([`Generator::decreasing_weights`]). Conservative: false when in doubt.
    pub fn strictly_decreasing(&self) -> bool {
        if self.adds() {
            // Tokens added to heaps: a weighted total must fall instead.
            return self.decreasing_weights().is_some();
        }
        let positive_heaps = self.shape.lower >= 1 || self.shape.drops_zeros();
        self.moves
            .iter()
            .all(|m| m.steps.iter().any(|st| step_removes(st, positive_heaps)))
    }
}

impl Generator {
    /// Whether some move can add tokens to a heap (`add`, `move ... to ...`): then a heap
    /// may grow, and neither the sum of the heaps nor the box of a position bounds its
    /// followers.
    pub fn adds(&self) -> bool {
        self.moves.iter().any(|m| {
            m.steps
                .iter()
                .any(|st| matches!(st.kind, super::program::LStepKind::Add(..)))
        })
    }
}

/// Whether `set` holds only integers of at least 1.
fn all_positive(set: &crate::ruleset::value::SetValue) -> bool {
    matches!(set.min(), Ok(Some(m)) if m >= 1)
}

/// Whether the step, whenever it leads to a follower, removes at least one counter.
pub(super) fn step_removes(st: &super::program::LStep, positive_heaps: bool) -> bool {
    use super::program::{LAmount, LSelKind, LStepKind};
    let some_heap = match &st.sel.kind {
        LSelKind::Count(c) => all_positive(c),
        LSelKind::TheOther | LSelKind::Named(_) => true,
        LSelKind::Rest | LSelKind::Ref(_) => false,
        LSelKind::Consecutive { len, .. } => *len >= 1,
        LSelKind::NextTo { .. } => true,
    };
    match &st.kind {
        LStepKind::Take(amount, _) => match amount {
            LAmount::Each(s) | LAmount::Same(s, _) | LAmount::List(_, s) => all_positive(s),
            LAmount::Named(v) => !v.is_empty() && v.iter().all(|(_, s)| all_positive(s)),
            // Sets computed during play: not known here.
            LAmount::Computed(..) => false,
        },
        LStepKind::Delete => some_heap && positive_heaps,
        LStepKind::Lower(by) => *by >= 1 && some_heap && positive_heaps,
        LStepKind::Split { .. } | LStepKind::Keep(_) | LStepKind::Add(..) => false,
    }
}

fn grow<T: Default>(v: &mut Vec<T>, n: usize) {
    if v.len() < n {
        v.resize_with(n, T::default);
    }
}

fn real_error(e: crate::numbers::RealError, span: &Span) -> MoveError {
    MoveError::Eval(EvalError {
        kind: crate::ruleset::expr::EvalErrorKind::Real(e),
        span: span.clone(),
    })
}

/// Advances `idx` (increasing positions into `0..n`) to the next combination (the move
/// compiler's choices of heaps too).
pub(crate) fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let c = idx.len();
    let mut k = c;
    while k > 0 {
        k -= 1;
        if idx[k] < n - c + k {
            idx[k] += 1;
            for m in k + 1..c {
                idx[m] = idx[m - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Advances `idx` (increasing positions into `0..n`) to the next combination, in the order of
/// [`next_combination`], that is canonical when `same(j)` says that element `j` is
/// interchangeable with element `j - 1`: within each run of interchangeable elements, the
/// chosen ones are a prefix of the run. Only canonical combinations are visited, never all
/// `C(n, c)` of them (30 equal heaps have one canonical choice of 15, not 155117520); `idx`
/// must be canonical on entry (`0..c` is).
fn next_canonical_combination(idx: &mut [usize], n: usize, same: impl Fn(usize) -> bool) -> bool {
    let c = idx.len();
    for k in (0..c).rev() {
        // With `idx[..k]` kept, the least canonical choice after `idx[k]` is the start of the
        // next run (its predecessor `idx[k]` is no longer chosen), followed by the elements
        // right after it: a run start in `idx[k] + 1..=hi`. For k < c - 1, the starts after
        // the old `idx[k + 1]` up to `hi + 1` were ruled out the round before, so only the gap
        // up to it is scanned: O(n) a call in all.
        let hi = n - (c - k);
        let to = if k + 1 < c { hi.min(idx[k + 1]) } else { hi };
        let mut v = idx[k] + 1;
        while v <= to && same(v) {
            v += 1;
        }
        if v <= to {
            for (m, slot) in idx[k..].iter_mut().enumerate() {
                *slot = v + m;
            }
            return true;
        }
    }
    false
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::Eval(e) => write!(f, "a move could not be evaluated: {}", e.kind),
            MoveError::Interrupted => write!(f, "stopped while generating the followers"),
            MoveError::WrongCount { got, want, .. } => {
                write!(
                    f,
                    "a move left {got} heaps, but positions have exactly {want}"
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::{next_canonical_combination, next_combination};

    /// Whether `idx` takes a prefix of each run of equal values of `vals`, by the definition.
    fn canonical(vals: &[u32], idx: &[usize]) -> bool {
        idx.iter()
            .all(|&j| j == 0 || vals[j - 1] != vals[j] || idx.contains(&(j - 1)))
    }

    /// Every sorted list of up to 7 values in 0..3 and every c: the canonical walk visits
    /// exactly the canonical combinations that the plain walk visits, in the same order.
    #[test]
    fn canonical_walk_is_the_plain_walk_filtered() {
        for n in 0..=7usize {
            for code in 0..3usize.pow(n as u32) {
                let mut vals: Vec<u32> = (0..n)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u32)
                    .collect();
                vals.sort_unstable();
                for c in 0..=n {
                    let mut want = Vec::new();
                    let mut idx: Vec<usize> = (0..c).collect();
                    loop {
                        if canonical(&vals, &idx) {
                            want.push(idx.clone());
                        }
                        if !next_combination(&mut idx, n) {
                            break;
                        }
                    }
                    let mut got = Vec::new();
                    let mut idx: Vec<usize> = (0..c).collect();
                    loop {
                        got.push(idx.clone());
                        if !next_canonical_combination(&mut idx, n, |j| vals[j - 1] == vals[j]) {
                            break;
                        }
                    }
                    assert_eq!(got, want, "{vals:?}, c = {c}");
                }
            }
        }
    }
}
