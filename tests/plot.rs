//! Pictures (`heapgame plot`, `diff --plot`, `heapgame::plot`): the SVG's marks, the PNG's
//! pixels, the heatmap's colours and the overlays are read back from the files and compared
//! with brute forces written here (Wythoff's P-positions by the plain recursion, Nim by XOR,
//! a subtraction game's Grundy values by mex), never with heapgame's own output.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

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
        Err(plot::PlotError::Report(r)) => panic!("{r:?}"),
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

#[test]
fn svg_has_one_mark_per_wythoff_p_position_at_its_coordinates() {
    let max = 24;
    let game = load(WYTHOFF, &[]);
    let r = plot::render(&figure(&game, &req(max)), ImageFormat::Svg).unwrap();
    let svg = String::from_utf8(r.bytes).unwrap();
    let area = r.areas[0];
    let side = max as usize + 1;
    let marks: Vec<&str> = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "fill") == Some(P_HEX))
        .filter(|c| inside(&area, num(c, "cx"), num(c, "cy")))
        .collect();
    let p = wythoff_p(max as usize);
    let mut want = BTreeSet::new();
    for (a, row) in p.iter().enumerate() {
        for (b, &is_p) in row.iter().enumerate() {
            if is_p {
                want.insert((a, b));
            }
        }
    }
    let mut got = BTreeSet::new();
    for m in &marks {
        let (cx, cy) = (num(m, "cx"), num(m, "cy"));
        let (i, j) = cell_of(&area, side, cx, cy);
        // At the centre of its cell, to a pixel.
        let (ex, ey) = area.cell_centre(side, i, j);
        assert!(
            (cx - ex).abs() <= 1.0 && (cy - ey).abs() <= 1.0,
            "{m} off ({ex}, {ey})"
        );
        assert!(got.insert((i, j)), "two marks at {:?}", (i, j));
    }
    assert_eq!(got, want);
    assert_eq!(marks.len(), want.len());
    // The axis labels and the title.
    assert!(
        svg.contains(">\nh1\n</text>") && svg.contains(">\nh2\n</text>"),
        "axis labels"
    );
    assert!(svg.contains("Wythoff"), "title");
}

#[test]
fn named_heaps_name_the_axes_and_x_runs_across_y_up() {
    // Not symmetric: take 1 from x, or 1..k from y. P iff (x mod 2) XOR (y mod (k+1)) == 0.
    let game = Game::from_source(
        "xy.game",
        "ruleset \"Named\" (k = 2) {\n  heaps (x, y)\n  move { take 1 from heap x }\n  \
         move { take 1..k from heap y }\n}\n",
        &[("k", "3")],
    )
    .unwrap();
    let max = 9u32;
    let f = figure(&game, &req(max));
    assert_eq!(f.title, "Named (k = 3)");
    let Body::Grid(g) = &f.body else {
        panic!("a grid")
    };
    assert_eq!((g.x_label.as_str(), g.y_label.as_str()), ("x", "y"));
    let is_p = |x: u32, y: u32| (x % 2) ^ (y % 4) == 0;
    for x in 0..=max {
        for y in 0..=max {
            assert_eq!(
                g.panels[0].values[g.index(x, y)] == 0,
                is_p(x, y),
                "({x}, {y})"
            );
        }
    }
    let r = plot::render(&f, ImageFormat::Svg).unwrap();
    let svg = String::from_utf8(r.bytes).unwrap();
    let side = max as usize + 1;
    let got: BTreeSet<(usize, usize)> = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "fill") == Some(P_HEX))
        .map(|c| (num(c, "cx"), num(c, "cy")))
        .filter(|&(x, y)| inside(&r.areas[0], x, y))
        .map(|(x, y)| cell_of(&r.areas[0], side, x, y))
        .collect();
    let want: BTreeSet<(usize, usize)> = (0..=max)
        .flat_map(|x| (0..=max).map(move |y| (x, y)))
        .filter(|&(x, y)| is_p(x, y))
        .map(|(x, y)| (x as usize, y as usize))
        .collect();
    assert_eq!(got, want);
    assert!(
        svg.contains(">\nx\n</text>") && svg.contains(">\ny\n</text>"),
        "axis labels"
    );
}

/// Decodes a PNG: (width, height, RGB rows).
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

