//! Snapshots of the rendered diagnostics: one ruleset per kind of mistake in
//! `tests/inputs/errors/*.game`, loaded through `heapgame::Game::from_source` and rendered by
//! miette's graphical handler (unicode, no colour, 80 columns) exactly as a user would see it.
//!
//! A file may begin with directives, comment lines of the form `#! WORD ARGS`:
//! `#! param NAME=VALUE` (a `-p` override), `#! position HEAPS` (the position to read and
//! solve; `3` by default), `#! limit N` (a position limit), `#! cancel` (the cancel flag set
//! before solving, as Ctrl-C does), `#! estimate` (check the work estimate of solving the
//! position instead of solving it). A file that loads is solved at its position; the error
//! of that step is what is snapshotted.
//!
//! Each file's expected codes are listed in `EXPECTED` below, so a snapshot cannot silently
//! accept a different kind of error; `every_code_has_a_snapshot` checks that every
//! `heapgame::Code` appears in some snapshot (here or of the CLI in `tests/cli/`).
//!
//! Regenerate the snapshots with `INSTA_UPDATE=always cargo test --test all diagnostics::`, then read
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
    ("decimal_too_long.game", &["heapgame::decimal_too_long"]),
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
    ("overflow.game", &["heapgame::eval"]),
    ("move_eval.game", &["heapgame::eval"]),
    ("missing_move.game", &["heapgame::missing_move"]),
    ("bad_param_value.game", &["heapgame::bad_param"]),
    ("unknown_param.game", &["heapgame::unknown_param"]),
    ("negative_param.game", &["heapgame::range"]),
    ("huge_heap.game", &["heapgame::position"]),
    ("position_expression.game", &["heapgame::position"]),
    ("position_limit.game", &["heapgame::limit"]),
    ("cancelled.game", &["heapgame::cancelled"]),
    ("exploding.game", &["heapgame::too_large"]),
    ("named_heaps_position.game", &["heapgame::position"]),
    ("position_count.game", &["heapgame::position"]),
    ("duplicate_let.game", &["heapgame::duplicate"]),
    ("position_below_bound.game", &["heapgame::position"]),
    ("recursive_fn.game", &["heapgame::recursion"]),
    ("fn_arity.game", &["heapgame::type"]),
    ("when_not_bool.game", &["heapgame::type"]),
    ("grundy_outside_claim.game", &["heapgame::not_allowed"]),
    ("unknown_user_function.game", &["heapgame::unknown_name"]),
    ("row_place_out_of_range.game", &["heapgame::range"]),
    ("add_unbounded.game", &["heapgame::unbounded"]),
    ("excluded_position.game", &["heapgame::position"]),
    ("place_without_row.game", &["heapgame::not_allowed"]),
    ("move_to_several.game", &["heapgame::not_allowed"]),
    ("for_error_once.game", &["heapgame::unknown_name"]),
    ("in_list_hint.game", &["heapgame::type"]),
    ("set_several.game", &["heapgame::not_allowed"]),
    ("set_negative.game", &["heapgame::range"]),
    ("set_unbounded.game", &["heapgame::unbounded"]),
    ("next_to_without_row.game", &["heapgame::not_allowed"]),
    ("next_to_unknown.game", &["heapgame::unknown_name"]),
    ("next_to_several.game", &["heapgame::not_allowed"]),
    ("missing_comma_each.game", &["heapgame::parse"]),
    (
        "huge_integer_shortened.game",
        &["heapgame::integer_too_large"],
    ),
    ("if_branches_differ.game", &["heapgame::type"]),
    ("loop_misere.game", &["heapgame::cycle"]),
    ("positions_where_comment.game", &["heapgame::position"]),
    ("after_in_amount.game", &["heapgame::not_allowed"]),
];

