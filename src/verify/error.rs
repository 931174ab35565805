//! The errors of verification as data: [`RegionError`], why a region's positions could not be
//! listed, and [`CheckError`], why a `check`, a `diff` or a family claim stopped. Each message
//! is worded once, here; each code comes from the variant; the front ends match on
//! [`CheckError::is_cancelled`] (Ctrl-C ends a whole command) instead of comparing texts.

use miette::Diagnostic;
use thiserror::Error;

use super::claim::ClaimError;
use super::{MAX_HEAPS_DRAWN, MAX_POSITIONS};
use crate::game::show_position;
use crate::game::{AnyCount, Game, PositionError};
use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::SolveError;

/// Why the positions of a region could not be listed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RegionError {
    /// `heaps 4294967295` with `--max 1`: one position alone is 16 GB.
    #[error("a position of {heaps} heaps is more than the {MAX_HEAPS_DRAWN} heaps one run holds")]
    ManyHeaps {
        /// The heaps of one position.
        heaps: u128,
    },
    /// `--max 1000` on three heaps; `None` when the size is past counting.
    #[error("the box holds {} positions, more than the {MAX_POSITIONS} one run visits",
        positions.map_or("too many".to_string(), |n| n.to_string()))]
    BoxTooLarge {
        /// The positions of the box.
        positions: Option<u128>,
    },
    /// `--total 100000` on three heaps.
    #[error("the positions of total <= {total} are more than the {MAX_POSITIONS} one run visits")]
    TotalTooLarge {
        /// The total.
        total: u32,
    },
    /// `--samples 30000000`.
    #[error("{count} samples are more than the {MAX_POSITIONS} positions one run visits")]
    ManySamples {
        /// The samples asked for.
        count: usize,
    },
    /// `--samples 1000000 --heaps 1000`.
    #[error(
        "{count} samples of up to {heaps} heaps are more than the {MAX_HEAPS_DRAWN} heaps one \
         run draws"
    )]
    ManySampleHeaps {
        /// The samples asked for.
        count: usize,
        /// The most heaps of one.
        heaps: usize,
    },
    /// The time limit or Ctrl-C while the samples were drawn.
    #[error(
        "stopped by {} while drawing {count} samples, before checking any",
        if *deadline { "the time limit" } else { "Ctrl-C" }
    )]
    Stopped {
        /// The samples asked for.
        count: usize,
        /// The time limit (else Ctrl-C).
        deadline: bool,
    },
    /// The time limit or Ctrl-C while a box or a total was listed (30 heaps <= 7 are 10^7
    /// positions, seconds to list).
    #[error("stopped while listing the positions of {region}")]
    StoppedListing {
        /// The region in words: `every heap <= 7`, `total <= 60`.
        region: String,
        /// The time limit (else Ctrl-C).
        deadline: bool,
    },
}

