//! Closure compilation of the integer and boolean expressions of a move: each [`CExpr`] node
//! becomes one boxed closure over the [`Regs`] (slots and position), built once per ruleset,
//! so that no expression tree is walked per candidate. Only integer arithmetic, comparisons,
//! logic, set membership in constant sets and the list functions `min`, `max`, `sum`, `xor`,
//! `len` and indexing over `heaps` or a named selection are compiled, and `floor`/`ceil` of an
//! integer times a constant real (a Beatty sequence); anything else (other reals,
//! quantifiers, tuples other than in a constant set of tuples, set literals that read the
//! position) answers `None` at compile time,
//! and the ruleset keeps the interpreter.
//!
//! A compiled closure answers `None` where the interpreter would report an error (overflow,
//! division by zero, an empty `min`, an index outside the list): the caller then leaves the
//! whole box to the interpreter, which reports it with its location. So a compiled closure
//! either computes exactly the interpreter's value or makes the caller fall back.

use crate::ruleset::expr::{floor_div, floor_mod, Builtin, CExpr, CKind};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::{BinOp, HeapTestKind};

/// What compiled expressions read: the integer slots, the list slots and the position.
#[derive(Clone, Debug, Default)]
pub struct Regs {
    /// Integer slots (named amounts, single selected heaps, heap names).
    pub ints: Vec<i64>,
    /// List slots (several selected heaps).
    pub lists: Vec<Vec<i64>>,
    /// The position before the move, as `heaps` reads it.
    pub heaps: Vec<i64>,
    /// Working memory: the heaps chosen by the step.
    pub combo: Vec<usize>,
    /// Working memory: the amount taken from each chosen heap.
    pub take: Vec<u32>,
    /// Working memory: the window of a clause's bounds at the position, when they read only
    /// the position (computed at its first choice of heaps).
    pub window: Option<Window>,
    /// Choices of heaps and candidate amounts tried, for [`super::Shown::Tick`].
    pub tried: u32,
    /// Working memory: the heaps left by a `keep` ([`super::clause::Keep`]).
    pub kept: Vec<u32>,
    /// Working memory: the heaps chosen among those left, as indices into the position.
    pub mapped: Vec<usize>,
    /// Working memory: the amounts a trailing `keep` excludes ([`super::exclude`]).
    pub excluded: Vec<i64>,
    /// Working memory of the steps after the first `take` ([`super::then`]).
    pub then: Option<Box<ThenRegs>>,
}

/// Working memory of the steps after a clause's first `take` ([`super::then`]): the
/// registers they read, the heaps and amounts of the move so far.
#[derive(Clone, Debug, Default)]
pub struct ThenRegs {
    pub(super) regs: Regs,
    pub(super) combo: Vec<usize>,
    pub(super) take: Vec<u32>,
    /// The piece of each later step's amount at the current amount.
    pub(super) at: Vec<usize>,
}

/// The amounts `lo..=hi` with `s mod step == res`: the window of an amount loop, which the
/// bounds ([`super::bounds`]) cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Least amount.
    pub lo: i64,
    /// Greatest amount.
    pub hi: i64,
    /// Step (1: every amount).
    pub step: i64,
    /// Residue modulo `step`.
    pub res: i64,
}

/// A compiled integer expression.
pub(crate) type IntFn = Box<dyn Fn(&Regs) -> Option<i64> + Send + Sync>;
/// A compiled boolean expression.
pub(crate) type BoolFn = Box<dyn Fn(&Regs) -> Option<bool> + Send + Sync>;

/// A list an expression reads.
#[derive(Clone, Copy)]
enum ListRef {
    Heaps,
    Slot(usize),
}

impl ListRef {
    #[inline(always)]
    fn get(self, r: &Regs) -> &[i64] {
        match self {
            ListRef::Heaps => &r.heaps,
            ListRef::Slot(i) => &r.lists[i],
        }
    }
}

fn list_ref(e: &CExpr) -> Option<ListRef> {
    match e.kind {
        CKind::Heaps => Some(ListRef::Heaps),
        CKind::ListSlot(i) => Some(ListRef::Slot(i)),
        _ => None,
    }
}

