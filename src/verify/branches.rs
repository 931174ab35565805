//! The branches of a claim, for `check`'s coverage per value: each truth value of each
//! condition (the `when`, a truth-valued claim itself, each operand of `and`, `or` and `not`,
//! the condition of an `if` and the body of a quantifier, each of them `true` and `false`);
//! each entry of a constant table read by index; each member of a constant set tested with
//! `in`; and each member of a constant list or range that decided an `any` (made it true) or
//! an `all` (made it false). A condition the run's parameters fold to a constant is a branch
//! too: its other value is taken only by a run with other parameters (`floor(beta) = 2`
//! against `>= 3`). The evaluator notes what it went through while a claim is observed
//! ([`crate::ruleset::observe`]); the file's coverage reports each branch no run took.

use rustc_hash::FxHashSet;

use crate::ruleset::claims::{CheckedClaim, CheckedClaimBody};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::observe::{observed, Path, Took};
use crate::ruleset::value::{SetValue, Value};
use crate::syntax::ast::{BinOp, ClaimKind, QuantKind};

/// The most members of a constant table, set or list whose members are branches one by one
/// (a larger one is left out: a run cannot be asked to read each of 10^6 entries).
pub(crate) const MAX_MEMBERS: usize = 256;

/// What kind of node a branch is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// A condition (`true` or `false`).
    Cond,
    /// A constant table read by index.
    Table,
    /// A constant set tested with `in`.
    Set,
    /// The constant list or range an `any` or `all` runs over.
    Quant,
}

/// One branch of a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// What its node takes when the branch is taken.
    pub took: Took,
    /// Its node's kind.
    pub node: Node,
    /// The node's line in the file.
    pub line: usize,
    /// The node's text, on one line.
    pub text: String,
    /// The member, in words (`(1, 3)`, `entry 7`, `5`); empty for a condition.
    pub member: String,
}

/// The branches of a claim in one run, and those its parameters took before any position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ClaimBranches {
    /// Its branches, in the order written.
    pub list: Vec<Branch>,
    /// Those of `list` the run's parameters took in its `when` (taken once it is evaluated),
    /// and in its body (taken once it is compared at a position).
    pub folded: (Vec<usize>, Vec<usize>),
}

/// The branches of `claim` in one run (its expressions compiled with the run's parameters),
/// in the order written; `src` is the file's text. A condition a `claim: C` needs to have
/// one value (each part of `A and B`, `B` in `A or B`, the body of an `all`) has only that
/// one as a branch: its other value is a counterexample, not a branch.
pub(crate) fn branches_of(claim: &CheckedClaim, src: &str) -> ClaimBranches {
    let mut out = Vec::new();
    let mut w = Walk { src, out: &mut out };
    if let Some(when) = &claim.when {
        w.walk(when, true, None);
    }
    if let CheckedClaimBody::Expr { expr, destructure } = &claim.body {
        if let Some((list, _)) = destructure {
            w.walk(list, false, None);
        }
        let truth = matches!(claim.kind, ClaimKind::P | ClaimKind::D | ClaimKind::Holds);
        let must = (claim.kind == ClaimKind::Holds).then_some(true);
        w.walk(expr, truth && claim.cmp.is_none(), must);
    }
    let when = claim.when.as_ref().map(|w| w.span.clone());
    let mut folded = (Vec::new(), Vec::new());
    for (sp, v) in &claim.folded {
        let text = src.get(sp.clone()).unwrap_or("");
        for b in [true, false] {
            out.push(Branch {
                took: Took::at(sp, Path::Bool(b)),
                node: Node::Cond,
                line: line_of(src, sp.start),
                text: one_line(text),
                member: String::new(),
            });
        }
        let in_when = when
            .as_ref()
            .is_some_and(|w| w.start <= sp.start && sp.end <= w.end);
        let to = if in_when {
            &mut folded.0
        } else {
            &mut folded.1
        };
        to.push(Took::at(sp, Path::Bool(*v)));
    }
    let mut seen = FxHashSet::default();
    out.retain(|b| seen.insert(b.took.clone()));
    let index = |ts: Vec<Took>| -> Vec<usize> {
        let mut v: Vec<usize> = ts
            .iter()
            .filter_map(|t| out.iter().position(|b| b.took == *t))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let folded = (index(folded.0), index(folded.1));
    ClaimBranches { list: out, folded }
}

/// What a run keeps of its claims' branches: those not taken yet, observed while a claim is
/// evaluated (none left: evaluated unobserved), and those its parameters took
/// ([`ClaimBranches::folded`]), marked taken at the claim's first evaluation (those of its
/// `when`) and its first comparison.
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    wanted: Vec<FxHashSet<Took>>,
    folded: Vec<Option<(Vec<usize>, Vec<usize>)>>,
}

