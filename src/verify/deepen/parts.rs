//! The parts of a deepening step over a region: the positions `fails at` names, a region
//! listed and visited position by position, or swept without being listed
//! ([`crate::verify::sweep`]: a two-heap game whose boxes a kernel solves), each from where a
//! cut left it ([`Resume`]); the claims parked once they took their share of the time, and
//! whether samples could add anything (a box holding them all: the growth goes on instead);
//! the run's report at the end.

use super::{params_shown, DeepReport, Deepening, Halt};
use crate::game::show_position;
use crate::solver::Budget;
use crate::verify::region::Region;
use crate::verify::sweep::Cursor;
use crate::verify::{CheckError, RegionError};
use std::time::Duration;

/// Where a region cut by the time stopped, so that the run's next turn goes on from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Resume {
    /// Nothing kept (the box was being solved, or the region listed): the region anew.
    Start,
    /// Swept up to this position.
    Swept(Cursor),
    /// Listed and visited up to this index of its listing (in the fixed order).
    Listed(usize),
}

impl Deepening<'_> {
    /// Compares the claims over `region` from `resume` until `cap` (or the end of the growth,
    /// or of the run): how many positions were new, or `None` when it was cut.
    pub(super) fn visit_step(
        &mut self,
        region: &Region,
        resume: Resume,
        cap: Duration,
    ) -> Result<Option<u64>, CheckError> {
        let (grow_end, end) = self.ends;
        let budget = self.deadline(if self.sampling { end } else { grow_end }.min(cap));
        match *region {
            Region::Box(b) => self.c.solve_box_first(b.max),
            Region::Total { total, heaps }
                if crate::verify::steps::box_pays(self.game.shape(), total, heaps) =>
            {
                // Solved a little ahead when the next box passes the total by at most an
                // eighth: the box step after it reads the same box rather than solving again.
                let ahead = (self.steps.next_box_max())
                    .filter(|&m| m <= total.saturating_add(total / 8))
                    .unwrap_or(total);
                self.c.solve_box_first(ahead.max(total));
            }
            Region::Total { .. } | Region::Samples { .. } => {}
        }
        // A region resumed goes on the way it started.
        let sweep = match resume {
            Resume::Start => self.c.can_sweep(region),
            Resume::Swept(_) => true,
            Resume::Listed(_) => false,
        };
        if sweep {
            self.sweep_region(region, resume)
        } else {
            self.list_and_visit(region, &budget, resume)
        }
    }

    /// Visits the positions `fails at` names (a claim that fails at one, as the file says,
    /// stays open). A named position that the time or the position limit keeps from being
    /// solved is left out and said so: the deepening goes on.
    pub(super) fn visit_named(&mut self) -> Result<(), CheckError> {
        let named = std::mem::take(&mut self.named);
        self.c.set_region(&named);
        let mut unsolved: Vec<String> = Vec::new();
        for (k, p) in named.iter().enumerate() {
            match self.c.visit(p) {
                Ok(()) => {}
                Err(Halt::Error(e)) => return Err(e),
                Err(Halt::Deadline) => {
                    unsolved.extend(named[k..].iter().map(|q| show_position(q)));
                    break;
                }
                Err(Halt::Limit(_)) => {
                    // The solver is full: a fresh one for the regions.
                    self.c.forget();
                    unsolved.push(show_position(p));
                    continue;
                }
            }
            self.visited += 1;
            self.named_seen.push(p.clone());
        }
        let mut words = format!("the {} position(s) `fails at` names", named.len());
        if !unsolved.is_empty() {
            let shown: Vec<&str> = unsolved.iter().take(3).map(String::as_str).collect();
            words = format!(
                "{words} ({} not solved within the time and position limits: {}{})",
                unsolved.len(),
                shown.join(", "),
                if unsolved.len() > 3 { ", ..." } else { "" }
            );
        }
        self.done.push(words);
        Ok(())
    }

    /// Lists the positions of `region` and compares the claims at those not covered before
    /// ([`Deepening::visit_region`]), from where `resume` says. A region too large to list
    /// ends the growth.
    pub(super) fn list_and_visit(
        &mut self,
        region: &Region,
        budget: &Budget,
        resume: Resume,
    ) -> Result<Option<u64>, CheckError> {
        // Listing a region of millions of positions takes seconds: it looks at the deadline.
        let mut positions = match region.positions_within(self.game.shape(), budget) {
            Ok(ps) => ps,
            Err(_) if budget.past_deadline() => {
                self.cut(region, resume);
                return Ok(None);
            }
            Err(RegionError::BoxTooLarge { .. } | RegionError::TotalTooLarge { .. }) => {
                // Only past the usual limit, where the regions were to be swept from boxes a
                // kernel solves, and this one's box was too large for it.
                let words = region.describe(self.game.shape());
                self.end_growth(&format!("{words}: its box is too large to solve at once"));
                return Ok(None);
            }
            Err(e) => return Err(CheckError::region(e, None)),
        };
        positions.retain(|p| self.game.allows(p));
        // A loopy game solves the step's positions together when it first needs one.
        self.c.set_region(&positions);
        let from = match resume {
            Resume::Listed(k) => k,
            Resume::Start | Resume::Swept(_) => 0,
        };
        self.visit_region(region, &positions, from)
    }

    /// Sweeps `region` chunk by chunk ([`crate::verify::sweep`]), from where `resume` says,
    /// looking at the claims' shares between chunks as [`Deepening::visit_region`] does after
    /// each position.
    pub(super) fn sweep_region(
        &mut self,
        region: &Region,
        resume: Resume,
    ) -> Result<Option<u64>, CheckError> {
        let mut cur = match resume {
            Resume::Swept(cur) => cur,
            Resume::Start | Resume::Listed(_) => Cursor::start(),
        };
        let old = (self.steps.max, self.steps.total);
        let skip = std::mem::take(&mut self.named_seen);
        let mut fresh = 0u64;
        let outcome = loop {
            if self.c.none_compared() {
                break Ok(Some(fresh));
            }
            let (n, r) = self.c.sweep(region, old, &skip, &mut cur);
            fresh += n;
            self.visited += n;
            match r {
                Ok(true) => break Ok(Some(fresh)),
                Ok(false) => {}
                Err(Halt::Error(e)) => break Err(e),
                Err(Halt::Deadline) => {
                    self.cut(region, Resume::Swept(cur));
                    break Ok(None);
                }
                Err(Halt::Limit(limit)) => {
                    self.ended = Some(format!("stopped at the limit of {limit} positions stored"));
                    self.finished = true;
                    break Ok(None);
                }
            }
            if self.park() {
                self.parked_in(region);
                break Ok(None);
            }
        };
        self.named_seen = skip;
        outcome
    }

    /// The growth ends in `region`, each claim still open having taken its share of the time.
    pub(super) fn parked_in(&mut self, region: &Region) {
        let words = region.describe(self.game.shape());
        self.done.push(format!(
            "{words} (left when each claim had taken its share of the time)"
        ));
        self.end_growth("each claim still open had taken its share of the time");
    }

    /// Whether every sample the run could draw lies in a box compared in full: a fixed heap
    /// count, and every heap <= the samples' largest.
    pub(super) fn samples_covered(&self) -> bool {
        self.game.shape().count.is_some()
            && (self.steps.max).is_some_and(|m| m >= self.plan.sample_max)
    }

    /// Parks the claims that took their share of the growth's time (once a first region was
    /// compared in full); whether no claim is left to compare.
    pub(super) fn park(&mut self) -> bool {
        if self.steps.max.is_none() && self.steps.total.is_none() {
            return false;
        }
        // The share is of the growth's two thirds of the time; growing to the end (a box holds
        // every sample), of all of it.
        let share = if self.samples_covered() {
            self.share.mul_f64(1.5)
        } else {
            self.share
        };
        for i in 0..self.c.claims.len() {
            if !self.c.parked[i] && self.c.claims[i].open() && self.c.spent[i] > share {
                self.c.parked[i] = true;
                self.reach[i].parked = true;
            }
        }
        !self.c.all_failed() && self.c.none_compared()
    }

    /// The run's report: how far each claim got, the steps taken, why it ended.
    pub(super) fn report(mut self) -> DeepReport {
        // A region still pending when the time was up: cut by it.
        self.drop_pending();
        if self.taken > 0 {
            self.done.push(format!(
                "{} samples with heaps <= {} (seeds {} on)",
                self.taken, self.plan.sample_max, self.plan.seed
            ));
        }
        let elapsed = self.clock.now().saturating_sub(self.t0).as_secs_f64();
        let ended = self.ended.unwrap_or_else(|| {
            if self.c.claims.is_empty() {
                "no claims".to_string()
            } else if self.c.all_failed() {
                format!("every claim failed, after {elapsed:.1}s")
            } else {
                format!("time is up, after {elapsed:.1}s")
            }
        });
        let shape = self.game.shape();
        // Still growing at the end: the claims had all failed, or the time was up.
        let still = if self.c.all_failed() && !self.c.claims.is_empty() {
            "every claim had failed".to_string()
        } else {
            "the end of the time".to_string()
        };
        DeepReport {
            ruleset: self.game.checked.name.clone(),
            params: params_shown(self.game),
            heaps: self.plan.start.heaps,
            heaps_reached: self.steps.most_heaps(),
            sizes_stop: self.steps.sizes_stop.clone().unwrap_or(still.clone()),
            heaps_stop: self.steps.heaps_stop.clone().unwrap_or(still),
            fixed_count: shape.count.is_some(),
            claims: self.c.claims,
            reach: self.reach,
            steps: self.done,
            seed: self.plan.seed,
            sample_max: self.plan.sample_max,
            ended,
            visited: self.visited,
            first_done: self.steps.max.is_some() || self.steps.total.is_some(),
            seen: self.c.seen,
            range: None,
        }
    }
}
