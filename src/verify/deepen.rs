//! `check --time`: a search that deepens while time is left. Boxes and totals alternately,
//! each step about twice the positions of the last (positions already visited are skipped),
//! then random samples with large heaps until the deadline (none once a box holds them all:
//! the boxes and totals go on). Each claim stops at its first
//! counterexample the file does not name, the smallest of the region searched when it was
//! found; the report says how far each claim got. Several runs (a file's `check` lines,
//! several files) deepen together, the run with the fewest positions compared going next
//! ([`check_deepening_all`], its turns in `deepen/turns.rs`). A region cut at the end of a
//! run's part of the time is kept where it stopped and resumed at the run's next turn, when
//! time is left. A run first visits the positions its claims name with `fails
//! at` (Theorem 6.3 of Single-delete Nim fails first at total 81, beyond what a minute of
//! totals reaches on four heaps); a failure there, as the file says, is known, and the claim
//! goes on being compared over the regions, as at every other position it names.

use std::time::Duration;

use super::check::{params_shown, Checker, ClaimReport, Halt};
use super::heap_count::HeapGrowth;
use super::region::Region;
use super::CheckError;
use crate::game::Game;
use crate::solver::{Budget, Clock};

pub use super::steps::{Plan, Steps};

mod parts;
#[cfg(test)]
mod tests;
mod turns;

use parts::Resume;

/// How far a claim got, when it still holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The largest box checked in full: every heap <= this.
    pub max: Option<u32>,
    /// The largest total checked in full.
    pub total: Option<u32>,
    /// Random samples checked (beyond the box and the total).
    pub samples: u64,
    /// The regions checked in full, in words, by heap count.
    pub words: Option<String>,
    /// Whether the claim took its share of the growth's time before the others: left at
    /// the regions it had reached (compared again on the samples).
    pub parked: bool,
}

/// The result of a deepening check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepReport {
    /// The ruleset's name.
    pub ruleset: String,
    /// Its parameters and their values, as shown.
    pub params: Vec<(String, String)>,
    /// The most heaps the run started from (for `heaps any`).
    pub heaps: usize,
    /// The most heaps of a region compared in full (`heaps` when it did not grow).
    pub heaps_reached: usize,
    /// Why the heap sizes stopped growing, in words.
    pub sizes_stop: String,
    /// Why the number of heaps stopped growing, in words.
    pub heaps_stop: String,
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
    /// Positions compared in all (none: the time or the position limit came first, and the
    /// run says nothing of its claims).
    pub visited: u64,
    /// Whether a region (the first box, or a total) was compared in full: if not, the time or
    /// the position limit cut the run among the smallest positions, and it holds only so far.
    pub first_done: bool,
    /// What the positions compared reached.
    pub seen: super::check::Seen,
    /// The run's place among the values of a `check with NAME in R` line (the parameters'
    /// dimension), when it is one of them.
    pub range: Option<RangePlace>,
}

