//! The "Reproducing" script of `docs/papers.md`, run through the binary at small bounds: every
//! `heapgame` command of its `sh` block, as written there (loops, parameters, formulas), with
//! each `--max N` lowered to at most 12 and each `--heaps K` to at most 7, and `--quick` added
//! to a `check` that gives no bound (the files' own bounds are for the release build). Each
//! command must exit 0: every claim holds (or fails where its `fails at` says), every `diff`
//! reports identical. The `cargo test` lines of the block are this suite's own tests.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `sh` block under "## Reproducing".
fn script() -> String {
    let doc = std::fs::read_to_string(root().join("docs/papers.md")).expect("docs/papers.md");
    let at = doc.find("## Reproducing").expect("a Reproducing section");
    let rest = &doc[at..];
    let start = rest.find("```sh\n").expect("an sh block") + "```sh\n".len();
    let end = rest[start..].find("```").expect("the block's end");
    rest[start..start + end].to_string()
}

/// `--max N` / `--heaps K` lowered to `cap`, in one line.
fn lower(line: &str, flag: &str, cap: u32) -> String {
    let mut out = Vec::new();
    let mut words = line.split(' ').peekable();
    while let Some(w) = words.next() {
        out.push(w.to_string());
        if w == flag {
            if let Some(n) = words.next() {
                match n.parse::<u32>() {
                    Ok(v) => out.push(v.min(cap).to_string()),
                    Err(_) => out.push(n.to_string()),
                }
            }
        }
    }
    out.join(" ")
}

/// The script at small bounds, with `$H` a function that runs the binary and reports a
/// command that fails.
fn small_script() -> (String, usize) {
    let mut out = String::from(
        "run() { echo \"RUN $*\"; \"$BIN\" \"$@\" >/dev/null 2>\"$ERR\"; c=$?; \
         if [ $c -ne 0 ]; then echo \"FAILED($c): $*\"; cat \"$ERR\"; fi; }\n",
    );
    let mut commands = 0;
    for line in script().lines() {
        let code = line.split(" #").next().unwrap_or("");
        if code.trim_start().starts_with("H=") {
            out.push_str("H=run\n");
            continue;
        }
        if code.trim_start().starts_with("cargo ") {
            continue;
        }
        let mut l = lower(&lower(code, "--max", 12), "--heaps", 7);
        if l.contains("$H check") && !l.contains("--max") && !l.contains("--time") {
            l = l.replace("$H check", "$H check --quick");
        }
        commands += l.matches("$H ").count();
        out.push_str(&l);
        out.push('\n');
    }
    (out, commands)
}

#[test]
fn every_command_of_the_reproducing_script_passes_at_small_bounds() {
    let (text, commands) = small_script();
    assert!(
        commands >= 60,
        "the script names {commands} commands:\n{text}"
    );
    let err = std::env::temp_dir().join(format!("heapgame-reproducing-{}", std::process::id()));
    let out = Command::new("sh")
        .arg("-c")
        .arg(&text)
        .current_dir(root())
        .env("BIN", env!("CARGO_BIN_EXE_heapgame"))
        .env("ERR", &err)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let _ = std::fs::remove_file(&err);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let ran = stdout.lines().filter(|l| l.starts_with("RUN ")).count();
    assert!(out.status.success(), "{stdout}");
    assert!(!stdout.contains("FAILED("), "{stdout}");
    // Loops run a line several times: at least one run per command written.
    assert!(
        ran >= commands,
        "{ran} runs for {commands} commands:\n{stdout}"
    );
}
