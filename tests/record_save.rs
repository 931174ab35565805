//! `heapgame sequence --save` on runs that last days (issue 32): the file is written as the
//! sequence grows, so a run killed with `kill -9` at any moment leaves a file that `--resume`
//! goes on from, to the values of Grundy's game computed here by the definition (the mex of
//! `g(a) ^ g(n - a)` over every split into two unequal heaps); a chunk written but not
//! counted (a kill between the two writes) is ignored and cut; Ctrl-C saves every value
//! printed. Nothing here depends on the machine's speed: the run is killed once the file
//! counts values, however many.

use std::time::{Duration, Instant};

use crate::common::run::heapgame;

const GRUNDY: &str = "rulesets/classic/grundy-game.game";

/// The heaps checked against the definition: a plain mex reaches them in the test in about
/// a second.
const TO: usize = 60_000;

/// Grundy's game by the definition: `g(n)` is the least value not among `g(a) ^ g(n - a)`,
/// `1 <= a < n - a`.
fn grundy_game(max: usize) -> Vec<u32> {
    let mut g = vec![0u32; max + 1];
    let mut seen: Vec<usize> = vec![usize::MAX; 64];
    for n in 1..=max {
        for a in 1..=(n - 1) / 2 {
            let x = (g[a] ^ g[n - a]) as usize;
            if x >= seen.len() {
                seen.resize(2 * x + 2, usize::MAX);
            }
            seen[x] = n;
        }
        g[n] = (0..).find(|&v| seen.get(v) != Some(&n)).expect("a mex") as u32;
    }
    g
}

/// The `n,grundy` lines of a CSV output, as values (checked to be of heaps 0, 1, ...).
fn csv(out: &str) -> Vec<u32> {
    out.lines()
        .skip(1)
        .enumerate()
        .map(|(i, l)| {
            let (n, g) = l.split_once(',').expect("n,grundy");
            assert_eq!(n.parse::<usize>().expect("n"), i);
            g.parse().expect("g")
        })
        .collect()
}

/// The values the file's header counts, and its length past the header.
fn counted(file: &std::path::Path) -> Option<(usize, usize)> {
    let bytes = std::fs::read(file).ok()?;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).to_string();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("heapgame sequence 2"));
    lines.next()?;
    let count = lines.next()?.strip_prefix("values ")?.parse().ok()?;
    let header = text.match_indices('\n').nth(2)?.0 + 1;
    Some((count, bytes.len() - header))
}

/// Resumes `file` to `to` (saving into it) and returns the values printed.
fn resume(file: &str, to: usize) -> Vec<u32> {
    let out = heapgame()
        .args([
            "sequence",
            GRUNDY,
            "--to",
            &to.to_string(),
            "--format",
            "csv",
        ])
        .args(["--resume", file, "--save", file])
        .ok();
    csv(&out)
}

#[test]
fn a_run_killed_mid_way_resumes_to_the_values_of_the_definition() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("g.seq");
    let file = path.to_str().expect("a path");
    let out = dir.path().join("out.csv");
    std::fs::write(&out, "").expect("an output file");
    let mut child = heapgame()
        .args(["sequence", GRUNDY, "--to", "100000000", "--format", "csv"])
        .args(["--save", file])
        .stdout_to(&out)
        .spawn();
    // Killed (SIGKILL: nothing runs after it) as soon as the file counts some values.
    let start = Instant::now();
    let saved = |p: &std::path::Path| counted(p).is_some_and(|(c, _)| c > 0);
    while !saved(&path) {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(saved(&path), "the run ended ({status}) with no value saved");
        }
        assert!(start.elapsed() < Duration::from_secs(300), "no value saved");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(child.try_wait().expect("wait").is_none(), "still running");
    child.kill().expect("kill -9");
    child.wait().expect("wait");
    let (count, bytes) = counted(&path).expect("the file is whole");
    assert!(bytes >= 2 * count, "{count} values counted, {bytes} bytes");
    // A chunk written but not counted (the kill between the writes): ignored, then cut.
    let mut torn = std::fs::read(&path).expect("the file");
    torn.extend_from_slice(&[0xff, 0xff, 0x07]);
    std::fs::write(&path, &torn).expect("a torn chunk");
    // Resumed past the kill: the values of the definition (to `TO`) and of a run never
    // stopped (every heap).
    let to = (count + 2000).max(TO);
    let resumed = resume(file, to);
    assert_eq!(resumed[..=TO], grundy_game(TO), "resumed after the kill");
    let whole = heapgame()
        .args([
            "sequence",
            GRUNDY,
            "--to",
            &to.to_string(),
            "--format",
            "csv",
        ])
        .ok();
    assert_eq!(resumed, csv(&whole), "resumed after the kill");
    assert_eq!(
        counted(&path),
        Some((to + 1, 2 * (to + 1))),
        "every value saved, the torn chunk cut"
    );
}

#[test]
fn ctrl_c_saves_every_value_printed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("g.seq");
    let file = path.to_str().expect("a path");
    let out = heapgame()
        .args(["sequence", GRUNDY, "--to", "100000000", "--format", "csv"])
        .args(["--save", file])
        .interrupt_after(Duration::from_secs(2))
        .run();
    assert_eq!(out.code, 130, "{}", out.stderr);
    assert!(out.stderr.contains("cancelled (Ctrl-C)"), "{}", out.stderr);
    let printed = csv(&out.stdout);
    let done = printed.len();
    let (count, bytes) = counted(&path).expect("the file is whole");
    assert_eq!(
        (count, bytes),
        (done, 2 * done),
        "every value printed is saved"
    );
    let want = grundy_game(TO);
    let upto = done.min(TO + 1);
    assert_eq!(printed[..upto], want[..upto], "the values printed");
    // Resumed to `TO`: the file's values (and new ones, if it holds fewer), all of the
    // definition.
    assert_eq!(resume(file, TO), want, "resumed");
}
