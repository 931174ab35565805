//! The regions of a deepening run (`check --time`, `diff --time`), in order: the first box
//! (the file's, or the largest box within it of at most [`FIRST`] positions), then totals
//! and boxes alternately, each about twice the positions of the last, while they fit in one
//! run; then batches of samples, twice as many each time ([`Steps`]), with what
//! a run starts from and may spend ([`Plan`]).

use std::time::Duration;

use super::region::{total_size, Region};
use super::{Bounds, MAX_POSITIONS};
use crate::moves::program::ShapeSpec;
use crate::solver::positions::box_size;

/// What a deepening check starts from and may spend.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The first box (the file's bounds); its `heaps` bounds every region.
    pub start: Bounds,
    /// The largest heap of the samples.
    pub sample_max: u32,
    /// The seed of the samples.
    pub seed: u64,
    /// How long the whole run may take.
    pub time: Duration,
}

/// The regions of a deepening run, in order: the first box (at most [`FIRST`]
/// positions, unless it is the empty position alone), then totals and boxes
/// alternately, each about twice the positions of the last, while they fit in one run; then
/// batches of samples, twice as many each time. Remembers what was visited in full.
pub struct Steps<'s> {
    shape: &'s ShapeSpec,
    start: Bounds,
    step: usize,
    work: u64,
    growing: bool,
    /// The largest box visited in full.
    pub max: Option<u32>,
    /// The largest total visited in full.
    pub total: Option<u32>,
    /// Sample batches drawn so far.
    pub batch: u64,
}

impl<'s> Steps<'s> {
    /// The steps from the box `start` (whose `heaps` bounds every region).
    pub fn new(shape: &'s ShapeSpec, start: Bounds) -> Steps<'s> {
        Steps {
            shape,
            start,
            step: 0,
            work: 0,
            growing: true,
            max: None,
            total: None,
            batch: 0,
        }
    }

    /// The next box or total, or `None` once they no longer fit in one run (or
    /// [`Steps::stop_growing`] was called).
    pub fn grow(&mut self) -> Option<Region> {
        if !self.growing {
            return None;
        }
        let (shape, heaps) = (self.shape, self.start.heaps);
        let cap = u64::try_from(MAX_POSITIONS).unwrap_or(u64::MAX);
        let want = self.work.saturating_mul(2);
        let (region, size) = if self.step == 0 {
            // The file's box when it is small; else the largest box within it of at most
            // `FIRST` positions (or the empty position alone), so that the smallest positions
            // are compared first whatever the bounds.
            let size = |m: u32| box_size(shape, m, heaps).map_or(u64::MAX, clamp);
            let mut m = least_reaching(0, FIRST + 1, size).min(self.start.max);
            if m > 0 && size(m) > FIRST {
                m -= 1;
            }
            (Region::Box(Bounds { max: m, heaps }), size(m))
        } else if self.step % 2 == 1 {
            let from = self.total.map_or(1, |t| t + 1);
            let t = least_reaching(from, want, |t| total_size(shape, t, heaps, want));
            (
                Region::Total { total: t, heaps },
                total_size(shape, t, heaps, cap),
            )
        } else {
            let size = |m: u32| box_size(shape, m, heaps).map_or(u64::MAX, clamp);
            let m = least_reaching(self.max.map_or(1, |m| m + 1), want, size);
            (Region::Box(Bounds { max: m, heaps }), size(m))
        };
        if size > cap {
            self.growing = false;
            return None;
        }
        // A region that stays smaller than asked however far it reaches (no heaps, say) holds
        // every position there is: the last to grow.
        if self.step > 0 && size < want {
            self.growing = false;
        }
        self.step += 1;
        self.work = size;
        Some(region)
    }

    /// No more boxes or totals: samples from now on.
    pub fn stop_growing(&mut self) {
        self.growing = false;
    }

    /// The next batch of samples: 100 the first time, twice as many each time after, with the
    /// seeds `plan.seed`, `plan.seed + 1`, ...
    pub fn samples(&mut self, plan: &Plan) -> Region {
        let count = 100usize.saturating_mul(1 << self.batch.min(40));
        let r = Region::Samples {
            count,
            seed: plan.seed.wrapping_add(self.batch),
            max: plan.sample_max,
            heaps: self.start.heaps,
        };
        self.batch += 1;
        r
    }

    /// Records that `region` was visited in full.
    pub fn done(&mut self, region: &Region) {
        match *region {
            Region::Box(b) => self.max = Some(b.max),
            Region::Total { total, .. } => self.total = Some(total),
            Region::Samples { .. } => {}
        }
    }

    /// Whether `p` lies in a region visited in full.
    pub fn covered(&self, p: &[u32]) -> bool {
        self.max.is_some_and(|m| p.iter().all(|&h| h <= m))
            || self
                .total
                .is_some_and(|t| p.iter().map(|&h| u64::from(h)).sum::<u64>() <= u64::from(t))
    }

    /// How far the run got, in words: "all 1234 positions of total <= 96 and every heap <=
    /// 40, and 5000 samples with heaps <= 1000"; `n` positions were compared, `samples` of them
    /// samples.
    pub fn reach(&self, n: u64, samples: u64, sample_max: u32) -> String {
        let mut parts = Vec::new();
        if let Some(t) = self.total {
            parts.push(format!("total <= {t}"));
        }
        if let Some(m) = self.max {
            parts.push(format!("every heap <= {m}"));
        }
        let mut s = format!("{n} positions");
        if !parts.is_empty() {
            s = format!("all {s} of {}", parts.join(" and "));
            if self.shape.count.is_none() {
                s = format!("{s} (at most {} heaps)", self.start.heaps);
            }
        }
        if samples > 0 {
            s = format!("{s}, and {samples} samples with heaps <= {sample_max}");
        }
        s
    }
}

/// The most positions of the first box: a box of the file's bounds larger than this (or one
/// too large to list in one run) is reached by deepening from a smaller one, so that a run
/// always compares the small positions first.
pub const FIRST: u64 = 1 << 14;

/// The least bound from `from` on (up to `u32::MAX / 2`) whose region has at least `want`
/// positions, `size` being nondecreasing in the bound; the largest bound when none does.
/// Found by doubling, then halving, so that a region that never grows costs about 60 sizes.
fn least_reaching(from: u32, want: u64, size: impl Fn(u32) -> u64) -> u32 {
    const TOP: u32 = u32::MAX / 2;
    let from = from.min(TOP);
    if size(from) >= want {
        return from;
    }
    // `lo` falls short; find an `hi` that reaches, or TOP.
    let (mut lo, mut hi, mut step) = (from, from, 1u32);
    loop {
        hi = hi.saturating_add(step).min(TOP);
        if size(hi) >= want {
            break;
        }
        if hi == TOP {
            return TOP;
        }
        lo = hi;
        step = step.saturating_mul(2);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if size(mid) >= want {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

fn clamp(n: u128) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}
