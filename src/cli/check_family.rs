//! `heapgame check`, the family claims of one file and parameter values (`count(...)`, `least n
//! in ...`): checked once, after the first run with those values, printed as text or added to
//! that run's JSON report.

use std::fmt::Write as _;
use std::path::Path;

use crate::verify::family::{check_families, FamilyReport};
use crate::Game;
use miette::Report;

use super::common::{print_out, Format, GameArgs, SolveRun};

/// The family claims of one file and parameter values, checked: their reports and why they
/// stopped early (if they did), or the error that kept them from being checked.
pub(super) type Families = Result<(Vec<FamilyReport>, Option<String>), Report>;

/// Checks the family claims of `game` within `limits`.
pub(super) fn compute(limits: &GameArgs, file: &Path, game: &Game) -> Families {
    let what = format!("checking the family claims of {}", file.display());
    let heaps = game.shape().count.unwrap_or(1);
    let run = SolveRun::start(limits, heaps, None, what);
    let result = check_families(game, run.budget.clone()).map_err(Report::new);
    drop(run);
    result
}

/// Shows the family claims checked ([`compute`]); the exit code they call for (1 when one
/// fails, 2 when the time ran out or one could not be evaluated). Ctrl-C is returned as an
/// error.
pub(super) fn show(
    result: Families,
    file: &Path,
    format: Format,
    json: &mut [serde_json::Value],
) -> Result<u8, Report> {
    let (reports, stopped) = match result {
        Ok(r) => r,
        Err(e) if super::common::is_cancelled(&e) => return Err(e),
        Err(e) => {
            eprintln!("{e:?}");
            return Ok(2);
        }
    };
    let fails = reports.iter().any(|r| r.failure.is_some());
    match format {
        Format::Text => print_out(&text(file, &reports, stopped.as_deref()))?,
        Format::Json => {
            if let Some(last) = json.last_mut() {
                last["families"] = reports.iter().map(report_json).collect();
                last["families_stopped"] = serde_json::json!(stopped);
            }
        }
    }
    Ok(if fails {
        1
    } else if stopped.is_some() {
        2
    } else {
        0
    })
}

/// The text of the family claims of one file.
pub(super) fn text(file: &Path, reports: &[FamilyReport], stopped: Option<&str>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: family claims", file.display());
    if let Some(why) = stopped {
        let _ = writeln!(
            out,
            "  {why}: the claims above it hold, the rest were not checked"
        );
    }
    for r in reports {
        match &r.failure {
            None => {
                let _ = writeln!(
                    out,
                    "  ok    line {:>3}: {}\n        {} ({} positions)",
                    r.line, r.text, r.held, r.positions
                );
            }
            Some(f) => {
                let _ = writeln!(out, "  FAIL  line {:>3}: {}\n        {f}", r.line, r.text);
            }
        }
    }
    out
}

fn report_json(r: &FamilyReport) -> serde_json::Value {
    serde_json::json!({
        "line": r.line,
        "text": r.text,
        "checked": r.checked,
        "positions": r.positions,
        "holds": r.failure.is_none(),
        "held": r.held,
        "failure": r.failure,
    })
}
