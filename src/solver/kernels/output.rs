//! The box read out of the filled cube in the order of [`BoxSpec`] ranks: for named heaps the
//! cube is the box (mixed radix, the first heap most significant); for the multiset shapes
//! the sorted cells, in colex order (the last heap most significant), are the ranks in turn.
//! Grundy values are read a row of the box a call (`heapgame_grundy_fill::gather::row`), so
//! that the playground's browser runs the read in optimised code after its first rows.

use super::layout::Layout;
use crate::solver::table::BoxSpec;
use crate::solver::{BoxValues, ModeUsed};
use heapgame_grundy_fill::gather;

/// Calls `f` with the cube offset of each position of the box, in rank order.
fn each_in_rank_order(spec: &BoxSpec, l: &Layout, mut f: impl FnMut(usize)) {
    each_row_in_rank_order(spec, l, |start, stride, len| {
        (0..len).for_each(|i| f(start + i * stride));
    });
}

/// Calls `f(start, stride, len)` for each row of the box in rank order: `len` positions at
/// the cube offsets `start`, `start + stride`, ... (for the multiset shapes the first heap
/// running from 0 to the second, the others fixed).
fn each_row_in_rank_order(spec: &BoxSpec, l: &Layout, mut f: impl FnMut(usize, usize, usize)) {
    if !spec.shape.symmetric() {
        f(0, 1, l.len);
        return;
    }
    // Non-decreasing coordinates y[0] <= ... <= y[k-1], colex; y[0] runs along a row. Every
    // order of a position has its value: the cells read are the reversed tuple's, whose first
    // coordinate, the fastest, is the cube's last (consecutive cells, not one a row apart:
    // two heaps to 23,000 read one cache line a cell otherwise).
    let k = l.k;
    let bound = |y: &[usize], i: usize| if i + 1 < k { y[i + 1] } else { l.side - 1 };
    let mut y = vec![0usize; k];
    loop {
        let start = y
            .iter()
            .zip(l.strides.iter().rev())
            .map(|(a, s)| a * s)
            .sum();
        f(start, l.strides[k - 1], bound(&y, 0) + 1);
        let mut i = 1;
        loop {
            if i == k {
                return;
            }
            if y[i] < bound(&y, i) {
                y[i] += 1;
                for z in &mut y[..i] {
                    *z = 0;
                }
                break;
            }
            i += 1;
        }
    }
}

/// The outcomes of the box from the cube's P bits.
pub(super) fn outcomes(spec: &BoxSpec, l: &Layout, p: Vec<u64>, kernel: &'static str) -> BoxValues {
    let bits = if spec.shape.symmetric() {
        let mut bits = vec![0u64; spec.len().div_ceil(64)];
        let mut r = 0usize;
        each_in_rank_order(spec, l, |x| {
            if p[x >> 6] >> (x & 63) & 1 == 1 {
                bits[r >> 6] |= 1 << (r & 63);
            }
            r += 1;
        });
        debug_assert_eq!(r, spec.len());
        bits
    } else {
        p
    };
    BoxValues::from_p_bits(spec.clone(), bits, ModeUsed::Table, Some(kernel))
}

/// The Grundy values of the box from the cube's.
pub(super) fn grundy(spec: &BoxSpec, l: &Layout, g: Vec<u32>, kernel: &'static str) -> BoxValues {
    if !spec.shape.symmetric() {
        return BoxValues::from_grundy(spec.clone(), g, ModeUsed::Table, Some(kernel));
    }
    let mut values = Vec::with_capacity(spec.len());
    each_row_in_rank_order(spec, l, |start, stride, len| {
        gather::row(&mut values, &g, start, stride, len);
    });
    debug_assert_eq!(values.len(), spec.len());
    BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(kernel))
}
