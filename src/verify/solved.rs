//! A box solved at once, as a checker holds it ([`super::boxed`]): a kernel's table by rank,
//! or a kept-heap game's per-heap value sets ([`KeptCells`]), each read position by position.

use crate::solver::kernels::KeptCells;
use crate::solver::table::BoxSpec;
use crate::solver::values::{BoxValues, Want};

/// A box solved at once, as the checker holds it.
pub(crate) enum Solved {
    /// A table by rank, of Grundy values or outcomes.
    Table(BoxValues),
    /// A kept-heap game's box, as its per-heap sets: Grundy values, whatever was asked.
    Kept(KeptCells),
}

impl Solved {
    /// The box.
    pub(crate) fn spec(&self) -> &BoxSpec {
        match self {
            Solved::Table(t) => &t.spec,
            Solved::Kept(k) => k.spec(),
        }
    }

    /// The Grundy value of `pos` (when `grundy`, else `None`) and whether it is a
    /// P-position; `None` outside the box.
    #[inline]
    pub(crate) fn read(&self, pos: &[u32], grundy: bool) -> Option<(Option<u32>, bool)> {
        match self {
            Solved::Table(t) => {
                let r = t.spec.rank(pos)?;
                let g = (t.want == Want::Grundy).then(|| t.value(r));
                Some((g, t.is_p(r)))
            }
            Solved::Kept(k) => {
                let g = k.grundy(pos)?;
                Some((grundy.then_some(g), g == 0))
            }
        }
    }
}
