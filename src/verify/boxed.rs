//! Claims at the solver's speed: before a deepening run compares the claims over a box (or a
//! total, whose box is every heap <= the total), a game a compiled kernel solves whole boxes
//! of (normal play, a fixed number of heaps, moves that end) has the box solved at once, P/N
//! only when no claim reads a Grundy value; the positions of the region are then read from it
//! rather than searched one by one (Wythoff's game: each position's search walks its whole
//! row, column and diagonal, the kernel fills a box of 2000 in a tenth of a second). A box
//! the kernel cannot fill in the time or memory left is left to the search, as before.
//!
//! A kept-heap game's box is held as its per-heap value sets, not a table
//! ([`crate::solver::kernels::KeptCells`]): every cell is the mex of its heaps' sets, a word
//! or so per heap size instead of 4 bytes a position, and read without a rank.

use super::check::Checker;
use super::solved::Solved;
use crate::solver::kernels::{self, solve_box_cells};
use crate::solver::modes::solve_box;
use crate::solver::one::{BYTES_PER_CELL, MOST_CELLS};
use crate::solver::table::BoxSpec;
use crate::solver::values::Want;
use crate::solver::Play;

impl Checker<'_> {
    /// Solves the box of every heap <= `max` by a kernel when one applies (see the module
    /// doc); otherwise leaves the positions to the search. A box already solved that holds
    /// it is kept.
    pub(crate) fn solve_box_first(&mut self, max: u32) {
        let game = self.game;
        let gen = game.generator();
        if self.table.as_ref().is_some_and(|t| t.spec().max >= max) || !self.kernel_at(max) {
            return;
        }
        let Some(k) = game.shape().count else { return };
        let Ok(spec) = BoxSpec::new(game.shape(), max, k) else {
            return;
        };
        let want = self.want();
        let budget = crate::solver::Budget {
            max_positions: self.box_positions,
            ..self.budget.clone()
        };
        let known = match &self.table {
            Some(Solved::Kept(k)) => Some(k),
            _ => None,
        };
        if let Some(cells) = solve_box_cells(gen, &spec, want, &budget, known) {
            if let Ok(cells) = cells {
                self.table = Some(Solved::Kept(cells));
            }
            return;
        }
        // P/N takes about a bit a cell (and a result bit a position): a byte is room to spare.
        let per_cell = if want == Want::Outcome {
            1
        } else {
            BYTES_PER_CELL
        };
        let cells = u128::from(max - game.shape().lower.min(max) + 1).checked_pow(k as u32);
        let fits = cells.is_some_and(|c| match self.budget.max_bytes {
            Some(_) => self.budget.affords(c.saturating_mul(per_cell)),
            None => c <= MOST_CELLS,
        });
        if !fits {
            return;
        }
        // The smaller box is not read again (its positions were compared): the new one is
        // not solved beside it.
        self.table = None;
        if let Ok(values) = solve_box(gen, &spec, want, &budget) {
            self.table = Some(Solved::Table(values));
        }
    }

    /// Whether a kernel solves the box of every heap <= `max` at once (normal play, a fixed
    /// number of heaps, no claim reading winning moves or a genus), or a sum of heaps whose
    /// moves end.
    pub(crate) fn kernel_at(&self, max: u32) -> bool {
        let game = self.game;
        let gen = game.generator();
        let Some(k) = game.shape().count else {
            return false;
        };
        if game.play() != Play::Normal || self.needs.winning || self.needs.genus {
            return false;
        }
        // A kernel takes only moves that take a token (it declines a loop), whatever the
        // moves' amounts, computed in play or not; a sum's heap must be seen to end.
        BoxSpec::new(game.shape(), max, k).is_ok_and(|spec| {
            kernels::choose(gen, &spec, self.want()).is_some()
                || (gen.strictly_decreasing() && crate::solver::sum::is_sum(gen))
        })
    }

    /// What the claims read of a box: Grundy values, or the outcomes alone.
    fn want(&self) -> Want {
        if self.needs.grundy {
            Want::Grundy
        } else {
            Want::Outcome
        }
    }

    /// Whether every region of this game's deepening can be swept without being listed
    /// ([`super::sweep`]): a kernel solves its boxes, two heaps, no `positions where` or one
    /// the move compiler takes, and every claim is compiled ([`super::compiled`]).
    pub fn sweeps(&self) -> bool {
        let game = self.game;
        game.shape().count == Some(2)
            && self.rule_compiles()
            && self.kernel_at(game.shape().lower.max(1))
            && game
                .checked
                .claims
                .iter()
                .all(|c| super::compiled::CompiledClaim::of(c).is_some())
    }

    /// What the box solved first says of `pos`: its Grundy value (when the claims read it)
    /// and whether it is a P-position; `None` outside the box, or with no box.
    #[inline]
    pub(super) fn read_box(&self, pos: &[u32]) -> Option<(Option<u32>, bool)> {
        let grundy = self.needs.grundy;
        self.table.as_ref()?.read(pos, grundy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Budget;
    use crate::Game;

    #[test]
    fn a_default_position_limit_bounds_the_search_not_the_kernels_box() {
        // Wythoff's box of every heap <= 100: 5,151 sorted positions, past a limit of 1,000.
        let game = Game::load_file(std::path::Path::new("rulesets/classic/wythoff.game"), &[])
            .expect("wythoff.game");
        let mut c = Checker::new(&game, Budget::with_limit(Some(1000)));
        // A library's budget: its limit bounds the box too.
        assert_eq!(c.box_positions, Some(1000));
        c.solve_box_first(100);
        assert!(c.table.is_none(), "a box past the limit set");
        // The command line's default limit: the box is weighed by its bytes alone.
        c.box_positions = None;
        c.solve_box_first(100);
        let t = c.table.as_ref().expect("the box solved");
        assert_eq!(t.spec().max, 100);
        // (3, 5) is P, (3, 4) is not: read from the box.
        assert_eq!(c.read_box(&[3, 5]).map(|r| r.1), Some(true));
        assert_eq!(c.read_box(&[3, 4]).map(|r| r.1), Some(false));
    }
}
