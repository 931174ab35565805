//! Snapshots of the rendered diagnostics: one ruleset per kind of mistake in
//! `tests/inputs/errors/*.game`, loaded through `heapgame::Game::from_source` and rendered by
//! miette's graphical handler (unicode, no colour, 80 columns) exactly as a user would see it.
//!
//! Each file's expected codes are listed in `EXPECTED` below, so a snapshot cannot silently
//! accept a different kind of error. `loop.game` loads; its error (`heapgame::cycle`) comes
//! from the solver, and its rendering is snapshotted too.
//!
//! Regenerate the snapshots with `INSTA_UPDATE=always cargo test --test diagnostics`, then read
//! every changed `.snap` file.

use std::path::Path;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

/// File name -> the codes its diagnostics must carry, in source order.
const EXPECTED: &[(&str, &[&str])] = &[
    ("parse_error.game", &["heapgame::parse"]),
    ("unknown_name.game", &["heapgame::unknown_name"]),
    ("unknown_function.game", &["heapgame::unknown_name"]),
    ("type_mismatch.game", &["heapgame::type"]),
    ("failed_require.game", &["heapgame::require"]),
    ("heap_count.game", &["heapgame::heap_count"]),
    ("unbounded_for.game", &["heapgame::unbounded"]),
    ("duplicate_param.game", &["heapgame::duplicate"]),
    ("duplicate_heap_name.game", &["heapgame::duplicate"]),
    ("missing_heaps.game", &["heapgame::missing_shape"]),
    ("negative_amount.game", &["heapgame::range"]),
    ("two_names_one_heap.game", &["heapgame::heap_count"]),
    ("heap_x_unnamed.game", &["heapgame::not_allowed"]),
    ("integer_too_large.game", &["heapgame::integer_too_large"]),
    ("heaps_in_let.game", &["heapgame::not_allowed"]),
    (
        "three_mistakes.game",
        &[
            "heapgame::unknown_name",
            "heapgame::unknown_name",
            "heapgame::range",
        ],
    ),
    (
        "unknown_formula.game",
        &["heapgame::formula", "heapgame::formula"],
    ),
    // Loads without a problem; solving reports the cycle.
    ("loop.game", &["heapgame::cycle"]),
];

/// Words each rendering must contain (beyond the code), to pin what matters in the message.
const MUST_SAY: &[(&str, &[&str])] = &[
    ("parse_error.game", &["expected", "found `from`"]),
    ("unknown_name.game", &["`limt`", "did you mean `limit`?"]),
    (
        "unknown_function.game",
        &["`flor`", "did you mean `floor`?"],
    ),
    ("failed_require.game", &["the paper needs k >= 2", "k = 1"]),
    ("heap_count.game", &["exactly 2"]),
    ("duplicate_param.game", &["`k`"]),
    ("negative_amount.game", &["-1"]),
    ("integer_too_large.game", &["99999999999999999999"]),
    ("heaps_in_let.game", &["`heaps`"]),
    (
        "three_mistakes.game",
        &["3 problems", "`flor`", "`kk`", "-2"],
    ),
    ("loop.game", &["(3) -> (3)"]),
    (
        "unknown_formula.game",
        &[
            "did you mean `moore`?",
            "gives P-positions, not Grundy values",
        ],
    ),
];

fn render(diag: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, diag)
        .expect("rendering into a String cannot fail");
    // Trailing spaces depend on miette's padding, not on heapgame; keep snapshots clean.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The codes and the rendering of a file's problems (load errors, or for a ruleset that loads,
/// the error of solving its position (3)).
fn diagnose(name: &str, text: &str) -> (Vec<String>, String) {
    match heapgame::Game::from_source(name, text, &[]) {
        Err(e) => {
            let codes = e.codes().iter().map(|c| c.to_string()).collect();
            (codes, render(&e))
        }
        Ok(game) => {
            let pos = game
                .parse_position(&["3".to_string()])
                .expect("position (3)");
            let err = game
                .solver()
                .grundy(&pos)
                .expect_err("a ruleset under tests/inputs/errors must fail to load or to solve");
            let report = game.solve_error(&err);
            let code = report
                .code()
                .map(|c| c.to_string())
                .expect("a solve error has a code");
            (vec![code], render(report.as_ref()))
        }
    }
}

#[test]
fn rendered_diagnostics() {
    insta::glob!("inputs/errors/*.game", |path| {
        let file = path.file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let (codes, rendered) = diagnose(file, &text);

        let expected = EXPECTED
            .iter()
            .find(|(f, _)| *f == file)
            .unwrap_or_else(|| panic!("add {file} to EXPECTED in tests/diagnostics.rs"))
            .1;
        assert_eq!(codes, expected, "codes of {file}:\n{rendered}");
        for code in expected {
            assert!(
                rendered.contains(code),
                "{file}: `{code}` not shown:\n{rendered}"
            );
        }
        if let Some((_, words)) = MUST_SAY.iter().find(|(f, _)| *f == file) {
            for w in *words {
                assert!(
                    rendered.contains(w),
                    "{file}: expected {w:?} in:\n{rendered}"
                );
            }
        }
        // Every load error points into the file and says what to do.
        if file != "loop.game" {
            assert!(
                rendered.contains(&format!("[{file}:")),
                "{file}: no location:\n{rendered}"
            );
        }
        assert!(
            rendered.contains("help:"),
            "{file}: no help line:\n{rendered}"
        );

        insta::assert_snapshot!(rendered);
    });
}

/// Every file in EXPECTED exists, so the table and the directory cannot drift apart.
#[test]
fn every_expected_file_exists() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/errors");
    for (file, _) in EXPECTED {
        assert!(
            dir.join(file).is_file(),
            "missing tests/inputs/errors/{file}"
        );
    }
}

/// The file with three mistakes gives three diagnostics, each located on its own line.
#[test]
fn three_mistakes_are_three_located_diagnostics() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs/errors/three_mistakes.game");
    let text = std::fs::read_to_string(path).unwrap();
    let err =
        heapgame::Game::from_source("three_mistakes.game", &text, &[]).expect_err("three mistakes");
    assert_eq!(err.diags.len(), 3);
    let lines: Vec<usize> = err
        .diags
        .iter()
        .map(|d| text[..d.span.start].matches('\n').count() + 1)
        .collect();
    let spans: Vec<&str> = err.diags.iter().map(|d| &text[d.span.clone()]).collect();
    assert_eq!(spans, ["flor", "kk", "{-2, 1}"]);
    let mut distinct = lines.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "lines {lines:?}");
}

/// A `let` or parameter whose definition fails is reported once; its uses add no
/// "unknown name" errors of their own.
#[test]
fn failed_definitions_do_not_cascade() {
    let src = "ruleset \"P\" (k = flor(3)) {\n  heaps 2\n  let d = flor(2)\n  move { take 1..d from one heap }\n  move { take 1..k from one heap }\n}\n";
    let err = heapgame::Game::from_source("poisoned.game", src, &[]).unwrap_err();
    assert_eq!(
        err.codes(),
        vec!["heapgame::unknown_name", "heapgame::unknown_name"],
        "{err:?}"
    );
    assert!(
        err.diags.iter().all(|d| d.message.contains("flor")),
        "{err:?}"
    );
}
