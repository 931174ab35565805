//! Compiling operators, calls of built-in and `fn` functions, and comprehensions over lists:
//! the part of [`Compiler`] that checks operand types and argument counts. A child of
//! `compile.rs` (it reads the compiler's private state).

use super::*;

impl Compiler<'_> {
    /// A call of a function defined with `fn`: its body, compiled with each parameter standing
    /// for its argument.
    pub(super) fn user_call(
        &mut self,
        def: &FnDef,
        f: &Ident,
        args: &[Expr],
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let name = &f.name;
        if let Some(chain) = scope.recursion(name) {
            self.push(
                Diag::new(
                    Code::Recursion,
                    f.span.clone(),
                    format!(
                        "the function `{name}` calls itself ({})",
                        chain.join(" -> ")
                    ),
                    "a recursive call",
                )
                .also(def.name.span.clone(), format!("`{name}` is defined here"))
                .help(
                    "functions are expanded where they are called, so they cannot be recursive; \
                     write the value with a quantifier, a list `[e for x in L]` or a closed form",
                ),
            );
            return None;
        }
        if args.len() != def.params.len() {
            let n = def.params.len();
            self.push(
                Diag::new(
                    Code::Type,
                    sp,
                    format!(
                        "`{name}` takes {n} argument{}, not {}",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                    "wrong number of arguments",
                )
                .also(def.name.span.clone(), format!("`{name}` is defined here"))
                .help(format!(
                    "write `{name}({})`",
                    def.params
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
            return None;
        }
        let done = scope.expansions.get() + 1;
        scope.expansions.set(done);
        if done > MAX_EXPANSIONS {
            if done == MAX_EXPANSIONS + 1 {
                self.push(
                    Diag::new(
                        Code::NotAllowed,
                        f.span.clone(),
                        format!("more than {MAX_EXPANSIONS} function calls to expand"),
                        "one too many",
                    )
                    .help("functions are expanded where they are called; nest fewer calls"),
                );
            }
            return None;
        }
        let mut body_scope = scope.for_body(name);
        let mut ok = true;
        for (p, a) in def.params.iter().zip(args) {
            // A constant argument is computed once; any other is compiled where it is used.
            match self.compile(a, scope) {
                Some((c, _)) => match c.kind {
                    CKind::Const(v) => body_scope.push(&p.name, Binding::Const(v)),
                    _ => {
                        body_scope.push(&p.name, Binding::Arg(Rc::new((a.clone(), scope.clone()))));
                    }
                },
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let (mut c, t) = self.compile(&def.body, &mut body_scope)?;
        c.span = sp;
        Some((c, t))
    }

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
        let defer = self.slots.defer;
        self.slots.defer |= decided.is_some();
        let rb = self.compile(b, scope);
        self.slots.defer = defer;
        let ((ca, ta), (cb, tb)) = (ra?, rb?);
        if let (Some(d), Type::Bool) = (decided, tb) {
            return Some((CExpr::constant(Value::Bool(d), sp), Type::Bool));
        }
        let sym = op.symbol();
        let ty = match op {
            BinOp::And | BinOp::Or => {
                let mut ok = true;
                for (t, e) in [(ta, a), (tb, b)] {
                    if t != Type::Bool {
                        self.push(type_error(&e.span, "a truth value", t, &format!("`{sym}`")));
                        ok = false;
                    }
                }
                if !ok {
                    return None;
                }
                Type::Bool
            }
            BinOp::In | BinOp::NotIn => {
                let fits = (ta == Type::Int && tb == Type::IntSet)
                    || (ta == Type::List && tb == Type::TupleSet);
                if !fits {
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
                        self.push(type_error(
                            &a.span,
                            want,
                            ta,
                            &format!("`{sym}` {}", tb.describe()),
                        ));
                    }
                    return None;
                }
                Type::Bool
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                let numbers = ta.fits(Type::Real) && tb.fits(Type::Real);
                let same = ta == tb
                    && matches!(ta, Type::List | Type::Bool)
                    && matches!(op, BinOp::Eq | BinOp::Ne);
                // Sets: equal, different, subset (`<=`, `<`) or superset (`>=`, `>`).
                let sets = matches!(ta, Type::IntSet | Type::TupleSet)
                    && matches!(tb, Type::IntSet | Type::TupleSet);
                if sets {
                    return self.fold(CKind::Bin(op, Box::new(ca), Box::new(cb)), sp, Type::Bool);
                }
                if !numbers && !same {
                    let bad = if ta.fits(Type::Real) {
                        (b, tb)
                    } else {
                        (a, ta)
                    };
                    self.push(type_error(
                        &bad.0.span,
                        "a number",
                        bad.1,
                        &format!("`{sym}`"),
                    ));
                    return None;
                }
                Type::Bool
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
                let mut ok = true;
                for (t, e) in [(ta, a), (tb, b)] {
                    if !t.fits(Type::Real) {
                        self.push(type_error(&e.span, "a number", t, &format!("`{sym}`")));
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
                if ta == Type::Int && tb == Type::Int {
                    Type::Int
                } else {
                    Type::Real
                }
            }
        };
        self.fold(CKind::Bin(op, Box::new(ca), Box::new(cb)), sp, ty)
    }

    pub(super) fn call(
        &mut self,
        f: &crate::syntax::ast::Ident,
        args: &[Expr],
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        if let Some(Binding::Fn(def)) = scope.get(&f.name) {
            let def = def.clone();
            return self.user_call(&def, f, args, sp, scope);
        }
        let Some(b) = Builtin::lookup(&f.name) else {
            let mut d = Diag::new(
                Code::UnknownName,
                f.span.clone(),
                format!("unknown function `{}`", f.name),
                "not a function",
            );
            let fns: Vec<&str> = scope
                .names
                .iter()
                .filter(|(_, b)| matches!(b, Binding::Fn(_)))
                .map(|(n, _)| n.as_str())
                .collect();
            d = match suggest(
                &f.name,
                Builtin::ALL
                    .iter()
                    .map(|(n, _)| *n)
                    .chain(fns.iter().copied()),
            ) {
                Some(s) => d.help(format!("did you mean `{s}`?")),
                None => d.help(format!(
                    "the functions are {}",
                    Builtin::ALL
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            };
            self.push(d);
            return None;
        };
        let mut cs = Vec::new();
        let mut ts = Vec::new();
        for a in args {
            let (c, t) = self.compile(a, scope)?;
            cs.push(c);
            ts.push(t);
        }
        let name = b.name();
        let arity = |n: usize, this: &mut Self| -> bool {
            if args.len() != n {
                this.push(
                    Diag::new(
                        Code::Type,
                        sp.clone(),
                        format!(
                            "`{name}` takes {n} argument{}, not {}",
                            if n == 1 { "" } else { "s" },
                            args.len()
                        ),
                        "wrong number of arguments",
                    )
                    .help(format!("write `{name}(x)`")),
                );
                false
            } else {
                true
            }
        };
        let ty = match b {
            Builtin::Floor | Builtin::Ceil | Builtin::Sqrt | Builtin::Abs | Builtin::Beatty => {
                if !arity(1, self) {
                    return None;
                }
                if !ts[0].fits(Type::Real) {
                    self.push(type_error(
                        &args[0].span,
                        "a number",
                        ts[0],
                        &format!("`{name}`"),
                    ));
                    return None;
                }
                match b {
                    Builtin::Floor | Builtin::Ceil => Type::Int,
                    Builtin::Sqrt => Type::Real,
                    Builtin::Abs => ts[0],
                    _ => Type::IntSet,
                }
            }
            Builtin::V2 | Builtin::Isqrt => {
                if !arity(1, self) {
                    return None;
                }
                if ts[0] != Type::Int {
                    self.push(type_error(
                        &args[0].span,
                        "an integer",
                        ts[0],
                        &format!("`{name}`"),
                    ));
                    return None;
                }
                Type::Int
            }
            Builtin::Len | Builtin::Sorted => {
                if !arity(1, self) {
                    return None;
                }
                if ts[0] != Type::List {
                    self.push(type_error(
                        &args[0].span,
                        "a list",
                        ts[0],
                        &format!("`{name}`"),
                    ));
                    return None;
                }
                if b == Builtin::Len {
                    Type::Int
                } else {
                    Type::List
                }
            }
            Builtin::Binomial | Builtin::Partitions => {
                if !arity(2, self) {
                    return None;
                }
                for i in 0..2 {
                    if ts[i] != Type::Int {
                        let what = format!("`{name}`");
                        self.push(type_error(&args[i].span, "an integer", ts[i], &what));
                        return None;
                    }
                }
                Type::Int
            }
            Builtin::Remove => {
                if args.len() != 2 {
                    self.push(
                        Diag::new(
                            Code::Type,
                            sp.clone(),
                            format!("`remove` takes 2 arguments, not {}", args.len()),
                            "wrong number of arguments",
                        )
                        .help("write `remove(heaps, x)`"),
                    );
                    return None;
                }
                for (i, want) in [(0, Type::List), (1, Type::Int)] {
                    if ts[i] != want {
                        self.push(type_error(
                            &args[i].span,
                            want.describe(),
                            ts[i],
                            "`remove`",
                        ));
                        return None;
                    }
                }
                Type::List
            }
            Builtin::Winning => unreachable!("`winning` is a name, not a function (call)"),
            Builtin::Min
            | Builtin::Max
            | Builtin::Sum
            | Builtin::Xor
            | Builtin::BitOr
            | Builtin::BitAnd => {
                let reals_ok = matches!(b, Builtin::Min | Builtin::Max);
                if ts.len() == 1 && ts[0] == Type::List {
                    Type::Int
                } else if ts.is_empty() {
                    self.push(
                        Diag::new(
                            Code::Type,
                            sp.clone(),
                            format!("`{name}` needs arguments"),
                            "no arguments",
                        )
                        .help(format!("write `{name}(heaps)` or `{name}(a, b)`")),
                    );
                    return None;
                } else {
                    let mut real = false;
                    for (t, a) in ts.iter().zip(args) {
                        let fits = if reals_ok {
                            t.fits(Type::Real)
                        } else {
                            *t == Type::Int
                        };
                        if !fits {
                            let want = if reals_ok { "a number" } else { "an integer" };
                            self.push(type_error(&a.span, want, *t, &format!("`{name}`")));
                            return None;
                        }
                        real |= *t == Type::Real;
                    }
                    if real {
                        Type::Real
                    } else {
                        Type::Int
                    }
                }
            }
        };
        self.fold(CKind::Call(b, cs), sp, ty)
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
