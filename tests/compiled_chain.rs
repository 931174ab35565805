//! A `positions where` rule that orders every named heap (`a < b and b <= c`, in any order of
//! the heaps, strict or not) is the compiled-moves kernel's box itself (issue 34, item 3): the
//! kernel walks and ranks the allowed tuples only, and a follower that breaks the order is no
//! move. Generated rulesets (proptest: the order, its strictness, a least heap size, other
//! comparisons left as a filter, clauses of runs, stepped runs, several heaps and later steps)
//! solved by the kernel against the generic search on the interpreted generator at every
//! allowed position, Grundy values and outcomes, and misère values by the generic search on
//! the compiled clauses against the interpreter.

use super::compiled_steps::allowed_agree;
use heapgame::solver::{solve_box, BoxSpec, Budget, Play, Solver, Want};
use heapgame::Game;
use proptest::prelude::*;

/// The order `x0 R x1 R x2` of the heaps `a, b, c` in the permutation `perm`, each link
/// strict when its bit of `strict` is set, written as a user would (`<`, `<=`, or reversed).
fn chain_rule(perm: usize, strict: u32, reversed: bool) -> String {
    let perms = [
        ["a", "b", "c"],
        ["a", "c", "b"],
        ["b", "a", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
        ["c", "b", "a"],
    ];
    let p = perms[perm];
    let link = |i: usize| {
        let s = strict >> i & 1 == 1;
        match (reversed, s) {
            (false, true) => format!("{} < {}", p[i], p[i + 1]),
            (false, false) => format!("{} <= {}", p[i], p[i + 1]),
            (true, true) => format!("{} > {}", p[i + 1], p[i]),
            (true, false) => format!("{} >= {}", p[i + 1], p[i]),
        }
    };
    format!("{} and {}", link(0), link(1))
}

/// A clause on `heaps (a, b, c)`.
fn clause() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("move { take 1.. from one heap }"),
        Just("move { take s in 1.. from one heap h where s mod 2 == 1 }"),
        Just("move { take 1..3 from one heap }"),
        Just("move { take s in 2.. from heap a where s mod 3 == 2 }"),
        Just("move { take same s in 1.. from both heaps }"),
        Just("move { take s in 1.. from heap b; set heap c to min(c, b - s) }"),
        Just("move { take 1 from heap a; take 1 from heap c }"),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn an_ordered_box_agrees_with_the_search(
        perm in 0usize..6,
        strict in 0u32..4,
        reversed in any::<bool>(),
        lower in prop_oneof![Just(""), Just(", each >= 1")],
        extra in prop_oneof![Just(""), Just(" and a != 2"), Just(" and b >= 1 and c != 5")],
        a in clause(),
        b in clause(),
    ) {
        let rule = chain_rule(perm, strict, reversed);
        let text = format!(
            "ruleset \"o\" {{ heaps (a, b, c){lower} positions where {rule}{extra} {a} {b} }}"
        );
        let game = Game::from_source("o", &text, &[]).expect("a valid ruleset");
        allowed_agree(&text, &game, 7, 3);
        misere_agrees(&text, &game, 7);
    }
}

/// The misère Grundy values of the allowed positions of the box, by the generic search on the
/// compiled clauses and on the interpreted generator.
fn misere_agrees(label: &str, game: &Game, max: u32) {
    let reference = super::compiled_moves::interpreted_generator(game);
    let mut want = Solver::new(&reference).with_play(Play::Misere);
    let mut got = Solver::new(game.generator()).with_play(Play::Misere);
    for pos in super::compiled_moves::positions(game, max, 3) {
        if game.allows(&pos) {
            let w = want.grundy(&pos).map_err(|e| e.to_string());
            let g = got.grundy(&pos).map_err(|e| e.to_string());
            assert_eq!(g, w, "{label}: misère at {pos:?}");
        }
    }
}

/// A chain that allows no tuple of the box (four coins strictly ordered on three squares):
/// the kernel's box is empty, and the excluded positions' entries are 0.
#[test]
fn a_chain_longer_than_the_box_allows_nothing() {
    let text = "ruleset \"e\" { heaps (a, b, c, d) positions where a < b and b < c and c < d \
                move { take 1.. from one heap } }";
    let game = Game::from_source("e", text, &[]).expect("a valid ruleset");
    let spec = BoxSpec::new(game.shape(), 2, 4).expect("a small box");
    for want in [Want::Grundy, Want::Outcome] {
        let t = solve_box(game.generator(), &spec, want, &Budget::default()).expect("solved");
        assert_eq!(t.kernel, Some("compiled-moves"));
        assert_eq!(t.len(), 81);
        assert!((0..t.len()).all(|r| t.value(r) == 0), "{want:?}");
    }
}
