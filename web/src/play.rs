//! A game against heapgame, for the page: the followers of a position (the moves offered,
//! without solving), the user's move checked, and heapgame's reply (a winning move when it
//! has one, else the move that takes least). Answers as in [`crate::api`].

use heapgame::estimate::{followers_at_least, followers_refusal};
use heapgame::game::show_position;
use heapgame::ruleset::diag::{Code, LoadError};
use heapgame::Game;
use serde_json::{json, Value};

use crate::api::{
    read, solve_position, Position, Request, MAX_FOLLOWERS, WASM_MEMORY, WASM_MEMORY_WHY,
};
use crate::diag::{error_json, problem};
use crate::watched::Progress;

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
        let at_least = followers_at_least(game.generator(), &pos);
        let what = format!("listing the followers of {}", show_position(&pos));
        let memory = Some((WASM_MEMORY, WASM_MEMORY_WHY));
        if let Some(mut d) = followers_refusal(&what, at_least, pos.len(), memory) {
            if !req.force {
                d.help = Some("start from a smaller position, or tick `force`".to_string());
                return Err(error_json(&LoadError::single(game.src.clone(), d)));
            }
        }
        let fs = game
            .followers(&pos)
            .map_err(|e| error_json(&game.move_error(&e)))?;
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

fn reply_from(
    req: &Request,
    game: &Game,
    pos: &[u32],
    report: Progress<'_>,
) -> Result<Value, Value> {
    let a = match solve_position(req, game, pos, report)? {
        Position::Values(a, _) => a,
        Position::Loopy(_) => return Err(loop_in_play(game, pos)),
    };
    if a.followers.is_empty() {
        return Ok(json!({"ok": true, "at": pos, "reply": Value::Null, "winning": false}));
    }
    let (to, winning) = match a.wins().into_iter().next() {
        Some(w) => (w, true),
        None => {
            let total = |f: &Vec<u32>| f.iter().map(|&h| u64::from(h)).sum::<u64>();
            // `followers` is not empty, so a largest exists; the first of the largest wins.
            let first = &a.followers[0].0;
            let best = a.followers.iter().map(|(f, _)| f).fold(first, |b, f| {
                if total(f) > total(b) {
                    f
                } else {
                    b
                }
            });
            (best.clone(), false)
        }
    };
    Ok(json!({"ok": true, "at": pos, "reply": to, "winning": winning}))
}

/// A game against heapgame of a loopy game: refused, as the page's check of the rules says
/// (a draw has no winning reply to play toward).
fn loop_in_play(game: &Game, pos: &[u32]) -> Value {
    problem(
        game,
        Code::Cycle,
        format!(
            "the game can return to a position from {}: a game against heapgame needs rules \
             without loops",
            show_position(pos)
        ),
        "evaluate the position to see its outcome (P, N or D) and the moves that keep a draw",
    )
}
