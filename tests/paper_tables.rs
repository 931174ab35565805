//! The papers' printed tables, asserted value by value against the bundled rulesets.
//!
//! Every number below is typed in from the paper's text (/work/shared/papers/, cited at each
//! constant); heapgame computes the other side by loading the BUNDLED `.game` file and solving
//! it through the library API (`Game::load_file`, `Game::canonical`, `Solver::outcome`,
//! `Solver::grundy`, `Solver::winning_moves`). Nothing here is heapgame's output pasted back.
//! Where a paper states a closed form or a rule identity next to its tables (Fraenkel-Zusman's
//! lemmas, Wythoff's mex rule, Beatty's theorem, Bhowmik's Theorem 8, Propp's reduction theorems
//! and conjectures, "n = 2 is VDN"), the test computes that statement here, in plain Rust, and
//! compares it with what heapgame computes; Abuku's arithmetic lemmas are checked as arithmetic.
//! `docs/papers.md` says which statement each test asserts, and records the counterexamples
//! found (Propp's 1 2 2 3 6 6; Fraenkel-Larsson's Theorem 1 for beta^T-Wynim with beta < 3).
//!
//! `tests/brute_force.rs` checks some of the same tables against independent brute forces; the
//! tables are typed in again here, separately, so that a slip in either transcription shows.
//!
//! The tests run in seconds in the test profile. One heavier version (Propp's AP-positions as far
//! as he checked them, a = n = 20: about 40 s and 0.5 GB in the test profile) is `#[ignore]`d:
//! run it with `cargo test --release --test all paper_tables:: -- --ignored`.

use crate::common;

use common::tables::{
    FL_TABLE_1_A, FL_TABLE_1_B, PROPP_TABLE_1, PROPP_TABLE_3, PROPP_TABLE_4, WYTHOFF_TABLE_1,
};
use std::collections::BTreeSet;
use std::path::Path;

use heapgame::moves::Generator;
use heapgame::solver::positions::box_positions;
use heapgame::{Game, Outcome, Solver};

// =============================================================================================
// Talking to heapgame
// =============================================================================================

/// Loads a bundled ruleset (path relative to `rulesets/`) with parameters.
fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(rel);
    match Game::load_file(&path, params) {
        Ok(g) => g,
        Err(e) => panic!(
            "loading rulesets/{rel} with {params:?}: {:?}",
            miette::Report::new(e)
        ),
    }
}

/// heapgame's canonical form of a position.
fn canon(game: &Game, pos: &[u32]) -> Vec<u32> {
    let wide: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
    game.canonical(&wide)
        .unwrap_or_else(|e| panic!("{}: canonical form of {pos:?}: {e}", game.checked.name))
}

/// Whether heapgame says `pos` is a P-position.
fn is_p(game: &Game, solver: &mut Solver<'_, Generator>, pos: &[u32]) -> bool {
    let c = canon(game, pos);
    match solver.outcome(&c) {
        Ok(o) => o == Outcome::P,
        Err(e) => panic!("{}: outcome of {pos:?}: {e}", game.checked.name),
    }
}

/// heapgame's Grundy value of `pos`.
fn grundy(game: &Game, solver: &mut Solver<'_, Generator>, pos: &[u32]) -> u32 {
    let c = canon(game, pos);
    solver
        .grundy(&c)
        .unwrap_or_else(|e| panic!("{}: Grundy value of {pos:?}: {e}", game.checked.name))
}

/// heapgame's winning moves (followers that are P-positions) of `pos`, canonical.
fn winning_moves(
    game: &Game,
    solver: &mut Solver<'_, Generator>,
    pos: &[u32],
) -> BTreeSet<Vec<u32>> {
    let c = canon(game, pos);
    solver
        .winning_moves(&c)
        .unwrap_or_else(|e| panic!("{}: winning moves of {pos:?}: {e}", game.checked.name))
        .into_iter()
        .collect()
}

/// heapgame's followers of a canonical position (sorted, without repeats).
fn followers(game: &Game, pos: &[u32]) -> Vec<Vec<u32>> {
    game.followers(pos)
        .unwrap_or_else(|e| panic!("{}: followers of {pos:?}: {e:?}", game.checked.name))
}

/// The P-positions heapgame finds among the canonical positions with every heap `<= max`.
fn p_positions(game: &Game, max: u32, heaps: usize) -> BTreeSet<Vec<u32>> {
    let mut solver = game.solver();
    box_positions(game.shape(), max, heaps)
        .into_iter()
        .filter(|p| is_p(game, &mut solver, p))
        .collect()
}

// =============================================================================================
// Fraenkel and Zusman, A New Heap Game
// =============================================================================================

/// Section 1, Example after Theorem 1: "For k = 4, [...] The first few P-positions are:"
/// P_0, ..., P_5 as printed.
const FZ_K4_P: [&[[u32; 4]]; 6] = [
    &[[0, 0, 0, 0]],
    &[[1, 1, 1, 2]],
    &[[3, 3, 3, 5], [3, 3, 4, 4]],
    &[[6, 6, 6, 9], [6, 6, 7, 8], [6, 7, 7, 7]],
    &[
        [10, 10, 10, 14],
        [10, 10, 11, 13],
        [10, 10, 12, 12],
        [10, 11, 11, 12],
    ],
    &[
        [15, 15, 15, 20],
        [15, 15, 16, 19],
        [15, 15, 17, 18],
        [15, 16, 16, 18],
        [15, 16, 17, 17],
    ],
];

/// T_n = n(n+1)/2.
fn triangular(n: u32) -> u32 {
    n * (n + 1) / 2
}

