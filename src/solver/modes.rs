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
    if sum::is_sum(game) {
        match sum::grundy_sequence(game, spec.max, budget) {
            Ok(seq) => return Ok(sum_values(spec, want, &seq)),
            Err(sum::SeqError::Solve(e)) => return Err(e),
            // A single heap can reach itself: the search reports the loop.
            Err(sum::SeqError::NotDecreasing) => {}
        }
    }
    if let Some(r) = kernels::solve_box_kernel(game, spec, want, budget) {
        return r;
    }
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 && spec.len() >= PARALLEL_FROM {
        match parallel::layered_values(game, spec, want, budget) {
            Ok(values) => {
                return Ok(BoxValues::from_values(
                    spec.clone(),
                    want,
                    values,
                    ModeUsed::Parallel,
                ))
            }
            Err(parallel::ParError::Solve(e)) => return Err(e),
            // Some move keeps the total or leaves the box: the search handles any order.
            Err(parallel::ParError::NotLayered) => {}
        }
    }
    table_values(game, spec, want, budget)
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
pub const PARALLEL_FROM: usize = 20_000;

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
pub fn table_values_play<G: GameRules>(
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
