//! The research code of `docs/research/propp_core.rs` (the `propp_cookie` example) at small
//! bounds, against a plain brute force of the cookie game written here (no depletion, no
//! tables) and against Propp's own Tables 1, 3 and 4 and the values his text names.

#[path = "../docs/research/propp_core.rs"]
#[allow(dead_code)]
mod propp_core;

use propp_core::*;
use std::collections::HashMap;

/// The Grundy value of a sorted list of heaps by the rules alone: remove one heap, lower the
/// others by one, drop the empty ones.
fn brute(pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(pos) {
        return g;
    }
    let mut seen = Vec::new();
    for i in 0..pos.len() {
        seen.push(brute(&follower(pos, i), memo));
    }
    let mut g = 0;
    while seen.contains(&g) {
        g += 1;
    }
    memo.insert(pos.to_vec(), g);
    g
}

fn follower(pos: &[u32], i: usize) -> Vec<u32> {
    let mut f = Vec::new();
    for (j, &h) in pos.iter().enumerate() {
        if j != i && h > 1 {
            f.push(h - 1);
        }
    }
    f
}

/// The sizes of the components whose removal leaves a P-position.
fn brute_winning(pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> Vec<u32> {
    let mut w: Vec<u32> = (0..pos.len())
        .filter(|&i| brute(&follower(pos, i), memo) == 0)
        .map(|i| pos[i])
        .collect();
    w.dedup();
    w
}

/// Strict tables for lengths 1..=max: (n, subset, Grundy value, winning mask).
fn strict_rows(max: u32) -> Vec<(u32, u64, u8, u64)> {
    let (mut p2, mut p1): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
    let mut rows = Vec::new();
    for n in 1..=max {
        let cur = strict_length(n, &p1, &p2, |s, g, w| rows.push((n, s, g, w)));
        p2 = std::mem::replace(&mut p1, cur);
    }
    rows
}

#[test]
fn strict_tables_match_brute_force_undepleted() {
    let mut memo = HashMap::new();
    let rows = strict_rows(9);
    assert_eq!(
        rows.len(),
        (1 << 9) - 1,
        "2^(n-1) strict reduced positions of length n"
    );
    for (n, s, g, w) in rows {
        // Undepleted: the copies of n written as n, n+2, n+4, ...
        let mut pos = strict_components(n, s);
        let first = pos.iter().position(|&v| v == n).unwrap();
        for (k, v) in pos[first..].iter_mut().enumerate() {
            *v += 2 * k as u32;
        }
        assert_eq!(brute(&pos, &mut memo), g as u32, "{pos:?}");
        let mine: Vec<u32> = (1..=n).filter(|&v| w >> (v - 1) & 1 == 1).collect();
        let theirs: Vec<u32> = brute_winning(&pos, &mut memo)
            .iter()
            .map(|&v| v.min(n))
            .collect();
        let mut theirs = theirs;
        theirs.dedup();
        assert_eq!(mine, theirs, "{pos:?}");
        // The interval test against a plain reading of the conjecture.
        let comps = strict_components(n, s);
        let idx: Vec<usize> = (0..comps.len())
            .filter(|&i| mine.contains(&comps[i]))
            .collect();
        let plain = idx.windows(2).all(|p| p[1] == p[0] + 1);
        assert_eq!(is_interval(s | 1 << (n - 1), w), plain, "{comps:?}");
    }
}

#[test]
fn general_tables_match_brute_force() {
    let mut memo = HashMap::new();
    let c = binomials(7);
    let mut tables = vec![vec![0u8]];
    for m in 1..=7usize {
        let mut count = 0;
        let t = general_length(m, &tables, &c, |a, g| {
            count += 1;
            // Heaps of size m inflated to 3m: the same value (depletion).
            let raw: Vec<u32> = a
                .iter()
                .map(|&v| if v == m as u32 { 3 * v } else { v })
                .collect();
            assert_eq!(brute(&raw, &mut memo), g as u32, "{a:?}");
        });
        assert_eq!(count, t.len());
        tables.push(t);
    }
}

#[test]
fn propp_table_1_reduced_positions() {
    // Table 1: the reduced positions (a_k >= k, heaps <= n) of 4 or fewer components; these
    // are the P-positions, every other one is N.
    let p: &[&[u32]] = &[
        &[2, 2],
        &[1, 2, 3],
        &[2, 2, 3],
        &[2, 2, 4, 4],
        &[2, 4, 4, 4],
        &[3, 4, 4, 4],
        &[4, 4, 4, 4],
    ];
    let c = binomials(4);
    let mut tables = vec![vec![0u8]];
    let mut reduced = 0;
    for m in 1..=4usize {
        let t = general_length(m, &tables, &c, |a, g| {
            if a.iter().enumerate().all(|(k, &v)| v as usize > k) {
                reduced += 1;
                assert_eq!(g == 0, p.contains(&a), "{a:?}");
            }
        });
        tables.push(t);
    }
    assert_eq!(reduced, 1 + 2 + 5 + 14, "Catalan numbers");
}

#[test]
fn propp_first_grundy_values_4_and_5() {
    // "Grundy value 4 first appears for positions of size n = 7, and Grundy value 5 first
    // appears for positions of size n = 11"; strict: value 3 first at 2 3 4 4.
    let c = binomials(11);
    let mut tables = vec![vec![0u8]];
    let mut largest = vec![0u8];
    for m in 1..=11usize {
        let mut top = 0;
        let t = general_length(m, &tables, &c, |_, g| top = top.max(g));
        largest.push(top);
        tables.push(t);
    }
    assert_eq!(largest, [0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5]);
    let threes: Vec<Vec<u32>> = strict_rows(4)
        .into_iter()
        .filter(|r| r.2 == 3)
        .map(|(n, s, _, _)| strict_components(n, s))
        .collect();
    assert_eq!(threes, [vec![2, 3, 4, 4]]);
}

/// Table 3 (winning components of the AP-position a .. a+n-1; None: P) and Table 4 (Grundy
/// values), a and n = 1..=10, as printed.
fn table_3(a: u32, n: u32) -> Option<(u32, u32)> {
    #[rustfmt::skip]
    let rows: [[Option<(u32, u32)>; 10]; 5] = [
        [Some((1, 1)), Some((2, 2)), None, Some((1, 2)), Some((4, 5)), None, Some((1, 4)), Some((6, 8)), None, Some((1, 6))],
        [Some((2, 2)), None, Some((2, 2)), Some((4, 5)), None, Some((2, 4)), Some((6, 8)), None, Some((2, 6)), Some((8, 11))],
        [Some((3, 3)), None, Some((3, 5)), None, Some((3, 4)), Some((6, 8)), None, Some((3, 6)), Some((8, 11)), None],
        [Some((4, 4)), None, Some((4, 6)), None, Some((4, 8)), None, Some((4, 6)), Some((8, 11)), None, Some((4, 8))],
        [Some((5, 5)), None, Some((5, 7)), None, Some((5, 9)), None, Some((5, 11)), None, Some((5, 8)), Some((10, 14))],
    ];
    if a <= 5 {
        rows[a as usize - 1][n as usize - 1]
    } else if n % 2 == 1 {
        Some((a, a + n - 1)) // rows 6 to 10: k, k-(k+2), k-(k+4), ...
    } else {
        None
    }
}

const TABLE_4: [[u8; 10]; 5] = [
    [1, 2, 0, 1, 3, 0, 1, 2, 0, 1],
    [1, 0, 1, 3, 0, 1, 2, 0, 1, 3],
    [1, 0, 1, 0, 1, 2, 0, 1, 3, 0],
    [1, 0, 1, 0, 1, 0, 1, 3, 0, 1],
    [1, 0, 1, 0, 1, 0, 1, 0, 1, 2],
];

#[test]
fn propp_tables_3_and_4_and_the_ap_prediction() {
    let rows = strict_rows(12);
    let find = |n: u32, s: u64| rows.iter().find(|r| r.0 == n && r.1 == s).copied().unwrap();
    for a in 1..=14u32 {
        for n in 1..=12u32 {
            let (_, _, g, w) = find(n, ap_subset(a, n));
            let wins = ap_winning(a, n, w);
            if a <= 10 && n <= 10 {
                let t4 = if a <= 5 {
                    TABLE_4[a as usize - 1][n as usize - 1]
                } else {
                    n as u8 % 2
                };
                assert_eq!(g, t4, "Table 4 at a = {a}, n = {n}");
                let t3: Vec<u32> = table_3(a, n)
                    .map(|(l, h)| (l..=h).collect())
                    .unwrap_or_default();
                assert_eq!(wins, t3, "Table 3 at a = {a}, n = {n}");
            }
            let (pg, pw) = ap_prediction(a, n);
            assert_eq!(g, pg, "a = {a}, n = {n}");
            let predicted: Vec<u32> = pw.map(|(l, h)| (l..=h).collect()).unwrap_or_default();
            assert_eq!(wins, predicted, "a = {a}, n = {n}");
        }
    }
}