#[test]
fn fraenkel_zusman_k4_p0_to_p4_are_every_p_position_up_to_14() {
    // Every heap of P_0..P_4 is at most 14 < T_5 = 15 (Lemma 1), and no heap of P_5 is, so the
    // P-positions of the box [0, 14]^4 must be exactly P_0 ∪ ... ∪ P_4.
    let game = load("fraenkel-zusman/fraenkel-zusman.game", &[("k", "4")]);
    let want: BTreeSet<Vec<u32>> = FZ_K4_P[..5]
        .iter()
        .flat_map(|pn| pn.iter().map(|p| p.to_vec()))
        .collect();
    assert_eq!(
        p_positions(&game, 14, 4),
        want,
        "Fraenkel-Zusman k = 4: the P-positions with heaps <= 14 against the printed P_0..P_4"
    );
}

#[test]
fn fraenkel_zusman_k4_p5() {
    // P_5 as printed, and no other P-position whose smallest heap is T_5 = 15 and whose other
    // heaps are at most 20 (by Lemma 1 none is larger; the test looks a little beyond, to 21).
    let game = load("fraenkel-zusman/fraenkel-zusman.game", &[("k", "4")]);
    let mut solver = game.solver();
    let want: BTreeSet<Vec<u32>> = FZ_K4_P[5].iter().map(|p| p.to_vec()).collect();
    let mut got = BTreeSet::new();
    for b in 15..=21 {
        for c in b..=21 {
            for d in c..=21 {
                let p = [15, b, c, d];
                if is_p(&game, &mut solver, &p) {
                    got.insert(p.to_vec());
                }
            }
        }
    }
    assert_eq!(
        got, want,
        "Fraenkel-Zusman k = 4: P_5 against the printed P_5"
    );
}

#[test]
fn fraenkel_zusman_lemmas_1_and_2_and_the_count_of_p_n() {
    // On the P-positions heapgame computes for k = 3 (heaps <= 20 < T_6 = 21, so P_0..P_5
    // complete) and k = 4 (heaps <= 14, P_0..P_4):
    // Lemma 1: every part of a P_n position is at most T_{n+1} - 1 = T_n + n.
    // Lemma 2: every t in [T_n, T_{n+1}) is a component of some position of P_n, and of no P_m,
    //          m != n.
    // Section 3: |P_n| = p_{k-1}(n + k - 1), the number of partitions of n + k - 1 into k - 1
    //          positive parts.
    for (k, max, top_n) in [(3u32, 20u32, 5u32), (4, 14, 4)] {
        let game = load(
            "fraenkel-zusman/fraenkel-zusman.game",
            &[("k", &k.to_string())],
        );
        let ps = p_positions(&game, max, k as usize);
        for n in 0..=top_n {
            let pn: Vec<&Vec<u32>> = ps.iter().filter(|p| p[0] == triangular(n)).collect();
            for p in &pn {
                assert!(
                    p.iter().all(|&m| m < triangular(n + 1)),
                    "k = {k}: Lemma 1 fails for {p:?} in P_{n}"
                );
            }
            for t in triangular(n)..triangular(n + 1) {
                let in_n = pn.iter().any(|p| p.contains(&t));
                assert!(
                    in_n,
                    "k = {k}: Lemma 2: {t} is a component of no position of P_{n}"
                );
                let elsewhere = ps.iter().any(|p| p[0] != triangular(n) && p.contains(&t));
                assert!(
                    !elsewhere,
                    "k = {k}: Lemma 2: {t} is a component outside P_{n}"
                );
            }
            assert_eq!(
                pn.len() as u32,
                partitions_into(n + k - 1, k - 1),
                "k = {k}: |P_{n}| against p_{{k-1}}(n + k - 1)"
            );
        }
        // Nothing else: every P-position of the box has a triangular smallest heap T_n, n <= top_n.
        assert!(
            ps.iter()
                .all(|p| (0..=top_n).any(|n| p[0] == triangular(n))),
            "k = {k}: a P-position whose smallest heap is not T_0..T_{top_n}"
        );
    }
}

/// The number of partitions of `m` into exactly `parts` positive parts.
fn partitions_into(m: u32, parts: u32) -> u32 {
    fn go(m: u32, parts: u32, least: u32) -> u32 {
        if parts == 0 {
            return u32::from(m == 0);
        }
        (least..=m / parts)
            .map(|first| go(m - first, parts - 1, first))
            .sum()
    }
    go(m, parts, 1)
}

#[test]
fn fraenkel_zusman_special_cases_are_the_named_games() {
    // Section 4: "Clearly Wyt_1 is Wyt"; the nim-sum generalization: "the case k = 2 is Wyt";
    // Moore's Nim_k: "so Nim_1 is ordinary Nim". Compared follower by follower.
    let pairs: [(&str, Params, &str, usize, u32); 3] = [
        (
            "classic/d-wythoff.game",
            &[("d", "1")],
            "classic/wythoff.game",
            2,
            14,
        ),
        (
            "fraenkel-zusman/wythoff-xor.game",
            &[("k", "2")],
            "classic/wythoff.game",
            2,
            14,
        ),
        (
            "fraenkel-zusman/moore-nim.game",
            &[("l", "1")],
            "classic/nim.game",
            4,
            6,
        ),
    ];
    for (a, pa, b, heaps, max) in pairs {
        let (ga, gb) = (load(a, pa), load(b, &[]));
        for p in box_positions(ga.shape(), max, heaps) {
            assert_eq!(
                followers(&ga, &p),
                followers(&gb, &p),
                "{a} {pa:?} vs {b} at {p:?}"
            );
        }
    }
}

