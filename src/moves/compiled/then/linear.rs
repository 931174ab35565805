//! A run of the first `take`'s amounts with later steps whose amounts are piecewise linear in
//! it ([`super::super::piecewise`]): each later step's amount is computed once a run as a few
//! linear pieces, and the conditions for a move (the comprehension's filter, the step's
//! `where`, the amount within its heap) as a few stretches of the first amount; the moves of
//! the run are then the amounts in every stretch, each later amount one multiplication and
//! one addition. Exact where it answers (see the module of the forms); where it does not, the
//! caller takes the run one amount at a time.

use super::super::lines::Lines;
use super::super::pieces::{le_zero, Iv, Pw};
use super::super::piecewise::{holds, Cx, PlCond};
use super::super::{CompiledMove, Shown};
use super::Written;
use crate::moves::compiled::expr::ThenRegs;
use crate::ruleset::expr::CExpr;

/// A later step's amount as a piecewise-linear form of the first amount, and the conditions
/// for a move (besides the amount lying within the heap).
pub(super) struct Linear {
    amount: Lines,
    conds: Vec<PlCond>,
}

impl Linear {
    /// The amount `e` (folded) and the step's `where` `cond` (folded), `s` the first amount's
    /// slot; `None` when one is not of the piecewise-linear forms.
    pub(super) fn of(e: &CExpr, cond: Option<&CExpr>, s: Option<usize>) -> Option<Linear> {
        let mut conds = Vec::new();
        let amount = match Written::of(e)? {
            Written::OneMember {
                slot,
                member,
                cond: c,
                body,
            } => {
                let mut cx = Cx::new(s, Some((slot, member)));
                if let Some(c) = c {
                    conds.push(cx.cond(c)?);
                }
                Lines::of(cx.int(body, 1)?)?
            }
            Written::Plain(e) => Lines::of(Cx::new(s, None).int(e, 1)?)?,
        };
        if let Some(c) = cond {
            conds.push(Cx::new(s, None).cond(c)?);
        }
        Some(Linear { amount, conds })
    }
}

/// The most later steps a run takes at once (more: one amount at a time).
const MAX_LATER: usize = 4;

/// The stretches where the amount `a` lies in `0..=h`.
fn within(a: &Pw, h: i64) -> Option<Iv> {
    let mut out = Iv::all(1, 0);
    for (from, q) in a.pieces() {
        // 0 <= q.a s + q.b <= h: two half-lines of the piece.
        let lo = half(q.a.checked_neg()?, q.b.checked_neg()?, (from, q.to))?;
        let hi = half(q.a, q.b.checked_sub(h)?, (from, q.to))?;
        out = union(&out, &lo.and(&hi)?)?;
    }
    Some(out)
}

/// The stretch of `span` where `a * s + b <= 0`.
fn half(a: i64, b: i64, span: (i64, i64)) -> Option<Iv> {
    Some(match le_zero(a, b, span)? {
        Some((f, t)) => Iv::all(f, t),
        None => Iv::all(1, 0),
    })
}

/// `x` followed by `y`, whose stretches all lie after `x`'s.
fn union(x: &Iv, y: &Iv) -> Option<Iv> {
    let mut out = *x;
    for &span in y.spans() {
        out.push(span)?;
    }
    Some(out)
}

impl CompiledMove {
    /// The moves of the run `first, first + step, ..` up to `last` taken from every heap of
    /// `combo`, each followed by the later steps, when every later step is piecewise linear
    /// and its parts are evaluated without failing; `None` otherwise (the caller takes the run
    /// one amount at a time, as the interpreter does). Answers whether `f` stopped.
    pub(in super::super) fn then_linear(
        &self,
        pos: &[u32],
        combo: &[usize],
        (first, last, step): (u64, u64, u64),
        t: &mut ThenRegs,
        f: &mut sink!(),
    ) -> Option<bool> {
        // A named heap that the first `take` touched: the later step selects nothing.
        if combo.iter().any(|j| self.then.iter().any(|x| x.heap == *j)) {
            return Some(false);
        }
        let mut linear = [Pw::empty(0); MAX_LATER];
        let linear = linear.get_mut(..self.then.len())?;
        let ok = self.then_pieces(pos, combo, (first as i64, last as i64), t, linear)?;
        let ThenRegs {
            combo: all,
            take,
            at,
            ..
        } = t;
        all.clear();
        all.extend_from_slice(combo);
        all.extend(self.then.iter().map(|x| x.heap));
        let n = combo.len();
        take.clear();
        take.resize(all.len(), 0);
        at.clear();
        at.resize(self.then.len(), 0);
        // first <= last <= u32::MAX: every amount of the run is an i64, and so is a step
        // that stays within it.
        let (first, step) = (first as i64, i64::try_from(step).unwrap_or(i64::MAX));
        for &(lo, hi) in ok.spans() {
            // The least amount of the run at or after `lo` (first <= lo <= hi <= last).
            let k = (i128::from(lo - first) + i128::from(step) - 1) / i128::from(step);
            let Ok(mut s) = i64::try_from(i128::from(first) + k * i128::from(step)) else {
                continue;
            };
            while s <= hi {
                // s <= last <= u32::MAX; each later amount lies in 0..=its heap.
                take[..n].fill(s as u32);
                for (k, w) in linear.iter().enumerate() {
                    while w.p[at[k]].to < s {
                        at[k] += 1;
                    }
                    let q = w.p[at[k]];
                    take[n + k] = (q.a * s + q.b) as u32;
                }
                if f(all, Shown::One(take)) {
                    return Some(true);
                }
                match s.checked_add(step) {
                    Some(next) => s = next,
                    None => break,
                }
            }
        }
        Some(false)
    }

    /// The registers set for the run `lo..=hi` on `combo`, each later step's amount as linear
    /// pieces (in `linear`) and the stretches of the run where every step has a move.
    fn then_pieces(
        &self,
        pos: &[u32],
        combo: &[usize],
        (lo, hi): (i64, i64),
        t: &mut ThenRegs,
        linear: &mut [Pw],
    ) -> Option<Iv> {
        let r = &mut t.regs;
        self.bind_choice(pos, combo, r);
        let mut ok = Iv::all(lo, hi);
        for (x, slot) in self.then.iter().zip(linear) {
            let lin = x.linear.as_ref()?;
            let h = i64::from(pos[x.heap]);
            if let Some(slot) = x.int_slot {
                r.ints[slot] = h;
            }
            let a = lin.amount.value(r, (lo, hi))?;
            for c in &lin.conds {
                ok = ok.and(&holds(c, r, (lo, hi))?)?;
            }
            // Every heap stays at least the shape's least size.
            ok = ok.and(&within(&a, h - i64::from(self.lower))?)?;
            *slot = a;
        }
        Some(ok)
    }
}
