//! `:play`: a game between the user and heapgame. The state is the list of positions so far
//! with who moved into each; heapgame's reply, the moves offered and the positions judged
//! for the first mistake come from the query floor ([`crate::query::play`]: a kernel first,
//! then the search, as `heapgame eval` answers). Normal play: the player who cannot move
//! loses. `:undo` goes back before the user's last move.

use std::fmt::Write as _;

use super::error::ReplError;
use crate::game::show_position;
use crate::moves::Generator;
use crate::query::play::{judge, offered, reply};
use crate::query::{EvalError, Limits};
use crate::solver::Budget;
use crate::{Game, Solver};

/// A paragraph wrapped for an 80-column terminal.
fn wrap(text: &str) -> String {
    super::help::wrap(text, 80, "")
}

type R<T> = Result<T, EvalError>;

/// What a game asks the query floor with: the session's game, its solver (whose memo is
/// kept between questions), its limits and its hooks (Ctrl-C, progress).
pub struct Referee<'r, 'g> {
    /// The game played.
    pub game: &'g Game,
    /// The session's solver of it.
    pub solver: &'r mut Solver<'g, Generator>,
    /// The session's limits.
    pub limits: &'r Limits,
    /// The session's hooks.
    pub hooks: &'r Budget,
}

/// What a game wants of each evaluation: what `:eval` wants but the genus (the same route:
/// in misère play a sum of heaps may be answered by its misère quotient).
fn want() -> crate::query::Want {
    crate::query::Want::default()
}

impl Referee<'_, '_> {
    /// Whether `pos` is a P-position, and its winning moves.
    fn judge(&mut self, pos: &[u32]) -> R<(bool, Vec<Vec<u32>>)> {
        let e = judge(
            self.game,
            self.solver,
            pos,
            (self.limits, self.hooks),
            want(),
        )?;
        Ok((e.is_p, e.wins))
    }

    /// Whether `pos` has no move.
    fn stuck(&self, pos: &[u32]) -> R<bool> {
        Ok(offered(self.game, pos, self.limits)?.is_empty())
    }
}

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The person at the keyboard.
    User,
    /// The program.
    Heapgame,
}

/// One position of the game and the move into it.
#[derive(Clone, Debug)]
struct Turn {
    pos: Vec<u32>,
    /// `None` for the starting position.
    by: Option<Side>,
    /// Whether `pos` is a P-position, once known (heapgame judged it, or moved to it to win).
    is_p: Option<bool>,
}

/// A game in progress (or just ended: `:undo` can reopen it).
#[derive(Debug)]
pub struct Play {
    /// Never empty: the starting position comes first, and `undo` keeps it.
    turns: Vec<Turn>,
    /// Who moved first.
    first: Side,
    /// The winner, once the player to move has no move.
    winner: Option<Side>,
}

impl Play {
    /// Starts a game at `pos`; heapgame moves first when `second`. Returns what to print.
    pub fn start(r: &mut Referee<'_, '_>, pos: Vec<u32>, second: bool) -> R<(Play, String)> {
        let mut play = Play {
            turns: vec![Turn {
                pos,
                by: None,
                is_p: None,
            }],
            first: if second { Side::Heapgame } else { Side::User },
            winner: None,
        };
        let mut out = String::new();
        let rule = match r.game.play() {
            crate::solver::Play::Normal => "Normal play: whoever cannot move loses.",
            crate::solver::Play::Misere => "Misère play: whoever makes the last move loses.",
        };
        let _ = writeln!(
            out,
            "A game from {}: {} first. {rule}",
            show_position(play.current()),
            if second { "heapgame moves" } else { "you move" }
        );
        out.push_str(&wrap(
            "Type the position you move to, or a move number from `:moves`; `:hint` shows the \
             winning moves, `:undo` takes back your move, `:stop` ends the game.",
        ));
        if second {
            play.heapgame_turn(r, &mut out)?;
        } else {
            play.check_end(r, &mut out)?;
        }
        Ok((play, out))
    }

