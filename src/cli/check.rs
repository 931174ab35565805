//! `heapgame check`: every claim of each file against the solver, over the file's `check`
//! bounds (one run per `check` line, each with its parameter values) or the bounds given.

use std::fmt::Write as _;
use std::path::PathBuf;

use heapgame::ruleset::ParamOverride;
use heapgame::verify::check::{check_claims, CheckReport};
use heapgame::verify::{Bounds, MissingBound};
use heapgame::Game;
use miette::Report;

use super::common::{json_position, Format, GameArgs, SolveRun};

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
}

/// The runs of one file: a loaded game and its bounds each.
fn runs(a: &Args, file: &std::path::Path) -> Result<Vec<(Game, Bounds)>, Report> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| {
        miette::miette!(
            code = "heapgame::io",
            help = "check the path",
            "cannot read `{name}`: {e}"
        )
    })?;
    runs_of(&name, &text, &a.params, a.max, a.heaps)
}

/// The runs of a ruleset's text (`name` names it in messages): with `params`, one run with
/// them; otherwise one run per `check` line of the file, each with its own parameter values.
/// `max`/`heaps` replace the file's bounds. (Shared with the REPL's `:check`.)
pub(crate) fn runs_of(
    name: &str,
    text: &str,
    params: &[String],
    max: Option<u32>,
    heaps: Option<usize>,
) -> Result<Vec<(Game, Bounds)>, Report> {
    let cli: Vec<ParamOverride> = params
        .iter()
        .map(|t| ParamOverride { text: t.clone() })
        .collect();
    let base = Game::from_source_overrides(name, text, &cli).map_err(Report::new)?;
    let lines = base.checked.check_runs.clone();
    let bounds = |game: &Game, line: Option<&heapgame::ruleset::check::CheckRun>| {
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
        return Ok(vec![(base, b)]);
    }
    let mut out = Vec::new();
    for line in &lines {
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
        out.push((game, b));
    }
    Ok(out)
}

/// Runs `heapgame check`.
pub fn run(a: Args) -> Result<u8, Report> {
    let mut worst = 0u8;
    let mut json = Vec::new();
    for file in &a.files {
        let runs = match runs(&a, file) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e:?}");
                worst = 2;
                continue;
            }
        };
        for (game, bounds) in &runs {
            // The limits, Ctrl-C and the progress bar of `solve`.
            let limits = GameArgs {
                file: file.clone(),
                params: a.params.clone(),
                max_positions: a.max_positions,
                max_memory: a.max_memory,
                force: false,
            };
            let total =
                heapgame::solver::positions::box_size(game.shape(), bounds.max, bounds.heaps)
                    .and_then(|n| u64::try_from(n).ok());
            let what = format!("checking {}", file.display());
            let run = SolveRun::start(&limits, bounds.heaps, total, what);
            let result = check_claims(game, *bounds, run.budget.clone());
            drop(run);
            match result {
                Ok(r) => {
                    if !r.holds() {
                        worst = worst.max(1);
                    }
                    match a.format {
                        Format::Text => print!("{}", text_report(file, game, &r)),
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
        }
    }
    if a.format == Format::Json {
        println!("{}", serde_json::Value::Array(json));
    }
    Ok(worst)
}

/// Whether a report is a Ctrl-C stop.
pub(crate) fn is_cancelled(r: &Report) -> bool {
    r.code()
        .is_some_and(|c| c.to_string() == "heapgame::cancelled")
}

fn bounds_text(game: &Game, b: Bounds) -> String {
    match game.shape().count {
        Some(_) => format!("every heap <= {}", b.max),
        None => format!("at most {} heaps, every heap <= {}", b.heaps, b.max),
    }
}

/// The text `check` prints for one run. (Shared with the REPL's `:check`.)
pub(crate) fn text_report(file: &std::path::Path, game: &Game, r: &CheckReport) -> String {
    let mut out = String::new();
    let params = if r.params.is_empty() {
        String::new()
    } else {
        let ps: Vec<String> = r.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        format!(" with {}", ps.join(", "))
    };
    let _ = writeln!(
        out,
        "{}: {}{params} ({}; {} positions)",
        file.display(),
        r.ruleset,
        bounds_text(game, r.bounds),
        r.positions
    );
    if r.claims.is_empty() {
        let _ = writeln!(out, "  no claims");
    }
    for c in &r.claims {
        match &c.failure {
            None => {
                let silent = if c.silent > 0 {
                    format!(" ({} outside the formula's scope)", c.silent)
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "  ok    line {:>3}: {}\n        holds over {} positions{silent}",
                    c.line, c.text, c.checked
                );
            }
            Some(f) => {
                let at = heapgame::game::show_position(&f.position);
                let what = match &f.other {
                    None => format!("the claim says {}, but {}", f.claimed, f.why),
                    Some((q, why_q)) => format!(
                        "the claim says it has the type of {q}, but {at} is {}: {}; and {q} is {}: {why_q}",
                        f.actual,
                        f.why,
                        f.claimed,
                        q = heapgame::game::show_position(q),
                    ),
                };
                let _ = writeln!(
                    out,
                    "  FAIL  line {:>3}: {}\n        at {at}: {what}",
                    c.line, c.text,
                );
            }
        }
    }
    out
}

fn json_report(file: &std::path::Path, r: &CheckReport) -> serde_json::Value {
    let claims: Vec<_> = r
        .claims
        .iter()
        .map(|c| {
            let mut o = serde_json::json!({
                "line": c.line,
                "text": c.text,
                "kind": match c.kind {
                    heapgame::syntax::ast::ClaimKind::P => "P",
                    heapgame::syntax::ast::ClaimKind::Grundy => "grundy",
                    heapgame::syntax::ast::ClaimKind::Same => "same",
                },
                "checked": c.checked,
                "outside_scope": c.silent,
                "holds": c.failure.is_none(),
            });
            if let Some(f) = &c.failure {
                o["counterexample"] = serde_json::json!({
                    "position": json_position(&f.position),
                    "claimed": f.claimed.to_string(),
                    "actual": f.actual.to_string(),
                    "why": f.why,
                });
                if let Some((q, why_q)) = &f.other {
                    o["counterexample"]["same_as"] = json_position(q);
                    o["counterexample"]["why_same_as"] = serde_json::Value::from(why_q.clone());
                }
            }
            o
        })
        .collect();
    serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "max": r.bounds.max,
        "heaps": r.bounds.heaps,
        "positions": r.positions,
        "holds": r.holds(),
        "claims": claims,
    })
}
