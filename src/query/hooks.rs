//! What the check and the diff of the query floor share with the front end that runs them:
//! the region asked for instead of the box ([`RegionAsk`]), a run of a file ([`FileRun`]),
//! and the hooks a front end starts each part under ([`Job`], [`RunHooks`]: its budget, and
//! its own words for the limit that stopped it). A position's, a box's or a sequence's solve
//! runs within the front end's budget as it is (its hooks already running), tightened by the
//! query floor to the bounds it resolves, which come back with the answer.

use std::path::Path;
use std::time::Duration;

use crate::game::Game;
use crate::solver::Budget;
use crate::verify::region::Region;
use crate::verify::Bounds;
use miette::Report;

/// A run of one of the files given: the file, the game loaded, its bounds, and the positions
/// of a `check over` line.
pub type FileRun = (std::path::PathBuf, Game, Bounds, Option<Vec<Vec<u32>>>);

/// The region a check or a diff compares instead of the box: every position up to a total,
/// or random samples (`seed`, heaps up to `sample_max`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegionAsk {
    /// Every position of at most this many tokens in all.
    pub total: Option<u32>,
    /// This many random positions.
    pub samples: Option<usize>,
    /// The seed of the samples (and of `--time`'s).
    pub seed: u64,
    /// The largest heap of random samples.
    pub sample_max: u32,
}

impl RegionAsk {
    /// The most heaps a position of the region has, for its cost in memory: `heaps`, or for a
    /// total `T` on a ruleset of any number of heaps at most `T` (a heap holds a token).
    pub(crate) fn most_heaps(
        &self,
        shape: &crate::moves::program::ShapeSpec,
        heaps: usize,
    ) -> usize {
        match (self.total, shape.count) {
            (Some(t), None) => heaps.min(usize::try_from(t.max(1)).unwrap_or(usize::MAX)),
            _ => heaps,
        }
    }

    /// The region asked for with at most `heaps` heaps, or `None` for the box.
    pub fn region(&self, heaps: usize) -> Option<Region> {
        match (self.total, self.samples) {
            (Some(total), _) => Some(Region::Total { total, heaps }),
            (None, Some(count)) => Some(Region::Samples {
                count,
                seed: self.seed,
                max: self.sample_max,
                heaps,
            }),
            (None, None) => None,
        }
    }
}

/// A part of a check the front end runs under its hooks (a budget, a progress bar, a memory
/// guard): the file, the most heaps of its positions, the positions it expects to visit,
/// what it does in words, its time.
#[derive(Clone, Debug)]
pub struct Job<'a> {
    /// The file checked.
    pub file: &'a Path,
    /// The most heaps of a position stored.
    pub heaps: usize,
    /// The positions to visit, when known.
    pub total: Option<u64>,
    /// What is done, in words ("checking FILE").
    pub what: String,
    /// Its time, if any.
    pub time: Option<Duration>,
}

/// A running part of a check, as the front end started it.
pub trait RunHooks {
    /// The budget the part runs within.
    fn budget(&self) -> Budget;
    /// The most positions a kernel's box may hold: the position limit the user set; `None`
    /// (a default limit bounds the search only): the box is weighed by its bytes against the
    /// memory limit alone, as `eval` and `solve` weigh it ([`super::limits::Limits::box_positions`]).
    fn box_positions(&self) -> Option<usize>;
    /// `e`, or the front end's report of the limit that stopped the part (the layers below
    /// see only a cancelled solve); `context` says what was being done.
    fn or_memory_stop(&self, game: &Game, e: Report, context: &str) -> Report;
}

/// A budget as it is, as a part's hooks (a library call, Python, the playground): the
/// position limit the caller gave bounds a kernel's box, and a stop is the layers' own error.
impl RunHooks for Budget {
    fn budget(&self) -> Budget {
        self.clone()
    }

    fn box_positions(&self) -> Option<usize> {
        self.max_positions
    }

    fn or_memory_stop(&self, _: &Game, e: Report, _: &str) -> Report {
        e
    }
}
