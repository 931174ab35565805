//! Matching a two-heap ruleset's moves to the ray kernel (`rays.rs`): every clause's
//! followers from a cell of the ordered square are, piece by piece, a run of cells on a line
//! whose step from one cell to the one before is either a constant vector (`Fixed`) or a
//! multiple of one heap taken from the other (`Scaled`), the run reaching back to the line's
//! start (or to cells the `positions where` rule excludes) in one look, or else walked. Two clause forms, read from the
//! lowered program, never from the ruleset's name:
//!
//! - [`Multiple`]: `keep one heap b [where C(b)]; take {E(b) * m for m in c..H} from the other
//!   heap a`, the product's one factor `m`, `c >= 1` constant and `H` either `a` or `a / D(b)`
//!   with `1 <= D(b) <= E(b)` (so every multiple down to the heap's edge is a move); the
//!   followers `a - m E(b)` are every earlier cell of the line `{a mod E(b) + j E(b)}`
//!   from `a - c E(b)` down (Euclid's game: `E(b) = b`).
//! - [`Affine`]: `take S from heap x` (`c..` or `c..H` with `H` linear in the heaps), optionally
//!   followed by `take A from heap y` where `A` is the least or the greatest of a few linear
//!   forms in the heaps and the first amount `s`, each increasing with `s` (two-row Chomp's
//!   `max(0, top - (bottom - s))`); for one position the followers are a few runs, each on a
//!   line of constant step. Whether a run reaches its line's start is decided in the fill,
//!   which walks a run that does not cell by cell.
//!
//! Anything else (guards, `where` conditions, other selections, another number of heaps, a
//! least heap size) is not matched: the other kernels or the interpreter take the ruleset.

use super::amounts::reads_only;
use super::rays_form::{form_of, Form};
use crate::moves::compiled::expr::reads_slot;
use crate::moves::compiled::CompiledRule;
use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram, ShapeSpec};
use crate::moves::Generator;
use crate::ruleset::expr::{CExpr, CKind, Env};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::{BinOp, QuantKind};

/// A line family of the ordered square: the step from a cell to the one before it on its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Family {
    /// A constant step (each coordinate at least 0, not both 0).
    Fixed([usize; 2]),
    /// A step of `steps[c[1 - axis]]` along coordinate `axis` (0: the cell alone is its line).
    Scaled { axis: usize, steps: Vec<usize> },
}

/// `keep one heap b; take {E(b) * m for m in lo..H} from the other heap`.
#[derive(Debug)]
pub(super) struct Multiple {
    /// For each heap that may be the kept one: its index and the family of the line along
    /// the other heap.
    pub sides: Vec<(usize, usize)>,
    /// Whether the kept heap's condition allows size `b`.
    pub keep: Vec<bool>,
    /// `E(b)` for each allowed `b` (0 elsewhere).
    pub steps: Vec<usize>,
    /// The least multiple.
    pub lo: usize,
}

/// `take s in lo..H from heap i [; take A(s) from the other heap]`.
#[derive(Debug)]
pub(super) struct Affine {
    /// The heaps the first `take` may take from (two for `one heap` alone).
    pub heaps: Vec<usize>,
    /// The least first amount.
    pub lo: i64,
    /// The largest first amount, if bounded other than by the heap.
    pub hi: Option<Form>,
    /// The amount taken from the other heap.
    pub then: Option<Form>,
    /// Per slope of `then` in `s` (0 without it) and per heap of `heaps`: the family.
    pub fams: Vec<(i64, usize, usize)>,
}

/// One clause, matched.
#[derive(Debug)]
pub(super) enum RayClause {
    Multiple(Multiple),
    Affine(Affine),
}

/// The ruleset on the ordered square of side `side`.
pub(super) struct Plan {
    pub side: usize,
    pub families: Vec<Family>,
    pub clauses: Vec<RayClause>,
    pub rule: Option<CompiledRule>,
    pub symmetric: bool,
}

/// The plan of `game` on the square of heaps `0..=max`, or `None` when a clause is not of the
/// two forms or the shape is not two heaps from 0.
pub(super) fn plan(game: &Generator, max: u32) -> Option<Plan> {
    let shape = &game.shape;
    if shape.count != Some(2) || shape.lower != 0 {
        return None;
    }
    let side = usize::try_from(max).ok()?.checked_add(1)?;
    let rule = match &game.positions {
        None => None,
        Some(r) => Some(CompiledRule::of(r)?),
    };
    let mut families = Vec::new();
    let mut clauses = Vec::new();
    for m in &game.moves {
        if !m.guards.is_empty() || m.must_change || m.after.is_some() {
            return None;
        }
        let c = match multiple(m, side, &mut families) {
            Some(c) => RayClause::Multiple(c),
            None => RayClause::Affine(affine(shape, m, &mut families)?),
        };
        clauses.push(c);
    }
    Some(Plan {
        side,
        families,
        clauses,
        rule,
        symmetric: shape.symmetric(),
    })
}

