//! `set SEL to E` and the neighbours of a heap (`the heaps next to h`, `one heap next to h`),
//! each against a plain recursive mex over the rules as stated here (written knowing nothing
//! of heapgame).

use crate::common;

use std::collections::{BTreeSet, HashMap};

use common::{tuples, wide};
use heapgame::Game;

fn load(src: &str) -> Game {
    Game::from_source("t.game", src, &[]).unwrap_or_else(|e| panic!("{src}: {e:?}"))
}

/// Grundy values by the definition; `moves` lists the followers (already canonical).
fn mex(
    pos: &[u32],
    moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    if let Some(&g) = memo.get(pos) {
        return g;
    }
    let vals: BTreeSet<u32> = moves(pos).iter().map(|q| mex(q, moves, memo)).collect();
    let g = (0..).find(|v| !vals.contains(v)).expect("a gap");
    memo.insert(pos.to_vec(), g);
    g
}

/// heapgame against the brute force on every position listed (canonical for the game).
fn compare(
    label: &str,
    game: &Game,
    moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
    positions: &[Vec<u32>],
) {
    assert!(!positions.is_empty());
    let mut memo = HashMap::new();
    for p in positions {
        let c = game.canonical(&wide(p)).expect("a position");
        assert_eq!(&c, p, "{label}: canonical form of {p:?}");
        let got = game
            .solver()
            .grundy(p)
            .unwrap_or_else(|e| panic!("{label} {p:?}: {e:?}"));
        assert_eq!(got, mex(p, moves, &mut memo), "{label}: {p:?}");
    }
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

#[test]
fn set_to_values_of_the_heap() {
    // Mark on two heaps, with `set`: a heap n becomes n - 1 or floor(n / 2) (not n itself).
    let game = load("ruleset \"m\" { heaps 2\n move { set one heap h to {h - 1, h / 2} } }");
    let moves = |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..2 {
            for v in [p[i].wrapping_sub(1), p[i] / 2] {
                if p[i] >= 1 && v != p[i] {
                    let mut q = p.to_vec();
                    q[i] = v;
                    out.push(sorted(q));
                }
            }
        }
        out
    };
    let positions: Vec<Vec<u32>> = tuples(2, 40).into_iter().filter(|p| p[0] <= p[1]).collect();
    compare("mark by set", &game, &moves, &positions);
}

#[test]
fn a_set_that_only_lowers_only_takes() {
    // Mark by `set` on any number of heaps: the sizes h - 1 and h / 2 are never above h, so
    // the ruleset only takes; it is a sum, and its sequence is Mark's, by the definition.
    let game = load("ruleset \"m\" { heaps any\n move { set one heap h to {h - 1, h / 2} } }");
    assert!(
        !game.generator().adds(),
        "a set that only lowers adds nothing"
    );
    let max = 2000usize;
    let mut want = vec![0u32; max + 1];
    for n in 1..=max {
        let opts = [want[n - 1], want[n / 2]];
        want[n] = (0..).find(|v| !opts.contains(v)).expect("a gap");
    }
    let s = heapgame::sequence::sequence(&game, max as u32, &heapgame::solver::Budget::default())
        .expect("a sum");
    assert_eq!(s.values, want);
    // Other forms the bounds show (a range below h, a constant 0, arithmetic with a
    // parameter), and sizes that can be above h (a heap of 0 becomes 2 by `(h + 5) mod 3`).
    for (value, expect_adds) in [
        ("0..h - 1", false),
        ("0", false),
        ("h - k", false),
        ("(h - 1) / 2 * 2", false),
        ("-(k - h)", false),
        ("(h + 5) mod 3", true),
        ("h / 2 + 1", true),
        ("h + 0 * k + 1", true),
        ("{h - 1, h + 1}", true),
    ] {
        let g = load(&format!(
            "ruleset \"s\" {{ let k = 2\n heaps any\n move {{ set one heap h to {value} }} }}"
        ));
        assert_eq!(
            g.generator().adds(),
            expect_adds,
            "set one heap h to {value}"
        );
    }
    // h / 2 + 1 raises a heap of 0 to 1 (and 1 stays 1): kept, and solved as written.
    let game = load("ruleset \"r\" { heaps 2\n move { set one heap h to h / 2 + 1 } }");
    let moves = |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..2 {
            let v = p[i] / 2 + 1;
            if v != p[i] {
                let mut q = p.to_vec();
                q[i] = v;
                out.push(sorted(q));
            }
        }
        out
    };
    let positions: Vec<Vec<u32>> = tuples(2, 12).into_iter().filter(|p| p[0] <= p[1]).collect();
    assert!(game.generator().adds());
    compare("h / 2 + 1", &game, &moves, &positions);
}

