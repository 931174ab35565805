//! `heapgame plot`: a picture of a ruleset (P-positions of two heaps, a Grundy heatmap, slices
//! of more heaps, a single heap's Grundy sequence), with the claims overlaid on request; SVG
//! on stdout, or SVG or PNG in `--output FILE` by its extension. Drawing is `heapgame::plot`'s.

use std::path::{Path, PathBuf};

use crate::estimate::Estimate;
use crate::moves::MoveError;
use crate::plot::{self, ImageFormat, PlotError, PlotRequest};
use crate::query::destination::Destination;
use crate::report::output::write_whole_to;
use crate::report::picture::{destination_of, figure_bytes, period_of, render};
use crate::verify::diff::DiffReport;
use crate::verify::Bounds;
use crate::Game;
use crate::SolveError;
use miette::Report;

use super::common::{print_out, GameArgs, SolveRun};

/// Arguments of `heapgame plot`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame plot rulesets/classic/wythoff.game --max 200 --output wythoff.png
  heapgame plot rulesets/classic/wythoff.game --max 60 --grundy --output wythoff-grundy.svg
  heapgame plot rulesets/classic/nim.game --max 15 --heaps 3 --slice h3=0,3,5,6 --output nim.png
  heapgame plot rulesets/classic/subtraction.game -p \"S={1,2,3}\" --max 60 --output seq.svg
  heapgame plot rulesets/classic/wythoff.game --max 30 --claim > wythoff.svg

Exit 0 when the picture is written, 2 on bad input or a limit hit.")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap size drawn.
    #[arg(long, value_name = "N")]
    max: u32,
    /// The number of heaps, for rulesets with any number of heaps; --heaps 1 draws a
    /// disjunctive sum's single-heap Grundy sequence.
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// A heatmap of Grundy values instead of the P-positions.
    #[arg(long)]
    grundy: bool,
    /// Fix a heap for games of three or more heaps: NAME=V, NAME=V1,V2,... or NAME=A..B (several
    /// values draw several slices side by side); NAME is a heap name or h1, h2, ...
    #[arg(long, value_name = "NAME=VALUES")]
    slice: Vec<String>,
    /// Mark in red the positions where a claim of the ruleset and the solver disagree.
    #[arg(long)]
    claim: bool,
    /// The top of the heatmap's colour scale (larger values get the top colour); default:
    /// the largest value drawn.
    #[arg(long, value_name = "G")]
    scale: Option<u32>,
    /// Write the picture to FILE (`.svg` or `.png`) instead of SVG on stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `heapgame plot`.
pub fn run(a: Args) -> Result<u8, Report> {
    // The file checked once, before the work (as `solve -o`'s).
    let (to, format) = match &a.output {
        Some(path) => {
            let (to, format) = destination_of(path)?;
            (Some(to), format)
        }
        None => (None, ImageFormat::Svg),
    };
    let game = a.game.load()?;
    let req = PlotRequest {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        slices: a.slice.clone(),
        claim: a.claim,
        scale: a.scale,
    };
    let bytes = picture(&game, &a.game, &req, format)?;
    match &to {
        Some(to) => write_whole_to(to, &bytes)?,
        None => print_out(&String::from_utf8_lossy(&bytes))?,
    }
    Ok(0)
}

/// The picture of `game` as the bytes of a file of `format`, solved within the limits of
/// `args` (with the progress bar and Ctrl-C of `solve`). (Shared with the REPL's `:plot`.)
pub(crate) fn picture(
    game: &Game,
    args: &GameArgs,
    req: &PlotRequest,
    format: ImageFormat,
) -> Result<Vec<u8>, Report> {
    let plan = plot::build::plan(game, req)?;
    let total = u64::try_from(plan.size).ok();
    let estimate = Estimate::for_box(game.generator(), req.max, plan.heaps, Some(plan.size));
    let what = format!("solving heaps <= {} for the picture", req.max);
    args.check_estimate(game, &estimate, &what)?;
    let run = SolveRun::start(args, plan.heaps, total, what);
    let fail =
        |e: &SolveError<MoveError>| run.failure(game, e, "while solving the box of the picture");
    let bytes =
        figure_bytes(game, req, &plan, &run.budget, format).map_err(|e| match e.solve() {
            Some(s) => fail(s),
            None => Report::new(e),
        })?;
    // Drawing and encoding a large picture is work after the solve: a press of Ctrl-C or the
    // end of `--time` during it stops the run too (nothing is written), as during the solve.
    if run.budget.interrupted().is_err() {
        return Err(fail(&SolveError::Cancelled {
            stored: plan.size.try_into().unwrap_or(usize::MAX),
        }));
    }
    Ok(bytes)
}

/// The picture `diff --plot FILE` will draw, checked before the diff runs.
pub(crate) struct DiffPlot {
    to: Destination,
    format: ImageFormat,
    req: PlotRequest,
    plan: plot::build::Plan,
}

/// Checks `diff --plot FILE` over `bounds`: a picture of one or two heaps, a known format.
pub(crate) fn diff_plot(
    game: &Game,
    bounds: Bounds,
    grundy: bool,
    path: &Path,
) -> Result<DiffPlot, Report> {
    let (to, format) = destination_of(path)?;
    let req = PlotRequest {
        max: bounds.max,
        heaps: game.any_count().then_some(bounds.heaps),
        grundy,
        ..PlotRequest::default()
    };
    let heaps = game.heap_count(Some(bounds.heaps)).unwrap_or(bounds.heaps);
    if heaps > 2 {
        return Err(super::error::CliError::PlotHeaps { heaps }.into());
    }
    let plan = plot::build::plan(game, &req)?;
    Ok(DiffPlot {
        to,
        format,
        req,
        plan,
    })
}

/// `diff --plot FILE`: the picture of the first ruleset over the diff's box (its P-positions,
/// or Grundy values with `--grundy`), with the positions where the two differ marked.
pub(crate) fn diff_picture(
    game: &Game,
    args: &GameArgs,
    d: &DiffPlot,
    report: &DiffReport,
    differing: &[Vec<u32>],
) -> Result<(), Report> {
    let total = u64::try_from(d.plan.size).ok();
    let run = SolveRun::start(args, d.plan.heaps, total, "drawing".into());
    let fail =
        |e: &SolveError<MoveError>| run.failure(game, e, "while solving the box of the picture");
    let mut fig =
        plot::build(game, &d.req, &d.plan, &run.budget, &period_of).map_err(|e| match e {
            PlotError::Solve(e) => fail(&e),
            e => Report::new(e),
        })?;
    drop(run);
    fig.title = format!("{} vs {}", report.a, report.b);
    let label = format!("differs from {}", report.b);
    plot::mark_positions(game, &mut fig, differing, &label)?;
    Ok(write_whole_to(&d.to, render(&fig, d.format)?)?)
}
