//! The question floor: each kind of question a front end asks is answered here once, as data,
//! above the game and the solver and below `report`, so that the command line, the REPL and
//! the playground take the same route, with the same limits, to the same answer. Each front end
//! only renders what it gets.
//!
//! - [`eval`]: one position, its plan decided here, the solver's route (a kernel, the search,
//!   the misère quotient, loopy values, the genus) run in one call.
//! - [`limits`]: the limits a front end passes ([`Limits`]: what the user set and the memory
//!   the platform leaves), the bounds of a solve resolved from them, and the refusal of a
//!   position whose followers alone prove the run cannot finish; `region.rs`: the refusal of a
//!   search whose region is proven past its position limit.
//! - [`destination`]: the file an answer is to be written to, checked before the work.
//! - [`table`]: a box, in one call (its plan and memory, a sum, a kernel, the parallel mode
//!   or the search, loopy values); [`rows`]: the solved box read row by row.
//! - [`check_runs`]: the runs of a check (one a `check` line, each its parameter values),
//!   each with its box ([`check_box`]: the line's, its `quick` one, or the line's within a
//!   number of positions and the `quick` one otherwise; refused as data when none fits).
//! - [`check`]: the claims of files' runs checked (each run's region or listed positions,
//!   the family claims, the coverage; under a time limit, shared and deepened).
//! - [`diff`]: two rulesets, or a ruleset and a formula, compared (what is compared, its
//!   bounds, then the region or the deepening).
//! - [`sequence`]: one heap's values and their period, within the bounds decided here.
//! - [`quotient`]: the misère quotient of a take-and-break game's heaps (refused when the
//!   game is not a sum of single heaps), and whether it is tame.
//! - [`play`]: a game against heapgame: the moves offered, a position judged, the reply.

pub mod check;
pub mod check_box;
mod check_deepen;
pub mod check_ranges;
pub mod check_runs;
pub mod destination;
pub mod diff;
pub mod eval;
pub mod hooks;
pub mod limits;
pub mod play;
pub mod quotient;
mod region;
pub mod rows;
pub mod sequence;
pub mod table;

pub use eval::{eval, Answer, EvalError, Evaluation, Route, Want};
pub use limits::{Bounds, Limit, Limits, Room};
