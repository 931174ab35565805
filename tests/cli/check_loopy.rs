//! `diff` and family claims of a loopy game answer through Smith's values, as `check`'s claims
//! do (they stopped with `heapgame::cycle`); a `genus` claim on a loopy game is a clear error
//! at the claim (it was an index error); `fails at` a position that is a position in no run
//! of the file is an error at its place (it was accepted silently).
//!
//! The expected outcomes are computed here by a plain retrograde labelling of Take-or-add's
//! positions (`rulesets/classic/take-or-add.game`, m = 12), written from its rules.

use crate::common::run::heapgame;

const TAKE_OR_ADD: &str = "rulesets/classic/take-or-add.game";

/// P, N or D.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    P,
    N,
    D,
}

/// The followers of (a, b) in Take-or-add with m = 12: take 2 or 3 from one heap, or add 2 to
/// a heap of size 3 mod 4 when it then holds at most 12. With `add` false, the subtraction
/// game {2, 3} alone.
fn followers(a: usize, b: usize, add: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for s in [2, 3] {
        if a >= s {
            out.push((a - s, b));
        }
        if b >= s {
            out.push((a, b - s));
        }
    }
    if add {
        if a % 4 == 3 && a + 2 <= 12 {
            out.push((a + 2, b));
        }
        if b % 4 == 3 && b + 2 <= 12 {
            out.push((a, b + 2));
        }
    }
    out
}

/// Every position's outcome by retrograde labelling: no move or every move to N is P, a move
/// to P is N, the rest are draws.
fn outcomes(add: bool) -> Vec<Vec<Out>> {
    let mut o: Vec<Vec<Option<Out>>> = vec![vec![None; 13]; 13];
    loop {
        let mut changed = false;
        for a in 0..=12 {
            for b in 0..=12 {
                if o[a][b].is_some() {
                    continue;
                }
                let fs = followers(a, b, add);
                if fs.iter().any(|&(x, y)| o[x][y] == Some(Out::P)) {
                    o[a][b] = Some(Out::N);
                    changed = true;
                } else if fs.iter().all(|&(x, y)| o[x][y] == Some(Out::N)) {
                    o[a][b] = Some(Out::P);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    o.into_iter()
        .map(|r| r.into_iter().map(|x| x.unwrap_or(Out::D)).collect())
        .collect()
}

fn fixture(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("check_loopy");
    std::fs::create_dir_all(&dir).expect("a fixture directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("a fixture");
    path.display().to_string()
}

/// The subtraction game {2, 3} on the same positions, against Take-or-add.
const SUBTRACTION: &str = "ruleset \"Take 2 or 3\" {\n  heaps (a, b)\n  \
    positions where a <= 12 and b <= 12\n  move { take {2, 3} from one heap }\n}\n";

#[test]
fn diff_of_a_loopy_game_compares_outcomes_with_draws() {
    let loopy = outcomes(true);
    let plain = outcomes(false);
    assert!(plain.iter().flatten().all(|&x| x != Out::D));
    assert!(loopy.iter().flatten().any(|&x| x == Out::D));
    let mut differ: Vec<(usize, usize)> = (0..=12)
        .flat_map(|a| (0..=12).map(move |b| (a, b)))
        .filter(|&(a, b)| loopy[a][b] != plain[a][b])
        .collect();
    differ.sort_by_key(|&(a, b)| (a + b, a, b));
    let other = fixture("subtraction.game", SUBTRACTION);
    let v = heapgame()
        .args([
            "diff",
            TAKE_OR_ADD,
            &other,
            "--max",
            "12",
            "--format",
            "json",
        ])
        .run();
    v.assert_code(1);
    let v: serde_json::Value = serde_json::from_str(&v.stdout).expect("JSON");
    assert_eq!(v["differences"], differ.len() as u64, "{v}");
    let (a, b) = differ[0];
    let first = &v["first"][0];
    assert_eq!(first["position"], serde_json::json!([a, b]), "{v}");
    let word = |o: Out| format!("{o:?}");
    assert_eq!(first["a"], word(loopy[a][b]), "{v}");
    assert_eq!(first["b"], word(plain[a][b]), "{v}");
    // A loopy game against itself is identical, draws and all.
    let r = heapgame()
        .args(["diff", TAKE_OR_ADD, TAKE_OR_ADD, "--max", "12"])
        .run();
    r.assert_code(0);
    assert!(
        r.stdout.contains("identical over 169 positions"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_count_of_a_loopy_game_uses_smiths_values() {
    // No winning move: the P-positions and the draws.
    let o = outcomes(true);
    let none = o.iter().flatten().filter(|&&x| x != Out::N).count();
    let text = |n: usize| {
        format!(
            "ruleset \"t\" {{\n  heaps (a, b)\n  positions where a <= 12 and b <= 12\n  \
             move {{ take {{2, 3}} from one heap }}\n  move {{ add 2 to one heap h where h mod 4 == 3 }}\n  \
             claim count(winning == {{}}) == {n} within max 12\n  check max 3\n}}\n"
        )
    };
    let right = fixture("count-right.game", &text(none));
    let out = heapgame().args(["check", &right]).run();
    out.assert_code(0);
    assert!(out.stdout.contains("count"), "{}", out.stdout);
    let wrong = fixture("count-wrong.game", &text(none + 1));
    let out = heapgame().args(["check", &wrong]).run();
    out.assert_code(1);
    assert!(
        out.stdout
            .contains(&format!("the count is {none} of 169 positions")),
        "{}",
        out.stdout
    );
}

#[test]
fn a_genus_claim_on_a_loopy_game_says_why_it_has_no_value() {
    let text = "ruleset \"t\" {\n  heaps (a, b)\n  positions where a <= 12 and b <= 12\n  \
        move { take {2, 3} from one heap }\n  move { add 2 to one heap h where h mod 4 == 3 }\n  \
        claim: genus[0] >= 0\n  check max 12\n}\n";
    let file = fixture("genus.game", text);
    let err = heapgame()
        .args(["check", &file])
        .fails_with("heapgame::eval");
    assert!(
        err.contains("genus is defined only for games that"),
        "{err}"
    );
    assert!(!err.contains("index"), "{err}");
}

#[test]
fn fails_at_a_position_of_another_heap_count_is_an_error_at_its_place() {
    let text = "ruleset \"t\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
        claim P: xor(heaps) == 0 fails at (1, 1, 1)\n  check max 4\n}\n";
    let file = fixture("fails-at-count.game", text);
    let err = heapgame()
        .args(["check", &file])
        .fails_with("heapgame::heap_count");
    assert!(
        err.contains("names (1, 1, 1), which is not a position"),
        "{err}"
    );
    assert!(err.contains("exactly 2 heaps, but 3 were given"), "{err}");
    assert!(err.contains(":4:28]"), "{err}");
    let text = text.replace("(1, 1, 1)", "(1, -1)");
    let file = fixture("fails-at-negative.game", &text);
    heapgame()
        .args(["check", &file])
        .fails_with("heapgame::range");
}
