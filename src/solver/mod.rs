//! Phase 4, the generic solver: Grundy values and P/N outcomes of positions of any game that
//! can list its followers ([`GameRules`]), memoized by canonical position, searched
//! iteratively (never recursing on the Rust stack), with loop detection and a position limit.

pub mod bounds;
pub mod budget;
pub mod clock;
mod dense;
pub mod error;
pub mod genus;
pub mod graph;
pub mod kernels;
pub mod key;
pub mod loopy;
pub mod memo;
pub mod mex;
pub mod modes;
pub mod one;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod plan;
pub mod position;
pub mod positions;
pub mod quotient;
pub mod search;
pub mod sum;
pub mod table;
pub mod values;
pub mod within;

pub use crate::ruleset::play::Play;
pub use budget::{Budget, Stop};
pub use clock::{Clock, Deadline};
pub use error::{Outcome, SolveError};
pub use modes::solve_box;
pub use search::Solver;
pub use table::BoxSpec;
pub use values::{BoxValues, ModeUsed, Want};

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

    /// Shows every canonical follower of `pos` to `probe`, stopping with `Ok(true)` the first
    /// time the probe returns true; `out` is working space (its contents afterwards are
    /// unspecified). The default generates them all into `out` first; a generator may stop as
    /// soon as the probe is satisfied.
    fn followers_until(
        &self,
        pos: &[u32],
        scratch: &mut Self::Scratch,
        out: &mut Followers,
        probe: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<bool, Self::Error> {
        self.followers(pos, scratch, out)?;
        Ok(out.iter().any(probe))
    }

    /// Whether every move provably makes the position strictly smaller (so the game graph
    /// has no loop and the search need not mark positions under evaluation). The default,
    /// false, is always safe.
    fn strictly_decreasing(&self) -> bool {
        false
    }

    /// Gives the generator working with `scratch` a check to make now and then while it
    /// generates (true: stop), for loops that write few followers. The default ignores it.
    fn set_interrupt(&self, _scratch: &mut Self::Scratch, _stop: crate::moves::Interrupt) {}

    /// The moves of `pos`, the position of a single heap at index `single` (every other heap
    /// empty), as runs `first, last, step` of amounts taken from that heap, when the
    /// generator can list them so ([`crate::moves::Generator::single_heap_runs`]); `None`:
    /// it cannot, and the caller generates the followers. The default: `None`.
    fn single_heap_runs(
        &self,
        _pos: (&[u32], usize),
        _scratch: &mut Self::Scratch,
        _f: &mut dyn FnMut(u64, u64, u64),
    ) -> Option<Result<(), Self::Error>> {
        None
    }

    /// Whether `e` is the generator stopping because the check given by
    /// [`GameRules::set_interrupt`] said so. The default: never.
    fn is_interrupted(&self, _e: &Self::Error) -> bool {
        false
    }
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
    fn followers_until(
        &self,
        pos: &[u32],
        scratch: &mut Self::Scratch,
        out: &mut Followers,
        probe: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<bool, Self::Error> {
        crate::moves::Generator::followers_until(self, pos, scratch, out, probe)
    }
    fn strictly_decreasing(&self) -> bool {
        crate::moves::Generator::strictly_decreasing(self)
    }
    fn set_interrupt(&self, scratch: &mut Self::Scratch, stop: crate::moves::Interrupt) {
        scratch.set_interrupt(Some(stop));
    }
    fn is_interrupted(&self, e: &Self::Error) -> bool {
        matches!(e, crate::moves::MoveError::Interrupted)
    }
    fn single_heap_runs(
        &self,
        pos: (&[u32], usize),
        scratch: &mut Self::Scratch,
        f: &mut dyn FnMut(u64, u64, u64),
    ) -> Option<Result<(), Self::Error>> {
        crate::moves::Generator::single_heap_runs(self, pos, scratch, f)
    }
}
