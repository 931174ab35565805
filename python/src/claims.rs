//! `Ruleset.check` from Python: every claim of the ruleset against the solver, as
//! `heapgame check` runs them, through the library's [`Checker`]: one run per `check` line
//! (each with its `with` values), or one run over the box asked for. Each run visits the
//! positions of its box in `check`'s order, so the first counterexample is the smallest; a run
//! stopped by `time=` says how far it got (its claims hold only so far).

use std::sync::Arc;

use heapgame::game::AnyCount;
use heapgame::moves::MoveError;
use heapgame::ruleset::check::CheckRun;
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::ruleset::ParamOverride;
use heapgame::solver::{Budget, SolveError};
use heapgame::verify::check::{params_shown, Checker, ClaimReport, Halt};
use heapgame::verify::region::Region;
use heapgame::verify::{Bounds, CheckError, MissingBound};
use heapgame::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{diagnostic_to_py, to_py, Kind};
use crate::native::Native;
use crate::run::{Limits, Run};

/// One run's result, before it becomes Python data.
struct RunOut {
    params: Vec<(String, String)>,
    region: String,
    positions: usize,
    visited: usize,
    stopped: bool,
    claims: Vec<ClaimReport>,
}

/// Why a check stopped with no report.
enum Failed {
    /// A located problem (no bounds, a claim that cannot be evaluated, a loop).
    Load(LoadError, Kind),
    /// The position limit.
    Limit(LoadError),
    /// Any other problem of the checker.
    Check(CheckError),
}

fn problem(game: &Game, code: Code, message: String, help: &str) -> LoadError {
    LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, message, "").help(help),
    )
}

/// A game to check and its `check` line.
type GameRun = (Arc<Game>, Option<CheckRun>);

/// The games to check, each with its `check` line: the box asked for (or the ruleset's
/// overrides given) makes one run with the first line's bounds; else one run per line.
fn games(native: &Native, max: Option<u32>) -> Result<Vec<GameRun>, LoadError> {
    let base = native.game.clone();
    let lines = base.checked.check_runs.clone();
    if max.is_some() || !native.overrides.is_empty() || lines.is_empty() {
        return Ok(vec![(base, lines.first().cloned())]);
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
        let mut game = Game::from_source_overrides(&native.name, &native.text, &with)?;
        game.set_play(base.play());
        out.push((Arc::new(game), Some(line)));
    }
    Ok(out)
}

fn one_run(
    game: &Game,
    line: Option<&CheckRun>,
    max: Option<u32>,
    heaps: Option<usize>,
    budget: &Budget,
) -> Result<RunOut, Failed> {
    let bounds = Bounds::resolve(game, max, heaps, line).map_err(|m| {
        let e = match m {
            MissingBound::Max => problem(
                game,
                Code::Usage,
                format!("`{}` declares no bounds for check", game.checked.name),
                "give max=, or add a line `check max N` to the ruleset",
            ),
            MissingBound::Heaps => problem(
                game,
                Code::Usage,
                AnyCount(&game.checked.name).to_string(),
                "give heaps=, or write `check max N heaps K` in the ruleset",
            ),
        };
        Failed::Load(e, Kind::Ruleset)
    })?;
    let region = Region::Box(bounds);
    let mut positions = region.positions_within(game.shape(), budget).map_err(|e| {
        Failed::Load(
            problem(game, Code::TooLarge, e.to_string(), "lower max or heaps"),
            Kind::Limit("memory"),
        )
    })?;
    positions.retain(|p| game.allows(p));
    let mut c = Checker::new(game, budget.clone());
    let (mut visited, mut stopped) = (0, false);
    for pos in &positions {
        if c.all_failed() {
            break;
        }
        match c.visit(pos) {
            Ok(()) => visited += 1,
            Err(Halt::Deadline) => {
                stopped = true;
                break;
            }
            Err(Halt::Limit(limit)) => {
                let shown = heapgame::game::show_position(pos);
                let message = format!(
                    "{}, while checking the claims at {shown}",
                    SolveError::<MoveError>::Limit { limit }
                );
                let help = "raise max_positions, or check a smaller box";
                return Err(Failed::Limit(problem(game, Code::Limit, message, help)));
            }
            Err(Halt::Error(e)) => return Err(Failed::Check(e)),
        }
    }
    Ok(RunOut {
        params: params_shown(game),
        region: region.describe(game.shape()),
        positions: positions.len(),
        visited,
        stopped,
        claims: c.claims,
    })
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
        let outs = run.watched(py, |budget| {
            games
                .iter()
                .map(|(g, line)| one_run(g, line.as_ref(), max, heaps, budget))
                .collect::<Result<Vec<RunOut>, Failed>>()
        })?;
        let source = self.game.src.name().to_string();
        let outs = outs.map_err(|f| match f {
            Failed::Load(e, kind) => to_py(py, &e, kind),
            Failed::Limit(e) => to_py(py, &e, Kind::Limit("positions")),
            Failed::Check(CheckError::Located(l)) => to_py(py, &l, Kind::Solve),
            Failed::Check(CheckError::Cancelled(_)) => {
                pyo3::exceptions::PyKeyboardInterrupt::new_err("")
            }
            Failed::Check(e) => diagnostic_to_py(py, &e, &source, Kind::Solve),
        })?;
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
