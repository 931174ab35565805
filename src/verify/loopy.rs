//! `check` of a loopy game (normal play, moves that can return to a position): the claims
//! against Smith's generalised Sprague-Grundy values ([`crate::solver::loopy`]) of the run's
//! positions and every position they reach, solved at once the first time the search meets a
//! cycle. Outcomes are P, N or D: `claim P: C` says C exactly at the P-positions (elsewhere N
//! or D), `claim D: C` exactly at the draws; `grundy` is Smith's value, and a claim that reads
//! it where the value is infinite fails (`claim grundy`) or is an error (an expression).

use super::check::{Checker, Failure, Halt};
use super::claim::{needs, ClaimError, ClaimValue, Known};
use super::compare::{same_position, show_set};
use super::error::claim_error;
use super::explain::the_move;
use super::Answer;
use crate::game::{show_position, Game};
use crate::ruleset::expr::{EvalError, EvalErrorKind};
use crate::solver::loopy::{solve_loopy_region, LoopyOutcome, LoopySolution, LoopyValue};
use crate::syntax::ast::ClaimKind;

impl Checker<'_> {
    /// Compares every claim still standing with Smith's values at `pos`.
    pub(super) fn visit_loopy(&mut self, pos: &[u32]) -> Result<(), Halt> {
        self.ensure_solved(pos)?;
        let sol = self.loopy.take().expect("solved just above (visit_loopy)");
        let r = self.claims_at(&sol, pos);
        self.loopy = Some(sol);
        r
    }

    /// Solves the region holding `pos`, if the one solved so far does not: the run's
    /// positions, those solved before and `pos`, with everything they reach.
    fn ensure_solved(&mut self, pos: &[u32]) -> Result<(), Halt> {
        if self
            .loopy
            .as_ref()
            .is_some_and(|s| s.value_of(pos).is_some())
        {
            return Ok(());
        }
        let mut roots = std::mem::take(&mut self.roots);
        if let Some(old) = self.loopy.take() {
            roots.extend(old.graph.positions().map(<[u32]>::to_vec));
        }
        roots.push(pos.to_vec());
        let r = solve_loopy_region(self.game.generator(), roots, &self.budget);
        self.loopy = Some(self.solved(r)?);
        Ok(())
    }

    /// Every claim still standing at `pos`, with the region's values.
    fn claims_at(&mut self, sol: &LoopySolution, pos: &[u32]) -> Result<(), Halt> {
        let game = self.game;
        let v = sol.value_of(pos).expect("the region holds pos (claims_at)");
        let known = Known {
            grundy: match v {
                LoopyValue::Finite(n) if self.needs.grundy => Some(*n),
                _ => None,
            },
            winning: self
                .needs
                .winning
                .then(|| sol.good_moves_to(pos, LoopyOutcome::P)),
            genus: None,
        };
        for i in 0..self.claims.len() {
            if !self.compares(i) {
                continue;
            }
            if needs(game, i).genus {
                // Conway's genus is a value of games that end; there is none to read here.
                let e = EvalError {
                    kind: EvalErrorKind::Domain(format!(
                        "the claim reads `genus`, but the moves can return to a position (the \
                         region of {} has cycles), and a genus is defined only for games that \
                         end",
                        show_position(pos)
                    )),
                    span: game.checked.claims[i].span.clone(),
                };
                return Err(Halt::Error(claim_error(game, i, pos, ClaimError::Eval(e))));
            }
            let Some(said) = self.claim(i, pos, &known)? else {
                self.claims[i].silent += 1;
                continue;
            };
            // Inside its `when`, a condition that reads an infinite `grundy` has no value.
            let claim = &game.checked.claims[i];
            let infinite = matches!(v, LoopyValue::Infinite(_));
            if infinite && needs(game, i).grundy && claim.kind != ClaimKind::Grundy {
                let e = EvalError {
                    kind: EvalErrorKind::Domain(format!(
                        "the claim reads `grundy`, but Smith's value of {} is infinite, {v} \
                         (say what holds at such positions with `claim D: C` or `when`)",
                        show_position(pos)
                    )),
                    span: claim.span.clone(),
                };
                return Err(Halt::Error(claim_error(game, i, pos, ClaimError::Eval(e))));
            }
            self.claims[i].checked += 1;
            if said.is_true() && !self.claims[i].cases.is_empty() {
                let hit = self.hits(i, pos, &known)?;
                for h in hit {
                    self.claims[i].cases[h].decided += 1;
                }
            }
            let failure = self.compare_loopy(sol, i, pos, said, &known)?;
            self.claims[i].record(pos, failure);
        }
        Ok(())
    }

    /// The failure of claim `i` at `pos`, if what it says (`said`) disagrees with Smith's
    /// values.
    fn compare_loopy(
        &mut self,
        sol: &LoopySolution,
        i: usize,
        pos: &[u32],
        said: ClaimValue,
        known: &Known,
    ) -> Result<Option<Failure>, Halt> {
        let game = self.game;
        let v = sol
            .value_of(pos)
            .expect("the region holds pos (compare_loopy)");
        let outcome = v.outcome();
        let actual = answer(outcome);
        let fail = |claimed, why: String, said: Option<String>| Failure {
            position: pos.to_vec(),
            claimed,
            actual: actual.clone(),
            why,
            other: None,
            said,
        };
        let why = || justify_loopy(game, sol, pos);
        Ok(match said {
            ClaimValue::IsP(says) => (says != (outcome == LoopyOutcome::P)).then(|| {
                let word = if says { "P" } else { "not P (N or D)" };
                fail(Answer::IsP(says), why(), Some(word.into()))
            }),
            ClaimValue::IsD(says) => (says != (outcome == LoopyOutcome::D)).then(|| {
                let word = if says { "D" } else { "not D (P or N)" };
                fail(Answer::Draw, why(), Some(word.into()))
            }),
            ClaimValue::Grundy(says) => match v {
                LoopyValue::Finite(n) if i64::from(*n) == says => None,
                _ => Some(fail(Answer::Grundy(says), why(), None)),
            },
            ClaimValue::GrundyCmp { op, rhs, holds } => {
                let holds = holds && matches!(v, LoopyValue::Finite(_));
                (!holds).then(|| {
                    let said = format!("the Grundy value is {} {rhs}", op.symbol());
                    fail(actual.clone(), why(), Some(said))
                })
            }
            ClaimValue::Holds(holds) => (!holds).then(|| {
                let what = format!("it is false here, where {}", why());
                fail(actual.clone(), what, Some("its condition holds".into()))
            }),
            ClaimValue::Winning(list) => {
                let says = self.named_positions(i, pos, &list)?;
                let real = known.winning.clone().unwrap_or_default();
                (says != real).then(|| {
                    let what = format!("the winning moves reach {}: {}", show_set(&real), why());
                    let said = format!("the winning moves reach {}", show_set(&says));
                    fail(actual.clone(), what, Some(said))
                })
            }
            ClaimValue::Same(list) => self.same_failure(sol, i, pos, &list)?,
        })
    }

    /// The positions a `claim winning` names at `pos`, canonical, sorted, without repeats.
    fn named_positions(
        &self,
        i: usize,
        pos: &[u32],
        list: &[Vec<i64>],
    ) -> Result<Vec<Vec<u32>>, Halt> {
        let mut says = Vec::with_capacity(list.len());
        for l in list {
            says.push(same_position(self.game, i, pos, l).map_err(Halt::Error)?);
        }
        says.sort();
        says.dedup();
        Ok(says)
    }

    /// The failure of a `claim same` (claim `i`) at `pos`, naming `list`, if the position it
    /// names has another outcome; one outside the region is solved on its own (its value
    /// depends only on what it reaches).
    fn same_failure(
        &mut self,
        sol: &LoopySolution,
        i: usize,
        pos: &[u32],
        list: &[i64],
    ) -> Result<Option<Failure>, Halt> {
        let game = self.game;
        let outcome = sol
            .value_of(pos)
            .expect("the region holds pos (same_failure)")
            .outcome();
        let q = same_position(game, i, pos, list).map_err(Halt::Error)?;
        let q_outcome = match sol.value_of(&q) {
            Some(w) => w.outcome(),
            None => {
                let r = solve_loopy_region(game.generator(), [q.clone()], &self.budget);
                self.solved(r)?.root().outcome()
            }
        };
        Ok((q_outcome != outcome).then(|| Failure {
            position: pos.to_vec(),
            claimed: answer(q_outcome),
            actual: answer(outcome),
            why: justify_loopy(game, sol, pos),
            other: Some((q, format!("its outcome is {q_outcome}"))),
            said: None,
        }))
    }
}

