//! The `check with NAME in R` lines: one run for each value of each range (each combination,
//! the first range outermost; a later range may use an earlier name), the line's `NAME =
//! VALUE`s and bounds evaluated with the values bound (`check with k in 2..6, n = k max 10`).
//! A range that is empty, reversed, unbounded, not of values, or of more than
//! [`MAX_RANGE_RUNS`] runs is an error at the range; one whose evaluation overflows is the
//! evaluation's error there.

use std::sync::Arc;

use super::check_line::{check_line, CheckRun, Ranged};
use super::compile::{Binding, Compiler, Scope, Slots};
use super::diag::{suggest, Code, Diag};
use super::value::{SetValue, Value};
use crate::syntax::ast::{CheckBound, Expr, ExprKind, Ruleset};

/// The most runs one `check with NAME in R` line makes (all its ranges together): each is a
/// whole run of every claim.
pub const MAX_RANGE_RUNS: usize = 64;

/// One value of a range: the value, and its text as a `-p` value.
type Member = (Value, String);

/// The runs of one `check` line: one, or one a value of its ranges; none after a problem.
pub(super) fn check_lines(
    rs: &Ruleset,
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Vec<CheckRun> {
    if cb.ranges.is_empty() {
        check_line(rs, cb, diags, slots, scope)
            .into_iter()
            .collect()
    } else {
        ranged_lines(rs, cb, diags, slots, scope)
    }
}

/// The runs of a `check` line with ranges, in order; none after a problem (said once).
fn ranged_lines(
    rs: &Ruleset,
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Vec<CheckRun> {
    let before = diags.len();
    names_ok(rs, cb, diags);
    let combos = combinations(cb, diags, slots, scope);
    let (Some(combos), true) = (combos, diags.len() == before) else {
        return Vec::new();
    };
    let declared: Vec<String> = (cb.ranges.iter())
        .map(|(n, _, t)| format!("{} in {}", n.name, t.trim()))
        .collect();
    let ranged = Arc::new(Ranged {
        line: cb.span.clone(),
        declared: declared.join(", "),
        names: cb.ranges.iter().map(|r| r.0.name.clone()).collect(),
        runs: combos.len(),
    });
    let mut out = Vec::with_capacity(combos.len());
    for (i, combo) in combos.iter().enumerate() {
        let mark = scope.mark();
        for ((name, _, _), (v, _)) in cb.ranges.iter().zip(combo) {
            scope.push(&name.name, Binding::Const(v.clone()));
        }
        let with = with_values(cb, combo, diags, slots, scope);
        // The bounds see the values computed from the ranges too (`n = k max 2 * n`).
        for (name, text) in with.iter().flatten() {
            if let Ok(x) = text.parse::<i64>() {
                scope.push(name, Binding::Const(Value::Int(x)));
            }
        }
        let run = check_line(rs, cb, diags, slots, scope);
        scope.truncate(mark);
        // A problem of the line is said once, at its first value.
        match (run, with) {
            (Some(mut run), Some(with)) if diags.len() == before => {
                run.with = with;
                run.ranged = Some((ranged.clone(), i));
                out.push(run);
            }
            _ => return Vec::new(),
        }
    }
    out
}

/// Each range's name is a parameter, named once in the line.
fn names_ok(rs: &Ruleset, cb: &CheckBound, diags: &mut Vec<Diag>) {
    let params = || rs.params.iter().map(|p| p.name.name.as_str());
    for (k, (name, _, _)) in cb.ranges.iter().enumerate() {
        if !params().any(|p| p == name.name) {
            let mut d = Diag::new(
                Code::UnknownName,
                name.span.clone(),
                format!("`{}` is not a parameter of this ruleset", name.name),
                "not a parameter",
            );
            if let Some(s) = suggest(&name.name, params()) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            diags.push(d);
        }
        let earlier = (cb.ranges[..k].iter().map(|r| &r.0)).chain(cb.with.iter().map(|w| &w.0));
        if let Some(first) = earlier.clone().find(|e| e.name == name.name) {
            diags.push(
                Diag::new(
                    Code::Duplicate,
                    name.span.clone(),
                    format!("`{}` is given twice in this `check` line", name.name),
                    "given again here",
                )
                .also(first.span.clone(), "given here")
                .help("give each parameter one value or one range"),
            );
        }
    }
}

/// Every combination of the ranges' values, the first range outermost; `None` after a
/// problem.
fn combinations(
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Option<Vec<Vec<Member>>> {
    let mut c = Compiler::new(diags, slots);
    let mut out = Vec::new();
    let mark = scope.mark();
    let ok = combine(&mut c, scope, cb, &mut Vec::new(), &mut out);
    scope.truncate(mark);
    ok.then_some(out)
}

/// The combinations from range `cur.len()` on, the earlier ones' values in `cur` (and bound in
/// `scope`), added to `out`.
fn combine(
    c: &mut Compiler<'_>,
    scope: &mut Scope,
    cb: &CheckBound,
    cur: &mut Vec<Member>,
    out: &mut Vec<Vec<Member>>,
) -> bool {
    let Some((name, e, text)) = cb.ranges.get(cur.len()) else {
        if out.len() == MAX_RANGE_RUNS {
            let last = cb
                .ranges
                .last()
                .map_or(cb.span.clone(), |r| r.1.span.clone());
            let at = cb.ranges.first().map_or(0, |r| r.0.span.start)..last.end;
            c.diags.push(too_many(at, "its ranges together make"));
            return false;
        }
        out.push(cur.clone());
        return true;
    };
    let Some(values) = members(c, scope, e, text) else {
        return false;
    };
    // Each value has the parameter's type (said here, not at the run's `-p`).
    let want = match scope.get(&name.name) {
        Some(Binding::Const(v)) => Some(v.ty()),
        _ => None,
    };
    if let Some((v, _)) = values
        .iter()
        .find(|(v, _)| want.is_some_and(|w| !v.ty().fits(w)))
    {
        let want = want.map_or("", |w| w.describe());
        let what = format!("a range of `{}`, {want},", name.name);
        c.diags
            .push(super::compile::type_error(&e.span, want, v.ty(), &what));
        return false;
    }
    for m in values {
        let mark = scope.mark();
        scope.push(&name.name, Binding::Const(m.0.clone()));
        cur.push(m);
        let ok = combine(c, scope, cb, cur, out);
        cur.pop();
        scope.truncate(mark);
        if !ok {
            return false;
        }
    }
    true
}

/// More runs than a line may make.
fn too_many(at: crate::syntax::ast::Span, what: &str) -> Diag {
    Diag::new(
        Code::Limit,
        at,
        format!(
            "this `check` line ranges over too many values: {what} more than {MAX_RANGE_RUNS} runs"
        ),
        "too many runs",
    )
    .help("each value is a whole run of every claim: give a smaller range, or several lines")
}

/// A range of a `check` line with no value (`why`).
fn no_value(c: &mut Compiler<'_>, e: &Expr, why: String) -> Option<Vec<Member>> {
    c.diags.push(
        Diag::new(Code::Range, e.span.clone(), why, "no value")
            .help("a range of a `check` line needs a value at least: `k in 2..6`"),
    );
    None
}

/// The values of the range `e` (written `text`): each member of a set or tuple written out
/// (any values: `{e, pi, sqrt(17)}`, each with its own text), or of a finite range, set or
/// list of integers.
fn members(c: &mut Compiler<'_>, scope: &mut Scope, e: &Expr, text: &str) -> Option<Vec<Member>> {
    let out: Vec<Member> = match &e.kind {
        ExprKind::Set(items) | ExprKind::Tuple(items) => {
            if items.len() > MAX_RANGE_RUNS {
                c.diags.push(too_many(e.span.clone(), "it makes"));
                return None;
            }
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let v = c.constant(item, scope)?;
                let at = item.span.start.saturating_sub(e.span.start);
                let own = text.get(at..at + item.span.len()).unwrap_or("");
                out.push((v, own.to_string()));
            }
            out
        }
        _ => {
            let v = c.constant(e, scope)?;
            integers(c, e, v)?
        }
    };
    if out.is_empty() {
        return no_value(c, e, "this range of a `check` line is empty".to_string());
    }
    if out.len() > MAX_RANGE_RUNS {
        c.diags.push(too_many(e.span.clone(), "it makes"));
        return None;
    }
    Some(out)
}

/// The integers of `v`, the value of the range `e`: a finite range, set or list.
fn integers(c: &mut Compiler<'_>, e: &Expr, v: Value) -> Option<Vec<Member>> {
    let int = |x: i64| (Value::Int(x), x.to_string());
    match v {
        Value::Set(SetValue::Range(lo, Some(hi))) if lo > hi => no_value(
            c,
            e,
            format!("the range `{lo}..{hi}` is reversed: it has no value"),
        ),
        Value::Set(SetValue::Range(lo, None)) => {
            c.diags.push(
                Diag::new(
                    Code::Unbounded,
                    e.span.clone(),
                    format!("the range `{lo}..` has no end"),
                    "unbounded",
                )
                .help("give the range's last value: `k in 2..6`"),
            );
            None
        }
        Value::Set(SetValue::Range(lo, Some(hi)))
            if i128::from(hi) - i128::from(lo) >= MAX_RANGE_RUNS as i128 =>
        {
            c.diags.push(too_many(e.span.clone(), "it makes"));
            None
        }
        Value::List(l) => Some(l.iter().map(|&x| int(x)).collect()),
        Value::Set(s) if s.is_finite() && !matches!(s, SetValue::Tuples(_)) => {
            let mut xs = Vec::new();
            if let Err(err) = s.members_upto(i64::MAX, &mut xs) {
                let d = Diag::new(Code::Eval, e.span.clone(), err.to_string(), "here");
                c.diags.push(d);
                return None;
            }
            Some(xs.into_iter().map(int).collect())
        }
        v => {
            c.diags.push(super::compile::type_error(
                &e.span,
                "a finite range or set of values",
                v.ty(),
                "a range of a `check` line",
            ));
            None
        }
    }
}

/// The line's parameter values for one combination: each `NAME = VALUE` as written, or, when
/// it uses a range's name, evaluated with the values bound (an integer or a truth value);
/// then each range's value.
fn with_values(
    cb: &CheckBound,
    combo: &[Member],
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Option<Vec<(String, String)>> {
    let names: Vec<&str> = cb.ranges.iter().map(|r| r.0.name.as_str()).collect();
    let mut with = Vec::new();
    for (name, expr, text) in &cb.with {
        let uses = text
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .any(|w| names.contains(&w));
        if !uses {
            with.push((name.name.clone(), text.clone()));
            continue;
        }
        match Compiler::new(diags, slots).constant(expr, scope)? {
            v @ (Value::Int(_) | Value::Bool(_)) => with.push((name.name.clone(), v.to_string())),
            v => {
                diags.push(super::compile::type_error(
                    &expr.span,
                    "an integer or a truth value",
                    v.ty(),
                    "a value computed from a range of a `check` line",
                ));
                return None;
            }
        }
    }
    for ((name, _, _), (_, text)) in cb.ranges.iter().zip(combo) {
        with.push((name.name.clone(), text.clone()));
    }
    Some(with)
}
