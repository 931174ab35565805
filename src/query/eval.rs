//! One position answered, by the one route every front end takes (the command line's `eval`,
//! the REPL, the playground and the Python package): refused first, unless forced, when its
//! followers alone prove the run cannot finish ([`Limits::refuse_position`]), within the
//! bounds its limits give (one place decides them); then through a compiled kernel on the
//! position's box when one matches, the box fits the memory limit and is not much larger than
//! the search's region ([`Game::through_kernel`]), else the memoized search (refused, unless
//! forced, when the positions it must store are proven more than its position limit,
//! [`Limits::refuse_search`]: the same refusal for the same reason in every front end); a
//! misère sum of heaps that the search
//! does not settle within [`SEARCH_FIRST`] positions by its misère quotient (unless the
//! followers' values are asked for, which the quotient does not give); a loop in normal
//! play by Smith's values over the region the position reaches; in misère play, Conway's genus
//! when asked. The answer is data: the front ends render it (`report::eval` for text and
//! JSON, the page its own way).

use crate::game::{Game, OneAnswer};
use crate::moves::MoveError;
use crate::ruleset::diag::LoadError;
use crate::solver::genus::{genus, GenusError};
use crate::solver::loopy::{solve_loopy, LoopySolution};
use crate::solver::quotient::{compute, heap_options, QuotientError};
use crate::solver::sum::why_not_sum;
use crate::solver::{Budget, GameRules, Play, SolveError, Solver};

use super::limits::{Bounds, Limits, Within};

/// How many positions the search may store for a misère sum of heaps before the misère
/// quotient is tried.
pub(crate) const SEARCH_FIRST: usize = 20_000;

/// The largest heap a misère quotient is computed up to for one position (each heap adds a
/// stage); beyond it, `heapgame quotient`.
pub(crate) const QUOTIENT_MAX: u32 = 300;

/// What a caller wants beside the value and the winning moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Want {
    /// Every follower with its value (the playground lists them).
    pub followers: bool,
    /// Conway's genus, in misère play (the command line and the REPL print it).
    pub genus: bool,
}

/// How an answer was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// A compiled kernel solved the position's box (the kernel's name).
    Kernel(&'static str),
    /// A compiled kernel solved the outcomes of the position's box, and the deadline (`--time`)
    /// came before its Grundy values: the outcome and winning moves, no Grundy value.
    KernelOutcome(&'static str),
    /// The memoized search.
    Search,
    /// The memoized search, since the misère quotient could not be found (why).
    SearchNoQuotient(String),
    /// The misère quotient of heaps `1..=max`, of this order: outcomes and winning moves, no
    /// misère nim value.
    Quotient {
        /// The largest heap of the quotient.
        max: u32,
        /// The quotient's order.
        order: usize,
    },
}

/// A position's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The Grundy value (g^- in misère play); `None` when the misère quotient answered, or
    /// when the deadline stopped a kernel after the outcomes ([`Route::KernelOutcome`]).
    pub grundy: Option<u32>,
    /// Whether the position is a P-position.
    pub is_p: bool,
    /// The winning moves: the followers that are P-positions.
    pub wins: Vec<Vec<u32>>,
    /// Every follower with its value, sorted, without repeats, when asked for (and known:
    /// not through the quotient).
    pub followers: Option<Vec<(Vec<u32>, u32)>>,
    /// The genus as written (`0^120`, or `not settled`), in misère play when asked for.
    pub genus: Option<String>,
    /// How the answer was found.
    pub route: Route,
    /// The positions the search stored (0 through a kernel or the quotient).
    pub stored: usize,
}

/// The answer about one position.
#[derive(Debug)]
pub enum Answer {
    /// The position's values.
    Values(Evaluation),
    /// A loopy game in normal play: Smith's values over the region the position reaches.
    Loopy(LoopySolution),
}

/// Why a position has no answer.
#[derive(Debug)]
pub enum EvalError {
    /// Refused before its solve, unless forced: its followers alone prove the run cannot
    /// finish ([`Limits::refuse_position`]), or the region the search must store is proven
    /// larger than its position limit ([`Limits::refuse_search`]).
    Refused(LoadError),
    /// The solve failed or was stopped (a limit, the deadline, Ctrl-C, a move's error) within
    /// `bounds`, which say what set the limit it hit.
    Solve {
        /// The failure.
        error: SolveError<MoveError>,
        /// The bounds of the solve.
        bounds: Bounds,
    },
}

/// Answers the canonical position `pos` of `game` in one call, on a solver of its own: the
/// one-shot question of the command line's `eval` (see [`eval`]).
pub fn answer(
    game: &Game,
    pos: &[u32],
    limits: &Limits,
    hooks: &Budget,
    want: Want,
) -> Result<Answer, EvalError> {
    let mut solver = game.solver();
    eval(game, &mut solver, pos, limits, hooks, want)
}

