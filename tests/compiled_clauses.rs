//! The forms of clause the move compiler took for issue 34, against the interpreter
//! (`Generator::interpreted`), position by position: `keep one heap o` before a `take` among
//! the other heaps, `s mod E == r` with `E` read from a heap named before (the amount loop's
//! step), conjuncts that read only the position (evaluated once a position), constant parts
//! folded before play (`{p for p in 2..B if ...}`) and a leading `s in C` taken as the
//! amounts. Generated rulesets (proptest) on sorted, named and `heaps any` shapes: every
//! position's followers, whole boxes against the generic search, in normal and misère play;
//! and every bundled ruleset's whole generator against the interpreted one in misère play.

use super::compiled_moves::{
    box_agrees, bundled_games, clauses_agree, interpreted_generator, positions,
};
use heapgame::moves::compiled::{compile, explain};
use heapgame::solver::{Play, Solver};
use heapgame::Game;
use proptest::prelude::*;

/// The misère Grundy values of every position of the box, by the generic search on the
/// game's generator (compiled clauses) and on the interpreted one.
pub(crate) fn misere_agrees(label: &str, game: &Game, max: u32, heaps: usize) {
    let reference = interpreted_generator(game);
    let mut want = Solver::new(&reference).with_play(Play::Misere);
    let mut got = Solver::new(game.generator()).with_play(Play::Misere);
    for pos in positions(game, max, heaps) {
        let w = want.grundy(&pos).map_err(|e| e.to_string());
        let g = got.grundy(&pos).map_err(|e| e.to_string());
        assert_eq!(g, w, "{label}: misère at {pos:?}");
    }
}

/// A `keep one heap o` clause: a condition on `o`, then a `take` from the other heap(s)
/// whose condition steps by `o`, reads the position, or both.
fn keep_clause(three: bool) -> impl Strategy<Value = String> {
    // `o >= 1` wherever `mod o` is read: a division by zero is an error of the whole box
    // (`errors_of_a_kept_heap_fall_back` compares those errors follower by follower).
    let keep = prop_oneof![
        Just(" where o >= 1 and o != 3"),
        Just(" where o >= 1"),
        Just(" where o mod 2 == 1"),
        Just(" where o <= 4 and o >= 2"),
    ];
    let amounts = prop_oneof![Just("1.."), Just("2.."), Just("1..7")];
    let cond = prop_oneof![
        Just("s mod o == 0"),
        Just("s mod (o + 1) == 1"),
        Just("(s + 1) mod o == 0"),
        Just("s mod o == 0 and s <= h - 1"),
        Just("s <= o and s mod 2 == 0"),
        Just("sum(heaps) mod 2 == 1 and s mod o == 0"),
        Just("s mod o == 0 and max(heaps) > 4"),
        Just("s != o"),
    ];
    let take = match three {
        true => prop_oneof![Just("one other heap h"), Just("1..2 other heaps h")].boxed(),
        false => Just("the other heap h").boxed(),
    };
    (keep, amounts, cond, take).prop_map(|(k, a, c, t)| {
        // `h` names a single heap only.
        let c = if t.starts_with("1..2") {
            c.replace("h - 1", "o + 1")
        } else {
            c.to_string()
        };
        let t = t.replace("1..2 other heaps h", "1..2 other heaps");
        format!("move {{ keep one heap o{k}; take same s in {a} from {t} where {c} }}")
    })
}

/// A one-heap `take` whose condition has a part on the position, a constant comprehension,
/// or both.
fn folded_clause() -> impl Strategy<Value = String> {
    let cond = prop_oneof![
        Just("s in {p for p in 2..9 if all(d in 2..p - 1: p mod d != 0)}"),
        Just("s in {2 * q + 1 for q in 0..4} and sum(heaps) mod 2 == 0"),
        Just("sum(heaps) mod 3 != 1"),
        Just("s <= h / 2 and len(heaps) >= 2 and max(heaps) >= 3"),
        Just("s in {x for x in 1..12 if x mod 3 == 0} and s <= h - 1"),
        Just("count(q in 1..5: q mod 2 == 0) <= s"),
    ];
    let amounts = prop_oneof![Just("1.."), Just("2..6"), Just("{1, 2, 3, 6}")];
    (amounts, cond).prop_map(|(a, c)| format!("move {{ take s in {a} from one heap h where {c} }}"))
}