/// Why a `check`, a `diff` or a family claim stopped.
#[derive(Debug, Error, Diagnostic)]
pub enum CheckError {
    /// A problem located in the ruleset or in an argument: a claim or a move that cannot be
    /// evaluated at a position (`claim: 1 / (a - b) == 0`), a loop, the position limit, a
    /// `--formula` that is not one.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Located(Box<LoadError>),
    /// Ctrl-C stopped a solve (exit code 130), in the solver's words.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Cancelled(Box<LoadError>),
    /// Ctrl-C stopped the drawing of samples (`--samples 10000000`, exit code 130).
    #[error("{0}")]
    #[diagnostic(
        code(heapgame::cancelled),
        help("nothing was checked; run again to start over")
    )]
    CancelledDrawing(RegionError),
    /// The time limit stopped the drawing of samples (`--samples 10000000 --time 1ms`).
    #[error("{0}")]
    #[diagnostic(
        code(heapgame::limit),
        help("give more time with --time DURATION, or ask for fewer samples")
    )]
    DeadlineDrawing(RegionError),
    /// A region of more positions or heaps than one run takes (`check --max 1000`).
    #[error("{error}")]
    #[diagnostic(code(heapgame::too_large))]
    TooLarge {
        /// What is too large.
        error: RegionError,
        /// What to lower: the arguments of `check` or `diff`.
        #[help]
        help: Option<&'static str>,
    },
    /// The box of a family claim (`count(P) == 1 within max 100000`).
    #[error("line {line}: {error}")]
    #[diagnostic(code(heapgame::too_large), help("give the family claim a smaller box"))]
    FamilyBoxTooLarge {
        /// The claim's line.
        line: usize,
        /// What is too large.
        error: RegionError,
    },
    /// A file without a `check` line, and no `--max`.
    #[error("`{ruleset}` declares no bounds for check")]
    #[diagnostic(
        code(heapgame::check_bound),
        help("add a line `check max N` to the ruleset, or give --max N")
    )]
    NoMax {
        /// The ruleset's name.
        ruleset: String,
    },
    /// `heaps any` with no `heaps K` on its `check` line, and no `--heaps`.
    #[error("{}", AnyCount(.ruleset))]
    #[diagnostic(
        code(heapgame::check_bound),
        help("write `check max N heaps K` in the ruleset, or give --heaps K")
    )]
    NoHeaps {
        /// The ruleset's name.
        ruleset: String,
    },
    /// A `check` line's box past the most positions a run may visit, and its `quick` box
    /// too or it gives none (the playground's 200,000: `check max 1000` of two heaps).
    #[error(
        "the box of this `check` line holds {} positions, more than the {most} one run visits",
        positions.map_or("too many".to_string(), |n| n.to_string())
    )]
    #[diagnostic(
        code(heapgame::too_large),
        help("give the `check` line smaller `quick max N` bounds")
    )]
    LineTooLarge {
        /// The positions of the line's box (`None`: past counting).
        positions: Option<u128>,
        /// The most positions a run may visit.
        most: u128,
    },
    /// `check over (1, 2, 3)` in a game of two heaps.
    #[error("`check over` names {position:?}, which is not a position: {error}")]
    #[diagnostic(
        code(heapgame::position),
        help("`check over` must name positions of the game")
    )]
    OverNotPosition {
        /// The position as written.
        position: Vec<i64>,
        /// Why it is not one.
        error: PositionError,
    },
    /// `diff` of a game of two heaps against one of three.
    #[error("the position {position} of `{a}` is not a position of `{b}`: {error}")]
    #[diagnostic(
        code(heapgame::position),
        help("diff compares rulesets whose positions have the same shape")
    )]
    NotPositionOf {
        /// The position, as shown.
        position: String,
        /// The first ruleset's name.
        a: String,
        /// The second's.
        b: String,
        /// Why it is not one of the second's.
        error: Box<PositionError>,
    },
    /// `diff --grundy --formula wythoff`.
    #[error("the formula `{formula}` gives P-positions, not Grundy values")]
    #[diagnostic(
        code(heapgame::formula),
        help("leave out --grundy to compare P-positions")
    )]
    FormulaNotGrundy {
        /// The formula as given.
        formula: String,
    },
    /// A formula outside its range at a position (an overflow of its arithmetic).
    #[error("the formula could not be evaluated at {position}: {error}")]
    #[diagnostic(code(heapgame::formula))]
    FormulaEval {
        /// The position, as shown.
        position: String,
        /// Why.
        error: crate::formulas::FormulaError,
    },
}

impl CheckError {
    /// A failed solve of `game`: Ctrl-C apart, located by [`Game::solve_diag`].
    pub fn solve(game: &Game, e: &SolveError<MoveError>) -> CheckError {
        let d = Box::new(game.solve_diag(e));
        match e {
            SolveError::Cancelled { .. } | SolveError::Game(MoveError::Interrupted) => {
                CheckError::Cancelled(d)
            }
            _ => CheckError::Located(d),
        }
    }

    /// A region that could not be listed: stopped while drawing samples, or too large (with
    /// `help`, the arguments to lower).
    pub fn region(error: RegionError, help: Option<&'static str>) -> CheckError {
        match error {
            RegionError::Stopped { deadline: true, .. }
            | RegionError::StoppedListing { deadline: true, .. } => {
                CheckError::DeadlineDrawing(error)
            }
            RegionError::Stopped { .. } | RegionError::StoppedListing { .. } => {
                CheckError::CancelledDrawing(error)
            }
            error => CheckError::TooLarge { error, help },
        }
    }

    /// Whether Ctrl-C stopped the work, which ends a whole command rather than one run.
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self,
            CheckError::Cancelled(_) | CheckError::CancelledDrawing(_)
        )
    }
}

impl From<LoadError> for CheckError {
    fn from(e: LoadError) -> Self {
        CheckError::Located(Box::new(e))
    }
}

/// A claim that could not be evaluated at a position, pointing into the ruleset.
pub(crate) fn claim_error(game: &Game, i: usize, pos: &[u32], e: ClaimError) -> CheckError {
    let at = show_position(pos);
    let d = match e {
        ClaimError::Eval(ev) => Diag::new(
            Code::Eval,
            ev.span.clone(),
            format!("the claim could not be evaluated at {at}: {}", ev.kind),
            "here",
        )
        .help("integers are 64-bit and never wrap; reals are exact and must be decidable"),
        ClaimError::Formula(fe) => Diag::new(
            Code::Formula,
            game.checked.claims[i].span.clone(),
            format!("the formula could not be evaluated at {at}: {fe}"),
            "this claim",
        )
        .help("`heapgame formulas` says what each formula covers"),
    };
    LoadError::single(game.src.clone(), d).into()
}
