//! A sum's box from its single-heap Grundy sequence: the positions walked in rank order
//! (colex over sorted tuples), the XOR of the heaps above the smallest kept as the walk goes.
//! The smallest heap runs over a contiguous slice of the sequence, so a run of positions is one
//! XOR of that slice (Grundy values, appended in one pass) or a run of P-bits (outcomes), with
//! no position unranked and no per-position dispatch.

use super::super::table::BoxSpec;
use super::super::values::{BoxValues, ModeUsed, Want};

/// A sum's box as `solve` lists it, not tabulated: a position's value is the XOR of its heaps'
/// values in the single-heap sequence, read as the listing reaches the position (the sequence
/// is the only table held).
pub struct SumListing {
    seq: Vec<u32>,
}

impl SumListing {
    /// The listing of a sum whose single-heap Grundy values are `seq` (up to the box's
    /// largest heap).
    pub fn new(seq: Vec<u32>) -> SumListing {
        SumListing { seq }
    }

    /// The Grundy value of a canonical position of the box (every heap at most its largest).
    #[inline]
    pub fn value(&self, pos: &[u32]) -> u32 {
        pos.iter().fold(0, |g, &h| g ^ self.seq[h as usize])
    }

    /// The box's table by rank ([`box_values`]).
    pub(crate) fn tabulate(&self, spec: &BoxSpec, want: Want) -> BoxValues {
        box_values(spec, want, &self.seq)
    }
}

/// Every position's value (the XOR of its heaps' values in `seq`, which covers `0..=max`), or
/// its outcome, by rank. Sums have sorted positions (no names) and no least heap size.
pub(crate) fn box_values(spec: &BoxSpec, want: Want, seq: &[u32]) -> BoxValues {
    debug_assert!(spec.shape.symmetric() && spec.shape.lower == 0);
    let len = spec.len();
    match want {
        Want::Grundy => {
            let mut grundy: Vec<u32> = Vec::with_capacity(len);
            walk(spec, seq, |rest, run| {
                grundy.extend(run.iter().map(|&v| v ^ rest));
            });
            debug_assert_eq!(grundy.len(), len);
            BoxValues::from_grundy(spec.clone(), grundy, ModeUsed::Sum, None)
        }
        Want::Outcome => {
            let mut p_bits: Vec<u64> = vec![0; len.div_ceil(64)];
            let mut r = 0usize;
            walk(spec, seq, |rest, run| {
                for (i, &v) in run.iter().enumerate() {
                    if v == rest {
                        let q = r + i;
                        p_bits[q / 64] |= 1 << (q % 64);
                    }
                }
                r += run.len();
            });
            debug_assert_eq!(r, len);
            BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Sum, None)
        }
    }
}

/// Shows `run` the box in rank order as runs: the XOR `rest` of the heaps above the smallest,
/// and the values of the smallest heap's sizes (a slice of the sequence); each position's value
/// is `rest ^ v`.
fn walk(spec: &BoxSpec, seq: &[u32], mut run: impl FnMut(u32, &[u32])) {
    let len = spec.len();
    let k = spec.heaps;
    let max = spec.max;
    // A padded zero of `heaps any` is no heap (value 0); a zero of a fixed count is a heap of
    // value seq[0] (0 unless a zero heap has moves).
    let drops = spec.shape.drops_zeros();
    let g = |h: u32| {
        if h == 0 && drops {
            0
        } else {
            seq[h as usize]
        }
    };
    // The smallest heap's sizes 1..=cap read `seq` directly; size 0 is `g(0)`.
    let zero = [g(0)];
    let mut emit = |rest: u32, cap: u32| {
        run(rest, &zero);
        run(rest, &seq[1..=cap as usize]);
    };
    if len == 0 {
        return;
    }
    if k == 0 {
        // Positions of no heap: value 0.
        for _ in 0..len {
            run(0, &[0]);
        }
        return;
    }
    // t: the sorted tuple; suf[i]: the XOR of the values of t[i..].
    let mut t = vec![0u32; k];
    let mut suf = vec![0u32; k + 1];
    for i in (0..k).rev() {
        suf[i] = suf[i + 1] ^ g(t[i]);
    }
    loop {
        // The smallest heap runs from 0 up to the next heap (or the box's edge).
        let cap = if k > 1 { t[1] } else { max };
        emit(suf[1], cap);
        // The next tuple whose smallest heap is 0: the first heap above it that can grow.
        let Some(i) = (1..k).find(|&i| t[i] < if i + 1 < k { t[i + 1] } else { max }) else {
            break;
        };
        t[i] += 1;
        for x in &mut t[..i] {
            *x = 0;
        }
        for j in (0..=i).rev() {
            suf[j] = suf[j + 1] ^ g(t[j]);
        }
    }
}
