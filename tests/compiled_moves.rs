//! The move compiler (`moves::compiled`) against the interpreter, position by position: every
//! clause that compiles, of every bundled ruleset, of the benchmark's user rulesets and of
//! random rulesets (amounts, conditions with `/`, `mod`, `min`, `max`, `abs`, references to
//! other heaps, guards), gives exactly the interpreter's followers on every position of a box
//! (or falls back, which it must wherever the interpreter fails); bounds derived from a
//! condition against filtering by it; and the compiled-moves kernel against the generic
//! search on whole boxes.

use std::collections::BTreeSet;
use std::path::Path;

use heapgame::moves::compiled::{compile, regs_for, CompiledMove, Fallback, Tail};
use heapgame::moves::program::MoveProgram;
use heapgame::moves::{Followers, Generator, Scratch};
use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
use heapgame::{Game, Solver};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// Every way to write `w` as `parts` non-decreasing parts, each at least `min` (strictly
/// increasing when `unequal`), by brute force over all tuples.
fn partitions(w: u32, parts: usize, min: u32, unequal: bool) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..parts {
        all = (all.into_iter())
            .flat_map(|p: Vec<u32>| (min..=w).map(move |x| [p.clone(), vec![x]].concat()))
            .collect();
    }
    all.retain(|p| {
        p.iter().sum::<u32>() == w
            && p.windows(2)
                .all(|x| x[0] < x[1] || (!unequal && x[0] == x[1]))
    });
    all
}

/// The followers a compiled clause shows, built plainly: the amount taken from each heap
/// chosen, or added to it for an `add` (the heap then split into every partition, for a clause
/// that splits it; the amount put on heap `y`, for `move ... to heap y`), zeros
/// dropped for `heaps any`, sorted for the multiset shapes.
fn compiled_followers(
    game: &Game,
    c: &CompiledMove,
    pos: &[u32],
) -> Result<BTreeSet<Vec<u32>>, Fallback> {
    let mut regs = regs_for(std::slice::from_ref(c));
    regs.heaps = pos.iter().map(|&h| i64::from(h)).collect();
    let shape = game.shape();
    let mut out = BTreeSet::new();
    if c.tail() == Some(Tail::Deletes) {
        // A `delete` clause writes its followers whole.
        c.each_follower(pos, &mut regs, &mut |f| {
            out.extend(f.map(<[u32]>::to_vec));
            false
        })?;
        return Ok(out);
    }
    c.each(pos, &mut regs, &mut |combo, take| {
        assert_eq!(combo.len(), take.len());
        let mut f = pos.to_vec();
        if let (Some(Tail::ToChosen), &[x, y]) = (c.tail(), combo) {
            // `move ... to one other heap`: taken from the first heap, put on the second.
            f[x] = f[x]
                .checked_sub(take[0])
                .expect("an amount at most the heap");
            match f[y].checked_add(take[1]) {
                Some(v) => f[y] = v,
                None => return false,
            }
            if shape.count.is_none() {
                f.retain(|&h| h > 0);
            }
            if shape.names.is_none() {
                f.sort_unstable();
            }
            out.insert(f);
            return false;
        }
        for (&j, &s) in combo.iter().zip(take) {
            f[j] = match c.tail() {
                // `add`: the amount goes onto the heap, which never passes u32::MAX.
                Some(Tail::Add) => f[j].checked_add(s).expect("an amount that fits the heap"),
                _ => f[j].checked_sub(s).expect("an amount at most the heap"),
            };
        }
        let splits = match (c.split(), c.tail()) {
            (None, Some(Tail::To(y))) => {
                // The amount taken goes to heap `y`: no move when `y` is the heap taken from.
                if combo[0] == y {
                    return false;
                }
                match f[y].checked_add(take[0]) {
                    Some(v) => f[y] = v,
                    None => return false,
                }
                vec![f]
            }
            (None, _) => vec![f],
            (Some(t), _) => {
                let j = combo[0];
                let rest = [&f[..j], &f[j + 1..]].concat();
                (partitions(f[j], t.parts, t.min_part, t.unequal).into_iter())
                    .map(|p| [rest.clone(), p].concat())
                    .collect()
            }
        };
        for mut f in splits {
            if shape.count.is_none() {
                f.retain(|&h| h > 0);
            }
            if shape.names.is_none() {
                f.sort_unstable();
            }
            out.insert(f);
        }
        false
    })?;
    Ok(out)
}

