//! Phase 4, the generic solver: Grundy values and P/N outcomes of positions of any game that
//! can list its followers ([`GameRules`]), memoized by canonical position, searched
//! iteratively (never recursing on the Rust stack), with loop detection and a position limit.

pub mod budget;
pub mod error;
pub mod mex;
pub mod positions;
pub mod search;

pub use budget::{Budget, Stop};
pub use error::{Outcome, SolveError};
pub use search::Solver;

use crate::moves::Followers;

/// A game the solver can play: positions are canonical slices of heap sizes.
pub trait GameRules {
    /// Working memory of the move generator, reused between calls.
    type Scratch: Default;
    /// Why a position's followers could not be listed.
    type Error;
    /// Writes every canonical follower of `pos` into `out` (cleared first).
    fn followers(
        &self,
        pos: &[u32],
        scratch: &mut Self::Scratch,
        out: &mut Followers,
    ) -> Result<(), Self::Error>;
}

impl GameRules for crate::moves::Generator {
    type Scratch = crate::moves::Scratch;
    type Error = crate::moves::MoveError;
    fn followers(
        &self,
        pos: &[u32],
        scratch: &mut Self::Scratch,
        out: &mut Followers,
    ) -> Result<(), Self::Error> {
        crate::moves::Generator::followers(self, pos, scratch, out)
    }
}
