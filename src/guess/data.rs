//! The data a guess is made from: every position of a box (heaps `<= max`, at most `heaps`
//! heaps), solved for Grundy values by the solver's fastest sound mode, listed in `check`'s
//! order (fewest tokens first, then fewest heaps, then lexicographically) so that the first
//! position a shape gets wrong is the one `check` would name.

use super::GuessError;
use crate::game::Game;
use crate::solver::modes::{solve_box_play, BoxValues, Want};
use crate::solver::table::BoxSpec;
use crate::solver::Budget;
use crate::verify::{positions_in_order, Bounds};

/// The most positions a guess solves.
pub const MAX_POSITIONS: usize = 4_000_000;

/// The solved region.
pub struct Data {
    /// The largest heap.
    pub max: u32,
    /// The most heaps (the shape's count, or the box's for `heaps any`).
    pub heaps: usize,
    /// Whether the shape allows any number of heaps.
    pub any: bool,
    /// Whether positions are multisets (sorted heaps), not ordered tuples.
    pub sorted: bool,
    /// The positions the game allows, in `check`'s order.
    pub positions: Vec<Vec<u32>>,
    /// The Grundy value of each.
    pub values: Vec<u32>,
    /// The box's table, for looking a position up.
    table: BoxValues,
}

impl Data {
    /// Solves every position of heaps `<= max` (at most `heaps` heaps when the count is free).
    pub fn solve(game: &Game, max: u32, heaps: usize, budget: &Budget) -> Result<Data, GuessError> {
        let shape = game.shape();
        let heaps = shape.count.unwrap_or(heaps);
        let spec = BoxSpec::new(shape, max, heaps).map_err(|_| too_large(max, heaps))?;
        if spec.len() > MAX_POSITIONS {
            return Err(too_large(max, heaps));
        }
        let table = solve_box_play(game.generator(), &spec, Want::Grundy, budget, game.play())
            .map_err(GuessError::Solve)?;
        let mut positions =
            positions_in_order(shape, Bounds { max, heaps }).map_err(|_| too_large(max, heaps))?;
        positions.retain(|p| game.allows(p));
        let values = positions
            .iter()
            .map(|p| table.grundy(p).unwrap_or(0))
            .collect();
        Ok(Data {
            max,
            heaps,
            any: shape.count.is_none(),
            sorted: shape.symmetric(),
            positions,
            values,
            table,
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The Grundy value of a canonical position of the box.
    pub fn grundy(&self, pos: &[u32]) -> Option<u32> {
        self.table.grundy(pos)
    }

    /// The Grundy values of the single heaps `0..=max` (the other heaps empty).
    pub(crate) fn single_heaps(&self) -> Vec<u32> {
        let count = (!self.any).then_some(self.heaps);
        let mut pos = Vec::new();
        (0..=self.max)
            .map(|n| {
                crate::solver::sum::single_heap(count, n, &mut pos);
                self.grundy(&pos).unwrap_or(0)
            })
            .collect()
    }

    /// The region in words: "2 heaps <= 200", "at most 3 heaps, each <= 20".
    pub fn describe(&self) -> String {
        if self.any {
            format!("at most {} heaps, each <= {}", self.heaps, self.max)
        } else {
            format!("{} heaps, each <= {}", self.heaps, self.max)
        }
    }

    /// The first position (in order) where `f` is false, and how many held before it.
    pub(crate) fn first_where_not(
        &self,
        mut f: impl FnMut(&[u32], u32) -> bool,
    ) -> (Option<Vec<u32>>, u64) {
        for (i, (p, &g)) in self.positions.iter().zip(&self.values).enumerate() {
            if !f(p, g) {
                return (Some(p.clone()), i as u64);
            }
        }
        (None, self.positions.len() as u64)
    }
}

fn too_large(max: u32, heaps: usize) -> GuessError {
    GuessError::Region(format!(
        "the box of {heaps} heaps <= {max} has more than {MAX_POSITIONS} positions; lower --max \
         (or --heaps)"
    ))
}
