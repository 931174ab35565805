//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON. The box is planned, refused or solved by the query
//! floor ([`crate::query::table`], within the limits of the command line), then walked in
//! order and written as it goes
//! ([`crate::report::box_table`]), never held whole.

use std::path::PathBuf;

use crate::query::table::{plan, solve, Planned, Table, TableError};
use crate::report::box_table::{refused, write, Written};
use crate::report::output::write_streamed;
use crate::report::table::{TableFormat, TableRequest};
use crate::ruleset::{Diag, LoadError};
use crate::Game;
use miette::Report;

use super::common::{GameArgs, SolveRun};
use super::error::CliError;
use super::solve_run::Halt;

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
    /// Write the table to FILE instead of stdout: whole or not at all (a temporary file in
    /// the same directory, renamed when complete).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `heapgame solve`: the box planned (refused only when the mode's table cannot fit
/// the memory limit), solved, and written position by position.
pub fn run(a: Args) -> Result<u8, Report> {
    if let Some(path) = &a.output {
        // A device or directory is refused before anything is solved.
        crate::report::output::check_target(path)?;
    }
    let game = a.game.load()?;
    let req = TableRequest {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        format: a.format,
    };
    let ask = req.ask();
    let planned =
        plan(&game, &ask, &a.game.query_limits()).map_err(|e| box_refused(&game, a.max, e))?;
    let total = u64::try_from(planned.spec.len()).ok();
    let what = format!("solving heaps <= {}", a.max);
    let run = SolveRun::with_limits(&a.game, planned.bounds.clone(), total, what);
    let table =
        solve(&game, game.generator(), &ask, &planned, &run.budget).map_err(|e| match e {
            TableError::Solve { error, loopy } => {
                let context = if loopy {
                    "while solving the region the box reaches (the moves can return to a position)"
                        .to_string()
                } else {
                    format!(
                        "while solving the {} positions of the box",
                        planned.spec.len()
                    )
                };
                run.failure(&game, &error, &context)
            }
            e => box_refused(&game, a.max, e),
        })?;
    write_table(&a, &game, &req, (&planned, &table), run).map(|()| 0)
}

/// A box refused before its solve, in the command line's words
/// ([`crate::report::box_table::refused`]).
fn box_refused(game: &Game, max: u32, e: TableError) -> Report {
    match refused(game, max, &e) {
        Some(err) => Report::new(err),
        None => match e {
            TableError::Solve { error, .. } => Report::new(game.solve_diag(&error)),
            _ => Report::msg("the box was refused"),
        },
    }
}

/// Writes the solved box; Ctrl-C and --time still stop the run while a long table is
/// written, and say how far it got.
fn write_table(
    a: &Args,
    game: &Game,
    req: &TableRequest,
    solved: (&Planned, &Table),
    run: SolveRun,
) -> Result<(), Report> {
    let budget = run.budget.clone();
    let time = run.time;
    drop(run);
    let written = Written::default();
    let out = |o: &mut dyn std::io::Write| write(game, req, solved, (&budget, &written), o);
    match write_out(a.output.as_deref(), out) {
        Err(_) if written.stopped.get() => {
            let left = match &a.output {
                Some(p) => format!("{} was left as it was", p.display()),
                None => "the output is incomplete".to_string(),
            };
            // The guard no longer watches: the stop is the deadline or Ctrl-C.
            let halt = if budget.past_deadline() {
                Halt::Time(time)
            } else {
                Halt::CtrlC
            };
            let d = Diag::new(
                halt.code(),
                0..0,
                format!(
                    "{}, while writing the {} positions of the box, after {} of them",
                    halt.words(),
                    solved.0.spec.len(),
                    written.done.get()
                ),
                "",
            )
            .help(format!("{left}; run again to start over"));
            Err(Report::new(LoadError::single(game.src.clone(), d)))
        }
        other => other,
    }
}

/// Writes the output to `path` (whole or not at all) or to stdout.
fn write_out(
    path: Option<&std::path::Path>,
    write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), Report> {
    match path {
        Some(path) => write_streamed(path, write).map_err(Report::new),
        None => {
            let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            match write(&mut out) {
                // A closed pipe (`heapgame solve ... | head`) is not an error: the reader
                // has what it wanted.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(CliError::Write(e).into()),
                Ok(()) => Ok(()),
            }
        }
    }
}
