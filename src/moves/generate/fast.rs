//! Fast paths: one-step moves on symmetric shapes (`take S from one heap`, from each of
//! `C heaps`, the same from all heaps) and `delete C heaps; lower every other heap by d` (the
//! cookie game's move) run without the interpreter, writing the same followers in the same
//! order.

use super::{real_error, FastScratch, Halt, ProbeRef, Watch, R};
use crate::moves::combination::next_canonical_combination;
use crate::moves::family::{self, Family, Plain};
use crate::moves::followers::Followers;
use crate::moves::program::{MoveProgram, ShapeSpec};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

/// A move simple enough to run without the interpreter (same followers, same order).
#[derive(Clone, Copy)]
pub(super) enum Fast<'m> {
    /// `take SET from one heap`.
    OneHeap(&'m SetValue, &'m Span),
    /// `take SET from each of COUNT heaps`: the chosen heaps lose independent amounts.
    Each(&'m SetValue, &'m SetValue, &'m Span),
    /// `take same SET from all heaps` (or from `k heaps` when the position has k).
    AllSame(&'m SetValue, &'m Span),
    /// `delete COUNT heaps; lower every other heap by BY` on a shape with any number of heaps.
    DeleteLower(&'m SetValue, u64, &'m Span),
}

/// Whether move `m` is one of the [`Fast`] forms on the canonical position `pos`, as
/// [`family`] recognises it.
pub(super) fn fast_kind<'m>(
    shape: &ShapeSpec,
    m: &'m MoveProgram,
    pos: &[u32],
) -> Option<Fast<'m>> {
    let fam = family::classify(m);
    if let Some((count, by, span)) = fam.cookie() {
        // On a symmetric shape with any number of heaps (so the interpreter's count check
        // never applies).
        let fits =
            shape.symmetric() && shape.count.is_none() && pos.iter().all(|&h| h >= shape.lower);
        return fits.then_some(Fast::DeleteLower(count, by, span));
    }
    let Family::Take(t) = fam else {
        return None;
    };
    Some(match fam.plain(shape, pos, false)? {
        Plain::OneHeap(set) => Fast::OneHeap(set, &t.step.span),
        Plain::Each(count, set) => Fast::Each(count, set, &t.step.span),
        Plain::AllSame(set, _) => Fast::AllSame(set, &t.step.span),
    })
}

/// The fast path that runs clause `m` on every valid position when no `positions where` rule
/// applies, in words (what [`fast_kind`] chooses, whatever the position), or `None` when it
/// depends on the position or there is none. For `heapgame moves --explain`.
pub(super) fn fast_form(shape: &ShapeSpec, m: &MoveProgram) -> Option<&'static str> {
    let fam = family::classify(m);
    if fam.cookie().is_some() {
        let fits = shape.symmetric() && shape.count.is_none();
        return fits.then_some("`delete C heaps; lower every other heap by d`");
    }
    Some(match fam.plain_on(shape, None, false)? {
        Plain::OneHeap(_) => "`take S from one heap`",
        Plain::Each(..) => "`take S from each of C heaps`",
        Plain::AllSame(..) => "`take same S from all heaps`",
    })
}

/// Runs a [`Fast`] move: the followers the interpreter would write, in the same order.
pub(super) fn run_fast(
    shape: &ShapeSpec,
    fast: Fast<'_>,
    pos: &[u32],
    (buf, work, watch): (&mut Vec<u32>, &mut FastScratch, &mut Watch),
    out: &mut Followers,
    mut probe: Option<ProbeRef<'_, '_>>,
) -> R {
    let mut emit = |f: &[u32]| -> R {
        match probe.as_deref_mut() {
            Some(p) => {
                if p(f) {
                    return Err(Halt::Found);
                }
            }
            None => out.push(f),
        }
        Ok(())
    };
    match fast {
        Fast::OneHeap(set, span) => run_one_heap(shape, (set, span), pos, (buf, watch), &mut emit),
        Fast::Each(count, set, span) => run_each(
            shape,
            (count, set, span),
            pos,
            (buf, work, watch),
            &mut emit,
        ),
        Fast::AllSame(set, span) => run_all_same(shape, (set, span), pos, (buf, watch), &mut emit),
        Fast::DeleteLower(count, by, span) => {
            run_delete_lower(shape, (count, by, span), pos, (buf, work, watch), &mut emit)
        }
    }
}

