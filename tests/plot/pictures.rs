//! The pictures drawn through the library: marks, pixels, colours, overlays, sequences, slices.

use super::*;

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
    assert_eq!(f.title, "Named (k = 3), normal play");
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

#[test]
fn a_sequence_marks_the_heaps_where_a_claim_is_wrong() {
    // Take 1 or 2 from one heap: P iff n % 3 == 0; the claim says n % 4 == 0.
    let src =
        "ruleset \"Wrong subtraction\" {\n  heaps any\n  move { take {1, 2} from one heap }\n  \
               claim P: sum(heaps) mod 4 == 0\n}\n";
    let game = Game::from_source("wrong-seq.game", src, &[]).unwrap();
    let rq = PlotRequest {
        max: 40,
        claim: true,
        ..PlotRequest::default()
    };
    let f = figure(&game, &rq);
    let Body::Sequence(s) = &f.body else {
        panic!("a sum draws a sequence")
    };
    assert_eq!(s.values, subtraction_grundy(&[1, 2], 40));
    let want: Vec<u32> = (0..=40).filter(|n| (n % 3 == 0) != (n % 4 == 0)).collect();
    assert_eq!(s.marked, want);
}
