//! Single positions through the memoized search (`eval`, `moves`, the REPL): the fast path for
//! `delete C heaps; lower every other heap by d` (the cookie game's move) against a plain
//! follower list written here, the search's answers against a plain recursive brute force,
//! and which rulesets the search treats as loop-free.

use crate::common;

use std::collections::BTreeSet;

use common::{multisets_up_to, tuples, Brute, Shape};
use heapgame::{Game, Outcome};

/// The followers of a sorted position without zeros, written plainly: for every choice of
/// `c` heaps (by index) with `c` in `counts`, delete them and lower every other heap by `by`,
/// dropping heaps that reach 0. Sorted, without repeats. (With [`Brute`], the plain Grundy
/// recursion of tests/common.)
fn brute_followers(pos: &[u32], counts: &[usize], by: u32) -> BTreeSet<Vec<u32>> {
    let n = pos.len();
    let mut out = BTreeSet::new();
    for mask in 0u32..(1 << n) {
        if !counts.contains(&(mask.count_ones() as usize)) {
            continue;
        }
        let mut f: Vec<u32> = (0..n)
            .filter(|&i| mask & (1 << i) == 0)
            .map(|i| pos[i].saturating_sub(by))
            .filter(|&h| h > 0)
            .collect();
        f.sort_unstable();
        out.insert(f);
    }
    out
}

fn ruleset(counts: &str, by: u32) -> Game {
    let text = format!(
        "ruleset \"delete-lower\" {{\n  heaps any\n  move {{ delete {counts} heaps; lower every other heap by {by} }}\n}}\n"
    );
    Game::from_source("delete-lower.game", &text, &[]).expect("the ruleset loads")
}

/// The variants checked: the count sets (as written in the ruleset and as a list) and amounts.
fn variants() -> Vec<(&'static str, Vec<usize>, u32)> {
    vec![
        ("1", vec![1], 1),
        ("1", vec![1], 2),
        ("2", vec![2], 1),
        ("{1, 2}", vec![1, 2], 1),
        ("{0, 2}", vec![0, 2], 3),
    ]
}

#[test]
fn delete_and_lower_followers_match_a_plain_list() {
    for (counts, cs, by) in variants() {
        let game = ruleset(counts, by);
        let mut solver = game.solver();
        for pos in multisets_up_to(5, 1, 5) {
            let got: BTreeSet<Vec<u32>> = solver
                .followers(&pos)
                .expect("followers")
                .into_iter()
                .collect();
            assert_eq!(
                got,
                brute_followers(&pos, &cs, by),
                "delete {counts}, lower by {by}, at {pos:?}"
            );
        }
    }
}

#[test]
fn delete_and_lower_values_match_a_plain_recursion() {
    for (counts, cs, by) in variants() {
        let game = ruleset(counts, by);
        if cs.contains(&0) {
            // Deleting no heap lowers every heap: from the empty position back to itself, a
            // loop, which the search must report rather than take as loop-free.
            assert!(!game.generator().strictly_decreasing());
            let err = game.solver().outcome(&[]).expect_err("a loop");
            assert!(matches!(err, heapgame::SolveError::Cycle(_)), "{err:?}");
            continue;
        }
        let mut brute = Brute::new(counts, Shape::Any, move |p: &[u32]| {
            brute_followers(p, &cs, by).into_iter().collect()
        });
        // One solver for Grundy values and one for outcomes, each reused across positions (as
        // `eval` and the REPL reuse theirs), so stored entries are read back too.
        let (mut g_solver, mut o_solver) = (game.solver(), game.solver());
        for pos in multisets_up_to(6, 1, 6) {
            let want = brute.grundy(&pos);
            assert_eq!(g_solver.grundy(&pos).expect("grundy"), want, "{pos:?}");
            let o = o_solver.outcome(&pos).expect("outcome");
            assert_eq!(
                o == Outcome::P,
                want == 0,
                "delete {counts}, lower by {by}, at {pos:?}"
            );
        }
    }
}

#[test]
fn the_cookie_staircase_matches_a_plain_recursion() {
    let game = Game::load_file(std::path::Path::new("rulesets/propp/cookie.game"), &[])
        .expect("the cookie game loads");
    let mut solver = game.solver();
    let mut brute = Brute::new("cookie", Shape::Any, |p: &[u32]| {
        brute_followers(p, &[1], 1).into_iter().collect()
    });
    for n in 1..=11u32 {
        let pos: Vec<u32> = (1..=n).collect();
        let want = brute.grundy(&pos);
        assert_eq!(
            solver.outcome(&pos).expect("outcome") == Outcome::P,
            want == 0,
            "1..{n}"
        );
        assert_eq!(solver.grundy(&pos).expect("grundy"), want, "1..{n}");
    }
}

