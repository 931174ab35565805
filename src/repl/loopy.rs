//! The REPL on a loopy game (normal play, moves that can return to a position): a position
//! typed is answered as `heapgame eval` answers it, with Smith's value, P/N/D and the winning
//! or draw-keeping moves; `:moves` shows each follower's outcome and Smith's value.

use std::fmt::Write as _;

use crate::game::show_position;
use crate::solver::loopy::{solve_loopy, LoopySolution};
use crate::solver::Budget;
use crate::{Game, SolveError};
use miette::Report;

/// Smith's values of the region `pos` reaches, computed under the REPL's budget.
pub fn solve(game: &Game, pos: &[u32], budget: &Budget) -> Result<LoopySolution, Report> {
    solve_loopy(game.generator(), pos, budget)
        .map_err(|e: SolveError<_>| miette::Report::new(game.solve_diag(&e)))
}

/// The followers of the region's root, numbered from 1, each with its outcome and value.
pub fn moves_text(sol: &LoopySolution) -> String {
    let pos = sol.graph.position(0);
    let mut fs: Vec<Vec<u32>> = sol.graph.succ[0]
        .iter()
        .map(|&w| sol.graph.position(w).to_vec())
        .collect();
    fs.sort();
    let mut s = String::new();
    if fs.is_empty() {
        let _ = writeln!(
            s,
            "no moves from {}: the player to move loses",
            show_position(pos)
        );
        return s;
    }
    let n = fs.len();
    let plural = if n == 1 { "" } else { "s" };
    let _ = writeln!(
        s,
        "{n} move{plural} from {} (a loopy game):",
        show_position(pos)
    );
    let num_w = format!("#{n}").len();
    let pos_w = fs.iter().map(|f| show_position(f).len()).max().unwrap_or(0);
    for (i, f) in fs.iter().enumerate() {
        let num = format!("#{}", i + 1);
        if let Some(v) = sol.value_of(f) {
            let _ = writeln!(
                s,
                "  {num:>num_w$}  {:pos_w$}  {}  grundy {v}",
                show_position(f),
                v.outcome()
            );
        }
    }
    s
}
