//! The box read out of the filled cube in the order of [`BoxSpec`] ranks: for named heaps the
//! cube is the box (mixed radix, the first heap most significant); for the multiset shapes
//! the sorted cells, in colex order (the last heap most significant), are the ranks in turn.

use super::layout::Layout;
use crate::solver::table::BoxSpec;
use crate::solver::{BoxValues, ModeUsed};

/// Calls `f` with the cube offset of each position of the box, in rank order.
fn each_in_rank_order(spec: &BoxSpec, l: &Layout, mut f: impl FnMut(usize)) {
    if !spec.shape.symmetric() {
        (0..l.len).for_each(f);
        return;
    }
    // Non-decreasing coordinates y[0] <= ... <= y[k-1], colex. Every order of a position
    // has its value: the cell read is the reversed tuple's, whose first coordinate, the
    // fastest, is the cube's last (consecutive cells, not one a row apart: two heaps to
    // 23,000 read one cache line a cell otherwise).
    let k = l.k;
    let mut y = vec![0usize; k];
    loop {
        f(y.iter()
            .zip(l.strides.iter().rev())
            .map(|(a, s)| a * s)
            .sum());
        let mut i = 0;
        loop {
            let bound = if i + 1 < k { y[i + 1] } else { l.side - 1 };
            if y[i] < bound {
                y[i] += 1;
                for z in &mut y[..i] {
                    *z = 0;
                }
                break;
            }
            i += 1;
            if i == k {
                return;
            }
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
    each_in_rank_order(spec, l, |x| values.push(g[x]));
    debug_assert_eq!(values.len(), spec.len());
    BoxValues::from_grundy(spec.clone(), values, ModeUsed::Table, Some(kernel))
}
