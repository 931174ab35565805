//! `Ruleset.diff` from Python: two rulesets, or a ruleset and a built-in formula, compared
//! over a box by the query floor's one diff (`query::diff`: what is compared, two sums by
//! their single heaps, and the bounds, then the comparison), as `heapgame diff` compares
//! them; rendered here as a dict: how many positions differ, and the first few, each with
//! both sides' answers and reasons.

use heapgame::game::AnyCount;
use heapgame::query::diff::{compare, plan, DiffAsk};
use heapgame::query::hooks::{Job, RegionAsk};
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::verify::diff::{formula_from_text, Side};
use heapgame::verify::{CheckError, MissingBound};
use heapgame::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::errors::{diagnostic_to_py, to_py, Kind};
use crate::run::{Limits, Run};

/// What the other side is: a ruleset, or a formula's text.
pub(crate) enum Other<'a> {
    /// Another ruleset.
    Game(&'a Game),
    /// A built-in formula as written (`beatty(pi)`, `nim`).
    Formula(String),
}

fn check_error(py: Python<'_>, game: &Game, e: CheckError) -> PyErr {
    match e {
        CheckError::Located(l) => to_py(py, &l, Kind::Solve),
        CheckError::Cancelled(_) => pyo3::exceptions::PyKeyboardInterrupt::new_err(""),
        e => diagnostic_to_py(py, &e, game.src.name(), Kind::Solve),
    }
}

/// `game` compared with `other` over the box with every heap `<= max`, as a dict.
#[allow(clippy::too_many_arguments)]
pub(crate) fn diff<'py>(
    py: Python<'py>,
    game: &Game,
    other: Other<'_>,
    max: u32,
    heaps: Option<usize>,
    grundy: bool,
    keep: usize,
    limits: Limits,
) -> PyResult<Bound<'py, PyDict>> {
    let run = Run::new(limits)?;
    let ask = DiffAsk {
        max: Some(max),
        heaps,
        grundy,
        show: keep,
        region: RegionAsk::default(),
        time: None,
    };
    let other_game = match &other {
        Other::Game(g) => Some(*g),
        Other::Formula(_) => None,
    };
    let planned = plan(game, other_game, ask).map_err(|m| {
        let message = match m {
            MissingBound::Heaps => AnyCount(&game.checked.name).to_string(),
            MissingBound::Max => "give max=".to_string(),
        };
        let d = Diag::new(Code::Usage, 0..0, message, "").help("give heaps=");
        to_py(py, &LoadError::single(game.src.clone(), d), Kind::Ruleset)
    })?;
    let built = match &other {
        Other::Formula(text) => Some(formula_from_text(game, text).map_err(|e| match e {
            CheckError::Located(l) => to_py(py, &l, Kind::Ruleset),
            e => diagnostic_to_py(py, &e, "formula", Kind::Ruleset),
        })?),
        Other::Game(_) => None,
    };
    let side = match (&other, &built) {
        (Other::Game(g), _) => Side::Game(g),
        (Other::Formula(text), Some(b)) => Side::Formula(b, text.clone()),
        (Other::Formula(_), None) => unreachable!("the formula was built above"),
    };
    let file = std::path::Path::new(game.src.name());
    let report = run
        .watched(py, |budget| {
            let start = |_: &Job<'_>| budget.clone();
            compare(game, side, &planned, (file, start), &mut |_| {})
        })?
        .map_err(|e| match e.downcast::<CheckError>() {
            Ok(e) => check_error(py, game, e),
            Err(e) => diagnostic_to_py(py, e.as_ref(), game.src.name(), Kind::Solve),
        })?;
    let d = PyDict::new(py);
    d.set_item("a", &report.a)?;
    d.set_item("b", &report.b)?;
    d.set_item("grundy", report.grundy)?;
    d.set_item("region", &report.region)?;
    d.set_item("positions", report.positions)?;
    d.set_item("silent", report.silent)?;
    d.set_item("differences", report.differences)?;
    d.set_item("stopped", report.stopped.as_deref())?;
    let first = PyList::empty(py);
    for x in &report.first {
        first.append((
            PyTuple::new(py, &x.position)?,
            x.a.to_string(),
            x.b.to_string(),
            &x.why_a,
            &x.why_b,
        ))?;
    }
    d.set_item("first", first)?;
    Ok(d)
}
