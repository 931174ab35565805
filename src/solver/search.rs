//! The memoized, iterative depth-first search behind Grundy values and outcomes.
//!
//! Every position under evaluation has a frame on an explicit stack; its followers are kept in
//! one shared arena that grows and shrinks with the stack. A follower found on the stack is a
//! loop in the game graph and is reported, never solved. In P/N mode a frame stops at its first
//! P-follower.

use hashbrown::HashMap;

use super::budget::Budget;
use super::error::{Outcome, SolveError};
use super::mex::mex;
use super::GameRules;
use crate::moves::Followers;

/// What the memo table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Under evaluation (on the stack).
    OnStack,
    /// Only its outcome is known.
    Outcome(Outcome),
    /// Its Grundy value is known.
    Grundy(u32),
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Index of this frame's position in `items`.
    pos: usize,
    /// The next follower to look at (index into `items`).
    next: usize,
    /// One past the last follower.
    end: usize,
    /// Where this frame's follower values start in `vals`.
    vals: usize,
}

/// A memoized solver for one game.
pub struct Solver<'g, G: GameRules> {
    game: &'g G,
    memo: HashMap<Box<[u32]>, Entry>,
    scratch: G::Scratch,
    buf: Followers,
    frames: Vec<Frame>,
    /// Heap sizes of every position referenced by `items`.
    arena: Vec<u32>,
    /// (start, len) in `arena`.
    items: Vec<(usize, usize)>,
    vals: Vec<u32>,
    budget: Budget,
}

type R<T, G> = Result<T, SolveError<<G as GameRules>::Error>>;

impl<'g, G: GameRules> Solver<'g, G> {
    /// A solver with an empty memo table and no position limit.
    pub fn new(game: &'g G) -> Self {
        Solver {
            game,
            memo: HashMap::new(),
            scratch: G::Scratch::default(),
            buf: Followers::new(),
            frames: Vec::new(),
            arena: Vec::new(),
            items: Vec::new(),
            vals: Vec::new(),
            budget: Budget::default(),
        }
    }

    /// Stops with [`SolveError::Limit`] once more than `n` positions are stored.
    pub fn set_max_positions(&mut self, n: Option<usize>) {
        self.budget.max_positions = n;
    }

    /// Sets the whole budget: position limit, cancel flag, progress counter.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// How many positions the memo table holds.
    pub fn positions_stored(&self) -> usize {
        self.memo.len()
    }

