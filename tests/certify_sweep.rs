//! Claims at the solver's speed (issue "A green `check` that means what it says", item 4): a
//! two-heap box a kernel solves is swept with the claims compiled to closures
//! (`heapgame::verify::sweep`). The sweep must say what the interpreter says, claim by claim
//! (positions decided, positions outside the claim's scope, counterexamples and the first of
//! them), over the bundled two-heap rulesets and false variants of their claims; and where a
//! variant is false, its first counterexample is the one a plain brute force finds.

use std::path::Path;

use heapgame::solver::Budget;
use heapgame::verify::check::{check_region, CheckReport};
use heapgame::verify::region::Region;
use heapgame::verify::sweep::check_box_swept;
use heapgame::verify::Bounds;
use heapgame::Game;

/// What a report says of each claim: decided, silent, counterexamples, the first (also
/// `certify_kept_cells`'s).
pub(crate) fn summary(r: &CheckReport) -> Vec<(u64, u64, u64, Option<Vec<u32>>)> {
    r.claims
        .iter()
        .map(|c| {
            let first = c.failure.as_ref().map(|f| f.position.clone());
            (c.checked, c.silent, c.failures, first)
        })
        .collect()
}

/// `text` as a game, its box of heaps <= `max` checked by the sweep and by the interpreter
/// (also `certify_kept_cells`'s).
pub(crate) fn both(name: &str, text: &str, max: u32) -> (CheckReport, CheckReport) {
    let game = Game::from_source(name, text, &[]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let swept = check_box_swept(&game, max, Budget::default())
        .unwrap_or_else(|| panic!("{name}: a box a kernel solves"))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let region = Region::Box(Bounds { max, heaps: 2 });
    let listed =
        check_region(&game, &region, Budget::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    (swept, listed)
}

fn ruleset(path: &str) -> String {
    std::fs::read_to_string(Path::new(path)).expect("a bundled ruleset")
}

#[test]
fn the_sweep_says_what_the_interpreter_says() {
    let wythoff = ruleset("rulesets/classic/wythoff.game");
    let d_wythoff = ruleset("rulesets/classic/d-wythoff.game");
    let delete_nim = ruleset("rulesets/abuku/delete-nim.game");
    let cases = [
        ("wythoff", wythoff.clone()),
        // Rounded, its slope is wrong from (376, 609) on.
        (
            "wythoff_1618",
            wythoff.replace("(b - a) * phi)", "(b - a) * 1.618)"),
        ),
        // A ceiling where the floor is: wrong at almost every P-position.
        (
            "wythoff_ceil",
            wythoff.replace("floor((b - a) * phi)", "ceil((b - a) * phi)"),
        ),
        // A member of the table changed: (14, 23) is P, the claim says not.
        ("wythoff_table", wythoff.replace("(14, 23)", "(14, 24)")),
        ("d_wythoff", d_wythoff),
        // Swept since the kept-heap kernel solves their boxes.
        ("delete_nim", delete_nim.clone()),
        // A capped Grundy value: wrong from (0, 127) on.
        (
            "delete_nim_capped",
            delete_nim.replace(
                "claim grundy: v2(bitor(x, y) + 1)",
                "claim grundy: min(v2(bitor(x, y) + 1), 6)",
            ),
        ),
        ("vdn", ruleset("rulesets/abuku/vdn.game")),
    ];
    for (name, text) in cases {
        // The interpreter's side searches each position (its row, column and diagonal): a
        // box of 150 keeps it to a second.
        let (swept, listed) = both(name, &text, 150);
        assert_eq!(swept.seen.positions, listed.seen.positions, "{name}");
        assert_eq!(summary(&swept), summary(&listed), "{name}");
    }
}

#[test]
fn the_sweep_finds_the_rounded_slope_where_a_brute_force_does() {
    // Wythoff's P-positions (a, b), a <= b, by their construction: A_n the least number not
    // yet in a pair, B_n = A_n + n. The claim with phi rounded to 1.618 is first wrong in the
    // fixed order (fewest tokens, then lexicographic) where it disagrees with them.
    let max = 800usize;
    let mut p = vec![vec![false; max + 1]; max + 1];
    let mut used = vec![false; 2 * max + 2];
    let (mut a, mut n) = (0usize, 0usize);
    while a + n <= max {
        while used[a] {
            a += 1;
        }
        if a + n > max {
            break;
        }
        used[a] = true;
        used[a + n] = true;
        p[a][a + n] = true;
        n += 1;
    }
    let mut first = None;
    'total: for t in 0..=2 * max {
        for (a, row) in p.iter().enumerate().take(t / 2 + 1) {
            let b = t - a;
            if b <= max && ((a == (b - a) * 1618 / 1000) != row[b]) {
                first = Some(vec![a as u32, b as u32]);
                break 'total;
            }
        }
    }
    assert_eq!(first, Some(vec![376, 609]), "the brute force");
    let text =
        ruleset("rulesets/classic/wythoff.game").replace("(b - a) * phi)", "(b - a) * 1.618)");
    let (swept, _) = both("wythoff_1618_first", &text, max as u32);
    let f = swept.claims[0].failure.as_ref().expect("a counterexample");
    assert_eq!(Some(f.position.clone()), first);
}

/// Each claim's branches (their text and what they take) and whether the run took each.
fn branches_taken(r: &CheckReport) -> Vec<Vec<(String, String, bool)>> {
    r.claims
        .iter()
        .map(|c| {
            (c.branches.iter().zip(&c.taken))
                .map(|(b, &t)| (b.text.clone(), format!("{:?}", b.took.what), t))
                .collect()
        })
        .collect()
}

#[test]
fn the_sweep_takes_the_branches_the_interpreter_takes() {
    // A compiled claim records no branch: the sweep asks the interpreter, observed, while a
    // claim has branches not taken, so that its coverage is the listed run's, branch by branch
    // (none taken that no position took, none left that one took). Wythoff's table claim has
    // `when b <= 26`, false past 26; d-Wythoff's P-claim is true only at its P-positions.
    let wythoff = ruleset("rulesets/classic/wythoff.game");
    let cases = [
        ("wythoff_branches", wythoff.clone(), 30),
        ("wythoff_branches_small", wythoff, 20),
        (
            "d_wythoff_branches",
            ruleset("rulesets/classic/d-wythoff.game"),
            30,
        ),
    ];
    for (name, text, max) in cases {
        let (swept, listed) = both(name, &text, max);
        let (s, l) = (branches_taken(&swept), branches_taken(&listed));
        assert_eq!(s, l, "{name}");
        // Not vacuous: the listed run took branches of every claim.
        for (i, c) in l.iter().enumerate() {
            assert!(c.iter().any(|b| b.2), "{name}: claim {i} took no branch");
        }
    }
}

#[test]
fn an_unsorted_pair_is_swept_within_its_box() {
    // End-Nim on two heaps is Nim on two heaps in a row: (a, b) and (b, a) are two positions.
    // Its box of heaps <= 12 has totals up to 24, whose first heap alone never passes 12 (the
    // sweep read (13, 0) of the box of 12 and stopped: "a position of the box").
    let text = ruleset("rulesets/classic/end-nim.game").replace("(n = 4)", "(n = 2)");
    let (swept, listed) = both("end_nim_2", &text, 12);
    assert_eq!(swept.seen.positions, 13 * 13);
    assert_eq!(swept.seen.positions, listed.seen.positions);
    assert_eq!(summary(&swept), summary(&listed));
    assert_eq!(branches_taken(&swept), branches_taken(&listed));
}

#[test]
fn the_compiled_claims_compute_what_the_interpreter_computes() {
    // Claims with real arithmetic (beta-Wynim's `floor(ceil(b / beta) * beta / (beta - 1))`
    // and `b in beatty(beta)`, beta a quadratic surd or pi or e), `v2` and `bitor` (Delete
    // Nim), compiled to closures: at every position of a box their value is the interpreter's
    // (outside the `when` both say nothing), and the closures never leave one to it.
    use heapgame::moves::compiled::Regs;
    use heapgame::verify::claim::{eval_claim, ClaimValue, Known};
    use heapgame::verify::compiled::CompiledClaim;
    let fl = "rulesets/fraenkel-larsson/";
    type Case<'a> = (String, &'a [(&'a str, &'a str)], usize);
    let cases: [Case; 9] = [
        (format!("{fl}beta-wynim.game"), &[], 0),
        (
            format!("{fl}beta-wynim.game"),
            &[("beta", "2 + sqrt(2)")],
            0,
        ),
        (format!("{fl}beta-wynim.game"), &[("beta", "e")], 0),
        (format!("{fl}beta-t-wynim.game"), &[("beta", "sqrt(17)")], 0),
        (format!("{fl}beta-t-wynim.game"), &[("beta", "e")], 0),
        (format!("{fl}beta-nim.game"), &[], 0),
        ("rulesets/abuku/delete-nim.game".into(), &[], 0),
        ("rulesets/abuku/delete-nim.game".into(), &[], 1),
        ("rulesets/classic/d-wythoff.game".into(), &[], 0),
    ];
    for (file, params, i) in cases {
        let at = format!("{file} {params:?} claim {i}");
        let game = Game::load_file(Path::new(&file), params).unwrap_or_else(|e| panic!("{e:?}"));
        let q = CompiledClaim::of(&game.checked.claims[i]).unwrap_or_else(|| panic!("{at}"));
        let mut regs = Regs::default();
        let mut solver = game.solver();
        let mut said = [0usize; 3];
        for b in 0..=120u32 {
            for a in 0..=b {
                let pos = game
                    .canonical(&[u64::from(a), u64::from(b)])
                    .expect("a position");
                let g = solver.grundy(&pos).expect("a Grundy value");
                let known = Known {
                    grundy: Some(g),
                    ..Known::default()
                };
                let interp = match eval_claim(&game, i, &pos, &known, None) {
                    Ok(None) => None,
                    Ok(Some(ClaimValue::IsP(t) | ClaimValue::Holds(t))) => Some(i64::from(t)),
                    Ok(Some(ClaimValue::Grundy(v))) => Some(v),
                    other => panic!("{at} at {pos:?}: {other:?}"),
                };
                let compiled = q.value(&mut regs, &pos, Some(g));
                assert_eq!(compiled, Some(interp), "{at} at {pos:?}");
                said[match interp {
                    None => 0,
                    Some(0) => 1,
                    Some(_) => 2,
                }] += 1;
            }
        }
        // Not vacuous: where the claim applies, it says both values (false and true, or
        // Grundy values 0 and more).
        let silent = file.contains("beta-t-wynim") && params.contains(&("beta", "e"));
        if silent {
            assert_eq!(
                said[1] + said[2],
                0,
                "{at}: floor(e) = 2, `when d >= 3` is false"
            );
        } else {
            assert!(said[1] > 0 && said[2] > 0, "{at}: {said:?}");
        }
    }
}
