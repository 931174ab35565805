//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON. The box is planned (or refused, as data) and solved
//! by one call to the query floor ([`crate::query::table::table`], within the limits of the
//! command line), under the run's progress bar and memory guard; the answer, refusal or table,
//! goes to one entry of the report floor ([`crate::report::box_table::render`]), which reads
//! the solved box row by row and writes it as it goes, never held whole.

use std::path::PathBuf;

use crate::query::table::{table, BoxAsk, TableError};
use crate::report::box_table::{render, Unwritten, Written};
use crate::report::table::{TableFormat, TableRequest};
use miette::Report;

use super::common::{GameArgs, SolveRun};
use super::error::CliError;

/// Arguments of `heapgame solve`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame solve rulesets/classic/wythoff.game --max 30
  heapgame solve rulesets/classic/wythoff.game --max 9 --grundy
  heapgame solve rulesets/classic/nim.game --max 7 --heaps 3 --format csv
  heapgame solve rulesets/fraenkel-zusman/fraenkel-zusman.game -p k=4 --max 15")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap size.
    #[arg(long, value_name = "N")]
    max: u32,
    /// The most heaps, for rulesets with any number of heaps.
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// Compute Grundy values too (slower than outcomes alone).
    #[arg(long)]
    grundy: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Table)]
    format: TableFormat,
    /// Say on standard error, before solving, each move clause that the interpreter runs and
    /// which part of it stopped the move compiler (`heapgame moves FILE --explain` lists every
    /// clause).
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Write the table to FILE instead of stdout: whole or not at all (a temporary file in
    /// the same directory, renamed when complete).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `heapgame solve` in one pass down and up: the ruleset loaded, the run's progress bar
/// and memory guard started, the box asked of the query floor in one call (its output file
/// checked, a device or a directory refused before anything is solved; planned, refused as
/// data, or solved within the run's budget), and the answer, table or refusal, handed to
/// [`render`], which writes it.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    if a.verbose {
        for l in crate::report::clauses::clause_lines(&game) {
            if !l.compiled {
                eprintln!("{}", l.text);
            }
        }
    }
    let req = TableRequest {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        format: a.format,
    };
    let ask = BoxAsk {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        held: false,
        loopy: true,
        most: None,
        output: a.output.clone(),
    };
    // The run's hooks (progress bar, memory guard) start at the memory limit the query floor
    // resolves; the position limit, which the box's plan sets, comes back with the answer.
    let limits = a.game.query_limits();
    let what = format!("solving heaps <= {}", a.max);
    let mut run = SolveRun::hooks(&a.game, &limits, what);
    let answer = table(&game, game.generator(), &ask, &limits, &run.budget);
    let answer = match answer {
        Err(TableError::Output(e)) => return Err(Report::new(e)),
        answer => answer,
    };
    if let Err(TableError::Solve {
        error,
        loopy,
        planned,
    }) = &answer
    {
        let context = if *loopy {
            "while solving the region the box reaches (the moves can return to a position)"
                .to_string()
        } else {
            format!(
                "while solving the {} positions of the box",
                planned.spec.len()
            )
        };
        run.limits = planned.bounds.clone();
        return Err(run.failure(&game, error, &context));
    }
    // The progress bar and the memory guard end with the solve; the budget (Ctrl-C, --time)
    // still stops the writing, which the report words.
    drop(run);
    let written = Written {
        time: a.game.time,
        ..Written::default()
    };
    match render(&game, &req, answer.as_ref(), &written) {
        Ok(()) => Ok(0),
        Err(Unwritten::Refused(e)) => Err(Report::new(e)),
        Err(Unwritten::Stopped(e)) => Err(Report::new(*e)),
        Err(Unwritten::Output(e)) => Err(Report::new(e)),
        Err(Unwritten::Stdout(e)) => Err(CliError::Write(e).into()),
    }
}
