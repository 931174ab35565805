//! The generator's compiled path: a clause that the move compiler ([`crate::moves::compiled`])
//! compiles is run as compiled code on every position the generator is asked about (single
//! positions, the memoized search, the REPL, a sum's single-heap sequence), and its moves are
//! turned into canonical followers here: no expression tree walked and no candidate generated
//! only to be rejected where the condition gave the amount loop its bounds. Where the
//! compiled code cannot decide ([`Fallback`]: the interpreter would report an error there, or
//! a value leaves its checked range), the followers it wrote are taken back and the
//! interpreter runs the clause, so the result and the errors are the interpreter's.

use std::sync::Arc;

use super::{deliver, Halt, MoveError, ProbeRef, Scratch, Watch, R};
use crate::moves::compiled::{
    compile, CompiledMove, Fallback, Regs, Shown, SplitTail, Tail, TICK_EVERY,
};
use crate::moves::followers::Followers;
use crate::moves::program::{MoveProgram, PositionRule, ShapeSpec};

/// The compiled form of each clause of a generator, in source order (`None`: interpreted).
#[derive(Clone, Default)]
pub(super) struct Clauses(Option<Arc<[Option<CompiledMove>]>>);

impl std::fmt::Debug for Clauses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let compiled = self.0.as_ref().map_or(0, |v| v.iter().flatten().count());
        write!(f, "Clauses({compiled} compiled)")
    }
}

impl Clauses {
    /// Compiles each clause of `moves` that compiles.
    pub(super) fn of(shape: &ShapeSpec, moves: &[MoveProgram]) -> Clauses {
        let v: Vec<_> = moves.iter().map(|m| compile(shape, m)).collect();
        match v.iter().any(Option::is_some) {
            true => Clauses(Some(v.into())),
            false => Clauses(None),
        }
    }

    /// The compiled form of clause `i`, if it has one.
    pub(super) fn get(&self, i: usize) -> Option<&CompiledMove> {
        self.0.as_ref()?.get(i)?.as_ref()
    }

    /// How many clauses are compiled.
    pub(super) fn count(&self) -> usize {
        self.0.as_ref().map_or(0, |v| v.iter().flatten().count())
    }

    /// Whether a compiled clause does more than take ([`Tail`]: a split, a `move ... to`).
    fn more_than_takes(&self) -> bool {
        (self.0.as_ref()).is_some_and(|v| v.iter().flatten().any(|c| c.tail().is_some()))
    }
}

impl super::Generator {
    /// The moves of `pos`, the position of a single heap (`single`: its index, every other
    /// heap empty), as runs of amounts taken from that heap, shown to `f` (`first, last,
    /// step`): each amount a move to the same position with that heap lowered by it. For a
    /// sum's single-heap sequence, which reads the follower's value at `n - s` with no
    /// follower built. `None` when a clause is interpreted or splits a heap, a `positions
    /// where` rule applies, a clause cannot decide ([`Fallback`]) or takes from another heap: the caller then
    /// generates the followers (after runs already shown: marks that are made again).
    pub fn single_heap_runs(
        &self,
        (pos, single): (&[u32], usize),
        s: &mut Scratch,
        f: &mut dyn FnMut(u64, u64, u64),
    ) -> Option<Result<(), MoveError>> {
        let all = self.compiled.count() == self.moves.len();
        if self.positions.is_some() || !all || self.compiled.more_than_takes() {
            return None;
        }
        let CompiledScratch { regs, .. } = &mut s.compiled;
        regs.heaps.clear();
        regs.heaps.extend(pos.iter().map(|&h| i64::from(h)));
        let watch = &mut s.watch;
        let mut stop: Option<Option<MoveError>> = None;
        for i in 0..self.moves.len() {
            let c = self.compiled.get(i)?;
            c.fit(regs);
            let ran = c.each_shown(pos, regs, &mut |combo, shown| {
                match (combo, shown) {
                    (_, Shown::Tick) => match watch.tick_by(TICK_EVERY as usize) {
                        Ok(()) => return false,
                        Err(e) => stop = Some(Some(e)),
                    },
                    (&[j], _) if j != single => stop = Some(None),
                    (&[_], Shown::One(take)) => f(u64::from(take[0]), u64::from(take[0]), 1),
                    (&[_], Shown::Run { first, last, step }) => f(first, last, step),
                    _ => stop = Some(None),
                }
                stop.is_some()
            });
            match (ran, stop.take()) {
                (_, Some(Some(e))) => return Some(Err(e)),
                (Err(Fallback), _) | (_, Some(None)) => return None,
                (Ok(_), None) => {}
            }
        }
        Some(Ok(()))
    }
}

/// Working memory of the compiled path, kept in the [`Scratch`].
#[derive(Default, Debug)]
pub(super) struct CompiledScratch {
    regs: Regs,
    buf: Vec<u32>,
    /// The parts of a heap split.
    parts: Vec<u32>,
}

