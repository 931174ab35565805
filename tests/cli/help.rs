//! `--help` of every command, and `sequence`, `check` and the other commands' own options.

use super::*;

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
    snapshot!("cli_sequence_not_sum", err);
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