/// Compiles an integer-valued expression.
pub fn int(e: &CExpr) -> Option<IntFn> {
    Some(match &e.kind {
        CKind::Const(Value::Int(n)) => {
            let n = *n;
            Box::new(move |_| Some(n))
        }
        CKind::IntSlot(i) => {
            let i = *i;
            Box::new(move |r| Some(r.ints[i]))
        }
        CKind::Neg(a) => {
            let a = int(a)?;
            Box::new(move |r| a(r)?.checked_neg())
        }
        CKind::Abs(a) => {
            let a = int(a)?;
            Box::new(move |r| a(r)?.checked_abs())
        }
        CKind::Bin(op, a, b) => arith(*op, a, b)?,
        CKind::Call(f, args) => call(*f, args)?,
        CKind::Index(list, idx) => {
            let l = list_ref(list)?;
            let i = int(idx)?;
            Box::new(move |r| {
                let i = usize::try_from(i(r)?).ok()?;
                l.get(r).get(i).copied()
            })
        }
        _ => return None,
    })
}

/// `a op b` on integers, checked as the interpreter checks it.
fn arith(op: BinOp, a: &CExpr, b: &CExpr) -> Option<IntFn> {
    // A constant right operand, the common case (`h / 2`, `s mod 3`), is folded in.
    if let CKind::Const(Value::Int(n)) = b.kind {
        let a = int(a)?;
        return Some(match op {
            BinOp::Add => Box::new(move |r| a(r)?.checked_add(n)),
            BinOp::Sub => Box::new(move |r| a(r)?.checked_sub(n)),
            BinOp::Mul => Box::new(move |r| a(r)?.checked_mul(n)),
            BinOp::Div if n > 0 => Box::new(move |r| Some(a(r)?.div_euclid(n))),
            BinOp::Mod if n > 0 => Box::new(move |r| Some(a(r)?.rem_euclid(n))),
            BinOp::Div => Box::new(move |r| floor_div(a(r)?, n)),
            BinOp::Mod => Box::new(move |r| floor_mod(a(r)?, n)),
            BinOp::Pow => {
                let e = u32::try_from(n).ok()?;
                Box::new(move |r| a(r)?.checked_pow(e))
            }
            _ => return None,
        });
    }
    let (a, b) = (int(a)?, int(b)?);
    Some(match op {
        BinOp::Add => Box::new(move |r| a(r)?.checked_add(b(r)?)),
        BinOp::Sub => Box::new(move |r| a(r)?.checked_sub(b(r)?)),
        BinOp::Mul => Box::new(move |r| a(r)?.checked_mul(b(r)?)),
        // `floor_div`/`floor_mod` answer `None` on a zero divisor (the interpreter's error).
        BinOp::Div => Box::new(move |r| floor_div(a(r)?, b(r)?)),
        BinOp::Mod => Box::new(move |r| floor_mod(a(r)?, b(r)?)),
        BinOp::Pow => Box::new(move |r| {
            let e = u32::try_from(b(r)?).ok()?;
            a(r)?.checked_pow(e)
        }),
        _ => return None,
    })
}

/// `floor(E * c)` and `ceil(E * c)` (or `c * E`), `E` an integer, `c` a constant real
/// (`floor((b - a) * phi)`): exactly as the interpreter's `Real` computes them (an error,
/// such as an undecidable value, answers `None`).
fn floor_of_scaled(f: Builtin, arg: &CExpr) -> Option<IntFn> {
    let CKind::Bin(BinOp::Mul, x, y) = &arg.kind else {
        return None;
    };
    let (n, c) = match (&x.kind, &y.kind) {
        (_, CKind::Const(Value::Real(c))) => (int(x)?, c.clone()),
        (CKind::Const(Value::Real(c)), _) => (int(y)?, c.clone()),
        _ => return None,
    };
    Some(match f {
        Builtin::Floor => Box::new(move |r| c.floor_mul_i64(n(r)?).ok()),
        // ceil(n c) = -floor(-n c).
        Builtin::Ceil => {
            Box::new(move |r| c.floor_mul_i64(n(r)?.checked_neg()?).ok()?.checked_neg())
        }
        _ => return None,
    })
}

