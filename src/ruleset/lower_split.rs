//! `split SEL into N equal parts`: each chosen heap becomes `k` heaps of one size, for each
//! `k` given by `N` (an integer or a set of them, which may read the heap: `split one heap h
//! into {d for d in 2..h if h mod d == 0} equal parts` is Maundy cake) that divides the heap.
//! Lowered to [`LStepKind::SplitEqual`], which the generator alone runs.

use super::compile::{type_error, Compiler, Scope};
use super::diag::{Code, Diag};
use super::expr::CKind;
use super::program::{LStepKind, ShapeSpec};
use super::value::{Type, Value};
use crate::syntax::ast::{Expr, Span};

/// The most equal parts one heap is split into; a larger number read from the position is an
/// error when it is met (the follower would hold that many heaps).
pub(crate) const MAX_EQUAL_PARTS: u64 = 4096;

/// Lowers the `equal` split of `parts` parts; `count` is the number of heaps the step picks
/// when fixed, `net` the move's change of the heap count so far.
#[allow(clippy::too_many_arguments)]
pub(super) fn lower_split_equal(
    c: &mut Compiler<'_>,
    parts: &Expr,
    allow_empty: bool,
    shape: &ShapeSpec,
    scope: &mut Scope,
    count: Option<usize>,
    net: &mut Option<i64>,
    span: &Span,
) -> Option<LStepKind> {
    if allow_empty {
        c.diags.push(
            Diag::new(
                Code::NotAllowed,
                span.clone(),
                "equal parts are never empty",
                "`allowing empty` with `equal`",
            )
            .help("remove `allowing empty`"),
        );
        return None;
    }
    let (e, t) = c.compile(parts, scope)?;
    if t != Type::Int && t != Type::IntSet {
        c.diags.push(type_error(
            &parts.span,
            "a number of parts or a set of them",
            t,
            "`split ... equal parts`",
        ));
        return None;
    }
    let fixed = match &e.kind {
        CKind::Const(Value::Int(k)) => Some(*k),
        _ => None,
    };
    if let Some(k) = fixed.filter(|&k| !(2..=MAX_EQUAL_PARTS as i64).contains(&k)) {
        c.diags.push(
            Diag::new(
                Code::Range,
                parts.span.clone(),
                format!("a heap cannot be split into {k} equal parts here"),
                "the number of parts",
            )
            .help(format!("split into 2 to {MAX_EQUAL_PARTS} parts")),
        );
        return None;
    }
    *net = match (*net, count, fixed) {
        (Some(n), Some(c), Some(k)) => i64::try_from(c)
            .ok()
            .and_then(|c| c.checked_mul(k - 1))
            .and_then(|added| n.checked_add(added)),
        _ => None,
    };
    if shape.count.is_some() && fixed.is_none() {
        c.diags.push(
            Diag::new(
                Code::HeapCount,
                parts.span.clone(),
                "a number of parts that may vary changes the number of heaps",
                "not one number",
            )
            .help("with `heaps k`, split into a fixed number of parts (and delete as many heaps as the split adds), or use `heaps any`"),
        );
        return None;
    }
    Some(LStepKind::SplitEqual(e))
}
