//! The regions of a deepening run (`check --time`, `diff --time`), in order: the first box
//! (the file's, or the largest box within it of at most [`FIRST`] positions), then totals
//! and boxes alternately, each about twice the positions of the last of its kind, while they fit in one
//! run; then batches of samples, twice as many each time ([`Steps`]), with what
//! a run starts from and may spend ([`Plan`]).

use std::time::Duration;

use super::heap_count::HeapGrowth;
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
/// alternately, each about twice the positions of the last of its kind, while they fit in one run; with
/// `heaps any` and a [`HeapGrowth`], every other box has more heaps (as many as a claim
/// covers at once, then one more each time), its heaps smaller to keep the size; then
/// batches of samples, twice as many each time. Remembers what was visited in full.
pub struct Steps<'s> {
    shape: &'s ShapeSpec,
    start: Bounds,
    step: usize,
    /// The size of the last box and of the last total: each kind doubles its own.
    last_box: u64,
    last_total: u64,
    growing: bool,
    growth: HeapGrowth,
    /// The regions visited in full, none inside another.
    regions: Vec<Region>,
    /// The largest box and total visited in full at the current heap count.
    max_here: Option<u32>,
    total_here: Option<u32>,
    /// The largest box visited in full (at any heap count).
    pub max: Option<u32>,
    /// The largest total visited in full (at any heap count).
    pub total: Option<u32>,
    /// The heap count of the boxes and totals (`heaps any`); grows from the start's.
    pub heaps: usize,
    /// Sample batches drawn so far.
    pub batch: u64,
    /// Why the heap sizes stopped growing, in words, once they did.
    pub sizes_stop: Option<String>,
    /// Why the number of heaps stopped growing, in words, once it did.
    pub heaps_stop: Option<String>,
    /// The most positions of a region ([`MAX_POSITIONS`] unless the regions are swept
    /// without being listed: [`super::sweep`]).
    pub cap: u128,
}

/// The kinds of step after the first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Total,
    Box,
    Heaps,
}

impl<'s> Steps<'s> {
    /// The steps from the box `start` (whose `heaps` bounds every region: no heap growth).
    pub fn new(shape: &'s ShapeSpec, start: Bounds) -> Steps<'s> {
        Steps {
            shape,
            start,
            step: 0,
            last_box: 0,
            last_total: 0,
            growing: true,
            growth: HeapGrowth::NONE,
            regions: Vec::new(),
            max_here: None,
            total_here: None,
            max: None,
            total: None,
            heaps: start.heaps,
            batch: 0,
            sizes_stop: None,
            heaps_stop: None,
            cap: MAX_POSITIONS,
        }
    }

    /// The same, the number of heaps growing as `growth` says.
    pub(crate) fn with_heaps(mut self, growth: HeapGrowth) -> Steps<'s> {
        if self.shape.count.is_none() {
            self.growth = growth;
        }
        if self.growth.next(self.heaps).is_none() {
            self.heaps_stop = Some(self.heaps_end());
        }
        self
    }

    /// Why the heap count does not grow past the current one (no claim covers more).
    fn heaps_end(&self) -> String {
        if self.shape.count.is_some() {
            "the ruleset fixes it".to_string()
        } else if self.growth.to.is_some_and(|t| t > self.start.heaps) {
            format!("{} heaps, the most a claim's `when` covers", self.heaps)
        } else {
            format!(
                "{} heaps, the bound it started from (no claim covers more heaps than the `check` line)",
                self.heaps
            )
        }
    }

    /// The next box or total, or `None` once they no longer fit in one run (or
    /// [`Steps::stop_growing`] was called).
    pub fn grow(&mut self) -> Option<Region> {
        if !self.growing {
            return None;
        }
        if self.step == 0 {
            return self.first();
        }
        let cap = u64::try_from(self.cap).unwrap_or(u64::MAX);
        let heaps_turn = self.heaps_stop.is_none()
            && self.growth.next(self.heaps).is_some()
            && self.step % 4 == 3;
        let kind = match self.step % 2 {
            _ if heaps_turn => Kind::Heaps,
            1 => Kind::Total,
            _ => Kind::Box,
        };
        let want = match kind {
            Kind::Total => self.last_total,
            Kind::Box | Kind::Heaps => self.last_box,
        }
        .saturating_mul(2);
        let (shape, heaps) = (self.shape, self.heaps);
        let size_at = |m: u32, k: usize| box_size(shape, m, k).map_or(u64::MAX, clamp);
        let (region, size) = match kind {
            Kind::Total => {
                let from = self.total_here.map_or(1, |t| t + 1);
                let t = least_reaching(from, want, |t| total_size(shape, t, heaps, want));
                (
                    Region::Total { total: t, heaps },
                    total_size(shape, t, heaps, cap),
                )
            }
            Kind::Box => {
                let mut m = least_reaching(self.max_here.map_or(1, |m| m + 1), want, |m| {
                    size_at(m, heaps)
                });
                // The file's box is one of the regions: its every position compared, as a run
                // over it would (the growth passes through it rather than over it).
                if self.max.is_none_or(|x| x < self.start.max) && m > self.start.max {
                    m = self.start.max.max(self.max_here.map_or(1, |x| x + 1));
                }
                (Region::Box(Bounds { max: m, heaps }), size_at(m, heaps))
            }
            Kind::Heaps => match self.more_heaps(want, cap) {
                Some(r) => r,
                None => {
                    self.step += 1;
                    return self.grow();
                }
            },
        };
        if size > cap {
            self.stop_sizes(format!(
                "the next region passes {} positions, the most of one run",
                self.cap
            ));
            return None;
        }
        // A region that stays smaller than asked however far it reaches (no heaps, say) holds
        // every position there is: the last to grow.
        if kind != Kind::Heaps && size < want {
            self.stop_sizes("every position there is was reached".to_string());
        }
        self.step += 1;
        match kind {
            Kind::Total => self.last_total = size,
            Kind::Box | Kind::Heaps => self.last_box = size,
        }
        Some(region)
    }

