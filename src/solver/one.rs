//! Whether one position's box is in reach of a compiled kernel, decided before anything is
//! solved: a kernel matches the ruleset on the box of every position whose heaps are at most
//! the position's largest (rulesets with a fixed number of heaps, normal play: the kernels fill
//! normal-play values only), and that box fits the budget and is not much larger than the
//! positions below the given one. Then the route of one position (`super::position`) solves
//! the box by the kernel and reads the position's answer from it; otherwise it takes the
//! memoized search. A box of more than [`OUTCOME_FIRST`] cells asked under a deadline has its
//! outcomes solved first (one bit a cell, fast). The answers are those of
//! [`super::Solver::grundy`] and [`super::Solver::winning_moves`] (tests/single_position.rs
//! compares them).

use super::budget::Budget;
use super::kernels::{self, Kernel};
use super::table::BoxSpec;
use super::{Play, Want};
use crate::moves::Generator;

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

/// A position's box within reach of a kernel: what the route solves, and by which kernels,
/// chosen here once ([`kernels::choose`]): the route calls their solve directly.
#[derive(Clone, Debug)]
pub struct KernelBox {
    /// The box: every position whose heaps are at most the position's largest.
    pub spec: BoxSpec,
    /// The kernel that takes it for outcomes (the values every kernel gives): the one named
    /// when another gives no name.
    pub kernel: &'static Kernel,
    /// The kernel that takes it for Grundy values: the same, or a later one of the list when
    /// that one gives outcomes only (the ray kernel); `None`: the search answers.
    pub grundy: Option<&'static Kernel>,
    /// The outcomes first, then the Grundy values (a large box under a deadline).
    pub outcome_first: bool,
    /// The budget the box is solved within (it was weighed against it).
    pub budget: Budget,
}

/// The box of the canonical position `pos` when a kernel can solve it within `budget`, in
/// `play`; `None` when no kernel matches, the box would cost more than the memoized search,
/// or the play is misère (see the module doc).
pub fn kernel_box(game: &Generator, play: Play, pos: &[u32], budget: &Budget) -> Option<KernelBox> {
    if play == Play::Misere {
        return None;
    }
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
    let kernel = kernels::choose(game, &spec, Want::Outcome)?;
    let grundy = kernels::choose(game, &spec, Want::Grundy);
    let outcome_first = budget.deadline.is_some() && spec.len() as u128 > OUTCOME_FIRST;
    Some(KernelBox {
        spec,
        kernel,
        grundy,
        outcome_first,
        budget: budget.clone(),
    })
}
