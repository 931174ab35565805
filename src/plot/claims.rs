//! The overlays: where a claim and the solver disagree (evaluated per position as `check`
//! does, with `verify::check`'s same-type positions and errors), and where two rulesets or a
//! ruleset and a formula differ (collected from `verify::diff`).

use crate::game::{ClaimValue, Game};
use crate::solver::{Budget, Outcome};
use crate::verify::check::{claim_error, same_position};

use super::build::PlotError;

/// For each position (canonical, with its value: the Grundy value when the ruleset has a
/// Grundy claim, else 0 for P and anything else for N), whether some claim disagrees with the
/// solver there. A claim silent at a position (outside its theorem's scope) does not disagree.
pub fn claim_overlay(
    game: &Game,
    positions: &[Vec<u32>],
    values: &[u32],
    budget: &Budget,
) -> Result<Vec<bool>, PlotError> {
    let mut solver = None;
    let mut out = Vec::with_capacity(positions.len());
    for (pos, &value) in positions.iter().zip(values) {
        let is_p = value == 0;
        let mut wrong = false;
        for i in 0..game.checked.claims.len() {
            let said = game
                .eval_claim(i, pos)
                .map_err(|e| claim_error(game, i, pos, e))?;
            wrong |= match said {
                None => false,
                Some(ClaimValue::IsP(says)) => says != is_p,
                Some(ClaimValue::Grundy(says)) => says != i64::from(value),
                Some(ClaimValue::Same(list)) => {
                    let q = same_position(game, i, pos, &list)?;
                    let s = solver.get_or_insert_with(|| {
                        let mut s = game.solver();
                        s.set_budget(budget.clone());
                        s
                    });
                    let q_is_p = s.outcome(&q).map_err(PlotError::Solve)? == Outcome::P;
                    q_is_p != is_p
                }
            };
        }
        out.push(wrong);
    }
    Ok(out)
}
