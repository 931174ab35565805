//! The game graph below one position, made explicit: every position reachable from it (the
//! region closed under moves), numbered, with each position's followers as numbers. Built
//! breadth-first within a budget, for the analyses that need the whole region at once: the
//! genus ([`super::genus`]) and the values of loopy games ([`super::loopy`]).

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

use super::budget::{Budget, FollowerWatch, Stop};
use super::error::SolveError;
use super::GameRules;
use crate::moves::Followers;

/// The positions reachable from a root and the moves between them. The positions are kept
/// end to end in one array (no allocation per position: a region of millions is built and
/// freed in time for `--time`).
#[derive(Clone, Debug)]
pub struct Graph {
    /// The heap sizes of every position, end to end.
    cells: Vec<u32>,
    /// Where each position starts in `cells`, and one past the last.
    starts: Vec<usize>,
    /// For each position, its distinct followers (numbers), sorted.
    pub succ: Vec<Vec<u32>>,
    /// Each position's number, hashed by its heap sizes.
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
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
    pub(crate) fn reachable_from<G: GameRules>(
        game: &G,
        roots: impl IntoIterator<Item = Vec<u32>>,
        budget: &Budget,
    ) -> Result<Graph, SolveError<G::Error>> {
        let mut graph = Graph {
            cells: Vec::new(),
            starts: vec![0],
            succ: Vec::new(),
            index: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        };
        for r in roots {
            graph.number_or_add(&r)?;
        }
        let mut scratch = G::Scratch::default();
        // The generator looks at the clock itself in loops that write few followers.
        if let Some(stop) = budget.as_interrupt() {
            game.set_interrupt(&mut scratch, stop);
        }
        let mut buf = Followers::new();
        let mut next = 0;
        while next < graph.len() {
            budget
                .check(graph.len(), next)
                .map_err(|s| SolveError::from_stop(s, graph.len()))?;
            let pos = graph.position(next as u32).to_vec();
            let out = graph.number_followers(game, &pos, &mut scratch, &mut buf, budget)?;
            graph.succ.push(out);
            next += 1;
        }
        Ok(graph)
    }

    /// The distinct followers of `pos` as numbers, sorted, each new one added as it is
    /// generated: the position limit, the cancel flag and the deadline are looked at while a
    /// position's followers are generated, since one position may have billions.
    fn number_followers<G: GameRules>(
        &mut self,
        game: &G,
        pos: &[u32],
        scratch: &mut G::Scratch,
        buf: &mut Followers,
        budget: &Budget,
    ) -> Result<Vec<u32>, SolveError<G::Error>> {
        let mut watch = FollowerWatch::default();
        let mut failed = None;
        let mut out = Vec::new();
        let mut probe = |f: &[u32]| {
            let added = self.len();
            match self.number_or_add(f) {
                Ok(n) => out.push(n),
                Err(e) => {
                    failed = Some(e);
                    return true;
                }
            }
            if self.len() > added {
                if let Err(stop) = budget.check(self.len(), 1) {
                    failed = Some(SolveError::from_stop(stop, self.len()));
                    return true;
                }
            }
            // Repeats are dropped now and then, so that a position whose billions of moves
            // lead to few positions holds no more than the positions it reaches.
            if out.len() > 2 * self.len() + 1024 {
                out.sort_unstable();
                out.dedup();
            }
            budget.stop_generating(&mut watch)
        };
        let r = game.followers_until(pos, scratch, buf, &mut probe);
        if let Some(e) = failed {
            return Err(e);
        }
        if let Some(stop) = watch.stopped {
            return Err(SolveError::from_stop(stop, self.len()));
        }
        if let Err(e) = r {
            if game.is_interrupted(&e) {
                let stop = budget.interrupted().err().unwrap_or(Stop::Cancelled);
                return Err(SolveError::from_stop(stop, self.len()));
            }
            return Err(SolveError::Game(e));
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The number of position `p`, added (without followers yet) when it is new.
    fn number_or_add<E>(&mut self, p: &[u32]) -> Result<u32, SolveError<E>> {
        let hash = self.hasher.hash_one(p);
        let (cells, starts) = (&self.cells, &self.starts);
        let same = |&n: &u32| &cells[starts[n as usize]..starts[n as usize + 1]] == p;
        if let Some(&n) = self.index.find(hash, same) {
            return Ok(n);
        }
        let n = u32::try_from(self.len()).map_err(|_| SolveError::Limit {
            limit: u32::MAX as usize,
        })?;
        self.cells.extend_from_slice(p);
        self.starts.push(self.cells.len());
        let (cells, starts, hasher) = (&self.cells, &self.starts, &self.hasher);
        self.index.insert_unique(hash, n, |&m| {
            hasher.hash_one(&cells[starts[m as usize]..starts[m as usize + 1]])
        });
        Ok(n)
    }

    /// The number of position `p`, if the region holds it.
    pub fn number(&self, p: &[u32]) -> Option<u32> {
        let (cells, starts) = (&self.cells, &self.starts);
        let same = |&n: &u32| &cells[starts[n as usize]..starts[n as usize + 1]] == p;
        self.index.find(self.hasher.hash_one(p), same).copied()
    }

    /// The heap sizes of position number `n` (the root is number 0).
    pub fn position(&self, n: u32) -> &[u32] {
        &self.cells[self.starts[n as usize]..self.starts[n as usize + 1]]
    }

    /// Every position, in the order of their numbers.
    pub fn positions(&self) -> impl Iterator<Item = &[u32]> + '_ {
        (0..self.len() as u32).map(|n| self.position(n))
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether the graph is empty (never: it holds its root).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The positions in an order where every position comes after all its followers, or the
    /// positions of a cycle (starting and ending with the repeated one) when there is one.
    pub(crate) fn topological(&self) -> Result<Vec<u32>, Vec<Vec<u32>>> {
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
                                .map(|&(u, _)| self.position(u).to_vec())
                                .collect();
                            c.push(self.position(w).to_vec());
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
