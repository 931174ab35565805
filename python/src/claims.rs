//! `Ruleset.check` from Python: every claim of the ruleset against the solver, asked of the
//! query floor as `heapgame check` asks it ([`heapgame::query::check::check`]): one run per
//! `check` line (each with its `with` values), or one run over the box asked for. Each run
//! visits the positions of its box in `check`'s order, so the first counterexample is the
//! smallest; `time=` is shared among the runs, and a run it stops says how far it got (its
//! claims hold only so far). Rendered here as dicts; a failure raises.

use std::path::{Path, PathBuf};
use std::time::Duration;

use heapgame::query::check::{check, Answer, CheckAsk, CheckFront, FamiliesChecked};
use heapgame::query::check_box::{check_box, BoxRefusal, Boxes};
use heapgame::query::check_ranges::RangeDone;
use heapgame::query::hooks::{FileRun, Job, RegionAsk};
use heapgame::ruleset::check::CheckRun;
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::ruleset::ParamOverride;
use heapgame::solver::positions::box_size;
use heapgame::solver::{Budget, Clock};
use heapgame::verify::check::{params_shown, CheckReport, Checker, ClaimReport};
use heapgame::verify::coverage::Coverage;
use heapgame::verify::region::Region;
use heapgame::verify::{Bounds, CheckError, MissingBound};
use heapgame::Game;
use miette::Report;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{diagnostic_to_py, to_py, Kind};
use crate::native::Native;
use crate::run::{Limits, Run};

/// One run's result, before it becomes Python data.
struct RunOut {
    params: Vec<(String, String)>,
    region: String,
    positions: u64,
    visited: u64,
    stopped: bool,
    claims: Vec<ClaimReport>,
}

fn problem(game: &Game, code: Code, message: String, help: &str) -> LoadError {
    LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, message, "").help(help),
    )
}

/// The games to check, each with its `check` line: the box asked for (or the ruleset's
/// overrides given) makes one run with the first line's bounds; else one run per line. Each
/// is loaded again from the text (a run owns its game), in the ruleset's play.
fn games(native: &Native, max: Option<u32>) -> Result<Vec<(Game, Option<CheckRun>)>, LoadError> {
    let lines = native.game.checked.check_runs.clone();
    let load = |with: &[ParamOverride]| {
        let mut game = Game::from_source_overrides(&native.name, &native.text, with)?;
        game.set_play(native.game.play());
        Ok::<Game, LoadError>(game)
    };
    if max.is_some() || !native.overrides.is_empty() || lines.is_empty() {
        let own: Vec<ParamOverride> = (native.overrides.iter())
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        return Ok(vec![(load(&own)?, lines.first().cloned())]);
    }
    let mut out = Vec::new();
    for line in lines {
        let with: Vec<ParamOverride> = line
            .with
            .iter()
            .map(|(n, v)| ParamOverride {
                text: format!("{n}={v}"),
            })
            .collect();
        out.push((load(&with)?, Some(line)));
    }
    Ok(out)
}

/// The box of a run: the one asked for, else its `check` line's (the query floor's choice,
/// [`Boxes::Full`]); a refusal in Python's words (`max=`, `heaps=`).
fn bounds(
    game: &Game,
    line: Option<&CheckRun>,
    max: Option<u32>,
    heaps: Option<usize>,
) -> Result<Bounds, LoadError> {
    check_box(game, line, (max, heaps), Boxes::Full).map_err(|refusal| {
        let help = match refusal {
            BoxRefusal::Missing(MissingBound::Max) => {
                "give max=, or add a line `check max N` to the ruleset"
            }
            BoxRefusal::Missing(MissingBound::Heaps) => {
                "give heaps=, or write `check max N heaps K` in the ruleset"
            }
            BoxRefusal::TooLarge { .. } => "give a smaller max=",
        };
        let message = refusal.error(game).to_string();
        problem(game, refusal.code(), message, help)
    })
}

/// Python's side of a check: each part within the call's budget, its deadline on the
/// system's clock; each run's answer kept; a failure stops the check.
struct Front<'a> {
    budget: &'a Budget,
    outs: Vec<RunOut>,
}

impl CheckFront for Front<'_> {
    type Run = Budget;

    fn clock(&self) -> Clock {
        Clock::system()
    }

    fn start(&self, job: &Job<'_>) -> Budget {
        let mut budget = self.budget.clone();
        if let Some(t) = job.time {
            let share = Clock::system().deadline(t);
            let at = (budget.deadline.as_ref()).map_or(share.at, |d| d.at.min(share.at));
            budget.deadline = Some(share.clock.at(at));
        }
        budget
    }

    fn answer(&mut self, run: &FileRun, answer: &Answer) -> Result<(), Report> {
        if let Answer::Checked(r) = answer {
            self.outs.push(out_of(run, r));
        }
        Ok(())
    }

    fn failed(&mut self, run: &FileRun, e: Report) -> Result<(), Report> {
        match e.downcast_ref::<CheckError>() {
            // The time was up before the box was listed: stopped before its first position.
            Some(CheckError::DeadlineDrawing(_)) => {
                self.outs.push(stopped_out(run));
                Ok(())
            }
            _ => Err(e),
        }
    }

    fn families(&mut self, _: &Path, _: &FamiliesChecked) -> Result<(), Report> {
        Ok(())
    }

    fn coverage(&mut self, _: &Path, _: &Coverage) {}

    fn range_done(&mut self, _: &Path, _: &RangeDone) -> Result<(), Report> {
        Ok(())
    }
}

