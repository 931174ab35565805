//! Compiled kernels for whole boxes: a ruleset whose every move clause, with its parameters
//! bound, matches a kernel family is solved without the interpreter, on the solver's own
//! table, with no follower built, sorted or ranked. The kernels are one registered list
//! (`KERNELS`), tried in one order by [`solve_box_kernel`] and named by [`kernel_for`];
//! [`solve_box_kernel`] answers `None` when no kernel matches, and the caller
//! ([`super::modes`]) falls back to its other modes.
//!
//! - `cube`: the ordered cube of the box (`compile.rs` matches the moves, `amounts.rs` cuts
//!   amount sets into points, rays and cones, `guard.rs` compiles guards, `layout.rs` turns
//!   them into queries at fixed offsets, `fill.rs` fills the cube, `fill_p.rs` its P/N sparsely for two heaps with a Nim move, `output.rs` reads the box
//!   out of it by rank; `cube_retro.rs`: P/N of a multiset shape whose moves are finitely many
//!   amount vectors, by retrograde marking over the sorted positions alone).
//! - `kept-heap` (`kept_heap.rs`): boxes of `heaps n` whose every move keeps one heap (a
//!   condition on it alone), deletes the others and splits it, filled from the value sets of
//!   single heaps (`kept_heap_match.rs` matches the clauses, `kept_heap_sets.rs` holds the
//!   sets). Asked first. A caller that reads a box cell by cell (`check`) may hold it as
//!   its sets alone, no table (`kept_heap_cells.rs`, [`solve_box_cells`]).
//! - `multiset`: unordered boxes whose moves delete heaps and split or lower others
//!   (`multiset.rs` matches the moves and fills the table, `multiset_clause.rs` holds the matched
//!   clauses, `multiset_moves.rs` lists followers,
//!   `multiset_retro.rs` marks predecessors for P/N on a fixed count).
//! - `rays` (`rays.rs`, `rays_match.rs`, `rays_form.rs`): P/N of two heaps whose moves are
//!   runs along lines
//!   (a multiple of the other heap, Euclid's game; linear amounts clamped by `min`/`max`,
//!   two-row Chomp), one look a run at a bit a cell that says whether the line has a
//!   P-position so far.
//! - `compiled-moves` (`compiled.rs`): any box whose every clause the move compiler
//!   ([`crate::moves::compiled`]) takes, filled in rank order with the compiled clauses
//!   enumerating the followers (`compiled_rank.rs` ranks the followers of a sorted box,
//!   `compiled_order.rs` steps the fill's tuples, `chain.rs` is the box of the tuples that a
//!   rule ordering every named heap allows). Asked last, as the general case.

mod amounts;
mod chain;
mod compile;
mod compiled;
mod compiled_here;
mod compiled_order;
mod compiled_rank;
mod cube;
mod cube_retro;
mod fill;
mod fill_p;
mod guard;
mod kept_heap;
mod kept_heap_cells;
mod kept_heap_match;
mod kept_heap_sets;
mod layout;
mod multiset;
mod multiset_clause;
mod multiset_moves;
mod multiset_retro;
mod output;
mod rays;
mod rays_form;
mod rays_match;

use super::budget::Budget;
use super::error::SolveError;
use super::table::BoxSpec;
use super::{BoxValues, Want};
use crate::moves::{Generator, MoveError};
pub use kept_heap_cells::KeptCells;

/// A compiled kernel as the list [`KERNELS`] registers it.
struct Kernel {
    /// Its name, as `solve` and `eval` report it.
    name: &'static str,
    /// Whether it takes a ruleset with a `positions where` rule (the others fill every cell
    /// of the box without the generator, which drops the followers the rule excludes).
    takes_rule: bool,
    /// Whether it gives Grundy values (else outcomes only: a box asked for values is left
    /// to the next kernel of the list).
    grundy: bool,
    /// Whether it takes the ruleset on this box, without solving it.
    matches: fn(&Generator, &BoxSpec) -> bool,
    /// The box solved, or `None` when it does not take the ruleset (nothing stored).
    solve: Solve,
}

