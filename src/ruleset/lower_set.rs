//! `set SEL to E [where C]`: one heap becomes a size from E (an integer or a set of them).
//! A move with a `set` step is lowered as three clauses: in one the heap becomes smaller, a
//! `take` of `{h - v for v in E if v < h}`; in one larger, an `add` of `{v - h for v in E if
//! v > h}` (`h` the heap's size, under a name of the step's own when the file gives none); in
//! the third it keeps its size, a `take` of 0 when `h` is in `E`, and the clause writes no
//! follower equal to the position ([`super::program::MoveProgram::must_change`]): the move
//! counts when its other steps change the position. The generator, the termination proof and
//! every reader of the program then see only `take` and `add`. The clause that grows is left
//! out when bounds of `E` affine in the heap's size show that it is never above that size
//! (`h / 2`, `{h - 1, h / 2}`, `min(h, E)`): such a ruleset only takes.

use super::compile::{type_error, Binding, Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::expr::CKind;
use super::lower_ctx::SelState;
use super::lower_step::lower_step;
use super::program::{LStep, ShapeSpec};
use super::value::{Type, Value};
use crate::syntax::ast::{
    Amount, BinOp, Expr, ExprKind, Ident, SelKind, Selector, Span, Step, StepKind, UnOp,
};

/// The name a `set` step gives its heap when the file gives none (it cannot be written in a
/// file, so it hides nothing).
const SET_HEAP: &str = "set heap";
/// The name of a new size in the lowered amount (as above).
const SET_VALUE: &str = "set value";

/// The number of `set` steps of a move (each doubles its clauses); at most this many.
pub(super) const MAX_SET_STEPS: usize = 4;

/// Which way a `set` step changes its heap in one clause of the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Way {
    /// The heap shrinks.
    Down,
    /// The heap grows.
    Up,
    /// The heap keeps its size (the move must change the position otherwise).
    Keep,
}

impl Way {
    /// The ways, in the order the clauses are made.
    pub(super) const ALL: [Way; 3] = [Way::Down, Way::Up, Way::Keep];
}

/// Lowers the `set` step `st`: the clause where the heap grows, shrinks or keeps its size.
pub(super) fn lower_set(
    st: &Step,
    way: Way,
    shape: &ShapeSpec,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    sels: &mut SelState,
) -> Option<LStep> {
    let StepKind::Set { sel, value, cond } = &st.kind else {
        return None;
    };
    if !one_heap(sel, diags) {
        return None;
    }
    let (name, sel) = heap_name(sel);
    let is_set = value_type(value, &name, &sel, scope, diags)?;
    let amount = Amount::Each(amounts_to(value, is_set, &name, way));
    let kind = if way == Way::Up {
        StepKind::Add {
            amount,
            sel,
            cond: cond.clone(),
        }
    } else {
        StepKind::Take {
            amount,
            sel,
            cond: cond.clone(),
        }
    };
    let step = Step {
        kind,
        span: st.span.clone(),
    };
    lower_step(&step, shape, scope, diags, slots, sels)
}

/// A `set` of a heap that an earlier step of the same move changed (`take s in 1..2 from one
/// heap h; set h to 1`) is refused: its sizes are counted from the heap's size before the
/// move, so the heap would not end at the size written. Reported; `false` then.
pub(super) fn set_after_change(steps: &[Step], diags: &mut Vec<Diag>) -> bool {
    // The names of heaps whose size an earlier step changed, and whether the step just
    // before changed the heaps it chose (`it`, `them`).
    let mut changed: Vec<&str> = Vec::new();
    let mut last_changed = false;
    for st in steps {
        let (sel, changes) = match &st.kind {
            StepKind::Take { sel, .. }
            | StepKind::Add { sel, .. }
            | StepKind::Lower { sel, .. }
            | StepKind::Set { sel, .. } => (Some(sel), true),
            StepKind::Shift { from, .. } => (Some(from), true),
            StepKind::Keep { sel, .. } | StepKind::Delete { sel } | StepKind::Split { sel, .. } => {
                (Some(sel), false)
            }
            StepKind::Octal { .. } => (None, false),
        };
        if let StepKind::Set { sel, .. } = &st.kind {
            let SelKind::Ref(id) = &sel.kind else {
                continue_with(&mut changed, &mut last_changed, Some(sel), changes);
                continue;
            };
            let earlier = match id.name.as_str() {
                "it" | "them" => last_changed,
                name => changed.contains(&name),
            };
            if earlier {
                diags.push(
                    Diag::new(
                        Code::NotAllowed,
                        sel.span.clone(),
                        format!(
                            "`set` of `{}`, which an earlier step of this move changed",
                            id.name
                        ),
                        "changed before",
                    )
                    .help(
                        "a `set` counts the new size from the heap's size before the move; \
                         give the heap its final size in one step (`set one heap h to E`), or \
                         write the earlier step's change into E",
                    ),
                );
                return false;
            }
        }
        continue_with(&mut changed, &mut last_changed, sel, changes);
    }
    true
}