/// The interpreter's followers of one clause alone, before any `positions where` rule (the
/// compiled clause never sees the rule: the kernels decline a ruleset that has one).
fn interpreted(game: &Game, m: &MoveProgram, pos: &[u32]) -> Result<BTreeSet<Vec<u32>>, String> {
    let g = Generator::interpreted(game.shape().clone(), vec![m.clone()], None);
    let mut out = Followers::new();
    g.followers(pos, &mut Scratch::default(), &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out.iter().map(<[u32]>::to_vec).collect())
}

/// The generator of `game` with every clause interpreted: the reference of the compiled
/// paths (the game's own generator runs the clauses that compile as compiled code, so a
/// generic search with it would check the compiled code against itself).
pub(crate) fn interpreted_generator(game: &Game) -> Generator {
    let g = game.generator();
    Generator::interpreted(g.shape.clone(), g.moves.clone(), g.positions.clone())
}

/// Every position of the box of `game` up to `max` (at most `heaps` heaps for `heaps any`).
pub(crate) fn positions(game: &Game, max: u32, heaps: usize) -> Vec<Vec<u32>> {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
    let mut out = Vec::new();
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        out.push(pos.clone());
    }
    out
}

/// Compares every compiled clause with the interpreter on the box; answers how many clauses
/// compiled and how many positions the compiled path answered (not falling back).
pub(crate) fn clauses_agree(label: &str, game: &Game, max: u32, heaps: usize) -> (usize, usize) {
    let shape = game.shape();
    let mut compiled = 0;
    let mut answered = 0;
    for m in &game.generator().moves {
        let Some(c) = compile(shape, m) else {
            continue;
        };
        compiled += 1;
        for pos in positions(game, max, heaps) {
            let want = interpreted(game, m, &pos);
            match (compiled_followers(game, &c, &pos), want) {
                (Ok(got), Ok(want)) => {
                    answered += 1;
                    assert_eq!(got, want, "{label}: followers of {pos:?}");
                }
                (Err(Fallback), _) => {}
                (Ok(got), Err(e)) => {
                    panic!(
                        "{label}: at {pos:?} the interpreter fails ({e}), compiled gives {got:?}"
                    )
                }
            }
        }
    }
    (compiled, answered)
}

pub(crate) fn load_path(rel: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    Game::load_file(&path, &[]).unwrap_or_else(|e| panic!("{rel}: {e:?}"))
}

/// Every `.game` file under `dir`.
fn game_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a directory") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            game_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

/// Every bundled ruleset and the benchmark's user rulesets, loaded, with their paths.
pub(crate) fn bundled_games() -> Vec<(String, Game)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    game_files(&root.join("rulesets"), &mut files);
    game_files(&root.join("benches/user"), &mut files);
    files.sort();
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root).expect("under the root");
            let rel = rel.to_string_lossy().to_string();
            let game = load_path(&rel);
            (rel, game)
        })
        .collect()
}

#[test]
fn every_bundled_ruleset_compiled_clause_agrees_with_the_interpreter() {
    let mut compiled = 0;
    for (rel, game) in &bundled_games() {
        let heaps = game.shape().count.unwrap_or(3);
        // Small boxes: heaps many enough to meet every move.
        let max = if heaps <= 2 {
            12
        } else if heaps <= 3 {
            7
        } else {
            4
        };
        compiled += clauses_agree(rel, game, max, heaps).0;
    }
    // Nim, the subtraction games, Wythoff's take from one heap... compile.
    assert!(compiled >= 10, "only {compiled} bundled clauses compiled");
}

/// The four user rulesets of the benchmark compile whole, and the kernel's boxes agree with
/// the generic search position by position.
#[test]
fn the_benchmark_rulesets_compile_and_their_boxes_agree_with_the_search() {
    for (file, max, heaps) in [
        ("benches/user/half-take.game", 9, 3),
        ("benches/user/other-bounded.game", 14, 2),
        ("benches/user/guarded.game", 9, 3),
        ("benches/user/smallest-bounded.game", 6, 4),
    ] {
        let game = load_path(file);
        box_agrees(file, &game, max, heaps, true);
    }
}

