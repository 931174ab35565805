//! Pictures as the bytes of a file: a figure planned, solved within a budget and rendered to
//! SVG or PNG (the REPL's `:plot`, `plot`, `diff --plot`), the format named by a file's
//! extension, and where the REPL writes a picture.

use std::path::{Path, PathBuf};

use crate::moves::MoveError;
use crate::plot::{self, ImageFormat, Period, PlotError, PlotRequest};
use crate::solver::Budget;
use crate::Game;
use crate::SolveError;
use miette::Diagnostic;
use thiserror::Error;

use super::output::OutputError;

/// Why a picture's bytes could not be made: the request or its solve
/// ([`PlotError::Solve`], which each front end words with what it was solving), or the
/// output.
#[derive(Debug, Error, Diagnostic)]
pub enum PictureError {
    /// The picture could not be planned or solved.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Plot(#[from] PlotError),
    /// The output file or the rendering failed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Output(#[from] OutputError),
}

impl PictureError {
    /// The solve's failure, if that is what stopped the picture.
    pub fn solve(&self) -> Option<&SolveError<MoveError>> {
        match self {
            PictureError::Plot(PlotError::Solve(e)) => Some(e),
            _ => None,
        }
    }
}

/// Plans, solves within `budget` and renders.
pub(crate) fn figure_bytes(
    game: &Game,
    req: &PlotRequest,
    plan: &plot::build::Plan,
    budget: &Budget,
    format: ImageFormat,
) -> Result<Vec<u8>, PictureError> {
    let fig = plot::build(game, req, plan, budget, &period_of)?;
    Ok(render(&fig, format)?)
}

/// The REPL's `:plot`: the picture's bytes in `format`.
pub fn draw(
    game: &Game,
    req: &PlotRequest,
    format: ImageFormat,
    budget: &Budget,
) -> Result<Vec<u8>, PictureError> {
    let plan = plot::build::plan(game, req)?;
    figure_bytes(game, req, &plan, budget, format)
}

/// Where the REPL's `:plot` writes: `--output` as given, else `STEM.svg` (`STEM-grundy.svg`)
/// in the current directory, STEM the ruleset file's name.
pub fn repl_path(file: &Path, output: Option<&str>, grundy: bool) -> PathBuf {
    if let Some(o) = output {
        return PathBuf::from(o);
    }
    let stem = file.file_stem().map_or_else(
        || "ruleset".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    PathBuf::from(format!("{stem}{}.svg", if grundy { "-grundy" } else { "" }))
}

/// The bytes of a picture.
pub fn render(fig: &plot::Figure, format: ImageFormat) -> Result<Vec<u8>, OutputError> {
    plot::render(fig, format)
        .map(|r| r.bytes)
        .map_err(|e| OutputError::Render(e.to_string()))
}

/// The period a Grundy sequence shows (the periodicity finder of `heapgame sequence`, with
/// the same number of repeats), drawn on the sequence picture when found.
pub fn period_of(values: &[u32]) -> Option<Period> {
    let p = crate::sequence::apparent_period(values)?;
    Some(Period {
        start: u32::try_from(p.preperiod).ok()?,
        period: u32::try_from(p.period).ok()?,
        saltus: p.saltus,
    })
}

/// The file a picture is written to, checked once before anything is drawn (as `solve -o`'s,
/// `Destination::check`: a path that is not a regular file is refused), and the format its
/// extension names, or a usage error.
#[cfg(feature = "cli")]
pub(crate) fn destination_of(
    path: &Path,
) -> Result<(crate::query::destination::Destination, ImageFormat), OutputError> {
    let to = crate::query::destination::Destination::check(path)?;
    let format = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(ImageFormat::from_extension)
        .ok_or_else(|| OutputError::UnknownFormat {
            path: path.to_path_buf(),
        })?;
    Ok((to, format))
}