/// Words each rendering must contain (beyond the code), to pin what matters in the message.
const MUST_SAY: &[(&str, &[&str])] = &[
    (
        "row_place_out_of_range.game",
        &["there is no heap 4 in a row of 3", "`heap 1` to `heap 3`"],
    ),
    ("add_unbounded.game", &["finite set"]),
    (
        "excluded_position.game",
        &[
            "(1, 1, 2) is not a position of this game",
            "positions where",
        ],
    ),
    ("place_without_row.game", &["in a row or a circle"]),
    ("move_to_several.game", &["one heap"]),
    ("set_several.game", &["`set` gives one heap a new size"]),
    ("set_negative.game", &["cannot have -1 tokens"]),
    ("set_unbounded.game", &["without an upper end", "0..h - 1"]),
    (
        "next_to_without_row.game",
        &["neighbours only in a row or a circle"],
    ),
    (
        "next_to_unknown.game",
        &["`g` names no heap chosen earlier"],
    ),
    ("next_to_several.game", &["may be several heaps"]),
    (
        "missing_comma_each.game",
        &["expected `,` before `each`", "`heaps 2, each ...`"],
    ),
    (
        "huge_integer_shortened.game",
        &["(300 digits)", "99999999999999999999...9999999999"],
    ),
    (
        "if_branches_differ.game",
        &["the branches of `if` differ", "an integer", "a truth value"],
    ),
    ("loop_misere.game", &["--play normal"]),
    ("positions_where_comment.game", &["heaps[1]`"]),
    ("after_in_amount.game", &["`after` is not known"]),
    // Said once, though the move has 100 instances.
    ("for_error_once.game", &["`limt`"]),
    ("in_list_hint.game", &["{z for z in heaps}"]),
    (
        "recursive_fn.game",
        &["calls itself", "even -> odd -> even"],
    ),
    (
        "fn_arity.game",
        &["`g` takes 1 argument, not 2", "write `g(n)`"],
    ),
    ("when_not_bool.game", &["`when` needs a truth value"]),
    (
        "grundy_outside_claim.game",
        &["`grundy` is known only in a claim"],
    ),
    (
        "unknown_user_function.game",
        &["`wins`", "did you mean `win`?"],
    ),
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
    ("loop.game", &["(3) -> (3)", "this move goes"]),
    ("duplicate_param.game", &["first defined here"]),
    (
        "duplicate_let.game",
        &["`a`", "first defined here", "defined again here"],
    ),
    ("bad_param_value.game", &["-p S={-1, 2", "after this"]),
    ("unknown_param.game", &["-p kk=3", "did you mean `k`?"]),
    (
        "negative_param.game",
        &["-p S={-1}", "the value given to `S`", "used on line 6"],
    ),
    (
        "huge_heap.game",
        &["1000000000000000000000000000000", "4294967295"],
    ),
    ("position_expression.game", &["`10^30`", "not a heap size"]),
    ("position_limit.game", &["100 positions"]),
    ("exploding.game", &["1.0e20 followers", "cannot finish"]),
    ("named_heaps_position.game", &["`x=3`", "(x, y)", "`1 2`"]),
    (
        "position_count.game",
        &["exactly 2 heaps, but 3 were given", "one heap too many"],
    ),
    ("position_below_bound.game", &["at least 1", "each >= 1"]),
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

/// The directives of a file (see the top of this file).
#[derive(Default)]
struct Directives {
    params: Vec<(String, String)>,
    position: Vec<String>,
    limit: Option<usize>,
    cancel: bool,
    estimate: bool,
}

fn directives(text: &str) -> Directives {
    let mut d = Directives {
        position: vec!["3".to_string()],
        ..Directives::default()
    };
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("#! ") else {
            continue;
        };
        let (word, args) = rest.split_once(' ').unwrap_or((rest, ""));
        match word {
            "param" => {
                let (n, v) = args.split_once('=').expect("#! param NAME=VALUE");
                d.params.push((n.to_string(), v.to_string()));
            }
            "position" => d.position = args.split_whitespace().map(String::from).collect(),
            "limit" => d.limit = Some(args.trim().parse().expect("#! limit N")),
            "cancel" => d.cancel = true,
            "estimate" => d.estimate = true,
            other => panic!("unknown directive `#! {other}`"),
        }
    }
    d
}

