//! Why a position has its value, for the page: one position solved as the command line's
//! `heapgame eval` solves it (`query::eval`), every follower with its value and the `move` clause that reaches it,
//! and for a disjunctive sum the value of each heap (the position's value is their XOR).

use std::collections::HashMap;

use heapgame::moves::{Followers, Generator, Scratch};
use heapgame::query::{eval, Answer as QueryAnswer, EvalError, Limits, Route, Want};
use heapgame::ruleset::diag::LoadError;
use heapgame::solver::loopy::LoopySolution;
use heapgame::solver::sum::SumOracle;
use heapgame::solver::{Budget, Play, SolveError, Solver};
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

/// The solver of `watched`, answering a disjunctive sum by its single-heap values as
/// `Game::solver` does on the command line.
/// In misère play the search alone answers (sums do not add by XOR there).
pub fn solver<'a, 'g>(watched: &'a Watched<'g>, play: Play) -> Solver<'a, Watched<'g>> {
    let s = Solver::new(watched).with_play(play);
    if play == Play::Misere {
        return s;
    }
    match SumOracle::new(watched.gen) {
        Some(o) => s.with_sum(o),
        None => s,
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
    let mut s = solver(watched, game.play());
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

/// For each follower of `pos` among `wanted`, the first `move` clause (in source order) that
/// reaches it, as an index into the generator's moves.
pub fn clauses(gen: &Generator, pos: &[u32], wanted: &[Vec<u32>]) -> HashMap<Vec<u32>, usize> {
    let mut found: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut scratch = Scratch::default();
    let mut out = Followers::new();
    for i in 0..gen.moves.len() {
        if found.len() == wanted.len() {
            break;
        }
        let one = gen.clause(i);
        if one.followers(pos, &mut scratch, &mut out).is_err() {
            continue;
        }
        for f in out.to_sorted_vecs() {
            found.entry(f).or_insert(i);
        }
    }
    found.retain(|f, _| wanted.binary_search(f).is_ok());
    found
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

/// The value of each heap of `pos` alone, for a disjunctive sum (the position's value is
/// their XOR); `None` for any other game or when a value is out of reach.
pub fn heap_values(watched: &Watched<'_>, pos: &[u32], budget: &Budget) -> Option<Vec<u32>> {
    let mut oracle = SumOracle::new(watched.gen)?;
    let mut scratch = Scratch::default();
    let mut out = Followers::new();
    pos.iter()
        .map(|&h| {
            oracle
                .value(watched, &mut scratch, &mut out, budget, h)
                .ok()
                .flatten()
        })
        .collect()
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
