//! A box solved within the limits its caller resolved ([`Cap`]), in one call down and back:
//! its plan ([`super::plan`]: the mode that will solve it and what it spends a position), the
//! bounds of its solve at that cost ([`Cap::at`]), its refusal, unless forced, when that
//! mode's tables cannot fit the memory limit or a box held whole holds more positions than the
//! position limit, then its run by that plan ([`super::modes`]) within the caller's budget
//! tightened to the bounds. The plan, the bounds and the budget come back with the answer, so
//! that the caller words a refusal or a stop, and reads the rows within the same budget.

use super::bounds::{Bounds, Cap};
use super::modes::{run, Listed};
use super::plan::{plan_for, BoxPlan};
use super::table::BoxSpec;
use super::values::Want;
use super::{Budget, GameRules, Play, SolveError};
use crate::moves::{Generator, MoveError};

/// Why a box planned within its cap has no values.
#[derive(Debug)]
pub enum BoxStop {
    /// Refused: the mode's tables need more bytes than the memory limit.
    Memory,
    /// Refused: the box, held whole, holds more positions than the position limit.
    Positions,
    /// The solve failed or was stopped.
    Solve(SolveError<MoveError>),
}

/// A box planned within its cap, and refused or run.
pub struct BoxRun {
    /// The mode that solves it and what it spends a position.
    pub plan: BoxPlan,
    /// The bounds of its solve at that cost.
    pub bounds: Bounds,
    /// The caller's budget tightened to the bounds: the budget of the solve.
    pub budget: Budget,
    /// Its values, or why it has none.
    pub outcome: Result<Listed, BoxStop>,
}

