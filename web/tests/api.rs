//! The playground's answers, natively: each against an independent brute force written in
//! the test (Wythoff's game by a plain mex over a table), and the problems located where the
//! user typed them. The same functions run in the browser (web/test.sh drives the page).

use heapgame_web::api::{self, Request};
use heapgame_web::{play, request};
use serde_json::Value;

const WYTHOFF: &str = include_str!("../../rulesets/classic/wythoff.game");
const FZ: &str = include_str!("../../rulesets/fraenkel-zusman/fraenkel-zusman.game");

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

fn quiet(_: usize) {}

/// Grundy values of Wythoff's game for a <= n, b <= n, by the definition.
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

fn positions(v: &Value) -> Vec<Vec<u32>> {
    serde_json::from_value(v.clone()).unwrap()
}

#[test]
fn wythoff_4_6_is_n_with_the_move_to_3_5() {
    let g = wythoff_brute(10);
    let v = api::evaluate(&req(WYTHOFF, &[]), "4 6", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], g[4][6]);
    assert_eq!(positions(&v["winning"]), vec![vec![3, 5]]);
    // Every follower with its value: the brute force's moves from (4, 6), sorted.
    let mut want: Vec<(Vec<u32>, u32)> = Vec::new();
    for a in 0..4u32 {
        want.push((vec![a.min(6), a.max(6)], g[a as usize][6]));
    }
    for b in 0..6u32 {
        want.push((vec![4.min(b), 4.max(b)], g[4][b as usize]));
    }
    for t in 1..=4u32 {
        want.push((vec![4 - t, 6 - t], g[4 - t as usize][6 - t as usize]));
    }
    want.sort();
    want.dedup();
    let got: Vec<(Vec<u32>, u32)> = v["followers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let p: Vec<u32> = serde_json::from_value(f["position"].clone()).unwrap();
            (p, f["grundy"].as_u64().unwrap() as u32)
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn a_box_has_the_brute_force_p_positions_and_values() {
    let n = 30;
    let g = wythoff_brute(n);
    let v = api::solve(&req(WYTHOFF, &[]), n as u32, None, true, &quiet);
    assert_eq!(v["ok"], true, "{v}");
    let mut want = Vec::new();
    for (a, row) in g.iter().enumerate() {
        for (b, &x) in row.iter().enumerate().skip(a) {
            if x == 0 {
                want.push(vec![a as u32, b as u32]);
            }
        }
    }
    let mut got = positions(&v["p_positions"]);
    got.sort();
    assert_eq!(got, want);
    assert_eq!(v["p_count"], want.len());
    assert_eq!(v["total"], (n + 1) * (n + 2) / 2);
    // Two heaps are drawn by the page from the grid; the sequence is for one heap.
    assert_eq!(v["sequence"], Value::Null);
    let grid = v["grid"].as_array().unwrap();
    for a in 0..=n {
        for b in 0..=n {
            assert_eq!(grid[a * (n + 1) + b], g[a][b], "({a}, {b})");
        }
    }
}

#[test]
fn a_typo_is_located_in_the_text() {
    let text = WYTHOFF.replace("heaps 2", "heapz 2");
    let v = api::check(&req(&text, &[]));
    assert_eq!(v["ok"], false);
    let d = &v["diagnostics"][0];
    let at = text.find("heapz").unwrap();
    let line = text[..at].matches('\n').count() + 1;
    assert_eq!(d["line"], line, "{v}");
    assert_eq!(d["span"][0], at, "{v}");
    assert!(d["code"].as_str().unwrap().starts_with("heapgame::"));
    assert!(v["rendered"].as_str().unwrap().contains("heapz"), "{v}");
    // The parameters still come through while the text has a problem elsewhere.
    let v = api::check(&req(&FZ.replace("heaps k", "heaps kk"), &[]));
    assert_eq!(v["params"][0]["name"], "k", "{v}");
    assert_eq!(v["params"][0]["default"], "3", "{v}");
}

#[test]
fn parameters_are_checked_as_dash_p_values() {
    let v = api::check(&req(FZ, &["k=4"]));
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["heaps"], 4);
    let v = api::check(&req(FZ, &["k=kk"]));
    assert_eq!(v["ok"], false);
    assert_eq!(v["diagnostics"][0]["source"], "-p k=kk", "{v}");
    let v = api::check(&req(FZ, &["nothing=1"]));
    assert_eq!(v["ok"], false, "{v}");
}

