//! The errors of `verify`, `plot` and `report` as data: each failure is the variant its cause
//! calls for (the test names the cause and the variant expected, never the program's text),
//! with the code that variant carries; a Ctrl-C stop is told apart by
//! `CheckError::is_cancelled`, not by its text. The two codes only these phases use
//! (`heapgame::check_bound`, `heapgame::plot`) are rendered into snapshots, as every code of
//! `Code::ALL` is.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use heapgame::plot::request::SliceProblem;
use heapgame::plot::{PlotError, PlotRequest};
use heapgame::query::check_box::Boxes;
use heapgame::query::check_runs::{runs_in, RunsAsk};
use heapgame::query::destination::{Destination, DestinationError};
use heapgame::report::output::OutputError;
use heapgame::solver::{Budget, Clock};
use heapgame::verify::check::check_region;
use heapgame::verify::region::Region;
use heapgame::verify::{Bounds, CheckError, RegionError, MAX_POSITIONS};
use heapgame::Game;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

/// A diagnostic as the snapshots of tests/diagnostics.rs render it.
fn render(diag: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, diag)
        .expect("rendering into a String cannot fail");
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

fn code(d: &dyn Diagnostic) -> String {
    d.code().map(|c| c.to_string()).unwrap_or_default()
}

const NIM3: &str = "ruleset \"nim3\" {\n  heaps 3\n  move { take 1.. from one heap }\n  claim P: xor(heaps) == 0\n}\n";

fn nim3() -> Game {
    Game::from_source("nim3.game", NIM3, &[]).expect("three-heap Nim loads")
}

/// A file with no `check` line and no `--max`: `heapgame::check_bound`, said once.
#[test]
fn a_file_without_bounds_is_check_bound() {
    let err = runs_in("nim3.game", NIM3, &RunsAsk::default()).expect_err("no bounds to check over");
    assert!(
        matches!(&err, CheckError::NoMax { ruleset } if ruleset == "nim3"),
        "{err:?}"
    );
    assert_eq!(code(&err), "heapgame::check_bound");
    let any =
        "ruleset \"any\" {\n  heaps any\n  move { take 1.. from one heap }\n  check max 5\n}\n";
    let err =
        runs_in("any.game", any, &RunsAsk::default()).expect_err("no heap count for `heaps any`");
    assert!(matches!(&err, CheckError::NoHeaps { .. }), "{err:?}");
    insta::assert_snapshot!(render(&err));
}

/// A `check` line's box past the most positions a run may visit (`Boxes::AtMost`, the
/// playground's choice), without `quick` bounds: `heapgame::too_large`, with the box's count
/// worked out here (three heaps up to 30, sorted: C(33, 3)); its `quick` box is taken instead.
#[test]
fn a_check_line_past_the_most_positions_is_too_large() {
    let with_line = |line: &str| format!("{}  {line}\n}}\n", NIM3.trim_end().trim_end_matches('}'));
    let text = with_line("check max 30");
    let ask = RunsAsk {
        boxes: Boxes::AtMost(1000),
        ..RunsAsk::default()
    };
    let err = runs_in("nim3.game", &text, &ask).expect_err("past the most positions");
    let sorted = 33u128 * 32 * 31 / 6;
    assert!(
        matches!(&err, CheckError::LineTooLarge { positions: Some(n), most: 1000 } if *n == sorted),
        "{err:?}"
    );
    assert_eq!(code(&err), "heapgame::too_large");
    let quick = with_line("check max 30 quick max 10");
    let runs = runs_in("nim3.game", &quick, &ask).expect("the quick box fits");
    assert_eq!(runs[0].1, Bounds { max: 10, heaps: 3 });
}

/// A box of more positions than one run visits is `heapgame::too_large`, with the count
/// worked out here: 1001^3 positions of three heaps up to 1000, sorted, is C(1003, 3).
#[test]
fn a_box_too_large_is_too_large_with_its_count() {
    let game = nim3();
    let err = check_region(
        &game,
        &Region::Box(Bounds {
            max: 1000,
            heaps: 3,
        }),
        Budget::default(),
    )
    .expect_err("too many positions");
    let sorted = 1003u128 * 1002 * 1001 / 6;
    assert!(sorted > MAX_POSITIONS);
    match &err {
        CheckError::TooLarge {
            error: RegionError::BoxTooLarge { positions },
            help: Some(_),
        } => assert_eq!(*positions, Some(sorted)),
        e => panic!("not a box too large: {e:?}"),
    }
    assert_eq!(code(&err), "heapgame::too_large");
    assert!(!err.is_cancelled());
}

fn samples() -> Region {
    Region::Samples {
        count: 1000,
        seed: 7,
        max: 100,
        heaps: 3,
    }
}

