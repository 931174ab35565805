//! Take-and-break games: the single-heap sequences against plain recursive definitions of the
//! games written here (not the interpreter) and against OEIS; the periodicity finder and the
//! periodicity theorem on sequences of known preperiod and period; sums (XOR of single-heap
//! values, winning moves by target value) against the generic search on small positions.

use crate::common;

use std::collections::BTreeSet;

use common::{load, mex};
use heapgame::sequence::{periodicity, sequence, SequenceError};
use heapgame::solver::Budget;
use heapgame::{Game, Solver};

/// An octal-style game by its rules: for each amount `j` taken, whether leaving the rest whole
/// (or nothing) is allowed, and whether splitting the rest into two non-empty parts is (with
/// `unequal`, parts of different sizes). Values of heaps 0..=max, by the definition.
fn brute(max: usize, takes: &[(usize, bool, bool)], unequal: bool) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max {
        let mut opts = BTreeSet::new();
        for &(j, whole, split) in takes {
            if j > n {
                continue;
            }
            let m = n - j;
            if whole && j > 0 {
                opts.insert(g[m]);
            }
            if split {
                for a in 1..m {
                    let b = m - a;
                    if a <= b && !(unequal && a == b) {
                        opts.insert(g[a] ^ g[b]);
                    }
                }
            }
        }
        g.push(mex(&opts));
    }
    g
}

fn values(rel: &str, params: &[(&str, &str)], max: u32) -> Vec<u32> {
    let game = load(rel, params);
    sequence(&game, max, &Budget::default())
        .map_err(|e| format!("{e:?}"))
        .expect("a sum")
        .values
}

#[test]
fn kayles_dawson_grundy_lasker_square_match_their_definitions() {
    let kayles = brute(300, &[(1, true, true), (2, true, true)], false);
    assert_eq!(values("rulesets/classic/kayles.game", &[], 300), kayles);
    let dawson = brute(300, &[(2, true, true)], false);
    assert_eq!(
        values("rulesets/classic/dawson-kayles.game", &[], 300),
        dawson
    );
    let grundy = brute(300, &[(0, false, true)], true);
    assert_eq!(
        values("rulesets/classic/grundy-game.game", &[], 300),
        grundy
    );
    let lasker_takes: Vec<(usize, bool, bool)> = std::iter::once((0, false, true))
        .chain((1..=200).map(|j| (j, true, false)))
        .collect();
    assert_eq!(
        values("rulesets/classic/lasker-nim.game", &[], 200),
        brute(200, &lasker_takes, false)
    );
    let squares: Vec<(usize, bool, bool)> = (1..=14).map(|k| (k * k, true, false)).collect();
    assert_eq!(
        values("rulesets/classic/subtract-square.game", &[], 200),
        brute(200, &squares, false)
    );
}

#[test]
fn oeis_first_values() {
    // A002186 (Kayles), A002187 (Dawson's Kayles), A002188 (Grundy's game).
    let a002186 = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2,
    ];
    let a002187 = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5,
    ];
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1,
    ];
    assert_eq!(values("rulesets/classic/kayles.game", &[], 31), a002186);
    assert_eq!(
        values("rulesets/classic/dawson-kayles.game", &[], 31),
        a002187
    );
    assert_eq!(
        values("rulesets/classic/grundy-game.game", &[], 31),
        a002188
    );
}