#[test]
fn loop_free_rulesets_are_recognised_and_loops_still_reported() {
    let decreasing = |path: &str| {
        Game::load_file(std::path::Path::new(path), &[])
            .expect("loads")
            .generator()
            .strictly_decreasing()
    };
    for path in [
        "rulesets/propp/cookie.game",
        "rulesets/classic/wythoff.game",
        "rulesets/classic/kayles.game",
    ] {
        assert!(decreasing(path), "{path} removes a counter with every move");
    }
    // Splitting alone keeps the number of counters: (3) -> (0, 3) = (3) is a loop.
    assert!(!decreasing("tests/inputs/errors/loop.game"));
    let game =
        Game::load_file(std::path::Path::new("tests/inputs/errors/loop.game"), &[]).expect("loads");
    let err = game.solver().outcome(&[3]).expect_err("a loop");
    assert!(
        matches!(err, heapgame::SolveError::Cycle(_)),
        "the loop is reported: {err:?}"
    );
    // A take whose amounts may be 0 returns to the same position: not loop-free, and the
    // loop is reported.
    let zero = Game::from_source(
        "zero.game",
        "ruleset \"z\" {\n  heaps any\n  move { take {0, 1} from one heap }\n}\n",
        &[],
    )
    .expect("loads");
    assert!(!zero.generator().strictly_decreasing());
    let err = zero.solver().outcome(&[3]).expect_err("a loop");
    assert!(matches!(err, heapgame::SolveError::Cycle(_)), "{err:?}");
}

#[test]
fn answers_through_a_kernel_agree_with_the_search_on_every_bundled_ruleset() {
    let budget = heapgame::solver::Budget::default();
    let mut through = 0;
    let mut files: Vec<_> = std::fs::read_dir("rulesets")
        .expect("rulesets/")
        .flat_map(|d| std::fs::read_dir(d.expect("a dir").path()).expect("a dir"))
        .map(|f| f.expect("a file").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    for path in files {
        let game = Game::load_file(&path, &[]).expect("a bundled ruleset loads");
        let Some(k) = game.shape().count else {
            continue;
        };
        let top = match k {
            2 => 11,
            3 => 6,
            _ => 4,
        };
        let lo = game.shape().lower;
        let mut solver = game.solver();
        for t in tuples(k, lo + top)
            .into_iter()
            .filter(|t| t.iter().all(|&h| h >= lo))
        {
            let pos = game
                .canonical(&t.iter().map(|&h| u64::from(h)).collect::<Vec<_>>())
                .expect("a position of the shape");
            let Some(answer) =
                heapgame::solver::position::through_kernel(game.generator(), &pos, &budget)
            else {
                continue;
            };
            let answer = answer.expect("the kernel solves the box");
            through += 1;
            let want_g = solver.grundy(&pos).expect("the search solves it");
            let want_wins = solver.winning_moves(&pos).expect("winning moves");
            assert_eq!(answer.grundy, Some(want_g), "{} at {pos:?}", path.display());
            assert_eq!(answer.wins, want_wins, "{} at {pos:?}", path.display());
        }
    }
    // Wythoff, d-Wythoff, the beta-games, Fraenkel-Zusman, Moore and Bhowmik's games go
    // through a kernel: many positions must have been compared.
    assert!(
        through > 1000,
        "only {through} positions went through a kernel"
    );
}

#[test]
fn a_position_limit_leaves_larger_boxes_to_the_search() {
    let game =
        Game::load_file(std::path::Path::new("rulesets/classic/wythoff.game"), &[]).expect("loads");
    let pos = [30u32, 40];
    let through = |limit: Option<usize>| {
        let budget = heapgame::solver::Budget {
            max_positions: limit,
            ..heapgame::solver::Budget::default()
        };
        heapgame::solver::position::through_kernel(game.generator(), &pos, &budget).is_some()
    };
    // The box of heaps <= 40 holds 41 * 42 / 2 = 861 positions.
    assert!(through(None));
    assert!(through(Some(861)));
    assert!(!through(Some(860)));
}
