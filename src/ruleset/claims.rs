//! Claims, compiled: `claim P: C`, `claim grundy: E`, `claim grundy OP E`, `claim same: L`,
//! `claim winning: S`, `claim: C`, each with an optional `when C`; and the `fn` definitions
//! that claims (and lets, guards) call. A claim may read what the solver finds at the position
//! it is checked on: `grundy` (an integer slot) and `winning` (a list slot, decoded as a set
//! of positions); [`ClaimFrame`] says which slots the evaluator fills.

use std::cell::Cell;
use std::rc::Rc;

use super::compile::{Binding, ClaimNames, Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::expr::{Builtin, CExpr};
use super::lower_ctx::{bind_heap_names, duplicate};
use super::program::ShapeSpec;
use super::value::{Type, Value};
use crate::syntax::ast::*;

/// A claim, compiled.
#[derive(Clone, Debug)]
pub struct CheckedClaim {
    /// What is claimed.
    pub kind: ClaimKind,
    /// `claim grundy OP E`: the comparison (`None`: `claim grundy: E`, equality).
    pub cmp: Option<BinOp>,
    /// The closed form.
    pub body: CheckedClaimBody,
    /// `when C`: the claim speaks only of the positions where this holds.
    pub when: Option<CExpr>,
    /// The slots its expressions read.
    pub frame: ClaimFrame,
    /// `allow empty`: the claim may decide no position in every run of `check`.
    pub allow_empty: bool,
    /// `fails at E`: the positions (as written) where the claim is known to fail.
    pub fails_at: Vec<Vec<i64>>,
    /// Its cases, when it is a case split (a truth value with `or`s): where each is written
    /// ([`super::cases`]).
    pub cases: Vec<Span>,
    /// The truth values its parts folded to constants with the run's parameters, where
    /// evaluation reaches them ([`super::compile::Slots::folded`]).
    pub folded: Vec<(Span, bool)>,
    /// Where it stands.
    pub span: Span,
}

/// The slots a claim's expressions read, filled before they are evaluated.
#[derive(Clone, Debug, Default)]
pub struct ClaimFrame {
    /// Integer slots used.
    pub int_slots: usize,
    /// Slots filled from named heaps: (slot, index in the position).
    pub heap_names: Vec<(usize, usize)>,
    /// The slot of `grundy`, when the claim reads it.
    pub grundy: Option<usize>,
    /// The list slot of `winning`, when the claim reads it.
    pub winning: Option<usize>,
    /// The list slot of `genus` ([`GENUS_SLOT`]), when the claim reads it.
    pub genus: Option<usize>,
}

/// The list slot a claim's `genus` is read from (`winning` is slot 0).
pub(crate) const GENUS_SLOT: usize = 1;

/// The closed form of a compiled claim.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum CheckedClaimBody {
    /// An expression of the position.
    Expr {
        /// The expression: a truth value (P, `claim: C`), an integer (Grundy), a set of
        /// integers (`grundy in S`), a list (same), a set of positions (winning).
        expr: CExpr,
        /// `where (a, b) = e`: the list and the integer slots of its parts.
        destructure: Option<(CExpr, Vec<usize>)>,
    },
    /// A built-in formula with its argument values (resolved by the `check` command).
    Formula {
        /// Its name.
        name: String,
        /// Its arguments.
        args: Vec<Value>,
    },
}

/// Puts every `fn` of the ruleset in scope (so that functions may call each other in any
/// order); a name defined twice, or a built-in's name, is an error.
pub(crate) fn define_fns(
    rs: &Ruleset,
    params: &[(String, Value)],
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) {
    let mut seen: Vec<&Ident> = Vec::new();
    for item in &rs.items {
        let Item::Fn(f) = item else { continue };
        if let Some(first) = seen.iter().find(|s| s.name == f.name.name) {
            diags.push(duplicate(&f.name, Some(first), "function"));
            continue;
        }
        if params.iter().any(|(n, _)| *n == f.name.name) {
            let first = rs.params.iter().find(|p| p.name.name == f.name.name);
            diags.push(duplicate(&f.name, first.map(|p| &p.name), "name"));
            continue;
        }
        if Builtin::lookup(&f.name.name).is_some() {
            diags.push(
                Diag::new(
                    Code::Duplicate,
                    f.name.span.clone(),
                    format!("`{}` is a built-in function", f.name.name),
                    "a built-in's name",
                )
                .help("give the function another name"),
            );
            continue;
        }
        let mut ps: Vec<&Ident> = Vec::new();
        let mut ok = true;
        for p in &f.params {
            if let Some(first) = ps.iter().find(|q| q.name == p.name) {
                diags.push(duplicate(p, Some(first), "parameter"));
                ok = false;
            }
            ps.push(p);
        }
        seen.push(&f.name);
        if ok {
            scope.push(&f.name.name, Binding::Fn(Rc::new(f.clone())));
        } else {
            scope.push(&f.name.name, Binding::Poisoned);
        }
    }
}

