//! Compiled expressions: names resolved to constants or slots, types checked, constants folded;
//! and their evaluation against a position and the amounts chosen so far.
//!
//! Integer arithmetic is checked: an overflow is an [`EvalError`], never a wrapped value.
//!
//! The `unreachable!` and `expect` below all state a type the compiler checked (`compile.rs`
//! gives every expression a type and checks each operator's and function's operands and
//! number of arguments), so no input reaches them; the fuzz test (`tests/fuzz.rs`) drives
//! random rulesets through them.

use std::sync::Arc;

/// The most values a quantifier may run over (a finite range is counted first).
const MAX_QUANT_VALUES: i128 = 10_000_000;

use super::builtins::abs;
pub use super::builtins::{binary, call, set_of, Builtin};
pub(super) use super::eval_error::{err, real_err, R};
pub use super::eval_error::{floor_div, floor_mod, EvalError, EvalErrorKind};
use super::observe;
use super::value::{SetValue, Value};
use crate::syntax::ast::{BinOp, HeapTestKind, QuantKind, Span};

/// A compiled expression.
#[derive(Clone, Debug)]
pub struct CExpr {
    /// What it computes.
    pub kind: CKind,
    /// Where it was written.
    pub span: Span,
}

/// The kinds of compiled expression.
#[derive(Clone, Debug)]
pub enum CKind {
    /// A value known before any position is seen.
    Const(Value),
    /// An integer slot: a named amount, a heap named in a move, a quantified variable.
    IntSlot(usize),
    /// A list slot: a list of amounts, a selection of several heaps.
    ListSlot(usize),
    /// The position, as a list of heap sizes.
    Heaps,
    /// `not e`.
    Not(Box<CExpr>),
    /// `-e`.
    Neg(Box<CExpr>),
    /// `|e|`.
    Abs(Box<CExpr>),
    /// `a op b`.
    Bin(BinOp, Box<CExpr>, Box<CExpr>),
    /// `a..b`, `a..`.
    Range(Box<CExpr>, Option<Box<CExpr>>),
    /// `f(args)`.
    Call(Builtin, Vec<CExpr>),
    /// `{a, b}` with a member that depends on the position.
    SetLit(Vec<CExpr>),
    /// `(a, b)`.
    Tuple(Vec<CExpr>),
    /// `any(x in L: C)` etc., with `x` in an integer slot.
    Quant(QuantKind, usize, Box<CExpr>, Box<CExpr>),
    /// `l[i]`.
    Index(Box<CExpr>, Box<CExpr>),
    /// `[e for x in L]`, with `x` in an integer slot.
    ListComp(usize, Box<CExpr>, Box<CExpr>),
    /// `any heap in S` etc.
    HeapTest(HeapTestKind, Box<CExpr>),
    /// `if c then a else b`: only the branch taken is evaluated.
    If(Box<CExpr>, Box<CExpr>, Box<CExpr>),
}

/// What an evaluation reads: the position and the slots.
pub struct Env<'a> {
    /// The position the move starts from (or the claim is about).
    pub heaps: &'a [u32],
    /// Integer slots.
    pub ints: &'a mut [i64],
    /// List slots.
    pub lists: &'a [Vec<i64>],
    /// Asked every [`STOP_EVERY`] members a quantifier or list runs over: true stops the
    /// evaluation with [`EvalErrorKind::Interrupted`] (a run's time or Ctrl-C). `None`: never.
    pub stop: Option<&'a (dyn Fn() -> bool + Send + Sync)>,
}

/// Members of a quantifier or list between two looks at [`Env::stop`].
pub(crate) const STOP_EVERY: usize = 1 << 12;

thread_local! {
    /// Members of quantifiers and lists run on this thread, all of them counted together:
    /// thirty nested quantifiers over three heaps run 3^30 members without any one of them
    /// reaching [`STOP_EVERY`], so the count that decides a look is shared.
    static MEMBERS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Env<'_> {
    /// Whether the evaluation must stop, asked before each member of a quantifier or list
    /// after its first (a short quantifier alone never reads the clock); the clock is read
    /// every [`STOP_EVERY`] members counted over all quantifiers and lists, nested ones too.
    fn stopped(&self, i: usize, sp: &Span) -> R<()> {
        let Some(stop) = self.stop else {
            return Ok(());
        };
        if i == 0 {
            return Ok(());
        }
        let n = MEMBERS.with(|m| {
            let n = m.get().wrapping_add(1);
            m.set(n);
            n
        });
        if n.is_multiple_of(STOP_EVERY) && stop() {
            return err(EvalErrorKind::Interrupted, sp);
        }
        Ok(())
    }
}

impl CExpr {
    /// A constant.
    pub fn constant(v: Value, span: Span) -> CExpr {
        CExpr {
            kind: CKind::Const(v),
            span,
        }
    }

