//! The scan of the rare/common engine (`rare.rs`, step (2)): the splits of a heap from the
//! smallest part up, in blocks, until every rare-class value in question is marked; the
//! partners read forward from the reversed byte copy (`reversed.rs`) while the values are
//! held a byte each, backwards from the sequence otherwise.

use super::reversed::Reversed;
use super::values::Val;

/// Values at or above this stop the engine (no sparse rare set shows with values this
/// large, and the transform would be long).
pub const MAX_CAP: u32 = 1 << 16;
/// The marks of the values below `2 * MAX_CAP`, one byte each (a byte is stored without
/// reading its word first: the marks of consecutive splits do not wait on each other).
pub(super) type Marks = [u8; 2 * MAX_CAP as usize];
/// `x & WIDE` is `x` for every value the engine marks (below `cap + 128 <= 2 * MAX_CAP`).
pub(super) const WIDE: usize = 2 * MAX_CAP as usize - 1;

/// Splits scanned between looks at the rare-class values still in question (at least; and
/// at least twice as many as the values, so that the looks cost less than the marks).
const BLOCK: usize = 32;
/// At most this many values in question are looked for by comparisons, in blocks of
/// `LONG_BLOCK` splits.
const FEW: usize = 8;
const LONG_BLOCK: usize = 256;

/// Marks the splits of `m` into parts of at least `min` (different when `distinct`), from the
/// smallest part up, in blocks, until every value of `need` is marked (those marked leave
/// it); the splits scanned. The partners are read from `rev` while it holds them.
pub(super) fn scan_split<T: Val>(
    seq: &[T],
    rev: &Reversed,
    (m, min, distinct): (usize, usize, bool),
    seen: &mut Marks,
    need: &mut Vec<u32>,
) -> u64 {
    let half = if distinct {
        m.saturating_sub(1) / 2
    } else {
        m / 2
    };
    if m < 2 * min || half < min {
        return 0;
    }
    let (lo, hi) = (&seq[min..=half], &seq[m - half..=m - min]);
    let len = lo.len();
    let mut s = 0;
    while s < len {
        // Few values left (the long tail of the scan): each is looked for by a comparison
        // over a longer block, which the compiler does many pairs at a time, and only the
        // values found are marked (no other mark is read after the scan).
        let few = need.len() <= FEW;
        let step = if few {
            LONG_BLOCK
        } else {
            BLOCK.max(2 * need.len())
        };
        let e = (s + step).min(len);
        let (a, b) = (&lo[s..e], &hi[len - e..len - s]);
        // The same pairs as bytes, the partners forward: `g(m - min - s)` down.
        let bytes = T::bytes(a).zip(rev.down(m - min - s, e - s));
        match (few, bytes) {
            (true, Some((x, y))) => {
                for &v in need.iter() {
                    if u8::try_from(v).is_ok_and(|v| any_xor_u8(x, y, v)) {
                        seen[v as usize & WIDE] = 1;
                    }
                }
            }
            (true, None) => {
                for &v in need.iter() {
                    let hit = a
                        .iter()
                        .zip(b.iter().rev())
                        .fold(false, |h, (&x, &y)| h | (x.into() ^ y.into() == v));
                    if hit {
                        seen[v as usize & WIDE] = 1;
                    }
                }
            }
            (false, Some((x, y))) => {
                for (&x, &y) in x.iter().zip(y) {
                    seen[usize::from(x ^ y)] = 1;
                }
            }
            (false, None) => {
                for (&x, &y) in a.iter().zip(b.iter().rev()) {
                    seen[(x.into() ^ y.into()) as usize & WIDE] = 1;
                }
            }
        }
        need.retain(|&v| seen[v as usize & WIDE] == 0);
        if need.is_empty() {
            return e as u64;
        }
        s = e;
    }
    len as u64
}

/// Whether `x[i] ^ y[i] == v` for some `i` (sixteen bytes an instruction).
#[inline]
fn any_xor_u8(x: &[u8], y: &[u8], v: u8) -> bool {
    let mut hit = 0u8;
    for (&a, &b) in x.iter().zip(y) {
        hit |= u8::from(a ^ b == v);
    }
    hit != 0
}
