//! Compiling operators (one function per group of operators) and comprehensions over lists:
//! the part of [`Compiler`] that checks operand types. A child of `compile.rs` (it reads the
//! compiler's private state), beside `calls.rs` (calls of functions).

use super::*;

impl Compiler<'_> {
    /// `a op b`: both operands compiled (the right one only type checked after `false and`,
    /// `true or`), their types checked for the operator.
    pub(super) fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let ra = self.compile(a, scope);
        // `false and B`, `true or B`: B is never evaluated, so it is only type checked.
        let decided = match (op, ra.as_ref().and_then(|(c, _)| c.as_const())) {
            (BinOp::And, Some(Value::Bool(false))) => Some(false),
            (BinOp::Or, Some(Value::Bool(true))) => Some(true),
            _ => None,
        };
        let (defer, unreached) = (self.slots.defer, self.slots.unreached);
        self.slots.defer |= decided.is_some();
        self.slots.unreached |= decided.is_some();
        let rb = self.compile(b, scope);
        (self.slots.defer, self.slots.unreached) = (defer, unreached);
        let ((ca, ta), (cb, tb)) = (ra?, rb?);
        if let (Some(d), Type::Bool) = (decided, tb) {
            // `a` and the whole no longer stand as nodes: noted as folded.
            self.folded(&ca.span, &Value::Bool(d));
            self.folded(&sp, &Value::Bool(d));
            return Some((CExpr::constant(Value::Bool(d), sp), Type::Bool));
        }
        let ty = match op {
            BinOp::And | BinOp::Or => self.logic_type(op, (a, ta), (b, tb))?,
            BinOp::In | BinOp::NotIn => self.membership_type(op, (a, ta), (b, tb))?,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.comparison_type(op, (a, ta), (b, tb))?
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
                self.arithmetic_type(op, (a, ta), (b, tb))?
            }
        };
        self.fold(CKind::Bin(op, Box::new(ca), Box::new(cb)), sp, ty)
    }

    /// `and`, `or`: two truth values.
    fn logic_type(&mut self, op: BinOp, a: (&Expr, Type), b: (&Expr, Type)) -> Option<Type> {
        let mut ok = true;
        for (e, t) in [a, b] {
            if t != Type::Bool {
                let what = format!("`{}`", op.symbol());
                self.push(type_error(&e.span, "a truth value", t, &what));
                ok = false;
            }
        }
        ok.then_some(Type::Bool)
    }

    /// `in`, `not in`: an integer in a set of integers, a tuple in a set of tuples.
    fn membership_type(
        &mut self,
        op: BinOp,
        (a, ta): (&Expr, Type),
        (b, tb): (&Expr, Type),
    ) -> Option<Type> {
        let fits =
            (ta == Type::Int && tb == Type::IntSet) || (ta == Type::List && tb == Type::TupleSet);
        if fits {
            return Some(Type::Bool);
        }
        let sym = op.symbol();
        if tb == Type::List && ta == Type::Int {
            // `x in heaps`: a list is made a set with a comprehension.
            let text = match &b.kind {
                ExprKind::Heaps => "heaps".to_string(),
                ExprKind::Name(n) => n.clone(),
                _ => "L".to_string(),
            };
            self.push(
                type_error(&b.span, "a set", tb, &format!("`{sym}`"))
                    .help(format!("write the list as a set: `{{z for z in {text}}}`")),
            );
        } else if tb != Type::IntSet && tb != Type::TupleSet {
            self.push(type_error(&b.span, "a set", tb, &format!("`{sym}`")));
        } else {
            let want = if tb == Type::IntSet {
                "an integer"
            } else {
                "a tuple"
            };
            let what = format!("`{sym}` {}", tb.describe());
            self.push(type_error(&a.span, want, ta, &what));
        }
        None
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`: numbers; lists or truth values (equal or not); sets
    /// (equal, different, subset `<=` `<`, superset `>=` `>`).
    fn comparison_type(
        &mut self,
        op: BinOp,
        (a, ta): (&Expr, Type),
        (b, tb): (&Expr, Type),
    ) -> Option<Type> {
        let numbers = ta.fits(Type::Real) && tb.fits(Type::Real);
        let same = ta == tb
            && matches!(ta, Type::List | Type::Bool)
            && matches!(op, BinOp::Eq | BinOp::Ne);
        let sets = matches!(ta, Type::IntSet | Type::TupleSet)
            && matches!(tb, Type::IntSet | Type::TupleSet);
        if sets || numbers || same {
            return Some(Type::Bool);
        }
        let bad = if ta.fits(Type::Real) {
            (b, tb)
        } else {
            (a, ta)
        };
        let what = format!("`{}`", op.symbol());
        self.push(type_error(&bad.0.span, "a number", bad.1, &what));
        None
    }

    /// `+`, `-`, `*`, `/`, `mod`, `^`: numbers (`mod` integers, `^` an integer exponent);
    /// integer when both are.
    fn arithmetic_type(
        &mut self,
        op: BinOp,
        (a, ta): (&Expr, Type),
        (b, tb): (&Expr, Type),
    ) -> Option<Type> {
        let mut ok = true;
        for (t, e) in [(ta, a), (tb, b)] {
            if !t.fits(Type::Real) {
                let what = format!("`{}`", op.symbol());
                self.push(type_error(&e.span, "a number", t, &what));
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        if op == BinOp::Mod && (ta != Type::Int || tb != Type::Int) {
            let bad = if ta != Type::Int { (a, ta) } else { (b, tb) };
            self.push(type_error(&bad.0.span, "an integer", bad.1, "`mod`"));
            return None;
        }
        if op == BinOp::Pow && tb != Type::Int {
            self.push(type_error(&b.span, "an integer", tb, "an exponent"));
            return None;
        }
        Some(if ta == Type::Int && tb == Type::Int {
            Type::Int
        } else {
            Type::Real
        })
    }

    /// `x in L` then `body` with `x` bound (a quantifier, a list or set comprehension): the
    /// list (a list or a finite set of integers), the slot of `x`, the body (of type `want`,
    /// when given) and its type.
    pub(super) fn over_list(
        &mut self,
        list: &Expr,
        var: &Ident,
        body: &Expr,
        scope: &mut Scope,
        want: Option<Type>,
        what: &str,
    ) -> Option<(CExpr, usize, CExpr, Type)> {
        let (cl, lt) = self.compile(list, scope)?;
        if lt != Type::List && lt != Type::IntSet {
            self.push(type_error(
                &list.span,
                "a list or a finite set of integers",
                lt,
                what,
            ));
            return None;
        }
        let slot = self.slots.int();
        let mark = scope.mark();
        scope.push(&var.name, Binding::Int(slot));
        let saved = self.position;
        // The variable is only known while the list is run over.
        self.position = true;
        let cb = match want {
            Some(w) => {
                let body_what = if w == Type::Bool {
                    "a quantifier's condition"
                } else {
                    "a member of a list"
                };
                self.expect(body, scope, w, body_what).map(|c| (c, w))
            }
            None => self.compile(body, scope),
        };
        self.position = saved;
        scope.truncate(mark);
        let (cb, bt) = cb?;
        Some((cl, slot, cb, bt))
    }
}
