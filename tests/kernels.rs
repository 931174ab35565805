//! The compiled kernels (`solver::kernels`) against the interpreter: on every bundled ruleset
//! whose moves match a kernel and on random rulesets of the kernel families, every position of
//! a box has the same Grundy value and the same outcome as the generic search (`Solver`, which
//! runs the interpreter position by position). Rulesets outside the families are declined, and
//! Wythoff's P-positions are checked against the Beatty pairs computed plainly here.

use crate::common;

use common::load;
use heapgame::solver::kernels::{kernel_for, solve_box_kernel};
use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
use heapgame::{Game, Outcome, Solver};
use proptest::prelude::*;

/// Solves the box with the kernel both ways (directly: `solve_box` asks the sum mode first,
/// which takes the rulesets that are disjunctive sums), and compares every position with fresh
/// generic solvers.
fn kernel_agrees(label: &str, game: &Game, max: u32, heaps: usize) {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
    assert!(
        kernel_for(game.generator(), &spec).is_some(),
        "{label}: no kernel matched"
    );
    let solve = |want| {
        solve_box_kernel(game.generator(), &spec, want, &Budget::default())
            .unwrap_or_else(|| panic!("{label}: the kernel declined"))
            .unwrap_or_else(|e| panic!("{label}: {e}"))
    };
    let (g, o) = (solve(Want::Grundy), solve(Want::Outcome));
    assert_eq!(g.kernel, Some("cube"), "{label}: Grundy by the kernel");
    assert_eq!(o.kernel, Some("cube"), "{label}: P/N by the kernel");
    let mut grundy = Solver::new(game.generator());
    let mut pn = Solver::new(game.generator());
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let want = grundy.grundy(&pos).expect("generic solver");
        assert_eq!(g.value(r), want, "{label}: Grundy value of {pos:?}");
        assert_eq!(g.grundy(&pos), Some(want), "{label}: {pos:?}");
        let want_o = pn.outcome(&pos).expect("generic solver");
        assert_eq!(o.outcome(&pos), Some(want_o), "{label}: outcome of {pos:?}");
        assert_eq!(
            o.value(r),
            u32::from(want_o == Outcome::N),
            "{label}: {pos:?}"
        );
    }
}

type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    u32,
    usize,
);

#[test]
fn bundled_rulesets_of_the_kernel_families_agree_with_the_interpreter() {
    let cases: &[Case] = &[
        ("rulesets/classic/wythoff.game", &[], 24, 2),
        ("rulesets/classic/d-wythoff.game", &[], 16, 2),
        ("rulesets/classic/d-wythoff.game", &[("d", "1")], 12, 2),
        ("rulesets/classic/d-wythoff.game", &[("d", "3")], 16, 2),
        (
            "rulesets/fraenkel-zusman/fraenkel-zusman.game",
            &[("k", "3")],
            8,
            3,
        ),
        (
            "rulesets/fraenkel-zusman/fraenkel-zusman.game",
            &[("k", "4")],
            5,
            4,
        ),
        ("rulesets/fraenkel-zusman/moore-nim.game", &[], 6, 4),
        (
            "rulesets/fraenkel-zusman/moore-nim.game",
            &[("l", "1")],
            6,
            3,
        ),
        (
            "rulesets/fraenkel-zusman/moore-nim.game",
            &[("l", "3")],
            5,
            4,
        ),
        ("rulesets/fraenkel-larsson/beta-nim.game", &[], 20, 2),
        (
            "rulesets/fraenkel-larsson/beta-nim.game",
            &[("beta", "e")],
            16,
            2,
        ),
        ("rulesets/fraenkel-larsson/beta-wynim.game", &[], 20, 2),
        ("rulesets/fraenkel-larsson/beta-t-wynim.game", &[], 22, 2),
        (
            "rulesets/fraenkel-larsson/beta-t-wynim.game",
            &[("beta", "2 + sqrt(2)")],
            16,
            2,
        ),
        ("rulesets/bhowmik/exactly-two-of-four.game", &[], 6, 4),
        ("rulesets/bhowmik/not-all-piles.game", &[], 8, 3),
        (
            "rulesets/bhowmik/not-all-piles.game",
            &[("S", "{1, 3, 4}")],
            8,
            3,
        ),
        ("rulesets/bhowmik/princess-and-roses.game", &[], 6, 4),
        (
            "rulesets/bhowmik/princess-and-roses.game",
            &[("k", "2")],
            12,
            2,
        ),
        ("rulesets/bhowmik/st-game.game", &[], 9, 3),
        ("rulesets/bhowmik/st-game.game", &[("T", "{2, 3}")], 9, 3),
        (
            "rulesets/bhowmik/st-game.game",
            &[("S", "{1, 2}"), ("T", "{1, 3}")],
            8,
            3,
        ),
    ];
    for (file, params, max, heaps) in cases {
        let game = load(file, params);
        kernel_agrees(&format!("{file} {params:?}"), &game, *max, *heaps);
    }
    // `solve_box` takes the kernel for the rulesets that are not sums.
    let fz = load(
        "rulesets/fraenkel-zusman/fraenkel-zusman.game",
        &[("k", "3")],
    );
    let spec = BoxSpec::new(fz.shape(), 6, 3).expect("small");
    let t = solve_box(fz.generator(), &spec, Want::Outcome, &Budget::default()).expect("solves");
    assert_eq!(t.kernel, Some("cube"));
}