/// After a step that chose `sel` (and changed its heaps' sizes when `changes`): the name it
/// gave or referred to is recorded as changed, and `it` / `them` refer to it.
fn continue_with<'s>(
    changed: &mut Vec<&'s str>,
    last_changed: &mut bool,
    sel: Option<&'s Selector>,
    changes: bool,
) {
    if let (Some(sel), true) = (sel, changes) {
        match (&sel.kind, &sel.name) {
            (SelKind::Ref(id), _) | (_, Some(id)) => changed.push(&id.name),
            _ => {}
        }
    }
    *last_changed = changes;
}

/// Whether `sel` selects one heap; reported when not.
fn one_heap(sel: &Selector, diags: &mut Vec<Diag>) -> bool {
    let single = matches!(
        sel.kind,
        SelKind::One
            | SelKind::TheOther
            | SelKind::Named(_)
            | SelKind::At(_)
            | SelKind::Ref(_)
            | SelKind::NextTo { each: true, .. }
    );
    if !single {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                sel.span.clone(),
                "`set` gives one heap a new size",
                "may be several heaps",
            )
            .help("set one heap: `one heap h`, `heap i`, `the other heap`, `one heap next to h`, or a heap named earlier"),
        );
    }
    single
}

/// The heap's size, by name: the step's own name, the earlier choice it refers to, or one the
/// lowering gives it (the selection then named so).
fn heap_name(sel: &Selector) -> (Ident, Selector) {
    match (&sel.kind, &sel.name) {
        (SelKind::Ref(id), _) | (_, Some(id)) => (id.clone(), sel.clone()),
        (_, None) => {
            let id = Ident {
                name: SET_HEAP.to_string(),
                span: sel.span.clone(),
            };
            let named = Selector {
                name: Some(id.clone()),
                ..sel.clone()
            };
            (id, named)
        }
    }
}

/// The amounts that take the heap `name` to a member of `value` (a set, or one size): `{v - h
/// for v in S if v > h}` going up, `{h - v for v in S if v < h}` going down, `{h - v for v in
/// S if v == h}` (0, when `h` is in `S`) keeping the size.
fn amounts_to(value: &Expr, is_set: bool, name: &Ident, way: Way) -> Expr {
    let at = &value.span;
    let e = |kind| Expr {
        kind,
        span: at.clone(),
    };
    let var = Ident {
        name: SET_VALUE.to_string(),
        span: at.clone(),
    };
    let h = e(ExprKind::Name(name.name.clone()));
    let v = e(ExprKind::Name(var.name.clone()));
    let bin = |op, a: Expr, b: Expr| e(ExprKind::Binary(op, Box::new(a), Box::new(b)));
    let over = if is_set {
        value.clone()
    } else {
        e(ExprKind::Set(vec![value.clone()]))
    };
    let (amount, keep) = match way {
        Way::Up => (bin(BinOp::Sub, v.clone(), h.clone()), bin(BinOp::Gt, v, h)),
        Way::Down => (bin(BinOp::Sub, h.clone(), v.clone()), bin(BinOp::Lt, v, h)),
        Way::Keep => (bin(BinOp::Sub, h.clone(), v.clone()), bin(BinOp::Eq, v, h)),
    };
    e(ExprKind::SetComp(
        Box::new(amount),
        var,
        Box::new(over),
        Some(Box::new(keep)),
    ))
}

