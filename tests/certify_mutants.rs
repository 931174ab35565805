//! Mutation tests (issue "A green `check` that means what it says"): every claim of the bundled
//! rulesets, made false by one small change, must FAIL under `check`, or be reported as a
//! branch no position decided. The variants are generated here from the claim's text: an
//! integer constant one more or one less (a bound off by one, a set member or a table entry
//! changed, a slope rounded), a comparison made strict or loose, `==` made `!=`. Each variant
//! stands alone in a copy of its file (the other claims blanked out, the `check` lines kept),
//! so that the run's whole time goes to it and it ends at its first counterexample.
//!
//! A variant may be true after all (a constant in a branch the other operands already decide,
//! `x mod 2 == 0` made `x mod 2 != 1`): so each claim needs *one* variant that fails or is
//! flagged, and the variants that pass are listed by the ignored test for a reader to judge.
//! The fast test takes a few claims whose variants are false by the rules of the game
//! (worked out in its comments); the ignored one takes every claim, under release `check
//! --time 60s --strict`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use heapgame::Game;

/// A claim of a bundled file: where it stands in the source (byte range) and its text.
#[derive(Clone, Debug)]
struct ClaimAt {
    file: PathBuf,
    span: std::ops::Range<usize>,
    line: usize,
}

/// One variant: what was changed, in words, and the new text of `target`, a byte range of
/// the file (the claim's own span, or a `fn` the claim calls).
#[derive(Clone, Debug)]
struct Variant {
    what: String,
    text: String,
    target: std::ops::Range<usize>,
}

/// How `check` took a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    /// A counterexample (exit 1, `FAIL`).
    Fail,
    /// No counterexample, but a branch (a case, the claim itself) decided no position (exit 1
    /// under `--strict`).
    Flagged,
    /// Held over every position compared (exit 0).
    Pass,
    /// The variant does not load (a constant that makes the claim ill-typed, a range
    /// reversed) or stops on an error: not a claim at all.
    Invalid,
}

/// The bundled rulesets, sorted.
fn bundled() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir("rulesets").expect("rulesets/") {
        let dir = dir.expect("an entry").path();
        for f in std::fs::read_dir(&dir).expect("a rulesets directory") {
            let f = f.expect("an entry").path();
            if f.extension().is_some_and(|e| e == "game") {
                files.push(f);
            }
        }
    }
    files.sort();
    files
}

/// The claims (and family claims) of `file`, in order.
fn claims_of(file: &Path) -> Vec<ClaimAt> {
    let game = Game::load_file(file, &[]).unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
    let src = game.src.inner();
    let mut spans: Vec<std::ops::Range<usize>> =
        game.checked.claims.iter().map(|c| c.span.clone()).collect();
    spans.extend(game.checked.families.iter().map(|f| f.span.clone()));
    spans.sort_by_key(|s| s.start);
    spans
        .into_iter()
        .map(|span| ClaimAt {
            file: file.to_path_buf(),
            line: src[..span.start].matches('\n').count() + 1,
            span,
        })
        .collect()
}

/// The part of a claim's text that says something (before `fails at`, `allow empty`), as the
/// byte ranges outside comments.
fn mutable_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let code = line.split('#').next().unwrap_or("");
        let stop = ["fails at", "allow empty"]
            .iter()
            .filter_map(|k| code.find(k))
            .min();
        let end = stop.unwrap_or(code.len());
        out.push(at..at + end);
        if stop.is_some() {
            break;
        }
        at += line.len();
    }
    out
}

