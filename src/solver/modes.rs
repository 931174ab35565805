//! Solving a whole box at once: picks the fastest mode that is sound for the ruleset and
//! returns a [`BoxValues`] table (Grundy values, or outcomes) indexed by [`BoxSpec`] rank.

use super::budget::Budget;
use super::error::{Outcome, SolveError};
use super::kernels;
use super::memo;
#[cfg(feature = "parallel")]
use super::parallel;
use super::search::Solver;
use super::sum;
use super::table::BoxSpec;
use super::GameRules;
use crate::moves::{Generator, MoveError};

/// What to compute for every position of a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// P or N only (a solver may stop at the first P-follower).
    Outcome,
    /// Grundy values.
    Grundy,
}

/// Which mode solved a box (reported by `solve` and the benchmarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeUsed {
    /// The generic memoized search, position by position.
    Generic,
    /// The memoized search with a dense table over the box.
    Table,
    /// A disjunctive sum: the XOR of single-heap Grundy values.
    Sum,
    /// The table filled layer by layer (by total tokens) on several threads.
    Parallel,
}

/// The values of every position of a box.
#[derive(Clone, Debug)]
pub struct BoxValues {
    /// The box.
    pub spec: BoxSpec,
    /// What was computed.
    pub want: Want,
    /// By rank: the Grundy value, or for outcomes 0 for P and 1 for N.
    pub values: Vec<u32>,
    /// The mode used.
    pub mode: ModeUsed,
}

impl BoxValues {
    /// The Grundy value of a canonical position in the box (`None` outside it or in P/N mode).
    pub fn grundy(&self, pos: &[u32]) -> Option<u32> {
        if self.want != Want::Grundy {
            return None;
        }
        self.spec.rank(pos).map(|r| self.values[r])
    }

    /// The outcome of a canonical position in the box.
    pub fn outcome(&self, pos: &[u32]) -> Option<Outcome> {
        self.spec.rank(pos).map(|r| {
            if self.values[r] == 0 {
                Outcome::P
            } else {
                Outcome::N
            }
        })
    }
}

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
                return Ok(BoxValues {
                    spec: spec.clone(),
                    want,
                    values,
                    mode: ModeUsed::Parallel,
                })
            }
            Err(parallel::ParError::Solve(e)) => return Err(e),
            // Some move keeps the total or leaves the box: the search handles any order.
            Err(parallel::ParError::NotLayered) => {}
        }
    }
    table_values(game, spec, want, budget)
}

/// Boxes smaller than this are solved on one thread (threads cost more than they save).
pub const PARALLEL_FROM: usize = 20_000;

/// The box from the single-heap Grundy values of a sum: the XOR over the heaps.
fn sum_values(spec: &BoxSpec, want: Want, seq: &[u32]) -> BoxValues {
    let mut pos = Vec::new();
    let values = (0..spec.len())
        .map(|r| {
            spec.unrank(r, &mut pos);
            let g = pos.iter().fold(0, |x, &h| x ^ seq[h as usize]);
            match want {
                Want::Grundy => g,
                Want::Outcome => u32::from(g != 0),
            }
        })
        .collect();
    BoxValues {
        spec: spec.clone(),
        want,
        values,
        mode: ModeUsed::Sum,
    }
}

/// The box by the memoized search with a dense table.
pub fn table_values<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<G::Error>> {
    let mut solver = match want {
        Want::Grundy => Solver::with_box(game, spec.clone()),
        Want::Outcome => Solver::with_box_narrow(game, spec.clone()),
    };
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
    Ok(BoxValues {
        spec: spec.clone(),
        want,
        values,
        mode: ModeUsed::Table,
    })
}
