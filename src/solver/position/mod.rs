//! One position answered by the one route, in one call from plain data that the caller
//! decided beforehand ([`PositionPlan`]: the budget, the kernel's box in reach, whether the
//! misère quotient may be tried, the search's refusal): through the compiled kernel on the
//! position's box when there is one ([`super::one`]), else the memoized search (refused,
//! unless the solver holds the answer already, when the caller proved it past its limit); a
//! misère sum of heaps that the search does not settle within [`SEARCH_FIRST`] positions by
//! its misère quotient (unless the followers' values are asked for, which the quotient does
//! not give); a loop in normal play by Smith's values over the region the position reaches;
//! in misère play, Conway's genus when asked. The query floor (`query::eval`) decides the plan
//! and renders nothing: every front end takes this route.

mod data;
mod kernel;
mod search;

pub use data::{Answer, Evaluation, PositionError, PositionPlan, Route, Want};
pub use kernel::{through_kernel, BoxAnswer};
pub use search::{QUOTIENT_MAX, SEARCH_FIRST};

use crate::moves::MoveError;
use crate::solver::genus::{genus, GenusError};
use crate::solver::{GameRules, Play, Solver};
use kernel::through_box;
use search::{search, Found};

/// Answers the position of `plan` by the route of the module doc. `solver` is the caller's
/// search over the plan's moves (or a wrapper of them that counts its progress); its memo is
/// kept, so a session asks faster the second time. Its budget is set to the plan's.
///
/// `evaluate` and the route's steps are inlined into each caller, so that the caller's `want`
/// is a constant there: the misère quotient and the genus, which only a `want` without the
/// followers or with the genus reaches, are then left out of a program that never asks for
/// them (the playground's WebAssembly: about 40 KB of code).
#[inline(always)]
pub fn evaluate<R, G: GameRules<Error = MoveError>>(
    mut plan: PositionPlan<'_, R>,
    solver: &mut Solver<'_, G>,
    want: Want,
) -> Result<Answer, PositionError<R>> {
    let kernel = match &plan.kernel {
        Some(b) => through_box(plan.gen, plan.pos, b).transpose()?,
        None => None,
    };
    let mut e = match kernel {
        Some(a) => Evaluation {
            is_p: a.is_p,
            grundy: a.grundy,
            wins: a.wins,
            followers: (want.followers && a.grundy.is_some()).then_some(a.followers),
            genus: None,
            route: match a.grundy {
                Some(_) => Route::Kernel(a.kernel),
                None => Route::KernelOutcome(a.kernel),
            },
            stored: 0,
        },
        None => match search(&mut plan, solver, want)? {
            Found::Values(e) => e,
            Found::Loopy(sol) => return Ok(Answer::Loopy(sol)),
        },
    };
    // The genus as written (`0^120`), or "not settled".
    if want.genus && plan.play == Play::Misere && e.grundy.is_some() {
        e.genus = Some(match genus(plan.gen, plan.pos, &plan.budget) {
            Ok(g) => g.to_string(),
            Err(GenusError::Solve(error)) => return Err(error.into()),
            Err(GenusError::Unsettled) => "not settled".to_string(),
        });
    }
    Ok(Answer::Values(e))
}
