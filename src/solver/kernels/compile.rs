//! Matching a ruleset's lowered moves to the cube kernel: every move clause of `take` steps
//! only ([`family::classify`]'s `Take`/`Takes`, each step read by [`Take::of`]), with its
//! parameters bound, becomes exactly the set of amount vectors it takes from the heaps of the
//! ordered cube, as [`Piece`]s (points, rays and cones), or the match fails and the ruleset
//! stays with the interpreter.
//!
//! Recognised: clauses whose steps are all `take`s selecting among the untouched heaps (`one
//! heap`, `C heaps`, `each of C heaps`, `all heaps`, `the other heap`, `heap x`), with amounts
//! chosen per heap (`take S`), the same for the selected heaps (`take same S`), or named per
//! heap (`take s in S, t in T`), where a `where` reads only the step's own amounts and, unless
//! few amount pairs exist, opens with a window `|s - t| < d`; guards on the position.

use super::amounts::{
    along, holds, members, pieces_of_run, reads_only, window_pieces, Piece, MAX_ENUMERATED,
};
use super::guard::{compile_guard, Guard};
use crate::moves::family::{self, Take};
use crate::moves::program::{LAmount, LSelKind, LStep, MoveProgram, ShapeSpec};
use crate::moves::Generator;
use crate::ruleset::expr::CExpr;
use crate::ruleset::value::SetValue;

/// Most heaps the kernel works with (subsets are bit masks, selections are enumerated).
pub(super) const MAX_HEAPS: usize = 12;

/// Most pieces one clause may become.
const MAX_PIECES: usize = 20_000;

/// One move clause, compiled.
#[derive(Debug)]
pub(super) struct Clause {
    /// All must allow the move at the position.
    pub guards: Vec<Guard>,
    /// The amount vectors the clause takes, as a union of pieces.
    pub pieces: Vec<Piece>,
}

/// The moves of a ruleset on the ordered cube of `k` heaps, each coordinate `0..side`.
#[derive(Debug)]
pub(super) struct Plan {
    /// Coordinates (heaps).
    pub k: usize,
    /// Values per coordinate.
    pub side: usize,
    /// The clauses.
    pub clauses: Vec<Clause>,
}

/// The plan of `game` on the cube of `k` heaps with sizes `base..=max`, or `None` when some
/// clause is not of a kernel family.
pub(super) fn plan(game: &Generator, k: usize, base: u32, max: u32) -> Option<Plan> {
    let shape = &game.shape;
    if k == 0 || k > MAX_HEAPS || max < base {
        return None;
    }
    // `heaps any`: the cube pads with empty heaps, which vanish in the canonical position.
    if shape.count.is_none() && shape.lower != 0 {
        return None;
    }
    let side = usize::try_from(max - base).ok()?.checked_add(1)?;
    let top = i64::from(max - base);
    let mut clauses = Vec::new();
    for m in &game.moves {
        clauses.push(clause(shape, m, k, base, top)?);
    }
    Some(Plan { k, side, clauses })
}

fn clause(shape: &ShapeSpec, m: &MoveProgram, k: usize, base: u32, top: i64) -> Option<Clause> {
    let steps = family::classify(m).take_steps()?;
    let slots = (m.int_slots, m.list_slots);
    let guards = m
        .guards
        .iter()
        .map(|(g, negated)| compile_guard(g, *negated, base, top, slots, &m.heap_names))
        .collect::<Option<Vec<_>>>()?;
    let mut ints = vec![0i64; m.int_slots];
    let mut pieces = Vec::new();
    let all = (1u64 << k) - 1;
    expand(
        shape,
        (m, steps),
        k,
        top,
        0,
        all,
        Piece::zero(k),
        &mut ints,
        &mut pieces,
    )?;
    pieces.sort();
    pieces.dedup();
    // Taking nothing is a move back to the position: a loop, which the search reports.
    if pieces.iter().any(|p| p.base.iter().all(|&a| a == 0)) {
        return None;
    }
    Some(Clause { guards, pieces })
}

