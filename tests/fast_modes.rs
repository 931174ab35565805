//! The fast solve modes (`solve_box`: disjunctive sums, dense table) against the generic
//! position-by-position search and against plain brute forces, on small boxes of the bundled
//! rulesets and of a few inline ones.

use crate::common;

use std::collections::HashMap;

use common::load;
use heapgame::solver::{solve_box, BoxSpec, Budget, ModeUsed, Want};
use heapgame::{Game, Outcome};

/// A ruleset file, its parameters, a box (largest heap, heaps) and the mode expected.
type BoxCase = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u32,
    usize,
    ModeUsed,
);
/// A ruleset file, its parameters and a box.
type ParCase = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u32,
    usize,
);

/// Solves the box both ways (Grundy and P/N) and compares every position with a fresh generic
/// solver. Returns the mode used.
fn agree_with_generic(label: &str, game: &Game, max: u32, heaps: usize) -> ModeUsed {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
    let g = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default())
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    let o = solve_box(game.generator(), &spec, Want::Outcome, &Budget::default())
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(g.mode, o.mode);
    // The search itself, without the sum oracle that `Game::solver` adds for sums.
    let mut generic = heapgame::Solver::new(game.generator());
    let mut pn = heapgame::Solver::new(game.generator());
    let mut pos = Vec::new();
    assert!(!spec.is_empty());
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let want = generic.grundy(&pos).expect("generic solver");
        assert_eq!(g.values[r], want, "{label}: Grundy value of {pos:?}");
        assert_eq!(g.grundy(&pos), Some(want));
        let want_o = pn.outcome(&pos).expect("generic solver");
        assert_eq!(o.outcome(&pos), Some(want_o), "{label}: outcome of {pos:?}");
        assert_eq!(want_o == Outcome::P, want == 0);
    }
    g.mode
}

#[test]
fn bundled_rulesets_agree_with_the_generic_search() {
    let cases: &[BoxCase] = &[
        ("rulesets/classic/nim.game", &[], 7, 3, ModeUsed::Sum),
        (
            "rulesets/classic/subtraction.game",
            &[],
            12,
            3,
            ModeUsed::Sum,
        ),
        ("rulesets/classic/wythoff.game", &[], 20, 2, ModeUsed::Table),
        (
            "rulesets/classic/d-wythoff.game",
            &[],
            12,
            2,
            ModeUsed::Table,
        ),
        (
            "rulesets/fraenkel-zusman/fraenkel-zusman.game",
            &[("k", "3")],
            7,
            3,
            ModeUsed::Table,
        ),
        (
            "rulesets/fraenkel-zusman/moore-nim.game",
            &[("l", "2")],
            5,
            4,
            ModeUsed::Table,
        ),
        (
            "rulesets/fraenkel-zusman/wythoff-xor.game",
            &[],
            10,
            2,
            ModeUsed::Table,
        ),
        ("rulesets/propp/cookie.game", &[], 5, 5, ModeUsed::Table),
        (
            "rulesets/abuku/single-delete.game",
            &[("n", "4")],
            9,
            4,
            ModeUsed::Table,
        ),
        (
            "rulesets/abuku/half-delete.game",
            &[("n", "4")],
            9,
            4,
            ModeUsed::Table,
        ),
        (
            "rulesets/abuku/delete-nim.game",
            &[],
            12,
            2,
            ModeUsed::Table,
        ),
        (
            "rulesets/fraenkel-larsson/beta-t-wynim.game",
            &[],
            14,
            2,
            ModeUsed::Table,
        ),
    ];
    for (file, params, max, heaps, mode) in cases {
        let game = load(file, params);
        let used = agree_with_generic(file, &game, *max, *heaps);
        assert_eq!(used, *mode, "{file}: mode");
    }
}

