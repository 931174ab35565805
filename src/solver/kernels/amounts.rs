//! The amounts of one `take` step as pieces of the ordered cube: every set of amounts is cut
//! at the box (amounts above the largest heap never apply) into finitely many single amounts
//! (points) and at most one run that reaches the box's edge (a ray), and conditions on the
//! named amounts are evaluated once per amount pair, never per position.

use crate::moves::compiled::expr::{boolean, Regs};
use crate::ruleset::expr::{CExpr, CKind, Env};
use crate::ruleset::value::SetValue;

/// A run shorter than this is kept as single amounts.
const TAIL_MIN: i64 = 3;

/// Most amount tuples a condition without a window may be evaluated on.
pub(super) const MAX_ENUMERATED: usize = 4096;

/// Most evaluations of a condition along the diagonals of a window.
const MAX_WINDOW_EVALS: i64 = 20_000_000;

/// A set of amount vectors: `base + a_1 g_1 + ... + a_m g_m` for all `a_i >= 0`, each generator
/// `g_i` a set of heaps (bit mask) lowered together by one token per unit.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Piece {
    /// The amount taken from each heap (coordinate) at the cone's apex.
    pub base: Vec<u32>,
    /// The directions, sorted, without repeats.
    pub gens: Vec<u64>,
}

impl Piece {
    /// The piece that takes nothing.
    pub fn zero(k: usize) -> Piece {
        Piece {
            base: vec![0; k],
            gens: Vec::new(),
        }
    }

    /// This piece followed by `other` (amounts add up; generators join).
    pub fn join(&self, other: &Piece) -> Option<Piece> {
        let base = self
            .base
            .iter()
            .zip(&other.base)
            .map(|(a, b)| a.checked_add(*b))
            .collect::<Option<Vec<_>>>()?;
        let mut gens = self.gens.clone();
        gens.extend_from_slice(&other.gens);
        gens.sort_unstable();
        gens.dedup();
        Some(Piece { base, gens })
    }
}

/// The members of `set` in `0..=top`, or `None` when the set cannot be listed exactly.
pub(super) fn members(set: &SetValue, top: i64) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    set.members_upto(top, &mut out).ok()?;
    out.retain(|&a| a >= 0);
    Some(out)
}

/// The amounts `v(a)` for `a` in the sorted list `amounts` (each in `0..=top`) as pieces: the
/// longest run `t..=top` as a ray along `mask`, the rest as points. `v(a)` is the amount vector
/// of `a` (the ray's generator is `mask`, so `v(a + 1) = v(a) + mask`).
pub(super) fn pieces_of_run(
    amounts: &[i64],
    top: i64,
    mask: u64,
    v: impl Fn(i64) -> Option<Vec<u32>>,
) -> Option<Vec<Piece>> {
    // The run that reaches `top`.
    let mut t = top + 1;
    for &a in amounts.iter().rev() {
        if a == t - 1 {
            t = a;
        } else {
            break;
        }
    }
    let tail = top + 1 - t >= TAIL_MIN;
    let mut out = Vec::new();
    for &a in amounts {
        if tail && a >= t {
            break;
        }
        out.push(Piece {
            base: v(a)?,
            gens: Vec::new(),
        });
    }
    if tail {
        out.push(Piece {
            base: v(t)?,
            gens: vec![mask],
        });
    }
    Some(out)
}

/// The vector taking `a` from every heap of `mask`.
pub(super) fn along(k: usize, mask: u64, a: i64) -> Option<Vec<u32>> {
    let a = u32::try_from(a).ok()?;
    Some(
        (0..k)
            .map(|i| if mask >> i & 1 == 1 { a } else { 0 })
            .collect(),
    )
}

