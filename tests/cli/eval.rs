//! `heapgame eval`: one position's outcome, Grundy value and winning moves, in text and JSON.

use super::*;

#[test]
fn eval_wythoff_p_positions() {
    for (a, b) in [("3", "5"), ("4", "7"), ("0", "0"), ("5", "3")] {
        let out = heapgame().args(["eval", WYTHOFF, a, b]).ok();
        assert_eq!(text_outcome(&out), "P", "({a}, {b}):\n{out}");
        assert!(out.contains("grundy:   0"), "{out}");
        assert!(out.contains("winning moves: none"), "{out}");
    }
}

#[test]
fn eval_wythoff_n_position_lists_the_winning_move() {
    let out = heapgame().args(["eval", WYTHOFF, "4", "6"]).ok();
    assert_eq!(text_outcome(&out), "N", "{out}");
    assert!(out.contains("position: (4, 6)"), "{out}");
    let moves: Vec<Vec<u32>> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("-> "))
        .map(parse_tuple)
        .collect();
    assert_eq!(moves, [vec![3, 5]], "{out}");
    // The position may be typed as a tuple too.
    let out2 = heapgame().args(["eval", WYTHOFF, "(4, 6)"]).ok();
    assert_eq!(out, out2);
}

#[test]
fn eval_json() {
    let g = wythoff_grundy(10);
    let v = heapgame().args(["eval", WYTHOFF, "4", "6"]).json();
    let obj = v.as_object().expect("a JSON object");
    let keys: BTreeSet<&str> = obj.keys().map(String::as_str).collect();
    // The route is part of the answer: Wythoff's positions are answered by a kernel.
    assert_eq!(
        keys,
        BTreeSet::from([
            "position",
            "play",
            "outcome",
            "grundy",
            "winning_moves",
            "method",
            "kernel"
        ])
    );
    assert_eq!(v["method"], "kernel");
    assert_eq!(v["play"], "normal");
    assert_eq!(v["position"], serde_json::json!([4, 6]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[4][6])));
    assert_eq!(v["grundy"].as_u64(), Some(9), "the brute force itself");
    assert_eq!(json_positions(&v["winning_moves"]), [vec![3, 5]]);

    // Every position of a small box, against the brute force: outcome, Grundy value, and
    // winning moves (the followers with Grundy value 0).
    for a in 0..=6usize {
        for b in a..=6usize {
            let v = heapgame()
                .args(["eval", WYTHOFF, &a.to_string(), &b.to_string()])
                .json();
            assert_eq!(v["grundy"].as_u64(), Some(u64::from(g[a][b])), "({a}, {b})");
            let want_outcome = if g[a][b] == 0 { "P" } else { "N" };
            assert_eq!(v["outcome"], want_outcome, "({a}, {b})");
            let mut want: BTreeSet<Vec<u64>> = BTreeSet::new();
            let mut push = |x: usize, y: usize| {
                if g[x][y] == 0 {
                    want.insert(vec![x.min(y) as u64, x.max(y) as u64]);
                }
            };
            (1..=a).for_each(|t| push(a - t, b));
            (1..=b).for_each(|t| push(a, b - t));
            (1..=a).for_each(|t| push(a - t, b - t));
            let got: BTreeSet<Vec<u64>> = json_positions(&v["winning_moves"]).into_iter().collect();
            assert_eq!(got, want, "winning moves of ({a}, {b})");
        }
    }
}
