//! The `check` lines of a ruleset: `check [with NAME = VALUE, ...] max N [heaps K] [quick max
//! N [heaps K]]` (a box) and `check [with ...] over L for a in R, ...` (listed positions), each
//! into a [`CheckRun`] for `heapgame check` (a line `check with NAME in R ...` is one run a
//! value: `check_range.rs`, which calls this for each).

use super::compile::{Compiler, Scope, Slots};
use super::diag::{suggest, Code, Diag};
use super::family::{over_positions, Listed};
use super::lower_ctx::nonneg_u32;
use crate::syntax::ast::{CheckBound, Ruleset, Span};
use std::sync::Arc;

/// One `check` line: the bounds of one run of `heapgame check`, and its parameter values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRun {
    /// `with NAME = VALUE`: each parameter's name and value text (applied as `-p NAME=VALUE`).
    pub with: Vec<(String, String)>,
    /// The largest heap.
    pub max: u32,
    /// The most heaps, for `heaps any`.
    pub heaps: Option<usize>,
    /// `quick max N [heaps K]`: the bounds under `check --quick` (else `max`, `heaps`).
    pub quick: Option<(u32, Option<usize>)>,
    /// `check over L ...`: the positions of the run (as written), instead of the box; `max`
    /// and `heaps` are then their largest heap and heap count. Shared: a run's lines are
    /// copied, and 10^6 positions are not.
    pub over: Option<Arc<Listed<u32>>>,
    /// The `check` line.
    pub span: Span,
    /// A line `check with NAME in R ...`: the line (shared by its runs) and this run's place
    /// among them.
    pub ranged: Option<(Arc<Ranged>, usize)>,
}

/// A `check` line with ranges (`check with k in 2..6 max 10`), whose runs it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranged {
    /// The line.
    pub line: Span,
    /// Its ranges as written: `k in 2..6`.
    pub declared: String,
    /// The names of its ranges.
    pub names: Vec<String>,
    /// How many runs it makes.
    pub runs: usize,
}

/// One `check` line, its bounds evaluated; `None` after a problem.
pub(super) fn check_line(
    rs: &Ruleset,
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Option<CheckRun> {
    let Some(max_expr) = &cb.max else {
        return over_run(rs, cb, diags, slots, scope);
    };
    let mut c = Compiler::new(diags, slots);
    let max = c.constant(max_expr, scope);
    let heaps = cb.heaps.as_ref().map(|h| c.constant(h, scope));
    let max = nonneg_u32(diags, max, &max_expr.span, "a check bound")?;
    let heaps = match (heaps, &cb.heaps) {
        (Some(h), Some(e)) => nonneg_u32(diags, h, &e.span, "a heap count").map(|k| k as usize),
        _ => None,
    };
    let with = with_params(rs, cb, diags, true);
    let quick = check_quick(diags, slots, scope, cb);
    Some(CheckRun {
        with,
        max,
        heaps,
        quick,
        over: None,
        span: cb.span.clone(),
        ranged: None,
    })
}

/// The `with NAME = VALUE` of a `check` line whose names are parameters; another name is a
/// problem (with a suggestion when `suggest_name`).
fn with_params(
    rs: &Ruleset,
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    suggest_name: bool,
) -> Vec<(String, String)> {
    let mut with = Vec::new();
    for (name, _, text) in &cb.with {
        if rs.params.iter().any(|p| p.name.name == name.name) {
            with.push((name.name.clone(), text.clone()));
            continue;
        }
        let mut d = Diag::new(
            Code::UnknownName,
            name.span.clone(),
            format!("`{}` is not a parameter of this ruleset", name.name),
            "not a parameter",
        );
        if suggest_name {
            if let Some(s) = suggest(&name.name, rs.params.iter().map(|p| p.name.name.as_str())) {
                d = d.help(format!("did you mean `{s}`?"));
            }
        }
        diags.push(d);
    }
    with
}

/// A `check [with ...] over L ...` line: its parameter names checked like a box line's, its
/// positions listed for the parameters bound.
fn over_run(
    rs: &Ruleset,
    cb: &CheckBound,
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
) -> Option<CheckRun> {
    let over = cb.over.as_ref()?;
    let with = with_params(rs, cb, diags, false);
    let written = over_positions(diags, slots, scope, over)?;
    let heaps = written.iter().map(<[i64]>::len).max().unwrap_or(0);
    let mut sizes = Vec::with_capacity(written.heaps.len());
    for &h in &written.heaps {
        match u32::try_from(h) {
            Ok(h) => sizes.push(h),
            Err(_) => {
                diags.push(Diag::new(
                    Code::Range,
                    over.positions.span.clone(),
                    format!("`check over` names a heap of {h}, not a heap size"),
                    "here",
                ));
                return None;
            }
        }
    }
    let max = sizes.iter().copied().max().unwrap_or(0);
    let positions = Listed {
        heaps: sizes,
        ends: written.ends,
    };
    Some(CheckRun {
        with,
        max,
        heaps: Some(heaps),
        quick: None,
        over: Some(Arc::new(positions)),
        span: cb.span.clone(),
        ranged: None,
    })
}

/// The `quick max N [heaps K]` bounds of a `check` line, evaluated (problems reported).
fn check_quick(
    diags: &mut Vec<Diag>,
    slots: &mut Slots,
    scope: &mut Scope,
    cb: &CheckBound,
) -> Option<(u32, Option<usize>)> {
    let (qmax, qheaps) = cb.quick.as_ref()?;
    let mut c = Compiler::new(diags, slots);
    let max = c.constant(qmax, scope);
    let heaps = qheaps.as_ref().map(|h| (c.constant(h, scope), h));
    let max = nonneg_u32(diags, max, &qmax.span, "a check bound")?;
    let heaps = match heaps {
        Some((h, e)) => Some(nonneg_u32(diags, h, &e.span, "a heap count")? as usize),
        None => None,
    };
    Some((max, heaps))
}
