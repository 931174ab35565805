//! `check --time`: a search that deepens while time is left. Boxes and totals alternately,
//! each step about twice the positions of the last (positions already visited are skipped),
//! then random samples with large heaps until the deadline. Each claim stops at its first
//! counterexample, the smallest of the region searched when it was found; the report says how
//! far each claim got.

use std::time::{Duration, Instant};

use miette::Report;

use super::check::{params_shown, Checker, ClaimReport, Halt};
use super::region::{total_size, Region};
use super::{Bounds, MAX_POSITIONS};
use crate::game::Game;
use crate::moves::program::ShapeSpec;
use crate::solver::positions::box_size;
use crate::solver::Budget;

/// How far a claim got, when it still holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The largest box checked in full: every heap <= this.
    pub max: Option<u32>,
    /// The largest total checked in full.
    pub total: Option<u32>,
    /// Random samples checked (beyond the box and the total).
    pub samples: u64,
}

/// The result of a deepening check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepReport {
    /// The ruleset's name.
    pub ruleset: String,
    /// Its parameters and their values, as shown.
    pub params: Vec<(String, String)>,
    /// The most heaps (for `heaps any`).
    pub heaps: usize,
    /// Whether the shape fixes the heap count.
    pub fixed_count: bool,
    /// The claims, as for a single region.
    pub claims: Vec<ClaimReport>,
    /// How far each claim got (same order).
    pub reach: Vec<Reach>,
    /// The steps taken, in words, in order.
    pub steps: Vec<String>,
    /// The seed of the samples.
    pub seed: u64,
    /// The largest heap of the samples.
    pub sample_max: u32,
    /// Why the run ended, in words.
    pub ended: String,
}

impl DeepReport {
    /// Whether every claim held.
    pub fn holds(&self) -> bool {
        self.claims.iter().all(|c| c.failure.is_none())
    }

    /// How far claim `i` got, in words: "holds over all 1234 positions of total <= 96 and
    /// every heap <= 40, and 5000 samples with heaps <= 1000".
    pub fn reach_text(&self, i: usize) -> String {
        let r = &self.reach[i];
        let heaps = if self.fixed_count {
            String::new()
        } else {
            format!(" (at most {} heaps)", self.heaps)
        };
        let mut parts = Vec::new();
        if let Some(t) = r.total {
            parts.push(format!("total <= {t}"));
        }
        if let Some(m) = r.max {
            parts.push(format!("every heap <= {m}"));
        }
        let mut s = format!("{} positions", self.claims[i].checked);
        if !parts.is_empty() {
            s = format!("all {s} of {}{heaps}", parts.join(" and "));
        }
        if r.samples > 0 {
            s = format!(
                "{s}, and {} samples with heaps <= {}",
                r.samples, self.sample_max
            );
        }
        s
    }
}

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

/// The regions of a deepening run, in order: the first box, then totals and boxes
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
            let size = box_size(shape, self.start.max, heaps).map_or(u64::MAX, clamp);
            (Region::Box(self.start), size)
        } else if self.step % 2 == 1 {
            let mut t = self.total.map_or(1, |t| t + 1);
            while total_size(shape, t, heaps, want) < want && t < u32::MAX / 2 {
                t += 1;
            }
            (
                Region::Total { total: t, heaps },
                total_size(shape, t, heaps, cap),
            )
        } else {
            let size = |m: u32| box_size(shape, m, heaps).map_or(u64::MAX, clamp);
            let mut m = self.max.map_or(1, |m| m + 1);
            while size(m) < want && m < u32::MAX / 2 {
                m += 1;
            }
            (Region::Box(Bounds { max: m, heaps }), size(m))
        };
        if size > cap {
            self.growing = false;
            return None;
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

fn clamp(n: u128) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// Checks every claim of `game`, deepening until `plan.time` has passed (two thirds for boxes
/// and totals, the rest for samples) or every claim has a counterexample. `budget` gives the
/// position limit and cancel flag; its deadline is set here.
pub fn check_deepening(game: &Game, plan: &Plan, budget: Budget) -> Result<DeepReport, Report> {
    let t0 = Instant::now();
    let end = t0 + plan.time;
    let mut phase = budget.clone();
    phase.deadline = Some(t0 + plan.time * 2 / 3);
    let shape = game.shape();
    let mut c = Checker::new(game, phase);
    let mut reach = vec![Reach::default(); c.claims.len()];
    let mut done = Vec::new();
    let mut steps = Steps::new(shape, plan.start);
    let mut ended = None;
    let mut sampling = false;
    let mut taken = 0u64;
    'regions: while !c.all_failed() && !c.claims.is_empty() && Instant::now() < end {
        let region = if sampling {
            steps.samples(plan)
        } else if let Some(r) = steps.grow() {
            r
        } else {
            sampling = true;
            let mut whole = budget.clone();
            whole.deadline = Some(end);
            c.set_budget(whole);
            continue;
        };
        let mut positions = region
            .positions(shape)
            .map_err(|m| miette::miette!(code = "heapgame::too_large", "{m}"))?;
        positions.retain(|p| game.allows(p));
        let mut fresh = 0u64;
        for p in &positions {
            if steps.covered(p) {
                continue;
            }
            if c.all_failed() {
                break;
            }
            match c.visit(p) {
                Ok(()) => {}
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Deadline) if !sampling => {
                    done.push(format!("{} (cut by the time)", region.describe(shape)));
                    sampling = true;
                    let mut whole = budget.clone();
                    whole.deadline = Some(end);
                    c.set_budget(whole);
                    continue 'regions;
                }
                Err(Halt::Deadline) => break 'regions,
                Err(Halt::Limit(limit)) => {
                    ended = Some(format!("stopped at the limit of {limit} positions stored"));
                    break 'regions;
                }
            }
            fresh += 1;
            if sampling {
                taken += 1;
                for (i, r) in reach.iter_mut().enumerate() {
                    if c.claims[i].failure.is_none() {
                        r.samples += 1;
                    }
                }
            }
        }
        if sampling {
            if fresh == 0 {
                break;
            }
            continue;
        }
        done.push(region.describe(shape));
        steps.done(&region);
        for (i, r) in reach.iter_mut().enumerate() {
            if c.claims[i].failure.is_none() {
                r.max = steps.max;
                r.total = steps.total;
            }
        }
    }
    if taken > 0 {
        done.push(format!(
            "{taken} samples with heaps <= {} (seeds {} on)",
            plan.sample_max, plan.seed
        ));
    }
    let ended = ended.unwrap_or_else(|| {
        if c.claims.is_empty() {
            "no claims".to_string()
        } else if c.all_failed() {
            format!(
                "every claim failed, after {:.1}s",
                t0.elapsed().as_secs_f64()
            )
        } else {
            format!("time is up, after {:.1}s", t0.elapsed().as_secs_f64())
        }
    });
    Ok(DeepReport {
        ruleset: game.checked.name.clone(),
        params: params_shown(game),
        heaps: plan.start.heaps,
        fixed_count: shape.count.is_some(),
        claims: c.claims,
        reach,
        steps: done,
        seed: plan.seed,
        sample_max: plan.sample_max,
        ended,
    })
}
