//! Pictures (`heapgame plot`, `diff --plot`, `heapgame::plot`): the SVG's marks, the PNG's
//! pixels, the heatmap's colours and the overlays are read back from the files and compared
//! with brute forces written here (Wythoff's P-positions by the plain recursion, Nim by XOR,
//! a subtraction game's Grundy values by mex), never with heapgame's own output.

use std::collections::BTreeSet;
use std::path::Path;

use base64::Engine as _;
use heapgame::plot::{self, Area, Body, Figure, ImageFormat, PlotRequest};
use heapgame::solver::Budget;
use heapgame::Game;

const WYTHOFF: &str = "rulesets/classic/wythoff.game";
/// The colour of a P mark and of the overlay, as `plot::colors` states them.
const P_HEX: &str = "#1F3B73";
const OVERLAY_HEX: &str = "#E41A1C";

fn load(path: &str, params: &[(&str, &str)]) -> Game {
    Game::load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path), params).expect("loads")
}

fn figure(game: &Game, req: &PlotRequest) -> Figure {
    let plan = plot::build::plan(game, req).expect("a plan");
    match plot::build(game, req, &plan, &Budget::default(), &|_| None) {
        Ok(f) => f,
        Err(plot::PlotError::Solve(e)) => panic!("solve: {e:?}"),
        Err(e) => panic!("{:?}", miette::Report::new(e)),
    }
}

fn req(max: u32) -> PlotRequest {
    PlotRequest {
        max,
        ..PlotRequest::default()
    }
}

/// Wythoff's game by the plain recursion: `p[a][b]` whether (a, b) is a P-position.
fn wythoff_p(max: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; max + 1]; max + 1];
    for a in 0..=max {
        for b in 0..=max {
            let n_by_a = (0..a).any(|x| p[x][b]);
            let n_by_b = (0..b).any(|y| p[a][y]);
            let n_by_both = (1..=a.min(b)).any(|k| p[a - k][b - k]);
            p[a][b] = !(n_by_a || n_by_b || n_by_both);
        }
    }
    p
}

/// The value of attribute `name` in one SVG element's text.
fn attr<'a>(elem: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = elem.find(&key)? + key.len();
    let len = elem[start..].find('"')?;
    Some(&elem[start..start + len])
}

/// Every element `<tag .../>` of an SVG.
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(i, _)| {
            let end = svg[i..].find("/>").expect("a closed element");
            &svg[i..i + end]
        })
        .collect()
}

fn num(elem: &str, name: &str) -> f64 {
    attr(elem, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number {name} in {elem}"))
}

fn inside(a: &Area, x: f64, y: f64) -> bool {
    x >= f64::from(a.left)
        && x < f64::from(a.right)
        && y >= f64::from(a.top)
        && y < f64::from(a.bottom)
}

/// The cell (column from the left, row from the bottom) whose square holds pixel (x, y).
fn cell_of(a: &Area, side: usize, x: f64, y: f64) -> (usize, usize) {
    let w = f64::from(a.right - a.left) / side as f64;
    let h = f64::from(a.bottom - a.top) / side as f64;
    (
        ((x - f64::from(a.left)) / w).floor() as usize,
        ((f64::from(a.bottom) - y) / h).floor() as usize,
    )
}

/// The cells of a `side` x `side` grid in `area` covered by an overlay square.
fn overlay_cells(svg: &str, area: &Area, side: usize) -> BTreeSet<(usize, usize)> {
    elements(svg, "rect")
        .into_iter()
        .filter(|e| attr(e, "fill") == Some(OVERLAY_HEX))
        .map(|e| {
            let x = num(e, "x") + num(e, "width") / 2.0;
            let y = num(e, "y") + num(e, "height") / 2.0;
            (x, y)
        })
        .filter(|&(x, y)| inside(area, x, y))
        .map(|(x, y)| cell_of(area, side, x, y))
        .collect()
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let dec = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = dec.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(rgb: &[u8], width: u32, x: f64, y: f64) -> String {
    let at = (y as usize * width as usize + x as usize) * 3;
    format!("#{:02X}{:02X}{:02X}", rgb[at], rgb[at + 1], rgb[at + 2])
}

fn luminance(hex: &str) -> f64 {
    let v = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    plot::colors::luminance((v(1), v(3), v(5)))
}

mod cli;
mod pictures;
