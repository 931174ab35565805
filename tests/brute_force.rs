//! The bundled rulesets against independent brute forces.
//!
//! For each game, the moves are written here again, plainly, from the paper's definition (quoted
//! in each move function's doc comment), and the Grundy value comes from the definition
//! `g(p) = mex { g(q) : q a follower of p }` (see `common::Brute`). None of this uses heapgame.
//! heapgame is then asked, through its library API only, for the Grundy value (one solver) and
//! the P/N outcome (a second solver, in P/N mode) of every position in a small box, and for the
//! canonical form, the followers and the winning moves of positions; all must agree.
//!
//! Where a paper tabulates P-positions or Grundy values, the table is checked against the brute
//! force (which checks the brute force and our reading of the paper) and against heapgame.

use crate::common;

use std::collections::BTreeSet;

use common::tables::{
    FL_TABLE_1_A, FL_TABLE_1_B, PROPP_TABLE_1, PROPP_TABLE_3, PROPP_TABLE_4, WYTHOFF_TABLE_1,
};
use common::{
    canonical, compare_followers, compare_grundy_and_outcome, heapgame_p_positions, load,
    multisets, multisets_up_to, must, pn, tuples, tuples_up_to, Brute, Shape,
};

// =============================================================================================
// The games' moves, from the papers
// =============================================================================================

/// Nim, as in Bhowmik et al., "(Z+, {1})_k": "each turn consists of choosing t in T piles and
/// removing s in S tokens from each pile", with S the positive integers and T = {1}: take any
/// positive number of tokens from one heap.
fn nim_moves(pos: &[u32]) -> Vec<Vec<u32>> {
    subtraction_moves(pos, &|_| true)
}

/// A subtraction game "(S, {1})_k" (Bhowmik et al., Definition 3, and "Subtraction games are
/// (S, {1})_1"): choose one pile and remove s in S tokens from it.
fn subtraction_moves(pos: &[u32], in_s: &dyn Fn(u32) -> bool) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..pos.len() {
        for s in 1..=pos[i] {
            if in_s(s) {
                let mut f = pos.to_vec();
                f[i] -= s;
                out.push(f);
            }
        }
    }
    out
}

/// Wythoff's game (Fraenkel & Zusman, Section 4): "The moves are to either remove any positive
/// number of tokens from a single heap, or to remove the same positive number of tokens from
/// both heaps."
fn wythoff_moves(pos: &[u32]) -> Vec<Vec<u32>> {
    let (x, y) = (pos[0], pos[1]);
    let mut out = Vec::new();
    for t in 1..=x {
        out.push(vec![x - t, y]);
    }
    for t in 1..=y {
        out.push(vec![x, y - t]);
    }
    for t in 1..=x.min(y) {
        out.push(vec![x - t, y - t]);
    }
    out
}

/// Fraenkel & Zusman's game on k = pos.len() heaps: "(i) remove a positive number of tokens
/// from up to k-1 heaps, possibly k-1 entire heaps, or, (ii) remove the *same* positive number
/// of tokens from all the k heaps." The amounts in (i) are chosen independently.
fn fraenkel_zusman_moves(pos: &[u32]) -> Vec<Vec<u32>> {
    let k = pos.len();
    let mut out = Vec::new();
    // (i): every non-empty set of at most k-1 heaps, each lowered by its own positive amount.
    for mask in 1u32..(1 << k) {
        if mask.count_ones() as usize > k - 1 {
            continue;
        }
        let chosen: Vec<usize> = (0..k).filter(|&i| mask & (1 << i) != 0).collect();
        lower_each(pos, &chosen, &mut pos.to_vec(), &mut out);
    }
    // (ii): the same positive amount from all k heaps.
    let smallest = pos.iter().copied().min().unwrap_or(0);
    for t in 1..=smallest {
        out.push(pos.iter().map(|&h| h - t).collect());
    }
    out
}

