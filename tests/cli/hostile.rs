//! Hostile input and runaway games: exit 2 with a message that says what and where.

use super::*;

const EXPLODING: &str = "tests/inputs/hostile/exploding.game";

const LOOPING: &str = "tests/inputs/hostile/looping.game";

#[test]
fn heap_of_ten_to_the_thirty() {
    let digits = format!("1{}", "0".repeat(30));
    let err = heapgame()
        .args(["eval", WYTHOFF, &digits, "1"])
        .fails_with("heapgame::position");
    assert!(
        err.contains("too large") && err.contains("4294967295"),
        "{err}"
    );
    // The label points at the heap in the typed position.
    assert!(err.contains("[position:1:1]"), "{err}");
    snapshot!("cli_heap_10_30", err);
    // Written as an expression, it is not a heap size; nor is a negative heap.
    let err = heapgame()
        .args(["eval", WYTHOFF, "10^30", "1"])
        .fails_with("heapgame::position");
    assert!(err.contains("`10^30` is not a heap size"), "{err}");
    heapgame()
        .args(["moves", WYTHOFF, "3", "-1"])
        .fails_with("");
}

#[test]
fn exploding_move_is_refused_only_when_proven_and_stopped_otherwise() {
    let ten = ["100"; 10];
    let err = heapgame()
        .arg("eval")
        .arg(EXPLODING)
        .args(ten)
        .fails_with("heapgame::too_large");
    // Ten heaps of 100, equal so chosen once per count c of heaps, each losing 1..=100:
    // sum over c = 1..=10 of 100^c followers, written plainly.
    let followers: f64 = (1..=10).map(|c| 100f64.powi(c)).sum();
    let shown = format!("{followers:.1e}");
    assert_eq!(shown, "1.0e20");
    assert!(
        flat(&err).contains(&format!("at least {shown} followers")) && err.contains("--force"),
        "{err}"
    );
    snapshot!("cli_exploding_eval", err);
    let err = heapgame()
        .arg("moves")
        .arg(EXPLODING)
        .args(ten)
        .fails_with("heapgame::too_large");
    assert!(flat(&err).contains("1.0e20 followers"), "{err}");
    // Four heaps of 50 have 50 + 50^2 + 50^3 + 50^4 = 6377550 followers, at least 32 bytes
    // each while the position is solved: not within 1 MB.
    let four = ["50"; 4];
    let err = heapgame()
        .args(["eval", EXPLODING, "-p", "k=4", "--max-memory", "1M"])
        .args(four)
        .fails_with("heapgame::too_large");
    assert!(
        flat(&err).contains("cannot fit in memory") && flat(&err).contains("6.4e6 followers"),
        "{err}"
    );
    // Within the memory, the same position starts and stops cleanly at the time limit, even
    // while its millions of followers are being generated.
    let err = heapgame()
        .args(["eval", EXPLODING, "-p", "k=4", "--time", "300ms"])
        .args(four)
        .fails_with("heapgame::limit");
    assert!(flat(&err).contains("stopped at the time limit"), "{err}");
    // A box of 10 heaps up to 8 is never refused (no count proves a box impossible): it
    // starts, and stops at the time limit.
    let err = heapgame()
        .args(["solve", EXPLODING, "--max", "8", "--time", "300ms"])
        .fails_with("heapgame::limit");
    assert!(flat(&err).contains("stopped at the time limit"), "{err}");
    // Small positions of the same game are fine: from two heaps of 1 a move empties one or
    // both, so the Grundy value is mex{g(1 heap of 1) = 1, g(empty) = 0} = 2.
    let out = heapgame()
        .args([
            "eval", EXPLODING, "1", "0", "0", "0", "0", "0", "0", "0", "0", "1",
        ])
        .ok();
    assert!(out.contains("grundy:   2"), "{out}");
}

#[test]
fn looping_ruleset_names_the_move() {
    // In normal play `solve` gives a loopy game Smith's values; in misère play it reports
    // the loop at the move that makes it.
    let err = heapgame()
        .args([
            "solve", LOOPING, "--max", "3", "--heaps", "2", "--play", "misere",
        ])
        .fails_with("heapgame::cycle");
    assert!(
        err.contains("split one heap into 2 parts allowing empty"),
        "{err}"
    );
    assert!(err.contains("this move goes"), "{err}");
    snapshot!("cli_looping", err);
}