    /// The game being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    fn item(&self, i: usize) -> &[u32] {
        let (s, l) = self.items[i];
        &self.arena[s..s + l]
    }

    /// Pushes a frame for `pos` (copied into the arena), generating its followers.
    fn push_frame(&mut self, pos: &[u32]) -> R<(), G> {
        self.budget
            .check(self.memo.len())
            .map_err(|s| SolveError::from_stop(s, self.memo.len()))?;
        let start = self.arena.len();
        self.arena.extend_from_slice(pos);
        let pos_item = self.items.len();
        self.items.push((start, pos.len()));
        self.game
            .followers(pos, &mut self.scratch, &mut self.buf)
            .map_err(SolveError::Game)?;
        let first = self.items.len();
        for f in self.buf.iter() {
            let s = self.arena.len();
            self.arena.extend_from_slice(f);
            self.items.push((s, f.len()));
        }
        match self.memo.get_mut(pos) {
            Some(e) => *e = Entry::OnStack,
            None => {
                self.memo.insert(pos.into(), Entry::OnStack);
            }
        }
        self.frames.push(Frame {
            pos: pos_item,
            next: first,
            end: self.items.len(),
            vals: self.vals.len(),
        });
        Ok(())
    }

    /// Pops the top frame, storing `entry` for its position.
    fn pop_frame(&mut self, entry: Entry) {
        let f = self.frames.pop().expect("a frame to pop (pop_frame)");
        let (s, l) = self.items[f.pos];
        let key = &self.arena[s..s + l];
        if let Some(e) = self.memo.get_mut(key) {
            *e = entry;
        }
        self.vals.truncate(f.vals);
        self.items.truncate(f.pos);
        self.arena.truncate(s);
    }

    /// After an error: forgets every position still on the stack, so the table stays sound.
    fn abandon(&mut self) {
        while let Some(f) = self.frames.pop() {
            let (s, l) = self.items[f.pos];
            let key: Vec<u32> = self.arena[s..s + l].to_vec();
            if self.memo.get(key.as_slice()) == Some(&Entry::OnStack) {
                self.memo.remove(key.as_slice());
            }
        }
        self.items.clear();
        self.arena.clear();
        self.vals.clear();
    }

    fn cycle_from(&self, repeated: &[u32]) -> Vec<Vec<u32>> {
        let start = self
            .frames
            .iter()
            .position(|f| self.item(f.pos) == repeated)
            .unwrap_or(0);
        let mut c: Vec<Vec<u32>> = self.frames[start..]
            .iter()
            .map(|f| self.item(f.pos).to_vec())
            .collect();
        c.push(repeated.to_vec());
        c
    }

    /// The Sprague-Grundy value of a canonical position.
    pub fn grundy(&mut self, pos: &[u32]) -> R<u32, G> {
        if let Some(Entry::Grundy(g)) = self.memo.get(pos) {
            return Ok(*g);
        }
        let r = self.grundy_search(pos);
        if r.is_err() {
            self.abandon();
        }
        r
    }

    fn grundy_search(&mut self, pos: &[u32]) -> R<u32, G> {
        self.push_frame(pos)?;
        loop {
            let top = *self.frames.last().expect("a frame (grundy)");
            if top.next < top.end {
                self.frames.last_mut().expect("a frame (grundy)").next += 1;
                let (s, l) = self.items[top.next];
                match self.memo.get(&self.arena[s..s + l]) {
                    Some(Entry::Grundy(g)) => self.vals.push(*g),
                    Some(Entry::OnStack) => {
                        let f = self.arena[s..s + l].to_vec();
                        return Err(SolveError::Cycle(self.cycle_from(&f)));
                    }
                    _ => {
                        let f = self.arena[s..s + l].to_vec();
                        self.push_frame(&f)?;
                    }
                }
            } else {
                let g = mex(&mut self.vals[top.vals..]);
                self.pop_frame(Entry::Grundy(g));
                if self.frames.is_empty() {
                    return Ok(g);
                }
                self.vals.push(g);
            }
        }
    }

    /// Whether a canonical position is P or N, stopping at the first P-follower found.
    pub fn outcome(&mut self, pos: &[u32]) -> R<Outcome, G> {
        match self.memo.get(pos) {
            Some(Entry::Grundy(g)) => return Ok(if *g == 0 { Outcome::P } else { Outcome::N }),
            Some(Entry::Outcome(o)) => return Ok(*o),
            _ => {}
        }
        let r = self.outcome_search(pos);
        if r.is_err() {
            self.abandon();
        }
        r
    }

    fn outcome_search(&mut self, pos: &[u32]) -> R<Outcome, G> {
        self.push_frame(pos)?;
        loop {
            let top = *self.frames.last().expect("a frame (outcome)");
            let mut result = None;
            if top.next < top.end {
                self.frames.last_mut().expect("a frame (outcome)").next += 1;
                let (s, l) = self.items[top.next];
                match self.memo.get(&self.arena[s..s + l]) {
                    Some(Entry::Grundy(0) | Entry::Outcome(Outcome::P)) => {
                        result = Some(Outcome::N)
                    }
                    Some(Entry::Grundy(_) | Entry::Outcome(Outcome::N)) => {}
                    Some(Entry::OnStack) => {
                        let f = self.arena[s..s + l].to_vec();
                        return Err(SolveError::Cycle(self.cycle_from(&f)));
                    }
                    None => {
                        let f = self.arena[s..s + l].to_vec();
                        self.push_frame(&f)?;
                    }
                }
            } else {
                result = Some(Outcome::P);
            }
            // Settle frames: a P result makes the parent N at once.
            while let Some(o) = result.take() {
                self.pop_frame(Entry::Outcome(o));
                if self.frames.is_empty() {
                    return Ok(o);
                }
                if o == Outcome::P {
                    result = Some(Outcome::N);
                }
            }
        }
    }

    /// The canonical followers of `pos`, sorted, without repeats.
    pub fn followers(&mut self, pos: &[u32]) -> R<Vec<Vec<u32>>, G> {
        self.game
            .followers(pos, &mut self.scratch, &mut self.buf)
            .map_err(SolveError::Game)?;
        Ok(self.buf.to_sorted_vecs())
    }

    /// The followers of `pos` that are P-positions: the winning moves.
    pub fn winning_moves(&mut self, pos: &[u32]) -> R<Vec<Vec<u32>>, G> {
        let fs = self.followers(pos)?;
        let mut wins = Vec::new();
        for f in fs {
            if self.outcome(&f)? == Outcome::P {
                wins.push(f);
            }
        }
        Ok(wins)
    }
}
