//! Bhowmik, Brown, Juhn and Song, Investigations in Combinatorial Game Theory: the mod 4 and
//! mod 5 tables, periodicity, Theorem 8.

use super::*;

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
