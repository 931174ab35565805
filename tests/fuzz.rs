//! Hostile input, generated: random and mutated `.game` texts, `-p` values and positions, driven
//! through everything a user can reach (parse, check, reading a position, the work estimate,
//! listing followers, a small bounded solve, a small picture, and rendering every error with
//! miette). The property is that nothing panics, every failure is a diagnostic with a code,
//! and every span a diagnostic carries lies inside the text it points into.
//!
//! The corpus is seeded with every `.game` file under `rulesets/` and `tests/inputs/`. Each
//! case picks a seed and applies a few mutations (deleting, duplicating or moving a piece,
//! inserting a token of the language or a hostile number, swapping lines), or builds a text
//! from random tokens, or random bytes.
//!
//! `cargo test` runs the same 256 cases each time (a few seconds). A longer run, with new
//! random cases each time:
//!
//! ```sh
//! HEAPGAME_FUZZ_CASES=20000 cargo test --release --test all fuzz:: -- --nocapture
//! ```
//!
//! which prints the number of cases tried and how many loaded, solved, or failed where. Run it
//! under a memory limit (`ulimit -v 4000000`): a case that runs out of memory aborts the
//! process, and the case is then in `target/tmp/fuzz-current.txt`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use heapgame::estimate::Estimate;
use heapgame::ruleset::LoadError;
use heapgame::solver::Budget;
use heapgame::Game;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            game_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "game") {
            out.push(p);
        }
    }
}

/// The seed texts: every ruleset the project ships or tests.
fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    game_files(&root.join("rulesets"), &mut files);
    game_files(&root.join("tests/inputs"), &mut files);
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a seed file"))
        .collect();
    assert!(
        texts.len() >= 20,
        "the corpus should hold the bundled rulesets"
    );
    texts
}

/// Pieces of the language and hostile values to insert.
const TOKENS: &[&str] = &[
    "ruleset",
    "\"X\"",
    "{",
    "}",
    "(",
    ")",
    ",",
    ";",
    ":",
    "|",
    "=",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "mod",
    "^",
    "..",
    "1..",
    "and",
    "or",
    "not",
    "in",
    "not in",
    "heaps",
    "heap",
    "any",
    "each >= 1",
    "let x =",
    "require",
    "else",
    "move",
    "take",
    "from",
    "same",
    "delete",
    "split",
    "into",
    "parts",
    "allowing empty",
    "lower",
    "by",
    "keep",
    "where",
    "one",
    "other",
    "the other heap",
    "all heaps",
    "every other heap",
    "both heaps",
    "each of",
    "2 heaps",
    "it",
    "them",
    "for j in",
    "when",
    "unless",
    "claim P:",
    "claim grundy:",
    "formula",
    "check max",
    "x",
    "k",
    "S",
    "T",
    "n",
    "0",
    "1",
    "2",
    "3",
    "64",
    "65",
    "-1",
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "99999999999999999999",
    "4294967295",
    "4294967296",
    "2^62",
    "2^63",
    "2^64",
    "0/0",
    "1/0",
    "1 mod 0",
    "phi",
    "pi",
    "e",
    "sqrt(2)",
    "sqrt(-1)",
    "floor(pi * 10^18)",
    "beatty(phi)",
    "beatty(1)",
    "beatty(0)",
    "{1, 2, 3}",
    "{}",
    "{-1}",
    "{1..}",
    "1..0",
    "heaps",
    "len(heaps)",
    "any(x in heaps: x > 0)",
    "count(x in 1..: x > 0)",
    "min(heaps)",
    "max()",
    "abs(-3)",
    "|x|",
    "any(t in (1..10^15): t == 0)",
    "(0..10^18)",
    "count(t in (0..62): t > 1)",
    "for j in 1..10^18",
    "\"",
    "#",
    "\n",
    " ",
    "\t",
    "é",
    "\u{0}",
    "∞",
];

/// Hostile numbers and small values, to put in place of a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "64",
    "65",
    "-1",
    "-2",
    "1000",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "2^63",
    "2^64",
    "10^30",
    "0/0",
    "1/0",
    "phi",
    "sqrt(2)",
    "1..",
    "0..0",
    "{}",
    "{0}",
    "{-1}",
    "1..1000000",
];

