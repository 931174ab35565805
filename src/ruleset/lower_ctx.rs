//! What the lowering passes share: the names of heaps bound to slots, the selections of a
//! move so far ([`SelState`]), and the diagnostics several passes word the same way (a name
//! defined twice, a count that must fit in `u32`, a step not allowed with named heaps). A leaf
//! of the lowering: the passes (`check.rs`, `lower_move.rs`, `lower_step.rs`, `claims.rs`,
//! `family.rs`, ...) import it, it imports none of them.

use super::compile::{Binding, Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_place::Layout;
use super::program::ShapeSpec;
use super::value::Value;
use crate::syntax::ast::{Ident, Span};

/// `id` defined again; `first` is its first definition, labelled too.
pub(super) fn duplicate(id: &Ident, first: Option<&Ident>, what: &str) -> Diag {
    let d = Diag::new(
        Code::Duplicate,
        id.span.clone(),
        format!("the {what} `{}` is defined twice", id.name),
        "defined again here",
    )
    .help("give it another name");
    match first {
        Some(f) => d.also(f.span.clone(), "first defined here"),
        None => d,
    }
}

/// The value of a count or bound as a `u32`, or a diagnostic (`what` names it).
pub(super) fn nonneg_u32(
    diags: &mut Vec<Diag>,
    v: Option<Value>,
    sp: &Span,
    what: &str,
) -> Option<u32> {
    match v? {
        Value::Int(n) => match u32::try_from(n) {
            Ok(k) => Some(k),
            Err(_) => {
                diags.push(
                    Diag::new(
                        Code::Range,
                        sp.clone(),
                        format!("{what} must be between 0 and {}, not {n}", u32::MAX),
                        "out of range",
                    )
                    .help("use a smaller, non-negative value"),
                );
                None
            }
        },
        other => {
            diags.push(super::compile::type_error(
                sp,
                "an integer",
                other.ty(),
                what,
            ));
            None
        }
    }
}

/// Binds named heaps (`heaps (x, y)`) to integer slots, filled from the position when a move
/// or claim is evaluated; returns (slot, index in the position) pairs.
pub(super) fn bind_heap_names(
    shape: &ShapeSpec,
    scope: &mut Scope,
    slots: &mut Slots,
) -> Vec<(usize, usize)> {
    let mut fills = Vec::new();
    if let Some(names) = &shape.names {
        for (i, n) in names.iter().enumerate() {
            let slot = slots.int();
            scope.push(n, Binding::Int(slot));
            fills.push((slot, i));
        }
    }
    fills
}

/// What the lowering of a move knows of its selections so far.
pub(super) struct SelState {
    /// The selection slot of the step before (for `it` / `them`).
    pub(super) last: Option<usize>,
    /// The fixed number of heaps of each selection slot, when fixed.
    pub(super) counts: Vec<Option<usize>>,
    /// The change in the number of heaps made so far, while every selection has a fixed size.
    pub(super) net: Option<i64>,
    /// How the heaps are laid out (for `heap i` and `k consecutive heaps`).
    pub(super) layout: Layout,
}

/// `delete` or `split` in a ruleset whose heaps have names.
pub(super) fn not_with_names(sp: &Span, what: &str) -> Diag {
    Diag::new(
        Code::NotAllowed,
        sp.clone(),
        format!("`{what}` is not available when heaps have names"),
        "in a ruleset with named heaps",
    )
    .help("use `heaps k` (unnamed heaps) for games that delete or split heaps")
}
