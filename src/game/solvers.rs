//! The game's solvers and what front ends ask beside a position's value, once for every
//! caller: a solver over the game's moves, or over a wrapper of them that counts progress
//! (the playground's); each heap's value in a disjunctive sum; and the first `move` clause
//! (in source order) that reaches each follower, which a cycle's diagnostic, `check`'s
//! explanations and the playground name.

use crate::moves::{Followers, Generator, Scratch};
use crate::solver::sum::SumOracle;
use crate::solver::{Budget, GameRules, Play, Solver};

use super::Game;

impl Game {
    /// A memoized solver for this game in its play ([`Game::play`]); in normal play a
    /// disjunctive sum is answered through its single-heap Grundy sequence
    /// ([`SumOracle`]), in misère play by the search alone.
    pub fn solver(&self) -> Solver<'_, Generator> {
        self.solver_over(self.generator())
    }

    /// [`Game::solver`] over `rules`, this game's moves seen through a wrapper (one that
    /// counts the positions expanded, say): the same play, the same sum oracle.
    pub fn solver_over<'a, G: GameRules>(&self, rules: &'a G) -> Solver<'a, G> {
        let s = Solver::new(rules).with_play(self.play());
        if self.play() == Play::Misere {
            return s;
        }
        match SumOracle::new(self.generator()) {
            Some(o) => s.with_sum(o),
            None => s,
        }
    }

    /// The value of each heap of `pos` alone, for a disjunctive sum in normal play (the
    /// position's value is their XOR), computed over `rules` (this game's moves or a wrapper
    /// of them) within `budget`; `None` for any other game, in misère play, or when a value
    /// is out of reach.
    pub fn heap_values<G: GameRules>(
        &self,
        rules: &G,
        pos: &[u32],
        budget: &Budget,
    ) -> Option<Vec<u32>> {
        if self.play() == Play::Misere {
            return None;
        }
        let mut oracle = SumOracle::new(self.generator())?;
        let mut scratch = G::Scratch::default();
        let mut out = Followers::new();
        pos.iter()
            .map(|&h| {
                (oracle.value(rules, &mut scratch, &mut out, budget, h))
                    .ok()
                    .flatten()
            })
            .collect()
    }

    /// For each of `to` (followers of `from`), the first `move` clause in source order that
    /// reaches it, as an index into the generator's moves; `None` for one no clause reaches.
    pub fn first_clauses(&self, from: &[u32], to: &[Vec<u32>]) -> Vec<Option<usize>> {
        let gen = self.generator();
        let mut found: Vec<Option<usize>> = vec![None; to.len()];
        let mut scratch = Scratch::default();
        let mut out = Followers::new();
        for i in 0..gen.moves.len() {
            if found.iter().all(Option::is_some) {
                break;
            }
            if gen
                .clause(i)
                .followers(from, &mut scratch, &mut out)
                .is_err()
            {
                continue;
            }
            let reached = out.to_sorted_vecs();
            for (slot, t) in found.iter_mut().zip(to) {
                if slot.is_none() && reached.binary_search(t).is_ok() {
                    *slot = Some(i);
                }
            }
        }
        found
    }

    /// The first `move` clause in source order that moves `from` to `to` ([`Game::first_clauses`]).
    pub fn first_clause(&self, from: &[u32], to: &[u32]) -> Option<usize> {
        self.first_clauses(from, &[to.to_vec()])
            .into_iter()
            .next()
            .flatten()
    }
}
