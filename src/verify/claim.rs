//! One claim at one position: what it says there ([`ClaimValue`]), given what the solver knows
//! of the position that the claim reads ([`Known`]: its Grundy value, the positions its
//! winning moves reach). A claim with `when C` says nothing where C is false.

use crate::formulas::FormulaError;
use crate::game::Game;
use crate::moves::{Generator, MoveError};
use crate::ruleset::check::CheckedClaimBody;
use crate::ruleset::claims::CheckedClaim;
use crate::ruleset::expr::CExpr;
use crate::ruleset::expr::{binary, Env, EvalError, EvalErrorKind};
use crate::ruleset::sets::encode_positions;
use crate::ruleset::value::{SetValue, Value};
use crate::solver::genus::{genus, Genus, GenusError};
use crate::solver::{Outcome, SolveError, Solver};
use crate::syntax::ast::{BinOp, ClaimKind};

/// What a claim says of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimValue {
    /// A P-claim: whether the position is P.
    IsP(bool),
    /// A draw claim (`claim D: C`): whether the position is a draw.
    IsD(bool),
    /// A Grundy claim: the value.
    Grundy(i64),
    /// `claim grundy OP E`: the comparison, the value of E as shown, and whether it holds.
    GrundyCmp {
        /// The comparison.
        op: BinOp,
        /// E's value, as shown.
        rhs: String,
        /// Whether the Grundy value compares so with E.
        holds: bool,
    },
    /// A same-type claim: the position (as heap sizes, not yet canonical) of the same type.
    Same(Vec<i64>),
    /// A winning claim: the positions (as heap sizes, not yet canonical) the winning moves
    /// reach.
    Winning(Vec<Vec<i64>>),
    /// `claim: C`: whether C holds.
    Holds(bool),
}

impl ClaimValue {
    /// Whether the claim says its condition is true here (a P- or draw claim saying P or D,
    /// `claim: C` holding): where its cases are counted.
    pub(crate) fn is_true(&self) -> bool {
        matches!(
            self,
            ClaimValue::IsP(true) | ClaimValue::IsD(true) | ClaimValue::Holds(true)
        )
    }
}

/// Why a claim could not be evaluated at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimError {
    /// Its expression failed (overflow, undecidable real, ...).
    Eval(EvalError),
    /// Its formula failed.
    Formula(FormulaError),
}

impl ClaimError {
    /// Whether the evaluation was stopped by its stop check (the run's time, Ctrl-C), not
    /// failed.
    pub(crate) fn is_interrupted(&self) -> bool {
        matches!(self, ClaimError::Eval(e) if e.kind == EvalErrorKind::Interrupted)
    }
}

/// What a claim reads from the solver.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// The position's Grundy value (`claim grundy`, `grundy` in an expression).
    pub grundy: bool,
    /// The positions its winning moves reach (`claim winning`, `winning`).
    pub winning: bool,
    /// Its genus (`genus` in a claim).
    pub genus: bool,
}

impl Needs {
    /// What any of `game`'s claims reads.
    pub(crate) fn of_all(game: &Game) -> Needs {
        (0..game.checked.claims.len()).fold(Needs::default(), |a, i| {
            let n = needs(game, i);
            Needs {
                grundy: a.grundy || n.grundy,
                winning: a.winning || n.winning,
                genus: a.genus || n.genus,
            }
        })
    }
}

/// What the solver knows of a position, as far as the claims read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    /// The Grundy value.
    pub grundy: Option<u32>,
    /// The canonical positions the winning moves reach, sorted, without repeats.
    pub winning: Option<Vec<Vec<u32>>>,
    /// The genus.
    pub genus: Option<Genus>,
}

/// What claim `i` of `game` reads from the solver.
pub fn needs(game: &Game, i: usize) -> Needs {
    let c = &game.checked.claims[i];
    Needs {
        grundy: c.frame.grundy.is_some() || c.kind == ClaimKind::Grundy,
        winning: c.frame.winning.is_some() || c.kind == ClaimKind::Winning,
        genus: c.frame.genus.is_some(),
    }
}

/// What each claim of `game` reads of a position, and the most heaps its `when` allows
/// ([`super::heap_count::claim_bound`]; `check --time`'s scope of a claim: `scope.rs`).
pub(super) fn scopes(game: &Game) -> Vec<(Needs, Option<usize>)> {
    let claims = &game.checked.claims;
    (0..claims.len())
        .map(|i| (needs(game, i), super::heap_count::claim_bound(&claims[i])))
        .collect()
}

