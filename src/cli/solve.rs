//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON. The box is solved by `solve_box` into a table by
//! rank (refused beforehand only when that mode's table cannot fit the memory limit), then
//! walked in order and written as it goes ([`crate::report::table`]), never held whole.

use std::cell::Cell;
use std::path::PathBuf;

use crate::estimate::Estimate;
use crate::report::memo_table::{box_of, located_at_max};
use crate::report::output::write_streamed;
use crate::report::table::{Rows, Solved, TableFormat, TableRequest};
use crate::report::table_loopy::{solve_box_loopy, write_loopy};
use crate::ruleset::{Code, Diag, LoadError};
use crate::solver::modes::{solve_box_listed, Listed};
use crate::solver::plan::{plan_box_listed, BoxPlan};
use crate::solver::positions::{box_size, each_position};
use crate::solver::{BoxSpec, Budget, Play, SolveError, Want};
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

/// The most P-positions of the table format sorted from their ranks; beyond, the box is walked.
const MAX_SORTED: usize = 1 << 22;

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
    let (k, size) = box_of(&game, &req)?;
    let spec = box_spec(&game, &req, k, size)?;
    let what = format!("solving heaps <= {}", a.max);
    let estimate = Estimate::for_box(game.generator(), a.max, k, size);
    a.game.check_estimate(&game, &estimate, &what)?;
    let want = if a.grundy {
        Want::Grundy
    } else {
        Want::Outcome
    };
    let run = start(&a, &game, &spec, want, what)?;
    let values = match solve_box_listed(game.generator(), &spec, want, &run.budget, game.play()) {
        Ok(values) => values,
        // The moves can return to a position: in normal play, Smith's values over the
        // region the box reaches.
        Err(SolveError::Cycle(_)) if game.play() == Play::Normal => {
            return solve_loopy(&a, &game, &req, k, run).map(|()| 0);
        }
        Err(e) => {
            let context = format!("while solving the {} positions of the box", spec.len());
            return Err(run.failure(&game, &e, &context));
        }
    };
    write_table(&a, &game, &req, (k, &spec), &values, run).map(|()| 0)
}

/// The run of a solve of `spec`: the position limit at what the mode that will run stores a
/// position in; refused here only when its table of the box cannot fit the memory limit.
fn start(
    a: &Args,
    game: &Game,
    spec: &BoxSpec,
    want: Want,
    what: String,
) -> Result<SolveRun, Report> {
    let plan = plan_box_listed(game.generator(), spec, want, game.play());
    let limits = a.game.limits_at(plan.bits_per_position);
    if let (false, Some((cap, why))) = (a.game.force, &limits.max_memory) {
        refuse_beyond_memory(a.max, spec, &plan, *cap, why)?;
    }
    let total = u64::try_from(spec.len()).ok();
    Ok(SolveRun::with_limits(&a.game, limits, total, what))
}

/// A loopy game's box: Smith's values over the region it reaches, written.
fn solve_loopy(
    a: &Args,
    game: &Game,
    req: &TableRequest,
    k: usize,
    run: SolveRun,
) -> Result<(), Report> {
    let context = "while solving the region the box reaches (the moves can return to a position)";
    let solved =
        solve_box_loopy(game, req, k, &run.budget).map_err(|e| run.failure(game, &e, context))?;
    drop(run);
    let write =
        |out: &mut dyn std::io::Write| write_loopy(game, req, k, (&solved.0, &solved.1), out);
    write_out(a.output.as_deref(), write)
}

