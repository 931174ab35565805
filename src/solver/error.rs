//! Outcomes, and the ways a solve can stop short.

use std::fmt;

/// Who wins from a position with correct play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: Grundy value 0.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// Why a solve stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError<E> {
    /// The game's move generator failed.
    Game(E),
    /// A sequence of moves returns to a position: the positions of the cycle, in order,
    /// starting and ending with the repeated one.
    Cycle(Vec<Vec<u32>>),
    /// More positions were explored than allowed.
    Limit {
        /// The limit that was reached.
        limit: usize,
    },
    /// The budget's cancel flag was set (Ctrl-C).
    Cancelled {
        /// Positions stored when the solve stopped.
        stored: usize,
    },
}

impl<E> SolveError<E> {
    /// The error for a budget's stop, with the number of positions stored so far.
    pub fn from_stop(stop: super::budget::Stop, stored: usize) -> Self {
        match stop {
            super::budget::Stop::Limit { limit } => SolveError::Limit { limit },
            super::budget::Stop::Cancelled => SolveError::Cancelled { stored },
        }
    }
}

impl<E: fmt::Debug> fmt::Display for SolveError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Game(e) => write!(f, "the moves could not be generated: {e:?}"),
            SolveError::Cycle(c) => write!(f, "the game has a loop: {}", show_cycle(c)),
            SolveError::Limit { limit } => write!(
                f,
                "this needs more than {limit} {} stored (the position limit)",
                if *limit == 1 { "position" } else { "positions" }
            ),
            SolveError::Cancelled { stored } => {
                write!(f, "cancelled after storing {stored} positions")
            }
        }
    }
}

impl<E: fmt::Debug> std::error::Error for SolveError<E> {}

/// A cycle of positions as `(1, 2) -> (0, 3) -> (1, 2)`.
pub(crate) fn show_cycle(c: &[Vec<u32>]) -> String {
    c.iter()
        .map(|p| super::positions::show_position(p))
        .collect::<Vec<_>>()
        .join(" -> ")
}