/// Pushes every way of lowering each heap in `chosen` (indices into `orig`) by a positive amount.
fn lower_each(orig: &[u32], chosen: &[usize], cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    match chosen.split_first() {
        None => out.push(cur.clone()),
        Some((&i, rest)) => {
            for v in 0..orig[i] {
                cur[i] = v;
                lower_each(orig, rest, cur, out);
            }
            cur[i] = orig[i];
        }
    }
}

/// beta-Wynim (Fraenkel & Larsson, (G2)), d = floor(beta): "The moves are as in d-Wythoff,
/// subject to (I) and (II), except that if B ∩ {x, y} ≠ ∅, then only Nim-type moves (I) are
/// permitted", where
/// "(I) Nim type: (x, y) → (x − t, y), if x − t ≥ 0 and (x, y) → (x, y − t), if y − t ≥ 0; t > 0.
/// (II) Extended diagonal type: (x, y) → (x − s, y − t) if |t − s| < d and x − s ≥ 0,
/// y − t ≥ 0; s > 0, t > 0."
fn beta_wynim_moves(pos: &[u32], d: u32, in_b: &dyn Fn(u32) -> bool) -> Vec<Vec<u32>> {
    let (x, y) = (pos[0], pos[1]);
    let mut out = Vec::new();
    for t in 1..=x {
        out.push(vec![x - t, y]);
    }
    for t in 1..=y {
        out.push(vec![x, y - t]);
    }
    if !in_b(x) && !in_b(y) {
        for s in 1..=x {
            for t in 1..=y {
                if s.abs_diff(t) < d {
                    out.push(vec![x - s, y - t]);
                }
            }
        }
    }
    out
}

/// The cookie game (Propp): "On any given turn, a player removes *one* of the non-empty heaps
/// and diminishes all the others by 1 counter" ("A heap of size 0 represents a cookie whose time
/// has expired"; "one ignores 0-components, since they can never be selected").
fn cookie_moves(pos: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..pos.len() {
        if pos[i] == 0 {
            continue;
        }
        let rest: Vec<u32> = (0..pos.len())
            .filter(|&j| j != i)
            .map(|j| pos[j].saturating_sub(1))
            .collect();
        out.push(rest);
    }
    out
}

/// Delete Nim (Abuku et al., Definition 2.1): "There are 2 heaps of tokens. The player performs
/// the following two operations in succession on his/her turn. • Selects a non-empty heap and
/// deletes the other heap. • Removes 1 token from the selected heap and splits the heap into
/// two (possibly empty heaps)."
fn delete_nim_moves(pos: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for &selected in pos {
        if selected == 0 {
            continue;
        }
        let rest = selected - 1;
        for a in 0..=rest {
            out.push(vec![a, rest - a]);
        }
    }
    out
}

// =============================================================================================
// pi, from an embedded decimal expansion, in integer arithmetic
// =============================================================================================

/// pi to 20 decimals, times 10^20.
const PI_E20: u128 = 314_159_265_358_979_323_846;
/// 10^20.
const E20: u128 = 100_000_000_000_000_000_000;

/// floor(n * pi), exact for the small n used here.
fn floor_n_pi(n: u128) -> u32 {
    u32::try_from(n * PI_E20 / E20).unwrap()
}

/// floor(n * pi^), pi^ = pi / (pi - 1) the Beatty complement of pi, exact for small n.
fn floor_n_pi_hat(n: u128) -> u32 {
    u32::try_from(n * PI_E20 / (PI_E20 - E20)).unwrap()
}

/// Whether h is in B = { floor(n * pi) : n >= 1 }.
fn in_beatty_pi(h: u32) -> bool {
    (1..)
        .map(floor_n_pi)
        .take_while(|&b| b <= h)
        .any(|b| b == h)
}

// =============================================================================================
// 1. Nim
// =============================================================================================

fn nim_brute() -> Brute {
    Brute::new("Nim", Shape::Any, nim_moves)
}

#[test]
fn nim_brute_force_is_bouton() {
    // The brute force agrees with Bouton's theorem (Grundy value = nim-sum), as a self-check.
    let mut brute = nim_brute();
    for pos in tuples_up_to(3, 7) {
        let xor = pos.iter().fold(0, |a, &h| a ^ h);
        assert_eq!(brute.grundy(&pos), xor, "Nim brute force: position {pos:?}");
    }
}

