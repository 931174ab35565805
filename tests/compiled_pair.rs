//! Boxes of two heaps on a symmetric shape through the compiled-moves kernel, which fills them
//! as a whole square (each sorted position's value written at `(x, y)` and `(y, x)`, every
//! follower a stride away), and the quick path of `keep one heap o where K; take s from the
//! other heap where C` on two heaps (`K` and `C`'s bounds read inline, `s mod o == r` a step):
//! generated rulesets (with and without a least size and a `positions where` rule) against
//! the generic search on the interpreter, Grundy values and outcomes at every position, every
//! clause's followers against the interpreter; and Wythoff's game against its P-positions
//! `(floor(n phi), floor(n phi) + n)` (Wythoff 1907), computed in integers in the test.

use super::compiled_moves::{clauses_agree, interpreted_generator};
use heapgame::moves::compiled::explain;
use heapgame::solver::kernels::solve_box_named;
use heapgame::solver::{BoxSpec, BoxValues, Budget, Want};
use heapgame::{Game, Solver};
use proptest::prelude::*;

/// A condition on the kept heap `o`, every one false at `o = 0` (a `mod o` of the `take` is
/// then never an error); the first three are read inline, the last by its closure.
fn kept_condition() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just(" where o >= 1"),
        Just(" where o > 0 and 2 * o <= 9"),
        Just(" where o >= 2 and o < 6 and (o + 1) / 2 >= 1"),
        Just(" where o mod 2 == 1"),
    ]
}

/// The `take` from the other heap `h` after `keep one heap o`.
fn kept_take() -> impl Strategy<Value = String> {
    let amounts = prop_oneof![Just("1.."), Just("2.."), Just("1..7"), Just("{1, 2, 5}")];
    let cond = prop_oneof![
        Just(""),
        Just(" where s mod o == 0"),
        Just(" where s mod o == 1"),
        Just(" where (s + 1) mod o == 0"),
        Just(" where s mod (o + 1) == 2"),
        Just(" where s <= o"),
        Just(" where 2 * s <= h + o and s mod o == 0"),
        Just(" where s >= o - 1 and s <= h / 2 + 1"),
        Just(" where s mod o == 0 and s != 4"),
        Just(" where s mod 3 == o mod 3"),
    ];
    (amounts, cond).prop_map(|(a, c)| format!("take s in {a} from the other heap h{c}"))
}

/// A clause on two heaps: a `keep`, or one of the single-`take` forms.
fn pair_clause() -> impl Strategy<Value = String> {
    let keep = (kept_condition(), kept_take())
        .prop_map(|(k, t)| format!("move {{ keep one heap o{k}; {t} }}"));
    let plain = prop_oneof![
        Just("move { take 1 from one heap }".to_string()),
        Just("move { take {2, 3} from one heap }".to_string()),
        Just("move { take s in 1.. from one heap h where s <= h / 2 + 1 }".to_string()),
        Just("move { take s in 1.. from one heap h where 2 * s <= min(heaps) + 2 }".to_string()),
        Just("move { take same 1.. from both heaps }".to_string()),
        Just("move { take s in 1..3 from one heap h where s mod 2 == h mod 2 }".to_string()),
    ];
    prop_oneof![keep, plain]
}

/// The box of `game` up to `max` by the compiled-moves kernel alone (which must take it).
fn kernel_box(game: &Game, max: u32, want: Want) -> (BoxSpec, BoxValues) {
    let spec = BoxSpec::new(game.shape(), max, 2).expect("small box");
    let t = solve_box_named(
        "compiled-moves",
        game.generator(),
        &spec,
        want,
        &Budget::default(),
    )
    .expect("the compiled-moves kernel takes the ruleset")
    .expect("solved");
    (spec, t)
}

