//! What `heapgame guess` prints: each verified form with its support, the region it was
//! guessed from and the larger one `check` verified it on, then the claims ready to paste;
//! the forms refuted on the larger region, the shapes fitted that the language cannot state,
//! and the nearest shape that did not fit with its first counterexample. As text or JSON, and
//! the text `--write` puts into a ruleset.

use std::fmt::Write as _;

use serde_json::{json, Value};

use crate::guess::verify::with_lines;
use crate::guess::{Guess, GuessReport, Miss};
use crate::solver::positions::show_position;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// The `check` line of the verified region: `check max 400`, `check with k = 4 max 20 heaps 3`.
pub fn check_line(r: &GuessReport, with: &[(String, String)], any: bool) -> String {
    let mut line = String::from("check");
    if !with.is_empty() {
        let w: Vec<String> = with.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        line.push_str(&format!(" with {}", w.join(", ")));
    }
    line.push_str(&format!(" max {}", r.check_max));
    if any {
        line.push_str(&format!(" heaps {}", r.heaps));
    }
    line
}

fn show_guess(out: &mut String, i: usize, g: &Guess) {
    outln!(out, "{}. {}", i + 1, g.shape);
    outln!(out, "   {}", g.note);
    outln!(out, "   fits all {} positions of the data", g.support);
    if let Some(v) = &g.verdict {
        match (&v.failure, &v.stopped) {
            (None, None) => outln!(
                out,
                "   verified by check on {}: {} positions decided",
                v.region,
                v.decided
            ),
            (Some(f), _) => outln!(out, "   refuted by check on {}: {f}", v.region),
            (None, Some(s)) => outln!(out, "   not verified on {}: {s}", v.region),
        }
    }
    for l in &g.lines {
        outln!(out, "   {l}");
    }
}

fn show_miss(m: &Miss) -> String {
    match &m.broke_at {
        Some(p) => format!(
            "{}: first wrong at {} ({}), after {} held",
            m.shape,
            show_position(p),
            m.why,
            m.held
        ),
        None => format!("{}: {}", m.shape, m.why),
    }
}

/// The report as text.
pub fn text(r: &GuessReport, with: &[(String, String)], any: bool) -> String {
    let mut out = String::new();
    outln!(out, "{}", r.ruleset);
    if !r.params.is_empty() {
        let p: Vec<String> = r.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
        outln!(out, "parameters: {}", p.join(", "));
    }
    outln!(
        out,
        "guessed from: {} ({} positions)",
        r.region,
        r.positions
    );
    outln!(
        out,
        "verified on:  every heap <= {} (the same heaps), by check",
        r.check_max
    );
    outln!(out, "");
    if r.guesses.is_empty() {
        outln!(
            out,
            "no form fits every position and holds on the larger region"
        );
    } else {
        outln!(out, "forms that fit every position:");
        for (i, g) in r.guesses.iter().enumerate() {
            show_guess(&mut out, i, g);
        }
    }
    if !r.refuted.is_empty() {
        outln!(
            out,
            "\nforms that fit the data but not the larger region (not claims):"
        );
        for (i, g) in r.refuted.iter().enumerate() {
            show_guess(&mut out, i, g);
        }
    }
    for u in &r.unstated {
        outln!(out, "fits, but not stated: {u}");
    }
    if r.guesses.is_empty() {
        outln!(out, "\nshapes tried:");
        for t in &r.tried {
            outln!(out, "  {t}");
        }
        outln!(out, "\nshapes tried that do not fit:");
        for m in &r.misses {
            outln!(out, "  {}", show_miss(m));
        }
        if let Some(m) = r.nearest() {
            outln!(out, "nearest: {}", show_miss(m));
        }
    } else {
        outln!(out, "\nclaims to paste into the ruleset:");
        for l in paste_lines(r, with, any) {
            outln!(out, "  {l}");
        }
    }
    out
}

/// The lines `--write` adds: the source comment, every verified claim, the `check` line.
pub(crate) fn paste_lines(r: &GuessReport, with: &[(String, String)], any: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for g in &r.guesses {
        lines.extend(g.lines.iter().cloned());
    }
    lines.push(check_line(r, with, any));
    lines
}

/// The ruleset's text with the verified claims put before its closing brace, under a
/// `source "guessed by heapgame guess from heaps <= N"` comment; `None` without a brace.
pub(crate) fn write_text(
    source: &str,
    r: &GuessReport,
    with: &[(String, String)],
    any: bool,
) -> Option<String> {
    let comment = format!(
        "# source \"guessed by heapgame guess from heaps <= {}\"",
        r.max
    );
    with_lines(source, &comment, &paste_lines(r, with, any))
}

fn guess_json(g: &Guess) -> Value {
    let v = g.verdict.as_ref();
    json!({
        "shape": g.shape,
        "note": g.note,
        "support": g.support,
        "lines": g.lines,
        "verified_on": v.map(|v| v.region.clone()),
        "decided": v.map(|v| v.decided),
        "failure": v.and_then(|v| v.failure.clone()),
        "stopped": v.and_then(|v| v.stopped.clone()),
    })
}

/// The report as one JSON value.
pub fn json(r: &GuessReport, with: &[(String, String)], any: bool) -> String {
    let misses: Vec<Value> = r
        .misses
        .iter()
        .map(|m| {
            json!({
                "shape": m.shape,
                "broke_at": m.broke_at,
                "why": m.why,
                "held": m.held,
            })
        })
        .collect();
    let v = json!({
        "ruleset": r.ruleset,
        "params": r.params.iter().map(|(n, v)| json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "guessed_from": {"region": r.region, "max": r.max, "heaps": r.heaps, "positions": r.positions},
        "verified_on": {"max": r.check_max, "heaps": r.heaps},
        "guesses": r.guesses.iter().map(guess_json).collect::<Vec<_>>(),
        "refuted": r.refuted.iter().map(guess_json).collect::<Vec<_>>(),
        "unstated": r.unstated,
        "tried": r.tried,
        "misses": misses,
        "nearest": r.nearest().map(show_miss),
        "check_line": check_line(r, with, any),
    });
    format!("{}\n", serde_json::to_string_pretty(&v).unwrap_or_default())
}