#[test]
fn moves_outside_the_kernel_families_are_declined_and_still_solved() {
    let inline = [
        "ruleset \"xor\" { heaps 2 move { take 1.. from one heap } move { take l in 0.. from all heaps where sum(l) > 0 and xor(l) == 0 } }",
        "ruleset \"reads a heap\" { heaps 2 move { take s in 1.. from one heap h where s <= h - 1 } move { take same 1.. from both heaps } }",
        "ruleset \"reads the position\" { heaps 2 move { take s in 1.., t in 1.. from both heaps where s + t < min(heaps) } }",
        "ruleset \"delete\" { heaps any move { delete one heap; lower every other heap by 1 } }",
        "ruleset \"split\" { heaps any move { take 1 from one heap } move { split one heap into 2 parts } move { take same 1.. from 2 heaps } }",
        "ruleset \"keep\" { heaps 2 move { keep one heap h where h >= 2; take 1 from the other heap } }",
        "ruleset \"all of any\" { heaps any move { take same 1.. from all heaps } move { take 1 from one heap } }",
    ];
    for text in inline {
        let game = Game::from_source("t", text, &[]).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let heaps = game.shape().count.unwrap_or(3);
        let spec = BoxSpec::new(game.shape(), 7, heaps).expect("small");
        // Outside the cube's families (another kernel, the multiset's, may take the delete).
        let taken = kernel_for(game.generator(), &spec);
        assert_ne!(taken, Some("cube"), "{text}");
        for want in [Want::Grundy, Want::Outcome] {
            let t = solve_box(game.generator(), &spec, want, &Budget::default()).expect(text);
            assert_eq!(t.kernel, taken, "{text}");
            let reference = crate::compiled_moves::interpreted_generator(&game);
            let mut generic = Solver::new(&reference);
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                let g = generic.grundy(&pos).expect("generic");
                let expect = if want == Want::Grundy {
                    g
                } else {
                    u32::from(g != 0)
                };
                assert_eq!(t.value(r), expect, "{text} at {pos:?}");
            }
        }
    }
    // A loop (taking nothing) is left to the search, which reports it.
    let game = Game::from_source(
        "z",
        "ruleset \"Z\" { heaps 2 move { take 0..2 from one heap } move { take same 1 from both heaps } }",
        &[],
    )
    .expect("valid");
    let spec = BoxSpec::new(game.shape(), 4, 2).expect("small");
    assert_eq!(kernel_for(game.generator(), &spec), None);
    let r = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default());
    assert!(matches!(r, Err(heapgame::SolveError::Cycle(_))), "{r:?}");
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    // (floor(k phi), floor(k phi^2)) = (a_k, a_k + k), with floor(k phi) = (k + isqrt(5 k^2)) / 2
    // since sqrt(5) k is irrational for k > 0.
    let n: u64 = 3000;
    let isqrt = |m: u64| {
        let mut r = (m as f64).sqrt() as u64;
        while r * r > m {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= m {
            r += 1;
        }
        r
    };
    let mut p = std::collections::HashSet::new();
    p.insert((0u64, 0u64));
    for k in 1.. {
        let a = (k + isqrt(5 * k * k)) / 2;
        let b = a + k;
        if b > n {
            break;
        }
        p.insert((a, b));
    }
    let game = load("rulesets/classic/wythoff.game", &[]);
    let spec = BoxSpec::new(game.shape(), n as u32, 2).expect("fits");
    let t = solve_box(game.generator(), &spec, Want::Outcome, &Budget::default()).expect("solves");
    assert_eq!(t.kernel, Some("cube"));
    let mut pos = Vec::new();
    let mut found = 0;
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let (a, b) = (u64::from(pos[0]), u64::from(pos[1]));
        let want = p.contains(&(a, b));
        assert_eq!(t.is_p(r), want, "({a}, {b})");
        found += usize::from(want);
    }
    assert_eq!(found, p.len());
}

