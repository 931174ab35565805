//! Propp, A New Take-Away Game: Tables 1 to 4, the patterns and AP-positions of Section 3,
//! the examples, reductions and counts of Sections 2 and 4, the 1 2 2 3 6 6 counterexample.

use super::*;

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
