//! A box solved within the limits its caller resolved ([`Cap`]), in one call down and back:
//! its plan ([`super::plan`]: the mode that will solve it and what it spends a position), the
//! bounds of its solve at that cost ([`Cap::at`]), its refusal, unless forced, when that
//! mode's tables cannot fit the memory limit or a box held whole holds more positions than the
//! position limit, then its run by that plan ([`super::modes`]) within the caller's budget
//! tightened to the bounds. The plan, the bounds and the budget come back with the answer, so
//! that the caller words a refusal or a stop, and reads the rows within the same budget.

use super::bounds::{Bounds, Cap};
use super::modes::{run, Listed};
use super::plan::{plan_for, BoxPlan};
use super::table::BoxSpec;
use super::values::Want;
use super::{Budget, GameRules, Play, SolveError};
use crate::moves::{Generator, MoveError};

/// Why a box planned within its cap has no values.
#[derive(Debug)]
pub enum BoxStop {
    /// Refused: the mode's tables need more bytes than the memory limit.
    Memory,
    /// Refused: the box, held whole, holds more positions than the position limit.
    Positions,
    /// The solve failed or was stopped.
    Solve(SolveError<MoveError>),
}

/// A box planned within its cap, and refused or run.
pub struct BoxRun {
    /// The mode that solves it and what it spends a position.
    pub plan: BoxPlan,
    /// The bounds of its solve at that cost.
    pub bounds: Bounds,
    /// The caller's budget tightened to the bounds: the budget of the solve.
    pub budget: Budget,
    /// Its values, or why it has none.
    pub outcome: Result<Listed, BoxStop>,
}

/// The box `spec`'s values `want` in `play` (`listed`: read position by position, not held
/// whole), planned within `cap`, refused as data unless forced, else solved through `rules`
/// (the game's moves, or a wrapper of them that counts its progress) within `hooks` (the
/// caller's budget: Ctrl-C, progress, the deadline; its own limits kept where tighter)
/// tightened to the plan's bounds.
pub(crate) fn solve_box_within<G: GameRules<Error = MoveError>>(
    game: &Generator,
    rules: &G,
    spec: &BoxSpec,
    want: Want,
    (play, listed): (Play, bool),
    cap: &Cap,
    hooks: &Budget,
) -> BoxRun {
    let plan = plan_for(game, spec, want, (play, listed));
    let bytes = plan.bytes(spec.len());
    let bounds = cap.at(plan.bits_per_position);
    let budget = bounds.tighten(hooks);
    let memory = bounds.max_memory.as_ref().map(|(m, _)| u128::from(*m));
    let refused = if cap.force {
        None
    } else if memory.is_some_and(|m| bytes > m) {
        Some(BoxStop::Memory)
    } else if !listed && spec.len() > bounds.max_positions {
        Some(BoxStop::Positions)
    } else {
        None
    };
    let outcome = match refused {
        Some(stop) => Err(stop),
        None => {
            if let Some(cell) = &budget.planned {
                cell.store(spec.len(), std::sync::atomic::Ordering::Relaxed);
            }
            let how = (play, listed);
            run(&plan, game, rules, spec, want, &budget, how).map_err(BoxStop::Solve)
        }
    };
    BoxRun {
        plan,
        bounds,
        budget,
        outcome,
    }
}
