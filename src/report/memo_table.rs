//! The REPL's `:table`: every position of a box solved with a memoized solver that outlives
//! the table (the session's), rendered as `solve` renders it, into one string; and the box of
//! a ruleset that `solve` and `:table` list (its heaps, its size), with its errors located in
//! the `--max` argument.

use std::sync::Arc;

use crate::game::{show_position, AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use crate::moves::{Generator, MoveError};
use crate::ruleset::{Code, Diag, LoadError};
use crate::solver::positions::each_position;
use crate::solver::{Play, SolveError};
use crate::{Game, Solver};
use miette::NamedSource;

use super::table::{Rows, TableRequest};
use super::table_loopy::{solve_box_loopy, write_loopy};

/// The largest box [`table`] renders into one string (the REPL's `:table`); `solve` streams.
const MAX_IN_MEMORY: u128 = 50_000_000;

/// A problem with the box, labelled in the `--max` argument.
pub fn located_at_max(max: u32, mut d: Diag) -> LoadError {
    let src = Arc::new(NamedSource::new("--max", max.to_string()));
    d.source = Some(src.clone());
    LoadError::single(src, d)
}

/// The number of heaps of the box and how many positions it holds (`None`: more than 10^38)
/// ([`Game::box_of`]); a located problem, in the command line's words, for a box `solve`
/// does not list.
pub fn box_of(game: &Game, a: &TableRequest) -> Result<(usize, Option<u128>), LoadError> {
    let problem = |d: Diag| LoadError::single(game.src.clone(), d);
    let usage = |msg: String, help: &str| problem(Diag::new(Code::Usage, 0..0, msg, "").help(help));
    game.box_of(a.max, a.heaps).map_err(|e| match e {
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
    })
}

/// Why `:table` gave no table.
#[derive(Debug)]
pub enum TableError {
    /// The box is not listed (located in the ruleset or the `--max` argument).
    Box(LoadError),
    /// A solve failed, and what was being solved ("while solving (3, 5), position 7 of the 16
    /// in the box").
    Solve(SolveError<MoveError>, String),
    /// Writing the table failed.
    Write(std::io::Error),
}

/// Solves every position of the box with a memoized solver that outlives the table (the
/// REPL's, whose budget applies) and renders the table, CSV or JSON that `solve` prints, as
/// one string (boxes of at most [`MAX_IN_MEMORY`] positions).
pub fn table(
    game: &Game,
    solver: &mut Solver<'_, Generator>,
    a: &TableRequest,
) -> Result<String, TableError> {
    let shape = game.shape().clone();
    let (k, size) = box_of(game, a).map_err(TableError::Box)?;
    let total = match size {
        Some(n) if n <= MAX_IN_MEMORY => n,
        n => {
            let d = Diag::new(
                Code::TooLarge,
                0..a.max.to_string().len(),
                format!(
                    "the box holds {} positions, more than the {MAX_IN_MEMORY} listed here",
                    n.map_or("more than 10^38".to_string(), |n| n.to_string())
                ),
                "this box",
            )
            .help("lower --max or --heaps, or use `heapgame solve`, which writes as it goes");
            return Err(TableError::Box(located_at_max(a.max, d)));
        }
    };
    /// Why the walk stopped.
    enum Stop {
        Write(std::io::Error),
        Solve(SolveError<MoveError>, String),
        Loopy,
    }
    let io = TableError::Write;
    let mut out: Vec<u8> = Vec::new();
    let name = (game.checked.name.as_str(), game.play());
    let mut rows = Rows::begin(&mut out, *a, name, &shape, k, None).map_err(io)?;
    let mut i = 0u128;
    let walked = each_position(&shape, a.max, k, |p| {
        i += 1;
        if !game.allows(p) {
            return Ok(());
        }
        let answer = if a.grundy {
            solver.grundy(p).map(|g| (g == 0, Some(g)))
        } else {
            solver.outcome(p).map(|o| (o == crate::Outcome::P, None))
        };
        if let Err(SolveError::Cycle(_)) = &answer {
            return Err(Stop::Loopy);
        }
        let (is_p, g) = answer.map_err(|e| {
            let context = format!(
                "while solving {}, position {i} of the {total} in the box",
                show_position(p)
            );
            Stop::Solve(e, context)
        })?;
        rows.row(p, is_p, g).map_err(Stop::Write)
    });
    match walked {
        Err(Stop::Write(e)) => return Err(io(e)),
        Err(Stop::Solve(e, context)) => return Err(TableError::Solve(e, context)),
        // The moves can return to a position: in normal play, Smith's values of the box.
        Err(Stop::Loopy) if game.play() == Play::Normal => {
            let budget = solver.budget().clone();
            let context = "while solving the region the box reaches";
            let solved = solve_box_loopy(game, a, k, &budget)
                .map_err(|e| TableError::Solve(e, context.to_string()))?;
            let mut out: Vec<u8> = Vec::new();
            write_loopy(game, a, k, (&solved.0, &solved.1), &mut out).map_err(io)?;
            return Ok(String::from_utf8_lossy(&out).into_owned());
        }
        Err(Stop::Loopy) => {
            let e = SolveError::Cycle(Vec::new());
            return Err(TableError::Solve(e, "while solving the box".to_string()));
        }
        Ok(()) => rows.end().map_err(io)?,
    }
    // Every piece written is UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}