#[test]
fn wythoff_table_1() {
    // The P-positions of the bundled Wythoff game with heaps <= 26 are exactly the table's rows
    // (as sorted pairs): B_10 = 26, and the next row, (17, 28), leaves the box.
    let game = load("classic/wythoff.game", &[]);
    let got = p_positions(&game, 26, 2);
    let want: BTreeSet<Vec<u32>> = WYTHOFF_TABLE_1
        .iter()
        .map(|&(_, a, b)| vec![a, b])
        .collect();
    assert_eq!(
        got, want,
        "Wythoff: P-positions with heaps <= 26 against Table 1"
    );
    // The same through d-Wythoff with d = 1 ("Clearly Wyt_1 is Wyt").
    let wyt1 = load("classic/d-wythoff.game", &[("d", "1")]);
    assert_eq!(
        p_positions(&wyt1, 26, 2),
        want,
        "Wyt_1: P-positions against Table 1"
    );
}

#[test]
fn wythoff_mex_rule_and_golden_section() {
    // "A_n = mex{A_i, B_i : 0 <= i < n}, B_n = A_n + n", and "A_n = floor(n alpha),
    // B_n = floor(n beta)" with alpha the golden section: computed here (the floor in exact
    // integer arithmetic: floor(n phi) = floor((n + isqrt(5 n^2)) / 2)), against the
    // P-positions heapgame finds with heaps <= 120.
    let game = load("classic/wythoff.game", &[]);
    let got = p_positions(&game, 120, 2);
    let mut seen = BTreeSet::new();
    let mut want = BTreeSet::new();
    for n in 0u64.. {
        let a = (0u64..).find(|v| !seen.contains(v)).unwrap_or(0);
        let b = a + n;
        if b > 120 {
            break;
        }
        let floor_n_phi = (n + isqrt(5 * n * n)) / 2;
        assert_eq!(
            a, floor_n_phi,
            "Wythoff: the mex rule's A_{n} against floor(n alpha)"
        );
        assert_eq!(
            b,
            floor_n_phi + n,
            "Wythoff: B_{n} against floor(n beta) = A_n + n"
        );
        seen.insert(a);
        seen.insert(b);
        want.insert(vec![a as u32, b as u32]);
    }
    assert_eq!(
        got, want,
        "Wythoff: P-positions with heaps <= 120 against the mex rule"
    );
}

/// The integer square root.
fn isqrt(v: u64) -> u64 {
    let mut r = (v as f64).sqrt() as u64;
    while r * r > v {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= v {
        r += 1;
    }
    r
}

// =============================================================================================
// Fraenkel and Larsson, Take-away games on Beatty's Theorem
// =============================================================================================

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

// =============================================================================================
// Bhowmik, Brown, Juhn and Song, Investigations in Combinatorial Game Theory
// =============================================================================================

/// Which parity of b makes a position P, in the mod-4 table of ({1}, {2})_3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum When {
    BEven,
    BOdd,
    Never,
}

/// Section 2, the table before Theorem 5: for c < a + b, the position (a, b, c), a <= b <= c,
/// is reduced to (a, c - b) modulo 4; entry [a mod 4][(c - b) mod 4].
const BHOWMIK_MOD_4: [[When; 4]; 4] = {
    use When::{BEven as E, BOdd as O, Never as X};
    [
        // (0, 0) b even, (0, 1) b even, (0, 2) b even, (0, 3) b odd
        [E, E, E, O],
        // (1, 0) b even, (1, 1) never, (1, 2) b odd, (1, 3) never
        [E, X, O, X],
        // (2, 0) b even, (2, 1) b odd, (2, 2) b even, (2, 3) b even
        [E, O, E, E],
        // (3, 0) b odd, (3, 1) never, (3, 2) b even, (3, 3) never
        [O, X, E, X],
    ]
};

#[test]
fn bhowmik_mod_4_table_of_1_2_3() {
    // The bundled (S, T)_k with its defaults k = 3, S = {1}, T = {2}: every sorted position with
    // heaps <= 24 and c < a + b against the table; and Theorem 4 (c >= a + b: P iff a and b even).
    let game = load("bhowmik/st-game.game", &[]);
    let mut solver = game.solver();
    let mut n = 0;
    for p in box_positions(game.shape(), 24, 3) {
        let (a, b, c) = (p[0], p[1], p[2]);
        let want = if c < a + b {
            match BHOWMIK_MOD_4[(a % 4) as usize][((c - b) % 4) as usize] {
                When::BEven => b % 2 == 0,
                When::BOdd => b % 2 == 1,
                When::Never => false,
            }
        } else {
            a % 2 == 0 && b % 2 == 0
        };
        assert_eq!(
            is_p(&game, &mut solver, &p),
            want,
            "({{1}}, {{2}})_3: position {p:?} against the mod-4 table / Theorem 4"
        );
        n += 1;
    }
    assert_eq!(n, 2925, "positions checked");
}

/// Section 3: "the G-values of the subtraction game where S = {2, 3} are: pile size mod 5:
/// 0 1 2 3 4; G: 0 0 1 1 2".
const BHOWMIK_MOD_5: [u32; 5] = [0, 0, 1, 1, 2];

#[test]
fn bhowmik_mod_5_table_of_2_3() {
    // The one-pile Grundy values through the bundled subtraction game with S = {2, 3} ...
    let sub = load("classic/subtraction.game", &[("S", "{2, 3}")]);
    let mut solver = sub.solver();
    for h in 0..=40u32 {
        assert_eq!(
            grundy(&sub, &mut solver, &[h]),
            BHOWMIK_MOD_5[(h % 5) as usize],
            "subtraction game {{2, 3}}: Grundy value of a pile of {h}"
        );
    }
    // ... and "the P-positions of ({2, 3}, {1, 2})_3 are: all pile sizes 0, 1 (mod 5); all pile
    // sizes 2, 3 (mod 5); all pile sizes 4 (mod 5)", through the bundled (S, {1..k})_{k+1} with
    // its defaults S = {2, 3}, k = 2, and through (S, T)_k with S = {2, 3}, T = {1, 2}.
    let class = |h: u32| match h % 5 {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    };
    for (rel, params) in [
        ("bhowmik/not-all-piles.game", &[][..]),
        (
            "bhowmik/st-game.game",
            &[("S", "{2, 3}"), ("T", "{1, 2}")][..],
        ),
    ] {
        let game = load(rel, params);
        let mut solver = game.solver();
        for p in box_positions(game.shape(), 16, 3) {
            let want = class(p[0]) == class(p[1]) && class(p[1]) == class(p[2]);
            assert_eq!(
                is_p(&game, &mut solver, &p),
                want,
                "{rel} {params:?}: ({{2, 3}}, {{1, 2}})_3 position {p:?}"
            );
        }
    }
}

