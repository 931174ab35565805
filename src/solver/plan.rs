//! Before a box is solved: which mode [`super::modes::solve_box`] will take for it (the same
//! tests in the same order, without solving anything), and the least memory that mode
//! allocates for the box, so that a caller can refuse a box that cannot fit its memory limit
//! for the mode that will run, and only such a box.

use super::kernels;
use super::sum;
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

/// The plan of [`super::modes::solve_box`] for this box (on the current thread pool).
pub fn plan_box(game: &Generator, spec: &BoxSpec, want: Want) -> BoxPlan {
    // The outcomes, at one bit a position, kept when the values are turned into them.
    let bits = u64::from(want == Want::Outcome);
    let plan = |mode, kernel, bits_per_position| BoxPlan {
        mode,
        kernel,
        bits_per_position,
    };
    if sum::is_sum(game) {
        // The XOR over the heaps, 4 bytes a position, then the outcomes.
        return plan(ModeUsed::Sum, None, 32 + bits);
    }
    if let Some(name) = kernels::kernel_for(game, spec) {
        return match want {
            // The box's outcomes at one bit a position (the kernel's own table, of at least
            // as many cells, is read out into them or becomes them).
            Want::Outcome => plan(ModeUsed::Table, Some(name), 1),
            // Its values, 4 bytes a position.
            Want::Grundy => plan(ModeUsed::Table, Some(name), 32),
        };
    }
    #[cfg(feature = "parallel")]
    let threads = rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    let threads = 1;
    if threads > 1 && spec.len() >= super::modes::PARALLEL_FROM {
        // A total (8 bytes) and a rank in the order of totals (8 bytes) per position.
        return plan(ModeUsed::Parallel, None, 128 + bits);
    }
    // The dense memo, 1 byte (P/N) or 4 a position, and the values read out of it.
    let memo = if want == Want::Outcome { 8 } else { 32 };
    plan(ModeUsed::Table, None, memo + 32 + bits)
}

/// [`plan_box`] in `play`: misère play is solved by the memoized search on a dense table
/// ([`super::modes::solve_box_play`]).
pub fn plan_box_play(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> BoxPlan {
    match play {
        Play::Normal => plan_box(game, spec, want),
        Play::Misere => {
            let memo = if want == Want::Outcome { 8 } else { 32 };
            let bits = u64::from(want == Want::Outcome);
            BoxPlan {
                mode: ModeUsed::Table,
                kernel: None,
                bits_per_position: memo + 32 + bits,
            }
        }
    }
}

/// The plan of [`super::modes::solve_box_listed`] (what `solve` runs): as [`plan_box_play`],
/// except that a sum in normal play holds only its single-heap sequence, no array over the
/// box (each row's value is the XOR of its heaps' values, computed as the row is written).
pub fn plan_box_listed(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> BoxPlan {
    let plan = plan_box_play(game, spec, want, play);
    match (play, plan.mode) {
        (Play::Normal, ModeUsed::Sum) => BoxPlan {
            bits_per_position: 0,
            ..plan
        },
        _ => plan,
    }
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
