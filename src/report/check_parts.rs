//! The parts of a check beside each run's report, as text, for `heapgame check` and the
//! REPL's `:check`: a file's family claims (`count(...)`, `least n in ...`) and what its runs
//! left unexercised (the coverage, with the file's summary line).

use std::fmt::Write as _;
use std::path::Path;

use crate::verify::coverage::{Coverage, FindingKind};
use crate::verify::family::FamilyReport;

use super::check_summary::summary_text;

/// The code of a case, branch or `allow empty` claim no run exercised, a failure under
/// `--strict`.
const UNCOVERED: &str = "heapgame::uncovered";

/// The code of a finding of kind `k`.
pub(crate) fn code(k: FindingKind) -> &'static str {
    match k {
        FindingKind::Vacuous => "heapgame::vacuous",
        FindingKind::Case | FindingKind::Empty | FindingKind::Branch => UNCOVERED,
    }
}

/// The text of the family claims of one file; `stopped` says why the rest were not checked.
pub(crate) fn families_text(
    file: &Path,
    reports: &[FamilyReport],
    stopped: Option<&str>,
) -> String {
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

/// What the runs of `file` left unexercised, after the file's summary line (when its runs
/// compared claims): a vacuous claim fails, an unexercised case or branch warns, or fails
/// under `strict`. Empty when there is nothing to say.
pub(crate) fn coverage_text(file: &Path, cov: &Coverage, strict: bool) -> String {
    let findings = cov.findings();
    let summary = cov.summary();
    let mut out = String::new();
    for f in &findings {
        let fails = f.kind == FindingKind::Vacuous || strict;
        let tag = if fails { "FAIL" } else { "warn" };
        let _ = writeln!(out, "  {tag}  line {:>3}: {}", f.line, f.message);
        if fails && f.kind != FindingKind::Vacuous {
            let _ = writeln!(out, "        ({} under --strict)", code(f.kind));
        }
    }
    if findings.iter().any(|f| f.kind == FindingKind::Vacuous) {
        let _ = writeln!(
            out,
            "        (a claim meant to speak of no position here says so: `claim ... allow empty`)"
        );
    }
    if summary.runs > 0 && summary.claims > 0 {
        format!("{}{out}", summary_text(file, &summary))
    } else if !findings.is_empty() {
        format!("{}: coverage over its runs\n{out}", file.display())
    } else {
        String::new()
    }
}