/// A one-heap `take` and a `keep` of the other heaps whose `all(z in o: z != E)` excludes
/// amounts (`E` affine in the amount, coefficient ±1).
fn exclude_clause() -> impl Strategy<Value = String> {
    let e = prop_oneof![
        Just("z != h - s"),
        Just("h - s != z"),
        Just("z != s"),
        Just("z != s + 1"),
        Just("z != h - s - 1"),
        Just("z != max(heaps) - s"),
        Just("z != 2 - s + h"),
    ];
    let take = prop_oneof![
        Just("take s in 1.. from one heap h"),
        Just("take s in 2.. from one heap h where s <= h / 2 + 1"),
        Just("take s in 1..4 from one heap h"),
        Just("take s in 1.. from one heap h where s mod 2 == 1"),
    ];
    (take, e)
        .prop_map(|(t, e)| format!("move {{ {t}; keep the other heaps o where all(z in o: {e}) }}"))
}

/// Followers, boxes (normal play) and misère values of `text` against the interpreter; every
/// clause compiles.
fn agrees(text: &str, max: u32, heaps: usize) -> Result<(), TestCaseError> {
    let game = Game::from_source("g", text, &[]).expect("a valid ruleset");
    for m in &game.generator().moves {
        if let Err(e) = explain(game.shape(), m) {
            return Err(TestCaseError::fail(format!("{text}: not compiled: {e:?}")));
        }
    }
    let (compiled, answered) = clauses_agree(text, &game, max, heaps);
    prop_assert_eq!(compiled, game.generator().moves.len());
    prop_assert!(answered > 0, "{} always fell back", text);
    box_agrees(text, &game, max, heaps, false);
    misere_agrees(text, &game, max, heaps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn keep_clauses_agree_on_two_heaps(
        a in keep_clause(false),
        shape in prop_oneof![Just("heaps 2"), Just("heaps (x, y)")],
    ) {
        let text = format!("ruleset \"k\" {{ {shape} move {{ take 1 from one heap }} {a} }}");
        agrees(&text, 12, 2)?;
    }

    #[test]
    fn keep_clauses_agree_on_three_heaps(
        a in keep_clause(true),
        shape in prop_oneof![Just("heaps 3"), Just("heaps any")],
    ) {
        let text = format!("ruleset \"k\" {{ {shape} move {{ take 1 from one heap }} {a} }}");
        agrees(&text, 6, 3)?;
    }

    #[test]
    fn excluded_amounts_agree(
        a in exclude_clause(),
        shape in prop_oneof![Just("heaps 3"), Just("heaps any"), Just("heaps (x, y, z)")],
    ) {
        let text = format!("ruleset \"x\" {{ {shape} move {{ take 1 from one heap }} {a} }}");
        agrees(&text, 7, 3)?;
    }

    #[test]
    fn folded_and_position_conditions_agree(
        a in folded_clause(),
        b in folded_clause(),
        shape in prop_oneof![Just("heaps 3"), Just("heaps any"), Just("heaps (x, y, z)")],
    ) {
        let text = format!("ruleset \"f\" {{ {shape} {a} {b} }}");
        agrees(&text, 7, 3)?;
    }
}

/// The four forms of the table of issue 34 that compile now, as its bench rows write them:
/// each compiles (the test fails on the state before, where none did but `take same` with
/// the filter `sum(heaps) mod 2 == 1` per amount), with no condition left per amount (a step
/// of `o`, a few excluded amounts, the primes listed once, the position's parity once).
#[test]
fn the_bench_rows_clauses_compile() {
    for file in [
        "multiple-take",
        "distinct-lower",
        "odd-same",
        "subtract-prime",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("benches/user/{file}.game"));
        let game = Game::load_file(&path, &[]).expect("loads");
        for m in &game.generator().moves {
            let c = compile(game.shape(), m).unwrap_or_else(|| panic!("{file}: not compiled"));
            // No condition is left to evaluate per amount.
            assert_eq!(c.filter_len(), 0, "{file}");
        }
        let (compiled, answered) =
            clauses_agree(file, &game, 9, 3.min(game.shape().count.unwrap_or(3)));
        assert_eq!(compiled, game.generator().moves.len(), "{file}");
        assert!(answered > 0, "{file}");
    }
}