/// Writes the followers of the compiled clause `c` on `pos` into `out` (or shows them to the
/// probe). `Ok(false)`: the compiled code could not decide, nothing it wrote is left in
/// `out`, and the interpreter must run the clause.
pub(super) fn run_compiled(
    (shape, rule): (&ShapeSpec, Option<&PositionRule>),
    c: &CompiledMove,
    pos: &[u32],
    s: &mut Scratch,
    out: &mut Followers,
    probe: Option<ProbeRef<'_, '_>>,
) -> Result<bool, Halt> {
    let CompiledScratch { regs, buf, parts } = &mut s.compiled;
    c.fit(regs);
    regs.heaps.clear();
    regs.heaps.extend(pos.iter().map(|&h| i64::from(h)));
    let start = out.len();
    let mut sink = Sink {
        shape,
        rule,
        pos,
        rule_slots: (&mut s.rule_ints, &mut s.rule_lists),
        watch: &mut s.watch,
        out,
        probe,
        halt: None,
    };
    let ran = match c.tail() {
        None => c.each_shown(pos, regs, &mut |combo, shown| sink.show(buf, combo, shown)),
        Some(Tail::Split(t)) => c.each_shown(pos, regs, &mut |combo, shown| {
            sink.split(t, (buf, parts), combo, shown)
        }),
        Some(Tail::To(y)) => c.each_shown(pos, regs, &mut |combo, shown| {
            sink.moved_to(y, buf, combo, shown)
        }),
        Some(Tail::Add) => {
            c.each_shown(pos, regs, &mut |combo, shown| sink.added(buf, combo, shown))
        }
        Some(Tail::Deletes) => c.each_follower(pos, regs, &mut |f| {
            let r = match f {
                None => sink.watch.tick_by(TICK_EVERY as usize).map_err(Halt::from),
                Some(f) => sink.deliver(f),
            };
            sink.halted(r)
        }),
        Some(Tail::ToChosen) => c.each_shown(pos, regs, &mut |combo, shown| match combo {
            &[x, y] => sink.moved_to(y, buf, &[x], shown),
            _ => sink.show(buf, combo, shown),
        }),
    };
    match (ran, sink.halt) {
        (_, Some(h)) => Err(h),
        (Ok(_), None) => Ok(true),
        (Err(Fallback), None) => {
            sink.out.truncate(start);
            Ok(false)
        }
    }
}

/// Where the compiled clause's moves go: built into canonical followers and delivered.
struct Sink<'a, 'p> {
    shape: &'a ShapeSpec,
    rule: Option<&'a PositionRule>,
    pos: &'a [u32],
    rule_slots: (&'a mut Vec<i64>, &'a mut Vec<Vec<i64>>),
    watch: &'a mut Watch,
    out: &'a mut Followers,
    probe: Option<ProbeRef<'a, 'p>>,
    /// Why the enumeration was stopped: the probe found what it wanted, or an error.
    halt: Option<Halt>,
}

impl Sink<'_, '_> {
    /// True (stop) when `r` is a halt, kept in `self.halt`.
    fn halted(&mut self, r: Result<(), Halt>) -> bool {
        match r {
            Ok(()) => false,
            Err(h) => {
                self.halt = Some(h);
                true
            }
        }
    }

    /// Handles one [`Shown`]; true (stop) when it halts, with the reason in `self.halt`.
    fn show(&mut self, buf: &mut Vec<u32>, combo: &[usize], shown: Shown<'_>) -> bool {
        let r = match shown {
            Shown::Tick => self.watch.tick_by(TICK_EVERY as usize).map_err(Halt::from),
            Shown::One(take) => {
                buf.clear();
                buf.extend_from_slice(self.pos);
                for (&j, &t) in combo.iter().zip(take) {
                    // The compiled clause takes at most the heap.
                    buf[j] -= t;
                }
                self.canonical(buf)
            }
            Shown::Run { first, last, step } => match (combo, self.shape.symmetric()) {
                (&[j], true) => self.run_one(buf, j, (first, last, step)),
                _ => self.run(buf, combo, (first, last, step)),
            },
        };
        self.halted(r)
    }

    /// Handles one [`Shown`] of a clause that splits the heap it lowered ([`SplitTail`]):
    /// each amount's follower is every partition of what the heap keeps.
    fn split(
        &mut self,
        t: SplitTail,
        (buf, parts): (&mut Vec<u32>, &mut Vec<u32>),
        combo: &[usize],
        shown: Shown<'_>,
    ) -> bool {
        let (first, last, step) = match shown {
            Shown::Tick => return self.show(buf, combo, shown),
            Shown::One(take) => (u64::from(take[0]), u64::from(take[0]), 1),
            Shown::Run { first, last, step } => (first, last, step),
        };
        // One heap is chosen: the clause's `take` is from one heap.
        let j = combo[0];
        let mut s = first;
        let r = loop {
            // s <= last <= the heap.
            let w = u64::from(self.pos[j]) - s;
            let r = t.each_partition(w, parts, &mut |p| {
                buf.clear();
                buf.extend(self.pos[..j].iter().chain(&self.pos[j + 1..]));
                buf.extend_from_slice(p);
                // Empty heaps vanish: the shape has any number of heaps.
                buf.retain(|&h| h > 0);
                buf.sort_unstable();
                self.deliver(buf)
            });
            if r.is_err() || last - s < step {
                break r;
            }
            s += step;
        };
        self.halted(r)
    }

