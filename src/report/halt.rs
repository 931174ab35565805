//! What stopped a run of the command line before its answer, worded once ([`Halt`]: the
//! memory guard, `--time`, or Ctrl-C), and the stop of a box's writing in those words
//! ([`writing_stopped`]), which `render` of `box_table.rs` returns as its error.

use std::time::Duration;

use crate::ruleset::{Code, Diag, LoadError};
use crate::Game;

/// What stopped a run of the command line before its answer, worded once: the memory guard,
/// `--time`, or Ctrl-C (the position limit is a solve's own error).
#[derive(Clone, Copy, Debug)]
pub enum Halt<'a> {
    /// The memory in use neared `cap` bytes, the limit set by `why`.
    Memory {
        /// The memory limit.
        cap: u64,
        /// What set it.
        why: &'a str,
    },
    /// `--time`.
    Time(Option<Duration>),
    /// Ctrl-C.
    CtrlC,
}

impl Halt<'_> {
    /// The stop in words, before how far the run got: "stopped at the time limit, --time 2s".
    pub fn words(&self) -> String {
        match self {
            Halt::Memory { cap, why } => format!(
                "stopped when the memory in use neared {}, the limit set by {why}",
                crate::estimate::show_bytes(*cap as f64)
            ),
            Halt::Time(t) => format!(
                "stopped at the time limit, --time {}",
                t.map(show_duration).unwrap_or_default()
            ),
            Halt::CtrlC => "cancelled (Ctrl-C)".to_string(),
        }
    }

    /// Its kind: Ctrl-C is `heapgame::cancelled` (exit code 130), a limit `heapgame::limit`.
    pub fn code(&self) -> Code {
        match self {
            Halt::CtrlC => Code::Cancelled,
            Halt::Memory { .. } | Halt::Time(_) => Code::Limit,
        }
    }
}

/// A duration as typed: `90s`, `2m`, `1.5s`.
pub fn show_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 3600.0 && s % 3600.0 == 0.0 {
        format!("{}h", s / 3600.0)
    } else if s >= 60.0 && s % 60.0 == 0.0 {
        format!("{}m", s / 60.0)
    } else {
        format!("{s}s")
    }
}

/// The writing of a solved box of `positions` stopped by `halt` after `done` of them; `left`
/// says what became of the output ("the output is incomplete").
pub(crate) fn writing_stopped(
    game: &Game,
    halt: Halt<'_>,
    (positions, done): (usize, u64),
    left: &str,
) -> LoadError {
    let d = Diag::new(
        halt.code(),
        0..0,
        format!(
            "{}, while writing the {positions} positions of the box, after {done} of them",
            halt.words(),
        ),
        "",
    )
    .help(format!("{left}; run again to start over"));
    LoadError::single(game.src.clone(), d)
}