#[test]
fn nim_grundy_and_outcome() {
    let game = load("rulesets/classic/nim.game", &[]);
    let n = compare_grundy_and_outcome("Nim", &game, &mut nim_brute(), &tuples_up_to(3, 7));
    println!("Nim: {n} positions (up to 3 heaps, heaps <= 7) agree");
}

#[test]
fn nim_followers() {
    let game = load("rulesets/classic/nim.game", &[]);
    let mut positions = tuples_up_to(2, 7);
    positions.extend([
        vec![3, 5],
        vec![5, 0, 3],
        vec![1, 2, 3],
        vec![2, 2, 7],
        vec![0, 0, 0],
    ]);
    compare_followers("Nim", &game, &mut nim_brute(), &positions);
}

// =============================================================================================
// 2. Wythoff
// =============================================================================================

fn wythoff_brute() -> Brute {
    Brute::new("Wythoff", Shape::Fixed, wythoff_moves)
}

/// The P-positions of the table that fit in the box [0, max]^2, as sorted pairs.
fn wythoff_table_p(max: u32) -> BTreeSet<Vec<u32>> {
    WYTHOFF_TABLE_1
        .iter()
        .filter(|&&(_, _, b)| b <= max)
        .map(|&(_, a, b)| vec![a, b])
        .collect()
}

#[test]
fn wythoff_brute_force_matches_table() {
    let mut brute = wythoff_brute();
    let p = brute.p_positions(&tuples(2, 20));
    assert_eq!(
        p,
        wythoff_table_p(20),
        "Wythoff brute force: P-positions with heaps <= 20"
    );
}

#[test]
fn wythoff_grundy_and_outcome() {
    let game = load("rulesets/classic/wythoff.game", &[]);
    let box_ = tuples(2, 20);
    let n = compare_grundy_and_outcome("Wythoff", &game, &mut wythoff_brute(), &box_);
    assert_eq!(
        heapgame_p_positions("Wythoff", &game, &box_),
        wythoff_table_p(20),
        "Wythoff: P-positions with heaps <= 20 against Fraenkel & Zusman's Table 1"
    );
    println!("Wythoff: {n} positions (heaps <= 20) agree");
}

#[test]
fn wythoff_followers() {
    let game = load("rulesets/classic/wythoff.game", &[]);
    let mut positions = tuples(2, 10);
    positions.extend([vec![2, 3], vec![3, 2], vec![20, 13]]);
    let mut brute = wythoff_brute();
    // The example in the brief, spelled out.
    let want: BTreeSet<Vec<u32>> = [[0, 3], [1, 3], [0, 2], [1, 2], [2, 2], [0, 1]]
        .iter()
        .map(|f| f.to_vec())
        .collect();
    assert_eq!(
        brute.followers(&[2, 3]),
        want,
        "Wythoff brute force: followers of (2, 3)"
    );
    compare_followers("Wythoff", &game, &mut brute, &positions);
}

// =============================================================================================
// 3. Subtraction games
// =============================================================================================

/// The subtraction sets tested, as Rust slices and as heapgame parameter text.
const SUBTRACTION_SETS: [(&[u32], &str); 2] = [(&[1, 3, 4], "{1,3,4}"), (&[2, 5], "{2, 5}")];

fn subtraction_brute(s: &'static [u32]) -> Brute {
    Brute::new(
        format!("Subtraction game S = {s:?}"),
        Shape::Any,
        move |pos| subtraction_moves(pos, &|t| s.contains(&t)),
    )
}

/// One heap and two heaps, each <= 25.
fn subtraction_box() -> Vec<Vec<u32>> {
    let mut positions = tuples(1, 25);
    positions.extend(tuples(2, 25));
    positions
}

#[test]
fn subtraction_brute_force_is_a_sum() {
    // Self-check: two heaps are the sum of two one-heap games (Sprague-Grundy).
    for (s, _) in SUBTRACTION_SETS {
        let mut brute = subtraction_brute(s);
        for pos in tuples(2, 25) {
            let sum = brute.grundy(&pos[..1]) ^ brute.grundy(&pos[1..]);
            assert_eq!(brute.grundy(&pos), sum, "{}: position {pos:?}", brute.name);
        }
    }
}