/// Whether `e` reads nothing but constants and the integer slots in `allowed` (and the
/// variables of its own quantifiers).
pub(super) fn reads_only(e: &CExpr, allowed: &mut Vec<usize>) -> bool {
    match &e.kind {
        CKind::Const(_) => true,
        CKind::IntSlot(s) => allowed.contains(s),
        CKind::ListSlot(_) | CKind::Heaps | CKind::HeapTest(..) => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => reads_only(a, allowed),
        CKind::Bin(_, a, b) | CKind::Index(a, b) => {
            reads_only(a, allowed) && reads_only(b, allowed)
        }
        CKind::If(c, a, b) => {
            reads_only(c, allowed) && reads_only(a, allowed) && reads_only(b, allowed)
        }
        CKind::Range(a, b) => {
            reads_only(a, allowed) && b.as_deref().is_none_or(|b| reads_only(b, allowed))
        }
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => {
            args.iter().all(|a| reads_only(a, allowed))
        }
        CKind::Quant(_, slot, list, body) | CKind::ListComp(slot, list, body) => {
            if !reads_only(list, allowed) {
                return false;
            }
            allowed.push(*slot);
            let ok = reads_only(body, allowed);
            allowed.pop();
            ok
        }
    }
}

/// Evaluates a condition on amounts only (checked by [`reads_only`]); `None` on an error, which
/// leaves the ruleset to the interpreter (that reports it where a move meets it).
pub(super) fn holds(cond: &CExpr, ints: &mut [i64]) -> Option<bool> {
    let mut env = Env {
        heaps: &[],
        ints,
        lists: &[],
        stop: None,
    };
    cond.eval_bool(&mut env).ok()
}

/// The window `|x - y| < c` (or `<= c`) that the first conjunct of `cond` states for the two
/// slots `x`, `y` (in either order): the largest allowed `|x - y|`, negative when none is.
fn window(cond: &CExpr, x: usize, y: usize) -> Option<i64> {
    let (a, b, reach) = crate::moves::program::leading_window(cond)?;
    ((a == x && b == y) || (a == y && b == x)).then_some(reach)
}

/// Two named amounts (slots `s`, `t`, sets `ss`, `ts`) taken from heaps `p` and `q` with a
/// condition whose first conjunct is a window: the allowed pairs lie on the diagonals
/// `a_t - a_s = delta`, `|delta| <= reach`; each is cut into points and a ray along `p` and `q`.
#[allow(clippy::too_many_arguments)]
pub(super) fn window_pieces(
    k: usize,
    top: i64,
    (s, ss): (usize, &[i64]),
    (t, ts): (usize, &[i64]),
    (p, q): (usize, usize),
    cond: &CExpr,
    ints: &mut [i64],
) -> Option<Vec<Piece>> {
    let reach = window(cond, s, t)?;
    let mut out = Vec::new();
    if reach < 0 {
        return Some(out);
    }
    let reach = reach.min(top);
    if (2 * reach + 1).saturating_mul(top + 1) > MAX_WINDOW_EVALS {
        return None;
    }
    let mask = 1u64 << p | 1u64 << q;
    let mut ok = Vec::new();
    // The condition as closures when the move compiler takes it (they give the interpreter's
    // value or none, and then the interpreter is asked): a tree walk per pair costs more than
    // the sparse fill of the box (beta^T-Wynim's `(s, t) not in triangles`).
    let compiled = boolean(cond);
    let mut regs = Regs {
        ints: ints.to_vec(),
        ..Regs::default()
    };
    for delta in -reach..=reach {
        ok.clear();
        // a_s = a, a_t = a + delta, both in 0..=top.
        let lo = 0.max(-delta);
        let hi = top.min(top - delta);
        for a in lo..=hi {
            if ss.binary_search(&a).is_err() || ts.binary_search(&(a + delta)).is_err() {
                continue;
            }
            ints[s] = a;
            ints[t] = a + delta;
            let fast = compiled.as_ref().and_then(|f| {
                (regs.ints[s], regs.ints[t]) = (a, a + delta);
                f(&regs)
            });
            if fast.map_or_else(|| holds(cond, ints), Some)? {
                ok.push(a);
            }
        }
        let v = |a: i64| {
            let mut b = vec![0u32; k];
            b[p] = u32::try_from(a).ok()?;
            b[q] = u32::try_from(a + delta).ok()?;
            Some(b)
        };
        out.extend(pieces_of_run(&ok, hi, mask, v)?);
    }
    Some(out)
}