/// The box by `solve_box` against a fresh generic search at every position; with `kernel`,
/// the compiled-moves kernel must have filled it.
pub(crate) fn box_agrees(label: &str, game: &Game, max: u32, heaps: usize, kernel: bool) {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
    for want in [Want::Grundy, Want::Outcome] {
        let t = solve_box(game.generator(), &spec, want, &Budget::default())
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        if kernel {
            assert_eq!(t.kernel, Some("compiled-moves"), "{label}");
        }
        let reference = interpreted_generator(game);
        let mut generic = Solver::new(&reference);
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            let g = generic.grundy(&pos).expect("generic");
            let expect = match want {
                Want::Grundy => g,
                Want::Outcome => u32::from(g != 0),
            };
            assert_eq!(t.value(r), expect, "{label} {want:?} at {pos:?}");
        }
    }
}

/// Conditions linear in the amount become bounds; the followers are those of filtering by
/// the condition (the interpreter), and the bounds were derived (so the test can fail).
#[test]
fn bounds_from_conditions_agree_with_filtering() {
    let conds = [
        "s <= h / 2",
        "2 * s <= h",
        "2 * s < h + 1",
        "3 * s >= h - 4",
        "s + 2 > h / 3",
        "s == h - 2",
        "s mod 3 == 1",
        "(s + h) mod 4 == 2",
        "1 == s mod 2",
        "s <= max(heaps) - h and s mod 2 == 0",
        "-s >= -5 and 10 - s > 3",
        "s <= sum(heaps) / 3 and s != 2",
        "2 * s <= min(heaps) + 1 or s == h",
        "s mod 3 == 5",
        "s * 2 == h",
    ];
    for cond in conds {
        let text = format!(
            "ruleset \"b\" {{ heaps 3 move {{ take s in 1.. from one heap h where {cond} }} }}"
        );
        let game = Game::from_source("b", &text, &[]).unwrap_or_else(|e| panic!("{cond}: {e:?}"));
        let m = &game.generator().moves[0];
        let c = compile(game.shape(), m).unwrap_or_else(|| panic!("{cond}: not compiled"));
        if !cond.contains(" or ") {
            assert!(c.bound_count() >= 1, "{cond}: no bound derived");
        }
        let (_, answered) = clauses_agree(cond, &game, 12, 3);
        assert_eq!(answered, positions(&game, 12, 3).len(), "{cond}: fell back");
    }
    // Same amounts from a named pair, and an amount bounded by the other named heap.
    let text = "ruleset \"t\" { heaps (x, y, z) move { take same s in 1.. from 2 heaps p where s + z < x + 3 and 2 * s <= min(p) } move { take s in {1, 2, 4, 7} from heap y where s <= x } }";
    let game = Game::from_source("t", text, &[]).expect("valid");
    let (n, answered) = clauses_agree("named", &game, 6, 3);
    assert_eq!(n, 2);
    assert_eq!(answered, 2 * 7 * 7 * 7);
}

