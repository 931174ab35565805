//! `heapgame check`: every claim of each file against the solver, over the file's `check`
//! bounds (one run per `check` line, each with its parameter values) or the bounds given.

use std::path::PathBuf;

use crate::report::check::{deep_json, deep_text, json_report, text_report};
use crate::verify::check::{check_positions, check_region};
use crate::verify::coverage::Coverage;
use crate::verify::deepen::DeepReport;
use crate::verify::region::{fresh_seed, Region};
use crate::verify::runs::{runs_in, Run};
use miette::Report;

use super::common::{is_cancelled, print_out, Format, GameArgs, RegionArgs, SolveRun};

/// Arguments of `heapgame check`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame check rulesets/classic/wythoff.game
  heapgame check rulesets/*/*.game
  heapgame check rulesets/fraenkel-zusman/fraenkel-zusman.game -p k=4 --max 10

Each `check [with NAME = VALUE, ...] max N [heaps K]` line of a file is one run; a line `check with
NAME in R ...` is one run for each value of R. With -p, one run with those values (and the first
line's bounds, unless --max/--heaps say otherwise).
Exit 0 if every claim holds, 1 if one fails, 2 on bad input.")]
pub struct Args {
    /// The `.game` files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Set a parameter: NAME=VALUE, where VALUE is an expression.
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// The largest heap (instead of the file's bounds).
    #[arg(long, value_name = "N")]
    max: Option<u32>,
    /// The most heaps, for rulesets with any number of heaps.
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// Stop with an error after storing this many positions (default: from the available
    /// memory, as for `solve`).
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
    /// Stop with an error before the positions stored take more than SIZE of memory.
    #[arg(long, value_name = "SIZE", value_parser = super::common::parse_size)]
    max_memory: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    region: RegionArgs,
    /// Keep enlarging the region for this long (`30s`, `2m`): boxes and totals alternately,
    /// each about twice the positions of the last of its kind, and with `heaps any` boxes of
    /// more heaps (up to the most a claim's `when` covers), then samples; each claim stops at
    /// its first counterexample, or when its own evaluation has taken its share of the time.
    /// It starts from each `check` line's quick bounds (or the largest box within them of at
    /// most 16384 positions: the small positions first); the lines of one file with the same
    /// parameter values deepen as one, and the runs deepen together, the one with the least
    /// time spent per claim next. With --total or --samples: a time limit on that region
    /// instead. Either way it bounds the whole command: the runs over listed positions and the
    /// family claims first, each with a share, then the deepening with what they leave. The
    /// values of a `check with NAME in R` line are runs deepened together, each reporting its
    /// place, and the line says which values it reached and what stopped the parameters.
    #[arg(long, value_name = "DURATION", value_parser = super::common::parse_duration)]
    time: Option<std::time::Duration>,
    /// The play convention (`normal` or `misere`) instead of each file's `play` line.
    #[arg(long, value_name = "PLAY", value_parser = super::common::parse_play)]
    play: Option<crate::solver::Play>,
    /// Use the smaller bounds of each `check` line (`quick max N`) where it gives them.
    #[arg(long)]
    quick: bool,
    /// Fail (exit 1) when a case or a branch of a claim (a condition's value, a table's
    /// entry, a set's member, a quantifier's deciding member) decided no position in any run,
    /// not only warn.
    #[arg(long)]
    strict: bool,
}

use super::check_coverage::coverage;
use super::check_deepen::FileRun;
use super::check_ranges::{place, ranged_of, RangeLine};

/// The runs of one file: a loaded game and its bounds each.
fn runs(a: &Args, file: &std::path::Path) -> Result<Vec<Run>, Report> {
    let name = file.display().to_string();
    let text = super::common::read_file(file)?;
    // `--time` deepens from the small bounds: the regions grow while time is left.
    let deepen = a.time.is_some() && a.region.total.is_none() && a.region.samples.is_none();
    let mut runs = runs_in(&name, &text, &a.params, (a.max, a.heaps), a.quick || deepen)?;
    if let Some(p) = a.play {
        for (g, _, _) in &mut runs {
            g.set_play(p);
        }
    }
    Ok(runs)
}

/// Runs `heapgame check`: the runs of every file (with `--time`, those deepened together
/// first), each run's report and its file's family claims, then each file's coverage.
pub fn run(a: Args) -> Result<u8, Report> {
    let mut worst = 0u8;
    let mut all: Vec<FileRun> = Vec::new();
    for file in &a.files {
        match runs(&a, file) {
            Ok(r) => all.extend(r.into_iter().map(|(g, b, o)| (file.clone(), g, b, o))),
            Err(e) => {
                eprintln!("{e:?}");
                worst = 2;
            }
        }
    }
    let mut c = Checking::new(&a, &all, worst);
    let (mut early, mut early_families) = c.bounded_first()?;
    let mut deep = c.deepen_first().into_iter();
    for (n, (_, _, _, over)) in all.iter().enumerate() {
        c.file_done(n);
        let reached = if c.deepen && over.is_none() {
            let r = deep.next().expect("one deepening report a run (run)");
            c.deepened(n, r)?
        } else {
            let r = early[n]
                .take()
                .unwrap_or_else(|| c.compute_run(n, c.parts(n)));
            c.show_run(n, r)?
        };
        let how = (c.deepen && over.is_none(), a.format);
        let own = a.params.is_empty();
        c.range.record((&all, n, own), reached, how, &mut c.json)?;
        if c.families[n] {
            let limits = c.limits(n, c.parts(n + 1) + 1);
            let r = (early_families[n].take())
                .unwrap_or_else(|| super::check_family::compute(&limits, &all[n].0, &all[n].1));
            c.show_families(n, r)?;
        }
    }
    c.finish()
}

/// What a run over a region or a list of positions found, or its error.
type Found = Result<crate::verify::check::CheckReport, Report>;

/// One `heapgame check` across its runs: the exit code so far, the JSON reports, the
/// coverage of the file being checked, and the shares of `--time`.
struct Checking<'a> {
    a: &'a Args,
    all: &'a [FileRun],
    /// `--time` without a region: the runs deepen.
    deepen: bool,
    seed: u64,
    t0: std::time::Instant,
    /// Whether each run checks its file's family claims.
    families: Vec<bool>,
    worst: u8,
    json: Vec<serde_json::Value>,
    cov: Coverage,
    /// The values of the `check with NAME in R` line being reported.
    range: RangeLine,
}

impl<'a> Checking<'a> {
    fn new(a: &'a Args, all: &'a [FileRun], worst: u8) -> Checking<'a> {
        Checking {
            a,
            all,
            deepen: a.time.is_some() && a.region.total.is_none() && a.region.samples.is_none(),
            seed: a.region.seed.unwrap_or_else(fresh_seed),
            t0: std::time::Instant::now(),
            families: family_runs(all),
            worst,
            json: Vec::new(),
            cov: Coverage::new(a.params.is_empty()),
            range: RangeLine::default(),
        }
    }

    /// The parts `--time` is still to be shared into from run `n` on: `--time` bounds the
    /// whole command, the deepened runs together, each other run and each file's family
    /// claims have equal parts of it (the deepening first).
    fn parts(&self, n: usize) -> usize {
        let runs = (self.all[n..].iter())
            .filter(|r| !self.deepen || r.3.is_some())
            .count();
        runs + self.families[n..].iter().filter(|f| **f).count()
    }

    /// With `--time` alone, first: the runs over a list of positions and the family claims,
    /// which are bounded, each in its part of the time (the deepening counting as one part a
    /// run); the deepening then has what they leave. Ctrl-C stops the command.
    #[allow(clippy::type_complexity)]
    fn bounded_first(
        &self,
    ) -> Result<
        (
            Vec<Option<Found>>,
            Vec<Option<super::check_family::Families>>,
        ),
        Report,
    > {
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
                let limits = self.limits(k, self.parts(k + 1) + 1 + deepened);
                let r = super::check_family::compute(&limits, &self.all[k].0, &self.all[k].1);
                fams[k] = Some(cancel_stops(r)?);
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
        let time = self
            .a
            .time
            .unwrap_or_default()
            .saturating_sub(self.t0.elapsed());
        let a = self.a;
        let limits = GameArgs {
            file: (self.all.first()).map_or_else(PathBuf::new, |r| r.0.clone()),
            params: a.params.clone(),
            max_positions: a.max_positions,
            max_memory: a.max_memory,
            force: false,
            time: None,
            play: a.play,
        };
        let sample_max = a.region.sample_max;
        super::check_deepen::deepen_all(&limits, sample_max, self.all, self.seed, time)
    }

    /// The limits, Ctrl-C and the progress bar of `solve` for run `n`, in `parts` of the
    /// time left.
    fn limits(&self, n: usize, parts: usize) -> GameArgs {
        let a = self.a;
        GameArgs {
            file: self.all[n].0.clone(),
            params: a.params.clone(),
            max_positions: a.max_positions,
            max_memory: a.max_memory,
            force: false,
            play: a.play,
            time: a.time.map(|t| share(t, self.t0, parts)),
        }
    }

    /// Before run `n`: the coverage of the file before, if run `n` starts another.
    fn file_done(&mut self, n: usize) {
        if n > 0 && self.all[n - 1].0 != self.all[n].0 {
            let done = std::mem::replace(&mut self.cov, Coverage::new(self.a.params.is_empty()));
            let code = coverage(
                &self.all[n - 1].0,
                &done,
                (self.a.strict, self.a.format),
                &mut self.json,
            );
            self.worst = self.worst.max(code);
        }
    }

    /// Run `n` deepened: its report, or its error; whether it compared a first region in
    /// full (or was deepened with an earlier run).
    fn deepened(
        &mut self,
        n: usize,
        r: Option<Result<DeepReport, Report>>,
    ) -> Result<bool, Report> {
        let (file, game, _, _) = &self.all[n];
        let mut r = match r {
            Some(Ok(r)) => r,
            Some(Err(e)) => return self.failed(e).map(|()| false),
            None => {
                let (text, json) = super::check_deepen::merged(file, game);
                match self.a.format {
                    Format::Text => print_out(&text)?,
                    Format::Json => self.json.push(json),
                }
                return Ok(true);
            }
        };
        let own = self.a.params.is_empty();
        r.range = ranged_of(self.all, n, own).map(|l| place(&self.all[n], &l));
        if !r.holds() {
            self.worst = self.worst.max(1);
        }
        if !r.first_done && !r.claims.is_empty() {
            // The time or the position limit came before the first region was compared in
            // full: the run says only how far its claims held (not that they are vacuous).
            self.worst = self.worst.max(2);
        } else {
            self.cov.add(game, &r.claims, &r.seen);
        }
        match self.a.format {
            Format::Text => print_out(&deep_text(file, &r))?,
            Format::Json => {
                let mut v = deep_json(file, &r);
                v["play"] = game.play().name().into();
                self.json.push(v);
            }
        }
        Ok(r.first_done)
    }

    /// Run `n` over its region (the box, a total, samples) or the positions its `check over`
    /// line lists, in `parts` of the time left: its report, or its error.
    fn compute_run(&self, n: usize, parts: usize) -> Found {
        let (file, game, bounds, over) = &self.all[n];
        let a = self.a;
        let region = (a.region.region(self.seed, bounds.heaps)).unwrap_or(Region::Box(*bounds));
        let total = match (over, &region) {
            (Some(o), _) => Some(o.len() as u64),
            (None, Region::Box(b)) => {
                crate::solver::positions::box_size(game.shape(), b.max, b.heaps)
                    .and_then(|n| u64::try_from(n).ok())
            }
            (None, _) => None,
        };
        let what = format!("checking {}", file.display());
        let heaps = a.region.most_heaps(game.shape(), bounds.heaps);
        let run = SolveRun::start(&self.limits(n, parts), heaps, total, what.clone());
        let result = match over {
            Some(ps) => {
                let what = format!("{} positions named by `check over`", ps.len());
                check_positions(game, ps, *bounds, what, run.budget.clone())
            }
            None => check_region(game, &region, run.budget.clone()),
        };
        let result =
            result.map_err(|e| run.or_memory_stop(game, e.into(), &format!("while {what}")));
        drop(run);
        result
    }

    /// Run `n`'s report ([`Checking::compute_run`]) shown, its coverage counted; whether it
    /// compared its whole region.
    fn show_run(&mut self, n: usize, result: Found) -> Result<bool, Report> {
        let (file, game, _, _) = &self.all[n];
        let a = self.a;
        let r = match result {
            Ok(r) => r,
            Err(e) => return self.failed(e).map(|()| false),
        };
        if !r.holds() {
            self.worst = self.worst.max(1);
        } else if r.stopped.is_some() {
            self.worst = self.worst.max(2);
        }
        let none = r.stopped.is_some()
            && (r.claims.iter()).all(|c| c.checked + c.silent == 0 && c.failure.is_none());
        // A run stopped before its first position says nothing of its claims' coverage.
        if !none {
            self.cov.add(game, &r.claims, &r.seen);
        }
        match a.format {
            Format::Text => print_out(&text_report(file, game, &r))?,
            Format::Json => {
                let mut v = json_report(file, &r);
                v["play"] = game.play().name().into();
                self.json.push(v);
            }
        }
        Ok(r.stopped.is_none())
    }

    /// A run that failed: Ctrl-C stops the whole command; any other error is shown and the
    /// next run goes on (exit code 2).
    fn failed(&mut self, e: Report) -> Result<(), Report> {
        if is_cancelled(&e) {
            return Err(e);
        }
        eprintln!("{e:?}");
        self.worst = 2;
        Ok(())
    }

    /// After run `n` (the first of its file and parameter values): its file's family claims.
    fn show_families(&mut self, n: usize, r: super::check_family::Families) -> Result<(), Report> {
        let file = &self.all[n].0;
        let code = super::check_family::show(r, file, self.a.format, &mut self.json)?;
        self.worst = self.worst.max(code);
        Ok(())
    }

    /// The last file's coverage, the JSON reports printed: the exit code.
    fn finish(mut self) -> Result<u8, Report> {
        if let Some((file, _, _, _)) = self.all.last() {
            let code = coverage(
                file,
                &self.cov,
                (self.a.strict, self.a.format),
                &mut self.json,
            );
            self.worst = self.worst.max(code);
        }
        if self.a.format == Format::Json {
            print_out(&format!("{}\n", serde_json::Value::Array(self.json)))?;
        }
        Ok(self.worst)
    }
}

/// A result kept to be shown later, unless it is Ctrl-C, which stops the command now.
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

/// This run's share of the time left: what remains of `time` since `t0`, over `left` runs.
fn share(time: std::time::Duration, t0: std::time::Instant, left: usize) -> std::time::Duration {
    let rest = time.saturating_sub(t0.elapsed());
    (rest / u32::try_from(left.max(1)).unwrap_or(u32::MAX)).max(std::time::Duration::from_millis(1))
}
