//! A running solve of the command line: its budget (the position limit, the Ctrl-C flag, the
//! progress counter, `--time`), the progress bar and the memory watchdog watching it, and its
//! failure told in the command line's words (how far it got, what set the limit it hit).

use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Arc;
use std::time::Duration;

use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::{Budget, Clock, SolveError};
use crate::Game;
use miette::Report;

use super::args::GameArgs;
use super::interrupt;
use super::limits::{default_max_memory, Limits};
use super::progress::{Count, Progress};
use super::units::show_bytes;
use super::watchdog::Watchdog;
use crate::query::Limits as QueryLimits;
use crate::report::halt::Halt;

/// What a running solve is given: its budget (limit, Ctrl-C flag, progress counter), the
/// progress bar watching it, and the limit for messages.
pub struct SolveRun {
    /// The solver's budget.
    pub budget: Budget,
    /// The limit and what set it.
    pub limits: Limits,
    /// `--time`, if given.
    pub time: Option<Duration>,
    /// The most positions a kernel's box may hold: `--max-positions` when given (a default
    /// position limit bounds the search, not a box weighed by its bytes).
    pub box_positions: Option<usize>,
    watchdog: Option<Watchdog>,
    _progress: Progress,
}

impl SolveRun {
    /// Sets up a solve of positions with at most `heaps` heaps, expected to store about
    /// `total` positions, described as `what` on the progress bar.
    pub fn start(args: &GameArgs, heaps: usize, total: Option<u64>, what: String) -> SolveRun {
        SolveRun::with_limits(args, args.limits(heaps), total, what)
    }

    /// Sets up a solve whose position limit the query floor sets from its plan (`heapgame
    /// sequence`): the budget holds the hooks (Ctrl-C, progress, `--time`) and the memory
    /// limit, which the plan does not change; the progress bar counts `count` towards `total`.
    pub fn hooks_counting(
        args: &GameArgs,
        count: Count,
        total: Option<u64>,
        what: String,
    ) -> SolveRun {
        // The memory limit alone: the position limit is the query's, from its plan.
        let mut limits = args.limits(1);
        limits.max_positions = usize::MAX;
        let mut run = SolveRun::counting(args, limits, count, total, what);
        run.budget.max_positions = None;
        run
    }

    /// Sets up a solve whose position limit the query floor sets from the box's plan or the
    /// position's heaps (`solve`, `eval`): the hooks (Ctrl-C, progress, `--time`) and the memory guard at the memory
    /// limit of `limits`, which the plan does not change; the bounds come back with the
    /// answer, for the words of a failure ([`SolveRun::limits`]).
    pub fn hooks(args: &GameArgs, limits: &QueryLimits, what: String) -> SolveRun {
        let bounds = Limits {
            max_positions: usize::MAX,
            why: String::new(),
            max_memory: limits.memory(),
        };
        let mut run = SolveRun::with_limits(args, bounds, None, what);
        run.budget.max_positions = None;
        run
    }

    /// Sets up a solve within `limits` (from [`GameArgs::limits`]).
    pub fn with_limits(
        args: &GameArgs,
        limits: Limits,
        total: Option<u64>,
        what: String,
    ) -> SolveRun {
        SolveRun::counting(args, limits, Count::Positions, total, what)
    }

    /// As [`SolveRun::with_limits`], the progress bar counting `count`.
    pub fn counting(
        args: &GameArgs,
        limits: Limits,
        count: Count,
        total: Option<u64>,
        what: String,
    ) -> SolveRun {
        let counter = Arc::new(AtomicUsize::new(0));
        // The total the query floor plans, when the caller does not know it.
        let planned = Arc::new(AtomicUsize::new(0));
        let budget = Budget {
            max_positions: Some(limits.max_positions),
            cancel: Some(interrupt::cancel_flag()),
            progress: Some(counter.clone()),
            deadline: args.time.map(|t| Clock::system().deadline(t)),
            max_bytes: limits.max_memory.as_ref().map(|(cap, _)| *cap),
            memory_refused: Some(Arc::new(AtomicBool::new(false))),
            planned: Some(planned.clone()),
        };
        let total = total.map(|t| t.min(limits.max_positions as u64));
        let watchdog = memory_guard(&limits, &what, interrupt::cancel_flag());
        SolveRun {
            budget,
            limits,
            time: args.time,
            box_positions: args.max_positions,
            watchdog,
            _progress: Progress::counting(counter, count, total.ok_or(planned), what),
        }
    }

    /// `e`, or the memory limit's report when the memory guard stopped the run: the layers
    /// below (`check`, `diff`) see only a cancelled solve. `context` as for
    /// [`SolveRun::failure`].
    pub fn or_memory_stop(&self, game: &Game, e: Report, context: &str) -> Report {
        if !self.memory_hit() {
            return e;
        }
        let stored = (self.budget.progress.as_ref())
            .map_or(0, |p| p.load(std::sync::atomic::Ordering::Relaxed));
        self.failure(game, &SolveError::Cancelled { stored }, context)
    }

