//! `solve` (and the REPL's `:table`) of a loopy game: when the moves can return to a position
//! and the play is normal, the box and every position it reaches are solved at once with
//! Smith's generalised Sprague-Grundy values ([`crate::solver::loopy`]) and written with
//! outcomes P, N or D ([`super::table::Rows::row_loopy`]).

use crate::game::Game;
use crate::moves::MoveError;
use crate::solver::loopy::{solve_loopy_region, LoopySolution};
use crate::solver::positions::each_position;
use crate::solver::{Budget, SolveError};

use super::table::{Rows, TableRequest};

/// The positions of the box the ruleset allows, in the order of `each_position`; stopped at
/// the budget's position limit (the region holds them all) or its cancel flag.
pub fn box_roots(
    game: &Game,
    req: &TableRequest,
    k: usize,
    budget: &Budget,
) -> Result<Vec<Vec<u32>>, SolveError<MoveError>> {
    let mut roots = Vec::new();
    each_position(game.shape(), req.max, k, |p| {
        budget
            .check(roots.len(), roots.len())
            .map_err(|s| SolveError::from_stop(s, roots.len()))?;
        if game.allows(p) {
            roots.push(p.to_vec());
        }
        Ok(())
    })?;
    Ok(roots)
}

/// Smith's values of the box and of every position it reaches.
pub fn solve_box_loopy(
    game: &Game,
    req: &TableRequest,
    k: usize,
    budget: &Budget,
) -> Result<(Vec<Vec<u32>>, LoopySolution), SolveError<MoveError>> {
    let roots = box_roots(game, req, k, budget)?;
    let sol = solve_loopy_region(game.generator(), roots.iter().cloned(), budget)?;
    Ok((roots, sol))
}

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
