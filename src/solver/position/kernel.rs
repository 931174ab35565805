//! The kernel's step of the route: the position's box, in reach by the plan
//! ([`KernelBox`]), solved by its kernel and the position's answer read from it, in one pass:
//! its outcomes first when the plan says so (a large box under a deadline, one bit a cell),
//! kept when the deadline then stops the Grundy values; `None` when the kernels decline the box
//! after all (the route then takes the search). The answers are those of
//! [`crate::solver::Solver::grundy`] and [`crate::solver::Solver::winning_moves`]
//! (tests/single_position.rs compares them).

use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::one::{kernel_box, KernelBox};
use crate::solver::{BoxValues, Play, Want as Values};

/// A position's Grundy value and winning moves, read from its box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxAnswer {
    /// The Grundy value; `None` when the deadline came while the box's Grundy values were
    /// being filled, after its outcomes were solved ([`crate::solver::one::OUTCOME_FIRST`]).
    pub grundy: Option<u32>,
    /// Whether the position is a P-position.
    pub is_p: bool,
    /// The followers that are P-positions, sorted, without repeats.
    pub wins: Vec<Vec<u32>>,
    /// Every follower with its Grundy value, sorted, without repeats (the playground lists
    /// them); empty when the Grundy value is `None`.
    pub followers: Vec<(Vec<u32>, u32)>,
    /// The kernel that solved the box.
    pub kernel: &'static str,
}

/// The answer for the canonical position `pos` (normal play) through a kernel on its box
/// ([`kernel_box`], then the box solved), or `None` when no kernel takes it.
pub fn through_kernel(
    game: &Generator,
    pos: &[u32],
    budget: &Budget,
) -> Option<Result<BoxAnswer, SolveError<MoveError>>> {
    through_box(game, pos, &kernel_box(game, Play::Normal, pos, budget)?)
}

/// The box `b` solved by its kernel ([`solved`]) and `pos`'s answer read from it; `None` when
/// the kernels decline the box after all (the caller takes the search). The followers are
/// generated first: a deadline that stops the Grundy values leaves them to read the outcomes.
pub(super) fn through_box(
    game: &Generator,
    pos: &[u32],
    b: &KernelBox,
) -> Option<Result<BoxAnswer, SolveError<MoveError>>> {
    let (spec, budget) = (&b.spec, &b.budget);
    let mut scratch = Scratch::default();
    // The followers' generation looks at the deadline and Ctrl-C (an `add` of 1..2^32 - 1
    // iterates billions of amounts).
    scratch.set_interrupt(budget.as_interrupt());
    let mut buf = Followers::new();
    match game.followers(pos, &mut scratch, &mut buf) {
        Err(MoveError::Interrupted) => return Some(Err(SolveError::Cancelled { stored: 0 })),
        Err(e) => return Some(Err(SolveError::Game(e))),
        Ok(_) => {}
    }
    let (values, want) = match solved(game, b)? {
        Ok(solved) => solved,
        Err(e) => return Some(Err(e)),
    };
    let rank = spec.rank(pos)?;
    let grundy = (want == Values::Grundy).then(|| values.value(rank));
    let mut wins = Vec::new();
    let mut followers = Vec::new();
    for f in buf.to_sorted_vecs() {
        // No move adds to a heap, so every follower lies in the box.
        let r = spec.rank(&f)?;
        if values.is_p(r) {
            wins.push(f.clone());
        }
        if grundy.is_some() {
            followers.push((f, values.value(r)));
        }
    }
    Some(Ok(BoxAnswer {
        grundy,
        is_p: values.is_p(rank),
        wins,
        followers,
        // The kernel that solved the box: a later one of the list when the one that matched
        // declines the values asked (the ray kernel gives P/N only).
        kernel: values.kernel.unwrap_or(b.kernel.name()),
    }))
}

/// The box `b` solved by the kernels its plan carries, with what its table holds: its
/// outcomes first when `b` says so, kept when the deadline then stops the Grundy values
/// ([`Values::Outcome`], P or N a cell), else the Grundy values; `None` when no kernel takes
/// the Grundy values or one declines at run time.
fn solved(
    game: &Generator,
    b: &KernelBox,
) -> Option<Result<(BoxValues, Values), SolveError<MoveError>>> {
    let (spec, budget) = (&b.spec, &b.budget);
    let outcomes = if b.outcome_first {
        match b.kernel.solve(game, spec, Values::Outcome, budget)? {
            Ok(v) => Some(v),
            Err(e) => return Some(Err(e)),
        }
    } else {
        None
    };
    match (
        b.grundy?.solve(game, spec, Values::Grundy, budget)?,
        outcomes,
    ) {
        (Ok(v), _) => Some(Ok((v, Values::Grundy))),
        (Err(SolveError::Cancelled { .. }), Some(o)) if budget.past_deadline() => {
            Some(Ok((o, Values::Outcome)))
        }
        (Err(e), _) => Some(Err(e)),
    }
}
