//! The refusal of a search proven past its position limit ([`Limits::refuse_search`]), the
//! same in every front end: when no kernel answers a position, the memoized search does, and
//! it stores every position it reaches. For a ruleset whose moves reach every smaller
//! position one token at a time, the estimate counts those positions from below
//! ([`crate::estimate::PositionFacts`], where the proof is); when even that count, less what
//! the search holds on its path, is more than the position limit, the search cannot finish,
//! and the position is refused before anything is solved (unless forced).

use crate::estimate::PositionFacts;
use crate::game::{show_position, Game};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::Budget;

use super::limits::{Bounds, Limits};

impl Limits {
    /// Refuses, unless forced, the search of the canonical position `pos` within `budget`
    /// (the solve's, tightened to `bounds`) when the positions it must store are proven at
    /// least its position limit (`facts`, the estimate's of `pos`): the search would stop at
    /// the limit.
    pub(crate) fn refuse_search(
        &self,
        game: &Game,
        (pos, facts): (&[u32], &PositionFacts),
        (bounds, budget): (&Bounds, &Budget),
    ) -> Result<(), LoadError> {
        let Some(limit) = budget.max_positions.filter(|_| !self.force) else {
            return Ok(());
        };
        let (region, stored) = (facts.region, facts.stored);
        if stored < limit as f64 {
            return Ok(());
        }
        // The caller's own limit, when tighter than the bounds, is named by its number alone.
        let set_by = if limit == bounds.max_positions {
            format!(", the limit set by {}", bounds.why)
        } else {
            String::new()
        };
        let shown = show_position(pos);
        let d = Diag::new(
            Code::Limit,
            0..0,
            format!(
                "this needs more than {limit} {} stored{set_by}, while solving {shown}: \
                 the search stores every position it reaches, and one token at a time it \
                 reaches every position whose heaps are at most those of {shown}, at least \
                 {region:.0} of them ({stored:.0} stored before its last step); nothing was \
                 solved",
                if limit == 1 { "position" } else { "positions" }
            ),
            "",
        )
        .help(
            "raise the limit with --max-positions N or --max-memory SIZE, or ask about smaller \
             positions",
        );
        Err(LoadError::single(game.src.clone(), d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::region_at_least;
    use crate::query::Room;
    use crate::solver::sum::is_sum;
    use crate::solver::Play;

    /// Every canonical position reachable from `pos` (itself included), by the game's moves.
    fn reachable(game: &Game, pos: &[u32]) -> usize {
        let mut seen = std::collections::HashSet::from([pos.to_vec()]);
        let mut todo = vec![pos.to_vec()];
        while let Some(p) = todo.pop() {
            for f in game.followers(&p).expect("followers") {
                if seen.insert(f.clone()) {
                    todo.push(f);
                }
            }
        }
        seen.len()
    }

    fn game(moves: &str, heaps: usize) -> Game {
        let text = format!("ruleset \"t\" {{\n  heaps {heaps}\n{moves}}}\n");
        Game::from_source("t.game", &text, &[]).expect("a ruleset")
    }

    const WYTHOFF: &str =
        "  move { take 1.. from one heap }\n  move { take same 1.. from all heaps }\n";

    #[test]
    fn the_region_bound_is_at_most_the_region_reached() {
        // Not sums (a move takes from several heaps), with `take 1.. from one heap`: the bound
        // is proven, and at most what a brute force reaches.
        for (k, pos) in [(2, vec![3u32, 7]), (2, vec![0, 9]), (3, vec![2, 4, 5])] {
            let g = game(WYTHOFF, k);
            let bound = region_at_least(g.generator(), &pos, is_sum(g.generator()));
            let reached = reachable(&g, &pos) as f64;
            assert!(
                bound >= 1.0 && bound <= reached,
                "{pos:?}: {bound} of {reached}"
            );
        }
        // Nothing proven: a sum (the search stores single heaps), or no move of one token.
        let nim = game("  move { take 1.. from one heap }\n", 2);
        assert!(is_sum(nim.generator()));
        assert_eq!(region_at_least(nim.generator(), &[5, 9], true), 0.0);
        let twos = game(
            "  move { take 2.. from one heap }\n  move { take same 1.. from all heaps }\n",
            2,
        );
        assert_eq!(
            region_at_least(twos.generator(), &[5, 9], is_sum(twos.generator())),
            0.0
        );
    }

    #[test]
    fn every_limit_refused_stops_the_search() {
        // The search stores positions as it finishes them: down a path of single tokens it
        // starts them all with nothing stored, so (0, 9), with 10 positions below it, is
        // solved within a limit of 1. A region larger than the limit is not enough.
        let g = game(WYTHOFF, 2);
        let mut s = g.solver();
        s.set_budget(Budget::with_limit(Some(1)));
        assert_eq!(s.grundy(&[0, 9]).ok(), Some(9));
        // For every limit, a refusal means the search itself stops at that limit.
        let limits = Limits::with_room(Room::Unbounded);
        let bounds = limits.for_heaps(2);
        for (k, pos) in [(2, vec![0u32, 9]), (2, vec![20, 30]), (3, vec![6, 7, 9])] {
            let g = game(WYTHOFF, k);
            let reached = reachable(&g, &pos);
            let mut refused = 0;
            for limit in 1..=reached + 1 {
                let budget = Budget::with_limit(Some(limit));
                let facts = PositionFacts::of(g.generator(), &pos, Play::Normal);
                if limits
                    .refuse_search(&g, (&pos, &facts), (&bounds, &budget))
                    .is_ok()
                {
                    continue;
                }
                refused += 1;
                let mut s = g.solver();
                s.set_budget(budget);
                assert!(
                    s.grundy(&pos).is_err(),
                    "{pos:?} refused at {limit}, yet solved"
                );
            }
            assert!(refused > 0 || pos[0] == 0, "{pos:?}: nothing refused");
        }
    }
}