/// A text to try: a mutated seed, random tokens, or random bytes.
fn text_strategy(corpus: Arc<Vec<String>>) -> impl Strategy<Value = String> {
    let n = corpus.len();
    let kind = prop_oneof![2 => 0usize..6, 3 => Just(3usize), 1 => Just(1usize)];
    let mutation = (
        kind,
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        0..TOKENS.len(),
    );
    let mutated = (0..n, prop::collection::vec(mutation, 1..3)).prop_map(move |(i, muts)| {
        let mut t = corpus[i].clone();
        for (kind, a, b, tok) in muts {
            let tok = if kind == 3 {
                NUMBERS[tok % NUMBERS.len()]
            } else {
                TOKENS[tok]
            };
            t = mutate(&t, kind, a, b, tok);
        }
        t
    });
    let tokens = prop::collection::vec(0..TOKENS.len(), 0..40).prop_map(|ix| {
        let body: Vec<&str> = ix.into_iter().map(|i| TOKENS[i]).collect();
        format!("ruleset \"R\" {{ heaps any\n{}\n}}", body.join(" "))
    });
    let bytes = prop::collection::vec(any::<u8>(), 0..200)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned());
    prop_oneof![8 => mutated, 3 => tokens, 1 => bytes]
}

/// The char boundary at or before `i`.
fn boundary(t: &str, mut i: usize) -> usize {
    i = i.min(t.len());
    while !t.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn mutate(
    t: &str,
    kind: usize,
    a: prop::sample::Index,
    b: prop::sample::Index,
    tok: &str,
) -> String {
    let len = t.len().max(1);
    let (mut x, mut y) = (boundary(t, a.index(len)), boundary(t, b.index(len)));
    if x > y {
        std::mem::swap(&mut x, &mut y);
    }
    // Keep cut pieces short, so that most of the ruleset survives.
    let y = boundary(t, y.min(x + 40));
    match kind {
        0 => format!("{}{}", &t[..x], &t[y..]),
        1 => format!("{} {tok} {}", &t[..x], &t[x..]),
        2 => format!("{}{}{}", &t[..y], &t[x..y], &t[y..]),
        3 => {
            // Replace a number with a hostile one.
            let start = t[x..].find(|c: char| c.is_ascii_digit()).map(|p| x + p);
            match start {
                Some(s) => {
                    let end = t[s..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(t.len(), |p| s + p);
                    format!("{}{tok}{}", &t[..s], &t[end..])
                }
                None => format!("{t}{tok}"),
            }
        }
        4 => {
            let mut lines: Vec<&str> = t.lines().collect();
            if lines.len() > 2 {
                let (i, j) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(i, j);
            }
            lines.join("\n")
        }
        _ => format!("{}{tok}{}", &t[..x], &t[y..]),
    }
}

/// Parameter overrides to try: none, or a name of the text's parameters (or not) with a value.
fn params_strategy() -> impl Strategy<Value = Vec<(String, String)>> {
    let name = prop_oneof![
        Just("k".to_string()),
        Just("S".to_string()),
        Just("T".to_string()),
        Just("beta".to_string()),
        Just("n".to_string()),
        Just("zz".to_string()),
    ];
    let value = prop_oneof![
        (0..TOKENS.len()).prop_map(|i| TOKENS[i].to_string()),
        (-3i64..70).prop_map(|v| v.to_string()),
        Just("{1, 3, 4}".to_string()),
        Just("2 + sqrt(2)".to_string()),
    ];
    prop::collection::vec((name, value), 0..3)
}

/// Positions to try, as typed: small heaps mostly, now and then a hostile word; with `true`,
/// the words are used as they are, else fitted to the ruleset's number of heaps.
fn position_strategy() -> impl Strategy<Value = (Vec<String>, bool)> {
    let word = prop_oneof![
        20 => (0u32..7).prop_map(|h| h.to_string()),
        1 => Just("4294967296".to_string()),
        1 => Just("10^30".to_string()),
        1 => Just("-1".to_string()),
        1 => Just("x".to_string()),
    ];
    (
        prop::collection::vec(word, 1..6),
        prop::bool::weighted(0.15),
    )
}

/// The words fitted to `k` heaps (repeated or cut).
fn fit(words: &[String], k: Option<usize>) -> Vec<String> {
    match k {
        Some(k) => words.iter().cycle().take(k.min(12)).cloned().collect(),
        None => words.to_vec(),
    }
}

#[derive(Default)]
struct Tally {
    cases: AtomicUsize,
    parse_failed: AtomicUsize,
    load_failed: AtomicUsize,
    loaded: AtomicUsize,
    bad_position: AtomicUsize,
    refused: AtomicUsize,
    solved: AtomicUsize,
    solve_failed: AtomicUsize,
}

/// The entries of an expected-list `a, b or c`: commas and "or" outside backticks and
/// parentheses.
fn entries(list: &str) -> usize {
    let (mut depth, mut quoted, mut n) = (0i32, false, 1);
    for (i, c) in list.char_indices() {
        match c {
            '`' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => n += 1,
            ' ' if !quoted && depth == 0 && list[i..].starts_with(" or ") => n += 1,
            _ => {}
        }
    }
    n
}

/// Renders a diagnostic as a user would see it; every label must lie in its source.
fn render(d: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, d)
        .expect("rendering into a String cannot fail");
    out
}

fn check_load_error(e: &LoadError, text: &str) -> Result<(), TestCaseError> {
    prop_assert!(!e.diags.is_empty(), "a load error without a problem");
    for d in &e.diags {
        let len = match &d.source {
            Some(s) => s.inner().len(),
            None => text.len(),
        };
        prop_assert!(
            d.span.start <= d.span.end && d.span.end <= len,
            "span {:?} outside its source ({len} bytes): {}",
            d.span,
            d.message
        );
        for (sp, _) in &d.also {
            prop_assert!(sp.end <= text.len(), "extra label {sp:?} outside the text");
        }
        prop_assert!(!d.message.is_empty());
    }
    let shown = render(e);
    prop_assert!(shown.contains("heapgame::"), "no code shown:\n{shown}");
    Ok(())
}

/// Everything a user can do with one text, parameters and position, with small budgets.
fn drive(
    text: &str,
    params: &[(String, String)],
    position: &(Vec<String>, bool),
    tally: &Tally,
) -> Result<(), TestCaseError> {
    tally.cases.fetch_add(1, Ordering::Relaxed);
    record(text, params, position);
    if let Err(e) = heapgame::syntax::parse_file(text) {
        tally.parse_failed.fetch_add(1, Ordering::Relaxed);
        // "expected ..." stays short: a few entries, grouped when many.
        if let heapgame::syntax::SyntaxError::Unexpected { expected, .. } = &e {
            let entries = entries(expected);
            prop_assert!(entries <= 8, "a long expected-list: {e}");
            prop_assert!(!expected.contains("Rule::"), "{e}");
        }
    }
    let params: Vec<(&str, &str)> = params
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let game = match Game::from_source("fuzz.game", text, &params) {
        Ok(g) => g,
        Err(e) => {
            tally.load_failed.fetch_add(1, Ordering::Relaxed);
            return check_load_error(&e, text);
        }
    };
    tally.loaded.fetch_add(1, Ordering::Relaxed);
    let (words, raw) = position;
    let position = if *raw {
        words.clone()
    } else {
        fit(words, game.shape().count)
    };
    let pos = match game.read_position(&position) {
        Ok(p) => p,
        Err(e) => {
            tally.bad_position.fetch_add(1, Ordering::Relaxed);
            let typed = position.join(" ");
            return check_load_error(&e, &typed);
        }
    };
    let est = Estimate::for_position(game.generator(), &pos);
    prop_assert!(est.positions >= 1.0 && est.branching >= 1.0, "{est:?}");
    if est.work() > 1e6 || est.branching > 1e4 {
        tally.refused.fetch_add(1, Ordering::Relaxed);
        return Ok(());
    }
    // The estimate is an upper bound on the followers written (before repeats are removed).
    let mut scratch = heapgame::moves::Scratch::default();
    let mut out = heapgame::moves::Followers::new();
    match game.generator().followers(&pos, &mut scratch, &mut out) {
        Ok(()) => prop_assert!(
            out.len() as f64 <= est.branching,
            "{} followers, estimated at most {}",
            out.len(),
            est.branching
        ),
        Err(e) => {
            let _ = render(&game.move_error(&e));
        }
    }
    let mut solver = game.solver();
    solver.set_budget(Budget {
        max_positions: Some(2000),
        cancel: Some(Arc::new(AtomicBool::new(false))),
        progress: None,
        deadline: None,
        max_bytes: None,
        memory_refused: None,
        planned: None,
    });
    match solver.grundy(&pos) {
        Ok(g) => {
            tally.solved.fetch_add(1, Ordering::Relaxed);
            let stored = solver.positions_stored();
            prop_assert!(
                stored as f64 <= est.positions,
                "{stored} positions stored, estimated at most {}",
                est.positions
            );
            // The outcome agrees with the Grundy value, and the winning moves are P.
            let o = solver.outcome(&pos);
            if let Ok(o) = o {
                prop_assert_eq!(o == heapgame::Outcome::P, g == 0);
            }
        }
        Err(e) => {
            tally.solve_failed.fetch_add(1, Ordering::Relaxed);
            let d = game.solve_diag(&e);
            check_load_error(&d, text)?;
        }
    }
    picture(&game)
}

/// A small picture of the game (every heap but two fixed at 1, claims overlaid): a figure and
/// its SVG, or a report; never a panic.
fn picture(game: &Game) -> Result<(), TestCaseError> {
    use heapgame::plot::{self, PlotError, PlotRequest};
    let k = game.shape().count.unwrap_or(2);
    let names = plot::build::heap_names(game, k);
    let req = PlotRequest {
        max: 6,
        heaps: game.shape().count.is_none().then_some(2),
        claim: !game.checked.claims.is_empty(),
        slices: names.iter().skip(2).map(|n| format!("{n}=1")).collect(),
        ..PlotRequest::default()
    };
    let Ok(plan) = plot::build::plan(game, &req) else {
        return Ok(());
    };
    let budget = Budget {
        max_positions: Some(2000),
        cancel: Some(Arc::new(AtomicBool::new(false))),
        progress: None,
        deadline: None,
        max_bytes: None,
        memory_refused: None,
        planned: None,
    };
    match plot::build(game, &req, &plan, &budget, &|_| None) {
        Ok(fig) => {
            let svg = plot::render(&fig, plot::ImageFormat::Svg);
            prop_assert!(svg.is_ok(), "{svg:?}");
        }
        Err(PlotError::Solve(e)) => check_load_error(&game.solve_diag(&e), game.src.inner())?,
        Err(r) => {
            let code = miette::Diagnostic::code(&r);
            prop_assert!(code.is_some(), "a report without a code: {r:?}");
        }
    }
    Ok(())
}

/// In a long run, each case is written to `target/tmp/fuzz-current.txt` before it runs, so
/// that a case that aborts the process (out of memory) or hangs can be read back.
fn record(text: &str, params: &[(String, String)], position: &(Vec<String>, bool)) {
    if std::env::var_os("HEAPGAME_FUZZ_CASES").is_some() {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-current.txt");
        let _ = std::fs::write(path, format!("{params:?}\n{position:?}\n{text}"));
    }
}

fn cases() -> u32 {
    std::env::var("HEAPGAME_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

#[test]
fn hostile_texts_never_panic() {
    let corpus = Arc::new(corpus());
    let tally = Tally::default();
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    // `cargo test` tries the same cases every time; a long run explores new ones.
    let mut runner = if std::env::var_os("HEAPGAME_FUZZ_CASES").is_some() {
        TestRunner::new(config)
    } else {
        let rng = proptest::test_runner::TestRng::deterministic_rng(config.rng_algorithm);
        TestRunner::new_with_rng(config, rng)
    };
    let strategy = (
        text_strategy(corpus),
        params_strategy(),
        position_strategy(),
    );
    let result = runner.run(&strategy, |(text, params, position)| {
        drive(&text, &params, &position, &tally)
    });
    let n = |a: &AtomicUsize| a.load(Ordering::Relaxed);
    eprintln!(
        "fuzz: {} cases: {} did not parse, {} failed to load (parse or check), {} loaded; of \
         these {} had a bad position, {} were refused by the estimate, {} solved, {} stopped \
         with an error",
        n(&tally.cases),
        n(&tally.parse_failed),
        n(&tally.load_failed),
        n(&tally.loaded),
        n(&tally.bad_position),
        n(&tally.refused),
        n(&tally.solved),
        n(&tally.solve_failed)
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    // The generator must reach every stage, or the property says little.
    assert!(n(&tally.loaded) > 0, "no case loaded");
    assert!(
        n(&tally.load_failed) > n(&tally.parse_failed),
        "no case failed the checks after parsing"
    );
}

/// The deepest expressions the parser accepts are checked, evaluated and dropped without
/// overflowing a test thread's stack; deeper ones are refused with a located error.
#[test]
fn deep_expressions_are_bounded() {
    let max = heapgame::syntax::parse::MAX_DEPTH;
    let chain = |n: usize| format!("1{}", " + 1".repeat(n));
    let nest = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
    let negs = |n: usize| format!("{}1", "- ".repeat(n));
    let pows = |n: usize| format!("1{}", " ^ 1".repeat(n));
    for (what, make) in [
        ("chain", &chain as &dyn Fn(usize) -> String),
        ("nest", &nest),
        ("negs", &negs),
        ("pows", &pows),
    ] {
        // Find the longest accepted, by doubling then halving.
        let accepts = |n: usize| {
            let src = format!(
                "ruleset \"D\" {{\n  heaps 1\n  let x = {}\n  move when x == x {{ take 1 from one heap }}\n}}\n",
                make(n)
            );
            match Game::from_source("deep.game", &src, &[]) {
                Ok(g) => {
                    let mut s = g.solver();
                    let _ = s.grundy(&[3]);
                    true
                }
                Err(e) => {
                    let shown = render(&e);
                    assert!(shown.contains("heapgame::"), "{shown}");
                    false
                }
            }
        };
        let mut n = 1;
        while n < 100 * max && accepts(n) {
            n *= 2;
        }
        assert!(n < 100 * max, "{what}: {n} levels accepted");
        assert!(!accepts(100 * max), "{what}: far too deep accepted");
        // Also as a -p value.
        let r = heapgame::syntax::parse_expr_str(&make(100 * max));
        assert!(r.is_err(), "{what}: a deep -p value parsed");
    }
}
