//! The take-and-break rows of the benchmark (issue 11): single-heap Grundy sequences of
//! Kayles, Dawson's Kayles and Grundy's game to 2*10^4 against the plain O(n^2) solvers of
//! `hand/octal.rs`, Kayles to 10^6, and a subtraction game written as a user would (issue 19:
//! a condition no bound states, through the generator's compiled clauses); values compared
//! heap by heap.

use std::time::Duration;

use heapgame::solver::sum::values::Values;
use heapgame::solver::sum::{grundy_run, SeqError};

use super::{capped, fail, hand, load, measure, Row};

/// One sequence workload: heapgame's `grundy_run` (as `heapgame sequence` runs it, the values
/// stored a byte or two each) against `hand` (whose values are compared on the heaps both
/// computed).
fn sequence_row(
    name: &str,
    file: &str,
    n: u32,
    hand_n: usize,
    hand: fn(usize) -> Vec<u32>,
    cap: Duration,
) -> Row {
    let game = load(file, &[]);
    let (budget, stop) = capped(cap);
    let (hg, d, hg_peak) = measure(|| {
        let run = grundy_run(game.generator(), Values::default(), n, &budget, &mut |_| {
            true
        });
        match run.stop {
            Some(e) => Err(e),
            None => Ok(run.values),
        }
    });
    drop(stop);
    let (want, hand_d, hand_peak) = measure(|| hand(hand_n));
    let heapgame = match hg {
        Ok(v) => {
            for (i, b) in want.iter().enumerate().take(v.len()) {
                if v.get(i) != *b {
                    fail(name, &[i as u32], v.get(i), b);
                }
            }
            Ok(d)
        }
        Err(SeqError::Solve(e)) => Err(format!("stopped: {e}")),
        Err(SeqError::NotDecreasing) => Err("not a decreasing game".into()),
    };
    Row {
        name: name.to_string(),
        positions: n as usize + 1,
        heapgame,
        hand: hand_d,
        hg_peak,
        hand_peak,
        mode: "sequence".into(),
    }
}

/// A hand-written sequence solver: the values of heaps `0..=n`.
type HandSolver = fn(usize) -> Vec<u32>;

/// The rows whose label `run` accepts.
pub fn rows(run: &dyn Fn(&str) -> bool, cap: Duration) -> Vec<Row> {
    let mut rows = Vec::new();
    let n = 20_000;
    let cases: [(&str, &str, HandSolver); 3] = [
        (
            "7a Kayles, one heap, 0..2*10^4",
            "rulesets/classic/kayles.game",
            hand::octal::kayles,
        ),
        (
            "7b Dawson's Kayles, one heap, 0..2*10^4",
            "rulesets/classic/dawson-kayles.game",
            hand::octal::dawson,
        ),
        (
            "7c Grundy's game, one heap, 0..2*10^4",
            "rulesets/classic/grundy-game.game",
            hand::octal::grundy_game,
        ),
    ];
    for (name, file, h) in cases {
        if run(name) {
            rows.push(sequence_row(name, file, n, n as usize, h, cap));
        }
    }
    let name =
        "7d Kayles, one heap, 0..10^6 (target < 60 s; hand-written to 2*10^4 only, compared there)";
    if run(name) {
        rows.push(sequence_row(
            name,
            "rulesets/classic/kayles.game",
            1_000_000,
            n as usize,
            hand::octal::kayles,
            cap,
        ));
    }
    // Issue 32: the rare/common engine against the plain rare/common solver of
    // `hand/rare.rs`, both to the same length, values compared heap by heap.
    let record: [(&str, &str, u32, HandSolver); 4] = [
        (
            "7f Grundy's game, rare/common, 0..10^6",
            "rulesets/classic/grundy-game.game",
            1_000_000,
            hand::rare::grundy_game,
        ),
        (
            "7g Officers (0.6), rare/common, 0..10^6",
            "benches/user/officers.game",
            1_000_000,
            hand::rare::officers,
        ),
        (
            "7h Grundy's game, rare/common, 0..10^7",
            "rulesets/classic/grundy-game.game",
            10_000_000,
            hand::rare::grundy_game,
        ),
        (
            "7i Officers (0.6), rare/common, 0..10^7",
            "benches/user/officers.game",
            10_000_000,
            hand::rare::officers,
        ),
    ];
    for (name, file, n, h) in record {
        if run(name) {
            rows.push(sequence_row(name, file, n, n as usize, h, cap));
        }
    }
    let name = "7e Square-root take (user, take s with s * s <= h), one heap, 0..10^6";
    if run(name) {
        let file = "benches/user/sqrt-take.game";
        let n = 1_000_000;
        rows.push(sequence_row(
            name,
            file,
            n,
            n as usize,
            hand::octal::sqrt_take,
            cap,
        ));
    }
    rows
}