/// Grundy values of single heaps by a brute force that knows only the rules: `moves(n)` lists
/// the multisets of heaps one move leaves from a single heap of `n`.
fn heap_values(max: u32, moves: impl Fn(u32) -> Vec<Vec<u32>>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let mut seen = std::collections::HashSet::new();
        for f in moves(n) {
            seen.insert(f.iter().fold(0, |x, &h| x ^ g[h as usize]));
        }
        g.push((0..).find(|v| !seen.contains(v)).expect("a free value"));
    }
    g
}

/// A memoized brute force over whole positions (no sum theory): `moves` lists followers.
fn brute(
    pos: &[u32],
    moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    let mut p: Vec<u32> = pos.iter().copied().filter(|&h| h > 0).collect();
    p.sort_unstable();
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let vals: std::collections::HashSet<u32> =
        moves(&p).iter().map(|f| brute(f, moves, memo)).collect();
    let v = (0..).find(|x| !vals.contains(x)).expect("a free value");
    memo.insert(p, v);
    v
}

#[test]
fn take_and_break_sum_agrees_with_brute_forces() {
    // Take 1 from a heap, or split a heap into two non-empty heaps.
    let text = "ruleset \"TB\" { heaps any move { take 1 from one heap } move { split one heap into 2 parts } }";
    let game = Game::from_source("tb", text, &[]).expect("valid");
    let spec = BoxSpec::new(game.shape(), 9, 3).expect("small");
    let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
    assert_eq!(t.mode, ModeUsed::Sum);
    let moves = |p: &[u32]| -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            let mut q = p.to_vec();
            q[i] -= 1;
            out.push(q);
            for a in 1..p[i] {
                let mut q = p.to_vec();
                q[i] = a;
                q.push(p[i] - a);
                out.push(q);
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let seq = heap_values(9, |n| if n == 0 { Vec::new() } else { moves(&[n]) });
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let want = brute(&pos, &moves, &mut memo);
        assert_eq!(t.values[r], want, "take-and-break at {pos:?}");
        assert_eq!(want, pos.iter().fold(0, |x, &h| x ^ seq[h as usize]));
    }
    agree_with_generic("take-and-break", &game, 8, 3);
}

#[test]
fn subtraction_sum_agrees_with_brute_force() {
    let game = load("rulesets/classic/subtraction.game", &[("S", "{2, 5}")]);
    let spec = BoxSpec::new(game.shape(), 15, 3).expect("small");
    let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
    assert_eq!(t.mode, ModeUsed::Sum);
    let moves = |p: &[u32]| -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for s in [2, 5] {
                if p[i] >= s {
                    let mut q = p.to_vec();
                    q[i] -= s;
                    out.push(q);
                }
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        assert_eq!(
            t.values[r],
            brute(&pos, &moves, &mut memo),
            "subtraction {{2, 5}} at {pos:?}"
        );
    }
}

#[test]
fn rulesets_that_are_not_sums_are_not_treated_as_sums() {
    for (text, why) in [
        ("ruleset \"A\" { heaps any move { take s in 1.. from one heap where s <= min(heaps) } }", "reads the other heaps"),
        ("ruleset \"B\" { heaps any move when count(h in heaps: h > 0) > 1 { take 1.. from one heap } }", "guard"),
        ("ruleset \"C\" { heaps 2 move { take 1.. from one heap } move { take same 1.. from both heaps } }", "Wythoff"),
    ] {
        let game = Game::from_source("t", text, &[]).unwrap_or_else(|e| panic!("{why}: {e:?}"));
        let spec = BoxSpec::new(game.shape(), 6, 3).expect("small");
        let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
        assert_eq!(t.mode, ModeUsed::Table, "{why}");
        agree_with_generic(why, &game, 6, 3);
    }
}

#[test]
fn a_loop_in_a_sum_like_ruleset_is_reported() {
    // Taking 0 is a move back to the same position: no Grundy value; the search reports it.
    let game = Game::from_source(
        "z",
        "ruleset \"Z\" { heaps any move { take 0..2 from one heap } }",
        &[],
    )
    .expect("valid");
    let spec = BoxSpec::new(game.shape(), 4, 2).expect("small");
    let r = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default());
    assert!(matches!(r, Err(heapgame::SolveError::Cycle(_))), "{r:?}");
}

