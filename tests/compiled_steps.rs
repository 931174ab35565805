//! Clauses of several steps that the move compiler takes (issue 34, item 1): a `take` and then
//! `take` steps on named heaps with amounts computed from the move (the lowered form of `set
//! heap c to min(c, b - s)`, which only lowers its heap), and amounts `c..E` computed in play
//! (`take s in 1..a - 1 from heap a`). Against the interpreter (`Generator::interpreted`),
//! position by position, on generated rulesets (proptest) with and without a `positions
//! where` rule, whole boxes against the generic search, in normal and misère play; and
//! three-row Chomp, as bench row 10e writes it, against a plain Chomp solver written here.
//! With a `positions where` rule that compiles, the compiled-moves kernel solves the box's
//! allowed positions only (issue 34, item 3): those are compared, on named, sorted and `heaps
//! any` shapes, and coins on a strip (row 10d) against a plain solver.

use super::compiled_moves::{box_agrees, clauses_agree, interpreted_generator, positions};
use heapgame::moves::compiled::explain;
use heapgame::solver::{solve_box, BoxSpec, Budget, Play, Solver, Want};
use heapgame::Game;
use proptest::prelude::*;

/// The misère Grundy values of every position of the box, by the generic search on the
/// game's generator (compiled clauses) and on the interpreted one.
fn misere_agrees(label: &str, game: &Game, max: u32, heaps: usize) {
    let reference = interpreted_generator(game);
    let mut want = Solver::new(&reference).with_play(Play::Misere);
    let mut got = Solver::new(game.generator()).with_play(Play::Misere);
    for pos in positions(game, max, heaps) {
        let w = want.grundy(&pos).map_err(|e| e.to_string());
        let g = got.grundy(&pos).map_err(|e| e.to_string());
        assert_eq!(g, w, "{label}: misère at {pos:?}");
    }
}

/// A clause of a first `take` from a heap of `heaps (a, b, c)` and one or two later steps:
/// a `set` that only lowers its heap, or a `take` from a named heap.
fn steps_clause() -> impl Strategy<Value = String> {
    let first = prop_oneof![
        Just("take s in 1.. from heap a"),
        Just("take s in 1..a - 1 from heap a"),
        Just("take s in 2..a / 2 + 1 from heap a where s != 3"),
        Just("take s in 1.. from one heap h"),
        Just("take s in 1..3 from heap a"),
    ];
    let to = prop_oneof![
        Just("min(b, a - s)"),
        Just("min(a - s, b)"),
        Just("min(b, s)"),
        Just("b / 2"),
        Just("min(b, 2)"),
        Just("max(0, b - 1)"),
        Just("min(b, a)"),
        Just("min(b, max(0, a - 2 * s))"),
        Just("min(b, a - s, 3)"),
        Just("min(b, max(s - 1, a - 3 * s))"),
    ];
    let then = prop_oneof![
        Just("take 1 from heap c"),
        Just("take 0..1 from heap c"),
        Just("take {0, 2} from heap c"),
        Just("take c - c / 2 from heap c"),
        Just("set heap c to min(c, b)"),
        Just("set heap c to min(c, a - s)"),
        Just("take min(c, s) from heap c where s != 2"),
        Just("take max(0, c - a + s) from heap c where s <= c and 2 * s > a - 4"),
        Just(""),
    ];
    (first, to, then).prop_map(|(f, t, n)| {
        // `h` is the single heap `one heap h` chose; the other forms name `a`.
        let t = if f.contains("one heap h") {
            t.replace("a - s", "h - s").replace(", a)", ", h)")
        } else {
            t.to_string()
        };
        let n = match n {
            "" => String::new(),
            n if f.contains("one heap h") => format!("; {}", n.replace("a - s", "h - s")),
            n => format!("; {n}"),
        };
        format!("move {{ {f}; set heap b to {t}{n} }}")
    })
}

/// The box solved by `solve_box` (through the compiled-moves kernel) against the generic
/// search on the interpreted generator, at the positions the `positions where` rule allows.
pub(super) fn allowed_agree(label: &str, game: &Game, max: u32, heaps: usize) {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
    for want in [Want::Grundy, Want::Outcome] {
        let t = solve_box(game.generator(), &spec, want, &Budget::default())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(t.kernel, Some("compiled-moves"), "{label}");
        let reference = interpreted_generator(game);
        let mut generic = Solver::new(&reference);
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
            assert_eq!(t.value(r), expect, "{label} {want:?} at {pos:?}");
        }
    }
}

