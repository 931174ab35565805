//! `check --time`: a search that deepens while time is left. Boxes and totals alternately,
//! each step about twice the positions of the last (positions already visited are skipped),
//! then random samples with large heaps until the deadline. Each claim stops at its first
//! counterexample, the smallest of the region searched when it was found; the report says how
//! far each claim got.

use std::time::{Duration, Instant};

use miette::Report;

use super::check::{params_shown, Checker, ClaimReport, Halt};
use super::region::{samples, total_size, Region};
use super::{Bounds, MAX_POSITIONS};
use crate::game::Game;
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

/// Checks every claim of `game`, deepening until `plan.time` has passed (two thirds for boxes
/// and totals, the rest for samples) or every claim has a counterexample. `budget` gives the
/// position limit and cancel flag; its deadline is set here.
pub fn check_deepening(game: &Game, plan: &Plan, budget: Budget) -> Result<DeepReport, Report> {
    let t0 = Instant::now();
    let end = t0 + plan.time;
    let mut phase = budget.clone();
    phase.deadline = Some(t0 + plan.time * 2 / 3);
    let shape = game.shape();
    let heaps = plan.start.heaps;
    let mut c = Checker::new(game, phase);
    let mut reach = vec![Reach::default(); c.claims.len()];
    let mut steps = Vec::new();
    let (mut done_max, mut done_total): (Option<u32>, Option<u32>) = (None, None);
    let covered = |p: &[u32], m: Option<u32>, t: Option<u32>| {
        m.is_some_and(|m| p.iter().all(|&h| h <= m))
            || t.is_some_and(|t| p.iter().map(|&h| u64::from(h)).sum::<u64>() <= u64::from(t))
    };
    let cap = u64::try_from(MAX_POSITIONS).unwrap_or(u64::MAX);
    let mut work = 0u64;
    let mut ended = None;
    // Boxes and totals alternately.
    for step in 0usize.. {
        if c.all_failed() || c.claims.is_empty() {
            break;
        }
        let region = if step == 0 {
            Region::Box(plan.start)
        } else if step % 2 == 1 {
            // The smallest total above the last with about twice the work.
            let mut t = done_total.map_or(1, |t| t + 1);
            while total_size(shape, t, heaps, 2 * work) < 2 * work && t < u32::MAX / 2 {
                t += 1;
            }
            if total_size(shape, t, heaps, cap) > cap {
                break;
            }
            Region::Total { total: t, heaps }
        } else {
            let mut m = done_max.map_or(1, |m| m + 1);
            let size = |m: u32| box_size(shape, m, heaps).map_or(u64::MAX, |n| n.min(u128::from(u64::MAX)) as u64);
            while size(m) < 2 * work && m < u32::MAX / 2 {
                m += 1;
            }
            if size(m) > cap {
                break;
            }
            Region::Box(Bounds { max: m, heaps })
        };
        let positions = region
            .positions(shape)
            .map_err(|m| miette::miette!(code = "heapgame::too_large", "{m}"))?;
        work = positions.len() as u64;
        let mut halted = None;
        for p in &positions {
            if covered(p, done_max, done_total) {
                continue;
            }
            if c.all_failed() {
                break;
            }
            if let Err(h) = c.visit(p) {
                halted = Some(h);
                break;
            }
        }
        match halted {
            None => {}
            Some(Halt::Error(e)) => return Err(e),
            Some(Halt::Deadline) => {
                steps.push(format!("{} (cut by the time)", region.describe(shape)));
                break;
            }
            Some(Halt::Limit(limit)) => {
                steps.push(format!("{} (cut by the position limit)", region.describe(shape)));
                ended = Some(format!("stopped at the limit of {limit} positions stored"));
                break;
            }
        }
        steps.push(region.describe(shape));
        match region {
            Region::Box(b) => done_max = Some(b.max),
            Region::Total { total, .. } => done_total = Some(total),
            Region::Samples { .. } => {}
        }
        for (i, r) in reach.iter_mut().enumerate() {
            if c.claims[i].failure.is_none() {
                r.max = done_max;
                r.total = done_total;
            }
        }
    }
    // Samples with large heaps until the deadline, in batches twice as large each time.
    if ended.is_none() {
        let mut whole = budget;
        whole.deadline = Some(end);
        c.set_budget(whole);
        let mut batch = 100usize;
        let mut taken = 0u64;
        'batches: for b in 0u64.. {
            if c.all_failed() || c.claims.is_empty() || Instant::now() >= end {
                break;
            }
            let drawn = samples(shape, batch, plan.seed.wrapping_add(b), plan.sample_max, heaps);
            let fresh: Vec<_> = drawn
                .into_iter()
                .filter(|p| !covered(p, done_max, done_total))
                .collect();
            if fresh.is_empty() {
                break;
            }
            for p in &fresh {
                match c.visit(p) {
                    Ok(()) => {}
                    Err(Halt::Error(e)) => return Err(e),
                    Err(Halt::Deadline) => break 'batches,
                    Err(Halt::Limit(limit)) => {
                        ended = Some(format!("stopped at the limit of {limit} positions stored"));
                        break 'batches;
                    }
                }
                taken += 1;
                for (i, r) in reach.iter_mut().enumerate() {
                    if c.claims[i].failure.is_none() {
                        r.samples += 1;
                    }
                }
            }
            batch = batch.saturating_mul(2);
        }
        if taken > 0 {
            steps.push(format!(
                "{taken} samples with heaps <= {} (seeds {} on)",
                plan.sample_max, plan.seed
            ));
        }
    }
    let ended = ended.unwrap_or_else(|| {
        if c.claims.is_empty() {
            "no claims".to_string()
        } else if c.all_failed() {
            format!("every claim failed, after {:.1}s", t0.elapsed().as_secs_f64())
        } else {
            format!("time is up, after {:.1}s", t0.elapsed().as_secs_f64())
        }
    });
    Ok(DeepReport {
        ruleset: game.checked.name.clone(),
        params: params_shown(game),
        heaps,
        fixed_count: shape.count.is_some(),
        claims: c.claims,
        reach,
        steps,
        seed: plan.seed,
        sample_max: plan.sample_max,
        ended,
    })
}
