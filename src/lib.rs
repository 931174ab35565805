//! heapgame: impartial heap games written in a small declarative language, solved.
//!
//! A ruleset is loaded into a [`Game`] ([`Game::load_file`], [`Game::from_source`]); the
//! questions asked of it are answered by the query floor, [`query`], each in one call that
//! takes the limits of the run ([`query::Limits`]) and returns data: one position
//! ([`query::eval`], on the game's solver or one kept between questions), a box of
//! positions ([`query::table::table`], read row by row), one heap's values and their period
//! ([`query::sequence`]). The phases below it are modules too: [`syntax`] (text to tree),
//! [`ruleset`] (checking and lowering), [`moves`] (move generators), [`solver`] (Grundy values
//! and outcomes), [`verify`] (claims and diffs); the command line is `cli` (feature `cli`).
//!
//! ```
//! use heapgame::query::rows::Row;
//! use heapgame::query::table::{table, BoxAsk};
//! use heapgame::query::{eval, Answer, Limits, Room, Want};
//! use heapgame::solver::Budget;
//! use heapgame::Game;
//!
//! let text = "ruleset \"Wythoff\" {
//!   heaps 2
//!   move { take 1.. from one heap }
//!   move { take same 1.. from both heaps }
//! }";
//! let game = Game::from_source("wythoff.game", text, &[]).expect("a ruleset");
//! // No limit but what the caller sets: a library call.
//! let limits = Limits::with_room(Room::Unbounded);
//! let budget = Budget::default();
//!
//! // One position: (3, 5) is a P-position, its Grundy value 0.
//! let pos = game.read_position(&["3 5".to_string()]).expect("a position");
//! let mut solver = game.solver();
//! let answer = eval(&game, &mut solver, &pos, &limits, &budget, Want::default());
//! let Answer::Values(e) = answer.unwrap() else {
//!     panic!("Wythoff's game has no loops");
//! };
//! assert_eq!((e.is_p, e.grundy), (true, Some(0)));
//!
//! // A box: the P-positions with both heaps at most 10 (a <= b, the heaps unordered).
//! let ask = BoxAsk {
//!     max: 10, heaps: None, grundy: false, held: true, loopy: false, most: None, output: None,
//! };
//! let solved = table(&game, game.generator(), &ask, &limits, &budget).expect("solved");
//! let mut rows = solved.rows(&game, false);
//! let mut ps = Vec::new();
//! while let Some(row) = rows.advance() {
//!     if let Ok(Row::Values { position, is_p: true, .. }) = row {
//!         ps.push(position.to_vec());
//!     }
//! }
//! assert_eq!(ps, [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10]]);
//! ```
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