/// The integer built-ins of one list (`min(heaps)`) or of several integers (`min(a, b)`).
fn call(f: Builtin, args: &[CExpr]) -> Option<IntFn> {
    if let (Builtin::Floor | Builtin::Ceil, [arg]) = (f, args) {
        return floor_of_scaled(f, arg);
    }
    if let [one] = args {
        if let Some(l) = list_ref(one) {
            return Some(match f {
                Builtin::Min => Box::new(move |r| l.get(r).iter().copied().min()),
                Builtin::Max => Box::new(move |r| l.get(r).iter().copied().max()),
                Builtin::Sum => {
                    Box::new(move |r| l.get(r).iter().try_fold(0i64, |acc, &x| acc.checked_add(x)))
                }
                Builtin::Xor => Box::new(move |r| Some(l.get(r).iter().fold(0, |a, &x| a ^ x))),
                Builtin::Len => Box::new(move |r| i64::try_from(l.get(r).len()).ok()),
                _ => return None,
            });
        }
    }
    if f == Builtin::Abs {
        let [a] = args else { return None };
        let a = int(a)?;
        return Some(Box::new(move |r| a(r)?.checked_abs()));
    }
    let fs: Vec<IntFn> = args.iter().map(int).collect::<Option<_>>()?;
    if fs.is_empty() {
        return None;
    }
    Some(match f {
        Builtin::Min => Box::new(move |r| {
            fs.iter()
                .map(|g| g(r))
                .try_fold(i64::MAX, |m, x| Some(m.min(x?)))
        }),
        Builtin::Max => Box::new(move |r| {
            fs.iter()
                .map(|g| g(r))
                .try_fold(i64::MIN, |m, x| Some(m.max(x?)))
        }),
        Builtin::Sum => {
            Box::new(move |r| fs.iter().try_fold(0i64, |acc, g| acc.checked_add(g(r)?)))
        }
        Builtin::Xor => Box::new(move |r| fs.iter().try_fold(0i64, |acc, g| Some(acc ^ g(r)?))),
        _ => return None,
    })
}

/// Compiles a boolean expression; `and` and `or` short-circuit as in the interpreter.
pub(crate) fn boolean(e: &CExpr) -> Option<BoolFn> {
    Some(match &e.kind {
        CKind::Const(Value::Bool(b)) => {
            let b = *b;
            Box::new(move |_| Some(b))
        }
        CKind::Not(a) => {
            let a = boolean(a)?;
            Box::new(move |r| Some(!a(r)?))
        }
        CKind::Bin(BinOp::And, a, b) => {
            let (a, b) = (boolean(a)?, boolean(b)?);
            Box::new(move |r| Some(a(r)? && b(r)?))
        }
        CKind::Bin(BinOp::Or, a, b) => {
            let (a, b) = (boolean(a)?, boolean(b)?);
            Box::new(move |r| Some(a(r)? || b(r)?))
        }
        CKind::Bin(op @ (BinOp::In | BinOp::NotIn), a, b) if matches!(a.kind, CKind::Tuple(_)) => {
            tuple_in(a, b, *op == BinOp::In)?
        }
        CKind::Bin(op @ (BinOp::In | BinOp::NotIn), a, b) => {
            let set = const_int_set(b)?;
            let a = int(a)?;
            let want = *op == BinOp::In;
            Box::new(move |r| Some(set.has(a(r)?) == want))
        }
        CKind::Bin(op, a, b) => {
            let (a, b) = (int(a)?, int(b)?);
            match op {
                BinOp::Eq => Box::new(move |r| Some(a(r)? == b(r)?)),
                BinOp::Ne => Box::new(move |r| Some(a(r)? != b(r)?)),
                BinOp::Lt => Box::new(move |r| Some(a(r)? < b(r)?)),
                BinOp::Le => Box::new(move |r| Some(a(r)? <= b(r)?)),
                BinOp::Gt => Box::new(move |r| Some(a(r)? > b(r)?)),
                BinOp::Ge => Box::new(move |r| Some(a(r)? >= b(r)?)),
                _ => return None,
            }
        }
        CKind::HeapTest(kind, set) => {
            let set = const_int_set(set)?;
            let kind = *kind;
            Box::new(move |r| {
                let mut inside = r.heaps.iter().map(|&h| set.has(h));
                Some(match kind {
                    HeapTestKind::Any => inside.any(|b| b),
                    HeapTestKind::All => inside.all(|b| b),
                    HeapTestKind::No => !inside.any(|b| b),
                })
            })
        }
        _ => return None,
    })
}

