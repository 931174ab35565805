//! The errors a user meets on the commands: exit code 2, the message and its code on stderr,
//! nothing on stdout.

use super::*;

/// The ruleset whose moves loop.
const LOOP: &str = "tests/inputs/errors/loop.game";
/// A ruleset with three mistakes.
const THREE_MISTAKES: &str = "tests/inputs/errors/three_mistakes.game";

/// Runs `args`, expecting exit code 2, nothing on stdout, `code` and each of `words` on
/// stderr; returns stderr.
#[track_caller]
fn fails_saying(args: &[&str], code: &str, words: &[&str]) -> String {
    let err = heapgame().args(args).fails_with(code);
    for w in words {
        assert!(err.contains(w), "{args:?}: `{w}` not on stderr:\n{err}");
    }
    err
}

#[test]
fn missing_file() {
    let err = fails_saying(
        &["eval", "rulesets/no-such-file.game", "1"],
        "heapgame::io",
        &["no-such-file.game"],
    );
    snapshot!("cli_missing_file", err);
}

#[test]
fn wrong_number_of_heaps() {
    let position = "heapgame::position";
    fails_saying(
        &["eval", WYTHOFF, "1", "2", "3"],
        position,
        &["exactly 2 heaps"],
    );
    fails_saying(&["moves", WYTHOFF, "1"], position, &[]);
}

#[test]
fn heap_too_large() {
    let position = "heapgame::position";
    let huge = "100000000000000000000000000000";
    fails_saying(&["eval", WYTHOFF, huge, "1"], position, &["too large"]);
    // Just above the largest heap as well.
    fails_saying(&["eval", WYTHOFF, "4294967296", "1"], position, &[]);
}

#[test]
fn not_a_heap_size() {
    fails_saying(&["eval", WYTHOFF, "3", "x"], "heapgame::position", &["`x`"]);
}

#[test]
fn heap_below_the_lower_bound() {
    let path = fixture("below_bound", WITH_K);
    let args = ["eval", path.to_str().unwrap(), "0", "3"];
    fails_saying(&args, "heapgame::position", &["at least 1"]);
}

#[test]
fn looping_ruleset_reports_a_cycle() {
    // `eval` solves the region of a loopy game: from (3), splitting a heap into 2 parts
    // allowing empty can leave (3) itself, so either player can always pass, and the game
    // (whose region is (3), (1, 2), (1, 1, 1)) never ends: a draw.
    let v = heapgame().args(["eval", LOOP, "3"]).json();
    assert_eq!(v["outcome"], "D", "{v}");
    assert_eq!(v["loopy"], true, "{v}");
    assert_eq!(v["region"], 3, "{v}");
    assert_eq!(json_positions(&v["drawing_moves"]), [vec![1, 2], vec![3]]);
    // `solve` lists the box the same way: every position with a heap can pass (a draw),
    // the empty one has no move (P).
    let solve = ["solve", LOOP, "--max", "2", "--heaps", "2"];
    let v = heapgame().args(solve).json();
    assert_eq!(v["loopy"], true, "{v}");
    let rows = v["positions"].as_array().expect("positions");
    assert_eq!(rows.len(), 6, "{v}");
    for r in rows {
        let empty = r["position"].as_array().unwrap().is_empty();
        assert_eq!(r["outcome"], if empty { "P" } else { "D" }, "{r}");
    }
    // Misère play of a loopy game is not solved: the cycle is reported.
    heapgame()
        .args(solve)
        .args(["--play", "misere"])
        .fails_with("heapgame::cycle");
}

#[test]
fn position_limit() {
    let limit = "heapgame::limit";
    fails_saying(
        &["eval", WYTHOFF, "500", "800", "--max-positions", "10"],
        limit,
        &["10"],
    );
    fails_saying(
        &["solve", WYTHOFF, "--max", "30", "--max-positions", "10"],
        limit,
        &[],
    );
}

#[test]
fn load_errors_reach_the_command_line() {
    fails_saying(
        &["eval", THREE_MISTAKES, "1", "2"],
        "heapgame::unknown_name",
        &["3 problems", "heapgame::range"],
    );
}

#[test]
fn solve_needs_a_heap_count_for_any_heaps() {
    fails_saying(&["solve", NIM, "--max", "3"], "heapgame::usage", &[]);
    let err = fails_saying(
        &["solve", WYTHOFF, "--max", "3", "--heaps", "3"],
        "heapgame::usage",
        &[],
    );
    snapshot!("cli_heaps_mismatch", err);
}

#[test]
fn solve_box_too_large() {
    let args = ["solve", NIM, "--max", "1000", "--heaps", "10"];
    fails_saying(&args, "heapgame::too_large", &[]);
}

#[test]
fn usage_errors_exit_2() {
    let r = heapgame().args(["eval", WYTHOFF, "--no-such-flag"]).run();
    r.assert_code(2);
    assert!(r.stdout.is_empty());
    assert!(!r.stderr.is_empty());
    let r = heapgame().args(["solve", WYTHOFF]).run();
    r.assert_code(2);
    assert!(r.stderr.contains("--max"), "{}", r.stderr);
    heapgame().run().assert_code(2);
}

#[test]
fn stderr_is_stable() {
    // No colour codes, and the same text twice.
    let run = || heapgame().args(["eval", THREE_MISTAKES, "1", "2"]).run();
    let (a, b) = (run(), run());
    assert_eq!(a.stderr, b.stderr);
    assert!(
        !a.stderr.contains('\u{1b}'),
        "escape codes in:\n{}",
        a.stderr
    );
    assert!(
        a.stderr.lines().all(|l| l.chars().count() <= 80),
        "wider than 80 columns:\n{}",
        a.stderr
    );
}
