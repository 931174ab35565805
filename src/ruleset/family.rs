//! Statements about sets of positions rather than each position: the positions a `check over`
//! line names (a family such as Propp's AP-positions, evaluated at load for the run's
//! parameters), and the family claims `count(C) OP E [for n in R] within max M [heaps K]` and
//! `least n in R: C within max M [heaps K] is E`, compiled here and checked by
//! `verify::family`. Their condition `C` reads the position and what the solver finds there
//! (`grundy`, `winning`) like any claim; `E`, `M` and `K` read the parameters and `n`.

use std::cell::Cell;
use std::rc::Rc;

use super::claims::ClaimFrame;
use super::compile::{type_error, Binding, ClaimNames, Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::expr::CExpr;
use super::lower_ctx::bind_heap_names;
use super::program::ShapeSpec;
use super::value::{SetValue, Type, Value};
use crate::syntax::ast::{BinOp, CheckOver, Claim, ClaimBody, ClaimFamily, Expr, FamilyForm, Span};

/// The most values a `for NAME in R` of a family may take, and the most positions a `check
/// over` line may name.
pub(crate) const MAX_FAMILY: usize = 1_000_000;

/// The most heaps, counted over all its positions, a `check over` may name (80 MB of sizes).
pub(crate) const MAX_FAMILY_HEAPS: usize = 10_000_000;

/// A family claim, compiled.
#[derive(Clone, Debug)]
pub struct CheckedFamily {
    /// `least n in R: ...` (else a count).
    pub least: bool,
    /// The comparison of a count (`==` for `least`).
    pub op: BinOp,
    /// E: the count compared with, or the least n claimed.
    pub value: CExpr,
    /// `for n in R` / `least n in R`: the name, its integer slot and its values, in order.
    pub var: Option<(String, usize, Vec<i64>)>,
    /// C: the condition on a position.
    pub cond: CExpr,
    /// `within max M`.
    pub max: CExpr,
    /// `within ... heaps K` (`None`: the shape's heap count).
    pub heaps: Option<CExpr>,
    /// The slots its expressions read.
    pub frame: ClaimFrame,
    /// Where it stands.
    pub span: Span,
}

/// The finite members of a range, set or list, in order; `None` (reported) otherwise.
fn members(c: &mut Compiler<'_>, e: &Expr, v: Value, what: &str) -> Option<Vec<i64>> {
    let too_many = |c: &mut Compiler<'_>| {
        c.diags.push(
            Diag::new(
                Code::Limit,
                e.span.clone(),
                format!("{what} takes more than {MAX_FAMILY} values"),
                "too many",
            )
            .help("a family is checked position by position: give a smaller range"),
        );
        None
    };
    match v {
        Value::List(l) if l.len() <= MAX_FAMILY => Some(l.to_vec()),
        Value::Set(SetValue::Range(lo, Some(hi)))
            if i128::from(hi) - i128::from(lo) >= MAX_FAMILY as i128 =>
        {
            too_many(c)
        }
        Value::Set(s) if s.is_finite() && !matches!(s, SetValue::Tuples(_)) => {
            let mut out = Vec::new();
            match s.members_upto(i64::MAX, &mut out) {
                Ok(()) if out.len() <= MAX_FAMILY => Some(out),
                Ok(()) => too_many(c),
                Err(err) => {
                    c.diags.push(Diag::new(
                        Code::Eval,
                        e.span.clone(),
                        err.to_string(),
                        "here",
                    ));
                    None
                }
            }
        }
        v => {
            c.diags.push(type_error(
                &e.span,
                "a finite range or set of integers",
                v.ty(),
                what,
            ));
            None
        }
    }
}

/// Positions as written, laid end to end (10^6 positions of two heaps take 24 MB, not the
/// 56 MB of a vector each).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed<T> {
    /// Every position's heap sizes, one position after another.
    pub heaps: Vec<T>,
    /// Where each position ends in `heaps`.
    pub ends: Vec<usize>,
}

impl<T> Listed<T> {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no position.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The positions, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = &[T]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.heaps[a..b])
    }

    /// Adds a position.
    pub fn push(&mut self, p: impl IntoIterator<Item = T>) {
        self.heaps.extend(p);
        self.ends.push(self.heaps.len());
    }
}

/// The positions of `check over L for a in R, ...` (as written: lists of heap sizes), for the
/// parameters in `scope`; `None` after reporting a problem.
pub(crate) fn over_positions(
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
    over: &CheckOver,
) -> Option<Listed<i64>> {
    let mut c = Compiler::new(diags, slots);
    let mut out = Listed::default();
    let mark = scope.mark();
    let ok = over_loop(&mut c, scope, over, 0, &mut out);
    scope.truncate(mark);
    ok.then_some(out)
}