    /// The current position.
    pub fn current(&self) -> &[u32] {
        // `turns` always holds the starting position.
        &self.turns[self.turns.len() - 1].pos
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Who is to move.
    fn to_move(&self) -> Side {
        // `turns` always holds the starting position.
        match self.turns[self.turns.len() - 1].by {
            Some(Side::User) => Side::Heapgame,
            Some(Side::Heapgame) => Side::User,
            None => self.first,
        }
    }

    /// The user moves to `to`, which must be a follower of the current position (the caller
    /// checks); heapgame answers. Nothing changes on an error.
    pub fn user_move(&mut self, r: &mut Referee<'_, '_>, to: Vec<u32>) -> R<String> {
        let saved = self.turns.len();
        let mut out = format!(
            "you move {} -> {}\n",
            show_position(self.current()),
            show_position(&to)
        );
        self.turns.push(Turn {
            pos: to,
            by: Some(Side::User),
            is_p: None,
        });
        let done = self.check_end(r, &mut out).and_then(|over| {
            if over {
                Ok(())
            } else {
                self.heapgame_turn(r, &mut out)
            }
        });
        if let Err(e) = done {
            self.turns.truncate(saved);
            self.winner = None;
            return Err(e);
        }
        Ok(out)
    }

    /// heapgame moves (when the game is not over), then checks whether the user can move.
    fn heapgame_turn(&mut self, r: &mut Referee<'_, '_>, out: &mut String) -> R<()> {
        if self.check_end(r, out)? {
            return Ok(());
        }
        let from = self.current().to_vec();
        let answer = reply(r.game, r.solver, &from, (r.limits, r.hooks), want())?;
        let last = self.turns.len() - 1;
        self.turns[last].is_p = Some(answer.from.is_p);
        // check_end found a move, so the reply has one.
        let to = answer.to.unwrap_or_default();
        let _ = writeln!(
            out,
            "heapgame moves {} -> {}",
            show_position(&from),
            show_position(&to)
        );
        self.turns.push(Turn {
            pos: to,
            by: Some(Side::Heapgame),
            is_p: answer.winning.then_some(true),
        });
        self.check_end(r, out)?;
        Ok(())
    }

    /// Whether the player to move has no move; if so, records the winner and explains.
    fn check_end(&mut self, r: &mut Referee<'_, '_>, out: &mut String) -> R<bool> {
        let pos = self.current().to_vec();
        if !r.stuck(&pos)? {
            if self.to_move() == Side::User {
                let _ = writeln!(out, "your move from {}", show_position(&pos));
            }
            return Ok(false);
        }
        let stuck = self.to_move();
        let other = match stuck {
            Side::User => Side::Heapgame,
            Side::Heapgame => Side::User,
        };
        if r.game.play() == crate::solver::Play::Misere {
            // The player who cannot move did not make the last move, and wins.
            self.winner = Some(stuck);
            let _ = writeln!(
                out,
                "{} has no moves: {} made the last move, so {}",
                show_position(&pos),
                if other == Side::User {
                    "you"
                } else {
                    "heapgame"
                },
                if stuck == Side::User {
                    "you win!"
                } else {
                    "heapgame wins."
                }
            );
            let _ = writeln!(
                out,
                "The game is over: `:undo` takes back your last move, `:play` starts another."
            );
            return Ok(true);
        }
        let winner = other;
        self.winner = Some(winner);
        match winner {
            Side::User => {
                let _ = writeln!(
                    out,
                    "{} has no moves, so heapgame cannot move: you win!",
                    show_position(&pos)
                );
            }
            Side::Heapgame => {
                let _ = writeln!(
                    out,
                    "{} has no moves, so you cannot move: heapgame wins.",
                    show_position(&pos)
                );
            }
        }
        out.push_str(&self.why(r, winner)?);
        let _ = writeln!(
            out,
            "The game is over: `:undo` takes back your last move, `:play` starts another."
        );
        Ok(true)
    }

    /// Why `winner` won, in words.
    fn why(&mut self, r: &mut Referee<'_, '_>, winner: Side) -> R<String> {
        if winner == Side::User {
            return Ok(wrap(
                "Why: each of your moves left a P-position, from which every move leads to an \
                 N-position, where you again had a move to a P-position.",
            ));
        }
        // The first user move from an N-position to an N-position lost the game.
        for i in 1..self.turns.len() {
            if self.turns[i].by != Some(Side::User) {
                continue;
            }
            if self.is_p(r, i - 1)? || self.is_p(r, i)? {
                continue;
            }
            let (before, after) = (&self.turns[i - 1].pos, &self.turns[i].pos);
            let (_, wins) = r.judge(before)?;
            let shown: Vec<String> = wins.iter().map(|w| show_position(w)).collect();
            return Ok(wrap(&format!(
                "Why: your move {} -> {} left an N-position, from which heapgame always had a \
                 move to a P-position. From {} you could have won by moving to {}.",
                show_position(before),
                show_position(after),
                show_position(before),
                shown.join(" or ")
            )));
        }
        let first_turn = match self.first {
            Side::User => 0,
            Side::Heapgame => 1,
        };
        let lost_at = self.turns.get(first_turn).unwrap_or(&self.turns[0]);
        if r.stuck(&lost_at.pos)? {
            return Ok(wrap(&format!(
                "Why: there is no move at all from {}, so you lost before moving.",
                show_position(&lost_at.pos)
            )));
        }
        Ok(wrap(&format!(
            "Why: your first turn was at {}, a P-position: every move from it leads to an \
             N-position, and from an N-position heapgame always has a move to a P-position.",
            show_position(&lost_at.pos)
        )))
    }

    /// Whether the position of turn `i` is a P-position, judged once.
    fn is_p(&mut self, r: &mut Referee<'_, '_>, i: usize) -> R<bool> {
        if let Some(p) = self.turns[i].is_p {
            return Ok(p);
        }
        let (p, _) = r.judge(&self.turns[i].pos)?;
        self.turns[i].is_p = Some(p);
        Ok(p)
    }

    /// Takes back the user's last move and heapgame's answer.
    pub fn undo(&mut self) -> Result<String, ReplError> {
        let Some(i) = self.turns.iter().rposition(|t| t.by == Some(Side::User)) else {
            return Err(ReplError::NothingToUndo);
        };
        self.turns.truncate(i);
        self.winner = None;
        Ok(format!(
            "took back your move; your move from {}\n",
            show_position(self.current())
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::query::Room;

    fn nim2() -> Game {
        let src = "ruleset \"Nim\" {\n  heaps 2\n  move { take 1.. from one heap }\n}\n";
        Game::from_source("nim.game", src, &[]).expect("a valid ruleset")
    }

    #[test]
    fn heapgame_wins_from_a_p_position_and_explains() {
        let g = nim2();
        let mut s = g.solver();
        let (limits, hooks) = (Limits::with_room(Room::Unbounded), Budget::default());
        let mut s = Referee {
            game: &g,
            solver: &mut s,
            limits: &limits,
            hooks: &hooks,
        };
        let (mut play, out) = Play::start(&mut s, vec![2, 2], false).expect("start");
        assert!(out.contains("your move from (2, 2)"), "{out}");
        let out = play.user_move(&mut s, vec![1, 2]).expect("move");
        // Nim: the only move from (1, 2) to a P-position is to (1, 1).
        assert!(out.contains("heapgame moves (1, 2) -> (1, 1)"), "{out}");
        let out = play.user_move(&mut s, vec![0, 1]).expect("move");
        assert!(
            out.contains("-> (0, 0)") && out.contains("heapgame wins"),
            "{out}"
        );
        assert!(
            out.contains("your first turn was at (2, 2), a P-position"),
            "{out}"
        );
        assert!(play.is_over());
        assert!(play.undo().is_ok());
        assert_eq!(play.current(), &[1, 1]);
        assert!(!play.is_over());
    }

    #[test]
    fn the_first_mistake_is_named_and_a_winner_is_declared() {
        let g = nim2();
        let mut s = g.solver();
        let (limits, hooks) = (Limits::with_room(Room::Unbounded), Budget::default());
        let mut s = Referee {
            game: &g,
            solver: &mut s,
            limits: &limits,
            hooks: &hooks,
        };
        let (mut play, _) = Play::start(&mut s, vec![1, 3], false).expect("start");
        let out = play.user_move(&mut s, vec![1, 2]).expect("move");
        assert!(out.contains("-> (1, 1)"), "{out}");
        let out = play.user_move(&mut s, vec![0, 1]).expect("move");
        assert!(
            out.contains("your move (1, 3) -> (1, 2) left an N-position")
                && out.contains("moving to (1, 1)"),
            "{out}"
        );
        // Now a game the user wins.
        let (mut play, _) = Play::start(&mut s, vec![0, 3], false).expect("start");
        let out = play.user_move(&mut s, vec![0, 0]).expect("move");
        assert!(out.contains("you win!"), "{out}");
        assert_eq!(
            play.undo(),
            Ok("took back your move; your move from (0, 3)\n".into())
        );
        assert!(play.undo().is_err());
    }

    #[test]
    fn heapgame_moving_first_takes_little_from_a_p_position() {
        let g = nim2();
        let mut s = g.solver();
        let (limits, hooks) = (Limits::with_room(Room::Unbounded), Budget::default());
        let mut s = Referee {
            game: &g,
            solver: &mut s,
            limits: &limits,
            hooks: &hooks,
        };
        let (play, out) = Play::start(&mut s, vec![3, 3], true).expect("start");
        // No winning move from (3, 3): heapgame takes one token, to (2, 3).
        assert!(out.contains("heapgame moves (3, 3) -> (2, 3)"), "{out}");
        assert_eq!(play.current(), &[2, 3]);
        // From a position without moves the game is over at once.
        let (play, out) = Play::start(&mut s, vec![0, 0], false).expect("start");
        assert!(
            play.is_over() && out.contains("no move at all from (0, 0)"),
            "{out}"
        );
    }
}