/// [`Fast::OneHeap`]: for the first heap of each run of equal heaps, each amount of `set` it
/// can lose and stay at least the lower bound, in increasing order.
fn run_one_heap(
    shape: &ShapeSpec,
    (set, span): (&SetValue, &Span),
    pos: &[u32],
    (buf, watch): (&mut Vec<u32>, &mut Watch),
    emit: &mut impl FnMut(&[u32]) -> R,
) -> R {
    for i in 0..pos.len() {
        // Heaps of equal size are interchangeable: the interpreter chooses the first.
        if i > 0 && pos[i] == pos[i - 1] {
            continue;
        }
        let v = pos[i];
        let mut iter = set
            .iter_upto(i64::from(v))
            .map_err(|e| real_error(e, span))?;
        // `buf` is `pos` with heap i lowered to `w` at index j, kept sorted as the
        // amounts grow (w only decreases, so it only moves left).
        buf.clear();
        buf.extend_from_slice(pos);
        let mut j = i;
        while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
            watch.tick_by(pos.len())?;
            if a < 0 {
                continue;
            }
            // 0 <= a <= v.
            let w = v - a as u32;
            if w < shape.lower {
                // The amounts come in increasing order: every later one is too large.
                break;
            }
            while j > 0 && buf[j - 1] > w {
                buf[j] = buf[j - 1];
                j -= 1;
            }
            buf[j] = w;
            if w == 0 && shape.drops_zeros() {
                // The empty heap is first (sorted); it vanishes.
                emit(&buf[1..])?;
            } else {
                emit(buf)?;
            }
        }
    }
    Ok(())
}

/// [`Fast::AllSame`]: each amount of `set` that every heap can lose and stay at least the
/// lower bound, in increasing order, taken from all heaps at once.
fn run_all_same(
    shape: &ShapeSpec,
    (set, span): (&SetValue, &Span),
    pos: &[u32],
    (buf, watch): (&mut Vec<u32>, &mut Watch),
    emit: &mut impl FnMut(&[u32]) -> R,
) -> R {
    let least = pos.iter().copied().min().unwrap_or(0);
    let mut iter = set
        .iter_upto(i64::from(least))
        .map_err(|e| real_error(e, span))?;
    while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
        watch.tick_by(pos.len())?;
        if a < 0 {
            continue;
        }
        let a = a as u32;
        if least - a < shape.lower {
            // The amounts come in increasing order: every later one is too large.
            break;
        }
        buf.clear();
        for &h in pos {
            let w = h - a;
            if w == 0 && shape.drops_zeros() {
                continue;
            }
            buf.push(w);
        }
        emit(buf)?;
    }
    Ok(())
}

/// [`Fast::DeleteLower`]: for each count c of `count`, each canonical choice of c heaps
/// deleted (for one heap, the first of each run of equal heaps), every other heap lowered by
/// `by`.
fn run_delete_lower(
    shape: &ShapeSpec,
    (count, by, span): (&SetValue, u64, &Span),
    pos: &[u32],
    (buf, work, watch): (&mut Vec<u32>, &mut FastScratch, &mut Watch),
    emit: &mut impl FnMut(&[u32]) -> R,
) -> R {
    let FastScratch { counts, idx, .. } = work;
    count
        .members_upto(pos.len() as i64, counts)
        .map_err(|e| real_error(e, span))?;
    for &c in counts.iter() {
        let Ok(c) = usize::try_from(c) else { continue };
        if c > pos.len() {
            break;
        }
        if c == 1 {
            // One heap deleted (the cookie game): the first of each run of equal heaps.
            for i in 0..pos.len() {
                watch.tick_by(pos.len())?;
                if (i == 0 || pos[i - 1] != pos[i]) && delete_lower_one(shape, pos, &[i], by, buf) {
                    emit(buf)?;
                }
            }
            continue;
        }
        idx.clear();
        idx.extend(0..c);
        loop {
            watch.tick_by(pos.len())?;
            if delete_lower_one(shape, pos, idx, by, buf) {
                emit(buf)?;
            }
            if !next_canonical_combination(idx, pos.len(), |j| pos[j - 1] == pos[j]) {
                break;
            }
        }
    }
    Ok(())
}

