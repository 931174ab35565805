//! Falling conditions (`moves::compiled::falling`): a filter whose first conjunct, once false
//! as the amount grows, stays false ends the amount loop there. Which conjuncts are taken for
//! falling (and which are not: a wrong "falls" would lose moves), the followers against the
//! interpreter's on every position of a box, and near `u32::MAX`, where the interpreter
//! reports an overflow, the same error.

use crate::compiled_generator::followers;
use crate::compiled_moves::{clauses_agree, interpreted_generator, positions};
use heapgame::moves::compiled::compile;
use heapgame::Game;

fn one_heap(cond: &str) -> Game {
    let text = format!(
        "ruleset \"f\" {{ heaps 3 move {{ take s in 1.. from one heap h where {cond} }} }}"
    );
    Game::from_source("f", &text, &[]).unwrap_or_else(|e| panic!("{cond}: {e:?}"))
}

/// Whether the compiled clause ends its loop where the filter falls.
fn ends(game: &Game) -> bool {
    let c = compile(game.shape(), &game.generator().moves[0]).expect("compiles");
    c.ends_where_the_filter_falls()
}

#[test]
fn falling_conditions_end_the_loop_and_agree_with_the_interpreter() {
    let falling = [
        "s * s <= h",
        "s * s < h + 1",
        "h >= s * s",
        "h - s * s >= 0",
        "2 ^ s <= h",
        "s ^ 2 <= h + 3",
        "s * (s + 1) / 2 < max(heaps)",
        "3 * s * s <= sum(heaps) - h",
        "max(s * s, 2 * s) <= h",
        "h * s <= 40",
        "s * s <= h and s mod 2 == 1",
        // The `mod` becomes the loop's step; the falling conjunct is the filter's first.
        "s mod 3 == 0 and s * s <= h",
        "-(s * s) >= -h",
    ];
    for cond in falling {
        let game = one_heap(cond);
        assert!(ends(&game), "{cond}: not taken for falling");
        let (_, answered) = clauses_agree(cond, &game, 12, 3);
        assert_eq!(answered, positions(&game, 12, 3).len(), "{cond}: fell back");
    }
    // A finite set of amounts (the loop stops at the first member failing), and two heaps.
    for text in [
        "ruleset \"f\" { heaps 3 move { take s in {1, 2, 3, 5, 8, 13} from one heap h where s * s <= h + 1 } }",
        "ruleset \"f\" { heaps 3 move { take same s in 1.. from both heaps p where s * s <= min(p) } }",
        "ruleset \"f\" { heaps any move { take same s in 2..9 from 2 heaps p where s * s * 2 < max(p) + 3 } }",
    ] {
        let game = Game::from_source("f", text, &[]).expect("valid");
        assert!(ends(&game), "{text}: not taken for falling");
        let (_, answered) = clauses_agree(text, &game, 12, 3);
        assert_eq!(answered, positions(&game, 12, 3).len(), "{text}: fell back");
    }
}

#[test]
fn conditions_that_do_not_fall_are_filters_to_the_end() {
    let not_falling = [
        "s * s >= h",
        "s * s == h",
        "(s - 5) * (s - 5) <= h",
        "s mod 3 == 0 and s * s == h",
        "s * s <= h or s == h",
        "h != 2 and s * s <= h",
        "min(heaps) * s <= 20 - s * heaps[0]",
        "(s - 3) * s <= h",
        "s / 0 <= h",
        "h ^ s <= 100",
        "s * s <= h * s",
    ];
    for cond in not_falling {
        let Ok(game) = Game::from_source(
            "f",
            &format!(
                "ruleset \"f\" {{ heaps 3 move {{ take s in 1.. from one heap h where {cond} }} }}"
            ),
            &[],
        ) else {
            continue;
        };
        if compile(game.shape(), &game.generator().moves[0]).is_none() {
            continue;
        }
        assert!(!ends(&game), "{cond}: taken for falling");
        clauses_agree(cond, &game, 12, 3);
    }
}

/// Where `s * s * s` leaves `i64` at the window's last amount (a heap of at least 2^21), the
/// interpreter reports the overflow, and so does the generator (the compiled clause falls
/// back); below that, the loop ends early and the followers are the interpreter's.
#[test]
fn an_overflow_at_the_last_amount_is_the_interpreters() {
    let game = one_heap("s * s * s <= h");
    assert!(ends(&game));
    let slow = interpreted_generator(&game);
    for (pos, fails) in [
        ([1, 2, 2_000_000], false),
        ([1, 2, 2_097_151], false),
        ([0, 0, 2_097_152], true),
        ([5, 9, 4_000_000_000], true),
    ] {
        let got = followers(game.generator(), &pos);
        assert_eq!(got, followers(&slow, &pos), "{pos:?}");
        assert_eq!(got.is_err(), fails, "{pos:?}: {got:?}");
    }
}
