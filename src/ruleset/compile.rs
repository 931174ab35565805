//! Compiling expressions: resolving names in a [`Scope`], checking types, folding constants.
//!
//! Errors are collected, not returned one at a time: a failed subexpression yields `None`
//! and the caller goes on, so that one run reports every problem of a file.

mod calls;
mod fold;
mod names;
mod nodes;
mod ops;

use std::cell::Cell;
use std::rc::Rc;

use super::diag::{suggest, Code, Diag};
use super::expr::{Builtin, CExpr, CKind};
use super::value::{Type, Value};
use crate::numbers::Real;
use crate::syntax::ast::{BinOp, Expr, ExprKind, FnDef, Ident, QuantKind, Span, UnOp};

/// The most function calls expanded in one file (`fn` bodies are expanded where they are
/// called, so calls nested in calls multiply).
pub(crate) const MAX_EXPANSIONS: usize = 100_000;

/// The deepest a compiled expression may nest, function bodies expanded: the depth the parser
/// allows in the text ([`crate::syntax::parse::MAX_DEPTH`]), so that every pass over a
/// compiled tree meets no deeper tree than the text alone can make.
pub(crate) const MAX_EXPANDED_DEPTH: usize = crate::syntax::parse::MAX_DEPTH;

/// What a name stands for.
#[derive(Clone, Debug)]
pub(crate) enum Binding {
    /// A value known before play (parameter, `let`, `for` variable).
    Const(Value),
    /// An integer slot.
    Int(usize),
    /// A list slot.
    List(usize),
    /// A name whose definition failed: uses are silent (the failure was reported).
    Poisoned,
    /// A function (`fn g(n) = ...`).
    Fn(Rc<FnDef>),
    /// A function's parameter: the argument of the call, compiled where it is used, in the
    /// scope of the call.
    Arg(Rc<(Expr, Scope)>),
    /// Heaps chosen earlier in a move: the selection slot, and the slot holding their size(s).
    Sel {
        /// The selection slot.
        sel: usize,
        /// The integer slot (one heap) or list slot (several) with the sizes.
        value: Box<Binding>,
    },
}

/// Names shared by the scopes of function bodies (not copied per call).
type Shared = Rc<[(String, Binding)]>;

/// The names in scope, innermost last.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scope {
    /// Names seen after `outer`'s (searched first).
    names: Vec<(String, Binding)>,
    /// Names seen before `names`: the ruleset's own names, in a function's body.
    outer: Option<Shared>,
    /// The ruleset's own names (parameters, `let`s, `fn`s), which a function's body sees;
    /// `None` while they are still being defined (then every name is).
    globals: Option<Shared>,
    /// The functions being expanded, innermost first (a call of one of them is recursion).
    calling: Option<Rc<Calling>>,
    /// Function calls expanded so far in the file, shared by every copy of the scope.
    expansions: Rc<Cell<usize>>,
    /// How deep `compile` is nested (function bodies included), shared by every copy of the
    /// scope; and whether the depth limit was reported.
    pub(crate) depth: Rc<Cell<(usize, bool)>>,
    /// In a claim: the values the solver gives it (`grundy`, `winning`) and which it read.
    claim: Option<ClaimNames>,
}

/// The names a claim may read from the solver, and whether it read them.
#[derive(Clone, Debug)]
pub(crate) struct ClaimNames {
    /// The integer slot that holds the position's Grundy value.
    pub grundy: usize,
    /// The list slot that holds the positions the winning moves reach (encoded).
    pub winning: usize,
    /// Whether `grundy` was read, and whether `winning` was.
    pub used: Rc<Cell<(bool, bool)>>,
    /// The list slot that holds the position's genus `[g, γ0, γ1, ...]`, where it may be read
    /// (a claim; not a family's condition).
    pub genus: Option<usize>,
    /// Whether `genus` was read.
    pub genus_used: Rc<Cell<bool>>,
}

impl Scope {
    /// Adds a name (shadowing any earlier one).
    pub fn push(&mut self, name: &str, b: Binding) {
        self.names.push((name.to_string(), b));
    }