/// An outcome of a loopy game as the reports show it.
fn answer(o: LoopyOutcome) -> Answer {
    match o {
        LoopyOutcome::P => Answer::IsP(true),
        LoopyOutcome::N => Answer::IsP(false),
        LoopyOutcome::D => Answer::Draw,
    }
}

/// Why `pos` has its outcome and Smith's value, in words: the move to a P-position from an
/// N-position, that every move reaches an N-position from a P-position, and from a draw that
/// no move reaches a P-position and a move that keeps the draw.
pub(crate) fn justify_loopy(game: &Game, sol: &LoopySolution, pos: &[u32]) -> String {
    let Some(v) = sol.value_of(pos) else {
        return String::new();
    };
    let value = format!("Smith's value is {v}");
    match v.outcome() {
        LoopyOutcome::P if sol.good_moves_to(pos, LoopyOutcome::N).is_empty() => {
            format!("it is P ({value}): no move is possible")
        }
        LoopyOutcome::P => format!(
            "it is P ({value}): every move leads to an N-position, from which a move returns \
             to a P-position"
        ),
        LoopyOutcome::N => {
            let to = sol.good_moves_to(pos, LoopyOutcome::P);
            let first = to
                .first()
                .map(|q| the_move(game, pos, q))
                .unwrap_or_default();
            format!("it is N ({value}): {first}, which is P")
        }
        LoopyOutcome::D => {
            let to = sol.good_moves_to(pos, LoopyOutcome::D);
            let first = to
                .first()
                .map(|q| the_move(game, pos, q))
                .unwrap_or_default();
            format!(
                "it is D ({value}): no move reaches a P-position, and {first}, which keeps the \
                 draw (it is D)"
            )
        }
    }
}
