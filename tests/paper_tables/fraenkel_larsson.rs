//! Fraenkel and Larsson, Take-away games on Beatty's Theorem: Table 1, Example 2, Theorem 1
//! for beta^T-Wynim below 3.

use super::*;

/// Table 1, beta = pi, n = 0..29, as printed: the rows Delta_n and Delta^2_n (A_n and B_n
/// are in `common/tables.rs`).
const FL_TABLE_1_DELTA: [u32; 30] = [
    0, 2, 4, 5, 7, 8, 10, 11, 14, 15, 17, 18, 20, 21, 23, 25, 27, 29, 30, 32, 33, 35, 37, 39, 40,
    42, 43, 45, 46, 49,
];
const FL_TABLE_1_DELTA2: [u32; 30] = [
    2, 2, 1, 2, 1, 2, 1, 3, 1, 2, 1, 2, 1, 2, 2, 2, 2, 1, 2, 1, 2, 2, 2, 1, 2, 1, 2, 1, 3, 1,
];

/// The table's own arithmetic (Notation 1: Delta_n = B_n - A_n, Delta^2_n = Delta_{n+1} -
/// Delta_n), Beatty's complementarity (A and B partition 1, 2, ...), Proposition 1 and
/// Example 3, all on the printed numbers.
#[test]
fn fraenkel_larsson_table_1_is_consistent() {
    for n in 0..30 {
        assert_eq!(
            FL_TABLE_1_DELTA[n],
            FL_TABLE_1_B[n] - FL_TABLE_1_A[n],
            "Table 1: Delta_{n} = B_{n} - A_{n}"
        );
    }
    for n in 0..29 {
        assert_eq!(
            FL_TABLE_1_DELTA2[n],
            FL_TABLE_1_DELTA[n + 1] - FL_TABLE_1_DELTA[n],
            "Table 1: Delta^2_{n} = Delta_(n+1) - Delta_{n}"
        );
        // Proposition 1 (i): (Delta A_n, Delta B_n) in {1, 2} x {3, 4}; (ii) Delta^2 = dB - dA.
        let da = FL_TABLE_1_A[n + 1] - FL_TABLE_1_A[n];
        let db = FL_TABLE_1_B[n + 1] - FL_TABLE_1_B[n];
        assert!(
            (1..=2).contains(&da) && (3..=4).contains(&db),
            "Proposition 1 (i), n = {n}"
        );
        assert_eq!(FL_TABLE_1_DELTA2[n], db - da, "Proposition 1 (ii), n = {n}");
    }
    // Delta^2_29 needs A_30, B_30, which the table does not print: floor(30 pi^) = 44 and
    // floor(30 pi) = 94 give Delta_30 = 50, so Delta^2_29 = 1, as printed.
    assert_eq!(FL_TABLE_1_DELTA2[29], 50 - FL_TABLE_1_DELTA[29]);
    // Proposition 1 (iii) and Example 3: Delta^2 takes exactly the values {1, 2, 3}.
    let values: BTreeSet<u32> = FL_TABLE_1_DELTA2.iter().copied().collect();
    assert_eq!(
        values,
        BTreeSet::from([1, 2, 3]),
        "Example 3: Delta^2 takes 1, 2 and 3"
    );
    // Beatty's theorem: A_1.. and B_1.. are complementary; up to 42 = A_29 every positive integer
    // is exactly one A_n or B_n of the table.
    let mut all: Vec<u32> = FL_TABLE_1_A[1..]
        .iter()
        .chain(FL_TABLE_1_B[1..].iter())
        .copied()
        .filter(|&v| v <= 42)
        .collect();
    all.sort_unstable();
    assert_eq!(
        all,
        (1..=42).collect::<Vec<u32>>(),
        "Beatty: A and B partition 1..42"
    );
}

/// The rows x = 0..=42 of the box [0, 42] x [0, max]: for each, the one y with (x, y) P
/// (heapgame), or None.
fn p_partner_per_row(game: &Game, max: u32) -> Vec<Option<u32>> {
    let mut solver = game.solver();
    (0..=42)
        .map(|x| (0..=max).find(|&y| is_p(game, &mut solver, &[x, y])))
        .collect()
}

/// The partner of every x <= 42 according to Table 1 (every such x is an A_n or a B_n).
fn table_1_partners() -> Vec<Option<u32>> {
    (0..=42u32)
        .map(|x| {
            (0..30).find_map(|n| {
                if FL_TABLE_1_A[n] == x {
                    Some(FL_TABLE_1_B[n])
                } else if FL_TABLE_1_B[n] == x {
                    Some(FL_TABLE_1_A[n])
                } else {
                    None
                }
            })
        })
        .collect()
}

#[test]
fn fraenkel_larsson_table_1_all_three_games_every_row() {
    // beta-Nim, beta-Wynim and beta^T-Wynim with beta = pi: in every row x = 0..42 of
    // [0, 42] x [0, 91], the one P-position heapgame finds is the table's.
    for rel in [
        "fraenkel-larsson/beta-nim.game",
        "fraenkel-larsson/beta-wynim.game",
        "fraenkel-larsson/beta-t-wynim.game",
    ] {
        let game = load(rel, &[]);
        assert_eq!(
            p_partner_per_row(&game, 91),
            table_1_partners(),
            "{rel}: the P-position of each row x <= 42 against Table 1"
        );
    }
}