/// The index of `f` in `families`, added if new.
fn family(families: &mut Vec<Family>, f: Family) -> usize {
    match families.iter().position(|g| *g == f) {
        Some(i) => i,
        None => {
            families.push(f);
            families.len() - 1
        }
    }
}

/// The heaps a one-heap selection may choose on two heaps: `one heap` either, `heap x` one.
fn one_of(sel: &LSelKind) -> Option<Vec<usize>> {
    match sel {
        LSelKind::Count(SetValue::Ints(v)) if v[..] == [1] => Some(vec![0, 1]),
        LSelKind::Count(SetValue::Range(1, Some(1))) => Some(vec![0, 1]),
        LSelKind::Named(i) if *i < 2 => Some(vec![*i]),
        _ => None,
    }
}

/// An integer expression that reads nothing but the slots set in `ints`, evaluated.
fn eval(e: &CExpr, ints: &mut [i64]) -> Option<i64> {
    let mut env = Env {
        heaps: &[],
        ints,
        lists: &[],
        stop: None,
    };
    e.eval_int(&mut env).ok()
}

/// Whether `e` is `m` times factors that do not read `m` (a product in any order).
fn times_var(e: &CExpr, m: usize) -> bool {
    let reads = |x: &CExpr| reads_slot(x, m);
    match &e.kind {
        CKind::IntSlot(x) => *x == m,
        CKind::Bin(BinOp::Mul, a, b) => match (reads(a), reads(b)) {
            (true, false) => times_var(a, m),
            (false, true) => times_var(b, m),
            _ => false,
        },
        _ => false,
    }
}

/// The [`Multiple`] form of `m`, its families added to `families`.
fn multiple(m: &MoveProgram, side: usize, families: &mut Vec<Family>) -> Option<Multiple> {
    let [keep, take] = &m.steps[..] else {
        return None;
    };
    let LStepKind::Keep(keep_cond) = &keep.kind else {
        return None;
    };
    let kept = one_of(&keep.sel.kind)?;
    let kb = keep.sel.int_slot?;
    let LStepKind::Take(LAmount::Computed(amount, exprs), None) = &take.kind else {
        return None;
    };
    let (LAmount::Each(_), [set], LSelKind::TheOther) = (&**amount, &exprs[..], &take.sel.kind)
    else {
        return None;
    };
    let a_slot = take.sel.int_slot;
    let CKind::Quant(QuantKind::Collect, var, list, body) = &set.kind else {
        return None;
    };
    let CKind::Range(lo_e, Some(hi_e)) = &list.kind else {
        return None;
    };
    if !reads_only(body, &mut vec![*var, kb]) || !times_var(body, *var) {
        return None;
    }
    let mut ints = vec![0i64; m.int_slots.max(*var + 1).max(kb + 1)];
    if !reads_only(lo_e, &mut vec![]) {
        return None;
    }
    let lo = usize::try_from(eval(lo_e, &mut ints)?)
        .ok()
        .filter(|&l| l >= 1)?;
    // The upper end: the other heap itself, or it divided by at most the step.
    let divisor = match &hi_e.kind {
        CKind::IntSlot(x) if Some(*x) == a_slot => None,
        CKind::Bin(BinOp::Div, a, d)
            if matches!(a.kind, CKind::IntSlot(x) if Some(x) == a_slot)
                && reads_only(d, &mut vec![kb]) =>
        {
            Some(d)
        }
        _ => return None,
    };
    if keep_cond
        .as_ref()
        .is_some_and(|c| !reads_only(c, &mut vec![kb]))
    {
        return None;
    }
    let parts = Parts {
        kb,
        var: *var,
        keep: keep_cond.as_ref(),
        body,
        divisor: divisor.map(|d| &**d),
    };
    let (allowed, steps) = parts.steps(side, &mut ints)?;
    let sides = kept
        .into_iter()
        .map(|k| {
            let f = Family::Scaled {
                axis: 1 - k,
                steps: steps.clone(),
            };
            (k, family(families, f))
        })
        .collect();
    Some(Multiple {
        sides,
        keep: allowed,
        steps,
        lo,
    })
}

