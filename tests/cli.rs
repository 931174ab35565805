//! End to end through the real `heapgame` binary: every command, its output formats, `-p`,
//! and the errors a user meets (exit code 2, the message on stderr, nothing on stdout).
//!
//! Expected values are computed here, independently of heapgame: a Wythoff Grundy brute force,
//! subtraction-game Grundy values, Nim by XOR, the cookie game's followers from Propp's rule.
//! The only pasted values are the Wythoff P-positions of Fraenkel and Zusman, Table 1, which
//! are checked against the brute force too.
//!
//! The environment is pinned so that stderr does not depend on the terminal: `NO_COLOR=1`
//! (and no `FORCE_COLOR`/`CLICOLOR_FORCE`), and stdin, stdout and stderr are all not
//! terminals. miette takes its width from the terminal of stdout, stderr *or stdin* (it does
//! not read `COLUMNS`), falling back to 80 columns; so stdin is set to null here. `COLUMNS=80`
//! is set as well, for anything that does read it.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------------------------

/// A `heapgame` invocation being built.
struct Heapgame {
    args: Vec<String>,
}

/// What a run produced.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    cmdline: String,
}

fn heapgame() -> Heapgame {
    Heapgame { args: Vec::new() }
}

impl Heapgame {
    fn arg(mut self, a: impl AsRef<str>) -> Self {
        self.args.push(a.as_ref().to_string());
        self
    }

