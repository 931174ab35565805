//! What a picture shows, as plain values: a grid of two heaps (one panel, or several slices as
//! small multiples) or a single-heap Grundy sequence, with an optional overlay of positions
//! marked in a contrasting colour. The renderer draws these; `build.rs` fills them from a game.

/// A picture: a title and what it draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The ruleset's name and parameters.
    pub title: String,
    /// The body.
    pub body: Body,
}

/// What a picture draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// Positions of two heaps on an (x, y) grid.
    Grid(Grid),
    /// Grundy values of one heap against its size.
    Sequence(Sequence),
}

/// How the cells of a grid are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// A mark on every P-position (value 0).
    Outcomes,
    /// A heatmap of Grundy values on a perceptual colour map from 0 to `scale`; larger values
    /// saturate at the top colour.
    Grundy {
        /// The value at the top of the colour scale.
        scale: u32,
    },
}

/// Positions of two heaps, heap `x` along the horizontal axis and `y` up the vertical, both
/// over `lower..=max`.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// The horizontal axis's label (a heap name, or `h1`).
    pub x_label: String,
    /// The vertical axis's label.
    pub y_label: String,
    /// The least heap size drawn.
    pub lower: u32,
    /// The largest heap size drawn.
    pub max: u32,
    /// Marks or heatmap.
    pub shade: Shade,
    /// One or more panels (slices), drawn as small multiples.
    pub panels: Vec<Panel>,
    /// What the overlay's marks mean, for the legend (`None`: no overlay).
    pub overlay: Option<String>,
}

impl Grid {
    /// Cells per side.
    pub fn side(&self) -> usize {
        (self.max - self.lower) as usize + 1
    }

    /// The index of cell (x, y) in a panel's vectors (row by row, y outer).
    pub fn index(&self, x: u32, y: u32) -> usize {
        (y - self.lower) as usize * self.side() + (x - self.lower) as usize
    }
}

/// A cell's value for a drawn position of a loopy game (outcome D), or, in a heatmap, for an
/// infinite Smith value: drawn in its own colour, never on the colour scale.
pub(crate) const DRAW: u32 = u32::MAX;

/// The value of a cell that is not a position of the game (`positions where`): never drawn.
pub const EXCLUDED: u32 = u32::MAX - 1;

/// One panel of a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Its caption (the fixed heaps of a slice), if any.
    pub caption: Option<String>,
    /// Per cell (see [`Grid::index`]): the Grundy value (or for outcomes 0 for P, 1 for N);
    /// [`DRAW`] for a draw of a loopy game (an infinite value in a heatmap), or [`EXCLUDED`].
    pub values: Vec<u32>,
    /// Per cell: whether the overlay marks it.
    pub marked: Vec<bool>,
}

/// Where a Grundy sequence repeats: from `start` on, `g(n + period) = g(n) + saltus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first n of the periodic part (the preperiod's length).
    pub start: u32,
    /// The period.
    pub period: u32,
    /// What one period adds (0: purely periodic; else arithmetic-periodic).
    pub saltus: i64,
}

/// The Grundy values of one heap, `values[i]` for heap size `lower + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequence {
    /// The least heap size.
    pub lower: u32,
    /// The values.
    pub values: Vec<u32>,
    /// The period, when one was found.
    pub period: Option<Period>,
    /// Heap sizes the overlay marks.
    pub marked: Vec<u32>,
    /// What the overlay's marks mean (`None`: no overlay).
    pub overlay: Option<String>,
}
