//! Before a box is solved: the mode [`super::modes::choose`] picks for it (the one choice the
//! run follows too), and the least memory that mode allocates for the box, so that a caller
//! can refuse a box that cannot fit its memory limit for the mode that will run, and only
//! such a box.

use super::modes::{choose, Choice};
use super::table::BoxSpec;
use super::values::{ModeUsed, Want};
use crate::moves::Generator;
use crate::ruleset::play::Play;

/// The mode a box will be solved by, and what it costs at least.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxPlan {
    /// The mode.
    pub mode: ModeUsed,
    /// The compiled kernel, if one matches.
    pub kernel: Option<&'static str>,
    /// Bits the mode allocates per position of the box, at least: the arrays it holds over
    /// the whole box at its peak (its working memory, the follower lists and aggregates, come
    /// on top).
    pub bits_per_position: u64,
}

/// The plan of the box in `play`; `listed`: a sum's box is listed position by position from
/// its single-heap sequence, not tabulated ([`super::modes::solve_box_through`]).
pub(crate) fn plan_for(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    (play, listed): (Play, bool),
) -> BoxPlan {
    // The outcomes, at one bit a position, kept when the values are turned into them.
    let bits = u64::from(want == Want::Outcome);
    let costs = |mode, kernel, bits_per_position| BoxPlan {
        mode,
        kernel,
        bits_per_position,
    };
    match choose(game, spec, want, play) {
        // The single-heap sequence alone.
        Choice::Sum if listed => costs(ModeUsed::Sum, None, 0),
        // The XOR over the heaps, 4 bytes a position, then the outcomes.
        Choice::Sum => costs(ModeUsed::Sum, None, 32 + bits),
        // The box's outcomes at one bit a position (the kernel's own table, of at least as
        // many cells, is read out into them or becomes them), or its values, 4 bytes each.
        Choice::Kernel(name) => match want {
            Want::Outcome => costs(ModeUsed::Table, Some(name), 1),
            Want::Grundy => costs(ModeUsed::Table, Some(name), 32),
        },
        // A total (8 bytes) and a rank in the order of totals (8 bytes) per position.
        Choice::Parallel => costs(ModeUsed::Parallel, None, 128 + bits),
        // The dense memo, 1 byte (P/N) or 4 a position, and the values read out of it.
        Choice::Search => {
            let memo = if want == Want::Outcome { 8 } else { 32 };
            costs(ModeUsed::Table, None, memo + 32 + bits)
        }
    }
}

/// The plan of [`super::modes::solve_box`] for this box (normal play, tabulated).
pub fn plan_box(game: &Generator, spec: &BoxSpec, want: Want) -> BoxPlan {
    plan_for(game, spec, want, (Play::Normal, false))
}

/// [`plan_box`] in `play` (the box tabulated).
pub fn plan_box_play(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> BoxPlan {
    plan_for(game, spec, want, (play, false))
}

/// The plan of [`super::modes::solve_box_listed`] (what `solve` runs): a sum in normal play
/// holds only its single-heap sequence, no array over the box.
pub fn plan_box_listed(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> BoxPlan {
    plan_for(game, spec, want, (play, true))
}

impl BoxPlan {
    /// The least bytes the mode allocates for `positions` positions.
    pub fn bytes(&self, positions: usize) -> u128 {
        (positions as u128 * u128::from(self.bits_per_position)).div_ceil(8)
    }

    /// The mode in words: "the cube kernel", "the memoized search on a dense table".
    pub fn describe(&self) -> String {
        describe(self.mode, self.kernel)
    }
}

/// A mode (and kernel) in words, as `solve` reports it.
pub fn describe(mode: ModeUsed, kernel: Option<&str>) -> String {
    match (mode, kernel) {
        (_, Some(k)) => format!("the {k} kernel"),
        (ModeUsed::Table, None) => "the memoized search on a dense table".to_string(),
        (ModeUsed::Sum, None) => "the single-heap Grundy values of a sum, XORed".to_string(),
        (ModeUsed::Parallel, None) => "the memoized search, layer by layer in parallel".to_string(),
        (ModeUsed::Generic, None) => "the memoized search".to_string(),
    }
}
