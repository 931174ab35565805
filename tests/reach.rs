//! The constructs of issue 20 (amounts computed from the position, `add` and `move ... to`,
//! `positions where`, heaps in a row or a circle) and the classic games written with them,
//! each against a plain recursive mex over the game's rules as the literature states them
//! (written here, knowing nothing of heapgame), and against the published closed forms.

use crate::common;

use std::collections::{BTreeSet, HashMap};

use common::{load, tuples};
use heapgame::solver::Budget;
use heapgame::{Game, Outcome};

/// Grundy values by the definition over ordered positions: `moves` lists the followers.
struct Mex<F: Fn(&[u32]) -> Vec<Vec<u32>>> {
    moves: F,
    memo: HashMap<Vec<u32>, u32>,
}

impl<F: Fn(&[u32]) -> Vec<Vec<u32>>> Mex<F> {
    fn new(moves: F) -> Self {
        Mex {
            moves,
            memo: HashMap::new(),
        }
    }

    fn grundy(&mut self, pos: &[u32]) -> u32 {
        if let Some(&g) = self.memo.get(pos) {
            return g;
        }
        let fs = (self.moves)(pos);
        let vals: BTreeSet<u32> = fs.iter().map(|f| self.grundy(f)).collect();
        let g = (0..).find(|v| !vals.contains(v)).expect("a gap");
        self.memo.insert(pos.to_vec(), g);
        g
    }
}

/// heapgame's Grundy value and outcome of `pos` (given as heapgame lists it).
fn heapgame_grundy(game: &Game, pos: &[u32]) -> u32 {
    let c = game
        .canonical(&pos.iter().map(|&h| u64::from(h)).collect::<Vec<_>>())
        .expect("a position of the shape");
    assert_eq!(c, pos, "the canonical form of {pos:?}");
    let mut s = game.solver();
    let g = s.grundy(&c).unwrap_or_else(|e| panic!("{pos:?}: {e:?}"));
    let o = game
        .solver()
        .outcome(&c)
        .unwrap_or_else(|e| panic!("{pos:?}: {e:?}"));
    assert_eq!(o == Outcome::P, g == 0, "{pos:?}: outcome and Grundy value");
    g
}

/// Compares heapgame with the brute force on every position listed.
fn compare<F: Fn(&[u32]) -> Vec<Vec<u32>>>(
    label: &str,
    game: &Game,
    brute: &mut Mex<F>,
    positions: &[Vec<u32>],
) {
    assert!(!positions.is_empty(), "{label}: no positions");
    for p in positions {
        let got = heapgame_grundy(game, p);
        let want = brute.grundy(p);
        assert_eq!(got, want, "{label}: Grundy value of {p:?}");
    }
}

// ------------------------------------------------------------------------------- amounts

#[test]
fn mark_matches_its_definition_and_oeis() {
    // Mark: n -> n - 1 or n -> floor(n / 2) (n >= 1).
    let max = 3000usize;
    let mut g = vec![0u32];
    for n in 1..=max {
        let (a, b) = (g[n - 1], g[n / 2]);
        g.push((0..).find(|v| *v != a && *v != b).expect("a gap"));
    }
    let game = load("rulesets/classic/mark.game", &[]);
    let seq = heapgame::sequence::sequence(&game, max as u32, &Budget::default())
        .expect("Mark is a sum")
        .values;
    assert_eq!(seq, g);
    // OEIS A036554: numbers whose binary expansion ends in an odd number of 0s: the
    // P-positions other than 0.
    let a036554 = [
        2, 6, 8, 10, 14, 18, 22, 24, 26, 30, 32, 34, 38, 40, 42, 46, 50, 54, 56,
    ];
    let ps: Vec<usize> = (1..=56).filter(|&n| g[n] == 0).collect();
    assert_eq!(ps, a036554);
    // Two heaps: the XOR of the single values (by the sum theorem, through the generic search).
    let two = Game::from_source(
        "mark2.game",
        "ruleset \"m\" { heaps 2\n move { take 1 from one heap h where h >= 1 }\n \
         move { take h - h / 2 from one heap h where h >= 1 } }",
        &[],
    )
    .expect("loads");
    for a in 0..20u32 {
        for b in a..20 {
            assert_eq!(
                heapgame_grundy(&two, &[a, b]),
                g[a as usize] ^ g[b as usize],
                "({a}, {b})"
            );
        }
    }
}

