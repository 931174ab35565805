//! One position's answer as `heapgame eval` and the REPL print it: text for people, or one
//! line of JSON. A loopy game's answer is `loopy.rs`'s.

use std::fmt::Write as _;

use super::loopy::loopy_text;
use super::{json_position, Format};
use crate::game::show_position;
use crate::query::{Answer, Evaluation, Route};
use crate::solver::Play;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// The answer about `pos` in `play`, in `format`.
pub fn answer(pos: &[u32], play: Play, a: &Answer, format: Format) -> String {
    match a {
        Answer::Values(e) => match format {
            Format::Json => format!("{}\n", json(pos, play, e)),
            Format::Text => text(pos, play, e),
        },
        Answer::Loopy(sol) => loopy_text(sol, format),
    }
}

/// The answer as JSON.
fn json(pos: &[u32], play: Play, e: &Evaluation) -> serde_json::Value {
    let outcome = if e.is_p { "P" } else { "N" };
    let wins: Vec<_> = e.wins.iter().map(|w| json_position(w)).collect();
    let mut v = serde_json::json!({
        "position": json_position(pos),
        "play": play.name(),
        "outcome": outcome,
        "grundy": e.grundy,
        "winning_moves": wins,
    });
    if play == Play::Misere {
        v["genus"] = e.genus.as_deref().into();
    }
    match &e.route {
        Route::SearchNoQuotient(_) => v["method"] = "search".into(),
        Route::Quotient { order, .. } => {
            v["method"] = "quotient".into();
            v["quotient_order"] = (*order).into();
        }
        Route::KernelOutcome(k) => {
            v["method"] = "kernel-outcome".into();
            v["grundy_not_computed"] = format!(
                "the time limit came while the kernel `{k}` filled the Grundy values of the \
                 position's box; its outcomes were solved first"
            )
            .into();
        }
        Route::Kernel(k) => {
            v["method"] = "kernel".into();
            v["kernel"] = (*k).into();
        }
        Route::Search => v["method"] = "search".into(),
    }
    v
}

/// The answer as text.
fn text(pos: &[u32], play: Play, e: &Evaluation) -> String {
    let mut out = String::new();
    outln!(out, "position: {}", show_position(pos));
    outln!(out, "play:     {}", play.describe());
    match &e.route {
        Route::SearchNoQuotient(why) => outln!(out, "method:   the search ({why})"),
        Route::Quotient { max, order } => outln!(
            out,
            "method:   the misère quotient of heaps 1..{max} (order {order}, each stage \
             proven; `heapgame quotient`)"
        ),
        Route::KernelOutcome(k) => outln!(
            out,
            "method:   the kernel `{k}`, outcomes only: the time limit came while it filled \
             the Grundy values of every position with heaps up to the largest here"
        ),
        Route::Kernel(k) => outln!(out, "method:   the kernel `{k}`"),
        Route::Search => {}
    }
    if e.is_p {
        outln!(
            out,
            "outcome:  P (the previous player wins: every move leads to an N-position)"
        );
    } else {
        outln!(out, "outcome:  N (the next player wins)");
    }
    match (e.grundy, e.genus.as_deref()) {
        (None, _) if matches!(e.route, Route::KernelOutcome(_)) => outln!(
            out,
            "grundy:   not computed within the time limit (give more --time for it)"
        ),
        (None, _) => outln!(
            out,
            "grundy:   not computed (the quotient gives outcomes, not the misère nim value g^-)"
        ),
        (Some(g), Some(genus)) => {
            outln!(out, "grundy:   {g} (the misère nim value g^-)");
            outln!(out, "genus:    {genus}");
        }
        (Some(g), None) if play == Play::Misere => {
            outln!(out, "grundy:   {g} (the misère nim value g^-)");
        }
        (Some(g), None) => outln!(out, "grundy:   {g}"),
    }
    if e.wins.is_empty() {
        outln!(out, "winning moves: none");
    } else {
        outln!(out, "winning moves:");
        for w in &e.wins {
            outln!(out, "  -> {}", show_position(w));
        }
    }
    out
}
