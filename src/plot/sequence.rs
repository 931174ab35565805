//! Drawing a single heap's Grundy sequence: value against heap size, the periodic part shaded
//! with its period marked, and the overlay's heap sizes in the contrasting colour.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::colors::{OVERLAY, PERIOD_SHADE, P_MARK};
use super::figure::{Period, Sequence};
use super::grid::{integer_label, text_style, wrap};
use super::{err, Area, DrawError};

/// The size of a sequence picture.
pub(crate) const CANVAS: (u32, u32) = (1000, 520);

/// Sequences up to this length get a dot per value (longer ones: a line).
const DOTS_UP_TO: usize = 400;

/// The most period boundaries drawn as lines.
const MOST_BOUNDARIES: u32 = 60;

/// Draws the sequence below the title; returns the plotting area.
pub fn draw<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    s: &Sequence,
) -> Result<Area, DrawError> {
    let (w, _) = body.dim_in_pixel();
    let (plot, legend) = body.split_horizontally(w - 200);
    let last = s.lower + s.values.len().saturating_sub(1) as u32;
    let top = s.values.iter().max().copied().unwrap_or(0);
    let xs = f64::from(s.lower) - 0.5..f64::from(last) + 0.5;
    let ys = -0.5..f64::from(top) + 1.0;
    let mut chart = ChartBuilder::on(&plot)
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(60)
        .build_cartesian_2d(xs.clone(), ys.clone())
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(WHITE)
        .bold_line_style(RGBColor(225, 225, 225))
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .x_desc("heap size n")
        .y_desc("Grundy value g(n)")
        .label_style(text_style(14))
        .axis_desc_style(text_style(17))
        .draw()
        .map_err(err)?;
    let value = |i: usize, v: u32| (f64::from(s.lower) + i as f64, f64::from(v));
    if let Some(p) = s.period {
        draw_period(&mut chart, p, (&xs, &ys))?;
    }
    let points = s.values.iter().enumerate().map(|(i, &v)| value(i, v));
    chart
        .draw_series(LineSeries::new(points.clone(), P_MARK.mix(0.5)))
        .map_err(err)?;
    if s.values.len() <= DOTS_UP_TO {
        chart
            .draw_series(points.map(|p| Circle::new(p, 3, P_MARK.filled())))
            .map_err(err)?;
    }
    let marked = s.marked.iter().filter_map(|&n| {
        let i = n.checked_sub(s.lower)? as usize;
        s.values.get(i).map(|&v| value(i, v))
    });
    chart
        .draw_series(marked.map(|p| Circle::new(p, 5, OVERLAY.filled())))
        .map_err(err)?;
    let (xr, yr) = chart.plotting_area().get_pixel_range();
    draw_legend(&legend, s)?;
    Ok(Area {
        left: xr.start,
        top: yr.start,
        right: xr.end,
        bottom: yr.end,
    })
}

/// The periodic part shaded from its start, a line at each period's boundary.
fn draw_period<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    p: Period,
    (xs, ys): (&std::ops::Range<f64>, &std::ops::Range<f64>),
) -> Result<(), DrawError> {
    let from = f64::from(p.start) - 0.5;
    if from >= xs.end {
        return Ok(());
    }
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(from.max(xs.start), ys.start), (xs.end, ys.end)],
            PERIOD_SHADE.filled(),
        )))
        .map_err(err)?;
    let lines = (0..MOST_BOUNDARIES)
        .map(|j| f64::from(p.start) + f64::from(j) * f64::from(p.period) - 0.5)
        .take_while(|&x| x < xs.end);
    chart
        .draw_series(
            lines
                .map(|x| PathElement::new(vec![(x, ys.start), (x, ys.end)], RGBColor(230, 159, 0))),
        )
        .map_err(err)?;
    Ok(())
}

/// The legend: the period (or that none was found) and the overlay.
fn draw_legend<DB: DrawingBackend>(
    legend: &DrawingArea<DB, Shift>,
    s: &Sequence,
) -> Result<(), DrawError> {
    let mut y = 40;
    if let Some(p) = s.period {
        legend
            .draw(&Rectangle::new(
                [(10, y), (24, y + 14)],
                PERIOD_SHADE.filled(),
            ))
            .map_err(err)?;
        let mut text = format!("period {} from n = {}", p.period, p.start);
        if p.saltus != 0 {
            text.push_str(&format!(", saltus {}", p.saltus));
        }
        for (i, line) in wrap(&text, 24).iter().enumerate() {
            legend
                .draw_text(line, &text_style(14), (30, y + 18 * i as i32))
                .map_err(err)?;
        }
        y += 50;
    } else {
        legend
            .draw_text("no period found", &text_style(14), (10, y))
            .map_err(err)?;
        y += 30;
    }
    if let Some(label) = &s.overlay {
        legend
            .draw(&Circle::new((16, y + 7), 5, OVERLAY.filled()))
            .map_err(err)?;
        for (i, line) in wrap(label, 24).iter().enumerate() {
            legend
                .draw_text(line, &text_style(14), (30, y + 18 * i as i32))
                .map_err(err)?;
        }
    }
    Ok(())
}
