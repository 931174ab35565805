//! Heaps in a row or a circle (`heaps n in a row`, `heaps n in a circle`): the shape, whose
//! heaps are named `h1` to `hn` and kept in order, and the selectors that choose heaps by
//! place: `heap i` (an index from 1, with arithmetic; in a circle taken modulo n) and
//! `k consecutive heaps` (every run of k neighbours; in a circle the runs wrap around), and
//! `the heaps next to h` / `one heap next to h` (the neighbours of a heap chosen earlier).

use super::compile::{Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::program::{LSelKind, ShapeSpec};
use super::value::Value;
use crate::syntax::ast::{
    Expr, ExprKind, Ident, Item, Ruleset, SelKind, Selector, ShapeKind, Span,
};

/// The most heaps in a row or a circle.
const MAX_ROW: u32 = 1000;

/// How a ruleset's heaps are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A multiset, or heaps with names.
    Plain,
    /// `heaps n in a row`.
    Row,
    /// `heaps n in a circle`.
    Circle,
}

/// The layout of the ruleset's (first) shape.
pub(super) fn layout(rs: &Ruleset) -> Layout {
    for item in &rs.items {
        if let Item::Shape(s) = item {
            return match &s.kind {
                ShapeKind::Row { circle: true, .. } => Layout::Circle,
                ShapeKind::Row { .. } => Layout::Row,
                _ => Layout::Plain,
            };
        }
    }
    Layout::Plain
}

/// The shape of `k` heaps in a row or a circle: ordered, named `h1` to `hk`.
pub(super) fn row_shape(diags: &mut Vec<Diag>, k: u32, at: &Span, lower: u32) -> Option<ShapeSpec> {
    if k == 0 || k > MAX_ROW {
        diags.push(
            Diag::new(
                Code::Range,
                at.clone(),
                format!("a row or circle of {k} heaps"),
                "out of range",
            )
            .help(format!("give from 1 to {MAX_ROW} heaps")),
        );
        return None;
    }
    Some(ShapeSpec {
        count: Some(k as usize),
        names: Some((1..=k).map(|i| format!("h{i}")).collect()),
        lower,
    })
}

/// Lowers `heap i` (by place) and `k consecutive heaps`.
pub(super) fn lower_place(
    sel: &Selector,
    shape: &ShapeSpec,
    layout: Layout,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<LSelKind> {
    let n = shape.count.unwrap_or(0);
    let (expr, what) = match &sel.kind {
        SelKind::At(e) => (e.clone(), "a place"),
        SelKind::Named(id) => (
            Expr {
                kind: ExprKind::Name(id.name.clone()),
                span: id.span.clone(),
            },
            "a place",
        ),
        SelKind::Consecutive(e) => (e.clone(), "a number of heaps"),
        _ => return None,
    };
    if layout == Layout::Plain {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                sel.span.clone(),
                "heaps are chosen by place only in a row or a circle",
                "the heaps have no places",
            )
            .help("write the shape as `heaps n in a row` or `heaps n in a circle`"),
        );
        return None;
    }
    let mut slots = Slots::default();
    let mut c = Compiler::new(diags, &mut slots);
    let v = match c.constant(&expr, scope)? {
        Value::Int(v) => v,
        other => {
            c.diags.push(super::compile::type_error(
                &expr.span,
                "an integer",
                other.ty(),
                what,
            ));
            return None;
        }
    };
    let circle = layout == Layout::Circle;
    let out_of_range = |msg: String, help: String| {
        Diag::new(Code::Range, expr.span.clone(), msg, "out of range").help(help)
    };
    if let SelKind::Consecutive(_) = sel.kind {
        return match usize::try_from(v) {
            Ok(len) if len >= 1 && len <= n => Some(LSelKind::Consecutive { len, circle }),
            _ => {
                diags.push(out_of_range(
                    format!("{v} consecutive heaps of {n}"),
                    format!("choose from 1 to {n} consecutive heaps"),
                ));
                None
            }
        };
    }
    let n64 = n as i64;
    let place = if circle {
        (v - 1).rem_euclid(n64)
    } else if (1..=n64).contains(&v) {
        v - 1
    } else {
        diags.push(out_of_range(
            format!("there is no heap {v} in a row of {n}"),
            format!("the heaps of a row are `heap 1` to `heap {n}`"),
        ));
        return None;
    };
    Some(LSelKind::Named(place as usize))
}

/// Lowers `the heaps next to h` (`each`: `one heap next to h`), where `slot` is the selection
/// named `h` earlier in the move (if any) and `count` the number of heaps it picks (if fixed).
pub(super) fn next_to(
    of: &Ident,
    each: bool,
    slot: Option<usize>,
    count: Option<usize>,
    layout: Layout,
    diags: &mut Vec<Diag>,
) -> Option<LSelKind> {
    if layout == Layout::Plain {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                of.span.clone(),
                "heaps have neighbours only in a row or a circle",
                "the heaps have no places",
            )
            .help("write the shape as `heaps n in a row` or `heaps n in a circle`"),
        );
        return None;
    }
    let Some(slot) = slot else {
        diags.push(
            Diag::new(
                Code::UnknownName,
                of.span.clone(),
                format!("`{}` names no heap chosen earlier in this move", of.name),
                "not a choice of heaps",
            )
            .help("choose and name the heap first: `take 1.. from one heap h; ... the heaps next to h`"),
        );
        return None;
    };
    if count != Some(1) {
        diags.push(
            Diag::new(
                Code::NotAllowed,
                of.span.clone(),
                format!(
                    "`{}` may be several heaps; neighbours are those of one heap",
                    of.name
                ),
                "not a single heap",
            )
            .help("name a single heap: `one heap h`, `heap i`, `the other heap h`"),
        );
        return None;
    }
    Some(LSelKind::NextTo {
        slot,
        circle: layout == Layout::Circle,
        each,
    })
}