    /// The largest heap of the box the next box step would take, for a fixed heap count (a
    /// kernel solving a total's box ahead, so that the box step after it reads the same box:
    /// two heaps' next box passes the total by about 1%); `None` once the growth stopped.
    pub(crate) fn next_box_max(&self) -> Option<u32> {
        if !self.growing || self.shape.count.is_none() {
            return None;
        }
        let (shape, heaps) = (self.shape, self.heaps);
        let want = self.last_box.saturating_mul(2);
        let from = self.max_here.map_or(1, |m| m + 1);
        Some(least_reaching(from, want, |m| {
            box_size(shape, m, heaps).map_or(u64::MAX, clamp)
        }))
    }

    /// The box of the next heap count, about `want` positions: its heaps no larger than the
    /// box's so far, and smaller while the box passes the size asked (the heap count first);
    /// `None` when even heaps of 1 pass `cap` positions (the count stops growing).
    fn more_heaps(&mut self, want: u64, cap: u64) -> Option<(Region, u64)> {
        let (shape, heaps) = (self.shape, self.heaps);
        let size_at = |m: u32, k: usize| box_size(shape, m, k).map_or(u64::MAX, clamp);
        let k = self
            .growth
            .next(heaps)
            .expect("a heap count to grow to (grow)");
        let mut m = least_reaching(1, want, |m| size_at(m, k));
        if m > 1 && size_at(m, k) > want {
            m -= 1;
        }
        let m = m.min(self.max_here.unwrap_or(m)).max(1);
        if size_at(m, k) > cap {
            self.heaps_stop = Some(format!(
                "{heaps} heaps: a box of {k} heaps passes {MAX_POSITIONS} positions"
            ));
            return None;
        }
        self.heaps = k;
        self.max_here = None;
        self.total_here = None;
        if self.growth.next(k).is_none() {
            self.heaps_stop = Some(self.heaps_end());
        }
        Some((Region::Box(Bounds { max: m, heaps: k }), size_at(m, k)))
    }

    /// The first box: the file's box when it is small; else the largest box within it of at
    /// most `FIRST` positions (or the empty position alone), so that the smallest positions
    /// are compared first whatever the bounds.
    fn first(&mut self) -> Option<Region> {
        let (shape, heaps) = (self.shape, self.start.heaps);
        let size = |m: u32| box_size(shape, m, heaps).map_or(u64::MAX, clamp);
        let mut m = least_reaching(0, FIRST + 1, size).min(self.start.max);
        if m > 0 && size(m) > FIRST {
            m -= 1;
        }
        if size(m) > u64::try_from(MAX_POSITIONS).unwrap_or(u64::MAX) {
            self.stop_sizes(format!("the first box passes {MAX_POSITIONS} positions"));
            return None;
        }
        self.step = 1;
        (self.last_box, self.last_total) = (size(m), size(m));
        Some(Region::Box(Bounds { max: m, heaps }))
    }

    /// The heap sizes (and with them the heap count) stop growing, for `why`.
    fn stop_sizes(&mut self, why: String) {
        self.growing = false;
        self.sizes_stop.get_or_insert(why.clone());
        self.heaps_stop.get_or_insert(why);
    }

    /// No more boxes or totals: samples from now on; `why` says why, in words.
    pub(crate) fn stop_growing(&mut self, why: &str) {
        self.stop_sizes(why.to_string());
    }

    /// The next batch of samples: 100 the first time, twice as many each time after, with the
    /// seeds `plan.seed`, `plan.seed + 1`, ... (with as many heaps as the boxes reached).
    pub fn samples(&mut self, plan: &Plan) -> Region {
        let count = 100usize.saturating_mul(1 << self.batch.min(40));
        let r = Region::Samples {
            count,
            seed: plan.seed.wrapping_add(self.batch),
            max: plan.sample_max,
            heaps: self.heaps,
        };
        self.batch += 1;
        r
    }