    fn args<I: IntoIterator<Item = S>, S: AsRef<str>>(mut self, xs: I) -> Self {
        self.args
            .extend(xs.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    fn run(self) -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_heapgame"))
            .args(&self.args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .env("COLUMNS", "80")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .stdin(Stdio::null())
            .output()
            .expect("run heapgame");
        Run {
            code: out.status.code().expect("heapgame exited by a signal"),
            stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
            cmdline: format!("heapgame {}", self.args.join(" ")),
        }
    }

    /// Runs, expecting exit code 0 and nothing on stderr; returns stdout.
    #[track_caller]
    fn ok(self) -> String {
        let r = self.run();
        r.assert_code(0);
        assert!(
            r.stderr.is_empty(),
            "{}: stderr not empty:\n{}",
            r.cmdline,
            r.stderr
        );
        r.stdout
    }

    /// Runs, expecting exit code 2, nothing on stdout and `code` on stderr; returns stderr.
    #[track_caller]
    fn fails_with(self, code: &str) -> String {
        let r = self.run();
        r.assert_code(2);
        assert!(
            r.stdout.is_empty(),
            "{}: stdout not empty:\n{}",
            r.cmdline,
            r.stdout
        );
        assert!(
            r.stderr.contains(code),
            "{}: `{code}` not on stderr:\n{}",
            r.cmdline,
            r.stderr
        );
        r.stderr
    }

    /// Runs with `--format json` appended and parses stdout as exactly one JSON value.
    #[track_caller]
    fn json(self) -> Value {
        let out = self.arg("--format").arg("json").ok();
        let mut stream = serde_json::Deserializer::from_str(&out).into_iter::<Value>();
        let v = stream
            .next()
            .expect("one JSON value")
            .unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"));
        assert!(stream.next().is_none(), "more than one JSON value:\n{out}");
        v
    }
}

impl Run {
    #[track_caller]
    fn assert_code(&self, want: i32) {
        assert_eq!(
            self.code, want,
            "{}: exit code\n--- stdout\n{}\n--- stderr\n{}",
            self.cmdline, self.stdout, self.stderr
        );
    }
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

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: BTreeSet<u32> = values.into_iter().collect();
    (0..).find(|g| !seen.contains(g)).unwrap()
}

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

// ---------------------------------------------------------------------------------------------
// eval
// ---------------------------------------------------------------------------------------------

#[test]
fn eval_wythoff_p_positions() {
    for (a, b) in [("3", "5"), ("4", "7"), ("0", "0"), ("5", "3")] {
        let out = heapgame().args(["eval", WYTHOFF, a, b]).ok();
        assert_eq!(text_outcome(&out), "P", "({a}, {b}):\n{out}");
        assert!(out.contains("grundy:   0"), "{out}");
        assert!(out.contains("winning moves: none"), "{out}");
    }
}

#[test]
fn eval_wythoff_n_position_lists_the_winning_move() {
    let out = heapgame().args(["eval", WYTHOFF, "4", "6"]).ok();
    assert_eq!(text_outcome(&out), "N", "{out}");
    assert!(out.contains("position: (4, 6)"), "{out}");
    let moves: Vec<Vec<u32>> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("-> "))
        .map(parse_tuple)
        .collect();
    assert_eq!(moves, [vec![3, 5]], "{out}");
    // The position may be typed as a tuple too.
    let out2 = heapgame().args(["eval", WYTHOFF, "(4, 6)"]).ok();
    assert_eq!(out, out2);
}

#[test]
fn eval_json() {
    let g = wythoff_grundy(10);
    let v = heapgame().args(["eval", WYTHOFF, "4", "6"]).json();
    let obj = v.as_object().expect("a JSON object");
    let keys: BTreeSet<&str> = obj.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from(["position", "play", "outcome", "grundy", "winning_moves"])
    );
    assert_eq!(v["play"], "normal");
    assert_eq!(v["position"], serde_json::json!([4, 6]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[4][6])));
    assert_eq!(v["grundy"].as_u64(), Some(9), "the brute force itself");
    assert_eq!(json_positions(&v["winning_moves"]), [vec![3, 5]]);

    // Every position of a small box, against the brute force: outcome, Grundy value, and
    // winning moves (the followers with Grundy value 0).
    for a in 0..=6usize {
        for b in a..=6usize {
            let v = heapgame()
                .args(["eval", WYTHOFF, &a.to_string(), &b.to_string()])
                .json();
            assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[a][b])), "({a}, {b})");
            let want_outcome = if g[a][b] == 0 { "P" } else { "N" };
            assert_eq!(v["outcome"], want_outcome, "({a}, {b})");
            let mut want: BTreeSet<Vec<u64>> = BTreeSet::new();
            let mut push = |x: usize, y: usize| {
                if g[x][y] == 0 {
                    want.insert(vec![x.min(y) as u64, x.max(y) as u64]);
                }
            };
            (1..=a).for_each(|t| push(a - t, b));
            (1..=b).for_each(|t| push(a, b - t));
            (1..=a).for_each(|t| push(a - t, b - t));
            let got: BTreeSet<Vec<u64>> = json_positions(&v["winning_moves"]).into_iter().collect();
            assert_eq!(got, want, "winning moves of ({a}, {b})");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// moves
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_cookie() {
    let want = cookie_followers(&[1, 2, 4]);
    // Removing 1 lowers to (1, 3); removing 2 gives (0, 3) = (3); removing 4 gives (0, 1) = (1).
    assert_eq!(want, BTreeSet::from([vec![1, 3], vec![3], vec![1]]));

    let out = heapgame().args(["moves", COOKIE, "1", "2", "4"]).ok();
    let lines: Vec<Vec<u32>> = out.lines().map(parse_tuple).collect();
    let got: BTreeSet<Vec<u32>> = lines.iter().cloned().collect();
    assert_eq!(lines.len(), got.len(), "no repeats:\n{out}");
    assert_eq!(got, want, "{out}");

    // The order of the heaps as typed does not matter.
    assert_eq!(heapgame().args(["moves", COOKIE, "4", "1", "2"]).ok(), out);
}

