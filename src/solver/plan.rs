//! Before a box is solved: its plan, decided once ([`plan_for`]): the mode that solves it
//! (a sum by its single-heap sequence, a compiled kernel, the parallel mode or the
//! search), what that mode allocates a position at least, and the mode past a sum whose single
//! heap can reach itself. The kernel is the one [`kernels::choose`] picks, carried in the
//! plan ([`Choice::Kernel`]): the run follows the plan it is given (`modes.rs`) and calls that
//! kernel, never the list again, so that a caller refuses a box that cannot fit its memory
//! limit for the mode that will run, and only such a box (`within.rs`). A kernel that
//! declines at run time ([`kernels::Kernel::solve`]) leaves the box to the plan's
//! [`BoxPlan::fallback`], the search, whose tables the run weighs before allocating them.

use super::kernels::{self, Kernel};
use super::sum;
use super::table::BoxSpec;
use super::values::{ModeUsed, Want};
use crate::moves::Generator;
use crate::ruleset::play::Play;

/// The mode a box is solved by, chosen before anything is solved: the one decision that both
/// the prediction of its memory ([`BoxPlan`]) and the run (`modes.rs`) follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A disjunctive sum, by its single-heap sequence (past it, when a single heap can reach
    /// itself, [`BoxPlan::past_sum`]).
    Sum,
    /// A compiled kernel, the one of the registered list that takes the box.
    Kernel(&'static Kernel),
    /// Layer by layer in parallel (the search, when some move keeps the total).
    Parallel,
    /// The memoized search over a dense table.
    Search,
}

/// Boxes smaller than this are solved on one thread (threads cost more than they save).
pub(crate) const PARALLEL_FROM: usize = 20_000;

/// The mode for the box in `play`: in misère play the search (the other modes assume normal
/// play); a disjunctive sum by its sequence; else a compiled kernel when the moves match one,
/// with several threads and a large box the parallel mode, else the search: the choice of
/// [`plan_for`].
pub fn choose(game: &Generator, spec: &BoxSpec, want: Want, play: Play) -> Choice {
    plan_for(game, spec, want, (play, false)).choice
}

/// The mode of a box that is not solved as a sum: a compiled kernel when the moves match one;
/// with several threads and a large box, the parallel mode; else the search.
fn choose_past_sum(game: &Generator, spec: &BoxSpec, want: Want) -> Choice {
    if let Some(kernel) = kernels::choose(game, spec, want) {
        return Choice::Kernel(kernel);
    }
    #[cfg(feature = "parallel")]
    let threads = rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    let threads = 1;
    if threads > 1 && spec.len() >= PARALLEL_FROM {
        return Choice::Parallel;
    }
    Choice::Search
}

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
    /// The choice the run follows.
    pub(crate) choice: Choice,
    /// The choice past a sum whose single heap can reach itself (the search then reports the
    /// loop, or another mode solves the box); the choice itself when it is not a sum.
    pub(crate) past_sum: Choice,
    /// The values asked.
    pub(crate) want: Want,
}

/// The plan of the box in `play`; `listed`: a sum's box is listed position by position from
/// its single-heap sequence, not tabulated.
pub(crate) fn plan_for(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    (play, listed): (Play, bool),
) -> BoxPlan {
    let past_sum = match play {
        Play::Misere => Choice::Search,
        Play::Normal => choose_past_sum(game, spec, want),
    };
    let choice = match play {
        Play::Normal if sum::is_sum(game) => Choice::Sum,
        _ => past_sum,
    };
    let (mode, kernel, bits_per_position) = cost(choice, want, listed);
    BoxPlan {
        mode,
        kernel,
        bits_per_position,
        choice,
        past_sum,
        want,
    }
}

/// The mode of `choice` for the values `want`, its kernel's name, and the bits it allocates
/// a position at least (`listed`: a sum's box listed from its single-heap sequence).
fn cost(choice: Choice, want: Want, listed: bool) -> (ModeUsed, Option<&'static str>, u64) {
    // The outcomes, at one bit a position, kept when the values are turned into them.
    let bits = u64::from(want == Want::Outcome);
    match choice {
        // The single-heap sequence alone.
        Choice::Sum if listed => (ModeUsed::Sum, None, 0),
        // The XOR over the heaps, 4 bytes a position, then the outcomes.
        Choice::Sum => (ModeUsed::Sum, None, 32 + bits),
        // The box's outcomes at one bit a position (the kernel's own table, of at least as
        // many cells, is read out into them or becomes them), or its values, 4 bytes each.
        Choice::Kernel(k) => match want {
            Want::Outcome => (ModeUsed::Table, Some(k.name()), 1),
            Want::Grundy => (ModeUsed::Table, Some(k.name()), 32),
        },
        // A total (8 bytes) and a rank in the order of totals (8 bytes) per position.
        Choice::Parallel => (ModeUsed::Parallel, None, 128 + bits),
        // The dense memo, 1 byte (P/N) or 4 a position, and the values read out of it.
        Choice::Search => {
            let memo = if want == Want::Outcome { 8 } else { 32 };
            (ModeUsed::Table, None, memo + 32 + bits)
        }
    }
}

/// The plan of [`super::modes::solve_box`] for this box (normal play, tabulated).
pub fn plan_box(game: &Generator, spec: &BoxSpec, want: Want) -> BoxPlan {
    plan_for(game, spec, want, (Play::Normal, false))
}

impl BoxPlan {
    /// The plan the run follows when its kernel declines the box at run time
    /// ([`kernels::Kernel::solve`]): the memoized search over a dense table (as when the
    /// parallel mode finds a move that keeps the total), its tables weighed by the run
    /// against the budget before they are allocated.
    pub(crate) fn fallback(&self) -> BoxPlan {
        let (mode, kernel, bits_per_position) = cost(Choice::Search, self.want, false);
        BoxPlan {
            mode,
            kernel,
            bits_per_position,
            choice: Choice::Search,
            past_sum: Choice::Search,
            want: self.want,
        }
    }

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