#[test]
fn bhowmik_finite_subtraction_sets_are_only_ultimately_periodic() {
    // Section 1: "Subtraction games with finite subtraction sets are periodic". Ultimately
    // periodic: with S = {2, 4, 7} the one-pile values (and the P-positions) repeat with period 3
    // from pile size 8 on, but not before (a pile of 1 is P, a pile of 4 is N).
    let game = load("classic/subtraction.game", &[("S", "{2, 4, 7}")]);
    let mut solver = game.solver();
    let g: Vec<u32> = (0..=60).map(|h| grundy(&game, &mut solver, &[h])).collect();
    assert!(
        (8..=57).all(|h| g[h] == g[h + 3]),
        "period 3 from 8 on: {g:?}"
    );
    assert_ne!(g[7], g[10], "not periodic from 7 on: {g:?}");
    assert_eq!(
        (g[1] == 0, g[4] == 0),
        (true, false),
        "P/N not purely periodic: {g:?}"
    );
}

#[test]
fn bhowmik_theorem_8_for_other_subtraction_sets() {
    // Theorem 8 on the bundled (S, {1..k})_{k+1}: P iff every pile has the same Grundy value in
    // the subtraction game S, the one-pile values computed here by the mex rule.
    for (s, k, max) in [
        (&[1u32][..], 1u32, 20u32),
        (&[1][..], 3, 8),
        (&[1, 3, 4][..], 2, 14),
        (&[2, 5][..], 2, 14),
        (&[1, 2, 3][..], 3, 9),
    ] {
        let set = format!(
            "{{{}}}",
            s.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        );
        let game = load(
            "bhowmik/not-all-piles.game",
            &[("S", &set), ("k", &k.to_string())],
        );
        let mut g: Vec<u32> = Vec::new();
        for h in 0..=max {
            let opts: BTreeSet<u32> = s
                .iter()
                .filter(|&&x| x <= h)
                .map(|&x| g[(h - x) as usize])
                .collect();
            g.push((0..).find(|v| !opts.contains(v)).unwrap_or(0));
        }
        let mut solver = game.solver();
        for p in box_positions(game.shape(), max, 0) {
            let want = p.iter().all(|&h| g[h as usize] == g[p[0] as usize]);
            assert_eq!(
                is_p(&game, &mut solver, &p),
                want,
                "({set}, {{1..{k}}})_{}: position {p:?} against Theorem 8",
                k + 1
            );
        }
    }
}

// =============================================================================================
// Propp, A New Take-Away Game
// =============================================================================================

/// Table 2: the positions 1 2 ... n, n = 1..12: the circled components and the type.
const PROPP_TABLE_2: [(&[u32], char); 12] = [
    (&[1], 'N'),
    (&[2], 'N'),
    (&[], 'P'),
    (&[1, 2], 'N'),
    (&[4, 5], 'N'),
    (&[], 'P'),
    (&[1, 2, 3, 4], 'N'),
    (&[6, 7, 8], 'N'),
    (&[], 'P'),
    (&[1, 2, 3, 4, 5, 6], 'N'),
    (&[8, 9, 10, 11], 'N'),
    (&[], 'P'),
];

/// The cookie game's follower after selecting the component at `i`: every other heap lowered
/// by one, empty heaps dropped, sorted (Propp, Section 1).
fn select(pos: &[u32], i: usize) -> Vec<u32> {
    let mut f: Vec<u32> = pos
        .iter()
        .enumerate()
        .filter(|&(j, &h)| j != i && h > 1)
        .map(|(_, &h)| h - 1)
        .collect();
    f.sort_unstable();
    f
}

/// The sizes of the winning components of `pos` according to heapgame: the components whose
/// selection gives one of heapgame's winning moves.
fn winning_sizes(game: &Game, solver: &mut Solver<'_, Generator>, pos: &[u32]) -> BTreeSet<u32> {
    let wins = winning_moves(game, solver, pos);
    (0..pos.len())
        .filter(|&i| wins.contains(&select(pos, i)))
        .map(|i| pos[i])
        .collect()
}

/// The sizes "lo-hi" (or "v", or "" for none) of a Table 3 entry.
fn entry_sizes(entry: &str) -> BTreeSet<u32> {
    if entry.is_empty() {
        return BTreeSet::new();
    }
    let (lo, hi) = entry.split_once('-').unwrap_or((entry, entry));
    let (lo, hi): (u32, u32) = (lo.parse().unwrap_or(0), hi.parse().unwrap_or(0));
    (lo..=hi).collect()
}

fn pn(p: bool) -> char {
    if p {
        'P'
    } else {
        'N'
    }
}

#[test]
fn propp_table_1() {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for (pos, circled, ty) in PROPP_TABLE_1 {
        assert_eq!(
            pn(is_p(&game, &mut solver, pos)),
            ty,
            "Table 1: type of {pos:?}"
        );
        assert_eq!(
            winning_sizes(&game, &mut solver, pos),
            circled.iter().copied().collect(),
            "Table 1: winning components of {pos:?}"
        );
    }
    // "the number of reduced positions with n components is C(2n, n)/(n + 1)": the table lists
    // 1 + 2 + 5 + 14 of them, and they are exactly the reduced positions with <= 4 components.
    let listed: BTreeSet<Vec<u32>> = PROPP_TABLE_1.iter().map(|(p, _, _)| p.to_vec()).collect();
    let all: BTreeSet<Vec<u32>> = (1..=4).flat_map(reduced_positions).collect();
    assert_eq!(
        listed, all,
        "Table 1 lists every reduced position with <= 4 components"
    );
}