/// Errors: where the interpreter fails (division by zero, overflow, `min` of nothing), the
/// compiled clause falls back and the box is left to the interpreter, which reports the error.
#[test]
fn errors_fall_back_to_the_interpreter() {
    let text =
        "ruleset \"e\" { heaps 2 move { take s in 1.. from one heap h where s <= 10 / (h - 3) } }";
    let game = Game::from_source("e", text, &[]).expect("valid");
    let c = compile(game.shape(), &game.generator().moves[0]).expect("compiles");
    assert_eq!(compiled_followers(&game, &c, &[3, 3]), Err(Fallback));
    clauses_agree("div", &game, 6, 2);
    let spec = BoxSpec::new(game.shape(), 6, 2).expect("small");
    let r = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default());
    assert!(
        r.is_err(),
        "the interpreter reports the division by zero: {r:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Random rulesets
// ---------------------------------------------------------------------------------------------

/// An integer term over the amount `s`, the chosen heap `h` (or pair `p`), and the position.
fn term(depth: u32, single: bool) -> BoxedStrategy<String> {
    let mut leaves = vec![
        Just("s".to_string()).boxed(),
        (0i64..7).prop_map(|n| n.to_string()).boxed(),
        Just("min(heaps)".to_string()).boxed(),
        Just("max(heaps)".to_string()).boxed(),
        Just("sum(heaps)".to_string()).boxed(),
        Just("len(heaps)".to_string()).boxed(),
        Just("heaps[0]".to_string()).boxed(),
    ];
    if single {
        leaves.push(Just("h".to_string()).boxed());
    } else {
        leaves.push(Just("min(p)".to_string()).boxed());
        leaves.push(Just("max(p)".to_string()).boxed());
    }
    let leaf = proptest::strategy::Union::new(leaves).boxed();
    if depth == 0 {
        return leaf;
    }
    let sub = term(depth - 1, single);
    prop_oneof![
        2 => leaf,
        1 => (sub.clone(), prop_oneof![Just("+"), Just("-"), Just("*"), Just("/"), Just("mod")], sub.clone())
            .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
        1 => sub.clone().prop_map(|a| format!("abs({a})")),
        1 => (sub.clone(), sub).prop_map(|(a, b)| format!("max({a}, {b})")),
    ]
    .boxed()
}

/// A condition: comparisons joined by `and`/`or`, maybe negated.
fn condition(single: bool) -> BoxedStrategy<String> {
    let cmp = (
        term(2, single),
        prop_oneof![
            Just("<="),
            Just("<"),
            Just("=="),
            Just("!="),
            Just(">="),
            Just(">")
        ],
        term(2, single),
    )
        .prop_map(|(a, op, b)| format!("{a} {op} {b}"));
    let modc =
        (term(1, single), 1i64..5, 0i64..5).prop_map(|(a, m, r)| format!("{a} mod {m} == {r}"));
    let atom = prop_oneof![3 => cmp, 1 => modc];
    (
        atom.clone(),
        proptest::option::of((prop_oneof![Just("and"), Just("or")], atom)),
        any::<bool>(),
    )
        .prop_map(|(a, rest, neg)| {
            let c = match rest {
                Some((op, b)) => format!("{a} {op} {b}"),
                None => a,
            };
            if neg {
                format!("not ({c})")
            } else {
                c
            }
        })
        .boxed()
}

/// A clause: one heap (named `h`) or two (named `p`, the same amount), an amount set, a
/// condition, maybe a guard on the position.
pub(crate) fn clause() -> impl Strategy<Value = String> {
    let amounts = prop_oneof![
        Just("1..".to_string()),
        (1i64..4).prop_map(|k| format!("1..{k}")),
        Just("{1, 2, 5}".to_string()),
        (2i64..4).prop_map(|k| format!("{k}..")),
    ];
    let guard = proptest::option::of(prop_oneof![
        Just("when sum(heaps) mod 2 == 0".to_string()),
        Just("unless max(heaps) - min(heaps) > 3".to_string()),
        Just("when any heap in {2, 3}".to_string()),
    ]);
    (any::<bool>(), amounts, guard, any::<bool>())
        .prop_flat_map(|(single, amounts, guard, has_cond)| {
            (
                Just((single, amounts, guard)),
                if has_cond {
                    condition(single).prop_map(Some).boxed()
                } else {
                    Just(None).boxed()
                },
            )
        })
        .prop_map(|((single, amounts, guard), cond)| {
            let sel = if single {
                format!("take s in {amounts} from one heap h")
            } else {
                format!("take same s in {amounts} from both heaps p")
            };
            let cond = cond.map(|c| format!(" where {c}")).unwrap_or_default();
            format!("move {} {{ {sel}{cond} }}", guard.unwrap_or_default())
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_clauses_agree_with_the_interpreter(
        c in clause(),
        any_shape in any::<bool>(),
    ) {
        let shape = if any_shape { "heaps any" } else { "heaps 3" };
        let text = format!("ruleset \"r\" {{ {shape} {c} }}");
        let game = match Game::from_source("r", &text, &[]) {
            Ok(g) => g,
            // A condition the checker refuses (none expected, but not the point here).
            Err(_) => return Ok(()),
        };
        let (compiled, _) = clauses_agree(&text, &game, 7, 3);
        prop_assert_eq!(compiled, 1, "{} did not compile", text);
    }
}

/// The random clauses are not vacuous: most positions are answered by the compiled path.
#[test]
fn random_clauses_are_mostly_answered_without_falling_back() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut answered, mut total) = (0usize, 0usize);
    for _ in 0..60 {
        let c = clause().new_tree(&mut runner).expect("a clause").current();
        let text = format!("ruleset \"r\" {{ heaps 3 {c} }}");
        let Ok(game) = Game::from_source("r", &text, &[]) else {
            continue;
        };
        answered += clauses_agree(&text, &game, 6, 3).1;
        total += positions(&game, 6, 3).len();
    }
    assert!(answered * 2 > total, "{answered} of {total} answered");
}

#[test]
fn a_random_ruleset_box_agrees_with_the_search() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut filled = 0;
    for _ in 0..20 {
        let a = clause().new_tree(&mut runner).expect("a clause").current();
        let b = clause().new_tree(&mut runner).expect("a clause").current();
        let text = format!("ruleset \"r\" {{ heaps 3 {a} {b} }}");
        let Ok(game) = Game::from_source("r", &text, &[]) else {
            continue;
        };
        let spec = BoxSpec::new(game.shape(), 6, 3).expect("small");
        let t = solve_box(game.generator(), &spec, Want::Grundy, &Budget::default());
        if t.as_ref().is_ok_and(|t| t.kernel == Some("compiled-moves")) {
            filled += 1;
        }
        if t.is_ok() {
            box_agrees(&text, &game, 6, 3, false);
        }
    }
    assert!(filled >= 10, "only {filled} boxes by the kernel");
}

