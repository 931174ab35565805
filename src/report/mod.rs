//! What the front ends print, as data to text: the tables of `solve` and the REPL's `:table`
//! (`table.rs`, a box's answer, a loopy game's too, written by `box_table.rs`), the reports of `check` (`check.rs`, a file's summary in
//! `check_summary.rs`) and `diff`
//! (`diff.rs`), one position's answer (`eval.rs`), a heap's sequence (`sequence.rs`), a loopy position (`loopy.rs`), pictures as
//! the bytes of a file (`picture.rs`), and files written whole or not at all (`output.rs`).
//! Below the command line, the REPL and the playground, which share it; it reads no terminal
//! and no argument.

pub(crate) mod box_table;
pub(crate) mod check;
pub(crate) mod check_summary;
pub(crate) mod diff;
pub(crate) mod eval;
pub(crate) mod guess;
pub(crate) mod loopy;
pub mod output;
pub mod picture;
pub(crate) mod sequence;
pub(crate) mod table;

/// The output formats of `eval`, `moves`, `check` and `diff`.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON value.
    Json,
}

/// A position as JSON: `[3, 5, 7]`.
pub fn json_position(p: &[u32]) -> serde_json::Value {
    serde_json::Value::Array(p.iter().map(|&h| serde_json::Value::from(h)).collect())
}
