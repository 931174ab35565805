//! One `move` lowered into [`MoveProgram`]s: its `for` clauses expanded into instances (at
//! most [`MAX_MOVE_INSTANCES`]), each `set` step made three clauses (the heap shrinks, grows
//! or keeps its size), and each instance's guards and steps lowered, with the check that a move keeps a
//! fixed number of heaps.

use super::compile::{type_error, Binding, Compiler, Scope, Slots};
use super::diag::{Code, Diag};
use super::lower_add::lower_shift;
use super::lower_after::{bind_after, split_after};
use super::lower_ctx::{bind_heap_names, SelState};
use super::lower_place::Layout;
use super::lower_set::{lower_set, set_after_change, Way, MAX_SET_STEPS};
use super::lower_step::lower_step;
use super::program::{MoveProgram, ShapeSpec};
use super::value::{SetValue, Type, Value};
use crate::syntax::ast::{Expr, Ident, MoveDef, StepKind};

/// The most moves the `for` clauses of one `move` may make (all clauses together).
const MAX_MOVE_INSTANCES: usize = 10_000;

/// Lowers a move (written out of `octal` first) into `out`, one program per instance and
/// choice of the ways its `set` steps change their heaps; problems go to `diags`.
pub(super) fn lower_move(
    m: &MoveDef,
    shape: &ShapeSpec,
    layout: Layout,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    out: &mut Vec<MoveProgram>,
) {
    let Some(instances) = expand_fors(m, scope, diags) else {
        return;
    };
    // Each `set` step makes three clauses: the heap shrinks, grows or keeps its size.
    let sets = m
        .steps
        .iter()
        .filter(|st| matches!(st.kind, StepKind::Set { .. }))
        .count();
    if sets > MAX_SET_STEPS {
        diags.push(
            Diag::new(
                Code::Range,
                m.span.clone(),
                format!("this move has {sets} `set` steps"),
                "too many",
            )
            .help(format!(
                "a move may have at most {MAX_SET_STEPS} `set` steps"
            )),
        );
        return;
    }
    if sets > 0 && !set_after_change(&m.steps, diags) {
        return;
    }
    // A move of `set` steps alone that all keep their heaps changes nothing: no clause.
    let only_sets = sets == m.steps.len();
    for inst in instances {
        for ways in set_ways(sets) {
            if only_sets && ways.iter().all(|&w| w == Way::Keep) {
                continue;
            }
            let mark = scope.mark();
            for (n, v) in &inst {
                scope.push(n, Binding::Const(Value::Int(*v)));
            }
            let lowered = lower_instance(m, shape, layout, scope, diags, inst.clone(), &ways);
            if let Some(p) = lowered {
                out.push(p);
            }
            scope.truncate(mark);
        }
    }
}

/// Every choice of a [`Way`] for each of `sets` `set` steps (one empty choice for none).
fn set_ways(sets: usize) -> Vec<Vec<Way>> {
    let mut all = vec![Vec::new()];
    for _ in 0..sets {
        all = all
            .into_iter()
            .flat_map(|w: Vec<Way>| {
                Way::ALL.into_iter().map(move |x| {
                    let mut w = w.clone();
                    w.push(x);
                    w
                })
            })
            .collect();
    }
    all
}

/// The instances of a move: the values of its `for` variables, every combination (one empty
/// instance without `for`); `None` after a problem.
fn expand_fors(
    m: &MoveDef,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
) -> Option<Vec<Vec<(String, i64)>>> {
    let mut instances: Vec<Vec<(String, i64)>> = vec![Vec::new()];
    for (var, range) in &m.fors {
        let mut slots = Slots::default();
        let mut c = Compiler::new(diags, &mut slots);
        let mut next = Vec::new();
        for inst in &instances {
            let mark = scope.mark();
            for (n, v) in inst {
                scope.push(n, Binding::Const(Value::Int(*v)));
            }
            let v = c.constant(range, scope);
            scope.truncate(mark);
            let members = for_members(&mut c, var, range, &v?, instances.len())?;
            let made = members.len().saturating_mul(instances.len().max(1));
            if made > MAX_MOVE_INSTANCES {
                c.diags.push(too_many(var, range, made as i128));
                return None;
            }
            for x in members {
                let mut i2 = inst.clone();
                i2.push((var.name.clone(), x));
                next.push(i2);
            }
        }
        instances = next;
    }
    Some(instances)
}

