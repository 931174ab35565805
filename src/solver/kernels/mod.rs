//! Compiled kernels for whole boxes: a ruleset whose every move clause, with its parameters
//! bound, matches a kernel family is solved without the interpreter, on the solver's own
//! table. [`solve_box_kernel`] answers `None` when no kernel matches, and the caller
//! ([`super::modes::solve_box`]) falls back to its other modes.
//!
//! - `multiset`: unordered boxes whose moves delete heaps and split or lower others
//!   (`multiset.rs` matches the moves and fills the table, `multiset_moves.rs` lists followers,
//!   `multiset_retro.rs` marks predecessors for P/N on a fixed count).

mod multiset;
mod multiset_moves;
mod multiset_retro;

use super::budget::Budget;
use super::error::SolveError;
use super::modes::{BoxValues, Want};
use super::table::BoxSpec;
use crate::moves::{Generator, MoveError};

/// The box solved by a compiled kernel, or `None` when no kernel matches the ruleset's moves
/// (then nothing was stored, and the caller solves the box another way).
pub fn solve_box_kernel(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    multiset::try_solve(game, spec, want, budget)
}