impl Tracker {
    /// The branches of `claims` (of the file `src`), each claim's list given to `put`.
    pub fn new(
        claims: &[CheckedClaim],
        src: &str,
        mut put: impl FnMut(usize, Vec<Branch>),
    ) -> Tracker {
        let mut t = Tracker::default();
        for (i, c) in claims.iter().enumerate() {
            let b = branches_of(c, src);
            t.wanted
                .push(b.list.iter().map(|x| x.took.clone()).collect());
            t.folded.push(Some(b.folded));
            put(i, b.list);
        }
        t
    }

    /// Whether claim `i` has branches not taken yet in this run (of its expressions, or those
    /// its parameters fold, taken at its first evaluation and comparison): an evaluation that
    /// is not observed (a compiled claim's) may leave one of them untaken.
    pub(crate) fn wants(&self, i: usize) -> bool {
        !self.wanted[i].is_empty() || self.folded[i].is_some()
    }

    /// Claim `i` evaluated by `f` (its value: `Some` when it is compared), observed while it
    /// has branches not taken, each one it takes marked in `taken` (beside `branches`).
    pub fn eval<T, E>(
        &mut self,
        i: usize,
        (branches, taken): (&[Branch], &mut [bool]),
        f: impl FnOnce() -> Result<Option<T>, E>,
    ) -> Result<Option<T>, E> {
        let r = if self.wanted[i].is_empty() {
            f()
        } else {
            let (r, got) = observed(&mut self.wanted[i], f);
            for t in got {
                if let Some(k) = branches.iter().position(|b| b.took == t) {
                    taken[k] = true;
                }
            }
            r
        };
        if let (Ok(v), Some(f)) = (&r, &mut self.folded[i]) {
            for &k in &f.0 {
                taken[k] = true;
            }
            if v.is_some() {
                for &k in &f.1 {
                    taken[k] = true;
                }
                self.folded[i] = None;
            }
        }
        r
    }
}

/// The line of the byte `at` in `src`.
fn line_of(src: &str, at: usize) -> usize {
    src[..at.min(src.len())].matches('\n').count() + 1
}

/// Source text on one line: comments dropped, spaces collapsed.
fn one_line(text: &str) -> String {
    let parts: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect();
    parts.join(" ")
}

struct Walk<'s, 'o> {
    src: &'s str,
    out: &'o mut Vec<Branch>,
}

impl Walk<'_, '_> {
    fn push(&mut self, e: &CExpr, node: Node, what: Path, member: String) {
        let text = self.src.get(e.span.clone()).unwrap_or("");
        self.out.push(Branch {
            took: Took::at(&e.span, what),
            node,
            line: line_of(self.src, e.span.start),
            text: one_line(text),
            member,
        });
    }