    /// The binding of a name.
    pub fn get(&self, name: &str) -> Option<&Binding> {
        let outer = self.outer.as_deref().unwrap_or_default();
        self.names
            .iter()
            .rev()
            .chain(outer.iter().rev())
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
    pub(crate) fn seal_globals(&mut self) {
        self.globals = Some(self.visible());
    }

    /// Every name in scope, outermost first, as one shared list.
    fn visible(&self) -> Shared {
        match &self.outer {
            Some(o) if self.names.is_empty() => o.clone(),
            o => o
                .iter()
                .flat_map(|o| o.iter())
                .chain(&self.names)
                .cloned()
                .collect(),
        }
    }

    /// Makes `grundy`, `winning` and `genus` readable (in a claim), or not.
    pub(crate) fn set_claim(&mut self, names: Option<ClaimNames>) {
        self.claim = names;
    }

    /// The scope a function's body is compiled in: the ruleset's own names, the claim's
    /// solver values, and `name` added to the functions being expanded.
    /// The names are shared, not copied, so that a chain of calls takes memory in proportion
    /// to its length.
    fn for_body(&self, name: &str) -> Scope {
        let globals = self.globals.clone().unwrap_or_else(|| self.visible());
        Scope {
            names: Vec::new(),
            outer: Some(globals.clone()),
            globals: Some(globals),
            calling: Some(Rc::new(Calling {
                name: name.to_string(),
                up: self.calling.clone(),
            })),
            expansions: self.expansions.clone(),
            depth: self.depth.clone(),
            claim: self.claim.clone(),
        }
    }

    /// The chain of calls that ends in a call of `name`, outermost first, if `name` is being
    /// expanded (the call is recursive).
    fn recursion<'a>(&'a self, name: &'a str) -> Option<Vec<&'a str>> {
        let mut chain = vec![name];
        let mut at = self.calling.as_deref();
        while let Some(c) = at {
            chain.push(&c.name);
            if c.name == name {
                chain.reverse();
                return Some(chain);
            }
            at = c.up.as_deref();
        }
        None
    }

    fn all_names(&self) -> impl Iterator<Item = &str> {
        let outer = self.outer.as_deref().unwrap_or_default();
        outer.iter().chain(&self.names).map(|(n, _)| n.as_str())
    }
}

/// A function being expanded, and the one whose body called it.
#[derive(Debug)]
struct Calling {
    name: String,
    up: Option<Rc<Calling>>,
}

/// Slot counters of one move or claim.
#[derive(Clone, Debug, Default)]
pub(crate) struct Slots {
    /// Integer slots used.
    pub ints: usize,
    /// List slots used.
    pub lists: usize,
    /// Selection slots used.
    pub sels: usize,
    /// Whether a constant subexpression that fails to evaluate is left to be evaluated where
    /// it is used, instead of being an error of the file: in a claim (a command that
    /// evaluates no claim must not fail on one) and in the branch of `and`/`or` that a
    /// constant left side makes unreachable.
    pub defer: bool,
    /// The truth values the compiler folded to constants where evaluation reaches them (the
    /// parameters decided them), with where each was written: a claim's conditions that no
    /// longer stand as nodes of their own (`n == 3` in `n == 3 and C`), for `check`'s branch
    /// coverage (`verify/branches.rs`).
    pub folded: Vec<(Span, bool)>,
    /// Whether the part compiled now is never evaluated (the right side of `false and B`,
    /// the branch of `if` a constant condition does not take): nothing is added to `folded`.
    pub unreached: bool,
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
pub(crate) struct Compiler<'a> {
    /// The problems found so far.
    pub diags: &'a mut Vec<Diag>,
    /// Whether the position (`heaps`) may be read here.
    pub position: bool,
    /// Slots for quantified variables.
    pub slots: &'a mut Slots,
}

const CONSTANTS: &[&str] = &["pi", "e", "phi"];

impl<'a> Compiler<'a> {
    /// A compiler of expressions known before play: the position cannot be read.
    pub fn new(diags: &'a mut Vec<Diag>, slots: &'a mut Slots) -> Self {
        Compiler {
            diags,
            position: false,
            slots,
        }
    }