#[test]
fn propp_table_2() {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for (i, (circled, ty)) in PROPP_TABLE_2.iter().enumerate() {
        let pos: Vec<u32> = (1..=i as u32 + 1).collect();
        assert_eq!(
            pn(is_p(&game, &mut solver, &pos)),
            *ty,
            "Table 2: type of 1..{}",
            i + 1
        );
        assert_eq!(
            winning_sizes(&game, &mut solver, &pos),
            circled.iter().copied().collect(),
            "Table 2: winning components of 1..{}",
            i + 1
        );
    }
}

/// Section 3's pattern for 1 2 ... n (n > 1): P for n = 0 (mod 3); winning components
/// 1..2(n-1)/3 for n = 1 (mod 3); 2(n+1)/3..n for n = 2 (mod 3).
fn propp_pattern_1_to_n(game: &Game, solver: &mut Solver<'_, Generator>, n: u32) {
    let pos: Vec<u32> = (1..=n).collect();
    let want: BTreeSet<u32> = match n % 3 {
        0 => BTreeSet::new(),
        1 => (1..=2 * (n - 1) / 3).collect(),
        _ => (2 * (n + 1) / 3..=n).collect(),
    };
    assert_eq!(
        pn(is_p(game, solver, &pos)),
        pn(n.is_multiple_of(3)),
        "pattern: type of 1..{n}"
    );
    assert_eq!(
        winning_sizes(game, solver, &pos),
        want,
        "pattern: winning components of 1..{n}"
    );
}

#[test]
fn propp_section_3_pattern_to_26() {
    // As far as Propp verified it ("This pattern has been verified up to n = 26").
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for n in 2..=26 {
        propp_pattern_1_to_n(&game, &mut solver, n);
    }
}

#[test]
fn propp_tables_3_and_4() {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for a in 1..=10u32 {
        for n in 1..=10u32 {
            let pos: Vec<u32> = (a..a + n).collect();
            let entry = PROPP_TABLE_3[a as usize - 1][n as usize - 1];
            assert_eq!(
                winning_sizes(&game, &mut solver, &pos),
                entry_sizes(entry),
                "Table 3: winning components of the AP-position a = {a}, n = {n}"
            );
            assert_eq!(
                pn(is_p(&game, &mut solver, &pos)),
                pn(entry.is_empty()),
                "Table 3: a blank entry is a P-position, a = {a}, n = {n}"
            );
            assert_eq!(
                grundy(&game, &mut solver, &pos),
                PROPP_TABLE_4[a as usize - 1][n as usize - 1],
                "Table 4: Grundy value of the AP-position a = {a}, n = {n}"
            );
        }
    }
}

/// Section 3's statements on AP-positions a, ..., a + n - 1 for a, n <= `top`:
/// - (proved there) for n <= 2a - 1 the type is P iff n is even;
/// - (observed, "checked as far as a = n = 20") for n >= 2a - 2 the Grundy value depends only on
///   a + n, periodically with period 6: 0, 1, 2, 0, 1, 3, ... (the 0 at a + n = 7, Table 4);
/// - (observed) the opening rule: if the largest component is 1 (mod 3) selecting the smallest,
///   and if it is 2 (mod 3) selecting the largest, wins whenever the position is N; if it is
///   0 (mod 3), "select indifferently": every component wins or none does.
fn propp_ap_statements(top: u32) {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for a in 1..=top {
        for n in 1..=top {
            if a == 1 && n == 1 {
                continue; // the "zeroeth" regime
            }
            let pos: Vec<u32> = (a..a + n).collect();
            let g = grundy(&game, &mut solver, &pos);
            if n < 2 * a {
                assert_eq!(g == 0, n % 2 == 0, "regime n <= 2a - 1: a = {a}, n = {n}");
            }
            if n + 2 >= 2 * a {
                let period = [0, 1, 2, 0, 1, 3];
                assert_eq!(
                    g,
                    period[((a + n - 1) % 6) as usize],
                    "regime n >= 2a - 2: Grundy value of a = {a}, n = {n}"
                );
            }
            let wins = winning_sizes(&game, &mut solver, &pos);
            let largest = a + n - 1;
            match largest % 3 {
                0 => assert!(
                    wins.is_empty() || wins.len() == n as usize,
                    "opening rule (select indifferently): a = {a}, n = {n}, wins {wins:?}"
                ),
                1 => assert!(
                    g == 0 || wins.contains(&a),
                    "opening rule (select the smallest): a = {a}, n = {n}, wins {wins:?}"
                ),
                _ => assert!(
                    g == 0 || wins.contains(&largest),
                    "opening rule (select the largest): a = {a}, n = {n}, wins {wins:?}"
                ),
            }
        }
    }
}

#[test]
fn propp_section_3_ap_positions_to_16() {
    propp_ap_statements(16);
}

#[test]
#[ignore = "as far as Propp checked (a = n = 20); run with --release -- --ignored"]
fn propp_section_3_ap_positions_to_20() {
    propp_ap_statements(20);
}

/// The surplus of a sorted proper position: the least s >= 0 with k - a_k <= s for all k.
fn surplus(pos: &[u32]) -> u32 {
    pos.iter()
        .enumerate()
        .map(|(i, &a)| (i as u32 + 1).saturating_sub(a))
        .max()
        .unwrap_or(0)
}