#[test]
fn limits_and_refusals_answer_with_a_problem() {
    let mut r = req(WYTHOFF, &[]);
    r.max_positions = 100;
    let v = api::evaluate(&r, "40 60", &quiet);
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::limit", "{v}");
    let v = api::solve(&r, 30, None, false, &quiet);
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::too_large", "{v}");
    let v = api::evaluate(&req(WYTHOFF, &[]), "4 x", &quiet);
    assert_eq!(v["diagnostics"][0]["source"], "position", "{v}");
    assert_eq!(v["diagnostics"][0]["span"][0], 2, "{v}");
    let v = api::evaluate(&req(FZ, &[]), "4000000000 4000000000 4000000000", &quiet);
    assert_eq!(v["ok"], false, "{v}");
}

#[test]
fn heapgame_replies_with_a_winning_move_and_refuses_illegal_ones() {
    let g = wythoff_brute(12);
    let r = req(WYTHOFF, &[]);
    // (6, 10) -> (6, 9) is a move; from (6, 9) heapgame moves to a P-position if it can.
    let v = play::play(&r, "6 10", "6 9", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    let to: Vec<u32> = serde_json::from_value(v["reply"].clone()).unwrap();
    assert_eq!(v["winning"], g[6][9] != 0);
    assert_eq!(g[to[0] as usize][to[1] as usize] == 0, g[6][9] != 0, "{v}");
    let v = play::play(&r, "6 10", "7 7", &quiet);
    assert_eq!(v["ok"], false, "{v}");
    // From a terminal position there is no reply.
    let v = play::reply(&r, "0 0", &quiet);
    assert_eq!(v["reply"], Value::Null, "{v}");
    let v = play::followers(&r, "1 1");
    assert_eq!(positions(&v["followers"]), vec![vec![0, 0], vec![0, 1]]);
}

#[test]
fn any_request_gets_an_answer() {
    for raw in [
        "",
        "null",
        "{\"text\": 3}",
        "[1, 2]",
        "{\"max_positions\": -1}",
    ] {
        let r = request(raw);
        assert_eq!(api::check(&r)["ok"], false, "{raw}");
        assert_eq!(api::evaluate(&r, "1 2", &quiet)["ok"], false, "{raw}");
    }
}

#[test]
fn nim_with_any_number_of_heaps_draws_two_heaps_with_the_empty_ones() {
    let nim = include_str!("../../rulesets/classic/nim.game");
    let v = api::solve(&req(nim, &[]), 7, Some(2), true, &quiet);
    assert_eq!(v["ok"], true, "{v}");
    let grid = v["grid"].as_array().unwrap();
    for a in 0..8u32 {
        for b in 0..8u32 {
            assert_eq!(grid[(a * 8 + b) as usize], a ^ b, "({a}, {b})");
        }
    }
    // P-positions with at most two heaps <= 7: (), and (a, a) for a = 1..7.
    assert_eq!(v["p_count"], 8, "{v}");
    let v = api::solve(&req(nim, &[]), 7, None, false, &quiet);
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::usage", "{v}");
}

/// floor(k * phi), exactly: floor((k + k * sqrt(5)) / 2) = floor((k + isqrt(5 k^2)) / 2).
fn beatty(k: u64) -> u64 {
    (k + (5 * k * k).isqrt()) / 2
}

/// Wythoff's P-positions (a, b), a <= b <= n: (floor(k phi), floor(k phi) + k).
fn wythoff_p(n: u64) -> std::collections::BTreeSet<(u64, u64)> {
    (0..=n)
        .map(|k| (beatty(k), beatty(k) + k))
        .filter(|&(_, b)| b <= n)
        .collect()
}

#[test]
fn one_large_position_goes_through_the_kernel_with_every_follower_valued() {
    // (1000, 1618): 1.6 million positions below it, answered from the kernel's box of 1.3
    // million (a <= b), within the page's default position limit.
    let mut r = req(WYTHOFF, &[]);
    r.max_positions = heapgame_web::DEFAULT_MAX_POSITIONS;
    let v = api::evaluate(&r, "1000 1618", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    assert!(v["kernel"].is_string(), "{}", v["kernel"]);
    let p = wythoff_p(1618);
    let is_p = |a: u64, b: u64| p.contains(&(a.min(b), a.max(b)));
    assert_eq!(v["outcome"] == "P", is_p(1000, 1618));
    // Every move: take from one heap, or the same from both; the winning ones reach P.
    let mut want = Vec::new();
    for t in 1..=1000u64 {
        if is_p(1000 - t, 1618) {
            want.push(vec![1000 - t, 1618]);
        }
        if is_p(1000 - t, 1618 - t) {
            want.push(vec![1000 - t, 1618 - t]);
        }
    }
    for t in 1..=1618u64 {
        let (a, b) = (1000u64.min(1618 - t), 1000u64.max(1618 - t));
        if is_p(a, b) {
            want.push(vec![a, b]);
        }
    }
    want.sort();
    want.dedup();
    let got: Vec<Vec<u64>> = serde_json::from_value(v["winning"].clone()).unwrap();
    assert_eq!(got, want);
    // 1000 + 1618 + 1000 moves, fewer the ones that reach the same position twice.
    let followers = v["followers"].as_array().unwrap();
    assert!(followers.len() <= api::MAX_FOLLOWERS);
    for f in followers {
        let pos: Vec<u64> = serde_json::from_value(f["position"].clone()).unwrap();
        assert_eq!(f["grundy"] == 0, is_p(pos[0], pos[1]), "{f}");
    }
}

#[test]
fn each_follower_names_the_move_clause_that_reaches_it() {
    let v = api::evaluate(&req(WYTHOFF, &[]), "4 6", &quiet);
    let rule = |p: [u32; 2]| {
        v["followers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["position"] == serde_json::json!(p))
            .map(|f| f["rule"].as_str().unwrap_or("").to_string())
    };
    // (3, 5) only by taking one from both heaps; (2, 4) first by the clause listed first.
    assert_eq!(
        rule([3, 5]).as_deref(),
        Some("take same 1.. from both heaps")
    );
    assert_eq!(rule([2, 4]).as_deref(), Some("take 1.. from one heap"));
    assert_eq!(rule([4, 5]).as_deref(), Some("take 1.. from one heap"));
}

/// Kayles' single-heap values by the definition: take 1 or 2 pins, leaving 0, 1 or 2 rows.
fn kayles_brute(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for h in 1..=n {
        let mut seen = [false; 64];
        for t in 1..=2.min(h) {
            for left in 0..=(h - t) {
                seen[(g[left] ^ g[h - t - left]) as usize] = true;
            }
        }
        g[h] = seen.iter().position(|s| !s).unwrap() as u32;
    }
    g
}

#[test]
fn a_sum_shows_each_heaps_value_and_their_xor() {
    let kayles = include_str!("../../rulesets/classic/kayles.game");
    let k = kayles_brute(40);
    let v = api::evaluate(&req(kayles, &[]), "5 11 40", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["heap_values"], serde_json::json!([k[5], k[11], k[40]]));
    assert_eq!(v["grundy"], k[5] ^ k[11] ^ k[40]);
    // Wythoff is not a sum: no heap values.
    let v = api::evaluate(&req(WYTHOFF, &[]), "4 6", &quiet);
    assert_eq!(v["heap_values"], Value::Null, "{v}");
}

#[test]
fn outcome_gives_the_value_and_winning_moves_without_followers() {
    let g = wythoff_brute(12);
    let v = api::outcome(&req(WYTHOFF, &[]), "6 9", &quiet);
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["grundy"], g[6][9]);
    for w in v["winning"].as_array().unwrap() {
        let w: Vec<usize> = serde_json::from_value(w.clone()).unwrap();
        assert_eq!(g[w[0]][w[1]], 0, "{w:?}");
    }
    let v = api::outcome(&req(WYTHOFF, &[]), "0 0", &quiet);
    assert_eq!(v["outcome"], "P", "{v}");
    assert_eq!(v["follower_count"], 0, "{v}");
}

#[test]
fn one_heap_gets_its_sequence() {
    let square = include_str!("../../rulesets/classic/subtract-square.game");
    let v = api::solve(&req(square, &[]), 40, Some(1), false, &quiet);
    assert_eq!(v["ok"], true, "{v}");
    // Losing heaps by the definition: no square reaches a losing heap.
    let mut lose = [false; 41];
    for n in 0..=40usize {
        lose[n] = !(1..=6).any(|s| s * s <= n && lose[n - s * s]);
    }
    // The sequence of every heap from 0, its value 0 exactly at the losing heaps.
    let seq = &v["sequence"];
    assert_eq!(seq["lower"], 0, "{v}");
    let values = seq["values"].as_array().unwrap();
    assert_eq!(values.len(), 41, "{v}");
    for (n, x) in values.iter().enumerate() {
        assert_eq!(x.as_u64() == Some(0), lose[n], "heap {n}: {x}");
    }
    // With at most one heap, the empty position () is the heap of 0.
    let mut want: Vec<Vec<u32>> = (1..=40u32)
        .filter(|&n| lose[n as usize])
        .map(|n| vec![n])
        .collect();
    want.insert(0, vec![]);
    let mut got = positions(&v["p_positions"]);
    got.sort();
    assert_eq!(got, want, "{v}");
}

/// The least period p (with preperiod 0) of `g`, found by comparing `g[n]` with `g[n + p]`.
fn least_period(g: &[u32]) -> usize {
    (1..g.len())
        .find(|&p| (0..g.len() - p).all(|n| g[n] == g[n + p]))
        .unwrap()
}

#[test]
fn a_one_heap_picture_names_the_period_the_sequence_command_finds() {
    // Defect 2 of issue 38: the picture said "no period found" for S = {1, 3, 4}.
    let text = include_str!("../../rulesets/classic/subtraction.game");
    let v = api::solve(&req(text, &[]), 40, Some(1), true, &quiet);
    assert_eq!(v["ok"], true, "{v}");
    // The values by the definition: the mex of g(n - s) for s in S.
    let mut g = vec![0u32; 41];
    for n in 1..=40usize {
        let seen: Vec<u32> = [1, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[n - s])
            .collect();
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    let p = least_period(&g);
    assert_eq!(p, 7, "{g:?}");
    let seq = &v["sequence"];
    let values: Vec<u32> = seq["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(values, g, "{v}");
    assert_eq!(seq["period"]["period"], p, "{v}");
    assert_eq!(seq["period"]["start"], 0, "{v}");
}

#[test]
fn a_position_whose_box_cannot_fit_the_page_is_refused_in_words() {
    // Defect 4 of issue 38: Wythoff (10000, 16180) ended in a "capacity overflow" panic.
    // Its box of 16181^2 cells at 8 bytes a cell is more than the page's memory allows, so
    // the search is the route; it stores every position it reaches, and one token at a time
    // it reaches every unordered pair (x, y) with x <= 10000, y <= 16180: more than the
    // position limit. The query floor refuses it before solving, with a count of them that
    // is at most the true one (counted here) and more than the limit.
    let mut r = req(WYTHOFF, &[]);
    r.max_positions = heapgame_web::DEFAULT_MAX_POSITIONS;
    let v = api::evaluate(&r, "10000 16180", &quiet);
    assert_eq!(v["ok"], false, "{v}");
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "heapgame::limit", "{v}");
    let message = d["message"].as_str().unwrap();
    let limit = heapgame_web::DEFAULT_MAX_POSITIONS;
    assert!(
        message.contains(&format!("needs more than {limit} positions stored")),
        "{v}"
    );
    let count: u128 = message
        .split("at least ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .map(|t| t.parse().unwrap())
        .unwrap();
    let reachable: u128 = (0..=10000u128).map(|x| 16180 - x + 1).sum();
    assert!(
        count > limit as u128 && count <= reachable,
        "{count} of {reachable}"
    );
    // Forced past the follower count's refusal, a far larger one stops in words too, when
    // the search's memory is refused.
    r.force = true;
    let v = api::evaluate(&r, "4000000000 4000000000", &quiet);
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::too_large", "{v}");
    assert!(v["diagnostics"][0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("page's memory")));
    // A smaller one still answers (the search, within the limit).
    let v = api::evaluate(&req(WYTHOFF, &[]), "30 40", &quiet);
    assert_eq!(v["ok"], true, "{v}");
}

#[test]
fn a_loopy_game_is_solved_with_draws_in_normal_play() {
    // Splitting a heap into 0 and itself returns to the same position: every position with
    // a heap has a move to itself, so the player to move is never stuck there (a draw, D),
    // and only the empty position, with no move, is P. Smith's value of (3) is infinity
    // with an empty K (no follower has a finite value), written `inf`.
    let text = include_str!("../../tests/inputs/errors/loop.game");
    let v = api::check(&req(text, &[]));
    assert_eq!(
        (v["ok"].clone(), v["loopy"].clone()),
        (true.into(), true.into()),
        "{v}"
    );
    let v = api::evaluate(&req(text, &[]), "3", &quiet);
    assert_eq!(v["outcome"], "D", "{v}");
    assert_eq!(v["grundy"], "inf", "{v}");
    assert_eq!(positions(&v["drawing"]), vec![vec![1, 2], vec![3]], "{v}");
    assert_eq!(positions(&v["winning"]), Vec::<Vec<u32>>::new(), "{v}");
    let v = api::outcome(&req(text, &[]), "1 1", &quiet);
    assert_eq!(v["outcome"], "D", "{v}");
}

#[test]
fn a_loop_in_the_moves_is_a_problem_when_checking_in_misere_play() {
    // Splitting a heap of 3 into 0 and 3 returns to (3): the moves loop, and misère play of
    // a loopy game is not solved.
    let text = include_str!("../../tests/inputs/errors/loop.game")
        .replace("heaps any", "heaps any\n  play misere");
    let text = text.as_str();
    let v = api::check(&req(text, &[]));
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["diagnostics"][0]["code"], "heapgame::cycle", "{v}");
    // Located at the move clause that makes the loop.
    let at = text.find("move {").unwrap();
    assert_eq!(v["diagnostics"][0]["span"][0], at, "{v}");
    // Every bundled ruleset checks without a problem.
    for (name, text) in [("wythoff", WYTHOFF), ("fz", FZ)] {
        assert_eq!(api::check(&req(text, &[]))["ok"], true, "{name}");
    }
}

/// Take-or-add (rulesets/classic/take-or-add.game, m = 12) by retrograde analysis: P, N or D
/// at (a, b), both heaps at most 12.
fn take_or_add_outcome(a: usize, b: usize) -> char {
    const M: usize = 12;
    let heap = |x: usize| {
        let mut out: Vec<usize> = [2, 3].iter().filter(|&&t| x >= t).map(|t| x - t).collect();
        if x % 4 == 3 && x + 2 <= M {
            out.push(x + 2);
        }
        out
    };
    let mut val = vec![vec!['?'; M + 1]; M + 1];
    let mut changed = true;
    while changed {
        changed = false;
        for x in 0..=M {
            for y in 0..=M {
                if val[x][y] != '?' {
                    continue;
                }
                let to: Vec<char> = heap(x)
                    .into_iter()
                    .map(|n| val[n][y])
                    .chain(heap(y).into_iter().map(|n| val[x][n]))
                    .collect();
                if to.contains(&'P') {
                    val[x][y] = 'N';
                } else if to.iter().all(|&c| c == 'N') {
                    val[x][y] = 'P';
                } else {
                    continue;
                }
                changed = true;
            }
        }
    }
    match val[a][b] {
        '?' => 'D',
        v => v,
    }
}

#[test]
fn the_page_takes_the_librarys_one_route() {
    use heapgame::query::{eval, Answer, Limits, Room, Route, Want};
    use heapgame::solver::Budget;
    const TAKE_OR_ADD: &str = include_str!("../../rulesets/classic/take-or-add.game");
    let g = wythoff_brute(40);
    let cases: [(&str, [u32; 2]); 5] = [
        (WYTHOFF, [4, 6]),
        (WYTHOFF, [21, 34]),
        (TAKE_OR_ADD, [7, 7]),
        (TAKE_OR_ADD, [9, 4]),
        (TAKE_OR_ADD, [0, 5]),
    ];
    for (text, pos) in cases {
        let typed = format!("{} {}", pos[0], pos[1]);
        let v = api::evaluate(&req(text, &[]), &typed, &quiet);
        let game = heapgame::Game::from_source("t.game", text, &[]).unwrap();
        let limits = Limits::with_room(Room::Unbounded);
        let mut solver = game.solver();
        let a = eval(
            &game,
            &mut solver,
            &pos,
            &limits,
            &Budget::default(),
            Want::default(),
        );
        let a = a.unwrap();
        match a {
            Answer::Values(e) => {
                let want = g[pos[0] as usize][pos[1] as usize];
                assert_eq!(e.grundy, Some(want), "the library at {pos:?}");
                assert_eq!(v["grundy"], want, "the page at {pos:?}: {v}");
                let kernel = match e.route {
                    Route::Kernel(k) => Value::from(k),
                    _ => Value::Null,
                };
                assert_eq!(v["kernel"], kernel, "the same route at {pos:?}: {v}");
            }
            Answer::Loopy(sol) => {
                let want = take_or_add_outcome(pos[0] as usize, pos[1] as usize).to_string();
                assert_eq!(
                    sol.root().outcome().to_string(),
                    want,
                    "the library at {pos:?}"
                );
                assert_eq!(v["loopy"], true, "{v}");
                assert_eq!(v["outcome"], want.as_str(), "the page at {pos:?}: {v}");
            }
        }
    }
}
