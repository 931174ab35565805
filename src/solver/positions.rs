//! The positions of a bounded box, in a fixed order: by number of heaps, then
//! lexicographically (canonical forms only: sorted tuples for symmetric shapes); and how a
//! position is written, `(3, 5, 7)`.

use crate::moves::program::ShapeSpec;

/// Renders a position as `(3, 5, 7)`.
pub fn show_position(p: &[u32]) -> String {
    let parts: Vec<String> = p.iter().map(u32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// Every canonical position with every heap `<= max` (and at most `heaps` heaps when the
/// shape allows any number), in order.
pub fn box_positions(shape: &ShapeSpec, max: u32, heaps: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let (counts, least) = match shape.count {
        Some(k) => (k..=k, shape.lower),
        None => (0..=heaps, shape.lower.max(1)),
    };
    for k in counts {
        let mut cur = Vec::with_capacity(k);
        fill(&mut out, &mut cur, k, least, max, shape.symmetric());
    }
    out
}

fn fill(out: &mut Vec<Vec<u32>>, cur: &mut Vec<u32>, k: usize, least: u32, max: u32, sorted: bool) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    if least > max {
        return;
    }
    let from = if sorted {
        cur.last().copied().unwrap_or(least)
    } else {
        least
    };
    for v in from..=max {
        cur.push(v);
        fill(out, cur, k, least, max, sorted);
        cur.pop();
    }
}

/// How many positions [`box_positions`] would list, or `None` beyond `u128`.
pub fn box_size(shape: &ShapeSpec, max: u32, heaps: usize) -> Option<u128> {
    let least = match shape.count {
        Some(_) => shape.lower,
        None => shape.lower.max(1),
    };
    if least > max {
        return Some(u128::from(shape.count.is_none()));
    }
    let values = u128::from(max - least) + 1;
    let count = |k: usize| -> Option<u128> {
        if shape.symmetric() {
            // Multisets of size k from `values` values: C(values + k - 1, k).
            let mut c: u128 = 1;
            for i in 0..k as u128 {
                c = c.checked_mul(values + i)? / (i + 1);
            }
            Some(c)
        } else {
            values.checked_pow(u32::try_from(k).ok()?)
        }
    };
    match shape.count {
        Some(k) => count(k),
        None => (0..=heaps).try_fold(0u128, |acc, k| acc.checked_add(count(k)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(count: Option<usize>, lower: u32) -> ShapeSpec {
        ShapeSpec {
            count,
            names: None,
            lower,
        }
    }

    #[test]
    fn sizes_match_listings() {
        for (s, max, k) in [
            (shape(Some(2), 0), 5, 0),
            (shape(Some(3), 1), 4, 0),
            (shape(None, 0), 4, 3),
        ] {
            let n = box_positions(&s, max, k).len() as u128;
            assert_eq!(Some(n), box_size(&s, max, k));
        }
        assert_eq!(
            box_positions(&shape(Some(2), 0), 1, 0),
            vec![vec![0, 0], vec![0, 1], vec![1, 1]]
        );
    }
}
