//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON.

use std::fmt::Write as _;
use std::path::PathBuf;

use heapgame::estimate::Estimate;
use heapgame::game::show_position;
use heapgame::moves::{Generator, MoveError};
use heapgame::ruleset::{Code, Diag, LoadError};
use heapgame::solver::positions::{box_positions, box_size};
use heapgame::solver::{solve_box, BoxSpec, Budget, SolveError, Want};
use heapgame::{Game, Solver};
use miette::Report;

use super::common::{json_position, print_out, GameArgs, SolveRun};
use super::output::write_whole;

/// Output formats of `solve`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// The P-positions (or a Grundy table), for people.
    Table,
    /// `h1,...,hk,outcome[,grundy]`, one row per position.
    Csv,
    /// One JSON object.
    Json,
}

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

/// The widest Grundy grid `solve` draws (rows and columns); larger boxes are listed.
const GRID_MAX: u32 = 200;

/// The most heaps of a position `solve` lists (counting the box takes time quadratic in it).
const MAX_HEAPS: usize = 1_000;

/// The largest box `solve` lists.
const MAX_BOX: u128 = 50_000_000;

/// Runs `heapgame solve`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    let req = TableRequest {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        format: a.format,
    };
    let (k, size) = box_of(&game, &req)?;
    let estimate = Estimate::for_box(game.generator(), a.max, k, size);
    let what = format!("solving heaps <= {}", a.max);
    a.game.check_estimate(&game, &estimate, &what)?;
    let run = SolveRun::start(&a.game, k, size.and_then(|n| u64::try_from(n).ok()), what);
    let out = table(&game, Engine::Table(&run.budget), &req, &|e, context| {
        run.failure(&game, e, context)
    })?;
    drop(run);
    match &a.output {
        Some(path) => write_whole(path, &out)?,
        None => print_out(&out)?,
    }
    Ok(0)
}

/// What `solve` (and the REPL's `:table`) lists: the box and the output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRequest {
    /// The largest heap size.
    pub max: u32,
    /// The most heaps, for rulesets with any number of heaps.
    pub heaps: Option<usize>,
    /// Grundy values too.
    pub grundy: bool,
    /// Output format.
    pub format: TableFormat,
}

/// The number of heaps of the box and how many positions it holds; an error for a box
/// `solve` does not list.
fn box_of(game: &Game, a: &TableRequest) -> Result<(usize, Option<u128>), Report> {
    let shape = game.shape();
    let usage = |msg: String, help: &str| {
        Report::new(LoadError::single(
            game.src.clone(),
            Diag::new(Code::Usage, 0..0, msg, "").help(help),
        ))
    };
    let k = match (shape.count, a.heaps) {
        (Some(c), Some(h)) if h != c => {
            return Err(usage(
                format!(
                    "`{}` has exactly {c} heaps, but --heaps {h} was given",
                    game.checked.name
                ),
                "leave out --heaps for rulesets with a fixed number of heaps",
            ))
        }
        (Some(c), _) => c,
        (None, Some(h)) => h,
        (None, None) => {
            return Err(usage(
                format!(
                    "`{}` allows any number of heaps: say how many at most with --heaps",
                    game.checked.name
                ),
                "add --heaps K, e.g. `--heaps 3`",
            ))
        }
    };
    if k > MAX_HEAPS {
        let d = Diag::new(
            Code::TooLarge,
            0..0,
            format!("a box of positions with {k} heaps is more than `solve` lists"),
            "",
        )
        .help(format!("`solve` lists positions of at most {MAX_HEAPS} heaps; ask `eval` about single positions"));
        return Err(Report::new(LoadError::single(game.src.clone(), d)));
    }
    let size = box_size(shape, a.max, k);
    match size {
        Some(n) if n <= MAX_BOX => Ok((k, size)),
        n => {
            let d = Diag::new(
                Code::TooLarge,
                0..0,
                format!(
                    "the box holds {} positions, more than the {MAX_BOX} that `solve` lists",
                    n.map_or("more than 10^38".to_string(), |n| n.to_string())
                ),
                "",
            )
            .help("lower --max or --heaps");
            Err(Report::new(LoadError::single(game.src.clone(), d)))
        }
    }
}

/// How a solve's failure becomes a report, given what was being solved.
pub type Failure<'a> = dyn Fn(&SolveError<MoveError>, &str) -> Report + 'a;

