//! The session's questions about positions: a position's evaluation (`:eval`, `:hint`), its
//! moves (`:moves`), a table of the memo (`:table`), a heap's sequence (`:sequence`), and the
//! session's own state (`:stats`, `:limit`).

use super::*;
use crate::cli::error::CliError;
use crate::query::table::{table, BoxAsk, TableError};
use crate::query::Bounds;
use crate::report::box_table::{refused, text, MAX_IN_MEMORY};
use crate::report::table::TableRequest;

/// The session's hooks alone (the Ctrl-C flag, the progress counter), for a question the
/// query floor answers within the bounds it resolves from the session's limits, as it does
/// for the command line: the same position gets the same limit in both.
pub(super) fn hooks(ui: &Ui) -> Budget {
    ui.hooks()
}

/// A question the query floor refused or could not finish, in the REPL's words: a refusal
/// keeps its code, with the session's help (`:limit N` for a limit); a failed solve as the
/// REPL words a limit or Ctrl-C.
pub(super) fn eval_error(game: &crate::Game, e: crate::query::EvalError) -> Report {
    match e {
        crate::query::EvalError::Refused(mut e) => {
            for d in &mut e.diags {
                let help = match d.code {
                    crate::ruleset::Code::Limit => {
                        "raise the limit with `:limit N`, or ask about a smaller position"
                    }
                    // A loop in a game against heapgame: its own help says what to do.
                    crate::ruleset::Code::Cycle => continue,
                    _ => "ask about a smaller position",
                };
                d.help = Some(help.to_string());
            }
            Report::new(e)
        }
        crate::query::EvalError::Solve { error, .. } => solve_error(game, &error),
    }
}

