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
        let mut ints = vec![0i64; self.slots.ints];
        let mut env = crate::ruleset::expr::Env {
            heaps: &[],
            ints: &mut ints,
            lists: &[],
            stop: None,
        };
        match node.eval(&mut env) {
            Ok(v) => Some((CExpr::constant(v, sp), ty)),
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
        // A quantifier or comprehension over a list that reads only the slots of quantifiers
        // inside it (`{p for p in 2..B if p > 3}`, whose list is itself a filter on `p`).
        CKind::Quant(..) | CKind::ListComp(..) => !dynamic(e, &mut Vec::new()),
        CKind::Index(a, b) => c(a) && c(b),
        CKind::If(x, a, b) => c(x) && c(a) && c(b),
    }
}

/// Whether an expression reads the position or an integer slot not in `bound` (the slots of
/// the quantifiers around it, within the expression being folded).
fn dynamic(e: &CExpr, bound: &mut Vec<usize>) -> bool {
    match &e.kind {
        CKind::Const(_) => false,
        CKind::IntSlot(i) => !bound.contains(i),
        CKind::ListSlot(_) | CKind::Heaps | CKind::HeapTest(..) => true,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => dynamic(a, bound),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => dynamic(a, bound) || dynamic(b, bound),
        CKind::Range(a, b) => dynamic(a, bound) || b.as_deref().is_some_and(|b| dynamic(b, bound)),
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => {
            args.iter().any(|x| dynamic(x, bound))
        }
        CKind::If(x, a, b) => dynamic(x, bound) || dynamic(a, bound) || dynamic(b, bound),
        CKind::Quant(_, own, l, c) | CKind::ListComp(own, l, c) => {
            if dynamic(l, bound) {
                return true;
            }
            bound.push(*own);
            let d = dynamic(c, bound);
            bound.pop();
            d
        }
    }
}
