//! What a picture is asked for ([`PlotRequest`]) and why one could not be made
//! ([`PlotError`], every message worded here, its code from the variant): the leaf that the
//! planning, the slices and the overlay share.

use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
use thiserror::Error;

use super::{MAX_PANELS, MAX_SEQUENCE, MAX_SIDE};
use crate::game::PositionError;
use crate::moves::MoveError;
use crate::solver::SolveError;
use crate::verify::CheckError;

/// The most heaps of a picture (all but two fixed by `--slice`).
pub const MAX_HEAPS: usize = 1_000;

/// The largest box a picture solves.
pub const MAX_BOX: u128 = 50_000_000;

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
#[derive(Debug, Error, Diagnostic)]
pub enum PlotError {
    /// The solve failed (a limit, Ctrl-C, a loop): the front end words it with its limits
    /// (`Game::solve_diag`, or the command line's limits).
    #[error("{0}")]
    Solve(SolveError<MoveError>),
    /// A claim of the overlay that cannot be evaluated, located in the ruleset.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Claim(Box<CheckError>),
    /// A `--slice` argument that does not fit (`--slice h9=1` for two heaps).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Slice(Box<SliceError>),
    /// `--heaps 3` for `heaps 2`.
    #[error("`{ruleset}` has exactly {count} heaps, but --heaps {asked} was given")]
    #[diagnostic(
        code(heapgame::usage),
        help(
            "leave out --heaps for rulesets with a fixed number of heaps (--heaps 1 draws a \
             sum's single-heap sequence)"
        )
    )]
    FixedCount {
        /// The ruleset's name.
        ruleset: String,
        /// Its count of heaps.
        count: usize,
        /// The count asked for.
        asked: usize,
    },
    /// `heaps any` without `--heaps`.
    #[error("`{ruleset}` allows any number of heaps: say how many with --heaps")]
    #[diagnostic(
        code(heapgame::usage),
        help(
            "add --heaps K: --heaps 2 draws the positions of two heaps, --heaps 3 slices of three"
        )
    )]
    AnyCount {
        /// The ruleset's name.
        ruleset: String,
    },
    /// `--heaps 0`.
    #[error("a picture needs at least one heap")]
    #[diagnostic(code(heapgame::usage), help("use --heaps 1 or more"))]
    NoHeap,
    /// `--heaps 5000`.
    #[error("{heaps} heaps are more than the {MAX_HEAPS} heaps a picture slices")]
    #[diagnostic(
        code(heapgame::too_large),
        help("draw two heaps (--heaps 2), or fix the others with --slice")
    )]
    TooManyHeaps {
        /// The heaps asked for.
        heaps: usize,
    },
    /// The sequence picture of a ruleset of `heaps 5000`.
    #[error("`{ruleset}` has {count} heaps, more than the {MAX_HEAPS} heaps a picture holds")]
    #[diagnostic(code(heapgame::too_large), help("draw a ruleset of fewer heaps"))]
    RulesetTooManyHeaps {
        /// The ruleset's name.
        ruleset: String,
        /// Its count of heaps.
        count: usize,
    },
    /// `--max 1000000` for a sequence.
    #[error("--max {max} is more than the {MAX_SEQUENCE} heap sizes a sequence picture draws")]
    #[diagnostic(code(heapgame::too_large), help("lower --max"))]
    SequenceTooLong {
        /// The largest heap asked for.
        max: u32,
    },
    /// `--max 0` with `each >= 1`.
    #[error("--max {max} is below the least heap size {lower}")]
    #[diagnostic(code(heapgame::usage), help("raise --max"))]
    BelowLeast {
        /// The largest heap asked for.
        max: u32,
        /// The least heap of the shape.
        lower: u32,
    },
    /// `--max 5000` for two heaps.
    #[error("--max {max} draws {side} cells per side, more than the {MAX_SIDE} a picture holds")]
    #[diagnostic(
        code(heapgame::too_large),
        help("lower --max (a picture of at most 4000 x 4000 cells)")
    )]
    SideTooLarge {
        /// The largest heap asked for.
        max: u32,
        /// The cells of a side.
        side: u64,
    },
    /// `--max 400 --heaps 3` (more than [`MAX_BOX`] positions).
    #[error("the box holds {} positions, more than the {MAX_BOX} a picture solves",
        if *size == u128::MAX { "more than 10^38".to_string() } else { size.to_string() })]
    #[diagnostic(code(heapgame::too_large), help("lower --max"))]
    BoxTooLarge {
        /// The positions of the box (`u128::MAX` past counting).
        size: u128,
    },
    /// A box past what a rank index holds.
    #[error("the box is too large")]
    #[diagnostic(code(heapgame::too_large), help("lower --max"))]
    NoIndex,
    /// `--slice` fixing so many values that the panels pass [`MAX_PANELS`].
    #[error("the slices make {panels} panels, more than {MAX_PANELS}")]
    #[diagnostic(code(heapgame::usage), help("draw fewer slices at once"))]
    ManyPanels {
        /// The panels the slices make.
        panels: usize,
    },
    /// Three heaps and no `--slice`.
    #[error("a picture has two axes, but {} heaps are free: {}{}", free.len(),
        free[..free.len().min(8)].join(", "), if free.len() > 8 { ", ..." } else { "" })]
    #[diagnostic(
        code(heapgame::usage),
        help("fix all but two with --slice, e.g. `--slice {}=5`",
            free.last().map_or("h3", String::as_str))
    )]
    FreeHeaps {
        /// The names of the heaps left free.
        free: Vec<String>,
    },
    /// `--claim` for a ruleset without claims.
    #[error("`{ruleset}` has no claims to overlay")]
    #[diagnostic(code(heapgame::usage), help("leave out --claim"))]
    NoClaims {
        /// The ruleset's name.
        ruleset: String,
    },
    /// The sequence of a sum whose single heap can reach itself.
    #[error("a single heap can reach itself: no Grundy sequence")]
    #[diagnostic(code(heapgame::usage), help("the moves of one heap must lower it"))]
    ReachesItself,
    /// `--claim` for a loopy game.
    #[error(
        "`{ruleset}` is loopy (its moves can return to a position): --claim is not drawn for it"
    )]
    #[diagnostic(
        code(heapgame::usage),
        help("leave out --claim; `heapgame check` compares its claims with Smith's values")
    )]
    LoopyClaim {
        /// The ruleset's name.
        ruleset: String,
    },
    /// `diff --plot` of differences on a picture of several panels.
    #[error("differences are drawn on a picture of one panel")]
    #[diagnostic(code(heapgame::usage))]
    PanelsForDifferences,
    /// A cell that is not a position of the game.
    #[error("cannot draw a position: {0}")]
    #[diagnostic(code(heapgame::position))]
    Position(PositionError),
    /// A position the box should hold but does not: a defect, reported rather than drawn
    /// wrong.
    #[error("internal error while drawing: {0}")]
    #[diagnostic(code(heapgame::usage), help("please report this"))]
    Internal(String),
}

