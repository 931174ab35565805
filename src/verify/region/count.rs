//! How many positions of a fixed number of heaps have at most a given total of tokens,
//! counted rather than walked one by one: a deepening run looks for the total whose region
//! doubles the last by asking the size of some thirty totals, and walking two heaps to a
//! total of 16 000 is 64 million positions each time (most of a minute's `check --time`).

/// The work (cells of the table times parts) past which the sorted count is left to the walk.
const MOST_WORK: u64 = 1 << 24;

/// The positions of `k` heaps, each at least `least`, of at most `total` tokens in all (with
/// `sorted`, each heap at most the next), counted up to `cap` (`cap + 1`: more than `cap`);
/// `None` when the count would take more work than [`MOST_WORK`] (the caller walks them).
/// Unsorted: the tuples of `k` numbers >= 0 of sum at most `spare` (the tokens above the
/// least heaps), C(spare + k, k). Sorted: the partitions of each m <= `spare` into at most `k`
/// parts, which are those into parts of at most `k` (conjugates), by the usual table.
pub(super) fn count_fixed(k: usize, least: u32, total: u32, sorted: bool, cap: u64) -> Option<u64> {
    let over = cap.saturating_add(1);
    let floor = (k as u64).saturating_mul(u64::from(least));
    let Some(spare) = u64::from(total).checked_sub(floor) else {
        return Some(0);
    };
    let parts = (k as u64).min(spare);
    if !sorted {
        // C(spare + k, parts): each partial product C(n, i), i <= parts <= n / 2, is at most
        // the whole, so the first past `cap` says the whole is.
        let n = u128::from(spare) + k as u128;
        let mut c = 1u128;
        for i in 1..=u128::from(parts) {
            c = c * (n - u128::from(parts) + i) / i;
            if c >= u128::from(over) {
                return Some(over);
            }
        }
        return Some(u64::try_from(c).unwrap_or(over).min(over));
    }
    if spare.saturating_mul(parts.max(1)) > MOST_WORK {
        return None;
    }
    let s = usize::try_from(spare).ok()?;
    let mut ways = vec![0u64; s + 1];
    ways[0] = 1;
    for part in 1..=usize::try_from(parts).ok()? {
        for m in part..=s {
            ways[m] = ways[m].saturating_add(ways[m - part]);
        }
    }
    let all = ways.iter().fold(0u64, |a, &w| a.saturating_add(w));
    Some(all.min(over))
}

#[cfg(test)]
mod tests {
    use super::count_fixed;

    /// Every tuple of `k` heaps in `least..=total` of sum at most `total`, counted plainly.
    fn brute(k: usize, least: u32, total: u32, sorted: bool) -> u64 {
        let mut all: Vec<Vec<u32>> = vec![vec![]];
        for _ in 0..k {
            all = all
                .into_iter()
                .flat_map(|p| {
                    (least..=total).map(move |h| {
                        let mut q = p.clone();
                        q.push(h);
                        q
                    })
                })
                .filter(|q| q.iter().sum::<u32>() <= total)
                .collect();
        }
        all.iter()
            .filter(|p| !sorted || p.windows(2).all(|w| w[0] <= w[1]))
            .count() as u64
    }

    #[test]
    fn counts_agree_with_brute_force() {
        for k in 0..=4 {
            for least in 0..=2 {
                for total in 0..=13 {
                    for sorted in [false, true] {
                        let want = brute(k, least, total, sorted);
                        let got = count_fixed(k, least, total, sorted, u64::MAX);
                        assert_eq!(got, Some(want), "{k} heaps >= {least}, total {total}");
                        // Capped: more than the cap is cap + 1.
                        let capped = count_fixed(k, least, total, sorted, 5);
                        assert_eq!(
                            capped,
                            Some(want.min(6)),
                            "{k} >= {least} to {total}, cap 5"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn two_heaps_to_a_large_total_by_formula() {
        // Unsorted pairs of sum <= t: (t + 1)(t + 2) / 2; sorted: sum over m <= t of
        // floor(m / 2) + 1.
        let t = 16_601u64;
        let unsorted = count_fixed(2, 0, t as u32, false, u64::MAX);
        assert_eq!(unsorted, Some((t + 1) * (t + 2) / 2));
        let sorted: u64 = (0..=t).map(|m| m / 2 + 1).sum();
        assert_eq!(count_fixed(2, 0, t as u32, true, u64::MAX), Some(sorted));
        // Too much work for the table: the caller walks.
        assert_eq!(count_fixed(4000, 0, 1 << 20, true, u64::MAX), None);
    }
}
