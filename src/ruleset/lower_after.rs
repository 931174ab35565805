//! `after`: the position after the move, as a list (canonical, as `heaps` is), read in a
//! `where` condition: `take 1.. from one heap where all(i in 1..len(after) - 1: after[i - 1] !=
//! after[i])` moves only to positions without two equal heaps. The name is bound to a list slot
//! of the move while its steps are lowered; a condition that reads it is taken out of its step
//! and checked on each follower, with the move's names as the move left them
//! ([`super::program::MoveProgram::after`]); an amount may not read it (the position after the
//! move is not known while the amounts are chosen).

use super::compile::{Binding, Scope, Slots};
use super::diag::{Code, Diag};
use super::expr::{CExpr, CKind};
use super::program::{AfterRule, LAmount, LStep, LStepKind};

/// The name of the position after the move.
pub(super) const AFTER: &str = "after";

/// Binds [`AFTER`] to a new list slot, unless the ruleset gave the name a meaning of its own
/// (a parameter, a `let`, a function), which then stands.
pub(super) fn bind_after(scope: &mut Scope, slots: &mut Slots) -> Option<usize> {
    if scope.get(AFTER).is_some() {
        return None;
    }
    let slot = slots.list();
    scope.push(AFTER, Binding::List(slot));
    Some(slot)
}

/// Takes the conditions of `steps` that read the list slot `slot` out of their steps, into the
/// move's [`AfterRule`] (`None` when none does); an amount that reads it is reported.
pub(super) fn split_after(
    steps: &mut [LStep],
    slot: usize,
    diags: &mut Vec<Diag>,
) -> Option<AfterRule> {
    let mut conds = Vec::new();
    for st in steps.iter_mut() {
        let (amount, cond) = match &mut st.kind {
            LStepKind::Take(a, c) | LStepKind::Add(a, c) => (Some(&*a), c),
            LStepKind::Keep(c) => (None, c),
            _ => continue,
        };
        if let Some(LAmount::Computed(_, exprs)) = amount {
            if let Some(e) = exprs.iter().find(|e| reads_list(e, slot)) {
                diags.push(
                    Diag::new(
                        Code::NotAllowed,
                        e.span.clone(),
                        "`after` is not known while the amounts are chosen",
                        "reads the position after the move",
                    )
                    .help(
                        "read `after` in a `where` condition: `take 1.. from one heap where ...`",
                    ),
                );
            }
        }
        if cond.as_ref().is_some_and(|c| reads_list(c, slot)) {
            conds.extend(cond.take());
        }
    }
    (!conds.is_empty()).then_some(AfterRule { slot, conds })
}

/// Whether `e` reads the list slot `slot`.
fn reads_list(e: &CExpr, slot: usize) -> bool {
    let r = |x: &CExpr| reads_list(x, slot);
    match &e.kind {
        CKind::ListSlot(s) => *s == slot,
        CKind::Const(_) | CKind::IntSlot(_) | CKind::Heaps => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) | CKind::HeapTest(_, a) => r(a),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => r(a) || r(b),
        CKind::Range(a, b) => r(a) || b.as_deref().is_some_and(r),
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => args.iter().any(r),
        CKind::Quant(_, _, a, b) | CKind::ListComp(_, a, b) => r(a) || r(b),
        CKind::If(c, a, b) => r(c) || r(a) || r(b),
    }
}