/// Ctrl-C (the cancel flag set) before the samples are drawn is a cancel, exit code 130's
/// case; a passed deadline is the time limit, which is not.
#[test]
fn stops_while_drawing_are_told_apart_by_variant() {
    let game = nim3();
    let cancelled = Budget {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Budget::default()
    };
    let err = check_region(&game, &samples(), cancelled).expect_err("Ctrl-C stops the drawing");
    assert!(
        matches!(
            err,
            CheckError::CancelledDrawing(RegionError::Stopped {
                count: 1000,
                deadline: false
            })
        ),
        "{err:?}"
    );
    assert!(err.is_cancelled());
    assert_eq!(code(&err), "heapgame::cancelled");

    let late = Budget {
        deadline: Some(Clock::system().at(Duration::ZERO)),
        ..Budget::default()
    };
    let err = check_region(&game, &samples(), late).expect_err("the deadline stops the drawing");
    assert!(matches!(err, CheckError::DeadlineDrawing(_)), "{err:?}");
    assert!(!err.is_cancelled());
    assert_eq!(code(&err), "heapgame::limit");
}

/// Ctrl-C inside a check is a cancel, whether it stops the listing of the box (which looks at
/// the budget) or the solve (the solver's own words); Wythoff's game, not a sum, goes to the
/// search.
#[test]
fn a_cancelled_solve_is_a_cancel() {
    let wythoff = "ruleset \"w\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
                   move { take same 1.. from both heaps }\n  claim P: heaps[0] == heaps[1]\n}\n";
    let game = Game::from_source("w.game", wythoff, &[]).expect("Wythoff loads");
    let cancelled = Budget {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Budget::default()
    };
    let region = Region::Box(Bounds { max: 6, heaps: 2 });
    let err = check_region(&game, &region, cancelled).expect_err("Ctrl-C stops the check");
    assert!(
        matches!(
            err,
            CheckError::Cancelled(_) | CheckError::CancelledDrawing(_)
        ),
        "{err:?}"
    );
    assert!(err.is_cancelled());
}

/// The plan of a picture refuses what the game cannot draw, each by its variant.
#[test]
fn plot_requests_are_refused_by_variant() {
    let game = nim3();
    let req = |heaps: Option<usize>, slices: &[&str]| PlotRequest {
        max: 9,
        heaps,
        slices: slices.iter().map(ToString::to_string).collect(),
        ..PlotRequest::default()
    };
    let plan = |r: PlotRequest| heapgame::plot::build::plan(&game, &r).err();
    assert!(matches!(
        plan(req(Some(2), &[])),
        Some(PlotError::FixedCount {
            count: 3,
            asked: 2,
            ..
        })
    ));
    match plan(req(None, &[])) {
        Some(PlotError::FreeHeaps { free }) => assert_eq!(free, ["h1", "h2", "h3"]),
        e => panic!("three free heaps: {e:?}"),
    }
    match plan(req(None, &["h4=2"])) {
        Some(PlotError::Slice(s)) => {
            assert!(matches!(&s.problem, SliceProblem::UnknownHeap { name, .. } if name == "h4"));
            assert_eq!(s.span, 0..2, "the name is at fault");
        }
        e => panic!("no heap h4: {e:?}"),
    }
    match plan(req(None, &["h3=12"])) {
        Some(PlotError::Slice(s)) => {
            assert_eq!(
                s.problem,
                SliceProblem::Outside {
                    value: 12,
                    lower: 0,
                    max: 9
                }
            );
            assert_eq!(s.span, 3..5, "the values are at fault");
        }
        e => panic!("12 is outside the box: {e:?}"),
    }
    match plan(req(None, &["h3=1", "h3=2"])) {
        Some(PlotError::Slice(s)) => assert_eq!(s.problem, SliceProblem::Twice("h3".into())),
        e => panic!("h3 fixed twice: {e:?}"),
    }
}

/// `heapgame::plot`: a picture the drawing library could not render, a defect that no input
/// is known to cause, shown with its code and a request to report it.
#[test]
fn a_render_failure_is_plot() {
    let err = OutputError::Render("the drawing backend failed".into());
    assert_eq!(code(&err), "heapgame::plot");
    insta::assert_snapshot!(render(&err));
}

/// `--output` naming a directory is refused before anything is drawn (`heapgame::io`).
#[test]
fn output_to_a_directory_is_refused() {
    let dir = std::env::temp_dir();
    let err = Destination::check(&dir).expect_err("a directory");
    assert!(
        matches!(&err, DestinationError::NotAFile { kind, .. } if *kind == "a directory"),
        "{err:?}"
    );
    assert_eq!(code(&err), "heapgame::io");
}