#[test]
fn png_decodes_at_its_size_with_p_colour_on_p_positions_only() {
    let game = load(WYTHOFF, &[]);
    for max in [20u32, 400] {
        let r = plot::render(&figure(&game, &req(max)), ImageFormat::Png).unwrap();
        let (w, h, rgb) = decode(&r.bytes);
        assert_eq!((w, h), r.size);
        let side = max as usize + 1;
        let p = wythoff_p(max as usize);
        let area = r.areas[0];
        for (a, b) in [(3, 5), (5, 3), (0, 0), (13, 8)] {
            assert!(p[a][b]);
            let (x, y) = area.cell_centre(side, a, b);
            assert_eq!(
                pixel(&rgb, w, x, y),
                P_HEX,
                "P-position ({a}, {b}), max {max}"
            );
        }
        for (a, b) in [(3, 4), (1, 1), (0, 5), (13, 9)] {
            assert!(!p[a][b]);
            let (x, y) = area.cell_centre(side, a, b);
            assert_ne!(
                pixel(&rgb, w, x, y),
                P_HEX,
                "N-position ({a}, {b}), max {max}"
            );
        }
    }
}

#[test]
fn large_boxes_are_a_pixel_layer_in_a_small_svg() {
    let max = 600u32;
    let game = load(WYTHOFF, &[]);
    let r = plot::render(&figure(&game, &req(max)), ImageFormat::Svg).unwrap();
    let svg = String::from_utf8(r.bytes).unwrap();
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
    assert!(
        !elements(&svg, "circle")
            .iter()
            .any(|c| attr(c, "fill") == Some(P_HEX)
                && inside(&r.areas[0], num(c, "cx"), num(c, "cy")))
    );
    let images = elements(&svg, "image");
    assert_eq!(images.len(), 1);
    let href = attr(images[0], "href").unwrap();
    let data = href.strip_prefix("data:image/png;base64,").unwrap();
    let png = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    let (w, h, rgb) = decode(&png);
    assert_eq!((w, h), (max + 1, max + 1), "one pixel per cell");
    let p = wythoff_p(max as usize);
    for (a, row) in p.iter().enumerate() {
        for (b, &is_p) in row.iter().enumerate() {
            // Row 0 of the image is the top: b = max.
            let c = pixel(&rgb, w, a as f64, (max as usize - b) as f64);
            assert_eq!(c == P_HEX, is_p, "({a}, {b})");
        }
    }
}

/// The relative luminance of `#RRGGBB`.
fn luminance(hex: &str) -> f64 {
    let v = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    plot::colors::luminance((v(1), v(3), v(5)))
}

#[test]
fn heatmap_colours_grow_lighter_with_the_value_and_saturate_past_the_scale() {
    let game = load("rulesets/classic/nim.game", &[]);
    let max = 15u32;
    for scale in [None, Some(6)] {
        let rq = PlotRequest {
            max,
            heaps: Some(2),
            grundy: true,
            scale,
            ..PlotRequest::default()
        };
        let r = plot::render(&figure(&game, &rq), ImageFormat::Svg).unwrap();
        let svg = String::from_utf8(r.bytes).unwrap();
        let area = r.areas[0];
        let side = max as usize + 1;
        // Each cell's colour, read from the rectangles inside the plotting area.
        let mut colour = vec![None; side * side];
        for e in elements(&svg, "rect") {
            let (x, y) = (num(e, "x"), num(e, "y"));
            let (w, h) = (num(e, "width"), num(e, "height"));
            if !inside(&area, x + w / 2.0, y + h / 2.0) || w > 100.0 {
                continue;
            }
            let (i, j) = cell_of(&area, side, x + w / 2.0, y + h / 2.0);
            colour[j * side + i] = attr(e, "fill").map(str::to_string);
        }
        // Nim: g(x, y) = x XOR y.
        let mut by_value: Vec<(u32, String)> = Vec::new();
        for i in 0..side {
            for j in 0..side {
                let c = colour[j * side + i]
                    .clone()
                    .unwrap_or_else(|| panic!("no cell ({i}, {j})"));
                by_value.push(((i ^ j) as u32, c));
            }
        }
        by_value.sort_by_key(|(g, _)| *g);
        for w in by_value.windows(2) {
            let (l0, l1) = (luminance(&w[0].1), luminance(&w[1].1));
            assert!(l0 <= l1 + 1e-12, "{:?} then {:?}", w[0], w[1]);
            if w[0].0 < w[1].0 && scale.is_none_or(|s| w[0].0 < s) {
                assert!(
                    l0 < l1,
                    "distinct values {:?} {:?} share a colour",
                    w[0],
                    w[1]
                );
            }
        }
        match scale {
            Some(s) => {
                let top: BTreeSet<&String> = by_value
                    .iter()
                    .filter(|(g, _)| *g >= s)
                    .map(|(_, c)| c)
                    .collect();
                assert_eq!(top.len(), 1, "values from {s} up saturate");
                assert!(
                    svg.contains(&format!("{s} or more")),
                    "the legend says the scale saturates"
                );
                assert!(svg.contains(&format!("values above {s}")));
            }
            None => assert!(!svg.contains("or more")),
        }
    }
}