    /// Whether the memory limit stopped the run: the memory guard, or a block of memory the
    /// solver predicted would not fit ([`Budget::reserve`]).
    fn memory_hit(&self) -> bool {
        self.watchdog.as_ref().is_some_and(Watchdog::hit) || self.budget.refused_memory()
    }

    /// What stopped a cancelled run: the memory limit, the deadline, else Ctrl-C.
    pub fn halt(&self) -> Halt<'_> {
        match &self.limits.max_memory {
            Some((cap, why)) if self.memory_hit() => Halt::Memory { cap: *cap, why },
            _ if self.budget.past_deadline() => Halt::Time(self.time),
            _ => Halt::CtrlC,
        }
    }

    /// A solve's failure as a report; `context` says what was being solved ("while solving
    /// (3, 5)") so that a limit or Ctrl-C says how far the run got.
    pub fn failure(&self, game: &Game, e: &SolveError<MoveError>, context: &str) -> Report {
        let d = match e {
            SolveError::Limit { limit } => Diag::new(
                Code::Limit,
                0..0,
                format!(
                    "this needs more than {limit} {} stored, the limit set by {}, {context}",
                    if *limit == 1 { "position" } else { "positions" },
                    self.limits.why
                ),
                "",
            )
            .help(
                "raise the limit with --max-positions N or --max-memory SIZE, or ask about \
                 smaller positions; nothing was printed",
            ),
            SolveError::Cancelled { stored } => {
                let halt = self.halt();
                let d = Diag::new(
                    halt.code(),
                    0..0,
                    format!(
                        "{}, after storing {stored} positions, {context}",
                        halt.words()
                    ),
                    "",
                );
                match halt {
                    Halt::Memory { .. } => d.help(MEMORY_HELP),
                    Halt::Time(_) => d.help(
                        "give more time with --time DURATION, or ask about smaller positions; \
                         nothing was printed",
                    ),
                    Halt::CtrlC => d.help("nothing was printed; run again to start over"),
                }
            }
            SolveError::Game(_) => {
                // Say at which position the move failed: the ruleset's span says which move.
                let mut err = game.solve_diag(e);
                for d in &mut err.diags {
                    d.message = format!("{}, {context}", d.message);
                }
                return Report::new(err);
            }
            other => return Report::new(game.solve_diag(other)),
        };
        Report::new(LoadError::single(game.src.clone(), d))
    }
}

impl Drop for SolveRun {
    /// A run the memory guard stopped leaves the cancel flag down for the runs after it (the
    /// next `check` line): the guard, not Ctrl-C, raised it.
    fn drop(&mut self) {
        if self.watchdog.as_ref().is_some_and(Watchdog::hit) {
            interrupt::cancel_flag().store(false, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// A memory watchdog for `limits`, if the memory limit is known; `what` is being done.
pub fn memory_guard(limits: &Limits, what: &str, cancel: Arc<AtomicBool>) -> Option<Watchdog> {
    limits.max_memory.as_ref().map(|(cap, why)| {
        let halt = Halt::Memory { cap: *cap, why };
        // Past the guard's stop before anything is solved: the ruleset read (100,000 move
        // clauses, a `check over` of 10^6 positions) takes the memory, not the solve.
        let before = super::watchdog::resident_bytes().filter(|&r| r > cap - cap / 4);
        let d = match before {
            Some(used) => Diag::new(
                halt.code(),
                0..0,
                format!(
                    "{}, before {what}: the ruleset alone takes {} of memory once read",
                    halt.words(),
                    show_bytes(used)
                ),
                "",
            )
            .help("raise the limit with --max-memory SIZE, or write fewer moves or positions"),
            None => Diag::new(
                halt.code(),
                0..0,
                format!("{}, while {what}", halt.words()),
                "",
            )
            .help(MEMORY_HELP),
        };
        let message = format!("{:?}", Report::new(d));
        Watchdog::start(*cap, cancel, message)
    })
}

/// A memory watchdog at the default memory limit ([`default_max_memory`]), if known: the
/// REPL's computations, whose position limit alone does not bound the search's stacks.
pub fn default_memory_guard(what: &str, cancel: Arc<AtomicBool>) -> Option<Watchdog> {
    let limits = Limits {
        max_positions: usize::MAX,
        why: String::new(),
        max_memory: default_max_memory(),
    };
    memory_guard(&limits, what, cancel)
}

const MEMORY_HELP: &str = "raise the limit with --max-memory SIZE, or ask about smaller \
     positions; the search keeps every follower of each position it is working on, which takes \
     much memory when positions have many followers; nothing was printed";
