//! `heapgame plot`: a picture of a ruleset (P-positions of two heaps, a Grundy heatmap, slices
//! of more heaps, a single heap's Grundy sequence), with the claims overlaid on request; SVG
//! on stdout, or SVG or PNG in `--output FILE` by its extension. Drawing is `heapgame::plot`'s.

use std::path::{Path, PathBuf};

use crate::estimate::Estimate;
use crate::moves::MoveError;
use crate::plot::{self, ImageFormat, Period, PlotError, PlotRequest};
use crate::solver::Budget;
use crate::verify::diff::DiffReport;
use crate::verify::Bounds;
use crate::Game;
use crate::SolveError;
use miette::Report;

use super::common::{print_out, GameArgs, SolveRun};
use super::output::write_whole;

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
    let format = match &a.output {
        Some(path) => format_of(path)?,
        None => ImageFormat::Svg,
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
    match &a.output {
        Some(path) => write_whole(path, &bytes)?,
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
    figure_bytes(game, req, &plan, &run.budget, format, &fail)
}

/// Plans, solves within `budget` and renders; `fail` words a solve's failure.
fn figure_bytes(
    game: &Game,
    req: &PlotRequest,
    plan: &plot::build::Plan,
    budget: &Budget,
    format: ImageFormat,
    fail: &dyn Fn(&SolveError<MoveError>) -> Report,
) -> Result<Vec<u8>, Report> {
    let fig = plot::build(game, req, plan, budget, &period_of).map_err(|e| match e {
        PlotError::Solve(e) => fail(&e),
        PlotError::Report(r) => r,
    })?;
    render(&fig, format)
}

/// The REPL's `:plot`: the picture's bytes for `path` (its extension gives the format).
pub(crate) fn draw(
    game: &Game,
    req: &PlotRequest,
    path: &Path,
    budget: &Budget,
    fail: &dyn Fn(&SolveError<MoveError>) -> Report,
) -> Result<Vec<u8>, Report> {
    let format = format_of(path)?;
    let plan = plot::build::plan(game, req)?;
    figure_bytes(game, req, &plan, budget, format, fail)
}

/// Where the REPL's `:plot` writes: `--output` as given, else `STEM.svg` (`STEM-grundy.svg`)
/// in the current directory, STEM the ruleset file's name.
pub(crate) fn repl_path(file: &Path, output: Option<&str>, grundy: bool) -> PathBuf {
    if let Some(o) = output {
        return PathBuf::from(o);
    }
    let stem = file.file_stem().map_or_else(
        || "ruleset".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    PathBuf::from(format!("{stem}{}.svg", if grundy { "-grundy" } else { "" }))
}

/// The picture `diff --plot FILE` will draw, checked before the diff runs.
pub(crate) struct DiffPlot {
    path: PathBuf,
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
    let format = format_of(path)?;
    let req = PlotRequest {
        max: bounds.max,
        heaps: game.shape().count.is_none().then_some(bounds.heaps),
        grundy,
        ..PlotRequest::default()
    };
    let heaps = game.shape().count.unwrap_or(bounds.heaps);
    if heaps > 2 {
        return Err(miette::miette!(
            code = "heapgame::usage",
            help = "compare two heaps (--heaps 2) or one (--heaps 1) to draw them; \
                    `plot --slice` draws slices of more",
            "diff --plot draws positions of one or two heaps, not {heaps}"
        ));
    }
    let plan = plot::build::plan(game, &req)?;
    let path = path.to_path_buf();
    Ok(DiffPlot {
        path,
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
            PlotError::Report(r) => r,
        })?;
    drop(run);
    fig.title = format!("{} vs {}", report.a, report.b);
    let label = format!("differs from {}", report.b);
    plot::mark_positions(game, &mut fig, differing, &label)?;
    write_whole(&d.path, render(&fig, d.format)?)
}

/// The bytes of a picture.
fn render(fig: &plot::Figure, format: ImageFormat) -> Result<Vec<u8>, Report> {
    plot::render(fig, format)
        .map(|r| r.bytes)
        .map_err(|e| miette::miette!(code = "heapgame::plot", help = "please report this", "{e}"))
}

/// The period a Grundy sequence shows (the periodicity finder of `heapgame sequence`, with
/// the same number of repeats), drawn on the sequence picture when found.
fn period_of(values: &[u32]) -> Option<Period> {
    let p = crate::sequence::apparent_period(values)?;
    Some(Period {
        start: u32::try_from(p.preperiod).ok()?,
        period: u32::try_from(p.period).ok()?,
        saltus: p.saltus,
    })
}

/// The format named by the output file's extension, or a usage error; a path that is not a
/// regular file is refused here, before anything is drawn.
pub(crate) fn format_of(path: &Path) -> Result<ImageFormat, Report> {
    super::output::check_target(path)?;
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(ImageFormat::from_extension)
        .ok_or_else(|| {
            miette::miette!(
                code = "heapgame::usage",
                help = "name the file FILE.svg or FILE.png",
                "cannot tell the picture's format from `{}`",
                path.display()
            )
        })
}
