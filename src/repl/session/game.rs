//! The session's game in progress: `:play` starts one, a position or `#N` typed during it is
//! the user's move, `:undo`, `:hint` and `:stop`.

use super::*;
use crate::query::play::offered;

impl Session<'_> {
    /// A position typed alone: the user's move during a game, else its evaluation.
    pub(super) fn position(&mut self, ui: &mut Ui, text: &str) -> Result<(), Report> {
        if self.play.as_ref().is_some_and(|p| !p.is_over()) {
            self.user_move(ui, text)
        } else {
            self.eval(ui, text)
        }
    }

    /// `:play POSITION [--second]`.
    pub(super) fn start_game(
        &mut self,
        ui: &mut Ui,
        pos: String,
        second: bool,
    ) -> Result<(), Report> {
        let (l, solver) = self.parts()?;
        let pos = l.game.read_position(&[pos]).map_err(Report::new)?;
        let (limits, hooks) = (ui.limits(), super::query::hooks(ui));
        let mut r = Referee {
            game: &l.game,
            solver,
            limits: &limits,
            hooks: &hooks,
        };
        let (p, out) = ui
            .compute(|| Play::start(&mut r, pos, second))
            .map_err(|e| super::query::eval_error(&l.game, e))?;
        emit(&out);
        self.play = Some(p);
        Ok(())
    }

    /// `:undo`.
    pub(super) fn undo(&mut self) -> Result<(), Report> {
        let p = self.play.as_mut().ok_or(ReplError::NoGame)?;
        emit(&p.undo()?);
        Ok(())
    }

    /// `:hint`: the evaluation of the game's position.
    pub(super) fn hint(&mut self, ui: &mut Ui) -> Result<(), Report> {
        let p = self.play.as_ref().filter(|p| !p.is_over());
        let pos = p.ok_or(ReplError::NoGame)?.current().to_vec();
        self.eval_pos(ui, &pos)
    }

    /// `:stop`.
    pub(super) fn stop_game(&mut self) -> Result<(), Report> {
        self.play.take().ok_or(ReplError::NoGame)?;
        say!("game stopped");
        Ok(())
    }

    /// A move in the game in progress: a position or a move number.
    fn user_move(&mut self, ui: &mut Ui, text: &str) -> Result<(), Report> {
        let l = self.loaded()?;
        let solver = self.solver.as_mut().ok_or_else(no_ruleset)?;
        let play = self.play.as_mut().ok_or(ReplError::NoGame)?;
        let from = play.current().to_vec();
        let (limits, hooks) = (ui.limits(), super::query::hooks(ui));
        let game = &l.game;
        let fs = offered(game, &from, &limits).map_err(|e| super::query::eval_error(game, e))?;
        let to = chosen_move(l, &from, &fs, text)?;
        let mut r = Referee {
            game,
            solver,
            limits: &limits,
            hooks: &hooks,
        };
        let out = ui
            .compute(|| play.user_move(&mut r, to))
            .map_err(|e| super::query::eval_error(game, e))?;
        emit(&out);
        Ok(())
    }
}

/// The follower of `from` (among `fs`) that `text` names: `#N`, a bare number where one
/// number is not a position, or a position.
fn chosen_move(l: &Loaded, from: &[u32], fs: &[Vec<u32>], text: &str) -> Result<Vec<u32>, Report> {
    let one_number_is_a_position = matches!(l.game.shape().count, None | Some(1));
    let number = match text.strip_prefix('#') {
        Some(n) => Some(n.trim()),
        None if !one_number_is_a_position && text.bytes().all(|b| b.is_ascii_digit()) => Some(text),
        None => None,
    };
    if let Some(n) = number {
        let i = n.parse::<usize>().ok().filter(|&i| i >= 1 && i <= fs.len());
        return match i {
            Some(i) => Ok(fs[i - 1].clone()),
            None => Err(ReplError::NoSuchMove {
                number: n.to_string(),
                from: show_position(from),
                count: fs.len(),
            }
            .into()),
        };
    }
    let to = l
        .game
        .read_position(&[text.to_string()])
        .map_err(Report::new)?;
    if !fs.contains(&to) {
        return Err(ReplError::NotAMove {
            from: show_position(from),
            to: show_position(&to),
            ruleset: l.game.checked.name.clone(),
        }
        .into());
    }
    Ok(to)
}