/// Answers the canonical position `pos` of `game`, by the route in the module doc: refused,
/// unless forced, when its followers alone prove the run cannot finish; else solved within
/// `hooks` (the caller's budget: Ctrl-C, progress, the deadline) tightened to the bounds
/// `limits` give a solve of its heaps ([`Limits::for_position`]), which come back with a
/// failure. `solver` is the
/// caller's search over `game`'s moves (or a wrapper of them that counts its progress); its memo is kept, so a
/// session asks faster the second time. Its budget is set to the solve's.
///
/// `eval`, `route` and `search` are inlined into each caller, so that the caller's `want`
/// is a constant there: the misère quotient and the genus, which only a `want` without the
/// followers or with the genus reaches, are then left out of a program that never asks for
/// them (the playground's WebAssembly: about 40 KB of code).
#[inline(always)]
pub fn eval<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    limits: &Limits,
    hooks: &Budget,
    want: Want,
) -> Result<Answer, EvalError> {
    let within = limits.position(game, pos, hooks);
    let Within {
        bounds,
        budget,
        box_budget,
    } = within.map_err(EvalError::Refused)?;
    let solve = |error| EvalError::Solve {
        error,
        bounds: bounds.clone(),
    };
    let kernel = game.through_kernel(pos, &box_budget);
    let kernel = match kernel {
        Some(a) => Some(a.map_err(solve)?),
        // The search, the other route: refused when its region is proven past its limit,
        // unless the solver holds the answer already (a session's earlier question).
        None => match limits.refuse_search(game, pos, (&bounds, &budget)) {
            Err(e) if !known(solver, pos) => return Err(EvalError::Refused(e)),
            _ => None,
        },
    };
    route(game, solver, pos, kernel, &budget, want).map_err(solve)
}

/// Whether `solver` holds the value of `pos` already: asked with no room to store anything,
/// a search that has to start fails at once, storing nothing.
fn known<G: GameRules<Error = MoveError>>(solver: &mut Solver<'_, G>, pos: &[u32]) -> bool {
    solver.set_budget(Budget::with_limit(Some(0)));
    solver.grundy(pos).is_ok()
}

/// The route of the module doc, within `budget`: the kernel's answer when it gave one, else
/// the search (inlined: see [`eval`]).
#[inline(always)]
fn route<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    kernel: Option<OneAnswer>,
    budget: &Budget,
    want: Want,
) -> Result<Answer, SolveError<MoveError>> {
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
        None => match search(game, solver, pos, budget, want)? {
            Found::Values(e) => e,
            Found::Loopy(sol) => return Ok(Answer::Loopy(sol)),
        },
    };
    if want.genus && game.play() == Play::Misere && e.grundy.is_some() {
        e.genus = Some(genus_text(game, pos, budget)?);
    }
    Ok(Answer::Values(e))
}

/// What the search found.
enum Found {
    Values(Evaluation),
    Loopy(LoopySolution),
}

/// The memoized search's answer. A misère sum of heaps: the search first, within
/// [`SEARCH_FIRST`] positions; past it the misère quotient, else the search with the whole
/// budget. A loop in normal play: Smith's values (inlined: see [`eval`]).
#[inline(always)]
fn search<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    budget: &Budget,
    want: Want,
) -> Result<Found, SolveError<MoveError>> {
    let misere = game.play() == Play::Misere;
    // The quotient gives outcomes, not values: not where the followers' values are asked for.
    let quotient =
        misere && !want.followers && pos.len() > 1 && why_not_sum(game.generator()).is_none();
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
        Err(SolveError::Limit { .. }) if quotient => match by_quotient(game, pos, budget)? {
            Ok(e) => return Ok(Found::Values(e)),
            Err(why) => {
                route = Route::SearchNoQuotient(why);
                solver.set_budget(budget.clone());
                solver.grundy(pos)?
            }
        },
        Err(SolveError::Cycle(_)) if !misere => {
            return Ok(Found::Loopy(solve_loopy(game.generator(), pos, budget)?));
        }
        Err(e) => return Err(e),
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
    game: &Game,
    pos: &[u32],
    budget: &Budget,
) -> Result<Result<Evaluation, String>, SolveError<MoveError>> {
    let max = pos.iter().copied().max().unwrap_or(0);
    if max > QUOTIENT_MAX {
        return Ok(Err(format!(
            "no misère quotient: heaps beyond {QUOTIENT_MAX} are left to `heapgame quotient`"
        )));
    }
    let computed =
        heap_options(game.generator(), max, budget).and_then(|options| compute(&options, budget));
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
    let followers = game.followers(pos).map_err(SolveError::Game)?;
    let wins: Vec<Vec<u32>> = followers
        .into_iter()
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

/// The genus of `pos` as written (`0^120`), or "not settled".
fn genus_text(game: &Game, pos: &[u32], budget: &Budget) -> Result<String, SolveError<MoveError>> {
    match genus(game.generator(), pos, budget) {
        Ok(g) => Ok(g.to_string()),
        Err(GenusError::Solve(e)) => Err(e),
        Err(GenusError::Unsettled) => Ok("not settled".to_string()),
    }
}
