//! A game against heapgame, for the page, answered by the query floor as the REPL's `:play`
//! is (`query::play`): the followers of a position (the moves offered, without solving,
//! refused as `heapgame moves` refuses a listing), the user's move checked, and heapgame's
//! reply (a winning move when it has one, else the move that takes least), by the route of
//! `heapgame eval` (a kernel first, then the search). Answers as in [`crate::api`].

use heapgame::game::show_position;
use heapgame::query::play::{offered, reply as query_reply};
use heapgame::query::{Route, Want};
use heapgame::ruleset::diag::Code;
use heapgame::Game;
use serde_json::{json, Value};

use crate::api::{eval_failure, read, Request, MAX_FOLLOWERS};
use crate::diag::{error_json, problem};
use crate::watched::{Progress, Watched};

/// The user moves from `from` to `to` (both typed); heapgame replies with a winning move when
/// it has one, otherwise with the move that takes least (so that the game lasts).
pub fn play(req: &Request, from: &str, to: &str, report: Progress<'_>) -> Value {
    let r = (|| {
        let game = req.load()?;
        let from = read(&game, from)?;
        let to = read(&game, to)?;
        let followers = game
            .followers(&from)
            .map_err(|e| error_json(&game.move_error(&e)))?;
        if !followers.contains(&to) {
            return Err(problem(
                &game,
                Code::Position,
                format!(
                    "{} is not a move from {}",
                    show_position(&to),
                    show_position(&from)
                ),
                "choose one of the followers listed",
            ));
        }
        reply_from(req, &game, &to, report)
    })();
    r.unwrap_or_else(|e| e)
}

/// The followers of a typed position, without solving anything (the moves offered in play).
pub fn followers(req: &Request, typed: &str) -> Value {
    let r = (|| {
        let game = req.load()?;
        let pos = read(&game, typed)?;
        let context = format!("while listing the followers of {}", show_position(&pos));
        let fs = offered(&game, &pos, &req.limits())
            .map_err(|e| eval_failure(req, &game, &req.budget(), &context, e))?;
        let count = fs.len();
        let listed: Vec<Vec<u32>> = fs.into_iter().take(MAX_FOLLOWERS).collect();
        Ok(
            json!({"ok": true, "position": pos, "shown": show_position(&pos),
                  "followers": listed, "follower_count": count}),
        )
    })();
    r.unwrap_or_else(|e| e)
}

/// heapgame's move from a typed position (for a game where heapgame moves first).
pub fn reply(req: &Request, typed: &str, report: Progress<'_>) -> Value {
    let r = (|| {
        let game = req.load()?;
        let pos = read(&game, typed)?;
        reply_from(req, &game, &pos, report)
    })();
    r.unwrap_or_else(|e| e)
}

/// heapgame's reply from `pos` and the route that judged it (`kernel`: the kernel's name,
/// or `null` for the search).
fn reply_from(
    req: &Request,
    game: &Game,
    pos: &[u32],
    report: Progress<'_>,
) -> Result<Value, Value> {
    let budget = req.budget();
    let watched = Watched::new(game.generator(), report);
    let mut solver = game.solver_over(&watched);
    let context = format!("while solving {}", show_position(pos));
    // The followers wanted, as the page's evaluation wants them: the same route.
    let want = Want {
        followers: true,
        genus: false,
    };
    let r = query_reply(game, &mut solver, pos, (&req.limits(), &budget), want)
        .map_err(|e| eval_failure(req, game, &budget, &context, e))?;
    let kernel = match r.from.route {
        Route::Kernel(k) | Route::KernelOutcome(k) => Some(k),
        _ => None,
    };
    Ok(json!({"ok": true, "at": pos, "reply": r.to, "winning": r.winning, "kernel": kernel}))
}