#[test]
fn subtraction_grundy_and_outcome() {
    for (s, text) in SUBTRACTION_SETS {
        let game = load("rulesets/classic/subtraction.game", &[("S", text)]);
        let mut brute = subtraction_brute(s);
        let label = brute.name.clone();
        let n = compare_grundy_and_outcome(&label, &game, &mut brute, &subtraction_box());
        println!("{label}: {n} positions (1 and 2 heaps <= 25) agree");
    }
}

#[test]
fn subtraction_followers() {
    for (s, text) in SUBTRACTION_SETS {
        let game = load("rulesets/classic/subtraction.game", &[("S", text)]);
        let mut brute = subtraction_brute(s);
        let label = brute.name.clone();
        let mut positions = tuples(1, 25);
        positions.extend(tuples(2, 8));
        positions.extend([vec![4, 5], vec![25, 3], vec![2, 0, 5]]);
        compare_followers(&label, &game, &mut brute, &positions);
    }
}

// =============================================================================================
// 4. Fraenkel & Zusman, k = 3
// =============================================================================================

fn fraenkel_zusman_brute() -> Brute {
    Brute::new("Fraenkel-Zusman k = 3", Shape::Fixed, fraenkel_zusman_moves)
}

/// Theorem 1: a sorted position (m_0, ..., m_{k-1}) is P iff m_0 = T_n for some n and
/// m_1 + ... + m_{k-1} = (k-1) T_n + n (T_n = n(n+1)/2).
fn fraenkel_zusman_theorem_p(sorted: &[u32]) -> bool {
    let k = sorted.len() as u32;
    let rest: u32 = sorted[1..].iter().sum();
    (0..)
        .map(|n| (n, n * (n + 1) / 2))
        .take_while(|&(_, t)| t <= sorted[0])
        .any(|(n, t)| t == sorted[0] && rest == (k - 1) * t + n)
}

#[test]
fn fraenkel_zusman_brute_force_matches_theorem_1() {
    let mut brute = fraenkel_zusman_brute();
    for pos in tuples(3, 6) {
        let c = brute.canon(&pos);
        assert_eq!(
            brute.is_p(&pos),
            fraenkel_zusman_theorem_p(&c),
            "Fraenkel-Zusman k = 3 brute force against Theorem 1: position {pos:?}"
        );
    }
}

#[test]
fn fraenkel_zusman_grundy_and_outcome() {
    let game = load(
        "rulesets/fraenkel-zusman/fraenkel-zusman.game",
        &[("k", "3")],
    );
    let box_ = tuples(3, 6);
    let label = "Fraenkel-Zusman k = 3";
    let n = compare_grundy_and_outcome(label, &game, &mut fraenkel_zusman_brute(), &box_);
    let theorem: BTreeSet<Vec<u32>> = multisets(3, 0, 6)
        .into_iter()
        .filter(|m| fraenkel_zusman_theorem_p(m))
        .collect();
    assert_eq!(
        heapgame_p_positions(label, &game, &box_),
        theorem,
        "{label}: P-positions with heaps <= 6 against Theorem 1"
    );
    println!("{label}: {n} positions (heaps <= 6) agree");
}

#[test]
fn fraenkel_zusman_followers() {
    let game = load(
        "rulesets/fraenkel-zusman/fraenkel-zusman.game",
        &[("k", "3")],
    );
    let mut positions = tuples(3, 4);
    positions.extend([vec![2, 3, 4], vec![6, 0, 5], vec![6, 6, 6]]);
    compare_followers(
        "Fraenkel-Zusman k = 3",
        &game,
        &mut fraenkel_zusman_brute(),
        &positions,
    );
}

// =============================================================================================
// 5. beta-Wynim, beta = pi
// =============================================================================================

fn pi_wynim_brute() -> Brute {
    let d = u32::try_from(PI_E20 / E20).unwrap(); // floor(pi) = 3
    Brute::new("pi-Wynim", Shape::Fixed, move |pos| {
        beta_wynim_moves(pos, d, &in_beatty_pi)
    })
}