/// Most parts of a tuple whose membership in a constant set of tuples is compiled.
const MAX_TUPLE: usize = 4;

/// `(x, y, ...) in S` for a constant set of tuples `S` (beta^T-Wynim's `(s, t) not in
/// triangles`), as the interpreter decides it: the tuple, its parts computed left to right,
/// is looked up among the set's sorted members.
fn tuple_in(tuple: &CExpr, set: &CExpr, want: bool) -> Option<BoolFn> {
    let (CKind::Tuple(items), CKind::Const(Value::Set(SetValue::Tuples(members)))) =
        (&tuple.kind, &set.kind)
    else {
        return None;
    };
    if items.len() > MAX_TUPLE {
        return None;
    }
    let parts: Vec<IntFn> = items.iter().map(int).collect::<Option<_>>()?;
    let members = members.clone();
    Some(Box::new(move |r| {
        let mut t = [0i64; MAX_TUPLE];
        for (x, f) in t.iter_mut().zip(&parts) {
            *x = f(r)?;
        }
        let t = &t[..parts.len()];
        Some(members.binary_search_by(|m| m.as_ref().cmp(t)).is_ok() == want)
    }))
}

/// A constant set of integers, for membership.
pub(crate) enum IntSet {
    /// Sorted members.
    Ints(Vec<i64>),
    /// `lo..=hi` (`hi` absent: no upper end).
    Range(i64, Option<i64>),
}

impl IntSet {
    /// Whether `x` is a member.
    #[inline]
    pub fn has(&self, x: i64) -> bool {
        match self {
            IntSet::Ints(v) => v.binary_search(&x).is_ok(),
            IntSet::Range(lo, hi) => x >= *lo && hi.is_none_or(|h| x <= h),
        }
    }

    /// The set of a [`SetValue`], when it is finite integers or a range.
    pub fn of(s: &SetValue) -> Option<IntSet> {
        match s {
            SetValue::Ints(v) => Some(IntSet::Ints(v.to_vec())),
            SetValue::Range(lo, hi) => Some(IntSet::Range(*lo, *hi)),
            _ => None,
        }
    }
}

fn const_int_set(e: &CExpr) -> Option<IntSet> {
    match &e.kind {
        CKind::Const(Value::Set(s)) => IntSet::of(s),
        _ => None,
    }
}

/// Whether `e` may read the integer slot `slot` (true for anything not understood).
pub(crate) fn reads_slot(e: &CExpr, slot: usize) -> bool {
    match &e.kind {
        CKind::Const(_) | CKind::Heaps | CKind::ListSlot(_) => false,
        CKind::IntSlot(i) => *i == slot,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => reads_slot(a, slot),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => reads_slot(a, slot) || reads_slot(b, slot),
        CKind::Call(_, args) => args.iter().any(|a| reads_slot(a, slot)),
        _ => true,
    }
}

/// Whether `e` reads nothing but constants, `heaps` and the integer slots `ok` accepts (false
/// for anything not understood).
pub(crate) fn reads_only(e: &CExpr, ok: &impl Fn(usize) -> bool) -> bool {
    match &e.kind {
        CKind::Const(_) | CKind::Heaps => true,
        CKind::IntSlot(i) => ok(*i),
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => reads_only(a, ok),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => reads_only(a, ok) && reads_only(b, ok),
        CKind::Call(_, args) => args.iter().all(|a| reads_only(a, ok)),
        _ => false,
    }
}
