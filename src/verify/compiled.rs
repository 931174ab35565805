//! Claims at the solver's speed (2): a claim compiled to closures, as the move compiler
//! compiles conditions ([`crate::moves::compiled::expr`]), so that a sweep over a box solved
//! by a kernel ([`super::sweep`]) evaluates it without walking its expression tree, building
//! lists or allocating per position. Compiled are P-claims, `claim grundy: E`, `claim grundy
//! OP E` and `claim: C` whose expressions the compiler takes (integers, comparisons, logic,
//! constant sets, `floor` of an integer times a constant real: Wythoff's `a == floor((b - a)
//! * phi)`; and what [`super::claim_exprs`] adds: integers times and over constant reals under
//! `floor`/`ceil`, Beatty sets, `v2`, `bitor`), with `where (a, b) = heaps` and a `when`. A compiled claim only ever says that
//! it agrees with the solver at a position, or that it says nothing there; anything else (a
//! disagreement, a case to count, a position `fails at` names, a value the closures cannot
//! compute) is left to the interpreter ([`Quick::Ask`]), which reports it as before.

use super::claim_exprs::{claim_bool as boolean, claim_int as int};
use crate::moves::compiled::expr::{BoolFn, IntFn};
use crate::moves::compiled::Regs;
use crate::ruleset::check::{CheckedClaim, CheckedClaimBody};
use crate::ruleset::expr::{CExpr, CKind};
use crate::syntax::ast::Span;
use crate::syntax::ast::{BinOp, ClaimKind};

/// What a compiled claim says at a position, against the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quick {
    /// Outside its `when`: it says nothing.
    Silent,
    /// It agrees with the solver (and has no case to count there).
    Agrees,
    /// It agrees with the solver, true there through its case of this index (the first
    /// operand of its `or`s that holds).
    Case(usize),
    /// Ask the interpreter.
    Ask,
}

enum Body {
    P(BoolFn),
    Grundy(IntFn),
    GrundyCmp(BinOp, IntFn),
    Holds(BoolFn),
}

/// A claim compiled to closures: its `when` at least (a claim the compiler does not take,
/// such as a table of pairs `(a, b) in {...} when b <= 26`, is then silent without the
/// interpreter wherever its `when` is false), its body when the compiler takes it.
pub struct CompiledClaim {
    when: Option<BoolFn>,
    body: Option<Body>,
    /// Slots filled from the heaps: (slot, index in the position).
    heap_slots: Vec<(usize, usize)>,
    grundy_slot: Option<usize>,
    int_slots: usize,
    /// Whether the claim is a case split (its cases are counted where it is true).
    cases: bool,
    /// A case split whose cases are the operands of one chain of `or`s, none holding a case
    /// of its own: each operand compiled, in order (the case that holds is the first true).
    case_ops: Option<Vec<BoolFn>>,
}

impl CompiledClaim {
    /// `claim` compiled: its body, and its `when` if it has one (each must be compiled); else
    /// its `when` alone; `None` when neither is.
    pub fn of(claim: &CheckedClaim) -> Option<CompiledClaim> {
        let CheckedClaimBody::Expr { expr, destructure } = &claim.body else {
            return None;
        };
        let f = &claim.frame;
        if f.winning.is_some() || f.genus.is_some() {
            return None;
        }
        let mut heap_slots = f.heap_names.clone();
        if let Some((list, slots)) = destructure {
            // Only `where (a, b) = heaps`: the parts are the heaps.
            if !matches!(list.kind, CKind::Heaps) {
                return None;
            }
            heap_slots.extend(slots.iter().enumerate().map(|(k, &s)| (s, k)));
        }
        let body = match (claim.kind, claim.cmp) {
            (ClaimKind::P, _) => boolean(expr).map(Body::P),
            (ClaimKind::Grundy, None | Some(BinOp::Eq)) => int(expr).map(Body::Grundy),
            (ClaimKind::Grundy, Some(op)) => int(expr).map(|e| Body::GrundyCmp(op, e)),
            (ClaimKind::Holds, _) => boolean(expr).map(Body::Holds),
            _ => None,
        };
        let when = claim.when.as_ref().map(boolean);
        match (&body, &when) {
            (None, None | Some(None)) | (Some(_), Some(None)) => return None,
            _ => {}
        }
        let when = when.flatten();
        let case_ops = case_operands(expr, &claim.cases);
        Some(CompiledClaim {
            case_ops,
            when,
            body,
            heap_slots,
            grundy_slot: f.grundy,
            int_slots: f.int_slots,
            cases: !claim.cases.is_empty(),
        })
    }