/// Writes the solved box; Ctrl-C and --time still stop the run while a long table is
/// written, and say how far it got.
fn write_table(
    a: &Args,
    game: &Game,
    req: &TableRequest,
    (k, spec): (usize, &BoxSpec),
    values: &Listed,
    run: SolveRun,
) -> Result<(), Report> {
    let budget = run.budget.clone();
    let time = run.time;
    drop(run);
    let done = Cell::new(0u64);
    // Set when the budget stops the writing: the error that follows is that stop.
    let stopped = Cell::new(false);
    let write = |out: &mut dyn std::io::Write| {
        write_values(
            game,
            req,
            (k, spec),
            values,
            (&budget, &done, &stopped),
            out,
        )
    };
    match write_out(a.output.as_deref(), write) {
        Err(_) if stopped.get() => {
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
                    spec.len(),
                    done.get()
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

/// Refuses a box whose table, in the mode that will solve it, cannot fit `cap` bytes (the
/// memory limit, set by `why`).
fn refuse_beyond_memory(
    max: u32,
    spec: &BoxSpec,
    plan: &BoxPlan,
    cap: u64,
    why: &str,
) -> Result<(), Report> {
    let need = plan.bytes(spec.len());
    if need <= u128::from(cap) {
        return Ok(());
    }
    let d = Diag::new(
        Code::TooLarge,
        0..max.to_string().len(),
        format!(
            "the box holds {} positions: {} takes at least {} for them ({} a position), \
             more than the memory limit of {}, set by {why}",
            spec.len(),
            plan.describe(),
            show_bytes(u64::try_from(need).unwrap_or(u64::MAX)),
            show_cost(plan.bits_per_position),
            show_bytes(cap),
        ),
        format!("{} positions", spec.len()),
    )
    .help(
        "lower --max (or --heaps), or raise the limit with --max-memory SIZE; --force starts \
         anyway",
    );
    Err(Report::new(located_at_max(max, d)))
}

/// The message of the error a write stopped by Ctrl-C or --time returns (the run then reports
/// the stop itself).
const STOPPED: &str = "the run was stopped while the table was written";

/// The box's ranks, or an error for a box too large to be given a table by rank at all.
fn box_spec(
    game: &Game,
    a: &TableRequest,
    k: usize,
    size: Option<u128>,
) -> Result<BoxSpec, Report> {
    BoxSpec::new(game.shape(), a.max, k).map_err(|_| {
        let d = Diag::new(
            Code::TooLarge,
            0..a.max.to_string().len(),
            format!(
                "the box holds {} positions, more than a table by rank can address (or its \
                 index of ranks alone would take more than 1 GiB)",
                size.map_or("more than 10^38".to_string(), |n| n.to_string())
            ),
            "this box",
        )
        .help("lower --max or --heaps");
        Report::new(located_at_max(a.max, d))
    })
}

/// Writes the solved box, position by position in the order of `each_position`, each read
/// by its rank (or, for a sum, its value computed by XOR).
fn write_values(
    game: &Game,
    req: &TableRequest,
    (k, spec): (usize, &BoxSpec),
    listed: &Listed,
    (stop, done, stopped): (&Budget, &Cell<u64>, &Cell<bool>),
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let shape = game.shape();
    let (mode, kernel) = listed.solved_by();
    let solved = Solved { mode, kernel };
    let name = (game.checked.name.as_str(), game.play());
    let mut rows = Rows::begin(out, *req, name, shape, k, Some(solved))?;
    let lists_box = box_size(shape, req.max, k) == Some(spec.len() as u128);
    let restricted = game.generator().positions.is_some();
    // Looks at the clock and Ctrl-C every 2^16 steps (`n` counts them).
    let look = |n: u64| {
        if n.is_multiple_of(1 << 16) && stop.interrupted().is_err() {
            stopped.set(true);
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                STOPPED,
            ));
        }
        Ok(())
    };
    // One more position written, counted in `done`.
    let step = || -> std::io::Result<()> {
        look(done.get())?;
        done.set(done.get() + 1);
        Ok(())
    };
    let fast = req.format == TableFormat::Table && !req.grundy && lists_box && !restricted;
    if let (true, Listed::Box(values)) = (fast, listed) {
        // Only the P-positions are written: those few, from their ranks, in the order of
        // `each_position` (by number of heaps, then lexicographic), the rest counted.
        let ps = values.p_ranks().take(MAX_SORTED + 1).count();
        if ps <= MAX_SORTED {
            let mut list: Vec<Vec<u32>> = Vec::with_capacity(ps);
            for (n, r) in (0u64..).zip(values.p_ranks()) {
                look(n)?;
                let mut p = Vec::new();
                spec.unrank(r, &mut p);
                list.push(p);
            }
            list.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
            for p in &list {
                step()?;
                rows.row(p, true, None)?;
            }
            rows.skip_n_positions((spec.len() - ps) as u64);
            return rows.end();
        }
    }
    each_position(shape, req.max, k, |p| {
        step()?;
        if !game.allows(p) {
            return Ok(());
        }
        let (is_p, g) = listed.at(spec, p, req.grundy);
        rows.row(p, is_p, g)
    })?;
    rows.end()
}
