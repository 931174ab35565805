//! The summary line of `check` for one file: what its runs compared (positions, the largest
//! heap, the most heaps, the largest total), its claims by result, the cases decided, the branches taken, the
//! exceptions it names and finds, and what no run reached ("not compared: ..."); as text and
//! as JSON.

use crate::game::show_position;
use crate::query::check_ranges::RangeDone;
use crate::verify::coverage::Summary;

use super::json_position;

/// How many positions a list of the summary shows.
const SHOWN: usize = 5;

/// Positions on one line: the first [`SHOWN`], and how many more.
fn listed(ps: &[Vec<u32>]) -> String {
    let shown: Vec<String> = ps.iter().take(SHOWN).map(|p| show_position(p)).collect();
    match ps.len().saturating_sub(SHOWN) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// What no run of the file reached, in words; empty when every part was compared.
fn not_compared(s: &Summary) -> Vec<String> {
    let mut out = Vec::new();
    if !s.named_not_compared.is_empty() {
        out.push(format!(
            "{} (named by `fails at`)",
            listed(&s.named_not_compared)
        ));
    }
    for line in &s.empty {
        out.push(format!(
            "the claim of line {line} (no position in its scope)"
        ));
    }
    if s.cases.0 < s.cases.1 {
        out.push(format!("{} case(s) (below)", s.cases.1 - s.cases.0));
    }
    if s.branches.0 < s.branches.1 {
        out.push(format!(
            "{} branch(es) (below)",
            s.branches.1 - s.branches.0
        ));
    }
    out
}

/// The summary line (and its continuation lines) of `file`.
pub(crate) fn summary_text(file: &std::path::Path, s: &Summary) -> String {
    let v = &s.seen;
    let runs = if s.runs == 1 {
        "1 run".to_string()
    } else {
        format!("{} runs", s.runs)
    };
    let counts: Vec<String> = [
        (s.ok, "ok"),
        (s.known, "known"),
        (s.failed, "failing"),
        (s.empty.len(), "empty"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, w)| format!("{n} {w}"))
    .collect();
    let claims = if counts.is_empty() {
        "no claims".to_string()
    } else {
        format!("claims: {}", counts.join(", "))
    };
    let mut text = format!(
        "{}: summary of {runs}: {} positions compared (largest heap {}, most heaps {}, largest \
         total {}); {claims}",
        file.display(),
        v.positions,
        v.largest_heap,
        v.most_heaps,
        v.largest_total,
    );
    if s.cases.1 > 0 {
        text += &format!("; cases decided: {} of {}", s.cases.0, s.cases.1);
    }
    if s.branches.1 > 0 {
        text += &format!("; branches taken: {} of {}", s.branches.0, s.branches.1);
    }
    text.push('\n');
    if !s.known_at.is_empty() {
        text += &format!(
            "  known exceptions (`fails at`), compared: {}\n",
            listed(&s.known_at)
        );
    }
    let missing = not_compared(s);
    if !missing.is_empty() {
        text += &format!("  not compared: {}\n", missing.join("; "));
    }
    text
}

/// The summary as JSON.
pub(crate) fn summary_json(s: &Summary) -> serde_json::Value {
    let ps = |v: &[Vec<u32>]| v.iter().map(|p| json_position(p)).collect::<Vec<_>>();
    serde_json::json!({
        "runs": s.runs,
        "positions": s.seen.positions,
        "largest_heap": s.seen.largest_heap,
        "most_heaps": s.seen.most_heaps,
        "largest_total": s.seen.largest_total,
        "claims": {
            "ok": s.ok,
            "known": s.known,
            "fail": s.failed,
            "empty": s.empty.len(),
        },
        "cases": {"decided": s.cases.0, "of": s.cases.1},
        "branches": {"taken": s.branches.0, "of": s.branches.1},
        "known_exceptions": ps(&s.known_at),
        "not_compared": {
            "named": ps(&s.named_not_compared),
            "claims": s.empty,
            "cases": s.cases.1 - s.cases.0,
            "branches": s.branches.1 - s.branches.0,
        },
    })
}

/// After the last run of a `check with NAME in R` line: how many of its values were compared
/// (or deepened), which were not reached, and what stopped the parameters, as a line of text.
pub fn range_text(file: &std::path::Path, d: &RangeDone) -> String {
    let how = if d.deepened {
        "deepened"
    } else {
        "compared over its bounds"
    };
    let missed: Vec<&str> = (d.values.iter())
        .filter(|v| !v.1)
        .map(|v| v.0.as_str())
        .collect();
    let done = d.values.len() - missed.len();
    let p = &d.place;
    let mut text = format!(
        "{}: `check with {}` (line {}): {done} of its {} values {how}",
        file.display(),
        p.declared,
        p.line,
        p.of
    );
    if !missed.is_empty() {
        text = format!("{text}; not reached: {}", missed.join("; "));
    }
    format!("{text} (the parameters stopped by {})\n", d.stopped_by)
}

/// The same as JSON, the `parameter_range` of the file's last report.
pub fn range_json(d: &RangeDone) -> serde_json::Value {
    let values: Vec<_> = (d.values.iter())
        .map(|(v, r)| serde_json::json!({"value": v, "reached": r}))
        .collect();
    serde_json::json!({
        "declared": d.place.declared, "line": d.place.line, "values": values,
        "stopped_by": d.stopped_by,
    })
}