#[test]
fn set_can_raise_a_heap() {
    // Take from heap 1, and give heap 2 any size of 0..3, its own too (the take has changed
    // the position, so the move is a move).
    let game = load(
        "ruleset \"r\" { heaps 2 in a row\n move { take 1.. from heap 1; set heap 2 to 0..3 } }",
    );
    let moves = |p: &[u32]| {
        let mut out = Vec::new();
        for a in 0..p[0] {
            for v in 0..=3 {
                out.push(vec![a, v]);
            }
        }
        out
    };
    compare("set raises", &game, &moves, &tuples(2, 7));
    // A single size, computed from the position, with a condition: heap 2 becomes heap 1's
    // old size, when that is odd (it may be heap 2's own).
    let game = load(
        "ruleset \"c\" { heaps 2 in a row\n \
         move { take 1.. from heap 1; set heap 2 to heaps[0] where heaps[0] mod 2 == 1 } }",
    );
    let moves = |p: &[u32]| {
        let mut out = Vec::new();
        if p[0] % 2 == 1 {
            for a in 0..p[0] {
                out.push(vec![a, p[0]]);
            }
        }
        out
    };
    compare("set computed", &game, &moves, &tuples(2, 9));
}

/// The places next to `i` among `n` (in a circle, `n - 1` and `0` are neighbours).
fn neighbours(i: usize, n: usize, circle: bool) -> Vec<usize> {
    let mut v = Vec::new();
    if i > 0 {
        v.push(i - 1);
    } else if circle && n > 1 {
        v.push(n - 1);
    }
    if i + 1 < n {
        v.push(i + 1);
    } else if circle && n > 1 {
        v.push(0);
    }
    v.retain(|&j| j != i);
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn the_heaps_next_to_a_heap_in_a_row() {
    // Take from a heap, and any amounts (none too) from each of its neighbours.
    for n in 1..=4usize {
        let game = load(&format!(
            "ruleset \"r\" {{ heaps {n} in a row\n \
             move {{ take 1.. from one heap h; take 0.. from the heaps next to h }} }}"
        ));
        let moves = move |p: &[u32]| {
            let mut out = Vec::new();
            for i in 0..n {
                let near = neighbours(i, n, false);
                // A step on no heap is no move: a lone heap has no neighbours.
                if near.is_empty() {
                    continue;
                }
                for a in 0..p[i] {
                    let mut partial = vec![{
                        let mut q = p.to_vec();
                        q[i] = a;
                        q
                    }];
                    for &j in &near {
                        partial = partial
                            .into_iter()
                            .flat_map(|q| {
                                (0..=p[j]).map(move |b| {
                                    let mut r = q.clone();
                                    r[j] = b;
                                    r
                                })
                            })
                            .collect();
                    }
                    out.extend(partial);
                }
            }
            out
        };
        compare(
            &format!("next to, row of {n}"),
            &game,
            &moves,
            &tuples(n, [0, 9, 6, 4, 3][n]),
        );
    }
}

#[test]
fn one_heap_next_to_a_heap_in_a_circle() {
    // Take at least 2 from a heap and put one token on one of its neighbours.
    for n in 1..=4usize {
        let game = load(&format!(
            "ruleset \"c\" {{ heaps {n} in a circle\n \
             move {{ take 2.. from one heap h; add 1 to one heap next to h }} }}"
        ));
        let moves = move |p: &[u32]| {
            let mut out = Vec::new();
            for i in 0..n {
                for j in neighbours(i, n, true) {
                    for a in 0..=p[i].saturating_sub(2) {
                        if p[i] < 2 {
                            break;
                        }
                        let mut q = p.to_vec();
                        q[i] = a;
                        q[j] += 1;
                        out.push(q);
                    }
                }
            }
            out
        };
        compare(
            &format!("next to, circle of {n}"),
            &game,
            &moves,
            &tuples(n, [0, 9, 8, 5, 4][n]),
        );
    }
    // `set` on a neighbour: empty one neighbour of the heap taken from (one already empty
    // too: the take changes the position).
    let game = load(
        "ruleset \"s\" { heaps 4 in a circle\n \
         move { take 1.. from one heap h; set one heap next to h to 0 } }",
    );
    let moves = |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..4 {
            for j in neighbours(i, 4, true) {
                for a in 0..p[i] {
                    let mut q = p.to_vec();
                    q[i] = a;
                    q[j] = 0;
                    out.push(q);
                }
            }
        }
        out
    };
    compare("set next to", &game, &moves, &tuples(4, 4));
}
