//! Solving a whole box at once: picks the fastest mode that is sound for the ruleset and
//! returns a [`BoxValues`] table (Grundy values, or outcomes) indexed by [`BoxSpec`] rank.

use super::budget::Budget;
use super::error::{Outcome, SolveError};
use super::search::Solver;
use super::table::BoxSpec;
use super::memo;
use super::GameRules;

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

/// Solves every position of the box.
pub fn solve_box<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<G::Error>> {
    let mut solver = Solver::with_box(game, spec.clone());
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
    let (_, table) = solver.dense().expect("a solver made with_box has a dense table");
    let values = table
        .iter()
        .map(|&e| match want {
            Want::Grundy => e - memo::GRUNDY,
            Want::Outcome => u32::from(e == memo::IS_N || e > memo::GRUNDY),
        })
        .collect();
    Ok(BoxValues {
        spec: spec.clone(),
        want,
        values,
        mode: ModeUsed::Table,
    })
}
