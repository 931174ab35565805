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

/// The values the file's header counts, and its length past the header in values of the
/// header's width (a byte each while the values are below 256).
fn counted(file: &std::path::Path) -> Option<(usize, usize)> {
    let (count, width, bytes) = counted_wide(file)?;
    Some((count, bytes / width))
}

/// The values the file's header counts, the bytes a value takes, and its length past the
/// header.
fn counted_wide(file: &std::path::Path) -> Option<(usize, usize, usize)> {
    let bytes = std::fs::read(file).ok()?;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).to_string();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("heapgame sequence 3"));
    lines.next()?;
    let width = lines.next()?.strip_prefix("width ")?.parse().ok()?;
    let count = lines.next()?.strip_prefix("values ")?.parse().ok()?;
    let header = text.match_indices('\n').nth(3)?.0 + 1;
    Some((count, width, bytes.len() - header))
}

/// `heapgame sequence GAME --to TO --save PATH`, printing into `out`, returned running once
/// the file counts some values (a generous `bound` against a hang).
fn saving(
    game: &str,
    to: &str,
    path: &std::path::Path,
    out: &std::path::Path,
    bound: Duration,
) -> std::process::Child {
    let file = path.to_str().expect("a path");
    let mut child = heapgame()
        .args(["sequence", game, "--to", to, "--format", "csv"])
        .args(["--save", file])
        .stdout_to(out)
        .spawn();
    let start = Instant::now();
    let saved = |p: &std::path::Path| counted(p).is_some_and(|(c, _)| c > 0);
    while !saved(path) {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(saved(path), "the run ended ({status}) with no value saved");
        }
        assert!(start.elapsed() < bound, "no value saved");
        std::thread::sleep(Duration::from_millis(5));
    }
    child
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
    // Killed (SIGKILL: nothing runs after it) as soon as the file counts some values.
    let mut child = saving(GRUNDY, "100000000", &path, &out, Duration::from_secs(300));
    assert!(child.try_wait().expect("wait").is_none(), "still running");
    child.kill().expect("kill -9");
    child.wait().expect("wait");
    let (count, stored) = counted(&path).expect("the file is whole");
    assert!(stored >= count, "{count} values counted, {stored} stored");
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
        Some((to + 1, to + 1)),
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
    assert_eq!(
        counted_wide(&path),
        Some((done, 1, done)),
        "every value printed is saved, a byte each"
    );
    let want = grundy_game(TO);
    let upto = done.min(TO + 1);
    assert_eq!(printed[..upto], want[..upto], "the values printed");
    // Resumed to `TO`: the file's values (and new ones, if it holds fewer), all of the
    // definition.
    assert_eq!(resume(file, TO), want, "resumed");
}

/// Resumes `file` (saving into it) for `ruleset` to `to`, and returns the values printed.
fn resume_game(ruleset: &str, file: &str, to: usize) -> Vec<u32> {
    let out = heapgame()
        .args(["sequence", ruleset, "--to", &to.to_string()])
        .args(["--format", "csv", "--resume", file, "--save", file])
        .ok();
    csv(&out)
}

#[test]
fn values_above_65535_are_saved_four_bytes_each_and_resume_to_nims() {
    // Nim's heap n has the value n (Bouton): up to 65,000 the file holds two bytes a value;
    // resumed past 65,535 it is written again at four, and read back.
    let nim = "rulesets/classic/nim.game";
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("nim.seq");
    let file = path.to_str().expect("a path");
    heapgame()
        .args(["sequence", nim, "--to", "65000", "--from", "65000"])
        .args(["--save", file])
        .ok();
    assert_eq!(counted_wide(&path), Some((65_001, 2, 2 * 65_001)));
    let want: Vec<u32> = (0..=65_600).collect();
    assert_eq!(resume_game(nim, file, 65_600), want, "resumed past 65,535");
    assert_eq!(counted_wide(&path), Some((65_601, 4, 4 * 65_601)));
    // Read back with nothing left to compute: the four-byte values as they were saved.
    assert_eq!(resume_game(nim, file, 65_600), want, "read back");
}

/// Subtract-a-square by the definition: `g(n)` is the least value not among `g(n - s^2)`,
/// `1 <= s^2 <= n`.
fn subtract_square(max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(max + 1);
    for n in 0..=max {
        let options: Vec<u32> = (1..)
            .map(|s| s * s)
            .take_while(|&q| q <= n)
            .map(|q| g[n - q])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
    }
    g
}

#[test]
fn a_ruleset_the_generic_path_computes_is_saved_as_it_grows() {
    // A condition the take-and-break kernel does not take (`where` on the amount): each heap
    // by the move generator's followers, the file written as they grow all the same.
    let square = "rulesets/classic/subtract-square.game";
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("sq.seq");
    let file = path.to_str().expect("a path");
    let out = dir.path().join("out.csv");
    std::fs::write(&out, "").expect("an output file");
    let mut child = saving(square, "4000000000", &path, &out, Duration::from_secs(120));
    child.kill().expect("kill -9");
    child.wait().expect("wait");
    let (count, _) = counted(&path).expect("the file is whole");
    // The interpreter takes each amount's condition in turn (quadratic): a few thousand heaps.
    let to = count + 200;
    let resumed = resume_game(square, file, to);
    assert_eq!(resumed, subtract_square(to), "resumed after the kill");
    let whole = heapgame()
        .args([
            "sequence",
            square,
            "--to",
            &to.to_string(),
            "--format",
            "csv",
        ])
        .ok();
    assert_eq!(resumed, csv(&whole), "resumed after the kill");
}

#[test]
fn a_comment_or_a_claim_added_keeps_a_saved_run_and_a_changed_move_is_refused() {
    // A run of days must survive an edit that changes no move; a file of another game must
    // not be read as this one's values.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("g.seq");
    let file = path.to_str().expect("a path");
    let text = std::fs::read_to_string(GRUNDY).expect("the bundled file");
    let edited = dir.path().join("edited.game");
    let claim = "  # A note added while the run was stopped.\n  claim P: heaps[0] < 0\n}\n";
    let with_claim = text.trim_end().trim_end_matches('}').to_string() + claim;
    std::fs::write(&edited, &with_claim).expect("the edited file");
    let other = dir.path().join("other.game");
    std::fs::write(&other, text.replace("unequal parts", "parts")).expect("another game");
    heapgame()
        .args(["sequence", GRUNDY, "--to", "3000", "--from", "3000"])
        .args(["--save", file])
        .ok();
    let edited = edited.to_str().expect("a path");
    assert_eq!(resume_game(edited, file, 3_500), grundy_game(3_500));
    let err = heapgame()
        .args(["sequence", other.to_str().expect("a path"), "--to", "3600"])
        .args(["--resume", file])
        .fails_with("heapgame::io");
    assert!(err.contains("cannot resume"), "{err}");
}
