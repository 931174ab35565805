//! The Grundy values of one heap (`heapgame sequence`, the REPL's `:sequence`) in rows of the
//! period (as Winning Ways prints them), as CSV, or as JSON.

use std::fmt::Write as _;

use crate::sequence::Sequence;
use crate::solver::Play;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// How the sequence is printed.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[derive(Clone, Copy, Debug, Default)]
pub enum SeqFormat {
    /// Rows of the period, then the periodicity in words.
    #[default]
    Text,
    /// `n,grundy` lines.
    Csv,
    /// `{"values": [...], "periodic": {...} | null}`.
    Json,
}

/// The sequence `s` of a game in `play` as `sequence` prints it in `format`.
pub fn render(s: &Sequence, format: SeqFormat, play: Play) -> String {
    match format {
        SeqFormat::Text if play == Play::Misere => {
            format!(
                "misère play: the misère nim values g^- of one heap\n{}",
                text(s)
            )
        }
        SeqFormat::Text => format!("normal play: the Grundy values of one heap\n{}", text(s)),
        SeqFormat::Csv => {
            let mut out = String::from("n,grundy\n");
            for (n, g) in s.values.iter().enumerate() {
                outln!(out, "{n},{g}");
            }
            out
        }
        SeqFormat::Json => {
            let periodic = s.periodic.as_ref().map(|p| {
                serde_json::json!({
                    "preperiod": p.period.preperiod,
                    "period": p.period.period,
                    "saltus": p.period.saltus,
                    "proven": p.proven,
                    "reason": p.reason,
                })
            });
            format!(
                "{}\n",
                serde_json::json!({
                    "play": play.name(),
                    "values": s.values,
                    "periodic": periodic,
                })
            )
        }
    }
}

/// The values in rows of the period (rows of 10 when none shows), each row led by its first
/// heap, then the periodicity in words.
pub fn text(s: &Sequence) -> String {
    let mut out = String::new();
    let width = s
        .values
        .iter()
        .max()
        .map_or(1, |m| m.to_string().len())
        .max(1);
    let row = s.periodic.as_ref().map_or(10, |p| p.period.period).max(1);
    let lead = s.values.len().to_string().len();
    for (i, chunk) in s.values.chunks(row).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|g| format!("{g:>width$}")).collect();
        outln!(out, "{:>lead$}: {}", i * row, cells.join(" "));
    }
    match &s.periodic {
        Some(p) => {
            let saltus = if p.period.saltus != 0 {
                format!(", saltus {}", p.period.saltus)
            } else {
                String::new()
            };
            let status = if p.proven { "proven" } else { "not proven" };
            outln!(
                out,
                "period {} from {}{saltus} ({status}: {})",
                p.period.period,
                p.period.preperiod,
                p.reason
            );
        }
        None => outln!(
            out,
            "no period shows in heaps 0..{} (none proven, and none repeats {} times over at \
             least the last third of the values)",
            s.values.len().saturating_sub(1),
            crate::sequence::REPEATS
        ),
    }
    out
}
