//! A whole box by the memoized search over a dense table ([`super::search::Solver::with_box`]):
//! every position of the box solved in rank order, then its values read out by rank. The mode
//! the others fall back to (`modes.rs`): a kernel that declines, moves that keep the total,
//! misère play.

use super::error::SolveError;
use super::memo;
use super::search::Solver;
use super::table::BoxSpec;
use super::values::{BoxValues, ModeUsed, Want};
use super::{Budget, GameRules};
use crate::ruleset::play::Play;

/// The values of the box by rank in `play`, by the search through `game` (the game's moves,
/// or a wrapper of them that counts the positions expanded): Grundy values (g^- in misère
/// play), or for outcomes 0 for a P-position and 1 for an N-position.
pub(crate) fn values<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    play: Play,
) -> Result<Vec<u32>, SolveError<G::Error>> {
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
    Ok((0..spec.len())
        .map(|r| {
            spec.unrank(r, &mut pos);
            let e = solver.dense_entry(r, &pos);
            match want {
                // Every position of the box was solved just above.
                Want::Grundy => e.saturating_sub(memo::GRUNDY),
                Want::Outcome => u32::from(e == memo::IS_N || e > memo::GRUNDY),
            }
        })
        .collect())
}

/// The box by the memoized search with a dense table, in normal play.
pub fn table_values<G: GameRules>(
    game: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<G::Error>> {
    let values = values(game, spec, want, budget, Play::Normal)?;
    Ok(BoxValues::from_values(
        spec.clone(),
        want,
        values,
        ModeUsed::Table,
    ))
}
