//! Every command's output says which play it used: the text of `eval`, `solve`, `check`,
//! `diff`, `sequence`, `quotient`, the REPL and `plot`'s title names "normal play" or "misère
//! play", and the JSON of `eval`, `solve`, `check`, `diff`, `sequence` and `quotient` has
//! `"play": "normal"` or `"misere"`, for the play given by `--play` (the REPL's `:set play`).
//! `moves` lists followers, which do not depend on the play: its output is checked to be the
//! same under both.

const KAYLES: &str = "rulesets/classic/kayles.game";
const DAWSON: &str = "rulesets/classic/dawson-kayles.game";

/// Runs the binary; exit code and stdout.
fn run(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let mut cmd = crate::common::run::heapgame()
        .args(args)
        .env("HOME", env!("CARGO_TARGET_TMPDIR"));
    if let Some(text) = stdin {
        cmd = cmd.stdin(text);
    }
    let out = cmd.run();
    (out.code, out.stdout)
}

/// The words a text output must hold for `play`, and those it must not.
fn words(play: &str) -> (&'static str, &'static str) {
    if play == "normal" {
        ("normal play", "misère play")
    } else {
        ("misère play", "normal play")
    }
}

/// The commands, each with its arguments after the file and `--play`.
fn commands() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("eval", vec![KAYLES, "3", "4"]),
        ("solve", vec![KAYLES, "--heaps", "2", "--max", "4"]),
        (
            "solve",
            vec![KAYLES, "--heaps", "2", "--max", "4", "--grundy"],
        ),
        ("check", vec![DAWSON]),
        ("diff", vec![KAYLES, DAWSON, "--heaps", "2", "--max", "5"]),
        ("sequence", vec![KAYLES, "--max", "12"]),
    ]
}

#[test]
fn every_text_output_names_its_play() {
    for play in ["normal", "misere"] {
        let (yes, no) = words(play);
        for (cmd, rest) in commands() {
            let mut args = vec![cmd];
            args.extend(&rest);
            args.extend(["--play", play]);
            let (code, out) = run(&args, None);
            assert!(code == 0 || code == 1, "{args:?} exits {code}: {out}");
            assert!(out.contains(yes), "{args:?} does not say {yes}:\n{out}");
            assert!(!out.contains(no), "{args:?} says {no}:\n{out}");
        }
        let (code, out) = run(&["quotient", KAYLES, "--max", "6"], None);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("misère play"), "{out}");
    }
}

#[test]
fn every_json_output_names_its_play() {
    for play in ["normal", "misere"] {
        for (cmd, rest) in commands() {
            let mut args = vec![cmd];
            args.extend(&rest);
            args.extend(["--play", play, "--format", "json"]);
            let (code, out) = run(&args, None);
            assert!(code == 0 || code == 1, "{args:?} exits {code}: {out}");
            let v: serde_json::Value = serde_json::from_str(out.trim())
                .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{out}"));
            // `check` prints one report per file.
            let v = v.as_array().map_or(&v, |a| &a[0]);
            assert_eq!(v["play"], play, "{args:?}:\n{out}");
        }
    }
    let (code, out) = run(
        &["quotient", KAYLES, "--max", "6", "--format", "json"],
        None,
    );
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["play"], "misere", "{out}");
}

#[test]
fn plot_titles_and_the_repl_name_their_play() {
    for play in ["normal", "misere"] {
        let (yes, no) = words(play);
        let (code, svg) = run(
            &["plot", KAYLES, "--max", "6", "--heaps", "2", "--play", play],
            None,
        );
        assert_eq!(code, 0, "{svg}");
        assert!(svg.contains(yes), "the plot's title does not say {yes}");
        assert!(!svg.contains(no), "the plot's title says {no}");
        let script = format!(":set play {play}\n3 4\n");
        let (code, out) = run(&["repl", KAYLES], Some(&script));
        assert_eq!(code, 0, "{out}");
        let after = out
            .split("position: (3, 4)")
            .nth(1)
            .unwrap_or_else(|| panic!("the REPL evaluates (3, 4):\n{out}"));
        let line = after.lines().nth(1).unwrap_or_default();
        assert!(
            line.starts_with("play:") && line.contains(yes),
            "the REPL's answer does not say {yes}:\n{out}"
        );
    }
}

#[test]
fn moves_do_not_depend_on_the_play() {
    for pos in [vec!["5"], vec!["3", "4"], vec!["1", "2", "6"]] {
        let mut normal = vec!["moves", KAYLES, "--play", "normal"];
        normal.extend(pos.iter().copied());
        let mut misere = vec!["moves", KAYLES, "--play", "misere"];
        misere.extend(pos.iter().copied());
        let (a, out_a) = run(&normal, None);
        let (b, out_b) = run(&misere, None);
        assert_eq!((a, b), (0, 0));
        assert!(!out_a.is_empty());
        assert_eq!(out_a, out_b, "moves of {pos:?}");
    }
}
