//! End to end through the real `heapgame` binary: every command, its output formats, `-p`,
//! and the errors a user meets (exit code 2, the message on stderr, nothing on stdout).
//!
//! Expected values are computed here, independently of heapgame: a Wythoff Grundy brute force,
//! subtraction-game Grundy values, Nim by XOR, the cookie game's followers from Propp's rule.
//! The only pasted values are the Wythoff P-positions of Fraenkel and Zusman, Table 1, which
//! are checked against the brute force too.
//!
//! One module per command or theme (`eval`, `moves`, `solve`, `params` for `-p`, `errors`,
//! `hostile`, `help`, `misere`); the runs go through `tests/common/run.rs`'s builder, which
//! pins the environment.

/// `insta::assert_snapshot!` with the snapshot kept in `tests/snapshots/`, with every other.
macro_rules! snapshot {
    ($name:expr, $value:expr) => {{
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.bind(|| insta::assert_snapshot!($name, $value));
    }};
}

mod check_loopy;
mod check_time;
mod errors;
mod eval;
mod help;
mod hostile;
mod misere;
mod moves;
mod params;
mod solve;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::mex;
use crate::common::run::heapgame;

/// A rendered message as one line: miette wraps long messages at 80 columns.
fn flat(err: &str) -> String {
    err.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

/// A ruleset written for one test into Cargo's temporary directory for integration tests.
fn fixture(test: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{test}.game"));
    std::fs::write(&path, text).unwrap();
    path
}

const WYTHOFF: &str = "rulesets/classic/wythoff.game";
const NIM: &str = "rulesets/classic/nim.game";
const SUBTRACTION: &str = "rulesets/classic/subtraction.game";
const COOKIE: &str = "rulesets/propp/cookie.game";

/// A ruleset with a parameter `k` and the shape `heaps 2, each >= 1`.
const WITH_K: &str = r#"ruleset "With k" (k = 2) {
  heaps 2, each >= 1
  move { take 1..k from one heap }
}
"#;

// ---------------------------------------------------------------------------------------------
// Independent computations
// ---------------------------------------------------------------------------------------------

/// Wythoff Grundy values g[a][b] for a, b <= n, from the definition: take any positive number
/// from one heap, or the same positive number from both.
fn wythoff_grundy(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut fs = Vec::new();
            for t in 1..=a {
                fs.push(g[a - t][b]);
            }
            for t in 1..=b {
                fs.push(g[a][b - t]);
            }
            for t in 1..=a.min(b) {
                fs.push(g[a - t][b - t]);
            }
            g[a][b] = mex(fs);
        }
    }
    g
}

/// Grundy values of one heap of a subtraction game with subtraction set `s`, up to n.
fn subtraction_grundy(s: &[usize], n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for h in 0..=n {
        g[h] = mex(s.iter().filter(|&&t| t <= h).map(|&t| g[h - t]));
    }
    g
}

/// The followers of a cookie-game position by Propp's rule: "a player removes one of the
/// non-empty heaps and diminishes all the others by 1 counter"; empty heaps vanish.
fn cookie_followers(pos: &[u32]) -> BTreeSet<Vec<u32>> {
    let mut out = BTreeSet::new();
    for i in 0..pos.len() {
        let mut f: Vec<u32> = pos
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &h)| h - 1)
            .filter(|&h| h > 0)
            .collect();
        f.sort_unstable();
        out.insert(f);
    }
    out
}

/// Parses `(3, 5)` into `[3, 5]`.
fn parse_tuple(s: &str) -> Vec<u32> {
    let s = s.trim();
    let inner = s
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a position: {s:?}"));
    inner
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect()
}

fn json_positions(v: &Value) -> Vec<Vec<u64>> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|p| {
            p.as_array()
                .unwrap()
                .iter()
                .map(|h| h.as_u64().unwrap())
                .collect()
        })
        .collect()
}

/// The value after `outcome:` in eval's text output.
fn text_outcome(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.strip_prefix("outcome:"))
        .unwrap_or_else(|| panic!("no outcome line:\n{out}"))
        .split_whitespace()
        .next()
        .unwrap()
}
