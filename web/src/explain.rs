//! Why a position has its value, for the page: one position solved as the command line's
//! `heapgame eval` solves it (`query::eval`, on the game's solver over the page's watched
//! moves, `Game::solver_over`), every follower with its value, and the text of the `move`
//! clause that reaches one (`Game::first_clauses` finds it).

use heapgame::query::{eval, Answer as QueryAnswer, EvalError, Limits, Route, Want};
use heapgame::ruleset::diag::LoadError;
use heapgame::solver::loopy::LoopySolution;
use heapgame::solver::{Budget, SolveError};
use heapgame::Game;

use crate::watched::Watched;

/// A position's value and its followers' values.
pub struct Answer {
    /// The Grundy value.
    pub grundy: u32,
    /// Every follower with its value, sorted.
    pub followers: Vec<(Vec<u32>, u32)>,
    /// The kernel that solved the position's box, or `None` (the search).
    pub kernel: Option<&'static str>,
    /// Positions the search stored (0 through a kernel).
    pub stored: usize,
}

impl Answer {
    /// The followers that are P-positions.
    pub fn wins(&self) -> Vec<Vec<u32>> {
        self.followers
            .iter()
            .filter(|(_, v)| *v == 0)
            .map(|(f, _)| f.clone())
            .collect()
    }
}

/// What one position's solve gave: its values, or for a loopy game in normal play Smith's
/// values over the region it reaches.
pub enum Solved {
    /// The position's value and its followers' values.
    Values(Answer),
    /// The region's values (the search met a cycle in normal play).
    Loopy(LoopySolution),
}

/// Solves `pos` (canonical) as `heapgame eval` does, by the library's one route
/// (`query::eval`: refused when its followers alone prove the run cannot finish, else a
/// kernel on its box, the memoized search, a loop by Smith's values), with every follower's
/// value, within `limits` and `budget` (the page's memory). The box is weighed by its bytes
/// against the budget's memory (the page's), and by the position limit when the user set one
/// (the query floor decides, as for `--max-positions` on the command line).
pub fn solve_one(
    game: &Game,
    watched: &Watched<'_>,
    pos: &[u32],
    (limits, budget): (&Limits, &Budget),
) -> Result<Solved, EvalError> {
    let mut s = game.solver_over(watched);
    let want = Want {
        followers: true,
        genus: false,
    };
    match eval(game, &mut s, pos, limits, budget, want)? {
        QueryAnswer::Loopy(sol) => Ok(Solved::Loopy(sol)),
        QueryAnswer::Values(e) => Ok(Solved::Values(Answer {
            // Asked for the followers, the route gives every value (never the quotient).
            grundy: e.grundy.unwrap_or(u32::from(!e.is_p)),
            followers: e.followers.unwrap_or_default(),
            kernel: match e.route {
                Route::Kernel(k) => Some(k),
                _ => None,
            },
            stored: e.stored,
        })),
    }
}

/// The text of a `move` clause, on one line: `take 1.. from one heap` for
/// `move { take 1.. from one heap }`.
pub fn clause_text(game: &Game, i: usize) -> String {
    let span = game.generator().moves[i].span.clone();
    let text = game.src.inner().get(span).unwrap_or("");
    let body = text.trim();
    let body = body.strip_prefix("move").unwrap_or(body).trim();
    let body = body
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .unwrap_or(body);
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The most positions the loop probe of [`loop_problem`] visits.
const PROBE_POSITIONS: usize = 20_000;

/// A loop in the moves, found while checking: the positions below a small one (every heap 3,
/// or the smallest allowed, and three heaps when any number is allowed) are solved within
/// [`PROBE_POSITIONS`]; a position met again is reported as the command line reports it, at
/// the move clauses that make the loop. `None` when no loop shows there.
pub fn loop_problem(game: &Game) -> Option<LoadError> {
    let shape = game.shape();
    let k = shape.count.unwrap_or(3);
    let heap = u64::from(shape.lower.max(3));
    let pos = game.canonical(&vec![heap; k]).ok()?;
    let mut s = game.solver();
    s.set_budget(Budget::with_limit(Some(PROBE_POSITIONS)));
    match s.grundy(&pos) {
        Err(e @ SolveError::Cycle(_)) => Some(game.solve_diag(&e)),
        _ => None,
    }
}
