//! A lower bound on what the memoized search of one position stores before it answers
//! ([`stored_at_least`]), and the facts of that position the plan of its solve asks the
//! estimate once for ([`PositionFacts`]): whether the ruleset is a sum, the followers of the
//! position counted, the positions its search must store.
//!
//! Why the count is a proof. The search checks its limit each time it starts a position: it
//! stops when the positions stored are at least the limit. Every position it reaches is
//! started once (or was stored by an earlier question of a session), and stored when
//! finished; the ones on its path are marked in the store, or, when every move makes the sum
//! of the heaps smaller ([`crate::moves::Generator::strictly_decreasing`]), not stored yet.
//! Without moves that add tokens, every move then takes at least one token, so the path holds
//! at most `T + 1` positions, `T` the tokens of `pos` above the least size. When the last
//! position is started, every other position reached is stored or on the path: at least
//! `R - 1 - T` are stored, `R` the positions reached ([`region_at_least`]). So when
//! `R - 1 - T` is at least the limit, the search stops there. (Smith's values, for a loop,
//! number every position reached and stop past the limit too.)

use crate::moves::family::{classify, Plain};
use crate::moves::Generator;
use crate::solver::sum::is_sum;
use crate::solver::Play;

use super::{followers_at_least, followers_refusal};
use crate::ruleset::diag::Diag;

/// What the estimate proves about the solve of one position, before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionFacts {
    /// The ruleset is a disjunctive sum ([`is_sum`]).
    pub sum: bool,
    /// The followers of the position, at least ([`followers_at_least`]); 0 when not counted:
    /// a normal-play sum is answered from single heaps.
    pub followers: f64,
    /// The heaps of the position (for the bytes its followers take).
    pub heaps: usize,
    /// The canonical positions its search reaches, at least ([`region_at_least`]).
    pub region: f64,
    /// The positions its search has stored, at least, when it starts its last one
    /// ([`stored_at_least`]).
    pub stored: f64,
}

impl PositionFacts {
    /// The facts of the canonical position `pos` in `play`, each asked once.
    pub fn of(gen: &Generator, pos: &[u32], play: Play) -> PositionFacts {
        let sum = is_sum(gen);
        let followers = if sum && play == Play::Normal {
            0.0
        } else {
            followers_at_least(gen, pos)
        };
        let region = region_at_least(gen, pos, sum);
        PositionFacts {
            sum,
            followers,
            heaps: pos.len(),
            region,
            stored: stored_from(gen, pos, region),
        }
    }

    /// The refusal of the solve when its followers alone prove it cannot finish, worded as
    /// [`followers_refusal`] words it; `what` names the query ("solving (3, 5)"), `memory` is
    /// the memory limit with the words that say what set it.
    pub fn refusal(&self, what: &str, memory: Option<(u64, &str)>) -> Option<Diag> {
        followers_refusal(what, self.followers, self.heaps, memory)
    }
}

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
pub fn region_at_least(gen: &Generator, pos: &[u32], sum: bool) -> f64 {
    let shape = &gen.shape;
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
pub fn stored_at_least(gen: &Generator, pos: &[u32], sum: bool) -> f64 {
    stored_from(gen, pos, region_at_least(gen, pos, sum))
}

/// [`stored_at_least`] from the region already bounded.
fn stored_from(gen: &Generator, pos: &[u32], region: f64) -> f64 {
    let lower = u64::from(gen.shape.lower);
    let tokens: u64 = pos
        .iter()
        .map(|&h| u64::from(h).saturating_sub(lower))
        .sum();
    (region - 1.0 - tokens as f64).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn load(text: &str) -> Game {
        Game::from_source("t.game", text, &[]).expect("a ruleset")
    }

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

    #[test]
    fn a_positions_facts_are_bounds_of_a_brute_force() {
        // Wythoff (not a sum): the followers counted are at most the moves generated (`a`
        // and `b` from one heap, `min(a, b)` from both), at least those from one heap; and the region and what is stored at least
        // are at most what a brute force reaches, less the path of single tokens for what is
        // stored.
        let wythoff = load(include_str!("../../rulesets/classic/wythoff.game"));
        for pos in [[3u32, 7], [6, 6], [10, 15]] {
            let f = PositionFacts::of(wythoff.generator(), &pos, Play::Normal);
            let generated = pos[0] + pos[1] + pos[0].min(pos[1]);
            let reached = reachable(&wythoff, &pos) as f64;
            let tokens = f64::from(pos[0] + pos[1]);
            let one_heap = f64::from(pos[0] + pos[1]);
            assert!(
                !f.sum && f.followers <= f64::from(generated),
                "{pos:?}: {f:?}"
            );
            assert!(f.followers >= one_heap, "{pos:?}: {f:?}");
            assert!(f.region >= 1.0 && f.region <= reached, "{pos:?}: {f:?}");
            assert_eq!(f.stored, (f.region - 1.0 - tokens).max(0.0), "{pos:?}");
        }
        // Kayles is a sum: nothing counted in normal play (single heaps answer it), the
        // followers in misère play, where the search takes the position whole.
        let kayles = load(include_str!("../../rulesets/classic/kayles.game"));
        let normal = PositionFacts::of(kayles.generator(), &[5, 7], Play::Normal);
        assert!(normal.sum && normal.followers == 0.0 && normal.region == 0.0);
        let misere = PositionFacts::of(kayles.generator(), &[5, 7], Play::Misere);
        assert!(misere.sum && misere.followers > 0.0 && misere.region == 0.0);
    }
}
