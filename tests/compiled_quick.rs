//! The move compiler's quick paths (`moves::compiled::quick`, `least`): clauses whose bounds
//! read only the least heap chosen or `min(heaps)` (`s <= h / 2`, `2 * s < min(p) + 3`, `s >=
//! (h - 1) / 3`, `s <= min(heaps)`), on one heap, two or all, on sorted, `heaps any` and named
//! shapes: every position's followers against the interpreter, and whole boxes (Grundy values
//! and outcomes) against the generic search.

use super::compiled_moves::{box_agrees, clauses_agree, positions};
use heapgame::moves::compiled::compile;
use heapgame::Game;
use proptest::prelude::*;

/// A term that reads the least heap chosen (`x`) or `min(heaps)`, affine or divided.
fn rhs(x: &'static str) -> impl Strategy<Value = String> {
    let var = prop_oneof![Just(x), Just("min(heaps)")];
    (var, 0usize..6, 1i64..5, 1i64..4).prop_map(|(v, form, c, d)| match form {
        0 => v.to_string(),
        1 => format!("{v} / {}", d + 1),
        2 => format!("({v} + {c}) / {d}"),
        3 => format!("{d} * {v} - {c}"),
        4 => format!("({v} - {c}) / {}", d + 1),
        _ => format!("{c}"),
    })
}

/// A bound `L op R`, `L` linear in the amount, `R` from [`rhs`].
fn bound(x: &'static str) -> impl Strategy<Value = String> {
    let lhs = prop_oneof![
        Just("s"),
        Just("2 * s"),
        Just("s + 1"),
        Just("3 * s - 2"),
        Just("-s")
    ];
    let op = prop_oneof![Just("<="), Just("<"), Just(">="), Just(">")];
    (lhs, op, rhs(x)).prop_map(|(l, o, r)| format!("{l} {o} {r}"))
}

/// A clause of the quick shape: one heap `h`, two heaps `p` or all heaps `p` (the same
/// amount), a range of amounts, up to two bounds, maybe a guard.
fn quick_clause() -> impl Strategy<Value = String> {
    let amounts = prop_oneof![Just("1.."), Just("2.."), Just("1..5"), Just("3..7")];
    let guard = prop_oneof![Just(""), Just("when sum(heaps) mod 2 == 0")];
    (0usize..3, amounts, guard, 0usize..3)
        .prop_flat_map(|(sel, amounts, guard, n)| {
            let x = if sel == 0 { "h" } else { "min(p)" };
            (
                Just((sel, amounts, guard)),
                proptest::collection::vec(bound(x), n),
            )
        })
        .prop_map(|((sel, amounts, guard), bounds)| {
            let sel = match sel {
                0 => format!("take s in {amounts} from one heap h"),
                1 => format!("take same s in {amounts} from both heaps p"),
                _ => format!("take same s in {amounts} from all heaps p"),
            };
            let cond = if bounds.is_empty() {
                String::new()
            } else {
                format!(" where {}", bounds.join(" and "))
            };
            format!("move {guard} {{ {sel}{cond} }}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    #[test]
    fn quick_clauses_agree_with_the_interpreter_and_the_search(
        a in quick_clause(),
        b in quick_clause(),
        shape in prop_oneof![Just("heaps 3"), Just("heaps any"), Just("heaps (x, y, z)")],
    ) {
        let text = format!("ruleset \"q\" {{ {shape} {a} {b} }}");
        let game = Game::from_source("q", &text, &[]).expect("a valid ruleset");
        for m in &game.generator().moves {
            let c = compile(game.shape(), m).unwrap_or_else(|| panic!("{text}: not compiled"));
            prop_assert_eq!(c.quick_path(), Some("choice"), "{}", text);
        }
        let (compiled, answered) = clauses_agree(&text, &game, 8, 3);
        prop_assert_eq!(compiled, 2);
        prop_assert_eq!(answered, 2 * positions(&game, 8, 3).len(), "{} fell back", text);
        // Some of these boxes go to the cube kernel, asked first; the others are filled by
        // the compiled-moves kernel (the benchmark's boxes below, for one).
        box_agrees(&text, &game, 7, 3, false);
    }
}

/// The clauses of the benchmark's user rulesets whose choices of heaps the quick loop
/// enumerates (Other-bounded's take from named heaps, the general loop's).
#[test]
fn the_benchmark_clauses_take_the_quick_paths() {
    for file in ["half-take", "guarded", "smallest-bounded"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("benches/user/{file}.game"));
        let game = Game::load_file(&path, &[]).expect("loads");
        for m in &game.generator().moves {
            let c = compile(game.shape(), m).expect("compiles");
            assert_eq!(c.quick_path(), Some("choice"), "{file}");
        }
    }
}
