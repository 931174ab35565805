//! The memoized, iterative depth-first search behind Grundy values and outcomes.
//!
//! Every position under evaluation has a frame on an explicit stack. Its followers are looked
//! up in the memo as the generator makes them: known Grundy values go straight to the mex, and
//! in P/N mode a follower known to be P makes the position N at once (the generator stops
//! there). Only followers still to be solved are kept, in one shared arena that grows and
//! shrinks with the stack, each with its memo slot. A follower found on the stack is a loop in
//! the game graph and is reported, never solved. In P/N mode a frame stops at its first
//! P-follower. The memo table is [`Memo`]: packed keys with FxHash, and a dense array when the
//! solver was given a box.

mod frame;

use super::budget::{Budget, FollowerWatch, Stop};
use super::error::{Outcome, SolveError};
use super::memo::{Memo, ABSENT, GRUNDY, IS_N, IS_P, ON_STACK};
use super::mex::mex_bits;
use super::table::BoxSpec;
use super::GameRules;
use crate::moves::Followers;
use crate::ruleset::play::Play;
use frame::{Frame, Item};

/// A memoized solver for one game.
pub struct Solver<'g, G: GameRules> {
    game: &'g G,
    memo: Memo,
    scratch: G::Scratch,
    buf: Followers,
    frames: Vec<Frame>,
    /// Heap sizes of every position referenced by `items`.
    arena: Vec<u32>,
    items: Vec<Item>,
    vals: Vec<u32>,
    /// Bitset for the mex.
    bits: Vec<u64>,
    /// The position whose followers are being generated.
    cur: Vec<u32>,
    budget: Budget,
    /// Frames pushed so far (wrapping; only its remainder matters), for the budget's checks.
    ticks: usize,
    /// For a disjunctive sum: its single-heap values, asked before any search.
    sum: Option<super::sum::SumOracle>,
    /// Every move makes the position strictly smaller ([`GameRules::strictly_decreasing`]):
    /// no loop can be met, so positions under evaluation are not marked in the memo.
    acyclic: bool,
    /// Misère play ([`Play::Misere`]): a terminal position has value 1 (it is N).
    misere: bool,
}

type R<T, G> = Result<T, SolveError<<G as GameRules>::Error>>;

impl<'g, G: GameRules> Solver<'g, G> {
    /// A solver with an empty memo table and no position limit.
    pub fn new(game: &'g G) -> Self {
        Self::with_memo(game, Memo::default())
    }

    /// A solver whose memo keeps the positions of `spec`'s box in a dense array.
    pub(crate) fn with_box(game: &'g G, spec: BoxSpec) -> Self {
        Self::with_memo(game, Memo::with_box(spec))
    }

    fn with_memo(game: &'g G, memo: Memo) -> Self {
        Solver {
            game,
            memo,
            scratch: G::Scratch::default(),
            buf: Followers::new(),
            frames: Vec::new(),
            arena: Vec::new(),
            items: Vec::new(),
            vals: Vec::new(),
            bits: Vec::new(),
            cur: Vec::new(),
            budget: Budget::default(),
            ticks: 0,
            sum: None,
            acyclic: game.strictly_decreasing(),
            misere: false,
        }
    }

    /// Answers positions by the XOR of single-heap values ([`super::sum::SumOracle`]); in
    /// misère play ([`Solver::with_play`]) sums do not add by XOR and the oracle is not used.
    pub fn with_sum(mut self, oracle: super::sum::SumOracle) -> Self {
        if !self.misere {
            self.sum = Some(oracle);
        }
        self
    }

    /// Solves in `play`: in misère play the values are the misère nim values g^- (a terminal
    /// position has value 1) and any sum oracle is dropped. Set it before the first solve:
    /// the memo holds values of one convention only.
    pub fn with_play(mut self, play: Play) -> Self {
        debug_assert!(self.memo.is_empty(), "the play is set before solving");
        self.misere = play == Play::Misere;
        if self.misere {
            self.sum = None;
        }
        self
    }

