//! The page's own `check` of a file's claims, natively: a false claim's counterexample is the
//! first position (in `check`'s order) where a plain mex over Wythoff's game disagrees with
//! it, true claims hold over every position of the box, and the time limit stops a run.

use heapgame::solver::Clock;
use heapgame_web::api::Request;
use heapgame_web::claims::check_claims;
use serde_json::Value;

const WYTHOFF: &str = include_str!("../../rulesets/classic/wythoff.game");
const NIM: &str = include_str!("../../rulesets/classic/nim.game");

fn req(text: &str, params: &[&str]) -> Request {
    Request {
        name: "test.game".into(),
        text: text.into(),
        params: params
            .iter()
            .map(std::string::ToString::to_string)
            .collect(),
        max_positions: 1_000_000,
        force: false,
    }
}

/// The system's clock: the tests that are not about the time limit have a minute.
fn clock() -> Clock {
    Clock::system()
}

/// Grundy values of Wythoff's game for a, b <= n, by the definition.
fn wythoff_brute(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut seen = vec![false; 3 * n + 3];
            for i in 0..a {
                seen[g[i][b] as usize] = true;
            }
            for j in 0..b {
                seen[g[a][j] as usize] = true;
            }
            for t in 1..=a.min(b) {
                seen[g[a - t][b - t] as usize] = true;
            }
            g[a][b] = seen.iter().position(|s| !s).unwrap() as u32;
        }
    }
    g
}

fn claims(v: &Value, run: usize) -> &Vec<Value> {
    v["runs"][run]["claims"].as_array().expect("claims")
}

#[test]
fn a_false_claim_shows_its_first_counterexample_and_why() {
    // "P exactly when the heaps are equal": false for Wythoff's game.
    let text = WYTHOFF.replace(
        "claim P: a == floor((b - a) * phi) where (a, b) = heaps",
        "claim P: a == b where (a, b) = heaps",
    );
    let v = check_claims(&req(&text, &[]), &clock(), 60_000.0);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["holds"], false, "{v}");
    let c = &claims(&v, 0)[0];
    assert_eq!(c["state"], "fail", "{c}");
    // The first position (fewest tokens, then lexicographic, a <= b) where the brute force
    // disagrees with the claim.
    let g = wythoff_brute(30);
    let mut order: Vec<(usize, usize)> = (0..=30)
        .flat_map(|a| (a..=30).map(move |b| (a, b)))
        .collect();
    order.sort_by_key(|&(a, b)| (a + b, a));
    let &(a, b) = order
        .iter()
        .find(|&&(a, b)| (a == b) != (g[a][b] == 0))
        .unwrap();
    let f = &c["failure"];
    assert_eq!(f["position"], serde_json::json!([a, b]), "{f}");
    let says = if a == b { "P" } else { "N" };
    let is = if g[a][b] == 0 { "P" } else { "N" };
    assert_eq!(
        (f["claimed"].as_str(), f["actual"].as_str()),
        (Some(says), Some(is))
    );
    // (1, 1) is N by taking one from both heaps, to (0, 0): the explanation names that move.
    let why = f["why"].as_str().unwrap();
    assert!(why.contains("(0, 0)") && why.contains("take same"), "{why}");
    // The file's other claim still holds.
    assert_eq!(claims(&v, 0)[1]["state"], "ok");
}

#[test]
fn true_claims_hold_over_every_position_of_the_box() {
    let v = check_claims(&req(WYTHOFF, &[]), &clock(), 60_000.0);
    assert_eq!(v["holds"], true, "{v}");
    assert_eq!(v["complete"], true, "{v}");
    let run = &v["runs"][0];
    // `check max 30`: every (a, b) with a <= b <= 30.
    let n = 31 * 32 / 2;
    assert_eq!(run["positions"], n);
    assert_eq!(run["visited"], n);
    let cs = claims(&v, 0);
    assert_eq!(cs[0]["state"], "ok");
    assert_eq!(cs[0]["checked"], n);
    // The table's claim speaks of b <= 26 only.
    assert_eq!(cs[1]["checked"], 27 * 28 / 2);
    assert_eq!(cs[1]["silent"], n - 27 * 28 / 2);
}

