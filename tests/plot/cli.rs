//! Through the binary: `plot`, `diff --plot`, the REPL's `:plot`, and bad options.

use super::*;

// ---------------------------------------------------------------------------------------------
// Through the binary
// ---------------------------------------------------------------------------------------------

/// `run` with the words of `line` (no word has a space).
fn run_words(line: &str) -> (i32, Vec<u8>, String) {
    run(&line.split_whitespace().collect::<Vec<_>>())
}

fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = crate::common::run::heapgame().args(args).run();
    (out.code, out.stdout_bytes, out.stderr)
}

#[test]
fn plot_writes_svg_on_stdout_and_png_by_extension() {
    let (code, out, err) = run(&["plot", WYTHOFF, "--max", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(String::from_utf8(out).unwrap().starts_with("<svg"));
    let dir = std::env::temp_dir().join(format!("heapgame-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("w.png");
    let (code, out, err) = run(&[
        "plot",
        WYTHOFF,
        "--max",
        "10",
        "--grundy",
        "--output",
        png.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    let (w, h, _) = decode(&std::fs::read(&png).unwrap());
    assert!(w > 100 && h > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diff_plot_marks_the_positions_that_differ() {
    let dir = std::env::temp_dir().join(format!("heapgame-diffplot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_path = dir.join("d.svg");
    let max = 16usize;
    let (code, _, err) = run(&[
        "diff",
        WYTHOFF,
        "--formula",
        "nim",
        "--max",
        "16",
        "--plot",
        svg_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "they differ: {err}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let p = wythoff_p(max);
    let want: BTreeSet<(usize, usize)> = (0..=max)
        .flat_map(|x| (0..=max).map(move |y| (x, y)))
        .filter(|&(x, y)| p[x][y] != (x ^ y == 0))
        .collect();
    // The plotting area: that of the same picture drawn through the library (the same size).
    let game = load(WYTHOFF, &[]);
    let r = plot::render(&figure(&game, &req(max as u32)), ImageFormat::Svg).unwrap();
    let got = overlay_cells(&svg, &r.areas[0], max + 1);
    assert_eq!(got, want);
}

#[test]
fn bad_options_are_located_errors_with_exit_2() {
    // The snapshots live with every other in tests/snapshots/.
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    let _guard = settings.bind_to_scope();
    let (code, out, err) =
        run_words("plot rulesets/classic/nim.game --max 9 --heaps 3 --slice h4=2");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    insta::assert_snapshot!("plot_slice_of_a_missing_heap", err);
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "5000"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!("plot_max_too_large", err);
    let (code, _, err) = run_words("plot rulesets/classic/nim.game --max 9 --heaps 3");
    assert_eq!(code, 2);
    assert!(
        err.contains("heapgame::usage") && err.contains("--slice"),
        "{err}"
    );
    let (code, _, err) =
        run_words("plot rulesets/classic/nim.game --max 9 --heaps 3 --slice h3=12");
    assert_eq!(code, 2);
    assert!(err.contains("12 is outside the box"), "{err}");
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "9", "--output", "w.jpg"]);
    assert_eq!(code, 2);
    assert!(err.contains("heapgame::usage"), "{err}");
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR")).join("w.jpg").exists());
    let (code, out, err) =
        run_words("diff rulesets/classic/nim.game --formula nim --max 5 --heaps 3 --plot x.svg");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "refused before the diff runs");
    assert!(
        err.contains("diff --plot draws positions of one or two heaps"),
        "{err}"
    );
    let (code, _, err) = run(&["plot", WYTHOFF, "--max", "9", "--claim"]);
    assert_eq!(code, 0, "Wythoff's claims hold: {err}");
}

#[test]
fn repl_plot_writes_the_file_and_prints_its_path() {
    use std::io::Write as _;
    let dir = std::env::temp_dir().join(format!("heapgame-replplot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ruleset = Path::new(env!("CARGO_MANIFEST_DIR")).join(WYTHOFF);
    let mut child = crate::common::run::heapgame()
        .arg("repl")
        .arg(ruleset.to_str().expect("a UTF-8 path"))
        .dir(&dir)
        .piped_stdin()
        .spawn();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b":plot --max 12\n:plot --max 12 --grundy --output g.png\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("wrote wythoff.svg") && stdout.contains("wrote g.png"),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(dir.join("wythoff.svg")).unwrap();
    let p = wythoff_p(12);
    let want = p.iter().flatten().filter(|&&b| b).count();
    let marks = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "fill") == Some(P_HEX))
        .count();
    // The P-positions, and the legend's sample mark.
    assert_eq!(marks, want + 1);
    let (w, h, _) = decode(&std::fs::read(dir.join("g.png")).unwrap());
    assert!(w > 100 && h > 100);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every example of `plot --help` runs (its pictures written to a temporary directory).
#[test]
fn help_examples_run() {
    let (code, out, _) = run_words("plot --help");
    assert_eq!(code, 0);
    let help = String::from_utf8(out).unwrap();
    let examples = help.split("Examples:").nth(1).expect("examples");
    let dir = std::env::temp_dir().join(format!("heapgame-plothelp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ran = 0;
    for line in examples
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("heapgame "))
    {
        let mut words: Vec<String> = Vec::new();
        let mut quoted: Option<String> = None;
        for w in line.strip_prefix("heapgame ").unwrap().split(' ') {
            match quoted.take() {
                Some(q) if w.ends_with('"') => {
                    words.push(format!("{q} {}", w.trim_end_matches('"')));
                }
                Some(q) => quoted = Some(format!("{q} {w}")),
                None if w.starts_with('"') && !w[1..].ends_with('"') => {
                    quoted = Some(w.trim_start_matches('"').to_string());
                }
                None => words.push(w.trim_matches('"').to_string()),
            }
        }
        // `> FILE`: stdout is read here instead.
        if let Some(i) = words.iter().position(|w| w == ">") {
            words.truncate(i);
        }
        if let Some(i) = words.iter().position(|w| w == "--output") {
            words[i + 1] = dir.join(&words[i + 1]).to_string_lossy().into_owned();
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{line}: {err}");
        ran += 1;
    }
    assert!(ran >= 4, "{ran} examples");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn kayles_sequence_picture_marks_its_period() {
    // Kayles' Grundy sequence is periodic with period 12 from n = 71 (Guy and Smith, 1956;
    // Winning Ways ch. 4); 120 values show it more than three times.
    let (code, out, err) = run_words("plot rulesets/classic/kayles.game --max 120 --heaps 1");
    assert_eq!(code, 0, "{err}");
    let svg = String::from_utf8(out).unwrap();
    assert!(
        svg.contains("period 12 from n = 71"),
        "no period in the legend"
    );
    // Too few values to see a period: none is drawn.
    let (code, out, err) = run_words("plot rulesets/classic/kayles.game --max 60 --heaps 1");
    assert_eq!(code, 0, "{err}");
    assert!(!String::from_utf8(out).unwrap().contains("period 12"));
}
