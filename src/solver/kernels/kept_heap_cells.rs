//! A kept-heap box held as its per-heap value sets alone: the Grundy value of `(z_1, ...,
//! z_n)` is `mex(V(z_1) ∪ ... ∪ V(z_n))` (`kept_heap.rs`), so a word or a few per heap size
//! answer any cell of the box, where a table takes 4 bytes (or a bit) a position. For `check`,
//! which reads a box position by position: Delete Nim's box of every heap <= 33,000 is 550
//! million positions, 2.2 GB as a table, 264 KB as its sets.

use super::kept_heap_sets::{mex, Sets};
use crate::solver::table::BoxSpec;

/// Every cell of a box a kept-heap game's moves fill, answered from the sets `V(h)` of the
/// heap sizes `h <= max` ([`KeptCells::grundy`]).
pub struct KeptCells {
    spec: BoxSpec,
    sets: Sets,
}

impl KeptCells {
    pub(super) fn new(spec: BoxSpec, sets: Sets) -> KeptCells {
        KeptCells { spec, sets }
    }

    /// The box.
    pub fn spec(&self) -> &BoxSpec {
        &self.spec
    }

    /// The sets, for a larger box of the same game to start from: `V(h)` depends on `h` and
    /// the sets of smaller heaps alone, never on the box.
    pub(super) fn sets(&self) -> &Sets {
        &self.sets
    }

    /// The bytes the sets take, for `max + 1` heap sizes of `words` words: what is held
    /// instead of a table over the box.
    pub fn bytes(max: u32, words: usize) -> u128 {
        (u128::from(max) + 1) * words as u128 * 8
    }

    /// The Grundy value of the canonical position `pos`, or `None` outside the box (a heap
    /// past its largest or below the shape's least, or another number of heaps).
    #[inline]
    pub fn grundy(&self, pos: &[u32]) -> Option<u32> {
        let (lower, max) = (self.spec.shape.lower, self.spec.max);
        if pos.len() != self.spec.heaps || pos.iter().any(|&z| z < lower || z > max) {
            return None;
        }
        if let ([a, b], 1) = (pos, self.sets.words()) {
            // Two heaps, one word: the common case.
            return Some(mex(&[
                self.sets.word(*a as usize) | self.sets.word(*b as usize)
            ]));
        }
        let w = self.sets.words();
        let mut union = [0u64; 4];
        let mut wide = Vec::new();
        let union: &mut [u64] = if w <= union.len() {
            &mut union[..w]
        } else {
            wide.resize(w, 0);
            &mut wide
        };
        for &z in pos {
            for (u, s) in union.iter_mut().zip(self.sets.get(z as usize)) {
                *u |= s;
            }
        }
        Some(mex(union))
    }
}
