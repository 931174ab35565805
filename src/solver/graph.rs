//! The game graph below one position, made explicit: every position reachable from it (the
//! region closed under moves), numbered, with each position's followers as numbers. Built
//! breadth-first within a budget, for the analyses that need the whole region at once: the
//! genus ([`super::genus`]) and the values of loopy games ([`super::loopy`]).

use std::collections::HashMap;

use super::budget::Budget;
use super::error::SolveError;
use super::GameRules;
use crate::moves::Followers;

/// The positions reachable from a root and the moves between them.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The positions; the root is number 0.
    pub positions: Vec<Vec<u32>>,
    /// For each position, its distinct followers (numbers), sorted.
    pub succ: Vec<Vec<u32>>,
    /// Each position's number.
    index: HashMap<Vec<u32>, u32>,
}

impl Graph {
    /// Explores every position reachable from `root`, stopping at the budget's position limit
    /// or its cancel flag.
    pub fn reachable<G: GameRules>(
        game: &G,
        root: &[u32],
        budget: &Budget,
    ) -> Result<Graph, SolveError<G::Error>> {
        Graph::reachable_from(game, std::iter::once(root.to_vec()), budget)
    }

    /// Explores every position reachable from any of `roots` (the region closed under
    /// moves), numbered in the order met, the roots first in their order (a root met earlier
    /// keeps its number); stops at the budget's position limit or its cancel flag.
    pub fn reachable_from<G: GameRules>(
        game: &G,
        roots: impl IntoIterator<Item = Vec<u32>>,
        budget: &Budget,
    ) -> Result<Graph, SolveError<G::Error>> {
        let mut graph = Graph {
            positions: Vec::new(),
            succ: Vec::new(),
            index: HashMap::new(),
        };
        for r in roots {
            graph.number_or_add(&r)?;
        }
        let mut scratch = G::Scratch::default();
        let mut buf = Followers::new();
        let mut next = 0;
        while next < graph.positions.len() {
            budget
                .check(graph.positions.len(), next)
                .map_err(|s| SolveError::from_stop(s, graph.positions.len()))?;
            let pos = graph.positions[next].clone();
            game.followers(&pos, &mut scratch, &mut buf)
                .map_err(SolveError::Game)?;
            let mut out = Vec::with_capacity(buf.len());
            for f in buf.iter() {
                out.push(graph.number_or_add(f)?);
            }
            out.sort_unstable();
            out.dedup();
            graph.succ.push(out);
            next += 1;
        }
        Ok(graph)
    }

    /// The number of position `p`, added (without followers yet) when it is new.
    fn number_or_add<E>(&mut self, p: &[u32]) -> Result<u32, SolveError<E>> {
        if let Some(&n) = self.index.get(p) {
            return Ok(n);
        }
        let n = u32::try_from(self.positions.len()).map_err(|_| SolveError::Limit {
            limit: u32::MAX as usize,
        })?;
        self.index.insert(p.to_vec(), n);
        self.positions.push(p.to_vec());
        Ok(n)
    }

    /// The number of position `p`, if the region holds it.
    pub fn number(&self, p: &[u32]) -> Option<u32> {
        self.index.get(p).copied()
    }

    /// How many positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph is empty (never: it holds its root).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The positions in an order where every position comes after all its followers, or the
    /// positions of a cycle (starting and ending with the repeated one) when there is one.
    pub fn topological(&self) -> Result<Vec<u32>, Vec<Vec<u32>>> {
        const NEW: u8 = 0;
        const OPEN: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; self.len()];
        let mut order = Vec::with_capacity(self.len());
        // (position, index of the next follower to visit)
        let mut stack: Vec<(u32, usize)> = Vec::new();
        for start in 0..self.len() as u32 {
            if state[start as usize] != NEW {
                continue;
            }
            state[start as usize] = OPEN;
            stack.push((start, 0));
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                let fs = &self.succ[v as usize];
                if *i < fs.len() {
                    let w = fs[*i];
                    *i += 1;
                    match state[w as usize] {
                        NEW => {
                            state[w as usize] = OPEN;
                            stack.push((w, 0));
                        }
                        OPEN => {
                            let from = stack.iter().position(|&(u, _)| u == w).unwrap_or(0);
                            let mut c: Vec<Vec<u32>> = stack[from..]
                                .iter()
                                .map(|&(u, _)| self.positions[u as usize].clone())
                                .collect();
                            c.push(self.positions[w as usize].clone());
                            return Err(c);
                        }
                        _ => {}
                    }
                } else {
                    state[v as usize] = DONE;
                    order.push(v);
                    stack.pop();
                }
            }
        }
        Ok(order)
    }
}
