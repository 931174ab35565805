//! The ruleset object Python holds (`heapgame._heapgame.Native`, wrapped by
//! `heapgame.Ruleset`): a loaded [`Game`] with the text and overrides it was loaded from, and
//! a memoized solver kept between calls, so that a session asks faster the second time (as
//! the REPL does). Every method Python calls is here: loading, reading positions and one
//! position's answer; the rest hand the game (and their arguments) to the file that asks the
//! library (`tables.rs`, `picture.rs`, `claims.rs`, `quotient.rs`, `diff.rs`), none of which
//! imports this one: the imports of the crate point one way, from here down.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use heapgame::moves::Generator;
use heapgame::query::{eval, Answer, EvalError, Evaluation, Route, Want};
use heapgame::ruleset::diag::{Code, Diag, LoadError};
use heapgame::ruleset::ParamOverride;
use heapgame::solver::{Play, SolveError, Solver};
use heapgame::Game;
use miette::NamedSource;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::answer::{clauses, loopy_reply, tuple, values_reply};
use crate::errors::{to_py, Kind};
use crate::picture::Picture;
use crate::run::{Limits, Run};
use crate::{claims, diff, picture, quotient, tables};

type MemoSolver<'a> = Solver<'a, Generator>;

self_cell::self_cell!(
    /// A game and its memoized solver, which borrows it.
    struct Session {
        owner: Arc<Game>,
        #[not_covariant]
        dependent: MemoSolver,
    }
);

impl Session {
    fn start(game: Arc<Game>) -> Session {
        Session::new(game, |g| g.solver())
    }
}

/// A loaded ruleset with its memoized solver.
#[pyclass(module = "heapgame._heapgame", frozen)]
pub struct Native {
    game: Arc<Game>,
    session: Mutex<Session>,
    name: String,
    text: String,
    overrides: Vec<String>,
}

impl Native {
    fn build(
        name: &str,
        text: &str,
        overrides: Vec<String>,
        play: Option<&str>,
    ) -> Result<Native, LoadError> {
        let ps: Vec<ParamOverride> = overrides
            .iter()
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        let mut game = Game::from_source_overrides(name, text, &ps)?;
        if let Some(p) = play {
            match Play::parse(p) {
                Some(p) => game.set_play(p),
                None => {
                    return Err(LoadError::single(
                        game.src.clone(),
                        Diag::new(
                            Code::Usage,
                            0..0,
                            format!("`{p}` is not a play convention"),
                            "",
                        )
                        .help("say `normal` or `misere`"),
                    ))
                }
            }
        }
        let game = Arc::new(game);
        Ok(Native {
            session: Mutex::new(Session::start(game.clone())),
            game,
            name: name.to_string(),
            text: text.to_string(),
            overrides,
        })
    }

    /// The session, started again if a panic left it half-way.
    fn session(&self) -> MutexGuard<'_, Session> {
        match self.session.lock() {
            Ok(s) => s,
            Err(poisoned) => {
                let mut s = poisoned.into_inner();
                *s = Session::start(self.game.clone());
                self.session.clear_poison();
                s
            }
        }
    }

    /// The canonical position a Python value names: a string as typed on the command line
    /// (`"3 5"`, `"(3, 5)"`), an int (one heap) or a sequence of ints. A problem is a
    /// `RulesetError` pointing into the position as typed.
    fn position(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let game = &self.game;
        let typed = if let Ok(s) = value.cast::<PyString>() {
            s.to_string()
        } else if let Ok(h) = value.extract::<u64>() {
            match game.admit(&[h]) {
                Ok(p) => return Ok(p),
                Err(_) => h.to_string(),
            }
        } else if let Ok(hs) = value.extract::<Vec<u64>>() {
            match game.admit(&hs) {
                Ok(p) => return Ok(p),
                Err(_) => words(&hs.iter().map(u64::to_string).collect::<Vec<_>>()),
            }
        } else if let Ok(items) = value.try_iter() {
            let mut shown = Vec::new();
            for item in items {
                shown.push(item?.str()?.to_string());
            }
            words(&shown)
        } else {
            value.str()?.to_string()
        };
        game.read_position(&[typed])
            .map_err(|e| to_py(py, &e, Kind::Ruleset))
    }
}

/// Heap sizes as typed: `(3, 5)`, or `(3)` for one heap.
fn words(hs: &[String]) -> String {
    format!("({})", hs.join(", "))
}

