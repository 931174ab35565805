//! Drawing a grid of two heaps: the layout of the panels (small multiples), the axes, the P
//! marks or heatmap cells (as elements for small boxes, as a pixel layer for large ones), the
//! overlay, and the legend (the P mark, or the colour scale saying where it saturates).

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::colors::{heat, DRAW_MARK, INK, OVERLAY, P_MARK};
use super::figure::{Grid, Panel, Shade, DRAW, EXCLUDED};
use super::raster::cells_rgb;
use super::{err, Area, DrawError, Layer, HEAT_CELLS_UP_TO, MARKS_UP_TO, MOST_MARKS};

/// The height of the title bar.
pub(crate) const TITLE_HEIGHT: u32 = 50;
/// The width of the legend on the right.
const LEGEND_WIDTH: u32 = 190;
/// Room for the vertical axis's labels.
const Y_LABELS: u32 = 75;
/// Room for the horizontal axis's labels.
const X_LABELS: u32 = 55;
/// Room for a panel's caption (a slice's fixed heaps), and the margin above a panel.
const CAPTION: u32 = 28;
/// The margin right of a panel.
const RIGHT: u32 = 20;
/// Cells smaller than this (in pixels) are marked by filling them, larger ones by a dot.
const SQUARES_BELOW: f64 = 6.0;
/// The side of one panel's plotting area the layout aims at.
const TARGET: u32 = 600;

/// Panels per row and rows.
fn arrangement(n: usize) -> (u32, u32) {
    let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
    let rows = n.div_ceil(cols);
    (cols as u32, rows as u32)
}

/// Pixels per cell: the plotting area is `side * cell` pixels square.
fn cell_pixels(g: &Grid) -> u32 {
    let (cols, _) = arrangement(g.panels.len());
    let target = (TARGET / cols).max(200);
    let side = g.side() as u32;
    target.div_ceil(side).max(1)
}

/// The size of the whole picture.
pub(crate) fn canvas_size(g: &Grid) -> (u32, u32) {
    let (cols, rows) = arrangement(g.panels.len());
    let plot = g.side() as u32 * cell_pixels(g);
    let w = cols * (Y_LABELS + plot + RIGHT) + LEGEND_WIDTH;
    let h = TITLE_HEIGHT + rows * (CAPTION + plot + X_LABELS);
    (w, h)
}

/// Whether the cells are drawn as a pixel layer rather than as elements.
fn as_pixels(g: &Grid) -> bool {
    match g.shade {
        Shade::Grundy { .. } => g.side() > HEAT_CELLS_UP_TO,
        Shade::Outcomes => {
            let marks: usize = g
                .panels
                .iter()
                .map(|p| {
                    p.values.iter().filter(|&&v| v == 0 || v == DRAW).count()
                        + p.marked.iter().filter(|&&m| m).count()
                })
                .sum();
            g.side() > MARKS_UP_TO || marks > MOST_MARKS
        }
    }
}

/// Draws the grid below the title; returns each panel's plotting area and the pixel layers
/// still to draw.
pub fn draw<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    g: &Grid,
) -> Result<(Vec<Area>, Vec<Layer>), DrawError> {
    let (cols, rows) = arrangement(g.panels.len());
    let (w, _) = body.dim_in_pixel();
    let (panels_area, legend) = body.split_horizontally(w - LEGEND_WIDTH);
    let cells = panels_area.split_evenly((rows as usize, cols as usize));
    let pixels = as_pixels(g);
    let mut areas = Vec::new();
    let mut layers = Vec::new();
    for (panel, area) in g.panels.iter().zip(cells.iter()) {
        let a = draw_panel(area, g, panel)?;
        if pixels {
            let (width, height, rgb) = cells_rgb(g, panel);
            layers.push(Layer {
                area: a,
                width,
                height,
                rgb,
            });
        }
        areas.push(a);
    }
    draw_legend(&legend, g)?;
    Ok((areas, layers))
}