    /// The play convention this solver answers in.
    pub fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// The sum's answer for a position, if the solver has a sum oracle and it can answer.
    fn sum_grundy(&mut self, pos: &[u32]) -> R<Option<u32>, G> {
        match self.sum.as_mut() {
            Some(s) => s.grundy(
                self.game,
                &mut self.scratch,
                &mut self.buf,
                &self.budget,
                pos,
            ),
            None => Ok(None),
        }
    }

    /// Stops with [`SolveError::Limit`] once more than `n` positions are stored.
    pub fn set_max_positions(&mut self, n: Option<usize>) {
        self.budget.max_positions = n;
    }

    /// The budget the search runs under.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Sets the whole budget: position limit, cancel flag, progress counter.
    pub fn set_budget(&mut self, budget: Budget) {
        // The generator looks at the cancel flag and the deadline itself in loops that write
        // few followers (the probe below sees only the followers).
        if let Some(stop) = budget.as_interrupt() {
            self.game.set_interrupt(&mut self.scratch, stop);
        }
        self.budget = budget;
    }

    /// The error for the generator's failure `e`: a stop when the budget's interrupt stopped
    /// it.
    fn game_error(&self, e: G::Error) -> SolveError<G::Error> {
        if self.game.is_interrupted(&e) {
            let stop = self.budget.interrupted().err().unwrap_or(Stop::Cancelled);
            SolveError::from_stop(stop, self.memo.len())
        } else {
            SolveError::Game(e)
        }
    }

    /// How many positions the memo table holds.
    pub fn positions_stored(&self) -> usize {
        // A sum stores one value per heap size instead.
        self.memo.len() + self.sum.as_ref().map_or(0, |s| s.known().len())
    }

    /// A solver whose memo keeps the positions of `spec`'s box in a dense array of one byte
    /// per position: for P/N solves (Grundy values above 250 are kept in a hash table).
    pub(crate) fn with_box_narrow(game: &'g G, spec: BoxSpec) -> Self {
        Self::with_memo(game, Memo::with_box_narrow(spec))
    }

    /// The entry at rank `r` of the dense table (of the box given to [`Solver::with_box`]),
    /// in the memo's encoding (see `memo.rs`); `pos` is the position of that rank.
    pub(crate) fn dense_entry(&self, r: usize, pos: &[u32]) -> u32 {
        self.memo.dense_entry(r, pos)
    }

    /// The game being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The Sprague-Grundy value of a canonical position.
    pub fn grundy(&mut self, pos: &[u32]) -> R<u32, G> {
        if let Some(g) = self.sum_grundy(pos)? {
            return Ok(g);
        }
        let slot = self.memo.slot(pos);
        let e = self.memo.get(slot, pos);
        if e >= GRUNDY {
            return Ok(e - GRUNDY);
        }
        let r = self.grundy_search(pos);
        match r {
            Ok(_) => self.clear_stack(),
            Err(_) => self.abandon(),
        }
        r
    }

    fn grundy_search(&mut self, pos: &[u32]) -> R<u32, G> {
        let root = self.root_item(pos);
        self.push_frame(root, true)?;
        loop {
            let top = *self.frames.last().expect("a frame (grundy)");
            if top.next < top.end {
                self.frames.last_mut().expect("a frame (grundy)").next += 1;
                let e = self.entry(top.next, top.first);
                if e >= GRUNDY {
                    self.vals.push(e - GRUNDY);
                } else if e == ON_STACK {
                    let f = self.item(top.next).to_vec();
                    return Err(SolveError::Cycle(self.cycle_from(&f)));
                } else {
                    // Absent, or only its outcome known: solve it.
                    self.push_follower(top.next, true)?;
                }
            } else {
                // Every follower's value is in `vals` by now: none means no follower at all.
                let g = if self.misere && self.vals.len() == top.vals {
                    1
                } else {
                    mex_bits(&self.vals[top.vals..], &mut self.bits)
                };
                // g <= number of followers (or 1), far below u32::MAX - GRUNDY.
                self.pop_frame(GRUNDY + g);
                self.drop_top_item();
                if self.frames.is_empty() {
                    return Ok(g);
                }
                self.vals.push(g);
            }
        }
    }

