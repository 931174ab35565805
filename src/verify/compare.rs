//! One claim's value at a position against the solver's answer there ([`Checker::compare`]):
//! agreement, or a [`Failure`] with the solver's reason in words (`explain.rs`): the move to
//! a P-position, the values of the followers, the winning moves the claim's set misses; and
//! the words those reasons use (the position a same-type claim names, a set of positions,
//! what the solver knows).

use super::check::{Checker, Failure};
use super::claim::{ClaimValue, Known};
use super::explain::{justify_grundy, justify_outcome, the_move};
use super::{Answer, CheckError};
use crate::game::{show_position, Game};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::Outcome;

impl Checker<'_> {
    /// The failure of claim `i` at `pos`, if its value `v` disagrees with the solver's.
    pub(super) fn compare(
        &mut self,
        i: usize,
        pos: &[u32],
        v: ClaimValue,
        known: &Known,
        is_p: bool,
    ) -> Result<Option<Failure>, CheckError> {
        let game = self.game;
        let g = i64::from(known.grundy.unwrap_or_default());
        let fail = |claimed, actual, why, said| Failure {
            position: pos.to_vec(),
            claimed,
            actual,
            why,
            other: None,
            said,
        };
        let solver = &mut self.solver;
        Ok(match v {
            ClaimValue::IsP(says) if says != is_p => Some(fail(
                Answer::IsP(says),
                Answer::IsP(is_p),
                justify_outcome(game, solver, pos)?,
                None,
            )),
            ClaimValue::IsP(_) => None,
            // A game that ends has no draw.
            ClaimValue::IsD(says) => says.then(|| {
                fail(
                    Answer::Draw,
                    Answer::IsP(is_p),
                    format!("the game ends: {}", what_is_known(known, is_p)),
                    None,
                )
            }),
            ClaimValue::Grundy(says) if says != g => Some(fail(
                Answer::Grundy(says),
                Answer::Grundy(g),
                justify_grundy(game, solver, pos, Some(says))?,
                None,
            )),
            ClaimValue::Grundy(_) => None,
            // The reason is worked out only where the claim fails (the followers' values).
            ClaimValue::GrundyCmp { holds: true, .. } | ClaimValue::Holds(true) => None,
            ClaimValue::GrundyCmp { op, rhs, .. } => Some(fail(
                Answer::Grundy(g),
                Answer::Grundy(g),
                justify_grundy(game, solver, pos, None)?,
                Some(format!("the Grundy value is {} {rhs}", op.symbol())),
            )),
            ClaimValue::Holds(false) => Some(fail(
                Answer::IsP(is_p),
                Answer::IsP(is_p),
                format!("it is false here, where {}", what_is_known(known, is_p)),
                Some("its condition holds".into()),
            )),
            ClaimValue::Winning(list) => self.winning(i, pos, &list, known, is_p)?,
            ClaimValue::Same(list) => self.same(i, pos, &list, is_p)?,
        })
    }

    /// A `winning` claim at `pos`: its set of positions against the winning moves' targets.
    fn winning(
        &mut self,
        i: usize,
        pos: &[u32],
        list: &[Vec<i64>],
        known: &Known,
        is_p: bool,
    ) -> Result<Option<Failure>, CheckError> {
        let game = self.game;
        let mut says = Vec::with_capacity(list.len());
        for l in list {
            says.push(same_position(game, i, pos, l)?);
        }
        says.sort();
        says.dedup();
        let actual = known.winning.clone().unwrap_or_default();
        if says == actual {
            return Ok(None);
        }
        let why = match actual.iter().find(|p| !says.contains(p)) {
            Some(p) => format!(
                "{}, which is P, and the claim's set does not hold it",
                the_move(game, pos, p)
            ),
            None => {
                let p = says
                    .iter()
                    .find(|p| !actual.contains(p))
                    .expect("the sets differ (winning)");
                let solver = &mut self.solver;
                let fs = solver
                    .followers(pos)
                    .map_err(|e| CheckError::solve(game, &e))?;
                if fs.contains(p) {
                    format!(
                        "{}, which is N: {}",
                        the_move(game, pos, p),
                        justify_outcome(game, solver, p)?
                    )
                } else {
                    format!("no move reaches {}", show_position(p))
                }
            }
        };
        Ok(Some(Failure {
            position: pos.to_vec(),
            claimed: Answer::IsP(is_p),
            actual: Answer::IsP(is_p),
            why: format!("{why} (the winning moves reach {})", show_set(&actual)),
            other: None,
            said: Some(format!("the winning moves reach {}", show_set(&says))),
        }))
    }

    /// A same-type claim at `pos`: the type of the position it names against `pos`'s.
    fn same(
        &mut self,
        i: usize,
        pos: &[u32],
        list: &[i64],
        is_p: bool,
    ) -> Result<Option<Failure>, CheckError> {
        let game = self.game;
        let solver = &mut self.solver;
        let q = same_position(game, i, pos, list)?;
        let q_is_p = solver
            .outcome(&q)
            .map_err(|e| CheckError::solve(game, &e))?
            == Outcome::P;
        if q_is_p == is_p {
            return Ok(None);
        }
        let why = justify_outcome(game, solver, pos)?;
        let why_q = justify_outcome(game, solver, &q)?;
        Ok(Some(Failure {
            position: pos.to_vec(),
            claimed: Answer::IsP(q_is_p),
            actual: Answer::IsP(is_p),
            why,
            other: Some((q, why_q)),
            said: None,
        }))
    }
}

/// A set of positions as shown: `{}` or `{1 2, 3}`.
pub(crate) fn show_set(ps: &[Vec<u32>]) -> String {
    let shown: Vec<String> = ps.iter().map(|p| show_position(p)).collect();
    format!("{{{}}}", shown.join(", "))
}

/// What the solver knows at a position, in words, for a condition that failed there.
pub(super) fn what_is_known(k: &Known, is_p: bool) -> String {
    let mut parts = vec![format!("the position is {}", if is_p { "P" } else { "N" })];
    if let Some(g) = k.grundy {
        parts.push(format!("its Grundy value is {g}"));
    }
    if let Some(w) = &k.winning {
        parts.push(format!("its winning moves reach {}", show_set(w)));
    }
    if let Some(g) = &k.genus {
        parts.push(format!("its genus is {g}"));
    }
    parts.join(", ")
}

/// The canonical position a same-type claim names at `pos`, or an error at the claim. (Also
/// used by the claim overlay of `plot`.)
pub(crate) fn same_position(
    game: &Game,
    i: usize,
    pos: &[u32],
    list: &[i64],
) -> Result<Vec<u32>, CheckError> {
    let at = show_position(pos);
    let wide: Option<Vec<u64>> = list.iter().map(|&h| u64::try_from(h).ok()).collect();
    let fail = |msg: String| {
        CheckError::from(LoadError::single(
            game.src.clone(),
            Diag::new(
                Code::Eval,
                game.checked.claims[i].span.clone(),
                msg,
                "this claim",
            )
            .help("a same-type or winning claim must name positions of the game"),
        ))
    };
    let Some(wide) = wide else {
        return Err(fail(format!(
            "at {at}, the claim names a position with a negative heap: {list:?}"
        )));
    };
    game.canonical(&wide).map_err(|e| {
        fail(format!(
            "at {at}, the claim names {list:?}, which is not a position: {e}"
        ))
    })
}
