//! Lowering of `positions where C`: the condition compiled against the position (`heaps` and
//! the names of named heaps) into a [`PositionRule`]. At most one such item per ruleset.

use super::compile::{Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_ctx::bind_heap_names;
use super::program::{PositionRule, ShapeSpec};
use super::value::Type;
use crate::syntax::ast::{Item, Ruleset};

/// The ruleset's `positions where` rule, if it has one; problems go to `diags`.
pub(super) fn lower_positions(
    rs: &Ruleset,
    shape: Option<&ShapeSpec>,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<PositionRule> {
    let items: Vec<_> = rs
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Positions(p) => Some(p),
            _ => None,
        })
        .collect();
    let (first, rest) = items.split_first()?;
    for extra in rest {
        diags.push(
            Diag::new(
                Code::Duplicate,
                extra.span.clone(),
                "a second `positions where`",
                "the positions are restricted again",
            )
            .also(first.span.clone(), "first given here")
            .help("join the conditions with `and` in one `positions where`"),
        );
    }
    let shape = shape?;
    let mut slots = Slots::default();
    let mark = scope.mark();
    let heap_names = bind_heap_names(shape, scope, &mut slots);
    let mut c = Compiler::at_position(diags, &mut slots);
    let cond = c.expect(&first.cond, scope, Type::Bool, "`positions where`");
    scope.truncate(mark);
    Some(PositionRule {
        cond: cond?,
        int_slots: slots.ints,
        list_slots: slots.lists,
        heap_names,
        span: first.span.clone(),
    })
}
