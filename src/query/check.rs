//! A check of claims answered in one call ([`check`]), as `heapgame check` asks it: the runs
//! of the files given (each a loaded game, its bounds, the positions of a `check over` line),
//! each over its region (the box, a total, samples) or its listed positions, each file's
//! family claims after the first run of its parameter values, and each file's coverage; with
//! `--time` alone, the runs over listed positions and the family claims first, each in an
//! equal part of the time, then every other run deepened together in what they leave
//! (`check_deepen.rs`); with a region, `--time` shared equally among what is left to run.
//! Each answer goes to the front end as it comes ([`CheckFront`]), which renders it; the
//! verdict (holds, fails, unfinished) and the coverage are decided here.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ruleset::{Code, Diag, LoadError};
use crate::solver::Clock;
use crate::verify::check::{check_positions, check_region, CheckReport};
use crate::verify::coverage::{Coverage, FindingKind};
use crate::verify::deepen::DeepReport;
use crate::verify::family::{check_families, FamilyReport};
use crate::verify::region::Region;
use crate::verify::CheckError;
use miette::Report;

use super::check_ranges::{place, ranged_of, RangeDone, RangeLine};
use super::hooks::{FileRun, Job, RegionAsk, RunHooks};

/// What a check is asked: its region, its time, whether the parameters are the files' own
/// (for the coverage), whether an unexercised case fails.
#[derive(Clone, Copy, Debug)]
pub struct CheckAsk {
    /// The region instead of each run's box.
    pub region: RegionAsk,
    /// The time the whole check may take.
    pub time: Option<Duration>,
    /// No parameter was set from outside the files.
    pub own_params: bool,
    /// A case or branch no run exercised fails the check, not only warns.
    pub strict: bool,
    /// The time bounds each run over its box (as it does a region), never deepens: the
    /// playground's and Python's check.
    pub within_box: bool,
}

impl CheckAsk {
    /// `--time` without a region (nor `within_box`): the runs deepen (from each `check`
    /// line's quick bounds).
    pub fn deepens(&self) -> bool {
        self.time.is_some()
            && !self.within_box
            && self.region.total.is_none()
            && self.region.samples.is_none()
    }
}

/// What a check's answers go to: the front end, which starts each part under its hooks and
/// renders each answer as it comes. An error returned stops the check.
pub trait CheckFront {
    /// A running part.
    type Run: RunHooks;
    /// The front end's clock, read only under a time limit (the command line's and Python's
    /// [`Clock::system`]; the page's own, as `Instant` panics on wasm32). A part's deadline
    /// ([`Job::time`]) is to be set on it.
    fn clock(&self) -> Clock;
    /// Starts a part.
    fn start(&self, job: &Job<'_>) -> Self::Run;
    /// Run `n`'s answer.
    fn answer(&mut self, run: &FileRun, answer: &Answer) -> Result<(), Report>;
    /// A failure that stopped `run` or its file's family claims: the check goes on, unless
    /// the front end returns an error (which stops it).
    fn failed(&mut self, run: &FileRun, e: Report) -> Result<(), Report>;
    /// The family claims of run `n`'s file and parameter values, checked.
    fn families(&mut self, file: &Path, families: &FamiliesChecked) -> Result<(), Report>;
    /// What the runs of `file` left unexercised.
    fn coverage(&mut self, file: &Path, coverage: &Coverage);
    /// After the last run of a `check with NAME in R` line of `file`: what its values reached.
    fn range_done(&mut self, file: &Path, done: &RangeDone) -> Result<(), Report>;
}

/// One run's answer.
pub enum Answer {
    /// Over its region or its listed positions.
    Checked(CheckReport),
    /// Deepened under `--time`.
    Deepened(DeepReport),
    /// Deepened with an earlier run of its file and parameter values.
    Merged,
}

/// The family claims of one file and parameter values, checked: their reports and why they
/// stopped early (if they did).
pub type FamiliesChecked = (Vec<FamilyReport>, Option<String>);

/// The family claims, or the error that kept them from being checked.
type Families = Result<FamiliesChecked, Report>;

/// How a check ended: every claim held, one failed (or a claim was vacuous, or a case
/// unexercised under `strict`), or a run was unfinished or failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Everything held.
    Holds = 0,
    /// A claim failed.
    Fails = 1,
    /// A run could not finish or failed.
    Unfinished = 2,
}

