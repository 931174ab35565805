//! The orders of the compiled-moves kernel's fill: the successor of a tuple in lex order (sorted
//! boxes) or mixed-radix order (named heaps), and the pass that puts a sorted box's values,
//! filled in lex order, in the box's rank order (colex).

use super::super::table::BoxSpec;
use super::compiled_rank::Ranks;

/// Reorders the values (or P bits) of a sorted box from lex order, in which the fill ran, to
/// the box's rank order (colex): one pass over the tuples in lex order, each tuple's colex
/// rank a sum of table reads.
pub(super) fn to_colex(spec: &BoxSpec, base: u32, values: &mut Vec<u32>, p_bits: &mut Vec<u64>) {
    let colex = Ranks::colex(spec, base);
    let k = spec.heaps;
    let mut t = vec![base; k];
    let mut out_values = vec![0u32; values.len()];
    let mut out_bits = vec![0u64; p_bits.len()];
    for r in 0..spec.len() {
        let q = colex.of(&t, base);
        #[cfg(debug_assertions)]
        {
            let zeros = t.iter().take_while(|&&h| h == 0).count();
            let zeros = if spec.shape.drops_zeros() { zeros } else { 0 };
            debug_assert_eq!(spec.rank(&t[zeros..]), Some(q));
        }
        if let Some(&v) = values.get(r) {
            out_values[q] = v;
        }
        if p_bits.get(r / 64).is_some_and(|w| w >> (r % 64) & 1 == 1) {
            out_bits[q / 64] |= 1 << (q % 64);
        }
        next_tuple(&mut t, base, spec.max, Order::Lex);
    }
    *values = out_values;
    *p_bits = out_bits;
}

/// The order in which [`next_tuple`] walks a box.
#[derive(Clone, Copy)]
pub(super) enum Order {
    /// Non-decreasing tuples, the last (largest) heap fastest.
    Lex,
    /// Named heaps: the mixed-radix successor (the last heap fastest), which is rank order.
    Mixed,
}

/// Steps the tuple to the next one in `order`.
pub(super) fn next_tuple(t: &mut [u32], base: u32, max: u32, order: Order) {
    let k = t.len();
    match order {
        Order::Lex => {
            for i in (0..k).rev() {
                if t[i] < max {
                    let v = t[i] + 1;
                    for x in &mut t[i..] {
                        *x = v;
                    }
                    return;
                }
            }
        }
        Order::Mixed => {
            for i in (0..k).rev() {
                if t[i] < max {
                    t[i] += 1;
                    return;
                }
                t[i] = base;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::compiled_rank::tests::sorted_tuples;

    #[test]
    fn next_tuple_walks_lexicographic_order() {
        for k in 1..=4 {
            let all = sorted_tuples(k, 5);
            let mut t = vec![0u32; k];
            for want in &all {
                assert_eq!(&t, want);
                super::next_tuple(&mut t, 0, 4, super::Order::Lex);
            }
        }
    }
}
