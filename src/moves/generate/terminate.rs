//! Termination: whether every move makes the position smaller, so that no sequence of moves
//! returns to a position. Most rulesets only remove tokens, and the sum of the heaps falls;
//! for rulesets whose moves add tokens (`move A from heap i to heap j` in a row), a weighted
//! total of the heaps that every move lowers: Staircase Nim carries tokens from step i to step
//! i - 1 and lowers `sum(i * s_i)`. Tried with the weights `1, 2, ..., n` and `n, ..., 2, 1` on
//! ordered shapes; conservative: `None` when in doubt (the search then detects loops as it
//! goes).

use super::Generator;
use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram};
use crate::ruleset::expr::CKind;
use crate::ruleset::value::SetValue;

impl Generator {
    /// Weights, one per heap of an ordered shape with a fixed number of heaps, such that
    /// every move lowers the weighted total of the heaps; found for moves that only take
    /// (at least one token) or carry at least one token from heap `i` to a heap of smaller
    /// weight.
    pub fn decreasing_weights(&self) -> Option<Vec<u64>> {
        let n = self.shape.count?;
        self.shape.names.as_ref()?;
        let up: Vec<u64> = (1..=n as u64).collect();
        let down: Vec<u64> = (1..=n as u64).rev().collect();
        let positive = self.shape.lower >= 1;
        [up, down]
            .into_iter()
            .find(|w| self.moves.iter().all(|m| lowers(m, w, positive)))
    }
}

/// Whether every move of `m` lowers the total weighted by `w`.
fn lowers(m: &MoveProgram, w: &[u64], positive: bool) -> bool {
    let adds = m
        .steps
        .iter()
        .any(|st| matches!(st.kind, LStepKind::Add(..)));
    if !adds {
        // Only taking, lowering and keeping (heaps with names are never deleted or split):
        // a step that always removes a token lowers every positive weighting.
        return m.steps.iter().any(|st| step_removes(st, positive));
    }
    // Exactly: a take of at least one token, named, from heap i; an add of that amount to
    // heap j; w[j] < w[i].
    let [take, add] = &m.steps[..] else {
        return false;
    };
    let (LSelKind::Named(i), LSelKind::Named(j)) = (&take.sel.kind, &add.sel.kind) else {
        return false;
    };
    let LStepKind::Take(LAmount::Named(names), None) = &take.kind else {
        return false;
    };
    let [(slot, set)] = &names[..] else {
        return false;
    };
    if !matches!(set.min(), Ok(Some(least)) if least >= 1) {
        return false;
    }
    let LStepKind::Add(LAmount::Computed(form, sets), _) = &add.kind else {
        return false;
    };
    let carries = matches!(**form, LAmount::Each(_))
        && matches!(&sets[..], [e] if matches!(e.kind, CKind::IntSlot(s) if s == *slot));
    carries && w.get(*j) < w.get(*i)
}

impl Generator {
    /// Whether every move provably makes the sum of the heaps strictly smaller, so that no
    /// sequence of moves returns to a position. No step adds to a heap (`take`, `lower` and
    /// `delete` only remove, `split` keeps the sum), so it suffices that each move has a step
    /// that always removes something: a `take` whose amounts are all at least 1 (a `take` on
    /// no heap writes no follower), or a `delete`/`lower` on at least one heap when heaps are
    /// never empty. With `add` steps, a weighted total must fall instead
    /// ([`Generator::decreasing_weights`]). Conservative: false when in doubt.
    pub fn strictly_decreasing(&self) -> bool {
        if self.adds() {
            // Tokens added to heaps: a weighted total must fall instead.
            return self.decreasing_weights().is_some();
        }
        let positive_heaps = self.shape.lower >= 1 || self.shape.drops_zeros();
        self.moves
            .iter()
            .all(|m| m.steps.iter().any(|st| step_removes(st, positive_heaps)))
    }

    /// Whether some move can add tokens to a heap (`add`, `move ... to ...`): then a heap
    /// may grow, and neither the sum of the heaps nor the box of a position bounds its
    /// followers.
    pub fn adds(&self) -> bool {
        self.moves.iter().any(|m| {
            m.steps
                .iter()
                .any(|st| matches!(st.kind, LStepKind::Add(..)))
        })
    }
}

/// Whether `set` holds only integers of at least 1.
fn all_positive(set: &SetValue) -> bool {
    matches!(set.min(), Ok(Some(m)) if m >= 1)
}

/// Whether the step, whenever it leads to a follower, removes at least one counter.
fn step_removes(st: &LStep, positive_heaps: bool) -> bool {
    let some_heap = match &st.sel.kind {
        LSelKind::Count(c) => all_positive(c),
        LSelKind::TheOther | LSelKind::Named(_) => true,
        LSelKind::Rest | LSelKind::Ref(_) => false,
        LSelKind::Consecutive { len, .. } => *len >= 1,
        LSelKind::NextTo { .. } => true,
    };
    match &st.kind {
        LStepKind::Take(amount, _) => match amount {
            LAmount::Each(s) | LAmount::Same(s, _) | LAmount::List(_, s) => all_positive(s),
            LAmount::Named(v) => !v.is_empty() && v.iter().all(|(_, s)| all_positive(s)),
            // Sets computed during play: not known here.
            LAmount::Computed(..) => false,
        },
        LStepKind::Delete => some_heap && positive_heaps,
        LStepKind::Lower(by) => *by >= 1 && some_heap && positive_heaps,
        LStepKind::Split { .. }
        | LStepKind::SplitEqual(_)
        | LStepKind::Keep(_)
        | LStepKind::Add(..) => false,
    }
}
