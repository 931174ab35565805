//! `heapgame sequence` for long runs (issue 32): `--from`/`--to` print a slice, a run stopped
//! by `--time` prints the values it computed and says where it stopped (exit code 2), `--save`
//! keeps them and `--resume` goes on from them to the same values as an uninterrupted run;
//! `--format json` reports the rare/common classes; with stderr a file (a log) a long run
//! writes a plain progress line every ten seconds. Nothing here depends on
//! the machine's speed: a stopped run is checked against what it reports, whatever its length.

use crate::common::run::heapgame;

const GRUNDY: &str = "rulesets/classic/grundy-game.game";

/// The `n,grundy` lines of a CSV output, as pairs.
fn csv(out: &str) -> Vec<(u32, u32)> {
    out.lines()
        .skip(1)
        .map(|l| {
            let (n, g) = l.split_once(',').expect("n,grundy");
            (n.parse().expect("n"), g.parse().expect("g"))
        })
        .collect()
}

/// A report's text on one line (miette wraps it at 80 columns behind a `│`).
fn flat(err: &str) -> String {
    err.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

fn full(max: u32) -> Vec<(u32, u32)> {
    let out = heapgame()
        .args([
            "sequence",
            GRUNDY,
            "--max",
            &max.to_string(),
            "--format",
            "csv",
        ])
        .ok();
    csv(&out)
}

#[test]
fn from_and_to_print_a_slice_of_the_same_values() {
    let all = full(3000);
    assert_eq!(all.len(), 3001);
    let out = heapgame()
        .args([
            "sequence", GRUNDY, "--from", "2990", "--to", "3000", "--format", "csv",
        ])
        .ok();
    assert_eq!(csv(&out), all[2990..]);
    let text = heapgame()
        .args(["sequence", GRUNDY, "--from", "2990", "--to", "3000"])
        .ok();
    // Rows of ten led by their first heap, from 2990 on.
    assert!(text.contains("2990: "), "{text}");
    assert!(!text.contains("   0: "), "{text}");
    let err = heapgame()
        .args(["sequence", GRUNDY, "--from", "11", "--to", "10"])
        .fails_with("heapgame::usage");
    assert!(err.contains("--from 11 is past --max 10"), "{err}");
}

#[test]
fn a_long_run_writes_a_plain_progress_line_when_stderr_is_a_file() {
    // Eleven seconds of wall time (not of work): the line of the tenth second is written to
    // the log, as under `nohup` (a pipe, as in the other tests, gets none).
    let dir = tempfile::tempdir().expect("a temporary directory");
    let log = dir.path().join("log");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args([
            "sequence",
            GRUNDY,
            "--to",
            "100000000",
            "--from",
            "100000000",
        ])
        .args(["--time", "11s"])
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).expect("a log"))
        .status()
        .expect("run heapgame");
    let err = std::fs::read_to_string(&log).expect("the log");
    assert_eq!(status.code(), Some(2), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("heapgame sequence: "))
        .unwrap_or_else(|| panic!("no progress line in {err}"));
    assert!(line.contains(" values of 100,000,001 ("), "{line}");
    assert!(line.contains(" a second, "), "{line}");
    assert!(line.contains(" elapsed, about "), "{line}");
    assert!(line.ends_with(" left"), "{line}");
}

#[test]
fn a_run_stopped_by_time_prints_its_values_and_resumes_to_the_same_sequence() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("g.seq");
    let file = file.to_str().expect("a path");
    // Far more heaps than a second computes: the run stops at the time limit.
    let out = heapgame()
        .args(["sequence", GRUNDY, "--to", "100000000", "--time", "1s"])
        .args(["--format", "csv", "--save", file])
        .run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    let err = flat(&out.stderr);
    assert!(
        err.contains("stopped at the time limit, --time 1s"),
        "{err}"
    );
    let got = csv(&out.stdout);
    let done = got.len();
    assert!(done > 0 && done < 100_000_001);
    let said = format!("the values of heaps 0..{} are printed", done - 1);
    assert!(err.contains(&said), "{err}");
    assert!(err.contains("heapgame::limit"), "{err}");
    let want = full(done as u32 - 1);
    assert_eq!(got, want, "the values printed before the stop");
    // Resumed to a length past the stop: the values of an uninterrupted run.
    let to = done as u32 + 2000;
    let resumed = heapgame()
        .args([
            "sequence",
            GRUNDY,
            "--to",
            &to.to_string(),
            "--format",
            "csv",
        ])
        .args(["--resume", file])
        .ok();
    assert_eq!(csv(&resumed), full(to), "resumed");
    // The file holds the values of another game for Kayles.
    let err = heapgame()
        .args([
            "sequence",
            "rulesets/classic/kayles.game",
            "--to",
            "10",
            "--resume",
            file,
        ])
        .fails_with("heapgame::io");
    assert!(flat(&err).contains("another ruleset"), "{err}");
}

#[test]
fn json_reports_the_rare_values_and_the_mask_of_grundys_game() {
    let out = heapgame()
        .args(["sequence", GRUNDY, "--to", "20000", "--format", "json"])
        .ok();
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let values: Vec<u64> = v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().expect("a value"))
        .collect();
    assert_eq!(v["largest"].as_u64(), values.iter().max().copied());
    let g = &v["rare_common"]["groups"][0];
    let mask = g["mask"].as_u64().expect("a mask");
    // Flammenkamp's table of Grundy's game: the sparse values have an even number of ones
    // without the lowest digit; every rare value reported is of that class, and the rare
    // heaps counted are those of the values printed.
    assert_eq!(mask & 0xff, 0xfe);
    let rare = |x: u64| (x & mask).count_ones().is_multiple_of(2);
    for r in g["rare_values"].as_array().expect("rare values") {
        assert!(rare(r.as_u64().expect("a value")), "{r}");
    }
    let count = values.iter().filter(|&&x| rare(x)).count() as u64;
    assert_eq!(g["rare_heaps"].as_u64(), Some(count));
    let last = values.iter().rposition(|&x| rare(x)).expect("rare heaps") as u64;
    assert_eq!(g["last_rare_heap"].as_u64(), Some(last));
}

#[test]
#[ignore = "long: 4.4 * 10^8 heaps, about 150 s of CPU in release (docs/performance.md); run in release"]
fn octal_1777_has_period_60620715_after_160949017() {
    // Flammenkamp's table of octal games: 0.1777 has period 60,620,715, its last exception
    // at heap 160,949,017. The periodicity theorem (largest take t = 4) proves it from the
    // values up to 2e + 2p + t = 443,139,470 with e = 160,949,018: the run goes a little past.
    let out = heapgame()
        .args([
            "sequence",
            "rulesets/classic/octal.game",
            "-p",
            "code=0.1777",
        ])
        .args([
            "--to",
            "443200000",
            "--from",
            "443200000",
            "--format",
            "json",
        ])
        .time_bound(std::time::Duration::from_secs(4 * 3600))
        .ok();
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let p = &v["periodic"];
    assert_eq!(p["period"].as_u64(), Some(60_620_715), "{p}");
    assert_eq!(p["preperiod"].as_u64(), Some(160_949_018), "{p}");
    assert_eq!(p["saltus"].as_i64(), Some(0), "{p}");
    assert_eq!(p["proven"].as_bool(), Some(true), "{p}");
}
