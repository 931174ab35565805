//! Constant parts computed once: a part of a condition that reads no position, no heap chosen
//! and no amount (`{p for p in 2..B if all(d in 2..p - 1: p mod d != 0)}`, the primes up to a
//! parameter) is evaluated by the interpreter when the clause is compiled and replaced by its
//! value, so that it is not computed again for every candidate amount.
//!
//! Exactness: such a part has the same value at every position, so its value is the one the
//! interpreter would compute wherever it evaluates it. A part whose evaluation fails, or runs
//! through more than about [`FOLD_MEMBERS`] members of quantifiers and lists, is left as it
//! is (the clause then stays with the interpreter, which reports the error where it meets it):
//! compiling never does unbounded work.

use crate::ruleset::expr::{CExpr, CKind, Env, STOP_EVERY};
use crate::ruleset::value::Value;

/// About the most members of quantifiers and lists one fold runs through.
pub(crate) const FOLD_MEMBERS: usize = 1 << 22;

/// `e` with each closed part that is not a constant already replaced by its value.
pub fn fold(e: &CExpr) -> CExpr {
    if !matches!(e.kind, CKind::Const(_)) && closed(e, &mut Vec::new()) {
        if let Some(v) = value(e) {
            return CExpr {
                kind: CKind::Const(v),
                span: e.span.clone(),
            };
        }
    }
    let b = |x: &CExpr| Box::new(fold(x));
    let kind = match &e.kind {
        CKind::Not(a) => CKind::Not(b(a)),
        CKind::Neg(a) => CKind::Neg(b(a)),
        CKind::Abs(a) => CKind::Abs(b(a)),
        CKind::Bin(op, x, y) => CKind::Bin(*op, b(x), b(y)),
        CKind::Range(lo, hi) => CKind::Range(b(lo), hi.as_deref().map(b)),
        CKind::Call(f, args) => CKind::Call(*f, args.iter().map(fold).collect()),
        CKind::SetLit(items) => CKind::SetLit(items.iter().map(fold).collect()),
        CKind::Tuple(items) => CKind::Tuple(items.iter().map(fold).collect()),
        CKind::Quant(k, slot, l, c) => CKind::Quant(*k, *slot, b(l), b(c)),
        CKind::Index(l, i) => CKind::Index(b(l), b(i)),
        CKind::ListComp(slot, l, body) => CKind::ListComp(*slot, b(l), b(body)),
        CKind::HeapTest(k, s) => CKind::HeapTest(*k, b(s)),
        CKind::If(c, x, y) => CKind::If(b(c), b(x), b(y)),
        k => k.clone(),
    };
    CExpr {
        kind,
        span: e.span.clone(),
    }
}

/// Whether `e` reads no position, no list slot and no integer slot but those its own
/// quantifiers and lists bind (`bound`).
fn closed(e: &CExpr, bound: &mut Vec<usize>) -> bool {
    match &e.kind {
        CKind::Const(_) => true,
        CKind::Heaps | CKind::ListSlot(_) => false,
        CKind::IntSlot(i) => bound.contains(i),
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => closed(a, bound),
        CKind::Bin(_, x, y) | CKind::Index(x, y) => closed(x, bound) && closed(y, bound),
        CKind::Range(lo, hi) => closed(lo, bound) && hi.as_deref().is_none_or(|h| closed(h, bound)),
        CKind::Call(_, v) | CKind::SetLit(v) | CKind::Tuple(v) => {
            v.iter().all(|x| closed(x, bound))
        }
        CKind::Quant(_, slot, l, c) | CKind::ListComp(slot, l, c) => {
            if !closed(l, bound) {
                return false;
            }
            bound.push(*slot);
            let ok = closed(c, bound);
            bound.pop();
            ok
        }
        CKind::HeapTest(..) => false,
        CKind::If(c, x, y) => closed(c, bound) && closed(x, bound) && closed(y, bound),
    }
}

/// The largest integer slot `e` names, plus one.
fn slots(e: &CExpr) -> usize {
    let mut n = 0;
    visit(e, &mut |x| {
        if let CKind::IntSlot(i) | CKind::Quant(_, i, ..) | CKind::ListComp(i, ..) = x.kind {
            n = n.max(i + 1);
        }
    });
    n
}

/// Calls `f` on `e` and every part of it.
fn visit(e: &CExpr, f: &mut impl FnMut(&CExpr)) {
    f(e);
    match &e.kind {
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) | CKind::HeapTest(_, a) => visit(a, f),
        CKind::Bin(_, x, y)
        | CKind::Index(x, y)
        | CKind::Quant(_, _, x, y)
        | CKind::ListComp(_, x, y) => {
            visit(x, f);
            visit(y, f);
        }
        CKind::Range(lo, hi) => {
            visit(lo, f);
            if let Some(h) = hi {
                visit(h, f);
            }
        }
        CKind::Call(_, v) | CKind::SetLit(v) | CKind::Tuple(v) => {
            v.iter().for_each(|x| visit(x, f));
        }
        CKind::If(c, x, y) => {
            visit(c, f);
            visit(x, f);
            visit(y, f);
        }
        _ => {}
    }
}

/// The value of the closed `e`, or `None` when it fails or runs too long.
fn value(e: &CExpr) -> Option<Value> {
    let mut ints = vec![0i64; slots(e)];
    let looks = std::sync::atomic::AtomicUsize::new(0);
    let stop = move || {
        looks.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= FOLD_MEMBERS / STOP_EVERY
    };
    let mut env = Env {
        heaps: &[],
        ints: &mut ints,
        lists: &[],
        stop: Some(&stop),
    };
    e.eval(&mut env).ok()
}
