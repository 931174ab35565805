//! `heapgame check`: every claim of each file against the solver, over the file's `check`
//! bounds (one run per `check` line, each with its parameter values) or the bounds given.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::ruleset::ParamOverride;
use crate::verify::check::{check_positions, check_region, CheckReport};
use crate::verify::coverage::{Coverage, FindingKind};
use crate::verify::deepen::{check_deepening_all, DeepReport, Plan};
use crate::verify::region::{fresh_seed, Region};
use crate::verify::{Bounds, MissingBound};
use crate::Game;
use miette::Report;

use super::common::{json_position, print_out, Format, GameArgs, RegionArgs, SolveRun};

/// Arguments of `heapgame check`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame check rulesets/classic/wythoff.game
  heapgame check rulesets/*/*.game
  heapgame check rulesets/fraenkel-zusman/fraenkel-zusman.game -p k=4 --max 10

Each `check [with NAME = VALUE, ...] max N [heaps K]` line of a file is one run. With -p, one run
with those values (and the first line's bounds, unless --max/--heaps say otherwise).
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
    /// each about twice the positions of the last, then samples; each claim stops at its first
    /// counterexample. It starts from each `check` line's quick bounds, and the runs deepen
    /// together, the one with the fewest positions compared next. With --total or --samples: a
    /// time limit on that region instead.
    #[arg(long, value_name = "DURATION", value_parser = super::common::parse_duration)]
    time: Option<std::time::Duration>,
    /// The play convention (`normal` or `misere`) instead of each file's `play` line.
    #[arg(long, value_name = "PLAY", value_parser = super::common::parse_play)]
    play: Option<crate::solver::Play>,
    /// Use the smaller bounds of each `check` line (`quick max N`) where it gives them.
    #[arg(long)]
    quick: bool,
    /// Fail (exit 1) when a case of a claim decided no position, not only warn.
    #[arg(long)]
    strict: bool,
}

/// One run: a loaded game, its bounds, and the positions of a `check over` line.
type Run = (Game, Bounds, Option<Vec<Vec<u32>>>);

/// A run of one of the files given.
type FileRun = (PathBuf, Game, Bounds, Option<Vec<Vec<u32>>>);

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

/// The runs of a ruleset's text (`name` names it in messages): with `params`, one run with
/// them; otherwise one run per `check` line of the file, each with its own parameter values.
/// `max`/`heaps` replace the file's bounds. (Shared with the REPL's `:check`, which leaves out
/// the runs `over` a list of positions.)
pub(crate) fn runs_of(
    name: &str,
    text: &str,
    params: &[String],
    max: Option<u32>,
    heaps: Option<usize>,
) -> Result<Vec<(Game, Bounds)>, Report> {
    let runs = runs_in(name, text, params, (max, heaps), false)?;
    Ok(runs
        .into_iter()
        .filter(|r| r.2.is_none())
        .map(|(g, b, _)| (g, b))
        .collect())
}

/// The positions of the `check over` line `line` of `game`, canonical, without repeats, in
/// the fixed order; `None` for a box line.
fn over_positions(game: &Game, line: usize) -> Result<Option<Vec<Vec<u32>>>, Report> {
    let Some(over) = game
        .checked
        .check_runs
        .get(line)
        .and_then(|l| l.over.as_ref())
    else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(over.len());
    for p in over {
        // Heaps were checked non-negative and within u32 at load.
        let wide: Vec<u64> = p.iter().map(|&h| h.unsigned_abs()).collect();
        let c = game.canonical(&wide).map_err(|e| {
            miette::miette!(
                code = "heapgame::position",
                help = "`check over` must name positions of the game",
                "`check over` names {p:?}, which is not a position: {e}"
            )
        })?;
        if game.allows(&c) {
            out.push(c);
        }
    }
    crate::verify::region::sort_in_order(&mut out);
    out.dedup();
    Ok(Some(out))
}

/// [`runs_of`], with each `check` line's `quick` bounds when `quick`.
fn runs_in(
    name: &str,
    text: &str,
    params: &[String],
    (max, heaps): (Option<u32>, Option<usize>),
    quick: bool,
) -> Result<Vec<Run>, Report> {
    let cli: Vec<ParamOverride> = params
        .iter()
        .map(|t| ParamOverride { text: t.clone() })
        .collect();
    let base = Game::from_source_overrides(name, text, &cli).map_err(Report::new)?;
    let mut lines = base.checked.check_runs.clone();
    if quick {
        for l in &mut lines {
            if let Some((m, h)) = l.quick {
                l.max = m;
                l.heaps = h.or(l.heaps);
            }
        }
    }
    let bounds = |game: &Game, line: Option<&crate::ruleset::check::CheckRun>| {
        Bounds::resolve(game.shape(), max, heaps, line).map_err(|m| match m {
            MissingBound::Max => miette::miette!(
                code = "heapgame::check_bound",
                help = "add a line `check max N` to the ruleset, or give --max N",
                "`{}` declares no bounds for check",
                game.checked.name
            ),
            MissingBound::Heaps => miette::miette!(
                code = "heapgame::check_bound",
                help = "write `check max N heaps K` in the ruleset, or give --heaps K",
                "`{}` allows any number of heaps: say how many at most",
                game.checked.name
            ),
        })
    };
    if !params.is_empty() || lines.is_empty() {
        let b = bounds(&base, lines.first())?;
        let over = if max.is_none() && heaps.is_none() {
            over_positions(&base, 0)?
        } else {
            None
        };
        return Ok(vec![(base, b, over)]);
    }
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let game = if line.with.is_empty() {
            Game::from_source_overrides(name, text, &[]).map_err(Report::new)?
        } else {
            let os: Vec<ParamOverride> = line
                .with
                .iter()
                .map(|(n, v)| ParamOverride {
                    text: format!("{n}={v}"),
                })
                .collect();
            Game::from_source_overrides(name, text, &os).map_err(Report::new)?
        };
        let b = bounds(&game, Some(line))?;
        // `--max`/`--heaps` replace every run's positions by their box.
        let over = if max.is_none() && heaps.is_none() {
            over_positions(&game, i)?
        } else {
            None
        };
        out.push((game, b, over));
    }
    Ok(out)
}

/// Runs `heapgame check`.
pub fn run(a: Args) -> Result<u8, Report> {
    let mut worst = 0u8;
    let mut json = Vec::new();
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
    let deepen = a.time.is_some() && a.region.total.is_none() && a.region.samples.is_none();
    let seed = a.region.seed.unwrap_or_else(fresh_seed);
    let t0 = std::time::Instant::now();
    let count = all.len();
    let own = a.params.is_empty();
    let mut cov = Coverage::new(own);
    let mut deep = if deepen {
        deepen_all(&a, &all, seed).into_iter()
    } else {
        Vec::new().into_iter()
    };
    // The family claims are checked once per file and parameter values.
    let mut families_done: Vec<(PathBuf, Vec<(String, String)>)> = Vec::new();
    for (n, (file, game, bounds, over)) in all.iter().enumerate() {
        if n > 0 && all[n - 1].0 != *file {
            let done = std::mem::replace(&mut cov, Coverage::new(own));
            worst = worst.max(coverage(&all[n - 1].0, &done, &a, &mut json));
        }
        let key = (file.clone(), crate::verify::check::params_shown(game));
        let families = !game.checked.families.is_empty() && !families_done.contains(&key);
        if families {
            families_done.push(key);
        }
        // The limits, Ctrl-C and the progress bar of `solve`.
        let limits = GameArgs {
            file: file.clone(),
            params: a.params.clone(),
            max_positions: a.max_positions,
            max_memory: a.max_memory,
            force: false,
            play: a.play,
            time: if deepen {
                None
            } else {
                a.time.map(|t| share(t, t0, count - n))
            },
        };
        let region = (a.region.region(seed, bounds.heaps)).unwrap_or(Region::Box(*bounds));
        let total = match &region {
            Region::Box(b) => crate::solver::positions::box_size(game.shape(), b.max, b.heaps)
                .and_then(|n| u64::try_from(n).ok()),
            _ => None,
        };
        if deepen && over.is_none() {
            match deep.next().expect("one deepening report a run (run)") {
                Ok(r) => {
                    if !r.holds() {
                        worst = worst.max(1);
                    }
                    cov.add(game, &r.claims);
                    match a.format {
                        Format::Text => print_out(&deep_text(file, &r))?,
                        Format::Json => json.push(deep_json(file, &r)),
                    }
                }
                Err(e) if is_cancelled(&e) => return Err(e),
                Err(e) => {
                    eprintln!("{e:?}");
                    worst = 2;
                }
            }
            if families {
                let code = super::check_family::run(&limits, file, game, a.format, &mut json)?;
                worst = worst.max(code);
            }
            continue;
        }
        let what = format!("checking {}", file.display());
        let total = over.as_ref().map_or(total, |o| Some(o.len() as u64));
        let heaps = a.region.most_heaps(game.shape(), bounds.heaps);
        let run = SolveRun::start(&limits, heaps, total, what.clone());
        let result = match over {
            Some(ps) => {
                let what = format!("{} positions named by `check over`", ps.len());
                check_positions(game, ps, *bounds, what, run.budget.clone())
            }
            None => check_region(game, &region, run.budget.clone()),
        };
        let result = result.map_err(|e| run.or_memory_stop(game, e, &format!("while {what}")));
        drop(run);
        match result {
            Ok(r) => {
                if !r.holds() {
                    worst = worst.max(1);
                } else if r.stopped.is_some() {
                    worst = worst.max(2);
                }
                cov.add(game, &r.claims);
                match a.format {
                    Format::Text => print_out(&text_report(file, game, &r))?,
                    Format::Json => json.push(json_report(file, &r)),
                }
            }
            // Ctrl-C stops the whole command.
            Err(e) if is_cancelled(&e) => return Err(e),
            Err(e) => {
                eprintln!("{e:?}");
                worst = 2;
            }
        }
        if families {
            let code = super::check_family::run(&limits, file, game, a.format, &mut json)?;
            worst = worst.max(code);
        }
    }
    if let Some((file, _, _, _)) = all.last() {
        worst = worst.max(coverage(file, &cov, &a, &mut json));
    }
    if a.format == Format::Json {
        print_out(&format!("{}\n", serde_json::Value::Array(json)))?;
    }
    Ok(worst)
}

/// What the runs of `file` left unexercised: printed (text) or added to the file's last
/// report (JSON); the exit code it calls for (1 for a vacuous claim, or an unexercised case
/// under `--strict`; else 0).
fn coverage(
    file: &std::path::Path,
    cov: &Coverage,
    a: &Args,
    json: &mut [serde_json::Value],
) -> u8 {
    let findings = cov.findings();
    let mut code = 0;
    let mut out = String::new();
    for f in &findings {
        let fails = f.kind == FindingKind::Vacuous || a.strict;
        if fails {
            code = 1;
        }
        let tag = if fails { "FAIL" } else { "warn" };
        let _ = writeln!(out, "  {tag}  line {:>3}: {}", f.line, f.message);
    }
    if findings.iter().any(|f| f.kind == FindingKind::Vacuous) {
        let _ = writeln!(
            out,
            "        (a claim meant to speak of no position here says so: `claim ... allow empty`)"
        );
    }
    match a.format {
        Format::Text if !findings.is_empty() => {
            print!("{}: coverage over its runs\n{out}", file.display());
        }
        Format::Text => {}
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
                            },
                            "fails": f.kind == FindingKind::Vacuous || a.strict,
                            "message": f.message,
                        })
                    })
                    .collect();
            }
        }
    }
    code
}

/// `check --time`: every run deepened together within the time given (the run that has
/// compared the fewest positions goes next), one report (or error) per run, in order.
fn deepen_all(a: &Args, all: &[FileRun], seed: u64) -> Vec<Result<DeepReport, Report>> {
    let Some((file, _, _, _)) = all.first() else {
        return Vec::new();
    };
    let time = a.time.unwrap_or_default();
    let limits = GameArgs {
        file: file.clone(),
        params: a.params.clone(),
        max_positions: a.max_positions,
        max_memory: a.max_memory,
        force: false,
        time: None,
        play: a.play,
    };
    let heaps = all.iter().map(|(_, _, b, _)| b.heaps).max().unwrap_or(1);
    let run = SolveRun::start(&limits, heaps, None, "checking".to_string());
    // A run over a list of positions is not deepened: it is checked as it is.
    let runs: Vec<(&Game, Plan)> = all
        .iter()
        .filter(|r| r.3.is_none())
        .map(|(_, game, bounds, _)| {
            let plan = Plan {
                start: *bounds,
                sample_max: a.region.sample_max,
                seed,
                time,
            };
            (game, plan)
        })
        .collect();
    check_deepening_all(&runs, run.budget.clone(), time)
}

/// This run's share of the time left: what remains of `time` since `t0`, over `left` runs.
fn share(time: std::time::Duration, t0: std::time::Instant, left: usize) -> std::time::Duration {
    let rest = time.saturating_sub(t0.elapsed());
    (rest / u32::try_from(left.max(1)).unwrap_or(u32::MAX)).max(std::time::Duration::from_millis(1))
}

/// The text of a deepening run.
fn deep_text(file: &std::path::Path, r: &DeepReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}{} (deepening: {}; samples seed {}; {})",
        file.display(),
        r.ruleset,
        params_text(&r.params),
        if r.steps.is_empty() {
            "no step".to_string()
        } else {
            r.steps.join(", ")
        },
        r.seed,
        r.ended
    );
    if r.claims.is_empty() {
        let _ = writeln!(out, "  no claims");
    }
    for (i, c) in r.claims.iter().enumerate() {
        match &c.failure {
            None if !c.applies => {
                let _ = writeln!(
                    out,
                    "  n/a   line {:>3}: {}\n        not about these parameters (its `when` is false for them)",
                    c.line, c.text
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "  ok    line {:>3}: {}\n        holds over {}",
                    c.line,
                    c.text,
                    r.reach_text(i)
                );
                cases_line(&mut out, c);
            }
            Some(f) => fail_line(&mut out, c, f),
        }
        if let Some(p) = &c.held_at {
            let _ = writeln!(
                out,
                "  FAIL  line {:>3}: the file says the claim fails at {}, but it holds there",
                c.line,
                crate::game::show_position(p)
            );
        }
    }
    out
}

fn deep_json(file: &std::path::Path, r: &DeepReport) -> serde_json::Value {
    let claims: Vec<_> = r
        .claims
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut o = claim_json(c);
            o["reach"] = serde_json::json!({
                "max": r.reach[i].max,
                "total": r.reach[i].total,
                "samples": r.reach[i].samples,
                "text": r.reach_text(i),
            });
            o
        })
        .collect();
    serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "heaps": r.heaps,
        "steps": r.steps,
        "seed": r.seed,
        "sample_max": r.sample_max,
        "ended": r.ended,
        "holds": r.holds(),
        "claims": claims,
    })
}

fn params_text(params: &[(String, String)]) -> String {
    if params.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!(" with {}", ps.join(", "))
    }
}

/// What a failure says, after the position.
/// The two lines of a claim that fails: where, and what differs.
/// (`known` instead of `FAIL` when the file says the claim fails there: `fails at`.)
fn fail_line(
    out: &mut String,
    c: &crate::verify::check::ClaimReport,
    f: &crate::verify::check::Failure,
) {
    let (tag, known) = if c.expected(f) {
        ("known", ", as the file says (`fails at`)")
    } else {
        ("FAIL ", "")
    };
    let _ = writeln!(
        out,
        "  {tag} line {:>3}: {}\n        at {}{known}: {}",
        c.line,
        c.text,
        crate::game::show_position(&f.position),
        failure_text(f)
    );
}

fn failure_text(f: &crate::verify::check::Failure) -> String {
    match &f.other {
        None => match &f.said {
            Some(said) => format!("the claim says {said}, but {}", f.why),
            None => format!("the claim says {}, but {}", f.claimed, f.why),
        },
        Some((q, why_q)) => format!(
            "the claim says it has the type of {q}, but it is {}: {}; and {q} is {}: {why_q}",
            f.actual,
            f.why,
            f.claimed,
            q = crate::game::show_position(q),
        ),
    }
}

/// Whether a report is a Ctrl-C stop.
pub(crate) fn is_cancelled(r: &Report) -> bool {
    r.code()
        .is_some_and(|c| c.to_string() == "heapgame::cancelled")
}

/// The text `check` prints for one run. (Shared with the REPL's `:check`.)
pub(crate) fn text_report(file: &std::path::Path, game: &Game, r: &CheckReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}{} ({}; {} positions)",
        file.display(),
        r.ruleset,
        params_text(&r.params),
        r.region,
        r.positions
    );
    if let Some(why) = &r.stopped {
        let _ = writeln!(out, "  {why}: the claims below hold only so far");
    }
    if r.claims.is_empty() && game.checked.families.is_empty() {
        let _ = writeln!(out, "  no claims");
    }
    for c in &r.claims {
        match &c.failure {
            None if !c.applies => {
                let _ = writeln!(
                    out,
                    "  n/a   line {:>3}: {}\n        not about these parameters (its `when` is false for them)",
                    c.line, c.text
                );
            }
            None if c.checked == 0 => {
                let _ = writeln!(
                    out,
                    "  empty line {:>3}: {}\n        no position of this run is in its scope ({} outside it)",
                    c.line, c.text, c.silent
                );
            }
            None => {
                let silent = if c.silent > 0 {
                    format!(" ({} outside the claim's scope)", c.silent)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "  ok    line {:>3}: {}\n        holds over {} positions{silent}",
                    c.line, c.text, c.checked
                );
                cases_line(&mut out, c);
            }
            Some(f) => fail_line(&mut out, c, f),
        }
        if let Some(p) = &c.held_at {
            let _ = writeln!(
                out,
                "  FAIL  line {:>3}: the file says the claim fails at {}, but it holds there",
                c.line,
                crate::game::show_position(p)
            );
        }
    }
    out
}

/// The positions each case of a case split decided, on one line (the cases this run's
/// parameters rule out are only counted).
fn cases_line(out: &mut String, c: &crate::verify::check::ClaimReport) {
    let live: Vec<String> = c
        .cases
        .iter()
        .filter(|k| k.applies)
        .map(|k| format!("line {}: {}", k.line, k.decided))
        .collect();
    if live.is_empty() {
        return;
    }
    let ruled_out = c.cases.len() - live.len();
    let more = if ruled_out > 0 {
        format!(" ({ruled_out} more not about these parameters)")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "        positions decided by each case: {}{more}",
        live.join(", ")
    );
}

/// One claim as JSON.
fn claim_json(c: &crate::verify::check::ClaimReport) -> serde_json::Value {
    let mut o = serde_json::json!({
        "line": c.line,
        "text": c.text,
        "kind": c.kind.word(),
        "checked": c.checked,
        "outside_scope": c.silent,
        "applies": c.applies,
        "holds": c.failure.is_none(),
        "as_stated": c.as_stated(),
    });
    if !c.cases.is_empty() {
        o["cases"] = c
            .cases
            .iter()
            .map(|k| {
                serde_json::json!({
                    "line": k.line,
                    "label": k.label,
                    "applies": k.applies,
                    "decided": k.decided,
                })
            })
            .collect();
    }
    if let Some(f) = &c.failure {
        o["counterexample"] = serde_json::json!({
            "position": json_position(&f.position),
            "claimed": f.said.clone().unwrap_or_else(|| f.claimed.to_string()),
            "actual": f.actual.to_string(),
            "why": f.why,
        });
        if let Some((q, why_q)) = &f.other {
            o["counterexample"]["same_as"] = json_position(q);
            o["counterexample"]["why_same_as"] = serde_json::Value::from(why_q.clone());
        }
    }
    o
}

fn json_report(file: &std::path::Path, r: &CheckReport) -> serde_json::Value {
    serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "max": r.bounds.max,
        "heaps": r.bounds.heaps,
        "region": r.region,
        "positions": r.positions,
        "stopped": r.stopped,
        "holds": r.holds(),
        "claims": r.claims.iter().map(claim_json).collect::<Vec<_>>(),
    })
}
