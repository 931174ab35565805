//! heapgame: impartial heap games written in a small declarative language, solved.
//!
//! The phases, each a module: [`syntax`] (text to tree), [`ruleset`] (checking and lowering),
//! [`moves`] (move generators), [`solver`] (Grundy values and outcomes), [`game`] (the loaded
//! game that ties them together), and the command line in `cli`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
pub mod estimate;
pub mod formulas;
pub mod game;
pub mod guess;
pub mod moves;
pub mod numbers;
pub mod plot;
pub mod query;
#[cfg(feature = "cli")]
pub mod repl;
pub mod report;
pub mod ruleset;
pub mod sequence;
pub mod solver;
pub mod source;
pub mod syntax;
pub mod verify;

pub use game::{Game, PositionError};
pub use ruleset::LoadError;
pub use solver::{Outcome, SolveError, Solver};
