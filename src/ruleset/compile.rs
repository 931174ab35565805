//! Compiling expressions: resolving names in a [`Scope`], checking types, folding constants.
//!
//! Errors are collected, not returned one at a time: a failed subexpression yields `None`
//! and the caller goes on, so that one run reports every problem of a file.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use super::diag::{suggest, Code, Diag};
use super::expr::{Builtin, CExpr, CKind};
use super::value::{Type, Value};
use crate::numbers::Real;
use crate::syntax::ast::{BinOp, Expr, ExprKind, FnDef, Ident, QuantKind, Span, UnOp};

/// The most function calls expanded in one file (`fn` bodies are expanded where they are
/// called, so calls nested in calls multiply).
pub const MAX_EXPANSIONS: usize = 100_000;

/// What a name stands for.
#[derive(Clone, Debug)]
pub enum Binding {
    /// A value known before play (parameter, `let`, `for` variable).
    Const(Value),
    /// An integer slot.
    Int(usize),
    /// A list slot.
    List(usize),
    /// A name whose definition failed: uses are silent (the failure was reported).
    Poisoned,
    /// A function (`fn g(n) = ...`).
    Fn(Arc<FnDef>),
    /// A function's parameter: the argument of the call, compiled where it is used, in the
    /// scope of the call.
    Arg(Arc<(Expr, Scope)>),
    /// Heaps chosen earlier in a move: the selection slot, and the slot holding their size(s).
    Sel {
        /// The selection slot.
        sel: usize,
        /// The integer slot (one heap) or list slot (several) with the sizes.
        value: Box<Binding>,
    },
}

/// The names in scope, innermost last.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    names: Vec<(String, Binding)>,
    /// `names[..n]` are the ruleset's own names (parameters, `let`s, `fn`s), which a function's
    /// body sees; `None` while they are still being defined (then every name is).
    globals: Option<usize>,
    /// The functions being expanded, outermost first (a call of one of them is recursion).
    calling: Vec<String>,
    /// Function calls expanded so far in the file, shared by every copy of the scope.
    expansions: Rc<Cell<usize>>,
    /// In a claim: the values the solver gives it (`grundy`, `winning`) and which it read.
    claim: Option<ClaimNames>,
}

/// The names a claim may read from the solver, and whether it read them.
#[derive(Clone, Debug)]
pub struct ClaimNames {
    /// The integer slot that holds the position's Grundy value.
    pub grundy: usize,
    /// The list slot that holds the positions the winning moves reach (encoded).
    pub winning: usize,
    /// Whether `grundy` was read, and whether `winning` was.
    pub used: Rc<Cell<(bool, bool)>>,
}

impl Scope {
    /// Adds a name (shadowing any earlier one).
    pub fn push(&mut self, name: &str, b: Binding) {
        self.names.push((name.to_string(), b));
    }

    /// The binding of a name.
    pub fn get(&self, name: &str) -> Option<&Binding> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b)
    }

    /// How many names (to truncate back to).
    pub fn mark(&self) -> usize {
        self.names.len()
    }

    /// Forgets names added since `mark`.
    pub fn truncate(&mut self, mark: usize) {
        self.names.truncate(mark);
    }

    /// Marks the names defined so far as the ruleset's own (what function bodies see).
    pub fn seal_globals(&mut self) {
        self.globals = Some(self.names.len());
    }

    /// Makes `grundy` and `winning` readable (in a claim), or not.
    pub fn set_claim(&mut self, names: Option<ClaimNames>) {
        self.claim = names;
    }

    /// The scope a function's body is compiled in: the ruleset's own names, the claim's
    /// solver values, and `name` added to the functions being expanded.
    fn for_body(&self, name: &str) -> Scope {
        let n = self
            .globals
            .unwrap_or(self.names.len())
            .min(self.names.len());
        let mut calling = self.calling.clone();
        calling.push(name.to_string());
        Scope {
            names: self.names[..n].to_vec(),
            globals: Some(n),
            calling,
            expansions: self.expansions.clone(),
            claim: self.claim.clone(),
        }
    }

    fn all_names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|(n, _)| n.as_str())
    }
}

