//! The kept-heap kernel: boxes of `heaps n` whose every move keeps one heap `h` (with a
//! condition on `h` alone), deletes the others and turns `h` alone into the new position
//! (Abuku et al.'s Delete Nim, VDN, All-but-one-delete Nim; the clauses are matched in
//! `kept_heap_match.rs`).
//!
//! The followers of `(z_1, ..., z_n)` are then `F(z_1) ∪ ... ∪ F(z_n)`, where `F(h)` depends on
//! `h` alone, so the Grundy value of a position is `mex(V(z_1) ∪ ... ∪ V(z_n))`, `V(h)` being
//! the set of the values of `F(h)` (`kept_heap_sets.rs`). Every part of a follower is smaller
//! than `h` (the matcher refuses moves that may not end), so `V(h)` is computed for `h = 0, 1,
//! ...` from the sets of smaller heaps alone, each follower's value a mex over its parts' sets.
//! The box is then filled cell by cell, a few word operations a cell, with no follower of a
//! position listed: for two heaps `O(max^2)` work where listing the followers is `O(max^3)`.
//!
//! Normal play: the callers ask the kernels only then ([`crate::solver::modes::choose`]). A
//! condition that cannot be evaluated answers `None` (nothing stored): the plan's fallback,
//! the search, solves the box, and reports its errors.

use super::kept_heap_cells::KeptCells;
use super::kept_heap_match::{match_clauses, Kept};
use super::kept_heap_sets::{insert, mex, Sets};
use super::multiset::next_colex;
use crate::moves::{Generator, MoveError};
use crate::ruleset::expr::Env;
use crate::solver::budget::{Budget, Stop};
use crate::solver::error::SolveError;
use crate::solver::table::BoxSpec;
use crate::solver::values::{BoxValues, ModeUsed, Want};

/// The kernel's name, for reports.
pub(super) const NAME: &str = "kept-heap";

/// Units of work (a follower's or a cell's value) between two looks at the budget.
const LOOK_EVERY: usize = 1 << 16;

/// The box solved by the kept-heap kernel, or `None` when some clause is not of its forms
/// (see the module doc).
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    if !matches(game, spec, want) {
        return None;
    }
    // The kernel holds the whole box: past the position limit it stops at once, as the
    // search would at the limit.
    if let Some(limit) = budget.max_positions.filter(|&m| m < spec.len()) {
        return Some(Err(SolveError::Limit { limit }));
    }
    let clauses = match_clauses(game)?;
    // The table is weighed before anything the size of the largest heap is built.
    let bytes = match want {
        Want::Grundy => spec.len() as u128 * 4,
        Want::Outcome => spec.len().div_ceil(64) as u128 * 8,
    };
    if !budget.affords(bytes) {
        return Some(Err(SolveError::from_stop(budget.refuse_memory(), 0)));
    }
    let allowed = match allowed(&clauses, spec, budget) {
        Ok(a) => a?,
        Err(stop) => return Some(Err(SolveError::from_stop(stop, 0))),
    };
    Some(
        solve(&clauses, &allowed, spec, want, budget)
            .map_err(|(stop, r)| SolveError::from_stop(stop, r)),
    )
}

/// The box held as its sets `V(h)` alone ([`KeptCells`], no table over the box), or `None`
/// when the kernel does not take the ruleset on the box (as [`try_solve`]); `known`: the sets
/// of a smaller box of the same game, not computed again.
pub(super) fn try_cells(
    game: &Generator,
    spec: &BoxSpec,
    budget: &Budget,
    known: Option<&KeptCells>,
) -> Option<Result<KeptCells, SolveError<MoveError>>> {
    if !matches(game, spec, Want::Grundy) || budget.max_positions.is_some_and(|m| m < spec.len()) {
        return None;
    }
    let clauses = match_clauses(game)?;
    // A word a heap size (wider only where a value passes 63), and a flag a heap size for
    // each clause's condition.
    let bytes = KeptCells::bytes(spec.max, 1) + (u128::from(spec.max) + 1) * clauses.len() as u128;
    if !budget.affords(bytes) {
        return Some(Err(SolveError::from_stop(budget.refuse_memory(), 0)));
    }
    let stopped = |stop| SolveError::from_stop(stop, 0);
    let allowed = match allowed(&clauses, spec, budget) {
        Ok(a) => a?,
        Err(stop) => return Some(Err(stopped(stop))),
    };
    let mut work = 0usize;
    // A smaller box of the same shape: its sets are the first ones of this box's.
    let known = known
        .filter(|k| k.spec().shape == spec.shape && k.spec().heaps == spec.heaps)
        .map(KeptCells::sets);
    let sets = value_sets(&clauses, &allowed, spec, budget, &mut work, known);
    Some(
        sets.map(|s| KeptCells::new(spec.clone(), s))
            .map_err(stopped),
    )
}