/// A run's place among the runs of a `check with NAME in R` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangePlace {
    /// The line's ranges as written (`k in 2..6`).
    pub declared: String,
    /// Its line in the file.
    pub line: usize,
    /// This run's value (1 for the first).
    pub value: usize,
    /// Of how many.
    pub of: usize,
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
        let mut s = format!("{} positions", self.claims[i].checked);
        if let Some(w) = &r.words {
            s = format!("all {s} of {w}");
        }
        if r.parked {
            s = format!("{s} (where it had taken its share of the time)");
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

/// Checks every claim of `game`, deepening until `plan.time` has passed (two thirds for boxes
/// and totals, the rest for samples; all of it for boxes and totals once a box holds every
/// sample, a fixed heap count to the samples' largest heap) or every claim has a counterexample. `budget` gives the
/// position limit and cancel flag; its deadline is set here, on `clock`.
pub fn check_deepening(
    game: &Game,
    plan: &Plan,
    budget: Budget,
    clock: &Clock,
) -> Result<DeepReport, CheckError> {
    let boxes = budget.max_positions;
    check_deepening_all(&[(game, plan.clone())], (budget, boxes), plan.time, clock)
        .pop()
        .expect("one run (check_deepening)")
}

/// Deepens several runs together within `time`, shared by claim: every claim still open (no
/// counterexample yet, about the run's parameters) has an equal part of the time, and a run
/// has the parts of its open claims. The run that has spent the least time per open claim
/// goes next, one region (or sample batch) at a time, each step cut when the run has spent its
/// part (a claim that fails gives its part back to the others); a run whose next region will
/// not fit in what its part has left lends it to the others ([`turns`]). A region cut is kept
/// and resumed at the run's next turn. Boxes and totals until two thirds of `time` (all of
/// it once a box holds every sample), then samples. The reports come in the order
/// of `runs`; an error ends its run only. `boxes`: the most positions a kernel's box may hold
/// ([`Checker::box_positions`]: the limit the user set; `None` weighs it by its bytes).
/// Every time is read on `clock`, the front end's.
pub fn check_deepening_all(
    runs: &[(&Game, Plan)],
    (budget, boxes): (Budget, Option<usize>),
    time: Duration,
    clock: &Clock,
) -> Vec<Result<DeepReport, CheckError>> {
    let t0 = clock.now();
    let (grow_end, end) = (t0 + time * 2 / 3, t0 + time);
    let mut ds: Vec<Deepening<'_>> = runs
        .iter()
        .map(|(g, p)| Deepening::new(g, p, budget.clone(), (clock, t0)))
        .collect();
    for d in &mut ds {
        d.c.box_positions = boxes;
    }
    // Each claim's share of the growth: the time its own evaluation may take (the solving of
    // the positions, shared, is not counted).
    let claims: usize = ds.iter().map(Deepening::open).sum();
    let share = (time * 2 / 3) / u32::try_from(claims.max(1)).unwrap_or(u32::MAX);
    for d in &mut ds {
        d.share = share;
    }
    let mut errors: Vec<Option<CheckError>> = runs.iter().map(|_| None).collect();
    // A run none of whose claims is about its parameters still compares its first box, as a
    // run over it would: their `when`, false, is a branch taken.
    for (d, e) in ds.iter_mut().zip(&mut errors) {
        if d.open() == 0 && !d.finished {
            let started = clock.now();
            *e = d.step(grow_end, end, end).err();
            d.spent += clock.now().saturating_sub(started);
            d.finished = true;
        }
    }
    loop {
        let now = clock.now();
        if now >= end {
            break;
        }
        let Some((i, give)) = turns::next(&ds, &errors, (time, end - now)) else {
            break;
        };
        let started = clock.now();
        let r = ds[i].step(grow_end, end, started + give);
        ds[i].spent += clock.now().saturating_sub(started);
        if let Err(e) = r {
            let cancelled = e.is_cancelled();
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
    /// The front end's clock, and when the deepening started on it.
    clock: Clock,
    t0: Duration,
    /// The positions the claims name with `fails at`, still to visit (first).
    named: Vec<Vec<u32>>,
    /// Those visited: the regions do not compare them again.
    named_seen: Vec<Vec<u32>>,
    /// The time a claim's own evaluation may take while the regions grow.
    share: Duration,
    /// A region cut by the end of the run's part of the time, and where it stopped: the next
    /// turn resumes it.
    pending: Option<(Region, Resume)>,
    /// The time each region of the growth took, in order (over all the turns it took).
    took: Vec<Duration>,
    /// The time spent on the pending region so far.
    this_region: Duration,
    /// The end of the growth and of the whole run, for the step under way.
    ends: (Duration, Duration),
}

impl<'g> Deepening<'g> {
    fn new(
        game: &'g Game,
        plan: &Plan,
        budget: Budget,
        (clock, t0): (&Clock, Duration),
    ) -> Deepening<'g> {
        let mut c = Checker::new(game, budget.clone());
        c.timed = Some(clock.clone());
        // Every position of the file's box is observed, as a run over it would be.
        c.observe_max = plan.start.max;
        let mut steps = Steps::new(game.shape(), plan.start).with_heaps(HeapGrowth::of(game));
        if c.sweeps() {
            // Swept, not listed: the regions may pass the usual limit (a box the kernel
            // cannot solve then ends the growth).
            steps.cap = super::MAX_SWEPT;
        }
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
            share: Duration::MAX,
            pending: None,
            took: Vec::new(),
            this_region: Duration::ZERO,
            ends: (Duration::MAX, Duration::MAX),
            named,
            named_seen: Vec::new(),
            game,
            plan: plan.clone(),
            budget,
            reach: vec![Reach::default(); c.claims.len()],
            c,
            done: Vec::new(),
            steps,
            ended: None,
            sampling: false,
            taken: 0,
            visited: 0,
            spent: Duration::ZERO,
            finished,
            clock: clock.clone(),
            t0,
        }
    }

    /// The checker's deadline: the end of the growth, or of the whole run; the budget with it.
    fn deadline(&mut self, at: Duration) -> Budget {
        let mut b = self.budget.clone();
        b.deadline = Some(self.clock.at(at));
        self.c.set_budget(b.clone());
        b
    }

    /// The step over `region` was cut by its deadline, having got as far as `resume`: growing
    /// with time left for it (the end of the run's part came first), the region waits for the
    /// run's next turn; at the end of the growth, the samples come next. Sampling, the run
    /// waits for the others (at its part's end) or is done (at the end).
    fn cut(&mut self, region: &Region, resume: Resume) {
        let (grow_end, end) = self.ends;
        let now = self.clock.now();
        if self.sampling {
            self.finished = now >= end;
        } else if now < grow_end {
            self.pending = Some((region.clone(), resume));
        } else {
            self.pending = Some((region.clone(), resume));
            self.drop_pending();
        }
    }

    /// The region pending, if any, is left cut by the time: the growth ends there.
    fn drop_pending(&mut self) {
        if let Some((region, _)) = self.pending.take() {
            let words = region.describe(self.game.shape());
            self.done.push(format!("{words} (cut by the time)"));
            self.end_growth(&format!("the time, in {words}"));
        }
    }

    /// The claims still open: no counterexample yet, and about the run's parameters.
    fn open(&self) -> usize {
        self.c
            .claims
            .iter()
            .zip(&self.c.parked)
            .filter(|(c, parked)| c.open() && c.applies && !**parked)
            .count()
    }

    /// The next region (or the one pending): a box or total until `grow_end`, then a batch of
    /// samples until `end`; the step stops at `cap` (the run has spent its part of the time)
    /// if that comes first.
    fn step(&mut self, grow_end: Duration, end: Duration, cap: Duration) -> Result<(), CheckError> {
        if self.c.all_failed() {
            self.finished = true;
            return Ok(());
        }
        // Samples inside a box compared in full add nothing: the regions grow to the end.
        let grow_end = if self.samples_covered() {
            end
        } else {
            grow_end
        };
        self.ends = (grow_end, end);
        let started = self.clock.now();
        if !self.sampling && started >= grow_end {
            self.drop_pending();
            self.end_growth("the time (two thirds of it go to growing)");
        }
        if !self.named.is_empty() {
            // At most half of what this step may take: a named position too large to solve
            // leaves the deepening its time.
            self.deadline(started + grow_end.min(cap).saturating_sub(started) / 2);
            return self.visit_named();
        }
        let (region, resume) = if self.sampling {
            (self.steps.samples(&self.plan), Resume::Start)
        } else if let Some(p) = self.pending.take() {
            p
        } else if let Some(r) = self.steps.grow() {
            (r, Resume::Start)
        } else {
            self.end_growth("the end of the regions");
            return Ok(());
        };
        let r = self.visit_step(&region, resume, cap);
        if !self.sampling {
            self.this_region += self.clock.now().saturating_sub(started);
            if self.pending.is_none() && matches!(r, Ok(Some(_))) {
                self.took.push(std::mem::take(&mut self.this_region));
            }
        }
        let Some(fresh) = r? else {
            return Ok(());
        };
        if self.sampling {
            // A batch with nothing new: the samples cover what they can.
            self.finished |= fresh == 0;
            return Ok(());
        }
        self.done.push(region.describe(self.game.shape()));
        self.steps.done(&region);
        let words = self.steps.reach_words();
        for (i, r) in self.reach.iter_mut().enumerate() {
            if self.c.claims[i].open() && !self.c.parked[i] {
                r.max = self.steps.max;
                r.total = self.steps.total;
                r.words.clone_from(&words);
            }
        }
        Ok(())
    }

    /// Compares the claims at the `positions` of `region` not covered before, from the
    /// `from`th on: how many were new, or `None` when the time or the position limit cut the
    /// region (the run's state says what comes next).
    fn visit_region(
        &mut self,
        region: &Region,
        positions: &[Vec<u32>],
        from: usize,
    ) -> Result<Option<u64>, CheckError> {
        let mut fresh = 0u64;
        for (k, p) in positions.iter().enumerate().skip(from) {
            if self.steps.covered(p) || self.named_seen.contains(p) {
                continue;
            }
            if self.c.none_compared() {
                break;
            }
            match self.c.visit(p) {
                Ok(()) => {}
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Deadline) => {
                    self.cut(region, Resume::Listed(k));
                    return Ok(None);
                }
                Err(Halt::Limit(limit)) => {
                    self.ended = Some(format!("stopped at the limit of {limit} positions stored"));
                    self.finished = true;
                    return Ok(None);
                }
            }
            fresh += 1;
            self.visited += 1;
            if !self.sampling && self.park() {
                self.parked_in(region);
                return Ok(None);
            }
            if self.sampling {
                self.taken += 1;
                for (i, r) in self.reach.iter_mut().enumerate() {
                    if self.c.claims[i].open() {
                        r.samples += 1;
                    }
                }
            }
        }
        Ok(Some(fresh))
    }

    /// The regions stop growing, for `why`: the samples come next, every claim still open
    /// compared on them.
    fn end_growth(&mut self, why: &str) {
        self.steps.stop_growing(why);
        self.sampling = true;
        self.c.parked.iter_mut().for_each(|p| *p = false);
    }
}