#[test]
fn take_up_to_half_ranges_read_the_heap() {
    // "Take at most half": from n, take s with 1 <= s <= n / 2.
    let game = Game::from_source(
        "half.game",
        "ruleset \"h\" { heaps any\n move { take s in 1..h / 2 from one heap h } }",
        &[],
    )
    .expect("loads");
    let max = 500usize;
    let mut g = vec![0u32; max + 1];
    for n in 1..=max {
        let opts: BTreeSet<u32> = (1..=n / 2).map(|s| g[n - s]).collect();
        g[n] = (0..).find(|v| !opts.contains(v)).expect("a gap");
    }
    let seq = heapgame::sequence::sequence(&game, max as u32, &Budget::default())
        .expect("a sum")
        .values;
    assert_eq!(seq, g);
    // Known: the P-positions of "take at most half" are 2^k - 1.
    let ps: Vec<usize> = (0..=max).filter(|&n| g[n] == 0).collect();
    assert_eq!(ps, vec![0, 1, 3, 7, 15, 31, 63, 127, 255]);
}

#[test]
fn euclid_matches_its_definition_and_cole_davie() {
    let game = load("rulesets/classic/euclid.game", &[]);
    let mut brute = Mex::new(|p: &[u32]| {
        let (b, a) = (p[0], p[1]);
        let mut out = Vec::new();
        if b >= 1 {
            for m in 1..=a / b {
                let mut q = vec![b, a - m * b];
                q.sort_unstable();
                out.push(q);
            }
        }
        out
    });
    let positions: Vec<Vec<u32>> = (0..=40u32)
        .flat_map(|b| (b..=40).map(move |a| vec![b, a]))
        .collect();
    compare("euclid", &game, &mut brute, &positions);
    // Cole and Davie: P iff b = 0 or b < a < phi * b, i.e. a * a < (a + b) * b... checked with
    // exact integers: a < phi b  <=>  2a - b < sqrt(5) b  <=>  (2a - b)^2 < 5 b^2 (2a > b).
    for p in &positions {
        let (b, a) = (u64::from(p[0]), u64::from(p[1]));
        let closed = b == 0 || (b < a && (2 * a - b) * (2 * a - b) < 5 * b * b);
        assert_eq!(brute.grundy(p) == 0, closed, "{p:?}");
    }
}

#[test]
fn greedy_nim_matches_its_definition() {
    let game = load("rulesets/classic/greedy-nim.game", &[]);
    let mut brute = Mex::new(|p: &[u32]| {
        let top = p.iter().copied().max().unwrap_or(0);
        let i = p.iter().position(|&h| h == top);
        let mut out = Vec::new();
        if let Some(i) = i.filter(|_| top > 0) {
            for v in 0..top {
                let mut q: Vec<u32> = p.to_vec();
                q[i] = v;
                let mut q: Vec<u32> = q.into_iter().filter(|&h| h > 0).collect();
                q.sort_unstable();
                out.push(q);
            }
        }
        out
    });
    let mut positions = BTreeSet::new();
    for n in 0..=4 {
        for t in tuples(n, 7) {
            let mut q: Vec<u32> = t.into_iter().filter(|&h| h > 0).collect();
            q.sort_unstable();
            positions.insert(q);
        }
    }
    let positions: Vec<Vec<u32>> = positions.into_iter().collect();
    compare("greedy nim", &game, &mut brute, &positions);
    for p in &positions {
        let top = p.iter().copied().max().unwrap_or(0);
        let largest = p.iter().filter(|&&h| h == top).count();
        assert_eq!(brute.grundy(p) == 0, largest % 2 == 0, "{p:?}");
    }
}

