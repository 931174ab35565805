//! The cube kernel: the box's positions as cells of the ordered cube of `k` heaps (for the
//! multiset shapes every ordering of a position is a cell, and all have its value), filled in
//! row-major order by [`super::fill`] (P/N of two heaps with a Nim move by [`super::fill_p`]),
//! then read out by rank ([`super::output`]); P/N of a multiset shape whose moves are finitely
//! many amount vectors by retrograde marking over the sorted positions alone
//! ([`super::cube_retro`]).

use super::compile::plan;
use super::cube_retro;
use super::fill::{self, Halt};
use super::fill_p;
use super::layout::Layout;
use super::output;
use crate::moves::{Generator, MoveError};
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::table::BoxSpec;
use crate::solver::{BoxValues, Want};

/// The kernel's name, as reported in [`BoxValues::kernel`].
pub(super) const NAME: &str = "cube";

/// The most cells of the cube per position of the box (the multiset shapes repeat each
/// position in every order): beyond, the kernel declines.
const MAX_CELLS_PER_POSITION: usize = 64;

/// The most cells the kernel fills (a P/N cube of this many cells takes 8 GiB at one bit); on
/// 32-bit targets (the playground's wasm32) the address space bounds it first.
const MAX_CELLS: usize = if usize::BITS >= 64 {
    (1u64 << 36) as usize
} else {
    usize::MAX >> 1
};

/// The layout of the ruleset on the box's cube, if it matches.
fn layout(game: &Generator, spec: &BoxSpec) -> Option<(Layout, u32)> {
    if spec.is_empty() || game.shape != spec.shape {
        return None;
    }
    let base = if spec.shape.count.is_some() {
        spec.shape.lower
    } else {
        0
    };
    let l = Layout::new(plan(game, spec.heaps, base, spec.max)?)?;
    if l.len > MAX_CELLS || l.len / MAX_CELLS_PER_POSITION > spec.len() {
        return None;
    }
    Some((l, base))
}

/// Whether the kernel applies.
pub(super) fn matches(game: &Generator, spec: &BoxSpec) -> bool {
    layout(game, spec).is_some()
}

/// Solves the box if the ruleset's moves match.
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    let (l, base) = layout(game, spec)?;
    if want == Want::Grundy && l.len.checked_mul(4)? > MAX_CELLS {
        return None;
    }
    // The table mode stores every position of the box: beyond the limit it would stop.
    if let Some(limit) = budget.max_positions {
        if spec.len() > limit {
            return Some(Err(SolveError::Limit { limit }));
        }
    }
    if want == Want::Outcome {
        if let Some(r) = cube_retro::try_solve(game, spec, base, budget, NAME) {
            return Some(r);
        }
    }
    // Progress in positions of the box (the cube may hold each several times).
    let scale = |cells: usize| (cells as u128 * spec.len() as u128 / l.len as u128) as usize;
    let stored = std::cell::Cell::new(0usize);
    let mut tick = |cells: usize| {
        stored.set(scale(cells));
        budget.check_now(stored.get())
    };
    let stopped = |h: Halt| match h {
        Halt::Decline => None,
        Halt::Stop(s) => Some(Err(SolveError::from_stop(s, stored.get()))),
    };
    let shape = &game.shape;
    match want {
        Want::Outcome => {
            let stop = budget.as_interrupt();
            let p = if fill_p::applies(&l) {
                fill_p::outcomes(&l, shape, base, (&mut tick, stop))
            } else {
                fill::outcomes(&l, shape, base, (&mut tick, stop))
            };
            match p {
                Ok(p) => Some(Ok(output::outcomes(spec, &l, p, NAME))),
                Err(h) => stopped(h),
            }
        }
        Want::Grundy => match fill::grundy(&l, shape, base, (&mut tick, budget.as_interrupt())) {
            Ok(g) => Some(Ok(output::grundy(spec, &l, g, NAME))),
            Err(h) => stopped(h),
        },
    }
}
