//! The one-heap family: a clause that selects one heap and then acts only on it (its later
//! steps refer to that heap), reading only that heap and its own amounts. A ruleset whose
//! every clause is of it is a disjunctive sum of its heaps (`solver::sum`).

use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram, ShapeSpec};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// A set that is exactly `{1}`.
fn is_one(set: &SetValue) -> bool {
    set.single() == Some(1)
}

/// Why a move is not of the one-heap family: the step or expression to blame and the reason.
type NotOneHeap = (Span, &'static str);

/// The slots a one-heap move has bound so far, all of them on its one heap: the selections
/// recorded, the integer slots (the heap's size, named amounts) and the lists of amounts.
#[derive(Default)]
struct Bound {
    /// Selection slots recorded by the move's steps.
    recorded: Vec<usize>,
    /// Integer slots its expressions may read.
    ints: Vec<usize>,
    /// List slots its expressions may read.
    lists: Vec<usize>,
}

/// Whether a move selects one heap, then acts only on it (by references), reading only that
/// heap and its own amounts; otherwise the step to blame and why.
pub fn one_heap(shape: &ShapeSpec, m: &MoveProgram) -> Result<(), NotOneHeap> {
    guards_read_nothing(m)?;
    let mut bound = first_selection(m)?;
    for (k, st) in m.steps.iter().enumerate() {
        if k > 0 {
            later_selection(st, &mut bound)?;
        }
        if let Some(c) = step_condition(shape, st, &mut bound)? {
            if !reads_only(c, &mut bound.ints, &bound.lists) {
                return Err((
                    c.span.clone(),
                    "this condition reads other heaps or the position",
                ));
            }
        }
    }
    Ok(())
}

/// The move's guards read no slot and not the position, and it names no heaps.
fn guards_read_nothing(m: &MoveProgram) -> Result<(), NotOneHeap> {
    for (c, _) in &m.guards {
        if !reads_only(c, &mut Vec::new(), &[]) {
            return Err((
                c.span.clone(),
                "its condition reads the position, not one heap",
            ));
        }
    }
    if !m.heap_names.is_empty() {
        return Err((m.span.clone(), "it reads named heaps"));
    }
    if let Some(after) = &m.after {
        return Err((
            after.conds[0].span.clone(),
            "this condition reads the position after the move",
        ));
    }
    if m.must_change {
        return Err((
            m.span.clone(),
            "its `set` may keep a heap's size, and then the move is compared with the position",
        ));
    }
    Ok(())
}

/// The first step selects exactly one heap; the slots it binds.
fn first_selection(m: &MoveProgram) -> Result<Bound, NotOneHeap> {
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
    Ok(Bound {
        recorded: first.sel.record.into_iter().collect(),
        ints: first.sel.int_slot.into_iter().collect(),
        lists: Vec::new(),
    })
}

/// A later step refers to the heap already chosen; the slots it binds are added.
fn later_selection(st: &LStep, bound: &mut Bound) -> Result<(), NotOneHeap> {
    match &st.sel.kind {
        LSelKind::Ref(slot) if bound.recorded.contains(slot) => {}
        _ => return Err((st.span.clone(), "this step selects another heap")),
    }
    bound.recorded.extend(st.sel.record);
    bound.ints.extend(st.sel.int_slot);
    if st.sel.list_slot.is_some() {
        return Err((st.span.clone(), "this step names several heaps"));
    }
    Ok(())
}

/// A step's action keeps to its heap and to the position's heap count; its condition, if any.
fn step_condition<'m>(
    shape: &ShapeSpec,
    st: &'m LStep,
    bound: &mut Bound,
) -> Result<Option<&'m CExpr>, NotOneHeap> {
    match &st.kind {
        LStepKind::Take(amount, cond) => {
            take_amount(st, amount, bound)?;
            Ok(cond.as_ref())
        }
        LStepKind::Keep(cond) => Ok(cond.as_ref()),
        LStepKind::Lower(_) => Ok(None),
        LStepKind::SplitEqual(_) => Err((
            st.span.clone(),
            "its number of equal parts is computed as it is played",
        )),
        // A heap that grows may outgrow the sequence of values being computed.
        LStepKind::Add(..) => Err((st.span.clone(), "it adds tokens to a heap")),
        // Removing or splitting a heap changes the number of heaps: a sum only when heaps
        // may come and go.
        LStepKind::Delete | LStepKind::Split { .. } => {
            if shape.count.is_some() {
                return Err((
                    st.span.clone(),
                    "it changes the number of heaps of a fixed-size position",
                ));
            }
            Ok(None)
        }
    }
}

/// A `take` amount names at most the one heap's amount and, when computed, reads only the
/// slots bound so far; the slots it binds are added.
fn take_amount(st: &LStep, amount: &LAmount, bound: &mut Bound) -> Result<(), NotOneHeap> {
    let form = match amount {
        LAmount::Computed(form, sets) => {
            if let Some(x) = sets
                .iter()
                .find(|x| !reads_only(x, &mut bound.ints, &bound.lists))
            {
                return Err((
                    x.span.clone(),
                    "this amount reads other heaps or the position",
                ));
            }
            &**form
        }
        _ => amount,
    };
    match form {
        LAmount::Same(_, slot) => bound.ints.extend(slot),
        LAmount::Named(names) if names.len() == 1 => bound.ints.push(names[0].0),
        LAmount::Named(_) => return Err((st.span.clone(), "it names amounts for several heaps")),
        LAmount::List(slot, _) => bound.lists.push(*slot),
        LAmount::Each(_) | LAmount::Computed(..) => {}
    }
    Ok(())
}

/// Whether `e` reads no slot but `ints`/`lists` (and its own quantified variables) and not
/// the position.
pub(crate) fn reads_only(e: &CExpr, ints: &mut Vec<usize>, lists: &[usize]) -> bool {
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
        CKind::If(c, a, b) => {
            reads_only(c, ints, lists) && reads_only(a, ints, lists) && reads_only(b, ints, lists)
        }
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
