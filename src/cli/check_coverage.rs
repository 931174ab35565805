//! `heapgame check`'s last words on a file: what its runs left unexercised (a vacuous claim, a
//! case, branch or `allow empty` claim no run took), and its summary line, as text or JSON.

use std::fmt::Write as _;

use crate::report::check_summary::{summary_json, summary_text};
use crate::verify::coverage::{Coverage, FindingKind};

use super::common::{print_out, Format};

/// The code of a case, branch or `allow empty` claim no run exercised, a failure under
/// `--strict`.
const UNCOVERED: &str = "heapgame::uncovered";

/// What the runs of `file` left unexercised: printed (text) or added to the file's last
/// report (JSON); the exit code it calls for (1 for a vacuous claim, or an unexercised case
/// under `--strict`; else 0).
pub(super) fn coverage(
    file: &std::path::Path,
    cov: &Coverage,
    (strict, format): (bool, Format),
    json: &mut [serde_json::Value],
) -> u8 {
    let findings = cov.findings();
    let summary = cov.summary();
    let mut code = 0;
    let mut out = String::new();
    for f in &findings {
        let fails = f.kind == FindingKind::Vacuous || strict;
        if fails {
            code = 1;
        }
        let tag = if fails { "FAIL" } else { "warn" };
        let _ = writeln!(out, "  {tag}  line {:>3}: {}", f.line, f.message);
        if fails && f.kind != FindingKind::Vacuous {
            let _ = writeln!(out, "        ({UNCOVERED} under --strict)");
        }
    }
    if findings.iter().any(|f| f.kind == FindingKind::Vacuous) {
        let _ = writeln!(
            out,
            "        (a claim meant to speak of no position here says so: `claim ... allow empty`)"
        );
    }
    match format {
        // A closed stdout is no error here (`print_out`); a failed write shows in the runs'.
        Format::Text if summary.runs > 0 && summary.claims > 0 => {
            let _ = print_out(&format!("{}{out}", summary_text(file, &summary)));
        }
        Format::Text if !findings.is_empty() => {
            let _ = print_out(&format!(
                "{}: coverage over its runs\n{out}",
                file.display()
            ));
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
                                FindingKind::Empty => "empty",
                                FindingKind::Branch => "branch",
                            },
                            "code": match f.kind {
                                FindingKind::Vacuous => "heapgame::vacuous",
                                _ => UNCOVERED,
                            },
                            "fails": f.kind == FindingKind::Vacuous || strict,
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
    code
}