    /// Fills `r` for `pos` (whose Grundy value is `grundy`, when the claims read it): false
    /// when the claim's `where` names parts the position does not have.
    fn fill(&self, r: &mut Regs, pos: &[u32], grundy: Option<u32>) -> bool {
        r.ints.clear();
        r.ints.resize(self.int_slots, 0);
        r.heaps.clear();
        r.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        for &(slot, k) in &self.heap_slots {
            match pos.get(k) {
                Some(&h) => r.ints[slot] = i64::from(h),
                None => return false,
            }
        }
        if let Some(s) = self.grundy_slot {
            match grundy {
                Some(g) => r.ints[s] = i64::from(g),
                None => return false,
            }
        }
        true
    }

    /// What the closures say at `pos` (whose Grundy value is `grundy`), to be compared with
    /// the interpreter: `Some(None)` outside the `when`; `Some(Some(v))` the body's value (a
    /// truth value as 0 or 1; a Grundy claim's right side); `None` where they would ask the
    /// interpreter (or have no body).
    pub fn value(&self, r: &mut Regs, pos: &[u32], grundy: Option<u32>) -> Option<Option<i64>> {
        if !self.fill(r, pos, grundy) {
            return None;
        }
        if let Some(w) = &self.when {
            if !w(r)? {
                return Some(None);
            }
        }
        Some(Some(match self.body.as_ref()? {
            Body::P(e) | Body::Holds(e) => i64::from(e(r)?),
            Body::Grundy(e) | Body::GrundyCmp(_, e) => e(r)?,
        }))
    }

    /// What the claim says at `pos` against the solver (`grundy`: its value, when the claims
    /// read it; `is_p`: whether it is a P-position).
    pub fn quick(&self, r: &mut Regs, pos: &[u32], grundy: Option<u32>, is_p: bool) -> Quick {
        if !self.fill(r, pos, grundy) {
            return Quick::Ask;
        }
        if let Some(w) = &self.when {
            match w(r) {
                Some(true) => {}
                Some(false) => return Quick::Silent,
                None => return Quick::Ask,
            }
        }
        let Some(body) = &self.body else {
            return Quick::Ask;
        };
        let (agrees, true_here) = match body {
            Body::P(e) => match e(r) {
                Some(says) => (says == is_p, says),
                None => return Quick::Ask,
            },
            Body::Grundy(e) => match (e(r), grundy) {
                (Some(v), Some(g)) => (v == i64::from(g), false),
                _ => return Quick::Ask,
            },
            Body::GrundyCmp(op, e) => match (e(r), grundy) {
                (Some(v), Some(g)) => (compare(*op, i64::from(g), v), false),
                _ => return Quick::Ask,
            },
            Body::Holds(e) => match e(r) {
                Some(b) => (b, b),
                None => return Quick::Ask,
            },
        };
        if !agrees {
            return Quick::Ask;
        }
        if !(self.cases && true_here) {
            return Quick::Agrees;
        }
        let Some(ops) = &self.case_ops else {
            return Quick::Ask;
        };
        for (k, op) in ops.iter().enumerate() {
            match op(r) {
                Some(true) => return Quick::Case(k),
                Some(false) => {}
                None => return Quick::Ask,
            }
        }
        Quick::Ask
    }
}

/// The operands of `expr`'s chain of `or`s compiled, in order, when they are exactly the
/// claim's `cases` (so none holds a case of its own, and constant folding left the chain as
/// written); else `None`.
fn case_operands(expr: &CExpr, cases: &[Span]) -> Option<Vec<BoolFn>> {
    fn flatten<'e>(e: &'e CExpr, out: &mut Vec<&'e CExpr>) {
        match &e.kind {
            CKind::Bin(BinOp::Or, a, b) => {
                flatten(a, out);
                flatten(b, out);
            }
            _ => out.push(e),
        }
    }
    if cases.is_empty() {
        return None;
    }
    let mut ops = Vec::new();
    flatten(expr, &mut ops);
    let same = ops.len() == cases.len() && ops.iter().zip(cases).all(|(o, s)| o.span == *s);
    if !same {
        return None;
    }
    ops.into_iter().map(boolean).collect()
}

/// `g op v` for a comparison; false for anything else (then the interpreter is asked).
fn compare(op: BinOp, g: i64, v: i64) -> bool {
    match op {
        BinOp::Lt => g < v,
        BinOp::Le => g <= v,
        BinOp::Gt => g > v,
        BinOp::Ge => g >= v,
        BinOp::Ne => g != v,
        BinOp::Eq => g == v,
        _ => false,
    }
}