#[test]
fn periodicity_is_found_and_proven() {
    let game = load("rulesets/classic/kayles.game", &[]);
    let s = sequence(&game, 400, &Budget::default()).expect("a sum");
    let p = s.periodic.expect("periodic");
    assert_eq!(
        (p.period.preperiod, p.period.period, p.period.saltus),
        (71, 12, 0)
    );
    assert!(p.proven, "{}", p.reason);
    // Too few values for the theorem (it needs 2e + 2p + t = 168): periodic, not proven.
    let short = sequence(&game, 150, &Budget::default()).expect("a sum");
    assert!(short.periodic.as_ref().is_none_or(|p| !p.proven));

    // Dawson's Kayles (0.07): period 34 from 53; Dawson's chess (0.137) is it on one pawn
    // fewer, so from 52 there.
    let game = load("rulesets/classic/dawson-kayles.game", &[]);
    let p = sequence(&game, 400, &Budget::default())
        .expect("a sum")
        .periodic
        .expect("periodic");
    assert_eq!(
        (p.period.preperiod, p.period.period, p.proven),
        (53, 34, true)
    );
    // 0.137: take 1 only when it leaves nothing; take 2 leaving nothing or one heap; take 3
    // leaving nothing, one heap or two.
    let mut chess: Vec<u32> = Vec::new();
    for n in 0..=400usize {
        let mut opts = BTreeSet::new();
        if n == 1 {
            opts.insert(0);
        }
        if n >= 2 {
            opts.insert(chess[n - 2]);
        }
        if n >= 3 {
            opts.insert(chess[n - 3]);
            for a in 1..=(n - 3) / 2 {
                opts.insert(chess[a] ^ chess[n - 3 - a]);
            }
        }
        chess.push(mex(&opts));
    }
    let last_exception = (0..400 - 34).rev().find(|&n| chess[n + 34] != chess[n]);
    assert_eq!(last_exception, Some(51), "0.137: periodic from 52");
    let d07 = brute(401, &[(2, true, true)], false);
    assert_eq!(&d07[1..], &chess[..]);

    // A subtraction game: {1, 3, 4} has period 7 from 0 (0 1 0 1 2 3 2).
    let game = load("rulesets/classic/subtraction.game", &[("S", "{1, 3, 4}")]);
    let s = sequence(&game, 60, &Budget::default()).expect("a sum");
    assert_eq!(&s.values[..7], &[0, 1, 0, 1, 2, 3, 2]);
    let p = s.periodic.expect("periodic");
    assert_eq!(
        (p.period.preperiod, p.period.period, p.proven),
        (0, 7, true)
    );
    // {2, 5, 6}: brute force, then the period the finder reports really repeats.
    let game = load("rulesets/classic/subtraction.game", &[("S", "{2, 5, 6}")]);
    let s = sequence(&game, 200, &Budget::default()).expect("a sum");
    let b = brute(
        200,
        &[(2, true, false), (5, true, false), (6, true, false)],
        false,
    );
    assert_eq!(s.values, b);
    let p = s.periodic.expect("periodic").period;
    assert!((p.preperiod..=200 - p.period).all(|n| b[n + p.period] == b[n]));
    assert!(p.preperiod == 0 || b[p.preperiod - 1 + p.period] != b[p.preperiod - 1]);

    // Lasker's Nim: arithmetic-periodic, period 4, saltus 4, from 1; not proven (takes are
    // unbounded).
    let game = load("rulesets/classic/lasker-nim.game", &[]);
    let p = sequence(&game, 100, &Budget::default())
        .expect("a sum")
        .periodic
        .expect("periodic");
    assert_eq!(
        (
            p.period.preperiod,
            p.period.period,
            p.period.saltus,
            p.proven
        ),
        (1, 4, 4, false)
    );
    // Grundy's game shows no period in its first 300 values.
    assert!(periodicity(None, &brute(300, &[(0, false, true)], true)).is_none());
}

#[test]
fn not_a_sum_is_refused_at_the_move() {
    let game = load("rulesets/classic/wythoff.game", &[]);
    match sequence(&game, 10, &Budget::default()) {
        Err(SequenceError::NotSum(e)) => {
            let d = &e.diags[0];
            assert_eq!(d.code.as_str(), "heapgame::not_sum");
            let text = game.src.inner();
            assert!(text[d.span.clone()].contains("take same 1.. from both heaps"));
        }
        other => panic!("{other:?}"),
    }
}