/// Whether a report is a Ctrl-C stop, which ends a whole command rather than one run: a
/// problem of kind [`Code::Cancelled`], or a `CheckError` that says so. Decided from the
/// error's type and variant, never its text.
pub fn is_cancelled(r: &Report) -> bool {
    let cancelled = |d: &Diag| d.code == Code::Cancelled;
    if let Some(e) = r.downcast_ref::<LoadError>() {
        e.diags.iter().any(cancelled)
    } else if let Some(d) = r.downcast_ref::<Diag>() {
        cancelled(d)
    } else if let Some(e) = r.downcast_ref::<CheckError>() {
        e.is_cancelled()
    } else {
        false
    }
}

/// Checks `all` (in order, each answer given to `front` as it comes): the verdict, or the
/// error that stopped the check (Ctrl-C, or the front end's own).
pub fn check<F: CheckFront>(
    ask: &CheckAsk,
    all: &[FileRun],
    front: &mut F,
) -> Result<Verdict, Report> {
    let mut c = Checking::new(ask, all, front);
    let (mut early, mut early_families) = c.bounded_first()?;
    let mut deep = c.deepen_first().into_iter();
    for (n, (_, _, _, over)) in all.iter().enumerate() {
        c.file_done(n);
        let deepened = c.deepen && over.is_none();
        let reached = if deepened {
            let r = deep.next().expect("one deepening report a run (check)");
            c.deepened(n, r)?
        } else {
            let r = early[n]
                .take()
                .unwrap_or_else(|| c.compute_run(n, c.parts(n)));
            c.show_run(n, r)?
        };
        let own = ask.own_params;
        if let Some(done) = c.range.record((all, n, own), reached, deepened) {
            c.front.range_done(&all[n].0, &done)?;
        }
        if c.families[n] {
            let r = (early_families[n].take()).unwrap_or_else(|| c.compute_families(n, 1));
            c.show_families(n, r)?;
        }
    }
    Ok(c.finish())
}

/// What a run over a region or a list of positions found, or its error.
type Found = Result<CheckReport, Report>;

/// One check across its runs: the verdict so far, the coverage of the file being checked,
/// and the shares of the time.
struct Checking<'a, F> {
    ask: &'a CheckAsk,
    all: &'a [FileRun],
    front: &'a mut F,
    /// `--time` without a region: the runs deepen.
    deepen: bool,
    /// The front end's clock, and when the check started on it, under a time limit.
    t0: Option<(Clock, Duration)>,
    /// Whether each run checks its file's family claims.
    families: Vec<bool>,
    worst: Verdict,
    cov: Coverage,
    /// The values of the `check with NAME in R` line being reported.
    range: RangeLine,
}

impl<'a, F: CheckFront> Checking<'a, F> {
    fn new(ask: &'a CheckAsk, all: &'a [FileRun], front: &'a mut F) -> Self {
        let t0 = ask.time.map(|_| {
            let clock = front.clock();
            let now = clock.now();
            (clock, now)
        });
        Checking {
            ask,
            all,
            front,
            deepen: ask.deepens(),
            t0,
            families: family_runs(all),
            worst: Verdict::Holds,
            cov: Coverage::new(ask.own_params),
            range: RangeLine::default(),
        }
    }

    /// The parts the time is still to be shared into from run `n` on: the time bounds the
    /// whole check, the deepened runs together, each other run and each file's family claims
    /// have equal parts of it (the deepening first).
    fn parts(&self, n: usize) -> usize {
        let runs = (self.all[n..].iter())
            .filter(|r| !self.deepen || r.3.is_some())
            .count();
        runs + self.families[n..].iter().filter(|f| **f).count()
    }

    /// With `--time` alone, first: the runs over a list of positions and the family claims,
    /// which are bounded, each in its part of the time (the deepening counting as one part a
    /// run); the deepening then has what they leave. Ctrl-C stops the check.
    #[allow(clippy::type_complexity)]
    fn bounded_first(&mut self) -> Result<(Vec<Option<Found>>, Vec<Option<Families>>), Report> {
        let n = self.all.len();
        let (mut runs, mut fams): (Vec<Option<Found>>, Vec<_>) = (
            (0..n).map(|_| None).collect(),
            (0..n).map(|_| None).collect(),
        );
        if !self.deepen {
            return Ok((runs, fams));
        }
        let deepened = self.all.iter().filter(|r| r.3.is_none()).count();
        for k in 0..n {
            if self.all[k].3.is_some() {
                runs[k] = Some(cancel_stops(self.compute_run(k, self.parts(k) + deepened))?);
            }
            if self.families[k] {
                fams[k] = Some(cancel_stops(self.compute_families(k, 1 + deepened))?);
            }
        }
        Ok((runs, fams))
    }

