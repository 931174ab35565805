//! `split` compiled (issue 34): `split one heap into P parts` alone and `take S from one heap
//! h [where C]; split h into P parts` on `heaps any`, against the interpreter
//! (`Generator::interpreted`): generated rulesets (proptest) with guards, conditions, lists
//! of amounts with 0, `unequal` and `allowing empty`, every position's followers (the compiled
//! clause's moves with each partition built by brute force in the test), whole boxes by the
//! solver against the generic search on the interpreted generator, normal and misère play;
//! and the bundled take-and-break rulesets, which now compile, the same way.

use super::compiled_clauses::misere_agrees;
use super::compiled_moves::{box_agrees, clauses_agree, load_path};
use super::compiled_moves::{interpreted_generator, positions};
use heapgame::moves::compiled::{compile, explain};
use heapgame::solver::Solver;
use heapgame::Game;
use proptest::prelude::*;

/// A clause that splits: alone, or after a `take` from one heap that it splits.
fn split_clause() -> impl Strategy<Value = String> {
    let guard = prop_oneof![
        Just(""),
        Just(" when len(heaps) <= 2"),
        Just(" when sum(heaps) mod 2 == 0"),
    ];
    let parts = prop_oneof![
        Just("2 parts"),
        Just("3 parts"),
        Just("2 unequal parts"),
        Just("3 unequal parts"),
    ];
    // `allowing empty` only after a `take` of at least one token: alone, it would split a heap
    // into itself and an empty heap, a move to the same position (a loop).
    let take = prop_oneof![
        Just(None),
        Just(Some(("1..", ""))),
        Just(Some(("{1, 2}", ""))),
        Just(Some(("{0, 2}", ""))),
        Just(Some(("s in 2..4", ""))),
        Just(Some(("s in 1..", " where s mod 2 == 1"))),
        Just(Some(("s in 1..", " where s <= h / 2"))),
        Just(Some((
            "s in {1, 2, 3}",
            " where sum(heaps) mod 2 == 0 and s != h - 2"
        ))),
    ];
    (guard, parts, take, any::<bool>()).prop_map(|(g, p, t, empty)| match t {
        None => format!("move{g} {{ split one heap into {p} }}"),
        Some((a, c)) => {
            let empty = if empty && !a.contains('0') {
                " allowing empty"
            } else {
                ""
            };
            format!("move{g} {{ take {a} from one heap h{c}; split h into {p}{empty} }}")
        }
    })
}

/// The Grundy values of every position of the box by the generic search on the game's
/// generator (its compiled clauses, whose splits the generator writes) and on the interpreted
/// one: the box's solver may take another route (the sum mode reads the clauses itself).
pub(crate) fn search_agrees(label: &str, game: &Game, max: u32, heaps: usize) {
    let reference = interpreted_generator(game);
    let mut want = Solver::new(&reference);
    let mut got = Solver::new(game.generator());
    for pos in positions(game, max, heaps) {
        let w = want.grundy(&pos).map_err(|e| e.to_string());
        assert_eq!(
            got.grundy(&pos).map_err(|e| e.to_string()),
            w,
            "{label} at {pos:?}"
        );
    }
}

/// Every clause of `text` compiles, and its followers, the search's values (normal play) and
/// the misère values agree with the interpreter's on the box of `heaps` heaps up to `max`
/// (the generated clauses of the split, add and delete tests).
pub(crate) fn every_clause_agrees(
    text: &str,
    max: u32,
    heaps: usize,
) -> Result<Game, TestCaseError> {
    let game = Game::from_source("g", text, &[]).expect("a valid ruleset");
    for m in &game.generator().moves {
        if let Err(e) = explain(game.shape(), m) {
            return Err(TestCaseError::fail(format!("{text}: not compiled: {e:?}")));
        }
    }
    let (compiled, answered) = clauses_agree(text, &game, max, heaps);
    prop_assert_eq!(compiled, game.generator().moves.len());
    prop_assert!(answered > 0, "{} always fell back", text);
    search_agrees(text, &game, max, heaps);
    misere_agrees(text, &game, max, heaps);
    Ok(game)
}

/// [`every_clause_agrees`], and the boxes too.
fn agrees(text: &str, max: u32, heaps: usize) -> Result<(), TestCaseError> {
    let game = every_clause_agrees(text, max, heaps)?;
    box_agrees(text, &game, max, heaps, false);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn split_clauses_agree_with_the_interpreter(a in split_clause(), b in split_clause()) {
        let text = format!("ruleset \"s\" {{ heaps any move {{ take 1 from one heap }} {a} {b} }}");
        agrees(&text, 6, 3)?;
    }
}

/// The bundled take-and-break rulesets written with `split` compile whole now (each failed
/// before: the step `split` stopped the compiler), and agree with the interpreter.
#[test]
fn the_bundled_split_rulesets_compile() {
    for file in [
        "rulesets/classic/lasker-nim.game",
        "rulesets/classic/grundy-game.game",
        "rulesets/classic/kayles.game",
        "rulesets/classic/dawson-kayles.game",
    ] {
        let game = load_path(file);
        for m in &game.generator().moves {
            assert!(compile(game.shape(), m).is_some(), "{file}: not compiled");
        }
        let (compiled, answered) = clauses_agree(file, &game, 9, 3);
        assert_eq!(compiled, game.generator().moves.len(), "{file}");
        assert!(answered > 0, "{file}");
        box_agrees(file, &game, 9, 3, false);
        search_agrees(file, &game, 9, 3);
        misere_agrees(file, &game, 9, 3);
    }
}

/// A split of two heaps at once, interpreted before, now compiles (its followers written
/// whole, `moves::compiled::delete`) and agrees with the interpreter; a split into equal parts
/// is left to the interpreter, which the compiler says.
#[test]
fn a_split_of_several_heaps_compiles_whole() {
    let text = "ruleset \"f\" { heaps any move { split 2 heaps into 2 parts each } }";
    let game = Game::from_source("f", text, &[]).expect("valid");
    let c = explain(game.shape(), &game.generator().moves[0]).expect("compiled");
    assert!(
        c.describe().starts_with("`split` of heaps"),
        "{}",
        c.describe()
    );
    let (compiled, answered) = clauses_agree(text, &game, 6, 3);
    assert_eq!(compiled, 1);
    assert!(answered > 0);
    search_agrees(text, &game, 6, 3);
    let text = "ruleset \"e\" { heaps any move { split one heap into 2 equal parts } }";
    let game = Game::from_source("e", text, &[]).expect("valid");
    let e = explain(game.shape(), &game.generator().moves[0])
        .err()
        .expect("not compiled");
    assert_eq!(text[e.span].trim(), "split one heap into 2 equal parts");
}
