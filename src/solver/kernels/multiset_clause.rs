//! The multiset kernel's matched moves: [`Clause`] (how many heaps a move clause deletes, how
//! many of the rest it acts on, and [`Act`], what it does to them), the leaf that the matcher
//! (`multiset.rs`), the follower lister (`multiset_moves.rs`) and the retrograde marking
//! (`multiset_retro.rs`) share.

/// Which numbers of heaps a selection may choose, by the number of candidate heaps.
#[derive(Clone, Debug)]
pub(super) struct Counts(Vec<Vec<usize>>);

impl Counts {
    /// The allowed counts, indexed by the number of candidate heaps.
    pub(super) fn new(by: Vec<Vec<usize>>) -> Self {
        Self(by)
    }

    /// The allowed counts among `cands` candidates (none beyond the box's heaps).
    pub(super) fn get(&self, cands: usize) -> &[usize] {
        self.0.get(cands).map_or(&[], Vec::as_slice)
    }
}

/// What the second step does to the heaps it selects.
#[derive(Clone, Copy, Debug)]
pub(super) enum Act {
    /// Split each into `parts` parts, each at least `min` (pairwise different if `unequal`).
    Split {
        /// Into how many parts.
        parts: usize,
        /// The least part (at least 1 here).
        min: u32,
        /// Parts pairwise different.
        unequal: bool,
    },
    /// Lower each by this much (empty heaps vanish).
    Lower(u64),
}

/// One matched move clause.
#[derive(Clone, Debug)]
pub(super) struct Clause {
    /// How many heaps it deletes.
    pub(super) del: Counts,
    /// How many of the rest it splits or lowers.
    pub(super) act: Counts,
    /// What it does to them.
    pub(super) kind: Act,
}