/// Whether the kernel solves this ruleset on this box.
pub(super) fn matches(game: &Generator, spec: &BoxSpec, _: Want) -> bool {
    spec.shape == game.shape
        && game.shape.count == Some(spec.heaps)
        && match_clauses(game).is_some()
}

/// For each clause, whether its condition holds at each heap size `0..=max` (empty: it has
/// none; `None`: a condition failed to evaluate; the stop when the budget's deadline or
/// Ctrl-C came).
fn allowed(
    clauses: &[Kept<'_>],
    spec: &BoxSpec,
    budget: &Budget,
) -> Result<Option<Vec<Vec<bool>>>, Stop> {
    let interrupt = budget.as_interrupt();
    let mut out = Vec::with_capacity(clauses.len());
    for c in clauses {
        let mut ok = Vec::new();
        if let Some(cond) = c.cond {
            ok.resize(spec.max as usize + 1, true);
            let mut ints = vec![0i64; c.int_slots];
            for (h, slot) in ok.iter_mut().enumerate() {
                if h % LOOK_EVERY == 0 {
                    budget.interrupted()?;
                }
                if let Some(s) = c.slot {
                    ints[s] = h as i64;
                }
                let mut env = Env {
                    heaps: &[],
                    ints: &mut ints,
                    lists: &[],
                    stop: interrupt.as_deref(),
                };
                match cond.eval_bool(&mut env) {
                    Ok(b) => *slot = b,
                    Err(_) => {
                        budget.interrupted()?;
                        return Ok(None);
                    }
                }
            }
        }
        out.push(ok);
    }
    Ok(Some(out))
}

/// The box's values: the sets `V(h)`, then every cell; the stop and the rank it came at.
fn solve(
    clauses: &[Kept<'_>],
    allowed: &[Vec<bool>],
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, (Stop, usize)> {
    let len = spec.len();
    let refused = || (budget.refuse_memory(), 0);
    let mut work = 0usize;
    match want {
        Want::Grundy => {
            let mut values: Vec<u32> = budget.table(len).ok_or_else(refused)?;
            let sets =
                value_sets(clauses, allowed, spec, budget, &mut work, None).map_err(|s| (s, 0))?;
            fill(&sets, spec, budget, &mut work, |r, g| values[r] = g)?;
            Ok(BoxValues::from_grundy(
                spec.clone(),
                values,
                ModeUsed::Table,
                Some(NAME),
            ))
        }
        Want::Outcome => {
            let mut bits: Vec<u64> = budget.table(len.div_ceil(64)).ok_or_else(refused)?;
            let sets =
                value_sets(clauses, allowed, spec, budget, &mut work, None).map_err(|s| (s, 0))?;
            fill(&sets, spec, budget, &mut work, |r, g| {
                if g == 0 {
                    bits[r / 64] |= 1 << (r % 64);
                }
            })?;
            Ok(BoxValues::from_p_bits(
                spec.clone(),
                bits,
                ModeUsed::Table,
                Some(NAME),
            ))
        }
    }
}

/// Counts a unit of work; every [`LOOK_EVERY`] units, whether the run must stop.
#[inline]
fn tick(work: &mut usize, budget: &Budget) -> Result<(), Stop> {
    *work += 1;
    if *work >= LOOK_EVERY {
        *work = 0;
        budget.interrupted()?;
    }
    Ok(())
}

/// The sets `V(h)` for every heap `h <= max`, in increasing order of `h`: for each clause
/// whose condition holds at `h`, each amount taken and each split of the rest into parts of
/// at least the clause's least part, the mex of the union of the parts' sets (each part
/// smaller than `h`, its set already known). The sets of `known` (a smaller box's) are
/// copied, not computed.
fn value_sets(
    clauses: &[Kept<'_>],
    allowed: &[Vec<bool>],
    spec: &BoxSpec,
    budget: &Budget,
    work: &mut usize,
    known: Option<&Sets>,
) -> Result<Sets, Stop> {
    let max = spec.max as usize;
    let mut sets = Sets::new(max + 1);
    let lower = spec.shape.lower as usize;
    let from = known.map_or(lower, |k| k.len().clamp(lower, max + 1));
    if let Some(k) = known {
        for h in lower..from {
            sets.store(h, k.get(h));
        }
    }
    // The amounts of each clause up to the box's largest heap (0 alone: nothing taken).
    let amounts: Vec<Vec<u64>> = clauses.iter().map(|c| amounts(c, spec.max)).collect();
    let mut acc: Vec<u64> = Vec::new();
    let mut stack: Vec<u64> = Vec::new();
    for h in from..=max {
        acc.clear();
        for (c, (ok, amounts)) in clauses.iter().zip(allowed.iter().zip(&amounts)) {
            if !ok.is_empty() && !ok[h] {
                continue;
            }
            for &a in amounts.iter().take_while(|&&a| a <= h as u64) {
                let rest = h as u64 - a;
                let split = Split {
                    parts: c.parts,
                    unequal: c.unequal,
                };
                split.values(
                    &sets,
                    rest,
                    u64::from(c.least),
                    &mut stack,
                    &mut acc,
                    &mut || tick(work, budget),
                )?;
            }
        }
        sets.store(h, &acc);
    }
    Ok(sets)
}

/// The amounts a clause takes, up to `max`, in increasing order (`[0]` when it takes none).
fn amounts(c: &Kept<'_>, max: u32) -> Vec<u64> {
    let Some(set) = c.take else {
        return vec![0];
    };
    let mut m = Vec::new();
    // Ints and ranges only (the matcher's): their members are listed without error.
    let _ = set.members_upto(i64::from(max), &mut m);
    m.into_iter()
        .filter_map(|x| u64::try_from(x).ok())
        .collect()
}

/// A split of the kept heap's rest into `parts` parts (pairwise different if `unequal`).
struct Split {
    parts: usize,
    unequal: bool,
}

impl Split {
    /// Adds to `acc` the value of every follower: each way of writing `rest` as `parts`
    /// non-decreasing parts of at least `least` (increasing with `unequal`), its value the
    /// mex of the union of its parts' sets. `stack` holds the unions of the parts chosen so
    /// far; `look` is called at each follower.
    fn values(
        &self,
        sets: &Sets,
        rest: u64,
        least: u64,
        stack: &mut Vec<u64>,
        acc: &mut Vec<u64>,
        look: &mut dyn FnMut() -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let w = sets.words();
        if self.parts == 2 && w == 1 {
            // Two parts a <= b, one word: the common case, without the stack.
            let mut a = least;
            while a.saturating_mul(2) + u64::from(self.unequal) <= rest {
                let b = rest - a;
                look()?;
                insert(acc, mex(&[sets.word(a as usize) | sets.word(b as usize)]));
                a += 1;
            }
            return Ok(());
        }
        stack.clear();
        stack.resize(w * (self.parts + 1), 0);
        self.parts_from(sets, 0, rest, least, stack, acc, look)
    }

    /// Part `k` on: the union of the parts before it is `stack[k * w..]`.
    #[allow(clippy::too_many_arguments)]
    fn parts_from(
        &self,
        sets: &Sets,
        k: usize,
        rest: u64,
        least: u64,
        stack: &mut [u64],
        acc: &mut Vec<u64>,
        look: &mut dyn FnMut() -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let w = sets.words();
        let left = (self.parts - k) as u64;
        if left == 1 {
            if rest < least {
                return Ok(());
            }
            look()?;
            let (before, after) = stack.split_at_mut((k + 1) * w);
            let union = &mut after[..w];
            let set = sets.get(rest as usize);
            for i in 0..w {
                union[i] = before[k * w + i] | set[i];
            }
            insert(acc, mex(union));
            return Ok(());
        }
        let mut p = least;
        while p.saturating_mul(left) <= rest {
            let (before, after) = stack.split_at_mut((k + 1) * w);
            let set = sets.get(p as usize);
            for i in 0..w {
                after[i] = before[k * w + i] | set[i];
            }
            let next = p + u64::from(self.unequal);
            self.parts_from(sets, k + 1, rest - p, next, stack, acc, look)?;
            p += 1;
        }
        Ok(())
    }
}

/// Fills every cell of the box in order of rank with `put(rank, value)`, the value the mex of
/// the union of the heaps' sets.
fn fill(
    sets: &Sets,
    spec: &BoxSpec,
    budget: &Budget,
    work: &mut usize,
    mut put: impl FnMut(usize, u32),
) -> Result<(), (Stop, usize)> {
    let len = spec.len();
    if len == 0 {
        return Ok(());
    }
    let base = spec.shape.lower;
    let look = |r: usize| budget.check_now(r).map_err(|s| (s, r));
    if spec.heaps == 2 && sets.words() == 1 {
        // Colex order of pairs a <= b: b, then a.
        let mut r = 0;
        for b in base..=spec.max {
            look(r)?;
            let vb = sets.word(b as usize);
            for a in base..=b {
                put(r, mex(&[sets.word(a as usize) | vb]));
                r += 1;
            }
        }
        return Ok(());
    }
    let w = sets.words();
    let mut tuple = vec![base; spec.heaps];
    let mut union = vec![0u64; w];
    for r in 0..len {
        *work += 1;
        if *work >= LOOK_EVERY {
            *work = 0;
            look(r)?;
        }
        union.fill(0);
        for &z in &tuple {
            for (u, s) in union.iter_mut().zip(sets.get(z as usize)) {
                *u |= s;
            }
        }
        put(r, mex(&union));
        next_colex(&mut tuple, base, spec.max);
    }
    Ok(())
}
