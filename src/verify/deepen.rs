//! `check --time`: a search that deepens while time is left. Boxes and totals alternately,
//! each step about twice the positions of the last (positions already visited are skipped),
//! then random samples with large heaps until the deadline. Each claim stops at its first
//! counterexample, the smallest of the region searched when it was found; the report says how
//! far each claim got. Several runs (a file's `check` lines, several files) deepen together,
//! the run with the fewest positions compared going next ([`check_deepening_all`]).
//! A run first visits the positions its claims name with `fails at`: a claim that fails
//! there as the file says keeps being checked over the regions, and is reported with that
//! failure and how far it held elsewhere (Theorem 6.3 of Single-delete Nim fails first at
//! total 81, beyond what a minute of totals reaches on four heaps).

use std::time::{Duration, Instant};

use miette::Report;

use super::check::{params_shown, Checker, ClaimReport, Failure, Halt};
use super::region::{region_failure, total_size, Region};
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
    /// The claim's failure is at a position `fails at` names, visited first; the regions
    /// above are where it held besides.
    pub named: bool,
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
        self.claims.iter().all(ClaimReport::as_stated)
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

/// Checks every claim of `game`, deepening until `plan.time` has passed (two thirds for boxes
/// and totals, the rest for samples) or every claim has a counterexample. `budget` gives the
/// position limit and cancel flag; its deadline is set here.
pub fn check_deepening(game: &Game, plan: &Plan, budget: Budget) -> Result<DeepReport, Report> {
    check_deepening_all(&[(game, plan.clone())], budget, plan.time)
        .pop()
        .expect("one run (check_deepening)")
}

/// Deepens several runs together within `time`, shared by claim: every claim still open (no
/// counterexample yet, about the run's parameters) has an equal part of the time, and a run
/// has the parts of its open claims. The run that has spent the least time per open claim
/// goes next, one region (or sample batch) at a time, each step cut when the run has spent its
/// part (a claim that fails gives its part back to the others). Boxes and totals until two
/// thirds of `time` or the end of the run's part, then samples. The reports come in the order
/// of `runs`; an error ends its run only.
pub fn check_deepening_all(
    runs: &[(&Game, Plan)],
    budget: Budget,
    time: Duration,
) -> Vec<Result<DeepReport, Report>> {
    let t0 = Instant::now();
    let (grow_end, end) = (t0 + time * 2 / 3, t0 + time);
    let mut ds: Vec<Deepening<'_>> = runs
        .iter()
        .map(|(g, p)| Deepening::new(g, p, budget.clone(), t0))
        .collect();
    let mut errors: Vec<Option<Report>> = runs.iter().map(|_| None).collect();
    while Instant::now() < end {
        let live: Vec<usize> = (0..ds.len())
            .filter(|&i| errors[i].is_none() && !ds[i].finished && ds[i].open() > 0)
            .collect();
        let open: usize = live.iter().map(|&i| ds[i].open()).sum();
        let per_claim = |i: usize| ds[i].spent.as_secs_f64() / ds[i].open() as f64;
        let Some(i) = live
            .iter()
            .copied()
            .min_by(|&a, &b| per_claim(a).total_cmp(&per_claim(b)))
        else {
            break;
        };
        // This run's part of the whole time, what it has left of it (a step takes at least a
        // moment), and the point where this step stops.
        let part = time.mul_f64(ds[i].open() as f64 / open as f64);
        let left = part
            .saturating_sub(ds[i].spent)
            .max(Duration::from_millis(50));
        let started = Instant::now();
        let r = ds[i].step(grow_end, end, started + left);
        ds[i].spent += started.elapsed();
        if let Err(e) = r {
            let cancelled = super::region::is_cancelled(&e);
            errors[i] = Some(e);
            if cancelled {
                break;
            }
        }
    }
    ds.into_iter()
        .zip(errors)
        .map(|(d, e)| match e {
            Some(e) => Err(e),
            None => Ok(d.report()),
        })
        .collect()
}

