//! The stack of the search ([`Solver`]): a frame per position under evaluation, the followers
//! still to solve in one shared arena, and the push of a frame, where the followers are
//! generated and looked up in the memo as they come ([`Probe`]).

use super::{Solver, R};
use crate::solver::budget::{Budget, FollowerWatch};
use crate::solver::error::SolveError;
use crate::solver::memo::{Memo, Slot, ABSENT, GRUNDY, IS_N, IS_P, ON_STACK};
use crate::solver::GameRules;

#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// Index of this frame's position in `items`.
    pub(super) pos: usize,
    /// The next follower to look at (index into `items`).
    pub(super) next: usize,
    /// One past the last follower.
    pub(super) end: usize,
    /// Where this frame's follower values start in `vals`.
    pub(super) vals: usize,
    /// Its first follower item: its entry was looked up when the frame was pushed, and nothing
    /// is solved before the search reaches it, so that entry is still right then.
    pub(super) first: usize,
    /// The position has no follower at all (a P-position in normal play, N in misère play).
    pub(super) terminal: bool,
}

/// A position referenced by the stack: its heaps in the arena and its memo slot.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub(super) start: usize,
    pub(super) len: usize,
    pub(super) slot: Slot,
    /// The slot is not looked up yet (a P/N follower after the first one to solve: it is
    /// looked up only if the search reaches it, see [`Solver::push_frame`]).
    pub(super) pending: bool,
    /// The entry looked up when the item was stored (see [`Frame::first`]).
    pub(super) seen: u32,
}

impl<G: GameRules> Solver<'_, G> {
    pub(super) fn item(&self, i: usize) -> &[u32] {
        let it = self.items[i];
        &self.arena[it.start..it.start + it.len]
    }

    pub(super) fn entry(&mut self, i: usize, first: usize) -> u32 {
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
    pub(super) fn push_frame(&mut self, pos_item: usize, grundy: bool) -> R<bool, G> {
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
            budget,
            ..
        } = self;
        let mut probe = Probe {
            memo,
            budget,
            arena,
            items,
            values,
            watch: FollowerWatch::default(),
            grundy,
            deferring: false,
            any: false,
        };
        let generated = game.followers_until(cur, scratch, buf, &mut |f| probe.see(f));
        let (stopped, any) = (probe.watch.stopped, probe.any);
        let known_p = match generated {
            Ok(k) => k,
            Err(e) => {
                // No frame was pushed for it: forget its on-stack mark here.
                self.memo.remove(it.slot, &self.cur);
                return Err(self.game_error(e));
            }
        };
        if let Some(stop) = stopped {
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

    /// Pushes a frame for the follower item `i` of the top frame, whose entry says it is still
    /// to solve: its item is copied to the top of the arena so that popping its frame frees
    /// its followers. The value is [`Solver::push_frame`]'s.
    pub(super) fn push_follower(&mut self, i: usize, grundy: bool) -> R<bool, G> {
        let (s, l) = (self.items[i].start, self.items[i].len);
        let start = self.arena.len();
        self.arena.extend_from_within(s..s + l);
        let slot = self.items[i].slot;
        self.items.push(Item {
            start,
            len: l,
            slot,
            pending: false,
            seen: ABSENT,
        });
        self.push_frame(self.items.len() - 1, grundy)
    }

    /// Puts `pos` in the arena as a new item (the root of a search).
    pub(super) fn root_item(&mut self, pos: &[u32]) -> usize {
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
    pub(super) fn pop_frame(&mut self, entry: u32) {
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
    pub(super) fn abandon(&mut self) {
        while let Some(f) = self.frames.pop() {
            let it = self.items[f.pos];
            let key = &self.arena[it.start..it.start + it.len];
            if self.memo.get(it.slot, key) == ON_STACK {
                self.memo.remove(it.slot, key);
            }
        }
        self.clear_stack();
    }

    pub(super) fn clear_stack(&mut self) {
        self.items.clear();
        self.arena.clear();
        self.vals.clear();
    }

    pub(super) fn cycle_from(&self, repeated: &[u32]) -> Vec<Vec<u32>> {
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

    /// Drops the item of a just-popped frame (the last item).
    pub(super) fn drop_top_item(&mut self) {
        if let Some(it) = self.items.pop() {
            self.arena.truncate(it.start);
        }
    }
}

/// What [`Solver::push_frame`] does with each follower as the generator makes it: a known
/// Grundy value goes to `values`, a known P-follower stops the generation (P/N mode), a
/// follower still to solve goes to the arena with its memo slot.
struct Probe<'a> {
    memo: &'a Memo,
    budget: &'a Budget,
    arena: &'a mut Vec<u32>,
    items: &'a mut Vec<Item>,
    values: &'a mut Vec<u32>,
    /// The cancel flag and the deadline, looked at while the followers are generated.
    watch: FollowerWatch,
    grundy: bool,
    /// P/N mode, after the first follower still to solve: the rest are stored unlooked-up.
    deferring: bool,
    /// Some follower was seen.
    any: bool,
}

impl Probe<'_> {
    /// Sees one follower; `true` stops the generation.
    #[inline]
    fn see(&mut self, f: &[u32]) -> bool {
        if self.budget.stop_generating(&mut self.watch) {
            return true;
        }
        self.any = true;
        if self.deferring {
            return !self.store(f, Slot::Wide, true, ABSENT);
        }
        let (slot, e) = self.memo.lookup(f);
        if self.grundy {
            if e >= GRUNDY {
                self.values.push(e - GRUNDY);
                return false;
            }
        } else if e == IS_P || e == GRUNDY {
            return true;
        } else if e == IS_N || e > GRUNDY {
            return false;
        }
        if !self.store(f, slot, false, e) {
            return true;
        }
        self.deferring = !self.grundy;
        false
    }

    /// Stores a follower still to solve; `false` when the arena or the items could not grow
    /// within the memory limit (the stop is in the watch).
    #[inline]
    fn store(&mut self, f: &[u32], slot: Slot, pending: bool, seen: u32) -> bool {
        // Every follower of each position on the stack is kept: a position with millions of
        // followers of a thousand heaps asks for gigabytes at once, which must be refused, not
        // end the process in an allocation failure.
        let grown =
            (self.budget.grow(self.arena, f.len())).and_then(|()| self.budget.grow(self.items, 1));
        if let Err(stop) = grown {
            self.watch.stopped = Some(stop);
            return false;
        }
        let start = self.arena.len();
        self.arena.extend_from_slice(f);
        self.items.push(Item {
            start,
            len: f.len(),
            slot,
            pending,
            seen,
        });
        true
    }
}
