//! The work estimate is an upper bound, measured on every bundled ruleset: for each position of
//! a small box, the followers the generator writes are at most the estimated branching, and a
//! solve from the position stores at most the estimated number of positions. (The estimate
//! may be far too high; it must never be too low, or heapgame would start a solve it meant to
//! refuse.)

use std::path::{Path, PathBuf};

use heapgame::estimate::{followers_at_least, Estimate};
use heapgame::moves::{Followers, Scratch};
use heapgame::solver::positions::box_positions;
use heapgame::Game;

fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("rulesets/")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            game_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

#[test]
fn estimate_bounds_followers_and_positions() {
    let mut files = Vec::new();
    game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets"),
        &mut files,
    );
    let mut checked = 0;
    for f in &files {
        let game = Game::load_file(f, &[]).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let shape = game.shape().clone();
        let (max, heaps) = match shape.count {
            Some(k) if k > 4 => (4, k),
            Some(k) => (7, k),
            None => (5, 3),
        };
        let mut scratch = Scratch::default();
        let mut out = Followers::new();
        for pos in box_positions(&shape, max, heaps) {
            let est = Estimate::for_position_in(game.generator(), &pos, game.play());
            game.generator()
                .followers(&pos, &mut scratch, &mut out)
                .unwrap_or_else(|e| panic!("{}: {pos:?}: {e}", f.display()));
            assert!(
                out.len() as f64 <= est.branching,
                "{}: {pos:?} has {} followers, estimated at most {}",
                f.display(),
                out.len(),
                est.branching
            );
            let least = followers_at_least(game.generator(), &pos);
            assert!(
                least <= out.len() as f64,
                "{}: {pos:?} has {} followers, counted at least {least}",
                f.display(),
                out.len(),
            );
            let mut solver = game.solver();
            match solver.grundy(&pos) {
                // A loopy game: the search stops at the loop (its region is solved apart,
                // with Smith's values); the estimate bounds the search only.
                Err(heapgame::SolveError::Cycle(_)) => continue,
                r => r.unwrap_or_else(|e| panic!("{}: {pos:?}: {e}", f.display())),
            };
            let stored = solver.positions_stored();
            assert!(
                stored as f64 <= est.positions,
                "{}: {pos:?} stored {stored} positions, estimated at most {}",
                f.display(),
                est.positions
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
}

/// Shapes of moves the bundled rulesets do not have, found by the fuzz run or written to
/// test the estimate's corners: splits into more parts than tokens, references to several heaps,
/// named amounts, steps after steps.
#[test]
fn estimate_bounds_unusual_moves() {
    let moves = [
        "move { split one heap into 64 parts allowing empty }",
        "move { split one heap into 3 parts }",
        "move { keep 2 heaps h; take 1.. from h }",
        "move { keep each of 1..3 heaps h; take 1.. from h }",
        "move { take s in 1.., t in 0.. from both heaps where s != t }",
        "move { delete one heap; split every other heap into 2 parts allowing empty }",
        "move { take 1.. from one heap h; take 1.. from one other heap; lower it by 1 }",
        "move { take same 0.. from all heaps }",
    ];
    let mut checked = 0;
    for m in moves {
        let src = format!("ruleset \"E\" {{\n  heaps any\n  {m}\n}}\n");
        let game = Game::from_source("e.game", &src, &[]).unwrap_or_else(|e| panic!("{m}: {e}"));
        let mut scratch = Scratch::default();
        let mut out = Followers::new();
        for pos in box_positions(game.shape(), 5, 3) {
            let est = Estimate::for_position(game.generator(), &pos);
            if game
                .generator()
                .followers(&pos, &mut scratch, &mut out)
                .is_err()
            {
                continue;
            }
            assert!(
                out.len() as f64 <= est.branching,
                "{m}: {pos:?} has {} followers, estimated at most {}",
                out.len(),
                est.branching
            );
            let least = followers_at_least(game.generator(), &pos);
            assert!(least <= out.len() as f64, "{m}: {pos:?}: {least}");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

/// The lower bound that refusals rest on counts the moves it knows exactly: the same number of
/// followers as the generator writes, position by position, and for `take 1.. from each of
/// 1..k heaps` the closed form: with distinct sizes a_i, (a_1 + 1) ... (a_k + 1) - 1 (each heap
/// loses 0..=a_i, not all 0); with k equal heaps of a, a + a^2 + ... + a^k (the heaps chosen
/// once per count).
#[test]
fn counted_moves_are_counted_exactly() {
    let moves = [
        "move { take 1.. from one heap }",
        "move { take {1, 3, 4} from one heap }",
        "move { take 2..5 from each of 1..3 heaps }",
        "move { take 1.. from each of 2 heaps }",
        "move { take same 1.. from all heaps }",
        "move { take same {1, 2} from all heaps }",
        "move { take 1.. from each of 1..3 heaps }\n  move { take same 1.. from all heaps }",
    ];
    let mut checked = 0;
    for shape in ["heaps any", "heaps 3"] {
        for m in moves {
            let src = format!("ruleset \"E\" {{\n  {shape}\n  {m}\n}}\n");
            let game =
                Game::from_source("e.game", &src, &[]).unwrap_or_else(|e| panic!("{m}: {e}"));
            let mut scratch = Scratch::default();
            let mut out = Followers::new();
            for pos in box_positions(game.shape(), 6, 3) {
                game.generator()
                    .followers(&pos, &mut scratch, &mut out)
                    .unwrap_or_else(|e| panic!("{m}: {pos:?}: {e}"));
                let least = followers_at_least(game.generator(), &pos);
                assert_eq!(least, out.len() as f64, "{shape}; {m}: {pos:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
    let src = "ruleset \"X\" {\n  heaps 4\n  move { take 1.. from each of 1..4 heaps }\n}\n";
    let game = Game::from_source("x.game", src, &[]).expect("the ruleset loads");
    let distinct = [2u32, 3, 5, 7];
    let product: f64 = distinct.iter().map(|&a| f64::from(a) + 1.0).product();
    assert_eq!(
        followers_at_least(game.generator(), &distinct),
        product - 1.0
    );
    let equal = [9u32; 4];
    let powers: f64 = (1..=4).map(|c| 9f64.powi(c)).sum();
    assert_eq!(followers_at_least(game.generator(), &equal), powers);
}
