//! Pictures of a game (a phase beside `verify`, above `game`): P-positions of two heaps as marks on a grid,
//! Grundy values as a heatmap, slices of three or more heaps as small multiples, a single
//! heap's Grundy sequence with its period, and overlays of the positions where a claim (or a
//! second ruleset) and the solver disagree.
//!
//! The module is pure: [`build()`] turns a game and a request into a [`Figure`] (values only),
//! and [`render`] turns a figure into SVG or PNG bytes. Nothing here touches the file system or
//! the terminal, so the command line, the REPL and the WebAssembly playground share it.
//! Drawing is done by `plotters` (axes, ticks, labels, marks) with the DejaVu Sans font built
//! in (no system font lookup); large boxes are drawn as a pixel layer (one pixel per cell,
//! PNG-encoded, embedded in an SVG as an `<image>`), so a 2000 x 2000 picture stays small.

pub mod build;
pub mod colors;
pub mod figure;
mod grid;
mod overlay;
mod raster;
pub mod request;
mod sequence;
mod slices;

pub use build::{build, Slice};
pub use figure::{Body, Figure, Grid, Panel, Period, Sequence, Shade, EXCLUDED};
pub use overlay::mark_positions;
pub use request::{PlotError, PlotRequest};

use plotters::prelude::*;

/// The most cells per side of a grid.
pub(crate) const MAX_SIDE: u32 = 4_000;
/// The longest sequence drawn.
pub(crate) const MAX_SEQUENCE: u32 = 100_000;
/// The most panels (slices) of one picture.
pub(crate) const MAX_PANELS: usize = 16;
/// Grids with at most this many cells per side draw P-positions as marks (beyond, pixels).
pub(crate) const MARKS_UP_TO: usize = 300;
/// ... and at most this many marks (a dense picture is a pixel layer whatever its side).
pub(crate) const MOST_MARKS: usize = 20_000;
/// Heatmaps with at most this many cells per side draw one rectangle per cell.
pub(crate) const HEAT_CELLS_UP_TO: usize = 100;

/// The file format of a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (text).
    Svg,
    /// A PNG image.
    Png,
}

impl ImageFormat {
    /// The format named by a file's extension (`svg`, `png`, any case).
    #[cfg(feature = "cli")]
    pub(crate) fn from_extension(ext: &str) -> Option<ImageFormat> {
        match ext.to_ascii_lowercase().as_str() {
            "svg" => Some(ImageFormat::Svg),
            "png" => Some(ImageFormat::Png),
            _ => None,
        }
    }
}

/// Where a panel's plotting area lies in the picture, in pixels (right and bottom exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// Left edge.
    pub left: i32,
    /// Top edge.
    pub top: i32,
    /// Right edge.
    pub right: i32,
    /// Bottom edge.
    pub bottom: i32,
}

impl Area {
    /// The pixel centre of cell (i, j) of a `side` x `side` grid drawn in this area, column i
    /// from the left and row j from the bottom.
    pub fn cell_centre(&self, side: usize, i: usize, j: usize) -> (f64, f64) {
        let w = f64::from(self.right - self.left) / side as f64;
        let h = f64::from(self.bottom - self.top) / side as f64;
        (
            f64::from(self.left) + (i as f64 + 0.5) * w,
            f64::from(self.bottom) - (j as f64 + 0.5) * h,
        )
    }
}

/// A rendered picture.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Its size in pixels.
    pub size: (u32, u32),
    /// The plotting area of each panel (one for a sequence).
    pub areas: Vec<Area>,
}

/// Why a picture could not be drawn (a failure of the drawing library: a defect, reported
/// rather than hidden).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the picture could not be drawn: {0}")]
pub struct DrawError(pub String);