/// Wythoff with a claim that is wrong: `b == floor(a * phi)` for the sorted heaps.
const WRONG: &str = "ruleset \"Wrong Wythoff\" {
  heaps 2
  move { take 1.. from one heap }
  move { take same 1.. from all heaps }
  claim P: b == floor(a * phi) where (a, b) = heaps
}
";

#[test]
fn claim_overlay_marks_exactly_where_the_claim_and_the_game_disagree() {
    let max = 30usize;
    let game = Game::from_source("wrong.game", WRONG, &[]).unwrap();
    let rq = PlotRequest {
        max: max as u32,
        claim: true,
        ..PlotRequest::default()
    };
    let f = figure(&game, &rq);
    let Body::Grid(g) = &f.body else {
        panic!("a grid")
    };
    let p = wythoff_p(max);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut want = BTreeSet::new();
    for (x, row) in p.iter().enumerate() {
        for (y, &is_p) in row.iter().enumerate() {
            let (a, b) = (x.min(y), x.max(y));
            let says_p = b == (a as f64 * phi).floor() as usize;
            if says_p != is_p {
                want.insert((x, y));
            }
        }
    }
    let got: BTreeSet<(usize, usize)> = (0..=max)
        .flat_map(|x| (0..=max).map(move |y| (x, y)))
        .filter(|&(x, y)| g.panels[0].marked[g.index(x as u32, y as u32)])
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    // `check` reports the first of them in its order (fewest tokens, then lexicographic).
    let bounds = heapgame::verify::Bounds {
        max: max as u32,
        heaps: 2,
    };
    let report = heapgame::verify::check::check_claims(&game, bounds, Budget::default()).unwrap();
    let failure = report.claims[0]
        .failure
        .as_ref()
        .expect("check finds the wrong claim");
    let first = want
        .iter()
        .filter(|(x, y)| x <= y)
        .min_by_key(|&&(x, y)| (x + y, x))
        .unwrap();
    assert_eq!(failure.position, vec![first.0 as u32, first.1 as u32]);
    // In the SVG: one overlay square per marked cell.
    let r = plot::render(&f, ImageFormat::Svg).unwrap();
    let svg = String::from_utf8(r.bytes).unwrap();
    let side = max + 1;
    let squares = overlay_cells(&svg, &r.areas[0], side);
    assert_eq!(squares, want);
}

/// Grundy values of the subtraction game with subtraction set `s`, by mex.
fn subtraction_grundy(s: &[usize], max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let followers: BTreeSet<u32> = s.iter().filter(|&&t| t <= n).map(|&t| g[n - t]).collect();
        g.push((0..).find(|v| !followers.contains(v)).unwrap());
    }
    g
}

#[test]
fn a_sum_draws_its_single_heap_sequence() {
    let game = load("rulesets/classic/subtraction.game", &[("S", "{1, 3, 4}")]);
    let f = figure(&game, &req(50));
    let Body::Sequence(s) = &f.body else {
        panic!("a sequence")
    };
    assert_eq!(s.values, subtraction_grundy(&[1, 3, 4], 50));
    let r = plot::render(&f, ImageFormat::Svg).unwrap();
    let svg = String::from_utf8(r.bytes).unwrap();
    let dots = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "fill") == Some(P_HEX))
        .count();
    assert_eq!(dots, 51, "one dot per heap size");
    assert!(f.title.contains("S = {1, 3, 4}"), "{}", f.title);
}

#[test]
fn slices_of_three_heaps_are_small_multiples() {
    let game = load("rulesets/classic/nim.game", &[]);
    let rq = PlotRequest {
        max: 9,
        heaps: Some(3),
        slices: vec!["h3=0,3,5".into()],
        ..PlotRequest::default()
    };
    let f = figure(&game, &rq);
    let Body::Grid(g) = &f.body else {
        panic!("a grid")
    };
    assert_eq!(g.panels.len(), 3);
    for (panel, z) in g.panels.iter().zip([0u32, 3, 5]) {
        assert_eq!(panel.caption.as_deref(), Some(format!("h3 = {z}").as_str()));
        for x in 0..=9 {
            for y in 0..=9 {
                assert_eq!(
                    panel.values[g.index(x, y)] == 0,
                    x ^ y ^ z == 0,
                    "({x}, {y}, {z})"
                );
            }
        }
    }
    let r = plot::render(&f, ImageFormat::Png).unwrap();
    assert_eq!(r.areas.len(), 3);
}

