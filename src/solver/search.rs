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

use super::budget::{Budget, FollowerWatch, Stop};
use super::error::{Outcome, SolveError};
use super::memo::{Memo, Slot, ABSENT, GRUNDY, IS_N, IS_P, ON_STACK};
use super::mex::mex_bits;
use super::table::BoxSpec;
use super::GameRules;
use crate::moves::Followers;
use crate::ruleset::play::Play;

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
    /// Its first follower item: its entry was looked up when the frame was pushed, and nothing
    /// is solved before the search reaches it, so that entry is still right then.
    first: usize,
    /// The position has no follower at all (a P-position in normal play, N in misère play).
    terminal: bool,
}

/// A position referenced by the stack: its heaps in the arena and its memo slot.
#[derive(Clone, Copy, Debug)]
struct Item {
    start: usize,
    len: usize,
    slot: Slot,
    /// The slot is not looked up yet (a P/N follower after the first one to solve: it is
    /// looked up only if the search reaches it, see [`Solver::push_frame`]).
    pending: bool,
    /// The entry looked up when the item was stored (see [`Frame::first`]).
    seen: u32,
}

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
    pub fn with_box(game: &'g G, spec: BoxSpec) -> Self {
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
        if budget.cancel.is_some() || budget.deadline.is_some() {
            let b = budget.clone();
            let stop = move || b.interrupted().is_err();
            self.game
                .set_interrupt(&mut self.scratch, std::sync::Arc::new(stop));
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
    pub fn with_box_narrow(game: &'g G, spec: BoxSpec) -> Self {
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

    fn item(&self, i: usize) -> &[u32] {
        let it = self.items[i];
        &self.arena[it.start..it.start + it.len]
    }

    fn entry(&mut self, i: usize, first: usize) -> u32 {
        let it = self.items[i];
        if i == first && !it.pending {
            return it.seen;
        }
        let pos = &self.arena[it.start..it.start + it.len];
        if it.pending {
            let (slot, e) = self.memo.lookup(pos);
            self.items[i].slot = slot;
            self.items[i].pending = false;
            return e;
        }
        self.memo.get(it.slot, pos)
    }

    /// Pushes a frame for the item `pos_item` (already in the arena), generating its followers.
    /// Followers whose entry already answers are not stored: in Grundy mode their values go
    /// straight to `vals`; in P/N mode a known P-follower makes the position N at once (the
    /// return value is then `true` and no follower is stored), and known N-followers are
    /// skipped. Only followers still to be solved go to the arena. In P/N mode, the followers
    /// after the first one still to be solved are stored without a look-up (`pending`): the
    /// search looks each up only if it gets that far, so an N-position whose first unsolved
    /// follower turns out P costs one look-up, not one per follower (as a recursive search
    /// that stops at the first P-follower does).
    fn push_frame(&mut self, pos_item: usize, grundy: bool) -> R<bool, G> {
        let tick = self.ticks;
        self.ticks = self.ticks.wrapping_add(1);
        self.budget
            .check(self.memo.len(), tick)
            .map_err(|s| SolveError::from_stop(s, self.memo.len()))?;
        let it = self.items[pos_item];
        self.cur.clear();
        self.cur
            .extend_from_slice(&self.arena[it.start..it.start + it.len]);
        if !self.acyclic {
            self.memo.set(it.slot, &self.cur, ON_STACK);
        }
        let first = self.items.len();
        let vals = self.vals.len();
        let Solver {
            game,
            memo,
            scratch,
            buf,
            arena,
            items,
            vals: values,
            cur,
            ..
        } = self;
        let memo: &Memo = memo;
        let budget: &Budget = &self.budget;
        // A position may have astronomically many followers: the cancel flag (Ctrl-C, the
        // memory guard) and the deadline are looked at while they are generated too.
        let mut watch = FollowerWatch::default();
        let mut deferring = false;
        let mut any = false;
        let mut probe = |f: &[u32]| -> bool {
            if budget.stop_generating(&mut watch) {
                return true;
            }
            any = true;
            if deferring {
                let start = arena.len();
                arena.extend_from_slice(f);
                items.push(Item {
                    start,
                    len: f.len(),
                    slot: Slot::Wide,
                    pending: true,
                    seen: ABSENT,
                });
                return false;
            }
            let (slot, e) = memo.lookup(f);
            if grundy {
                if e >= GRUNDY {
                    values.push(e - GRUNDY);
                    return false;
                }
            } else if e == IS_P || e == GRUNDY {
                return true;
            } else if e == IS_N || e > GRUNDY {
                return false;
            }
            let start = arena.len();
            arena.extend_from_slice(f);
            items.push(Item {
                start,
                len: f.len(),
                slot,
                pending: false,
                seen: e,
            });
            deferring = !grundy;
            false
        };
        let known_p = match game.followers_until(cur, scratch, buf, &mut probe) {
            Ok(k) => k,
            Err(e) => {
                // No frame was pushed for it: forget its on-stack mark here.
                self.memo.remove(it.slot, &self.cur);
                return Err(self.game_error(e));
            }
        };
        if let Some(stop) = watch.stopped {
            self.memo.remove(it.slot, &self.cur);
            return Err(SolveError::from_stop(stop, self.memo.len()));
        }
        if known_p {
            self.items.truncate(first);
            if let Some(last) = self.items.last() {
                self.arena.truncate(last.start + last.len);
            }
        }
        self.frames.push(Frame {
            pos: pos_item,
            next: first,
            end: self.items.len(),
            vals,
            first,
            terminal: !any,
        });
        Ok(known_p)
    }

    /// Puts `pos` in the arena as a new item (the root of a search).
    fn root_item(&mut self, pos: &[u32]) -> usize {
        let start = self.arena.len();
        self.arena.extend_from_slice(pos);
        let slot = self.memo.slot(pos);
        self.items.push(Item {
            start,
            len: pos.len(),
            slot,
            pending: false,
            seen: ABSENT,
        });
        self.items.len() - 1
    }

    /// Pops the top frame, storing `entry` for its position.
    fn pop_frame(&mut self, entry: u32) {
        let f = self.frames.pop().expect("a frame to pop (pop_frame)");
        let it = self.items[f.pos];
        self.memo
            .set(it.slot, &self.arena[it.start..it.start + it.len], entry);
        self.vals.truncate(f.vals);
        // Keep the popped position's own item: its parent frame refers to it.
        self.items.truncate(f.pos + 1);
        self.arena.truncate(it.start + it.len);
    }

    /// After an error: forgets every position still on the stack, so the table stays sound.
    fn abandon(&mut self) {
        while let Some(f) = self.frames.pop() {
            let it = self.items[f.pos];
            let key = &self.arena[it.start..it.start + it.len];
            if self.memo.get(it.slot, key) == ON_STACK {
                self.memo.remove(it.slot, key);
            }
        }
        self.clear_stack();
    }

    fn clear_stack(&mut self) {
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
                    // Absent, or only its outcome known: solve it. Its item is copied to the
                    // top of the arena so that popping its frame frees its followers.
                    let (s, l) = (self.items[top.next].start, self.items[top.next].len);
                    let start = self.arena.len();
                    self.arena.extend_from_within(s..s + l);
                    let slot = self.items[top.next].slot;
                    self.items.push(Item {
                        start,
                        len: l,
                        slot,
                        pending: false,
                        seen: ABSENT,
                    });
                    self.push_frame(self.items.len() - 1, true)?;
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

    /// Drops the item of a just-popped frame (the last item).
    fn drop_top_item(&mut self) {
        if let Some(it) = self.items.pop() {
            self.arena.truncate(it.start);
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
                            let (s, l) = (self.items[top.next].start, self.items[top.next].len);
                            let start = self.arena.len();
                            self.arena.extend_from_within(s..s + l);
                            let slot = self.items[top.next].slot;
                            self.items.push(Item {
                                start,
                                len: l,
                                slot,
                                pending: false,
                                seen: ABSENT,
                            });
                            result = self
                                .push_frame(self.items.len() - 1, false)?
                                .then_some(Outcome::N);
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
