//! Treblecross and Northcott's game, bundled in `rulesets/classic/`, against brute forces of
//! their boards written here (knowing nothing of heapgame): Treblecross by the real rule (three
//! X in a row wins, a full board without three is a draw) and by the mex of the squares still
//! safe; Northcott's game by retrograde analysis of the real game, where each player moves
//! only their own counters, forward and back; and Welter's game for three coins by its mex.

use crate::common;

use std::collections::{BTreeSet, HashMap};

use common::{load, mex, wide};
use heapgame::solver::Budget;
use heapgame::Game;

/// heapgame's Grundy value of a position given as the game's file lists it.
fn grundy(game: &Game, pos: &[u32]) -> u32 {
    let c = game.canonical(&wide(pos)).expect("a position of the shape");
    game.solver()
        .grundy(&c)
        .unwrap_or_else(|e| panic!("{pos:?}: {e:?}"))
}

// --------------------------------------------------------------------------------- treblecross

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Real {
    Win,
    Lose,
    Draw,
}

/// The real game on a strip of `n` squares (bit i set: an X on square i), for the player to
/// move: a move puts an X on an empty square; three X in a row win; a full board is a draw.
fn real(n: u32, board: u32, memo: &mut HashMap<u32, Real>) -> Real {
    if let Some(&r) = memo.get(&board) {
        return r;
    }
    let three = |b: u32| (0..n.saturating_sub(2)).any(|i| (b >> i) & 7 == 7);
    let empty: Vec<u32> = (0..n).filter(|&i| board & (1 << i) == 0).collect();
    let r = if empty.iter().any(|&i| three(board | (1 << i))) {
        Real::Win
    } else if empty.is_empty() {
        Real::Draw
    } else {
        let next: Vec<Real> = empty
            .iter()
            .map(|&i| real(n, board | (1 << i), memo))
            .collect();
        if next.contains(&Real::Lose) {
            Real::Win
        } else if next.contains(&Real::Draw) {
            Real::Draw
        } else {
            Real::Lose
        }
    };
    memo.insert(board, r);
    r
}

/// The squares at least three away from every X.
fn safe(n: u32, board: u32) -> Vec<u32> {
    (0..n)
        .filter(|&i| (0..n).all(|j| board & (1 << j) == 0 || i.abs_diff(j) >= 3))
        .collect()
}

/// The Grundy value of the game "put an X on a safe square; no safe square: you lose".
fn safe_mex(n: u32, board: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&g) = memo.get(&board) {
        return g;
    }
    let vals: BTreeSet<u32> = safe(n, board)
        .into_iter()
        .map(|i| safe_mex(n, board | (1 << i), memo))
        .collect();
    let g = mex(&vals);
    memo.insert(board, g);
    g
}

/// The heaps of a board whose X are pairwise at least three apart, as the file's comment
/// says: an empty strip of n is n + 2; a gap of g between two X is g - 2; g squares between
/// an X and an end are g.
fn heaps_of(n: u32, board: u32) -> Vec<u32> {
    let xs: Vec<u32> = (0..n).filter(|&i| board & (1 << i) != 0).collect();
    let Some((&first, &last)) = xs.first().zip(xs.last()) else {
        return vec![n + 2];
    };
    let mut heaps = vec![first, n - 1 - last];
    heaps.extend(xs.windows(2).map(|w| w[1] - w[0] - 1 - 2));
    heaps
}

