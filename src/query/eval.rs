//! One position answered, by the one route every front end takes (the command line's `eval`,
//! the REPL, the playground and the Python package), in one descent and one call: the plan of
//! its solve decided first ([`Limits::position`]: its bounds; refused, unless forced, when its
//! followers alone prove the run cannot finish; a kernel's box in reach; whether the misère
//! quotient may be tried; the search refused, unless forced, when the positions it must store
//! are proven more than its position limit), then the solver's route run on that plan
//! ([`evaluate`]: kernel, search, misère quotient, loopy values, genus), the answer coming back
//! once. The answer is data: the front ends render it (`report::eval` for text and JSON, the
//! page its own way).

use crate::game::Game;
use crate::moves::MoveError;
use crate::ruleset::diag::LoadError;
use crate::solver::position::{evaluate, PositionError};
pub use crate::solver::position::{Answer, Evaluation, Route, Want};
use crate::solver::{Budget, GameRules, SolveError, Solver};

use super::limits::{Bounds, Limits, Within};

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

/// Answers the canonical position `pos` of `game`, by the route in the module doc, within
/// `hooks` (the caller's budget: Ctrl-C, progress, the deadline) tightened to the bounds
/// `limits` give a solve of its heaps ([`Limits::for_position`]), which come back with a
/// failure. `solver` is the caller's search over `game`'s moves (`game.solver()` for a
/// question of its own, or a session's, or a wrapper that counts its progress); its memo is
/// kept, so a session asks faster the second time. Its budget is set to the solve's.
///
/// `eval` is inlined into each caller, as the route is ([`evaluate`]), so that the caller's
/// `want` is a constant there: the misère quotient and the genus, which only a `want` without
/// the followers or with the genus reaches, are then left out of a program that never asks
/// for them (the playground's WebAssembly: about 40 KB of code).
#[inline(always)]
pub fn eval<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    limits: &Limits,
    hooks: &Budget,
    want: Want,
) -> Result<Answer, EvalError> {
    let Within { bounds, plan } = limits
        .position(game, pos, hooks)
        .map_err(EvalError::Refused)?;
    evaluate(plan, solver, want).map_err(|e| match e {
        PositionError::Refused(e) => EvalError::Refused(e),
        PositionError::Solve(error) => EvalError::Solve { error, bounds },
    })
}
