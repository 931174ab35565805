//! What an evaluation went through, for `check`'s branch coverage (`verify/branches.rs`):
//! while [`observed`] runs a closure, the evaluator ([`super::expr`]) notes each truth value a
//! node took, each index of a list it read, each member of a set that matched, and the member
//! that decided a quantifier (made `any` true or `all` false). Only the events asked for are
//! kept, so an observed evaluation costs a flag read and a hash look-up per node; any other
//! evaluation, a flag read.

use std::cell::{Cell, RefCell};

use rustc_hash::FxHashSet;

use crate::syntax::ast::Span;

/// One thing a node took: where the node was written, and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Took {
    /// The node's span (start, end) in the source.
    pub at: (usize, usize),
    /// What it took there.
    pub what: Path,
}

/// What a node took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Path {
    /// A truth value.
    Bool(bool),
    /// The index read in a list (`l[i]`; the node is the list).
    Index(i64),
    /// The member of a constant set that matched `x in S` or `x not in S` (an integer, or a
    /// tuple's place among the set's members; the node is the set).
    Member(i64),
    /// The member of the list a quantifier runs over that decided it: made `any` true, or
    /// `all` false (the node is the list).
    Witness(i64),
}

impl Took {
    /// `what` at the node written at `span`.
    pub fn at(span: &Span, what: Path) -> Took {
        Took {
            at: (span.start, span.end),
            what,
        }
    }
}

thread_local! {
    static OBSERVING: Cell<bool> = const { Cell::new(false) };
    /// The events still wanted, and those seen of them.
    static WANTED: RefCell<(FxHashSet<Took>, Vec<Took>)> =
        RefCell::new((FxHashSet::default(), Vec::new()));
}

/// Whether an evaluation on this thread is observed now.
#[inline]
pub(crate) fn observing() -> bool {
    OBSERVING.with(Cell::get)
}

/// Notes that the node at `span` took `what` (kept when it is wanted, once).
pub fn note(span: &Span, what: Path) {
    let t = Took::at(span, what);
    WANTED.with(|w| {
        let mut w = w.borrow_mut();
        if w.0.remove(&t) {
            w.1.push(t);
        }
    });
}

/// Runs `f` observed: returns what it returns and the events of `wanted` its evaluations went
/// through (removed from `wanted`). Not nested: an observation inside `f` is not allowed.
pub fn observed<T>(wanted: &mut FxHashSet<Took>, f: impl FnOnce() -> T) -> (T, Vec<Took>) {
    WANTED.with(|w| {
        let mut w = w.borrow_mut();
        std::mem::swap(&mut w.0, wanted);
        w.1.clear();
    });
    OBSERVING.with(|o| o.set(true));
    let r = f();
    OBSERVING.with(|o| o.set(false));
    let got = WANTED.with(|w| {
        let mut w = w.borrow_mut();
        std::mem::swap(&mut w.0, wanted);
        std::mem::take(&mut w.1)
    });
    (r, got)
}
