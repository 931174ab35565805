//! Compiled kernels for whole boxes: a ruleset whose every move clause, with its parameters
//! bound, matches a kernel family is solved without the interpreter, on the solver's own
//! table, with no follower built, sorted or ranked. The kernels are one registered list
//! (`KERNELS`), tried in one order in one place, [`choose`]: a box's plan
//! ([`super::plan`]) carries the kernel it picks, and the run ([`super::modes`]) calls that
//! kernel's [`Kernel::solve`]. A kernel that matches gives the box, or declines only at run
//! time (an expression that fails to evaluate on a cell, a table grown too large), and the
//! plan's fallback, the search, solves it (`tests/kernels_plan.rs` checks the first).
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

/// A compiled kernel as the list [`KERNELS`] registers it: the plan of a box carries the one
/// [`choose`] picked (`solver::plan::Choice::Kernel`), and the run calls its own solve
/// function, without asking the list again.
pub struct Kernel {
    /// Its name, as `solve` and `eval` report it.
    name: &'static str,
    /// Whether it takes a ruleset with a `positions where` rule (the others fill every cell
    /// of the box without the generator, which drops the followers the rule excludes).
    takes_rule: bool,
    /// Whether it takes the ruleset on this box for the values `want`, without solving it:
    /// when it does, its `solve` gives the box, or declines only at run time (see
    /// [`Kernel::solve`]).
    matches: fn(&Generator, &BoxSpec, Want) -> bool,
    /// The box solved, or `None` when it does not take the ruleset (nothing stored), or
    /// declines at run time (see [`Kernel::solve`]): what a box's plan runs, called directly.
    pub(in crate::solver) solve_box: Solve,
}

/// A kernel's solve of a box.
type Solve =
    fn(&Generator, &BoxSpec, Want, &Budget) -> Option<Result<BoxValues, SolveError<MoveError>>>;

/// The kernels, in the one order they are tried: the kept-heap kernel, the multiset kernel,
/// the cube, the rays (outcomes only), then the compiled-moves kernel as the general case.
const KERNELS: [Kernel; 5] = [
    Kernel {
        name: kept_heap::NAME,
        takes_rule: false,
        matches: kept_heap::matches,
        solve_box: kept_heap::try_solve,
    },
    Kernel {
        name: multiset::NAME,
        takes_rule: false,
        matches: multiset::matches,
        solve_box: multiset::try_solve,
    },
    Kernel {
        name: cube::NAME,
        takes_rule: false,
        matches: cube::matches,
        solve_box: cube::try_solve,
    },
    Kernel {
        name: rays::NAME,
        takes_rule: true,
        matches: rays::matches,
        solve_box: rays::try_solve,
    },
    Kernel {
        name: compiled::NAME,
        takes_rule: true,
        matches: compiled::matches,
        solve_box: compiled::try_solve,
    },
];

impl Kernel {
    /// Its name, as `solve` and `eval` report it.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Whether it takes the ruleset's moves (and its `positions where` rule) on this box for
    /// the values `want`, whether or not an earlier kernel of the list takes them first.
    pub fn takes(&self, game: &Generator, spec: &BoxSpec, want: Want) -> bool {
        (self.takes_rule || game.positions.is_none()) && (self.matches)(game, spec, want)
    }

    /// The box solved by this kernel. A box of more positions than the budget's position
    /// limit stops at once, as the search would at the limit (every kernel holds the whole
    /// box). `None` when the kernel does not take the ruleset on the box ([`choose`] rules
    /// that out), or when it declines at run time: an expression (a guard, a condition, a
    /// compiled clause's amount) fails to evaluate on some cell, or a table of the fill
    /// grows past what it holds. Nothing is stored then, and the caller's plan names the
    /// mode that solves the box instead.
    pub fn solve(
        &self,
        game: &Generator,
        spec: &BoxSpec,
        want: Want,
        budget: &Budget,
    ) -> Option<Result<BoxValues, SolveError<MoveError>>> {
        if !self.takes_rule && game.positions.is_some() {
            return None;
        }
        (self.solve_box)(game, spec, want, budget)
    }
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kernel({})", self.name)
    }
}

impl PartialEq for Kernel {
    fn eq(&self, other: &Kernel) -> bool {
        self.name == other.name
    }
}

impl Eq for Kernel {}

/// The kernel that solves the box for the values `want`: the first of [`KERNELS`], in their
/// one order, that takes the ruleset's moves on it (`None`: the interpreter's modes). The one
/// place the list is tried: the plan of a box carries the kernel this returns.
pub fn choose(game: &Generator, spec: &BoxSpec, want: Want) -> Option<&'static Kernel> {
    KERNELS.iter().find(|k| k.takes(game, spec, want))
}

/// The name of the kernel that takes the ruleset on this box for outcomes, the values every
/// kernel gives ([`choose`]'s, `None`: the interpreter's modes). For callers outside the
/// solver's plans (the tests); a plan carries the [`Kernel`] itself.
pub fn kernel_for(game: &Generator, spec: &BoxSpec) -> Option<&'static str> {
    choose(game, spec, Want::Outcome).map(Kernel::name)
}

/// The box solved by the kernel [`choose`] picks for `want`, or `None` when none takes it or
/// that kernel declines at run time ([`Kernel::solve`]); then nothing was stored, and the
/// caller solves the box another way. For callers outside the solver's plans (the tests),
/// which call the kernel a plan carries directly.
pub fn solve_box_kernel(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    choose(game, spec, want)?.solve(game, spec, want, budget)
}

/// The kernel named `name`, whether or not an earlier kernel of [`KERNELS`] would take a
/// ruleset: for checking each kernel against the generic search on the rulesets another
/// kernel takes first.
pub fn named(name: &str) -> Option<&'static Kernel> {
    KERNELS.iter().find(|k| k.name == name)
}

/// Every registered kernel, in the order [`choose`] tries them.
pub fn all() -> impl Iterator<Item = &'static Kernel> {
    KERNELS.iter()
}

/// The box solved by the kernel named `name` alone ([`named`]; `None`: no kernel has that
/// name, or it does not take the ruleset, or declines).
pub fn solve_box_named(
    name: &str,
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    named(name)?.solve(game, spec, want, budget)
}

/// The box held compactly, where the kernel that solves it answers any cell from less than
/// a table over the box: the kept-heap kernel's sets `V(h)`, a word or so per heap size
/// ([`KeptCells`]). `None` when another kernel (or none) would solve the box for `want`
/// ([`choose`]): the caller solves it as a table. (A kept-heap game deletes heaps,
/// so it is never a sum, which the modes would ask first.) `known`: the cells of a smaller box
/// of the same game, whose sets are reused.
pub fn solve_box_cells(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    known: Option<&KeptCells>,
) -> Option<Result<KeptCells, SolveError<MoveError>>> {
    if choose(game, spec, want).map(Kernel::name) != Some(kept_heap::NAME) {
        return None;
    }
    kept_heap::try_cells(game, spec, budget, known)
}
