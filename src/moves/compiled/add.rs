//! `add` compiled: a clause whose one step is `add S to SEL [where C]` (`add 2 to one heap h
//! where h mod 4 == 3`) is read as a `take` of the same amounts from the same heaps
//! ([`lone_add`]), with [`Tail::Add`]: the caller adds each amount shown to the heaps chosen
//! instead of taking it. The amounts are capped by the room left below `u32::MAX` in the
//! largest heap chosen rather than by the least heap ([`CompiledMove::cap`]), and the quick
//! windows, which read the least heap as both a bound and the cap, are not used.
//!
//! Exactness: the interpreter chooses the step's heaps as a `take` does, names them (their
//! sizes before the `add`), iterates the amounts of the set (finite: the lowering refuses
//! others; `c..E` computed in play is evaluated once the heaps are chosen) up to `u32::MAX`
//! less the largest heap chosen, skipping those below 0, and checks the `where`, which reads
//! the names, the amount and the position as it was: the same registers as a `take`'s. Every
//! amount compiled is at least 1 (an amount of 0 would write the position itself), so no
//! follower equals the position. An amount chosen for each of several heaps (`add S to 2
//! heaps`) is not compiled.

use super::not_compiled::NotCompiled;
use super::{CompiledMove, Tail};
use crate::moves::family::Take;
use crate::moves::program::{LStep, LStepKind, MoveProgram};

/// The most a heap holds.
const MOST: i64 = u32::MAX as i64;

/// The steps `rest` of `m` (after a `keep`, when `kept`), when they are one `add` and no
/// `keep` comes before it: that step as a `take` of its amounts from its heaps, which the
/// clause then adds ([`Tail::Add`]).
pub(super) fn lone_add<'m>(m: &'m MoveProgram, kept: bool, rest: &'m [LStep]) -> Option<Take<'m>> {
    let [st] = rest else { return None };
    let LStepKind::Add(amount, cond) = &st.kind else {
        return None;
    };
    if kept || m.must_change {
        return None;
    }
    Some(Take::with(m, st, amount, cond.as_ref()))
}

/// Refuses an `add` (`tail`) whose amount is chosen for each of several heaps.
pub(super) fn check(tail: Option<&Tail>, each_heap: bool, st: &LStep) -> Result<(), NotCompiled> {
    match (tail, each_heap) {
        (Some(Tail::Add), true) => Err(NotCompiled::at(
            "an `add` of an amount chosen for each of several heaps (compiled: one heap, or \
             `same`)",
            &st.span,
        )),
        _ => Ok(()),
    }
}

impl CompiledMove {
    /// Whether the clause adds its amounts ([`Tail::Add`]).
    pub(super) fn adds(&self) -> bool {
        matches!(self.tail, Some(Tail::Add))
    }

    /// The cap of the amounts for the heaps `combo` of `pos`, whose least is `least`, read as
    /// the least heap is by the amount loop (an amount `s` is a move only when `cap - s` is at
    /// least the shape's least size): that heap for a `take`; for an `add`, the room left
    /// below `u32::MAX` in the largest heap chosen, plus the least size.
    #[inline]
    pub(super) fn cap(&self, pos: &[u32], combo: &[usize], least: u32) -> i64 {
        if !self.adds() {
            return i64::from(least);
        }
        let most = combo.iter().map(|&h| i64::from(pos[h])).max().unwrap_or(0);
        MOST - most + i64::from(self.lower)
    }
}
