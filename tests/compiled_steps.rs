//! Clauses of several steps that the move compiler takes (issue 34, item 1): a `take` and then
//! `take` steps on named heaps with amounts computed from the move (the lowered form of `set
//! heap c to min(c, b - s)`, which only lowers its heap), and amounts `c..E` computed in play
//! (`take s in 1..a - 1 from heap a`). Against the interpreter (`Generator::interpreted`),
//! position by position, on generated rulesets (proptest) with and without a `positions
//! where` rule, whole boxes against the generic search, in normal and misère play; and
//! three-row Chomp, as bench row 10e writes it, against a plain Chomp solver written here.

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
    ];
    let then = prop_oneof![
        Just("take 1 from heap c"),
        Just("take 0..1 from heap c"),
        Just("take {0, 2} from heap c"),
        Just("take c - c / 2 from heap c"),
        Just("set heap c to min(c, b)"),
        Just("set heap c to min(c, a - s)"),
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
    box_agrees(text, &game, max, 3, false);
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