/// Propp's reduced form: drop empty heaps, delete the s smallest components (s the surplus),
/// then deplete every component above the number of heaps down to it.
fn reduce(pos: &[u32]) -> Vec<u32> {
    let mut p: Vec<u32> = pos.iter().copied().filter(|&h| h > 0).collect();
    p.sort_unstable();
    let s = surplus(&p) as usize;
    let rest = &p[s..];
    let n = rest.len() as u32;
    rest.iter().map(|&h| h.min(n)).collect()
}

/// Every reduced position with exactly n components: 1 <= a_k <= n and a_k >= k, sorted.
fn reduced_positions(n: u32) -> Vec<Vec<u32>> {
    fn go(n: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let k = cur.len() as u32;
        if k == n {
            out.push(cur.clone());
            return;
        }
        let from = cur.last().copied().unwrap_or(1).max(k + 1);
        for v in from..=n {
            cur.push(v);
            go(n, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// Strict (Section 4): proper, components distinct except those of size n (the number of heaps).
fn is_strict(pos: &[u32]) -> bool {
    let n = pos.len() as u32;
    pos.iter().all(|&h| h > 0) && pos.windows(2).all(|w| w[0] != w[1] || w[0] == n)
}

#[test]
fn propp_section_2_examples() {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    let same = |s: &mut Solver<'_, Generator>, g: &[u32], h: &[u32]| {
        assert_eq!(is_p(&game, s, g), is_p(&game, s, h), "{g:?} ~ {h:?}");
    };
    // (1) 1 5 6 7 ~ 1 4 4 4; (2) 1 1 2 ~ 1 2; and 1 2 4 is P ("from the initial position 1 2 4
    // the second player can win").
    same(&mut solver, &[1, 5, 6, 7], &[1, 4, 4, 4]);
    same(&mut solver, &[1, 1, 2], &[1, 2]);
    assert!(is_p(&game, &mut solver, &[1, 2, 4]), "1 2 4 has type P");
    // 1 2 3 3 6 ~ 1 2 3 3 5 (depletion) ~ 2 3 3 5 (surplus 1, deletion) ~ 2 3 3 4 (depletion).
    assert_eq!(surplus(&[1, 2, 3, 3, 5]), 1);
    assert_eq!(reduce(&[1, 2, 3, 3, 6]), vec![2, 3, 3, 4]);
    for g in [&[1, 2, 3, 3, 5][..], &[2, 3, 3, 5], &[2, 3, 3, 4]] {
        same(&mut solver, &[1, 2, 3, 3, 6], g);
    }
}

/// Every sorted proper position with at most `max_heaps` heaps, each at most `max`.
fn cookie_box(max_heaps: usize, max: u32) -> Vec<Vec<u32>> {
    let game = load("propp/cookie.game", &[]);
    box_positions(game.shape(), max, max_heaps)
}

#[test]
fn propp_depletion_and_deletion_theorems() {
    // DEPLETION: a component of size > n may be depleted to n. DELETION: if the surplus s > 0,
    // the components a_1..a_s may be deleted. Both on every proper position with <= 7 heaps,
    // heaps <= 9, and the reduced form of each such position has its type and is reduced.
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    for pos in cookie_box(7, 9) {
        let n = pos.len() as u32;
        let t = is_p(&game, &mut solver, &pos);
        let depleted: Vec<u32> = pos.iter().map(|&h| h.min(n)).collect();
        assert_eq!(
            is_p(&game, &mut solver, &depleted),
            t,
            "depletion: {pos:?} ~ {depleted:?}"
        );
        let s = surplus(&pos) as usize;
        if s > 0 {
            // "If a_k < k for some k, then the component a_1 may be deleted"
            assert_eq!(
                is_p(&game, &mut solver, &pos[1..]),
                t,
                "deletion of a_1: {pos:?}"
            );
            assert_eq!(
                is_p(&game, &mut solver, &pos[s..]),
                t,
                "deletion of a_1..a_{s}: {pos:?}"
            );
        }
        let r = reduce(&pos);
        let m = r.len() as u32;
        assert!(
            r.iter().enumerate().all(|(k, &a)| a > k as u32 && a <= m),
            "reduced form {r:?} of {pos:?} is not reduced"
        );
        assert_eq!(
            is_p(&game, &mut solver, &r),
            t,
            "{pos:?} ~ its reduced form {r:?}"
        );
        // "every position [converts] into a unique reduced form": depleting first, or reducing
        // again, gives the same one.
        assert_eq!(
            reduce(&depleted),
            r,
            "reduced form of {pos:?} after depletion"
        );
        assert_eq!(reduce(&r), r, "reduced form of the reduced form {r:?}");
    }
}

#[test]
fn propp_counts_of_reduced_and_strict_positions() {
    // Catalan: C(2n, n)/(n + 1) reduced positions with n components; 2^(n-1) strict ones.
    let mut catalan: u64 = 1;
    for n in 1..=10u64 {
        catalan = catalan * 2 * (2 * n - 1) / (n + 1);
        let all = reduced_positions(n as u32);
        assert_eq!(
            all.len() as u64,
            catalan,
            "reduced positions with {n} components"
        );
        let strict = all.iter().filter(|p| is_strict(p)).count();
        assert_eq!(
            strict,
            1 << (n - 1),
            "strict reduced positions with {n} components"
        );
    }
}

/// Section 4 on every reduced position with at most `top` components (the Grundy values of a
/// position and of its depleted form are equal: no heap above n can reach 0 within the at most
/// n moves left, so the two game trees are the same; hence "positions of size n" may be taken
/// reduced-or-depleted, and the depleted ones are every multiset of 1..n):
/// - the Grundy Value Conjecture: every strict position has Grundy value <= 3;
/// - the Winning Interval Conjecture: the winning components of a strict N-position are a
///   contiguous run a_i .. a_j;
/// - "Grundy value 4 first appears for positions of size n = 7" (checked when top >= 7), "and
///   Grundy value 5 first appears for positions of size n = 11" (checked when top >= 11);
/// - strict positions of Grundy value 3 start with 2 3 4 4.
fn propp_section_4(top: u32) {
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    let mut max_by_n = Vec::new();
    for n in 1..=top {
        for pos in reduced_positions(n) {
            if !is_strict(&pos) {
                continue;
            }
            let g = grundy(&game, &mut solver, &pos);
            assert!(
                g <= 3,
                "Grundy Value Conjecture: {pos:?} has Grundy value {g}"
            );
            if g > 0 {
                let wins = winning_moves(&game, &mut solver, &pos);
                let idx: Vec<usize> = (0..pos.len())
                    .filter(|&i| wins.contains(&select(&pos, i)))
                    .collect();
                let (lo, hi) = (idx[0], idx[idx.len() - 1]);
                assert_eq!(
                    idx,
                    (lo..=hi).collect::<Vec<_>>(),
                    "Winning Interval: {pos:?}"
                );
            }
        }
        // Every position of n components, depleted: every multiset of 1..n.
        let mut most = 0;
        for pos in box_positions(game.shape(), n, n as usize) {
            if pos.len() == n as usize {
                most = most.max(grundy(&game, &mut solver, &pos));
            }
        }
        max_by_n.push(most);
    }
    if top >= 11 {
        assert!(
            max_by_n[..10].iter().all(|&g| g < 5),
            "Grundy 5 before n = 11: {max_by_n:?}"
        );
        assert_eq!(
            max_by_n[10], 5,
            "Grundy value 5 first appears at n = 11: {max_by_n:?}"
        );
    }
    if top >= 7 {
        assert!(
            max_by_n[..6].iter().all(|&g| g < 4),
            "Grundy 4 before n = 7: {max_by_n:?}"
        );
        assert_eq!(
            max_by_n[6], 4,
            "Grundy value 4 first appears at n = 7: {max_by_n:?}"
        );
    }
    assert_eq!(
        grundy(&game, &mut solver, &[2, 3, 4, 4]),
        3,
        "2 3 4 4 has Grundy value 3"
    );
    for n in 1..=3 {
        for pos in reduced_positions(n).into_iter().filter(|p| is_strict(p)) {
            assert!(
                grundy(&game, &mut solver, &pos) < 3,
                "{pos:?} before 2 3 4 4"
            );
        }
    }
}

#[test]
fn propp_section_4_to_11() {
    propp_section_4(11);
}

#[test]
fn propp_1_2_2_3_6_6_counterexample() {
    // Section 4: "the position 1 2 2 3 6 6 does not have the winning interval property, since
    // its winning components are the 2's and the 6's". heapgame says only the 6's win: taking a 2
    // leaves 1 2 5 5, which depletes to 1 2 4 4, an N-position of Table 1 (winning component 2).
    let game = load("propp/cookie.game", &[]);
    let mut solver = game.solver();
    let pos = [1, 2, 2, 3, 6, 6];
    assert_eq!(winning_sizes(&game, &mut solver, &pos), BTreeSet::from([6]));
    assert_eq!(select(&pos, 1), vec![1, 2, 5, 5]);
    assert!(!is_p(&game, &mut solver, &[1, 2, 5, 5]));
    assert!(!is_p(&game, &mut solver, &[1, 2, 4, 4]));
    // The claim the example was meant to illustrate (non-strict positions can lack the winning
    // interval property) is still true: the smallest reduced example is 1 3 3 5 5, whose winning
    // components are the 1 and the 5's, not the 3's; and 2 3 3 6 6 (reduced form 2 3 3 5 5) has
    // winning components the 2 and the 6's.
    assert_eq!(
        winning_sizes(&game, &mut solver, &[1, 3, 3, 5, 5]),
        BTreeSet::from([1, 5])
    );
    assert_eq!(
        winning_sizes(&game, &mut solver, &[2, 3, 3, 6, 6]),
        BTreeSet::from([2, 6])
    );
    // And those are the first: among the reduced positions with at most 5 components, exactly
    // 1 3 3 5 5 and 2 3 3 5 5 have winning components that are not a contiguous run.
    let mut gaps = Vec::new();
    for n in 1..=5 {
        for pos in reduced_positions(n) {
            let wins = winning_moves(&game, &mut solver, &pos);
            let idx: Vec<usize> = (0..pos.len())
                .filter(|&i| wins.contains(&select(&pos, i)))
                .collect();
            if idx.len() > 1 && idx[idx.len() - 1] - idx[0] + 1 != idx.len() {
                gaps.push(pos);
            }
        }
    }
    assert_eq!(gaps, vec![vec![1, 3, 3, 5, 5], vec![2, 3, 3, 5, 5]]);
}

// =============================================================================================
// Abuku, Sakai, Shinoda and Suetsugu, Some extensions of Delete Nim
// =============================================================================================

#[test]
fn abuku_terminal_positions() {
    // Section 3.1: the terminal positions of ABO-delete Nim are those with 1 <= z_i <= n - 1.
    // Section 6.1: the only terminal position of Single-delete Nim is <1, ..., 1>.
    for n in 2..=4u32 {
        let abo = load("abuku/abo-delete.game", &[("n", &n.to_string())]);
        let single = load("abuku/single-delete.game", &[("n", &n.to_string())]);
        for (game, terminal) in [
            (
                &abo,
                Box::new(move |p: &[u32]| p.iter().all(|&z| z < n)) as Box<dyn Fn(&[u32]) -> bool>,
            ),
            (&single, Box::new(|p: &[u32]| p.iter().all(|&z| z == 1))),
        ] {
            for p in box_positions(game.shape(), 8, 0) {
                let fs = game
                    .followers(&p)
                    .unwrap_or_else(|e| panic!("followers of {p:?}: {e:?}"));
                assert_eq!(
                    fs.is_empty(),
                    terminal(&p),
                    "{} n = {n}: {p:?}",
                    game.checked.name
                );
            }
        }
    }
}

/// Parameter overrides, as `Game::load_file` takes them.
type Params<'a> = &'a [(&'a str, &'a str)];

#[test]
fn abuku_rule_identities() {
    // "VDN and Delete Nim are equivalent games": <x, y> of VDN is <x - 1, y - 1> of Delete Nim.
    // The n = 2 cases of ABO-, NMTH-, Half- and Single-delete Nim are VDN; NMTH-delete Nim with
    // n = 3 is Single-delete Nim with n = 3; (k-1)/k n-delete Nim is Half-delete Nim for k = 2
    // and ABO-delete Nim for k = n. Compared follower by follower.
    let vdn = load("abuku/vdn.game", &[]);
    let delete = load("abuku/delete-nim.game", &[]);
    for p in box_positions(vdn.shape(), 12, 0) {
        let shifted: Vec<u32> = p.iter().map(|&h| h - 1).collect();
        let mut via: Vec<Vec<u32>> = followers(&delete, &canon(&delete, &shifted))
            .into_iter()
            .map(|f| f.iter().map(|&h| h + 1).collect::<Vec<u32>>())
            .map(|f| canon(&vdn, &f))
            .collect();
        via.sort();
        via.dedup();
        assert_eq!(followers(&vdn, &p), via, "VDN vs Delete Nim at {p:?}");
    }
    let pairs: [(&str, Params, &str, Params); 7] = [
        (
            "abuku/abo-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/nmth-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/half-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/single-delete.game",
            &[("n", "2")],
            "abuku/vdn.game",
            &[],
        ),
        (
            "abuku/nmth-delete.game",
            &[("n", "3")],
            "abuku/single-delete.game",
            &[("n", "3")],
        ),
        (
            "abuku/k-delete.game",
            &[("k", "2"), ("n", "4")],
            "abuku/half-delete.game",
            &[("n", "4")],
        ),
        (
            "abuku/k-delete.game",
            &[("k", "3"), ("n", "3")],
            "abuku/abo-delete.game",
            &[("n", "3")],
        ),
    ];
    for (a, pa, b, pb) in pairs {
        let (ga, gb) = (load(a, pa), load(b, pb));
        for p in box_positions(ga.shape(), 9, 0) {
            assert_eq!(
                followers(&ga, &p),
                followers(&gb, &p),
                "{a} {pa:?} vs {b} {pb:?} at {p:?}"
            );
        }
    }
}

/// The 2-adic valuation of z > 0.
fn v2(z: u32) -> u32 {
    z.trailing_zeros()
}

/// Whether z is k-oddoid (Definition 5.4): z mod k(k-1) in 1..=k-1.
fn oddoid(z: u32, k: u32) -> bool {
    (1..k).contains(&(z % (k * (k - 1))))
}

/// Which sums up to `top` are sums of exactly `parts` members of `allowed` (repeats allowed).
fn sums_of(parts: u32, top: u32, allowed: &dyn Fn(u32) -> bool) -> Vec<bool> {
    let mut reach = vec![false; top as usize + 1];
    reach[0] = true;
    for _ in 0..parts {
        let mut next = vec![false; top as usize + 1];
        for (s, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
            for a in (1..=top - s as u32).filter(|&a| allowed(a)) {
                next[s + a as usize] = true;
            }
        }
        reach = next;
    }
    reach
}

#[test]
fn abuku_arithmetic_lemmas() {
    // The arithmetic the proofs rest on, checked directly (no game involved).
    // Proposition 4.3: x + y = z; (i) v2(x) = v2(y) gives v2(z) > v2(x); (ii) v2(x) != v2(y)
    // gives v2(z) = min(v2(x), v2(y)). Proposition 4.4: for k < v2(z), (z - 2^k, 2^k) splits z
    // into two parts of valuation k.
    for x in 1..=200u32 {
        for y in 1..=200u32 {
            let z = x + y;
            if v2(x) == v2(y) {
                assert!(v2(z) > v2(x), "Proposition 4.3 (i): {x} + {y}");
            } else {
                assert_eq!(v2(z), v2(x).min(v2(y)), "Proposition 4.3 (ii): {x} + {y}");
            }
        }
        for k in 0..v2(x) {
            let (a, b) = (x - (1 << k), 1u32 << k);
            assert!(v2(a) == k && v2(b) == k, "Proposition 4.4: {x}, k = {k}");
        }
    }
    // Lemma 5.5 for k = 2..5: (1) no k-oddoid number is a sum of k k-oddoid numbers; (2) every x
    // in k..=k(k-1) is a sum of k numbers in 1..=k-1; (3) every k-evenoid y < k^s is a sum of k
    // k-oddoid numbers below k^(s-1) (s = 1..4).
    for k in 2..=5u32 {
        let top = k.pow(4);
        let odd_sums = sums_of(k, top, &|a| oddoid(a, k));
        for x in (1..=top).filter(|&x| oddoid(x, k)) {
            assert!(!odd_sums[x as usize], "Lemma 5.5 (1): k = {k}, {x}");
        }
        let small = sums_of(k, k * (k - 1), &|a| a < k);
        for x in k..=k * (k - 1) {
            assert!(small[x as usize], "Lemma 5.5 (2): k = {k}, {x}");
        }
        for s in 1..=4 {
            let below = k.pow(s - 1);
            let sums = sums_of(k, k.pow(s), &|a| oddoid(a, k) && a < below);
            for y in (1..k.pow(s)).filter(|&y| !oddoid(y, k)) {
                assert!(sums[y as usize], "Lemma 5.5 (3): k = {k}, s = {s}, {y}");
            }
        }
    }
}