    /// With `--time` alone: every deepened run's report (or error), in order, in the time the
    /// bounded runs left ([`Checking::bounded_first`]).
    fn deepen_first(&self) -> Vec<Option<Result<DeepReport, Report>>> {
        if !self.deepen {
            return Vec::new();
        }
        let Some((clock, t0)) = &self.t0 else {
            return Vec::new();
        };
        let spent = clock.now().saturating_sub(*t0);
        let time = (self.ask.time.unwrap_or_default()).saturating_sub(spent);
        let first = (self.all.first()).map_or_else(PathBuf::new, |r| r.0.clone());
        let start = |heaps| {
            self.front.start(&Job {
                file: &first,
                heaps,
                total: None,
                what: "checking".to_string(),
                time: None,
            })
        };
        let r = &self.ask.region;
        let at = (r.sample_max, r.seed, clock);
        super::check_deepen::deepen_all(start, at, self.all, time)
    }

    /// Run `n`'s time: `parts` of the time left.
    fn time(&self, parts: usize) -> Option<Duration> {
        match (self.ask.time, &self.t0) {
            (Some(t), Some((c, t0))) => Some(share(t, c.now().saturating_sub(*t0), parts)),
            _ => None,
        }
    }

    /// Before run `n`: the coverage of the file before, if run `n` starts another.
    fn file_done(&mut self, n: usize) {
        if n > 0 && self.all[n - 1].0 != self.all[n].0 {
            let done = std::mem::replace(&mut self.cov, Coverage::new(self.ask.own_params));
            self.coverage(&self.all[n - 1].0, &done);
        }
    }

    /// What the runs of `file` left unexercised, given to the front end: a vacuous claim, or
    /// an unexercised case under `strict`, fails the check.
    fn coverage(&mut self, file: &Path, cov: &Coverage) {
        let findings = cov.findings();
        let fails = |k: FindingKind| k == FindingKind::Vacuous || self.ask.strict;
        if findings.iter().any(|f| fails(f.kind)) {
            self.worst = self.worst.max(Verdict::Fails);
        }
        self.front.coverage(file, cov);
    }

    /// Run `n` deepened: its report, or its error; whether it compared a first region in
    /// full (or was deepened with an earlier run).
    fn deepened(
        &mut self,
        n: usize,
        r: Option<Result<DeepReport, Report>>,
    ) -> Result<bool, Report> {
        let run = &self.all[n];
        let mut r = match r {
            Some(Ok(r)) => r,
            Some(Err(e)) => return self.failed(n, e).map(|()| false),
            None => return self.front.answer(run, &Answer::Merged).map(|()| true),
        };
        r.range = ranged_of(self.all, n, self.ask.own_params).map(|l| place(run, &l));
        let reached = r.first_done;
        if !r.holds() {
            self.worst = self.worst.max(Verdict::Fails);
        }
        if !r.first_done && !r.claims.is_empty() {
            // The time or the position limit came before the first region was compared in
            // full: the run says only how far its claims held (not that they are vacuous).
            self.worst = self.worst.max(Verdict::Unfinished);
        } else {
            self.cov.add(&run.1, &r.claims, &r.seen);
        }
        self.front.answer(run, &Answer::Deepened(r))?;
        Ok(reached)
    }

    /// Run `n` over its region (the box, a total, samples) or the positions its `check over`
    /// line lists, in `parts` of the time left: its report, or its error.
    fn compute_run(&self, n: usize, parts: usize) -> Found {
        let (file, game, bounds, over) = &self.all[n];
        let ask = &self.ask.region;
        let region = ask.region(bounds.heaps).unwrap_or(Region::Box(*bounds));
        let total = match (over, &region) {
            (Some(o), _) => Some(o.len() as u64),
            (None, Region::Box(b)) => {
                crate::solver::positions::box_size(game.shape(), b.max, b.heaps)
                    .and_then(|n| u64::try_from(n).ok())
            }
            (None, _) => None,
        };
        let what = format!("checking {}", file.display());
        let job = Job {
            file,
            heaps: ask.most_heaps(game.shape(), bounds.heaps),
            total,
            what: what.clone(),
            time: self.time(parts),
        };
        let run = self.front.start(&job);
        let result = match over {
            Some(ps) => {
                let what = format!("{} positions named by `check over`", ps.len());
                check_positions(game, ps, *bounds, what, run.budget())
            }
            None => check_region(game, &region, run.budget()),
        };
        let result =
            result.map_err(|e| run.or_memory_stop(game, e.into(), &format!("while {what}")));
        drop(run);
        result
    }