/// [`Fast::Each`]: for each count c, each canonical choice of c heaps among those that can
/// lose an amount of `set` and stay at least the lower bound (a suffix of the sorted `pos`;
/// choices with any other heap write no follower), and independent amounts for the chosen.
fn run_each(
    shape: &ShapeSpec,
    (count, set, span): (&SetValue, &SetValue, &Span),
    pos: &[u32],
    (buf, work, watch): (&mut Vec<u32>, &mut FastScratch, &mut Watch),
    emit: &mut dyn FnMut(&[u32]) -> R,
) -> R {
    let FastScratch { counts, idx, cur } = work;
    count
        .members_upto(pos.len() as i64, counts)
        .map_err(|e| real_error(e, span))?;
    let least = match set.min() {
        Ok(Some(m)) => m.max(0),
        _ => 0,
    };
    let first = pos.partition_point(|&h| i64::from(h) < i64::from(shape.lower) + least);
    let n = pos.len() - first;
    cur.clear();
    cur.extend_from_slice(pos);
    for &c in counts.iter() {
        let Ok(c) = usize::try_from(c) else { continue };
        if c > n {
            break;
        }
        if c == 0 {
            continue;
        }
        // Positions into `pos[first..]`, shifted to positions into `pos` around each use.
        idx.clear();
        idx.extend(0..c);
        loop {
            watch.tick()?;
            idx.iter_mut().for_each(|j| *j += first);
            let r = each_amounts(
                shape,
                pos,
                set,
                span,
                idx,
                0,
                (&mut cur[..], buf, watch),
                emit,
            );
            idx.iter_mut().for_each(|j| *j -= first);
            r?;
            let same = |j: usize| pos[first + j - 1] == pos[first + j];
            if !next_canonical_combination(idx, n, same) {
                break;
            }
        }
    }
    Ok(())
}

/// The follower of the sorted `pos` with the heaps at `deleted` (increasing) removed and every
/// other heap lowered by `by` (stopping at 0, then vanishing), written into `buf`; false when a
/// lowered heap falls below the shape's least size (no follower). Lowering every heap by the
/// same amount keeps them sorted.
fn delete_lower_one(
    shape: &ShapeSpec,
    pos: &[u32],
    deleted: &[usize],
    by: u64,
    buf: &mut Vec<u32>,
) -> bool {
    buf.clear();
    let mut d = 0;
    for (j, &h) in pos.iter().enumerate() {
        if d < deleted.len() && deleted[d] == j {
            d += 1;
            continue;
        }
        // h fits in u32 and the result is at most h.
        let w = u64::from(h).saturating_sub(by) as u32;
        if w < shape.lower {
            return false;
        }
        if w > 0 {
            buf.push(w);
        }
    }
    true
}

/// Independent amounts for the heaps `idx[j..]` of `cur` (a copy of `pos`), first heap
/// outermost; each result is written sorted into `buf` and emitted.
#[allow(clippy::too_many_arguments)]
fn each_amounts(
    shape: &ShapeSpec,
    pos: &[u32],
    set: &SetValue,
    span: &Span,
    idx: &[usize],
    j: usize,
    (cur, buf, watch): (&mut [u32], &mut Vec<u32>, &mut Watch),
    emit: &mut dyn FnMut(&[u32]) -> R,
) -> R {
    watch.tick_by(if j == idx.len() { pos.len() } else { 1 })?;
    if j == idx.len() {
        buf.clear();
        for &h in cur.iter() {
            if h < shape.lower {
                return Ok(());
            }
            if h == 0 && shape.drops_zeros() {
                continue;
            }
            // Insertion into the sorted prefix.
            let mut k = buf.len();
            buf.push(h);
            while k > 0 && buf[k - 1] > h {
                buf[k] = buf[k - 1];
                k -= 1;
            }
            buf[k] = h;
        }
        return emit(buf);
    }
    let h = idx[j];
    let v = pos[h];
    let mut iter = set
        .iter_upto(i64::from(v))
        .map_err(|e| real_error(e, span))?;
    let mut r = Ok(());
    while let Some(a) = iter.next_member().map_err(|e| real_error(e, span))? {
        if a < 0 {
            continue;
        }
        // 0 <= a <= v.
        cur[h] = v - a as u32;
        if cur[h] < shape.lower {
            // The amounts come in increasing order: every later one is too large.
            break;
        }
        r = each_amounts(shape, pos, set, span, idx, j + 1, (cur, buf, watch), emit);
        if r.is_err() {
            break;
        }
    }
    cur[h] = v;
    r
}
