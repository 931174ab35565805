//! `heapgame solve`: the outcomes (and Grundy values) of every position in a box, as a table
//! in the style of the papers, CSV or JSON.

use std::fmt::Write as _;

use heapgame::game::show_position;
use heapgame::solver::positions::{box_positions, box_size};
use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
use miette::Report;

use super::common::{json_position, GameArgs};

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
}

/// The largest box `solve` lists.
const MAX_BOX: u128 = 50_000_000;

/// Runs `heapgame solve`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    let shape = game.shape().clone();
    let k = match (shape.count, a.heaps) {
        (Some(c), Some(h)) if h != c => {
            return Err(miette::miette!(
                code = "heapgame::position",
                help = "leave out --heaps for rulesets with a fixed number of heaps",
                "`{}` has exactly {c} heaps, but --heaps {h} was given",
                game.checked.name
            ))
        }
        (Some(c), _) => c,
        (None, Some(h)) => h,
        (None, None) => {
            return Err(miette::miette!(
                code = "heapgame::position",
                help = "add --heaps K, e.g. `--heaps 3`",
                "`{}` allows any number of heaps: say how many at most with --heaps",
                game.checked.name
            ))
        }
    };
    match box_size(&shape, a.max, k) {
        Some(n) if n <= MAX_BOX => {}
        n => {
            return Err(miette::miette!(
                code = "heapgame::too_large",
                help = "lower --max or --heaps",
                "the box holds {} positions, more than the {MAX_BOX} that `solve` lists",
                n.map_or("too many".to_string(), |n| n.to_string())
            ))
        }
    }
    let positions = box_positions(&shape, a.max, k);
    // The box fits: box_size was checked against MAX_BOX above.
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
    let budget = Budget::with_limit(a.game.max_positions);
    let table =
        solve_box(game.generator(), &spec, want, &budget).map_err(|e| game.solve_error(&e))?;
    let mut rows: Vec<(Vec<u32>, bool, Option<u32>)> = Vec::with_capacity(positions.len());
    for p in positions {
        // Every position box_positions lists lies in the box, so it has a rank.
        let v = spec.rank(&p).map_or(0, |r| table.values[r]);
        rows.push((p, v == 0, a.grundy.then_some(v)));
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
            if a.grundy && shape.count == Some(2) && shape.symmetric() {
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
    print!("{out}");
    Ok(0)
}

/// A square table of Grundy values of two heaps: row a, column b.
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