/// The table's P-positions that fit in [0, max]^2, sorted.
fn pi_table_p(max: u32) -> BTreeSet<Vec<u32>> {
    (0..30)
        .filter(|&n| FL_TABLE_1_B[n] <= max)
        .map(|n| vec![FL_TABLE_1_A[n], FL_TABLE_1_B[n]])
        .collect()
}

#[test]
fn pi_wynim_table_is_beatty() {
    // The transcribed table is floor(n pi^), floor(n pi) (Theorem 1), from the decimal digits.
    for n in 0..30 {
        assert_eq!(
            FL_TABLE_1_A[n],
            floor_n_pi_hat(n as u128),
            "pi-Wynim Table 1: A_{n}"
        );
        assert_eq!(
            FL_TABLE_1_B[n],
            floor_n_pi(n as u128),
            "pi-Wynim Table 1: B_{n}"
        );
    }
    let b: Vec<u32> = (0..=30).filter(|&h| in_beatty_pi(h)).collect();
    assert_eq!(
        b,
        [3, 6, 9, 12, 15, 18, 21, 25, 28],
        "B = floor(n pi) up to 30"
    );
}

#[test]
fn pi_wynim_brute_force_matches_table() {
    let mut brute = pi_wynim_brute();
    let p = brute.p_positions(&tuples(2, 30));
    assert_eq!(
        p,
        pi_table_p(30),
        "pi-Wynim brute force: P-positions with heaps <= 30"
    );
    // The whole table, beyond the box (the brute force is cheap enough).
    for n in 0..30 {
        let (a, b) = (FL_TABLE_1_A[n], FL_TABLE_1_B[n]);
        assert!(
            brute.is_p(&[a, b]),
            "pi-Wynim brute force: Table 1, n = {n}: ({a}, {b})"
        );
    }
}

#[test]
fn pi_wynim_grundy_and_outcome() {
    let game = load("rulesets/fraenkel-larsson/beta-wynim.game", &[]);
    let box_ = tuples(2, 30);
    let n = compare_grundy_and_outcome(
        "pi-Wynim (default beta)",
        &game,
        &mut pi_wynim_brute(),
        &box_,
    );
    assert_eq!(
        heapgame_p_positions("pi-Wynim", &game, &box_),
        pi_table_p(30),
        "pi-Wynim: P-positions with heaps <= 30 against Fraenkel & Larsson's Table 1"
    );
    println!("pi-Wynim: {n} positions (heaps <= 30) agree");
}

#[test]
fn pi_wynim_explicit_parameter() {
    // The same game with `beta = pi` given explicitly, on P/N over the box.
    let game = load(
        "rulesets/fraenkel-larsson/beta-wynim.game",
        &[("beta", "pi")],
    );
    assert_eq!(
        heapgame_p_positions("pi-Wynim (beta = pi)", &game, &tuples(2, 30)),
        pi_table_p(30),
        "pi-Wynim with beta = pi given: P-positions with heaps <= 30 against Table 1"
    );
}

#[test]
fn pi_wynim_followers() {
    let game = load("rulesets/fraenkel-larsson/beta-wynim.game", &[]);
    let mut positions = tuples(2, 12);
    // (4, 5): no heap in B, diagonal moves allowed; (3, 5), (5, 6): a heap in B, Nim moves only.
    positions.extend([
        vec![4, 5],
        vec![3, 5],
        vec![6, 5],
        vec![30, 29],
        vec![25, 30],
    ]);
    let mut brute = pi_wynim_brute();
    assert_eq!(
        brute.followers(&[3, 5]).len(),
        3 + 5,
        "pi-Wynim brute force: (3, 5) Nim only"
    );
    compare_followers("pi-Wynim", &game, &mut brute, &positions);
}

// =============================================================================================
// 6. The cookie game
// =============================================================================================

fn cookie_brute() -> Brute {
    Brute::new("Cookie game", Shape::Any, cookie_moves)
}

