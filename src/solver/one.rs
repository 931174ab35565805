//! One position answered through its box: when a compiled kernel matches the ruleset on the
//! box of every position whose heaps are at most the position's largest (rulesets with a fixed
//! number of heaps), and that box is not much larger than the positions below the given one,
//! the box is solved by the kernel at once and the position's Grundy value and winning moves
//! are read from it. A box of more than [`OUTCOME_FIRST`] cells asked under a deadline has its
//! outcomes solved first (one bit a cell, fast): when the deadline then stops the Grundy values,
//! the answer still gives the outcome and the winning moves. Otherwise `None`: the caller uses
//! the memoized search. Used by
//! `heapgame eval`; the answers are those of [`super::Solver::grundy`] and
//! [`super::Solver::winning_moves`] (tests/single_position.rs compares them).

use super::budget::Budget;
use super::error::SolveError;
use super::kernels::{kernel_for, solve_box_kernel};
use super::table::BoxSpec;
use super::Want;
use crate::moves::{Followers, Generator, MoveError, Scratch};

/// The most cells of the ordered cube a single answer solves when the budget knows no memory
/// limit: Grundy values take 4 bytes a cell, so at most 128 MB. With a memory limit, the box
/// is solved when its table fits ([`Budget::affords`], at [`BYTES_PER_CELL`]): a box of 10^8
/// cells answers in a few hundred megabytes where the memoized search would store every
/// position below the given one at about 200 bytes each.
pub(crate) const MOST_CELLS: u128 = 1 << 25;

/// The bytes a cell of the box takes while a kernel solves it, with room to spare: the 4-byte
/// value, and the kernels' working rows.
pub const BYTES_PER_CELL: u128 = 8;

/// How much larger than the positions below the given one (the memoized search's region) the
/// box may be.
const MOST_WASTE: u128 = 8;

/// The cells of a box above which, under a deadline, the outcomes are solved before the Grundy
/// values: Wythoff's box of heaps <= 16180 has its outcomes in seconds and its Grundy values
/// in about twenty minutes (the mex of a row, a column and a diagonal at every cell).
pub(crate) const OUTCOME_FIRST: u128 = 1 << 24;

/// A position's Grundy value and winning moves, read from its box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxAnswer {
    /// The Grundy value; `None` when the deadline came while the box's Grundy values were
    /// being filled, after its outcomes were solved ([`OUTCOME_FIRST`]).
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

/// The answer for the canonical position `pos` through a kernel, or `None` when no kernel
/// matches or the box would cost more than the memoized search (see the module doc).
pub fn through_kernel(
    game: &Generator,
    pos: &[u32],
    budget: &Budget,
) -> Option<Result<BoxAnswer, SolveError<MoveError>>> {
    let k = game.shape.count?;
    let max = *pos.iter().max()?;
    if pos.len() != k || pos.iter().any(|&h| h < game.shape.lower) {
        return None;
    }
    let side = u128::from(max - game.shape.lower) + 1;
    let cells = side.checked_pow(u32::try_from(k).ok()?)?;
    let below: u128 = pos
        .iter()
        .map(|&h| u128::from(h - game.shape.lower) + 1)
        .try_fold(1u128, u128::checked_mul)?;
    let fits = match budget.max_bytes {
        Some(_) => budget.affords(cells.saturating_mul(BYTES_PER_CELL)),
        None => cells <= MOST_CELLS,
    };
    if !fits || cells > below.saturating_mul(MOST_WASTE) {
        return None;
    }
    let spec = BoxSpec::new(&game.shape, max, k).ok()?;
    // A position limit (`--max-positions`) bounds what is stored: a box larger than it is
    // left to the search, which stops at the limit as before.
    if budget.max_positions.is_some_and(|n| spec.len() > n) {
        return None;
    }
    // A position a `positions where` rule excludes has no value in a kernel's box.
    if let Some(rule) = &game.positions {
        if !rule
            .allows(pos, (&mut Vec::new(), &mut Vec::new()), None)
            .ok()?
        {
            return None;
        }
    }
    let kernel = kernel_for(game, &spec)?;
    let outcome_first = budget.deadline.is_some() && spec.len() as u128 > OUTCOME_FIRST;
    let outcomes = if outcome_first {
        match read_box(game, &spec, pos, Want::Outcome, budget, kernel)? {
            Ok(a) => Some(a),
            Err(e) => return Some(Err(e)),
        }
    } else {
        None
    };
    match read_box(game, &spec, pos, Want::Grundy, budget, kernel)? {
        Err(SolveError::Cancelled { .. }) if budget.past_deadline() && outcomes.is_some() => {
            outcomes.map(Ok)
        }
        r => Some(r),
    }
}

/// Solves `spec` by its kernel for `want` and reads `pos`'s answer from it (`grundy` is `None`
/// for [`Want::Outcome`], whose table holds P or N only).
fn read_box(
    game: &Generator,
    spec: &BoxSpec,
    pos: &[u32],
    want: Want,
    budget: &Budget,
    kernel: &'static str,
) -> Option<Result<BoxAnswer, SolveError<MoveError>>> {
    let values = match solve_box_kernel(game, spec, want, budget)? {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    let rank = spec.rank(pos)?;
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
    let grundy = (want == Want::Grundy).then(|| values.value(rank));
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
        kernel: values.kernel.unwrap_or(kernel),
    }))
}
