//! Running a solve from Python: the limits a call takes (`time=`, `max_positions=`,
//! `max_memory=`) as a [`Budget`], the GIL released while the library works, Ctrl-C turned
//! into `KeyboardInterrupt`, a panic into an exception, and a stop into the right error.
//!
//! Python runs its signal handlers on the main thread only, when that thread holds the GIL, so
//! a solve that may be long runs on a worker thread while the calling thread, GIL released,
//! waits for it and every [`POLL`] takes the GIL to ask Python for pending signals: on Ctrl-C
//! it sets the budget's cancel flag (which every solver mode looks at), waits for the worker
//! to stop and raises the `KeyboardInterrupt`. A short call (an `eval` of a known position)
//! first runs on the calling thread for at most [`INLINE`], its memo kept, so that it costs no
//! thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use heapgame::moves::MoveError;
use heapgame::ruleset::diag::Code;
use heapgame::solver::{Budget, Clock, SolveError};
use heapgame::Game;
use pyo3::exceptions::PyValueError;
use pyo3::panic::PanicException;
use pyo3::prelude::*;

use crate::errors::{to_py, unlocated, Kind};

/// How often the waiting thread looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// How long a call first runs on the calling thread before it moves to a worker.
pub const INLINE: Duration = Duration::from_millis(20);

/// The worker's stack (the memory is reserved, not used, until needed).
const STACK: usize = 256 << 20;

/// The limits of one call, as given in Python.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Seconds of wall-clock time.
    pub time: Option<f64>,
    /// Positions stored.
    pub max_positions: Option<usize>,
    /// Bytes of the largest table a solve may allocate (three quarters of it, as on the
    /// command line's `--max-memory`).
    pub max_memory: Option<u64>,
}

impl Limits {
    /// The limits as the query floor takes them: those given, named as Python writes them,
    /// and no default of the machine's (a library call is bounded by what its caller gives).
    pub fn query(&self) -> heapgame::query::Limits {
        use heapgame::query::{Limit, Room};
        heapgame::query::Limits {
            max_positions: self.max_positions.map(|n| Limit {
                value: n,
                why: format!("max_positions={n}"),
            }),
            max_memory: self.max_memory.map(|m| Limit {
                value: m,
                why: format!("max_memory={m}"),
            }),
            force: false,
            room: Room::Unbounded,
        }
    }
}

/// One call's budget and the flags that say why it stopped.
pub struct Run {
    /// What the solvers look at.
    pub budget: Budget,
    cancel: Arc<AtomicBool>,
    memory: Arc<AtomicBool>,
}

