//! `move A from heap x to heap y` compiled (issue 34): the `take` from one heap (named or
//! not) as compiled, and the amount taken added to the named heap `y` (no move when `y` is the
//! heap taken from), on a row of heaps and on named heaps, against the interpreter
//! (`Generator::interpreted`): generated rulesets (proptest) with guards and amounts from
//! ranges, lists and names, every position's followers (built plainly in the test), the
//! generic search on the game's generator, normal and misère play; and Staircase Nim, which
//! now compiles whole. `move A from SEL to one other heap g [where C]` (and `to the other
//! heap`) likewise, on `heaps any`, two heaps, a row and named heaps.

use super::compiled_clauses::misere_agrees;
use super::compiled_moves::{clauses_agree, load_path};
use super::compiled_split::search_agrees;
use heapgame::moves::compiled::{compile, explain};
use heapgame::Game;
use proptest::prelude::*;

/// A `move ... to` towards the first heap (so that no sequence of moves returns to a
/// position: every move lowers the total weighted by the heaps' places).
fn move_clause(names: bool) -> impl Strategy<Value = String> {
    let guard = prop_oneof![
        Just(""),
        Just(" when sum(heaps) mod 2 == 0"),
        Just(" when heaps[0] <= 3"),
    ];
    let amount = prop_oneof![
        Just("1.."),
        Just("1..2"),
        Just("{1, 3}"),
        Just("s in 2.."),
        Just("same s in {2, 4}"),
    ];
    // `one heap` to the first heap: no move when the heap chosen is the first.
    let (from, to) = match names {
        true => (
            ["heap b", "heap c", "heap c", "one heap"],
            ["heap a", "heap a", "heap b", "heap a"],
        ),
        false => (
            ["heap 2", "heap 3", "heap 3", "one heap"],
            ["heap 1", "heap 1", "heap 2", "heap 1"],
        ),
    };
    (guard, amount, 0..4usize)
        .prop_map(move |(g, a, i)| format!("move{g} {{ move {a} from {} to {} }}", from[i], to[i]))
}

/// Followers, the search (normal play) and misère values of `text` against the interpreter;
/// every clause compiles.
fn agrees(text: &str, max: u32) -> Result<(), TestCaseError> {
    let game = Game::from_source("g", text, &[]).expect("a valid ruleset");
    for m in &game.generator().moves {
        if let Err(e) = explain(game.shape(), m) {
            return Err(TestCaseError::fail(format!("{text}: not compiled: {e:?}")));
        }
    }
    let (compiled, answered) = clauses_agree(text, &game, max, 3);
    prop_assert_eq!(compiled, game.generator().moves.len());
    prop_assert!(answered > 0, "{} always fell back", text);
    search_agrees(text, &game, max, 3);
    misere_agrees(text, &game, max, 3);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn moves_to_a_heap_agree_on_a_row(a in move_clause(false), b in move_clause(false)) {
        let text = format!(
            "ruleset \"r\" {{ heaps 3 in a row move {{ take 1.. from heap 1 }} {a} {b} }}"
        );
        agrees(&text, 5)?;
    }

    #[test]
    fn moves_to_a_heap_agree_on_named_heaps(a in move_clause(true), b in move_clause(true)) {
        let text = format!(
            "ruleset \"n\" {{ heaps (a, b, c) move {{ take 1..2 from one heap }} {a} {b} }}"
        );
        agrees(&text, 5)?;
    }
}

/// A `move ... to one other heap g` whose condition puts the amount on a heap at least the
/// one it leaves (`g >= h`), so that every move raises the sum of the squares of the heaps
/// and no sequence of moves returns to a position.
fn chosen_clause(named: bool) -> impl Strategy<Value = String> {
    let guard = prop_oneof![Just(""), Just(" when sum(heaps) mod 2 == 0")];
    let from = if named { "heap b" } else { "one heap h" };
    let h = if named { "b" } else { "h" };
    let forms: Vec<String> = vec![
        format!("move 1..2 from {from} to one other heap g where g >= {h}"),
        format!("move s in 1.. from {from} to one other heap g where g >= {h} and s mod 2 == 1"),
        format!("move s in {{1, 3}} from {from} to one other heap g where g > {h}"),
        format!(
            "move s in 2.. from {from} to one other heap g where g + s >= {h} + 3 and g >= {h}"
        ),
        format!("move s in 1..3 from {from} to the other heap g where g >= {h}"),
    ];
    (guard, proptest::sample::select(forms)).prop_map(|(g, f)| format!("move{g} {{ {f} }}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn moves_to_a_heap_chosen_agree(a in chosen_clause(false), b in chosen_clause(false)) {
        agrees(&format!("ruleset \"c\" {{ heaps any {a} {b} }}"), 5)?;
        agrees(&format!("ruleset \"d\" {{ heaps 2 {a} {b} }}"), 5)?;
        agrees(&format!("ruleset \"e\" {{ heaps 3 in a row {a} {b} }}"), 4)?;
    }

    #[test]
    fn moves_from_a_named_heap_to_a_heap_chosen_agree(a in chosen_clause(true)) {
        agrees(&format!("ruleset \"n\" {{ heaps (a, b, c) move {{ take 1 from heap c }} {a} }}"), 4)?;
    }
}

/// With no condition, a `move ... to one other heap` may return to a position (the followers
/// alone are compared), on heaps of a least size too; with a condition there it is
/// interpreted (the interpreter evaluates it on amounts that leave a heap below that size).
#[test]
fn moves_to_a_heap_chosen_without_a_condition_agree() {
    for text in [
        "ruleset \"f\" { heaps any move { move 1.. from one heap to one other heap } }",
        "ruleset \"g\" { heaps 3, each >= 1 move { move s in 1..2 from one heap to one other heap } }",
    ] {
        let game = Game::from_source("f", text, &[]).expect("a valid ruleset");
        let (compiled, answered) = clauses_agree(text, &game, 5, 3);
        assert_eq!(compiled, 1, "{text}");
        assert!(answered > 0);
    }
    let text = "ruleset \"h\" { heaps 3, each >= 1
  move { move 1.. from one heap h to one other heap g where g >= h } }";
    let game = Game::from_source("h", text, &[]).expect("a valid ruleset");
    let e = explain(game.shape(), &game.generator().moves[0])
        .err()
        .expect("interpreted");
    assert!(
        e.what.starts_with("a `move ... to` with a `where`"),
        "{}",
        e.what
    );
}

/// Staircase Nim's `move 1.. from heap i to heap i - 1` compiles (it did not: the `add` of
/// `move ... to` stopped the compiler), and agrees with the interpreter.
#[test]
fn staircase_nim_compiles() {
    let file = "rulesets/classic/staircase-nim.game";
    let game = load_path(file);
    for m in &game.generator().moves {
        assert!(compile(game.shape(), m).is_some(), "{file}: not compiled");
    }
    let (compiled, answered) = clauses_agree(file, &game, 5, 4);
    assert_eq!(compiled, game.generator().moves.len());
    assert!(answered > 0);
    search_agrees(file, &game, 5, 4);
    misere_agrees(file, &game, 5, 4);
}