#[pymethods]
impl Native {
    /// Loads a `.game` file with `NAME=VALUE` overrides.
    #[staticmethod]
    #[pyo3(signature = (path, overrides, play=None))]
    fn load(
        py: Python<'_>,
        path: PathBuf,
        overrides: Vec<String>,
        play: Option<&str>,
    ) -> PyResult<Native> {
        let name = path.display().to_string();
        let text = heapgame::source::read_source(&path, &name).map_err(|e| {
            let err = LoadError::single(
                Arc::new(NamedSource::new(name.clone(), String::new())),
                Diag::new(Code::Io, 0..0, e.to_string(), "").help(e.help()),
            );
            to_py(py, &err, Kind::Ruleset)
        })?;
        Native::build(&name, &text, overrides, play).map_err(|e| to_py(py, &e, Kind::Ruleset))
    }

    /// Loads a ruleset from its text; `name` names it in messages.
    #[staticmethod]
    #[pyo3(signature = (text, name, overrides, play=None))]
    fn parse(
        py: Python<'_>,
        text: &str,
        name: &str,
        overrides: Vec<String>,
        play: Option<&str>,
    ) -> PyResult<Native> {
        Native::build(name, text, overrides, play).map_err(|e| to_py(py, &e, Kind::Ruleset))
    }

    /// The same text loaded again with other overrides (and play).
    #[pyo3(signature = (overrides, play=None))]
    fn reload(
        &self,
        py: Python<'_>,
        overrides: Vec<String>,
        play: Option<&str>,
    ) -> PyResult<Native> {
        let play = play.unwrap_or(self.game.play().name());
        Native::build(&self.name, &self.text, overrides, Some(play))
            .map_err(|e| to_py(py, &e, Kind::Ruleset))
    }

