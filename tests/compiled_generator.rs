//! The generator's compiled path (`moves::generate`, clauses the move compiler compiles run as
//! compiled code outside a kernel's box: single positions, the search, sums) against the
//! interpreter alone (`Generator::interpreted`), follower set by follower set: on every
//! bundled ruleset, on the benchmark's user rulesets, on random rulesets of every shape (with
//! `positions where` rules), for the probe that stops at a follower, and for the errors; and
//! its stop: a long filtered amount loop on a huge heap ends at the interrupt.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::compiled_moves::{bundled_games, clause, interpreted_generator, load_path};
use heapgame::moves::{Followers, Generator, MoveError, Scratch};
use heapgame::solver::BoxSpec;
use heapgame::Game;
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// The followers of `pos` as a set, or the error's text.
pub(crate) fn followers(g: &Generator, pos: &[u32]) -> Result<BTreeSet<Vec<u32>>, String> {
    let mut out = Followers::new();
    g.followers(pos, &mut Scratch::default(), &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out.iter().map(<[u32]>::to_vec).collect())
}

/// Every position of the box up to `max` (at most `heaps` heaps for `heaps any`).
fn box_positions(game: &Game, max: u32, heaps: usize) -> Vec<Vec<u32>> {
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("a small box");
    let mut pos = Vec::new();
    (0..spec.len())
        .map(|r| {
            spec.unrank(r, &mut pos);
            pos.clone()
        })
        .collect()
}

/// The game's generator against the interpreter on every position of the box, with the
/// probe too: each follower stops a probe that waits for it, and a probe that never stops
/// sees exactly the followers. Answers how many positions had followers.
fn agrees(label: &str, game: &Game, max: u32, heaps: usize) -> usize {
    let (fast, slow) = (game.generator(), interpreted_generator(game));
    let mut moving = 0;
    for pos in box_positions(game, max, heaps) {
        let want = followers(&slow, &pos);
        let got = followers(fast, &pos);
        assert_eq!(got, want, "{label}: followers of {pos:?}");
        let Ok(want) = want else { continue };
        moving += usize::from(!want.is_empty());
        let mut seen = BTreeSet::new();
        let (mut s, mut out) = (Scratch::default(), Followers::new());
        let stopped = fast.followers_until(&pos, &mut s, &mut out, &mut |f| {
            seen.insert(f.to_vec());
            false
        });
        assert_eq!(stopped, Ok(false), "{label}: {pos:?}");
        assert_eq!(seen, want, "{label}: probed followers of {pos:?}");
        for w in &want {
            let found = fast.followers_until(&pos, &mut s, &mut out, &mut |f| f == &w[..]);
            assert_eq!(found, Ok(true), "{label}: {pos:?} to {w:?}");
        }
    }
    moving
}

#[test]
fn every_bundled_ruleset_generates_the_interpreters_followers() {
    let mut compiled = 0;
    for (rel, game) in &bundled_games() {
        compiled += game.generator().compiled_clauses();
        let heaps = game.shape().count.unwrap_or(3);
        let max = match heaps {
            0..=2 => 10,
            3 => 6,
            _ => 3,
        };
        agrees(rel, game, max, heaps);
    }
    assert!(
        compiled >= 10,
        "only {compiled} bundled clauses run compiled"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Random clauses on the three kinds of shape, some with a `positions where` rule.
    #[test]
    fn random_rulesets_generate_the_interpreters_followers(
        a in clause(),
        b in clause(),
        shape in 0..3usize,
        rule in proptest::option::of(prop_oneof![
            Just("positions where sum(heaps) mod 3 != 1"),
            Just("positions where max(heaps) <= 2 * min(heaps) + 3"),
        ]),
    ) {
        let shape = ["heaps any", "heaps 3", "heaps (x, y, z)"][shape];
        let rule = rule.unwrap_or("");
        let text = format!("ruleset \"r\" {{ {shape} {rule} {a} {b} }}");
        let game = match Game::from_source("r", &text, &[]) {
            Ok(g) => g,
            Err(_) => return Ok(()),
        };
        prop_assert!(game.generator().compiled_clauses() >= 1, "{} runs no compiled clause", text);
        agrees(&text, &game, 6, 3);
    }
}

/// The random rulesets are not vacuous: most positions have followers.
#[test]
fn random_rulesets_have_followers() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut moving, mut total) = (0, 0);
    for _ in 0..30 {
        let a = clause().new_tree(&mut runner).expect("a clause").current();
        let text = format!("ruleset \"r\" {{ heaps 3 {a} }}");
        let Ok(game) = Game::from_source("r", &text, &[]) else {
            continue;
        };
        moving += agrees(&text, &game, 5, 3);
        total += box_positions(&game, 5, 3).len();
    }
    assert!(moving * 2 > total, "{moving} of {total} positions move");
}