/// The Grundy fill's values where they outgrow its bitsets many times (every value of Wythoff's
/// game to 300, values to about 600: the bitsets widen from one word to ten), against the
/// definition: the mex of the values of `(a - k, b)`, `(a, b - k)` and `(a - k, b - k)`.
#[test]
fn wythoff_grundy_values_as_the_bitsets_widen_are_the_plain_mex() {
    let n = 300usize;
    let mut g = vec![vec![0usize; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut seen = vec![false; 2 * n + 2];
            for k in 1..=a {
                seen[g[a - k][b]] = true;
            }
            for k in 1..=b {
                seen[g[a][b - k]] = true;
            }
            for k in 1..=a.min(b) {
                seen[g[a - k][b - k]] = true;
            }
            g[a][b] = seen.iter().position(|&s| !s).expect("a value is missing");
        }
    }
    let game = load("rulesets/classic/wythoff.game", &[]);
    let spec = BoxSpec::new(game.shape(), n as u32, 2).expect("fits");
    let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
    assert_eq!(t.kernel, Some("cube"));
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let (a, b) = (pos[0] as usize, pos[1] as usize);
        assert_eq!(t.value(r), g[a][b] as u32, "({a}, {b})");
    }
    let most = g.iter().flatten().max().copied().unwrap_or(0);
    assert!(most >= 64 * 4, "the values outgrow four words ({most})");
}

/// The Grundy fill skips the words of its bitsets it has seen full (a summary bit a word,
/// 64 words a summary word): Nim on two heaps (`a XOR b`) to 300 mixes full and open words on
/// each line, to 4,200 takes the values past 8,191, the bitsets past 128 words and their
/// summaries to three words.
#[test]
fn nim_grundy_values_past_many_full_words_are_the_plain_mex() {
    let text = "ruleset \"Nim\" {\n  heaps any\n  move { take 1.. from one heap }\n}\n";
    let game = Game::from_source("nim.game", text, &[]).expect("a ruleset");
    for (heaps, max) in [(2usize, 300u32), (2, 4200)] {
        let spec = BoxSpec::new(game.shape(), max, heaps).expect("fits");
        // The kernel itself: `solve_box` would take Nim, a disjunctive sum, by its sum mode.
        let t = solve_box_kernel(game.generator(), &spec, Want::Grundy, &Budget::default())
            .expect("the kernel takes Nim")
            .expect("solves");
        assert_eq!(t.kernel, Some("cube"), "{heaps} heaps");
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            let want = pos.iter().fold(0, |x, &h| x ^ h);
            assert_eq!(t.value(r), want, "{pos:?}");
        }
    }
}

#[test]
fn the_budget_stops_a_kernel() {
    let game = load("rulesets/classic/wythoff.game", &[]);
    let spec = BoxSpec::new(game.shape(), 2000, 2).expect("fits");
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let budget = Budget {
        cancel: Some(flag),
        ..Budget::default()
    };
    let r = solve_box(game.generator(), &spec, Want::Outcome, &budget);
    assert!(
        matches!(r, Err(heapgame::SolveError::Cancelled { .. })),
        "{r:?}"
    );
}

/// A random amount set: a finite set, a finite range or an open range, least member >= `least`.
fn amount_set(least: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::btree_set(least..7, 1..4).prop_map(|s| format!(
            "{{{}}}",
            s.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        )),
        (least..4, 0u32..4).prop_map(|(a, l)| format!("{a}..{}", a + l)),
        (least..3).prop_map(|a| format!("{a}..")),
    ]
}

