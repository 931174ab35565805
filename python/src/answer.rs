//! One position's answer as Python receives it: a tuple in the order of
//! `heapgame.Evaluation`'s fields (the hot path of a memoized `eval`: no dict), each follower
//! with the first `move` clause that reaches it, in words, and a loopy game's answer by
//! Smith's values.

use std::collections::HashMap;

use heapgame::moves::{Followers, Scratch};
use heapgame::query::{Evaluation, Route};
use heapgame::solver::loopy::{LoopyOutcome, LoopySolution, LoopyValue};
use heapgame::solver::Play;
use heapgame::Game;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// A position as a Python tuple.
pub(crate) fn tuple<'py>(py: Python<'py>, p: &[u32]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, p)
}

/// The text of `move` clause `i` on one line: `take 1.. from one heap`.
fn clause_text(game: &Game, i: usize) -> String {
    let span = game.generator().moves[i].span.clone();
    let body = game.src.inner().get(span).unwrap_or("").trim();
    let body = body.strip_prefix("move").unwrap_or(body).trim();
    let body = body
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .unwrap_or(body);
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// For each follower of `pos`, the first `move` clause (in source order) that reaches it, in
/// words.
pub(crate) fn clauses(game: &Game, pos: &[u32]) -> HashMap<Vec<u32>, String> {
    let gen = game.generator();
    let mut found = HashMap::new();
    let (mut scratch, mut out) = (Scratch::default(), Followers::new());
    for i in 0..gen.moves.len() {
        if gen
            .clause(i)
            .followers(pos, &mut scratch, &mut out)
            .is_err()
        {
            continue;
        }
        let mut text = None;
        for f in out.to_sorted_vecs() {
            found
                .entry(f)
                .or_insert_with(|| text.get_or_insert_with(|| clause_text(game, i)).clone());
        }
    }
    found
}

fn route_text(r: &Route) -> String {
    match r {
        Route::Kernel(k) => format!("kernel {k}"),
        Route::KernelOutcome(k) => {
            format!("kernel {k}, outcomes only (the time limit came before the Grundy values)")
        }
        Route::Search => "search".to_string(),
        Route::SearchNoQuotient(why) => format!("search ({why})"),
        Route::Quotient { max, order } => {
            format!("misère quotient of heaps 1..{max} (order {order})")
        }
    }
}

fn loopy_value(py: Python<'_>, v: &LoopyValue) -> PyResult<Py<PyAny>> {
    Ok(match v {
        LoopyValue::Finite(n) => n.into_pyobject(py)?.into_any().unbind(),
        inf => inf.to_string().into_pyobject(py)?.into_any().unbind(),
    })
}

/// One position's answer as Python gets it, in the order of `heapgame.Evaluation`'s fields:
/// position, outcome, grundy, winning moves, followers (or `None`), play, route, stored,
/// genus, drawing moves. A tuple, not a dict: this is the hot path of a memoized `eval`.
pub(crate) struct Reply<'py> {
    outcome: &'static str,
    grundy: Py<PyAny>,
    wins: Bound<'py, PyList>,
    followers: Option<Bound<'py, PyList>>,
    route: String,
    stored: usize,
    genus: Option<String>,
    draws: Bound<'py, PyList>,
}

impl<'py> Reply<'py> {
    pub(crate) fn into_tuple(
        self,
        py: Python<'py>,
        game: &Game,
        pos: &[u32],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let outcome = match self.outcome {
            "P" => intern!(py, "P"),
            "N" => intern!(py, "N"),
            _ => intern!(py, "D"),
        };
        let play = match game.play() {
            Play::Normal => intern!(py, "normal"),
            Play::Misere => intern!(py, "misere"),
        };
        let items: [Py<PyAny>; 10] = [
            tuple(py, pos)?.into_any().unbind(),
            outcome.clone().into_any().unbind(),
            self.grundy,
            self.wins.into_any().unbind(),
            self.followers
                .map_or_else(|| py.None(), |f| f.into_any().unbind()),
            play.clone().into_any().unbind(),
            self.route.into_pyobject(py)?.into_any().unbind(),
            self.stored.into_pyobject(py)?.into_any().unbind(),
            self.genus.map_or_else(
                || py.None(),
                |g| {
                    g.into_pyobject(py)
                        .map(|g| g.into_any().unbind())
                        .unwrap_or_else(|_| py.None())
                },
            ),
            self.draws.into_any().unbind(),
        ];
        PyTuple::new(py, items)
    }
}

fn positions<'py>(py: Python<'py>, ps: &[Vec<u32>]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for p in ps {
        out.append(tuple(py, p)?)?;
    }
    Ok(out)
}

/// A loopy game's answer: outcome P, N or D, Smith's value, the good moves, the followers.
pub(crate) fn loopy_reply<'py>(
    py: Python<'py>,
    game: &Game,
    pos: &[u32],
    sol: &LoopySolution,
    followers: bool,
) -> PyResult<Reply<'py>> {
    let root = sol.root();
    let outcome = root.outcome();
    let good = sol.good_moves(0);
    let none: Vec<Vec<u32>> = Vec::new();
    let fs = if followers {
        let words = clauses(game, pos);
        let fs = PyList::empty(py);
        for &w in &sol.graph.succ[0] {
            let f = sol.graph.position(w);
            let v = loopy_value(py, &sol.values[w as usize])?;
            fs.append((tuple(py, f)?, v, words.get(f).cloned().unwrap_or_default()))?;
        }
        Some(fs)
    } else {
        None
    };
    Ok(Reply {
        outcome: match outcome {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
        },
        grundy: loopy_value(py, root)?,
        wins: positions(
            py,
            if outcome == LoopyOutcome::N {
                &good
            } else {
                &none
            },
        )?,
        followers: fs,
        route: "loopy (Smith's values)".to_string(),
        stored: sol.graph.len(),
        genus: None,
        draws: positions(
            py,
            if outcome == LoopyOutcome::D {
                &good
            } else {
                &none
            },
        )?,
    })
}

/// A position's values as Python gets them.
pub(crate) fn values_reply<'py>(
    py: Python<'py>,
    game: &Game,
    pos: &[u32],
    e: Evaluation,
) -> PyResult<Reply<'py>> {
    let fs = match &e.followers {
        None => None,
        Some(fs) => {
            let words = clauses(game, pos);
            let out = PyList::empty(py);
            for (f, g) in fs {
                let w = words.get(f).cloned().unwrap_or_default();
                out.append((tuple(py, f)?, *g, w))?;
            }
            Some(out)
        }
    };
    Ok(Reply {
        outcome: if e.is_p { "P" } else { "N" },
        grundy: e.grundy.into_pyobject(py)?.into_any().unbind(),
        wins: positions(py, &e.wins)?,
        followers: fs,
        route: route_text(&e.route),
        stored: e.stored,
        genus: e.genus,
        draws: PyList::empty(py),
    })
}
