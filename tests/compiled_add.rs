//! `add` compiled (issue 34): a clause whose one step is `add S to SEL [where C]`, read as a
//! `take` whose amounts are added, against the interpreter (`Generator::interpreted`):
//! generated rulesets (proptest) of `add` clauses on `heaps any`, on two heaps and on named
//! heaps, with guards, amounts from ranges, lists, names, `same` and `c..E` computed in play,
//! conditions that bound the loop, step it, filter it or fall; every position's followers
//! (built plainly in the test), the generic search's values in normal and misère play. Every
//! clause's condition caps the heap it grows, so that no sequence of moves returns to a
//! position. And the room left below `u32::MAX`, which caps an `add` as the heap caps a
//! `take`, position by position near it; Take-or-add and Adders-and-ladders' `add`s compile.

use super::compiled_moves::{clauses_agree, load_path};
use super::compiled_split::every_clause_agrees;
use heapgame::moves::compiled::compile;
use heapgame::moves::{Followers, Generator, Scratch};
use heapgame::Game;
use proptest::prelude::*;

/// An `add` clause on one heap (named `h`, or the named heap `b`) or two (`g`, `same`), whose condition caps what
/// it adds to (heaps only grow, and stop below about 8).
fn add_clause(named: bool) -> impl Strategy<Value = String> {
    let guard = prop_oneof![
        Just(""),
        Just(" when sum(heaps) mod 2 == 0"),
        Just(" when min(heaps) <= 2"),
    ];
    let (one, h) = if named {
        ("heap b", "b")
    } else {
        ("one heap h", "h")
    };
    let forms: Vec<String> = vec![
        format!("add 1..2 to {one} where {h} <= 4"),
        format!("add {{1, 3}} to {one} where {h} <= 3"),
        format!("add s in 1..3 to {one} where {h} + s <= 6"),
        format!("add s in 1..4 to {one} where s mod 2 == 1 and {h} <= 4"),
        format!("add s in 1..4 to {one} where {h} * s <= 6"),
        format!("add s in 1..7 - {h} to {one}"),
        format!("add 2 to {one} where {h} mod 4 == 3"),
        "add same s in {1, 2} to 2 heaps g where max(g) + s <= 6".to_string(),
    ];
    (guard, proptest::sample::select(forms)).prop_map(|(g, f)| format!("move{g} {{ {f} }}"))
}

/// Every clause compiles and agrees with the interpreter ([`every_clause_agrees`]).
fn agrees(text: &str, max: u32, heaps: usize) -> Result<(), TestCaseError> {
    every_clause_agrees(text, max, heaps).map(drop)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn adds_agree_on_any_number_of_heaps(a in add_clause(false), b in add_clause(false)) {
        agrees(&format!("ruleset \"a\" {{ heaps any {a} {b} }}"), 4, 3)?;
    }

    #[test]
    fn adds_agree_on_two_heaps(a in add_clause(false), b in add_clause(false)) {
        agrees(&format!("ruleset \"t\" {{ heaps 2 {a} {b} }}"), 5, 2)?;
    }

    #[test]
    fn adds_agree_on_named_heaps(a in add_clause(true), b in add_clause(false)) {
        agrees(&format!("ruleset \"n\" {{ heaps (a, b, c) {a} {b} }}"), 4, 3)?;
    }
}

/// The followers of `text` at `pos`, sorted, by the game's generator and by the interpreter.
fn both(text: &str, pos: &[u32]) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let game = Game::from_source("u", text, &[]).expect("a valid ruleset");
    let g = game.generator();
    assert_eq!(g.compiled_clauses(), g.moves.len(), "{text}: not compiled");
    let reference = Generator::interpreted(g.shape.clone(), g.moves.clone(), None);
    let list = |g: &Generator| {
        let mut out = Followers::new();
        g.followers(pos, &mut Scratch::default(), &mut out)
            .expect("followers");
        let mut v: Vec<Vec<u32>> = out.iter().map(<[u32]>::to_vec).collect();
        v.sort();
        v
    };
    (list(g), list(&reference))
}

/// Near `u32::MAX` an `add` has only the amounts that keep its heaps within it: the heap
/// 4294967293 takes 1 and 2 of `1..5` (written by hand), the same amount on two heaps is
/// capped by the larger, and the interpreter agrees.
#[test]
fn adds_stop_at_the_largest_heap() {
    let big = u32::MAX - 2;
    let (got, want) = both(
        "ruleset \"u\" { heaps any move { add 1..5 to one heap } }",
        &[big],
    );
    assert_eq!(got, vec![vec![big + 1], vec![big + 2]]);
    assert_eq!(got, want);
    let text = "ruleset \"w\" { heaps 2 move { add same s in 1..5 to 2 heaps where s >= 1 } }";
    let (got, want) = both(text, &[7, big]);
    assert_eq!(got, vec![vec![8, big + 1], vec![9, big + 2]]);
    assert_eq!(got, want);
}

/// The `add`s of the bundled rulesets that compile now (each stopped the compiler before,
/// at the step `add`) agree with the interpreter, follower by follower.
#[test]
fn the_bundled_adds_compile() {
    let file = "rulesets/classic/take-or-add.game";
    let game = load_path(file);
    let compiled = (game.generator().moves.iter())
        .filter(|m| compile(game.shape(), m).is_some())
        .count();
    assert_eq!(compiled, game.generator().moves.len(), "{file}");
    let (n, answered) = clauses_agree(file, &game, 12, 2);
    assert_eq!(n, compiled);
    assert!(answered > 0);
}
