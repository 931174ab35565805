//! The shape of a position lowered: the `heaps` line (`heaps 2`, `heaps any`, `heaps (x, y)`,
//! `heaps n in a row`, `..., each >= L`) into a [`ShapeSpec`], exactly one such line.

use super::compile::{Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_ctx::{duplicate, nonneg_u32};
use super::lower_place::row_shape;
use super::program::ShapeSpec;
use crate::syntax::ast::{Ident, Ruleset, Shape, ShapeKind};

/// The shape of the ruleset from its `heaps` lines (`shapes`, in order): none or a second one
/// is a problem.
pub(super) fn the_shape(
    rs: &Ruleset,
    shapes: &[&Shape],
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) -> Option<ShapeSpec> {
    match shapes {
        [] => {
            diags.push(
                Diag::new(
                    Code::MissingShape,
                    rs.span.start..rs.span.start + 7,
                    "the ruleset has no `heaps` line",
                    "in this ruleset",
                )
                .help("say what a position is: `heaps 2`, `heaps any` or `heaps n, each >= 1`"),
            );
            None
        }
        [s, rest @ ..] => {
            for extra in rest {
                diags.push(
                    Diag::new(
                        Code::Duplicate,
                        extra.span.clone(),
                        "a second `heaps` line",
                        "the shape is given again",
                    )
                    .also(s.span.clone(), "first given here")
                    .help("keep one `heaps` line"),
                );
            }
            lower_shape(s, scope, slots, diags)
        }
    }
}

/// One `heaps` line lowered.
fn lower_shape(
    s: &Shape,
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) -> Option<ShapeSpec> {
    let mut c = Compiler::new(diags, slots);
    let lower = match &s.lower {
        Some(e) => {
            let v = c.constant(e, scope);
            nonneg_u32(c.diags, v, &e.span, "a lower bound")?
        }
        None => 0,
    };
    match &s.kind {
        ShapeKind::Any => Some(ShapeSpec {
            count: None,
            names: None,
            lower,
        }),
        ShapeKind::Count(e) => {
            let v = c.constant(e, scope);
            let k = nonneg_u32(c.diags, v, &e.span, "a number of heaps")?;
            if k == 0 {
                c.diags.push(
                    Diag::new(
                        Code::Range,
                        e.span.clone(),
                        "a position needs at least one heap",
                        "zero heaps",
                    )
                    .help("write `heaps 1` or more, or `heaps any`"),
                );
                return None;
            }
            Some(ShapeSpec {
                count: Some(k as usize),
                names: None,
                lower,
            })
        }
        ShapeKind::Named(names) => {
            let mut seen: Vec<&Ident> = Vec::new();
            for n in names {
                if let Some(first) = seen.iter().find(|f| f.name == n.name) {
                    c.diags.push(duplicate(n, Some(first), "heap name"));
                    return None;
                }
                seen.push(n);
            }
            Some(ShapeSpec {
                count: Some(names.len()),
                names: Some(names.iter().map(|n| n.name.clone()).collect()),
                lower,
            })
        }
        ShapeKind::Row { count, .. } => {
            let v = c.constant(count, scope);
            let k = nonneg_u32(c.diags, v, &count.span, "a number of heaps")?;
            row_shape(c.diags, k, &count.span, lower)
        }
    }
}