/// Followers, boxes (normal play) and misère values of `text` against the interpreter; every
/// clause compiles.
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
    match game.generator().positions {
        Some(_) => allowed_agree(text, &game, max, 3),
        None => box_agrees(text, &game, max, 3, false),
    }
    misere_agrees(text, &game, max, 3);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn later_steps_agree(a in steps_clause(), b in steps_clause()) {
        let text = format!("ruleset \"t\" {{ heaps (a, b, c) move {{ take 1 from heap c }} {a} {b} }}");
        agrees(&text, 6)?;
    }

    #[test]
    fn later_steps_agree_with_a_positions_rule(a in steps_clause()) {
        let text = format!(
            "ruleset \"t\" {{ heaps (a, b, c) positions where c <= b and b <= a \
             move {{ take 1.. from heap c }} {a} }}"
        );
        agrees(&text, 6)?;
    }

    /// Every heap at least 1: a later step that would empty its heap is no move (the
    /// compiled steps showed it before).
    #[test]
    fn later_steps_agree_with_a_least_size(a in steps_clause()) {
        let text = format!(
            "ruleset \"t\" {{ heaps (a, b, c), each >= 1 \
             move {{ take 1 from heap a; take 1 from heap c }} {a} }}"
        );
        agrees(&text, 6)?;
    }
}

/// A one-heap `take` on a shape of heaps in any order, with a rule.
fn ruled_clause() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("move { take s in 1.. from one heap h where s <= h / 2 + 1 }"),
        Just("move { take 1..3 from one heap }"),
        Just("move { take same s in 1.. from both heaps where s mod 2 == 1 }"),
        Just("move { take s in 1..min(heaps) from one heap }"),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn allowed_positions_agree_on_unordered_shapes(
        a in ruled_clause(),
        b in ruled_clause(),
        shape in prop_oneof![Just("heaps 3"), Just("heaps any")],
        rule in prop_oneof![
            Just("sum(heaps) mod 3 != 1"),
            Just("sum(heaps) <= 10 or len(heaps) == 1"),
            Just("len(heaps) != 2"),
            Just("all(x in heaps: x != 4)"),
        ],
    ) {
        let text = format!("ruleset \"u\" {{ {shape} positions where {rule} {a} {b} }}");
        let game = Game::from_source("u", &text, &[]).expect("a valid ruleset");
        let spec = BoxSpec::new(game.shape(), 6, 3).expect("small box");
        if rule.starts_with("all(") {
            // A quantifier is not compiled: the kernel declines, the search solves the box.
            prop_assert!(heapgame::solver::kernels::kernel_for(game.generator(), &spec).is_none());
            box_agrees(&text, &game, 6, 3, false);
        } else {
            allowed_agree(&text, &game, 6, 3);
        }
    }
}

/// Coins on a strip (row 10d: four coins on squares `a < b < c < d`; a coin slides left onto
/// an empty square without jumping over another), written plainly: Grundy values by the mex
/// over every coin's every new square.
fn coins(n: u32) -> std::collections::HashMap<Vec<u32>, u32> {
    let mut g = std::collections::HashMap::new();
    let mut all: Vec<Vec<u32>> = Vec::new();
    for a in 0..=n {
        for b in a + 1..=n {
            for c in b + 1..=n {
                for d in c + 1..=n {
                    all.push(vec![a, b, c, d]);
                }
            }
        }
    }
    // Every follower has a smaller sum.
    all.sort_by_key(|p| p.iter().sum::<u32>());
    for p in all {
        let mut seen = [false; 64];
        for i in 0..4 {
            let from = if i == 0 { 0 } else { p[i - 1] + 1 };
            for x in from..p[i] {
                let mut q = p.clone();
                q[i] = x;
                seen[g[&q] as usize] = true;
            }
        }
        g.insert(p, seen.iter().take_while(|&&s| s).count() as u32);
    }
    g
}

