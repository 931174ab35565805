//! The kept-heap kernel (keep one heap, delete the others, take and split the kept heap)
//! cell by cell against a plain brute force written here from each game's definition (mex
//! over the followers enumerated directly), Grundy values and P/N: on Delete Nim, VDN,
//! All-but-one-delete Nim and inline variants (take 2 before the split, three heaps, a
//! condition on the kept heap, values past 64); against Abuku et al.'s closed forms (Delete
//! Nim's Theorem 2.2, VDN's by the correspondence after Definition 2.3) on larger boxes; and
//! the rulesets it must refuse.

use crate::common::{mex, Brute, Shape};
use heapgame::solver::kernels::{kernel_for, solve_box_kernel, solve_box_named};
use heapgame::solver::modes::{choose, table_values, Choice};
use heapgame::solver::{BoxSpec, BoxValues, Budget, Play, SolveError, Want};
use heapgame::Game;
use proptest::prelude::*;
use std::path::Path;

const NAME: &str = "kept-heap";

fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    Game::load_file(&path, params).unwrap_or_else(|e| panic!("loading {rel}: {e:?}"))
}

fn inline(text: &str) -> Game {
    Game::from_source("kept.game", text, &[]).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The box solved by the first kernel that takes it, which must be the kept-heap kernel.
fn kernel_box(label: &str, game: &Game, max: u32, want: Want) -> (BoxSpec, BoxValues) {
    let heaps = game.shape().count.expect("a fixed count");
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
    assert_eq!(kernel_for(game.generator(), &spec), Some(NAME), "{label}");
    let values = solve_box_kernel(game.generator(), &spec, want, &Budget::default())
        .unwrap_or_else(|| panic!("{label}: no kernel"))
        .unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(values.kernel, Some(NAME), "{label}");
    (spec, values)
}

/// A game of the kernel's family written from its definition: `n` heaps of at least
/// `lower`; a clause keeps a heap `h` where `cond(h)`, deletes the others, takes an amount of
/// `take` from `h` (none when empty) and splits the rest into `n` parts of at least `least`,
/// pairwise different when `unequal`; a follower with a part below `lower` is no move.
#[derive(Clone)]
struct Clause {
    cond: fn(u32) -> bool,
    take: Vec<u32>,
    least: u32,
    unequal: bool,
}

/// Every way to write `rest` as `n` parts (in every order), each at least `least`.
fn compositions(rest: u32, n: usize, least: u32) -> Vec<Vec<u32>> {
    if n == 1 {
        return if rest >= least {
            vec![vec![rest]]
        } else {
            vec![]
        };
    }
    let mut out = Vec::new();
    for first in least..=rest {
        for mut tail in compositions(rest - first, n - 1, least) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The brute force of a game of `clauses` on `n` heaps of at least `lower`.
fn brute(n: usize, lower: u32, clauses: Vec<Clause>) -> Brute {
    Brute::new("kept heap", Shape::Fixed, move |pos: &[u32]| {
        assert_eq!(pos.len(), n);
        let mut out = Vec::new();
        for &h in pos {
            for c in &clauses {
                if !(c.cond)(h) {
                    continue;
                }
                let amounts = if c.take.is_empty() {
                    vec![0]
                } else {
                    c.take.clone()
                };
                for a in amounts.into_iter().filter(|&a| a <= h) {
                    for parts in compositions(h - a, n, c.least) {
                        let distinct = (0..n).all(|i| (i + 1..n).all(|j| parts[i] != parts[j]));
                        if (c.unequal && !distinct) || parts.iter().any(|&p| p < lower) {
                            continue;
                        }
                        out.push(parts);
                    }
                }
            }
        }
        out
    })
}

/// The kernel's Grundy values and outcomes at every position of the box, against the brute
/// force's.
fn agree(label: &str, game: &Game, max: u32, mut brute: Brute) {
    let (spec, g) = kernel_box(label, game, max, Want::Grundy);
    let (_, pn) = kernel_box(label, game, max, Want::Outcome);
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let want = brute.grundy(&pos);
        assert_eq!(g.value(r), want, "{label}: Grundy value at {pos:?}");
        assert_eq!(pn.is_p(r), want == 0, "{label}: outcome at {pos:?}");
    }
}

fn always(_: u32) -> bool {
    true
}

fn at_least_1(h: u32) -> bool {
    h >= 1
}

#[test]
fn delete_nim_and_vdn_agree_with_their_definitions() {
    // Delete Nim: select a non-empty heap, delete the other, remove one token, split the rest
    // into two possibly empty heaps.
    let delete_nim = Clause {
        cond: at_least_1,
        take: vec![1],
        least: 0,
        unequal: false,
    };
    agree(
        "Delete Nim",
        &load("rulesets/abuku/delete-nim.game", &[]),
        40,
        brute(2, 0, vec![delete_nim]),
    );
    // VDN: delete one heap, split the other into two non-empty heaps.
    let vdn = Clause {
        cond: always,
        take: vec![],
        least: 1,
        unequal: false,
    };
    agree(
        "VDN",
        &load("rulesets/abuku/vdn.game", &[]),
        40,
        brute(2, 1, vec![vdn.clone()]),
    );
    // All-but-one-delete Nim, n = 3: delete two heaps, split the other into three.
    agree(
        "All-but-one-delete Nim n = 3",
        &load("rulesets/abuku/abo-delete.game", &[("n", "3")]),
        12,
        brute(3, 1, vec![vdn]),
    );
}

#[test]
fn inline_variants_agree_with_their_definitions() {
    let take_two = "ruleset \"take 2\" { heaps 2\n move { keep one heap h where h >= 2; delete the other heap; take 2 from h; split h into 2 parts allowing empty } }";
    let c = Clause {
        cond: |h| h >= 2,
        take: vec![2],
        least: 0,
        unequal: false,
    };
    agree("take 2", &inline(take_two), 40, brute(2, 0, vec![c]));

    let three = "ruleset \"three heaps\" { heaps 3\n move { keep one heap h where h >= 1; delete the other heaps; take 1 from h; split h into 3 parts allowing empty } }";
    let c = Clause {
        cond: at_least_1,
        take: vec![1],
        least: 0,
        unequal: false,
    };
    agree("three heaps", &inline(three), 14, brute(3, 0, vec![c]));

    // A condition on the kept heap, unequal parts, two amounts, and a second clause of the
    // other form (delete first).
    let cond = "ruleset \"condition\" { heaps 2\n move { keep one heap h where h mod 3 != 0; delete the other heap; take 1..2 from h; split h into 2 unequal parts allowing empty }\n move { delete one heap; split the other heap into 2 parts } }";
    let c1 = Clause {
        cond: |h| h % 3 != 0,
        take: vec![1, 2],
        least: 0,
        unequal: true,
    };
    let c2 = Clause {
        cond: always,
        take: vec![],
        least: 1,
        unequal: false,
    };
    agree("condition", &inline(cond), 40, brute(2, 0, vec![c1, c2]));

    // Every amount: Grundy values pass 64, the sets take more than one word.
    let big = "ruleset \"big\" { heaps 2\n move { keep one heap h; delete the other heap; take 1.. from h; split h into 2 parts allowing empty } }";
    let c = Clause {
        cond: always,
        take: (1..=70).collect(),
        least: 0,
        unequal: false,
    };
    let game = inline(big);
    agree("every amount", &game, 70, brute(2, 0, vec![c]));
    let (_, g) = kernel_box("every amount", &game, 70, Want::Grundy);
    assert!(g.iter().max() > Some(64), "values past one word");
}

/// Theorem 2.2 (Abuku and Suetsugu): g(<x, y>) = v2((x OR y) + 1), P iff x and y are even.
/// VDN's <x, y> is Delete Nim's <x - 1, y - 1>.
#[test]
fn kernel_agrees_with_the_closed_forms_of_the_papers() {
    let v2 = |x: u32| x.trailing_zeros();
    for (file, lower) in [
        ("rulesets/abuku/delete-nim.game", 0),
        ("rulesets/abuku/vdn.game", 1),
    ] {
        let game = load(file, &[]);
        let (spec, g) = kernel_box(file, &game, 300, Want::Grundy);
        let (_, pn) = kernel_box(file, &game, 300, Want::Outcome);
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            let (x, y) = (pos[0] - lower, pos[1] - lower);
            assert_eq!(g.value(r), v2((x | y) + 1), "{file} at {pos:?}");
            assert_eq!(pn.is_p(r), x % 2 == 0 && y % 2 == 0, "{file} at {pos:?}");
        }
    }
}

/// The brute force itself, on a position small enough to work by hand: Delete Nim's
/// followers of <2, 3> are <0, 1> (keep 2) and <0, 2>, <1, 1> (keep 3); <0, 0> has no move,
/// so <0, 1> and <1, 1> (whose one follower is <0, 0>) have value 1, and <0, 2> (whose one
/// follower is <0, 1>) value 0: <2, 3> has mex {1, 0, 1} = 2.
#[test]
fn the_brute_force_lists_delete_nims_followers() {
    let c = Clause {
        cond: at_least_1,
        take: vec![1],
        least: 0,
        unequal: false,
    };
    let mut b = brute(2, 0, vec![c]);
    let fs: Vec<Vec<u32>> = b.followers(&[2, 3]).into_iter().collect();
    assert_eq!(fs, vec![vec![0, 1], vec![0, 2], vec![1, 1]]);
    assert_eq!(b.grundy(&[2, 3]), mex([1u32, 0, 1]));
}

/// What the kernel must not take: the generic search answers these.
#[test]
fn rulesets_outside_the_family_are_refused() {
    let refused = [
        // The condition reads the position, not the kept heap alone.
        "ruleset \"reads\" { heaps 2\n move { keep one heap h where h >= max(heaps) - 3; delete the other heap; take 1 from h; split h into 2 parts allowing empty } }",
        // The move acts on two heaps (one deleted, one split, one kept as it is).
        "ruleset \"two\" { heaps 3\n move { delete one heap; split one other heap into 2 parts } }",
        // Lowers the other heap instead of deleting it.
        "ruleset \"keeps both\" { heaps 2\n move { keep one heap h where h >= 2; take 1 from the other heap } }",
        // May not end: <0, h> splits into <0, h> again.
        "ruleset \"loop\" { heaps 2\n move { keep one heap h; delete the other heap; split h into 2 parts allowing empty } }",
        // Deletes 0 or 1 heaps: deleting none splits both, four heaps (the interpreter's error).
        "ruleset \"count\" { heaps 2\n move { delete 0..1 heaps; split the other heaps into 2 parts } }",
        // The take has its own condition.
        "ruleset \"take where\" { heaps 2\n move { keep one heap h; delete the other heap; take s in 1..3 from h where s < h; split h into 2 parts allowing empty } }",
        // One clause of the family, one not.
        "ruleset \"mixed\" { heaps 2\n move { delete one heap; split the other heap into 2 parts }\n move { take 1 from one heap } }",
        // A rule on the positions.
        "ruleset \"rule\" { heaps 2, each >= 1\n positions where sum(heaps) mod 5 != 0\n move { delete one heap; split the other heap into 2 parts } }",
    ];
    for text in refused {
        let game = inline(text);
        let spec =
            BoxSpec::new(game.shape(), 8, 2.max(game.shape().count.unwrap_or(2))).expect("small");
        assert_ne!(kernel_for(game.generator(), &spec), Some(NAME), "{text}");
        let named = solve_box_named(
            NAME,
            game.generator(),
            &spec,
            Want::Grundy,
            &Budget::default(),
        );
        assert!(named.is_none(), "{text}");
    }
    // Misère play is never asked of a kernel.
    let game = load("rulesets/abuku/delete-nim.game", &[]);
    let spec = BoxSpec::new(game.shape(), 8, 2).expect("small");
    assert!(matches!(
        choose(game.generator(), &spec, Want::Grundy, Play::Normal),
        Choice::Kernel(k) if k.name() == NAME
    ));
    assert_eq!(
        choose(game.generator(), &spec, Want::Grundy, Play::Misere),
        Choice::Search
    );
    // A position limit below the box stops at once, as the search would at the limit.
    let limited = Budget::with_limit(Some(5));
    let r = solve_box_kernel(game.generator(), &spec, Want::Outcome, &limited);
    assert!(
        matches!(r, Some(Err(SolveError::Limit { limit: 5 }))),
        "{r:?}"
    );
}

/// A random ruleset of the kept-heap forms, as source text, with its box.
pub(crate) fn family_ruleset() -> impl Strategy<Value = (String, u32)> {
    let n = 2usize..=3;
    let lower = 0u32..=1;
    let keep_form = any::<bool>();
    let cond = 0usize..=2;
    let take = 0usize..=3;
    let empty = any::<bool>();
    let unequal = any::<bool>();
    (n, lower, keep_form, cond, take, empty, unequal).prop_map(
        |(n, lower, keep_form, cond, take, empty, unequal)| {
            let take = [
                "",
                "take 1 from h; ",
                "take 2 from h; ",
                "take 1..3 from h; ",
            ][take];
            let split = format!(
                "split h into {n}{} parts{}",
                if unequal { " unequal" } else { "" },
                if empty { " allowing empty" } else { "" }
            );
            let body = if keep_form {
                let cond = ["", " where h >= 2", " where h mod 3 != 1"][cond];
                format!("keep one heap h{cond}; delete the other heaps; {take}{split}")
            } else if take.is_empty() {
                // The one heap left chosen as `the other heap`, `the other heaps` or
                // `one other heap`.
                let other = ["the other heap", "the other heaps", "one other heap"][cond];
                let split = split.replacen("split h", &format!("split {other}"), 1);
                format!("delete {} heaps; {split}", n - 1)
            } else {
                let take = take.replacen("from h", "from the other heap h", 1);
                format!("delete {} heaps; {take}{split}", n - 1)
            };
            let max = if n == 2 { 16 } else { 9 };
            (
                format!("ruleset \"random\" {{ heaps {n}, each >= {lower}\n move {{ {body} }} }}"),
                max,
            )
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Where the kernel takes a random ruleset of its forms, it answers as the interpreter's
    /// search does at every position (it may refuse one that may not end).
    #[test]
    fn random_rulesets_agree_with_the_interpreter((text, max) in family_ruleset()) {
        let game = inline(&text);
        let heaps = game.shape().count.expect("a fixed count");
        let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
        for want in [Want::Grundy, Want::Outcome] {
            let Some(k) = solve_box_named(NAME, game.generator(), &spec, want, &Budget::default())
            else {
                continue;
            };
            let k = k.unwrap_or_else(|e| panic!("{text}: {e}"));
            let t = table_values(game.generator(), &spec, want, &Budget::default())
                .unwrap_or_else(|e| panic!("{text}: the search failed where the kernel did not: {e}"));
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                prop_assert_eq!(k.value(r), t.value(r), "{} at {:?}", text, pos);
            }
        }
    }
}
