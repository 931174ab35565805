//! The colours of a picture: the P-position mark, the overlay's contrasting colour, and the
//! perceptual colour map (viridis) of Grundy heatmaps, saturating above the scale.

use plotters::style::RGBColor;

/// The mark of a P-position.
pub(crate) const P_MARK: RGBColor = RGBColor(31, 59, 115);
/// A drawn position of a loopy game (or an infinite Smith value in a heatmap).
pub(crate) const DRAW_MARK: RGBColor = RGBColor(240, 140, 0);
/// The overlay: positions where a claim and the solver (or two rulesets) disagree.
pub(crate) const OVERLAY: RGBColor = RGBColor(228, 26, 28);
/// The background of the plotting area.
pub(crate) const BACKGROUND: RGBColor = RGBColor(255, 255, 255);
/// Axes and text.
pub(crate) const INK: RGBColor = RGBColor(0, 0, 0);
/// The shading of a sequence's periodic part.
pub(crate) const PERIOD_SHADE: RGBColor = RGBColor(255, 236, 179);

/// The heatmap colour of Grundy value `g` on a scale from 0 to `scale` (values above it get the
/// top colour).
pub(crate) fn heat(g: u32, scale: u32) -> RGBColor {
    let t = f64::from(g.min(scale)) / f64::from(scale.max(1));
    let c = colorous::VIRIDIS.eval_continuous(t);
    RGBColor(c.r, c.g, c.b)
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

    /// Viridis is monotone in perceived lightness (CAM02-UCS J'); its relative luminance, which
    /// ignores the hue, rises too, but for dips of well under 1% between neighbouring 8-bit
    /// colours. So: never darker by 1% from one value to the next, and clearly lighter (by 5%)
    /// over every thirty-second of the scale.
    #[test]
    fn heat_is_lighter_for_larger_values_and_saturates_above_the_scale() {
        let scale = 320;
        let lum = |g| {
            let c = heat(g, scale);
            luminance((c.0, c.1, c.2))
        };
        for g in 0..scale {
            assert!(
                lum(g + 1) >= lum(g) * 0.99,
                "darker at {g}: {} < {}",
                lum(g + 1),
                lum(g)
            );
        }
        for g in 0..scale - 10 {
            assert!(
                lum(g + 10) > lum(g) * 1.05,
                "not lighter from {g} to {}",
                g + 10
            );
        }
        assert!(lum(scale) > 10.0 * lum(0));
        assert_eq!(heat(scale + 1, scale), heat(scale, scale));
        assert_eq!(heat(10_000, scale), heat(scale, scale));
    }
}
