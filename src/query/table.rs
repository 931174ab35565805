//! A box answered in one call ([`table`]), by the one route `solve`, the REPL's `:table`, the
//! playground and the Python package take: the file it is to be written to, if any, checked
//! first (`destination.rs`); the box's heaps and ranks (refused when it has no number of heaps,
//! too many, more positions than a table by rank can address, or than the front end lists);
//! the front end's limits resolved into the plain values the solver takes
//! ([`crate::query::limits`]); then one call down to the solver
//! ([`crate::solver::within`]), which plans the box (the mode that will solve it, its memory
//! per position, the bounds of its solve at that cost), refuses it unless forced when that
//! mode's table cannot fit the memory limit or an answer held whole holds more positions than
//! the position limit, and solves it within the caller's budget tightened to those bounds: a
//! sum's single-heap sequence, a compiled kernel, the parallel mode or the search; when the
//! moves can return to a position in normal play and the caller takes them, Smith's values
//! over the region the box reaches. The answer ([`Solved`]) is data, read row by row
//! (`rows.rs`); `report` (and the playground, the Python package) write it.

use crate::game::{BoxError, Game};
use crate::moves::MoveError;
use crate::solver::loopy::{solve_loopy_region, LoopySolution};
use crate::solver::modes::Listed;
use crate::solver::plan::BoxPlan;
use crate::solver::within::{solve_box_within, BoxStop};
use crate::solver::{BoxSpec, Budget, GameRules, Play, SolveError, Want};

use std::path::PathBuf;

use super::destination::{Destination, DestinationError};
use super::limits::{Bounds, Limits};

/// The box asked for: every heap at most `max`, `heaps` heaps for a ruleset with any number
/// of them, Grundy values or outcomes alone, and where its answer is to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxAsk {
    /// The largest heap size.
    pub max: u32,
    /// The number of heaps, for rulesets with any number of heaps.
    pub heaps: Option<usize>,
    /// Grundy values too, not only outcomes.
    pub grundy: bool,
    /// The answer is held whole (a page's list, an array, a text), not written position by
    /// position: every position of the box is tabulated and counts against the position
    /// limit.
    pub held: bool,
    /// Smith's values are taken when the moves can return to a position (normal play); else
    /// the loop is the solve's error.
    pub loopy: bool,
    /// The most positions the front end lists (the REPL's text); a larger box is refused
    /// before its solve.
    pub most: Option<usize>,
    /// The file the answer is to be written to (`solve --output`): checked first, refused
    /// before anything is solved, and handed back with the answer ([`Solved::output`]).
    pub output: Option<PathBuf>,
}

impl BoxAsk {
    /// What the solver computes for this box.
    pub fn want(&self) -> Want {
        if self.grundy {
            Want::Grundy
        } else {
            Want::Outcome
        }
    }
}

/// A box ready to solve: its number of heaps, its positions by rank and the mode that will
/// solve it.
#[derive(Debug)]
pub struct Planned {
    /// The number of heaps of its positions.
    pub k: usize,
    /// The box's ranks.
    pub spec: BoxSpec,
    /// The mode, the kernel and the memory a position.
    pub plan: BoxPlan,
    /// The bounds of its solve, at what the mode spends a position.
    pub bounds: Bounds,
}

impl Planned {
    /// The bytes the mode's tables take for the box, at least.
    pub fn bytes(&self) -> u128 {
        self.plan.bytes(self.spec.len())
    }
}

/// Why a box has no answer.
#[derive(Debug)]
pub enum TableError {
    /// The file the answer is to be written to cannot be ([`BoxAsk::output`]).
    Output(DestinationError),
    /// The ruleset gives the box no number of heaps, or too many.
    Box(BoxError),
    /// More positions than a table by rank can address (how many; `None`: beyond 10^38).
    Unaddressable(Option<u128>),
    /// More positions (`size`) than the front end lists ([`BoxAsk::most`]).
    Listed {
        /// The box's positions.
        size: usize,
        /// The most listed.
        most: usize,
    },
    /// The mode's tables need more bytes than the memory limit; the box is planned.
    Memory(Box<Planned>),
    /// The answer, held whole, holds more positions than the position limit; the box is
    /// planned.
    Positions(Box<Planned>),
    /// The solve failed or was stopped; `loopy`: while solving the region a loopy box reaches.
    Solve {
        /// The failure.
        error: SolveError<MoveError>,
        /// Whether Smith's values were being computed.
        loopy: bool,
        /// The box, planned (its bounds say what set the limit a stop hit).
        planned: Box<Planned>,
    },
}

