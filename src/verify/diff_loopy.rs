//! The answers of one side of a `diff` and why, through the solver; a side whose moves can
//! return to a position (normal play) through Smith's values
//! of the region compared and what it reaches, solved at once the first time the search meets
//! a cycle, as `check` does (`loopy.rs`). Outcomes P/N/D; Grundy values finite or infinite.

use super::explain::{justify_grundy, justify_outcome};
use super::loopy::justify_loopy;
use super::{Answer, CheckError};
use crate::game::Game;
use crate::moves::Generator;
use crate::solver::loopy::{solve_loopy_region, LoopyOutcome, LoopySolution, LoopyValue};
use crate::solver::{Budget, Outcome, Play, SolveError, Solver};

/// Smith's values of one side, once a cycle was met.
#[derive(Default)]
pub(super) struct LoopySide {
    sol: Option<LoopySolution>,
    /// The positions of the region being compared, solved together.
    roots: Vec<Vec<u32>>,
}

impl LoopySide {
    /// Whether the search met a cycle: every position is answered here from now on.
    pub(super) fn active(&self) -> bool {
        self.sol.is_some()
    }

    /// The positions (canonical for this side) of the region about to be compared.
    pub(super) fn set_region(&mut self, positions: Vec<Vec<u32>>) {
        self.roots = positions;
    }

    /// The answer at `pos`: its outcome (P, N or D), or Smith's value (an infinite one as
    /// CGSuite writes it).
    pub(super) fn answer(
        &mut self,
        game: &Game,
        pos: &[u32],
        grundy: bool,
        budget: &Budget,
    ) -> Result<Answer, CheckError> {
        let sol = self.solved(game, pos, budget)?;
        let v = sol.value_of(pos).expect("the region holds pos (answer)");
        Ok(match (grundy, v, v.outcome()) {
            (true, LoopyValue::Finite(n), _) => Answer::Grundy(i64::from(*n)),
            (true, inf, _) => Answer::Loopy(inf.to_string()),
            (false, _, LoopyOutcome::P) => Answer::IsP(true),
            (false, _, LoopyOutcome::N) => Answer::IsP(false),
            (false, _, LoopyOutcome::D) => Answer::Draw,
        })
    }

    /// Why `pos` has its answer, in words (it was answered through [`LoopySide::answer`]).
    pub(super) fn why(&self, game: &Game, pos: &[u32]) -> Option<String> {
        let sol = self.sol.as_ref()?;
        sol.value_of(pos)?;
        Some(justify_loopy(game, sol, pos))
    }

    /// The solution, with `pos` in it: the region's positions, those solved before and `pos`.
    fn solved(
        &mut self,
        game: &Game,
        pos: &[u32],
        budget: &Budget,
    ) -> Result<&LoopySolution, CheckError> {
        if self.sol.as_ref().is_none_or(|s| s.value_of(pos).is_none()) {
            let mut roots = std::mem::take(&mut self.roots);
            if let Some(old) = self.sol.take() {
                roots.extend(old.graph.positions().map(<[u32]>::to_vec));
            }
            roots.push(pos.to_vec());
            let r = solve_loopy_region(game.generator(), roots, budget);
            self.sol = Some(r.map_err(|e| CheckError::solve(game, &e))?);
        }
        Ok(self.sol.as_ref().expect("solved just above (solved)"))
    }
}

/// `g`'s answer at `pos`: through the solver, or in normal play, once the search meets a
/// cycle, through Smith's values (`loopy`).
pub(super) fn answer(
    g: &Game,
    s: &mut Solver<'_, Generator>,
    loopy: &mut LoopySide,
    pos: &[u32],
    grundy: bool,
) -> Result<Answer, CheckError> {
    let budget = s.budget().clone();
    if loopy.active() {
        return loopy.answer(g, pos, grundy, &budget);
    }
    let r = if grundy {
        s.grundy(pos).map(|v| Answer::Grundy(i64::from(v)))
    } else {
        s.outcome(pos).map(|o| Answer::IsP(o == Outcome::P))
    };
    match r {
        Err(SolveError::Cycle(_)) if g.play() == Play::Normal => {
            loopy.answer(g, pos, grundy, &budget)
        }
        r => r.map_err(|e| CheckError::solve(g, &e)),
    }
}

pub(super) fn why(
    g: &Game,
    s: &mut Solver<'_, Generator>,
    pos: &[u32],
    grundy: bool,
) -> Result<String, CheckError> {
    if grundy {
        justify_grundy(g, s, pos, None)
    } else {
        justify_outcome(g, s, pos)
    }
}
