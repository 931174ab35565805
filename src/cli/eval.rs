//! `heapgame eval`: the outcome, Grundy value and winning moves of one position.

use std::fmt::Write as _;

use heapgame::estimate::Estimate;
use heapgame::game::show_position;
use heapgame::solver::one::through_kernel;
use miette::Report;

use super::common::{estimate_heaps, json_position, print_out, Format, PositionArgs, SolveRun};

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Arguments of `heapgame eval`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame eval rulesets/classic/wythoff.game 3 5
  heapgame eval rulesets/classic/wythoff.game 4 6 --format json
  heapgame eval rulesets/fraenkel-larsson/beta-wynim.game -p \"beta=2+sqrt(2)\" 3 10")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Runs `heapgame eval`.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let shown = show_position(&pos);
    let estimate = Estimate::for_position(game.generator(), &pos);
    a.pos
        .game
        .check_estimate(&game, &estimate, &format!("solving {shown}"))?;
    let heaps = estimate_heaps(&game, &pos);
    let run = SolveRun::start(&a.pos.game, heaps, None, format!("solving {shown}"));
    let context = format!("while solving {shown}");
    // Through a compiled kernel on the position's box when one matches and the box is not
    // much larger than the region the search would visit; else the memoized search.
    let (grundy, wins) = match through_kernel(game.generator(), &pos, &run.budget) {
        Some(answer) => {
            let a = answer.map_err(|e| run.failure(&game, &e, &context))?;
            (a.grundy, a.wins)
        }
        None => {
            let mut solver = game.solver();
            solver.set_budget(run.budget.clone());
            let grundy = solver
                .grundy(&pos)
                .map_err(|e| run.failure(&game, &e, &context))?;
            let wins = solver
                .winning_moves(&pos)
                .map_err(|e| run.failure(&game, &e, &context))?;
            (grundy, wins)
        }
    };
    drop(run);
    let outcome = if grundy == 0 { "P" } else { "N" };
    let mut out = String::new();
    match a.pos.format {
        Format::Json => {
            let v = serde_json::json!({
                "position": json_position(&pos),
                "outcome": outcome,
                "grundy": grundy,
                "winning_moves": wins.iter().map(|w| json_position(w)).collect::<Vec<_>>(),
            });
            outln!(out, "{v}");
        }
        Format::Text => {
            outln!(out, "position: {}", show_position(&pos));
            if grundy == 0 {
                outln!(
                    out,
                    "outcome:  P (the previous player wins: every move leads to an N-position)"
                );
            } else {
                outln!(out, "outcome:  N (the next player wins)");
            }
            outln!(out, "grundy:   {grundy}");
            if wins.is_empty() {
                outln!(out, "winning moves: none");
            } else {
                outln!(out, "winning moves:");
                for w in &wins {
                    outln!(out, "  -> {}", show_position(w));
                }
            }
        }
    }
    print_out(&out)?;
    Ok(0)
}