/// The `for` clauses from `depth` on, each value bound in `scope`, then the positions.
fn over_loop(
    c: &mut Compiler<'_>,
    scope: &mut Scope,
    over: &CheckOver,
    depth: usize,
    out: &mut Listed<i64>,
) -> bool {
    let Some((name, range)) = over.fors.get(depth) else {
        let Some(v) = c.constant(&over.positions, scope) else {
            return false;
        };
        match v {
            Value::List(l) => out.push(l.iter().copied()),
            Value::Set(SetValue::Tuples(ts)) => {
                for t in ts.iter() {
                    out.push(t.iter().copied());
                }
            }
            Value::Set(SetValue::Ints(xs)) if xs.is_empty() => {}
            v => {
                c.diags.push(type_error(
                    &over.positions.span,
                    "a position (a list) or a set of positions",
                    v.ty(),
                    "`check over`",
                ));
                return false;
            }
        }
        if out.len() > MAX_FAMILY || out.heaps.len() > MAX_FAMILY_HEAPS {
            let what = if out.len() > MAX_FAMILY {
                format!("more than {MAX_FAMILY} positions")
            } else {
                format!("positions of more than {MAX_FAMILY_HEAPS} heaps in all")
            };
            c.diags.push(
                Diag::new(
                    Code::Limit,
                    over.positions.span.clone(),
                    format!("`check over` names {what}"),
                    "too many",
                )
                .help("give smaller ranges to its `for` names"),
            );
            return false;
        }
        return true;
    };
    let Some(v) = c.constant(range, scope) else {
        return false;
    };
    let Some(values) = members(c, range, v, "a `for` name of `check over`") else {
        return false;
    };
    for x in values {
        let mark = scope.mark();
        scope.push(&name.name, Binding::Const(Value::Int(x)));
        let ok = over_loop(c, scope, over, depth + 1, out);
        scope.truncate(mark);
        if !ok {
            return false;
        }
    }
    true
}

/// Compiles a count or least claim; `None` after reporting its problems.
pub(crate) fn lower_family(
    cl: &Claim,
    fam: &ClaimFamily,
    shape: Option<&ShapeSpec>,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<CheckedFamily> {
    let mut slots = Slots {
        defer: true,
        ..Slots::default()
    };
    let mark = scope.mark();
    let fills = shape
        .map(|s| bind_heap_names(s, scope, &mut slots))
        .unwrap_or_default();
    let used = Rc::new(Cell::new((false, false)));
    let names = ClaimNames {
        grundy: slots.int(),
        winning: 0,
        used: used.clone(),
        genus: None,
        genus_used: Rc::new(Cell::new(false)),
    };
    let mut c = Compiler::new(diags, &mut slots);
    let r = compile_family(&mut c, cl, fam, shape, scope, &names);
    scope.set_claim(None);
    scope.truncate(mark);
    let mut family = r?;
    let (g, w) = used.get();
    family.frame = ClaimFrame {
        int_slots: slots.ints,
        heap_names: fills,
        grundy: g.then_some(names.grundy),
        winning: w.then_some(names.winning),
        genus: None,
    };
    Some(family)
}

/// A family claim compiled, its frame left to fill.
fn compile_family(
    c: &mut Compiler<'_>,
    cl: &Claim,
    fam: &ClaimFamily,
    shape: Option<&ShapeSpec>,
    scope: &mut Scope,
    names: &ClaimNames,
) -> Option<CheckedFamily> {
    let ClaimBody::Expr { expr: cond, .. } = &cl.body else {
        unreachable!("the parser gives a family claim a condition (lower_family)")
    };
    let var = match &fam.var {
        Some((name, range)) => {
            let v = c.constant(range, scope)?;
            let values = members(c, range, v, "the range of a family claim")?;
            let slot = c.slots.int();
            scope.push(&name.name, Binding::Int(slot));
            Some((name.name.clone(), slot, values))
        }
        None => None,
    };
    let max = c.expect(&fam.max, scope, Type::Int, "`within max`");
    let heaps = match &fam.heaps {
        Some(h) => Some(c.expect(h, scope, Type::Int, "`within ... heaps`")?),
        None => None,
    };
    let (least, op, value) = match &fam.form {
        FamilyForm::Count { op, value } => {
            let want = if matches!(op, BinOp::In | BinOp::NotIn) {
                Type::IntSet
            } else {
                Type::Int
            };
            (false, *op, c.expect(value, scope, want, "a count claim")?)
        }
        FamilyForm::Least { value } => {
            (true, BinOp::Eq, c.expect(value, scope, Type::Int, "`is`")?)
        }
    };
    let max = max?;
    if shape.is_some_and(|s| s.count.is_none()) && heaps.is_none() {
        c.diags.push(
            Diag::new(
                Code::HeapCount,
                fam.max.span.clone(),
                "the game allows any number of heaps: say how many at most",
                "no heap count",
            )
            .help("write `within max M heaps K`"),
        );
        return None;
    }
    scope.set_claim(Some(names.clone()));
    c.position = true;
    let cond = c.expect(cond, scope, Type::Bool, "the condition of a family claim");
    scope.set_claim(None);
    Some(CheckedFamily {
        least,
        op,
        value,
        var,
        cond: cond?,
        max,
        heaps,
        frame: ClaimFrame::default(),
        span: cl.span.clone(),
    })
}
