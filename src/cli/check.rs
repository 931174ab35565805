//! `heapgame check`: every claim of each file against the solver, over the file's `check`
//! bounds (one run per `check` line, each with its parameter values) or the bounds given.

use std::path::{Path, PathBuf};

use crate::query::check::{check, Answer, CheckAsk, CheckFront, FamiliesChecked};
use crate::query::check_box::Boxes;
use crate::query::check_ranges::RangeDone;
use crate::query::check_runs::{runs_in, Run, RunsAsk};
use crate::query::hooks::{FileRun, Job, RunHooks};
use crate::report::check::{deep_json, deep_text, json_report, text_report};
use crate::report::check_parts::{code, coverage_text};
use crate::report::check_summary::{range_json, range_text, summary_json};
use crate::solver::Budget;
use crate::verify::check::params_shown;
use crate::verify::coverage::{Coverage, FindingKind};
use crate::verify::region::fresh_seed;
use crate::Game;
use miette::Report;

use super::common::{print_out, Format, GameArgs, RegionArgs, SolveRun};

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

/// The runs of one file: a loaded game and its bounds each.
fn runs(a: &Args, file: &std::path::Path) -> Result<Vec<Run>, Report> {
    let name = file.display().to_string();
    let text = super::common::read_file(file)?;
    // `--time` deepens from the small bounds: the regions grow while time is left.
    let deepen = a.ask(0).deepens();
    let ask = RunsAsk {
        params: &a.params,
        max: a.max,
        heaps: a.heaps,
        boxes: if a.quick || deepen {
            Boxes::Quick
        } else {
            Boxes::Full
        },
    };
    let mut runs = runs_in(&name, &text, &ask)?;
    if let Some(p) = a.play {
        for (g, _, _) in &mut runs {
            g.set_play(p);
        }
    }
    Ok(runs)
}

impl Args {
    /// The check asked, the samples drawn with `seed`.
    fn ask(&self, seed: u64) -> CheckAsk {
        CheckAsk {
            region: self.region.ask(seed),
            time: self.time,
            own_params: self.params.is_empty(),
            strict: self.strict,
            within_box: false,
        }
    }
}

/// Runs `heapgame check`: the runs of every file, checked by one call to the query floor
/// ([`crate::query::check::check`]), each answer printed as it comes (with `--format json`,
/// gathered and printed at the end); the exit code is the worst verdict (2 when a file could
/// not be read).
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
    let ask = a.ask(a.region.seed.unwrap_or_else(fresh_seed));
    let mut front = Front {
        a: &a,
        json: Vec::new(),
    };
    let verdict = check(&ask, &all, &mut front)?;
    if a.format == Format::Json {
        print_out(&format!("{}\n", serde_json::Value::Array(front.json)))?;
    }
    Ok(worst.max(verdict as u8))
}

/// The command line's side of a check: each part under `solve`'s limits, Ctrl-C and progress
/// bar; each answer printed (text) or gathered (JSON).
struct Front<'a> {
    a: &'a Args,
    json: Vec<serde_json::Value>,
}

impl RunHooks for SolveRun {
    fn budget(&self) -> Budget {
        self.budget.clone()
    }

    fn box_positions(&self) -> Option<usize> {
        self.box_positions
    }

    fn or_memory_stop(&self, game: &Game, e: Report, context: &str) -> Report {
        SolveRun::or_memory_stop(self, game, e, context)
    }
}

