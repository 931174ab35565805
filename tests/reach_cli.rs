//! Issue 20 through the real `heapgame` binary: the regressions of the bugs it lists (a
//! period with a negative saltus, one mistake in a `move for` said once, `diff` of two sums,
//! `-p` with a hexadecimal code, `:reload` keeping the old rules) and `positions where` as the
//! commands list and read positions. Expected values come from the definitions, here.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// Runs heapgame with `args` (no terminal, no colour); returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// A ruleset written for one test into Cargo's temporary directory for integration tests.
fn fixture(test: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reach-fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{test}.game"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn kayles_to_20_reports_no_period_that_cannot_go_on() {
    let (code, out, err) = run(&["sequence", "rulesets/classic/kayles.game", "--max", "20"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("saltus -"), "{out}");
}

#[test]
fn a_mistake_in_a_move_for_is_said_once() {
    let f = fixture(
        "for_once",
        "ruleset \"m\" { heaps any\n move for t in 1..100 { take t from one heap h where h > limt } }",
    );
    let (code, _, err) = run(&["eval", f.to_str().unwrap(), "3"]);
    assert_eq!(code, 2);
    assert_eq!(err.matches("unknown name `limt`").count(), 1, "{err}");
}

#[test]
fn diff_of_two_sums_needs_no_heap_count() {
    let words = fixture(
        "kayles_words",
        "ruleset \"Kayles in words\" { heaps any\n move { take {1, 2} from one heap }\n \
         move { take 1 from one heap h; split h into 2 parts }\n \
         move { take 2 from one heap h; split h into 2 parts } }",
    );
    let (code, out, err) = run(&[
        "diff",
        "rulesets/classic/kayles.game",
        words.to_str().unwrap(),
        "--max",
        "200",
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("--heaps 1 --grundy"), "{err}");
    // Octal 0.07 (Dawson's Kayles) differs from Kayles at one heap of 2 (values 1 and 2).
    let (code, out, err) = run(&[
        "diff",
        "rulesets/classic/kayles.game",
        "rulesets/classic/dawson-kayles.game",
        "--max",
        "20",
    ]);
    assert_eq!(code, 1, "{out}\n{err}");
}

#[test]
fn a_hexadecimal_code_in_p_says_where_it_goes() {
    let (code, _, err) = run(&[
        "sequence",
        "rulesets/classic/octal.game",
        "-p",
        "code=0.F",
        "--max",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("hexadecimal code"), "{err}");
    assert!(err.contains("hex 0.F"), "{err}");
}

#[test]
fn positions_where_lists_counts_and_reads_only_its_positions() {
    // Welter's game on 3 heaps <= 4: the sets of 3 different sizes, C(5, 3) = 10 positions.
    let (code, out, err) = run(&[
        "solve",
        "rulesets/classic/welter.game",
        "--max",
        "4",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 10, "{out}");
    for r in &rows {
        let h: Vec<u32> = r.split(',').take(3).map(|x| x.parse().unwrap()).collect();
        assert!(h[0] < h[1] && h[1] < h[2], "{r}");
    }
    let (code, out, err) = run(&["eval", "rulesets/classic/welter.game", "1", "1", "2"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("not a position of this game"), "{err}");
}

#[test]
fn a_failed_reload_says_the_old_rules_stay() {
    let f = fixture(
        "reload",
        "ruleset \"Nim\" { heaps any\n move { take 1.. from one heap } }",
    );
    let mut child = crate::common::run::heapgame()
        .args(["repl", f.to_str().unwrap()])
        .piped_stdin()
        .spawn();
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(stdin, "1 2").unwrap();
    stdin.flush().unwrap();
    // Read until the answer to the first position has come.
    let mut seen = String::new();
    while !seen.contains("grundy") {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            break;
        }
        seen.push_str(&line);
    }
    std::fs::write(
        &f,
        "ruleset \"Nim\" { heaps any\n move { take 1.. from one heep } }",
    )
    .unwrap();
    writeln!(stdin, ":reload").unwrap();
    writeln!(stdin, "1 2").unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("the REPL ends");
    let mut rest = String::new();
    stdout.read_to_string_lossy(&mut rest);
    let all = format!(
        "{seen}{rest}{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("stays loaded"), "{all}");
    // The old rules still answer: (1, 2) has Grundy value 3 in Nim.
    assert!(all.matches("grundy:   3").count() >= 2, "{all}");
}

/// Reading what is left of a pipe into a string.
trait ReadRest {
    fn read_to_string_lossy(&mut self, s: &mut String);
}

impl<R: std::io::Read> ReadRest for R {
    fn read_to_string_lossy(&mut self, s: &mut String) {
        let mut v = Vec::new();
        let _ = self.read_to_end(&mut v);
        s.push_str(&String::from_utf8_lossy(&v));
    }
}
