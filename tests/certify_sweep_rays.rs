//! The sweep (`heapgame::verify::sweep`) over the ray kernel's boxes: Euclid's game (a claim
//! comparing a heap with `phi` times the other, a case split) and two-row Chomp (a `positions
//! where` rule, whose excluded positions the sweep skips) say what the interpreter says, claim
//! by claim and case by case, true and made false; and an integer compared with an integer
//! times a constant real, compiled, is the interpreter's comparison at every position.

use std::path::Path;

use heapgame::moves::compiled::Regs;
use heapgame::solver::Budget;
use heapgame::verify::check::{check_region, CheckReport};
use heapgame::verify::claim::{eval_claim, ClaimValue, Known};
use heapgame::verify::compiled::CompiledClaim;
use heapgame::verify::region::Region;
use heapgame::verify::sweep::check_box_swept;
use heapgame::verify::Bounds;
use heapgame::Game;

/// Per claim: decided, silent, counterexamples, the first, and each case's positions.
type Said = (u64, u64, u64, Option<Vec<u32>>, Vec<u64>);

fn summary(r: &CheckReport) -> Vec<Said> {
    r.claims
        .iter()
        .map(|c| {
            let first = c.failure.as_ref().map(|f| f.position.clone());
            let cases = c.cases.iter().map(|k| k.decided).collect();
            (c.checked, c.silent, c.failures, first, cases)
        })
        .collect()
}

/// The box of heaps <= `max` checked by the sweep and by the interpreter, compared.
fn sweep_agrees(name: &str, text: &str, max: u32) -> CheckReport {
    let game = Game::from_source(name, text, &[]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let swept = check_box_swept(&game, max, Budget::default())
        .unwrap_or_else(|| panic!("{name}: a box the ray kernel solves, swept"))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let region = Region::Box(Bounds { max, heaps: 2 });
    let listed =
        check_region(&game, &region, Budget::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(swept.seen.positions, listed.seen.positions, "{name}");
    assert_eq!(summary(&swept), summary(&listed), "{name}");
    swept
}

fn ruleset(path: &str) -> String {
    std::fs::read_to_string(Path::new(path)).expect("a bundled ruleset")
}

/// `text` with its claim line `claim` replaced by `changed`, the true claim kept beside it
/// (with every claim failed a run ends at once; with one holding, both go on to the end).
fn variant(text: &str, claim: &str, changed: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("claim") && l.contains(claim))
        .expect("the claim's line");
    text.replace(line, &format!("{line}\n{}", line.replace(claim, changed)))
}

#[test]
fn euclid_and_its_false_variants_swept_as_the_interpreter_says() {
    let euclid = ruleset("rulesets/classic/euclid.game");
    let claim = "a < phi * b";
    let max = 100;
    let r = sweep_agrees("euclid", &euclid, max);
    // Both cases decide positions: b = 0 (101 of them), and the cone b < a < phi b.
    assert_eq!(r.claims[0].failures, 0);
    assert_eq!(r.claims[0].cases[0].decided, u64::from(max) + 1);
    assert!(r.claims[0].cases[1].decided > 0);
    // Reversed and non-strict (equal never, phi being irrational): the same positions.
    for same in ["phi * b > a", "a <= phi * b", "a <= b * phi"] {
        let r = sweep_agrees(same, &euclid.replace(claim, same), max);
        assert_eq!(r.claims[0].failures, 0, "{same}");
    }
    // Rounded to 1.6: (5, 8) is a P-position (8 < 8.09...) the claim no longer holds at.
    let r = sweep_agrees("euclid_16", &variant(&euclid, claim, "a < 1.6 * b"), max);
    let first = r.claims[1].failure.as_ref().map(|f| f.position.clone());
    assert_eq!(first, Some(vec![5, 8]));
    // An exact real, 1.5: (5, 8) again (8 > 7.5), and (7, 11), ...
    let r = sweep_agrees("euclid_15", &variant(&euclid, claim, "a <= 1.5 * b"), max);
    assert!(r.claims[1].failures > 1);
}

#[test]
fn two_row_chomp_is_swept_within_its_positions_rule() {
    let chomp = ruleset("rulesets/classic/chomp-2row.game");
    let max = 120;
    let r = sweep_agrees("chomp", &chomp, max);
    // The positions of the game: top <= bottom, bottom >= 1.
    let n = u64::from(max);
    assert_eq!(r.seen.positions, (n + 1) * (n + 2) / 2 - 1);
    assert_eq!(r.claims[0].failures, 0);
    let claim = "bottom == top + 1";
    let wrong = variant(&chomp, claim, "bottom == top + 1 and top != 40");
    let r = sweep_agrees("chomp_40", &wrong, max);
    let first = r.claims[1].failure.as_ref().map(|f| f.position.clone());
    assert_eq!(first, Some(vec![40, 41]));
    assert_eq!(r.claims[1].failures, 1);
}

#[test]
fn an_integer_compared_with_a_real_multiple_is_the_interpreters_comparison() {
    let euclid = ruleset("rulesets/classic/euclid.game");
    let sides = [
        "a < phi * b",
        "phi * b <= a",
        "a == 1.5 * b",
        "1.5 * b != a",
        "a > b * sqrt(2)",
        "2 * a >= (b + 1) * sqrt(5)",
        "b / phi < a - 3",
    ];
    for side in sides {
        let text = euclid.replace("b == 0 or (b < a and a < phi * b)", side);
        let game = Game::from_source("t", &text, &[]).unwrap_or_else(|e| panic!("{side}: {e:?}"));
        let q = CompiledClaim::of(&game.checked.claims[0]).unwrap_or_else(|| panic!("{side}"));
        let mut regs = Regs::default();
        let mut said = [0usize; 2];
        for b in 0..=90u32 {
            for a in 0..=b {
                let pos = [a, b];
                let interp = match eval_claim(&game, 0, &pos, &Known::default(), None) {
                    Ok(Some(ClaimValue::IsP(t))) => Some(i64::from(t)),
                    other => panic!("{side} at {pos:?}: {other:?}"),
                };
                assert_eq!(
                    q.value(&mut regs, &pos, None),
                    Some(interp),
                    "{side} {pos:?}"
                );
                said[usize::from(interp == Some(1))] += 1;
            }
        }
        assert!(said[0] > 0 && said[1] > 0, "{side}: {said:?}");
    }
}