/// Every choice of heaps for steps `i..` among the untouched heaps `free`, each step's amounts
/// joined to `so_far`.
#[allow(clippy::too_many_arguments)]
fn expand(
    shape: &ShapeSpec,
    (m, steps): (&MoveProgram, &[LStep]),
    k: usize,
    top: i64,
    i: usize,
    free: u64,
    so_far: Piece,
    ints: &mut [i64],
    out: &mut Vec<Piece>,
) -> Option<()> {
    if i == steps.len() {
        out.push(so_far);
        return (out.len() <= MAX_PIECES).then_some(());
    }
    let st = &steps[i];
    let Take {
        sel, amount, cond, ..
    } = Take::of(m, st)?;
    let any = shape.count.is_none();
    // With `heaps any` a padded (empty) heap must never be selectable: every amount >= 1.
    if any && min_amount(amount)? < 1 {
        return None;
    }
    let free_count = free.count_ones() as usize;
    let mut choices: Vec<u64> = Vec::new();
    match sel {
        LSelKind::Count(set) => {
            for c in members(set, free_count as i64)? {
                if c >= 1 {
                    subsets(free, c as usize, &mut choices);
                }
            }
        }
        // Which heaps these are depends on which are empty, with `heaps any`.
        LSelKind::Rest | LSelKind::TheOther if any => return None,
        LSelKind::Rest => {
            if free != 0 {
                choices.push(free);
            }
        }
        LSelKind::TheOther => {
            if free_count == 1 {
                choices.push(free);
            }
        }
        LSelKind::Named(idx) => {
            if *idx < k && free >> idx & 1 == 1 {
                choices.push(1 << idx);
            }
        }
        LSelKind::Ref(_) | LSelKind::Consecutive { .. } | LSelKind::NextTo { .. } => return None,
    }
    for chosen in choices {
        for piece in step_pieces(st, amount, cond, chosen, k, top, ints)? {
            let joined = so_far.join(&piece)?;
            expand(
                shape,
                (m, steps),
                k,
                top,
                i + 1,
                free & !chosen,
                joined,
                ints,
                out,
            )?;
        }
    }
    Some(())
}

/// The least amount a step may take from a selected heap.
fn min_amount(amount: &LAmount) -> Option<i64> {
    let least = |s: &SetValue| s.min().ok().map(|m| m.unwrap_or(i64::MAX));
    match amount {
        LAmount::Each(s) | LAmount::Same(s, _) => least(s),
        LAmount::Named(names) => names.iter().map(|(_, s)| least(s)).min().flatten(),
        LAmount::List(..) | LAmount::Computed(..) => None,
    }
}

/// The subsets of `free` with `c` members, appended to `out`.
fn subsets(free: u64, c: usize, out: &mut Vec<u64>) {
    let bits: Vec<u64> = (0..64)
        .filter(|i| free >> i & 1 == 1)
        .map(|i| 1u64 << i)
        .collect();
    if c > bits.len() {
        return;
    }
    let mut idx: Vec<usize> = (0..c).collect();
    loop {
        out.push(idx.iter().map(|&j| bits[j]).fold(0, |a, b| a | b));
        // Next combination.
        let mut j = c;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            if idx[j] < bits.len() - c + j {
                idx[j] += 1;
                for l in j + 1..c {
                    idx[l] = idx[l - 1] + 1;
                }
                break;
            }
        }
    }
}

/// The heaps of `mask`, in increasing order.
fn heaps_of(mask: u64) -> Vec<usize> {
    (0..64).filter(|i| mask >> i & 1 == 1).collect()
}

/// The amount vectors of one `take` step on the heaps `chosen`.
fn step_pieces(
    st: &LStep,
    amount: &LAmount,
    cond: Option<&CExpr>,
    chosen: u64,
    k: usize,
    top: i64,
    ints: &mut [i64],
) -> Option<Vec<Piece>> {
    let heaps = heaps_of(chosen);
    match amount {
        LAmount::Each(set) => {
            if cond.is_some() {
                return None;
            }
            let ms = members(set, top)?;
            let mut acc = vec![Piece::zero(k)];
            for &h in &heaps {
                let one = pieces_of_run(&ms, top, 1 << h, |a| along(k, 1 << h, a))?;
                acc = product(&acc, &one)?;
            }
            Some(acc)
        }
        LAmount::Same(set, slot) => {
            let ms = filtered(members(set, top)?, cond, slot.iter().copied(), ints)?;
            pieces_of_run(&ms, top, chosen, |a| along(k, chosen, a))
        }
        LAmount::Named(names) => {
            if names.len() != heaps.len() {
                return None;
            }
            named(st, names, cond, &heaps, k, top, ints)
        }
        LAmount::List(..) | LAmount::Computed(..) => None,
    }
}

