//! `Ruleset.quotient` from Python: the misère quotient of a take-and-break game's heaps
//! `1..=max`, asked of the query floor as `heapgame quotient` asks it
//! ([`heapgame::query::quotient`]: refused when the game is not a sum of single heaps, each
//! stage proven before the next heap is added), as data: its order, multiplication table, P-portion, each heap's image, its
//! presentation (generators and relations in words) and whether it is tame.

use heapgame::query::quotient::{quotient, Quotient, QuotientAskError};
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::solver::quotient::present::{letter, Presentation};
use heapgame::solver::quotient::QuotientError;
use heapgame::solver::SolveError;
use heapgame::Game;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{to_py, Kind};
use crate::run::{Limits, Run};

fn one(game: &Game, code: Code, message: String, help: &str) -> LoadError {
    LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, message, "").help(help),
    )
}

/// A failure of the quotient as the Python exception the command line's words make.
fn failure(py: Python<'_>, game: &Game, run: &Run, e: QuotientError, context: &str) -> PyErr {
    let before = |heap: u32| match heap {
        0 | 1 => String::new(),
        h => format!(
            "`quotient({})` gives the quotient up to the heap before; ",
            h - 1
        ),
    };
    match e {
        QuotientError::Stopped(stop) => {
            run.failure(py, game, &SolveError::from_stop(stop, 0), context)
        }
        QuotientError::Moves(m) => run.failure(py, game, &SolveError::Game(m), context),
        QuotientError::NotDecreasing { heap } => {
            let message = format!(
                "a move of a heap of {heap} leaves a heap as large, so `{}` is not a take-and-break game",
                game.checked.name
            );
            to_py(
                py,
                &one(
                    game,
                    Code::NotSum,
                    message,
                    "use eval or solve in misère play",
                ),
                Kind::Ruleset,
            )
        }
        QuotientError::TooLarge { heap, bytes } => {
            let message = format!(
                "adding heap {heap} needs a table of {bytes} bytes, more than the memory limit \
                 or the machine gives; nothing was allocated, {context}"
            );
            let help = format!(
                "{}raise max_memory if the machine has the memory",
                before(heap)
            );
            to_py(
                py,
                &one(game, Code::Limit, message, &help),
                Kind::Limit("memory"),
            )
        }
        QuotientError::Unresolved { heap } => {
            let message = format!(
                "the quotient could not be settled at heap {heap}: no candidate passed the \
                 proof within 64 recalibrations, {context}"
            );
            to_py(
                py,
                &one(game, Code::Limit, message, &before(heap)),
                Kind::Solve,
            )
        }
    }
}

/// The misère quotient of `game`'s heaps `1..=max`, as a dict.
pub(crate) fn misere_quotient<'py>(
    py: Python<'py>,
    game: &Game,
    max: u32,
    limits: Limits,
) -> PyResult<Bound<'py, PyDict>> {
    let run = Run::new(limits)?;
    let context = format!("while computing the misère quotient of heaps 1..{max}");
    let Quotient { computed: c, tame } = run
        .watched(py, |budget| quotient(game, max, budget))?
        .map_err(|e| match e {
            QuotientAskError::Failed(e) => failure(py, game, &run, e, &context),
            QuotientAskError::NotSum(l) => to_py(py, &l, Kind::Ruleset),
        })?;
    let q = &c.quotient;
    let pr = Presentation::of(q);
    let d = PyDict::new(py);
    d.set_item("max", q.max_heap())?;
    d.set_item("order", q.size)?;
    d.set_item("orders", c.orders.clone())?;
    d.set_item(
        "mul",
        q.mul.clone().into_pyarray(py).reshape([q.size, q.size])?,
    )?;
    d.set_item("p_portion", q.p_portion())?;
    d.set_item("images", q.images.clone().into_pyarray(py))?;
    let gens: Vec<(String, u32)> = pr
        .generators
        .iter()
        .enumerate()
        .map(|(i, &h)| (letter(i), h))
        .collect();
    d.set_item("generators", gens)?;
    d.set_item("relations", pr.relation_texts())?;
    let names: Vec<String> = (0..q.size as u32).map(|e| pr.name(e)).collect();
    d.set_item("names", names)?;
    d.set_item("tame", tame)?;
    Ok(d)
}
