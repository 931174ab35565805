//! The picture of a box for the page: heapgame's own (`heapgame::plot`, the SVG that
//! `heapgame plot` writes: P-positions marked, or a Grundy heatmap, for one or two heaps; one
//! heap's sequence with the period that `heapgame sequence` finds shaded and named).
//! The page shows it as an image; where there is none (more heaps, a box too large, a
//! failure) it draws its own grid from the values.

use heapgame::plot::{self, build::plan, ImageFormat, PlotError, PlotRequest};
use heapgame::report::picture::period_of;
use heapgame::solver::Budget;
use heapgame::Game;

/// The largest box drawn by `heapgame::plot` (it solves the box once more).
pub const MAX_PICTURE: usize = 500_000;

/// The SVG of the box with every heap `<= max` (`heaps` for a ruleset with any number), or
/// why there is none.
pub fn svg(
    game: &Game,
    max: u32,
    heaps: Option<usize>,
    grundy: bool,
    budget: &Budget,
) -> Result<String, String> {
    let req = PlotRequest {
        max,
        heaps,
        grundy,
        ..PlotRequest::default()
    };
    let plan = plan(game, &req).map_err(|r| r.to_string())?;
    let fig = plot::build(game, &req, &plan, budget, &period_of).map_err(|e| match e {
        PlotError::Solve(e) => game.solve_diag(&e).to_string(),
        e => e.to_string(),
    })?;
    let r = plot::render(&fig, ImageFormat::Svg).map_err(|e| e.to_string())?;
    String::from_utf8(r.bytes).map_err(|e| e.to_string())
}