/// One run of a deepening check, resumable region by region.
struct Deepening<'g> {
    game: &'g Game,
    plan: Plan,
    budget: Budget,
    c: Checker<'g>,
    reach: Vec<Reach>,
    done: Vec<String>,
    steps: Steps<'g>,
    ended: Option<String>,
    sampling: bool,
    taken: u64,
    /// Positions compared so far.
    visited: u64,
    /// Time spent on its steps so far.
    spent: Duration,
    finished: bool,
    t0: Instant,
    /// The positions the claims name with `fails at`, still to visit (first).
    named: Vec<Vec<u32>>,
    /// A failure of each claim at one of them, as the file says, set aside while the claim
    /// goes on being checked.
    named_failure: Vec<Option<Failure>>,
}

impl<'g> Deepening<'g> {
    fn new(game: &'g Game, plan: &Plan, budget: Budget, t0: Instant) -> Deepening<'g> {
        let c = Checker::new(game, budget.clone());
        let finished = c.claims.is_empty();
        let mut named: Vec<Vec<u32>> = Vec::new();
        for p in c
            .claims
            .iter()
            .filter(|c| c.applies)
            .flat_map(|c| &c.fails_at)
        {
            if !named.contains(p) && game.allows(p) {
                named.push(p.clone());
            }
        }
        Deepening {
            named,
            named_failure: vec![None; c.claims.len()],
            game,
            plan: plan.clone(),
            budget,
            reach: vec![Reach::default(); c.claims.len()],
            c,
            done: Vec::new(),
            steps: Steps::new(game.shape(), plan.start),
            ended: None,
            sampling: false,
            taken: 0,
            visited: 0,
            spent: Duration::ZERO,
            finished,
            t0,
        }
    }

    /// The checker's deadline: the end of the growth, or of the whole run; the budget with it.
    fn deadline(&mut self, at: Instant) -> Budget {
        let mut b = self.budget.clone();
        b.deadline = Some(at);
        self.c.set_budget(b.clone());
        b
    }

    /// The step over `region` was cut by its deadline: growing, the samples come next; sampling,
    /// the run waits for the others (at its part's end) or is done (at the `end`).
    fn cut(&mut self, region: &Region, end: Instant) {
        if self.sampling {
            self.finished = Instant::now() >= end;
        } else {
            let shape = self.game.shape();
            self.done
                .push(format!("{} (cut by the time)", region.describe(shape)));
            self.sampling = true;
        }
    }

    /// The claims still open: no counterexample yet, and about the run's parameters.
    fn open(&self) -> usize {
        self.c
            .claims
            .iter()
            .filter(|c| c.failure.is_none() && c.applies)
            .count()
    }

    /// The next region: a box or total until `grow_end`, then a batch of samples until `end`;
    /// the step stops at `cap` (the run has spent its part of the time) if that comes first.
    fn step(&mut self, grow_end: Instant, end: Instant, cap: Instant) -> Result<(), Report> {
        if self.c.all_failed() {
            self.finished = true;
            return Ok(());
        }
        if !self.sampling && Instant::now() >= grow_end {
            self.sampling = true;
        }
        if !self.named.is_empty() {
            // At most half of what this step may take: a named position too large to solve
            // leaves the deepening its time.
            let now = Instant::now();
            self.deadline(now + grow_end.min(cap).saturating_duration_since(now) / 2);
            return self.visit_named();
        }
        let region = if self.sampling {
            self.steps.samples(&self.plan)
        } else if let Some(r) = self.steps.grow() {
            r
        } else {
            self.sampling = true;
            return Ok(());
        };
        let budget = self.deadline(if self.sampling { end } else { grow_end }.min(cap));
        let shape = self.game.shape();
        // Listing a region of millions of positions takes seconds: it looks at the deadline.
        let mut positions = match region.positions_within(shape, &budget) {
            Ok(ps) => ps,
            Err(_) if budget.past_deadline() => {
                self.cut(&region, end);
                return Ok(());
            }
            Err(m) => return Err(region_failure(m, &budget, "check a smaller region")),
        };
        positions.retain(|p| self.game.allows(p));
        // A loopy game solves the step's positions together when it first needs one.
        self.c.set_region(&positions);
        let mut fresh = 0u64;
        for p in &positions {
            if self.steps.covered(p) {
                continue;
            }
            if self.c.all_failed() {
                break;
            }
            match self.c.visit(p) {
                Ok(()) => {}
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Deadline) => {
                    self.cut(&region, end);
                    return Ok(());
                }
                Err(Halt::Limit(limit)) => {
                    self.ended = Some(format!("stopped at the limit of {limit} positions stored"));
                    self.finished = true;
                    return Ok(());
                }
            }
            fresh += 1;
            self.visited += 1;
            if self.sampling {
                self.taken += 1;
                for (i, r) in self.reach.iter_mut().enumerate() {
                    if self.c.claims[i].failure.is_none() {
                        r.samples += 1;
                    }
                }
            }
        }
        if self.sampling {
            // A batch with nothing new: the samples cover what they can.
            self.finished |= fresh == 0;
            return Ok(());
        }
        self.done.push(region.describe(shape));
        self.steps.done(&region);
        for (i, r) in self.reach.iter_mut().enumerate() {
            if self.c.claims[i].failure.is_none() {
                r.max = self.steps.max;
                r.total = self.steps.total;
            }
        }
        Ok(())
    }