    /// The constant value, if this expression is one.
    pub(crate) fn as_const(&self) -> Option<&Value> {
        match &self.kind {
            CKind::Const(v) => Some(v),
            _ => None,
        }
    }

    /// Evaluates to a truth value (the checker has ensured the type).
    pub(crate) fn eval_bool(&self, env: &mut Env<'_>) -> R<bool> {
        match self.eval(env)? {
            Value::Bool(b) => Ok(b),
            v => unreachable!("checked bool, got {v:?} (eval_bool)"),
        }
    }

    /// Evaluates to an integer (the checker has ensured the type).
    pub(crate) fn eval_int(&self, env: &mut Env<'_>) -> R<i64> {
        match self.eval(env)? {
            Value::Int(n) => Ok(n),
            v => unreachable!("checked int, got {v:?} (eval_int)"),
        }
    }

    /// Evaluates the expression (its truth value noted when observed: [`super::observe`]).
    pub fn eval(&self, env: &mut Env<'_>) -> R<Value> {
        let v = self.eval_node(env)?;
        if observe::observing() {
            if let Value::Bool(b) = v {
                observe::note(&self.span, observe::Path::Bool(b));
            }
        }
        Ok(v)
    }

    fn eval_node(&self, env: &mut Env<'_>) -> R<Value> {
        let sp = &self.span;
        Ok(match &self.kind {
            CKind::Const(v) => v.clone(),
            CKind::IntSlot(i) => Value::Int(env.ints[*i]),
            CKind::ListSlot(i) => Value::List(env.lists[*i].as_slice().into()),
            CKind::Heaps => Value::List(env.heaps.iter().map(|&h| i64::from(h)).collect()),
            CKind::Not(e) => Value::Bool(!e.eval_bool(env)?),
            CKind::Neg(e) => neg(e.eval(env)?, sp)?,
            CKind::Abs(e) => abs(e.eval(env)?, sp)?,
            CKind::Bin(op, a, b) => return self.eval_bin(*op, a, b, env),
            CKind::Range(lo, hi) => {
                let lo = lo.eval_int(env)?;
                let hi = match hi {
                    Some(h) => Some(h.eval_int(env)?),
                    None => None,
                };
                Value::Set(SetValue::Range(lo, hi))
            }
            CKind::Call(f, args) => {
                let vals = args.iter().map(|a| a.eval(env)).collect::<R<Vec<_>>>()?;
                call(*f, vals, sp)?
            }
            CKind::SetLit(items) => {
                let vals = items.iter().map(|a| a.eval(env)).collect::<R<Vec<_>>>()?;
                set_of(vals)
            }
            CKind::Tuple(items) => {
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(it.eval_int(env)?);
                }
                Value::List(out.into())
            }
            CKind::Quant(kind, slot, list, cond) => quantify(*kind, *slot, list, cond, env)?,
            CKind::Index(list, idx) => index(list, idx, env)?,
            CKind::ListComp(slot, list, body) => {
                let list = members(list, env)?;
                let mut out = Vec::with_capacity(list.len());
                for (i, &x) in list.iter().enumerate() {
                    env.stopped(i, sp)?;
                    env.ints[*slot] = x;
                    out.push(body.eval_int(env)?);
                }
                Value::List(out.into())
            }
            CKind::HeapTest(kind, set) => heap_test(*kind, set, env, sp)?,
            CKind::If(c, a, b) => {
                return if c.eval_bool(env)? {
                    a.eval(env)
                } else {
                    b.eval(env)
                }
            }
        })
    }

    fn eval_bin(&self, op: BinOp, a: &CExpr, b: &CExpr, env: &mut Env<'_>) -> R<Value> {
        let sp = &self.span;
        // Short-circuit logic first.
        match op {
            BinOp::And => return Ok(Value::Bool(a.eval_bool(env)? && b.eval_bool(env)?)),
            BinOp::Or => return Ok(Value::Bool(a.eval_bool(env)? || b.eval_bool(env)?)),
            _ => {}
        }
        let x = a.eval(env)?;
        let y = b.eval(env)?;
        if matches!(op, BinOp::In | BinOp::NotIn) && observe::observing() {
            if let (Some(m), CKind::Const(_)) = (member_of(&x, &y), &b.kind) {
                observe::note(&b.span, observe::Path::Member(m));
            }
        }
        binary(op, x, y, sp)
    }
}

/// `-v`, checked on integers.
fn neg(v: Value, sp: &Span) -> R<Value> {
    Ok(match v {
        Value::Int(n) => match n.checked_neg() {
            Some(m) => Value::Int(m),
            None => return err(EvalErrorKind::Overflow("`-`".into()), sp),
        },
        Value::Real(r) => Value::Real(r.neg()),
        v => unreachable!("{v:?} (eval neg)"),
    })
}

