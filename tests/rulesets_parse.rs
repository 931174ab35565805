//! Every bundled ruleset and every example of the language reference parses.
//!
//! - Every `.game` file under `rulesets/` (recursively) goes through `heapgame::syntax::parse_file`.
//! - The fenced blocks of `docs/language.md` are checked by their info string:
//!   `game` is a whole file; `game-items` is the body of a ruleset (wrapped here in
//!   `ruleset "example" { ... }`); `game-expr` holds one expression per line (as a `-p` value or a
//!   REPL input is parsed). A `game` block whose first line is `# file: rulesets/...` must also be
//!   that file, word for word. Blocks with any other info string (`text`, `ebnf`, `sh`) are prose.

use std::fs;
use std::path::{Path, PathBuf};

use heapgame::syntax::{parse_expr_str, parse_file};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "game") {
            out.push(path);
        }
    }
}

/// The rulesets the project promises to bundle.
const BUNDLED: &[&str] = &[
    "classic/nim.game",
    "classic/subtraction.game",
    "classic/wythoff.game",
    "classic/d-wythoff.game",
    "fraenkel-zusman/fraenkel-zusman.game",
    "fraenkel-zusman/moore-nim.game",
    "fraenkel-zusman/wythoff-xor.game",
    "bhowmik/st-game.game",
    "bhowmik/princess-and-roses.game",
    "bhowmik/not-all-piles.game",
    "bhowmik/exactly-two-of-four.game",
    "fraenkel-larsson/beta-nim.game",
    "fraenkel-larsson/beta-wynim.game",
    "fraenkel-larsson/beta-t-wynim.game",
    "propp/cookie.game",
    "abuku/delete-nim.game",
    "abuku/vdn.game",
    "abuku/abo-delete.game",
    "abuku/nmth-delete.game",
    "abuku/half-delete.game",
    "abuku/k-delete.game",
    "abuku/single-delete.game",
];

#[test]
fn every_bundled_ruleset_exists() {
    let missing: Vec<&str> = BUNDLED
        .iter()
        .copied()
        .filter(|rel| !root().join("rulesets").join(rel).is_file())
        .collect();
    assert!(missing.is_empty(), "missing rulesets: {missing:?}");
}

#[test]
fn every_ruleset_parses() {
    let mut files = Vec::new();
    game_files(&root().join("rulesets"), &mut files);
    assert!(!files.is_empty(), "no .game files under rulesets/");
    let mut failures = Vec::new();
    for path in &files {
        let text =
            fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        if let Err(e) = parse_file(&text) {
            failures.push(format!("{}: {e}\n{e:?}", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rulesets do not parse:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// A fenced block of the reference: its info string, its first line number and its text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

fn fenced_blocks(md: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in md.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.as_mut() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 2,
                        text: String::new(),
                    });
                }
            }
            Some(block) => {
                if trimmed.starts_with("```") {
                    blocks.push(open.take().expect("an open block"));
                } else {
                    block.text.push_str(line);
                    block.text.push('\n');
                }
            }
        }
    }
    assert!(
        open.is_none(),
        "docs/language.md: a fenced block is not closed"
    );
    blocks
}

#[test]
fn every_example_of_the_reference_parses() {
    let path = root().join("docs/language.md");
    let md =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let blocks = fenced_blocks(&md);
    let mut failures = Vec::new();
    let mut checked = 0;
    for b in &blocks {
        let at = format!("docs/language.md, block at line {}", b.line);
        match b.info.as_str() {
            "game" => {
                checked += 1;
                if let Err(e) = parse_file(&b.text) {
                    failures.push(format!("{at}: {e}\n{e:?}"));
                }
                let first = b.text.lines().next().unwrap_or("");
                if let Some(rel) = first.strip_prefix("# file: ") {
                    let file = root().join(rel.trim());
                    match fs::read_to_string(&file) {
                        Ok(text) => {
                            let body = &b.text[first.len() + 1..];
                            if body != text {
                                failures.push(format!("{at}: differs from {}", rel.trim()));
                            }
                        }
                        Err(e) => failures.push(format!("{at}: reading {}: {e}", rel.trim())),
                    }
                }
            }
            "game-items" => {
                checked += 1;
                let wrapped = format!("ruleset \"example\" {{\n{}}}\n", b.text);
                if let Err(e) = parse_file(&wrapped) {
                    failures.push(format!("{at} (inside a ruleset): {e}\n{e:?}"));
                }
            }
            "game-expr" => {
                for (k, line) in b.text.lines().enumerate() {
                    let code = line.split('#').next().unwrap_or("").trim();
                    if code.is_empty() {
                        continue;
                    }
                    checked += 1;
                    if let Err(e) = parse_expr_str(code) {
                        failures.push(format!(
                            "docs/language.md line {}: `{code}`: {e}\n{e:?}",
                            b.line + k
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    assert!(checked > 0, "no examples found in docs/language.md");
    assert!(
        failures.is_empty(),
        "{} examples of docs/language.md do not parse:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
