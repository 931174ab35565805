//! `heapgame repl` end to end through the real binary.
//!
//! 1. Piped standard input (no terminal): a script is sent one line at a time, each followed by
//!    `:echo` of a marker, and the output (stdout and stderr merged, in order) is read up to the
//!    marker, so every line's answer is known. The transcript is a snapshot (for its layout);
//!    what it says is checked independently: outcomes, winning moves and every move of the
//!    games against a brute force that knows nothing of heapgame, and the error recovery by the
//!    answers that follow each error.
//! 2. A real pseudo-terminal (rexpect allocates its own, so this runs without a terminal too):
//!    tab completion of a command and of a file name, Ctrl-C during a long computation and at
//!    the prompt, Ctrl-D, and the history file.

use crate::common;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use common::{Brute, Shape};

// ---------------------------------------------------------------------------------------------
// Independent brute forces
// ---------------------------------------------------------------------------------------------

fn wythoff() -> Brute {
    Brute::new("Wythoff", Shape::Fixed, |p: &[u32]| {
        let (a, b) = (p[0], p[1]);
        let mut v = Vec::new();
        for t in 1..=a {
            v.push(vec![a - t, b]);
        }
        for t in 1..=b {
            v.push(vec![a, b - t]);
        }
        for t in 1..=a.min(b) {
            v.push(vec![a - t, b - t]);
        }
        v
    })
}

/// Fraenkel and Zusman's game on k heaps: take from each of 1..k-1 heaps, or the same from all.
fn fraenkel_zusman(k: usize) -> Brute {
    Brute::new("Fraenkel-Zusman", Shape::Fixed, move |p: &[u32]| {
        let mut v = Vec::new();
        // Every way to lower each heap to anything <= it, with 1..k-1 heaps lowered.
        fn lower(
            p: &[u32],
            i: usize,
            cur: &mut Vec<u32>,
            changed: usize,
            k: usize,
            out: &mut Vec<Vec<u32>>,
        ) {
            if i == p.len() {
                if changed >= 1 && changed < k {
                    out.push(cur.clone());
                }
                return;
            }
            for h in 0..=p[i] {
                cur.push(h);
                lower(p, i + 1, cur, changed + usize::from(h < p[i]), k, out);
                cur.pop();
            }
        }
        lower(p, 0, &mut Vec::new(), 0, k, &mut v);
        let m = *p.iter().min().unwrap_or(&0);
        for t in 1..=m {
            v.push(p.iter().map(|h| h - t).collect());
        }
        v
    })
}

/// `(3, 5)` -> `[3, 5]`.
fn tuple(s: &str) -> Vec<u32> {
    s.trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .split(',')
        .map(|x| x.trim().parse().unwrap_or_else(|_| panic!("a heap in {s}")))
        .collect()
}

/// The positions after `-> ` in an answer's "winning moves" list.
fn winning_moves(out: &str) -> BTreeSet<Vec<u32>> {
    out.lines()
        .filter_map(|l| l.trim().strip_prefix("-> "))
        .map(tuple)
        .collect()
}

fn outcome(out: &str) -> &str {
    let line = out
        .lines()
        .find(|l| l.starts_with("outcome:"))
        .unwrap_or_else(|| panic!("no outcome in:\n{out}"));
    line["outcome:".len()..].trim().get(..1).unwrap_or("")
}

// ---------------------------------------------------------------------------------------------
// The piped driver
// ---------------------------------------------------------------------------------------------

pub(crate) fn tmpdir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create a temporary directory");
    d
}

/// A REPL fed through a pipe; stdout and stderr merged by `sh` (`2>&1`), in order.
pub(crate) struct Piped {
    child: Child,
    stdin: Option<ChildStdin>,
    out: BufReader<ChildStdout>,
    transcript: String,
    marks: usize,
    tmp: PathBuf,
}