/// The variants of a claim's text: each integer constant one more and one less (not below
/// 0), each comparison loosened or tightened (`<` and `<=`, `>` and `>=`), `==` and `!=`
/// swapped, `and` and `or`, `all` and `any`, `min` and `max`, `xor` and `sum` swapped. In
/// the order of the text; `target` is the whole text.
fn variants(text: &str) -> Vec<Variant> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let put = |out: &mut Vec<Variant>, r: std::ops::Range<usize>, new: &str, what: String| {
        out.push(Variant {
            what,
            text: format!("{}{new}{}", &text[..r.start], &text[r.end..]),
            target: 0..text.len(),
        });
    };
    for range in mutable_ranges(text) {
        let mut i = range.start;
        while i < range.end {
            let c = b[i];
            let word = |j: usize| j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_');
            if c.is_ascii_alphabetic() && (i == 0 || !word(i - 1)) {
                let mut j = i;
                while word(j) {
                    j += 1;
                }
                let to = match &text[i..j] {
                    "and" => Some("or"),
                    "or" => Some("and"),
                    "min" => Some("max"),
                    "max" if !text[..i].trim_end().ends_with("within") => Some("min"),
                    "all" => Some("any"),
                    "any" => Some("all"),
                    "xor" => Some("sum"),
                    "sum" => Some("xor"),
                    _ => None,
                };
                if let Some(to) = to {
                    put(&mut out, i..j, to, format!("{} -> {to}", &text[i..j]));
                }
                i = j;
                continue;
            }
            if c.is_ascii_digit() && (i == 0 || !word(i - 1)) {
                let mut j = i;
                while j < range.end && b[j].is_ascii_digit() {
                    j += 1;
                }
                if !word(j) {
                    let s = &text[i..j];
                    if let Ok(n) = s.parse::<u64>() {
                        put(
                            &mut out,
                            i..j,
                            &(n + 1).to_string(),
                            format!("{s} -> {}", n + 1),
                        );
                        if n > 0 {
                            put(
                                &mut out,
                                i..j,
                                &(n - 1).to_string(),
                                format!("{s} -> {}", n - 1),
                            );
                        }
                    }
                }
                i = j;
                continue;
            }
            let two = text.get(i..i + 2).unwrap_or("");
            let swap = match two {
                "==" => Some(("==", "!=")),
                "!=" => Some(("!=", "==")),
                "<=" => Some(("<=", "<")),
                ">=" => Some((">=", ">")),
                _ => None,
            };
            if let Some((from, to)) = swap {
                put(&mut out, i..i + 2, to, format!("{from} -> {to}"));
                i += 2;
                continue;
            }
            // A lone `<` or `>` (not `<-`, `->` or part of a two-character operator).
            if (c == b'<' || c == b'>') && i > 0 && b[i - 1] != b'-' && b.get(i + 1) != Some(&b'-')
            {
                let (from, to) = if c == b'<' { ("<", "<=") } else { (">", ">=") };
                put(&mut out, i..i + 1, to, format!("{from} -> {to}"));
            }
            i += 1;
        }
    }
    out
}

/// The source of `claim`'s file with the claim replaced by `variant` and every other claim
/// blanked out (spaces, the line breaks kept: the lines keep their numbers).
fn mutant_source(claim: &ClaimAt, variant: &Variant, all: &[ClaimAt]) -> String {
    let src = std::fs::read_to_string(&claim.file).expect("the ruleset");
    // The edits, in order: the variant's (the claim itself, or a `fn` it calls), and the other
    // claims blanked (spaces, line breaks kept: the lines keep their numbers).
    let mut edits: Vec<(std::ops::Range<usize>, String)> =
        vec![(variant.target.clone(), variant.text.clone())];
    for c in all.iter().filter(|c| c.span != claim.span) {
        let blank: String = src[c.span.clone()]
            .chars()
            .map(|ch| if ch == '\n' { '\n' } else { ' ' })
            .collect();
        edits.push((c.span.clone(), blank));
    }
    edits.sort_by_key(|e| e.0.start);
    let mut out = String::new();
    let mut at = 0;
    for (r, text) in edits {
        out.push_str(&src[at..r.start]);
        out.push_str(&text);
        at = r.end;
    }
    out.push_str(&src[at..]);
    out
}

/// Runs `check` on the variant's file with `extra` arguments; how it took it, and its output.
fn judge(name: &str, source: &str, extra: &[&str]) -> (Verdict, String) {
    judge_against(name, source, extra, &[])
}