    /// A compiler of expressions evaluated at a position (guards, amounts, claims).
    pub(crate) fn at_position(diags: &'a mut Vec<Diag>, slots: &'a mut Slots) -> Self {
        Compiler {
            diags,
            position: true,
            slots,
        }
    }
}

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
        let (mut c, ty) = r?;
        // A comprehension over constants (`{p for p in 2..B if p > 3}`), which folding node by
        // node leaves as it is: known now.
        if c.as_const().is_none() && fold::closed(&c, &mut Vec::new()) {
            c = self.evaluate(c, ty)?.0;
        }
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

    /// Compiles an expression, returning its compiled form and type. Function calls are
    /// expanded in place, so the compiled tree can be deeper than the text: past
    /// [`MAX_EXPANDED_DEPTH`] levels it is refused (once per file), before the compiler's own
    /// recursion, or any later pass over the tree, can exhaust the stack.
    pub fn compile(&mut self, e: &Expr, scope: &mut Scope) -> Option<(CExpr, Type)> {
        let (depth, told) = scope.depth.get();
        if depth >= MAX_EXPANDED_DEPTH {
            if !told {
                scope.depth.set((depth, true));
                self.push(
                    Diag::new(
                        Code::NotAllowed,
                        e.span.clone(),
                        format!(
                            "function calls expand to an expression more than \
                             {MAX_EXPANDED_DEPTH} levels deep"
                        ),
                        "too deep here",
                    )
                    .help(
                        "functions are expanded where they are called; nest fewer calls, or \
                         compute the value once with `let`",
                    ),
                );
            }
            return None;
        }
        scope.depth.set((depth + 1, told));
        // The depth is bounded, but a level's frames are large in unoptimised builds: the
        // stack grows on the heap rather than overflow (natively; the web has no `stacker`).
        #[cfg(not(target_family = "wasm"))]
        let r = stacker::maybe_grow(256 << 10, 4 << 20, || self.compile_node(e, scope));
        #[cfg(target_family = "wasm")]
        let r = self.compile_node(e, scope);
        let (_, told) = scope.depth.get();
        scope.depth.set((depth, told));
        r
    }

    /// [`Compiler::compile`] of one node, its children through `compile`.
    fn compile_node(&mut self, e: &Expr, scope: &mut Scope) -> Option<(CExpr, Type)> {
        let sp = e.span.clone();
        match &e.kind {
            ExprKind::Int(n) => Some((CExpr::constant(Value::Int(*n), sp), Type::Int)),
            ExprKind::Bool(b) => Some((CExpr::constant(Value::Bool(*b), sp), Type::Bool)),
            ExprKind::Decimal(text) => self.decimal(text, sp),
            ExprKind::Name(name) => self.name(name, &sp, scope),
            ExprKind::Heaps => self.heaps(sp),
            ExprKind::Unary(op, a) => self.unary(*op, a, sp, scope),
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
            ExprKind::Set(items) => self.set_literal(items, sp, scope),
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
            ExprKind::ListComp(..) | ExprKind::SetComp(..) => self.comprehension(e, scope),
            ExprKind::HeapTest(kind, set) => self.heap_test(*kind, set, sp, scope),
            ExprKind::If(c, a, b) => self.if_then_else(c, a, b, sp, scope),
        }
    }
}

/// The expression a binding stands for.
pub(crate) fn binding_expr(b: &Binding, sp: &Span) -> (CExpr, Type) {
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

/// A type mismatch, in words.
pub(crate) fn type_error(sp: &Span, want: &str, got: Type, ctx: &str) -> Diag {
    Diag::new(
        Code::Type,
        sp.clone(),
        format!("{ctx} needs {want}, but this is {}", got.describe()),
        format!("this is {}", got.describe()),
    )
    .help(format!("write {want} here"))
}
