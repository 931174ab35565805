//! What the front ends decide the same way about a ruleset's boxes: how many heaps the
//! positions of a box have (a fixed count, or the count asked for when the ruleset allows any
//! number), how many positions it holds, and the positions it allows.

use crate::moves::MoveError;
use crate::solver::positions::{box_size, each_position};
use crate::solver::{Budget, SolveError};

use super::Game;

/// The one wording of a box asked of a ruleset that allows any number of heaps, with no count
/// given: "`NAME` allows any number of heaps: say how many at most"; each front end adds how
/// to say it (` with --heaps`).
pub struct AnyCount<'a>(pub &'a str);

impl std::fmt::Display for AnyCount<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` allows any number of heaps: say how many at most",
            self.0
        )
    }
}

/// The most heaps of a position a box of positions lists (counting the box takes time
/// quadratic in it).
pub const MAX_BOX_HEAPS: usize = 1_000;

/// Why a box of positions is not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxError {
    /// It has no number of heaps.
    Heaps(BoxHeapsError),
    /// Its positions have this many heaps, more than [`MAX_BOX_HEAPS`].
    TooManyHeaps(usize),
}

/// Why a box has no number of heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxHeapsError {
    /// The ruleset allows any number of heaps and no count was given.
    AnyCount,
    /// The ruleset has exactly `count` heaps, but `asked` were asked for.
    FixedCount {
        /// The ruleset's count.
        count: usize,
        /// The count asked for.
        asked: usize,
    },
}

impl Game {
    /// Whether the ruleset allows any number of heaps (`heaps any`).
    pub fn any_count(&self) -> bool {
        self.shape().count.is_none()
    }

    /// The number of heaps of a box: the ruleset's own count, else `heaps` (`None` when the
    /// ruleset allows any number and none is given). A count asked of a ruleset with a fixed
    /// count is ignored here; [`Game::box_heaps`] refuses it.
    pub fn heap_count(&self, heaps: Option<usize>) -> Option<usize> {
        self.shape().count.or(heaps)
    }

    /// The number of heaps of a box, with `heaps` asked for: the ruleset's count (and `heaps`,
    /// if given, must be it), else `heaps`, which a ruleset with any number of heaps needs.
    pub(crate) fn box_heaps(&self, heaps: Option<usize>) -> Result<usize, BoxHeapsError> {
        match (self.shape().count, heaps) {
            (Some(count), Some(asked)) if asked != count => {
                Err(BoxHeapsError::FixedCount { count, asked })
            }
            (Some(count), _) => Ok(count),
            (None, Some(asked)) => Ok(asked),
            (None, None) => Err(BoxHeapsError::AnyCount),
        }
    }

    /// The box of heaps `<= max` with `heaps` asked for ([`Game::box_heaps`]): its number of
    /// heaps and how many positions it holds (`None`: more than 10^38), as `solve`, `:table`
    /// and the playground list it.
    pub fn box_of(
        &self,
        max: u32,
        heaps: Option<usize>,
    ) -> Result<(usize, Option<u128>), BoxError> {
        let k = self.box_heaps(heaps).map_err(BoxError::Heaps)?;
        if k > MAX_BOX_HEAPS {
            return Err(BoxError::TooManyHeaps(k));
        }
        Ok((k, box_size(self.shape(), max, k)))
    }

    /// The positions of the box (heaps at most `max`, `k` of them) the ruleset allows, in the
    /// order of `each_position`; stopped at the budget's position limit or its cancel flag.
    pub(crate) fn box_roots(
        &self,
        max: u32,
        k: usize,
        budget: &Budget,
    ) -> Result<Vec<Vec<u32>>, SolveError<MoveError>> {
        let mut roots = Vec::new();
        each_position(self.shape(), max, k, |p| {
            budget
                .check(roots.len(), roots.len())
                .map_err(|s| SolveError::from_stop(s, roots.len()))?;
            if self.allows(p) {
                roots.push(p.to_vec());
            }
            Ok(())
        })?;
        Ok(roots)
    }
}