/// The coverage findings `check --strict` fails on in its output (a branch no run took, a
/// case, a vacuous claim), one line each: those of the file as it is are no news of a variant.
fn uncovered(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.contains("FAIL  line") && !is_claim_failure(l))
        .map(str::to_string)
        .collect()
}

/// Whether a `FAIL` line is a claim's counterexample (not a coverage finding).
fn is_claim_failure(line: &str) -> bool {
    line.split_once(": ")
        .is_some_and(|(_, rest)| rest.starts_with("claim"))
}

/// [`judge`], the coverage findings of the file as it is (`baseline`) set aside: a variant is
/// flagged by a finding the file does not have (its change sits in a branch no run takes).
fn judge_against(
    name: &str,
    source: &str,
    extra: &[&str],
    baseline: &[String],
) -> (Verdict, String) {
    let f = crate::common::fixture("certify-mutants", name, source);
    let mut args = vec!["check", f.as_str(), "--strict", "--seed", "1"];
    args.extend_from_slice(extra);
    let out = crate::common::run::heapgame()
        .args(&args)
        .time_bound(std::time::Duration::from_secs(600))
        .run();
    let text = format!("{}{}", out.stdout, out.stderr);
    let failed = out
        .stdout
        .lines()
        .any(|l| l.contains("FAIL  line") && is_claim_failure(l));
    let news = uncovered(&out.stdout).iter().any(|l| !baseline.contains(l));
    let verdict = match out.code {
        0 => Verdict::Pass,
        1 if failed => Verdict::Fail,
        1 if news => Verdict::Flagged,
        // Only the file's own untaken branches: the variant held everywhere else.
        1 if !uncovered(&out.stdout).is_empty() => Verdict::Pass,
        _ => Verdict::Invalid,
    };
    (verdict, text)
}

/// The variants of `claim` as targets in its file: its own text's, or, when its text has
/// nothing to change (`claim: interval() when strict()`), those of each `fn` it calls.
fn claim_variants(claim: &ClaimAt, src: &str) -> Vec<Variant> {
    let own = &src[claim.span.clone()];
    let at = |mut v: Variant, r: &std::ops::Range<usize>| {
        v.target = r.start..r.end;
        v
    };
    let vs = variants(own);
    if !vs.is_empty() {
        return vs.into_iter().map(|v| at(v, &claim.span)).collect();
    }
    let mut out = Vec::new();
    for (name, r) in fns(src) {
        if own.contains(&format!("{name}(")) {
            for mut v in variants(&src[r.clone()]) {
                v.what = format!("fn {name}: {}", v.what);
                out.push(at(v, &r));
            }
        }
    }
    out
}

/// The `fn` definitions of a file: name and byte range (from `fn` to the end of the line
/// before the next line that is empty, a comment or starts another item).
fn fns(src: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut starts = Vec::new();
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        starts.push((at, line));
        at += line.len();
    }
    for (k, &(start, line)) in starts.iter().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut end = start + line.len();
        for &(s2, l2) in &starts[k + 1..] {
            let t2 = l2.trim();
            let item = ["fn ", "let ", "claim", "check", "move", "#", "}"]
                .iter()
                .any(|p| t2.starts_with(p));
            if t2.is_empty() || item {
                break;
            }
            end = s2 + l2.len();
        }
        out.push((name, start..end));
    }
    out
}

/// The variants of every bundled claim.
fn every_variant() -> Vec<(ClaimAt, Vec<ClaimAt>, Vec<Variant>)> {
    let mut out = Vec::new();
    for file in bundled() {
        let all = claims_of(&file);
        let src = std::fs::read_to_string(&file).expect("the ruleset");
        for c in &all {
            let vs = claim_variants(c, &src);
            out.push((c.clone(), all.clone(), vs));
        }
    }
    out
}

