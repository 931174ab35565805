//! Research sizes through `heapgame solve`: the P-positions of Wythoff's game in a box against
//! the Beatty pairs (floor(n phi), floor(n phi^2)) computed here in exact integer arithmetic,
//! at a small size in every run and at 4 * 10^4 (800 million positions, written as the table
//! goes) with `cargo test --release --test all research_sizes:: -- --ignored`; and the memory limit,
//! which refuses only the boxes that the mode that would run cannot fit.

const WYTHOFF: &str = "rulesets/classic/wythoff.game";

/// Runs heapgame from the repository root on one thread; returns exit code, stdout, stderr.
fn heapgame(args: &[&str]) -> (Option<i32>, String, String) {
    let out = crate::common::run::heapgame()
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .run();
    (Some(out.code).filter(|&c| c >= 0), out.stdout, out.stderr)
}

/// The greatest s with s * s <= x.
fn isqrt(x: u64) -> u64 {
    let mut s = (x as f64).sqrt() as u64;
    while s * s > x {
        s -= 1;
    }
    while (s + 1) * (s + 1) <= x {
        s += 1;
    }
    s
}

/// Wythoff's P-positions (a, b), a <= b <= max, in increasing order: (0, 0) and, for n >= 1,
/// a = floor(n phi) = floor((n + sqrt(5 n^2)) / 2) (= floor((n + isqrt(5 n^2)) / 2), as n
/// is an integer), b = a + n = floor(n phi^2).
fn beatty_pairs(max: u64) -> Vec<(u64, u64)> {
    let mut out = vec![(0, 0)];
    for n in 1.. {
        let a = (n + isqrt(5 * n * n)) / 2;
        let b = a + n;
        if b > max {
            break;
        }
        out.push((a, b));
    }
    out
}

/// The P-positions and the last lines of `solve`'s table for Wythoff up to `max`.
fn solve_table(max: u64) -> (Vec<(u64, u64)>, Vec<String>) {
    let m = max.to_string();
    let (code, out, err) = heapgame(&["solve", WYTHOFF, "--max", &m]);
    assert_eq!(code, Some(0), "{err}");
    let mut ps = Vec::new();
    let mut rest = Vec::new();
    for line in out.lines() {
        match line
            .trim()
            .strip_prefix('(')
            .and_then(|l| l.strip_suffix(')'))
        {
            Some(pair) => {
                let (a, b) = pair.split_once(", ").expect("a pair");
                ps.push((a.parse().expect("a"), b.parse().expect("b")));
            }
            None => rest.push(line.to_string()),
        }
    }
    (ps, rest)
}

fn check_against_beatty(max: u64) {
    let (got, rest) = solve_table(max);
    let want = beatty_pairs(max);
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w);
    }
    // Every unordered pair: (max + 1)(max + 2) / 2 positions.
    let total = (max + 1) * (max + 2) / 2;
    let count = format!("{} P-positions among {total} positions", want.len());
    assert!(rest.contains(&count), "{rest:?}");
    assert!(
        rest.last().is_some_and(|l| l.starts_with("solved by ")),
        "{rest:?}"
    );
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    check_against_beatty(2000);
}

/// 800 060 001 positions; about half a minute and 200 MB in release mode.
#[test]
#[ignore = "research size: run with --release -- --ignored"]
fn wythoff_p_positions_to_forty_thousand_are_the_beatty_pairs() {
    check_against_beatty(40_000);
}