/// The members of `ms` for which `cond` (reading only the one amount slot) holds.
fn filtered(
    ms: Vec<i64>,
    cond: Option<&CExpr>,
    mut slot: impl Iterator<Item = usize>,
    ints: &mut [i64],
) -> Option<Vec<i64>> {
    let Some(c) = cond else { return Some(ms) };
    let s = slot.next()?;
    if !reads_only(c, &mut vec![s]) {
        return None;
    }
    let mut out = Vec::new();
    for a in ms {
        ints[s] = a;
        if holds(c, ints)? {
            out.push(a);
        }
    }
    Some(out)
}

/// Named amounts, one per heap, the heaps assigned to the names in every order.
fn named(
    _st: &LStep,
    names: &[(usize, SetValue)],
    cond: Option<&CExpr>,
    heaps: &[usize],
    k: usize,
    top: i64,
    ints: &mut [i64],
) -> Option<Vec<Piece>> {
    let sets = names
        .iter()
        .map(|(_, s)| members(s, top))
        .collect::<Option<Vec<_>>>()?;
    if let Some(c) = cond {
        if !reads_only(c, &mut names.iter().map(|(s, _)| *s).collect()) {
            return None;
        }
    }
    let mut out = Vec::new();
    let mut perm: Vec<usize> = heaps.to_vec();
    loop {
        // names[j] is taken from heap perm[j].
        match cond {
            None => {
                let mut acc = vec![Piece::zero(k)];
                for (j, &h) in perm.iter().enumerate() {
                    let one = pieces_of_run(&sets[j], top, 1 << h, |a| along(k, 1 << h, a))?;
                    acc = product(&acc, &one)?;
                }
                out.extend(acc);
            }
            Some(c) if names.len() == 1 => {
                let ms = filtered(sets[0].clone(), Some(c), std::iter::once(names[0].0), ints)?;
                let h = perm[0];
                out.extend(pieces_of_run(&ms, top, 1 << h, |a| along(k, 1 << h, a))?);
            }
            Some(c) => {
                let windowed = if names.len() == 2 {
                    window_pieces(
                        k,
                        top,
                        (names[0].0, &sets[0]),
                        (names[1].0, &sets[1]),
                        (perm[0], perm[1]),
                        c,
                        ints,
                    )
                } else {
                    None
                };
                match windowed {
                    Some(p) => out.extend(p),
                    None => out.extend(enumerate(names, &sets, c, &perm, k, ints)?),
                }
            }
        }
        if !next_permutation(&mut perm) {
            break;
        }
        if out.len() > MAX_PIECES {
            return None;
        }
    }
    Some(out)
}

/// Every tuple of named amounts where `cond` holds, as points; `None` beyond
/// [`MAX_ENUMERATED`] tuples.
fn enumerate(
    names: &[(usize, SetValue)],
    sets: &[Vec<i64>],
    cond: &CExpr,
    perm: &[usize],
    k: usize,
    ints: &mut [i64],
) -> Option<Vec<Piece>> {
    let total = sets
        .iter()
        .try_fold(1usize, |a, s| a.checked_mul(s.len()))?;
    if total > MAX_ENUMERATED {
        return None;
    }
    let mut out = Vec::new();
    let mut idx = vec![0usize; sets.len()];
    if sets.iter().any(Vec::is_empty) {
        return Some(out);
    }
    loop {
        for (j, &i) in idx.iter().enumerate() {
            ints[names[j].0] = sets[j][i];
        }
        if holds(cond, ints)? {
            let mut base = vec![0u32; k];
            for (j, &i) in idx.iter().enumerate() {
                base[perm[j]] = u32::try_from(sets[j][i]).ok()?;
            }
            out.push(Piece {
                base,
                gens: Vec::new(),
            });
        }
        // Odometer.
        let mut j = idx.len();
        loop {
            if j == 0 {
                return Some(out);
            }
            j -= 1;
            idx[j] += 1;
            if idx[j] < sets[j].len() {
                break;
            }
            idx[j] = 0;
        }
    }
}

/// Every piece of `a` joined with every piece of `b`.
fn product(a: &[Piece], b: &[Piece]) -> Option<Vec<Piece>> {
    if a.len().saturating_mul(b.len()) > MAX_PIECES {
        return None;
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            out.push(x.join(y)?);
        }
    }
    Some(out)
}

/// The next permutation in increasing order; false after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    if v.len() < 2 {
        return false;
    }
    let mut i = v.len() - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = v.len() - 1;
    while v[i - 1] >= v[j] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}
