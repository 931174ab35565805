//! What a picture is asked for (`PlotRequest`), why one could not be made (`PlotError`), and
//! usage errors about a request, reported against the ruleset: the leaf that the planning,
//! the slices and the overlay share.

use miette::Report;

use crate::game::Game;
use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::SolveError;

/// What to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlotRequest {
    /// The largest heap size.
    pub max: u32,
    /// The number of heaps, for `heaps any` (or 1 for a sum's single-heap sequence).
    pub heaps: Option<usize>,
    /// A Grundy heatmap rather than P marks.
    pub grundy: bool,
    /// `--slice NAME=VALUES`, as typed: heaps fixed for games of three or more heaps.
    pub slices: Vec<String>,
    /// Overlay the positions where a claim and the solver disagree.
    pub claim: bool,
    /// The top of the colour scale (default: the largest value drawn).
    pub scale: Option<u32>,
}

/// Why a picture could not be made.
#[derive(Debug)]
pub enum PlotError {
    /// The solve failed (a limit, Ctrl-C, a loop): the caller words it.
    Solve(SolveError<MoveError>),
    /// Anything else, already located.
    Report(Report),
}

impl From<Report> for PlotError {
    fn from(r: Report) -> Self {
        PlotError::Report(r)
    }
}

/// A usage error about the request, reported against the ruleset.
pub(crate) fn usage(game: &Game, code: Code, msg: String, help: &str) -> Report {
    Report::new(LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, msg, "").help(help),
    ))
}