    /// Records that `region` was visited in full.
    pub fn done(&mut self, region: &Region) {
        match *region {
            Region::Box(b) => {
                self.max = Some(self.max.map_or(b.max, |m| m.max(b.max)));
                if b.heaps == self.heaps {
                    self.max_here = Some(b.max);
                }
            }
            Region::Total { total, heaps } => {
                self.total = Some(self.total.map_or(total, |t| t.max(total)));
                if heaps == self.heaps {
                    self.total_here = Some(total);
                }
            }
            Region::Samples { .. } => return,
        }
        let fixed = self.shape.count.is_some();
        self.regions.retain(|r| !inside(r, region, fixed));
        self.regions.push(region.clone());
    }

    /// The most heaps of a region visited in full (the start's before any).
    pub(crate) fn most_heaps(&self) -> usize {
        (self.regions.iter().filter_map(heaps_of))
            .max()
            .unwrap_or(self.start.heaps)
    }

    /// Whether `p` lies in a region visited in full.
    pub fn covered(&self, p: &[u32]) -> bool {
        let fixed = self.shape.count.is_some();
        self.regions.iter().any(|r| holds(r, p, fixed))
    }

    /// The regions visited in full, in words, by heap count: "total <= 52 and every heap <=
    /// 17 (at most 5 heaps); every heap <= 11 (at most 11 heaps)"; `None` before the first.
    pub(crate) fn reach_words(&self) -> Option<String> {
        let mut counts: Vec<usize> = self.regions.iter().filter_map(heaps_of).collect();
        counts.sort_unstable();
        counts.dedup();
        let mut groups = Vec::new();
        for k in counts {
            let mut parts = Vec::new();
            for r in self.regions.iter().filter(|r| heaps_of(r) == Some(k)) {
                match r {
                    Region::Total { total, .. } => parts.insert(0, format!("total <= {total}")),
                    Region::Box(b) => parts.push(format!("every heap <= {}", b.max)),
                    Region::Samples { .. } => {}
                }
            }
            let mut g = parts.join(" and ");
            if self.shape.count.is_none() {
                g = format!("{g} (at most {k} heaps)");
            }
            groups.push(g);
        }
        (!groups.is_empty()).then(|| groups.join("; "))
    }

    /// How far the run got, in words: "all 1234 positions of total <= 96 and every heap <=
    /// 40, and 5000 samples with heaps <= 1000"; `n` positions were compared, `samples` of them
    /// samples.
    pub fn reach(&self, n: u64, samples: u64, sample_max: u32) -> String {
        let mut s = format!("{n} positions");
        if let Some(w) = self.reach_words() {
            s = format!("all {s} of {w}");
        }
        if samples > 0 {
            s = format!("{s}, and {samples} samples with heaps <= {sample_max}");
        }
        s
    }
}

/// Whether a total of `total` tokens on at most `heaps` heaps is worth solving as the box of
/// every heap <= `total` first ([`super::boxed`]): when the box has at most eight times the
/// total's positions (two heaps: about twice; three sorted heaps: about six). Six heaps to a
/// total of 31 are a few thousand positions, their box 1.9 million, which a kernel solved far
/// past the time limit (its positions outside the boxes solved before are searched instead).
pub fn box_pays(shape: &ShapeSpec, total: u32, heaps: usize) -> bool {
    let Some(size) = box_size(shape, total, heaps).map(clamp) else {
        return false;
    };
    let eighth = size / 8;
    total_size(shape, total, heaps, eighth).saturating_mul(8) >= size
}

/// The heap count of a box or total.
fn heaps_of(r: &Region) -> Option<usize> {
    match *r {
        Region::Box(b) => Some(b.heaps),
        Region::Total { heaps, .. } => Some(heaps),
        Region::Samples { .. } => None,
    }
}

/// Whether region `p` holds position `p` (`fixed`: the shape fixes the heap count).
fn holds(r: &Region, p: &[u32], fixed: bool) -> bool {
    let fits = |k: usize| fixed || p.len() <= k;
    match *r {
        Region::Box(b) => fits(b.heaps) && p.iter().all(|&h| h <= b.max),
        Region::Total { total, heaps } => {
            fits(heaps) && p.iter().map(|&h| u64::from(h)).sum::<u64>() <= u64::from(total)
        }
        Region::Samples { .. } => false,
    }
}

/// Whether region `a` lies inside `b` (both boxes, or both totals).
fn inside(a: &Region, b: &Region, fixed: bool) -> bool {
    match (a, b) {
        (Region::Box(x), Region::Box(y)) => x.max <= y.max && (fixed || x.heaps <= y.heaps),
        (Region::Total { total: s, heaps: j }, Region::Total { total: t, heaps: k }) => {
            s <= t && (fixed || j <= k)
        }
        _ => false,
    }
}

/// The most positions of the first box: a box of the file's bounds larger than this (or one
/// too large to list in one run) is reached by deepening from a smaller one, so that a run
/// always compares the small positions first.
pub(crate) const FIRST: u64 = 1 << 14;

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