    /// The branches of `e` and of what it holds; `cond`: `e` is a condition; `must`: the value
    /// it needs for the claim to hold, if one (its other value is no branch).
    fn walk(&mut self, e: &CExpr, cond: bool, must: Option<bool>) {
        // A `true` or `false` written as such has one value (one the parameters fold has two).
        let literal = match (&e.kind, self.src.get(e.span.clone())) {
            (CKind::Const(Value::Bool(v)), Some(t)) if t.trim() == v.to_string() => Some(*v),
            _ => None,
        };
        let must = literal.or(must);
        if cond {
            for b in [true, false] {
                if must.is_none_or(|m| m == b) {
                    self.push(e, Node::Cond, Path::Bool(b), String::new());
                }
            }
        }
        match &e.kind {
            // Short-circuit: `B` is evaluated after `A` has let the whole depend on it.
            CKind::Bin(op @ (BinOp::And | BinOp::Or), a, b) => {
                let and = *op == BinOp::And;
                self.walk(a, true, must.filter(|&m| m == and));
                self.walk(b, true, must);
            }
            CKind::Bin(BinOp::In | BinOp::NotIn, a, b) => {
                self.walk(a, false, None);
                self.set_members(b);
            }
            CKind::Not(a) => self.walk(a, true, must.map(|m| !m)),
            CKind::If(c, a, b) => {
                self.walk(c, true, None);
                self.walk(a, cond, must);
                self.walk(b, cond, must);
            }
            CKind::Quant(kind, _, list, body) => {
                let all = *kind == QuantKind::All;
                let any = *kind == QuantKind::Any;
                // The member that makes a needed `all` false is a counterexample.
                if (any && must != Some(false)) || (all && must != Some(true)) {
                    self.quant_members(list);
                }
                self.walk(list, false, None);
                let truth = !matches!(kind, QuantKind::Collect);
                let must = must.filter(|&m| (m && all) || (!m && any));
                self.walk(body, truth, must);
            }
            CKind::Index(list, idx) => {
                if let CKind::Const(Value::List(l)) = &list.kind {
                    if l.len() <= MAX_MEMBERS {
                        for i in 0..l.len() as i64 {
                            self.push(list, Node::Table, Path::Index(i), format!("entry {i}"));
                        }
                    }
                }
                self.walk(list, false, None);
                self.walk(idx, false, None);
            }
            _ => children(e, |c| self.walk(c, false, None)),
        }
    }

    /// Each member of a constant finite set tested with `in`.
    fn set_members(&mut self, s: &CExpr) {
        match &s.kind {
            CKind::Const(Value::Set(SetValue::Ints(v))) if v.len() <= MAX_MEMBERS => {
                for &n in v.iter() {
                    self.push(s, Node::Set, Path::Member(n), n.to_string());
                }
            }
            CKind::Const(Value::Set(SetValue::Tuples(v))) if v.len() <= MAX_MEMBERS => {
                for (i, t) in v.iter().enumerate() {
                    let words: Vec<String> = t.iter().map(i64::to_string).collect();
                    let m = format!("({})", words.join(", "));
                    self.push(s, Node::Set, Path::Member(i as i64), m);
                }
            }
            _ => self.walk(s, false, None),
        }
    }

    /// Each member of the constant list or range an `any` or `all` runs over.
    fn quant_members(&mut self, list: &CExpr) {
        let members: Vec<i64> = match &list.kind {
            CKind::Const(Value::List(l)) => l.to_vec(),
            CKind::Const(Value::Set(SetValue::Ints(v))) => v.to_vec(),
            CKind::Const(Value::Set(SetValue::Range(a, Some(b))))
                if i128::from(*b) - i128::from(*a) < MAX_MEMBERS as i128 =>
            {
                (*a..=*b).collect()
            }
            _ => return,
        };
        if members.len() > MAX_MEMBERS {
            return;
        }
        for n in members {
            self.push(list, Node::Quant, Path::Witness(n), n.to_string());
        }
    }
}

/// Calls `f` on each child of `e`.
fn children(e: &CExpr, mut f: impl FnMut(&CExpr)) {
    match &e.kind {
        CKind::Const(_) | CKind::IntSlot(_) | CKind::ListSlot(_) | CKind::Heaps => {}
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) | CKind::HeapTest(_, a) => f(a),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => {
            f(a);
            f(b);
        }
        CKind::Range(a, b) => {
            f(a);
            if let Some(b) = b {
                f(b);
            }
        }
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => args.iter().for_each(f),
        CKind::Quant(_, _, a, b) | CKind::ListComp(_, a, b) => {
            f(a);
            f(b);
        }
        CKind::If(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
    }
}
