//! `:play`: a game between the user and heapgame. The state is the list of positions so far
//! with who moved into each; heapgame answers with a winning move when it has one, and
//! otherwise with the move that takes the least (to give the user the longest game). Normal
//! play: the player who cannot move loses. `:undo` goes back before the user's last move.

use std::fmt::Write as _;

use super::error::ReplError;
use crate::game::show_position;
use crate::moves::{Generator, MoveError};
use crate::{Outcome, SolveError, Solver};

/// A paragraph wrapped for an 80-column terminal.
fn wrap(text: &str) -> String {
    super::help::wrap(text, 80, "")
}

type R<T> = Result<T, SolveError<MoveError>>;

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
    pub fn start(
        solver: &mut Solver<'_, Generator>,
        pos: Vec<u32>,
        second: bool,
    ) -> R<(Play, String)> {
        let mut play = Play {
            turns: vec![Turn { pos, by: None }],
            first: if second { Side::Heapgame } else { Side::User },
            winner: None,
        };
        let mut out = String::new();
        let rule = match solver.play() {
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
            play.heapgame_turn(solver, &mut out)?;
        } else {
            play.check_end(solver, &mut out)?;
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
    pub fn user_move(&mut self, solver: &mut Solver<'_, Generator>, to: Vec<u32>) -> R<String> {
        let saved = self.turns.len();
        let mut out = format!(
            "you move {} -> {}\n",
            show_position(self.current()),
            show_position(&to)
        );
        self.turns.push(Turn {
            pos: to,
            by: Some(Side::User),
        });
        let r = self.check_end(solver, &mut out).and_then(|over| {
            if over {
                Ok(())
            } else {
                self.heapgame_turn(solver, &mut out)
            }
        });
        if let Err(e) = r {
            self.turns.truncate(saved);
            self.winner = None;
            return Err(e);
        }
        Ok(out)
    }

    /// heapgame moves (when the game is not over), then checks whether the user can move.
    fn heapgame_turn(&mut self, solver: &mut Solver<'_, Generator>, out: &mut String) -> R<()> {
        if self.check_end(solver, out)? {
            return Ok(());
        }
        let from = self.current().to_vec();
        let wins = solver.winning_moves(&from)?;
        let to = match wins.first() {
            Some(w) => w.clone(),
            None => {
                // No winning move: take as little as possible, so that the game lasts.
                let fs = solver.followers(&from)?;
                let mut best: Option<(u64, Vec<u32>)> = None;
                for f in fs {
                    let total: u64 = f.iter().map(|&h| u64::from(h)).sum();
                    if best.as_ref().is_none_or(|(b, _)| total > *b) {
                        best = Some((total, f));
                    }
                }
                // check_end found a move, so there is one.
                best.map(|(_, f)| f).unwrap_or_default()
            }
        };
        let _ = writeln!(
            out,
            "heapgame moves {} -> {}",
            show_position(&from),
            show_position(&to)
        );
        self.turns.push(Turn {
            pos: to,
            by: Some(Side::Heapgame),
        });
        self.check_end(solver, out)?;
        Ok(())
    }

    /// Whether the player to move has no move; if so, records the winner and explains.
    fn check_end(&mut self, solver: &mut Solver<'_, Generator>, out: &mut String) -> R<bool> {
        let pos = self.current().to_vec();
        if !solver.followers(&pos)?.is_empty() {
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
        if solver.play() == crate::solver::Play::Misere {
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
        out.push_str(&self.why(solver, winner)?);
        let _ = writeln!(
            out,
            "The game is over: `:undo` takes back your last move, `:play` starts another."
        );
        Ok(true)
    }

    /// Why `winner` won, in words.
    fn why(&self, solver: &mut Solver<'_, Generator>, winner: Side) -> R<String> {
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
            let before = &self.turns[i - 1].pos;
            let after = &self.turns[i].pos;
            if solver.outcome(before)? == Outcome::N && solver.outcome(after)? == Outcome::N {
                let wins = solver.winning_moves(before)?;
                let shown: Vec<String> = wins.iter().map(|w| show_position(w)).collect();
                return Ok(wrap(&format!(
                    "Why: your move {} -> {} left an N-position, from which heapgame always had \
                     a move to a P-position. From {} you could have won by moving to {}.",
                    show_position(before),
                    show_position(after),
                    show_position(before),
                    shown.join(" or ")
                )));
            }
        }
        let first_turn = match self.first {
            Side::User => 0,
            Side::Heapgame => 1,
        };
        let lost_at = self.turns.get(first_turn).unwrap_or(&self.turns[0]);
        if solver.followers(&lost_at.pos)?.is_empty() {
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
    use crate::Game;

    fn nim2() -> Game {
        let src = "ruleset \"Nim\" {\n  heaps 2\n  move { take 1.. from one heap }\n}\n";
        Game::from_source("nim.game", src, &[]).expect("a valid ruleset")
    }

    #[test]
    fn heapgame_wins_from_a_p_position_and_explains() {
        let g = nim2();
        let mut s = g.solver();
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