impl Piped {
    pub(crate) fn start(args: &[&str], tmp: &Path) -> Piped {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" repl \"$@\" 2>&1")
            .arg(env!("CARGO_BIN_EXE_heapgame"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .env("COLUMNS", "80")
            .env("XDG_DATA_HOME", tmp)
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("RUST_BACKTRACE")
            .env_remove("RUST_LIB_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run heapgame repl");
        let stdin = child.stdin.take();
        let out = BufReader::new(child.stdout.take().expect("a stdout pipe"));
        Piped {
            child,
            stdin,
            out,
            transcript: String::new(),
            marks: 0,
            tmp: tmp.to_path_buf(),
        }
    }

    /// Sends one line; returns everything printed in answer.
    pub(crate) fn send(&mut self, line: &str) -> String {
        self.marks += 1;
        let mark = format!("@@ end of answer {} @@", self.marks);
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}\n:echo {mark}").expect("write to the REPL");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        loop {
            let mut l = String::new();
            let n = self.out.read_line(&mut l).expect("read the REPL's output");
            assert!(n > 0, "the REPL ended before answering `{line}`:\n{answer}");
            if l.trim_end() == mark {
                break;
            }
            answer.push_str(&l);
        }
        let shown = answer
            .replace(&self.tmp.display().to_string(), "$TMP")
            .lines()
            .map(|l| {
                if l.starts_with("last computation:") {
                    "last computation:   (time)".to_string()
                } else if let Some((what, _)) = l
                    .split_once(": computations stop once")
                    .filter(|_| l.contains(", the limit set by the default"))
                {
                    // The machine's memory sets it.
                    format!("{what}: (the default limit)")
                } else {
                    l.trim_end().to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let tmp = self.tmp.display().to_string();
        self.transcript
            .push_str(&format!("> {}\n", line.replace(&tmp, "$TMP")));
        if !shown.is_empty() {
            self.transcript.push_str(&shown);
            self.transcript.push('\n');
        }
        answer
    }

    /// Closes the input; returns the exit code and whatever came after the last answer.
    fn finish(mut self) -> (i32, String, String) {
        drop(self.stdin.take());
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut self.out, &mut rest);
        let status = self.child.wait().expect("wait for the REPL");
        (
            status.code().expect("exited normally"),
            rest,
            self.transcript,
        )
    }
}

/// Lines of a game's transcript: (who, from, to).
pub(crate) fn moves_in(out: &str) -> Vec<(&'static str, Vec<u32>, Vec<u32>)> {
    let mut v = Vec::new();
    for l in out.lines() {
        let (who, rest) = if let Some(r) = l.strip_prefix("you move ") {
            ("you", r)
        } else if let Some(r) = l.strip_prefix("heapgame moves ") {
            ("heapgame", r)
        } else {
            continue;
        };
        let (a, b) = rest.split_once(" -> ").expect("A -> B");
        v.push((who, tuple(a), tuple(b)));
    }
    v
}

/// Checks every move of a game: legal, and heapgame's a winning move whenever it has one.
fn check_game(brute: &mut Brute, out: &str) {
    for (who, from, to) in moves_in(out) {
        assert!(
            brute.followers(&from).contains(&to),
            "{who}: {from:?} -> {to:?} is not a move"
        );
        if who == "heapgame" && !brute.is_p(&from) {
            assert!(brute.is_p(&to), "heapgame missed a win: {from:?} -> {to:?}");
        }
    }
}

#[test]
fn piped_session() {
    let tmp = tmpdir("repl-piped");
    let mut w = wythoff();
    let mut r = Piped::start(&["rulesets/classic/wythoff.game"], &tmp);

    // The acceptance questions: is (10, 17) P? The winning moves from (10, 20)?
    let a = r.send("10 17");
    assert_eq!(outcome(&a), if w.is_p(&[10, 17]) { "P" } else { "N" });
    assert_eq!(winning_moves(&a), w.winning_moves(&[10, 17]));
    let a = r.send("(10, 20)");
    assert_eq!(outcome(&a), "N");
    assert_eq!(winning_moves(&a), w.winning_moves(&[10, 20]));
    assert!(!winning_moves(&a).is_empty());
    let a = r.send("17 10");
    assert_eq!(
        winning_moves(&a),
        w.winning_moves(&[10, 17]),
        "heaps are unordered"
    );

    // Every follower with its Grundy value.
    let a = r.send(":moves 2 3");
    let listed: Vec<(Vec<u32>, u32)> = a
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split("  ").filter(|c| !c.trim().is_empty()).collect();
            let g = cols[3]
                .trim()
                .trim_start_matches("grundy ")
                .parse()
                .expect("grundy");
            (tuple(cols[1]), g)
        })
        .collect();
    let want: Vec<(Vec<u32>, u32)> = w
        .followers(&[2, 3])
        .into_iter()
        .map(|f| {
            let g = w.grundy(&f);
            (f, g)
        })
        .collect();
    assert_eq!(listed, want);

    // Errors, each followed by a correct answer: nothing was lost.
    assert!(r.send("1 2 3").contains("exactly 2 heaps"));
    assert!(r.send("3 x").contains("`x` is not a heap size"));
    assert!(r.send(":tabel --max 5").contains("did you mean `:table`"));
    assert!(r.send(":undo").contains("no game in progress"));
    assert!(r.send("table").contains("commands start with a colon"));
    assert!(r.send(":set k 3").contains("has no parameters"));
    assert_eq!(outcome(&r.send("3 5")), "P");

    // The table, as `solve` prints it.
    let a = r.send(":table --max 13");
    let ps: BTreeSet<Vec<u32>> = a
        .lines()
        .filter(|l| l.starts_with("  ("))
        .map(tuple)
        .collect();
    let box_: Vec<Vec<u32>> = (0..=13u32)
        .flat_map(|a| (a..=13).map(move |b| vec![a, b]))
        .collect();
    assert_eq!(ps, w.p_positions(&box_));

    // The claims and a formula, as `check` and `diff` compare them: Wythoff's theorem says
    // the claim and the formula hold, over the 496 and 231 positions of the boxes.
    let a = r.send(":check");
    assert!(
        a.contains("  ok ") && a.contains("holds over 496 positions"),
        "{a}"
    );
    let a = r.send(":diff --formula wythoff --max 20");
    assert!(a.contains("identical over 231 positions"), "{a}");
    let a = r.send(":diff --formula nim --max 3");
    // Nim and Wythoff differ at (1, 1), (2, 2), (3, 3) (P in Nim) and (1, 2) (P in Wythoff).
    assert!(a.contains("4 of 10 positions differ"), "{a}");
    assert!(r.send(":diff --formula nope").contains("nope"));

    // A game the user wins, from (10, 20): the user always moves to a P-position.
    let a = r.send(":play 10 20");
    assert!(a.contains("your move from (10, 20)"));
    let mut pos = vec![10, 20];
    let mut game = String::new();
    for _ in 0..20 {
        let Some(m) = w.winning_moves(&pos).into_iter().next() else {
            break;
        };
        let a = r.send(&format!("{} {}", m[0], m[1]));
        game.push_str(&a);
        if a.contains("you win!") {
            break;
        }
        pos = moves_in(&a).last().expect("heapgame answered").2.clone();
    }
    assert!(game.contains("you win!"), "{game}");
    check_game(&mut w, &game);

    // A game the user loses: a bad first move (by number), then `:undo`, an illegal move,
    // and the game played out by taking one token at a time.
    r.send(":play 4 6");
    let a = r.send("#1");
    let (_, from, to) = moves_in(&a)[0].clone();
    assert_eq!(
        (from, to.clone()),
        (vec![4, 6], w.followers(&[4, 6]).into_iter().next().unwrap())
    );
    assert!(!w.is_p(&to), "#1 from (4, 6) is a losing move");
    let a = r.send(":undo");
    assert!(a.contains("your move from (4, 6)"), "{a}");
    assert!(r.send("4 7").contains("is not a move"));
    assert!(r.send("#99").contains("there is no move #99"));
    let mut game = r.send("#1");
    for _ in 0..20 {
        if game.contains("heapgame wins") {
            break;
        }
        let cur = moves_in(&game).last().expect("a move").2.clone();
        let next = if cur[0] > 0 {
            vec![cur[0] - 1, cur[1]]
        } else {
            vec![0, cur[1] - 1]
        };
        game.push_str(&r.send(&format!("{} {}", next[0], next[1])));
    }
    assert!(game.contains("heapgame wins."), "{game}");
    assert!(game.contains("Why: your move (4, 6) -> "), "{game}");
    check_game(&mut w, &game);
    // After the game, positions are evaluated again.
    assert_eq!(outcome(&r.send("1 2")), "P");

    // Parameters, `require`, and a reloaded file with a parse error.
    let mut fz = fraenkel_zusman(3);
    let a = r.send(":load rulesets/fraenkel-zusman/fraenkel-zusman.game");
    assert!(a.contains("positions have 3 heaps"), "{a}");
    let want = if fz.is_p(&[1, 1, 2]) { "P" } else { "N" };
    assert_eq!(outcome(&r.send("1 1 2")), want);
    let a = r.send(":set k 2");
    assert!(a.contains("needs k >= 3"), "{a}");
    assert_eq!(
        outcome(&r.send("1 1 2")),
        want,
        "k is still 3 after the failed require"
    );
    assert!(r.send(":set kk 4").contains("did you mean `k`?"));
    assert!(r.send(":set k 4").contains("k = 4"));
    let mut fz4 = fraenkel_zusman(4);
    for p in [[1u32, 1, 1, 2], [1, 1, 1, 3], [3, 3, 3, 5]] {
        let want = if fz4.is_p(&p) { "P" } else { "N" };
        let line = format!("{} {} {} {}", p[0], p[1], p[2], p[3]);
        assert_eq!(outcome(&r.send(&line)), want, "{line} with k = 4");
    }
    let a = r.send(":show");
    assert!(a.contains("k = 4   (set)") && a.contains("require:"), "{a}");
    r.send(":unset k");
    assert_eq!(outcome(&r.send("1 1 2")), want);

    let file = tmp.join("mine.game");
    let good = "ruleset \"Mine\" {\n  heaps 1\n  move { take 1..2 from one heap }\n}\n";
    std::fs::write(&file, good).expect("write a ruleset");
    r.send(&format!(":load {}", file.display()));
    assert_eq!(
        outcome(&r.send("3")),
        "P",
        "take 1 or 2: multiples of 3 are P"
    );
    std::fs::write(&file, good.replace("1..2", "1..2 from")).expect("edit the ruleset");
    let a = r.send(":reload");
    assert!(
        a.contains("mine.game:3"),
        "the error points into the file:\n{a}"
    );
    assert_eq!(outcome(&r.send("3")), "P", "the last good ruleset stays");
    std::fs::write(&file, good.replace("1..2", "1..3")).expect("edit the ruleset");
    assert!(r.send(":reload").contains("reloaded `Mine`"));
    assert!(r.send(":reload").contains("unchanged"));
    assert_eq!(
        outcome(&r.send("3")),
        "N",
        "take 1..3: multiples of 4 are P"
    );
    assert_eq!(outcome(&r.send("4")), "P");
    // Answered as `heapgame eval` answers them: a one-heap box this small goes through the
    // kernel, which stores nothing in the session's memo.
    let a = r.send(":stats");
    assert!(
        a.contains("positions in memo:  0"),
        "the kernel answered (0) to (4):\n{a}"
    );

    // The position limit counts the whole memo table; raising it lets the search go on.
    assert!(r.send(":limit 6").contains("stop once 6 positions"));
    let a = r.send("9");
    assert!(
        a.contains("the memo table holds 6 positions, the limit"),
        "{a}"
    );
    r.send(":limit none");
    assert_eq!(outcome(&r.send("9")), "N");
    assert_eq!(outcome(&r.send("8")), "P");

    r.send(":help play");
    let (code, rest, transcript) = r.finish();
    assert_eq!(rest, "", "nothing after the last answer");
    assert_eq!(code, 2, "a script with errors exits with 2");
    insta::assert_snapshot!("piped_session", transcript);
}

