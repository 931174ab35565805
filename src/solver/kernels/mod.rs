//! Compiled kernels for whole boxes: a ruleset whose every move clause, with its parameters
//! bound, matches a kernel family is solved without the interpreter, on the solver's own
//! table, with no follower built, sorted or ranked. [`solve_box_kernel`] answers `None` when
//! no kernel matches, and the caller ([`super::modes::solve_box`]) falls back to its other modes.
//!
//! - `cube`: the ordered cube of the box (`compile.rs` matches the moves, `amounts.rs` cuts
//!   amount sets into points, rays and cones, `guard.rs` compiles guards, `layout.rs` turns
//!   them into queries at fixed offsets, `fill.rs` fills the cube, `output.rs` reads the box
//!   out of it by rank; `cube_retro.rs`: P/N of a multiset shape whose moves are finitely many
//!   amount vectors, by retrograde marking over the sorted positions alone).
//! - `multiset`: unordered boxes whose moves delete heaps and split or lower others
//!   (`multiset.rs` matches the moves and fills the table, `multiset_clause.rs` holds the matched
//!   clauses, `multiset_moves.rs` lists followers,
//!   `multiset_retro.rs` marks predecessors for P/N on a fixed count). Asked first.
//! - `compiled-moves` (`compiled.rs`): any box whose every clause the move compiler
//!   ([`crate::moves::compiled`]) takes, filled in rank order with the compiled clauses
//!   enumerating the followers. Asked last, as the general case.

mod amounts;
mod compile;
mod compiled;
mod compiled_rank;
mod cube;
mod cube_retro;
mod fill;
mod guard;
mod layout;
mod multiset;
mod multiset_clause;
mod multiset_moves;
mod multiset_retro;
mod output;

use super::budget::Budget;
use super::error::SolveError;
use super::table::BoxSpec;
use super::{BoxValues, Want};
use crate::moves::{Generator, MoveError};

/// The box solved by a compiled kernel, or `None` when no kernel matches the ruleset's moves
/// (then nothing was stored, and the caller solves the box another way).
pub fn solve_box_kernel(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    // The other kernels fill every cell of the box without the generator, which drops the
    // followers a `positions where` excludes; the compiled-moves kernel solves only the
    // positions the rule allows, and reads only those.
    if game.positions.is_some() {
        return compiled::try_solve(game, spec, want, budget);
    }
    if let Some(r) = multiset::try_solve(game, spec, want, budget) {
        return Some(r);
    }
    if let Some(r) = cube::try_solve(game, spec, want, budget) {
        return Some(r);
    }
    compiled::try_solve(game, spec, want, budget)
}

/// The name of the kernel [`solve_box_kernel`] would use for the ruleset on this box, without
/// solving it (`None`: the interpreter's modes).
pub fn kernel_for(game: &Generator, spec: &BoxSpec) -> Option<&'static str> {
    if game.positions.is_some() {
        return compiled::matches(game, spec).then_some(compiled::NAME);
    }
    if multiset::matches(game, spec) {
        return Some(multiset::NAME);
    }
    if cube::matches(game, spec) {
        return Some(cube::NAME);
    }
    compiled::matches(game, spec).then_some(compiled::NAME)
}
