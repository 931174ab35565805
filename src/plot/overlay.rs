//! The overlays: where a claim and the solver disagree (evaluated per position as `check`
//! does, with `verify::check`'s same-type positions and errors), and where two rulesets or a
//! ruleset and a formula differ (collected from `verify::diff`).

use std::collections::HashSet;

use super::figure::{Body, Figure};
use crate::game::Game;
use crate::solver::{Budget, Outcome};
use crate::verify::claim::{eval_claim, known, ClaimValue, Known, Needs};
use crate::verify::compare::same_position;
use crate::verify::error::claim_error;

use super::request::PlotError;

/// For each position (canonical, with its value: the Grundy value when the ruleset has a
/// Grundy claim, else 0 for P and anything else for N), whether some claim disagrees with the
/// solver there. A claim silent at a position (outside its theorem's scope) does not disagree.
pub(crate) fn claim_overlay(
    game: &Game,
    positions: &[Vec<u32>],
    values: &[u32],
    budget: &Budget,
) -> Result<Vec<bool>, PlotError> {
    let mut solver = game.solver();
    solver.set_budget(budget.clone());
    let needs = Needs::of_all(game);
    let mut out = Vec::with_capacity(positions.len());
    for (pos, &value) in positions.iter().zip(values) {
        let is_p = value == 0;
        // `values` are Grundy values when a claim reads them (`build` asks for them then).
        let grundy = needs.grundy.then_some(value);
        let known = if needs.winning || needs.genus {
            known(&mut solver, pos, needs, grundy).map_err(PlotError::Solve)?
        } else {
            Known {
                grundy,
                winning: None,
                genus: None,
            }
        };
        let mut wrong = false;
        for i in 0..game.checked.claims.len() {
            let said =
                eval_claim(game, i, pos, &known, None).map_err(|e| claim_error(game, i, pos, e))?;
            wrong |= match said {
                None => false,
                Some(ClaimValue::IsP(says)) => says != is_p,
                // A game that ends (plot draws loopy games apart) has no draw.
                Some(ClaimValue::IsD(says)) => says,
                Some(ClaimValue::Grundy(says)) => says != i64::from(value),
                Some(ClaimValue::GrundyCmp { holds, .. } | ClaimValue::Holds(holds)) => !holds,
                Some(ClaimValue::Winning(list)) => {
                    let mut says = Vec::with_capacity(list.len());
                    for l in &list {
                        says.push(same_position(game, i, pos, l)?);
                    }
                    says.sort();
                    says.dedup();
                    Some(says) != known.winning
                }
                Some(ClaimValue::Same(list)) => {
                    let q = same_position(game, i, pos, &list)?;
                    let q_is_p = solver.outcome(&q).map_err(PlotError::Solve)? == Outcome::P;
                    q_is_p != is_p
                }
            };
        }
        out.push(wrong);
    }
    Ok(out)
}

/// Marks the cells of a one-panel grid (or the heap sizes of a sequence) whose canonical
/// position is one of `positions` (the differences `verify::diff` found), with `label` in the
/// legend.
pub fn mark_positions(
    game: &Game,
    fig: &mut Figure,
    positions: &[Vec<u32>],
    label: &str,
) -> Result<(), PlotError> {
    let set: HashSet<&[u32]> = positions.iter().map(Vec::as_slice).collect();
    let canonical = |wide: &[u64]| game.canonical(wide).map_err(PlotError::Position);
    match &mut fig.body {
        Body::Grid(g) => {
            let [panel] = g.panels.as_mut_slice() else {
                return Err(PlotError::PanelsForDifferences);
            };
            let side = (g.max - g.lower) as usize + 1;
            for y in g.lower..=g.max {
                for x in g.lower..=g.max {
                    let p = canonical(&[u64::from(x), u64::from(y)])?;
                    let i = (y - g.lower) as usize * side + (x - g.lower) as usize;
                    panel.marked[i] = set.contains(p.as_slice());
                }
            }
            g.overlay = Some(label.to_string());
        }
        Body::Sequence(s) => {
            let mut marked = Vec::new();
            for n in s.lower..s.lower + s.values.len() as u32 {
                if set.contains(canonical(&[u64::from(n)])?.as_slice()) {
                    marked.push(n);
                }
            }
            s.marked = marked;
            s.overlay = Some(label.to_string());
        }
    }
    Ok(())
}
