//! The one-heap family: a clause that selects one heap and then acts only on it (its later
//! steps refer to that heap), reading only that heap and its own amounts. A ruleset whose
//! every clause is of it is a disjunctive sum of its heaps (`solver::sum`).

use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// A set that is exactly `{1}`.
fn is_one(set: &SetValue) -> bool {
    set.single() == Some(1)
}

/// Whether a move selects one heap, then acts only on it (by references), reading only that
/// heap and its own amounts; otherwise the step to blame and why.
pub fn one_heap(shape: &ShapeSpec, m: &MoveProgram) -> Result<(), (Span, &'static str)> {
    let no_reads: &[usize] = &[];
    for (c, _) in &m.guards {
        if !reads_only(c, &mut no_reads.to_vec(), &[]) {
            return Err((
                c.span.clone(),
                "its condition reads the position, not one heap",
            ));
        }
    }
    if !m.heap_names.is_empty() {
        return Err((m.span.clone(), "it reads named heaps"));
    }
    let Some(first) = m.steps.first() else {
        return Err((m.span.clone(), "it has no steps"));
    };
    let LSelKind::Count(set) = &first.sel.kind else {
        return Err((
            first.span.clone(),
            "it does not start by selecting one heap",
        ));
    };
    if !is_one(set) || first.sel.list_slot.is_some() {
        return Err((first.span.clone(), "it selects more than one heap"));
    }
    // Selections recorded by the move's own steps (all of them on the one heap).
    let mut recorded: Vec<usize> = first.sel.record.into_iter().collect();
    let mut ints: Vec<usize> = first.sel.int_slot.into_iter().collect();
    let mut lists: Vec<usize> = Vec::new();
    for (k, st) in m.steps.iter().enumerate() {
        if k > 0 {
            match &st.sel.kind {
                LSelKind::Ref(slot) if recorded.contains(slot) => {}
                _ => return Err((st.span.clone(), "this step selects another heap")),
            }
            recorded.extend(st.sel.record);
            ints.extend(st.sel.int_slot);
            if st.sel.list_slot.is_some() {
                return Err((st.span.clone(), "this step names several heaps"));
            }
        }
        let cond = match &st.kind {
            LStepKind::Take(amount, cond) => {
                match amount {
                    LAmount::Each(_) => {}
                    LAmount::Same(_, slot) => ints.extend(slot),
                    LAmount::Named(names) if names.len() == 1 => ints.push(names[0].0),
                    LAmount::Named(_) => {
                        return Err((st.span.clone(), "it names amounts for several heaps"))
                    }
                    LAmount::List(slot, _) => lists.push(*slot),
                    LAmount::Computed(form, sets) => {
                        if let Some(x) = sets.iter().find(|x| !reads_only(x, &mut ints, &lists)) {
                            return Err((
                                x.span.clone(),
                                "this amount reads other heaps or the position",
                            ));
                        }
                        match &**form {
                            LAmount::Same(_, slot) => ints.extend(slot),
                            LAmount::Named(names) if names.len() == 1 => ints.push(names[0].0),
                            LAmount::Named(_) => {
                                return Err((st.span.clone(), "it names amounts for several heaps"))
                            }
                            LAmount::List(slot, _) => lists.push(*slot),
                            LAmount::Each(_) | LAmount::Computed(..) => {}
                        }
                    }
                }
                cond.as_ref()
            }
            LStepKind::Keep(cond) => cond.as_ref(),
            LStepKind::Lower(_) => None,
            // A heap that grows may outgrow the sequence of values being computed.
            LStepKind::Add(..) => return Err((st.span.clone(), "it adds tokens to a heap")),
            // Removing or splitting a heap changes the number of heaps: a sum only when heaps
            // may come and go.
            LStepKind::Delete | LStepKind::Split { .. } => {
                if shape.count.is_some() {
                    return Err((
                        st.span.clone(),
                        "it changes the number of heaps of a fixed-size position",
                    ));
                }
                None
            }
        };
        if let Some(c) = cond {
            if !reads_only(c, &mut ints, &lists) {
                return Err((
                    c.span.clone(),
                    "this condition reads other heaps or the position",
                ));
            }
        }
    }
    Ok(())
}

/// Whether `e` reads no slot but `ints`/`lists` (and its own quantified variables) and not
/// the position.
fn reads_only(e: &CExpr, ints: &mut Vec<usize>, lists: &[usize]) -> bool {
    match &e.kind {
        CKind::Const(_) => true,
        CKind::IntSlot(s) => ints.contains(s),
        CKind::ListSlot(s) => lists.contains(s),
        CKind::Heaps | CKind::HeapTest(..) => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => reads_only(a, ints, lists),
        CKind::Bin(_, a, b) => reads_only(a, ints, lists) && reads_only(b, ints, lists),
        CKind::Range(a, b) => {
            reads_only(a, ints, lists) && b.as_ref().is_none_or(|b| reads_only(b, ints, lists))
        }
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => {
            args.iter().all(|a| reads_only(a, ints, lists))
        }
        CKind::Index(a, b) => reads_only(a, ints, lists) && reads_only(b, ints, lists),
        CKind::Quant(_, var, over, body) | CKind::ListComp(var, over, body) => {
            if !reads_only(over, ints, lists) {
                return false;
            }
            ints.push(*var);
            let ok = reads_only(body, ints, lists);
            ints.pop();
            ok
        }
    }
}