#[test]
fn the_variants_are_the_claims_changed_in_one_place() {
    let vs = variants("claim P: a == floor((b - a) * 1.618) when b <= 26  # a comment 7\n");
    let whats: Vec<&str> = vs.iter().map(|v| v.what.as_str()).collect();
    assert_eq!(
        whats,
        [
            "== -> !=",
            "1 -> 2",
            "1 -> 0",
            "618 -> 619",
            "618 -> 617",
            "<= -> <",
            "26 -> 27",
            "26 -> 25"
        ]
    );
    assert_eq!(
        vs[0].text,
        "claim P: a != floor((b - a) * 1.618) when b <= 26  # a comment 7\n"
    );
    // Nothing after `fails at`: the positions named are not the claim.
    let vs = variants("claim P: x < 3\n    fails at (4, 5)\n");
    let whats: Vec<&str> = vs.iter().map(|v| v.what.as_str()).collect();
    assert_eq!(whats, ["< -> <=", "3 -> 4", "3 -> 2"]);
    // Words: `and`/`or`, `min`/`max` (not the `max` of `within max`), `xor`/`sum`.
    let vs = variants("claim count(xor(heaps) == 0 and min(heaps) > 0) == 1 within max 3");
    let whats: Vec<&str> = vs.iter().map(|v| v.what.as_str()).collect();
    assert_eq!(
        whats,
        [
            "xor -> sum",
            "== -> !=",
            "0 -> 1",
            "and -> or",
            "min -> max",
            "> -> >=",
            "0 -> 1",
            "== -> !=",
            "1 -> 2",
            "1 -> 0",
            "3 -> 4",
            "3 -> 2"
        ]
    );
    // A claim with nothing to change in its text changes the `fn`s it calls.
    let src = "  fn odd(x) = x mod 2 == 1\n\n  claim P: odd(a)\n";
    let c = ClaimAt {
        file: PathBuf::new(),
        span: 30..src.len(),
        line: 3,
    };
    let whats: Vec<String> = claim_variants(&c, src)
        .into_iter()
        .map(|v| v.what)
        .collect();
    assert_eq!(
        whats,
        [
            "fn odd: 2 -> 3",
            "fn odd: 2 -> 1",
            "fn odd: == -> !=",
            "fn odd: 1 -> 2",
            "fn odd: 1 -> 0"
        ]
    );
    // Every bundled claim has a variant, but those of a built-in formula (`claim P: formula
    // st_equal_grundy(S)`: nothing to change in the file).
    for (c, _, vs) in every_variant() {
        let src = std::fs::read_to_string(&c.file).expect("the ruleset");
        let formula = src[c.span.clone()].contains("formula ");
        assert!(
            !vs.is_empty() || formula,
            "{}:{} has no variant",
            c.file.display(),
            c.line
        );
    }
}

/// A variant of the claim of `file` at `line` whose change is `what`.
fn variant_of(file: &str, line: usize, what: &str) -> (ClaimAt, Vec<ClaimAt>, Variant) {
    let all = claims_of(Path::new(file));
    let c = all
        .iter()
        .find(|c| c.line == line)
        .unwrap_or_else(|| panic!("{file}:{line}"));
    let src = std::fs::read_to_string(file).expect("the ruleset");
    let v = claim_variants(c, &src)
        .into_iter()
        .find(|v| v.what == what)
        .unwrap_or_else(|| panic!("{file}:{line}: no variant {what}"));
    (c.clone(), all, v)
}

#[test]
fn a_few_false_variants_fail_the_default_check() {
    // Each is false by the rules, at a position inside its file's `check` box:
    // - Wythoff, phi's claim with `==` made `!=`: (0, 0) is P (no move), the claim says not.
    // - Wythoff's table, its member (1, 2) made (1, 3): (1, 2) is P (its followers (0, 2),
    //   (1, 1), (1, 0), (0, 1) each have a move to (0, 0)), the claim says not.
    // - Nim, `xor(heaps) == 0` made `!= 0`: the empty position is P.
    let cases = [
        ("rulesets/classic/wythoff.game", 12, "== -> !="),
        ("rulesets/classic/wythoff.game", 16, "2 -> 3"),
        ("rulesets/classic/nim.game", 10, "== -> !="),
    ];
    for (file, line, what) in cases {
        let (c, all, v) = variant_of(file, line, what);
        let (verdict, out) = judge("fast", &mutant_source(&c, &v, &all), &[]);
        assert_eq!(verdict, Verdict::Fail, "{file}:{line} {what}:\n{out}");
    }
}

