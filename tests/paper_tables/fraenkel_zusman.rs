//! Fraenkel and Zusman, A New Heap Game: the P-positions for k = 4, the lemmas, the named
//! special cases, and Wythoff's Table 1 with its mex rule and golden section.

use super::*;

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
