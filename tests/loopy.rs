//! Smith's generalised Sprague-Grundy values of loopy games against a plain retrograde
//! labelling written here: on small graphs with cycles (fixed and random), the outcome (win,
//! loss, draw) of every position of the graph and of its sum with a nim heap *n, solved
//! directly as one game, must be the one Smith's value predicts (G + *n is P exactly when
//! G's value is n; N when G's value is finite and not n, or infinite with n in its K; a draw
//! otherwise). Sums of two loopy games are checked against the sum solved as one game.

use heapgame::moves::Followers;
use heapgame::solver::loopy::{smith_values, solve_loopy, LoopyOutcome, LoopyValue};
use heapgame::solver::{Budget, GameRules};

/// Win/loss/draw of every vertex by plain retrograde analysis: a vertex with no move is lost
/// for the player to move; a vertex with a move to a lost vertex is won; a vertex whose every
/// move goes to a won vertex is lost; whatever is never settled is a draw.
fn retrograde(succ: &[Vec<usize>]) -> Vec<LoopyOutcome> {
    let n = succ.len();
    let mut out: Vec<Option<LoopyOutcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if out[u].is_some() {
                continue;
            }
            if succ[u].iter().any(|&v| out[v] == Some(LoopyOutcome::P)) {
                out[u] = Some(LoopyOutcome::N);
                changed = true;
            } else if succ[u].iter().all(|&v| out[v] == Some(LoopyOutcome::N)) {
                out[u] = Some(LoopyOutcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter()
        .map(|o| o.unwrap_or(LoopyOutcome::D))
        .collect()
}

/// The sum of two graphs, as one graph: vertex (a, b) is a * |h| + b.
fn sum_graph(g: &[Vec<usize>], h: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let m = h.len();
    let mut s = vec![Vec::new(); g.len() * m];
    for (a, ga) in g.iter().enumerate() {
        for (b, hb) in h.iter().enumerate() {
            let u = a * m + b;
            for &a2 in ga {
                s[u].push(a2 * m + b);
            }
            for &b2 in hb {
                s[u].push(a * m + b2);
            }
        }
    }
    s
}

/// A nim heap *k as a graph: vertex i is *i, with moves to every smaller heap.
fn nim_heap(k: usize) -> Vec<Vec<usize>> {
    (0..=k).map(|i| (0..i).collect()).collect()
}

fn values(succ: &[Vec<usize>]) -> Vec<LoopyValue> {
    let s: Vec<Vec<u32>> = succ
        .iter()
        .map(|fs| {
            let mut v: Vec<u32> = fs.iter().map(|&x| x as u32).collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    smith_values(&s)
}

/// What Smith's value says of G + *n.
fn predicted(v: &LoopyValue, n: u32) -> LoopyOutcome {
    match v {
        LoopyValue::Finite(g) if *g == n => LoopyOutcome::P,
        LoopyValue::Finite(_) => LoopyOutcome::N,
        LoopyValue::Infinite(k) if k.contains(&n) => LoopyOutcome::N,
        LoopyValue::Infinite(_) => LoopyOutcome::D,
    }
}

/// Checks every vertex of `g` against the retrograde labelling of G + *n for n up to
/// `extra` past the largest finite value.
fn check_graph(g: &[Vec<usize>], label: &str) -> Vec<LoopyValue> {
    let vs = values(g);
    let direct = retrograde(g);
    for (u, v) in vs.iter().enumerate() {
        assert_eq!(v.outcome(), direct[u], "{label}: vertex {u} valued {v}");
    }
    let top = vs
        .iter()
        .map(|v| match v {
            LoopyValue::Finite(x) => *x,
            LoopyValue::Infinite(k) => k.iter().copied().max().unwrap_or(0),
        })
        .max()
        .unwrap_or(0) as usize
        + 2;
    let heap = nim_heap(top);
    let sum = retrograde(&sum_graph(g, &heap));
    for (u, v) in vs.iter().enumerate() {
        for n in 0..=top {
            assert_eq!(
                sum[u * heap.len() + n],
                predicted(v, n as u32),
                "{label}: vertex {u} valued {v}, plus *{n}"
            );
        }
    }
    vs
}

#[test]
fn small_graphs_with_loops() {
    // 0 -> 0: a position that can only pass forever: a draw, infinity with K empty.
    let vs = check_graph(&[vec![0]], "self-loop");
    assert_eq!(vs[0], LoopyValue::Infinite(vec![]));
    // A terminal position 0; 1 -> {0, 1}: 1 can win at once (N), but it can also pass, so
    // beside *1 it draws: infinity_{0}, not 1.
    let vs = check_graph(&[vec![], vec![0, 1]], "pass or win");
    assert_eq!(vs[1], LoopyValue::Infinite(vec![0]));
    assert_eq!(vs[1].outcome(), LoopyOutcome::N);
    // 1 <-> 2, 2 -> 0 (terminal): 2 wins by moving to 0; 1 must move to 2: 1 is P.
    let vs = check_graph(&[vec![], vec![2], vec![0, 1]], "two-cycle with an exit");
    assert_eq!(vs[1], LoopyValue::Finite(0));
    assert_eq!(vs[2], LoopyValue::Finite(1));
    // A 3-cycle 1 -> 2 -> 3 -> 1 with an exit from 3 to the terminal 0: 3 wins by the exit,
    // 2 must move to 3 (P), 1 moves to 2; the cycle is never followed: all values finite.
    let g = vec![vec![], vec![2], vec![3], vec![1, 0], vec![0], vec![1, 4]];
    let vs = check_graph(&g, "three-cycle");
    let finite: Vec<LoopyValue> = [0, 1, 0, 2, 1, 0].map(LoopyValue::Finite).to_vec();
    assert_eq!(vs, finite);
}

/// A small deterministic generator (SplitMix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_graph(rng: &mut Rng, n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|_| {
            let d = rng.below(4) as usize;
            (0..d).map(|_| rng.below(n as u64) as usize).collect()
        })
        .collect()
}

#[test]
fn random_graphs_against_the_retrograde_labelling() {
    let mut rng = Rng(22);
    let mut seen = [0usize; 3];
    for case in 0..300 {
        let n = 1 + rng.below(9) as usize;
        let g = random_graph(&mut rng, n);
        let vs = check_graph(&g, &format!("case {case}: {g:?}"));
        for v in &vs {
            seen[match v.outcome() {
                LoopyOutcome::P => 0,
                LoopyOutcome::N => 1,
                LoopyOutcome::D => 2,
            }] += 1;
        }
    }
    // Every outcome occurs, so the comparison could fail each way.
    assert!(seen.iter().all(|&k| k > 20), "{seen:?}");
}

#[test]
fn sums_follow_smiths_rules() {
    let mut rng = Rng(2026);
    let mut both_infinite = 0;
    for case in 0..150 {
        let (ng, nh) = (1 + rng.below(6) as usize, 1 + rng.below(6) as usize);
        let g = random_graph(&mut rng, ng);
        let h = random_graph(&mut rng, nh);
        let (vg, vh) = (values(&g), values(&h));
        let s = sum_graph(&g, &h);
        let vs = values(&s);
        let direct = retrograde(&s);
        for (a, va) in vg.iter().enumerate() {
            for (b, vb) in vh.iter().enumerate() {
                let u = a * h.len() + b;
                assert_eq!(vs[u].outcome(), direct[u], "case {case}");
                match va.sum(vb) {
                    Some(v) => assert_eq!(vs[u], v, "case {case}: {va} + {vb}"),
                    None => {
                        // Two infinite values: the sum is a draw.
                        assert_eq!(direct[u], LoopyOutcome::D, "case {case}");
                        both_infinite += 1;
                    }
                }
            }
        }
    }
    assert!(both_infinite > 0);
}

/// A game given by its graph, through the solver's interface: positions are `[vertex]`.
struct GraphGame(Vec<Vec<usize>>);

impl GameRules for GraphGame {
    type Scratch = ();
    type Error = ();
    fn followers(&self, pos: &[u32], _: &mut (), out: &mut Followers) -> Result<(), ()> {
        out.clear();
        for &v in &self.0[pos[0] as usize] {
            out.push(&[v as u32]);
        }
        Ok(())
    }
}

#[test]
fn the_region_solver_takes_any_game() {
    let g = vec![
        vec![],
        vec![2],
        vec![3],
        vec![1, 0],
        vec![0],
        vec![1, 4],
        vec![6, 5],
    ];
    let want = values(&g);
    for root in 0..g.len() {
        let sol =
            solve_loopy(&GraphGame(g.clone()), &[root as u32], &Budget::default()).expect("solved");
        assert_eq!(sol.root(), &want[root], "root {root}");
        // Winning moves go to P-positions; from a draw, the moves keep the draw.
        for m in sol.good_moves(0) {
            let o = want[m[0] as usize].outcome();
            match want[root].outcome() {
                LoopyOutcome::N => assert_eq!(o, LoopyOutcome::P),
                LoopyOutcome::D => assert_eq!(o, LoopyOutcome::D),
                LoopyOutcome::P => panic!("no good move from a P-position"),
            }
        }
    }
    // The region limit stops a region too large.
    let big: Vec<Vec<usize>> = (0..100).map(|i| vec![(i + 1) % 100]).collect();
    let err = solve_loopy(&GraphGame(big), &[0], &Budget::with_limit(Some(10)));
    assert!(err.is_err());
}