    /// Visits the positions `fails at` names; a claim that fails at one as the file says has
    /// that failure set aside and stays open.
    fn visit_named(&mut self) -> Result<(), Report> {
        let named = std::mem::take(&mut self.named);
        self.c.set_region(&named);
        for p in &named {
            match self.c.visit(p) {
                Ok(()) => {}
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Deadline) => {
                    self.done.push(format!(
                        "the {} position(s) `fails at` names (cut by the time)",
                        named.len()
                    ));
                    return Ok(());
                }
                Err(Halt::Limit(limit)) => {
                    self.ended = Some(format!("stopped at the limit of {limit} positions stored"));
                    self.finished = true;
                    return Ok(());
                }
            }
            self.visited += 1;
            for (i, c) in self.c.claims.iter_mut().enumerate() {
                let named_here = c.failure.as_ref().is_some_and(|f| f.position == *p);
                if named_here && c.failure.as_ref().is_some_and(|f| c.expected(f)) {
                    // Counted with the regions it held over, not with this position.
                    c.checked = c.checked.saturating_sub(1);
                    let f = c.failure.take();
                    self.named_failure[i] = self.named_failure[i].take().or(f);
                }
            }
        }
        self.done
            .push(format!("the {} position(s) `fails at` names", named.len()));
        Ok(())
    }

    fn report(mut self) -> DeepReport {
        if self.taken > 0 {
            self.done.push(format!(
                "{} samples with heaps <= {} (seeds {} on)",
                self.taken, self.plan.sample_max, self.plan.seed
            ));
        }
        let elapsed = self.t0.elapsed().as_secs_f64();
        let ended = self.ended.unwrap_or_else(|| {
            if self.c.claims.is_empty() {
                "no claims".to_string()
            } else if self.c.all_failed() {
                format!("every claim failed, after {elapsed:.1}s")
            } else {
                format!("time is up, after {elapsed:.1}s")
            }
        });
        for (i, f) in self.named_failure.into_iter().enumerate() {
            let c = &mut self.c.claims[i];
            if c.failure.is_none() && f.is_some() {
                c.failure = f;
                self.reach[i].named = true;
            }
        }
        let shape = self.game.shape();
        DeepReport {
            ruleset: self.game.checked.name.clone(),
            params: params_shown(self.game),
            heaps: self.plan.start.heaps,
            fixed_count: shape.count.is_some(),
            claims: self.c.claims,
            reach: self.reach,
            steps: self.done,
            seed: self.plan.seed,
            sample_max: self.plan.sample_max,
            ended,
        }
    }
}