/// Whether the new size `value` is a set (else an integer), compiled with the heap's size
/// under `name`; refuses other types, a constant set without an upper end and negative
/// sizes.
fn value_type(
    value: &Expr,
    name: &Ident,
    sel: &Selector,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<bool> {
    let mark = scope.mark();
    let mut scratch = Slots::default();
    if !matches!(sel.kind, SelKind::Ref(_)) {
        let s = scratch.int();
        scope.push(&name.name, Binding::Int(s));
    }
    let mut c = Compiler::at_position(diags, &mut scratch);
    let compiled = c.compile(value, scope);
    scope.truncate(mark);
    let (x, t) = compiled?;
    if t != Type::Int && t != Type::IntSet {
        diags.push(type_error(
            &value.span,
            "a size or a set of sizes",
            t,
            "`set`",
        ));
        return None;
    }
    if let CKind::Const(v) = &x.kind {
        refuse_constant(v, &value.span, diags)?;
    }
    Some(t == Type::IntSet)
}

/// A constant new size: never negative; a set needs an upper end.
fn refuse_constant(v: &Value, at: &Span, diags: &mut Vec<Diag>) -> Option<()> {
    let (least, finite) = match v {
        Value::Int(n) => (Some(*n), true),
        Value::Set(s) => (s.min().ok().flatten(), s.is_finite()),
        _ => return Some(()),
    };
    if let Some(m) = least.filter(|&m| m < 0) {
        diags.push(
            Diag::new(
                Code::Range,
                at.clone(),
                format!("a heap cannot have {m} tokens"),
                "a negative size",
            )
            .help("give sizes >= 0"),
        );
        return None;
    }
    if !finite {
        diags.push(
            Diag::new(
                Code::Unbounded,
                at.clone(),
                "a heap is set to a size from a set without an upper end",
                "no upper end",
            )
            .help("give the sizes an upper end, such as `0..h - 1`"),
        );
        return None;
    }
    Some(())
}

/// Whether the `set` step `st` can never raise its heap: every size its `E` gives is at most
/// the heap's own, for every size of the heap, as bounds that are affine in that size show
/// (`h / 2`, `h - 1`, `0..h - 1`, `{h - 1, h / 2}`, a constant 0), or `min` of one such
/// (`min(h, b - s)`) or `max` of several. Its clause that grows is
/// then no move at all and is left out, so that a `set` that only lowers keeps a ruleset one
/// that only takes. Conservative: `false` when the bounds do not show it. `heap_names` are
/// the integer slots of the shape's heap names and the heaps' indices: a heap chosen by its
/// name (`set heap c to min(c, b - s)`) is read as `c` as well, where that name still means
/// the heap.
pub(super) fn never_raises(
    st: &Step,
    scope: &Scope,
    (shape, heap_names): (&ShapeSpec, &[(usize, usize)]),
) -> bool {
    let StepKind::Set { sel, value, .. } = &st.kind else {
        return false;
    };
    let name = match (&sel.kind, &sel.name) {
        (SelKind::Ref(id), _) | (_, Some(id)) => id.name.as_str(),
        (_, None) => SET_HEAP,
    };
    let also = match &sel.kind {
        SelKind::Named(id) => {
            let index = shape
                .names
                .as_ref()
                .and_then(|v| v.iter().position(|n| *n == id.name));
            let slot = heap_names.iter().find(|&&(_, i)| Some(i) == index);
            match (slot, scope.get(&id.name)) {
                (Some(&(slot, _)), Some(Binding::Int(s))) if *s == slot => Some(id.name.as_str()),
                _ => None,
            }
        }
        _ => None,
    };
    let b = Bounds {
        heap: name,
        also,
        scope,
    };
    b.each_at_most_heap(value)
}

/// `(p * h + q) / d` with `d > 0`, `h` the heap's size: an upper or a lower bound.
type Affine = (i128, i128, i128);

/// Bounds of expressions in the size `h` of one heap, named `heap`.
struct Bounds<'a> {
    heap: &'a str,
    /// Another name of the heap's size (the shape's name of a heap chosen by it).
    also: Option<&'a str>,
    scope: &'a Scope,
}

