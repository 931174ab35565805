//! Problems as Python exceptions: a [`LoadError`] (a ruleset's, a parameter's or a typed
//! position's diagnostics) becomes `heapgame.RulesetError`, a failed solve `heapgame.SolveError`,
//! a solve stopped at a limit `heapgame.LimitError`; each carries every diagnostic as data
//! (code, message, line, column, label, help) and the report the command line prints, which is
//! its `str`. The classes are defined in Python (`heapgame/errors.py`) and built here.

use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::Game;
use miette::{GraphicalReportHandler, GraphicalTheme};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Which Python exception class a problem becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `RulesetError`: the text, a parameter or a position given.
    Ruleset,
    /// `SolveError`: a solve failed (a loop, a move that cannot be made).
    Solve,
    /// `LimitError` with the limit reached: `positions`, `time` or `memory`.
    Limit(&'static str),
}

/// The problems as `heapgame` prints them on a terminal without colours.
pub fn render(err: &LoadError) -> String {
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    if handler.render_report(&mut out, err).is_err() {
        // Rendering into a String never fails; keep the message anyway.
        out = err.to_string();
    }
    out
}

/// The line and column (1-based, in characters) of byte `at` of `text`, clamped to the text
/// and to a character boundary.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// One diagnostic as the keyword arguments of `heapgame.errors.Diagnostic`.
fn diagnostic<'py>(py: Python<'py>, d: &Diag, err: &LoadError) -> PyResult<Bound<'py, PyDict>> {
    let src = d.source.as_ref().unwrap_or(&err.src);
    let located = !(d.label.is_empty() && d.also.is_empty());
    let (line, column) = if located {
        let (l, c) = line_column(src.inner(), d.span.start);
        (Some(l), Some(c))
    } else {
        (None, None)
    };
    let out = PyDict::new(py);
    out.set_item("code", d.code.as_str())?;
    out.set_item("message", &d.message)?;
    out.set_item("source", src.name())?;
    out.set_item("line", line)?;
    out.set_item("column", column)?;
    out.set_item("span", located.then_some((d.span.start, d.span.end)))?;
    out.set_item("label", (!d.label.is_empty()).then_some(d.label.as_str()))?;
    out.set_item("help", d.help.as_deref())?;
    Ok(out)
}

/// The Python exception for `err`, of the class `kind` says.
pub fn to_py(py: Python<'_>, err: &LoadError, kind: Kind) -> PyErr {
    match build(py, err, kind) {
        Ok(e) => e,
        Err(e) => e,
    }
}

fn build(py: Python<'_>, err: &LoadError, kind: Kind) -> PyResult<PyErr> {
    let module = py.import("heapgame.errors")?;
    let diags = PyList::empty(py);
    for d in &err.diags {
        diags.append(diagnostic(py, d, err)?)?;
    }
    let (class, limit) = match kind {
        Kind::Ruleset => ("RulesetError", None),
        Kind::Solve => ("SolveError", None),
        Kind::Limit(which) => ("LimitError", Some(which)),
    };
    let kwargs = PyDict::new(py);
    if let Some(which) = limit {
        kwargs.set_item("limit", which)?;
    }
    let e = module
        .getattr(class)?
        .call((render(err), diags), Some(&kwargs))?;
    Ok(PyErr::from_value(e))
}

/// Any other diagnostic of the library (a picture's problems) as the exception `kind` says:
/// its code, message and help, its report as `str`, with no line or column.
pub fn diagnostic_to_py(
    py: Python<'_>,
    d: &dyn miette::Diagnostic,
    source: &str,
    kind: Kind,
) -> PyErr {
    let mut rendered = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    if handler.render_report(&mut rendered, d).is_err() {
        rendered = d.to_string();
    }
    let made = (|| -> PyResult<PyErr> {
        let one = PyDict::new(py);
        one.set_item(
            "code",
            d.code()
                .map_or("heapgame::usage".to_string(), |c| c.to_string()),
        )?;
        one.set_item("message", d.to_string())?;
        one.set_item("source", source)?;
        for key in ["line", "column", "span", "label"] {
            one.set_item(key, py.None())?;
        }
        one.set_item("help", d.help().map(|h| h.to_string()))?;
        let class = match kind {
            Kind::Ruleset => "RulesetError",
            _ => "SolveError",
        };
        let e = py
            .import("heapgame.errors")?
            .getattr(class)?
            .call1((rendered, vec![one]))?;
        Ok(PyErr::from_value(e))
    })();
    made.unwrap_or_else(|e| e)
}

/// A problem with no place in the text (a usage error, a limit), with its help.
pub fn unlocated(game: &Game, code: Code, message: String, help: &str) -> LoadError {
    LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, message, "").help(help),
    )
}
