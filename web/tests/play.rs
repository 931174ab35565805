//! The page's game against heapgame, natively: heapgame's reply from Wythoff's (1500, 2000)
//! comes from the kernel, as `heapgame eval` answers it (the route named in the answer), and
//! lands on a P-position computed here from the golden ratio; a loopy game is refused.

use std::collections::BTreeSet;

use heapgame_web::api::Request;
use heapgame_web::play;
use serde_json::Value;

const WYTHOFF: &str = include_str!("../../rulesets/classic/wythoff.game");
const TAKE_OR_ADD: &str = include_str!("../../rulesets/classic/take-or-add.game");

fn req(text: &str) -> Request {
    Request {
        name: "test.game".into(),
        text: text.into(),
        params: Vec::new(),
        max_positions: heapgame_web::DEFAULT_MAX_POSITIONS,
        force: false,
    }
}

fn quiet(_: usize) {}

/// Wythoff's P-positions up to `most`: (floor(n phi), floor(n phi^2)), smaller heap first
/// (exact in f64 here: n phi is never within 1e-4 of an integer for n <= 2000).
fn p_positions(most: u32) -> BTreeSet<Vec<u32>> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    (0..=most)
        .map(f64::from)
        .map(|n| vec![(n * phi).floor() as u32, (n * phi * phi).floor() as u32])
        .filter(|p| p[1] <= most)
        .collect()
}

fn position(v: &Value) -> Vec<u32> {
    serde_json::from_value(v.clone()).expect("a position")
}

#[test]
fn heapgame_replies_from_1500_2000_through_the_kernel() {
    let ps = p_positions(2000);
    let v = play::reply(&req(WYTHOFF), "1500 2000", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    assert!(v["kernel"].is_string(), "the kernel answered: {v}");
    assert_eq!(v["winning"], true, "{v}");
    assert!(ps.contains(&position(&v["reply"])), "{v}");
    // A losing move by the user: heapgame answers to a P-position again.
    let v = play::play(&req(WYTHOFF), "1500 2000", "1499 2000", &quiet);
    assert!(v["kernel"].is_string(), "{v}");
    assert!(ps.contains(&position(&v["reply"])), "{v}");
}

#[test]
fn a_loopy_game_is_refused_in_play() {
    let v = play::reply(&req(TAKE_OR_ADD), "7 7", &quiet);
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::cycle", "{v}");
}
