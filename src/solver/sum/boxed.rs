//! A sum's box from its single-heap Grundy sequence: the positions walked in rank order
//! (colex over sorted tuples), the XOR of the heaps above the smallest kept as the walk goes,
//! so a position costs one XOR and one store, with no position unranked.

use super::super::table::BoxSpec;
use super::super::values::{BoxValues, ModeUsed, Want};

/// Every position's value (the XOR of its heaps' values in `seq`, which covers `0..=max`), or
/// its outcome, by rank. Sums have sorted positions (no names) and no least heap size.
pub fn box_values(spec: &BoxSpec, want: Want, seq: &[u32]) -> BoxValues {
    debug_assert!(spec.shape.symmetric() && spec.shape.lower == 0);
    let len = spec.len();
    let k = spec.heaps;
    let max = spec.max;
    // A padded zero of `heaps any` is no heap; a zero of a fixed count is a heap of value
    // seq[0] (0 unless a zero heap has moves).
    let g = |h: u32| {
        if h == 0 && spec.shape.drops_zeros() {
            0
        } else {
            seq[h as usize]
        }
    };
    let mut grundy: Vec<u32> = Vec::new();
    let mut p_bits: Vec<u64> = Vec::new();
    match want {
        Want::Grundy => grundy.reserve_exact(len),
        Want::Outcome => p_bits = vec![0; len.div_ceil(64)],
    }
    let mut r = 0usize;
    let mut put = |v: u32| {
        match want {
            Want::Grundy => grundy.push(v),
            Want::Outcome => {
                if v == 0 {
                    p_bits[r / 64] |= 1 << (r % 64);
                }
            }
        }
        r += 1;
    };
    if k == 0 {
        for _ in 0..len {
            put(0);
        }
    } else if len > 0 {
        // t: the sorted tuple; suf[i]: the XOR of the values of t[i..].
        let mut t = vec![0u32; k];
        let mut suf = vec![0u32; k + 1];
        for i in (0..k).rev() {
            suf[i] = suf[i + 1] ^ g(t[i]);
        }
        loop {
            // The smallest heap runs from 0 up to the next heap (or the box's edge).
            let cap = if k > 1 { t[1] } else { max };
            let rest = suf[1];
            for h in 0..=cap {
                put(rest ^ g(h));
            }
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
    debug_assert_eq!(r, len);
    match want {
        Want::Grundy => BoxValues::from_grundy(spec.clone(), grundy, ModeUsed::Sum, None),
        Want::Outcome => BoxValues::from_p_bits(spec.clone(), p_bits, ModeUsed::Sum, None),
    }
}