/// What the solver knows of `pos` that `needs` asks for (`grundy`: the value, if already
/// known).
pub fn known(
    solver: &mut Solver<'_, Generator>,
    pos: &[u32],
    needs: Needs,
    grundy: Option<u32>,
) -> Result<Known, SolveError<MoveError>> {
    let grundy = match (needs.grundy, grundy) {
        (true, Some(g)) => Some(g),
        (true, None) => Some(solver.grundy(pos)?),
        (false, _) => None,
    };
    let winning = if needs.winning {
        let mut w = Vec::new();
        for f in solver.followers(pos)? {
            if solver.outcome(&f)? == Outcome::P {
                w.push(f);
            }
        }
        w.sort();
        w.dedup();
        Some(w)
    } else {
        None
    };
    let genus = if needs.genus {
        let budget = solver.budget().clone();
        match genus(solver.game(), pos, &budget) {
            Ok(g) => Some(g),
            Err(GenusError::Solve(e)) => return Err(e),
            Err(GenusError::Unsettled) => {
                return Err(SolveError::Limit {
                    limit: crate::solver::genus::MOST_LAYERS,
                })
            }
        }
    } else {
        None
    };
    Ok(Known {
        grundy,
        winning,
        genus,
    })
}

fn domain(msg: String, span: &crate::syntax::ast::Span) -> EvalError {
    EvalError {
        kind: EvalErrorKind::Domain(msg),
        span: span.clone(),
    }
}

/// Evaluates claim `i` of `game` at a canonical position, with what the solver knows of it
/// (as [`needs`] asks); `Ok(None)` where the claim says nothing (outside its `when`, or where
/// its formula says nothing: a theorem proved for some heap counts only).
pub fn eval_claim(
    game: &Game,
    i: usize,
    pos: &[u32],
    known: &Known,
    stop: Option<&(dyn Fn() -> bool + Send + Sync)>,
) -> Result<Option<ClaimValue>, ClaimError> {
    // `i` indexes `game.checked.claims` (callers iterate over them); another index is a bug of
    // the caller, not something a user can type.
    let claim = &game.checked.claims[i];
    let (mut ints, lists) = slots(claim, pos, known);
    let mut env = Env {
        heaps: pos,
        ints: &mut ints,
        lists: &lists,
        stop,
    };
    match &claim.body {
        CheckedClaimBody::Expr { expr, destructure } => {
            if let Some((list, slots)) = destructure {
                destructure_into(list, slots, &mut env).map_err(ClaimError::Eval)?;
            }
            if !inside_when(claim, &mut env).map_err(ClaimError::Eval)? {
                return Ok(None);
            }
            expr_value(claim, expr, &mut env, known)
                .map(Some)
                .map_err(ClaimError::Eval)
        }
        CheckedClaimBody::Formula { .. } => {
            if !inside_when(claim, &mut env).map_err(ClaimError::Eval)? {
                return Ok(None);
            }
            formula_value(game, i, pos).map_err(ClaimError::Formula)
        }
    }
}

/// Whether the claim's `when` holds at the position of `env` (true without one).
fn inside_when(claim: &CheckedClaim, env: &mut Env<'_>) -> Result<bool, EvalError> {
    claim.when.as_ref().map_or(Ok(true), |w| w.eval_bool(env))
}

/// What claim `claim`, of expression `expr`, says at the position of `env`, inside its `when`.
fn expr_value(
    claim: &CheckedClaim,
    expr: &CExpr,
    env: &mut Env<'_>,
    known: &Known,
) -> Result<ClaimValue, EvalError> {
    Ok(match (claim.kind, claim.cmp) {
        (ClaimKind::P, _) => ClaimValue::IsP(expr.eval_bool(env)?),
        (ClaimKind::D, _) => ClaimValue::IsD(expr.eval_bool(env)?),
        (ClaimKind::Grundy, None | Some(BinOp::Eq)) => ClaimValue::Grundy(expr.eval_int(env)?),
        (ClaimKind::Grundy, Some(op)) => {
            let rhs = expr.eval(env)?;
            let g = Value::Int(i64::from(known.grundy.unwrap_or_default()));
            let holds = match binary(op, g, rhs.clone(), &expr.span)? {
                Value::Bool(b) => b,
                v => unreachable!("a comparison gave {v:?} (eval_claim)"),
            };
            ClaimValue::GrundyCmp {
                op,
                rhs: rhs.to_string(),
                holds,
            }
        }
        (ClaimKind::Same, _) => match expr.eval(env)? {
            Value::List(l) => ClaimValue::Same(l.to_vec()),
            v => unreachable!("checked list, got {v:?} (eval_claim)"),
        },
        (ClaimKind::Winning, _) => ClaimValue::Winning(positions_of(expr.eval(env)?, &expr.span)?),
        (ClaimKind::Holds, _) => ClaimValue::Holds(expr.eval_bool(env)?),
    })
}

/// What formula claim `i` of `game` says at `pos`, inside its `when`.
fn formula_value(game: &Game, i: usize, pos: &[u32]) -> Result<Option<ClaimValue>, FormulaError> {
    let claim = &game.checked.claims[i];
    let Some(Some(b)) = game.formulas.get(i) else {
        unreachable!("every formula claim is built at load (eval_claim)")
    };
    match claim.kind {
        ClaimKind::P => b.form.is_p(pos).map(|o| o.map(ClaimValue::IsP)),
        ClaimKind::Grundy => b
            .form
            .grundy(pos)
            .map(|o| o.map(|g| ClaimValue::Grundy(i64::from(g)))),
        _ => unreachable!("refused at load (eval_claim)"),
    }
}

