//! The take-and-break rules a sum's moves are recognised as ([`TakeBreak`]): per move clause,
//! the amounts taken and what is left (one heap, nothing, a non-empty rest, two or three
//! parts), read from the lowered move programs by `moves::family`. The kernel
//! (`kernel.rs`) and the rare/common engine (`rare.rs`) compute from these alone.

use crate::moves::family::{self, Family, Split, Take};
use crate::moves::program::{LAmount, MoveProgram};
use crate::moves::Generator;
use crate::ruleset::value::SetValue;

/// What remains of a heap after the amount is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The rest stays as one heap (none when nothing is left).
    One,
    /// Only when nothing is left (octal bit 1 alone).
    Nothing,
    /// Only when something is left, as one heap (octal bit 2 alone).
    Rest,
    /// The rest is split into two parts, each at least `min_part`; `distinct`: the two parts
    /// must differ.
    Two {
        /// 1 for non-empty parts, 0 when parts may be empty.
        min_part: u32,
        /// The two parts must have different sizes.
        distinct: bool,
    },
    /// The rest is split into three parts, each at least `min_part` (hexadecimal bit 8).
    Three {
        /// 1 for non-empty parts, 0 when parts may be empty.
        min_part: u32,
    },
}

/// One move clause: the amounts that may be taken, and what is left.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The amounts (a set of integers >= 0).
    pub takes: SetValue,
    /// What is left.
    pub leave: Leave,
}

/// A take-and-break game recognised from its lowered moves.
#[derive(Clone, Debug)]
pub struct TakeBreak {
    /// One clause per move program.
    pub clauses: Vec<Clause>,
}

impl TakeBreak {
    /// The rules of a ruleset whose every move is one of the recognised forms (the ruleset
    /// must already be a sum); `None` otherwise.
    pub fn of(g: &Generator) -> Option<TakeBreak> {
        let clauses = g
            .moves
            .iter()
            .map(|m| clause_of(m, g.shape.count.is_none()))
            .collect::<Option<Vec<_>>>()?;
        let rules = TakeBreak { clauses };
        // The sets of pairs kept for three parts assume one least part.
        let mut mins = rules.clauses.iter().filter_map(|c| match c.leave {
            Leave::Three { min_part } => Some(min_part),
            _ => None,
        });
        let first = mins.next();
        if mins.any(|m| Some(m) != first) {
            return None;
        }
        Some(rules)
    }

    /// The least part of a split in three, when some move makes one.
    pub(crate) fn three_min(&self) -> Option<u32> {
        self.clauses.iter().find_map(|c| match c.leave {
            Leave::Three { min_part } => Some(min_part),
            _ => None,
        })
    }

    /// The largest amount any move takes, when every set of amounts is finite.
    pub(crate) fn largest_take(&self) -> Option<u32> {
        let mut t = 0;
        for c in &self.clauses {
            if !c.takes.is_finite() {
                return None;
            }
            // The largest member a heap can use, found without listing the set
            // (`take 1..10^12`).
            let top = c.takes.largest_upto(i64::from(u32::MAX)).unwrap_or(0);
            t = t.max(u32::try_from(top).ok()?);
        }
        Some(t)
    }

    /// Whether some move splits a heap.
    pub fn splits(&self) -> bool {
        self.parts() > 1
    }

    /// The most heaps a move leaves of one heap: 1 (no split), 2 or 3.
    pub fn parts(&self) -> u32 {
        self.clauses
            .iter()
            .map(|c| match c.leave {
                Leave::Three { .. } => 3,
                Leave::Two { .. } => 2,
                _ => 1,
            })
            .max()
            .unwrap_or(1)
    }

    /// Whether the moves are those of an octal or hexadecimal game (no constraint between the
    /// parts of a split), so that the periodicity theorem applies when the largest take is
    /// finite.
    pub(crate) fn is_octal(&self) -> bool {
        self.clauses
            .iter()
            .all(|c| !matches!(c.leave, Leave::Two { distinct: true, .. }))
    }
}

/// The amount set of a `take` without a condition on one heap.
fn take_set<'m>(t: &Take<'m>) -> Option<&'m SetValue> {
    match (t.amount, t.cond) {
        (LAmount::Each(s) | LAmount::Same(s, _), None) => Some(s),
        (LAmount::Named(names), None) if names.len() == 1 => Some(&names[0].1),
        _ => None,
    }
}

/// `take j from one heap h where h == j` (leaving nothing) or `... where h > j` (leaving one
/// heap), as `octal` codes write bits 1 and 2 alone.
fn octal_take(t: &Take<'_>) -> Option<Clause> {
    use crate::ruleset::expr::CKind;
    use crate::ruleset::value::Value;
    use crate::syntax::ast::BinOp;
    let (LAmount::Each(set), Some(cond)) = (t.amount, t.cond) else {
        return None;
    };
    let CKind::Bin(op, a, b) = &cond.kind else {
        return None;
    };
    let (CKind::IntSlot(s), CKind::Const(Value::Int(j))) = (&a.kind, &b.kind) else {
        return None;
    };
    if Some(*s) != t.step.sel.int_slot || set.single() != Some(*j) {
        return None;
    }
    let leave = match op {
        BinOp::Eq => Leave::Nothing,
        BinOp::Gt => Leave::Rest,
        _ => return None,
    };
    Some(Clause {
        takes: set.clone(),
        leave,
    })
}

/// A split into two parts (or three, of any sizes), as a [`Leave`].
fn split_two(split: &Split<'_>) -> Option<Leave> {
    match (split.parts, split.unequal) {
        (2, distinct) => Some(Leave::Two {
            min_part: split.min_part,
            distinct,
        }),
        (3, false) => Some(Leave::Three {
            min_part: split.min_part,
        }),
        _ => None,
    }
}

/// The clause of one move (its family as [`family::classify`] reads it): `take S from one
/// heap`, `split one heap into 2 parts`, or `take S from one heap h; split h into 2 parts`
/// (`allowing empty` or not). Which heap is chosen is [`family::local`]'s test, passed before.
fn clause_of(m: &MoveProgram, splits_allowed: bool) -> Option<Clause> {
    if !m.guards.is_empty() {
        return None;
    }
    match family::classify(m) {
        Family::Take(t) => octal_take(&t).or_else(|| {
            take_set(&t).map(|takes| Clause {
                takes: takes.clone(),
                leave: Leave::One,
            })
        }),
        Family::Split(split) => Some(Clause {
            takes: SetValue::ints(vec![0]),
            leave: split_two(&split).filter(|_| splits_allowed)?,
        }),
        Family::TakeSplit(t, split) => Some(Clause {
            takes: take_set(&t)?.clone(),
            leave: split_two(&split).filter(|_| splits_allowed)?,
        }),
        _ => None,
    }
}
