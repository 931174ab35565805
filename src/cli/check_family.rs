//! `heapgame check`, the family claims of one file and parameter values (`count(...)`, `least n
//! in ...`), checked once by the query floor after the first run with those values: printed as
//! text or added to that run's JSON report.

use std::path::Path;

use crate::query::check::FamiliesChecked;
use crate::report::check_parts::families_text;
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
        Format::Text => print_out(&families_text(file, reports, stopped.as_deref()))?,
        Format::Json => {
            if let Some(last) = json.last_mut() {
                last["families"] = reports.iter().map(report_json).collect();
                last["families_stopped"] = serde_json::json!(stopped);
            }
        }
    }
    Ok(())
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