#[test]
fn piped_script_without_errors_exits_0_and_prints_no_prompt() {
    let out = common::run::heapgame()
        .args(["repl", "rulesets/classic/nim.game"])
        .stdin("1 2 3\n:quit\n5 5\n")
        .run();
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "");
    let stdout = out.stdout;
    // Nim: 1 ^ 2 ^ 3 = 0. Nothing after `:quit`, and no prompt anywhere.
    assert_eq!(
        stdout,
        "position: (1, 2, 3)\n\
         play:     normal play (the last player to move wins)\n\
         outcome:  P (the previous player wins: every move leads to an N-position)\n\
         grundy:   0\n\
         winning moves: none\n"
    );
}

/// `:limit` shows the position limit `:eval` runs within, worked out by the query floor for
/// the positions asked: one heap's values for Nim (a sum), two heaps for Wythoff's game, so
/// the same memory holds more of Nim's (the default once sized every position at four heaps).
#[test]
fn limit_shows_the_limit_of_the_positions_asked() {
    let out = common::run::heapgame()
        .args(["repl", "rulesets/classic/nim.game"])
        .stdin(":limit\n:load rulesets/classic/wythoff.game\n:limit\n:limit 1000\n")
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let said: Vec<&str> = (out.stdout.lines())
        .filter(|l| l.contains("computations stop once"))
        .collect();
    assert_eq!(said.len(), 3, "{}", out.stdout);
    assert!(said[0].starts_with("a position of `Nim`"), "{}", said[0]);
    assert!(
        said[1].starts_with("a position of `Wythoff`"),
        "{}",
        said[1]
    );
    assert!(said[2].contains("once 1000 positions"), "{}", said[2]);
    let n = |l: &str| -> f64 {
        let rest = l.split("stop once ").nth(1).expect("a number");
        rest.split(' ').next().unwrap().parse().expect("a number")
    };
    if said[0].contains("GB available") || said[0].contains("MB available") {
        // Half the same memory at 8 bytes a heap stored more than 192 (query/limits.rs's
        // measure): a position of Nim stores one heap's values, Wythoff's two heaps.
        assert!(said[0].contains("at 200 bytes a position"), "{}", said[0]);
        assert!(said[1].contains("at 208 bytes a position"), "{}", said[1]);
        let ratio = n(said[0]) / n(said[1]);
        assert!((ratio - 208.0 / 200.0).abs() < 0.01, "{ratio}: {said:?}");
    }
}

