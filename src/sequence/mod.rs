//! The Grundy sequence of one heap of a disjunctive sum, with its periodicity: the values of
//! heaps `0..=max`, the least period and preperiod (and saltus) they show, and whether the
//! periodicity theorem proves it (a subtraction game with a finite set, an octal or a
//! hexadecimal game with a finite largest take); a period that cannot go on (a falling saltus,
//! or any saltus in a subtraction game, whose values are bounded) is never reported, nor one
//! that is not proven and holds only at the end of the values (less than their last third). A ruleset that is not a sum is refused, pointing at the move.
//! [`sequence_partial`] goes on from values computed before (`sequence --resume`) and keeps
//! the values computed when the budget stops it (`--time`, Ctrl-C), with the rare/common
//! engine's classes.
//! In misère play the values are the misère nim values g^- of one heap, found by the search;
//! the periodicity of a game that only takes is proven as in normal play (past the largest
//! take every heap has every move, and the values follow one fixed mex rule), and never for
//! a game that splits heaps, whose proof adds values by XOR.

use crate::game::Game;
use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::sum::kernel::{proven_period, theorem_bound, theorem_words, TakeBreak};
use crate::solver::sum::period::{find_period_over, Period};
use crate::solver::sum::rare::RareFacts;
use crate::solver::sum::values::{with_values, Val, Values};
use crate::solver::sum::{grundy_run, SeqError, SeqRun};
use crate::solver::{Budget, SolveError};

/// How often a period must repeat in the values for `sequence` to say it "appears periodic".
pub(crate) const REPEATS: usize = 3;

/// A period that is not proven is reported only when it holds over at least this share
/// (1 / `SHARE`) of the values, not just at their end: Grundy's game to 600 shows "period 3
/// from 582", a coincidence of its last 19 values.
pub(crate) const SHARE: usize = 3;

/// The period the values appear to have: the least that repeats [`REPEATS`] times and holds
/// over at least the last 1 / [`SHARE`] of them.
pub fn apparent_period<T: Val>(values: &[T]) -> Option<Period> {
    find_period_over(values, REPEATS, values.len().div_ceil(SHARE))
}

/// The periodicity found, and whether it is proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// Preperiod, period, saltus.
    pub period: Period,
    /// Whether a theorem proves it for every heap.
    pub proven: bool,
    /// Which theorem and up to which heap it was checked, or why it is not proven.
    pub reason: String,
}

/// The values of one heap and their periodicity.
#[derive(Clone, Debug)]
pub struct Sequence {
    /// The Grundy values of heaps `0..=max`.
    pub values: Vec<u32>,
    /// The periodicity the values show, if any.
    pub periodic: Option<Periodicity>,
    /// The rare/common engine's classes and work, when it ran.
    pub rare: Option<RareFacts>,
}

/// The values of one heap as far as a run went ([`sequence_partial`]), stored narrowly (a
/// byte a value while they are below 256), and their periodicity.
#[derive(Clone, Debug)]
pub struct Grown {
    /// The Grundy values of heaps `0..=max` (fewer when `stopped`).
    pub values: Values,
    /// The periodicity the values show, if any.
    pub periodic: Option<Periodicity>,
    /// What stopped the run before heap `max` (`--time`, Ctrl-C, a limit, the watcher): the
    /// values are those computed before, every one final.
    pub stopped: Option<SolveError<MoveError>>,
    /// The rare/common engine's classes and work, when it ran.
    pub rare: Option<RareFacts>,
}

impl Sequence {
    /// The same values and periodicity, stored narrowly.
    pub fn grown(&self) -> Grown {
        Grown {
            values: Values::from_slice(&self.values),
            periodic: self.periodic.clone(),
            stopped: None,
            rare: self.rare.clone(),
        }
    }
}

/// Why a sequence could not be computed.
#[derive(Debug)]
pub enum SequenceError {
    /// The ruleset is not a sum (a located problem).
    NotSum(LoadError),
    /// The solve failed or stopped.
    Solve(SolveError<MoveError>),
}

/// The most heaps of a fixed count whose single-heap positions a sequence lists.
pub const MAX_HEAPS: usize = 1_000_000;

/// The Grundy sequence of `game`'s single heap up to `max`, with its periodicity; a run the
/// budget stops is an error.
pub fn sequence(game: &Game, max: u32, budget: &Budget) -> Result<Sequence, SequenceError> {
    let s = sequence_partial(game, Values::default(), max, budget, &mut |_| true)?;
    match s.stopped {
        Some(e) => Err(SequenceError::Solve(e)),
        None => Ok(Sequence {
            values: s.values.to_vec(0..s.values.len()),
            periodic: s.periodic,
            rare: s.rare,
        }),
    }
}

