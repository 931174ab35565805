//! The search's step of the route: the memoized search, refused unless the solver holds the
//! answer already when the plan proved it past its limit ([`known`]); a misère sum of heaps by
//! its misère quotient when the search does not settle it within [`SEARCH_FIRST`] positions;
//! a loop in normal play by Smith's values over the region the position reaches.

use super::data::{Evaluation, PositionError, PositionPlan, Route, Want};
use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::loopy::{solve_loopy, LoopySolution};
use crate::solver::quotient::{compute, heap_options, QuotientError};
use crate::solver::{GameRules, Play, Solver};

/// How many positions the search may store for a misère sum of heaps before the misère
/// quotient is tried.
pub const SEARCH_FIRST: usize = 20_000;

/// The largest heap a misère quotient is computed up to for one position (each heap adds a
/// stage); beyond it, `heapgame quotient`.
pub const QUOTIENT_MAX: u32 = 300;

/// Whether `solver` holds the value of `pos` already: asked with no room to store anything,
/// a search that has to start fails at once, storing nothing.
fn known<G: GameRules<Error = MoveError>>(solver: &mut Solver<'_, G>, pos: &[u32]) -> bool {
    solver.set_budget(Budget::with_limit(Some(0)));
    solver.grundy(pos).is_ok()
}

/// What the search found.
pub(super) enum Found {
    Values(Evaluation),
    Loopy(LoopySolution),
}

/// The memoized search's answer: the plan's refusal when it has one and the solver does not
/// hold the answer already ([`known`]). A misère sum of heaps whose followers' values are not
/// asked (the plan's `quotient`): the search first, within [`SEARCH_FIRST`] positions; past
/// it the misère quotient, else the search with the whole budget. A loop in normal play:
/// Smith's values (inlined: see [`super::evaluate`]).
#[inline(always)]
pub(super) fn search<R, G: GameRules<Error = MoveError>>(
    plan: &mut PositionPlan<'_, R>,
    solver: &mut Solver<'_, G>,
    want: Want,
) -> Result<Found, PositionError<R>> {
    let (gen, pos) = (plan.gen, plan.pos);
    if let Some(r) = plan.refused.take() {
        if !known(solver, pos) {
            return Err(PositionError::Refused(r));
        }
    }
    let budget = &plan.budget;
    // The quotient gives outcomes, not values: not where the followers' values are asked for.
    let quotient = plan.quotient && !want.followers;
    let mut first = budget.clone();
    if quotient {
        first.max_positions = Some(
            first
                .max_positions
                .map_or(SEARCH_FIRST, |m| m.min(SEARCH_FIRST)),
        );
    }
    solver.set_budget(first);
    let mut route = Route::Search;
    let grundy = match solver.grundy(pos) {
        Ok(g) => g,
        Err(SolveError::Limit { .. }) if quotient => match by_quotient(gen, pos, budget)? {
            Ok(e) => return Ok(Found::Values(e)),
            Err(why) => {
                route = Route::SearchNoQuotient(why);
                solver.set_budget(budget.clone());
                solver.grundy(pos)?
            }
        },
        Err(SolveError::Cycle(_)) if plan.play == Play::Normal => {
            return Ok(Found::Loopy(solve_loopy(gen, pos, budget)?));
        }
        Err(e) => return Err(e.into()),
    };
    solver.set_budget(budget.clone());
    let wins = solver.winning_moves(pos)?;
    let followers = if want.followers {
        let mut all = Vec::new();
        for f in solver.followers(pos)? {
            let g = solver.grundy(&f)?;
            all.push((f, g));
        }
        all.sort();
        all.dedup();
        Some(all)
    } else {
        None
    };
    Ok(Found::Values(Evaluation {
        grundy: Some(grundy),
        is_p: grundy == 0,
        wins,
        followers,
        genus: None,
        route,
        stored: solver.positions_stored(),
    }))
}

/// A misère sum of heaps answered by the misère quotient of heaps up to its largest: the
/// outcome and the winning moves (the followers whose product is in the P-portion).
/// `Ok(Err(why))` when no quotient can be found (the caller then runs the search).
fn by_quotient(
    gen: &Generator,
    pos: &[u32],
    budget: &Budget,
) -> Result<Result<Evaluation, String>, SolveError<MoveError>> {
    let max = pos.iter().copied().max().unwrap_or(0);
    if max > QUOTIENT_MAX {
        return Ok(Err(format!(
            "no misère quotient: heaps beyond {QUOTIENT_MAX} are left to `heapgame quotient`"
        )));
    }
    let computed = heap_options(gen, max, budget).and_then(|options| compute(&options, budget));
    let c = match computed {
        Ok(c) => c,
        Err(QuotientError::Unresolved { heap }) => {
            return Ok(Err(format!(
                "no misère quotient: it could not be settled at heap {heap}"
            )))
        }
        Err(QuotientError::TooLarge { heap, .. }) => {
            return Ok(Err(format!(
                "no misère quotient: its table at heap {heap} does not fit in memory"
            )))
        }
        Err(QuotientError::NotDecreasing { heap }) => {
            return Ok(Err(format!(
                "no misère quotient: a move of heap {heap} leaves a heap as large"
            )))
        }
        Err(QuotientError::Stopped(stop)) => return Err(SolveError::from_stop(stop, 0)),
        Err(QuotientError::Moves(e)) => return Err(SolveError::Game(e)),
    };
    let q = &c.quotient;
    let mut scratch = Scratch::default();
    let mut out = Followers::new();
    gen.followers(pos, &mut scratch, &mut out)
        .map_err(SolveError::Game)?;
    let wins: Vec<Vec<u32>> = (out.to_sorted_vecs().into_iter())
        .filter(|f| q.is_p(f) == Some(true))
        .collect();
    Ok(Ok(Evaluation {
        grundy: None,
        is_p: q.is_p(pos).unwrap_or(false),
        wins,
        followers: None,
        genus: None,
        route: Route::Quotient { max, order: q.size },
        stored: 0,
    }))
}
