//! A game against heapgame, answered once for the REPL's `:play` and the playground's game:
//! the moves offered from a position, listed without solving ([`offered`]: refused first,
//! unless forced, when its followers alone are more than can be generated or held, as
//! `heapgame moves` refuses them); a position judged by the one route of [`eval`] (a kernel
//! first, then the search), refused for a loopy game, whose draws give no winning reply to
//! play toward ([`judge`]); and heapgame's reply ([`reply`]): a winning move when it has one,
//! else the move that takes the least, so that the game lasts.

use crate::estimate::{followers_at_least, followers_refusal};
use crate::game::{show_position, Game};
use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::{Budget, GameRules, SolveError, Solver};

use super::eval::{eval, Answer, EvalError, Evaluation, Want};
use super::limits::Limits;

/// heapgame's move from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The position moved to; `None` when there is no move.
    pub to: Option<Vec<u32>>,
    /// Whether it moves to a P-position.
    pub winning: bool,
    /// The position's evaluation (its outcome, winning moves and route).
    pub from: Evaluation,
}

/// Every canonical follower of `pos`, sorted, without solving: refused first, unless
/// `limits` force it, when the followers proven there ([`followers_at_least`]) are more than
/// any run can generate or take more than the memory limit to hold.
pub fn offered(game: &Game, pos: &[u32], limits: &Limits) -> Result<Vec<Vec<u32>>, EvalError> {
    if !limits.force {
        let what = format!("listing the followers of {}", show_position(pos));
        let at_least = followers_at_least(game.generator(), pos);
        let memory = limits.memory();
        let memory = memory.as_ref().map(|(cap, why)| (*cap, why.as_str()));
        if let Some(d) = followers_refusal(&what, at_least, pos.len(), memory) {
            return Err(EvalError::Refused(LoadError::single(game.src.clone(), d)));
        }
    }
    game.followers(pos).map_err(|e| EvalError::Solve {
        error: SolveError::Game(e),
        bounds: limits.for_position(game, pos),
    })
}

/// The outcome and winning moves of `pos`, answered by [`eval`] on `solver` (a kernel first,
/// then the search) within `limits` and `hooks`, with what the front end's own evaluation
/// wants (`want`: the page lists the followers, which leaves the misère quotient out of
/// its program); a loopy game is refused ([`Code::Cycle`]): from a draw there is no winning
/// reply to play toward. Inlined, so that `want` is a constant in each caller ([`eval`]).
#[inline(always)]
pub fn judge<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    (limits, hooks): (&Limits, &Budget),
    want: Want,
) -> Result<Evaluation, EvalError> {
    match eval(game, solver, pos, limits, hooks, want)? {
        Answer::Values(e) => Ok(e),
        Answer::Loopy(_) => Err(EvalError::Refused(loop_in_play(game, pos))),
    }
}

/// heapgame's move from `pos` ([`judge`]d with `want`): to the first winning move when there is one,
/// else to the follower with the most tokens left (the first of them), so that the game
/// lasts; no move when `pos` has no follower.
#[inline(always)]
pub fn reply<G: GameRules<Error = MoveError>>(
    game: &Game,
    solver: &mut Solver<'_, G>,
    pos: &[u32],
    (limits, hooks): (&Limits, &Budget),
    want: Want,
) -> Result<Reply, EvalError> {
    let from = judge(game, solver, pos, (limits, hooks), want)?;
    if let Some(w) = from.wins.first() {
        return Ok(Reply {
            to: Some(w.clone()),
            winning: true,
            from,
        });
    }
    let total = |f: &Vec<u32>| f.iter().map(|&h| u64::from(h)).sum::<u64>();
    let mut best: Option<Vec<u32>> = None;
    for f in offered(game, pos, limits)? {
        if best.as_ref().is_none_or(|b| total(&f) > total(b)) {
            best = Some(f);
        }
    }
    Ok(Reply {
        to: best,
        winning: false,
        from,
    })
}

/// A game against heapgame of a loopy game, refused.
fn loop_in_play(game: &Game, pos: &[u32]) -> LoadError {
    let d = Diag::new(
        Code::Cycle,
        0..0,
        format!(
            "the game can return to a position from {}: a game against heapgame needs rules \
             without loops",
            show_position(pos)
        ),
        "",
    )
    .help("evaluate the position to see its outcome (P, N or D) and the moves that keep a draw");
    LoadError::single(game.src.clone(), d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::Room;

    fn load(src: &str) -> Game {
        Game::from_source("t.game", src, &[]).expect("a valid ruleset")
    }

    fn unbounded() -> Limits {
        Limits::with_room(Room::Unbounded)
    }

    #[test]
    fn replies_win_when_they_can_and_else_take_least() {
        let g = load("ruleset \"Nim\" {\n  heaps 2\n  move { take 1.. from one heap }\n}\n");
        let mut s = g.solver();
        let at = (&unbounded(), &Budget::default());
        // Nim: from (1, 3) the only move to a P-position is to (1, 1).
        let r = reply(&g, &mut s, &[1, 3], at, Want::default()).expect("a reply");
        assert_eq!((r.to, r.winning), (Some(vec![1, 1]), true));
        // (3, 3) is P: no winning move; taking one token leaves the most.
        let r = reply(&g, &mut s, &[3, 3], at, Want::default()).expect("a reply");
        assert_eq!((r.to, r.winning), (Some(vec![2, 3]), false));
        assert!(r.from.is_p);
        let r = reply(&g, &mut s, &[0, 0], at, Want::default()).expect("a reply");
        assert_eq!(r.to, None);
    }

    #[test]
    fn a_loopy_game_is_refused() {
        let g = load(
            "ruleset \"Loop\" {\n  heaps (a)\n  positions where a <= 9\n  \
             move { take {2, 3} from one heap }\n  \
             move { add 2 to one heap h where h mod 4 == 3 }\n}\n",
        );
        let mut s = g.solver();
        match judge(
            &g,
            &mut s,
            &[7],
            (&unbounded(), &Budget::default()),
            Want::default(),
        ) {
            Err(EvalError::Refused(e)) => assert_eq!(e.diags[0].code, Code::Cycle),
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_listing_past_the_memory_limit_is_refused_unless_forced() {
        let g = load("ruleset \"Nim\" {\n  heaps 2\n  move { take 1.. from one heap }\n}\n");
        let mut limits = unbounded();
        limits.max_memory = Some(crate::query::Limit {
            value: 1000,
            why: "a test's".to_string(),
        });
        // (1000, 1000) has 2000 followers (1000 a heap), more than 1000 bytes hold.
        match offered(&g, &[1000, 1000], &limits) {
            Err(EvalError::Refused(e)) => assert_eq!(e.diags[0].code, Code::TooLarge),
            other => panic!("not refused: {other:?}"),
        }
        assert_eq!(
            offered(&g, &[1, 2], &limits).ok(),
            Some(vec![vec![0, 1], vec![0, 2], vec![1, 1]])
        );
        limits.force = true;
        assert_eq!(
            offered(&g, &[1000, 1000], &limits).map(|f| f.len()).ok(),
            Some(1000)
        );
    }
}