#[test]
fn the_memory_limit_refuses_only_what_the_mode_cannot_fit() {
    // 3001 * 3002 / 2 = 4504501 positions: the outcomes at one bit each take 563 kB and fit
    // in 20 MB; Grundy values at 4 bytes each take 18 MB at least, with the kernel's own
    // table of as many cells on top, and do not fit in 10 MB.
    let (code, out, err) = heapgame(&["solve", WYTHOFF, "--max", "3000", "--max-memory", "20M"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("P-positions among 4504501 positions"), "{out}");
    let (code, out, err) = heapgame(&[
        "solve",
        WYTHOFF,
        "--max",
        "3000",
        "--grundy",
        "--max-memory",
        "10M",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert!(err.contains("heapgame::too_large"), "{err}");
    assert!(err.contains("4504501 positions"), "{err}");
    assert!(err.contains("--max-memory 10 MB"), "{err}");
    // The label points at the --max argument.
    assert!(err.contains("[--max:1:1]"), "{err}");
}

/// A sum's box holds only the single-heap sequence while `solve` writes it (each row's value
/// the XOR of its heaps'), so no memory limit refuses it: three heaps of Nim up to 300 are
/// 4590551 positions, 18 MB at 4 bytes each, listed within 12 MB. The P-positions counted
/// plainly: a <= b <= c <= 300 with a ^ b ^ c = 0.
#[test]
fn a_sums_box_is_listed_without_a_table() {
    let (code, out, err) = heapgame(&[
        "solve",
        "rulesets/classic/nim.game",
        "--heaps",
        "3",
        "--max",
        "300",
        "--max-memory",
        "12MB",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let mut p = 0;
    for a in 0..=300u32 {
        for b in a..=300 {
            if (b..=300).contains(&(a ^ b)) {
                p += 1;
            }
        }
    }
    let want = format!("{p} P-positions among 4590551 positions");
    assert!(
        out.contains(&want),
        "{want}: {}",
        out.lines().last().unwrap_or("")
    );
}

#[test]
fn json_and_the_table_say_which_mode_solved_the_box() {
    let (code, out, err) = heapgame(&["solve", WYTHOFF, "--max", "5", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let modes = ["generic", "table", "sum", "parallel"];
    assert!(modes.contains(&v["mode"].as_str().unwrap_or("")), "{v}");
    assert!(v["kernel"].is_null() || v["kernel"].is_string(), "{v}");
    // Nim is a sum of single heaps: solved by XOR of the heaps' values, by no kernel.
    let (code, out, err) = heapgame(&[
        "solve",
        "rulesets/classic/nim.game",
        "--max",
        "4",
        "--heaps",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["mode"], "sum", "{v}");
    assert!(v["kernel"].is_null(), "{v}");
    let (_, out, _) = heapgame(&[
        "solve",
        "rulesets/classic/nim.game",
        "--max",
        "4",
        "--heaps",
        "3",
    ]);
    assert!(out.ends_with("(sum mode)\n"), "{out}");
}

/// `plan_box`, which `solve` asks before solving (for its refusal and its position limit),
/// names the mode and kernel that `solve_box` then uses, on every bundled ruleset, for
/// outcomes and Grundy values, on a small box and (for two heaps) one past the size where
/// the parallel mode starts.
#[test]
fn the_plan_names_the_mode_that_solves_the_box() {
    use heapgame::solver::plan::plan_box;
    use heapgame::solver::{solve_box, BoxSpec, Budget, Want};
    let mut files: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets"))
        .expect("rulesets/")
        .flat_map(|d| std::fs::read_dir(d.expect("entry").path()).expect("a directory"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "{files:?}");
    let mut modes = std::collections::BTreeSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let name = path.display().to_string();
        let game = heapgame::Game::from_source(&name, &text, &[]).expect("loads");
        let heaps = game.shape().count.unwrap_or(3);
        let mut boxes = vec![6];
        if heaps == 2 {
            boxes.push(200);
        }
        for max in boxes {
            let spec = BoxSpec::new(game.shape(), max, heaps).expect("small box");
            for want in [Want::Outcome, Want::Grundy] {
                let plan = plan_box(game.generator(), &spec, want);
                let got = match solve_box(game.generator(), &spec, want, &Budget::default()) {
                    // A loopy game (its box is solved with Smith's values, apart).
                    Err(heapgame::SolveError::Cycle(_)) => continue,
                    r => r.unwrap_or_else(|e| panic!("{name}: {e}")),
                };
                assert_eq!(
                    (plan.mode, plan.kernel),
                    (got.mode, got.kernel),
                    "{name} max {max} {want:?}"
                );
                assert!(plan.bits_per_position >= 1);
                modes.insert((got.mode.name(), got.kernel));
            }
        }
    }
    // The bundled rulesets reach the kernels, the sums and the table mode.
    assert!(modes.len() >= 3, "{modes:?}");
}
