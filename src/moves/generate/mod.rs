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
//! follower, [`take`] and [`split`] act on the chosen heaps, [`crate::moves::combination`] lists the choices
//! of heaps. Before the interpreter, [`fast`] runs the simplest one-step moves, and
//! [`compiled`] every clause the move compiler ([`crate::moves::compiled`]) compiled when the
//! generator was made.

mod add;
mod compiled;
pub mod derived;
mod fast;
mod select;
mod split;
mod take;
mod terminate;

use super::followers::Followers;
use super::program::{MoveProgram, PositionRule, ShapeSpec};
use crate::ruleset::expr::EvalError;
use crate::syntax::ast::Span;
use compiled::{run_compiled, Clauses, CompiledScratch};
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
pub(crate) type Probe<'p> = &'p mut dyn FnMut(&[u32]) -> bool;

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
    /// Per step: the numbers of equal parts of a `split ... equal parts`.
    equal: Vec<Vec<i64>>,
    /// Per step: the current combination (positions into the candidates).
    idxs: Vec<Vec<usize>>,
    out: Vec<u32>,
    /// Slots of the `positions where` rule.
    rule_ints: Vec<i64>,
    rule_lists: Vec<Vec<i64>>,
    /// Working memory of the fast paths.
    fast: FastScratch,
    /// Working memory of the compiled clauses.
    compiled: CompiledScratch,
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

/// The lowered moves of a ruleset, with the shape they keep, and the compiled form of each
/// clause the move compiler compiles. Made by [`Generator::new`]; its fields are read, not
/// changed, afterwards (the compiled clauses are made from them).
#[derive(Clone, Debug)]
pub struct Generator {
    /// The shape of positions.
    pub shape: ShapeSpec,
    /// The move programs, in source order.
    pub moves: Vec<MoveProgram>,
    /// `positions where C`: followers outside the rule are not written.
    pub positions: Option<PositionRule>,
    /// The compiled form of each clause that compiles ([`compiled`]).
    compiled: Clauses,
    /// What the solver derives from these moves for a box, kept ([`derived`]).
    pub derived: derived::Derived,
}

impl Generator {
    /// The generator of these moves, each clause that compiles run as compiled code.
    pub fn new(
        shape: ShapeSpec,
        moves: Vec<MoveProgram>,
        positions: Option<PositionRule>,
    ) -> Generator {
        let compiled = Clauses::of(&shape, &moves);
        Generator {
            shape,
            moves,
            positions,
            compiled,
            derived: derived::Derived::default(),
        }
    }

    /// The generator of these moves with every clause interpreted: the reference that the
    /// compiled clauses are tested against.
    pub fn interpreted(
        shape: ShapeSpec,
        moves: Vec<MoveProgram>,
        positions: Option<PositionRule>,
    ) -> Generator {
        Generator {
            shape,
            moves,
            positions,
            compiled: Clauses::default(),
            derived: derived::Derived::default(),
        }
    }

    /// The generator of clause `i` alone (with the same shape and `positions` rule).
    pub fn clause(&self, i: usize) -> Generator {
        let m = vec![self.moves[i].clone()];
        Generator::new(self.shape.clone(), m, self.positions.clone())
    }

    /// The generator's fast path that writes the followers of clause `i` on every position
    /// (before its compiled form, if it has one), in words: `None` when the clause is run by
    /// its compiled form or the interpreter (or a `positions where` rule applies, which the
    /// fast paths leave to them).
    pub fn fast_path(&self, i: usize) -> Option<&'static str> {
        match self.positions {
            None => fast::fast_form(&self.shape, &self.moves[i]),
            Some(_) => None,
        }
    }

    /// How many clauses run as compiled code.
    pub fn compiled_clauses(&self) -> usize {
        self.compiled.count()
    }
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
        for (i, m) in self.moves.iter().enumerate() {
            let levels = m.steps.len() + 1;
            grow(&mut s.cands, levels);
            grow(&mut s.combos, levels);
            grow(&mut s.counts, levels);
            grow(&mut s.perm, levels);
            grow(&mut s.newly, levels);
            grow(&mut s.saved, levels);
            grow(&mut s.equal, levels);
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
            if let Some(c) = self.compiled.get(i) {
                let rules = (&self.shape, self.positions.as_ref());
                match run_compiled(rules, c, pos, s, out, probe.as_deref_mut()) {
                    Ok(true) => continue,
                    // The compiled code could not decide: the interpreter runs the clause.
                    Ok(false) => {}
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

/// Delivers the canonical follower `f`: counted on the watch, kept out when the `positions
/// where` rule rejects it, then shown to the probe or written into `out`.
fn deliver(
    f: &[u32],
    rule: Option<&PositionRule>,
    (ints, lists, watch): (&mut Vec<i64>, &mut Vec<Vec<i64>>, &mut Watch),
    out: &mut Followers,
    probe: Option<ProbeRef<'_, '_>>,
) -> R {
    watch.tick_by(f.len())?;
    if let Some(rule) = rule {
        if !rule.allows(f, (ints, lists), watch.interrupt.as_deref())? {
            return Ok(());
        }
    }
    match probe {
        Some(p) => {
            if p(f) {
                return Err(Halt::Found);
            }
        }
        None => out.push(f),
    }
    Ok(())
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