    /// Whether a canonical position is P or N, stopping at the first P-follower found.
    pub fn outcome(&mut self, pos: &[u32]) -> R<Outcome, G> {
        if let Some(g) = self.sum_grundy(pos)? {
            return Ok(if g == 0 { Outcome::P } else { Outcome::N });
        }
        let slot = self.memo.slot(pos);
        match self.memo.get(slot, pos) {
            IS_P | GRUNDY => return Ok(Outcome::P),
            IS_N => return Ok(Outcome::N),
            e if e > GRUNDY => return Ok(Outcome::N),
            _ => {}
        }
        let r = self.outcome_search(pos);
        match r {
            Ok(_) => self.clear_stack(),
            Err(_) => self.abandon(),
        }
        r
    }

    fn outcome_search(&mut self, pos: &[u32]) -> R<Outcome, G> {
        let root = self.root_item(pos);
        let mut result = self.push_frame(root, false)?.then_some(Outcome::N);
        loop {
            if result.is_none() {
                let top = *self.frames.last().expect("a frame (outcome)");
                if top.next < top.end {
                    self.frames.last_mut().expect("a frame (outcome)").next += 1;
                    match self.entry(top.next, top.first) {
                        IS_P | GRUNDY => result = Some(Outcome::N),
                        ON_STACK => {
                            let f = self.item(top.next).to_vec();
                            return Err(SolveError::Cycle(self.cycle_from(&f)));
                        }
                        ABSENT => {
                            result = self.push_follower(top.next, false)?.then_some(Outcome::N);
                        }
                        _ => {}
                    }
                } else if self.misere && top.terminal {
                    // Misère play: the player to move has no move, and so has won.
                    result = Some(Outcome::N);
                } else {
                    result = Some(Outcome::P);
                }
            }
            // Settle frames: a P result makes the parent N at once.
            while let Some(o) = result.take() {
                self.pop_frame(if o == Outcome::P { IS_P } else { IS_N });
                self.drop_top_item();
                if self.frames.is_empty() {
                    return Ok(o);
                }
                if o == Outcome::P {
                    result = Some(Outcome::N);
                }
            }
        }
    }

    /// The canonical followers of `pos`, sorted, without repeats. The budget's cancel flag
    /// and deadline are looked at while they are generated (a position may have billions).
    pub fn followers(&mut self, pos: &[u32]) -> R<Vec<Vec<u32>>, G> {
        let mut watch = FollowerWatch::default();
        let mut all = Followers::default();
        let budget = &self.budget;
        let mut probe = |f: &[u32]| {
            all.push(f);
            budget.stop_generating(&mut watch)
        };
        let r = self
            .game
            .followers_until(pos, &mut self.scratch, &mut self.buf, &mut probe);
        if let Err(e) = r {
            return Err(self.game_error(e));
        }
        if let Some(stop) = watch.stopped {
            return Err(SolveError::from_stop(stop, self.memo.len()));
        }
        Ok(all.to_sorted_vecs())
    }

    /// The followers of `pos` that are P-positions: the winning moves.
    pub fn winning_moves(&mut self, pos: &[u32]) -> R<Vec<Vec<u32>>, G> {
        if let Some(s) = self.sum.as_mut() {
            let (g, sc, buf, b) = (self.game, &mut self.scratch, &mut self.buf, &self.budget);
            if let Some(w) = s.winning_moves(g, sc, buf, b, pos)? {
                return Ok(w);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::mex_bits;

    #[test]
    fn bitset_mex_agrees_with_the_sorting_mex() {
        let mut bits = Vec::new();
        let cases: Vec<Vec<u32>> = vec![
            vec![],
            vec![1, 2],
            vec![0, 0, 1, 3],
            vec![2, 1, 0],
            (0..64).collect(),
            (0..200).filter(|&x| x != 130).collect(),
            vec![5; 70],
        ];
        for c in cases {
            let want = crate::solver::mex::mex(&mut c.clone());
            assert_eq!(mex_bits(&c, &mut bits), want, "{c:?}");
            assert!(bits.iter().all(|&b| b == 0));
        }
    }
}