/// The position 1 2 ... n.
fn staircase(n: u32) -> Vec<u32> {
    (1..=n).collect()
}

/// The follower of a position after selecting the component at `index`, canonical.
fn cookie_select(pos: &[u32], index: usize) -> Vec<u32> {
    let mut rest: Vec<u32> = pos
        .iter()
        .enumerate()
        .filter(|&(j, &h)| j != index && h > 1)
        .map(|(_, &h)| h - 1)
        .collect();
    rest.sort_unstable();
    rest
}

// Not checked: Section 4 says of 1 2 2 3 6 6 that "its winning components are the 2's and the
// 6's". By the definition (and by Table 1 with the depletion theorem) only the 6's win: taking a
// 2 leaves 1 2 5 5, which depletes to 1 2 4 4, an N-position in Table 1. The example seems to be
// a slip in the paper (or in its transcription), so it is left out.

/// The winning moves a list of winning component sizes stands for.
fn cookie_wins_from_sizes(pos: &[u32], sizes: &[u32]) -> BTreeSet<Vec<u32>> {
    (0..pos.len())
        .filter(|&i| sizes.contains(&pos[i]))
        .map(|i| cookie_select(pos, i))
        .collect()
}

/// Propp's Table 2: the winning components of 1 2 ... n (n = 1..12), as sizes; none for P.
fn propp_table_2(n: u32) -> Vec<u32> {
    match n {
        1 => vec![1],
        2 => vec![2],
        _ if n.is_multiple_of(3) => vec![],
        _ if n % 3 == 1 => (1..=2 * (n - 1) / 3).collect(),
        _ => (2 * (n + 1) / 3..=n).collect(),
    }
}

/// The sizes a Table 3 entry ("", "7", "4-8") stands for.
fn table_3_sizes(entry: &str) -> Vec<u32> {
    if entry.is_empty() {
        return vec![];
    }
    let (lo, hi) = entry.split_once('-').unwrap_or((entry, entry));
    (lo.parse().unwrap()..=hi.parse().unwrap()).collect()
}

/// The AP-position a, a+1, ..., a+n-1.
fn ap_position(a: u32, n: u32) -> Vec<u32> {
    (a..a + n).collect()
}

#[test]
fn cookie_brute_force_matches_propp_tables() {
    let mut brute = cookie_brute();
    for (pos, sizes, _) in PROPP_TABLE_1 {
        let want = cookie_wins_from_sizes(pos, sizes);
        assert_eq!(
            brute.winning_moves(pos),
            want,
            "Cookie brute force: Propp Table 1, {pos:?}"
        );
    }
    for n in 1..=12 {
        let pos = staircase(n);
        let want = cookie_wins_from_sizes(&pos, &propp_table_2(n));
        assert_eq!(
            brute.winning_moves(&pos),
            want,
            "Cookie brute force: Propp Table 2, n = {n}"
        );
        assert_eq!(
            brute.is_p(&pos),
            n % 3 == 0,
            "Cookie brute force: Propp Table 2, n = {n}"
        );
    }
    for a in 1..=10 {
        for n in 1..=10 {
            let pos = ap_position(a, n);
            let sizes = table_3_sizes(PROPP_TABLE_3[a as usize - 1][n as usize - 1]);
            assert_eq!(
                brute.winning_moves(&pos),
                cookie_wins_from_sizes(&pos, &sizes),
                "Cookie brute force: Propp Table 3, a = {a}, n = {n}: {pos:?}"
            );
            assert_eq!(
                brute.grundy(&pos),
                PROPP_TABLE_4[a as usize - 1][n as usize - 1],
                "Cookie brute force: Propp Table 4, a = {a}, n = {n}: {pos:?}"
            );
        }
    }
}

#[test]
fn cookie_grundy_and_outcome() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let box_ = multisets_up_to(5, 1, 6);
    let n = compare_grundy_and_outcome("Cookie game", &game, &mut cookie_brute(), &box_);
    println!("Cookie game: {n} positions (up to 5 heaps, heaps <= 6) agree");
}

