//! The misère quotient of a take-and-break game's heaps `1..=max`, asked once for `heapgame
//! quotient` and Python's `Ruleset.quotient` ([`quotient`]): refused as data when the game's
//! positions are not sums of single heaps; else each heap's options, the quotient proven stage
//! by stage (each heap added only once the last stage held against every sum of its heaps),
//! and whether the game is tame there. The front end words a stop and renders the answer.

use crate::game::Game;
use crate::ruleset::diag::LoadError;
use crate::solver::quotient::tame::is_tame;
use crate::solver::quotient::{compute, heap_options, Computed, QuotientError};
use crate::solver::Budget;

/// A quotient answered: the quotient of heaps `1..=max` with how it grew, and whether the game
/// is tame there.
#[derive(Debug)]
pub struct Quotient {
    /// The quotient, its heaps' options and its order heap by heap.
    pub computed: Computed,
    /// Whether it is the quotient of misère Nim's heaps (tame).
    pub tame: bool,
}

/// Why a quotient has no answer.
#[derive(Debug)]
pub enum QuotientAskError {
    /// The game's positions are not sums of single heaps (a move on two heaps at once, a
    /// fixed number of heaps): refused before anything is computed, pointing at the move.
    NotSum(Box<LoadError>),
    /// The computation failed or was stopped (a limit, the deadline, Ctrl-C, a move that
    /// leaves a heap as large, a table past the memory limit).
    Failed(QuotientError),
}

/// The misère quotient of `game`'s heaps `1..=max` within `budget` (the front end's hooks and
/// limits), whatever the game's `play` line says.
pub fn quotient(game: &Game, max: u32, budget: &Budget) -> Result<Quotient, QuotientAskError> {
    let what = "a take-and-break game (a sum of single heaps)";
    let help = "a misère quotient describes a game whose positions are sums of heaps, each move \
                on one heap alone (take, split, lower, keep); ask `eval` or `solve` in misère \
                play for other games";
    if let Some(e) = game.not_a_sum(what, help) {
        return Err(QuotientAskError::NotSum(Box::new(e)));
    }
    let failed = QuotientAskError::Failed;
    let options = heap_options(game.generator(), max, budget).map_err(failed)?;
    let computed = compute(&options, budget).map_err(failed)?;
    let tame = is_tame(&computed, budget).map_err(failed)?;
    Ok(Quotient { computed, tame })
}
