//! The limits of the command line as the query floor takes them ([`crate::query::limits`]):
//! `--max-positions`, `--max-memory` and `--force` with the words that name them, and the
//! memory the machine leaves ([`room`]); the bounds of a solve and the refusal of a run its
//! first position proves cannot finish are resolved there.

use crate::estimate::Estimate;
use crate::query::limits::{Limit, Limits as QueryLimits, Room};
use crate::Game;
use miette::Report;

use super::args::GameArgs;
use super::machine::headroom;
use super::units::show_bytes;

/// The bounds of a solve: the most positions stored, the memory limit, and what set each
/// ([`crate::query::limits`] resolves them).
pub type Limits = crate::query::limits::Bounds;

/// The memory the machine leaves this process ([`super::machine::headroom`]) and what it holds
/// now, for the default limits.
pub fn room() -> Room {
    match headroom() {
        Some(h) => Room::Known {
            bytes: h.bytes,
            source: h.source.to_string(),
            in_use: super::watchdog::resident_bytes().unwrap_or(0),
        },
        None => Room::Unknown,
    }
}

/// The memory limit when none is given, with the words that say what set it: the memory in
/// use now and three quarters of what heapgame may take beyond it, or `None` when unknown.
pub fn default_max_memory() -> Option<(u64, String)> {
    QueryLimits::with_room(room()).memory()
}

impl GameArgs {
    /// The limits given on the command line, with the machine's room.
    pub fn query_limits(&self) -> QueryLimits {
        QueryLimits {
            max_positions: self.max_positions.map(|n| Limit {
                value: n,
                why: format!("--max-positions {n}"),
            }),
            max_memory: self.max_memory.map(|m| Limit {
                value: m,
                why: format!("--max-memory {}", show_bytes(m)),
            }),
            force: self.force,
            room: room(),
        }
    }

    /// The bounds of a solve of positions with at most `heaps` heaps, stored in the memo at
    /// [`crate::query::limits::bytes_per_position`].
    pub fn limits(&self, heaps: usize) -> Limits {
        self.query_limits().for_heaps(heaps)
    }

    /// Refuses, unless --force, a run that its first position proves cannot finish (more
    /// followers than can be generated, or held within the memory limit).
    pub fn check_estimate(&self, game: &Game, e: &Estimate, what: &str) -> Result<(), Report> {
        self.query_limits()
            .refuse(game, e, what)
            .map_err(Report::new)
    }
}