/// Slot counters of one move or claim.
#[derive(Clone, Debug, Default)]
pub struct Slots {
    /// Integer slots used.
    pub ints: usize,
    /// List slots used.
    pub lists: usize,
    /// Selection slots used.
    pub sels: usize,
}

impl Slots {
    /// A new integer slot.
    pub fn int(&mut self) -> usize {
        self.ints += 1;
        self.ints - 1
    }

    /// A new list slot.
    pub fn list(&mut self) -> usize {
        self.lists += 1;
        self.lists - 1
    }

    /// A new selection slot.
    pub fn sel(&mut self) -> usize {
        self.sels += 1;
        self.sels - 1
    }
}

/// The compiler of expressions, collecting problems.
pub struct Compiler<'a> {
    /// The problems found so far.
    pub diags: &'a mut Vec<Diag>,
    /// Whether the position (`heaps`) may be read here.
    pub position: bool,
    /// Slots for quantified variables.
    pub slots: &'a mut Slots,
}

const CONSTANTS: &[&str] = &["pi", "e", "phi"];

impl Compiler<'_> {
    fn push(&mut self, d: Diag) {
        self.diags.push(d);
    }

    /// Compiles an expression that must have type `want` (an integer fits a real).
    pub fn expect(&mut self, e: &Expr, scope: &mut Scope, want: Type, what: &str) -> Option<CExpr> {
        let (c, t) = self.compile(e, scope)?;
        if t.fits(want) {
            Some(c)
        } else {
            self.push(type_error(&e.span, want.describe(), t, what));
            None
        }
    }

    /// Compiles an expression and evaluates it now: it may not depend on the position.
    pub fn constant(&mut self, e: &Expr, scope: &mut Scope) -> Option<Value> {
        let saved = self.position;
        self.position = false;
        let r = self.compile(e, scope);
        self.position = saved;
        let (c, _) = r?;
        match c.kind {
            CKind::Const(v) => Some(v),
            _ => {
                self.push(
                    Diag::new(
                        Code::NotAllowed,
                        e.span.clone(),
                        "this value must be known before play",
                        "depends on the amounts or heaps of a move",
                    )
                    .help("use parameters, `let` names and constants here"),
                );
                None
            }
        }
    }

    /// Compiles an expression, returning its compiled form and type.
    pub fn compile(&mut self, e: &Expr, scope: &mut Scope) -> Option<(CExpr, Type)> {
        let sp = e.span.clone();
        match &e.kind {
            ExprKind::Int(n) => Some((CExpr::constant(Value::Int(*n), sp), Type::Int)),
            ExprKind::Bool(b) => Some((CExpr::constant(Value::Bool(*b), sp), Type::Bool)),
            ExprKind::Decimal(text) => match super::octal::decimal_value(text) {
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
            },
            ExprKind::Name(name) => self.name(name, &sp, scope),
            ExprKind::Heaps => {
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
            ExprKind::Unary(op, a) => {
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
            ExprKind::Abs(a) => {
                let (ca, ta) = self.compile(a, scope)?;
                if !ta.fits(Type::Real) {
                    self.push(type_error(&a.span, "a number", ta, "`|...|`"));
                    return None;
                }
                self.fold(CKind::Abs(Box::new(ca)), sp, ta)
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, sp, scope),
            ExprKind::Range(lo, hi) => {
                let clo = self.expect(lo, scope, Type::Int, "a range")?;
                let chi = match hi {
                    Some(h) => Some(Box::new(self.expect(h, scope, Type::Int, "a range")?)),
                    None => None,
                };
                self.fold(CKind::Range(Box::new(clo), chi), sp, Type::IntSet)
            }
            ExprKind::Set(items) => {
                let mut cs = Vec::new();
                let mut ty = None;
                let mut ok = true;
                for it in items {
                    match self.compile(it, scope) {
                        Some((c, t)) => {
                            if t != Type::Int && t != Type::List {
                                self.push(type_error(
                                    &it.span,
                                    "an integer or a tuple",
                                    t,
                                    "a set",
                                ));
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
            ExprKind::Tuple(items) => {
                let mut cs = Vec::new();
                for it in items {
                    cs.push(self.expect(it, scope, Type::Int, "a tuple")?);
                }
                self.fold(CKind::Tuple(cs), sp, Type::List)
            }
            ExprKind::Call(f, args) => self.call(f, args, sp, scope),
            ExprKind::Quant(kind, var, list, cond) => {
                let (cl, slot, cc, _) =
                    self.over_list(list, var, cond, scope, Some(Type::Bool), "a quantifier")?;
                let ty = if *kind == QuantKind::Count {
                    Type::Int
                } else {
                    Type::Bool
                };
                let node = CKind::Quant(*kind, slot, Box::new(cl), Box::new(cc));
                // A quantifier over a constant list with a condition free of the position can
                // still be folded: evaluate with an empty position.
                self.fold(node, sp, ty)
            }
            ExprKind::Index(list, idx) => {
                let cl = self.expect(list, scope, Type::List, "indexing `l[i]`");
                let ci = self.expect(idx, scope, Type::Int, "an index");
                let (cl, ci) = (cl?, ci?);
                self.fold(CKind::Index(Box::new(cl), Box::new(ci)), sp, Type::Int)
            }
            ExprKind::ListComp(body, var, list, cond)
            | ExprKind::SetComp(body, var, list, cond) => {
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
            ExprKind::HeapTest(kind, set) => {
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
                        kind: CKind::HeapTest(*kind, Box::new(cs)),
                        span: sp,
                    },
                    Type::Bool,
                ))
            }
        }
    }

    fn name(&mut self, name: &str, sp: &Span, scope: &Scope) -> Option<(CExpr, Type)> {
        let b = match scope.get(name) {
            Some(Binding::Poisoned) => return None,
            Some(Binding::Fn(def)) => {
                let n = def.params.len();
                self.push(
                    Diag::new(
                        Code::Type,
                        sp.clone(),
                        format!("`{name}` is a function, not a value"),
                        "a function",
                    )
                    .help(format!(
                        "call it with its {n} argument{}: `{name}(...)`",
                        if n == 1 { "" } else { "s" }
                    )),
                );
                return None;
            }
            Some(Binding::Arg(arg)) => {
                let (e, arg_scope) = &**arg;
                return self.compile(e, &mut arg_scope.clone());
            }
            Some(b) => b.clone(),
            None if matches!(name, "grundy" | "winning") => {
                return self.solver_name(name, sp, scope)
            }
            None => {
                let v = match name {
                    "pi" => Value::Real(Real::pi()),
                    "e" => Value::Real(Real::e()),
                    "phi" => Value::Real(Real::phi()),
                    _ => {
                        let candidates: Vec<&str> =
                            scope.all_names().chain(CONSTANTS.iter().copied()).collect();
                        let mut d = Diag::new(
                            Code::UnknownName,
                            sp.clone(),
                            format!("unknown name `{name}`"),
                            "not defined",
                        );
                        d = match suggest(name, candidates.iter().copied()) {
                            Some(s) => d.help(format!("did you mean `{s}`?")),
                            None => d.help(
                                "names are parameters, `let` definitions, constants (pi, e, phi) \
                                 and names given in a move",
                            ),
                        };
                        self.push(d);
                        return None;
                    }
                };
                let t = v.ty();
                return Some((CExpr::constant(v, sp.clone()), t));
            }
        };
        Some(binding_expr(&b, sp))
    }

    /// `grundy` (the position's Grundy value) or `winning` (the positions its winning moves
    /// reach), which only a claim can read.
    fn solver_name(&mut self, name: &str, sp: &Span, scope: &Scope) -> Option<(CExpr, Type)> {
        let Some(names) = &scope.claim else {
            self.push(
                Diag::new(
                    Code::NotAllowed,
                    sp.clone(),
                    format!("`{name}` is known only in a claim"),
                    "read from the solver",
                )
                .help(format!(
                    "`{name}` is what the solver finds at the position a claim is checked on; \
                     use it in a `claim` (or a `fn` called from one)"
                )),
            );
            return None;
        };
        let (g, w) = names.used.get();
        if name == "grundy" {
            names.used.set((true, w));
            Some((
                CExpr {
                    kind: CKind::IntSlot(names.grundy),
                    span: sp.clone(),
                },
                Type::Int,
            ))
        } else {
            names.used.set((g, true));
            let slot = CExpr {
                kind: CKind::ListSlot(names.winning),
                span: sp.clone(),
            };
            Some((
                CExpr {
                    kind: CKind::Call(Builtin::Winning, vec![slot]),
                    span: sp.clone(),
                },
                Type::TupleSet,
            ))
        }
    }

    /// A call of a function defined with `fn`: its body, compiled with each parameter standing
    /// for its argument.
    fn user_call(
        &mut self,
        def: &FnDef,
        f: &Ident,
        args: &[Expr],
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let name = &f.name;
        if let Some(at) = scope.calling.iter().position(|c| c == name) {
            let mut chain: Vec<&str> = scope.calling[at..].iter().map(String::as_str).collect();
            chain.push(name);
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
                .also(def.span.clone(), format!("`{name}` is defined here"))
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
                        body_scope.push(&p.name, Binding::Arg(Arc::new((a.clone(), scope.clone()))))
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

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        sp: Span,
        scope: &mut Scope,
    ) -> Option<(CExpr, Type)> {
        let ra = self.compile(a, scope);
        let rb = self.compile(b, scope);
        let ((ca, ta), (cb, tb)) = (ra?, rb?);
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
                    if tb != Type::IntSet && tb != Type::TupleSet {
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

    fn call(
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
                "not a built-in function",
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
    fn over_list(
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

    /// Builds a node; when every child is a constant, evaluates it now.
    fn fold(&mut self, kind: CKind, sp: Span, ty: Type) -> Option<(CExpr, Type)> {
        let node = CExpr {
            kind,
            span: sp.clone(),
        };
        if !all_const(&node) {
            return Some((node, ty));
        }
        let mut ints = vec![0i64; self.slots.ints];
        let mut env = super::expr::Env {
            heaps: &[],
            ints: &mut ints,
            lists: &[],
        };
        match node.eval(&mut env) {
            Ok(v) => Some((CExpr::constant(v, sp), ty)),
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

/// The expression a binding stands for.
pub fn binding_expr(b: &Binding, sp: &Span) -> (CExpr, Type) {
    match b {
        Binding::Const(v) => (CExpr::constant(v.clone(), sp.clone()), v.ty()),
        Binding::Int(i) => (
            CExpr {
                kind: CKind::IntSlot(*i),
                span: sp.clone(),
            },
            Type::Int,
        ),
        Binding::List(i) => (
            CExpr {
                kind: CKind::ListSlot(*i),
                span: sp.clone(),
            },
            Type::List,
        ),
        Binding::Sel { value, .. } => binding_expr(value, sp),
        Binding::Poisoned | Binding::Fn(_) | Binding::Arg(_) => {
            unreachable!("handled by `Compiler::name` (binding_expr)")
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
    }
}

/// A type mismatch, in words.
pub fn type_error(sp: &Span, want: &str, got: Type, ctx: &str) -> Diag {
    Diag::new(
        Code::Type,
        sp.clone(),
        format!("{ctx} needs {want}, but this is {}", got.describe()),
        format!("this is {}", got.describe()),
    )
    .help(format!("write {want} here"))
}