#[test]
fn fraenkel_larsson_example_2() {
    // Example 2: beta = 2 + sqrt(2) (d = 2 in Remark 1's formula), hat beta = beta - 2, so
    // Delta_n = B_n - A_n = 2n. The P-positions heapgame finds for the three games and for
    // 2-Wythoff (Table 2's caption; the table itself is not printed in the text) are
    // (floor(n (beta - 2)), floor(n beta)) and mirrors, with B_n - A_n = 2n: computed here in
    // integers, floor(n sqrt 2) = isqrt(2 n^2).
    let mut want = BTreeSet::new();
    for n in 0u64..=40 {
        let a = isqrt(2 * n * n);
        let b = a + 2 * n;
        if b <= 40 {
            want.insert(vec![a as u32, b as u32]);
        }
    }
    for (rel, params) in [
        (
            "fraenkel-larsson/beta-nim.game",
            &[("beta", "2 + sqrt(2)")][..],
        ),
        (
            "fraenkel-larsson/beta-wynim.game",
            &[("beta", "2 + sqrt(2)")][..],
        ),
        (
            "fraenkel-larsson/beta-t-wynim.game",
            &[("beta", "2 + sqrt(2)")][..],
        ),
        ("classic/d-wythoff.game", &[("d", "2")][..]),
    ] {
        let game = load(rel, params);
        // `heaps 2` without names is symmetric: the box lists sorted pairs, so (B_n, A_n) is
        // the same position as (A_n, B_n).
        assert_eq!(
            p_positions(&game, 40, 2),
            want,
            "{rel} {params:?}: Example 2"
        );
    }
}

/// The Beatty pairs (A_n, B_n) of the surds used below, computed in integers:
/// beta = sqrt(m): B_n = isqrt(m n^2), A_n = floor(n (m + sqrt m)/(m - 1));
/// beta = 1 + sqrt 2: B_n = n + isqrt(2 n^2), A_n = n + isqrt(n^2 / 2);
/// beta = phi + 1: A_n = floor(n phi), B_n = A_n + n.
fn beatty_pair(beta: &str, n: u64) -> (u64, u64) {
    match beta {
        "1+sqrt(2)" => (n + isqrt(n * n / 2), n + isqrt(2 * n * n)),
        "phi+1" => {
            let a = (n + isqrt(5 * n * n)) / 2;
            (a, a + n)
        }
        _ => {
            let m: u64 = beta
                .trim_start_matches("sqrt(")
                .trim_end_matches(')')
                .parse()
                .unwrap_or(0);
            ((m * n + isqrt(m * n * n)) / (m - 1), isqrt(m * n * n))
        }
    }
}

#[test]
fn fraenkel_larsson_theorem_1_for_beta_t_wynim_below_3() {
    // Theorem 1 for beta^T-Wynim fails for some beta in (2, 3) (docs/papers.md, FL-4): with
    // d = 2, (A_n, B_n) is N as soon as Delta^2_{n-2} + Delta^2_{n-1} <= 1, since the move to
    // (A_{n-2}, B_{n-2}) has |s - t| <= 1 < 2 and s >= 3, outside the triangles. Here the
    // criterion is computed from the Beatty pairs, and compared with the P-positions heapgame
    // finds in [0, 40]^2 for beta^T-Wynim (first difference) and beta-Wynim (none).
    for beta in ["sqrt(7)", "1+sqrt(2)", "sqrt(6)", "sqrt(8)", "phi+1"] {
        let pairs: Vec<(u64, u64)> = (0..40).map(|n| beatty_pair(beta, n)).collect();
        let delta: Vec<i64> = pairs.iter().map(|&(a, b)| b as i64 - a as i64).collect();
        let first_bad = (2..40).find(|&n| delta[n] - delta[n - 2] <= 1);
        let want: BTreeSet<Vec<u32>> = pairs
            .iter()
            .filter(|&&(_, b)| b <= 40)
            .map(|&(a, b)| vec![a as u32, b as u32])
            .collect();
        let wynim = load("fraenkel-larsson/beta-wynim.game", &[("beta", beta)]);
        assert_eq!(
            p_positions(&wynim, 40, 2),
            want,
            "beta-Wynim, beta = {beta}"
        );
        let t = load("fraenkel-larsson/beta-t-wynim.game", &[("beta", beta)]);
        let got = p_positions(&t, 40, 2);
        let first_diff = got
            .symmetric_difference(&want)
            .min_by_key(|p| (p[1], p[0]))
            .cloned();
        let predicted = first_bad
            .filter(|&n| pairs[n].1 <= 40)
            .map(|n| vec![pairs[n].0 as u32, pairs[n].1 as u32]);
        assert_eq!(
            first_diff, predicted,
            "beta^T-Wynim, beta = {beta}: first difference"
        );
    }
}
