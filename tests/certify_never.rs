//! Stated exceptions to branch coverage: a claim's `never `TEXT` WHICH because "..."` names a
//! branch no run can take. `check` shows it as stated with its reason, and `--strict` passes;
//! a clause whose branch a run took (or of which no run has a branch) is stale, and
//! `--strict` fails; a clause that names nothing of its claim is an error at load
//! (`heapgame::unknown_branch`); a branch left untaken with no clause still fails `--strict`.
//!
//! The game is the subtraction game {1, 2} on one heap, whose Grundy value is h mod 3 (worked
//! out by hand: from h the moves reach h - 1 and h - 2, and the mex of two consecutive values
//! of a mod-3 cycle is the third). The table below is that sequence after an entry 0 that a
//! heap of h reads at h + 1, so never.

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    crate::common::fixture("certify-never", name, text)
}

/// The game with the table claim, its `never` clauses `never`, checked to heap `max`.
fn table_game(never: &str, max: u32) -> String {
    let values: Vec<String> = (0..12).map(|h| (h % 3).to_string()).collect();
    format!(
        "ruleset \"s\" {{\n  heaps 1\n  move {{ take {{1, 2}} from one heap }}\n  \
         let T = [x for x in (7, {})]\n  claim grundy: T[h + 1] where h = heaps[0]\n{never}\n  \
         check max {max}\n}}\n",
        values.join(", ")
    )
}

/// The JSON findings of `check --strict` on `file`, and its exit code.
fn strict_findings(file: &str) -> (i32, Vec<serde_json::Value>) {
    let (code, out, err) = run(&["check", file, "--strict", "--format", "json"]);
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let f = (v.as_array().expect("an array of runs").iter().rev())
        .find_map(|r| r.get("findings"))
        .and_then(|f| f.as_array().cloned())
        .unwrap_or_default();
    (code, f)
}

#[test]
fn an_untaken_branch_with_no_clause_fails_strict() {
    let f = fixture("no-clause", &table_game("", 11));
    let (code, found) = strict_findings(&f);
    assert_eq!(code, 1, "{found:?}");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["kind"], "branch");
    assert_eq!(found[0]["code"], "heapgame::uncovered");
    assert!(
        found[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("table `T` (line 5): entry 0 never read")),
        "{found:?}"
    );
}

#[test]
fn a_stated_exception_hides_the_finding_under_strict() {
    let never = "    never `T` entry 0 because \"entry 0 stands before heap 0\"";
    let f = fixture("stated", &table_game(never, 11));
    let (code, found) = strict_findings(&f);
    assert_eq!(code, 0, "{found:?}");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["kind"], "stated");
    assert_eq!(found[0]["code"], "heapgame::stated");
    assert_eq!(found[0]["fails"], false);
    let m = found[0]["message"].as_str().unwrap_or("");
    assert!(m.contains("entry 0 never read"), "{m}");
    assert!(
        m.contains("stated at line 6, \"entry 0 stands before heap 0\""),
        "{m}"
    );
    // In text, with its reason, and the summary says it is stated.
    let (code, out, _) = run(&["check", &f, "--strict"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("  note  line   5: table `T` (line 5)"),
        "{out}"
    );
    assert!(
        out.contains("1 branch(es) (below, each stated by a `never`)"),
        "{out}"
    );
}

#[test]
fn a_stale_exception_fails_strict() {
    // Entry 12 is read at heap 11: a clause naming it is out of date.
    let never = "    never `T` entries 0, 12 because \"past the box\"";
    let f = fixture("stale", &table_game(never, 11));
    let (code, found) = strict_findings(&f);
    assert_eq!(code, 1, "{found:?}");
    let stale: Vec<_> = found.iter().filter(|x| x["kind"] == "stale").collect();
    assert_eq!(stale.len(), 1, "{found:?}");
    assert_eq!(stale[0]["code"], "heapgame::stale_never");
    assert!(
        stale[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("but entry 12 taken")),
        "{stale:?}"
    );
    // Without --strict, a warning only.
    let (code, out, _) = run(&["check", &f]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("warn  line   5: stale: `never `T` 0, 12`"),
        "{out}"
    );
    // A clause of which no run has a branch (the table has no entry 40) is stale too.
    let never = "    never `T` entry 40 because \"no such entry\"";
    let f = fixture("no-such-entry", &table_game(never, 11));
    let (code, found) = strict_findings(&f);
    assert_eq!(code, 1, "{found:?}");
    assert!(
        found.iter().any(|x| x["kind"] == "stale"
            && x["message"]
                .as_str()
                .unwrap_or("")
                .contains("names no branch")),
        "{found:?}"
    );
}

#[test]
fn a_clause_naming_no_branch_is_an_error_with_its_code() {
    for (name, never) in [
        // Not written in the claim.
        ("unwritten", "    never `U` entry 0 because \"...\""),
        // Written, but a table, not a condition.
        ("wrong-kind", "    never `T` false because \"...\""),
    ] {
        let f = fixture(name, &table_game(never, 11));
        let (code, out, err) = run(&["check", &f]);
        assert_eq!(code, 2, "{name}: {out}{err}");
        assert!(err.contains("heapgame::unknown_branch"), "{name}: {err}");
        assert!(err.contains(":6:"), "{name}: the place in the file: {err}");
    }
}

#[test]
fn a_text_written_twice_is_told_apart_by_in() {
    // h mod 3 == 0 is P; the second `h mod 3 == 0` is reached only past heap 49.
    let claim =
        "  claim P: (h < 50 and h mod 3 == 0) or (h >= 50 and h mod 3 == 0) where h = heaps[0]";
    let game = |never: &str| {
        format!(
            "ruleset \"s\" {{\n  heaps 1\n  move {{ take {{1, 2}} from one heap }}\n{claim}\n\
             {never}\n  check max 9\n}}\n"
        )
    };
    let f = fixture(
        "twice",
        &game("    never `h mod 3 == 0` true because \"...\""),
    );
    let (code, _, err) = run(&["check", &f]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("heapgame::unknown_branch"), "{err}");
    assert!(err.contains("names 2 nodes of its claim"), "{err}");
    let within = "in `(h >= 50 and h mod 3 == 0)`";
    let never = format!(
        "    never `h mod 3 == 0` {within} true because \"past the box\"\n    \
         never `h mod 3 == 0` {within} false because \"past the box\""
    );
    let f = fixture("twice-in", &game(&never));
    let (code, found) = strict_findings(&f);
    // `h >= 50` and the second case are still open: --strict fails on them.
    assert_eq!(code, 1, "{found:?}");
    let stated = found.iter().filter(|x| x["kind"] == "stated").count();
    assert_eq!(stated, 2, "{found:?}");
    let open = |x: &&serde_json::Value| x["kind"] == "branch";
    assert!(
        found.iter().filter(open).all(|x| {
            let m = x["message"].as_str().unwrap_or("");
            !m.contains("branch `h mod 3 == 0`")
        }),
        "{found:?}"
    );
}