/// Every position of at most `k` heaps each at most `max`, as multisets without zeros.
fn positions(max: u32, k: usize) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    let mut layer = vec![vec![]];
    for _ in 0..k {
        let mut next = Vec::new();
        for p in &layer {
            let lo = p.last().copied().unwrap_or(1);
            for h in lo..=max {
                let mut q: Vec<u32> = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

fn sums_agree(game: &Game, max: u32, k: usize) {
    let mut sum = game.solver();
    let mut generic = Solver::new(game.generator());
    for p in positions(max, k) {
        assert_eq!(
            sum.grundy(&p).ok(),
            generic.grundy(&p).ok(),
            "{} at {p:?}",
            game.checked.name
        );
        assert_eq!(
            sum.winning_moves(&p).ok(),
            generic.winning_moves(&p).ok(),
            "{} at {p:?}",
            game.checked.name
        );
    }
}

#[test]
fn sums_agree_with_the_generic_search() {
    for f in [
        "kayles",
        "dawson-kayles",
        "grundy-game",
        "lasker-nim",
        "subtract-square",
    ] {
        sums_agree(&load(&format!("rulesets/classic/{f}.game"), &[]), 9, 3);
    }
    // Multi-step local moves the kernel does not run (conditions, keep, lower): the generator.
    let texts = [
        "ruleset \"A\" { heaps any move { keep one heap h where h >= 3; take 1 from h; split h into 2 parts allowing empty } }",
        "ruleset \"B\" { heaps any move { take s in 1..3 from one heap h where s < h; split h into 3 parts } move { take 1 from one heap } }",
        "ruleset \"C\" { heaps 3 move { take {1, 2} from one heap h; lower h by 1 } }",
    ];
    for t in texts {
        let game = Game::from_source("t", t, &[]).expect("valid");
        assert!(heapgame::solver::sum::is_sum(game.generator()), "{t}");
        let k = game.shape().count.unwrap_or(3);
        let max = 8;
        let mut sum = game.solver();
        let mut generic = Solver::new(game.generator());
        for p in common::tuples(k, max) {
            let Ok(p) = game.canonical(&p.iter().map(|&h| u64::from(h)).collect::<Vec<_>>()) else {
                continue;
            };
            assert_eq!(sum.grundy(&p).ok(), generic.grundy(&p).ok(), "{t} at {p:?}");
            assert_eq!(
                sum.winning_moves(&p).ok(),
                generic.winning_moves(&p).ok(),
                "{t} at {p:?}"
            );
        }
    }
}

/// The single-heap values of a ruleset by the generic search (no sum, no kernel).
fn generic_values(game: &Game, max: u32) -> Vec<u32> {
    let mut s = Solver::new(game.generator());
    (0..=max)
        .map(|n| {
            let pos: Vec<u32> = if n == 0 { vec![] } else { vec![n] };
            s.grundy(&pos).expect("solvable")
        })
        .collect()
}

#[test]
fn octal_codes_are_the_games_written_out() {
    let cases: [(&str, &str); 7] = [
        ("0.77", "move { take {1, 2} from one heap } move { take {1, 2} from one heap h; split h into 2 parts }"),
        ("0.07", "move { take 2 from one heap } move { take 2 from one heap h; split h into 2 parts }"),
        (
            "0.137",
            "move { take 1 from one heap h where h == 1 } move { take 2 from one heap } \
             move { take 3 from one heap } move { take 3 from one heap h; split h into 2 parts }",
        ),
        ("4.7", "move { split one heap into 2 parts } move { take 1 from one heap } move { take 1 from one heap h; split h into 2 parts }"),
        ("0.6", "move { take 1 from one heap h where h > 1 } move { take 1 from one heap h; split h into 2 parts }"),
        (
            "0.15",
            "move { take 1 from one heap h where h == 1 } move { take 2 from one heap h where h == 2 } \
             move { take 2 from one heap h; split h into 2 parts }",
        ),
        ("0.2", "move { take 1 from one heap h where h > 1 }"),
    ];
    for (code, moves) in cases {
        let octal = load("rulesets/classic/octal.game", &[("code", code)]);
        let by_hand = Game::from_source(
            "hand",
            &format!("ruleset \"H\" {{ heaps any {moves} }}"),
            &[],
        )
        .expect("valid");
        // The generic search explores every multiset of heaps below: keep it small.
        let want = generic_values(&by_hand, 18);
        assert_eq!(
            generic_values(&octal, 18),
            want,
            "octal {code}, generic search"
        );
        let got = sequence(&octal, 300, &Budget::default())
            .expect("a sum")
            .values;
        let hand = sequence(&by_hand, 300, &Budget::default())
            .expect("a sum")
            .values;
        assert_eq!(&got[..19], &want[..], "octal {code}, sequence");
        assert_eq!(got, hand, "octal {code}, sequences");
    }
    // Hexadecimal: digit 8 leaves three heaps.
    let hex =
        Game::from_source("h", "ruleset \"X\" { heaps any move { hex 0.8 } }", &[]).expect("valid");
    let by_hand = Game::from_source(
        "h",
        "ruleset \"Y\" { heaps any move { take 1 from one heap h; split h into 3 parts } }",
        &[],
    )
    .expect("valid");
    assert_eq!(generic_values(&hex, 16), generic_values(&by_hand, 16));
    assert_eq!(
        sequence(&hex, 16, &Budget::default())
            .expect("a sum")
            .values,
        generic_values(&by_hand, 16)
    );
    // Not codes.
    for bad in ["0.9", "1.7", "0.7x"] {
        let t = format!("ruleset \"B\" {{ heaps any move {{ octal {bad} }} }}");
        assert!(Game::from_source("b", &t, &[]).is_err(), "{bad}");
    }
}

/// A break into three parts, which no take-and-break kernel covers, goes through the generic
/// single-heap extension (followers streamed, one bit a value): its values against the
/// definition, every partition of the rest into three positive parts.
#[test]
fn three_part_splits_match_their_definition() {
    let text = "ruleset \"Three parts\" { heaps any \
                move { split one heap into 3 parts } \
                move { take 1..2 from one heap } }";
    let game = Game::from_source("three-parts.game", text, &[]).expect("a valid ruleset");
    let max = 80;
    let got = sequence(&game, max, &Budget::default())
        .map_err(|e| format!("{e:?}"))
        .expect("a sum")
        .values;
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=max as usize {
        let mut opts = BTreeSet::new();
        for j in 1..=2.min(n) {
            opts.insert(g[n - j]);
        }
        for a in 1..=n / 3 {
            for b in a..=(n - a) / 2 {
                let c = n - a - b;
                if c >= b {
                    opts.insert(g[a] ^ g[b] ^ g[c]);
                }
            }
        }
        g.push(mex(&opts));
    }
    assert_eq!(got, g);
}