impl CheckFront for Front<'_> {
    type Run = SolveRun;

    fn clock(&self) -> crate::solver::Clock {
        crate::solver::Clock::system()
    }

    fn start(&self, job: &Job<'_>) -> SolveRun {
        let a = self.a;
        let limits = GameArgs {
            file: job.file.to_path_buf(),
            params: a.params.clone(),
            max_positions: a.max_positions,
            max_memory: a.max_memory,
            force: false,
            play: a.play,
            time: job.time,
        };
        SolveRun::start(&limits, job.heaps, job.total, job.what.clone())
    }

    fn answer(&mut self, (file, game, _, _): &FileRun, answer: &Answer) -> Result<(), Report> {
        let (text, json) = match answer {
            Answer::Merged => merged(file, game),
            Answer::Checked(r) if self.a.format == Format::Text => {
                (text_report(file, game, r), serde_json::Value::Null)
            }
            Answer::Checked(r) => (String::new(), json_report(file, r)),
            Answer::Deepened(r) if self.a.format == Format::Text => {
                (deep_text(file, r), serde_json::Value::Null)
            }
            Answer::Deepened(r) => (String::new(), deep_json(file, r)),
        };
        match self.a.format {
            Format::Text => print_out(&text)?,
            Format::Json => {
                let mut v = json;
                if !matches!(answer, Answer::Merged) {
                    v["play"] = game.play().name().into();
                }
                self.json.push(v);
            }
        }
        Ok(())
    }

    fn failed(&mut self, _: &FileRun, e: Report) -> Result<(), Report> {
        eprintln!("{e:?}");
        Ok(())
    }

    fn families(&mut self, file: &Path, families: &FamiliesChecked) -> Result<(), Report> {
        super::check_family::show(families, file, self.a.format, &mut self.json)
    }

    fn coverage(&mut self, file: &Path, cov: &Coverage) {
        coverage(file, cov, self.a, &mut self.json);
    }

    fn range_done(&mut self, file: &Path, done: &RangeDone) -> Result<(), Report> {
        match self.a.format {
            Format::Text => print_out(&range_text(file, done)),
            Format::Json => {
                let name = file.display().to_string();
                if let Some(last) =
                    (self.json.iter_mut().rev()).find(|j| j["file"] == name.as_str())
                {
                    last["parameter_range"] = range_json(done);
                }
                Ok(())
            }
        }
    }
}

/// A run deepened with an earlier run of its file (the same parameter values): a line of
/// text, and its JSON entry.
fn merged(file: &Path, game: &Game) -> (String, serde_json::Value) {
    let params: Vec<String> = params_shown(game)
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect();
    let with = if params.is_empty() {
        String::new()
    } else {
        format!(" with {}", params.join(", "))
    };
    let text = format!(
        "{}: {}{with}: deepened with the run above of the same parameter values (one \
         deepening from the bounds of their `check` lines together)\n",
        file.display(),
        game.checked.name
    );
    let json = serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": game.checked.name,
        "deepened_with_previous": true,
    });
    (text, json)
}

/// What the runs of `file` left unexercised: printed (text) or added to the file's last
/// report (JSON); a vacuous claim, or an unexercised case under `--strict`, fails (the query
/// floor decides the verdict alike).
fn coverage(file: &Path, cov: &Coverage, a: &Args, json: &mut [serde_json::Value]) {
    let findings = cov.findings();
    let summary = cov.summary();
    match a.format {
        // A closed stdout is no error here (`print_out`); a failed write shows in the runs'.
        Format::Text => {
            let text = coverage_text(file, cov, a.strict);
            if !text.is_empty() {
                let _ = print_out(&text);
            }
        }
        Format::Json => {
            let file_text = file.display().to_string();
            if let Some(last) = json
                .iter_mut()
                .rev()
                .find(|j| j["file"].as_str() == Some(file_text.as_str()))
            {
                last["findings"] = findings
                    .iter()
                    .map(|f| {
                        serde_json::json!({
                            "line": f.line,
                            "kind": match f.kind {
                                FindingKind::Vacuous => "vacuous",
                                FindingKind::Case => "case",
                                FindingKind::Empty => "empty",
                                FindingKind::Branch => "branch",
                            },
                            "code": code(f.kind),
                            "fails": f.kind == FindingKind::Vacuous || a.strict,
                            "message": f.message,
                        })
                    })
                    .collect();
                if summary.runs > 0 {
                    last["summary"] = summary_json(&summary);
                }
            }
        }
    }
}
