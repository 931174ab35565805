//! A plain rare/common-value solver (the sparse space of Winning Ways, ch. 4) for the octal
//! games of the benchmark, written for it alone: the classes by the parity of `value & mask`
//! (and of the heap, when every split takes amounts of one parity), the mask with the fewest
//! rare heaps recounted whenever a rare value appears or the values gain a bit, the common
//! candidate from the splits with a rare part, then every split from the smallest part up
//! until each rare-class value below the candidate is seen (else the least unseen is the
//! value). Values in a `Vec<u16>`, marks in `Vec<bool>`.

/// The values of heaps `0..=n` of an octal game: for each `(j, whole, split)`, taking `j`
/// may leave the rest as one non-empty heap and may split it into two non-empty parts; with
/// `unequal` the parts differ.
pub fn solve(n: usize, takes: &[(usize, bool, bool)], unequal: bool) -> Vec<u32> {
    let splits: Vec<usize> = takes.iter().filter(|t| t.2).map(|t| t.0).collect();
    // The heap's parity may join the class when every split takes amounts of one parity.
    let pos_bit = splits.iter().all(|&j| j % 2 == splits[0] % 2);
    let q = splits.first().map_or(0, |&j| j % 2);
    let mut g: Vec<u16> = Vec::with_capacity(n + 1);
    let mut counts: Vec<u64> = vec![0; 2];
    let (mut mask, mut pos) = (0usize, false);
    let mut rare: Vec<usize> = Vec::new();
    let class = |i: usize, v: u16, mask: usize, pos: bool| {
        ((v as usize & mask).count_ones() as usize + usize::from(pos) * ((i ^ q) & 1)) % 2
    };
    for m in 0..=n {
        let bits = counts.len() / 2;
        let mut seen = vec![false; 2 * bits + 2];
        for &(j, whole, _) in takes {
            if whole && j > 0 && j < m {
                seen[g[m - j] as usize] = true;
            }
        }
        for &j in &splits {
            for &r in &rare {
                if r > 0 && r + j < m && !(unequal && 2 * r + j == m) {
                    seen[(g[r] ^ g[m - j - r]) as usize] = true;
                }
            }
        }
        let flip = usize::from(pos) * ((m ^ q) & 1);
        let is_common = |v: usize| ((v & mask).count_ones() as usize + flip) % 2 == 1;
        let cand = (0..seen.len())
            .find(|&v| is_common(v) && !seen[v])
            .unwrap_or(seen.len());
        let mut left = (0..cand.min(seen.len()))
            .filter(|&v| !is_common(v) && !seen[v])
            .count();
        for &j in &splits {
            let mut a = 1;
            while left > 0 && 2 * a + j <= m {
                let b = m - j - a;
                if !(unequal && a == b) {
                    let v = (g[a] ^ g[b]) as usize;
                    if !seen[v] {
                        seen[v] = true;
                        if v < cand && !is_common(v) {
                            left -= 1;
                        }
                    }
                }
                a += 1;
            }
        }
        let value = if left > 0 {
            (0..cand).find(|&v| !seen[v]).expect("an unseen value")
        } else {
            cand
        };
        g.push(value as u16);
        let index = value << 1 | ((m ^ q) & 1);
        let grew = index >= counts.len();
        if grew {
            counts.resize((index + 1).next_power_of_two(), 0);
        }
        counts[index] += 1;
        let best = if grew || left > 0 || (mask == 0 && !pos) {
            best_mask(&counts, m + 1, pos_bit)
        } else {
            (mask, pos)
        };
        if best != (mask, pos) {
            (mask, pos) = best;
            rare = (0..=m)
                .filter(|&i| class(i, g[i], mask, pos) == 0)
                .collect();
        } else if class(m, g[m], mask, pos) == 0 {
            rare.push(m);
        }
    }
    g.into_iter().map(u32::from).collect()
}

/// The mask (and position bit) with the fewest rare heaps, by the Walsh-Hadamard transform.
fn best_mask(counts: &[u64], total: usize, pos_bit: bool) -> (usize, bool) {
    let mut h: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
    let mut len = 1;
    while len < h.len() {
        for i in 0..h.len() {
            if i & len == 0 {
                let (x, y) = (h[i], h[i + len]);
                h[i] = x + y;
                h[i + len] = x - y;
            }
        }
        len *= 2;
    }
    let step = if pos_bit { 1 } else { 2 };
    let best = (step..h.len())
        .step_by(step)
        .min_by_key(|&s| (total as i64 + h[s], s))
        .unwrap_or(0);
    (best >> 1, best & 1 == 1)
}

/// Grundy's game: split a heap into two unequal heaps.
pub fn grundy_game(n: usize) -> Vec<u32> {
    solve(n, &[(0, false, true)], true)
}

/// Officers, 0.6: take one, leaving one non-empty heap or two.
pub fn officers(n: usize) -> Vec<u32> {
    solve(n, &[(1, false, true), (1, true, false)], false)
}
