//! Compiling the nodes of an expression that need more than a line: decimal literals, `heaps`,
//! unary operators, set literals, comprehensions and heap tests. A child of `compile.rs` (it
//! reads the compiler's private state), beside `ops.rs`.

use super::*;
use crate::syntax::ast::HeapTestKind;

impl Compiler<'_> {
    /// A decimal literal, exact; a hexadecimal code outside `hex` is not a number.
    pub(super) fn decimal(&mut self, text: &str, sp: Span) -> Option<(CExpr, Type)> {
        match crate::numbers::decimal_value(text) {
            Some(r) => Some((CExpr::constant(Value::Real(r), sp), Type::Real)),
            None => {
                self.push(
                    Diag::new(
                        Code::Type,
                        sp,
                        format!("`{text}` is not a number"),
                        "a code",
                    )
                    .help("hexadecimal digits are allowed only in `hex CODE`"),
                );
                None
            }
        }
    }

    /// `heaps`, the position, where it is known.
    pub(super) fn heaps(&mut self, sp: Span) -> Option<(CExpr, Type)> {
        if !self.position {
            self.push(
                Diag::new(
                    Code::NotAllowed,
                    sp,
                    "`heaps` is not known here",
                    "the position is not known yet",
                )
                .help("`heaps` may be used in guards, `where` conditions and claims"),
            );
            return None;
        }
        Some((
            CExpr {
                kind: CKind::Heaps,
                span: sp,
            },
            Type::List,
        ))
    }

    /// `not A`, `-A`.
    pub(super) fn unary(
        &mut self,
        op: UnOp,
        a: &Expr,
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let (ca, ta) = self.compile(a, scope)?;
        match op {
            UnOp::Not => {
                if ta != Type::Bool {
                    self.push(type_error(&a.span, "a truth value", ta, "`not`"));
                    return None;
                }
                self.fold(CKind::Not(Box::new(ca)), sp, Type::Bool)
            }
            UnOp::Neg => {
                if !ta.fits(Type::Real) {
                    self.push(type_error(&a.span, "a number", ta, "`-`"));
                    return None;
                }
                self.fold(CKind::Neg(Box::new(ca)), sp, ta)
            }
        }
    }

    /// `{a, b, ...}`: members all integers or all tuples.
    pub(super) fn set_literal(
        &mut self,
        items: &[Expr],
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let mut cs = Vec::new();
        let mut ty = None;
        let mut ok = true;
        for it in items {
            match self.compile(it, scope) {
                Some((c, t)) => {
                    if t != Type::Int && t != Type::List {
                        self.push(type_error(&it.span, "an integer or a tuple", t, "a set"));
                        ok = false;
                    } else if ty.is_some_and(|t0| t0 != t) {
                        self.push(type_error(
                            &it.span,
                            ty.map_or("", Type::describe),
                            t,
                            "a set whose members are all of one kind",
                        ));
                        ok = false;
                    }
                    ty.get_or_insert(t);
                    cs.push(c);
                }
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let st = if ty == Some(Type::List) {
            Type::TupleSet
        } else {
            Type::IntSet
        };
        self.fold(CKind::SetLit(cs), sp, st)
    }

    /// `[E for x in L if C]` (a list) or `{E for x in L if C}` (a set).
    pub(super) fn comprehension(&mut self, e: &Expr, scope: &mut Scope) -> Option<(CExpr, Type)> {
        let (ExprKind::ListComp(body, var, list, cond) | ExprKind::SetComp(body, var, list, cond)) =
            &e.kind
        else {
            unreachable!("a comprehension (compile_node)")
        };
        let sp = e.span.clone();
        let set = matches!(e.kind, ExprKind::SetComp(..));
        let what = if set {
            "`{e for x in L}`"
        } else {
            "`[e for x in L]`"
        };
        let want = if set { None } else { Some(Type::Int) };
        let (mut cl, slot, cb, bt) = self.over_list(list, var, body, scope, want, what)?;
        if let Some(cond) = cond {
            // `[e for x in L if C]`: x runs over the members of L where C holds (the
            // filter binds the same slot).
            let mark = scope.mark();
            scope.push(&var.name, Binding::Int(slot));
            let saved = self.position;
            self.position = true;
            let cc = self.expect(cond, scope, Type::Bool, "the condition after `if`");
            self.position = saved;
            scope.truncate(mark);
            let span = cl.span.start..cond.span.end;
            cl = CExpr {
                kind: CKind::Quant(QuantKind::Filter, slot, Box::new(cl), Box::new(cc?)),
                span,
            };
        }
        if set {
            if bt != Type::Int && bt != Type::List {
                self.push(type_error(&body.span, "an integer or a tuple", bt, what));
                return None;
            }
            let ty = if bt == Type::List {
                Type::TupleSet
            } else {
                Type::IntSet
            };
            let node = CKind::Quant(QuantKind::Collect, slot, Box::new(cl), Box::new(cb));
            self.fold(node, sp, ty)
        } else {
            let node = CKind::ListComp(slot, Box::new(cl), Box::new(cb));
            self.fold(node, sp, Type::List)
        }
    }

    /// `if C then A else B`: the branches of one type (or an integer and a real); a constant
    /// `C` chooses its branch now.
    pub(super) fn if_then_else(
        &mut self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let cc = self.expect(c, scope, Type::Bool, "the condition after `if`")?;
        let taken = match cc.as_const() {
            Some(Value::Bool(t)) => Some(*t),
            _ => None,
        };
        // A branch that a constant condition never takes is checked, but a constant part of
        // it that fails to evaluate is no error (`if k == 0 then 0 else 10 / k`).
        let ca = self.branch(a, scope, taken == Some(false));
        let cb = self.branch(b, scope, taken == Some(true));
        let ((ca, ta), (cb, tb)) = (ca?, cb?);
        // An integer and a real make a real (an integer stands wherever a real may).
        let ty = if ta.fits(tb) { tb } else { ta };
        if !tb.fits(ty) {
            self.push(
                Diag::new(
                    Code::Type,
                    b.span.clone(),
                    format!(
                        "the branches of `if` differ: {} after `then`, {} after `else`",
                        ta.describe(),
                        tb.describe()
                    ),
                    "of another type",
                )
                .help("give both branches the same type"),
            );
            return None;
        }
        if let Some(v) = cc.as_const() {
            // The condition no longer stands as a node: noted as folded.
            let v = v.clone();
            self.folded(&cc.span, &v);
        }
        match cc.as_const() {
            Some(Value::Bool(true)) => Some((ca, ty)),
            Some(Value::Bool(false)) => Some((cb, ty)),
            _ => Some((
                CExpr {
                    kind: CKind::If(Box::new(cc), Box::new(ca), Box::new(cb)),
                    span: sp,
                },
                ty,
            )),
        }
    }

    /// A branch of `if`, compiled with failed constants deferred when it is never taken.
    fn branch(&mut self, e: &Expr, scope: &mut Scope, untaken: bool) -> Option<(CExpr, Type)> {
        let saved = (self.slots.defer, self.slots.unreached);
        self.slots.defer |= untaken;
        self.slots.unreached |= untaken;
        let r = self.compile(e, scope);
        (self.slots.defer, self.slots.unreached) = saved;
        r
    }

    /// A test of the heaps (`any heap in S`, ...), where the position is known.
    pub(super) fn heap_test(
        &mut self,
        kind: HeapTestKind,
        set: &Expr,
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let cs = self.expect(set, scope, Type::IntSet, "a test of the heaps")?;
        if !self.position {
            self.push(
                Diag::new(
                    Code::NotAllowed,
                    sp,
                    "the heaps are not known here",
                    "tests the position",
                )
                .help("heap tests may be used in guards, `where` conditions and claims"),
            );
            return None;
        }
        Some((
            CExpr {
                kind: CKind::HeapTest(kind, Box::new(cs)),
                span: sp,
            },
            Type::Bool,
        ))
    }
}
