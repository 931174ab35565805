//! Compiling calls: of a function defined with `fn` (its body expanded where it is called)
//! and of a built-in (argument counts and types checked, one function per group of
//! built-ins). A child of `compile.rs` (it reads the compiler's private state).

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
        if let Some(chain) = scope.recursion(&f.name) {
            let d = recursion_error(def, f, &chain);
            self.push(d);
            return None;
        }
        if args.len() != def.params.len() {
            self.push(user_arity_error(def, &f.name, args.len(), sp));
            return None;
        }
        if !self.count_expansion(f, scope) {
            return None;
        }
        let mut body_scope = scope.for_body(&f.name);
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

    /// Counts one more expansion of a function call; `false` (reported once) past
    /// [`MAX_EXPANSIONS`].
    fn count_expansion(&mut self, f: &Ident, scope: &Scope) -> bool {
        let done = scope.expansions.get() + 1;
        scope.expansions.set(done);
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
        done <= MAX_EXPANSIONS
    }

    /// A call of a function: one defined with `fn`, or a built-in.
    pub(super) fn call(
        &mut self,
        f: &Ident,
        args: &[Expr],
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        if let Some(Binding::Fn(def)) = scope.get(&f.name) {
            let def = def.clone();
            return self.user_call(&def, f, args, sp, scope);
        }
        let Some(b) = Builtin::lookup(&f.name) else {
            self.push(unknown_function(f, scope));
            return None;
        };
        let mut cs = Vec::new();
        let mut ts = Vec::new();
        for a in args {
            let (c, t) = self.compile(a, scope)?;
            cs.push(c);
            ts.push(t);
        }
        let ty = match b {
            Builtin::Floor | Builtin::Ceil | Builtin::Sqrt | Builtin::Abs | Builtin::Beatty => {
                self.of_a_number(b, args, &ts, &sp)?
            }
            Builtin::V2 | Builtin::Isqrt | Builtin::Len | Builtin::Sorted => {
                self.of_one(b, args, &ts, &sp)?
            }
            Builtin::Binomial | Builtin::Partitions => self.of_two_ints(b, args, &ts, &sp)?,
            Builtin::Remove => self.remove_type(args, &ts, &sp)?,
            Builtin::Winning => unreachable!("`winning` is a name, not a function (call)"),
            Builtin::Min
            | Builtin::Max
            | Builtin::Sum
            | Builtin::Xor
            | Builtin::BitOr
            | Builtin::BitAnd => self.of_many(b, args, &ts, &sp)?,
        };
        self.fold(CKind::Call(b, cs), sp, ty)
    }

    /// Whether `b` was given `n` arguments; reported when not.
    fn arity(&mut self, b: Builtin, n: usize, args: &[Expr], sp: &Span) -> bool {
        if args.len() == n {
            return true;
        }
        let name = b.name();
        self.push(
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
    }

    /// `floor`, `ceil`, `sqrt`, `abs`, `beatty`: one number.
    fn of_a_number(&mut self, b: Builtin, args: &[Expr], ts: &[Type], sp: &Span) -> Option<Type> {
        if !self.arity(b, 1, args, sp) {
            return None;
        }
        if !ts[0].fits(Type::Real) {
            let what = format!("`{}`", b.name());
            self.push(type_error(&args[0].span, "a number", ts[0], &what));
            return None;
        }
        Some(match b {
            Builtin::Floor | Builtin::Ceil => Type::Int,
            Builtin::Sqrt => Type::Real,
            Builtin::Abs => ts[0],
            _ => Type::IntSet,
        })
    }

    /// `v2`, `isqrt` (of an integer), `len`, `sorted` (of a list).
    fn of_one(&mut self, b: Builtin, args: &[Expr], ts: &[Type], sp: &Span) -> Option<Type> {
        if !self.arity(b, 1, args, sp) {
            return None;
        }
        let (want, words, gives) = match b {
            Builtin::V2 | Builtin::Isqrt => (Type::Int, "an integer", Type::Int),
            Builtin::Len => (Type::List, "a list", Type::Int),
            _ => (Type::List, "a list", Type::List),
        };
        if ts[0] != want {
            let what = format!("`{}`", b.name());
            self.push(type_error(&args[0].span, words, ts[0], &what));
            return None;
        }
        Some(gives)
    }

    /// `binomial`, `partitions`: two integers.
    fn of_two_ints(&mut self, b: Builtin, args: &[Expr], ts: &[Type], sp: &Span) -> Option<Type> {
        if !self.arity(b, 2, args, sp) {
            return None;
        }
        for i in 0..2 {
            if ts[i] != Type::Int {
                let what = format!("`{}`", b.name());
                self.push(type_error(&args[i].span, "an integer", ts[i], &what));
                return None;
            }
        }
        Some(Type::Int)
    }

    /// `remove(list, x)`.
    fn remove_type(&mut self, args: &[Expr], ts: &[Type], sp: &Span) -> Option<Type> {
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
        Some(Type::List)
    }

    /// `min`, `max` (of numbers), `sum`, `xor`, `bitor`, `bitand` (of integers): one list or
    /// several arguments.
    fn of_many(&mut self, b: Builtin, args: &[Expr], ts: &[Type], sp: &Span) -> Option<Type> {
        let name = b.name();
        let reals_ok = matches!(b, Builtin::Min | Builtin::Max);
        if ts.len() == 1 && ts[0] == Type::List {
            return Some(Type::Int);
        }
        if ts.is_empty() {
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
        }
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
        Some(if real { Type::Real } else { Type::Int })
    }
}

/// A function that calls itself, directly or through others (`chain`).
fn recursion_error(def: &FnDef, f: &Ident, chain: &[&str]) -> Diag {
    let name = &f.name;
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
    )
}

/// A function defined with `fn` called with `given` arguments, not its number.
fn user_arity_error(def: &FnDef, name: &str, given: usize, sp: Span) -> Diag {
    let n = def.params.len();
    Diag::new(
        Code::Type,
        sp,
        format!(
            "`{name}` takes {n} argument{}, not {given}",
            if n == 1 { "" } else { "s" },
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
    ))
}

/// A call of a name that is no function, with the nearest function's name when one is near.
fn unknown_function(f: &Ident, scope: &Scope) -> Diag {
    let d = Diag::new(
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
    let builtins = Builtin::ALL.iter().map(|(n, _)| *n);
    match suggest(&f.name, builtins.clone().chain(fns.iter().copied())) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None => d.help(format!(
            "the functions are {}",
            builtins.collect::<Vec<_>>().join(", ")
        )),
    }
}