/// One panel: caption, axes, and (unless drawn as pixels) its cells.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    g: &Grid,
    panel: &Panel,
) -> Result<Area, DrawError> {
    let (caption, rest) = area.split_vertically(CAPTION);
    if let Some(c) = &panel.caption {
        caption
            .draw_text(
                c,
                &text_style(16),
                (i32::try_from(Y_LABELS).unwrap_or(0), 4),
            )
            .map_err(err)?;
    }
    let lo = f64::from(g.lower) - 0.5;
    let hi = f64::from(g.max) + 0.5;
    let mut chart = ChartBuilder::on(&rest)
        .margin_right(RIGHT)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(lo..hi, lo..hi)
        .map_err(err)?;
    let ticks = g.side().min(10);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(ticks)
        .y_labels(ticks)
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .x_desc(g.x_label.as_str())
        .y_desc(g.y_label.as_str())
        .label_style(text_style(14))
        .axis_desc_style(text_style(17))
        .draw()
        .map_err(err)?;
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    let a = Area {
        left: xr.start,
        top: yr.start,
        right: xr.end,
        bottom: yr.end,
    };
    if !as_pixels(g) {
        let side_px = f64::from(a.right - a.left) / g.side() as f64;
        match g.shade {
            Shade::Outcomes => draw_outcomes(&mut chart, g, panel, side_px)?,
            Shade::Grundy { scale } => draw_heat(&mut chart, g, panel, (scale, side_px))?,
        }
    }
    Ok(a)
}

/// A panel's chart: heap sizes on both axes.
type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The square of the cell (x, y) in the chart's coordinates.
fn cell(x: u32, y: u32) -> [(f64, f64); 2] {
    let (x, y) = (f64::from(x), f64::from(y));
    [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)]
}

/// Every cell (x, y) of the grid, row by row.
fn coords(g: &Grid) -> impl Iterator<Item = (u32, u32)> + '_ {
    (g.lower..=g.max).flat_map(move |y| (g.lower..=g.max).map(move |x| (x, y)))
}

/// The cells of outcomes: the overlay, the draws, and a mark on each P-position (a dot, or
/// the whole cell when cells are a few pixels).
fn draw_outcomes<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    g: &Grid,
    panel: &Panel,
    side_px: f64,
) -> Result<(), DrawError> {
    let marked = coords(g).filter(|&(x, y)| panel.marked[g.index(x, y)]);
    chart
        .draw_series(marked.map(|(x, y)| Rectangle::new(cell(x, y), OVERLAY.filled())))
        .map_err(err)?;
    let draws = coords(g).filter(|&(x, y)| panel.values[g.index(x, y)] == DRAW);
    chart
        .draw_series(draws.map(|(x, y)| Rectangle::new(cell(x, y), DRAW_MARK.filled())))
        .map_err(err)?;
    let ps = coords(g).filter(|&(x, y)| panel.values[g.index(x, y)] == 0);
    if side_px >= SQUARES_BELOW {
        let radius = ((side_px * 0.4).round() as i32).max(1);
        chart
            .draw_series(
                ps.map(|(x, y)| Circle::new((f64::from(x), f64::from(y)), radius, P_MARK.filled())),
            )
            .map_err(err)?;
    } else {
        // Cells of a few pixels: a dot would vanish, the whole cell is the mark.
        chart
            .draw_series(ps.map(|(x, y)| Rectangle::new(cell(x, y), P_MARK.filled())))
            .map_err(err)?;
    }
    Ok(())
}

/// The cells of a heatmap of values up to `scale`, the overlay as outlines.
fn draw_heat<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    g: &Grid,
    panel: &Panel,
    (scale, side_px): (u32, f64),
) -> Result<(), DrawError> {
    chart
        .draw_series(
            coords(g)
                .filter(|&(x, y)| panel.values[g.index(x, y)] != EXCLUDED)
                .map(|(x, y)| {
                    let c = match panel.values[g.index(x, y)] {
                        DRAW => DRAW_MARK,
                        v => heat(v, scale),
                    };
                    Rectangle::new(cell(x, y), c.filled())
                }),
        )
        .map_err(err)?;
    let width = ((side_px / 6.0).round() as u32).max(1);
    let marked = coords(g).filter(|&(x, y)| panel.marked[g.index(x, y)]);
    chart
        .draw_series(marked.map(|(x, y)| Rectangle::new(cell(x, y), OVERLAY.stroke_width(width))))
        .map_err(err)?;
    Ok(())
}

