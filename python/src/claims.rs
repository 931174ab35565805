//! `Ruleset.check` from Python: every claim of the ruleset against the solver, asked of the
//! query floor as `heapgame check` asks it: the runs planned by
//! [`heapgame::query::check_runs::plan_runs`] (one per `check` line with its `with` values,
//! or one with the parameters given; `max=` and `heaps=` replace each run's bounds, as
//! `--max` and `--heaps` do), checked by [`heapgame::query::check::check`]. Each run visits
//! the positions of its box (or those its `check over` line lists) in `check`'s order, so the
//! first counterexample is the smallest; `time=` is shared among the runs, and a run it stops
//! says how far it got (its claims hold only so far). Rendered here as dicts; a failure
//! raises.

use std::path::{Path, PathBuf};
use std::time::Duration;

use heapgame::query::check::{check, Answer, CheckAsk, CheckFront, FamiliesChecked};
use heapgame::query::check_box::{BoxRefusal, Boxes};
use heapgame::query::check_ranges::RangeDone;
use heapgame::query::check_runs::{plan_runs, RunsAsk};
use heapgame::query::hooks::{FileRun, Job, RegionAsk};
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::solver::positions::box_size;
use heapgame::solver::{Budget, Clock, Play};
use heapgame::verify::check::{params_shown, CheckReport, Checker, ClaimReport};
use heapgame::verify::coverage::Coverage;
use heapgame::verify::region::Region;
use heapgame::verify::{CheckError, MissingBound};
use heapgame::Game;
use miette::Report;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{diagnostic_to_py, to_py, Kind};
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

/// The ruleset a check reads: its text and name, the parameters set from Python (`NAME=VALUE`
/// each) and the play it was loaded in.
pub(crate) struct Source<'a> {
    /// The file's name, for messages.
    pub(crate) name: &'a str,
    /// The ruleset's text.
    pub(crate) text: &'a str,
    /// The parameters given (`Ruleset.with_params`, the overrides of `load`).
    pub(crate) overrides: &'a [String],
    /// The play of the ruleset (its `play` line, or `play=`).
    pub(crate) play: Play,
}

/// A run the query floor gave no box, in Python's words (`max=`, `heaps=`).
fn refused(game: &Game, refusal: BoxRefusal) -> LoadError {
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
}

/// The runs of the check, planned by the query floor as `heapgame check` plans them
/// ([`plan_runs`]): one per `check` line with its parameter values, or one with the
/// parameters given; `max` and `heaps` replace each run's bounds (and a `check over` line's
/// positions by their box). Each run in the ruleset's play. A run given no box fails the
/// check, as on the command line.
fn runs(
    py: Python<'_>,
    source: &Source<'_>,
    max: Option<u32>,
    heaps: Option<usize>,
) -> PyResult<Vec<FileRun>> {
    let ask = RunsAsk {
        params: source.overrides,
        max,
        heaps,
        boxes: Boxes::Full,
    };
    let planned = plan_runs(source.name, source.text, &ask).map_err(|e| match e {
        CheckError::Located(l) => to_py(py, &l, Kind::Ruleset),
        e => diagnostic_to_py(py, &e, source.name, Kind::Ruleset),
    })?;
    let file = PathBuf::from(source.name);
    let mut out = Vec::with_capacity(planned.len());
    for (mut game, plan) in planned {
        let (bounds, over) = plan.map_err(|r| to_py(py, &refused(&game, r), Kind::Ruleset))?;
        game.set_play(source.play);
        out.push((file.clone(), game, bounds, over));
    }
    Ok(out)
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

/// Every claim of `source` against the solver; each run as a dict.
pub(crate) fn check_claims<'py>(
    py: Python<'py>,
    source: &Source<'_>,
    max: Option<u32>,
    heaps: Option<usize>,
    limits: Limits,
) -> PyResult<Bound<'py, PyList>> {
    let run = Run::new(limits)?;
    let all = runs(py, source, max, heaps)?;
    let ask = CheckAsk {
        region: RegionAsk::default(),
        time: (limits.time).and_then(|t| Duration::try_from_secs_f64(t).ok()),
        own_params: source.overrides.is_empty(),
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
    let outs = outs.map_err(|e| check_error(py, source.name, &e))?;
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
