//! Solving a whole box at once by its plan ([`super::plan`]: the mode chosen once, before
//! anything is solved), which [`run`] follows: a sum by its single-heap sequence (listed, or
//! tabulated), a compiled kernel, the parallel mode, or the memoized search over a dense table
//! ([`super::dense`]), to which moves that keep the total fall back, and a kernel that
//! declines at run time (the plan's [`BoxPlan::fallback`]). The kernel is the plan's own,
//! called directly. The values come back as one [`BoxValues`] table by rank (or a sum's listing). The
//! types it returns live in [`super::values`], below both this file and the modes it calls,
//! so that no mode imports this file back.

use super::budget::Budget;
pub use super::dense::table_values;
use super::error::SolveError;
#[cfg(feature = "parallel")]
use super::parallel;
pub use super::plan::{choose, Choice};
use super::plan::{plan_for, BoxPlan};
use super::sum;
use super::table::BoxSpec;
pub use super::values::{BoxValues, ModeUsed, Want};
use super::GameRules;
use crate::moves::{Generator, MoveError};
use crate::ruleset::play::Play;

/// Solves every position of the box in normal play, tabulated, by its plan: by the Grundy
/// sequence of one heap when the ruleset is a disjunctive sum ([`super::sum`]); otherwise by a
/// compiled kernel when the moves match one ([`super::kernels`]); otherwise, with several
/// threads and a large box, layer by layer in parallel when every move lowers the total
/// ([`super::parallel`]); otherwise by the search with a dense table over the box
/// ([`table_values`]).
pub fn solve_box(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<MoveError>> {
    solve_box_play(game, spec, want, budget, Play::Normal)
}

/// [`solve_box`] in `play`: normal play as [`solve_box`]; misère play by the memoized search
/// alone, since the sum, kernel and parallel modes assume normal play.
pub fn solve_box_play(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    play: Play,
) -> Result<BoxValues, SolveError<MoveError>> {
    let how = (play, false);
    let plan = plan_for(game, spec, want, how);
    match run(&plan, game, game, spec, want, budget, how)? {
        Listed::Box(values) => Ok(values),
        Listed::Sum(sum) => Ok(sum.tabulate(spec, want)),
    }
}

/// What a caller that lists a box position by position reads its values from.
pub enum Listed {
    /// The box's table by rank.
    Box(BoxValues),
    /// A sum's box, not tabulated: each position's value is the XOR of its heaps' values in
    /// the single-heap sequence, computed as the listing reaches it.
    Sum(sum::boxed::SumListing),
}

impl Listed {
    /// Whether the canonical position `pos` of the box `spec` is a P-position, and its Grundy
    /// value when `grundy` (the box solved for Grundy values); `pos` lies in the box.
    #[inline]
    pub fn at(&self, spec: &BoxSpec, pos: &[u32], grundy: bool) -> (bool, Option<u32>) {
        match self {
            Listed::Box(values) => {
                let r = spec.rank(pos).unwrap_or(0);
                if grundy {
                    let g = values.value(r);
                    (g == 0, Some(g))
                } else {
                    (values.is_p(r), None)
                }
            }
            Listed::Sum(sum) => {
                let g = sum.value(pos);
                (g == 0, grundy.then_some(g))
            }
        }
    }

    /// The value of the position `pos` of rank `r` in the box: its Grundy value when the box
    /// was solved for them (a sum's listing always gives it), else 0 for a P-position and 1
    /// for an N-position.
    #[inline]
    pub fn value(&self, r: usize, pos: &[u32]) -> u32 {
        match self {
            Listed::Box(values) => values.value(r),
            Listed::Sum(sum) => sum.value(pos),
        }
    }

    /// The box's table by rank; `None` for a sum's listing, which holds none.
    pub fn tabulated(self) -> Option<BoxValues> {
        match self {
            Listed::Box(values) => Some(values),
            Listed::Sum(_) => None,
        }
    }

    /// The mode that solved the box, and the kernel if one did.
    pub fn solved_by(&self) -> (ModeUsed, Option<&'static str>) {
        match self {
            Listed::Box(values) => (values.mode, values.kernel),
            Listed::Sum(_) => (ModeUsed::Sum, None),
        }
    }
}

/// The box solved by `plan` in `play` (the plan of the same box, `want` and `how`): a sum by
/// its single-heap sequence (listed when `listed`, else tabulated; past it, when a single heap
/// can reach itself, the plan's other choice), a compiled kernel, the parallel mode, or the
/// memoized search over a dense table run through `rules` (the game's moves, or a wrapper of
/// them that counts the positions expanded), to which moves that keep the total fall back, and
/// the plan's kernel when it declines at run time (its tables weighed first).
pub(crate) fn run<G: GameRules<Error = MoveError>>(
    plan: &BoxPlan,
    game: &Generator,
    rules: &G,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    (play, listed): (Play, bool),
) -> Result<Listed, SolveError<MoveError>> {
    let seq = match plan.choice {
        Choice::Sum => sum_sequence(game, spec, budget)?,
        _ => None,
    };
    if let Some(seq) = seq {
        return Ok(match listed {
            true => Listed::Sum(sum::boxed::SumListing::new(seq)),
            false => Listed::Box(sum::boxed::box_values(spec, want, &seq)),
        });
    }
    if let Choice::Kernel(kernel) = plan.past_sum {
        match (kernel.solve_box)(game, spec, want, budget) {
            Some(r) => return r.map(Listed::Box),
            // Declined at run time: the plan's fallback, its tables weighed before the search.
            None => (budget.reserve(plan.fallback().bytes(spec.len())))
                .map_err(|stop| SolveError::from_stop(stop, 0))?,
        }
    }
    #[cfg(feature = "parallel")]
    let layered = match plan.past_sum {
        Choice::Parallel => match parallel::layered_values(game, spec, want, budget) {
            Ok(values) => Some(values),
            Err(parallel::ParError::Solve(e)) => return Err(e),
            // Some move keeps the total or leaves the box: the search handles any order.
            Err(parallel::ParError::NotLayered) => None,
        },
        _ => None,
    };
    #[cfg(not(feature = "parallel"))]
    let layered: Option<Vec<u32>> = None;
    let (values, mode) = match layered {
        Some(values) => (values, ModeUsed::Parallel),
        None => (
            super::dense::values(rules, spec, want, budget, play)?,
            ModeUsed::Table,
        ),
    };
    Ok(Listed::Box(BoxValues::from_values(
        spec.clone(),
        want,
        values,
        mode,
    )))
}

/// The single-heap Grundy sequence up to the box's largest heap when the ruleset is a sum
/// whose single heap cannot reach itself; `None` otherwise.
fn sum_sequence(
    game: &Generator,
    spec: &BoxSpec,
    budget: &Budget,
) -> Result<Option<Vec<u32>>, SolveError<MoveError>> {
    if !sum::is_sum(game) {
        return Ok(None);
    }
    match sum::grundy_sequence(game, spec.max, budget) {
        Ok(seq) => Ok(Some(seq)),
        Err(sum::SeqError::Solve(e)) => Err(e),
        // A single heap can reach itself: the search reports the loop.
        Err(sum::SeqError::NotDecreasing) => Ok(None),
    }
}
