//! `heapgame guess` on the classic rulesets whose files state a closed form, for the
//! parameters the forms are stated for: the claims are stripped, `guess` runs on the rest, and
//! its claims are written next to the file's, where `heapgame check` proves both on a box
//! larger than the one guessed from. The forms that are finite tables rather than closed
//! forms (Grundy's game, Treblecross, Subtract-a-square; Mark for several heaps) give no claim
//! and exit code 1, saying that the values show no period.

use crate::guess::{claim_lines, guess_run, recovers, strip_claims, temp_file};

/// `recovers` with `--max max --check-max check` (and `extra`), then a claim containing
/// `want`.
fn recovers_with(rel: &str, params: &[&str], extra: &[&str], max: u32, check: u32, want: &str) {
    let (max, check_text) = (max.to_string(), check.to_string());
    let mut args = vec!["--max", &max, "--check-max", &check_text];
    args.extend(extra);
    let r = recovers(rel, params, &args, check);
    assert!(
        claim_lines(&r).iter().any(|c| c.contains(want)),
        "{rel} {params:?}: no claim with `{want}`: {r:#}"
    );
}

#[test]
fn two_heap_forms_chomp_euclid_welter_end_nim() {
    recovers_with(
        "rulesets/classic/chomp-2row.game",
        &[],
        &[],
        30,
        45,
        "claim P: heaps[0] + 1 == heaps[1]",
    );
    // Euclid's game: b == 0 or b < a < phi b, a cone of slope phi read off the rows' ends.
    recovers_with(
        "rulesets/classic/euclid.game",
        &[],
        &[],
        60,
        90,
        "a == 0 or (a > 0 and b >= a + 1 and b <= floor(a * phi))",
    );
    recovers_with(
        "rulesets/classic/welter.game",
        &["k=2"],
        &[],
        40,
        60,
        "xor(heaps) == 1",
    );
    recovers_with(
        "rulesets/classic/end-nim.game",
        &["n=2"],
        &[],
        30,
        45,
        "xor(heaps) == 0",
    );
}

#[test]
fn several_heap_forms_circular_staircase_welter_northcott() {
    let circ = "rulesets/classic/circular-nim.game";
    // `check --max 7` replaces every run of the file's, n = 5 included.
    recovers_with(
        circ,
        &[],
        &[],
        6,
        7,
        "heaps[1] == heaps[3] and heaps[0] == heaps[2]",
    );
    // k = n - 1: all heaps equal, found as Moore's Nim_{n-1} (every binary digit in all heaps
    // or in none), which says the same.
    recovers_with(circ, &["n=4", "k=3"], &[], 6, 7, "mod 4 == 0");
    recovers_with(circ, &["n=3", "k=1"], &[], 6, 7, "xor(heaps) == 0");
    recovers_with(
        circ,
        &["n=3", "k=3"],
        &[],
        6,
        7,
        "heaps[0] == 0 and heaps[1] == 0 and heaps[2] == 0",
    );
    let stair = "rulesets/classic/staircase-nim.game";
    for (k, max, check) in [("k=4", 6, 8), ("k=3", 8, 10), ("k=2", 8, 10)] {
        recovers_with(stair, &[k], &[], max, check, "if i mod 2 == 0]) == 0");
    }
    let welter = "rulesets/classic/welter.game";
    recovers_with(welter, &[], &[], 20, 30, "xor([h + 1 for h in heaps]) == 0");
    recovers_with(welter, &["k=4"], &[], 12, 14, "claim P: xor(heaps) == 0");
    recovers_with(welter, &["k=1"], &[], 20, 30, "claim grundy: xor(heaps)");
    let northcott = "rulesets/classic/northcott.game";
    for p in [&["r=2", "w=7"][..], &["r=1", "w=12"], &["r=3", "w=5"]] {
        recovers_with(
            northcott,
            p,
            &[],
            7,
            12,
            "heaps[2 * i + 1] - heaps[2 * i] - 1",
        );
    }
}

#[test]
fn any_number_of_heaps_greedy_misere_mark_and_the_sums() {
    recovers_with(
        "rulesets/classic/greedy-nim.game",
        &[],
        &["--heaps", "4"],
        8,
        10,
        "count(z in heaps: z == max(heaps)) mod 2 == 0",
    );
    recovers_with(
        "rulesets/classic/misere-nim.game",
        &[],
        &["--heaps", "4"],
        8,
        10,
        "(all(h in heaps: h <= 1) and count(h in heaps: h == 1) mod 2 == 1)",
    );
    // Mark: for one heap, P iff v2(h) is odd (the file's claim is for one heap only).
    recovers_with(
        "rulesets/classic/mark.game",
        &[],
        &["--heaps", "1"],
        300,
        1000,
        "all(h in heaps: v2(h) mod 2 == 1) when len(heaps) <= 1",
    );
    // Lasker's Nim's P-positions of two heaps are Nim's (its g is one-to-one), so `xor(heaps)
    // == 0` fits them too; it is refuted on three heaps and never written.
    for f in ["lasker-nim", "kayles", "dawson-kayles", "octal"] {
        let rel = format!("rulesets/classic/{f}.game");
        recovers_with(
            &rel,
            &[],
            &["--heaps", "2"],
            40,
            60,
            "claim grundy: xor([g_heap(h)",
        );
    }
}

#[test]
fn finite_tables_are_not_guessed() {
    // No period in the values of one heap to 600: the sum is reported as not stated, and no
    // claim is written.
    for f in ["grundy-game", "treblecross", "subtract-square"] {
        let original = std::fs::read_to_string(format!("rulesets/classic/{f}.game")).unwrap();
        let file = temp_file(&strip_claims(&original));
        let (code, r) = guess_run(&file, &["--heaps", "2", "--max", "40"]);
        assert_eq!(code, 1, "{f}: {r:#}");
        assert!(
            r["unstated"][0]
                .as_str()
                .is_some_and(|u| u.contains("shows no period")),
            "{f}: {r:#}"
        );
    }
}
