//! A box's answer ([`crate::query::table`]) written as `solve` and the REPL's `:table` print it,
//! from one entry point ([`render`]): the words of a box that has no answer (located in the
//! `--max` argument or the ruleset), or the table in the style of the papers, CSV or JSON,
//! position by position (a table of P-positions sorted from their ranks when few; a loopy
//! game's with outcomes P, N or D), looking at the budget as it goes.

use std::cell::Cell;
use std::sync::Arc;

use crate::game::{AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use crate::query::limits::show_bytes;
use crate::query::rows::Row;
use crate::query::table::{Planned, Solved, Table, TableError};
use crate::ruleset::{Code, Diag, LoadError};
use crate::solver::bounds::show_cost;
use crate::Game;
use miette::NamedSource;

use super::halt::{writing_stopped, Halt};
use super::output::{OutputError, Streamed};
use super::table::{Rows, SolvedBy, TableFormat, TableRequest};

/// The most P-positions of the table format sorted from their ranks; beyond, the box is walked.
const MAX_SORTED: usize = 1 << 22;

/// The largest box [`text`] renders into one string (the REPL's `:table`); `solve` streams.
pub(crate) const MAX_IN_MEMORY: usize = 50_000_000;

/// The message of the error a write stopped by the budget returns (the caller then reports
/// the stop itself).
const STOPPED: &str = "the run was stopped while the table was written";

/// A problem with the box, labelled in the `--max` argument.
pub(crate) fn located_at_max(max: u32, mut d: Diag) -> LoadError {
    let src = Arc::new(NamedSource::new("--max", max.to_string()));
    d.source = Some(src.clone());
    LoadError::single(src, d)
}

/// A box with no number of heaps, or too many, in the command line's words.
pub fn box_problem(game: &Game, e: &BoxError) -> LoadError {
    let problem = |d: Diag| LoadError::single(game.src.clone(), d);
    let usage = |msg: String, help: &str| problem(Diag::new(Code::Usage, 0..0, msg, "").help(help));
    match e {
        BoxError::Heaps(BoxHeapsError::FixedCount { count, asked }) => usage(
            format!(
                "`{}` has exactly {count} heaps, but --heaps {asked} was given",
                game.checked.name
            ),
            "leave out --heaps for rulesets with a fixed number of heaps",
        ),
        BoxError::Heaps(BoxHeapsError::AnyCount) => usage(
            format!("{} with --heaps", AnyCount(&game.checked.name)),
            "add --heaps K, e.g. `--heaps 3`",
        ),
        BoxError::TooManyHeaps(k) => problem(
            Diag::new(
                Code::TooLarge,
                0..0,
                format!("a box of positions with {k} heaps is more than `solve` lists"),
                "",
            )
            .help(format!(
                "`solve` lists positions of at most {MAX_BOX_HEAPS} heaps; ask `eval` about \
                 single positions"
            )),
        ),
    }
}

/// A box of `size` positions (`None`: more than 10^38), more than a table by rank can
/// address, or than `limit` when given.
pub(crate) fn too_many_positions(max: u32, size: Option<u128>, limit: Option<usize>) -> LoadError {
    let size = size.map_or("more than 10^38".to_string(), |n| n.to_string());
    let msg = match limit {
        Some(n) => format!("the box holds {size} positions, more than the {n} listed here"),
        None => format!(
            "the box holds {size} positions, more than a table by rank can address (or its \
             index of ranks alone would take more than 1 GiB)"
        ),
    };
    let help = match limit {
        Some(_) => "lower --max or --heaps, or use `heapgame solve`, which writes as it goes",
        None => "lower --max or --heaps",
    };
    let d = Diag::new(Code::TooLarge, 0..max.to_string().len(), msg, "this box").help(help);
    located_at_max(max, d)
}

/// A box held whole with more positions than the position limit (`planned`, refused by
/// the solver's plan, [`crate::solver::within`]).
fn beyond_position_limit(max: u32, planned: &Planned) -> LoadError {
    let msg = format!(
        "the box holds {} positions, more than the position limit of {}, set by {}",
        planned.spec.len(),
        planned.bounds.max_positions,
        planned.bounds.why
    );
    let d = Diag::new(Code::TooLarge, 0..max.to_string().len(), msg, "this box")
        .help("lower --max or --heaps, or raise the limit");
    located_at_max(max, d)
}

/// A box that has no answer, in the words of `solve` and `:table`: refused by
/// the solver's plan ([`crate::solver::within`]), or its solve failed (in the ruleset's words; a front end that
/// says how far the run got words that itself).
pub fn refused(game: &Game, max: u32, e: &TableError) -> LoadError {
    match e {
        TableError::Output(e) => {
            let help = miette::Diagnostic::help(e).map(|h| h.to_string());
            let d = Diag::new(Code::Io, 0..0, e.to_string(), "");
            LoadError::single(game.src.clone(), d.help(help.unwrap_or_default()))
        }
        TableError::Box(e) => box_problem(game, e),
        TableError::Unaddressable(size) => too_many_positions(max, *size, None),
        TableError::Listed { size, most } => {
            too_many_positions(max, Some(*size as u128), Some(*most))
        }
        TableError::Memory(planned) => beyond_memory(max, planned),
        TableError::Positions(planned) => beyond_position_limit(max, planned),
        TableError::Solve { error, .. } => game.solve_diag(error),
    }
}

/// The refusal of a box whose table, in the mode that will solve it, cannot fit the memory
/// limit.
fn beyond_memory(max: u32, planned: &Planned) -> LoadError {
    let positions = planned.spec.len();
    let (cap, why) = planned.bounds.max_memory.clone().unwrap_or_default();
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
    located_at_max(max, d)
}

/// Why [`render`] wrote no table, or not all of it.
#[derive(Debug)]
pub(crate) enum Unwritten {
    /// The box has no answer ([`refused`]; a failed solve in the ruleset's words).
    Refused(LoadError),
    /// The file could not be written, or the budget stopped the writing (then
    /// [`Written::stopped`] is set).
    Output(OutputError),
    /// Standard output could not be written.
    Stdout(std::io::Error),
    /// The budget stopped the writing (Ctrl-C, `--time`): how far it got, in words.
    Stopped(Box<LoadError>),
}

/// The one way `solve` writes a box's answer: the refusal, or the values table or the loopy
/// table written to the file the query floor checked before the solve ([`Solved::output`]:
/// committed whole, or left as it was) or to standard output (a closed pipe is not an error:
/// the reader has what it wanted), counted in `written`; a stop of the budget is worded here.
pub fn render(
    game: &Game,
    req: &TableRequest,
    answer: Result<&Solved, &TableError>,
    written: &Written,
) -> Result<(), Unwritten> {
    let solved = match answer {
        Ok(solved) => solved,
        Err(e) => return Err(Unwritten::Refused(refused(game, req.max, e))),
    };
    // The sink: the file, opened whole or not at all, or standard output; written once.
    let mut file = match &solved.output {
        Some(to) => Some(Streamed::open(to).map_err(Unwritten::Output)?),
        None => None,
    };
    let mut stdout = None;
    let out: &mut dyn std::io::Write = match &mut file {
        Some(file) => file,
        None => stdout.insert(std::io::BufWriter::with_capacity(
            1 << 16,
            std::io::stdout().lock(),
        )),
    };
    let wrote = write(game, req, solved, written, out);
    drop(stdout);
    let r = match (file, wrote) {
        (Some(file), Ok(())) => file.commit().map_err(Unwritten::Output),
        (Some(file), Err(e)) => Err(Unwritten::Output(file.failed(e))),
        (None, Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        (None, Err(e)) => Err(Unwritten::Stdout(e)),
        (None, Ok(())) => Ok(()),
    };
    match r {
        Err(Unwritten::Output(_) | Unwritten::Stdout(_)) if written.stopped.get() => {
            // The guard no longer watches: the stop is the deadline or Ctrl-C.
            let halt = if solved.budget.past_deadline() {
                Halt::Time(written.time)
            } else {
                Halt::CtrlC
            };
            let left = match &solved.output {
                Some(to) => format!("{} was left as it was", to.path.display()),
                None => "the output is incomplete".to_string(),
            };
            let at = (solved.planned.spec.len(), written.done.get());
            Err(Unwritten::Stopped(Box::new(writing_stopped(
                game, halt, at, &left,
            ))))
        }
        r => r,
    }
}

/// How far a write got, and whether the budget stopped it (the error that follows is then
/// that stop).
#[derive(Default)]
pub struct Written {
    /// Positions written.
    pub done: Cell<u64>,
    /// Whether the budget stopped the writing.
    pub stopped: Cell<bool>,
    /// The run's `--time`, for the words of a stop.
    pub time: Option<std::time::Duration>,
}

impl Written {
    /// One more position written.
    fn count(&self) {
        self.done.set(self.done.get() + 1);
    }

    /// The budget stopped the writing: noted, and the error that ends it.
    fn stop(&self) -> std::io::Error {
        self.stopped.set(true);
        std::io::Error::new(std::io::ErrorKind::Interrupted, STOPPED)
    }
}

/// The solved box as one string (the REPL's `:table`; at most [`MAX_IN_MEMORY`] positions,
/// which the query floor refuses beyond).
pub fn text(game: &Game, req: &TableRequest, solved: &Solved) -> std::io::Result<String> {
    let mut out: Vec<u8> = Vec::new();
    write(game, req, solved, &Written::default(), &mut out)?;
    // Every piece written is UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Writes the solved box in the format of `req`, row by row as the query floor reads it
/// ([`Solved::rows`]; the P-positions alone from their ranks when the format lists only
/// them and they are few, [`Solved::sorted_p`]).
fn write(
    game: &Game,
    req: &TableRequest,
    solved: &Solved,
    written: &Written,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let k = solved.planned.k;
    let shape = game.shape();
    let mut rows = match (&solved.table, solved.solved_by()) {
        (Table::Loopy { solution, .. }, _) => {
            let name = game.checked.name.as_str();
            Rows::begin_loopy(out, *req, name, shape, k, solution.graph.len())?
        }
        (_, by) => {
            let by = by.map(|(mode, kernel)| SolvedBy { mode, kernel });
            let name = (game.checked.name.as_str(), game.play());
            Rows::begin(out, *req, name, shape, k, by)?
        }
    };
    if req.format == TableFormat::Table && !req.grundy {
        if let Some(listed) = solved.sorted_p(game, MAX_SORTED) {
            let ps = listed.map_err(|_| written.stop())?;
            for p in &ps.positions {
                written.count();
                rows.row(p, true, None)?;
            }
            rows.skip_n_positions(ps.others);
            return rows.end();
        }
    }
    let mut walk = solved.rows(game, req.grundy);
    while let Some(row) = walk.advance() {
        match row.map_err(|_| written.stop())? {
            Row::Values {
                position,
                is_p,
                grundy,
            } => rows.row(position, is_p, grundy)?,
            Row::Loopy { position, value } => rows.row_loopy(position, value)?,
        }
        written.count();
    }
    rows.end()
}