impl From<CheckError> for PlotError {
    fn from(e: CheckError) -> Self {
        PlotError::Claim(Box::new(e))
    }
}

impl From<SliceError> for PlotError {
    fn from(e: SliceError) -> Self {
        PlotError::Slice(Box::new(e))
    }
}

/// What is wrong with one `--slice` argument.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SliceProblem {
    /// `--slice h3`.
    #[error("a slice is NAME=VALUES")]
    NoEquals,
    /// `--slice h9=1` for three heaps.
    #[error("`{ruleset}` has no heap `{name}`")]
    UnknownHeap {
        /// The ruleset's name.
        ruleset: String,
        /// The name given.
        name: String,
        /// Its heaps' names.
        heaps: Vec<String>,
    },
    /// `--slice h3=1 --slice h3=2`.
    #[error("heap `{0}` is fixed twice")]
    Twice(String),
    /// `--slice h3=x`.
    #[error("not a list of heap sizes")]
    NotSizes,
    /// `--slice h3=0..100`.
    #[error("more than {MAX_PANELS} slices")]
    TooMany,
    /// `--slice h3=50` with `--max 10`.
    #[error("{value} is outside the box {lower}..={max}")]
    Outside {
        /// The value given.
        value: u32,
        /// The least heap.
        lower: u32,
        /// The largest heap (`--max`).
        max: u32,
    },
    /// `--slice` for a sequence picture.
    #[error("a single heap has no other heap to fix")]
    SingleHeap,
    /// `--slice` for two heaps.
    #[error("a game of two heaps has no heap to fix")]
    TwoHeaps,
}

impl SliceProblem {
    /// What to do about it.
    fn help(&self) -> String {
        match self {
            SliceProblem::NoEquals => "e.g. `--slice h3=5` or `--slice h3=0,5,10`".into(),
            SliceProblem::UnknownHeap { heaps, .. } => {
                format!("its heaps are {}", heaps.join(", "))
            }
            SliceProblem::Twice(_) => {
                "give each heap one --slice, with several values if wanted: `h3=0,5`".into()
            }
            SliceProblem::NotSizes => "write V, V1,V2,... or A..B".into(),
            SliceProblem::TooMany => "draw fewer slices at once".into(),
            SliceProblem::Outside { .. } => "fix the heap at a size within --max".into(),
            SliceProblem::SingleHeap | SliceProblem::TwoHeaps => "leave out --slice".into(),
        }
    }
}

/// A problem in one `--slice` argument, located in it (`heapgame::usage`).
#[derive(Debug, Error)]
#[error("{problem}")]
pub struct SliceError {
    /// The argument, as a source named `--slice`.
    pub arg: Arc<NamedSource<String>>,
    /// The bytes of the argument at fault.
    pub span: std::ops::Range<usize>,
    /// What is wrong.
    pub problem: SliceProblem,
}

impl SliceError {
    /// The problem `problem` at `span` of the argument `text`.
    pub fn new(text: &str, span: std::ops::Range<usize>, problem: SliceProblem) -> SliceError {
        SliceError {
            arg: Arc::new(NamedSource::new("--slice", text.to_string())),
            span,
            problem,
        }
    }
}

impl Diagnostic for SliceError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new("heapgame::usage"))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.problem.help()))
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&*self.arg as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = LabeledSpan::new_primary_with_span(Some("here".into()), self.span.clone());
        Some(Box::new(std::iter::once(label)))
    }
}