    /// The ruleset's facts: name, source, play, heaps, names, lower, the text, the overrides
    /// and the parameters as written (name, default).
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.game;
        let shape = g.shape();
        let d = PyDict::new(py);
        d.set_item("name", &g.checked.name)?;
        d.set_item("source", g.checked.source.as_deref())?;
        d.set_item("play", g.play().name())?;
        d.set_item("heaps", shape.count)?;
        d.set_item("names", shape.names.clone())?;
        d.set_item("lower", shape.lower)?;
        d.set_item("text", &self.text)?;
        d.set_item("file", &self.name)?;
        d.set_item("overrides", self.overrides.clone())?;
        let params: Vec<(String, String)> = heapgame::syntax::parse_file(&self.text)
            .map(|ast| {
                ast.params
                    .iter()
                    .map(|p| {
                        let default = self.text.get(p.default.span.clone()).unwrap_or("");
                        (p.name.name.clone(), default.to_string())
                    })
                    .collect()
            })
            .unwrap_or_default();
        d.set_item("params", params)?;
        d.set_item("claims", g.checked.claims.len())?;
        Ok(d)
    }

    /// The canonical form of a position.
    fn canonical<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        tuple(py, &self.position(py, position)?)
    }

    /// Every follower of a position with the first `move` clause that reaches it, in words.
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let pos = self.position(py, position)?;
        let game = &self.game;
        let fs = game
            .followers(&pos)
            .map_err(|e| to_py(py, &game.move_error(&e), Kind::Solve))?;
        let words = clauses(game, &pos);
        let out = PyList::empty(py);
        for f in fs {
            let w = words.get(&f).cloned().unwrap_or_default();
            out.append((tuple(py, &f)?, w))?;
        }
        Ok(out)
    }

    /// One position's answer, as a tuple of `heapgame.Evaluation`'s fields.
    #[pyo3(signature = (position, followers=true, genus=false, time=None, max_positions=None, max_memory=None))]
    #[allow(clippy::too_many_arguments)]
    fn eval<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        followers: bool,
        genus: bool,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let pos = self.position(py, position)?;
        let limits = Limits {
            time,
            max_positions,
            max_memory,
        };
        let run = Run::new(limits)?;
        let want = Want { followers, genus };
        let game = &self.game;
        let query = limits.query();
        let solve = |budget: &_| {
            self.session()
                .with_dependent_mut(|_, solver| eval(game, solver, &pos, &query, budget, want))
        };
        // A kernel's outcomes without the Grundy value are a stop too (its deadline came
        // while the Grundy values were filled).
        let stopped = |r: &Result<Answer, EvalError>| {
            matches!(
                r,
                Err(EvalError::Solve {
                    error: SolveError::Cancelled { .. },
                    ..
                }) | Ok(Answer::Values(Evaluation {
                    route: Route::KernelOutcome(_),
                    ..
                }))
            )
        };
        let answer = run
            .quick_then_watched(py, solve, stopped)?
            .map_err(|e| match e {
                // The query floor's refusal: the followers alone prove the run cannot finish.
                // The search's region proven past the position limit, or followers that
                // cannot be held within the memory.
                EvalError::Refused(e) => {
                    let positions = e.diags.iter().any(|d| d.code == Code::Limit);
                    to_py(
                        py,
                        &e,
                        Kind::Limit(if positions { "positions" } else { "memory" }),
                    )
                }
                EvalError::Solve { error, .. } => {
                    let shown = heapgame::game::show_position(&pos);
                    run.failure(py, game, &error, &format!("while solving {shown}"))
                }
            })?;
        let reply = match answer {
            Answer::Loopy(sol) => loopy_reply(py, game, &pos, &sol, followers)?,
            Answer::Values(e) => values_reply(py, game, &pos, e)?,
        };
        reply.into_tuple(py, game, &pos)
    }

    /// A box's values as NumPy arrays: see `tables.rs`.
    #[pyo3(signature = (max, heaps=None, grundy=true, dense=true, p_only=false, time=None, max_positions=None, max_memory=None))]
    #[allow(clippy::too_many_arguments)]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        max: u32,
        heaps: Option<usize>,
        grundy: bool,
        dense: bool,
        p_only: bool,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let limits = Limits {
            time,
            max_positions,
            max_memory,
        };
        tables::solve_box(py, &self.game, max, heaps, grundy, dense, p_only, limits)
    }

    /// See `tables.rs`.
    #[pyo3(signature = (max, time=None, max_positions=None, max_memory=None))]
    fn sequence<'py>(
        &self,
        py: Python<'py>,
        max: u32,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        tables::grundy_sequence(
            py,
            &self.game,
            max,
            Limits {
                time,
                max_positions,
                max_memory,
            },
        )
    }

    /// See `picture.rs`.
    #[pyo3(signature = (max, heaps=None, grundy=false, slices=Vec::new(), claim=false, scale=None, time=None, max_positions=None, max_memory=None))]
    #[allow(clippy::too_many_arguments)]
    fn plot(
        &self,
        py: Python<'_>,
        max: u32,
        heaps: Option<usize>,
        grundy: bool,
        slices: Vec<String>,
        claim: bool,
        scale: Option<u32>,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Picture> {
        let req = heapgame::plot::PlotRequest {
            max,
            heaps,
            grundy,
            slices,
            claim,
            scale,
        };
        picture::figure(
            py,
            &self.game,
            req,
            Limits {
                time,
                max_positions,
                max_memory,
            },
        )
    }

    /// See `claims.rs`.
    #[pyo3(signature = (max=None, heaps=None, time=None, max_positions=None, max_memory=None))]
    fn check<'py>(
        &self,
        py: Python<'py>,
        max: Option<u32>,
        heaps: Option<usize>,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let source = claims::Source {
            name: &self.name,
            text: &self.text,
            overrides: &self.overrides,
            play: self.game.play(),
        };
        claims::check_claims(
            py,
            &source,
            max,
            heaps,
            Limits {
                time,
                max_positions,
                max_memory,
            },
        )
    }

    /// See `quotient.rs`.
    #[pyo3(signature = (max, time=None, max_positions=None, max_memory=None))]
    fn quotient<'py>(
        &self,
        py: Python<'py>,
        max: u32,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        quotient::misere_quotient(
            py,
            &self.game,
            max,
            Limits {
                time,
                max_positions,
                max_memory,
            },
        )
    }

    /// See `diff.rs`: `other` is a ruleset (`Native`) or a formula's text.
    #[pyo3(signature = (other, max, heaps=None, grundy=false, keep=10, time=None, max_positions=None, max_memory=None))]
    #[allow(clippy::too_many_arguments)]
    fn diff<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
        max: u32,
        heaps: Option<usize>,
        grundy: bool,
        keep: usize,
        time: Option<f64>,
        max_positions: Option<usize>,
        max_memory: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let limits = Limits {
            time,
            max_positions,
            max_memory,
        };
        let game = &self.game;
        if let Ok(text) = other.extract::<String>() {
            let other = diff::Other::Formula(text);
            return diff::diff(py, game, other, max, heaps, grundy, keep, limits);
        }
        let native = other.cast::<Native>()?.get();
        let other = diff::Other::Game(&native.game);
        diff::diff(py, game, other, max, heaps, grundy, keep, limits)
    }
}