/// The codes and the rendering of a file's problems: load errors, or for a ruleset that loads,
/// the error of reading its position, of the work estimate, or of solving the position.
fn diagnose(name: &str, text: &str) -> (Vec<String>, String) {
    let d = directives(text);
    let params: Vec<(&str, &str)> = d
        .params
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let game = match heapgame::Game::from_source(name, text, &params) {
        Err(e) => {
            let codes = e
                .codes()
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            return (codes, render(&e));
        }
        Ok(game) => game,
    };
    let pos = match game.read_position(&d.position) {
        Ok(p) => p,
        Err(e) => {
            let codes = e
                .codes()
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            return (codes, render(&e));
        }
    };
    if d.estimate {
        let e = heapgame::estimate::Estimate::for_position(game.generator(), &pos);
        let diag = e
            .refusal("solving this position", None)
            .expect("the estimate must refuse this position");
        let err = heapgame::ruleset::LoadError::single(game.src.clone(), diag);
        let codes = err
            .codes()
            .iter()
            .map(std::string::ToString::to_string)
            .collect();
        return (codes, render(&err));
    }
    let mut solver = game.solver();
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(d.cancel));
    solver.set_budget(heapgame::solver::Budget {
        max_positions: d.limit,
        cancel: Some(cancel),
        progress: None,
        deadline: None,
        max_bytes: None,
        memory_refused: None,
        planned: None,
    });
    let err = solver
        .grundy(&pos)
        .expect_err("a ruleset under tests/inputs/errors must fail to load or to solve");
    let report = game.solve_diag(&err);
    let codes = report
        .codes()
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    (codes, render(&report))
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
        // Every problem of the file or its arguments is located and says what to do; only a
        // stopped solve or a refused estimate has no place.
        let placeless = ["position_limit.game", "cancelled.game", "exploding.game"];
        if !placeless.contains(&file) {
            let at_file = rendered.contains(&format!("[{file}:"));
            let at_arg = rendered.contains("[-p ") || rendered.contains("[position:");
            assert!(at_file || at_arg, "{file}: no location:\n{rendered}");
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

/// Every diagnostic code is shown in at least one snapshot (of a ruleset here, or of the CLI).
#[test]
fn every_code_has_a_snapshot() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut all = String::new();
    for entry in std::fs::read_dir(&dir).expect("tests/snapshots") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "snap") {
            all.push_str(&std::fs::read_to_string(&path).expect("a snapshot"));
        }
    }
    for code in heapgame::ruleset::Code::ALL {
        let name = code.as_str();
        // A code shown by miette stands alone on its line.
        let shown = all.lines().any(|l| l.trim() == name);
        assert!(shown, "no snapshot shows `{name}`: add a case");
    }
}

/// The REPL's own errors (`heapgame::repl`, and the session's limits), each from its variant:
/// its code, its message and its help, as a session shows them.
#[test]
fn repl_errors() {
    use heapgame::repl::error::ReplError;
    let errors = [
        ReplError::UnknownCommand {
            word: "tabel".into(),
            suggestion: Some("table".into()),
        },
        ReplError::Usage {
            message: "`:table` needs --max N".into(),
            synopsis: ":table --max N [--heaps K] [--grundy]".into(),
            example: ":table --max 10",
        },
        ReplError::NoRuleset,
        ReplError::MemoLimit { limit: 1000 },
        ReplError::Cancelled { stored: 42 },
    ];
    let codes: Vec<&str> = errors.iter().map(|e| e.code().as_str()).collect();
    assert_eq!(
        codes,
        [
            "heapgame::repl",
            "heapgame::repl",
            "heapgame::repl",
            "heapgame::limit",
            "heapgame::cancelled"
        ]
    );
    let rendered: Vec<String> = errors.iter().map(|e| render(e)).collect();
    assert!(
        rendered.iter().all(|r| r.contains("help:")),
        "{rendered:#?}"
    );
    insta::assert_snapshot!(rendered.join("\n\n"));
}
