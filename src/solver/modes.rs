//! Solving a whole box at once: picks the fastest mode that is sound for the ruleset and
//! returns a [`BoxValues`] table (Grundy values, or outcomes) indexed by [`BoxSpec`] rank.
//! The types it returns live in [`super::values`], below both this file and the modes it
//! calls ([`super::parallel`]), so that no mode imports this file back.

use super::budget::Budget;
use super::error::SolveError;
use super::kernels;
use super::memo;
#[cfg(feature = "parallel")]
use super::parallel;
use super::search::Solver;
use super::sum;
use super::table::BoxSpec;
pub use super::values::{BoxValues, ModeUsed, Want};
use super::GameRules;
use crate::moves::{Generator, MoveError};
use crate::ruleset::play::Play;

/// Solves every position of the box: by the Grundy sequence of one heap when the ruleset is a
/// disjunctive sum ([`super::sum`]); otherwise by a compiled kernel when the moves match one
/// ([`super::kernels`]); otherwise, with several threads and a large box, layer by
/// layer in parallel when every move lowers the total ([`super::parallel`]); otherwise by the
/// search with a dense table over the box ([`table_values`]).
pub fn solve_box(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<MoveError>> {
    match sum_sequence(game, spec, budget)? {
        Some(seq) => Ok(sum_values(spec, want, &seq)),
        None => run_past_sum(
            choose_past_sum(game, spec, want),
            game,
            game,
            spec,
            want,
            budget,
        ),
    }
}

/// The mode a box is solved by, chosen before anything is solved: the one decision that both
/// the prediction of its memory ([`super::plan`]) and the run ([`solve_box_through`]) follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A disjunctive sum, by its single-heap sequence (past it, when a single heap can reach
    /// itself, the choice among the others).
    Sum,
    /// A compiled kernel (its name).
    Kernel(&'static str),
    /// Layer by layer in parallel (the search, when some move keeps the total).
    Parallel,
    /// The memoized search over a dense table.
    Search,
}

/// The mode for the box in `play`: in misère play the search (the other modes assume normal
/// play); a disjunctive sum by its sequence; else [`choose_past_sum`].
pub fn choose(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> Choice {
    match play {
        Play::Misere => Choice::Search,
        Play::Normal if sum::is_sum(game) => Choice::Sum,
        Play::Normal => choose_past_sum(game, spec, want),
    }
}

/// The mode of a box that is not solved as a sum: a compiled kernel when the moves match one;
/// with several threads and a large box, the parallel mode; else the search.
fn choose_past_sum(game: &Generator, spec: &BoxSpec, want: Want) -> Choice {
    if let Some(name) = kernels::kernel_for_want(game, spec, want) {
        return Choice::Kernel(name);
    }
    #[cfg(feature = "parallel")]
    let threads = rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    let threads = 1;
    if threads > 1 && spec.len() >= PARALLEL_FROM {
        return Choice::Parallel;
    }
    Choice::Search
}

/// The single-heap Grundy sequence up to the box's largest heap when the ruleset is a sum
/// whose single heap cannot reach itself; `None` otherwise.
fn sum_sequence(
    game: &Generator,
    spec: &BoxSpec,
    budget: &Budget,
) -> Result<Option<Vec<u32>>, SolveError<MoveError>> {
    if !sum::is_sum(game) {
        return Ok(None);
    }
    match sum::grundy_sequence(game, spec.max, budget) {
        Ok(seq) => Ok(Some(seq)),
        Err(sum::SeqError::Solve(e)) => Err(e),
        // A single heap can reach itself: the search reports the loop.
        Err(sum::SeqError::NotDecreasing) => Ok(None),
    }
}

/// What a caller that lists a box position by position reads its values from.
pub enum Listed {
    /// The box's table by rank.
    Box(BoxValues),
    /// A sum's box, not tabulated: each position's value is the XOR of its heaps' values in
    /// the single-heap sequence, computed as the listing reaches it.
    Sum(sum::boxed::SumListing),
}

impl Listed {
    /// Whether the canonical position `pos` of the box `spec` is a P-position, and its Grundy
    /// value when `grundy` (the box solved for Grundy values); `pos` lies in the box.
    #[inline]
    pub fn at(&self, spec: &BoxSpec, pos: &[u32], grundy: bool) -> (bool, Option<u32>) {
        match self {
            Listed::Box(values) => {
                let r = spec.rank(pos).unwrap_or(0);
                if grundy {
                    let g = values.value(r);
                    (g == 0, Some(g))
                } else {
                    (values.is_p(r), None)
                }
            }
            Listed::Sum(sum) => {
                let g = sum.value(pos);
                (g == 0, grundy.then_some(g))
            }
        }
    }

    /// The value of the position `pos` of rank `r` in the box: its Grundy value when the box
    /// was solved for them (a sum's listing always gives it), else 0 for a P-position and 1
    /// for an N-position.
    #[inline]
    pub fn value(&self, r: usize, pos: &[u32]) -> u32 {
        match self {
            Listed::Box(values) => values.value(r),
            Listed::Sum(sum) => sum.value(pos),
        }
    }

    /// The box's table by rank; `None` for a sum's listing, which holds none.
    pub fn tabulated(self) -> Option<BoxValues> {
        match self {
            Listed::Box(values) => Some(values),
            Listed::Sum(_) => None,
        }
    }

    /// The mode that solved the box, and the kernel if one did.
    pub fn solved_by(&self) -> (ModeUsed, Option<&'static str>) {
        match self {
            Listed::Box(values) => (values.mode, values.kernel),
            Listed::Sum(_) => (ModeUsed::Sum, None),
        }
    }
}

/// [`solve_box_play`] for a caller that walks the box and reads each position once (`solve`
/// writing its rows): a sum's box in normal play is not tabulated, only its single-heap
/// sequence computed ([`Listed::Sum`]), so that nothing the size of the box is held.
pub fn solve_box_listed(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    play: Play,
) -> Result<Listed, SolveError<MoveError>> {
    solve_box_through(game, game, spec, want, budget, (play, true))
}

/// The box solved by the mode [`choose`] picks, in `play`: a sum by its single-heap sequence
/// (listed when `listed`, else tabulated), a compiled kernel, the parallel mode, or the
/// memoized search over a dense table run through `rules` (the game's moves, or a wrapper of
/// them that counts the positions expanded).
pub(crate) fn solve_box_through<G: GameRules<Error = MoveError>>(
    game: &Generator,
    rules: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    (play, listed): (Play, bool),
) -> Result<Listed, SolveError<MoveError>> {
    let choice = match choose(game, spec, want, play) {
        Choice::Sum => match sum_sequence(game, spec, budget)? {
            Some(seq) if listed => return Ok(Listed::Sum(sum::boxed::SumListing::new(seq))),
            Some(seq) => return Ok(Listed::Box(sum_values(spec, want, &seq))),
            None => choose_past_sum(game, spec, want),
        },
        Choice::Search => {
            return table_values_play(rules, spec, want, budget, play).map(Listed::Box);
        }
        other => other,
    };
    run_past_sum(choice, game, rules, spec, want, budget).map(Listed::Box)
}

/// Runs `choice` (not a sum): a kernel, the parallel mode, or the search through `rules`, to
/// which a kernel that declines or moves that keep the total fall back.
fn run_past_sum<G: GameRules<Error = MoveError>>(
    choice: Choice,
    game: &Generator,
    rules: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<MoveError>> {
    match choice {
        Choice::Kernel(_) => {
            if let Some(r) = kernels::solve_box_kernel(game, spec, want, budget) {
                return r;
            }
        }
        #[cfg(feature = "parallel")]
        Choice::Parallel => match parallel::layered_values(game, spec, want, budget) {
            Ok(values) => {
                let mode = ModeUsed::Parallel;
                return Ok(BoxValues::from_values(spec.clone(), want, values, mode));
            }
            Err(parallel::ParError::Solve(e)) => return Err(e),
            // Some move keeps the total or leaves the box: the search handles any order.
            Err(parallel::ParError::NotLayered) => {}
        },
        _ => {}
    }
    table_values(rules, spec, want, budget)
}

/// [`solve_box`] in `play`: normal play as [`solve_box`]; misère play by the memoized search
/// alone ([`table_values_play`]), since the sum, kernel and parallel modes assume normal play.
pub fn solve_box_play(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    play: Play,
) -> Result<BoxValues, SolveError<MoveError>> {
    match play {
        Play::Normal => solve_box(game, spec, want, budget),
        Play::Misere => table_values_play(game, spec, want, budget, play),
    }
}

/// Boxes smaller than this are solved on one thread (threads cost more than they save).
pub(crate) const PARALLEL_FROM: usize = 20_000;

/// The box from the single-heap Grundy values of a sum: the XOR over the heaps, walked in
/// rank order ([`sum::boxed`]).
fn sum_values(spec: &BoxSpec, want: Want, seq: &[u32]) -> BoxValues {
    sum::boxed::box_values(spec, want, seq)
}

/// The box by the memoized search with a dense table.
pub fn table_values<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<G::Error>> {
    table_values_play(game, spec, want, budget, Play::Normal)
}

/// [`table_values`] in `play` (in misère play the values are the misère nim values g^-).
pub(crate) fn table_values_play<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    play: Play,
) -> Result<BoxValues, SolveError<G::Error>> {
    let solver = match want {
        Want::Grundy => Solver::with_box(game, spec.clone()),
        Want::Outcome => Solver::with_box_narrow(game, spec.clone()),
    };
    let mut solver = solver.with_play(play);
    solver.set_budget(budget.clone());
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        match want {
            Want::Grundy => {
                solver.grundy(&pos)?;
            }
            Want::Outcome => {
                solver.outcome(&pos)?;
            }
        }
    }
    let values = (0..spec.len())
        .map(|r| {
            spec.unrank(r, &mut pos);
            let e = solver.dense_entry(r, &pos);
            match want {
                // Every position of the box was solved just above.
                Want::Grundy => e.saturating_sub(memo::GRUNDY),
                Want::Outcome => u32::from(e == memo::IS_N || e > memo::GRUNDY),
            }
        })
        .collect();
    Ok(BoxValues::from_values(
        spec.clone(),
        want,
        values,
        ModeUsed::Table,
    ))
}