/// The legend: the P mark (and the overlay), or the colour scale.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    g: &Grid,
) -> Result<(), DrawError> {
    let x0 = 16;
    let mut y = i32::try_from(CAPTION).unwrap_or(0) + 8;
    match g.shade {
        Shade::Outcomes => {
            area.draw(&Circle::new((x0 + 6, y + 8), 6, P_MARK.filled()))
                .map_err(err)?;
            area.draw_text("P-position", &text_style(15), (x0 + 20, y))
                .map_err(err)?;
            y += 28;
        }
        Shade::Grundy { scale } => y = draw_scale(area, g, scale, (x0, y))?,
    }
    draw_keys(area, g, (x0, y))
}

/// The colour scale of a heatmap from 0 to `scale` at (`x0`, `y`), with a note when values
/// pass it; the height below it.
fn draw_scale<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    g: &Grid,
    scale: u32,
    (x0, y): (i32, i32),
) -> Result<i32, DrawError> {
    let top = y + 24;
    let bar = 260;
    area.draw_text("Grundy value", &text_style(15), (x0, y))
        .map_err(err)?;
    let steps = 128;
    for s in 0..steps {
        // From the bottom (0) up to the top (scale).
        let v = u32::try_from(u64::from(scale) * s / (steps - 1)).unwrap_or(scale);
        let y1 = top + bar - (bar * (s as i32 + 1)) / steps as i32;
        let y2 = top + bar - (bar * s as i32) / steps as i32;
        area.draw(&Rectangle::new(
            [(x0, y1), (x0 + 24, y2)],
            heat(v, scale).filled(),
        ))
        .map_err(err)?;
    }
    area.draw(&Rectangle::new(
        [(x0, top), (x0 + 24, top + bar)],
        INK.stroke_width(1),
    ))
    .map_err(err)?;
    let most = g
        .panels
        .iter()
        .flat_map(|p| p.values.iter())
        .filter(|&&v| v != DRAW && v != EXCLUDED)
        .max()
        .copied();
    let saturated = most.is_some_and(|m| m > scale);
    let top_label = if saturated {
        format!("{scale} or more")
    } else {
        scale.to_string()
    };
    area.draw_text(&top_label, &text_style(14), (x0 + 32, top - 6))
        .map_err(err)?;
    area.draw_text("0", &text_style(14), (x0 + 32, top + bar - 8))
        .map_err(err)?;
    let mut y = top + bar + 16;
    if saturated {
        for line in [
            format!("values above {scale}"),
            "saturate (top colour)".to_string(),
            format!("largest: {}", most.unwrap_or(scale)),
        ] {
            area.draw_text(&line, &text_style(13), (x0, y))
                .map_err(err)?;
            y += 18;
        }
    }
    Ok(y)
}

/// The keys below the legend's mark or scale, from (`x0`, `y`): draws, and the overlay.
fn draw_keys<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    g: &Grid,
    (x0, mut y): (i32, i32),
) -> Result<(), DrawError> {
    if g.panels.iter().any(|p| p.values.contains(&DRAW)) {
        area.draw(&Rectangle::new(
            [(x0, y), (x0 + 12, y + 12)],
            DRAW_MARK.filled(),
        ))
        .map_err(err)?;
        let label = match g.shade {
            Shade::Outcomes => "draw (D)",
            Shade::Grundy { .. } => "infinite value",
        };
        area.draw_text(label, &text_style(14), (x0 + 20, y - 2))
            .map_err(err)?;
        y += 28;
    }
    if let Some(label) = &g.overlay {
        area.draw(&Rectangle::new(
            [(x0, y), (x0 + 12, y + 12)],
            OVERLAY.filled(),
        ))
        .map_err(err)?;
        for (i, line) in wrap(label, 20).iter().enumerate() {
            area.draw_text(line, &text_style(14), (x0 + 20, y + 18 * i as i32 - 2))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// A tick's label: integers only (heap sizes, Grundy values).
pub(crate) fn integer_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

/// Text in the bundled sans-serif font.
pub(crate) fn text_style(size: u32) -> TextStyle<'static> {
    TextStyle::from(("sans-serif", size).into_font()).color(&INK)
}

/// `text` broken into lines of at most about `width` characters, at spaces.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}
