//! Combinations of heaps: every choice of `c` heaps in order, and the canonical ones alone
//! (heaps of equal size interchangeable), for the interpreter and the move compiler.

/// Advances `idx` (increasing positions into `0..n`) to the next combination.
pub(crate) fn next_combination(idx: &mut [usize], n: usize) -> bool {
    let c = idx.len();
    let mut k = c;
    while k > 0 {
        k -= 1;
        if idx[k] < n - c + k {
            idx[k] += 1;
            for m in k + 1..c {
                idx[m] = idx[m - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Advances `idx` (increasing positions into `0..n`) to the next combination, in the order of
/// [`next_combination`], that is canonical when `same(j)` says that element `j` is
/// interchangeable with element `j - 1`: within each run of interchangeable elements, the
/// chosen ones are a prefix of the run. Only canonical combinations are visited, never all
/// `C(n, c)` of them (30 equal heaps have one canonical choice of 15, not 155117520); `idx`
/// must be canonical on entry (`0..c` is). The move compiler's choices of heaps use it too.
pub(crate) fn next_canonical_combination(
    idx: &mut [usize],
    n: usize,
    same: impl Fn(usize) -> bool,
) -> bool {
    let c = idx.len();
    for k in (0..c).rev() {
        // With `idx[..k]` kept, the least canonical choice after `idx[k]` is the start of the
        // next run (its predecessor `idx[k]` is no longer chosen), followed by the elements
        // right after it: a run start in `idx[k] + 1..=hi`. For k < c - 1, the starts after
        // the old `idx[k + 1]` up to `hi + 1` were ruled out the round before, so only the gap
        // up to it is scanned: O(n) a call in all.
        let hi = n - (c - k);
        let to = if k + 1 < c { hi.min(idx[k + 1]) } else { hi };
        let mut v = idx[k] + 1;
        while v <= to && same(v) {
            v += 1;
        }
        if v <= to {
            for (m, slot) in idx[k..].iter_mut().enumerate() {
                *slot = v + m;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{next_canonical_combination, next_combination};

    /// Whether `idx` takes a prefix of each run of equal values of `vals`, by the definition.
    fn canonical(vals: &[u32], idx: &[usize]) -> bool {
        idx.iter()
            .all(|&j| j == 0 || vals[j - 1] != vals[j] || idx.contains(&(j - 1)))
    }

    /// Every sorted list of up to 7 values in 0..3 and every c: the canonical walk visits
    /// exactly the canonical combinations that the plain walk visits, in the same order.
    #[test]
    fn canonical_walk_is_the_plain_walk_filtered() {
        for n in 0..=7usize {
            for code in 0..3usize.pow(n as u32) {
                let mut vals: Vec<u32> = (0..n)
                    .map(|i| (code / 3usize.pow(i as u32) % 3) as u32)
                    .collect();
                vals.sort_unstable();
                for c in 0..=n {
                    let mut want = Vec::new();
                    let mut idx: Vec<usize> = (0..c).collect();
                    loop {
                        if canonical(&vals, &idx) {
                            want.push(idx.clone());
                        }
                        if !next_combination(&mut idx, n) {
                            break;
                        }
                    }
                    let mut got = Vec::new();
                    let mut idx: Vec<usize> = (0..c).collect();
                    loop {
                        got.push(idx.clone());
                        if !next_canonical_combination(&mut idx, n, |j| vals[j - 1] == vals[j]) {
                            break;
                        }
                    }
                    assert_eq!(got, want, "{vals:?}, c = {c}");
                }
            }
        }
    }
}
