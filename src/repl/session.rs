//! One session of the REPL: the lines typed while one ruleset is loaded, each parsed into a
//! [`Command`] and run against the session's solver and game in progress. A child of
//! `repl/mod.rs`, which holds the terminal (`Ui`) and the loop over rulesets.

use super::*;

/// The most followers `:moves` lists: ten million lines are more than anyone reads, and
/// each follower is kept until it is printed.
const MOST_LISTED: f64 = 1e7;

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

    /// Runs one command.
    fn execute(&mut self, ui: &mut Ui, c: Command) -> Result<Option<Flow>, Report> {
        match c {
            Command::Position(text) => {
                if self.play.as_ref().is_some_and(|p| !p.is_over()) {
                    self.user_move(ui, &text)?;
                } else {
                    self.eval(ui, &text)?;
                }
            }
            Command::Eval(text) => self.eval(ui, &text)?,
            Command::Moves(pos) => self.moves(ui, pos.as_deref())?,
            Command::Play { pos, second } => {
                let (l, solver) = self.parts()?;
                let pos = l.game.read_position(&[pos]).map_err(Report::new)?;
                let (p, out) = ui
                    .compute(|| Play::start(solver, pos, second))
                    .map_err(|e| solve_error(&l.game, &e))?;
                emit(&out);
                self.play = Some(p);
            }
            Command::Undo => {
                let p = self.play.as_mut().ok_or_else(no_game)?;
                let out = p.undo()?;
                emit(&out);
            }
            Command::Hint => {
                let p = self
                    .play
                    .as_ref()
                    .filter(|p| !p.is_over())
                    .ok_or_else(no_game)?;
                let pos = p.current().to_vec();
                self.eval_pos(ui, &pos)?;
            }
            Command::Stop => {
                self.play.take().ok_or_else(no_game)?;
                say!("game stopped");
            }
            Command::Table(req) => {
                let (l, solver) = self.parts()?;
                let out = ui.compute(|| {
                    crate::report::memo_table::table(&l.game, solver, &req, &|e, _| {
                        solve_error(&l.game, e)
                    })
                })?;
                emit(&out);
            }
            Command::Check { max, heaps } => self.check(ui, max, heaps)?,
            Command::Diff(req) => self.diff(ui, &req)?,
            Command::Plot(p) => self.plot(ui, &p)?,
            Command::Formulas => emit(&render::formulas()),
            Command::Sequence(max) => {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                let budget = ui.budget();
                let s = ui
                    .compute(|| crate::sequence::sequence(&l.game, max, &budget))
                    .map_err(|e| match e {
                        crate::sequence::SequenceError::NotSum(d) => Report::new(d),
                        crate::sequence::SequenceError::Solve(e) => solve_error(&l.game, &e),
                    })?;
                emit(&crate::report::sequence::text(&s));
            }
            Command::Load(file) => {
                let l = Loaded::load(Path::new(&file), Vec::new())?;
                say!("{}", l.describe());
                return Ok(Some(Flow::Replace(Box::new(l))));
            }
            Command::Reload => {
                let (file, overrides) = match (self.loaded, &ui.pending) {
                    (Some(l), _) => (l.file.clone(), l.overrides.clone()),
                    (None, Some((f, o))) => (f.clone(), o.clone()),
                    (None, None) => return Err(no_ruleset()),
                };
                let text = read(&file)?;
                if let Some(l) = self.loaded.filter(|l| l.game.src.inner() == &text) {
                    say!(
                        "{} is unchanged: `{}` stays loaded, with its memo table",
                        file.display(),
                        l.game.checked.name
                    );
                    return Ok(None);
                }
                let l =
                    match Loaded::from_text(&file, &file.display().to_string(), &text, overrides) {
                        Ok(l) => l,
                        Err(e) => {
                            if let Some(old) = self.loaded {
                                say!(
                                "{} does not load (below): `{}` stays loaded, with the rules it \
                                 had before",
                                file.display(),
                                old.game.checked.name
                            );
                            }
                            return Err(e);
                        }
                    };
                say!("re{}", l.describe());
                return Ok(Some(Flow::Replace(Box::new(l))));
            }
            Command::Show => {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                emit(&render::show(
                    &l.game,
                    &l.file.display().to_string(),
                    &l.overrides,
                ));
            }
            Command::Set(None) => {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                emit(&render::params(&l.game, &l.overrides));
            }
            Command::Set(Some((name, value)))
                if name == "play" && !l_has_param(self.loaded, "play") =>
            {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                let play =
                    crate::solver::Play::parse(value.trim()).ok_or_else(|| ReplError::NotPlay {
                        value: value.trim().to_string(),
                    })?;
                let mut new = l.with_overrides(l.overrides.clone())?;
                new.game.set_play(play);
                say!("play = {} ({})", play.name(), play.describe());
                return Ok(Some(Flow::Replace(Box::new(new))));
            }
            Command::Set(Some((name, value))) => {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                check_param(l, &name)?;
                let mut overrides: Vec<String> = l
                    .overrides
                    .iter()
                    .filter(|o| override_name(o) != name)
                    .cloned()
                    .collect();
                overrides.push(format!("{name}={value}"));
                let new = l.with_overrides(overrides)?;
                if let Some((_, v)) = new.game.checked.params.iter().find(|(n, _)| *n == name) {
                    say!("{name} = {v}");
                }
                return Ok(Some(Flow::Replace(Box::new(new))));
            }
            Command::Unset(name) => {
                let l = self.loaded.ok_or_else(no_ruleset)?;
                check_param(l, &name)?;
                if !l.overrides.iter().any(|o| override_name(o) == name) {
                    return Err(ReplError::AlreadyDefault { name }.into());
                }
                let overrides: Vec<String> = l
                    .overrides
                    .iter()
                    .filter(|o| override_name(o) != name)
                    .cloned()
                    .collect();
                let new = l.with_overrides(overrides)?;
                if let Some((_, v)) = new.game.checked.params.iter().find(|(n, _)| *n == name) {
                    say!("{name} = {v}   (the default)");
                }
                return Ok(Some(Flow::Replace(Box::new(new))));
            }
            Command::Stats => {
                let stored = self
                    .solver
                    .as_ref()
                    .map_or(0, super::super::solver::search::Solver::positions_stored);
                emit(&render::stats(
                    self.loaded.map(|l| &l.game),
                    stored,
                    ui.limit,
                    ui.last,
                ));
            }
            Command::Limit(n) => {
                ui.limit = n;
                if let Some(s) = self.solver.as_mut() {
                    s.set_budget(ui.budget());
                }
                match n {
                    Some(n) => say!("computations stop once {n} positions are stored"),
                    None => {
                        say!(
                            "no limit on the positions stored but what the available memory holds"
                        );
                    }
                }
            }
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

    /// `:check`: the claims, as `heapgame check` checks them (one run per `check` line, or
    /// one with the parameters set), on the ruleset's text as loaded.
    fn check(&mut self, ui: &mut Ui, max: Option<u32>, heaps: Option<usize>) -> Result<(), Report> {
        let l = self.loaded.ok_or_else(no_ruleset)?;
        let src = &l.game.src;
        let runs = crate::verify::runs::runs_of(src.name(), src.inner(), &l.overrides, max, heaps)?;
        for (game, bounds) in &runs {
            let budget = ui.budget();
            let report = ui.compute(|| check_claims(game, *bounds, budget))?;
            emit(&crate::report::check::text_report(&l.file, game, &report));
        }
        Ok(())
    }

    /// `:plot`: writes the picture of the loaded ruleset and prints its path.
    fn plot(&mut self, ui: &mut Ui, p: &command::PlotCommand) -> Result<(), Report> {
        let l = self.loaded.ok_or_else(no_ruleset)?;
        let path = crate::report::picture::repl_path(&l.file, p.output.as_deref(), p.req.grundy);
        let budget = ui.budget();
        let fail = |e: &SolveError<MoveError>| solve_error(&l.game, e);
        let bytes =
            ui.compute(|| crate::report::picture::draw(&l.game, &p.req, &path, &budget, &fail))?;
        crate::report::output::write_whole(&path, &bytes)?;
        // PNG only: kitty and iTerm2 do not show SVG.
        let png = crate::report::picture::format_of(&path)? == crate::plot::ImageFormat::Png;
        if let Some(proto) = inline_image::detect().filter(|_| png) {
            emit(&inline_image::escape(proto, &bytes));
        }
        say!("wrote {}", path.display());
        Ok(())
    }

    /// `:diff`: against a formula or another ruleset, as `heapgame diff` compares them.
    fn diff(&mut self, ui: &mut Ui, req: &DiffRequest) -> Result<(), Report> {
        let l = self.loaded.ok_or_else(no_ruleset)?;
        let game = &l.game;
        let first = game.checked.check_runs.first();
        let bounds = Bounds::resolve(game, req.max, req.heaps, first).map_err(|m| {
            let ruleset = game.checked.name.clone();
            match m {
                MissingBound::Max => ReplError::DiffNeedsMax { ruleset },
                MissingBound::Heaps => ReplError::DiffNeedsHeaps { ruleset },
            }
        })?;
        let show = req.show.unwrap_or(10);
        let budget = ui.budget();
        let report = match (&req.formula, &req.other) {
            (Some(text), _) => {
                let f = formula_from_text(game, text)?;
                ui.compute(|| {
                    diff(
                        game,
                        Side::Formula(&f, text.clone()),
                        bounds,
                        req.grundy,
                        show,
                        budget,
                    )
                })?
            }
            (None, Some(file)) => {
                let other = Loaded::load(Path::new(file), l.overrides.clone())?;
                ui.compute(|| {
                    diff(
                        game,
                        Side::Game(&other.game),
                        bounds,
                        req.grundy,
                        show,
                        budget,
                    )
                })?
            }
            (None, None) => return Err(ReplError::DiffNeedsSide.into()),
        };
        emit(&crate::report::diff::text_report(&report));
        Ok(())
    }

    /// A position typed as text: outcome, Grundy value, winning moves.
    fn eval(&mut self, ui: &mut Ui, text: &str) -> Result<(), Report> {
        let (l, _) = self.parts()?;
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

    fn eval_pos(&mut self, ui: &mut Ui, pos: &[u32]) -> Result<(), Report> {
        let (l, solver) = self.parts()?;
        // As `heapgame eval` does: refuse up front a position whose followers alone cannot be
        // generated or held within the default memory limit.
        let memory = crate::cli::common::default_max_memory();
        if let Some(d) = crate::estimate::followers_refusal(
            &format!("solving {}", show_position(pos)),
            crate::estimate::followers_at_least(l.game.generator(), pos),
            crate::cli::common::estimate_heaps(&l.game, pos),
            memory.as_ref().map(|(cap, why)| (*cap, why.as_str())),
        ) {
            let d = d.help("ask about a smaller position");
            let err = crate::ruleset::diag::LoadError::single(l.game.src.clone(), d);
            return Err(Report::new(err));
        }
        let (g, wins) = match ui.compute(|| {
            let g = solver.grundy(pos)?;
            let wins = solver.winning_moves(pos)?;
            Ok((g, wins))
        }) {
            // A loopy game in normal play: Smith's values of the region.
            Err(SolveError::Cycle(_)) if l.game.play() == crate::solver::Play::Normal => {
                let budget = ui.budget();
                let sol = ui.compute(|| super::loopy::solve(&l.game, pos, &budget))?;
                emit(&super::loopy::eval_text(&sol));
                return Ok(());
            }
            r => r.map_err(|e| solve_error(&l.game, &e))?,
        };
        if l.game.play() == crate::solver::Play::Misere {
            use crate::solver::genus::{genus, GenusError};
            let budget = ui.budget();
            let gen = l.game.generator();
            let g_text = match ui.compute(|| match genus(gen, pos, &budget) {
                Ok(x) => Ok(x.to_string()),
                Err(GenusError::Unsettled) => Ok("not settled".to_string()),
                Err(GenusError::Solve(e)) => Err(e),
            }) {
                Ok(t) => t,
                Err(e) => return Err(solve_error(&l.game, &e)),
            };
            emit(&render::eval_in(pos, g, &wins, Some(&g_text)));
            return Ok(());
        }
        emit(&render::eval(pos, g, &wins));
        Ok(())
    }

    /// `:moves [POSITION]` (at most [`MOST_LISTED`] followers).
    fn moves(&mut self, ui: &mut Ui, text: Option<&str>) -> Result<(), Report> {
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
                let budget = ui.budget();
                let sol = ui.compute(|| super::loopy::solve(&l.game, &pos, &budget))?;
                emit(&super::loopy::moves_text(&sol));
                return Ok(());
            }
            r => r.map_err(|e| solve_error(&l.game, &e))?,
        };
        emit(&render::moves(&pos, &list));
        Ok(())
    }

    /// A move in the game in progress: a position or a move number.
    fn user_move(&mut self, ui: &mut Ui, text: &str) -> Result<(), Report> {
        let l = self.loaded.ok_or_else(no_ruleset)?;
        let solver = self.solver.as_mut().ok_or_else(no_ruleset)?;
        let play = self.play.as_mut().ok_or_else(no_game)?;
        let from = play.current().to_vec();
        let fs = solver
            .followers(&from)
            .map_err(|e| solve_error(&l.game, &e))?;
        let shape = l.game.shape();
        let one_number_is_a_position = matches!(shape.count, None | Some(1));
        let number = match text.strip_prefix('#') {
            Some(n) => Some(n.trim()),
            None if !one_number_is_a_position && text.bytes().all(|b| b.is_ascii_digit()) => {
                Some(text)
            }
            None => None,
        };
        let to = match number {
            Some(n) => {
                let i = n.parse::<usize>().ok().filter(|&i| i >= 1 && i <= fs.len());
                match i {
                    Some(i) => fs[i - 1].clone(),
                    None => {
                        return Err(ReplError::NoSuchMove {
                            number: n.to_string(),
                            from: show_position(&from),
                            count: fs.len(),
                        }
                        .into())
                    }
                }
            }
            None => {
                let to = l
                    .game
                    .read_position(&[text.to_string()])
                    .map_err(Report::new)?;
                if !fs.contains(&to) {
                    return Err(ReplError::NotAMove {
                        from: show_position(&from),
                        to: show_position(&to),
                        ruleset: l.game.checked.name.clone(),
                    }
                    .into());
                }
                to
            }
        };
        let out = ui
            .compute(|| play.user_move(solver, to))
            .map_err(|e| solve_error(&l.game, &e))?;
        emit(&out);
        Ok(())
    }
}

fn no_game() -> Report {
    ReplError::NoGame.into()
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
        e => game.solve_error(e),
    }
}

/// The name of a `NAME=VALUE` override.
fn override_name(o: &str) -> &str {
    o.split_once('=').map_or(o, |(n, _)| n).trim()
}

/// An error unless `name` is a parameter of the loaded ruleset.
fn check_param(l: &Loaded, name: &str) -> Result<(), Report> {
    let names = l.param_names();
    if names.iter().any(|n| n == name) {
        return Ok(());
    }
    let suggestion = crate::ruleset::diag::suggest(name, names.iter().map(String::as_str));
    Err(ReplError::NotParameter {
        name: name.to_string(),
        ruleset: l.game.checked.name.clone(),
        suggestion: suggestion.map(str::to_string),
        names,
    }
    .into())
}

/// Whether the loaded ruleset has a parameter `name` (which `:set NAME` then sets).
fn l_has_param(l: Option<&Loaded>, name: &str) -> bool {
    l.is_some_and(|l| l.game.checked.params.iter().any(|(n, _)| n == name))
}
