//! `solve` (and the REPL's `:table`) of a loopy game: when the moves can return to a position
//! and the play is normal, the box and every position it reaches are solved at once with
//! Smith's generalised Sprague-Grundy values ([`crate::query::table`]) and written here with
//! outcomes P, N or D ([`super::table::Rows::row_loopy`]).

use crate::game::Game;
use crate::solver::loopy::LoopySolution;

use super::table::{Rows, TableRequest};

/// Writes the box (`roots`, in order) of a solved loopy game in the format asked for.
pub fn write_loopy(
    game: &Game,
    req: &TableRequest,
    k: usize,
    (roots, sol): (&[Vec<u32>], &LoopySolution),
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let name = game.checked.name.as_str();
    let mut rows = Rows::begin_loopy(out, *req, name, game.shape(), k, sol.graph.len())?;
    for p in roots {
        // The region holds every root.
        if let Some(v) = sol.value_of(p) {
            rows.row_loopy(p, v)?;
        }
    }
    rows.end()
}