/// The boxes by the compiled-moves kernel against the generic search on the interpreter at
/// every allowed position, and every clause's followers against the interpreter.
fn pair_agrees(text: &str, max: u32) -> Result<(), TestCaseError> {
    let game = Game::from_source("p", text, &[]).expect("a valid ruleset");
    for m in &game.generator().moves {
        if let Err(e) = explain(game.shape(), m) {
            return Err(TestCaseError::fail(format!("{text}: not compiled: {e:?}")));
        }
    }
    let (compiled, _) = clauses_agree(text, &game, max, 2);
    prop_assert_eq!(compiled, game.generator().moves.len());
    let reference = interpreted_generator(&game);
    let mut generic = Solver::new(&reference);
    for want in [Want::Grundy, Want::Outcome] {
        let (spec, t) = kernel_box(&game, max, want);
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            if !game.allows(&pos) {
                continue;
            }
            let g = generic.grundy(&pos).expect("generic");
            let expect = match want {
                Want::Grundy => g,
                Want::Outcome => u32::from(g != 0),
            };
            prop_assert_eq!(t.value(r), expect, "{} {:?} at {:?}", text, want, pos);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn two_heap_boxes_agree_with_the_search(
        a in pair_clause(),
        b in pair_clause(),
        shape in prop_oneof![Just("heaps 2"), Just("heaps 2, each >= 1"), Just("heaps 2, each >= 3")],
        rule in prop_oneof![
            Just(""),
            Just("positions where sum(heaps) mod 3 != 1"),
            Just("positions where max(heaps) != 5 and min(heaps) != 2"),
        ],
    ) {
        let text = format!("ruleset \"p\" {{ {shape} {rule} {a} {b} }}");
        pair_agrees(&text, 13)?;
    }
}

/// `floor(n * phi)`, `phi = (1 + sqrt 5) / 2`, in integers: `(n + isqrt(5 n^2)) / 2`
/// (`5 n^2` is never a square for `n >= 1`, so the floor of the root is exact enough).
fn floor_n_phi(n: u64) -> u64 {
    let five = 5 * n * n;
    let mut r = (five as f64).sqrt() as u64;
    while r * r > five {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= five {
        r += 1;
    }
    (n + r) / 2
}

/// Wythoff's game through the kernel's square: its P-positions are exactly `(A_n, A_n + n)`
/// and their mirror images, `A_n = floor(n phi)`.
#[test]
fn wythoff_through_the_square_has_the_golden_p_positions() {
    let text = "ruleset \"w\" { heaps 2 move { take 1.. from one heap } move { take same 1.. from both heaps } }";
    let game = Game::from_source("w", text, &[]).expect("valid");
    let max = 300u32;
    let mut p = std::collections::HashSet::new();
    for n in 0u64.. {
        let a = floor_n_phi(n);
        if a + n > u64::from(max) {
            break;
        }
        p.insert((a as u32, (a + n) as u32));
    }
    for want in [Want::Grundy, Want::Outcome] {
        let (spec, t) = kernel_box(&game, max, want);
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            let zero = t.value(r) == 0;
            assert_eq!(zero, p.contains(&(pos[0], pos[1])), "{want:?} at {pos:?}");
        }
    }
}

/// Which `keep` clauses on two heaps take the quick path (`kept pair`): a condition on `o` and
/// bounds of forms read inline, the step `s mod E == R`; not a condition of another form (the
/// general path, which the proptest above checks the same way).
#[test]
fn kept_clauses_on_two_heaps_take_the_quick_path() {
    let quick = [
        "keep one heap o where o >= 1; take s in 1.. from the other heap where s mod o == 0",
        "keep one heap o where o > 0 and 2 * o <= 9; take s in 2.. from the other heap h where 2 * s <= h + 1 and s >= o - 1 and s mod o == 0",
        "keep one heap o; take s in 1..7 from the other heap h where s <= o",
        "keep one heap o where o >= 2; take s in 1.. from the other heap where (s + 1) mod (o + 1) == 2",
    ];
    let general = [
        "keep one heap o where o mod 2 == 1; take s in 1.. from the other heap where s mod o == 0",
        "keep one heap o where o >= 1; take s in 1.. from the other heap h where s mod 3 == o mod 3",
        "keep one heap o where o >= 1; take s in {1, 2, 5} from the other heap h",
    ];
    for (clauses, want) in [(&quick[..], Some("kept pair")), (&general[..], None)] {
        for c in clauses {
            let text = format!("ruleset \"k\" {{ heaps 2 move {{ {c} }} }}");
            let game = Game::from_source("k", &text, &[]).expect("valid");
            let m = &game.generator().moves[0];
            let compiled = heapgame::moves::compiled::compile(game.shape(), m).expect("compiles");
            assert_eq!(compiled.quick_path(), want, "{c}");
            pair_agrees(&text, 16).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let row = super::compiled_moves::load_path("benches/user/multiple-take.game");
    for m in &row.generator().moves {
        let c = heapgame::moves::compiled::compile(row.shape(), m).expect("compiles");
        assert!(
            c.quick_path().is_some(),
            "row 10a: a clause off the quick paths"
        );
    }
}
