//! The errors a user meets on the commands: exit code 2, the message and its code on stderr,
//! nothing on stdout.

use super::*;

#[test]
fn missing_file() {
    let err = heapgame()
        .args(["eval", "rulesets/no-such-file.game", "1"])
        .fails_with("heapgame::io");
    assert!(err.contains("no-such-file.game"), "{err}");
    snapshot!("cli_missing_file", err);
}

#[test]
fn wrong_number_of_heaps() {
    let err = heapgame()
        .args(["eval", WYTHOFF, "1", "2", "3"])
        .fails_with("heapgame::position");
    assert!(err.contains("exactly 2 heaps"), "{err}");
    heapgame()
        .args(["moves", WYTHOFF, "1"])
        .fails_with("heapgame::position");
}

#[test]
fn heap_too_large() {
    let err = heapgame()
        .args(["eval", WYTHOFF, "100000000000000000000000000000", "1"])
        .fails_with("heapgame::position");
    assert!(err.contains("too large"), "{err}");
    // Just above the largest heap as well.
    heapgame()
        .args(["eval", WYTHOFF, "4294967296", "1"])
        .fails_with("heapgame::position");
}

#[test]
fn not_a_heap_size() {
    let err = heapgame()
        .args(["eval", WYTHOFF, "3", "x"])
        .fails_with("heapgame::position");
    assert!(err.contains("`x`"), "{err}");
}

#[test]
fn heap_below_the_lower_bound() {
    let path = fixture("below_bound", WITH_K);
    let err = heapgame()
        .args(["eval", path.to_str().unwrap(), "0", "3"])
        .fails_with("heapgame::position");
    assert!(err.contains("at least 1"), "{err}");
}

#[test]
fn looping_ruleset_reports_a_cycle() {
    // `eval` solves the region of a loopy game: from (3), splitting a heap into 2 parts
    // allowing empty can leave (3) itself, so either player can always pass, and the game
    // (whose region is (3), (1, 2), (1, 1, 1)) never ends: a draw.
    let v = heapgame()
        .args(["eval", "tests/inputs/errors/loop.game", "3"])
        .json();
    assert_eq!(v["outcome"], "D", "{v}");
    assert_eq!(v["loopy"], true, "{v}");
    assert_eq!(v["region"], 3, "{v}");
    assert_eq!(json_positions(&v["drawing_moves"]), [vec![1, 2], vec![3]]);
    // `solve` lists the box the same way: every position with a heap can pass (a draw),
    // the empty one has no move (P).
    let v = heapgame()
        .args([
            "solve",
            "tests/inputs/errors/loop.game",
            "--max",
            "2",
            "--heaps",
            "2",
        ])
        .json();
    assert_eq!(v["loopy"], true, "{v}");
    let rows = v["positions"].as_array().expect("positions");
    assert_eq!(rows.len(), 6, "{v}");
    for r in rows {
        let empty = r["position"].as_array().unwrap().is_empty();
        assert_eq!(r["outcome"], if empty { "P" } else { "D" }, "{r}");
    }
    // Misère play of a loopy game is not solved: the cycle is reported.
    heapgame()
        .args([
            "solve",
            "tests/inputs/errors/loop.game",
            "--max",
            "2",
            "--heaps",
            "2",
            "--play",
            "misere",
        ])
        .fails_with("heapgame::cycle");
}

#[test]
fn position_limit() {
    let err = heapgame()
        .args(["eval", WYTHOFF, "500", "800", "--max-positions", "10"])
        .fails_with("heapgame::limit");
    assert!(err.contains("10"), "{err}");
    heapgame()
        .args(["solve", WYTHOFF, "--max", "30", "--max-positions", "10"])
        .fails_with("heapgame::limit");
}

#[test]
fn load_errors_reach_the_command_line() {
    let err = heapgame()
        .args(["eval", "tests/inputs/errors/three_mistakes.game", "1", "2"])
        .fails_with("heapgame::unknown_name");
    assert!(err.contains("3 problems"), "{err}");
    assert!(err.contains("heapgame::range"), "{err}");
}

#[test]
fn solve_needs_a_heap_count_for_any_heaps() {
    heapgame()
        .args(["solve", NIM, "--max", "3"])
        .fails_with("heapgame::usage");
    let err = heapgame()
        .args(["solve", WYTHOFF, "--max", "3", "--heaps", "3"])
        .fails_with("heapgame::usage");
    snapshot!("cli_heaps_mismatch", err);
}

#[test]
fn solve_box_too_large() {
    heapgame()
        .args(["solve", NIM, "--max", "1000", "--heaps", "10"])
        .fails_with("heapgame::too_large");
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
    let r = heapgame().run();
    r.assert_code(2);
}

#[test]
fn stderr_is_stable() {
    // No colour codes, and the same text twice.
    let a = heapgame()
        .args(["eval", "tests/inputs/errors/three_mistakes.game", "1", "2"])
        .run();
    let b = heapgame()
        .args(["eval", "tests/inputs/errors/three_mistakes.game", "1", "2"])
        .run();
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