/// Row 10d's coins on a strip: the compiled-moves kernel takes the ruleset (it declined every
/// ruleset with `positions where` before), and its values at the allowed positions are those
/// of the plain solver above.
#[test]
fn coins_on_a_strip_through_the_kernel_agree_with_a_plain_solver() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/user/coins-strip.game");
    let game = Game::load_file(&path, &[]).expect("loads");
    let n = 9;
    let want = coins(n);
    let spec = BoxSpec::new(game.shape(), n, 4).expect("small box");
    let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
    assert_eq!(t.kernel, Some("compiled-moves"));
    let mut pos = Vec::new();
    let mut allowed = 0;
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        if let Some(&v) = want.get(&pos) {
            allowed += 1;
            assert_eq!(t.value(r), v, "at {pos:?}");
        }
    }
    // C(10, 4) positions.
    assert_eq!(allowed, 210);
}

/// A `set` whose new size may exceed the heap (`min(b + 1, a)`) keeps its clause that adds,
/// which is not compiled; the clauses where the heap is lowered or kept are.
#[test]
fn a_set_that_may_raise_keeps_its_clause_that_adds() {
    let text = "ruleset \"r\" { heaps (a, b) move { take s in 1.. from heap a; set heap b to min(b + 1, a - s) } }";
    let game = Game::from_source("r", text, &[]).expect("valid");
    let moves = &game.generator().moves;
    assert_eq!(moves.len(), 3);
    let compiled = moves
        .iter()
        .filter(|m| explain(game.shape(), m).is_ok())
        .count();
    assert_eq!(compiled, 2);
    let (n, answered) = clauses_agree(text, &game, 7, 2);
    assert_eq!((n, answered > 0), (2, true));
    box_agrees(text, &game, 7, 2, false);
}

/// The Grundy values of three-row Chomp, rows `a >= b >= c` (`a >= 1`, the poisoned square
/// first in the bottom row), written plainly: eating the square at row `r`, column `k` eats
/// every square of rows `r` and above from column `k` on; the poisoned square is never eaten.
fn chomp3(n: usize) -> Vec<Vec<Vec<u32>>> {
    let mut g = vec![vec![vec![0u32; n + 1]; n + 1]; n + 1];
    for a in 1..=n {
        for b in 0..=a {
            for c in 0..=b {
                let mut seen = vec![false; 3 * n + 3];
                let rows = [a, b, c];
                for r in 0..3 {
                    for k in 0..rows[r] {
                        if r == 0 && k == 0 {
                            continue;
                        }
                        let mut y = rows;
                        for row in y.iter_mut().skip(r) {
                            *row = (*row).min(k);
                        }
                        seen[g[y[0]][y[1]][y[2]] as usize] = true;
                    }
                }
                g[a][b][c] = seen.iter().take_while(|&&s| s).count() as u32;
            }
        }
    }
    g
}

/// Bench row 10e's three-row Chomp: every clause compiles (none of its `set` clauses did
/// before: their clause that adds was kept, `min` not being read as never above the heap, and
/// a second step stopped the compiler), and the box's values at the allowed positions are
/// those of the plain Chomp solver above.
#[test]
fn three_row_chomp_compiles_and_agrees_with_chomp() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/user/chomp-3row.game");
    let game = Game::load_file(&path, &[]).expect("loads");
    for m in &game.generator().moves {
        if let Err(e) = explain(game.shape(), m) {
            panic!("not compiled: {e:?}");
        }
    }
    assert_eq!(game.generator().moves.len(), 7);
    let n = 9;
    let want = chomp3(n as usize);
    let spec = BoxSpec::new(game.shape(), n, 3).expect("small box");
    let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default()).expect("solves");
    let mut pos = Vec::new();
    let mut allowed = 0;
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let [a, b, c] = [pos[0] as usize, pos[1] as usize, pos[2] as usize];
        if a >= 1 && b <= a && c <= b {
            allowed += 1;
            assert_eq!(t.value(r), want[a][b][c], "at {pos:?}");
        }
    }
    assert_eq!(
        allowed,
        (1..=n as usize)
            .map(|a| (a + 1) * (a + 2) / 2)
            .sum::<usize>()
    );
    let (compiled, answered) = clauses_agree("chomp", &game, 7, 3);
    assert_eq!(compiled, 7);
    assert!(answered > 0);
}