/// `:set play misere` switches the loaded ruleset to misère play: misère Nim's (1, 1) is N
/// (g^- = 1: Bouton's rule, every heap at most 1 and an even number of 1s), and (1, 1, 1) P.
#[test]
fn set_play_misere() {
    let out = common::run::heapgame()
        .args(["repl", "rulesets/classic/nim.game"])
        .stdin("1 1\n:set play misere\n1 1\n1 1 1\n:set play normal\n1 1\n")
        .run();
    assert_eq!(out.code, 0);
    let stdout = out.stdout;
    let grundy: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("grundy:"))
        .collect();
    assert_eq!(
        grundy,
        [
            "grundy:   0",
            "grundy:   1 (the misère nim value g^-)",
            "grundy:   0 (the misère nim value g^-)",
            "grundy:   0",
        ],
        "{stdout}"
    );
    assert!(stdout.contains("genus:    0^120"), "{stdout}");
}

// ---------------------------------------------------------------------------------------------
// A real pseudo-terminal
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn terminal_session_completion_ctrl_c_and_history() {
    let tmp = tmpdir("repl-pty");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_heapgame"));
    cmd.args(["repl", "rulesets/classic/wythoff.game"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", &tmp)
        .env_remove("RUST_BACKTRACE");
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn in a pty");
    let ok = |r: Result<String, rexpect::error::Error>, what: &str| {
        r.unwrap_or_else(|e| panic!("waiting for {what}: {e}"))
    };
    ok(p.exp_string("heapgame> "), "the prompt");
    let typ = |p: &mut rexpect::session::PtySession, s: &str| {
        p.send(s).expect("type");
        p.flush().expect("flush");
    };

    // `:tab` + Tab completes to `:table `; without the completion `:tab--max 8` is unknown.
    typ(&mut p, ":tab");
    typ(&mut p, "\t");
    p.send_line("--max 8").expect("type");
    ok(
        p.exp_string("4 P-positions among 45 positions"),
        "the table",
    );
    // Typing is done at a prompt (rustyline may drop keys typed while it switches modes).
    ok(p.exp_string("heapgame> "), "the prompt");

    // A position typed at the prompt.
    p.send_line("10 17").expect("type");
    ok(p.exp_string("outcome:  N"), "the outcome of (10, 17)");
    ok(p.exp_string("-> (6, 10)"), "the winning move of (10, 17)");
    ok(p.exp_string("heapgame> "), "the prompt");

    // Ctrl-C at the prompt clears the line: `10 20` is never evaluated.
    typ(&mut p, "10 20");
    p.send_control('c').expect("ctrl-c");
    ok(p.exp_string("heapgame> "), "a new prompt");
    p.send_line("3 5").expect("type");
    let before = ok(p.exp_string("position: (3, 5)"), "the outcome of (3, 5)");
    assert!(!before.contains("position: (10, 20)"), "{before}");
    ok(p.exp_string("heapgame> "), "the prompt");

    // Ctrl-C during a long computation cancels it; the session goes on. (The P-positions of
    // this box take the cube kernel a moment; its Grundy values take minutes.)
    p.send_line(":table --max 5000 --grundy").expect("type");
    ok(
        p.exp_string("positions stored (Ctrl-C stops)"),
        "the progress line",
    );
    p.send_control('c').expect("ctrl-c");
    ok(p.exp_string("cancelled"), "the cancellation");
    ok(p.exp_string("heapgame> "), "the prompt");
    p.send_line("4 7").expect("type");
    ok(p.exp_string("outcome:  P"), "(4, 7) after the cancellation");
    ok(p.exp_string("heapgame> "), "the prompt");

    // A file name completed after `:load`.
    typ(&mut p, ":load rulesets/classic/ni");
    typ(&mut p, "\t");
    p.send_line("").expect("enter");
    ok(p.exp_string("loaded `Nim`"), "nim.game loaded");
    ok(p.exp_string("heapgame> "), "the prompt");
    p.send_line("1 2 3").expect("type");
    ok(p.exp_string("outcome:  P"), "Nim (1, 2, 3)");
    ok(p.exp_string("heapgame> "), "the prompt");

    // A formula name completed after `--formula`.
    // Each step waits for its own output before the prompt: rustyline redraws the prompt while
    // a line is typed, so a bare wait for the prompt can match a redraw and type too early.
    typ(&mut p, ":load rulesets/classic/wythoff.game\r");
    ok(p.exp_string("loaded `Wythoff"), "wythoff.game loaded");
    ok(p.exp_string("heapgame> "), "the prompt");
    typ(&mut p, ":diff --formula wyth");
    typ(&mut p, "\t");
    p.send_line("--max 20").expect("type");
    ok(
        p.exp_string("identical over 231 positions"),
        "the diff with wythoff",
    );
    ok(p.exp_string("heapgame> "), "the prompt");

    // A parameter name completed after `:set`.
    p.send_line(":load rulesets/fraenkel-zusman/fraenkel-zusman.game")
        .expect("type");
    ok(
        p.exp_string("loaded `Fraenkel-Zusman`"),
        "fraenkel-zusman.game loaded",
    );
    ok(p.exp_string("heapgame> "), "the prompt");
    typ(&mut p, ":set ");
    typ(&mut p, "\t");
    p.send_line("4").expect("type");
    ok(p.exp_string("k = 4"), "k set by completion");
    ok(p.exp_string("heapgame> "), "the prompt");

    // Ctrl-D leaves and the history is saved.
    p.send_control('d').expect("ctrl-d");
    ok(p.exp_eof(), "the end");
    let history = std::fs::read_to_string(tmp.join("heapgame").join("history"))
        .expect("a history file in the data directory");
    assert!(history.contains(":table --max 8"), "{history}");
    assert!(
        history.contains(":load rulesets/classic/nim.game"),
        "{history}"
    );
}
