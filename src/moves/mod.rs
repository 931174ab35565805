//! Phase 3, moves: the lowered move programs ([`program`]) and the generator that runs them
//! on a position ([`generate`]), writing canonical followers into a [`Followers`] buffer.

pub(crate) mod combination;
pub mod compiled;
pub mod family;
pub mod followers;
pub mod generate;
pub mod program;
pub mod quick_eval;

pub use followers::Followers;
pub use generate::{Generator, Interrupt, MoveError, Scratch};
