//! Take-and-break sequences against published values (issue 32): the OEIS entries of Kayles
//! (A002186), Dawson's chess (A002187, 0.137; Dawson's Kayles 0.07 is it one heap later),
//! 0.177 (A071435), 0.1377 (A071434), 0.127 (A071464), 0.56 (A071436) and 0.1777 (A071509),
//! with the periods and last exceptions the entries give (Guy and Smith 1956; Gangolli and
//! Plambeck 1989; Flammenkamp's tables), found and proven by the periodicity theorem; Officers
//! (0.6) and 0.354 against a brute force written here (the mex over every option, from the
//! definition of the moves). The long ones are `#[ignore]`d: run them in release,
//! `cargo test --release --test all record_sequences:: -- --ignored`.

use heapgame::sequence::{sequence, Sequence};
use heapgame::solver::Budget;
use heapgame::Game;

use crate::common::load;

fn octal(code: &str) -> Game {
    let text = format!("ruleset \"C\" {{ heaps any move {{ octal {code} }} }}");
    Game::from_source("code.game", &text, &[]).expect("an octal code")
}

fn run(game: &Game, max: u32) -> Sequence {
    sequence(game, max, &Budget::default())
        .map_err(|e| format!("{e:?}"))
        .expect("a sum")
}

fn parse(list: &str) -> Vec<u32> {
    list.split(',')
        .map(|t| t.trim().parse().expect("a number"))
        .collect()
}

/// `values` (of heaps `first..`) are those the sequence gives, and its period is proven with
/// this period and preperiod.
fn published(game: &Game, max: u32, first: usize, values: &[u32], period: usize, pre: usize) {
    let s = run(game, max);
    assert_eq!(&s.values[first..first + values.len()], values, "the values");
    let p = s.periodic.expect("a period");
    assert!(p.proven, "{}", p.reason);
    assert_eq!(
        (p.period.period, p.period.preperiod, p.period.saltus),
        (period, pre, 0),
        "{}",
        p.reason
    );
}

#[test]
fn kayles_is_a002186_with_period_12_from_71() {
    // A002186, n = 0..=104; period 12, the last exception at n = 70.
    let oeis = parse(
        "0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,\
         2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8,1,4,7,2,1,8,6,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,\
         2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1",
    );
    assert_eq!(oeis.len(), 105);
    let game = load("rulesets/classic/kayles.game", &[]);
    published(&game, 400, 0, &oeis, 12, 71);
}

/// A002187, Dawson's chess (0.137), n = 0..=131: period 34, the exceptions at n = 0, 14, 16,
/// 17, 31, 34 and 51.
const A002187: &str = "0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,\
     1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,\
     4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,\
     0,2,1,1,0,4";

#[test]
fn dawsons_chess_and_dawsons_kayles_are_a002187() {
    let oeis = parse(A002187);
    assert_eq!(oeis.len(), 132);
    published(&octal("0.137"), 400, 0, &oeis, 34, 52);
    // Dawson's Kayles (0.07) has the values a(n - 1): heap n + 1 has Dawson's chess's g(n).
    let game = load("rulesets/classic/dawson-kayles.game", &[]);
    published(&game, 400, 1, &oeis, 34, 53);
}

#[test]
fn octal_177_and_1377_are_a071435_and_a071434() {
    // A071435 (0.177), n = 1..=102: period 20, the last exception at n = 496.
    let a071435 = parse(
        "1,1,2,2,3,1,1,4,4,3,2,2,1,1,4,2,2,6,4,4,1,1,2,2,7,1,1,4,4,3,2,2,1,1,4,8,2,7,4,4,1,1,2,\
         2,7,8,1,4,4,7,2,2,1,1,4,4,2,7,7,4,1,1,2,2,7,7,1,1,4,7,2,2,1,1,4,4,6,2,7,4,1,1,2,2,8,8,\
         5,1,4,7,2,2,1,1,8,8,6,7,7,4,1,1",
    );
    published(&octal("0.177"), 3000, 1, &a071435, 20, 497);
    // A071434 (0.1377), n = 1..=102: period 24, the last exception at n = 140.
    let a071434 = parse(
        "1,1,2,2,3,3,1,1,4,4,3,3,2,2,1,1,4,4,2,2,6,6,4,4,1,1,2,2,7,7,1,1,4,4,3,3,2,2,1,1,4,4,6,\
         6,7,7,4,4,1,1,2,2,8,8,5,5,4,4,7,7,2,2,1,1,8,8,6,6,7,7,4,4,1,1,2,2,3,3,1,1,4,4,7,7,2,2,\
         1,1,8,8,2,2,7,7,4,4,1,1,2,2,8,8",
    );
    published(&octal("0.1377"), 1000, 1, &a071434, 24, 141);
}