/// A run's answer.
fn out_of((_, game, bounds, _): &FileRun, r: &CheckReport) -> RunOut {
    RunOut {
        params: params_shown(game),
        region: Region::Box(*bounds).describe(game.shape()),
        positions: r.positions,
        visited: r.seen.positions,
        stopped: r.stopped.is_some(),
        claims: r.claims.clone(),
    }
}

/// A run the time stopped before its first position: every claim open, nothing visited.
fn stopped_out((_, game, bounds, _): &FileRun) -> RunOut {
    RunOut {
        params: params_shown(game),
        region: Region::Box(*bounds).describe(game.shape()),
        positions: box_size(game.shape(), bounds.max, bounds.heaps)
            .and_then(|n| u64::try_from(n).ok())
            .unwrap_or(0),
        visited: 0,
        stopped: true,
        claims: Checker::new(game, Budget::default()).claims,
    }
}

/// A failure of the check as a Python exception: the position limit and a box too large as
/// `LimitError`, Ctrl-C as `KeyboardInterrupt`, the rest as `SolveError`.
fn check_error(py: Python<'_>, source: &str, e: &Report) -> PyErr {
    match e.downcast_ref::<CheckError>() {
        Some(CheckError::Located(l)) if l.diags.iter().any(|d| d.code == Code::Limit) => {
            to_py(py, l, Kind::Limit("positions"))
        }
        Some(CheckError::Located(l)) => to_py(py, l, Kind::Solve),
        Some(CheckError::Cancelled(_)) => pyo3::exceptions::PyKeyboardInterrupt::new_err(""),
        Some(e @ CheckError::TooLarge { .. }) => {
            diagnostic_to_py(py, e, source, Kind::Limit("memory"))
        }
        Some(e) => diagnostic_to_py(py, e, source, Kind::Solve),
        None => diagnostic_to_py(py, e.as_ref(), source, Kind::Solve),
    }
}

/// A claim's state: `ok`, `fail`, `known` (fails where the file says it does), `n/a` (its
/// `when` is false for the run's parameters) or `empty` (no position in its scope).
fn state(c: &ClaimReport) -> &'static str {
    match &c.failure {
        Some(f) if c.expected(f) => "known",
        Some(_) => "fail",
        None if c.held_at.is_some() => "fail",
        None if !c.applies => "n/a",
        None if c.checked == 0 => "empty",
        None => "ok",
    }
}

fn claim_dict<'py>(py: Python<'py>, c: &ClaimReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("line", c.line)?;
    d.set_item("text", &c.text)?;
    d.set_item("state", state(c))?;
    d.set_item("checked", c.checked)?;
    d.set_item("silent", c.silent)?;
    d.set_item(
        "held_at",
        c.held_at
            .as_ref()
            .map(|p| PyTuple::new(py, p))
            .transpose()?,
    )?;
    let failure = match &c.failure {
        None => None,
        Some(f) => {
            let x = PyDict::new(py);
            x.set_item("position", PyTuple::new(py, &f.position)?)?;
            x.set_item(
                "claimed",
                f.said.clone().unwrap_or_else(|| f.claimed.to_string()),
            )?;
            x.set_item("actual", f.actual.to_string())?;
            x.set_item("why", &f.why)?;
            Some(x)
        }
    };
    d.set_item("counterexample", failure)?;
    Ok(d)
}

impl Native {
    /// Every claim against the solver; each run as a dict.
    pub(crate) fn check_claims<'py>(
        &self,
        py: Python<'py>,
        max: Option<u32>,
        heaps: Option<usize>,
        limits: Limits,
    ) -> PyResult<Bound<'py, PyList>> {
        let run = Run::new(limits)?;
        let games = games(self, max).map_err(|e| to_py(py, &e, Kind::Ruleset))?;
        let file = PathBuf::from(&self.name);
        let mut all: Vec<FileRun> = Vec::new();
        for (game, line) in games {
            let b = bounds(&game, line.as_ref(), max, heaps)
                .map_err(|e| to_py(py, &e, Kind::Ruleset))?;
            all.push((file.clone(), game, b, None));
        }
        let ask = CheckAsk {
            region: RegionAsk::default(),
            time: (limits.time).and_then(|t| Duration::try_from_secs_f64(t).ok()),
            own_params: self.overrides.is_empty(),
            strict: false,
            within_box: true,
        };
        let outs = run.watched(py, |budget| {
            let mut front = Front {
                budget,
                outs: Vec::new(),
            };
            check(&ask, &all, &mut front).map(|_| front.outs)
        })?;
        let source = self.game.src.name().to_string();
        let outs = outs.map_err(|e| check_error(py, &source, &e))?;
        let list = PyList::empty(py);
        for o in outs {
            let d = PyDict::new(py);
            d.set_item("params", o.params)?;
            d.set_item("region", o.region)?;
            d.set_item("positions", o.positions)?;
            d.set_item("visited", o.visited)?;
            d.set_item("stopped", o.stopped)?;
            let claims = PyList::empty(py);
            for c in &o.claims {
                claims.append(claim_dict(py, c)?)?;
            }
            d.set_item("claims", claims)?;
            list.append(d)?;
        }
        Ok(list)
    }
}
