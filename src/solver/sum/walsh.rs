//! The Walsh-Hadamard transform, by which the rare/common engine (`rare.rs`) counts the rare
//! heaps of every mask at once.

/// The Walsh-Hadamard transform in place: `h[s] = sum over x of c[x] * (-1)^parity(s & x)`
/// (the length a power of two).
pub(crate) fn walsh_hadamard(h: &mut [i64]) {
    let mut len = 1;
    while len < h.len() {
        for block in h.chunks_mut(2 * len) {
            let (a, b) = block.split_at_mut(len);
            for (x, y) in a.iter_mut().zip(b.iter_mut()) {
                let (p, q) = (*x, *y);
                *x = p + q;
                *y = p - q;
            }
        }
        len *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::walsh_hadamard;

    #[test]
    fn the_transform_counts_classes() {
        // Counts of eight indices; at every s, class 0 minus class 1 by the definition.
        let c: Vec<i64> = vec![3, 0, 5, 1, 0, 2, 7, 4];
        let mut h = c.clone();
        walsh_hadamard(&mut h);
        for (s, &hs) in h.iter().enumerate() {
            let want: i64 = c
                .iter()
                .enumerate()
                .map(|(x, &cx)| {
                    if (s & x).count_ones() % 2 == 0 {
                        cx
                    } else {
                        -cx
                    }
                })
                .sum();
            assert_eq!(hs, want, "s = {s}");
        }
    }
}
