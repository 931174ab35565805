//! The pixel layer of large boxes: one RGB pixel per cell, stretched over the plotting area
//! (nearest neighbour) in a PNG, or PNG-encoded and embedded in an SVG as an `<image>`; and
//! the PNG encoding of a whole picture.

use base64::Engine as _;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::colors::{heat, BACKGROUND, DRAW_MARK, OVERLAY, P_MARK};
use super::figure::{Grid, Panel, Shade, DRAW};
use super::{err, DrawError, Layer};

/// The RGB image of a panel, one pixel per cell, the top row being y = max.
pub(crate) fn cells_rgb(g: &Grid, panel: &Panel) -> (u32, u32, Vec<u8>) {
    let side = g.side();
    let mut rgb = Vec::with_capacity(side * side * 3);
    for y in (g.lower..=g.max).rev() {
        for x in g.lower..=g.max {
            let i = g.index(x, y);
            let c = match g.shade {
                _ if panel.marked[i] => OVERLAY,
                _ if panel.values[i] == DRAW => DRAW_MARK,
                _ if panel.values[i] == super::figure::EXCLUDED => BACKGROUND,
                Shade::Outcomes if panel.values[i] == 0 => P_MARK,
                Shade::Outcomes => BACKGROUND,
                Shade::Grundy { scale } => heat(panel.values[i], scale),
            };
            rgb.extend_from_slice(&[c.0, c.1, c.2]);
        }
    }
    (side as u32, side as u32, rgb)
}

/// Draws a layer on a bitmap, stretched over its area.
pub(crate) fn blit<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    l: &Layer,
) -> Result<(), DrawError> {
    let (w, h) = (
        (l.area.right - l.area.left).max(0) as u32,
        (l.area.bottom - l.area.top).max(0) as u32,
    );
    let mut buf = Vec::with_capacity(w as usize * h as usize * 3);
    for py in 0..h {
        let sy = (u64::from(py) * u64::from(l.height) / u64::from(h.max(1))) as usize;
        for px in 0..w {
            let sx = (u64::from(px) * u64::from(l.width) / u64::from(w.max(1))) as usize;
            let at = (sy * l.width as usize + sx) * 3;
            buf.extend_from_slice(&l.rgb[at..at + 3]);
        }
    }
    let elem = BitMapElement::with_owned_buffer((l.area.left, l.area.top), (w, h), buf)
        .ok_or_else(|| DrawError("a pixel layer of the wrong size".into()))?;
    root.draw(&elem).map_err(err)
}

/// The SVG with each layer inserted as an `<image>` (a PNG in a data URL) before its end.
pub(crate) fn embed_layers(mut svg: String, layers: &[Layer]) -> Result<String, DrawError> {
    if layers.is_empty() {
        return Ok(svg);
    }
    let mut images = String::new();
    for l in layers {
        let png = encode_png(l.width, l.height, &l.rgb)?;
        let data = base64::engine::general_purpose::STANDARD.encode(png);
        images.push_str(&format!(
            "<image class=\"cells\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             preserveAspectRatio=\"none\" style=\"image-rendering:pixelated\" \
             href=\"data:image/png;base64,{data}\"/>\n",
            l.area.left,
            l.area.top,
            l.area.right - l.area.left,
            l.area.bottom - l.area.top,
        ));
    }
    let at = svg
        .rfind("</svg>")
        .ok_or_else(|| DrawError("the SVG has no end tag".into()))?;
    svg.insert_str(at, &images);
    Ok(svg)
}

/// An RGB buffer as a PNG file.
pub(crate) fn encode_png(width: u32, height: u32, rgb: &[u8]) -> Result<Vec<u8>, DrawError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(err)?;
        w.write_image_data(rgb).map_err(err)?;
        w.finish().map_err(err)?;
    }
    Ok(out)
}