/// `take S from each of C heaps`: the amount chosen for each heap independently from a finite
/// set, on several shapes, with and without a guard.
fn each_clause() -> impl Strategy<Value = String> {
    let amounts = prop_oneof![
        Just("1"),
        Just("{1, 2}"),
        Just("1..3"),
        Just("{2, 5}"),
        Just("{1, 3, 4}"),
    ];
    let counts = prop_oneof![
        Just("2"),
        Just("1..2"),
        Just("{1, 3}"),
        Just("2..3"),
        Just("all")
    ];
    let guard = prop_oneof![
        Just(""),
        Just("when sum(heaps) mod 2 == 0"),
        Just("unless any heap in {3}"),
    ];
    (amounts, counts, guard).prop_map(|(a, c, g)| {
        if c == "all" {
            format!("move {g} {{ take {a} from all heaps }}")
        } else {
            format!("move {g} {{ take {a} from each of {c} heaps }}")
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn each_clauses_agree_with_the_interpreter(
        c in each_clause(),
        shape in prop_oneof![Just("heaps 3"), Just("heaps 4"), Just("heaps any")],
    ) {
        let text = format!("ruleset \"r\" {{ {shape} {c} }}");
        let game = Game::from_source("r", &text, &[]).expect("a valid ruleset");
        let (compiled, answered) = clauses_agree(&text, &game, 5, 4);
        prop_assert_eq!(compiled, 1, "{} did not compile", text);
        prop_assert!(answered > 0);
        box_agrees(&text, &game, 5, 4, false);
    }
}

/// Bhowmik et al.'s ({1}, {2})_3 (take one token from each of two piles): its clause compiles
/// (amounts per heap), and the box `solve_box` fills (the cube kernel) agrees with Theorems 4
/// and 5 written out here: with a <= b <= c, P iff c >= a + b and a, b even, or
/// c < a + b and (a, b, c all even, or a + c - b = 1 mod 4 with b even, or a + c - b = 3 mod
/// 4 with b odd).
#[test]
fn st_game_compiles_and_its_box_agrees_with_theorems_4_and_5() {
    let game = load_path("rulesets/bhowmik/st-game.game");
    let (compiled, answered) = clauses_agree("st-game", &game, 6, 3);
    assert_eq!((compiled, answered), (1, positions(&game, 6, 3).len()));
    let n = 24;
    let spec = BoxSpec::new(game.shape(), n, 3).expect("small box");
    let t = solve_box(game.generator(), &spec, Want::Outcome, &Budget::default()).expect("solves");
    assert_eq!(t.kernel, Some("cube"));
    let mut pos = Vec::new();
    for r in 0..spec.len() {
        spec.unrank(r, &mut pos);
        let (a, b, c) = (i64::from(pos[0]), i64::from(pos[1]), i64::from(pos[2]));
        let even = |x: i64| x % 2 == 0;
        let p = if c >= a + b {
            even(a) && even(b)
        } else {
            (even(a) && even(b) && even(c))
                || ((a + c - b) % 4 == 1 && even(b))
                || ((a + c - b) % 4 == 3 && !even(b))
        };
        assert_eq!(t.value(r), u32::from(!p), "({a}, {b}, {c})");
    }
    box_agrees("st-game", &game, 9, 3, false);
}