#[test]
fn moves_cookie_json() {
    for pos in [vec![1u32, 2, 4], vec![3, 3, 5, 6], vec![2]] {
        let words: Vec<String> = pos.iter().map(u32::to_string).collect();
        let v = heapgame().arg("moves").arg(COOKIE).args(&words).json();
        let got: Vec<Vec<u64>> = json_positions(&v);
        let set: BTreeSet<Vec<u32>> = got
            .iter()
            .map(|p| p.iter().map(|&h| h as u32).collect())
            .collect();
        assert_eq!(got.len(), set.len(), "no repeats: {v}");
        assert_eq!(set, cookie_followers(&pos), "{pos:?}: {v}");
    }
}

// ---------------------------------------------------------------------------------------------
// solve
// ---------------------------------------------------------------------------------------------

/// Fraenkel and Zusman, Table 1: the Wythoff P-positions (A_n, B_n) with B_n <= 20.
const WYTHOFF_TABLE: [(u32, u32); 9] = [
    (0, 0),
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 18),
    (12, 20),
];

#[test]
fn solve_wythoff_table() {
    // The paper's table against the brute force.
    let g = wythoff_grundy(20);
    let brute: Vec<(u32, u32)> = (0..=20)
        .flat_map(|a| (a..=20).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a as usize][b as usize] == 0)
        .collect();
    assert_eq!(brute, WYTHOFF_TABLE);

    let out = heapgame().args(["solve", WYTHOFF, "--max", "20"]).ok();
    let got: Vec<(u32, u32)> = out
        .lines()
        .filter(|l| l.trim_start().starts_with('('))
        .map(|l| {
            let p = parse_tuple(l);
            (p[0], p[1])
        })
        .collect();
    assert_eq!(got, WYTHOFF_TABLE, "{out}");
    // 21 * 22 / 2 unordered pairs.
    assert!(out.contains("9 P-positions among 231 positions"), "{out}");
}

#[test]
fn solve_wythoff_csv() {
    let g = wythoff_grundy(20);
    let out = heapgame()
        .args(["solve", WYTHOFF, "--max", "20", "--format", "csv"])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 231);
    let mut ps = Vec::new();
    for row in rows {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 3, "{row}");
        let (a, b): (usize, usize) = (cells[0].parse().unwrap(), cells[1].parse().unwrap());
        let want = if g[a][b] == 0 { "P" } else { "N" };
        assert_eq!(cells[2], want, "{row}");
        if want == "P" {
            ps.push((a as u32, b as u32));
        }
    }
    assert_eq!(ps, WYTHOFF_TABLE);
}

#[test]
fn solve_wythoff_csv_grundy() {
    let g = wythoff_grundy(9);
    let out = heapgame()
        .args([
            "solve", WYTHOFF, "--max", "9", "--format", "csv", "--grundy",
        ])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome,grundy"));
    let mut n = 0;
    for row in lines {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 4, "{row}");
        let (a, b): (usize, usize) = (cells[0].parse().unwrap(), cells[1].parse().unwrap());
        assert_eq!(cells[3].parse::<u32>().unwrap(), g[a][b], "{row}");
        assert_eq!(cells[2], if g[a][b] == 0 { "P" } else { "N" }, "{row}");
        n += 1;
    }
    assert_eq!(n, 10 * 11 / 2);
}

#[test]
fn solve_wythoff_json() {
    let g = wythoff_grundy(20);
    let v = heapgame()
        .args(["solve", WYTHOFF, "--max", "20", "--grundy"])
        .json();
    assert_eq!(v["ruleset"], "Wythoff");
    assert_eq!(v["max"], 20);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 231);
    let mut ps = Vec::new();
    for p in positions {
        let pos: Vec<usize> = p["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap() as usize)
            .collect();
        let want = g[pos[0]][pos[1]];
        assert_eq!(p["grundy"].as_u64(), Some(u64::from(want)), "{p}");
        assert_eq!(p["outcome"], if want == 0 { "P" } else { "N" }, "{p}");
        if want == 0 {
            ps.push((pos[0] as u32, pos[1] as u32));
        }
    }
    assert_eq!(ps, WYTHOFF_TABLE);
}