#[test]
fn two_row_chomp_matches_its_definition() {
    let game = load("rulesets/classic/chomp-2row.game", &[]);
    // (top, bottom), top <= bottom, bottom >= 1; eat square (row, j) and everything above and
    // to the right; the poison (bottom, 0) is never eaten.
    let mut brute = Mex::new(|p: &[u32]| {
        let (t, b) = (p[0], p[1]);
        let mut out = Vec::new();
        for j in 0..t {
            out.push(vec![j, b]);
        }
        for j in 1..b {
            out.push(vec![t.min(j), j]);
        }
        out
    });
    let positions: Vec<Vec<u32>> = (1..=25u32)
        .flat_map(|b| (0..=b).map(move |t| vec![t, b]))
        .collect();
    compare("chomp", &game, &mut brute, &positions);
    for p in &positions {
        assert_eq!(brute.grundy(p) == 0, p[1] == p[0] + 1, "{p:?}");
    }
}

// ------------------------------------------------------------------ rows, circles, moves

#[test]
fn staircase_nim_matches_its_definition_and_sprague() {
    for k in 1..=4usize {
        let max = [0, 12, 9, 6, 4][k];
        let game = load(
            "rulesets/classic/staircase-nim.game",
            &[("k", &k.to_string())],
        );
        // Step i + 1 is p[i]; tokens go from step i + 1 to step i, or from step 1 away.
        let mut brute = Mex::new(|p: &[u32]| {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for a in 1..=p[i] {
                    let mut q = p.to_vec();
                    q[i] -= a;
                    if i > 0 {
                        q[i - 1] += a;
                    }
                    out.push(q);
                }
            }
            out
        });
        let positions = tuples(k, max);
        compare(&format!("staircase k = {k}"), &game, &mut brute, &positions);
        for p in &positions {
            let odd = p.iter().step_by(2).fold(0, |x, &h| x ^ h);
            assert_eq!(brute.grundy(p) == 0, odd == 0, "k = {k}, {p:?}");
        }
    }
}

#[test]
fn end_nim_matches_its_definition() {
    for n in 1..=5usize {
        let max = [0, 20, 12, 7, 5, 3][n];
        let game = load("rulesets/classic/end-nim.game", &[("n", &n.to_string())]);
        let mut brute = Mex::new(|p: &[u32]| {
            let mut out = Vec::new();
            let first = p.iter().position(|&h| h > 0);
            let last = p.iter().rposition(|&h| h > 0);
            for i in [first, last].into_iter().flatten() {
                for v in 0..p[i] {
                    let mut q = p.to_vec();
                    q[i] = v;
                    out.push(q);
                }
            }
            out
        });
        compare(
            &format!("end-nim n = {n}"),
            &game,
            &mut brute,
            &tuples(n, max),
        );
    }
}

#[test]
fn circular_nim_matches_its_definition() {
    for (n, k, max) in [
        (3, 1, 6),
        (3, 2, 5),
        (3, 3, 5),
        (4, 2, 4),
        (4, 3, 4),
        (5, 2, 2),
    ] {
        let game = load(
            "rulesets/classic/circular-nim.game",
            &[("n", &n.to_string()), ("k", &k.to_string())],
        );
        let mut brute = Mex::new(move |p: &[u32]| {
            let mut out = Vec::new();
            let starts = if k == n { 1 } else { n };
            for s in 0..starts {
                let idx: Vec<usize> = (0..k).map(|j| (s + j) % n).collect();
                let ranges: Vec<Vec<u32>> = idx.iter().map(|&i| (0..=p[i]).collect()).collect();
                let mut amts = vec![vec![]];
                for r in &ranges {
                    amts = amts
                        .into_iter()
                        .flat_map(|a: Vec<u32>| {
                            r.iter().map(move |&x| {
                                let mut b = a.clone();
                                b.push(x);
                                b
                            })
                        })
                        .collect();
                }
                for a in amts {
                    if a.iter().sum::<u32>() == 0 {
                        continue;
                    }
                    let mut q = p.to_vec();
                    for (&i, &x) in idx.iter().zip(&a) {
                        q[i] -= x;
                    }
                    out.push(q);
                }
            }
            out
        });
        compare(&format!("CN({n}, {k})"), &game, &mut brute, &tuples(n, max));
    }
}

