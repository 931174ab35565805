//! The report of `diff` (and the REPL's `:diff`) as text or JSON.

use std::fmt::Write as _;

use crate::game::show_position;
use crate::verify::diff::DiffReport;

use super::json_position;

/// The text `diff` prints. (Shared with the REPL's `:diff`.)
pub(crate) fn text_report(r: &DiffReport) -> String {
    let mut out = String::new();
    let what = if r.grundy {
        "Grundy values"
    } else {
        "P-positions"
    };
    let _ = writeln!(out, "{} vs {}: {what}, {}", r.a, r.b, r.region);
    if let Some(why) = &r.stopped {
        let _ = writeln!(out, "{why}: the counts below are so far");
    }
    let compared = r.positions - r.silent;
    let silent = if r.silent > 0 {
        format!(" ({} outside the formula's scope)", r.silent)
    } else {
        String::new()
    };
    if r.differences == 0 && compared == 0 {
        // Nothing compared says nothing of whether they agree.
        let _ = writeln!(out, "compared at no position{silent}: nothing is known");
        return out;
    }
    if r.differences == 0 && r.stopped.is_some() {
        let _ = writeln!(
            out,
            "no difference over the {compared} positions compared{silent}"
        );
        return out;
    }
    if r.differences == 0 {
        let noun = if compared == 1 {
            "position"
        } else {
            "positions"
        };
        let _ = writeln!(out, "identical over {compared} {noun}{silent}");
        return out;
    }
    let _ = writeln!(
        out,
        "{} of {compared} positions differ{silent}; the first {}:",
        r.differences,
        r.first.len()
    );
    for d in &r.first {
        let _ = writeln!(out, "  {}: {} vs {}", show_position(&d.position), d.a, d.b);
        let _ = writeln!(out, "    {}: {}", r.a, d.why_a);
        let _ = writeln!(out, "    {}: {}", r.b, d.why_b);
    }
    out
}

/// The JSON `diff` prints.
pub(crate) fn json_report(r: &DiffReport) -> serde_json::Value {
    serde_json::json!({
        "a": r.a,
        "b": r.b,
        "grundy": r.grundy,
        "max": r.bounds.max,
        "heaps": r.bounds.heaps,
        "region": r.region,
        "stopped": r.stopped,
        "positions": r.positions,
        "outside_scope": r.silent,
        "differences": r.differences,
        "compared": r.positions - r.silent,
        "identical": r.differences == 0 && r.positions > r.silent && r.stopped.is_none(),
        "first": r.first.iter().map(|d| serde_json::json!({
            "position": json_position(&d.position),
            "a": d.a.to_string(),
            "b": d.b.to_string(),
            "why_a": d.why_a,
            "why_b": d.why_b,
        })).collect::<Vec<_>>(),
    })
}