#[test]
fn octal_1777_begins_as_a071509() {
    // A071509 (0.1777), n = 1..=82; its period, 60,620,715 from 160,949,018 (Flammenkamp),
    // is far beyond a test.
    let oeis = parse(
        "1,1,2,2,3,4,1,1,6,6,3,2,2,1,1,6,6,8,4,4,5,10,1,1,8,3,3,4,4,7,6,6,8,8,4,1,1,6,7,8,4,4,5,\
         10,8,1,1,15,5,4,4,7,6,6,1,1,4,3,3,6,1,1,4,4,3,8,8,1,1,10,14,8,4,13,6,6,1,1,8,3,3,13,1,1,\
         6",
    );
    let s = run(&octal("0.1777"), 5000);
    assert_eq!(&s.values[1..=oeis.len()], &oeis[..]);
}

/// The values of an octal game by the mex over every option: taking an amount of `nothing`
/// may leave nothing, of `whole` one non-empty heap, of `split` two non-empty heaps.
fn brute(max: usize, nothing: &[usize], whole: &[usize], split: &[usize]) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(max + 1);
    let mut seen = vec![false; 4096];
    for n in 0..=max {
        seen.iter_mut().for_each(|s| *s = false);
        seen[0] |= nothing.contains(&n);
        for &j in whole.iter().filter(|&&j| j < n) {
            seen[g[n - j] as usize] = true;
        }
        for &j in split.iter().filter(|&&j| j + 2 <= n) {
            for a in 1..=(n - j) / 2 {
                seen[(g[a] ^ g[n - j - a]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("below 4096") as u32);
    }
    g
}

#[test]
fn officers_and_0_354_equal_a_brute_force() {
    // Officers (0.6): take one, leave one non-empty heap or two. The engine starts near
    // 13,000 heaps.
    let n = 20_000;
    let want = brute(n, &[], &[1], &[1]);
    let game = load("benches/user/officers.game", &[]);
    assert_eq!(run(&game, n as u32).values, want, "Officers");
    // 0.354: take 1 leaving nothing or one heap; take 2 leaving nothing or two heaps; take 3
    // leaving two heaps. Splits after amounts of both parities: two groups of classes.
    let want = brute(n, &[1, 2], &[1], &[2, 3]);
    assert_eq!(run(&octal("0.354"), n as u32).values, want, "0.354");
}

#[test]
#[ignore = "long: about 10^5 heaps; run in release"]
fn octal_127_has_period_4_after_46577() {
    // A071464 (0.127), n = 1..=87: period 4, the last exception at n = 46577 (Gangolli and
    // Plambeck 1989).
    let oeis = parse(
        "1,0,2,2,1,0,4,4,1,2,2,0,1,4,4,6,1,7,7,0,1,2,2,6,1,4,4,8,1,2,7,8,1,0,7,2,6,8,1,4,9,8,1,\
         2,6,0,1,4,6,2,1,8,9,0,1,6,2,2,7,0,1,8,3,2,1,4,4,8,9,2,7,8,1,0,9,2,2,6,4,4,1,8,3,2,1,0,4",
    );
    published(&octal("0.127"), 100_000, 1, &oeis, 4, 46_578);
}

#[test]
#[ignore = "long: about 7 * 10^5 heaps and a quadratic brute force to 3.3 * 10^5; run in release"]
fn octal_56_has_period_144() {
    // A071436 (0.56), n = 1..=92: period 144 (Gangolli and Plambeck 1989). The entry puts the
    // last exception at n = 326637; the values by the mex over every option (the brute force
    // below, to 326,800) differ from their period last at heap 326,639 (g = 26, and 16 at
    // 326,783), two heaps later: the preperiod is 326,640.
    let oeis = parse(
        "1,0,2,2,4,1,1,3,2,4,4,6,6,2,1,1,7,6,8,4,1,1,6,5,4,8,1,1,12,4,5,6,1,1,3,12,6,6,8,9,2,11,\
         6,6,4,2,1,1,12,13,4,10,8,1,12,12,5,11,1,16,2,2,12,6,1,1,2,13,12,6,6,8,1,1,7,6,11,4,16,\
         16,6,5,5,19,1,1,12,4,14,16,1,1",
    );
    let game = octal("0.56");
    published(&game, 700_000, 1, &oeis, 144, 326_640);
    // 0.56: taking 1 may leave nothing or two heaps, taking 2 one heap or two.
    let want = brute(326_800, &[1], &[2], &[1, 2]);
    let got = run(&game, 326_800).values;
    if let Some(i) = got.iter().zip(&want).position(|(a, b)| a != b) {
        panic!("heap {i}: {} against the brute force {}", got[i], want[i]);
    }
    assert_eq!((want[326_639], want[326_639 + 144]), (26, 16));
}