/// How `table` solves the box.
pub enum Engine<'s, 'g> {
    /// With a memoized solver that outlives the table (the REPL's, whose budget applies).
    Memo(&'s mut Solver<'g, Generator>),
    /// With the fastest mode for a whole box (a dense table, a disjunctive sum, in parallel
    /// where it can), within this budget.
    Table(&'s Budget),
}

/// Solves every position of the box and renders the table, CSV or JSON that `solve` prints;
/// `fail` words a failure.
pub fn table(
    game: &Game,
    engine: Engine<'_, '_>,
    a: &TableRequest,
    fail: &Failure<'_>,
) -> Result<String, Report> {
    let shape = game.shape().clone();
    let (k, _) = box_of(game, a)?;
    let total = heapgame::solver::positions::box_size(&shape, a.max, k).unwrap_or(0);
    let mut rows: Vec<(Vec<u32>, bool, Option<u32>)> = Vec::new();
    match engine {
        Engine::Memo(solver) => {
            let positions = box_positions(&shape, a.max, k);
            for (i, p) in positions.into_iter().enumerate() {
                let context = || {
                    format!(
                        "while solving {}, position {} of the {total} in the box",
                        show_position(&p),
                        i + 1
                    )
                };
                let (is_p, g) = if a.grundy {
                    let g = solver.grundy(&p).map_err(|e| fail(&e, &context()))?;
                    (g == 0, Some(g))
                } else {
                    let o = solver.outcome(&p).map_err(|e| fail(&e, &context()))?;
                    (o == heapgame::Outcome::P, None)
                };
                rows.push((p, is_p, g));
            }
        }
        Engine::Table(budget) => {
            // The box fits: box_of checked its size against MAX_BOX.
            let spec = BoxSpec::new(&shape, a.max, k).map_err(|_| {
                miette::miette!(
                    code = "heapgame::too_large",
                    help = "lower --max or --heaps",
                    "the box is too large"
                )
            })?;
            let want = if a.grundy {
                Want::Grundy
            } else {
                Want::Outcome
            };
            let context = format!("while solving the {total} positions of the box");
            let table =
                solve_box(game.generator(), &spec, want, budget).map_err(|e| fail(&e, &context))?;
            // Listed after the solve, so that a time limit is not spent listing them.
            for p in box_positions(&shape, a.max, k) {
                // Every position box_positions lists lies in the box, so it has a rank.
                let v = spec.rank(&p).map_or(0, |r| table.value(r));
                rows.push((p, v == 0, a.grundy.then_some(v)));
            }
        }
    }
    let mut out = String::new();
    match a.format {
        TableFormat::Csv => {
            let mut header: Vec<String> = (1..=k).map(|i| format!("h{i}")).collect();
            header.push("outcome".into());
            if a.grundy {
                header.push("grundy".into());
            }
            let _ = writeln!(out, "{}", header.join(","));
            for (p, is_p, g) in &rows {
                let mut cells: Vec<String> = (0..k)
                    .map(|i| p.get(i).map_or(String::new(), u32::to_string))
                    .collect();
                cells.push(if *is_p { "P".into() } else { "N".into() });
                if let Some(g) = g {
                    cells.push(g.to_string());
                }
                let _ = writeln!(out, "{}", cells.join(","));
            }
        }
        TableFormat::Json => {
            let list: Vec<_> = rows
                .iter()
                .map(|(p, is_p, g)| {
                    let mut o = serde_json::json!({
                        "position": json_position(p),
                        "outcome": if *is_p { "P" } else { "N" },
                    });
                    if let Some(g) = g {
                        o["grundy"] = serde_json::Value::from(*g);
                    }
                    o
                })
                .collect();
            let v = serde_json::json!({
                "ruleset": game.checked.name,
                "max": a.max,
                "positions": list,
            });
            let _ = writeln!(out, "{v}");
        }
        TableFormat::Table => {
            let total = rows.len();
            let ps = rows.iter().filter(|r| r.1).count();
            let bound = if shape.count.is_none() {
                format!("at most {k} heaps, every heap <= {}", a.max)
            } else {
                format!("every heap <= {}", a.max)
            };
            // A square grid for two unnamed heaps, when it fits on a screen or a page.
            let grid = shape.lower <= a.max && a.max - shape.lower < GRID_MAX;
            if a.grundy && shape.count == Some(2) && shape.symmetric() && grid {
                grundy_grid(&mut out, &rows, a.max, shape.lower);
            } else if a.grundy {
                let _ = writeln!(out, "Grundy values of {} ({bound}):", game.checked.name);
                for (p, _, g) in &rows {
                    let _ = writeln!(out, "  {:<24} {}", show_position(p), g.unwrap_or(0));
                }
            } else {
                let _ = writeln!(out, "P-positions of {} ({bound}):", game.checked.name);
                for (p, is_p, _) in &rows {
                    if *is_p {
                        let _ = writeln!(out, "  {}", show_position(p));
                    }
                }
            }
            let _ = writeln!(out, "{ps} P-positions among {total} positions");
        }
    }
    Ok(out)
}

/// A square table of Grundy values of two heaps: row a, column b.
/// The caller ensures `lower <= max < lower + GRID_MAX`, and every row is a position of two
/// heaps in `lower..=max`, so the subtractions and indexing below cannot fail.
fn grundy_grid(out: &mut String, rows: &[(Vec<u32>, bool, Option<u32>)], max: u32, lower: u32) {
    let n = (max - lower + 1) as usize;
    let mut grid = vec![vec![0u32; n]; n];
    for (p, _, g) in rows {
        let (a, b) = ((p[0] - lower) as usize, (p[1] - lower) as usize);
        grid[a][b] = g.unwrap_or(0);
        grid[b][a] = g.unwrap_or(0);
    }
    let width = grid
        .iter()
        .flatten()
        .max()
        .map_or(1, |m| m.to_string().len())
        .max(max.to_string().len());
    let _ = write!(out, "{:>w$} |", "", w = width);
    for b in lower..=max {
        let _ = write!(out, " {b:>width$}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", "-".repeat((width + 1) * (n + 1) + 1));
    for (i, row) in grid.iter().enumerate() {
        let _ = write!(out, "{:>width$} |", i as u32 + lower);
        for g in row {
            let _ = write!(out, " {g:>width$}");
        }
        let _ = writeln!(out);
    }
}