#[test]
fn cookie_followers() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let mut positions = multisets_up_to(4, 1, 5);
    positions.extend([
        vec![1, 2, 4],
        vec![4, 0, 2, 1],
        vec![0, 0],
        vec![6, 6, 6, 6, 6],
        vec![1, 2, 2, 3, 6, 6],
    ]);
    let mut brute = cookie_brute();
    let want: BTreeSet<Vec<u32>> = [vec![1, 3], vec![3], vec![1]].into_iter().collect();
    assert_eq!(
        brute.followers(&[1, 2, 4]),
        want,
        "Cookie brute force: followers of 1 2 4"
    );
    compare_followers("Cookie game", &game, &mut brute, &positions);
}

#[test]
fn cookie_propp_table_1() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let mut solver = game.solver();
    for (pos, sizes, _) in PROPP_TABLE_1 {
        let c = canonical("Cookie game", &game, pos);
        let wins = must(solver.winning_moves(&c), || {
            format!("Cookie game: winning moves of {pos:?}")
        });
        let got: BTreeSet<Vec<u32>> = wins.into_iter().collect();
        assert_eq!(
            got,
            cookie_wins_from_sizes(pos, sizes),
            "Cookie game: winning moves of {pos:?} against Propp's Table 1"
        );
    }
}

/// Up to how many heaps Propp's Table 2 (1 2 ... n) is checked through heapgame.
const PROPP_TABLE_2_MAX_N: u32 = 12;

#[test]
fn cookie_propp_table_2() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let mut pn_solver = game.solver();
    let mut solver = game.solver();
    for n in 1..=PROPP_TABLE_2_MAX_N {
        let pos = staircase(n);
        let c = canonical("Cookie game", &game, &pos);
        let o = pn(must(pn_solver.outcome(&c), || {
            format!("Cookie game: outcome of 1..{n}")
        }));
        let want = if n % 3 == 0 { 'P' } else { 'N' };
        assert_eq!(o, want, "Cookie game: 1 2 ... {n} against Propp's Table 2");
        let wins = must(solver.winning_moves(&c), || {
            format!("Cookie game: winning moves of 1..{n}")
        });
        let got: BTreeSet<Vec<u32>> = wins.into_iter().collect();
        assert_eq!(
            got,
            cookie_wins_from_sizes(&pos, &propp_table_2(n)),
            "Cookie game: winning components of 1 2 ... {n} against Propp's Table 2"
        );
    }
}

#[test]
fn cookie_propp_tables_3_and_4() {
    let game = load("rulesets/propp/cookie.game", &[]);
    let mut solver = game.solver();
    for a in 1..=10u32 {
        for n in 1..=10u32 {
            let pos = ap_position(a, n);
            let c = canonical("Cookie game", &game, &pos);
            let wins = must(solver.winning_moves(&c), || {
                format!("Cookie game: winning moves of {pos:?}")
            });
            let got: BTreeSet<Vec<u32>> = wins.into_iter().collect();
            let sizes = table_3_sizes(PROPP_TABLE_3[a as usize - 1][n as usize - 1]);
            assert_eq!(
                got,
                cookie_wins_from_sizes(&pos, &sizes),
                "Cookie game: winning components of AP-position a = {a}, n = {n} against Propp's Table 3"
            );
            let g = must(solver.grundy(&c), || {
                format!("Cookie game: Grundy value of {pos:?}")
            });
            assert_eq!(
                g,
                PROPP_TABLE_4[a as usize - 1][n as usize - 1],
                "Cookie game: Grundy value of AP-position a = {a}, n = {n} against Propp's Table 4"
            );
        }
    }
}

// =============================================================================================
// 7. Delete Nim
// =============================================================================================

fn delete_nim_brute() -> Brute {
    Brute::new("Delete Nim", Shape::Fixed, delete_nim_moves)
}

/// Theorem 2.2: g(<x, y>) = v2((x OR y) + 1).
fn delete_nim_theorem(x: u32, y: u32) -> u32 {
    ((x | y) + 1).trailing_zeros()
}