/// The Grundy sequence of `game`'s single heap from `start` (the values of heaps
/// `0..start.len()`, computed before) up to `max`, with its periodicity; a run the budget
/// stops keeps the values computed (`stopped` says why). `watch` is shown the values as they
/// grow ([`grundy_run`]) and stops the run by answering `false`.
pub(crate) fn sequence_partial(
    game: &Game,
    start: Values,
    max: u32,
    budget: &Budget,
    watch: &mut dyn FnMut(&Values) -> bool,
) -> Result<Grown, SequenceError> {
    refuse(game)?;
    let gen = game.generator();
    let misere = game.play() == crate::solver::Play::Misere;
    let run = if misere {
        None
    } else {
        Some(grundy_run(gen, start, max, budget, watch))
    };
    let (values, stopped, rare) = match run {
        Some(SeqRun {
            values,
            stop: None,
            rare,
        }) => (values, None, rare),
        Some(SeqRun {
            values,
            stop: Some(SeqError::Solve(e)),
            rare,
        }) => (values, Some(e), rare),
        // A single heap reaches itself (the generic search names the loop), or misère play.
        _ => {
            let (values, stopped) = by_search(game, max, budget, watch)?;
            (values, stopped, None)
        }
    };
    let rules = TakeBreak::of(gen).filter(|r| !(misere && r.splits()));
    let periodic = with_values!(&values, v => periodicity(rules.as_ref(), v));
    Ok(Grown {
        values,
        periodic,
        stopped,
        rare,
    })
}

/// Refuses a ruleset whose single heaps have no sequence: too many heaps of a fixed count,
/// or not a sum (pointing at the move).
fn refuse(game: &Game) -> Result<(), SequenceError> {
    let gen = game.generator();
    // Each single-heap position holds every heap of a fixed count: refuse a count whose
    // positions alone would exhaust memory (`heaps 4294967295`: 17 GB each).
    if let Some(k) = gen.shape.count.filter(|&k| k > MAX_HEAPS) {
        let d = Diag::new(
            Code::TooLarge,
            0..0,
            format!(
                "`{}` has {k} heaps, more than the {MAX_HEAPS} heaps of a position a sequence lists",
                game.checked.name
            ),
            "",
        )
        .help("a sequence of one heap needs positions of every heap; use fewer heaps");
        return Err(SequenceError::NotSum(LoadError::single(
            game.src.clone(),
            d,
        )));
    }
    if let Some(e) = game.not_a_sum(
        "a sum of single heaps",
        "a Grundy sequence of one heap describes a game only when every move selects one \
             heap and acts on it alone (take, split, lower, keep, references to it); use \
             `heapgame solve` for other games",
    ) {
        return Err(SequenceError::NotSum(e));
    }
    Ok(())
}

/// The values by the generic search, heap by heap from heap 0 (a single heap reaches itself,
/// or misère play: values resumed from a file are computed again, the search keeping its own
/// table), and what stopped it (a game's failure is an error); `watch` is shown the values
/// after each heap and stops the run by answering `false`.
fn by_search(
    game: &Game,
    max: u32,
    budget: &Budget,
    watch: &mut dyn FnMut(&Values) -> bool,
) -> Result<(Values, Option<SolveError<MoveError>>), SequenceError> {
    let gen = game.generator();
    let mut s = crate::solver::Solver::new(gen).with_play(game.play());
    s.set_budget(budget.clone());
    let mut v = Values::default();
    for n in 0..=max {
        if !watch(&v) {
            let stored = v.len();
            return Ok((v, Some(SolveError::Cancelled { stored })));
        }
        let mut pos = Vec::new();
        crate::solver::sum::single_heap(gen.shape.count, n, &mut pos);
        match s.grundy(&pos) {
            Ok(g) => v.push(g),
            Err(e @ (SolveError::Cancelled { .. } | SolveError::Limit { .. })) => {
                return Ok((v, Some(e)))
            }
            Err(e) => return Err(SequenceError::Solve(e)),
        }
    }
    Ok((v, None))
}

/// The periodicity of `values`, proven when the rules allow the theorem and the values
/// reach its bound.
pub fn periodicity<T: Val>(rules: Option<&TakeBreak>, values: &[T]) -> Option<Periodicity> {
    let max = values.len().saturating_sub(1);
    let theorem = rules.and_then(|r| {
        let t = r.largest_take().filter(|_| r.is_octal())?;
        Some((r.parts(), t))
    });
    if let Some((parts, t)) = theorem {
        if let Some(p) = proven_period(values, parts, t) {
            let upto = theorem_bound(parts, u64::from(t), p.preperiod as u64, p.period as u64);
            let (name, bound) = theorem_words(parts);
            let reason = format!(
                "{name}, largest take t = {t}: g(n + {p}) = g(n) checked for {e} <= n <= \
                 {bound} = {upto}",
                p = p.period,
                e = p.preperiod
            );
            return Some(Periodicity {
                period: p,
                proven: true,
                reason,
            });
        }
    }
    // A subtraction game with a finite set has at most as many options as amounts: its values
    // are bounded, so no saltus can go on.
    let bounded = theorem.is_some_and(|(parts, _)| parts == 1);
    let p = apparent_period(values).filter(|p| !(bounded && p.saltus != 0))?;
    let why_not = match theorem {
        Some(_) if p.saltus != 0 => format!(
            "appears arithmetic-periodic up to {max}; the periodicity theorem proves periods \
             without a saltus only"
        ),
        Some((parts, t)) => {
            let need = theorem_bound(parts, u64::from(t), p.preperiod as u64, p.period as u64)
                + p.period as u64;
            format!("appears periodic up to {max}; the theorem needs the values up to {need}")
        }
        None => format!("appears periodic up to {max}"),
    };
    Some(Periodicity {
        period: p,
        proven: false,
        reason: why_not,
    })
}