impl Bounds<'_> {
    /// Whether every size in `e` (an integer or a set) is at most `h`, for every `h >= 0`.
    fn each_at_most_heap(&self, e: &Expr) -> bool {
        let at_most = |x: Option<Affine>| x.is_some_and(|(p, q, d)| p <= d && q <= 0);
        match &e.kind {
            ExprKind::Set(items) => items.iter().all(|x| self.each_at_most_heap(x)),
            ExprKind::Range(_, Some(hi)) => at_most(self.bound(hi, true)),
            ExprKind::Range(_, None) => false,
            // `min(c, b - s)`: at most the heap when one argument is; `max(..)`, when all
            // are (the built-ins, not a function of the file's own by that name).
            ExprKind::Call(f, args) if !args.is_empty() && self.builtin(&f.name) => {
                match f.name.as_str() {
                    "min" => args.iter().any(|a| self.int_at_most_heap(a)),
                    "max" => args.iter().all(|a| self.int_at_most_heap(a)),
                    _ => false,
                }
            }
            _ => at_most(self.bound(e, true)),
        }
    }

    /// Whether the integer `e` (a set gives no bound here) is at most `h` for every `h >= 0`.
    fn int_at_most_heap(&self, e: &Expr) -> bool {
        !matches!(e.kind, ExprKind::Set(_) | ExprKind::Range(..)) && self.each_at_most_heap(e)
    }

    /// Whether `name` calls the built-in function of that name (no definition of the file's
    /// own hides it).
    fn builtin(&self, name: &str) -> bool {
        !matches!(self.scope.get(name), Some(Binding::Fn(_)))
    }

    /// An upper (`up`) or lower bound of the integer `e`, affine in `h`; `None` when unknown.
    fn bound(&self, e: &Expr, up: bool) -> Option<Affine> {
        let scale = |(p, q, d): Affine, k: i128| Some((p.checked_mul(k)?, q.checked_mul(k)?, d));
        match &e.kind {
            ExprKind::Int(c) => Some((0, i128::from(*c), 1)),
            ExprKind::Name(n) if n == self.heap || self.also == Some(n.as_str()) => Some((1, 0, 1)),
            ExprKind::Name(n) => match self.scope.get(n) {
                Some(Binding::Const(Value::Int(c))) => Some((0, i128::from(*c), 1)),
                _ => None,
            },
            ExprKind::Unary(UnOp::Neg, a) => scale(self.bound(a, !up)?, -1),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, up),
            _ => None,
        }
    }

    /// Bounds of `a op b` (`+`, `-`, `*` or `/` by a constant, `mod` a positive constant).
    fn binary(&self, op: BinOp, a: &Expr, b: &Expr, up: bool) -> Option<Affine> {
        let add = |(p1, q1, d1): Affine, (p2, q2, d2): Affine| {
            Some((
                p1.checked_mul(d2)?.checked_add(p2.checked_mul(d1)?)?,
                q1.checked_mul(d2)?.checked_add(q2.checked_mul(d1)?)?,
                d1.checked_mul(d2)?,
            ))
        };
        let constant = |x: &Expr| match self.bound(x, true)? {
            (0, q, 1) => Some(q),
            _ => None,
        };
        match op {
            BinOp::Add => add(self.bound(a, up)?, self.bound(b, up)?),
            BinOp::Sub => {
                let (p, q, d) = self.bound(b, !up)?;
                add(self.bound(a, up)?, (p.checked_neg()?, q.checked_neg()?, d))
            }
            BinOp::Mul => {
                let (k, x) = match (constant(a), constant(b)) {
                    (Some(k), _) => (k, b),
                    (None, Some(k)) => (k, a),
                    (None, None) => return None,
                };
                let (p, q, d) = self.bound(x, if k >= 0 { up } else { !up })?;
                Some((p.checked_mul(k)?, q.checked_mul(k)?, d))
            }
            // Floor division by k > 0: x / k - (k - 1) / k <= floor(x / k) <= x / k.
            BinOp::Div => {
                let k = constant(b).filter(|&k| k > 0)?;
                let (p, q, d) = self.bound(a, up)?;
                let q = if up {
                    q
                } else {
                    q.checked_sub((k - 1).checked_mul(d)?)?
                };
                Some((p, q, d.checked_mul(k)?))
            }
            // Floor modulo by k > 0: 0..k - 1.
            BinOp::Mod => {
                let k = constant(b).filter(|&k| k > 0)?;
                Some((0, if up { k - 1 } else { 0 }, 1))
            }
            _ => None,
        }
    }
}