/// The parts of a [`Multiple`] clause evaluated for each size `b` of the kept heap.
struct Parts<'e> {
    /// The kept heap's slot, and the multiple's variable.
    kb: usize,
    var: usize,
    keep: Option<&'e CExpr>,
    body: &'e CExpr,
    divisor: Option<&'e CExpr>,
}

impl Parts<'_> {
    /// For each `b < side`: whether the kept heap's condition allows it, and the step `E(b)`
    /// (the body at `m = 1`); `None` when a step is below 1, a divisor outside `1..=E(b)`, or
    /// an evaluation fails.
    fn steps(&self, side: usize, ints: &mut [i64]) -> Option<(Vec<bool>, Vec<usize>)> {
        let (mut allowed, mut steps) = (vec![false; side], vec![0usize; side]);
        for b in 0..side {
            ints[self.kb] = i64::try_from(b).ok()?;
            if let Some(c) = self.keep {
                let mut env = Env {
                    heaps: &[],
                    ints,
                    lists: &[],
                    stop: None,
                };
                if !c.eval_bool(&mut env).ok()? {
                    continue;
                }
            }
            ints[self.var] = 1;
            let step = eval(self.body, ints)?;
            if step < 1 {
                return None;
            }
            if let Some(d) = self.divisor {
                let d = eval(d, ints)?;
                if d < 1 || d > step {
                    return None;
                }
            }
            allowed[b] = true;
            steps[b] = usize::try_from(step).ok()?;
        }
        Some((allowed, steps))
    }
}

/// The amounts of a first `take`: `lo..` or `lo..H`, with the slot of a named amount.
fn first_amount(
    amount: &LAmount,
    heaps: &[(usize, usize)],
) -> Option<(i64, Option<Form>, Option<usize>)> {
    match amount {
        LAmount::Each(SetValue::Range(lo, None)) | LAmount::Same(SetValue::Range(lo, None), _) => {
            Some((*lo, None, None))
        }
        LAmount::Computed(form, exprs) => {
            let slot = match (&**form, &exprs[..]) {
                (LAmount::Named(names), [_]) if names.len() == 1 => Some(names[0].0),
                (LAmount::Each(_), [_]) | (LAmount::Same(_, None), [_]) => None,
                (LAmount::Same(_, Some(s)), [_]) => Some(*s),
                _ => return None,
            };
            let CKind::Range(lo, Some(hi)) = &exprs[0].kind else {
                return None;
            };
            let CKind::Const(Value::Int(lo)) = lo.kind else {
                return None;
            };
            let hi = form_of(hi, heaps, None, 0)?;
            Some((lo, Some(hi), slot))
        }
        _ => None,
    }
}

/// The [`Affine`] form of `m`, its families added to `families`.
fn affine(shape: &ShapeSpec, m: &MoveProgram, families: &mut Vec<Family>) -> Option<Affine> {
    let heaps = &m.heap_names;
    let (first, then) = match &m.steps[..] {
        [a] => (a, None),
        [a, b] => (a, Some(b)),
        _ => return None,
    };
    let LStepKind::Take(amount, None) = &first.kind else {
        return None;
    };
    let (lo, hi, s) = first_amount(amount, heaps)?;
    if lo < 1 {
        return None;
    }
    let mut which = one_of(&first.sel.kind)?;
    let then = match then {
        None => None,
        Some(st) => {
            // A second step names its heap: the other one.
            let (LSelKind::Named(i), LSelKind::Named(j)) = (&first.sel.kind, &st.sel.kind) else {
                return None;
            };
            let LStepKind::Take(LAmount::Computed(f, exprs), None) = &st.kind else {
                return None;
            };
            if i == j || !matches!(**f, LAmount::Each(_) | LAmount::Same(_, None)) {
                return None;
            }
            let [e] = &exprs[..] else { return None };
            which = vec![*i];
            Some(form_of(e, heaps, s, 0)?)
        }
    };
    // A shape of unnamed heaps has no named heap to read.
    if shape.symmetric() && (hi.is_some() || then.is_some()) {
        return None;
    }
    let slopes: Vec<i64> = match &then {
        None => vec![0],
        Some(f) => f.lines.iter().map(|l| l.s).collect(),
    };
    let mut fams = Vec::new();
    for &slope in &slopes {
        // Every follower of a run lowers both heaps as `s` grows (or keeps one).
        let slope_u = usize::try_from(slope).ok()?;
        for &i in &which {
            let mut g = [0usize; 2];
            g[i] = 1;
            g[1 - i] = slope_u;
            fams.push((slope, i, family(families, Family::Fixed(g))));
        }
    }
    Some(Affine {
        heaps: which,
        lo,
        hi,
        then,
        fams,
    })
}
