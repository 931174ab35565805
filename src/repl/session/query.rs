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
fn hooks(ui: &Ui) -> Budget {
    Budget {
        max_positions: None,
        max_bytes: None,
        ..ui.budget()
    }
}

/// The budget of the session's own solver at `pos` (`:moves`, `:play`): the session's hooks
/// within the bounds the query floor gives `pos`, as `:eval` and `:limit` have them.
pub(super) fn budget_at(ui: &Ui, game: &crate::Game, pos: &[u32]) -> Budget {
    ui.limits().budget_at(game, pos, &hooks(ui))
}

/// The most followers `:moves` lists: ten million lines are more than anyone reads, and
/// each follower is kept until it is printed.
const MOST_LISTED: f64 = 1e7;

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
            .map_err(|e| match e {
                crate::query::EvalError::Refused(mut e) => {
                    for d in &mut e.diags {
                        let help = match d.code {
                            crate::ruleset::Code::Limit => {
                                "raise the limit with `:limit N`, or ask about a smaller position"
                            }
                            _ => "ask about a smaller position",
                        };
                        d.help = Some(help.to_string());
                    }
                    Report::new(e)
                }
                crate::query::EvalError::Solve { error, .. } => solve_error(&l.game, &error),
            })?;
        let text =
            crate::report::eval::answer(pos, l.game.play(), &found, crate::report::Format::Text);
        emit(&text);
        Ok(())
    }

    /// `:moves [POSITION]` (at most [`MOST_LISTED`] followers).
    pub(super) fn moves(&mut self, ui: &mut Ui, text: Option<&str>) -> Result<(), Report> {
        let in_game = self
            .play
            .as_ref()
            .filter(|p| !p.is_over())
            .map(|p| p.current().to_vec());
        let (l, solver) = self.parts()?;
        let (pos, with_values) = match (text, in_game) {
            (Some(t), _) => (
                l.game
                    .read_position(&[t.to_string()])
                    .map_err(Report::new)?,
                true,
            ),
            (None, Some(p)) => (p, false),
            (None, None) => return Err(ReplError::MovesNeedPosition.into()),
        };
        // Every follower is kept and printed: refuse up front what cannot be listed.
        let at_least = crate::estimate::followers_at_least(l.game.generator(), &pos);
        if at_least > MOST_LISTED {
            return Err(ReplError::TooManyFollowers {
                position: show_position(&pos),
                at_least: crate::estimate::show(at_least),
                most: crate::estimate::show(MOST_LISTED),
            }
            .into());
        }
        let budget = budget_at(ui, &l.game, &pos);
        solver.set_budget(budget.clone());
        let list = match ui.compute(|| -> Result<Vec<(Vec<u32>, Option<u32>)>, _> {
            let fs = solver.followers(&pos)?;
            let mut out = Vec::with_capacity(fs.len());
            for f in fs {
                let g = if with_values {
                    Some(solver.grundy(&f)?)
                } else {
                    None
                };
                out.push((f, g));
            }
            Ok(out)
        }) {
            // A loopy game in normal play: the followers with Smith's values.
            Err(SolveError::Cycle(_)) if l.game.play() == crate::solver::Play::Normal => {
                let sol = ui.compute(|| super::loopy::solve(&l.game, &pos, &budget))?;
                emit(&super::loopy::moves_text(&sol));
                return Ok(());
            }
            r => r.map_err(|e| solve_error(&l.game, &e))?,
        };
        emit(&render::moves(&pos, &list));
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
    pub(super) fn limit(&mut self, ui: &mut Ui, n: Option<usize>) {
        ui.limit = n;
        if let Some(s) = self.solver.as_mut() {
            s.set_budget(ui.budget());
        }
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