/// Compiles one claim; `None` after reporting its problems.
pub(crate) fn lower_claim(
    cl: &Claim,
    shape: Option<&ShapeSpec>,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<CheckedClaim> {
    let mut slots = Slots {
        defer: true,
        ..Slots::default()
    };
    let mark = scope.mark();
    let fills = shape
        .map(|s| bind_heap_names(s, scope, &mut slots))
        .unwrap_or_default();
    let used = Rc::new(Cell::new((false, false)));
    let genus_used = Rc::new(Cell::new(false));
    let names = ClaimNames {
        grundy: slots.int(),
        winning: 0,
        used: used.clone(),
        genus: Some(GENUS_SLOT),
        genus_used: genus_used.clone(),
    };
    scope.set_claim(Some(names.clone()));
    let r = compile_claim(&mut Compiler::at_position(diags, &mut slots), cl, scope);
    scope.set_claim(None);
    scope.truncate(mark);
    let (body, when, fails_at) = r?;
    let (g, w) = used.get();
    Some(CheckedClaim {
        kind: cl.kind,
        cmp: cl.cmp,
        body,
        when,
        frame: ClaimFrame {
            int_slots: slots.ints,
            heap_names: fills,
            grundy: (g || cl.kind == ClaimKind::Grundy).then_some(names.grundy),
            winning: (w || cl.kind == ClaimKind::Winning).then_some(names.winning),
            genus: genus_used.get().then_some(GENUS_SLOT),
        },
        allow_empty: cl.allow_empty,
        fails_at,
        cases: match (&cl.body, cl.kind) {
            (ClaimBody::Expr { expr, .. }, ClaimKind::P | ClaimKind::D | ClaimKind::Holds) => {
                super::cases::cases_of(expr)
            }
            _ => Vec::new(),
        },
        folded: std::mem::take(&mut slots.folded),
        span: cl.span.clone(),
    })
}

/// A claim's body, its `when` and its `fails at` compiled (the claim's names in `scope`).
fn compile_claim(
    c: &mut Compiler<'_>,
    cl: &Claim,
    scope: &mut Scope,
) -> Option<(CheckedClaimBody, Option<CExpr>, Vec<Vec<i64>>)> {
    let (body, when) = match &cl.body {
        ClaimBody::Formula { name, args } => {
            let mut vals = Vec::new();
            // A formula's arguments are known at load, like a parameter.
            c.slots.defer = false;
            for a in args {
                vals.push(c.constant(a, scope)?);
            }
            c.slots.defer = true;
            let when = match &cl.when {
                Some(w) => Some(c.expect(w, scope, Type::Bool, "`when`")?),
                None => None,
            };
            let body = CheckedClaimBody::Formula {
                name: name.name.clone(),
                args: vals,
            };
            (body, when)
        }
        ClaimBody::Expr { expr, destructure } => {
            let d = match destructure {
                Some(d) => Some(destructure_slots(c, d, scope)?),
                None => None,
            };
            let when = cl
                .when
                .as_ref()
                .and_then(|w| c.expect(w, scope, Type::Bool, "`when`"));
            let e = body_expr(c, cl, expr, scope)?;
            let body = CheckedClaimBody::Expr {
                expr: e,
                destructure: d,
            };
            (body, when)
        }
    };
    if cl.when.is_some() && when.is_none() {
        return None;
    }
    let fails_at = match &cl.fails_at {
        Some(e) => {
            c.slots.defer = false;
            known_failures(c, e, scope)?
        }
        None => Vec::new(),
    };
    Some((body, when, fails_at))
}

/// `where NAME = E` or `where (A, B, ...) = L`: the value compiled, a slot bound to each name.
fn destructure_slots(
    c: &mut Compiler<'_>,
    d: &Destructure,
    scope: &mut Scope,
) -> Option<(CExpr, Vec<usize>)> {
    let l = if d.single {
        c.expect(&d.value, scope, Type::Int, "`where NAME =`")?
    } else {
        c.expect(&d.value, scope, Type::List, "`where (...) =`")?
    };
    let mut ss = Vec::new();
    for n in &d.names {
        let s = c.slots.int();
        scope.push(&n.name, Binding::Int(s));
        ss.push(s);
    }
    Some((l, ss))
}

/// The claim's expression, of the type its kind needs.
fn body_expr(c: &mut Compiler<'_>, cl: &Claim, expr: &Expr, scope: &mut Scope) -> Option<CExpr> {
    let (want, what) = match (cl.kind, cl.cmp) {
        (ClaimKind::P, _) => (Type::Bool, "a P-position claim"),
        (ClaimKind::D, _) => (Type::Bool, "a draw claim"),
        (ClaimKind::Grundy, None) => (Type::Int, "a Grundy claim"),
        (ClaimKind::Grundy, Some(BinOp::In | BinOp::NotIn)) => {
            (Type::IntSet, "`claim grundy in S`")
        }
        (ClaimKind::Grundy, Some(_)) => (Type::Real, "a comparison of the Grundy value"),
        (ClaimKind::Same, _) => (Type::List, "a same-type claim (a position)"),
        (ClaimKind::Holds, _) => (Type::Bool, "`claim: C`"),
        (ClaimKind::Winning, _) => {
            let (e, t) = c.compile(expr, scope)?;
            if t == Type::TupleSet || t == Type::IntSet {
                return Some(e);
            }
            c.diags.push(super::compile::type_error(
                &expr.span,
                "a set of positions",
                t,
                "`claim winning`",
            ));
            return None;
        }
    };
    c.expect(expr, scope, want, what)
}

/// The positions of `fails at E`: a tuple, or a set of tuples, known before play.
fn known_failures(c: &mut Compiler<'_>, e: &Expr, scope: &mut Scope) -> Option<Vec<Vec<i64>>> {
    match c.constant(e, scope)? {
        Value::List(l) => Some(vec![l.to_vec()]),
        Value::Set(super::value::SetValue::Tuples(t)) => {
            Some(t.iter().map(|p| p.to_vec()).collect())
        }
        v => {
            c.diags.push(super::compile::type_error(
                &e.span,
                "a position or a set of positions",
                v.ty(),
                "`fails at`",
            ));
            None
        }
    }
}