#[test]
fn treblecross_is_the_board_game() {
    let game = load("rulesets/classic/treblecross.game", &[]);
    let mut checked = 0;
    for n in 3..=14u32 {
        let (mut real_memo, mut mex_memo) = (HashMap::new(), HashMap::new());
        for board in 0..1u32 << n {
            // The positions of play: X pairwise at least three apart.
            let xs: Vec<u32> = (0..n).filter(|&i| board & (1 << i) != 0).collect();
            if xs.windows(2).any(|w| w[1] - w[0] < 3) {
                continue;
            }
            let heaps = heaps_of(n, board);
            let g = grundy(&game, &heaps);
            assert_eq!(
                g,
                safe_mex(n, board, &mut mex_memo),
                "n = {n}, board {board:b}"
            );
            let r = real(n, board, &mut real_memo);
            assert_ne!(r, Real::Draw, "n = {n}, board {board:b}");
            assert_eq!(
                r == Real::Win,
                g != 0,
                "n = {n}, board {board:b}: {heaps:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 800, "{checked} boards");
}

#[test]
fn treblecross_sequence_is_octal_0_007() {
    // 0.007 by its definition: take 3 tokens, leaving no heap, one heap or two.
    let max = 400usize;
    let mut g = vec![0u32; max + 1];
    for n in 3..=max {
        let rest = n - 3;
        let vals: BTreeSet<u32> = (0..=rest / 2).map(|a| g[a] ^ g[rest - a]).collect();
        g[n] = mex(&vals);
    }
    // The first values as CGSuite gives them (TakeAndBreak("0.007"), heaps 0..25); OEIS
    // A395248 is this sequence.
    let published = [
        0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2, 2, 2, 4, 4, 0, 5,
    ];
    assert_eq!(g[..published.len()], published);
    let game = load("rulesets/classic/treblecross.game", &[]);
    let seq = heapgame::sequence::sequence(&game, max as u32, &Budget::default())
        .expect("a sum")
        .values;
    assert_eq!(seq, g);
}

// ------------------------------------------------------------------------------ northcott

/// Positions of `r` rows of `w` squares: (white, black) squares per row, white left of black.
fn northcott_positions(r: usize, w: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    for _ in 0..r {
        out = out
            .into_iter()
            .flat_map(|p| {
                (1..=w).flat_map(move |x| {
                    let p = p.clone();
                    (x + 1..=w).map(move |y| {
                        let mut q = p.clone();
                        q.extend([x, y]);
                        q
                    })
                })
            })
            .collect();
    }
    out
}

/// The real game's moves for one player: white (0) slides a white counter, black (1) a black
/// one, to any square of its row, forward or back, neither onto nor past the other counter.
fn northcott_moves(pos: &[u32], w: u32, colour: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for row in 0..pos.len() / 2 {
        let (x, y) = (pos[2 * row], pos[2 * row + 1]);
        let squares = if colour == 0 { 1..y } else { x + 1..w + 1 };
        for s in squares.filter(|&s| s != pos[2 * row + colour]) {
            let mut q = pos.to_vec();
            q[2 * row + colour] = s;
            out.push(q);
        }
    }
    out
}

/// Win (`Some(true)`), loss (`Some(false)`) or draw (`None`) for the player to move in the
/// real game, by retrograde analysis over every position and both players to move.
fn northcott_real(r: usize, w: u32) -> HashMap<(Vec<u32>, usize), Option<bool>> {
    let all = northcott_positions(r, w);
    let mut label: HashMap<(Vec<u32>, usize), Option<bool>> = HashMap::new();
    for p in &all {
        for c in 0..2 {
            label.insert((p.clone(), c), None);
        }
    }
    loop {
        let mut changed = false;
        for p in &all {
            for c in 0..2 {
                if label[&(p.clone(), c)].is_some() {
                    continue;
                }
                let next: Vec<Option<bool>> = northcott_moves(p, w, c)
                    .into_iter()
                    .map(|q| label[&(q, 1 - c)])
                    .collect();
                let new = if next.contains(&Some(false)) {
                    Some(true)
                } else if next.iter().all(|l| *l == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if new.is_some() {
                    label.insert((p.clone(), c), new);
                    changed = true;
                }
            }
        }
        if !changed {
            return label;
        }
    }
}

#[test]
fn northcott_is_nim_on_the_gaps() {
    for (r, w) in [(1usize, 9u32), (2, 6), (3, 4)] {
        let game = load(
            "rulesets/classic/northcott.game",
            &[("r", &r.to_string()), ("w", &w.to_string())],
        );
        let xor_gaps = |p: &[u32]| p.chunks(2).fold(0, |a, c| a ^ (c[1] - c[0] - 1));
        // The file's game (counters slide toward each other) by its mex.
        let mut memo: HashMap<Vec<u32>, u32> = HashMap::new();
        let positions = northcott_positions(r, w);
        // In order of the total gap, so that every follower is known.
        let mut by_gap = positions.clone();
        by_gap.sort_by_key(|p| p.chunks(2).map(|c| c[1] - c[0]).sum::<u32>());
        for p in &by_gap {
            let mut vals = BTreeSet::new();
            for row in 0..r {
                for d in 1..p[2 * row + 1] - p[2 * row] {
                    for side in 0..2 {
                        let mut q = p.clone();
                        if side == 0 {
                            q[2 * row] += d;
                        } else {
                            q[2 * row + 1] -= d;
                        }
                        vals.insert(memo[&q]);
                    }
                }
            }
            memo.insert(p.clone(), mex(&vals));
        }
        let real = northcott_real(r, w);
        for p in &positions {
            assert_eq!(grundy(&game, p), memo[p], "r = {r}, w = {w}: {p:?}");
            assert_eq!(memo[p], xor_gaps(p), "{p:?}");
            // The real game: whoever is to move loses exactly when the gaps XOR to 0.
            for c in 0..2 {
                let l = real[&(p.clone(), c)];
                assert_eq!(
                    l,
                    Some(xor_gaps(p) != 0),
                    "r = {r}, w = {w}: {p:?}, {c} to move"
                );
            }
        }
    }
}

// --------------------------------------------------------------------------------- welter

/// Welter's game by its definition: coins on squares 0, 1, 2, ... (sorted, pairwise
/// different); a coin slides to any lower empty square.
fn welter(pos: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(pos) {
        return g;
    }
    let mut vals = BTreeSet::new();
    for i in 0..pos.len() {
        for v in (0..pos[i]).filter(|v| !pos.contains(v)) {
            let mut q = pos.to_vec();
            q[i] = v;
            q.sort_unstable();
            vals.insert(welter(&q, memo));
        }
    }
    let g = mex(&vals);
    memo.insert(pos.to_vec(), g);
    g
}

#[test]
fn welter_claims_for_three_and_four_coins() {
    let mut memo = HashMap::new();
    let game = load("rulesets/classic/welter.game", &[]);
    let mut solver = game.solver();
    let max = 22u32;
    for c in 2..=max {
        for b in 1..c {
            for a in 0..b {
                let p = [a, b, c];
                let g = welter(&p, &mut memo);
                assert_eq!(solver.grundy(&p).expect("solves"), g, "{p:?}");
                // Three coins: P iff (a + 1) ^ (b + 1) ^ (c + 1) == 0.
                assert_eq!(g == 0, (a + 1) ^ (b + 1) ^ (c + 1) == 0, "{p:?}");
                // A coin on square 0: [0|b|c] = [b-1|c-1] = ((b - 1) ^ (c - 1)) - 1.
                if a == 0 {
                    assert_eq!(g, ((b - 1) ^ (c - 1)) - 1, "{p:?}");
                }
            }
        }
    }
    // Four coins: P iff the squares XOR to 0.
    for d in 3..12u32 {
        for c in 2..d {
            for b in 1..c {
                for a in 0..b {
                    let p = [a, b, c, d];
                    assert_eq!(welter(&p, &mut memo) == 0, a ^ b ^ c ^ d == 0, "{p:?}");
                }
            }
        }
    }
}

#[test]
fn plot_draws_no_excluded_cell() {
    use heapgame::plot::{self, Body, PlotRequest, EXCLUDED};
    let game = load("rulesets/classic/welter.game", &[("k", "2")]);
    let mut memo = HashMap::new();
    for grundy_shade in [false, true] {
        let req = PlotRequest {
            max: 20,
            grundy: grundy_shade,
            ..PlotRequest::default()
        };
        let plan = plot::build::plan(&game, &req).expect("a plan");
        let fig = plot::build(&game, &req, &plan, &Budget::default(), &|_| None)
            .unwrap_or_else(|_| panic!("a figure"));
        let Body::Grid(g) = &fig.body else {
            panic!("a grid")
        };
        let panel = &g.panels[0];
        for y in 0..=20u32 {
            for x in 0..=20u32 {
                let v = panel.values[g.index(x, y)];
                if x == y {
                    // Two coins on one square: not a position, never drawn.
                    assert_eq!(v, EXCLUDED, "({x}, {y})");
                    continue;
                }
                let want = welter(&[x.min(y), x.max(y)], &mut memo);
                let want = if grundy_shade {
                    want
                } else {
                    u32::from(want != 0)
                };
                assert_eq!(v, want, "({x}, {y})");
            }
        }
        // The SVG draws a mark for each P cell, none on the diagonal.
        if !grundy_shade {
            let svg = plot::render(&fig, plot::ImageFormat::Svg)
                .map(|r| String::from_utf8(r.bytes).expect("utf-8"))
                .expect("an SVG");
            let p_cells = (0..=20u32)
                .flat_map(|y| (0..=20u32).map(move |x| (x, y)))
                .filter(|&(x, y)| x != y && (x ^ y) == 1)
                .count();
            // One more circle: the legend's P mark.
            assert_eq!(svg.matches("<circle").count(), p_cells + 1, "P marks");
        }
    }
}
