//! Constant folding: a node whose children are all constants is evaluated when it is
//! compiled. A child of `compile.rs` (it reads the compiler's private state).

use super::*;

impl Compiler<'_> {
    /// Builds a node; when every child is a constant, evaluates it now.
    pub(super) fn fold(&mut self, kind: CKind, sp: Span, ty: Type) -> Option<(CExpr, Type)> {
        let node = CExpr {
            kind,
            span: sp.clone(),
        };
        if !all_const(&node) {
            return Some((node, ty));
        }
        // Its truth-valued operands no longer stand as nodes either.
        if let CKind::Not(a) | CKind::Bin(BinOp::And | BinOp::Or, a, _) = &node.kind {
            if let Some(v) = a.as_const() {
                self.folded(&a.span, v);
            }
        }
        if let CKind::Bin(BinOp::And | BinOp::Or, _, b) = &node.kind {
            if let Some(v) = b.as_const() {
                self.folded(&b.span, v);
            }
        }
        self.evaluate(node, ty)
    }

    /// Evaluates now a node that reads nothing of a position: its value, or the problem
    /// reported (left as it is when failures are deferred).
    pub(super) fn evaluate(&mut self, node: CExpr, ty: Type) -> Option<(CExpr, Type)> {
        let sp = node.span.clone();
        let mut ints = vec![0i64; self.slots.ints];
        let mut env = crate::ruleset::expr::Env {
            heaps: &[],
            ints: &mut ints,
            lists: &[],
            stop: None,
        };
        match node.eval(&mut env) {
            Ok(v) => {
                self.folded(&sp, &v);
                Some((CExpr::constant(v, sp), ty))
            }
            Err(_) if self.slots.defer => Some((node, ty)),
            Err(e) => {
                self.push(
                    Diag::new(
                        Code::Eval,
                        e.span.clone(),
                        format!("cannot evaluate this: {}", e.kind),
                        "here",
                    )
                    .help(
                        "integers are 64-bit and never wrap; reals are exact and must be decidable",
                    ),
                );
                None
            }
        }
    }
}

impl Compiler<'_> {
    /// Notes a truth value folded at `sp`, where evaluation reaches it ([`Slots::folded`]).
    pub(super) fn folded(&mut self, sp: &Span, v: &Value) {
        if let (Value::Bool(b), false) = (v, self.slots.unreached) {
            self.slots.folded.push((sp.clone(), *b));
        }
    }
}

/// Whether the node's children are all constants (so the node can be evaluated now).
fn all_const(e: &CExpr) -> bool {
    let c = |x: &CExpr| x.as_const().is_some();
    match &e.kind {
        CKind::Const(_) => true,
        CKind::IntSlot(_) | CKind::ListSlot(_) | CKind::Heaps | CKind::HeapTest(..) => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => c(a),
        CKind::Bin(_, a, b) => c(a) && c(b),
        CKind::Range(a, b) => c(a) && b.as_deref().is_none_or(c),
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => args.iter().all(c),
        CKind::Quant(_, own, l, cond) | CKind::ListComp(own, l, cond) => {
            c(l) && !dynamic(cond, *own)
        }
        CKind::Index(a, b) => c(a) && c(b),
        CKind::If(x, a, b) => c(x) && c(a) && c(b),
    }
}

/// Whether an expression reads the position or a slot other than `own`.
fn dynamic(e: &CExpr, own: usize) -> bool {
    let d = |x: &CExpr| dynamic(x, own);
    match &e.kind {
        CKind::Const(_) => false,
        CKind::IntSlot(i) => *i != own,
        CKind::ListSlot(_) | CKind::Heaps | CKind::HeapTest(..) => true,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => d(a),
        CKind::Bin(_, a, b) => d(a) || d(b),
        CKind::Range(a, b) => d(a) || b.as_deref().is_some_and(d),
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => args.iter().any(d),
        CKind::Quant(_, _, l, c) | CKind::ListComp(_, l, c) => d(l) || d(c),
        CKind::Index(a, b) => d(a) || d(b),
        CKind::If(x, a, b) => d(x) || d(a) || d(b),
    }
}

/// Whether an expression reads neither the position nor a slot other than those of the
/// quantifiers inside it (in `bound` as they are entered): a value known before play, such as
/// `{p for p in 2..B if all(d in 2..p - 1: p mod d != 0)}`, which node-by-node folding leaves
/// unfolded (the list is a filter on `p`). Only where a constant is required is such an
/// expression evaluated at load time ([`Compiler::constant`]); elsewhere it is evaluated
/// during play, under the run's stop check.
pub(super) fn closed(e: &CExpr, bound: &mut Vec<usize>) -> bool {
    match &e.kind {
        CKind::Const(_) => true,
        CKind::IntSlot(i) => bound.contains(i),
        CKind::ListSlot(_) | CKind::Heaps | CKind::HeapTest(..) => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => closed(a, bound),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => closed(a, bound) && closed(b, bound),
        CKind::Range(a, b) => closed(a, bound) && b.as_deref().is_none_or(|b| closed(b, bound)),
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => {
            args.iter().all(|x| closed(x, bound))
        }
        CKind::If(x, a, b) => closed(x, bound) && closed(a, bound) && closed(b, bound),
        CKind::Quant(_, own, l, c) | CKind::ListComp(own, l, c) => {
            if !closed(l, bound) {
                return false;
            }
            bound.push(*own);
            let ok = closed(c, bound);
            bound.pop();
            ok
        }
    }
}
