//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON. The box is planned and solved by the query floor
//! ([`crate::query::table`]: refused beforehand only when its mode's table cannot fit the
//! memory limit), then walked in order and written as it goes
//! ([`crate::report::box_table`]), never held whole.

use std::path::PathBuf;

use crate::estimate::Estimate;
use crate::query::table::{plan, solve, Planned, Table, TableError};
use crate::report::box_table::{box_problem, located_at_max, too_many_positions, write, Written};
use crate::report::output::write_streamed;
use crate::report::table::{TableFormat, TableRequest};
use crate::ruleset::{Code, Diag, LoadError};
use crate::Game;
use miette::Report;

use super::common::{show_cost, GameArgs, SolveRun};
use super::error::CliError;
use super::solve_run::Halt;
use super::units::show_bytes;

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
    let planned = plan(&game, &ask).map_err(|e| box_refused(&game, a.max, e))?;
    let what = format!("solving heaps <= {}", a.max);
    let size = Some(planned.spec.len() as u128);
    let estimate = Estimate::for_box(game.generator(), a.max, planned.k, size);
    a.game.check_estimate(&game, &estimate, &what)?;
    let run = start(&a, &planned, what)?;
    let table = solve(&game, &ask, &planned, &run.budget).map_err(|e| match e {
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

/// A box refused before its solve, in the command line's words.
fn box_refused(game: &Game, max: u32, e: TableError) -> Report {
    match e {
        TableError::Box(e) => Report::new(box_problem(game, &e)),
        TableError::Unaddressable(size) => Report::new(too_many_positions(max, size, None)),
        TableError::Memory { need, cap } => Report::msg(format!(
            "the box needs at least {need} bytes, more than the memory limit of {cap}"
        )),
        TableError::Solve { error, .. } => Report::msg(format!("the solve failed: {error}")),
    }
}

/// The run of a solve of the planned box: the position limit at what the mode that will run
/// stores a position in; refused here only when its table of the box cannot fit the memory
/// limit.
fn start(a: &Args, planned: &Planned, what: String) -> Result<SolveRun, Report> {
    let limits = a.game.limits_at(planned.plan.bits_per_position);
    if let (false, Some((cap, why))) = (a.game.force, &limits.max_memory) {
        if planned.refuse_beyond(*cap).is_err() {
            return Err(refuse_beyond_memory(a.max, planned, *cap, why));
        }
    }
    let total = u64::try_from(planned.spec.len()).ok();
    Ok(SolveRun::with_limits(&a.game, limits, total, what))
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

/// The refusal of a box whose table, in the mode that will solve it, cannot fit `cap` bytes
/// (the memory limit, set by `why`).
fn refuse_beyond_memory(max: u32, planned: &Planned, cap: u64, why: &str) -> Report {
    let positions = planned.spec.len();
    let d = Diag::new(
        Code::TooLarge,
        0..max.to_string().len(),
        format!(
            "the box holds {positions} positions: {} takes at least {} for them ({} a \
             position), more than the memory limit of {}, set by {why}",
            planned.plan.describe(),
            show_bytes(u64::try_from(planned.bytes()).unwrap_or(u64::MAX)),
            show_cost(planned.plan.bits_per_position),
            show_bytes(cap),
        ),
        format!("{positions} positions"),
    )
    .help(
        "lower --max (or --heaps), or raise the limit with --max-memory SIZE; --force starts \
         anyway",
    );
    Report::new(located_at_max(max, d))
}