#[test]
fn each_check_line_is_a_run_and_typed_parameters_make_one() {
    let text = "ruleset \"S\" (k = 2) {\n  heaps 1\n  move { take 1..k from one heap }\n  \
                claim P: h mod (k + 1) == 0 where (h) = heaps\n  check with k = 3 max 20\n  \
                check with k = 5 max 20\n}\n";
    let v = check_claims(&req(text, &[]), &clock(), 60_000.0);
    assert_eq!(v["runs"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["runs"][1]["params"][0], serde_json::json!(["k", "5"]));
    assert_eq!(v["holds"], true, "{v}");
    let v = check_claims(&req(text, &["k=4"]), &clock(), 60_000.0);
    assert_eq!(v["runs"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["runs"][0]["params"][0], serde_json::json!(["k", "4"]));
    assert_eq!(v["holds"], true, "{v}");
}

/// A clock of the test's own that moves on an hour each time it is read: any deadline set on
/// it has passed by the next look.
fn hasty_clock() -> Clock {
    let t = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    Clock::new(move || {
        let h = t.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::time::Duration::from_secs(3600 * h)
    })
}

#[test]
fn the_time_limit_on_the_pages_clock_stops_a_run_and_says_so() {
    // A minute on a clock that moves an hour a read: the run stops at its first look.
    let v = check_claims(&req(NIM, &[]), &hasty_clock(), 60_000.0);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["complete"], false, "{v}");
    let run = &v["runs"][0];
    assert_eq!(run["stopped"], true, "{v}");
    // `check max 8 heaps 4` of Nim: the multisets of at most 4 heaps <= 8, C(12, 4).
    assert_eq!(run["positions"], 495, "{v}");
    assert!(run["visited"].as_u64().unwrap() < 495, "{v}");
    // The same check on the system's clock goes through.
    let v = check_claims(&req(NIM, &[]), &clock(), 60_000.0);
    assert_eq!(v["complete"], true, "{v}");
    assert_eq!(v["runs"][0]["visited"], 495, "{v}");
}

#[test]
fn no_bounds_and_bad_text_are_problems() {
    let text = "ruleset \"S\" {\n  heaps 1\n  move { take 1 from one heap }\n  claim P: h mod 2 == 0 where (h) = heaps\n}\n";
    let v = check_claims(&req(text, &[]), &clock(), 1000.0);
    let p = &v["runs"][0]["problem"];
    assert!(p["rendered"].as_str().unwrap().contains("no bounds"), "{v}");
    let v = check_claims(&req("ruleset {", &[]), &clock(), 1000.0);
    assert_eq!(v["ok"], false, "{v}");
}

#[test]
fn the_position_limit_is_a_problem_of_the_run() {
    let mut r = req(WYTHOFF, &[]);
    r.max_positions = 10;
    let v = check_claims(&r, &clock(), 60_000.0);
    let p = &v["runs"][0]["problem"];
    assert_eq!(p["diagnostics"][0]["code"], "heapgame::limit", "{v}");
    assert!(
        p["diagnostics"][0]["help"]
            .as_str()
            .unwrap()
            .contains("Advanced"),
        "{v}"
    );
    assert_eq!(v["holds"], false, "{v}");
}

/// Two heaps of Nim with the `check` line `line` and Bouton's claim.
fn nim2(line: &str) -> String {
    format!(
        "ruleset \"Nim2\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  \
         claim P: a == b where (a, b) = heaps\n  {line}\n}}\n"
    )
}

#[test]
fn a_box_past_the_pages_limit_is_checked_over_its_quick_bounds_or_refused() {
    // Heaps up to 1000: 1001 * 1002 / 2 positions (a <= b), past the page's 200,000.
    const { assert!(1001 * 1002 / 2 > heapgame_web::claims::MAX_CHECKED) };
    let v = check_claims(
        &req(&nim2("check max 1000 quick max 100"), &[]),
        &clock(),
        60_000.0,
    );
    assert_eq!(v["holds"], true, "{v}");
    assert_eq!(v["runs"][0]["visited"], 101 * 102 / 2, "{v}");
    // Without quick bounds: the run is refused, with the box's size and what to change.
    let v = check_claims(&req(&nim2("check max 1000"), &[]), &clock(), 60_000.0);
    let p = &v["runs"][0]["problem"]["diagnostics"][0];
    assert_eq!(p["code"], "heapgame::too_large", "{v}");
    assert!(
        p["message"].as_str().unwrap().contains("501501 positions"),
        "{v}"
    );
    assert!(p["help"].as_str().unwrap().contains("quick max"), "{v}");
    assert_eq!(v["complete"], false, "{v}");
}

#[test]
fn a_check_over_line_checks_the_positions_it_lists() {
    // As `heapgame check` does: the three positions, not the box of heaps up to 9.
    let v = check_claims(
        &req(&nim2("check over {(1, 1), (2, 3), (4, 9)}"), &[]),
        &clock(),
        60_000.0,
    );
    assert_eq!(v["holds"], true, "{v}");
    assert_eq!(v["runs"][0]["visited"], 3, "{v}");
    assert_eq!(v["runs"][0]["positions"], 3, "{v}");
}