    /// Handles one [`Shown`] of a `move ... to` heap `y` ([`Tail::To`]): each amount taken
    /// from the heap chosen is added to `y`, which must be another heap (the interpreter
    /// selects no heap an earlier step touched), and stay within `u32::MAX`.
    fn moved_to(
        &mut self,
        y: usize,
        buf: &mut Vec<u32>,
        combo: &[usize],
        shown: Shown<'_>,
    ) -> bool {
        let (first, last, step) = match shown {
            Shown::Tick => return self.show(buf, combo, shown),
            Shown::One(take) => (u64::from(take[0]), u64::from(take[0]), 1),
            Shown::Run { first, last, step } => (first, last, step),
        };
        // One heap is chosen: the `take` of a `move` is from one heap.
        let x = combo[0];
        if x == y || y >= self.pos.len() {
            return false;
        }
        let mut s = first;
        let r = loop {
            let Some(to) = u32::try_from(u64::from(self.pos[y]) + s).ok() else {
                // Every larger amount passes u32::MAX too.
                break Ok(());
            };
            buf.clear();
            buf.extend_from_slice(self.pos);
            // s <= last <= the heap.
            buf[x] -= s as u32;
            buf[y] = to;
            let r = self.canonical(buf);
            if r.is_err() || last - s < step {
                break r;
            }
            s += step;
        };
        self.halted(r)
    }

    /// Handles one [`Shown`] of an `add` ([`Tail::Add`]): each amount is added to every heap
    /// chosen (the same amount to each: one heap, or `same`).
    fn added(&mut self, buf: &mut Vec<u32>, combo: &[usize], shown: Shown<'_>) -> bool {
        let (first, last, step) = match shown {
            Shown::Tick => return self.show(buf, combo, shown),
            Shown::One(take) => (u64::from(take[0]), u64::from(take[0]), 1),
            Shown::Run { first, last, step } => (first, last, step),
        };
        let mut s = first;
        let r = loop {
            buf.clear();
            buf.extend_from_slice(self.pos);
            for &j in combo {
                // The amounts are capped by the room left in the largest heap chosen.
                buf[j] += s as u32;
            }
            let r = self.canonical(buf);
            if r.is_err() || last - s < step {
                break r;
            }
            s += step;
        };
        self.halted(r)
    }

    /// Every amount of the run taken from each heap of `combo`.
    fn run(
        &mut self,
        buf: &mut Vec<u32>,
        combo: &[usize],
        (first, last, step): (u64, u64, u64),
    ) -> R {
        let mut s = first;
        loop {
            buf.clear();
            buf.extend_from_slice(self.pos);
            for &j in combo {
                // s <= last <= every heap chosen <= u32::MAX.
                buf[j] -= s as u32;
            }
            self.canonical(buf)?;
            if last - s < step {
                return Ok(());
            }
            s += step;
        }
    }

    /// Every amount of the run taken from heap `i` of a sorted position: the lowered heap
    /// moves left as the amount grows, so the follower stays sorted without a sort.
    fn run_one(&mut self, buf: &mut Vec<u32>, i: usize, (first, last, step): (u64, u64, u64)) -> R {
        buf.clear();
        buf.extend_from_slice(self.pos);
        let v = self.pos[i];
        let mut j = i;
        let mut s = first;
        loop {
            // s <= last <= v.
            let w = v - s as u32;
            while j > 0 && buf[j - 1] > w {
                buf[j] = buf[j - 1];
                j -= 1;
            }
            buf[j] = w;
            if w == 0 && self.shape.drops_zeros() {
                // The empty heap is first (sorted); it vanishes.
                self.deliver(&buf[1..])?;
            } else {
                self.deliver(buf)?;
            }
            if last - s < step {
                return Ok(());
            }
            s += step;
        }
    }

    /// Puts the follower in `buf` in canonical form (empty heaps dropped where they vanish,
    /// sorted on a symmetric shape) and delivers it.
    fn canonical(&mut self, buf: &mut Vec<u32>) -> R {
        if self.shape.drops_zeros() {
            buf.retain(|&h| h > 0);
        }
        if self.shape.symmetric() {
            buf.sort_unstable();
        }
        self.deliver(buf)
    }

    fn deliver(&mut self, f: &[u32]) -> R {
        let (ints, lists) = &mut self.rule_slots;
        deliver(
            f,
            self.rule,
            (ints, lists, self.watch),
            self.out,
            self.probe.as_deref_mut(),
        )
    }
}
