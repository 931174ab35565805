//! What the move compiler says of each clause (`moves::compiled::explain`, the decision
//! `compile` and the generator follow): for a clause it does not take, the part of the source
//! that stopped it, as a span; for one it takes, what it became (`describe`: where each
//! conjunct of the condition is evaluated). And the two commands that print it: `heapgame
//! moves FILE --explain` (with no position, the explanation alone, on standard output) and
//! `heapgame solve --verbose` (a line per interpreted clause on standard error, the table
//! unchanged). Rulesets written plainly here, each with the part expected named by hand.

use heapgame::moves::compiled::explain;
use heapgame::Game;

/// The source text of the part that stopped the compiler, and its words, for each clause of
/// `text` (`None` for a clause that compiles).
fn stopped_at(text: &str) -> Vec<Option<(String, String)>> {
    let game = Game::from_source("e", text, &[]).expect("a valid ruleset");
    (game.generator().moves.iter())
        .map(|m| {
            let e = explain(game.shape(), m).err()?;
            let part = text[e.span].split_whitespace().collect::<Vec<_>>();
            Some((part.join(" "), e.what))
        })
        .collect()
}

/// Each clause stopped by one part: a guard with a quantifier (the guard itself, not the
/// whole clause), a `split` into equal parts, the `add` half of `move ... to` (named as `move ...
/// to`), a `where` conjunct with a quantifier over the move, a selection of consecutive heaps,
/// and a condition on `after`; the clause that compiles says nothing.
#[test]
fn each_interpreted_clause_names_the_part_that_stopped_it() {
    let text = "ruleset \"e\" { heaps any
  move when any(z in heaps: z == 3) { take 1 from one heap }
  move { split one heap into 2 equal parts }
  move { take s in 1.. from one heap h where s <= h / 2 }
  move { take s in 1.. from one heap where s mod 2 == 0 and any(z in heaps: z == s) }
}";
    let got = stopped_at(text);
    let part = |i: usize| got[i].as_ref().map(|(p, _)| p.as_str());
    let what = |i: usize| got[i].as_ref().map_or("", |(_, w)| w.as_str());
    assert_eq!(part(0), Some("any(z in heaps: z == 3)"));
    assert!(what(0).starts_with("this guard"), "{got:?}");
    assert_eq!(part(1), Some("split one heap into 2 equal parts"));
    assert!(what(1).starts_with("the step `split`"), "{got:?}");
    assert_eq!(part(2), None, "{got:?}");
    assert_eq!(part(3), Some("any(z in heaps: z == s)"));
    assert!(what(3).starts_with("this condition"), "{got:?}");

    let got =
        stopped_at("ruleset \"r\" { heaps 3 in a row move { take 1 from 2 consecutive heaps } }");
    let (part, what) = got[0].clone().expect("not compiled");
    assert_eq!(part, "take 1 from 2 consecutive heaps");
    assert_eq!(what, "this selection");

    let text = "ruleset \"m\" { heaps 3 in a row, each >= 1
  move { move 1.. from heap 2 to one other heap g where g >= 2 }
  move { take s in 1.. from one heap where s <= 2 and min(after) >= 1 }
}";
    let got = stopped_at(text);
    let (part0, what0) = got[0].clone().expect("not compiled");
    assert_eq!(
        part0,
        "move 1.. from heap 2 to one other heap g where g >= 2"
    );
    assert!(
        what0.starts_with("a `move ... to` with a `where`"),
        "{what0}"
    );
    let (part1, what1) = got[1].clone().expect("not compiled");
    assert_eq!(part1, "s <= 2 and min(after) >= 1");
    assert_eq!(what1, "a condition that reads `after`");
}

/// What a compiled clause became: where each conjunct of its condition is evaluated, counted
/// by hand from the conditions written here.
#[test]
fn a_compiled_clause_says_where_its_conditions_run() {
    let text = "ruleset \"d\" { heaps 3
  move { take s in 1.. from one heap h where s <= h / 2 }
  move { take s in 1.. from one heap h where sum(heaps) mod 2 == 1 and s * s <= h }
  move { take same s in {1, 3, 4} from 2 heaps }
  move { keep one heap o where o >= 1; take s in 1.. from one other heap where s mod o == 0 }
}";
    let game = Game::from_source("d", text, &[]).expect("valid");
    let said: Vec<String> = (game.generator().moves.iter())
        .map(|m| explain(game.shape(), m).expect("compiled").describe())
        .collect();
    assert_eq!(
        said[0],
        "take from one heap, amounts a range; conditions: 1 as bounds of the amount loop, none \
         once a position, none per amount"
    );
    // `sum(heaps) mod 2 == 1` once a position; `s * s <= h` is not linear in `s`: per amount.
    assert!(
        said[1].ends_with("1 once a position, 1 per amount"),
        "{}",
        said[1]
    );
    assert!(
        said[2].starts_with("take from several heaps, amounts from a list"),
        "{}",
        said[2]
    );
    assert!(said[3].contains("after `keep one heap`"), "{}", said[3]);
    assert!(said[3].ends_with("none per amount"), "{}", said[3]);
}

/// `moves FILE --explain` with no position: one line a clause on standard output, as the
/// compiler decided, and nothing else; `solve --verbose`: the interpreted clauses' lines on
/// standard error, the table the same as without it.
#[test]
fn moves_explain_and_solve_verbose_print_the_compilers_words() {
    let file = crate::common::fixture(
        "compiled_explain",
        "two",
        "ruleset \"two\" { heaps any\n  move { take 1.. from one heap }\n  move { split one heap into 2 equal parts }\n  move { delete one heap; take 1 from one other heap }\n}\n",
    );
    let (code, out, err) = crate::common::run::run(&["moves", &file, "--explain"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("move at line 2: compiled (take from one heap"));
    assert!(lines[1].starts_with("move at line 3: interpreted: the step `split`"));
    assert!(lines[1].ends_with("`split one heap into 2 equal parts`"));
    assert!(lines[2].starts_with("move at line 4: interpreted: this step after a `delete`"));

    let (code, plain, _) = crate::common::run::run(&["solve", &file, "--max", "4", "--heaps", "3"]);
    assert_eq!(code, 0);
    let (code, table, err) =
        crate::common::run::run(&["solve", &file, "--max", "4", "--heaps", "3", "--verbose"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(table, plain);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("move at line 3: interpreted"), "{err}");
    assert!(lines[1].starts_with("move at line 4: interpreted"), "{err}");
}

/// `moves --explain` says what runs: the cookie game's `delete one heap; lower every other
/// heap by 1`, which the generator's fast path writes, was reported interpreted (the step
/// `delete`); it is compiled now and the line names the fast path; with a `positions where`
/// rule, which the fast paths leave to the compiled code, the line does not.
#[test]
fn explain_names_the_fast_path_that_runs_a_clause() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("rulesets/propp/cookie.game");
    let file = file.to_str().expect("a UTF-8 path");
    let (code, out, err) = crate::common::run::run(&["moves", file, "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("move at line 9: compiled (delete heaps"),
        "{out}"
    );
    assert!(
        out.contains("the generator runs it by its fast path"),
        "{out}"
    );
    let ruled = crate::common::fixture(
        "compiled_explain",
        "ruled_cookie",
        "ruleset \"c\" { heaps any\n  positions where len(heaps) <= 3\n  move { delete one heap; lower every other heap by 1 }\n}\n",
    );
    let (code, out, err) = crate::common::run::run(&["moves", &ruled, "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("move at line 3: compiled (delete heaps"),
        "{out}"
    );
    assert!(!out.contains("fast path"), "{out}");
}