impl Session<'_> {
    /// A position typed as text: outcome, Grundy value, winning moves.
    pub(super) fn eval(&mut self, ui: &mut Ui, text: &str) -> Result<(), Report> {
        let l = self.loaded()?;
        if text.starts_with('#') {
            return Err(ReplError::MoveNumberOutsideGame {
                text: text.to_string(),
            }
            .into());
        }
        let pos = l
            .game
            .read_position(&[text.to_string()])
            .map_err(Report::new)?;
        self.eval_pos(ui, &pos)
    }

    /// The outcome, Grundy value (in misère play with the genus) and winning moves of `pos`,
    /// answered as `heapgame eval` answers it (`query::eval`) on the session's solver.
    pub(super) fn eval_pos(&mut self, ui: &mut Ui, pos: &[u32]) -> Result<(), Report> {
        let (l, solver) = self.parts()?;
        let (limits, budget) = (ui.limits(), hooks(ui));
        let want = crate::query::Want {
            followers: false,
            genus: true,
        };
        let found = ui
            .compute(|| crate::query::eval(&l.game, solver, pos, &limits, &budget, want))
            .map_err(|e| eval_error(&l.game, e))?;
        let text =
            crate::report::eval::answer(pos, l.game.play(), &found, crate::report::Format::Text);
        emit(&text);
        Ok(())
    }

    /// `:moves [POSITION]`: every follower of a position typed with its value, answered as
    /// `heapgame eval` answers it with the followers wanted ([`crate::query::eval`]: a
    /// kernel, the search, or a loopy game's Smith's values, refused as `eval` refuses); in a
    /// game, the moves offered without their values ([`crate::query::play::offered`]).
    pub(super) fn moves(&mut self, ui: &mut Ui, text: Option<&str>) -> Result<(), Report> {
        let in_game = self
            .play
            .as_ref()
            .filter(|p| !p.is_over())
            .map(|p| p.current().to_vec());
        let (l, solver) = self.parts()?;
        let game = &l.game;
        let (limits, budget) = (ui.limits(), hooks(ui));
        let pos = match (text, in_game) {
            (Some(t), _) => game.read_position(&[t.to_string()]).map_err(Report::new)?,
            (None, Some(p)) => {
                let offered = crate::query::play::offered(game, &p, &limits);
                let fs = offered.map_err(|e| eval_error(game, e))?;
                emit(&render::moves(&p, &fs));
                return Ok(());
            }
            (None, None) => return Err(ReplError::MovesNeedPosition.into()),
        };
        let want = crate::query::Want {
            followers: true,
            genus: false,
        };
        let found = ui
            .compute(|| crate::query::eval(game, solver, &pos, &limits, &budget, want))
            .map_err(|e| eval_error(game, e))?;
        emit(&match found {
            crate::query::Answer::Values(e) => match e.followers {
                Some(fs) => render::valued_moves(&pos, &fs),
                // Asked for the followers, the route gives them; were it not to, the moves
                // alone are listed.
                None => render::moves(&pos, &game.followers(&pos).unwrap_or_default()),
            },
            crate::query::Answer::Loopy(sol) => render::loopy_moves(&sol),
        });
        Ok(())
    }

    /// `:table`: the box, by the route `solve` takes ([`crate::query::table`]), at most
    /// [`MAX_IN_MEMORY`] positions (the text is held whole).
    pub(super) fn table(&mut self, ui: &mut Ui, req: &TableRequest) -> Result<(), Report> {
        let l = self.loaded()?;
        let game = &l.game;
        let ask = BoxAsk {
            max: req.max,
            heaps: req.heaps,
            grundy: req.grundy,
            held: false,
            loopy: true,
            most: Some(MAX_IN_MEMORY),
            output: None,
        };
        let (limits, budget) = (ui.limits(), hooks(ui));
        let out = ui.compute(|| {
            let solved = match table(game, game.generator(), &ask, &limits, &budget) {
                Ok(solved) => solved,
                Err(TableError::Solve { error, .. }) => return Err(solve_error(game, &error)),
                Err(e) => return Err(Report::new(refused(game, req.max, &e))),
            };
            text(game, req, &solved).map_err(|e| Report::new(CliError::Write(e)))
        })?;
        emit(&out);
        Ok(())
    }

    /// `:sequence N`: the values of one heap and their period.
    pub(super) fn sequence(&mut self, ui: &mut Ui, max: u32) -> Result<(), Report> {
        let l = self.loaded()?;
        let (limits, budget) = (ui.limits(), hooks(ui));
        // The text of millions of values is built and written within the computation, so that
        // Ctrl-C stops it too.
        let text = ui
            .compute(|| {
                crate::query::sequence::whole(&l.game, max, &limits, &budget)
                    .map(|s| crate::report::sequence::text(&s))
            })
            .map_err(|e| match e {
                crate::sequence::SequenceError::NotSum(d) => Report::new(d),
                crate::sequence::SequenceError::Solve(e) => solve_error(&l.game, &e),
            })?;
        ui.emit_long(&text)
    }

    /// `:stats`.
    pub(super) fn stats(&self, ui: &Ui) {
        let stored = self.solver.as_ref().map_or(0, Solver::positions_stored);
        emit(&render::stats(
            self.loaded.map(|l| &l.game),
            stored,
            ui.limit,
            ui.last,
        ));
    }

    /// `:limit N` or `:limit none`, then the limit in force ([`Session::show_limit`]).
    /// The session's solver takes its budget from the query floor at each question.
    pub(super) fn limit(&mut self, ui: &mut Ui, n: Option<usize>) {
        ui.limit = n;
        self.show_limit(ui);
    }

    /// `:limit`: the position limit `:eval` runs within, as the query floor works it out from
    /// the limit set and the machine's memory for the positions asked
    /// ([`crate::query::Limits::for_position`]): the position of `:play` in progress, else any
    /// position of a ruleset with a fixed number of heaps, else positions of 2 and of 8 heaps.
    pub(super) fn show_limit(&self, ui: &Ui) {
        let Some(l) = self.loaded else {
            match ui.limit {
                Some(n) => say!("computations stop once {n} positions are stored"),
                None => say!("no limit set: each position's is worked out from its heaps and the available memory once a ruleset is loaded"),
            }
            return;
        };
        let (game, limits) = (&l.game, ui.limits());
        let current = (self.play.as_ref()).map(|p| p.current().to_vec());
        let asked: Vec<(String, Vec<u32>)> = match (current, game.shape().count) {
            (Some(p), _) => vec![(show_position(&p), p)],
            (None, Some(k)) => vec![(format!("a position of `{}`", game.checked.name), vec![0; k])],
            (None, None) => [2, 8]
                .map(|k| (format!("a position of {k} heaps"), vec![1; k]))
                .into(),
        };
        let mut shown: Vec<(String, Bounds)> = (asked.into_iter())
            .map(|(what, pos)| (what, limits.for_position(game, &pos)))
            .collect();
        // A sum stores one heap's values whatever the position: one line.
        if shown.windows(2).all(|w| w[0].1 == w[1].1) && shown.len() > 1 {
            shown.truncate(1);
            shown[0].0 = format!("a position of `{}`", game.checked.name);
        }
        for (what, b) in shown {
            if b.max_positions == usize::MAX {
                say!("{what}: no position limit");
            } else {
                let (n, why) = (b.max_positions, b.why);
                say!("{what}: computations stop once {n} positions are stored, the limit set by {why}");
            }
        }
    }
}