// ---------------------------------------------------------------------------------------------
// Through the binary
// ---------------------------------------------------------------------------------------------

/// `run` with the words of `line` (no word has a space).
fn run_words(line: &str) -> (i32, Vec<u8>, String) {
    run(&line.split_whitespace().collect::<Vec<_>>())
}

fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .output()
        .expect("run heapgame");
    (
        out.status.code().expect("an exit code"),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn plot_writes_svg_on_stdout_and_png_by_extension() {
    let (code, out, err) = run(&["plot", WYTHOFF, "--max", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(String::from_utf8(out).unwrap().starts_with("<svg"));
    let dir = std::env::temp_dir().join(format!("heapgame-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("w.png");
    let (code, out, err) = run(&[
        "plot",
        WYTHOFF,
        "--max",
        "10",
        "--grundy",
        "--output",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    let (w, h, _) = decode(&std::fs::read(&png).unwrap());
    assert!(w > 100 && h > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_plot_marks_the_positions_that_differ() {
    let dir = std::env::temp_dir().join(format!("heapgame-diffplot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("d.svg");
    let max = 16usize;
    let (code, _, err) = run(&[
        "diff",
        WYTHOFF,
        "--formula",
        "nim",
        "--max",
        "16",
        "--plot",
        svg_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "they differ: {err}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let p = wythoff_p(max);
    let want: BTreeSet<(usize, usize)> = (0..=max)
        .flat_map(|x| (0..=max).map(move |y| (x, y)))
        .filter(|&(x, y)| p[x][y] != (x ^ y == 0))
        .collect();
    // The plotting area: that of the same picture drawn through the library (the same size).
    let game = load(WYTHOFF, &[]);
    let r = plot::render(&figure(&game, &req(max as u32)), ImageFormat::Svg).unwrap();
    let got = overlay_cells(&svg, &r.areas[0], max + 1);
    assert_eq!(got, want);
}

#[test]
fn bad_options_are_located_errors_with_exit_2() {
    let (code, out, err) =
        run_words("plot rulesets/classic/nim.game --max 9 --heaps 3 --slice h4=2");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    insta::assert_snapshot!("plot_slice_of_a_missing_heap", err);
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "5000"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!("plot_max_too_large", err);
    let (code, _, err) = run_words("plot rulesets/classic/nim.game --max 9 --heaps 3");
    assert_eq!(code, 2);
    assert!(
        err.contains("heapgame::usage") && err.contains("--slice"),
        "{err}"
    );
    let (code, _, err) =
        run_words("plot rulesets/classic/nim.game --max 9 --heaps 3 --slice h3=12");
    assert_eq!(code, 2);
    assert!(err.contains("12 is outside the box"), "{err}");
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "9", "--output", "w.jpg"]);
    assert_eq!(code, 2);
    assert!(err.contains("heapgame::usage"), "{err}");
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR")).join("w.jpg").exists());
    let (code, out, err) =
        run_words("diff rulesets/classic/nim.game --formula nim --max 5 --heaps 3 --plot x.svg");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "refused before the diff runs");
    assert!(
        err.contains("diff --plot draws positions of one or two heaps"),
        "{err}"
    );
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "9", "--claim"]);
    assert_eq!(code, 0, "Wythoff's claims hold: {err}");
}

#[test]
fn repl_plot_writes_the_file_and_prints_its_path() {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("heapgame-replplot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ruleset = Path::new(env!("CARGO_MANIFEST_DIR")).join(WYTHOFF);
    let mut child = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .arg("repl")
        .arg(&ruleset)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b":plot --max 12\n:plot --max 12 --grundy --output g.png\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("wrote wythoff.svg") && stdout.contains("wrote g.png"),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(dir.join("wythoff.svg")).unwrap();
    let p = wythoff_p(12);
    let want = p.iter().flatten().filter(|&&b| b).count();
    let marks = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "fill") == Some(P_HEX))
        .count();
    // The P-positions, and the legend's sample mark.
    assert_eq!(marks, want + 1);
    let (w, h, _) = decode(&std::fs::read(dir.join("g.png")).unwrap());
    assert!(w > 100 && h > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}
