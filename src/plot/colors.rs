//! The colours of a picture: the P-position mark, the overlay's contrasting colour, and the
//! perceptual colour map (viridis) of Grundy heatmaps, saturating above the scale.

use plotters::style::colors::colormaps::{ColorMap, ViridisRGB};
use plotters::style::RGBColor;

/// The mark of a P-position.
pub const P_MARK: RGBColor = RGBColor(31, 59, 115);
/// The overlay: positions where a claim and the solver (or two rulesets) disagree.
pub const OVERLAY: RGBColor = RGBColor(228, 26, 28);
/// The background of the plotting area.
pub const BACKGROUND: RGBColor = RGBColor(255, 255, 255);
/// Axes and text.
pub const INK: RGBColor = RGBColor(0, 0, 0);
/// The shading of a sequence's periodic part.
pub const PERIOD_SHADE: RGBColor = RGBColor(255, 236, 179);

/// The heatmap colour of Grundy value `g` on a scale from 0 to `scale` (values above it get the
/// top colour).
pub fn heat(g: u32, scale: u32) -> RGBColor {
    let top = f64::from(scale.max(1));
    ViridisRGB.get_color_normalized(f64::from(g.min(scale)), 0.0, top)
}

/// `#rrggbb`, as the SVG backend writes colours.
pub fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// Relative luminance (sRGB, ITU-R BT.709 weights on linearised channels): how light a colour
/// looks, increasing along the heatmap's colour map.
pub fn luminance(c: (u8, u8, u8)) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_is_lighter_for_larger_values_and_saturates_above_the_scale() {
        let scale = 300;
        let mut last = -1.0;
        for g in 0..=scale {
            let c = heat(g, scale);
            let l = luminance((c.0, c.1, c.2));
            assert!(l >= last, "luminance drops at {g}: {l} < {last}");
            last = l;
        }
        assert!(luminance((heat(scale, scale).0, 0, 0)) > 0.0);
        assert_eq!(heat(scale + 1, scale), heat(scale, scale));
        assert_eq!(heat(10_000, scale), heat(scale, scale));
        assert_ne!(heat(0, scale), heat(scale, scale));
    }
}