/// A clause that is not compiled says which part stopped the compiler.
#[test]
fn explain_names_the_part_that_is_not_compiled() {
    let text = "ruleset \"d\" { heaps any\n move { take s in 1.. from one heap h; keep the other heaps o where any(z in o: z == h - s) }\n move { split one heap into 2 equal parts }\n move { take s in 1.. from one heap where any(z in heaps: z == s) } }";
    let game = Game::from_source("d", text, &[]).expect("valid");
    let why: Vec<String> = (game.generator().moves.iter())
        .map(|m| {
            let e = explain(game.shape(), m).err().expect("not compiled");
            text[e.span].trim().to_string()
        })
        .collect();
    assert_eq!(
        why,
        [
            "keep the other heaps o where any(z in o: z == h - s)",
            "split one heap into 2 equal parts",
            "any(z in heaps: z == s)",
        ]
    );
}

/// A kept heap of 0 makes `s mod o` a division by zero: the compiled clause falls back
/// there, and the interpreter reports it, as it does wherever it meets it.
#[test]
fn errors_of_a_kept_heap_fall_back() {
    for cond in [
        "s mod o == 0",
        "(s + 1) mod o == 0",
        "s mod o == 0 and s mod 2 == 0",
    ] {
        let text = format!(
            "ruleset \"e\" {{ heaps 3 move {{ keep one heap o; take s in 1.. from one other heap where {cond} }} }}"
        );
        let game = Game::from_source("e", &text, &[]).expect("valid");
        let (compiled, answered) = clauses_agree(&text, &game, 6, 3);
        assert_eq!(compiled, 1, "{text}");
        // Every position with no empty heap is answered; one with an empty heap falls back.
        assert!(answered >= positions(&game, 6, 3).iter().filter(|p| p[0] > 0).count());
    }
}

/// Every bundled ruleset's generator (its clauses compiled where they compile) against the
/// interpreted one, in misère play, on a small box.
#[test]
fn every_bundled_ruleset_agrees_in_misere_play() {
    for (rel, game) in &bundled_games() {
        if game.generator().positions.is_some() {
            // Excluded positions have no value of their own to compare (loops aside).
            continue;
        }
        let heaps = game.shape().count.unwrap_or(3);
        let max = match heaps {
            0..=2 => 9,
            3 => 5,
            _ => 3,
        };
        misere_agrees(rel, game, max, heaps.min(4));
    }
}

/// `heapgame moves --explain` says, on standard error, which clauses are compiled and, for
/// one that is not, the part that stopped the compiler with its line; the followers are
/// listed as without it.
#[test]
fn moves_explain_says_which_clauses_compile() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("rulesets/classic/fair-shares.game");
    let file = file.to_str().expect("a UTF-8 path");
    let pos = ["0", "0", "1", "1", "1", "1", "2", "2"];
    let args = [&["moves", file, "--explain"][..], &pos[..]].concat();
    let (code, out, err) = crate::common::run::run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, plain, _) = crate::common::run::run(&[&["moves", file][..], &pos[..]].concat());
    assert_eq!(out, plain);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("move at line 13 (j = 2): interpreted: the step `add`")
            && lines[0].ends_with(
                "at line 15, column 5: `add h / j to j - 1 other heaps g where sum(g) == 0`"
            ),
        "{err}"
    );
    let last = lines.last().expect("a line");
    assert!(
        last.starts_with("move at line 18: interpreted: the step `move ... to`")
            && last.ends_with("at line 18, column 10: `move h from one heap h to one other heap g where h > 0 and g > 0 and h != g`"),
        "{err}"
    );
}
