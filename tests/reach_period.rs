//! Hexadecimal games (splits into three heaps): their sequences against a plain mex over the
//! code's definition (Winning Ways, ch. 4: digit j says what may be left after taking j tokens,
//! bit 1 no heap, 2 one heap, 4 two heaps, 8 three heaps, all non-empty), the periodicity
//! theorem for three parts, and no report of a period that cannot go on.

use std::collections::BTreeSet;

use heapgame::solver::Budget;
use heapgame::Game;

fn game(code: &str) -> Game {
    let src = format!("ruleset \"h\" {{ heaps any\n move {{ hex {code} }} }}");
    Game::from_source("h.game", &src, &[]).unwrap_or_else(|e| panic!("{code}: {e:?}"))
}

/// The digits of a hexadecimal code, the one before the point first.
fn digits(code: &str) -> Vec<u32> {
    code.chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(16).expect("a digit"))
        .collect()
}

/// g(0..=max) by the definition, every split listed.
fn brute(code: &str, max: usize) -> Vec<u32> {
    let d = digits(code);
    let mut g = vec![0u32; max + 1];
    for n in 1..=max {
        let mut opts = BTreeSet::new();
        for (j, &bits) in d.iter().enumerate() {
            if j > n {
                break;
            }
            let m = n - j;
            if bits & 1 != 0 && m == 0 && j > 0 {
                opts.insert(0);
            }
            if bits & 2 != 0 && m > 0 && j > 0 {
                opts.insert(g[m]);
            }
            if bits & 4 != 0 {
                for a in 1..m {
                    opts.insert(g[a] ^ g[m - a]);
                }
            }
            if bits & 8 != 0 {
                for a in 1..m {
                    for b in 1..m - a {
                        opts.insert(g[a] ^ g[b] ^ g[m - a - b]);
                    }
                }
            }
        }
        g[n] = (0..).find(|v| !opts.contains(v)).expect("a gap");
    }
    g
}

#[test]
fn hexadecimal_sequences_match_their_definition() {
    for code in [
        "0.8", "0.F", "0.A", "0.48", "0.9", "0.0C", "0.2A", "0.18", "4.8", "8.0", "0.C1", "0.38",
    ] {
        let max = 110;
        let want = brute(code, max);
        let got = heapgame::sequence::sequence(&game(code), max as u32, &Budget::default())
            .expect("a sum")
            .values;
        assert_eq!(got, want, "hex {code}");
    }
}

#[test]
fn hexadecimal_periods_are_proven_by_the_theorem_for_three_parts() {
    for (code, period, from) in [("0.F", 2, 0), ("0.A", 2, 1), ("0.B", 2, 0)] {
        let s = heapgame::sequence::sequence(&game(code), 60, &Budget::default()).expect("a sum");
        let p = s.periodic.expect("periodic");
        assert!(p.proven, "hex {code}: {p:?}");
        assert_eq!(
            (p.period.period, p.period.preperiod),
            (period, from),
            "hex {code}"
        );
        assert!(p.reason.contains("three heaps"), "{}", p.reason);
        // The period holds far beyond the values the proof read.
        let far = brute(code, 200);
        for n in from..200 - period {
            assert_eq!(far[n + period], far[n], "hex {code} at {n}");
        }
    }
    // An arithmetic-periodic hexadecimal game is not claimed proven by that theorem.
    let s = heapgame::sequence::sequence(&game("0.8"), 200, &Budget::default()).expect("a sum");
    let p = s.periodic.expect("arithmetic-periodic");
    assert!(!p.proven && p.period.saltus > 0, "{p:?}");
}

#[test]
fn no_saltus_for_a_subtraction_game() {
    // Take 1, 2 or 3: the values 0 1 2 3 of heaps 0..3 look like "period 1, saltus 1", but
    // a subtraction game with three amounts never has a value above 3.
    let g = Game::from_source(
        "s.game",
        "ruleset \"s\" { heaps any\n move { take {1, 2, 3} from one heap } }",
        &[],
    )
    .expect("loads");
    for max in 3..40 {
        let s = heapgame::sequence::sequence(&g, max, &Budget::default()).expect("a sum");
        if let Some(p) = s.periodic {
            assert_eq!(p.period.saltus, 0, "max {max}: {p:?}");
        }
    }
}

/// Grundy's game (split a heap into two unequal heaps) by its definition.
fn grundy_game(max: usize) -> Vec<u32> {
    let mut g = vec![0u32; max + 1];
    for n in 1..=max {
        let opts: BTreeSet<u32> = (1..n)
            .filter(|&a| 2 * a < n)
            .map(|a| g[a] ^ g[n - a])
            .collect();
        g[n] = (0..).find(|v| !opts.contains(v)).expect("a gap");
    }
    g
}

#[test]
fn a_period_seen_only_at_the_end_is_not_reported() {
    // Grundy's game to 600: its last values repeat with period 3 from 582 (six times), a
    // coincidence of the end of the range (no period is known for this game).
    let want = grundy_game(600);
    let tail_from = (0..=600 - 3)
        .rev()
        .find(|&i| want[i + 3] != want[i])
        .map_or(0, |i| i + 1);
    assert_eq!(tail_from, 582, "the brute force's own tail");
    let g = Game::from_source(
        "g.game",
        "ruleset \"g\" { heaps any\n move { split one heap into 2 unequal parts } }",
        &[],
    )
    .expect("loads");
    let s = heapgame::sequence::sequence(&g, 600, &Budget::default()).expect("a sum");
    assert_eq!(s.values, want);
    assert_eq!(s.periodic, None);
    // A run of equal values at the end does not hide the period that holds throughout:
    // 5 6 7 2 2 2 2 repeated, ending with the run.
    let mut v = Vec::new();
    for _ in 0..10 {
        v.extend([5u32, 6, 7, 2, 2, 2, 2]);
    }
    let p = heapgame::sequence::apparent_period(&v).expect("periodic");
    assert_eq!((p.period, p.preperiod, p.saltus), (7, 0, 0));
    assert_eq!(
        heapgame::solver::sum::period::find_period(&v, 3).map(|p| p.period),
        Some(1),
        "without the share, the run at the end"
    );
}