#[test]
fn budgets_stop_every_mode() {
    for file in ["rulesets/classic/nim.game", "rulesets/classic/wythoff.game"] {
        let game = load(file, &[]);
        let spec = BoxSpec::new(game.shape(), 300, 2).expect("fits");
        let r = solve_box(
            game.generator(),
            &spec,
            Want::Grundy,
            &Budget::with_limit(Some(100)),
        );
        assert!(
            matches!(r, Err(heapgame::SolveError::Limit { limit: 100 })),
            "{file}: {r:?}"
        );
    }
}

#[test]
fn parallel_layers_agree_with_the_generic_search() {
    use heapgame::solver::parallel::{layered_values, ParError};
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a thread pool");
    let cases: &[ParCase] = &[
        ("rulesets/classic/wythoff.game", &[], 25, 2),
        (
            "rulesets/fraenkel-zusman/fraenkel-zusman.game",
            &[("k", "3")],
            7,
            3,
        ),
        ("rulesets/propp/cookie.game", &[], 6, 6),
        ("rulesets/abuku/single-delete.game", &[("n", "4")], 9, 4),
        ("rulesets/abuku/half-delete.game", &[("n", "4")], 9, 4),
        ("rulesets/fraenkel-larsson/beta-t-wynim.game", &[], 20, 2),
    ];
    for (file, params, max, heaps) in cases {
        let game = load(file, params);
        let spec = BoxSpec::new(game.shape(), *max, *heaps).expect("small box");
        let mut generic = game.solver();
        for want in [Want::Grundy, Want::Outcome] {
            let values = pool
                .install(|| layered_values(game.generator(), &spec, want, &Budget::default()))
                .unwrap_or_else(|e| panic!("{file}: {e:?}"));
            let mut pos = Vec::new();
            for (r, &v) in values.iter().enumerate() {
                spec.unrank(r, &mut pos);
                let g = generic.grundy(&pos).expect("generic solver");
                let expect = if want == Want::Grundy {
                    g
                } else {
                    u32::from(g != 0)
                };
                assert_eq!(v, expect, "{file} {want:?} at {pos:?}");
            }
        }
    }
    // Splitting keeps the total: not layered, so solve_box must use the sequential search.
    let tb = Game::from_source(
        "tb",
        "ruleset \"S\" { heaps any move { split one heap into 2 parts } move { take same 1.. from all heaps } }",
        &[],
    )
    .expect("valid");
    let spec = BoxSpec::new(tb.shape(), 6, 3).expect("small");
    let r =
        pool.install(|| layered_values(tb.generator(), &spec, Want::Grundy, &Budget::default()));
    assert!(matches!(r, Err(ParError::NotLayered)), "{r:?}");
    assert_eq!(agree_with_generic("split", &tb, 6, 3), ModeUsed::Table);
}

#[test]
fn moore_nim_followers_match_a_brute_force() {
    // Moore's Nim_2 (heaps any): lower one or two heaps by positive amounts; empty heaps vanish.
    let game = load("rulesets/fraenkel-zusman/moore-nim.game", &[("l", "2")]);
    let canon = |mut v: Vec<u32>| {
        v.retain(|&h| h > 0);
        v.sort_unstable();
        v
    };
    for pos in common::multisets_up_to(4, 1, 4) {
        let mut want = std::collections::BTreeSet::new();
        for i in 0..pos.len() {
            for a in 1..=pos[i] {
                let mut q = pos.clone();
                q[i] -= a;
                want.insert(canon(q.clone()));
                for j in i + 1..pos.len() {
                    for b in 1..=pos[j] {
                        let mut r = q.clone();
                        r[j] -= b;
                        want.insert(canon(r));
                    }
                }
            }
        }
        let got: std::collections::BTreeSet<Vec<u32>> = game
            .followers(&pos)
            .expect("followers")
            .into_iter()
            .collect();
        assert_eq!(got, want, "followers of {pos:?}");
    }
}
