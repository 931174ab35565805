//! `heapgame sequence`: the Grundy values of one heap, 0..N, and their periodicity, printed in
//! rows of the period (as Winning Ways prints them), as CSV, or as JSON.

use crate::report::sequence::{render, SeqFormat};
use crate::sequence::{sequence, SequenceError};
use miette::Report;

use super::common::{print_out, GameArgs, SolveRun};

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
    print_out(&render(&s, a.format, game.play()))?;
    Ok(0)
}