impl Run {
    /// The budget of `limits`; a time that is not a finite, non-negative number is refused.
    pub fn new(limits: Limits) -> PyResult<Run> {
        let deadline = match limits.time {
            None => None,
            Some(t) if t.is_finite() && t >= 0.0 => {
                // Past any deadline a run can reach: no limit.
                Duration::try_from_secs_f64(t)
                    .ok()
                    .map(|d| Clock::system().deadline(d))
            }
            Some(t) => {
                return Err(PyValueError::new_err(format!(
                    "time must be a number of seconds >= 0, not {t}"
                )))
            }
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let memory = Arc::new(AtomicBool::new(false));
        let budget = Budget {
            max_positions: limits.max_positions,
            cancel: Some(cancel.clone()),
            progress: None,
            deadline,
            max_bytes: limits.max_memory,
            memory_refused: Some(memory.clone()),
            planned: None,
        };
        Ok(Run {
            budget,
            cancel,
            memory,
        })
    }

    /// The budget with its deadline brought forward to `INLINE` from now, for the first try
    /// on the calling thread.
    fn inline_budget(&self) -> Budget {
        let soon = Clock::system().deadline(INLINE);
        Budget {
            deadline: Some(
                (self.budget.deadline.as_ref()).map_or(soon.clone(), |d| d.min(soon.at)),
            ),
            ..self.budget.clone()
        }
    }

    /// Whether a stop was the inline try's own deadline (and not a limit of the call).
    fn stopped_inline(&self) -> bool {
        !self.memory.load(Ordering::SeqCst)
            && !self.cancel.load(Ordering::SeqCst)
            && !self.budget.past_deadline()
    }

    /// Runs `f` with the budget, the GIL released, on a worker thread while this one watches
    /// for Ctrl-C. A panic becomes `PanicException`, Ctrl-C `KeyboardInterrupt`.
    pub fn watched<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&Budget) -> T + Send,
    ) -> PyResult<T> {
        let budget = &self.budget;
        let cancel = &self.cancel;
        py.detach(|| {
            std::thread::scope(|s| {
                let (tx, rx) = mpsc::channel();
                let worker = std::thread::Builder::new()
                    .name("heapgame".into())
                    .stack_size(STACK)
                    .spawn_scoped(s, move || {
                        let _ = tx.send(catch_unwind(AssertUnwindSafe(|| f(budget))));
                    });
                if let Err(e) = worker {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "could not start a thread to solve on: {e}"
                    )));
                }
                let mut interrupt = None;
                loop {
                    match rx.recv_timeout(POLL) {
                        Ok(Ok(v)) => return interrupt.map_or(Ok(v), Err),
                        Ok(Err(panic)) => return Err(panic_error(panic)),
                        Err(mpsc::RecvTimeoutError::Disconnected) => {
                            return Err(PanicException::new_err("the solving thread ended"))
                        }
                        Err(mpsc::RecvTimeoutError::Timeout) if interrupt.is_none() => {
                            if let Err(e) = signals() {
                                cancel.store(true, Ordering::SeqCst);
                                interrupt = Some(e);
                            }
                        }
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                    }
                }
            })
        })
    }

    /// Runs `f` first on this thread for at most [`INLINE`], then, if that try stopped at its
    /// own deadline, again on a worker ([`Run::watched`]); `f` keeps what it learnt (a memo)
    /// between the two. `stopped` says whether a result is a stop.
    pub fn quick_then_watched<T: Send>(
        &self,
        py: Python<'_>,
        mut f: impl FnMut(&Budget) -> T + Send,
        stopped: impl Fn(&T) -> bool,
    ) -> PyResult<T> {
        let inline = self.inline_budget();
        let first = py.detach(|| catch_unwind(AssertUnwindSafe(|| f(&inline))));
        let first = first.map_err(panic_error)?;
        if !(stopped(&first) && self.stopped_inline()) {
            return Ok(first);
        }
        self.watched(py, f)
    }

    /// The Python error for a failed solve of `game`: a limit as `LimitError` (positions,
    /// time or memory), anything else as `SolveError` with the command line's diagnostic;
    /// `context` ("while solving (3, 5)") ends the message.
    pub fn failure(
        &self,
        py: Python<'_>,
        game: &Game,
        e: &SolveError<MoveError>,
        context: &str,
    ) -> PyErr {
        let limit = |which: &'static str, message: String, help: &str| {
            to_py(
                py,
                &unlocated(game, Code::Limit, message, help),
                Kind::Limit(which),
            )
        };
        match e {
            SolveError::Limit { .. } => limit(
                "positions",
                format!("{e}, {context}"),
                "raise max_positions, or ask about smaller positions",
            ),
            SolveError::Cancelled { stored } if self.memory.load(Ordering::SeqCst) => limit(
                "memory",
                format!("the memory limit was reached after storing {stored} positions, {context}"),
                "raise max_memory, or ask about smaller positions",
            ),
            SolveError::Cancelled { stored } if !self.cancel.load(Ordering::SeqCst) => limit(
                "time",
                format!("the time limit was reached after storing {stored} positions, {context}"),
                "raise time, or ask about smaller positions",
            ),
            SolveError::Cancelled { .. } => pyo3::exceptions::PyKeyboardInterrupt::new_err(""),
            _ => {
                let mut err = game.solve_diag(e);
                for d in &mut err.diags {
                    d.message = format!("{}, {context}", d.message);
                }
                to_py(py, &err, Kind::Solve)
            }
        }
    }
}

/// A panic's message as `PanicException` (a `BaseException`, as PyO3 raises for a panic in a
/// call): a bug of heapgame's, reported, never the interpreter taken down.
fn panic_error(payload: Box<dyn std::any::Any + Send>) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".to_string());
    PanicException::new_err(message)
}

/// Python's pending signals handled (on the main thread): `Err(KeyboardInterrupt)` after
/// Ctrl-C.
fn signals() -> PyResult<()> {
    // A closure: the method's own lifetime is not general enough for `attach`.
    #[allow(clippy::redundant_closure_for_method_calls)]
    Python::attach(|py| py.check_signals())
}