/// A random move clause of a kernel family for `k` heaps (`named`: heaps `(x, y, ...)`;
/// `any`: `heaps any`).
fn clause(k: usize, named: bool, any: bool) -> impl Strategy<Value = String> {
    let count = (1..=k).prop_flat_map(move |lo| (Just(lo), lo..=k));
    let body = prop_oneof![
        amount_set(1).prop_map(|s| format!("take {s} from one heap")),
        (amount_set(1), count.clone())
            .prop_map(|(s, (lo, hi))| format!("take {s} from each of {lo}..{hi} heaps")),
        (amount_set(1), 1..=k).prop_map(|(s, c)| format!("take same {s} from {c} heaps")),
        (
            amount_set(1),
            amount_set(1),
            1i64..4,
            prop::option::of((1i64..4, 1i64..4))
        )
            .prop_map(move |(s, t, d, ex)| {
                let ex = ex.map_or(String::new(), |(a, b)| {
                    format!(" and (s, t) not in {{({a}, {b})}}")
                });
                format!("take s in {s}, t in {t} from both heaps where |s - t| < {d}{ex}")
            }),
        (amount_set(1), amount_set(if any { 1 } else { 0 }))
            .prop_map(|(s, t)| format!("take {s} from one heap; take {t} from one other heap")),
        (amount_set(1), 0..k).prop_map(move |(s, i)| if named {
            format!("take {s} from heap h{i}")
        } else {
            format!("take same {s} from all heaps")
        }),
    ];
    let guard = prop_oneof![
        3 => Just(String::new()),
        1 => prop::collection::btree_set(0u32..7, 1..3).prop_map(|s| format!(
            "when any heap in {{{}}} ",
            s.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        )),
        1 => (0u32..9).prop_map(|m| format!("unless sum(heaps) == {m} ")),
    ];
    (guard, body).prop_map(move |(g, b)| {
        let b = if any {
            b.replace("from all heaps", "from 2 heaps")
        } else {
            b
        };
        format!("move {g}{{ {b} }}")
    })
}

pub(crate) fn ruleset() -> impl Strategy<Value = (String, usize)> {
    (2usize..=3, 0..3).prop_flat_map(|(k, kind)| {
        let (named, any) = (kind == 1, kind == 2);
        let shape = if named {
            format!(
                "heaps ({})",
                (0..k)
                    .map(|i| format!("h{i}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        } else if any {
            "heaps any".to_string()
        } else {
            format!("heaps {k}")
        };
        prop::collection::vec(clause(k, named, any), 1..4).prop_map(move |cs| {
            (
                format!("ruleset \"random\" {{ {shape} {} }}", cs.join(" ")),
                k,
            )
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_rulesets_of_the_kernel_families_agree(
        (text, k) in ruleset(),
        max in 3u32..8,
    ) {
        let game = Game::from_source("random", &text, &[])
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        kernel_agrees(&text, &game, max, k);
    }
}

/// A random ruleset of finitely many amount vectors on a multiset shape (every amount below 4,
/// so that no run of amounts reaches the edge of a box of heaps >= 7, and no guard): the cube
/// kernel's P/N by retrograde marking over the sorted positions.
pub(crate) fn finite_ruleset() -> impl Strategy<Value = (String, usize)> {
    let set = prop::collection::btree_set(1u32..4, 1..3).prop_map(|s| {
        format!(
            "{{{}}}",
            s.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        )
    });
    let clause = (set.clone(), set, 1usize..=3, 0..3).prop_map(|(s, t, c, kind)| match kind {
        0 => format!("move {{ take {s} from each of {t} heaps }}"),
        1 => format!("move {{ take same {s} from {c} heaps }}"),
        _ => format!("move {{ take {s} from one heap; take {t} from one other heap }}"),
    });
    (
        3usize..=4,
        any::<bool>(),
        prop::collection::vec(clause, 1..3),
    )
        .prop_map(|(k, any, cs)| {
            let shape = if any {
                "heaps any".to_string()
            } else {
                format!("heaps {k}")
            };
            (
                format!("ruleset \"finite\" {{ {shape} {} }}", cs.join(" ")),
                k,
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_rulesets_of_finite_amounts_agree(
        (text, k) in finite_ruleset(),
        max in 7u32..10,
    ) {
        let game = Game::from_source("finite", &text, &[])
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        kernel_agrees(&text, &game, max, k);
    }
}
