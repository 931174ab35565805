//! What goes into the route of one position and what comes out, as plain data: the plan the
//! caller decided ([`PositionPlan`]), what it wants beside the value ([`Want`]); the
//! position's values ([`Evaluation`]), how they were found ([`Route`]), a loopy game's values
//! ([`Answer::Loopy`]), or why there are none ([`PositionError`]). A leaf: the route's steps
//! read and build these.

use crate::moves::{Generator, MoveError};
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::loopy::LoopySolution;
use crate::solver::one::KernelBox;
use crate::solver::Play;

/// What a caller wants beside the value and the winning moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Want {
    /// Every follower with its value (the playground lists them).
    pub followers: bool,
    /// Conway's genus, in misère play (the command line and the REPL print it).
    pub genus: bool,
}

/// How an answer was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// A compiled kernel solved the position's box (the kernel's name).
    Kernel(&'static str),
    /// A compiled kernel solved the outcomes of the position's box, and the deadline (`--time`)
    /// came before its Grundy values: the outcome and winning moves, no Grundy value.
    KernelOutcome(&'static str),
    /// The memoized search.
    Search,
    /// The memoized search, since the misère quotient could not be found (why).
    SearchNoQuotient(String),
    /// The misère quotient of heaps `1..=max`, of this order: outcomes and winning moves, no
    /// misère nim value.
    Quotient {
        /// The largest heap of the quotient.
        max: u32,
        /// The quotient's order.
        order: usize,
    },
}

/// A position's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The Grundy value (g^- in misère play); `None` when the misère quotient answered, or
    /// when the deadline stopped a kernel after the outcomes ([`Route::KernelOutcome`]).
    pub grundy: Option<u32>,
    /// Whether the position is a P-position.
    pub is_p: bool,
    /// The winning moves: the followers that are P-positions.
    pub wins: Vec<Vec<u32>>,
    /// Every follower with its value, sorted, without repeats, when asked for (and known:
    /// not through the quotient).
    pub followers: Option<Vec<(Vec<u32>, u32)>>,
    /// The genus as written (`0^120`, or `not settled`), in misère play when asked for.
    pub genus: Option<String>,
    /// How the answer was found.
    pub route: Route,
    /// The positions the search stored (0 through a kernel or the quotient).
    pub stored: usize,
}

/// The answer about one position.
#[derive(Debug)]
pub enum Answer {
    /// The position's values.
    Values(Evaluation),
    /// A loopy game in normal play: Smith's values over the region the position reaches.
    Loopy(LoopySolution),
}

/// What the caller decided about the canonical position `pos` before its solve.
#[derive(Clone, Debug)]
pub struct PositionPlan<'a, R> {
    /// The game's moves.
    pub gen: &'a Generator,
    /// The play convention.
    pub play: Play,
    /// The position.
    pub pos: &'a [u32],
    /// Its box, when a kernel can solve it ([`crate::solver::one::kernel_box`]).
    pub kernel: Option<KernelBox>,
    /// The budget of the search, the quotient, Smith's values and the genus.
    pub budget: Budget,
    /// A misère sum of more than one heap: the misère quotient may be tried.
    pub quotient: bool,
    /// The search's refusal, when its region is proven past its position limit: given back
    /// unless the solver holds the answer already (a session's earlier question).
    pub refused: Option<R>,
}

/// Why the route gave no answer.
#[derive(Debug)]
pub enum PositionError<R> {
    /// The plan's refusal of the search.
    Refused(R),
    /// The solve failed or was stopped (a limit, the deadline, Ctrl-C, a move's error).
    Solve(SolveError<MoveError>),
}

impl<R> From<SolveError<MoveError>> for PositionError<R> {
    fn from(e: SolveError<MoveError>) -> Self {
        PositionError::Solve(e)
    }
}