#[test]
fn position_limit_says_how_far_it_got() {
    let err = heapgame()
        .args(["solve", WYTHOFF, "--max", "60", "--max-positions", "100"])
        .fails_with("heapgame::limit");
    assert!(
        flat(&err).contains("needs more than 100 positions stored"),
        "{err}"
    );
    assert!(
        flat(&err).contains("the 1891 positions of the box"),
        "{err}"
    );
    snapshot!("cli_position_limit", err);
    // A box whose outcomes alone, at one bit a position, cannot fit --max-memory is refused
    // before it starts, and the message names --max-memory: 3001 * 3002 / 2 = 4504501
    // positions take 563 kB at one bit each, more than 100 kB.
    let err = heapgame()
        .args(["solve", WYTHOFF, "--max", "3000", "--max-memory", "100k"])
        .fails_with("heapgame::too_large");
    assert!(flat(&err).contains("--max-memory 100 kB"), "{err}");
    assert!(flat(&err).contains("4504501 positions"), "{err}");
    // Both limits given: the smaller applies.
    let err = heapgame()
        .args(["eval", WYTHOFF, "300", "500", "--max-memory", "1G"])
        .args(["--max-positions", "50"])
        .fails_with("heapgame::limit");
    assert!(
        flat(&err).contains("needs more than 50 positions stored"),
        "{err}"
    );
    let r = heapgame()
        .args(["eval", WYTHOFF, "3", "5", "--max-memory", "lots"])
        .run();
    r.assert_code(2);
    assert!(r.stderr.contains("not a size"), "{}", r.stderr);
}

#[test]
fn bad_param_points_into_the_argument() {
    // A value that parses but fails a later check: the label is in the -p text.
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={-1}", "7"])
        .fails_with("heapgame::range");
    assert!(err.contains("[-p S={-1}:1:3]"), "{err}");
    assert!(err.contains("the value given to `S`"), "{err}");
    snapshot!("cli_negative_param", err);
    // A value that does not parse, ending early: the label is drawn at its last character.
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={1,", "7"])
        .fails_with("heapgame::bad_param");
    assert!(err.contains("after this"), "{err}");
    assert!(flat(&err).contains("found the end of the value"), "{err}");
}

#[test]
fn output_file_is_whole_or_absent() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-output");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("table.txt");
    let _ = std::fs::remove_file(&file);
    // A failed solve writes nothing.
    heapgame()
        .args([
            "solve",
            WYTHOFF,
            "--max",
            "30",
            "--max-positions",
            "10",
            "--output",
        ])
        .arg(file.to_str().unwrap())
        .fails_with("heapgame::limit");
    assert!(!file.exists(), "a failed solve left {}", file.display());
    // A good one writes exactly what stdout would show, and no temporary file stays.
    let stdout = heapgame().args(["solve", WYTHOFF, "--max", "30"]).ok();
    let quiet = heapgame()
        .args(["solve", WYTHOFF, "--max", "30", "--output"])
        .arg(file.to_str().unwrap())
        .ok();
    assert!(quiet.is_empty(), "{quiet}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), stdout);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["table.txt"]);
    // A directory that does not exist: a clear error.
    heapgame()
        .args([
            "solve",
            WYTHOFF,
            "--max",
            "3",
            "--output",
            "/no/such/dir/t.txt",
        ])
        .fails_with("heapgame::io");
}

/// Ctrl-C (SIGINT) stops a long solve within moments: exit 130, a message saying how far it
/// got, nothing on stdout.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_solve() {
    use std::time::Duration;
    // The handler is installed first thing; a press before the solve starts stops it at once.
    let pressed = Duration::from_millis(1500);
    let out = heapgame()
        .args(["solve", WYTHOFF, "--max", "6000", "--grundy"])
        .interrupt_after(pressed)
        .run();
    out.assert_code(130);
    let stderr = &out.stderr;
    assert!(stderr.contains("heapgame::cancelled"), "{stderr}");
    assert!(stderr.contains("positions"), "{stderr}");
    assert!(out.stdout.is_empty());
}