#[test]
fn delete_nim_brute_force_matches_theorem_2_2() {
    let mut brute = delete_nim_brute();
    for pos in tuples(2, 20) {
        let (x, y) = (pos[0], pos[1]);
        assert_eq!(
            brute.grundy(&pos),
            delete_nim_theorem(x, y),
            "Delete Nim brute force against Theorem 2.2: position <{x}, {y}>"
        );
        assert_eq!(
            brute.is_p(&pos),
            x % 2 == 0 && y % 2 == 0,
            "Delete Nim brute force: P iff both heaps even, <{x}, {y}>"
        );
    }
}

#[test]
fn delete_nim_grundy_and_outcome() {
    let game = load("rulesets/abuku/delete-nim.game", &[]);
    let box_ = tuples(2, 20);
    let n = compare_grundy_and_outcome("Delete Nim", &game, &mut delete_nim_brute(), &box_);
    println!("Delete Nim: {n} positions (heaps <= 20) agree");
}

#[test]
fn delete_nim_followers() {
    let game = load("rulesets/abuku/delete-nim.game", &[]);
    let mut positions = tuples(2, 12);
    positions.extend([vec![3, 4], vec![4, 3], vec![20, 0], vec![0, 20]]);
    let mut brute = delete_nim_brute();
    let want: BTreeSet<Vec<u32>> = [[0, 2], [1, 1], [0, 3], [1, 2]]
        .iter()
        .map(|f| f.to_vec())
        .collect();
    assert_eq!(
        brute.followers(&[3, 4]),
        want,
        "Delete Nim brute force: followers of <3, 4>"
    );
    compare_followers("Delete Nim", &game, &mut brute, &positions);
}

// =============================================================================================
// The built-in formulas against the brute forces
// =============================================================================================

/// Each built-in formula (a closed form from a paper, written in Rust in `src/formulas/`)
/// agrees with the brute force of its game: P-positions, and Grundy values where the formula
/// gives them. Neither side uses heapgame's solver.
#[test]
fn formulas_agree_with_the_brute_forces() {
    use heapgame::formulas::build;
    use heapgame::ruleset::value::{SetValue, Value};

    let int = Value::Int;
    let set = |v: &[i64]| Value::Set(SetValue::ints(v.to_vec()));
    type Case = (Brute, &'static str, Vec<Value>, Vec<Vec<u32>>);
    let cases: Vec<Case> = vec![
        (nim_brute(), "nim", vec![], multisets_up_to(3, 1, 9)),
        (
            subtraction_brute(&[1, 3, 4]),
            "subtraction",
            vec![set(&[1, 3, 4])],
            multisets_up_to(3, 1, 12),
        ),
        (
            subtraction_brute(&[2, 5]),
            "subtraction",
            vec![set(&[2, 5])],
            multisets_up_to(2, 1, 20),
        ),
        (wythoff_brute(), "wythoff", vec![], multisets(2, 0, 40)),
        (
            fraenkel_zusman_brute(),
            "fraenkel_zusman",
            vec![int(3)],
            multisets(3, 0, 12),
        ),
        (
            pi_wynim_brute(),
            "beatty",
            vec![Value::Real(heapgame::numbers::Real::pi())],
            multisets(2, 0, 40),
        ),
        (
            cookie_brute(),
            "propp_cookie",
            vec![],
            multisets_up_to(6, 1, 8),
        ),
        (
            delete_nim_brute(),
            "delete_nim",
            vec![],
            multisets(2, 0, 30),
        ),
    ];
    for (mut brute, name, args, positions) in cases {
        let f = build(name, &args).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut compared = 0;
        for p in &positions {
            let pos = brute.canon(p);
            let g = brute.grundy(&pos);
            let says = f
                .form
                .is_p(&pos)
                .unwrap_or_else(|e| panic!("{name} {pos:?}: {e}"));
            assert_eq!(
                says,
                Some(g == 0),
                "{name} at {pos:?}: brute force grundy {g}"
            );
            if f.def.grundy {
                let fg = f
                    .form
                    .grundy(&pos)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(fg, Some(g), "{name} Grundy value at {pos:?}");
            }
            compared += 1;
        }
        assert!(compared > 50, "{name}: only {compared} positions");
    }
}