/// A kernel's solve of a box.
type Solve =
    fn(&Generator, &BoxSpec, Want, &Budget) -> Option<Result<BoxValues, SolveError<MoveError>>>;

/// The kernels, in the one order they are tried: the kept-heap kernel, the multiset kernel,
/// the cube, the rays, then the compiled-moves kernel as the general case.
const KERNELS: [Kernel; 5] = [
    Kernel {
        name: kept_heap::NAME,
        takes_rule: false,
        grundy: true,
        matches: kept_heap::matches,
        solve: kept_heap::try_solve,
    },
    Kernel {
        name: multiset::NAME,
        takes_rule: false,
        grundy: true,
        matches: multiset::matches,
        solve: multiset::try_solve,
    },
    Kernel {
        name: cube::NAME,
        takes_rule: false,
        grundy: true,
        matches: cube::matches,
        solve: cube::try_solve,
    },
    Kernel {
        name: rays::NAME,
        takes_rule: true,
        grundy: false,
        matches: rays::matches,
        solve: rays::try_solve,
    },
    Kernel {
        name: compiled::NAME,
        takes_rule: true,
        grundy: true,
        matches: compiled::matches,
        solve: compiled::try_solve,
    },
];

/// The kernels that may take the ruleset's moves, in order.
fn candidates(game: &Generator) -> impl Iterator<Item = &'static Kernel> {
    let ruled = game.positions.is_some();
    KERNELS.iter().filter(move |k| k.takes_rule || !ruled)
}

/// The box solved by the first kernel of [`KERNELS`] that takes the ruleset's moves, or
/// `None` when none does (then nothing was stored, and the caller solves the box another
/// way).
pub fn solve_box_kernel(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    candidates(game).find_map(|k| (k.solve)(game, spec, want, budget))
}

/// The name of the kernel [`solve_box_kernel`] would use for the ruleset on this box, without
/// solving it (`None`: the interpreter's modes).
pub fn kernel_for(game: &Generator, spec: &BoxSpec) -> Option<&'static str> {
    candidates(game)
        .find(|k| (k.matches)(game, spec))
        .map(|k| k.name)
}

/// The name of the kernel [`solve_box_kernel`] would use for the values `want` of the box:
/// [`kernel_for`] past the kernels that give outcomes only, when Grundy values are asked.
pub fn kernel_for_want(game: &Generator, spec: &BoxSpec, want: Want) -> Option<&'static str> {
    candidates(game)
        .filter(|k| k.grundy || want == Want::Outcome)
        .find(|k| (k.matches)(game, spec))
        .map(|k| k.name)
}

/// The box solved by the kernel named `name` alone, whether or not an earlier kernel of
/// [`KERNELS`] would take the ruleset (`None`: that kernel does not take it, or no kernel has
/// that name): for checking each kernel against the generic search on the rulesets another
/// kernel takes first.
pub fn solve_box_named(
    name: &str,
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    let ruled = game.positions.is_some();
    let k = KERNELS.iter().find(|k| k.name == name)?;
    (k.takes_rule || !ruled).then(|| (k.solve)(game, spec, want, budget))?
}

/// The box held compactly, where the kernel that solves it answers any cell from less than
/// a table over the box: the kept-heap kernel's sets `V(h)`, a word or so per heap size
/// ([`KeptCells`]). `None` when another kernel (or none) would solve the box for `want`
/// ([`kernel_for_want`]): the caller solves it as a table. (A kept-heap game deletes heaps,
/// so it is never a sum, which the modes would ask first.) `known`: the cells of a smaller box
/// of the same game, whose sets are reused.
pub fn solve_box_cells(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    known: Option<&KeptCells>,
) -> Option<Result<KeptCells, SolveError<MoveError>>> {
    if kernel_for_want(game, spec, want) != Some(kept_heap::NAME) {
        return None;
    }
    kept_heap::try_cells(game, spec, budget, known)
}
