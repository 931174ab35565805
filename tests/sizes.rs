//! The size of the code in `src/`: no file over [`MAX_FILE_LINES`] lines and no function over
//! [`MAX_FN_LINES`] (its signature to its closing brace; unit tests, from a file's first
//! `#[cfg(test)]` on, and `tests.rs` files aside), except the files and functions listed in
//! [`BIG_FILES`] and [`LONG_FNS`]. Like `KNOWN_CIRCLES`, the lists can only shrink: a file or
//! function over the limit that is not listed fails, and so does a listed one that is no
//! longer over it (strike it).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most lines a file of `src/` may have.
const MAX_FILE_LINES: usize = 500;
/// The most lines a function of `src/` may have.
const MAX_FN_LINES: usize = 80;

/// Files over [`MAX_FILE_LINES`], still to be split.
const BIG_FILES: &[&str] = &[];

/// Functions over [`MAX_FN_LINES`], still to be shortened: (file, function name).
const LONG_FNS: &[(&str, &str)] = &[];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with comments, string and character literals blanked out, line breaks kept (so
/// that braces count and line numbers stay true).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep_breaks = |out: &mut String, s: &[u8]| {
        out.extend(s.iter().filter(|&&c| c == b'\n').map(|_| '\n'));
    };
    while i < b.len() {
        let rest = &b[i..];
        let after_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if rest.starts_with(b"//") {
            i += rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            keep_breaks(&mut out, &rest[..j.min(rest.len())]);
            i += j;
        } else if let Some(len) = (!after_ident).then(|| raw_string(rest)).flatten() {
            keep_breaks(&mut out, &rest[..len]);
            i += len;
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            keep_breaks(&mut out, &rest[..end]);
            i += end;
        } else if let Some(len) = char_literal(&text[i..]) {
            i += len;
        } else {
            let c = text[i..].chars().next().expect("a char at a boundary");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`, `br"..."`) at the start of `s`.
fn raw_string(s: &[u8]) -> Option<usize> {
    let s2 = s.strip_prefix(b"b").unwrap_or(s);
    let prefix = s.len() - s2.len();
    let s2 = s2.strip_prefix(b"r")?;
    let hashes = s2.iter().take_while(|&&c| c == b'#').count();
    if s2.get(hashes) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let body = &s2[hashes + 1..];
    let end = body
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(body.len(), |p| p + close.len());
    Some(prefix + 1 + hashes + 1 + end)
}

/// The length of a character literal (`'{'`, `'\''`, `'\u{7b}'`) at the start of `s`; `None`
/// for a lifetime (`'a`).
fn char_literal(s: &str) -> Option<usize> {
    let body = s.strip_prefix('\'')?;
    if let Some(esc) = body.strip_prefix('\\') {
        let c = esc.chars().next()?;
        return Some(2 + c.len_utf8() + esc[c.len_utf8()..].find('\'')? + 1);
    }
    let c = body.chars().next()?;
    body[c.len_utf8()..]
        .starts_with('\'')
        .then_some(1 + c.len_utf8() + 1)
}

/// The functions of stripped code that have a body: name and lines, signature to closing
/// brace.
fn functions(code: &str) -> Vec<(String, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("fn") {
        let at = from + i;
        from = at + 2;
        let before_ok = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let rest = &code[at + 2..];
        let name_at = rest.len() - rest.trim_start().len();
        let name: String = rest[name_at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !before_ok || name_at == 0 || name.is_empty() || name.starts_with(char::is_numeric) {
            continue;
        }
        // The body starts at the first `{` outside parentheses and brackets; a `;` first
        // means a declaration without a body.
        let mut depth = 0i32;
        let mut open = None;
        for (j, c) in code[at..].char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth == 0 => {
                    open = Some(at + j);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut braces = 0;
        let mut close = code.len();
        for (j, c) in code[open..].char_indices() {
            match c {
                '{' => braces += 1,
                '}' => {
                    braces -= 1;
                    if braces == 0 {
                        close = open + j;
                        break;
                    }
                }
                _ => {}
            }
        }
        let lines = code[at..close].matches('\n').count() + 1;
        out.push((name, lines));
    }
    out
}

/// The files over the limit and the functions over theirs, in `src/`.
fn oversized() -> (BTreeSet<String>, BTreeSet<(String, String)>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    rust_files(&src, &mut all);
    assert!(all.len() > 100, "the walk found only {} files", all.len());
    let mut files = BTreeSet::new();
    let mut fns = BTreeSet::new();
    for path in &all {
        let rel = path
            .strip_prefix(&src)
            .expect("under src/")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).expect("readable");
        if text.lines().count() > MAX_FILE_LINES {
            files.insert(rel.clone());
        }
        if rel == "tests.rs" || rel.ends_with("/tests.rs") {
            continue;
        }
        let code = text
            .find("#[cfg(test)]")
            .map_or(&text[..], |at| &text[..at]);
        for (name, lines) in functions(&strip(code)) {
            if lines > MAX_FN_LINES {
                fns.insert((rel.clone(), name));
            }
        }
    }
    (files, fns)
}

#[test]
fn files_and_functions_stay_small() {
    let (files, fns) = oversized();
    let listed_files: BTreeSet<String> = BIG_FILES
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    let listed_fns: BTreeSet<(String, String)> = LONG_FNS
        .iter()
        .map(|(f, n)| (f.to_string(), n.to_string()))
        .collect();
    let new_files: Vec<_> = files.difference(&listed_files).collect();
    let new_fns: Vec<_> = fns.difference(&listed_fns).collect();
    let gone_files: Vec<_> = listed_files.difference(&files).collect();
    let gone_fns: Vec<_> = listed_fns.difference(&fns).collect();
    assert!(
        new_files.is_empty() && new_fns.is_empty(),
        "over {MAX_FILE_LINES} lines: {new_files:#?}\nfunctions over {MAX_FN_LINES} lines: \
         {new_fns:#?}\nsplit them"
    );
    assert!(
        gone_files.is_empty() && gone_fns.is_empty(),
        "listed in BIG_FILES or LONG_FNS but no longer over the limit (strike them): \
         {gone_files:#?}\n{gone_fns:#?}"
    );
}

#[test]
fn the_reader_measures_functions() {
    // Braces in strings, characters and comments do not count; lifetimes are not characters;
    // a declaration without a body is no function.
    let text = "fn a() {\n    let s = \"}\";\n    let c = '}';\n    // }\n}\n\
                pub(crate) fn b<'x>(v: &'x [u8; 2]) -> usize {\n    /* { */\n    \
                let r = r#\"}\"#;\n    v.len()\n}\n\
                trait T { fn c(&self); }\nfn d(f: fn(u8) -> u8) { if true {\n} }\n";
    let found = functions(&strip(text));
    assert_eq!(
        found,
        [
            ("a".to_string(), 5),
            ("b".to_string(), 5),
            ("d".to_string(), 2)
        ]
    );
    // Line breaks inside a string are kept, so that lines are counted true.
    assert_eq!(strip("\"a\nb\" x").matches('\n').count(), 1);
    assert_eq!(strip("'\\''{").trim(), "{");
    assert_eq!(strip("br##\"a\"#b\"## c").trim(), "c");
}
