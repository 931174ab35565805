//! The cube kernel: the box's positions as cells of the ordered cube of `k` heaps (for the
//! multiset shapes every ordering of a position is a cell, and all have its value), filled in
//! row-major order by [`super::fill`] (P/N of two heaps with a Nim move by [`super::fill_p`]),
//! then read out by rank ([`super::output`]); P/N of a multiset shape whose moves are finitely
//! many amount vectors by retrograde marking over the sorted positions alone
//! ([`super::cube_retro`]).

use std::sync::Arc;

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

/// What the kernel derives from the ruleset's moves for one box, from one [`plan`]: the
/// layout of the cube, and the amount vectors of the retrograde pass ([`cube_retro::points`]).
/// Built once per box and generator ([`Generator::derived`]): the choice of a mode, the solve
/// and a position's lookup ask for it in turn.
#[derive(Debug)]
pub(super) struct Built {
    /// The layout (`None`: the moves do not match the kernel).
    pub layout: Option<Layout>,
    /// The retrograde pass's amount vectors, when it applies.
    pub retro: Option<Vec<Vec<u32>>>,
}

/// The [`Built`] of `game` on the cube of `k` heaps with sizes `base..=max`, kept with the
/// generator.
pub(super) fn built(game: &Generator, k: usize, base: u32, max: u32) -> Arc<Built> {
    game.derived.get_or_build((k, base, max), || {
        let p = plan(game, k, base, max);
        let retro = (p.as_ref()).and_then(|p| cube_retro::points(p, game.shape.symmetric()));
        Built {
            layout: p.and_then(Layout::new),
            retro,
        }
    })
}

/// The ruleset's [`Built`] on the box's cube and the cube's smallest heap, if the layout
/// matches.
fn layout(game: &Generator, spec: &BoxSpec) -> Option<(Arc<Built>, u32)> {
    if spec.is_empty() || game.shape != spec.shape {
        return None;
    }
    let base = if spec.shape.count.is_some() {
        spec.shape.lower
    } else {
        0
    };
    let b = built(game, spec.heaps, base, spec.max);
    let l = b.layout.as_ref()?;
    if l.len > MAX_CELLS || l.len / MAX_CELLS_PER_POSITION > spec.len() {
        return None;
    }
    Some((b, base))
}

/// Whether the kernel applies.
pub(super) fn matches(game: &Generator, spec: &BoxSpec, want: Want) -> bool {
    layout(game, spec).is_some_and(|(b, _)| fits(&b, want))
}

/// Whether the cube of `b` fits the kernel for `want`: Grundy values take 4 bytes a cell.
fn fits(b: &Built, want: Want) -> bool {
    b.layout.as_ref().is_some_and(|l| {
        want == Want::Outcome || l.len.checked_mul(4).is_some_and(|n| n <= MAX_CELLS)
    })
}