/// A solved box.
pub enum Table {
    /// Every position's outcome (and Grundy value when asked), by rank or, for a sum, by XOR.
    Values(Listed),
    /// A loopy game in normal play: the box's positions, in order, and Smith's values of the
    /// region they reach.
    Loopy {
        /// The positions of the box the ruleset allows, in the order of `each_position`.
        roots: Vec<Vec<u32>>,
        /// Smith's values over the region.
        solution: LoopySolution,
    },
}

/// A box answered: its plan, its table, and the budget it was solved within (the caller's,
/// tightened to the plan's bounds), which the reading of its rows looks at (Ctrl-C, the
/// deadline).
pub struct Solved {
    /// The box, planned.
    pub planned: Planned,
    /// Its values.
    pub table: Table,
    /// The budget of its solve.
    pub budget: Budget,
    /// Where it is to be written, checked before the solve ([`BoxAsk::output`]).
    pub output: Option<Destination>,
}

/// The box of `ask`, answered in one call: its output file checked, its heaps and ranks
/// (refused, as data, when it has none or too many), then planned, refused and solved in one
/// call to the solver ([`solve_box_within`]) within `limits`, resolved here first, and the
/// caller's `budget` (its hooks: Ctrl-C, progress, the deadline; its position and memory
/// limits, when set, kept where tighter than the plan's bounds), the search through `rules`
/// (the game's moves, or a wrapper of them that counts its progress). The plan's bounds come
/// back with the answer or its refusal, so that the front end says what set a limit.
pub fn table<G: GameRules<Error = MoveError>>(
    game: &Game,
    rules: &G,
    ask: &BoxAsk,
    limits: &Limits,
    budget: &Budget,
) -> Result<Solved, TableError> {
    let want = ask.want();
    let output = (ask.output.as_deref())
        .map(Destination::check)
        .transpose()
        .map_err(TableError::Output)?;
    let (k, size) = game.box_of(ask.max, ask.heaps).map_err(TableError::Box)?;
    let spec =
        BoxSpec::new(game.shape(), ask.max, k).map_err(|_| TableError::Unaddressable(size))?;
    if let Some(most) = ask.most.filter(|&m| spec.len() > m) {
        let size = spec.len();
        return Err(TableError::Listed { size, most });
    }
    let cap = limits.cap();
    let how = (game.play(), !ask.held);
    let run = solve_box_within(game.generator(), rules, &spec, want, how, &cap, budget);
    let planned = Planned {
        k,
        spec,
        plan: run.plan,
        bounds: run.bounds,
    };
    let budget = run.budget;
    let failed = |error, loopy, planned| TableError::Solve {
        error,
        loopy,
        planned: Box::new(planned),
    };
    let table = match run.outcome {
        Ok(values) => Table::Values(values),
        Err(BoxStop::Memory) => return Err(TableError::Memory(Box::new(planned))),
        Err(BoxStop::Positions) => return Err(TableError::Positions(Box::new(planned))),
        // A loop in normal play is answered with Smith's values over the region the box
        // reaches, when the caller takes them.
        Err(BoxStop::Solve(SolveError::Cycle(_))) if game.play() == Play::Normal && ask.loopy => {
            // The region the box reaches is not the box: its size is not known.
            if let Some(cell) = &budget.planned {
                cell.store(0, std::sync::atomic::Ordering::Relaxed);
            }
            let roots = match game.box_roots(ask.max, planned.k, &budget) {
                Ok(roots) => roots,
                Err(error) => return Err(failed(error, true, planned)),
            };
            match solve_loopy_region(game.generator(), roots.iter().cloned(), &budget) {
                Ok(solution) => Table::Loopy { roots, solution },
                Err(error) => return Err(failed(error, true, planned)),
            }
        }
        Err(BoxStop::Solve(error)) => return Err(failed(error, false, planned)),
    };
    Ok(Solved {
        planned,
        table,
        budget,
        output,
    })
}