/// A pixel layer: an RGB image of one pixel per cell, to be stretched over a plotting area.
pub(crate) struct Layer {
    pub area: Area,
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

/// Draws `fig` as SVG or PNG.
pub fn render(fig: &Figure, format: ImageFormat) -> Result<Rendered, DrawError> {
    register_font();
    let size = match &fig.body {
        Body::Grid(g) => grid::canvas_size(g),
        Body::Sequence(_) => sequence::CANVAS,
    };
    match format {
        ImageFormat::Svg => {
            let mut svg = String::new();
            let (areas, layers) = {
                let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                let out = draw(&root, fig)?;
                root.present().map_err(err)?;
                out
            };
            Ok(Rendered {
                bytes: raster::embed_layers(svg, &layers)?.into_bytes(),
                size,
                areas,
            })
        }
        ImageFormat::Png => {
            let mut buf = vec![0u8; size.0 as usize * size.1 as usize * 3];
            let areas = {
                let root = BitMapBackend::with_buffer(&mut buf, size).into_drawing_area();
                let (areas, layers) = draw(&root, fig)?;
                for l in &layers {
                    raster::blit(&root, l)?;
                }
                root.present().map_err(err)?;
                areas
            };
            Ok(Rendered {
                bytes: raster::encode_png(size.0, size.1, &buf)?,
                size,
                areas,
            })
        }
    }
}

/// Draws the figure on `root`; returns the plotting areas and the pixel layers still to draw.
fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    fig: &Figure,
) -> Result<(Vec<Area>, Vec<Layer>), DrawError> {
    root.fill(&colors::BACKGROUND).map_err(err)?;
    let (title, body) = root.split_vertically(grid::TITLE_HEIGHT);
    title
        .draw_text(
            &fig.title,
            &TextStyle::from(("sans-serif", 22).into_font()).color(&colors::INK),
            (14, 14),
        )
        .map_err(err)?;
    match &fig.body {
        Body::Grid(g) => grid::draw(&body, g),
        Body::Sequence(s) => sequence::draw(&body, s).map(|a| (vec![a], Vec::new())),
    }
}

/// A drawing failure in words.
pub(crate) fn err<E: std::fmt::Debug>(e: E) -> DrawError {
    DrawError(format!("{e:?}"))
}

/// Makes the bundled DejaVu Sans the `sans-serif` font of the drawing library, once. (In a
/// browser the library asks the browser for fonts instead.)
fn register_font() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // The font is a valid TrueType file (the test below), so this cannot fail.
            let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
        });
    }
}

/// DejaVu Sans (free licence: `fonts/LICENSE-DejaVu`).
#[cfg(not(target_arch = "wasm32"))]
static FONT: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_is_a_font() {
        assert!(plotters::style::register_font("check", FontStyle::Normal, FONT).is_ok());
        assert!(plotters::style::register_font("junk", FontStyle::Normal, b"not a font").is_err());
    }

    #[test]
    fn a_period_is_drawn_and_named() {
        let seq = |period| Figure {
            title: "t".into(),
            body: Body::Sequence(Sequence {
                lower: 0,
                values: (0..40).map(|n| n % 7).collect(),
                period,
                marked: vec![3],
                overlay: Some("claim and solver disagree".into()),
            }),
        };
        let p = Period {
            start: 2,
            period: 7,
            saltus: 0,
        };
        let svg =
            String::from_utf8(render(&seq(Some(p)), ImageFormat::Svg).unwrap().bytes).unwrap();
        assert!(svg.contains("period 7 from n = 2"), "{svg}");
        let q = Period { saltus: 3, ..p };
        let svg =
            String::from_utf8(render(&seq(Some(q)), ImageFormat::Svg).unwrap().bytes).unwrap();
        // Wrapped in the legend: "period 7 from n = 2," then "saltus 3".
        assert!(
            svg.contains("period 7 from n = 2,") && svg.contains(">\nsaltus 3\n<"),
            "{svg}"
        );
        assert!(svg.contains(&colors::hex(colors::PERIOD_SHADE)));
        assert!(svg.contains(&colors::hex(colors::OVERLAY)));
        let svg = String::from_utf8(render(&seq(None), ImageFormat::Svg).unwrap().bytes).unwrap();
        assert!(svg.contains("no period found"));
        assert!(!svg.contains(&colors::hex(colors::PERIOD_SHADE)));
    }
}
