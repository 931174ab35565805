//! The refusal of a search proven past its position limit ([`Limits::refuse_search`]), the
//! same in every front end: when no kernel answers a position, the memoized search does, and
//! it stores every position it reaches. For a ruleset whose moves reach every smaller
//! position one token at a time, those positions are counted from below
//! ([`region_at_least`]); when even that count, less what the search holds on its path, is
//! more than the position limit, the search cannot finish, and the position is refused before
//! anything is solved (unless forced).
//!
//! Why the count is a proof. The search checks its limit each time it starts a position: it
//! stops when the positions stored are at least the limit. Every position it reaches is
//! started once (or was stored by an earlier question of a session), and stored when
//! finished; the ones on its path are marked in the store, or, when every move makes the sum
//! of the heaps smaller ([`crate::moves::Generator::strictly_decreasing`]), not stored yet.
//! Without moves that add tokens, every move then takes at least one token, so the path holds
//! at most `T + 1` positions, `T` the tokens of `pos` above the least size. When the last
//! position is started, every other position reached is stored or on the path: at least
//! `R - 1 - T` are stored, `R` the positions reached. So when `R - 1 - T` is at least the
//! limit, the search stops there. (Smith's values, for a loop, number every position reached
//! and stop past the limit too.)

use crate::game::{show_position, Game};
use crate::moves::family::{classify, Plain};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::Budget;

use super::limits::{Bounds, Limits};

/// At least this many canonical positions are reachable from the canonical position `pos`;
/// 0 when nothing is proven. Proven for a ruleset with a fixed number `k` of unordered heaps,
/// no `positions where`, not a disjunctive sum (a sum's search stores one heap's values), no
/// move that adds tokens, and a clause `take S from one heap`, 1 in S, with no guard, `where`
/// or name (so it moves at every position of `k` heaps): one token at a time, it reaches every
/// position whose sorted heaps lie between the least size and those of `pos`. An ordered
/// tuple `y` with `y_i <= pos_i` sorts into such a position (its `j`-th smallest is at most
/// `max(pos_1..pos_j) = pos_j`), and at most `k!` tuples sort into each: so there are at least
/// `prod(pos_i - least + 1) / k!` of them (computed in logarithms, rounded down with a
/// margin). `sum`: whether the ruleset is a disjunctive sum (the caller asked it once).
pub(crate) fn region_at_least(game: &Game, pos: &[u32], sum: bool) -> f64 {
    let gen = game.generator();
    let shape = game.shape();
    let takes_one = |m| match classify(m).plain(shape, pos, false) {
        Some(Plain::OneHeap(set)) => set.contains(1).unwrap_or(false),
        _ => false,
    };
    let proven = shape.count == Some(pos.len())
        && shape.symmetric()
        && gen.positions.is_none()
        && !gen.adds()
        && !sum
        && gen.moves.iter().any(takes_one);
    if !proven {
        return 0.0;
    }
    let ln_tuples: f64 = (pos.iter())
        .map(|&h| (f64::from(h.saturating_sub(shape.lower)) + 1.0).ln())
        .sum();
    let ln_orders: f64 = (2..=pos.len()).map(|i| (i as f64).ln()).sum();
    ((ln_tuples - ln_orders).exp() * (1.0 - 1e-9)).floor()
}

/// The positions the search of `pos` has stored, at least, when it starts its last one
/// (see the module doc): the region less the path, 0 when nothing is proven.
pub(crate) fn stored_at_least(game: &Game, pos: &[u32], sum: bool) -> f64 {
    let region = region_at_least(game, pos, sum);
    let lower = u64::from(game.shape().lower);
    let tokens: u64 = pos
        .iter()
        .map(|&h| u64::from(h).saturating_sub(lower))
        .sum();
    (region - 1.0 - tokens as f64).max(0.0)
}

impl Limits {
    /// Refuses, unless forced, the search of the canonical position `pos` within `budget`
    /// (the solve's, tightened to `bounds`) when the positions it must store are proven at
    /// least its position limit ([`stored_at_least`]): the search would stop at the limit.
    /// `sum`: whether the ruleset is a disjunctive sum.
    pub(crate) fn refuse_search(
        &self,
        game: &Game,
        (pos, sum): (&[u32], bool),
        (bounds, budget): (&Bounds, &Budget),
    ) -> Result<(), LoadError> {
        let Some(limit) = budget.max_positions.filter(|_| !self.force) else {
            return Ok(());
        };
        let stored = stored_at_least(game, pos, sum);
        if stored < limit as f64 {
            return Ok(());
        }
        let region = region_at_least(game, pos, sum);
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
    use crate::query::Room;
    use crate::solver::sum::is_sum;

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
            let bound = region_at_least(&g, &pos, is_sum(g.generator()));
            let reached = reachable(&g, &pos) as f64;
            assert!(
                bound >= 1.0 && bound <= reached,
                "{pos:?}: {bound} of {reached}"
            );
        }
        // Nothing proven: a sum (the search stores single heaps), or no move of one token.
        let nim = game("  move { take 1.. from one heap }\n", 2);
        assert!(is_sum(nim.generator()));
        assert_eq!(region_at_least(&nim, &[5, 9], true), 0.0);
        let twos = game(
            "  move { take 2.. from one heap }\n  move { take same 1.. from all heaps }\n",
            2,
        );
        assert_eq!(
            region_at_least(&twos, &[5, 9], is_sum(twos.generator())),
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
                let sum = is_sum(g.generator());
                if limits
                    .refuse_search(&g, (&pos, sum), (&bounds, &budget))
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