#[test]
fn welter_counts_only_its_positions_and_matches_its_definition() {
    for k in 1..=4usize {
        let max = [0, 30, 20, 9, 7][k];
        let game = load("rulesets/classic/welter.game", &[("k", &k.to_string())]);
        let mut brute = Mex::new(|p: &[u32]| {
            let mut out = Vec::new();
            for i in 0..p.len() {
                for v in 0..p[i] {
                    if p.contains(&v) {
                        continue;
                    }
                    let mut q = p.to_vec();
                    q[i] = v;
                    q.sort_unstable();
                    out.push(q);
                }
            }
            out
        });
        let positions: Vec<Vec<u32>> = tuples(k, max)
            .into_iter()
            .filter(|p| p.windows(2).all(|w| w[0] < w[1]))
            .collect();
        compare(&format!("welter k = {k}"), &game, &mut brute, &positions);
        // Every follower heapgame lists is a position of the game.
        for p in &positions {
            for f in game.followers(p).expect("followers") {
                assert!(f.windows(2).all(|w| w[0] < w[1]), "{p:?} -> {f:?}");
            }
        }
        // Positions with two equal heaps are not positions of the game.
        if k >= 2 {
            assert!(!game.allows(&vec![0; k]));
            let words: Vec<String> = vec!["1".to_string(); k];
            let e = game.read_position(&words).expect_err("excluded");
            assert!(
                format!("{e:?}").contains("not a position of this game"),
                "{e:?}"
            );
        }
    }
    // Two coins: [a|b] = (a xor b) - 1 (ONAG ch. 13).
    let mut two = Mex::new(|p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..2 {
            for v in 0..p[i] {
                if v != p[1 - i] {
                    let mut q = vec![v, p[1 - i]];
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
        out
    });
    for a in 0..30u32 {
        for b in a + 1..30 {
            assert_eq!(two.grundy(&[a, b]), (a ^ b) - 1, "({a}, {b})");
        }
    }
}

#[test]
fn add_steps_never_wrap_and_loops_are_reported() {
    let grow = Game::from_source(
        "grow.game",
        "ruleset \"g\" { heaps 2 in a row\n move { take 2 from heap 1; add 1 to heap 2 } }",
        &[],
    )
    .expect("loads");
    // (4, 1) -> (2, 2) -> (0, 3).
    assert_eq!(grow.followers(&[4, 1]).unwrap(), vec![vec![2, 2]]);
    assert_eq!(heapgame_grundy(&grow, &[4, 1]), 0);
    // A heap at u32::MAX cannot gain: no follower.
    assert!(grow.followers(&[4, u32::MAX]).unwrap().is_empty());
    // Moving one token back and forth loops; the solver says so instead of answering.
    let loopy = Game::from_source(
        "loop.game",
        "ruleset \"l\" { heaps 2\n move { move 1 from one heap to the other heap } }",
        &[],
    )
    .expect("loads");
    let e = loopy.solver().grundy(&[1, 1]);
    assert!(e.is_err(), "a loop, not a value: {e:?}");
    assert!(!loopy.generator().strictly_decreasing());
    // Staircase Nim lowers sum(i * s_i): proven to end, found by heapgame.
    let stairs = load("rulesets/classic/staircase-nim.game", &[]);
    assert_eq!(
        stairs.generator().decreasing_weights(),
        Some(vec![1, 2, 3, 4])
    );
    assert!(stairs.generator().strictly_decreasing());
    // Carrying tokens the other way ends too, by the other weights.
    let up = Game::from_source(
        "up.game",
        "ruleset \"u\" { heaps 3 in a row\n move { take 1.. from heap 3 }\n \
         move for i in 1..2 { move 1.. from heap i to heap i + 1 } }",
        &[],
    )
    .expect("loads");
    assert_eq!(up.generator().decreasing_weights(), Some(vec![3, 2, 1]));
    // Back and forth between two places of a row: no weights.
    let both = Game::from_source(
        "both.game",
        "ruleset \"b\" { heaps 2 in a row\n move { move 1.. from heap 1 to heap 2 }\n \
         move { move 1.. from heap 2 to heap 1 } }",
        &[],
    )
    .expect("loads");
    assert_eq!(both.generator().decreasing_weights(), None);
    assert!(both.solver().grundy(&[1, 0]).is_err());
}
