//! Guards (`move when C`, `move unless C`) on the cells of the cube: a heap test on a constant
//! set (`any heap in B`) becomes a table over the heap sizes, computed once; any other guard is
//! evaluated on the canonical position of the cell.

use crate::moves::program::ShapeSpec;
use crate::moves::Interrupt;
use crate::ruleset::expr::{CExpr, CKind, Env};
use crate::ruleset::value::Value;
use crate::syntax::ast::HeapTestKind;

/// A compiled guard.
#[derive(Debug)]
pub(super) enum Guard {
    /// `any`/`all`/`no heap in S` for a constant `S`: `member[c]` for the coordinate `c`.
    HeapTest {
        /// Which test.
        kind: HeapTestKind,
        /// Whether heap size `base + c` is in the set.
        member: Vec<bool>,
        /// `unless` instead of `when`.
        negated: bool,
    },
    /// Any other condition on the position.
    Expr {
        /// The condition.
        expr: CExpr,
        /// `unless` instead of `when`.
        negated: bool,
        /// Integer and list slots the move uses.
        slots: (usize, usize),
        /// Slots filled from named heaps: (slot, index in the position).
        heap_names: Vec<(usize, usize)>,
    },
}

/// Compiles one guard of a move on heap sizes `base..=base + top`.
pub(super) fn compile_guard(
    g: &CExpr,
    negated: bool,
    base: u32,
    top: i64,
    slots: (usize, usize),
    heap_names: &[(usize, usize)],
) -> Option<Guard> {
    if let CKind::HeapTest(kind, set) = &g.kind {
        if let CKind::Const(Value::Set(s)) = &set.kind {
            let mut member = Vec::new();
            for c in 0..=top {
                member.push(s.contains(i64::from(base) + c).ok()?);
            }
            return Some(Guard::HeapTest {
                kind: *kind,
                member,
                negated,
            });
        }
    }
    Some(Guard::Expr {
        expr: g.clone(),
        negated,
        slots,
        heap_names: heap_names.to_vec(),
    })
}

/// Working memory of guard evaluation, and the run's stop check (asked inside a guard's
/// quantifiers, which may run over millions of values at every cell).
#[derive(Default)]
pub(super) struct GuardScratch {
    pos: Vec<u32>,
    ints: Vec<i64>,
    lists: Vec<Vec<i64>>,
    stop: Option<Interrupt>,
}

impl GuardScratch {
    /// Scratch whose guards ask `stop` now and then.
    pub(super) fn new(stop: Option<Interrupt>) -> GuardScratch {
        GuardScratch {
            stop,
            ..GuardScratch::default()
        }
    }

    /// Whether the run's stop check says to stop (a guard that could not be evaluated was
    /// then interrupted, not wrong).
    pub(super) fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|f| f())
    }
}

impl Guard {
    /// Whether the guard allows moves at the cell with coordinates `c`; `None` when it could
    /// not be evaluated.
    pub fn allows(
        &self,
        c: &[usize],
        shape: &ShapeSpec,
        base: u32,
        s: &mut GuardScratch,
    ) -> Option<bool> {
        match self {
            Guard::HeapTest {
                kind,
                member,
                negated,
            } => {
                let (mut any, mut all) = (false, true);
                for &x in c {
                    // An empty heap of `heaps any` is not in the position.
                    if x == 0 && shape.drops_zeros() {
                        continue;
                    }
                    any |= member[x];
                    all &= member[x];
                }
                let v = match kind {
                    HeapTestKind::Any => any,
                    HeapTestKind::All => all,
                    HeapTestKind::No => !any,
                };
                Some(v != *negated)
            }
            Guard::Expr {
                expr,
                negated,
                slots,
                heap_names,
            } => {
                s.pos.clear();
                for &x in c {
                    if x == 0 && shape.drops_zeros() {
                        continue;
                    }
                    s.pos.push(base + x as u32);
                }
                if shape.symmetric() {
                    s.pos.sort_unstable();
                }
                s.ints.clear();
                s.ints.resize(slots.0, 0);
                s.lists.resize_with(slots.1, Vec::new);
                for &(slot, i) in heap_names {
                    s.ints[slot] = i64::from(*s.pos.get(i)?);
                }
                let mut env = Env {
                    heaps: &s.pos,
                    ints: &mut s.ints,
                    lists: &s.lists,
                    stop: s.stop.as_deref(),
                };
                let v = expr.eval_bool(&mut env).ok()?;
                Some(v != *negated)
            }
        }
    }
}
