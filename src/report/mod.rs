//! What the front ends print, as data to text: the tables of `solve` and the REPL's `:table`
//! (`table.rs`, a box's answer, a loopy game's too, written by `box_table.rs`), the reports of `check` (`check.rs`, a file's summary in
//! `check_summary.rs`, its family claims and coverage in `check_parts.rs`) and `diff`
//! (`diff.rs`), one position's answer (`eval.rs`), which move clauses
//! compile (`clauses.rs`), a heap's sequence (`sequence.rs`), a loopy position (`loopy.rs`), pictures as
//! the bytes of a file (`picture.rs`), and files written whole or not at all (`output.rs`).
//! Below the command line, the REPL and the playground, which share it; it reads no terminal
//! and no argument. The renderers of the commands are built with the command line (feature
//! `cli`); the playground and the Python package use `output` and `picture`.

#[cfg(feature = "cli")]
pub(crate) mod box_table;
#[cfg(feature = "cli")]
pub(crate) mod check;
#[cfg(feature = "cli")]
pub(crate) mod check_parts;
#[cfg(feature = "cli")]
pub(crate) mod check_summary;
#[cfg(feature = "cli")]
pub(crate) mod clauses;
#[cfg(feature = "cli")]
pub(crate) mod diff;
#[cfg(feature = "cli")]
pub(crate) mod eval;
#[cfg(feature = "cli")]
pub(crate) mod guess;
#[cfg(feature = "cli")]
pub mod halt;
#[cfg(feature = "cli")]
pub(crate) mod loopy;
pub mod output;
pub mod picture;
#[cfg(feature = "cli")]
pub(crate) mod sequence;
#[cfg(feature = "cli")]
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
