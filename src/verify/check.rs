//! `check`: every claim of a ruleset against the solver, over every position of a box, in the
//! fixed order; for each claim, how many positions it held on, or its first counterexample with
//! an explanation.

use miette::Report;

use super::explain::{justify_grundy, justify_outcome};
use super::{positions_in_order, Answer, Bounds};
use crate::game::{ClaimError, ClaimValue, Game};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::{Budget, Outcome};
use crate::syntax::ast::ClaimKind;

/// The first position where a claim and the solver disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The position.
    pub position: Vec<u32>,
    /// What the claim says.
    pub claimed: Answer,
    /// What the solver finds.
    pub actual: Answer,
    /// Why the solver's answer is right, in words.
    pub why: String,
    /// A same-type claim: the position it names, and why that one has its type.
    pub other: Option<(Vec<u32>, String)>,
}

/// The result of one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimReport {
    /// P-claim or Grundy claim.
    pub kind: ClaimKind,
    /// The claim's first line, as written.
    pub text: String,
    /// Its line in the file.
    pub line: usize,
    /// Positions where the claim was compared with the solver.
    pub checked: u64,
    /// Positions where its formula says nothing (outside the theorem's scope).
    pub silent: u64,
    /// The first counterexample, if any.
    pub failure: Option<Failure>,
}

/// The result of checking one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The ruleset's name.
    pub ruleset: String,
    /// Its parameters and their values, as shown.
    pub params: Vec<(String, String)>,
    /// The box.
    pub bounds: Bounds,
    /// Positions in the box.
    pub positions: u64,
    /// One report per claim, in order.
    pub claims: Vec<ClaimReport>,
}

impl CheckReport {
    /// Whether every claim held.
    pub fn holds(&self) -> bool {
        self.claims.iter().all(|c| c.failure.is_none())
    }
}

/// Checks every claim of `game` over the positions within `bounds`.
pub fn check_claims(game: &Game, bounds: Bounds, budget: Budget) -> Result<CheckReport, Report> {
    let positions = positions_in_order(game.shape(), bounds).map_err(|m| {
        miette::miette!(
            code = "heapgame::too_large",
            help = "lower --max (or --heaps)",
            "{m}"
        )
    })?;
    let src = game.src.inner();
    let mut claims: Vec<ClaimReport> = game
        .checked
        .claims
        .iter()
        .map(|c| {
            let text = src.get(c.span.clone()).unwrap_or("");
            ClaimReport {
                kind: c.kind,
                text: one_line(text),
                line: src[..c.span.start.min(src.len())].matches('\n').count() + 1,
                checked: 0,
                silent: 0,
                failure: None,
            }
        })
        .collect();
    let want_grundy = claims.iter().any(|c| c.kind == ClaimKind::Grundy);
    let mut solver = game.solver();
    solver.set_budget(budget);
    for pos in &positions {
        if claims.iter().all(|c| c.failure.is_some()) {
            break;
        }
        let grundy = if want_grundy {
            Some(solver.grundy(pos).map_err(|e| game.solve_error(&e))?)
        } else {
            None
        };
        let is_p = match grundy {
            Some(g) => g == 0,
            None => solver.outcome(pos).map_err(|e| game.solve_error(&e))? == Outcome::P,
        };
        for (i, c) in claims.iter_mut().enumerate() {
            if c.failure.is_some() {
                continue;
            }
            let v = match game.eval_claim(i, pos) {
                Ok(Some(v)) => v,
                Ok(None) => {
                    c.silent += 1;
                    continue;
                }
                Err(e) => return Err(claim_error(game, i, pos, e)),
            };
            c.checked += 1;
            match v {
                ClaimValue::IsP(says) if says != is_p => {
                    let why = justify_outcome(game, &mut solver, pos)?;
                    c.failure = Some(Failure {
                        position: pos.clone(),
                        claimed: Answer::IsP(says),
                        actual: Answer::IsP(is_p),
                        why,
                        other: None,
                    });
                }
                ClaimValue::Grundy(says) => {
                    let g = grundy.unwrap_or_default();
                    if says != i64::from(g) {
                        let why = justify_grundy(game, &mut solver, pos, Some(says))?;
                        c.failure = Some(Failure {
                            position: pos.clone(),
                            claimed: Answer::Grundy(says),
                            actual: Answer::Grundy(i64::from(g)),
                            why,
                            other: None,
                        });
                    }
                }
                ClaimValue::IsP(_) => {}
                ClaimValue::Same(list) => {
                    let q = same_position(game, i, pos, &list)?;
                    let q_is_p =
                        solver.outcome(&q).map_err(|e| game.solve_error(&e))? == Outcome::P;
                    if q_is_p != is_p {
                        let why = justify_outcome(game, &mut solver, pos)?;
                        let why_q = justify_outcome(game, &mut solver, &q)?;
                        c.failure = Some(Failure {
                            position: pos.clone(),
                            claimed: Answer::IsP(q_is_p),
                            actual: Answer::IsP(is_p),
                            why,
                            other: Some((q, why_q)),
                        });
                    }
                }
            }
        }
    }
    Ok(CheckReport {
        ruleset: game.checked.name.clone(),
        params: game
            .checked
            .params
            .iter()
            .map(|(n, v)| (n.clone(), v.to_string()))
            .collect(),
        bounds,
        positions: positions.len() as u64,
        claims,
    })
}

/// The canonical position a same-type claim names at `pos`, or an error at the claim. (Also
/// used by the claim overlay of `plot`.)
pub fn same_position(game: &Game, i: usize, pos: &[u32], list: &[i64]) -> Result<Vec<u32>, Report> {
    let at = crate::game::show_position(pos);
    let wide: Option<Vec<u64>> = list.iter().map(|&h| u64::try_from(h).ok()).collect();
    let fail = |msg: String| {
        Report::new(LoadError::single(
            game.src.clone(),
            Diag::new(
                Code::Eval,
                game.checked.claims[i].span.clone(),
                msg,
                "this claim",
            )
            .help("a same-type claim must name a position of the game"),
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

/// A claim that could not be evaluated at a position, pointing into the ruleset.
pub fn claim_error(game: &Game, i: usize, pos: &[u32], e: ClaimError) -> Report {
    let at = crate::game::show_position(pos);
    let d = match e {
        ClaimError::Eval(ev) => Diag::new(
            Code::Eval,
            ev.span.clone(),
            format!("the claim could not be evaluated at {at}: {}", ev.kind),
            "here",
        )
        .help("integers are 64-bit and never wrap; reals are exact and must be decidable"),
        ClaimError::Formula(fe) => Diag::new(
            Code::Formula,
            game.checked.claims[i].span.clone(),
            format!("the formula could not be evaluated at {at}: {fe}"),
            "this claim",
        )
        .help("`heapgame formulas` says what each formula covers"),
    };
    Report::new(LoadError::single(game.src.clone(), d))
}

/// A claim's text on one line: comments dropped, spaces collapsed, cut after 100 characters.
fn one_line(text: &str) -> String {
    let joined: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let s = joined
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if s.chars().count() > 100 {
        s.chars().take(97).collect::<String>() + "..."
    } else {
        s
    }
}
