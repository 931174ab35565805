//! One session of the REPL: the lines typed while one ruleset is loaded, each parsed into a
//! [`Command`] and run against the session's solver and game in progress. A child of
//! `repl/mod.rs`, which holds the terminal (`Ui`) and the loop over rulesets; the commands
//! run in its children, by kind: `query.rs` (positions, moves, tables, sequences),
//! `game.rs` (`:play` and the game in progress), `rules.rs` (loading the ruleset, its
//! parameters and play), `verify.rs` (`:check`, `:diff`, `:plot`).

use super::*;

mod game;
mod query;
mod rules;
mod verify;

impl<'g> Session<'g> {
    /// Reads and runs lines until the ruleset changes or the user leaves.
    pub(super) fn run(&mut self, ui: &mut Ui) -> Flow {
        loop {
            let prompt = match &self.play {
                Some(p) if !p.is_over() => format!("your move {}> ", show_position(p.current())),
                _ => "heapgame> ".to_string(),
            };
            let line = match ui.read(&prompt) {
                Read::Line(l) => l,
                Read::Interrupted => continue,
                Read::Eof => return Flow::Quit,
            };
            let r = command::parse(&line).and_then(|c| match c {
                Some(c) => self.execute(ui, c),
                None => Ok(None),
            });
            match r {
                Ok(Some(flow)) => {
                    if let (Flow::Replace(_), Some(p)) = (&flow, &self.play) {
                        if !p.is_over() {
                            say!("(the game in progress has ended)");
                        }
                    }
                    return flow;
                }
                Ok(None) => {}
                Err(e) => ui.error(e),
            }
        }
    }

    /// The loaded ruleset and its solver.
    fn parts(&mut self) -> Result<(&'g Loaded, &mut Solver<'g, Generator>), Report> {
        match (self.loaded, self.solver.as_mut()) {
            (Some(l), Some(s)) => Ok((l, s)),
            _ => Err(no_ruleset()),
        }
    }

    /// The loaded ruleset.
    fn loaded(&self) -> Result<&'g Loaded, Report> {
        self.loaded.ok_or_else(no_ruleset)
    }

    /// Runs one command: what the outer loop is to do next, if anything.
    fn execute(&mut self, ui: &mut Ui, c: Command) -> Result<Option<Flow>, Report> {
        match c {
            Command::Position(text) => self.position(ui, &text)?,
            Command::Eval(text) => self.eval(ui, &text)?,
            Command::Moves(pos) => self.moves(ui, pos.as_deref())?,
            Command::Play { pos, second } => self.start_game(ui, pos, second)?,
            Command::Undo => self.undo()?,
            Command::Hint => self.hint(ui)?,
            Command::Stop => self.stop_game()?,
            Command::Table(req) => self.table(ui, &req)?,
            Command::Check { max, heaps } => self.check(ui, max, heaps)?,
            Command::Diff(req) => self.diff(ui, &req)?,
            Command::Plot(p) => self.plot(ui, &p)?,
            Command::Formulas => emit(&render::formulas()),
            Command::Sequence(max) => self.sequence(ui, max)?,
            Command::Load(file) => return rules::load(&file).map(Some),
            Command::Reload => return self.reload(ui),
            Command::Show => self.show()?,
            Command::Set(None) => self.list_params()?,
            Command::Set(Some((name, value))) if name == "play" && !self.has_param("play") => {
                return self.set_play(&value).map(Some)
            }
            Command::Set(Some((name, value))) => return self.set(&name, &value).map(Some),
            Command::Unset(name) => return self.unset(&name).map(Some),
            Command::Stats => self.stats(ui),
            Command::Limit(n) => self.limit(ui, n),
            Command::ShowLimit => self.show_limit(ui),
            Command::Help(None) => emit(&help::overview()),
            Command::Help(Some(topic)) => match help::lookup(&topic) {
                Ok(c) => emit(&help::command_help(c)),
                Err(_) => return Err(ReplError::NoSuchCommand { topic }.into()),
            },
            Command::Echo(text) => say!("{text}"),
            Command::Quit => return Ok(Some(Flow::Quit)),
        }
        Ok(None)
    }
}

/// A solver error, in the REPL's words for the limit and Ctrl-C.
fn solve_error(game: &Game, e: &SolveError<MoveError>) -> Report {
    match e {
        SolveError::Limit { limit } => ReplError::MemoLimit { limit: *limit }.into(),
        SolveError::Cancelled { stored } if super::MEMORY_STOP.load(Ordering::SeqCst) => {
            let (cap, why) = crate::cli::common::default_max_memory().unwrap_or_default();
            ReplError::MemoryStop {
                cap: crate::cli::common::show_bytes(cap),
                why,
                stored: *stored,
            }
            .into()
        }
        SolveError::Cancelled { stored } => ReplError::Cancelled { stored: *stored }.into(),
        e => Report::new(game.solve_diag(e)),
    }
}
