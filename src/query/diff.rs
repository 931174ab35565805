//! A diff answered in two calls, as `heapgame diff` asks it: [`plan`] decides what is compared
//! (two disjunctive sums by their single heaps' Grundy values, when no heap count is given)
//! and the bounds, so that a front end can refuse what it would write before the run
//! (`--plot`'s file); [`compare`] compares the region asked for (the box, a total, samples,
//! or with a time limit alone the deepening from the bounds, as a check deepens) under the
//! front end's hooks ([`RunHooks`]).

use std::time::Duration;

use crate::game::Game;
use crate::solver::positions::box_size;
use crate::verify::deepen::Plan;
use crate::verify::diff::{diff_deepening, diff_region, DiffReport, Side};
use crate::verify::region::Region;
use crate::verify::{Bounds, MissingBound};
use miette::Report;

use super::hooks::{Job, RegionAsk, RunHooks};

/// What a diff is asked.
#[derive(Clone, Copy, Debug)]
pub struct DiffAsk {
    /// The largest heap (a total or the samples' largest heap when not given).
    pub max: Option<u32>,
    /// The number of heaps, for rulesets with any number of them.
    pub heaps: Option<usize>,
    /// Grundy values, not only outcomes.
    pub grundy: bool,
    /// How many differences to keep in full.
    pub show: usize,
    /// The region instead of the box.
    pub region: RegionAsk,
    /// The time limit: alone (no region), the diff deepens.
    pub time: Option<Duration>,
}

/// A diff ready to run: what is compared, over which bounds.
#[derive(Clone, Copy, Debug)]
pub struct DiffPlan {
    /// The diff as it will run (with `sums`, one heap and Grundy values).
    pub ask: DiffAsk,
    /// The box (or the bounds of the region).
    pub bounds: Bounds,
    /// Both rulesets are disjunctive sums and no heap count was given: the Grundy values of
    /// one heap decide every position, and they are what is compared.
    pub sums: bool,
}

/// What a diff of `game` with `other` (a ruleset, or `None` for a formula) compares: the
/// bounds (`MissingBound::Heaps` when a ruleset of any number of heaps is given none).
pub fn plan(game: &Game, other: Option<&Game>, ask: DiffAsk) -> Result<DiffPlan, MissingBound> {
    let mut ask = ask;
    let mut sums = false;
    if let Some(b) = other {
        let sum = crate::solver::sum::is_sum;
        let one_heap = game.heap_count(ask.heaps).is_none() && b.any_count();
        if one_heap && sum(game.generator()) && sum(b.generator()) {
            ask.heaps = Some(1);
            ask.grundy = true;
            sums = true;
        }
    }
    let max = (ask.max.or(ask.region.total)).unwrap_or(ask.region.sample_max);
    let bounds = Bounds::resolve(game, Some(max), ask.heaps, None)?;
    Ok(DiffPlan { ask, bounds, sums })
}

/// Compares `game` with `side` as `plan` says, within the hooks `start` gives the run (its
/// job names `file`); `each` is told every differing position. The report, or the failure
/// (told by the hooks when their limit stopped the run).
pub fn compare<R: RunHooks>(
    game: &Game,
    side: Side<'_>,
    plan: &DiffPlan,
    (file, start): (&std::path::Path, impl FnOnce(&Job<'_>) -> R),
    each: &mut dyn FnMut(&[u32]),
) -> Result<DiffReport, Report> {
    let (ask, bounds) = (&plan.ask, plan.bounds);
    let total =
        box_size(game.shape(), bounds.max, bounds.heaps).and_then(|n| u64::try_from(n).ok());
    let run = start(&Job {
        file,
        heaps: ask.region.most_heaps(game.shape(), bounds.heaps),
        total,
        what: "comparing".to_string(),
        time: ask.time,
    });
    let region = match ask.region.region(bounds.heaps) {
        Some(r) => Some(r),
        None if ask.time.is_some() => None,
        None => Some(Region::Box(bounds)),
    };
    let report = match &region {
        Some(r) => diff_region(game, side, r, ask.grundy, ask.show, run.budget(), each),
        None => {
            let plan = Plan {
                start: bounds,
                sample_max: ask.region.sample_max,
                seed: ask.region.seed,
                time: ask.time.unwrap_or_default(),
            };
            diff_deepening(game, side, &plan, ask.grundy, ask.show, run.budget(), each)
        }
    };
    let report = report.map_err(|e| run.or_memory_stop(game, e.into(), "while comparing"))?;
    drop(run);
    Ok(report)
}
