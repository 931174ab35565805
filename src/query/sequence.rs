//! One heap's values asked, by the one route `sequence`, the REPL's `:sequence` and the
//! Python package take: the bounds of the run decided here from the front end's [`Limits`]
//! (a value is stored in at most [`BITS_PER_VALUE`] bits), the caller's budget (its hooks:
//! Ctrl-C, progress, the deadline) tightened to them, then the sequence's run
//! ([`crate::sequence`]): refused when the ruleset is not a sum of single heaps, proven
//! periodic where the theorem applies. The bounds come back with the answer, so that a front
//! end says what set a limit the run hit.

use crate::game::Game;
use crate::sequence::{sequence_partial, Grown, Sequence, SequenceError};
use crate::solver::sum::values::Values;
use crate::solver::Budget;

use super::limits::{Bounds, Limits};

/// The bits a value takes while the sequence runs: at most two bytes while the values fit,
/// in a vector that may hold twice as many as it uses.
pub(crate) const BITS_PER_VALUE: u64 = 4 * 8;

/// The values of heaps `0..=max` from `start` (values computed before: `--resume`), within
/// `limits` and `budget`; `watch` sees the values as they grow (`--save`) and stops the run
/// when it answers false. A stop keeps the values computed ([`Grown::stopped`]).
pub fn sequence(
    game: &Game,
    (start, max): (Values, u32),
    limits: &Limits,
    budget: &Budget,
    watch: &mut dyn FnMut(&Values) -> bool,
) -> (Result<Grown, SequenceError>, Bounds) {
    let bounds = limits.at(BITS_PER_VALUE);
    let budget = bounds.tighten(budget);
    (sequence_partial(game, start, max, &budget, watch), bounds)
}

/// The values of heaps `0..=max` and their periodicity, whole: a stop is the error.
pub fn whole(
    game: &Game,
    max: u32,
    limits: &Limits,
    budget: &Budget,
) -> Result<Sequence, SequenceError> {
    let budget = limits.at(BITS_PER_VALUE).tighten(budget);
    crate::sequence::sequence(game, max, &budget)
}
