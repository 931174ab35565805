//! `delete` compiled (issue 34): `delete SEL` alone or followed by `lower SEL by d` or `split
//! SEL into P parts [each]`, and a lone `lower` or `split` of several heaps, written whole by the compiled clause, against the interpreter
//! (`Generator::interpreted`): generated rulesets (proptest) on `heaps any` and on a fixed
//! number of heaps of a least size (named heaps have no `delete`), with guards, counts, `the other heap(s)`,
//! `every other heap`, unequal parts and parts allowing empty; every position's followers,
//! the generic search's values in normal and misère play. Every move deletes or lowers a heap
//! of at least one token, or makes more heaps of as many tokens, so that no sequence of moves
//! returns to a position. And the bundled Abuku rulesets and the cookie
//! game, each of whose `delete` clauses compiles now.

use super::compiled_clauses::misere_agrees;
use super::compiled_moves::{clauses_agree, load_path};
use super::compiled_split::{every_clause_agrees, search_agrees};
use heapgame::moves::compiled::explain;
use proptest::prelude::*;

/// A guard, or none.
fn guard() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just(""),
        Just(" when sum(heaps) mod 2 == 0"),
        Just(" when len(heaps) >= 2"),
    ]
}

/// A `delete` clause on `heaps any`.
fn any_clause() -> impl Strategy<Value = String> {
    let forms = vec![
        "delete one heap",
        "delete one heap; split the other heap into 2 parts",
        "delete one heap; split one other heap into 2 parts",
        "delete one heap; split the other heaps into 2 parts each",
        "delete {1, 2} heaps; lower every other heap by 1",
        "delete one heap; lower one other heap by 2",
        "delete one heap; split one other heap into 3 unequal parts",
        "delete one heap; split one other heap into 2 parts allowing empty",
        "lower one heap by 2",
        "lower 2 heaps by 1",
        "split 2 heaps into 2 parts each",
    ];
    (guard(), proptest::sample::select(forms)).prop_map(|(g, f)| format!("move{g} {{ {f} }}"))
}

/// A `delete` clause that keeps the number of heaps of three (deleting a heap of at least one
/// token: heaps of a least size 1).
fn fixed_clause() -> impl Strategy<Value = String> {
    let forms = vec![
        "delete one heap; split one other heap into 2 parts",
        "delete 2 heaps; split the other heap into 3 parts",
        "delete one heap; split one other heap into 2 unequal parts",
        "lower one heap by 1",
    ];
    (guard(), proptest::sample::select(forms)).prop_map(|(g, f)| format!("move{g} {{ {f} }}"))
}

/// Every clause compiles and agrees with the interpreter ([`every_clause_agrees`]).
fn agrees(text: &str, max: u32, heaps: usize) -> Result<(), TestCaseError> {
    every_clause_agrees(text, max, heaps).map(drop)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn deletes_agree_on_any_number_of_heaps(a in any_clause(), b in any_clause()) {
        agrees(&format!("ruleset \"a\" {{ heaps any {a} {b} }}"), 5, 3)?;
    }

    #[test]
    fn deletes_agree_on_three_heaps(a in fixed_clause(), b in fixed_clause()) {
        agrees(&format!("ruleset \"f\" {{ heaps 3, each >= 1 {a} {b} }}"), 5, 3)?;
    }
}

/// The bundled rulesets whose moves start with `delete` (each clause stopped the compiler
/// before, at the step `delete`, or ran the fast path alone) compile whole now, and agree with
/// the interpreter follower by follower and in both plays.
#[test]
fn the_bundled_deletes_compile() {
    for file in [
        "rulesets/abuku/vdn.game",
        "rulesets/abuku/single-delete.game",
        "rulesets/abuku/half-delete.game",
        "rulesets/abuku/abo-delete.game",
        "rulesets/propp/cookie.game",
    ] {
        let game = load_path(file);
        let moves = &game.generator().moves;
        for m in moves {
            let c = explain(game.shape(), m);
            assert!(c.is_ok(), "{file}: {:?}", c.err());
        }
        let (n, answered) = clauses_agree(file, &game, 5, 4);
        assert_eq!(n, moves.len(), "{file}");
        assert!(answered > 0, "{file}");
        search_agrees(file, &game, 5, 4);
        misere_agrees(file, &game, 5, 4);
    }
}
