//! What a deepening run asks of a position, claim by claim: a claim whose `when` bounds the
//! number of heaps (`len(heaps) <= 3`, `heaps == (1, 5, 6, 7)`: [`super::heap_count::bound`])
//! says nothing of a position with more heaps, so under `--time`, once it has no branch left
//! to take, it is counted outside its scope there without being evaluated; and the solver is
//! asked only what the claims compared at the position read (a parked claim's `winning` is
//! not computed at every position of a box of 11 heaps: Propp's cookie game, whose claims on
//! named positions of 4 to 6 heaps read the winning moves).

use super::check::Checker;
use super::claim::Needs;

impl Checker<'_> {
    /// Whether claim `i` is left out at `pos`: a deepening run's claim (`timed`) whose `when`
    /// allows fewer heaps than `pos` has, with no branch left to take.
    pub(super) fn beyond_scope(&self, i: usize, pos: &[u32]) -> bool {
        self.timed.is_some()
            && self.scopes[i].1.is_some_and(|k| pos.len() > k)
            && !self.wants_branches(i)
    }

    /// What the claims compared at `pos` read of it.
    pub(super) fn needs_at(&self, pos: &[u32]) -> Needs {
        let mut n = Needs::default();
        for (i, (c, _)) in self.scopes.iter().enumerate() {
            if self.compares(i) && !self.beyond_scope(i, pos) {
                n.grundy |= c.grundy;
                n.winning |= c.winning;
                n.genus |= c.genus;
            }
        }
        n
    }
}