#[test]
#[ignore = "heavy: every variant of every bundled claim under release `check`, then `check --time \
            60s`; run with cargo test --release --test all certify_mutants:: -- --ignored --nocapture"]
fn every_bundled_claim_has_a_false_variant_that_fails_or_is_flagged() {
    // Each variant is checked first over its file's `check` lines (a second or so), then, if
    // it held there, with `--time` (60 s unless HEAPGAME_MUTANT_TIME says otherwise): the
    // deepening starts from the same regions. Once a claim has a variant caught, its further
    // variants that hold over the `check` lines are not deepened (a minute each) unless
    // HEAPGAME_MUTANTS=all. The coverage findings of the file as it is are set aside: a
    // variant is flagged by one the file does not have.
    let time = std::env::var("HEAPGAME_MUTANT_TIME").unwrap_or_else(|_| "60s".to_string());
    let all_deepened = std::env::var("HEAPGAME_MUTANTS").is_ok_and(|v| v == "all");
    // HEAPGAME_MUTANT_FILE=TEXT: only the files whose path contains TEXT (a subset to run).
    let only = std::env::var("HEAPGAME_MUTANT_FILE").unwrap_or_default();
    let mut tally: BTreeMap<(&str, Verdict), usize> = BTreeMap::new();
    let (mut missed, mut passed, mut formulas) = (Vec::new(), Vec::new(), Vec::new());
    for (n, (c, all, vs)) in every_variant().into_iter().enumerate() {
        if !c.file.display().to_string().contains(&only) {
            continue;
        }
        let src = std::fs::read_to_string(&c.file).expect("the ruleset");
        let at_claim = format!("{}:{}", c.file.display(), c.line);
        if src[c.span.clone()].contains("formula ") {
            // A built-in formula has no constant to change here: its own tests compare it
            // with the papers.
            formulas.push(at_claim);
            continue;
        }
        let mut caught = false;
        let (_, original) = judge(&format!("m{n}_base"), &src, &[]);
        let baseline = uncovered(&original);
        for (k, v) in vs.iter().enumerate() {
            let name = format!("m{n}_{k}");
            let source = mutant_source(&c, v, &all);
            let at = format!("{at_claim} {}", v.what);
            let (mut verdict, mut out) = judge_against(&name, &source, &[], &baseline);
            let mut how = "check";
            if verdict == Verdict::Pass && (!caught || all_deepened) {
                (verdict, out) = judge_against(&name, &source, &["--time", &time], &baseline);
                if verdict == Verdict::Flagged {
                    // A deepening's findings are not the file's default ones: not counted.
                    verdict = Verdict::Pass;
                }
                how = "check --time";
            } else if verdict == Verdict::Pass {
                how = "check (not deepened)";
            }
            *tally.entry((how, verdict)).or_default() += 1;
            eprintln!("{verdict:?}\t{how}\t{at}");
            match verdict {
                Verdict::Fail | Verdict::Flagged => caught = true,
                Verdict::Pass if how == "check --time" => {
                    let last: Vec<&str> = out.lines().filter(|l| l.contains("holds")).collect();
                    passed.push(format!("{at}: {}", last.join(" / ")));
                }
                _ => {}
            }
        }
        if !caught {
            missed.push(at_claim);
        }
    }
    eprintln!("variants: {tally:?}");
    eprintln!("formula claims (no variant): {formulas:?}");
    for p in &passed {
        eprintln!("PASS {p}");
    }
    assert!(
        missed.is_empty(),
        "claims with no variant caught: {missed:?}"
    );
}
