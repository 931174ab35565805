//! `heapgame check`, the family claims of one file and parameter values (`count(...)`, `least n
//! in ...`), checked once by the query floor after the first run with those values: printed as
//! text or added to that run's JSON report.

use std::fmt::Write as _;
use std::path::Path;

use crate::query::check::FamiliesChecked;
use crate::verify::family::FamilyReport;
use miette::Report;

use super::common::{print_out, Format};

/// Shows the family claims checked (the query floor's verdict: failing when one fails,
/// unfinished when the time ran out or one could not be evaluated).
pub(super) fn show(
    (reports, stopped): &FamiliesChecked,
    file: &Path,
    format: Format,
    json: &mut [serde_json::Value],
) -> Result<(), Report> {
    match format {
        Format::Text => print_out(&text(file, reports, stopped.as_deref()))?,
        Format::Json => {
            if let Some(last) = json.last_mut() {
                last["families"] = reports.iter().map(report_json).collect();
                last["families_stopped"] = serde_json::json!(stopped);
            }
        }
    }
    Ok(())
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