/// The members of the set a `for` runs over, refused when unbounded or, with the `instances`
/// made so far, too many.
fn for_members(
    c: &mut Compiler<'_>,
    var: &Ident,
    range: &Expr,
    v: &Value,
    instances: usize,
) -> Option<Vec<i64>> {
    // The number of members, known before listing them (a range may be enormous).
    let size: Option<i128> = match v {
        Value::Set(SetValue::Range(a, Some(b))) => {
            Some((i128::from(*b) - i128::from(*a) + 1).max(0))
        }
        _ => None,
    };
    let total = size.map(|n| n * instances as i128);
    if let Some(t) = total.filter(|&t| t > MAX_MOVE_INSTANCES as i128) {
        c.diags.push(too_many(var, range, t));
        return None;
    }
    Some(match v {
        Value::Set(s) if s.is_finite() => {
            let mut buf = Vec::new();
            if s.members_upto(i64::MAX, &mut buf).is_err() {
                return None;
            }
            buf
        }
        Value::Set(SetValue::Ints(_)) | Value::Set(SetValue::Tuples(_)) => Vec::new(),
        Value::Set(_) => {
            c.diags.push(
                Diag::new(
                    Code::Unbounded,
                    range.span.clone(),
                    format!("`for {}` runs over an unbounded set", var.name),
                    "no upper end",
                )
                .help("give the range an upper end, such as `1..n/2`"),
            );
            return None;
        }
        Value::Int(n) => vec![*n],
        other => {
            c.diags.push(type_error(
                &range.span,
                "a set of integers",
                other.ty(),
                "`for`",
            ));
            return None;
        }
    })
}

/// `for` clauses that make `made` moves, more than [`MAX_MOVE_INSTANCES`].
fn too_many(var: &Ident, range: &Expr, made: i128) -> Diag {
    Diag::new(
        Code::Range,
        range.span.clone(),
        format!("`for {}` makes {made} moves", var.name),
        "too many",
    )
    .help(format!(
        "the `for` clauses of a move may make at most {MAX_MOVE_INSTANCES} moves"
    ))
}

/// One instance of a move lowered; `ways` says how each `set` step changes its heap.
fn lower_instance(
    m: &MoveDef,
    shape: &ShapeSpec,
    layout: Layout,
    scope: &mut Scope,
    diags: &mut Vec<Diag>,
    instance: Vec<(String, i64)>,
    ways: &[Way],
) -> Option<MoveProgram> {
    let before = diags.len();
    let mut slots = Slots::default();
    let mark = scope.mark();
    let fills = bind_heap_names(shape, scope, &mut slots);
    let mut guards = Vec::new();
    for g in &m.guards {
        let mut c = Compiler::at_position(diags, &mut slots);
        if let Some(e) = c.expect(&g.cond, scope, Type::Bool, "a guard") {
            guards.push((e, g.negated));
        }
    }
    // `after` is bound for the steps only (guards are checked before any move is made).
    let after_slot = bind_after(scope, &mut slots);
    let mut steps = Vec::new();
    let mut sels = SelState {
        last: None,
        counts: Vec::new(),
        net: Some(0),
        layout,
    };
    let mut set_steps = 0;
    for st in &m.steps {
        if let StepKind::Set { .. } = &st.kind {
            let way = ways[set_steps];
            set_steps += 1;
            if way == Way::Up && super::lower_set::never_raises(st, scope, (shape, &fills)) {
                // The clause where this heap grows has no move.
                scope.truncate(mark);
                return None;
            }
            if let Some(ls) = lower_set(st, way, shape, scope, diags, &mut slots, &mut sels) {
                steps.push(ls);
            }
        } else if let StepKind::Shift { .. } = &st.kind {
            if let Some(two) = lower_shift(st, shape, scope, diags, &mut slots, &mut sels) {
                steps.extend(two);
            }
        } else if let Some(ls) = lower_step(st, shape, scope, diags, &mut slots, &mut sels) {
            steps.push(ls);
        }
    }
    let net = sels.net;
    scope.truncate(mark);
    let after = after_slot.and_then(|slot| split_after(&mut steps, slot, diags));
    if diags.len() > before {
        return None;
    }
    if let (Some(k), Some(n)) = (shape.count, net) {
        if n != 0 {
            diags.push(heap_count_changed(m, k, n, &instance));
            return None;
        }
    }
    // A ruleset may have 100,000 clauses: each keeps only the room it uses.
    guards.shrink_to_fit();
    steps.shrink_to_fit();
    Some(MoveProgram {
        guards,
        steps,
        int_slots: slots.ints,
        list_slots: slots.lists,
        sel_slots: slots.sels,
        span: m.span.clone(),
        instance,
        heap_names: fills,
        must_change: ways.contains(&Way::Keep),
        after,
    })
}

/// A move that changes the number of heaps by `n` where positions have exactly `k`.
fn heap_count_changed(m: &MoveDef, k: usize, n: i64, instance: &[(String, i64)]) -> Diag {
    // k is at most u32::MAX (a checked heap count), so `k + n` is exact in i128.
    let left = k as i128 + i128::from(n);
    let inst = if instance.is_empty() {
        String::new()
    } else {
        format!(
            " (with {})",
            instance
                .iter()
                .map(|(n, v)| format!("{n} = {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Diag::new(
        Code::HeapCount,
        m.span.clone(),
        format!(
            "this move leaves {left} heap{}{inst}, but positions have exactly {k}",
            if left == 1 { "" } else { "s" }
        ),
        "changes the number of heaps",
    )
    .help("with `heaps k`, every move must leave k heaps: delete as many heaps as the splits add")
}