/// Solves the box if the ruleset's moves match.
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    let (b, base) = layout(game, spec).filter(|(b, _)| fits(b, want))?;
    let l = b.layout.as_ref()?;
    // The kernel holds the whole box: past the position limit it stops at once, as the
    // search would at the limit.
    if let Some(limit) = budget.max_positions.filter(|&m| m < spec.len()) {
        return Some(Err(SolveError::Limit { limit }));
    }
    if let (Want::Outcome, Some(points)) = (want, &b.retro) {
        if let Some(r) = cube_retro::try_solve(points, spec, base, budget, NAME) {
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
            let p = if fill_p::applies(l) {
                fill_p::outcomes(l, shape, base, (&mut tick, stop))
            } else {
                fill::outcomes(l, shape, base, (&mut tick, stop))
            };
            match p {
                Ok(p) => Some(Ok(output::outcomes(spec, l, p, NAME))),
                Err(h) => stopped(h),
            }
        }
        Want::Grundy => match fill::grundy(l, shape, base, (&mut tick, budget.as_interrupt())) {
            Ok(g) => Some(Ok(output::grundy(spec, l, g, NAME))),
            Err(h) => stopped(h),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{built, matches, try_solve};
    use crate::moves::Generator;
    use crate::solver::table::BoxSpec;
    use crate::solver::{Budget, Want};
    use crate::Game;
    use std::sync::Arc;

    const WYTHOFF: &str = "ruleset \"w\" { heaps 2 move { take 1.. from one heap } \
                           move { take same 1.. from both heaps } }";
    const D_WYTHOFF: &str = "ruleset \"d\" (d = 2) { heaps 2 move { take 1.. from one heap } \
                             move { take s in 1.., t in 1.. from both heaps where |s - t| < d } }";
    const NIM_ANY: &str = "ruleset \"n\" { heaps any move { take 1..3 from one heap } \
                           move { take 1.. from each of 2 heaps } }";
    const NAMED: &str = "ruleset \"x\" { heaps (x, y, z) move { take 1.. from heap x } \
                         move { take 1..2 from heap y } move { take 1 from heap x; take 2 from heap z } }";

    /// The box solved by the cube kernel, once through `gen` (which keeps what it built) and
    /// once through a generator of the same moves made afresh: the same values at every rank.
    fn same_as_fresh(gen: &Generator, spec: &BoxSpec, want: Want) {
        let budget = Budget::with_limit(None);
        let fresh = Generator::new(gen.shape.clone(), gen.moves.clone(), gen.positions.clone());
        let a = try_solve(gen, spec, want, &budget)
            .expect("the cube")
            .expect("solved");
        let b = try_solve(&fresh, spec, want, &budget)
            .expect("the cube")
            .expect("solved");
        assert_eq!(a.len(), b.len());
        for r in 0..a.len() {
            assert_eq!(a.is_p(r), b.is_p(r), "rank {r} of {spec:?}");
            if want == Want::Grundy {
                assert_eq!(a.value(r), b.value(r), "rank {r} of {spec:?}");
            }
        }
        assert_eq!(
            fresh.derived.built(),
            1,
            "a fresh generator builds its plan once"
        );
    }

    /// A ruleset's text, its parameters, and the numbers of heaps of its boxes.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [usize]);

    #[test]
    fn a_box_plan_is_built_once_and_answers_as_a_fresh_one() {
        let cases: [Case<'_>; 6] = [
            (WYTHOFF, &[], &[2]),
            (D_WYTHOFF, &[], &[2]),
            (D_WYTHOFF, &[("d", "3")], &[2]),
            (NIM_ANY, &[], &[1, 2, 3]),
            (NAMED, &[], &[3]),
            (
                &std::fs::read_to_string("rulesets/fraenkel-larsson/beta-nim.game").unwrap(),
                &[("beta", "e")],
                &[2],
            ),
        ];
        for (text, params, counts) in cases {
            let game = Game::from_source("t", text, params).expect("a ruleset");
            let gen = game.generator();
            let mut boxes = 0;
            for &heaps in counts {
                for max in [6, 13, 21] {
                    let spec = BoxSpec::new(game.shape(), max, heaps).expect("a box");
                    // The choice of a mode, then the solve of each kind, asked twice.
                    assert!(matches(gen, &spec, Want::Outcome), "{text} on {spec:?}");
                    for want in [Want::Outcome, Want::Grundy, Want::Outcome] {
                        same_as_fresh(gen, &spec, want);
                    }
                    boxes += 1;
                    assert_eq!(gen.derived.built(), boxes, "{text}: one plan a box");
                }
            }
        }
    }

    #[test]
    fn another_parameter_is_another_plan() {
        let text = std::fs::read_to_string("rulesets/fraenkel-larsson/beta-nim.game").unwrap();
        let pi = Game::from_source("t", &text, &[]).expect("beta-Nim");
        let e = Game::from_source("t", &text, &[("beta", "e")]).expect("beta-Nim, e");
        let spec = BoxSpec::new(pi.shape(), 40, 2).expect("a box");
        let (bp, be) = (
            built(pi.generator(), 2, 0, 40),
            built(e.generator(), 2, 0, 40),
        );
        assert!(!Arc::ptr_eq(&bp, &be));
        assert!(Arc::ptr_eq(&bp, &built(pi.generator(), 2, 0, 40)));
        let budget = Budget::with_limit(None);
        let p = |g: &Game| {
            let v = try_solve(g.generator(), &spec, Want::Outcome, &budget)
                .unwrap()
                .unwrap();
            v.outcome(&[4, 9]).map(|o| format!("{o:?}"))
        };
        // (4, 9) = (A_3, B_3) for beta = pi; for beta = e the pairs are (1, 2), (3, 5), (4, 8), ...
        assert_eq!(p(&pi).as_deref(), Some("P"));
        assert_eq!(p(&e).as_deref(), Some("N"));
    }
}