/// Where the interpreter reports an error, so does the generator (the compiled clause falls
/// back), with no follower of the compiled attempt left behind.
#[test]
fn errors_are_the_interpreters() {
    let text = "ruleset \"e\" { heaps 2 move { take s in 1.. from one heap h where s <= 10 / (h - 3) } move { take 1 from one heap } }";
    let game = Game::from_source("e", text, &[]).expect("valid");
    assert_eq!(game.generator().compiled_clauses(), 2);
    let slow = interpreted_generator(&game);
    let err = followers(game.generator(), &[3, 5]).expect_err("division by zero");
    assert_eq!(Err(err), followers(&slow, &[3, 5]));
    assert_eq!(
        followers(game.generator(), &[4, 5]),
        followers(&slow, &[4, 5])
    );
    // An overflow in the filter on a heap near 2^32 (s * s past i64 for s > 3.04 * 10^9):
    // the interpreter's error, found by the interpreter.
    let text =
        "ruleset \"o\" { heaps 1 move { take s in 1.. from one heap h where s * s * s == 7 } }";
    let game = Game::from_source("o", text, &[]).expect("valid");
    let slow = interpreted_generator(&game);
    let pos = [3_000_000];
    assert_eq!(followers(game.generator(), &pos), followers(&slow, &pos));
}

/// A filtered amount loop over a heap of 4 * 10^9 (no bound derived from `s * s mod 7 ==
/// 9`, so every amount is a candidate): the generator asks the interrupt while it rejects
/// candidates, and stops when told.
#[test]
fn a_long_filtered_loop_stops_at_the_interrupt() {
    let text =
        "ruleset \"f\" { heaps 1 move { take s in 1.. from one heap h where s * s mod 7 == 9 } }";
    let game = Game::from_source("f", text, &[]).expect("valid");
    assert_eq!(game.generator().compiled_clauses(), 1);
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let mut s = Scratch::default();
    s.set_interrupt(Some(Arc::new(move || {
        counter.fetch_add(1, Ordering::Relaxed) >= 10
    })));
    let r = game
        .generator()
        .followers(&[4_000_000_000], &mut s, &mut Followers::new());
    assert_eq!(r, Err(MoveError::Interrupted));
    assert_eq!(asked.load(Ordering::Relaxed), 11);
}

/// Positions of more than 64 heaps: the clauses of the quick shapes take the general loop
/// there (with its ticks); the followers are still the interpreter's.
#[test]
fn positions_of_many_heaps_agree_with_the_interpreter() {
    for file in [
        "benches/user/half-take-any.game",
        "benches/user/smallest-bounded.game",
    ] {
        let game = load_path(file);
        assert!(game.generator().compiled_clauses() >= 1, "{file}");
        let slow = interpreted_generator(&game);
        for n in [64usize, 65, 70] {
            // Sizes 1..=9 repeated: runs of equal heaps, as a sorted position has them.
            let mut pos: Vec<u32> = (0..n).map(|i| 1 + (i * 7 % 9) as u32).collect();
            pos.sort_unstable();
            let got = followers(game.generator(), &pos);
            assert_eq!(got, followers(&slow, &pos), "{file}: {n} heaps");
            assert!(got.is_ok_and(|f| !f.is_empty()), "{file}: {n} heaps");
        }
    }
}

/// A sum's single-heap sequence reads compiled clauses' runs of amounts directly
/// (`Generator::single_heap_runs`): the same values as the interpreter's followers, on `heaps
/// any` and on fixed counts (the heap beside empty ones), with guards, finite sets, steps,
/// falling conditions, and clauses on several heaps that never move a single heap.
#[test]
fn single_heap_sequences_agree_with_the_interpreter() {
    use heapgame::solver::sum::grundy_sequence;
    use heapgame::solver::Budget;
    let moves = [
        "move { take s in 1.. from one heap h where s * s <= h }",
        "move { take s in 1.. from one heap h where s <= h / 3 + 1 and s mod 2 == 1 }",
        "move { take {1, 4, 9, 16} from one heap }",
        "move when sum(heaps) mod 3 != 0 { take s in 1.. from one heap h where 2 * s <= h }",
        "move { take s in 2..7 from one heap h where s * s * s < 3 * h } move { take 1 from one heap }",
        "move { take s in 1.. from one heap h where (s * 7) mod 5 != 1 }",
        "move { take same 1.. from 2 heaps } move { take s in 1.. from one heap h where 3 * s >= h }",
    ];
    let mut compared = 0;
    for m in moves {
        for shape in ["heaps any", "heaps 1", "heaps 3"] {
            let text = format!("ruleset \"q\" {{ {shape} {m} }}");
            let game =
                Game::from_source("q", &text, &[]).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let slow = interpreted_generator(&game);
            let budget = Budget::default();
            let got = grundy_sequence(game.generator(), 300, &budget);
            let want = grundy_sequence(&slow, 300, &budget);
            match (got, want) {
                (Ok(got), Ok(want)) => {
                    assert_eq!(got, want, "{text}");
                    compared += 1;
                }
                (got, want) => assert_eq!(got.is_err(), want.is_err(), "{text}"),
            }
        }
    }
    assert!(compared >= 15, "only {compared} sequences compared");
}
