//! Hostile input and extreme arguments through the real binary (issue 25, part 1): exact Beatty
//! membership far past f64's precision, amount and count ranges far larger than any heap, deep
//! `fn` chains, write errors on stdout, `--output` on what is not a regular file, oversized and
//! non-UTF-8 files, and runs under an address-space limit (`ulimit -v`).
//!
//! Expected values are computed here, independently of heapgame: Beatty terms by integer
//! square roots (floor(n * phi) = (n + isqrt(5 n^2)) / 2, floor(n * sqrt 2) = isqrt(2 n^2)),
//! Nim by XOR, and the P-positions of the small games by a plain recursion.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::common::run::{heapgame, Output};

/// The exit code, stdout and stderr of a run; a death by signal fails the test.
fn finished(out: Output) -> (i32, String, String) {
    assert!(
        out.code != -1,
        "{} died by a signal: {}",
        out.cmdline,
        out.stderr
    );
    (out.code, out.stdout, out.stderr)
}

/// Runs heapgame; (exit code, stdout, stderr). A death by signal fails the test.
fn run(args: &[&str]) -> (i32, String, String) {
    finished(heapgame().args(args).run())
}

/// Runs heapgame under an address-space limit of `kib` KiB (`ulimit -v`), stdout discarded;
/// (exit code, stderr). A death by signal fails the test.
fn limited(kib: u64, args: &[&str]) -> (i32, String) {
    let (code, _, err) = finished(
        heapgame()
            .args(args)
            .address_space_kib(kib)
            .stdout_to("/dev/null")
            .run(),
    );
    (code, err)
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heapgame-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes a ruleset file and returns its path as a string.
fn ruleset(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write ruleset");
    p.to_str().expect("UTF-8 path").to_string()
}

/// A message with miette's line breaks and margins taken out.
pub(crate) fn flat(s: &str) -> String {
    s.replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A refusal with its code, exit 2 and no panic.
#[track_caller]
pub(crate) fn assert_clean_failure(code: i32, err: &str, want_code: &str) {
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(want_code), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Beatty sets, exactly
// ---------------------------------------------------------------------------------------------

/// floor(n * phi) = floor((n + sqrt(5 n^2)) / 2) = (n + isqrt(5 n^2)) / 2, as sqrt(5 n^2) is
/// irrational for n >= 1.
fn floor_phi(n: u128) -> u128 {
    (n + (5 * n * n).isqrt()) / 2
}

/// A small deterministic generator (SplitMix64), so that the test needs no crate.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn beatty_membership_is_exact_past_two_to_the_fifty_three() {
    let dir = scratch("beatty");
    // The floor identity of the issue, and its member, which the f64 estimate missed.
    assert_eq!(floor_phi(18014398510059523), 29147909076161772);
    let mut lines = vec![
        "require floor(18014398510059523 * phi) == 29147909076161772".to_string(),
        "require 29147909076161772 in beatty(phi)".to_string(),
    ];
    // 100 members floor(n phi) and 100 non-members floor(n phi^2) = floor(n phi) + n (the
    // complementary Beatty sequence) between 2^53 and 2^61; and for sqrt(2) likewise, with
    // floor(n sqrt 2) = isqrt(2 n^2) and its complement floor(n (2 + sqrt 2)) = 2n + isqrt(2 n^2).
    let mut seed = 25;
    let mut members = 0;
    while members < 100 {
        let x = (1u64 << 53) + splitmix(&mut seed) % ((1u64 << 61) - (1u64 << 53));
        // n with floor(n phi) near x, and with floor(n phi^2) near x.
        let n = u128::from(x) * 1_000_000 / 1_618_034;
        let m = u128::from(x) * 1_000_000 / 2_618_034;
        let (member, other) = (floor_phi(n), floor_phi(m) + m);
        if member >= 1 << 61 || other < 1 << 53 {
            continue;
        }
        lines.push(format!("require {member} in beatty(phi)"));
        lines.push(format!("require not ({other} in beatty(phi))"));
        let r = u128::from(x) * 1_000_000 / 1_414_214;
        let q = u128::from(x) * 1_000_000 / 3_414_214;
        let (s2, not_s2) = ((2 * r * r).isqrt(), 2 * q + (2 * q * q).isqrt());
        lines.push(format!("require {s2} in beatty(sqrt(2))"));
        lines.push(format!("require not ({not_s2} in beatty(sqrt(2)))"));
        members += 1;
    }
    let text = format!(
        "ruleset \"beatty\" {{\n  heaps 1\n  move {{ take 1 from one heap }}\n  {}\n}}\n",
        lines.join("\n  ")
    );
    let file = ruleset(&dir, "beatty.game", &text);
    let (code, out, err) = run(&["eval", &file, "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome:  P"), "{out}");
    // And a false claim of membership fails: between floor(n phi) and floor((n + 1) phi),
    // when they are 2 apart, lies a number that is no member.
    let n = (18014398510059523u128..)
        .find(|&n| floor_phi(n + 1) - floor_phi(n) == 2)
        .expect("a gap of 2");
    let bad = ruleset(
        &dir,
        "bad.game",
        &format!(
            "ruleset \"b\" {{\n  heaps 1\n  move {{ take 1 from one heap }}\n  \
             require {} in beatty(phi)\n}}\n",
            floor_phi(n) + 1
        ),
    );
    let (code, _, err) = run(&["eval", &bad, "0"]);
    assert_clean_failure(code, &err, "heapgame::require");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Ranges far larger than any heap
// ---------------------------------------------------------------------------------------------

/// The P-positions of a heaps-any game among the sorted positions up to `max`, by plain
/// recursion over `moves` (followers of a sorted position, sorted, zeros dropped).
fn p_positions_any(
    max: u32,
    heaps: usize,
    moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
) -> Vec<Vec<u32>> {
    fn is_p(
        pos: &[u32],
        moves: &dyn Fn(&[u32]) -> Vec<Vec<u32>>,
        memo: &mut HashMap<Vec<u32>, bool>,
    ) -> bool {
        if let Some(&p) = memo.get(pos) {
            return p;
        }
        let p = moves(pos).iter().all(|f| !is_p(f, moves, memo));
        memo.insert(pos.to_vec(), p);
        p
    }
    let mut memo = HashMap::new();
    let mut out = Vec::new();
    let mut pos = vec![0u32; heaps];
    loop {
        let mut key: Vec<u32> = pos.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if pos.windows(2).all(|w| w[0] <= w[1]) && is_p(&key, moves, &mut memo) {
            out.push(pos.clone());
        }
        let Some(i) = (0..heaps).rev().find(|&i| pos[i] < max) else {
            break;
        };
        pos[i] += 1;
        for p in &mut pos[i + 1..] {
            *p = 0;
        }
    }
    out
}

/// Followers of "take 1.. from each of C heaps" for every C >= 1: any non-empty choice of
/// heaps, each lowered by at least 1.
fn lower_any_nonempty(pos: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn rec(pos: &[u32], i: usize, cur: &mut Vec<u32>, any: bool, out: &mut Vec<Vec<u32>>) {
        if i == pos.len() {
            if any {
                let mut f: Vec<u32> = cur.iter().copied().filter(|&h| h > 0).collect();
                f.sort_unstable();
                out.push(f);
            }
            return;
        }
        for v in 0..=pos[i] {
            cur.push(v);
            rec(pos, i + 1, cur, any || v < pos[i], out);
            cur.pop();
        }
    }
    rec(pos, 0, &mut cur, false, &mut out);
    out
}

/// The rows of `solve`'s table that are positions: "(a, b, c)" parsed.
fn table_positions(out: &str) -> Vec<Vec<u32>> {
    out.lines()
        .filter(|l| l.trim_start().starts_with('('))
        .map(|l| {
            let inner = l.trim().trim_start_matches('(');
            let inner = &inner[..inner.find(')').expect("a closing parenthesis")];
            inner
                .split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(|x| x.parse().expect("a heap"))
                .collect()
        })
        .collect()
}

#[test]
fn amounts_far_beyond_the_box_are_not_listed() {
    let dir = scratch("amounts");
    for (shape, take) in [("heaps 2", "1..10^12"), ("heaps any", "1..10^9")] {
        let file = ruleset(
            &dir,
            "take.game",
            &format!("ruleset \"t\" {{\n  {shape}\n  move {{ take {take} from one heap }}\n}}\n"),
        );
        // Every amount up to the heap is allowed: Nim, whose Grundy value is the XOR.
        let (code, out, err) = run(&["eval", &file, "3", "4"]);
        assert_eq!(code, 0, "{shape} take {take}: {err}");
        assert!(out.contains(&format!("grundy:   {}", 3 ^ 4)), "{out}");
        let (code, out, err) = run(&["solve", &file, "--max", "5", "--heaps", "2"]);
        assert_eq!(code, 0, "{shape} take {take}: {err}");
        // With `heaps any` empty heaps are dropped: () is (0, 0).
        let got: Vec<Vec<u32>> = table_positions(&out)
            .into_iter()
            .map(|mut p| {
                p.resize(2, 0);
                p
            })
            .collect();
        let want: Vec<Vec<u32>> = (0..=5).map(|a| vec![a, a]).collect();
        assert_eq!(got, want, "{shape} take {take}: {out}");
    }
    // Under an address-space limit far below what listing 10^8 amounts would take.
    let file = ruleset(
        &dir,
        "big.game",
        "ruleset \"t\" {\n  heaps 2\n  move { take 1..10^8 from one heap }\n}\n",
    );
    let (code, err) = limited(2_000_000, &["eval", &file, "3", "4"]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_far_beyond_the_heaps_are_not_listed() {
    let dir = scratch("counts");
    let want = p_positions_any(4, 3, &lower_any_nonempty);
    for count in ["1..10^12", "0..10^9"] {
        let file = ruleset(
            &dir,
            "each.game",
            &format!(
                "ruleset \"e\" {{\n  heaps any\n  move {{ take 1.. from each of {count} heaps }}\n}}\n"
            ),
        );
        let (code, out, err) = run(&["solve", &file, "--max", "4", "--heaps", "3"]);
        assert_eq!(code, 0, "each of {count}: {err}");
        let got: Vec<Vec<u32>> = table_positions(&out)
            .into_iter()
            .map(|mut p| {
                p.resize(3, 0);
                p.sort_unstable();
                p
            })
            .collect();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        let mut got_sorted = got;
        got_sorted.sort();
        assert_eq!(got_sorted, want_sorted, "each of {count}: {out}");
        let (code, out, err) = run(&["eval", &file, "1", "2", "3"]);
        assert_eq!(code, 0, "each of {count}: {err}");
        assert!(out.contains("outcome:  N"), "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Deep fn chains
// ---------------------------------------------------------------------------------------------

/// A ruleset whose `fn`s f0 .. f(n-1) each call the one before, and a claim through the last:
/// f(n-1)(h) = h + n - 1, so the claim says grundy == h mod 2 (take 1 at a time).
fn chain(n: usize) -> String {
    let mut t = String::from("ruleset \"chain\" {\n  heaps 1\n  move { take 1 from one heap }\n");
    t.push_str("  fn f0(n) = n\n");
    for i in 1..n {
        t.push_str(&format!("  fn f{i}(n) = f{}(n) + 1\n", i - 1));
    }
    t.push_str(&format!(
        "  claim grundy: f{}(heaps[0]) - {} - heaps[0] + heaps[0] mod 2\n  check max 12\n}}\n",
        n - 1,
        n - 1
    ));
    t
}

#[test]
fn deep_fn_chains_are_refused_or_checked_not_overflowed() {
    let dir = scratch("chain");
    // A chain of 100 expands and its claim holds (take 1: grundy = h mod 2).
    let short = ruleset(&dir, "short.game", &chain(100));
    let (code, out, err) = run(&["check", &short]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("holds over 13 positions"), "{out}");
    // 2000 (a 48 kB file): refused at the depth limit with a located error, well within
    // memory (the copies per call made 1500 take 506 MB).
    let long = ruleset(&dir, "long.game", &chain(2000));
    let (code, err) = limited(1_000_000, &["check", &long]);
    assert_clean_failure(code, &err, "heapgame::not_allowed");
    assert!(flat(&err).contains("levels deep"), "{err}");
    assert!(err.contains("long.game:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["formulas"][..],
        &["check", "rulesets/classic/nim.game", "--max", "3"],
        &[
            "diff",
            "rulesets/classic/wythoff.game",
            "--formula",
            "wythoff",
            "--max",
            "5",
        ],
        &["eval", "rulesets/classic/wythoff.game", "3", "5"],
    ] {
        let (code, _, err) = finished(heapgame().args(args).stdout_to("/dev/full").run());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("heapgame::io"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // The REPL too, on its first answer.
    let (code, _, err) = finished(
        heapgame()
            .args(["repl", "rulesets/classic/wythoff.game"])
            .stdin("3 5\n")
            .stdout_to("/dev/full")
            .run(),
    );
    assert_clean_failure(code, &err, "heapgame::io");
}

#[test]
fn output_refuses_what_is_not_a_regular_file() {
    let dir = scratch("output");
    for target in ["/dev/null", dir.to_str().expect("UTF-8")] {
        if !Path::new(target).exists() {
            continue;
        }
        let before = std::fs::metadata(target).expect("target").file_type();
        let (code, out, err) = run(&[
            "solve",
            "rulesets/classic/wythoff.game",
            "--max",
            "5",
            "--output",
            target,
        ]);
        assert_clean_failure(code, &err, "heapgame::io");
        assert!(flat(&err).contains("not a regular file"), "{err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            std::fs::metadata(target).expect("target").file_type(),
            before
        );
        let (code, _, err) = run(&[
            "plot",
            "rulesets/classic/wythoff.game",
            "--max",
            "5",
            "--output",
            target,
        ]);
        assert_eq!(code, 2, "{err}");
    }
    // A symbolic link to a regular file is written through: the file replaced, the link kept,
    // and no temporary file left behind.
    #[cfg(unix)]
    {
        let real = dir.join("real.txt");
        std::fs::write(&real, "old").expect("write");
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(&real, &link).expect("symlink");
        let (code, _, err) = run(&[
            "solve",
            "rulesets/classic/wythoff.game",
            "--max",
            "3",
            "--output",
            link.to_str().expect("UTF-8"),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        let text = std::fs::read_to_string(&real).expect("read");
        assert!(text.contains("(0, 0)"), "{text}");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

#[test]
fn oversized_and_non_utf8_files_are_refused_with_their_place() {
    let dir = scratch("input");
    if Path::new("/dev/zero").exists() {
        // A device is refused before it is read (issue 31: a named pipe blocked forever).
        let (code, err) = limited(1_000_000, &["eval", "/dev/zero", "1"]);
        assert_clean_failure(code, &err, "heapgame::io");
        assert!(
            flat(&err).contains("a character device, not a regular file"),
            "{err}"
        );
    }
    // 5 MB of spaces around a valid ruleset.
    let big = format!(
        "ruleset \"b\" {{\n  heaps 1\n  move {{ take 1 from one heap }}\n}}\n{}",
        " ".repeat(5 << 20)
    );
    let file = ruleset(&dir, "big.game", &big);
    let (code, _, err) = run(&["eval", &file, "1"]);
    assert_clean_failure(code, &err, "heapgame::io");
    // A Latin-1 byte on line 2, after 15 characters: byte 29 (14 on line 1).
    let p = dir.join("latin1.game");
    std::fs::write(&p, b"ruleset \"x\" {\n  heaps 1 # caf\xe9\n}\n").expect("write");
    let (code, _, err) = run(&["check", p.to_str().expect("UTF-8")]);
    assert_clean_failure(code, &err, "heapgame::io");
    assert!(flat(&err).contains("byte 29 (line 2, column 16)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Limits that know the machine
// ---------------------------------------------------------------------------------------------

#[test]
fn runs_under_an_address_space_limit_stop_cleanly() {
    // Under `ulimit -v 4000000` (4 GB of address space) these aborted on one huge allocation.
    let kayles = [
        "sequence",
        "rulesets/classic/kayles.game",
        "--max",
        "4294967295",
    ];
    for cmd in [
        &kayles[..],
        &[
            "plot",
            "rulesets/classic/nim.game",
            "--max",
            "10",
            "--heaps",
            "3",
            "--slice",
            "h3=0..1000000000",
        ],
    ] {
        let (code, err) = limited(4_000_000, cmd);
        assert_eq!(code, 2, "{cmd:?}: {err}");
        assert!(err.contains("heapgame::"), "{cmd:?}: {err}");
        assert!(!err.contains("memory allocation"), "{cmd:?}: {err}");
    }
    // The default limit says what bounded it.
    let (code, err) = limited(4_000_000, &kayles);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ulimit -v"), "{err}");
}