#[test]
fn solve_nim_csv_has_rows_of_zero_to_two_heaps() {
    let out = heapgame()
        .args([
            "solve", NIM, "--max", "3", "--heaps", "2", "--format", "csv",
        ])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome"));
    let mut got = BTreeSet::new();
    for row in lines {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 3, "{row}");
        let pos: Vec<u32> = cells[..2]
            .iter()
            .filter(|c| !c.is_empty())
            .map(|c| c.parse().unwrap())
            .collect();
        let xor = pos.iter().fold(0, |x, h| x ^ h);
        assert_eq!(cells[2], if xor == 0 { "P" } else { "N" }, "{row}");
        assert!(got.insert(pos), "repeated row {row}");
    }
    // Every multiset of 0, 1 or 2 heaps of sizes 1..=3 (empty heaps vanish), each once.
    let mut want = BTreeSet::from([vec![]]);
    for a in 1..=3 {
        want.insert(vec![a]);
        for b in a..=3 {
            want.insert(vec![a, b]);
        }
    }
    assert_eq!(got, want, "{out}");
}

/// `solve --grundy` draws a square grid for two symmetric heaps; with `heaps any` and
/// `--heaps 2` the rows include positions of 0 and 1 heaps, and the grid indexes `p[0]`.
#[test]
fn solve_nim_grundy_table_with_two_heaps() {
    let out = heapgame()
        .args(["solve", NIM, "--max", "2", "--heaps", "2", "--grundy"])
        .ok();
    assert!(out.contains("P-positions among"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// -p
// ---------------------------------------------------------------------------------------------

#[test]
fn param_changes_the_subtraction_set() {
    let with = subtraction_grundy(&[2, 5], 12);
    let default = subtraction_grundy(&[1, 3, 4], 12);
    let mut differs = false;
    for pos in [vec![7usize], vec![6, 8], vec![3, 4, 9], vec![5, 11]] {
        let words: Vec<String> = pos.iter().map(usize::to_string).collect();
        let want = pos.iter().fold(0, |x, &h| x ^ with[h]);
        let v = heapgame()
            .arg("eval")
            .arg(SUBTRACTION)
            .args(["-p", "S={2,5}"])
            .args(&words)
            .json();
        assert_eq!(v["grundy"].as_u64(), Some(u64::from(want)), "{pos:?}");
        assert_eq!(v["outcome"], if want == 0 { "P" } else { "N" }, "{pos:?}");
        let v0 = heapgame().arg("eval").arg(SUBTRACTION).args(&words).json();
        let want0 = pos.iter().fold(0, |x, &h| x ^ default[h]);
        assert_eq!(
            v0["grundy"].as_u64(),
            Some(u64::from(want0)),
            "{pos:?} with the default S"
        );
        differs |= want != want0;
    }
    assert!(differs, "the positions should tell the two sets apart");

    // The text form, as in the brief: 7 is a P-position of S = {2, 5}.
    assert_eq!(with[7], 0);
    let out = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={2,5}", "7"])
        .ok();
    assert_eq!(text_outcome(&out), "P", "{out}");
}

#[test]
fn param_with_a_parameter_named_k() {
    let path = fixture("param_with_k", WITH_K);
    let p = path.to_str().unwrap();
    // `take 1..k from one heap` with every heap >= 1: one heap h has Grundy value
    // (h - 1) mod (k + 1), a subtraction game shifted by the bound.
    let grundy = |k: u32, pos: &[u32]| pos.iter().fold(0, |x, h| x ^ ((h - 1) % (k + 1)));
    for (k, over) in [(2, None), (3, Some("k=3")), (5, Some("k=5"))] {
        for pos in [[1u32, 4], [3, 9], [2, 2]] {
            let mut cmd = heapgame().arg("eval").arg(p);
            if let Some(o) = over {
                cmd = cmd.args(["-p", o]);
            }
            let v = cmd.args(pos.map(|h| h.to_string())).json();
            assert_eq!(v["position"], serde_json::json!(pos));
            assert_eq!(
                v["grundy"].as_u64(),
                Some(u64::from(grundy(k, &pos))),
                "k = {k}, {pos:?}"
            );
        }
    }
    // A heap never goes below the bound: from (1, 4) with k = 2, only the 4 shrinks.
    let out = heapgame().args(["moves", p, "1", "4"]).ok();
    assert_eq!(out, "(1, 2)\n(1, 3)\n");
}

#[test]
fn bad_param_value() {
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S={1,", "7"])
        .fails_with("heapgame::bad_param");
    assert!(err.contains("does not parse"), "{err}");
}

#[test]
fn unknown_param() {
    let path = fixture("unknown_param", WITH_K);
    let err = heapgame()
        .args(["eval", path.to_str().unwrap(), "-p", "kk=3", "1", "2"])
        .fails_with("heapgame::unknown_param");
    assert!(err.contains("`kk`"), "{err}");
    assert!(err.contains("did you mean `k`?"), "{err}");
}

#[test]
fn param_without_equals() {
    let err = heapgame()
        .args(["eval", SUBTRACTION, "-p", "S", "7"])
        .fails_with("heapgame::bad_param");
    assert!(err.contains("NAME=VALUE"), "{err}");
}

#[test]
fn param_of_the_wrong_type() {
    heapgame()
        .args(["eval", SUBTRACTION, "-p", "S=true", "7"])
        .fails_with("heapgame::bad_param");
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

#[test]
fn missing_file() {
    let err = heapgame()
        .args(["eval", "rulesets/no-such-file.game", "1"])
        .fails_with("heapgame::io");
    assert!(err.contains("no-such-file.game"), "{err}");
    insta::assert_snapshot!("cli_missing_file", err);
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
    insta::assert_snapshot!("cli_heaps_mismatch", err);
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

// ---------------------------------------------------------------------------------------------
// Hostile input and runaway games: exit 2 with a message that says what and where
// ---------------------------------------------------------------------------------------------

const EXPLODING: &str = "tests/inputs/hostile/exploding.game";

/// A rendered message as one line: miette wraps long messages at 80 columns.
fn flat(err: &str) -> String {
    err.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}
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
    insta::assert_snapshot!("cli_heap_10_30", err);
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
    insta::assert_snapshot!("cli_exploding_eval", err);
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
    insta::assert_snapshot!("cli_looping", err);
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
    insta::assert_snapshot!("cli_position_limit", err);
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
    insta::assert_snapshot!("cli_negative_param", err);
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
    use std::time::{Duration, Instant};
    let child = Command::new(env!("CARGO_BIN_EXE_heapgame"))
        .args(["solve", WYTHOFF, "--max", "6000", "--grundy"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run heapgame");
    // The handler is installed first thing; a press before the solve starts stops it at once.
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let out = child.wait_with_output().expect("wait for heapgame");
    let took = sent.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("heapgame::cancelled"), "{stderr}");
    assert!(stderr.contains("positions"), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(took < Duration::from_secs(10), "took {took:?}");
}

// ---------------------------------------------------------------------------------------------
// Help
// ---------------------------------------------------------------------------------------------

#[test]
fn help_of_every_command_has_examples() {
    for cmd in [
        &["--help"][..],
        &["eval", "--help"],
        &["moves", "--help"],
        &["solve", "--help"],
    ] {
        let out = heapgame().args(cmd).ok();
        assert!(out.contains("Examples"), "{cmd:?}:\n{out}");
        assert!(out.contains("heapgame "), "{cmd:?}:\n{out}");
    }
    for cmd in ["eval", "moves", "solve"] {
        let out = heapgame().args(["help", cmd]).ok();
        assert!(out.contains("Examples"), "help {cmd}:\n{out}");
    }
}

/// Every example in the help texts that names a bundled ruleset file that exists runs.
#[test]
fn help_examples_run() {
    for cmd in ["eval", "moves", "solve"] {
        let out = heapgame().args([cmd, "--help"]).ok();
        let examples = out.split("Examples:").nth(1).unwrap();
        for line in examples
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("heapgame "))
        {
            let words = shell_words(line.strip_prefix("heapgame ").unwrap());
            let file = &words[1];
            if !Path::new(env!("CARGO_MANIFEST_DIR")).join(file).is_file() {
                continue; // another ruleset, not yet bundled
            }
            let r = heapgame().args(&words).run();
            r.assert_code(0);
        }
    }
}

/// Splits a command line on spaces, keeping "double-quoted" words together.
fn shell_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn sequence_of_a_game_that_is_not_a_sum_points_at_the_move() {
    let err = heapgame()
        .args(["sequence", WYTHOFF, "--max", "10"])
        .fails_with("heapgame::not_sum");
    assert!(err.contains("take same 1.. from both heaps"), "{err}");
    insta::assert_snapshot!("cli_sequence_not_sum", err);
}

#[test]
fn sequence_proves_kayles_period() {
    let out = heapgame()
        .args([
            "sequence",
            "rulesets/classic/kayles.game",
            "--max",
            "300",
            "--format",
            "json",
        ])
        .ok();
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["periodic"]["preperiod"], 71);
    assert_eq!(v["periodic"]["period"], 12);
    assert_eq!(v["periodic"]["saltus"], 0);
    assert_eq!(v["periodic"]["proven"], true);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(301));
    let text = heapgame()
        .args(["eval", "rulesets/classic/kayles.game", "300", "417", "1000"])
        .ok();
    assert!(
        text.contains("winning moves:\n  -> (1, 297, 417, 1000)"),
        "{text}"
    );
}

/// The cookie game ("delete one heap; lower every other heap by 1", heaps any) from the
/// staircase (1, 2, ..., 20): once refused by the work estimate (about 10^13 followers), it
/// answers at once. Checked against a brute force over (heaps deleted, moves made): after t
/// moves, original heap i is alive when not deleted and i > t, with size i - t.
#[test]
fn cookie_staircase_to_twenty_is_answered() {
    fn grundy(mask: u32, t: u32, n: u32, memo: &mut HashMap<(u32, u32), u32>) -> u32 {
        let alive = mask & !((1u32 << t) - 1);
        if let Some(&g) = memo.get(&(alive, t)) {
            return g;
        }
        let mut seen = BTreeSet::new();
        for j in t..n {
            if alive & (1 << j) != 0 {
                seen.insert(grundy(alive & !(1 << j), t + 1, n, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert((alive, t), g);
        g
    }
    let n = 20;
    // Bit j stands for the heap of j + 1 tokens.
    let g = grundy((1 << n) - 1, 0, n, &mut HashMap::new());
    let heaps: Vec<String> = (1..=n).map(|h| h.to_string()).collect();
    let out = heapgame()
        .args(["eval", "rulesets/propp/cookie.game"])
        .args(&heaps)
        .ok();
    assert!(
        out.contains(&format!("grundy:   {g}\n")),
        "brute force {g}:\n{out}"
    );
}

// ---------------------------------------------------------------------------------------------
// Misère play and loopy games
// ---------------------------------------------------------------------------------------------

/// Misère Nim's nim value g^- by Bouton's rule, written out here: the XOR, except that when
/// every heap is at most 1 it is 1 - XOR.
fn misere_nim(pos: &[u32]) -> u32 {
    let x = pos.iter().fold(0, |a, &h| a ^ h);
    if pos.iter().all(|&h| h <= 1) {
        1 - x
    } else {
        x
    }
}

#[test]
fn eval_in_misere_play() {
    for pos in [
        vec![],
        vec![1],
        vec![1, 1],
        vec![2, 2],
        vec![1, 2, 3],
        vec![1, 1, 1],
    ] {
        let mut args = vec![
            "eval".to_string(),
            NIM.to_string(),
            "--play".into(),
            "misere".into(),
        ];
        args.extend(pos.iter().map(u32::to_string));
        let v = heapgame().args(&args).json();
        assert_eq!(v["play"], "misere", "{pos:?}");
        let want = misere_nim(&pos);
        assert_eq!(v["grundy"].as_u64(), Some(u64::from(want)), "{pos:?}");
        assert_eq!(v["outcome"], if want == 0 { "P" } else { "N" }, "{pos:?}");
        assert!(v["genus"].is_string(), "{v}");
    }
    // The empty game's genus, as Winning Ways and CGSuite write it; and the text says the play.
    let out = heapgame().args(["eval", NIM, "--play", "misere"]).ok();
    assert!(out.contains("genus:    0^120"), "{out}");
    assert!(out.contains("misère play"), "{out}");
    assert!(out.contains("outcome:  N"), "{out}");
    // The same position in normal play is P.
    let v = heapgame().args(["eval", NIM]).json();
    assert_eq!(
        (v["outcome"].as_str(), v["play"].as_str()),
        (Some("P"), Some("normal"))
    );
}

#[test]
fn solve_in_misere_play() {
    let v = heapgame()
        .args([
            "solve", NIM, "--max", "5", "--heaps", "3", "--grundy", "--play", "misere",
        ])
        .json();
    assert_eq!(v["play"], "misere");
    assert_eq!(v["mode"], "table");
    let rows = v["positions"].as_array().expect("positions");
    assert!(rows.len() > 20);
    for r in rows {
        let pos: Vec<u32> = r["position"]
            .as_array()
            .expect("a position")
            .iter()
            .map(|h| h.as_u64().expect("a heap") as u32)
            .collect();
        assert_eq!(
            r["grundy"].as_u64(),
            Some(u64::from(misere_nim(&pos))),
            "{r}"
        );
    }
    let table = heapgame()
        .args([
            "solve", NIM, "--max", "3", "--heaps", "2", "--play", "misere",
        ])
        .ok();
    assert!(table.contains("misère play"), "{table}");
}

#[test]
fn misere_claims_are_checked_and_normal_claims_fail_in_misere_play() {
    let out = heapgame()
        .args(["check", "rulesets/classic/misere-nim.game"])
        .ok();
    assert!(!out.is_empty());
    // Nim's own claims (the XOR) are normal play: in misère play they fail, with exit 1.
    let r = heapgame()
        .args([
            "check", NIM, "--play", "misere", "--max", "4", "--heaps", "2",
        ])
        .run();
    r.assert_code(1);
}

#[test]
fn diff_against_a_formula_is_refused_in_misere_play() {
    let err = heapgame()
        .args([
            "diff",
            NIM,
            "--formula",
            "nim",
            "--max",
            "4",
            "--heaps",
            "2",
            "--play",
            "misere",
        ])
        .fails_with("heapgame::play");
    assert!(flat(&err).contains("normal play"), "{err}");
    insta::assert_snapshot!("cli_misere_formula", err);
}

#[test]
fn sequence_in_misere_play() {
    // Subtraction game {1, 3, 4}, one heap, misère: g^-(n) = 1 below 1, else the mex,
    // computed here.
    let mut want: Vec<u32> = Vec::new();
    for n in 0..=40u32 {
        let fs: Vec<u32> = [1u32, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| want[(n - s) as usize])
            .collect();
        let v = if fs.is_empty() {
            1
        } else {
            (0..).find(|v| !fs.contains(v)).expect("a mex")
        };
        want.push(v);
    }
    let v = heapgame()
        .args(["sequence", SUBTRACTION, "--max", "40", "--play", "misere"])
        .json();
    assert_eq!(v["play"], "misere");
    let got: Vec<u32> = v["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_u64().expect("a value") as u32)
        .collect();
    assert_eq!(got, want);
}
