//! Termination of rulesets whose moves add tokens (`move A from heap i to heap j` in a row):
//! a weighted total of the heaps that every move lowers, so that no sequence of moves returns
//! to a position. Staircase Nim carries tokens from step i to step i - 1 and lowers
//! `sum(i * s_i)`. Tried with the weights `1, 2, ..., n` and `n, ..., 2, 1` on ordered shapes;
//! conservative: `None` when in doubt (the search then detects loops as it goes).

use super::Generator;
use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram};
use crate::ruleset::expr::CKind;

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
        return m.steps.iter().any(|st| super::step_removes(st, positive));
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
