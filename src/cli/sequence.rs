//! `heapgame sequence`: the Grundy values of one heap, 0..N, and their periodicity, printed in
//! rows of the period (as Winning Ways prints them), as CSV, or as JSON.

use std::fmt::Write as _;

use crate::sequence::{sequence, Sequence, SequenceError};
use miette::Report;

use super::common::{print_out, GameArgs, SolveRun};

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// How the sequence is printed.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default)]
pub enum SeqFormat {
    /// Rows of the period, then the periodicity in words.
    #[default]
    Text,
    /// `n,grundy` lines.
    Csv,
    /// `{"values": [...], "periodic": {...} | null}`.
    Json,
}

/// Arguments of `heapgame sequence`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame sequence rulesets/classic/kayles.game --max 200
  heapgame sequence rulesets/classic/dawson-kayles.game --max 300 --format json
  heapgame sequence rulesets/classic/subtraction.game -p \"S={1,3,4}\" --max 40 --format csv")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap.
    #[arg(long, value_name = "N")]
    max: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SeqFormat::Text)]
    format: SeqFormat,
}

/// Runs `heapgame sequence`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    let what = format!("the Grundy values of heaps 0..{}", a.max);
    let run = SolveRun::start(&a.game, 1, Some(u64::from(a.max) + 1), what.clone());
    let s = sequence(&game, a.max, &run.budget).map_err(|e| match e {
        SequenceError::NotSum(l) => Report::new(l),
        SequenceError::Solve(e) => run.failure(&game, &e, &format!("while computing {what}")),
    })?;
    drop(run);
    let out = match a.format {
        SeqFormat::Text if game.play() == crate::solver::Play::Misere => {
            format!(
                "misère play: the misère nim values g^- of one heap\n{}",
                text(&s)
            )
        }
        SeqFormat::Text => format!("normal play: the Grundy values of one heap\n{}", text(&s)),
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
                    "play": game.play().name(),
                    "values": s.values,
                    "periodic": periodic,
                })
            )
        }
    };
    print_out(&out)?;
    Ok(0)
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
            "no period shows in heaps 0..{}",
            s.values.len().saturating_sub(1)
        ),
    }
    out
}