    /// The family claims of run `n`'s file, in `parts + 1` parts of the time left (the parts
    /// of the runs after it, and `extra` more).
    fn compute_families(&self, n: usize, extra: usize) -> Families {
        let (file, game, _, _) = &self.all[n];
        let job = Job {
            file,
            heaps: game.shape().count.unwrap_or(1),
            total: None,
            what: format!("checking the family claims of {}", file.display()),
            time: self.time(self.parts(n + 1) + extra),
        };
        let run = self.front.start(&job);
        let result = check_families(game, run.budget()).map_err(Report::new);
        drop(run);
        result
    }

    /// Run `n`'s report ([`Checking::compute_run`]) given to the front end, its coverage
    /// counted; whether it compared its whole region.
    fn show_run(&mut self, n: usize, result: Found) -> Result<bool, Report> {
        let run = &self.all[n];
        let r = match result {
            Ok(r) => r,
            Err(e) => return self.failed(n, e).map(|()| false),
        };
        let reached = r.stopped.is_none();
        if !r.holds() {
            self.worst = self.worst.max(Verdict::Fails);
        } else if r.stopped.is_some() {
            self.worst = self.worst.max(Verdict::Unfinished);
        }
        let none = r.stopped.is_some()
            && (r.claims.iter()).all(|c| c.checked + c.silent == 0 && c.failure.is_none());
        // A run stopped before its first position says nothing of its claims' coverage.
        if !none {
            self.cov.add(&run.1, &r.claims, &r.seen);
        }
        self.front.answer(run, &Answer::Checked(r))?;
        Ok(reached)
    }

    /// A run that failed: Ctrl-C stops the whole check; any other error goes to the front
    /// end and the next run goes on (unfinished).
    fn failed(&mut self, n: usize, e: Report) -> Result<(), Report> {
        if is_cancelled(&e) {
            return Err(e);
        }
        self.worst = Verdict::Unfinished;
        self.front.failed(&self.all[n], e)
    }

    /// After run `n` (the first of its file and parameter values): its file's family claims
    /// (failing when one fails, unfinished when the time ran out or one could not be
    /// evaluated).
    fn show_families(&mut self, n: usize, r: Families) -> Result<(), Report> {
        let checked = match r {
            Ok(r) => r,
            Err(e) if is_cancelled(&e) => return Err(e),
            Err(e) => {
                self.worst = self.worst.max(Verdict::Unfinished);
                return self.front.failed(&self.all[n], e);
            }
        };
        self.front.families(&self.all[n].0, &checked)?;
        let v = if checked.0.iter().any(|r| r.failure.is_some()) {
            Verdict::Fails
        } else if checked.1.is_some() {
            Verdict::Unfinished
        } else {
            Verdict::Holds
        };
        self.worst = self.worst.max(v);
        Ok(())
    }

    /// The last file's coverage: the verdict.
    fn finish(mut self) -> Verdict {
        if let Some((file, _, _, _)) = self.all.last() {
            let cov = std::mem::replace(&mut self.cov, Coverage::new(self.ask.own_params));
            self.coverage(file, &cov);
        }
        self.worst
    }
}

/// A result kept to be shown later, unless it is Ctrl-C, which stops the check now.
fn cancel_stops<T>(r: Result<T, Report>) -> Result<Result<T, Report>, Report> {
    match r {
        Err(e) if is_cancelled(&e) => Err(e),
        r => Ok(r),
    }
}

/// Which runs check their file's family claims: the first of each file and parameter values.
fn family_runs(all: &[FileRun]) -> Vec<bool> {
    let mut done: Vec<(PathBuf, Vec<(String, String)>)> = Vec::new();
    all.iter()
        .map(|(file, game, _, _)| {
            let key = (file.clone(), crate::verify::check::params_shown(game));
            let first = !game.checked.families.is_empty() && !done.contains(&key);
            if first {
                done.push(key);
            }
            first
        })
        .collect()
}

/// This run's share of the time left: what remains of `time`, `spent` of it gone, over `left`
/// runs.
fn share(time: Duration, spent: Duration, left: usize) -> Duration {
    let rest = time.saturating_sub(spent);
    (rest / u32::try_from(left.max(1)).unwrap_or(u32::MAX)).max(Duration::from_millis(1))
}