/// `filter`, `collect`, `any`, `all`, `count` over `list`, its variable in `slot`.
fn quantify(
    kind: QuantKind,
    slot: usize,
    list: &CExpr,
    cond: &CExpr,
    env: &mut Env<'_>,
) -> R<Value> {
    let sp = &cond.span;
    let (list, list_node) = (members(list, env)?, list);
    if kind == QuantKind::Collect {
        let mut out = Vec::with_capacity(list.len());
        for (i, &x) in list.iter().enumerate() {
            env.stopped(i, sp)?;
            env.ints[slot] = x;
            out.push(cond.eval(env)?);
        }
        return Ok(set_of(out));
    }
    let mut kept = Vec::new();
    let mut count: i64 = 0;
    for (i, &x) in list.iter().enumerate() {
        env.stopped(i, sp)?;
        env.ints[slot] = x;
        let c = cond.eval_bool(env)?;
        if matches!((kind, c), (QuantKind::Any, true) | (QuantKind::All, false))
            && observe::observing()
        {
            observe::note(&list_node.span, observe::Path::Witness(x));
        }
        match kind {
            QuantKind::Filter if c => kept.push(x),
            QuantKind::Any if c => return Ok(Value::Bool(true)),
            QuantKind::All if !c => return Ok(Value::Bool(false)),
            // At most list.len() <= usize::MAX increments; i64 cannot overflow for lists
            // that fit in memory.
            QuantKind::Count if c => count += 1,
            _ => {}
        }
    }
    Ok(match kind {
        QuantKind::Filter => Value::List(kept.into()),
        QuantKind::Any => Value::Bool(false),
        QuantKind::All => Value::Bool(true),
        _ => Value::Int(count),
    })
}

/// `l[i]`, an index outside the list an error located at the index.
fn index(list: &CExpr, idx: &CExpr, env: &mut Env<'_>) -> R<Value> {
    let l = match list.eval(env)? {
        Value::List(l) => l,
        v => unreachable!("{v:?} (eval index)"),
    };
    let i = idx.eval_int(env)?;
    match usize::try_from(i).ok().and_then(|i| l.get(i)) {
        Some(&x) => {
            if observe::observing() {
                observe::note(&list.span, observe::Path::Index(i));
            }
            Ok(Value::Int(x))
        }
        None => err(
            EvalErrorKind::Domain(format!(
                "index {i} is outside the list, which has {} members (indices 0..{})",
                l.len(),
                l.len() as i64 - 1
            )),
            &idx.span,
        ),
    }
}

/// The member of the set `y` that `x` is (an integer, or a tuple's place among the set's
/// members), if it is one of a finite set of integers or tuples.
fn member_of(x: &Value, y: &Value) -> Option<i64> {
    match (x, y) {
        (Value::Int(n), Value::Set(SetValue::Ints(s))) => s.binary_search(n).ok().map(|_| *n),
        (Value::List(t), Value::Set(SetValue::Tuples(s))) => s
            .binary_search_by(|m| m.as_ref().cmp(t.as_ref()))
            .ok()
            .and_then(|i| i64::try_from(i).ok()),
        _ => None,
    }
}

/// `any heap in S`, `all heaps in S`, `no heap in S`.
fn heap_test(kind: HeapTestKind, set: &CExpr, env: &mut Env<'_>, sp: &Span) -> R<Value> {
    let set = match set.eval(env)? {
        Value::Set(s) => s,
        v => unreachable!("{v:?} (eval heap test)"),
    };
    let mut any = false;
    let mut all = true;
    for &h in env.heaps {
        let inside = set.contains(i64::from(h)).map_err(|e| real_err(e, sp))?;
        any |= inside;
        all &= inside;
    }
    Ok(Value::Bool(match kind {
        HeapTestKind::Any => any,
        HeapTestKind::All => all,
        HeapTestKind::No => !any,
    }))
}

/// The members of a list, or of a finite set in increasing order (what a quantifier or a list
/// comprehension runs over).
pub(crate) fn members(list: &CExpr, env: &mut Env<'_>) -> R<Arc<[i64]>> {
    Ok(match list.eval(env)? {
        Value::List(l) => l,
        Value::Set(s) if s.is_finite() => {
            // A range is counted before it is listed: `(1..10^15)` would not fit in memory,
            // nor end.
            if let SetValue::Range(a, Some(b)) = &s {
                let n = i128::from(*b) - i128::from(*a) + 1;
                if n > MAX_QUANT_VALUES {
                    return err(
                        EvalErrorKind::Domain(format!(
                            "a list or quantifier over {n} values is too long (at most \
                             {MAX_QUANT_VALUES})"
                        )),
                        &list.span,
                    );
                }
            }
            let mut buf = Vec::new();
            s.members_upto(i64::MAX, &mut buf)
                .map_err(|e| real_err(e, &list.span))?;
            buf.into()
        }
        Value::Set(_) => {
            return err(
                EvalErrorKind::Domain("a list over an unbounded set never ends".into()),
                &list.span,
            )
        }
        v => unreachable!("{v:?} (members)"),
    })
}