/// The integer and list slots of claim `claim` at `pos`, filled from the position's named
/// heaps and what the solver knows.
fn slots(claim: &CheckedClaim, pos: &[u32], known: &Known) -> (Vec<i64>, Vec<Vec<i64>>) {
    let frame = &claim.frame;
    let mut ints = vec![0i64; frame.int_slots];
    for &(slot, idx) in &frame.heap_names {
        ints[slot] = pos.get(idx).map_or(0, |&h| i64::from(h));
    }
    if let (Some(slot), Some(g)) = (frame.grundy, known.grundy) {
        ints[slot] = i64::from(g);
    }
    let mut lists = match (&frame.winning, &known.winning) {
        (Some(_), Some(w)) => vec![encode_positions(w)],
        _ => Vec::new(),
    };
    if let Some(slot) = frame.genus {
        lists.resize(slot + 1, Vec::new());
        lists[slot] = known.genus.as_ref().map(genus_list).unwrap_or_default();
    }
    (ints, lists)
}

/// A genus as a claim reads it: `[g, γ0, γ1, ...]`, the digits as written (`0^120` is
/// `[0, 1, 2, 0]`).
pub(crate) fn genus_list(g: &Genus) -> Vec<i64> {
    std::iter::once(g.grundy)
        .chain(g.misere.iter().copied())
        .map(i64::from)
        .collect()
}

/// `where (a, b) = list`: the parts of `list` into their slots.
fn destructure_into(list: &CExpr, slots: &[usize], env: &mut Env<'_>) -> Result<(), EvalError> {
    // The checker compiled `list` with the type List (`where (a, b) =`) or Int (`where s =`).
    let l: Vec<i64> = match list.eval(env)? {
        Value::List(l) => l.to_vec(),
        Value::Int(n) => vec![n],
        v => unreachable!("checked list, got {v:?} (destructure_into)"),
    };
    if l.len() != slots.len() {
        return Err(domain(
            format!(
                "`where` names {} parts, but the list has {}",
                slots.len(),
                l.len()
            ),
            &list.span,
        ));
    }
    for (s, v) in slots.iter().zip(l) {
        env.ints[*s] = v;
    }
    Ok(())
}

/// The cases of claim `i` (a case split, [`crate::ruleset::cases`]) through which it is true
/// at `pos`, as indices into its `cases`, without repeats; empty when it has no cases or is
/// false there. Call it where [`eval_claim`] said the claim holds (inside its `when`).
pub(crate) fn case_hits(
    game: &Game,
    i: usize,
    pos: &[u32],
    known: &Known,
    stop: Option<&(dyn Fn() -> bool + Send + Sync)>,
) -> Result<Vec<usize>, ClaimError> {
    let claim = &game.checked.claims[i];
    let CheckedClaimBody::Expr { expr, destructure } = &claim.body else {
        return Ok(Vec::new());
    };
    if claim.cases.is_empty() {
        return Ok(Vec::new());
    }
    let (mut ints, lists) = slots(claim, pos, known);
    let mut env = Env {
        heaps: pos,
        ints: &mut ints,
        lists: &lists,
        stop,
    };
    let mut hit = Vec::new();
    (|| {
        if let Some((list, slots)) = destructure {
            destructure_into(list, slots, &mut env)?;
        }
        crate::ruleset::cases::hits(expr, &mut env, &claim.cases, &mut hit)
    })()
    .map_err(ClaimError::Eval)?;
    hit.sort_unstable();
    hit.dedup();
    Ok(hit)
}

/// The members of a `claim winning` set as positions: tuples, or integers as positions of
/// one heap.
fn positions_of(v: Value, span: &crate::syntax::ast::Span) -> Result<Vec<Vec<i64>>, EvalError> {
    match v {
        Value::Set(SetValue::Tuples(t)) => Ok(t.iter().map(|p| p.to_vec()).collect()),
        Value::Set(SetValue::Range(a, Some(b))) if i128::from(b) - i128::from(a) >= 1_000_000 => {
            Err(domain(
                format!("`claim winning` names {a}..{b}, too many positions to compare"),
                span,
            ))
        }
        Value::Set(s) if s.is_finite() => {
            let mut xs = Vec::new();
            s.members_upto(i64::MAX, &mut xs)
                .map_err(|e| domain(e.to_string(), span))?;
            Ok(xs.into_iter().map(|x| vec![x]).collect())
        }
        Value::Set(_) => Err(domain(
            "`claim winning` needs a finite set of positions".into(),
            span,
        )),
        v => unreachable!("checked set, got {v:?} (positions_of)"),
    }
}
