//! A position of a loopy game, solved with Smith's values, as `eval` (and the REPL) print it.

use std::fmt::Write as _;

use crate::game::show_position;
use crate::solver::loopy::{LoopyOutcome, LoopySolution, LoopyValue};

use super::{json_position, Format};

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// A position of a loopy game (the root of `sol`): its outcome (P, N or D), Smith's value, and
/// the winning moves or, from a draw, the moves that keep the draw.
pub(crate) fn loopy_text(sol: &LoopySolution, format: Format) -> String {
    let root = sol.root();
    let pos = sol.graph.position(0);
    let outcome = root.outcome();
    let moves = sol.good_moves(0);
    let mut out = String::new();
    match format {
        Format::Json => {
            let grundy = match root {
                LoopyValue::Finite(n) => serde_json::Value::from(*n),
                v => serde_json::Value::from(v.to_string()),
            };
            let key = if outcome == LoopyOutcome::D {
                "drawing_moves"
            } else {
                "winning_moves"
            };
            let mut v = serde_json::json!({
                "position": json_position(pos),
                "play": "normal",
                "loopy": true,
                "region": sol.graph.len(),
                "outcome": outcome.to_string(),
                "grundy": grundy,
                "winning_moves": [],
            });
            v[key] = moves.iter().map(|w| json_position(w)).collect();
            outln!(out, "{v}");
        }
        Format::Text => {
            outln!(out, "position: {}", show_position(pos));
            outln!(
                out,
                "loopy:    the moves can return to a position; solved over the {} positions it reaches",
                sol.graph.len()
            );
            match outcome {
                LoopyOutcome::P => outln!(
                    out,
                    "outcome:  P (the previous player wins: every move leads to an N-position)"
                ),
                LoopyOutcome::N => outln!(out, "outcome:  N (the next player wins)"),
                LoopyOutcome::D => outln!(
                    out,
                    "outcome:  D (a draw: neither player can force a win, play goes on forever)"
                ),
            }
            outln!(
                out,
                "grundy:   {root} (Smith's generalised Sprague-Grundy value)"
            );
            let what = if outcome == LoopyOutcome::D {
                "moves that keep the draw"
            } else {
                "winning moves"
            };
            if moves.is_empty() {
                outln!(out, "{what}: none");
            } else {
                outln!(out, "{what}:");
                for w in &moves {
                    outln!(out, "  -> {}", show_position(w));
                }
            }
        }
    }
    out
}