/// The box `spec`'s values `want` in `play` (`listed`: read position by position, not held
/// whole), planned within `cap`, refused as data unless forced, else solved through `rules`
/// (the game's moves, or a wrapper of them that counts its progress) within `hooks` (the
/// caller's budget: Ctrl-C, progress, the deadline; its own limits kept where tighter)
/// tightened to the plan's bounds.
pub(crate) fn solve_box_within<G: GameRules<Error = MoveError>>(
    game: &Generator,
    rules: &G,
    spec: &BoxSpec,
    want: Want,
    (play, listed): (Play, bool),
    cap: &Cap,
    hooks: &Budget,
) -> BoxRun {
    let plan = plan_for(game, spec, want, (play, listed));
    let bytes = plan.bytes(spec.len());
    let bounds = cap.at(plan.bits_per_position);
    let budget = bounds.tighten(hooks);
    let memory = bounds.max_memory.as_ref().map(|(m, _)| u128::from(*m));
    let refused = if cap.force {
        None
    } else if memory.is_some_and(|m| bytes > m) {
        Some(BoxStop::Memory)
    } else if !listed && spec.len() > bounds.max_positions {
        Some(BoxStop::Positions)
    } else {
        None
    };
    let outcome = match refused {
        Some(stop) => Err(stop),
        None => {
            if let Some(cell) = &budget.planned {
                cell.store(spec.len(), std::sync::atomic::Ordering::Relaxed);
            }
            let how = (play, listed);
            run(&plan, game, rules, spec, want, &budget, how).map_err(BoxStop::Solve)
        }
    };
    BoxRun {
        plan,
        bounds,
        budget,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::bounds::Otherwise;
    use crate::solver::ModeUsed;

    /// A memory limit of `bytes` set, `positions` positions at most when given.
    fn cap(bytes: u64, positions: Option<usize>, force: bool) -> Cap {
        Cap {
            positions: positions.map(|n| (n, format!("--max-positions {n}"))),
            memory_set: Some((bytes, format!("--max-memory {bytes}"))),
            memory: Some((bytes, format!("--max-memory {bytes}"))),
            otherwise: Otherwise::Fixed(usize::MAX, "no limit".to_string()),
            force,
        }
    }

    /// The same box under the same memory limit: refused for the mode that would run it and
    /// only then. Wythoff's box of heaps up to 99 holds 100 * 101 / 2 = 5050 positions: its
    /// kernel's outcomes take a bit each, 632 bytes; the misère search, which no kernel
    /// takes, 1 byte of memo, 4 of values and a bit of outcome each, 25,882 bytes.
    #[test]
    fn a_box_is_refused_for_the_mode_that_would_run_it() {
        let text = include_str!("../../rulesets/classic/wythoff.game");
        let game = crate::game::Game::from_source("wythoff.game", text, &[]).expect("wythoff");
        let gen = game.generator();
        let spec = BoxSpec::new(game.shape(), 99, 2).expect("a small box");
        assert_eq!(spec.len(), 5050);
        let hooks = Budget::default();
        let run = |play, cap: &Cap| {
            solve_box_within(gen, gen, &spec, Want::Outcome, (play, true), cap, &hooks)
        };
        let normal = run(Play::Normal, &cap(1000, None, false));
        assert!(normal.plan.kernel.is_some(), "{:?}", normal.plan);
        assert_eq!(normal.plan.bytes(spec.len()), 5050_u128.div_ceil(8));
        let Ok(Listed::Box(values)) = normal.outcome else {
            panic!("the kernel's box fits in 1000 bytes");
        };
        assert_eq!(values.len(), 5050);
        let misere = run(Play::Misere, &cap(1000, None, false));
        assert_eq!(
            (misere.plan.mode, misere.plan.kernel),
            (ModeUsed::Table, None)
        );
        assert_eq!(misere.plan.bytes(spec.len()), (5050_u128 * 41).div_ceil(8));
        assert!(matches!(misere.outcome, Err(BoxStop::Memory)));
        assert_eq!(misere.bounds.max_memory.map(|m| m.0), Some(1000));
        // Forced, the box is solved (the search's own memory is its budget's to stop).
        let forced = run(Play::Misere, &cap(1 << 30, None, true));
        assert!(forced.outcome.is_ok());
        // Held whole, a box of more positions than the position limit is refused; listed
        // position by position, it is not (the solve itself is bounded).
        let held = solve_box_within(
            gen,
            gen,
            &spec,
            Want::Outcome,
            (Play::Normal, false),
            &cap(1 << 30, Some(100), false),
            &hooks,
        );
        assert!(matches!(held.outcome, Err(BoxStop::Positions)));
        assert_eq!(held.bounds.max_positions, 100);
        let listed = run(Play::Normal, &cap(1 << 30, Some(100), false));
        assert!(!matches!(
            listed.outcome,
            Err(BoxStop::Positions | BoxStop::Memory)
        ));
    }

    /// A kernel that matches and declines at run time (a guard divides by zero on a cell of
    /// the box) leaves the box to the plan's fallback, the search, whose tables are weighed
    /// first: within a memory limit that holds the kernel's bits and not the search's, the
    /// run stops for memory before the search; with room, the search reports the error.
    #[test]
    fn a_kernel_that_declines_leaves_the_box_to_the_weighed_search() {
        let text = "ruleset \"dz\" { heaps 2 \
                    move when 12 / (sum(heaps) - 5) >= 0 { take 1.. from one heap } }";
        let game = crate::game::Game::from_source("dz.game", text, &[]).expect("dz");
        let gen = game.generator();
        let spec = BoxSpec::new(game.shape(), 60, 2).expect("a small box");
        let hooks = Budget::default();
        let run = |bytes| {
            let cap = cap(bytes, None, false);
            solve_box_within(
                gen,
                gen,
                &spec,
                Want::Outcome,
                (Play::Normal, true),
                &cap,
                &hooks,
            )
        };
        // 1891 positions: the kernel's bit each fits 4000 bytes, the search's 41 do not.
        let tight = run(4000);
        assert_eq!(tight.plan.kernel, Some("cube"));
        assert!(tight.plan.fallback().bytes(spec.len()) > 3000);
        assert!(
            matches!(
                tight.outcome,
                Err(BoxStop::Solve(SolveError::Cancelled { .. }))
            ),
            "{:?}",
            tight.outcome.err()
        );
        let roomy = run(1 << 30);
        assert!(
            matches!(roomy.outcome, Err(BoxStop::Solve(SolveError::Game(_)))),
            "{:?}",
            roomy.outcome.err()
        );
    }
}
