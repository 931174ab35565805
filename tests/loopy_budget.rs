//! The region of a loopy game is built within the budget: the position limit, `--time` and
//! the memory it takes are looked at while one position's followers are generated, since a
//! position may have billions of them. Found by the command fuzzer (seed 2511252114, case
//! 23001): `solve` of the ruleset below ignored `--time 10ms` and `--max-positions 500`, ran
//! 30 s and grew to 14 GB, because (x, x, x) with x near 2^32 has about 2^32 followers by
//! `take same`, each numbered before any limit was looked at.

use std::time::Duration;

use crate::common;

/// The fuzzer's ruleset: a `take same` of no tokens makes every position loop, and `add
/// 4294967295` reaches positions with billions of `take same` followers.
const FOUND: &str = r#"ruleset "G" { let S = 0  heaps 3
  move { take same S from all heaps }
  move { take same 1..9223372036854775807 from all heaps }
  move { add 4294967295 to one heap } }
"#;

/// One heap, from which `add` reaches four billion positions in one move, and `take`
/// returns: a loopy game whose first position alone has 2^32 - 1 followers.
const WIDE: &str = r#"ruleset "Wide" { heaps 1
  move { add 1..4294967295 to one heap }
  move { take 1 from one heap } }
"#;

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("loopy-budget");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the ruleset");
    path
}

fn solve(file: &std::path::Path, extra: &[&str]) -> common::run::Output {
    common::run::heapgame()
        .args(["solve", file.to_str().expect("utf-8 path"), "--max", "5"])
        .args(extra)
        .time_bound(Duration::from_secs(300))
        .run()
}

/// Every follower numbered in the region is a position stored, so the limit is looked at as
/// each is numbered.
#[test]
fn the_position_limit_stops_the_region_of_a_loopy_game() {
    let found = write("found.game", FOUND);
    let r = solve(&found, &["--max-positions", "500"]);
    r.assert_code(2);
    assert!(r.stderr.contains("heapgame::limit"), "{}", r.stderr);
    assert!(r.stderr.contains("more than 500 positions"), "{}", r.stderr);
}

/// The search that first meets the loop keeps the followers of the position it works on:
/// 2^32 - 1 of them for the first position of `WIDE`, stopped by the memory limit as they
/// are generated.
#[test]
fn the_memory_limit_stops_a_position_of_billions_of_followers() {
    let wide = write("wide.game", WIDE);
    let r = solve(&wide, &["--max-memory", "200MB"]);
    r.assert_code(2);
    assert!(r.stderr.contains("heapgame::limit"), "{}", r.stderr);
    assert!(r.stderr.contains("memory"), "{}", r.stderr);
}

#[test]
fn time_stops_the_region_of_a_loopy_game() {
    let found = write("found-time.game", FOUND);
    let wide = write("wide-time.game", WIDE);
    for file in [&found, &wide] {
        for extra in [
            &["--time", "10ms"][..],
            &["--time", "10ms", "--max-positions", "500"],
        ] {
            let r = solve(file, extra);
            r.assert_code(2);
            assert!(r.stderr.contains("heapgame::limit"), "{}", r.stderr);
        }
    }
}
