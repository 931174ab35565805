//! One position, one route: `heapgame eval` (the binary, its JSON), the REPL (the binary,
//! a line typed) and the playground (its Rust API, `heapgame_web::api::evaluate`, run
//! natively) answer the same positions with the same outcome, value and route, through the
//! library's one route (`query::eval`), and each answer agrees with a brute force or a
//! theorem written here: positions a kernel answers (Wythoff's game, up to (1500, 2000), by
//! its moves and by Wythoff's pairs), a normal-play sum the search answers (Kayles), a
//! misère sum of Kayles heaps (the search), and a loopy game's positions (take-or-add, by
//! retrograde analysis).

use std::collections::HashMap;

use crate::common::run::heapgame;
use crate::common::{Brute, Shape};

/// What a front end said about a position: its outcome (`P`, `N` or `D`), its value as
/// written (`9`, `inf{0,2}`), and its route (`kernel NAME`, `search`, `loopy`).
type Said = (String, String, String);

/// The outcome, the value and the route in the text of an answer (the REPL's).
fn read_text(text: &str) -> Said {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
            .unwrap_or_else(|| panic!("no `{name}` line in:\n{text}"))
    };
    let method = text.lines().find_map(|l| l.strip_prefix("method:"));
    let route = match method {
        _ if text.lines().any(|l| l.starts_with("loopy:")) => "loopy".to_string(),
        Some(m) if m.trim().starts_with("the kernel `") => {
            format!("kernel {}", m.split('`').nth(1).unwrap_or(""))
        }
        Some(m) => m.trim().to_string(),
        None => "search".to_string(),
    };
    (field("outcome:"), field("grundy:"), route)
}

/// The value as written: a number, or the text of an infinite one.
fn value_text(v: &serde_json::Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// The outcome, the value and the route in `heapgame eval --format json`'s answer.
fn read_eval_json(v: &serde_json::Value) -> Said {
    let route = if v["loopy"] == true {
        "loopy".to_string()
    } else if v["method"] == "kernel" {
        format!("kernel {}", value_text(&v["kernel"]))
    } else {
        value_text(&v["method"])
    };
    (value_text(&v["outcome"]), value_text(&v["grundy"]), route)
}

/// The outcome, the value and the route in the playground's answer.
fn read_page(v: &serde_json::Value) -> Said {
    assert_eq!(v["ok"], true, "{v}");
    let route = if v["loopy"] == true {
        "loopy".to_string()
    } else if v["kernel"].is_string() {
        format!("kernel {}", value_text(&v["kernel"]))
    } else {
        "search".to_string()
    };
    (value_text(&v["outcome"]), value_text(&v["grundy"]), route)
}

/// The answers of `heapgame eval FILE POS`, of the REPL on `FILE` asked `POS`, and of the
/// playground given the text of `FILE` (its default position limit), in that order.
fn three(file: &str, pos: &str) -> [Said; 3] {
    let words: Vec<&str> = pos.split_whitespace().collect();
    let eval = heapgame().arg("eval").arg(file).args(&words).json();
    let repl = heapgame()
        .args(["repl", file])
        .stdin(format!("{pos}\n"))
        .ok();
    let req = page_request(file);
    let page = heapgame_web::api::evaluate(&req, pos, &|_| {});
    [read_eval_json(&eval), read_text(&repl), read_page(&page)]
}

/// The playground's request for the text of `file`, at its default position limit.
fn page_request(file: &str) -> heapgame_web::api::Request {
    heapgame_web::api::Request {
        name: file.to_string(),
        text: std::fs::read_to_string(file).expect("the ruleset"),
        params: Vec::new(),
        max_positions: heapgame_web::DEFAULT_MAX_POSITIONS,
        force: false,
    }
}

/// The answer all three front ends gave at `pos` (each asserted equal to the command line's).
fn agreed(file: &str, pos: &str) -> Said {
    let [eval, repl, page] = three(file, pos);
    assert_eq!(repl, eval, "the REPL and eval at {pos}");
    assert_eq!(page, eval, "the playground and eval at {pos}");
    eval
}

/// Wythoff's game by its moves: any amount from one heap, or the same from both.
fn wythoff() -> Brute {
    Brute::new("Wythoff", Shape::Fixed, |p: &[u32]| {
        let (a, b) = (p[0], p[1]);
        let mut v: Vec<Vec<u32>> = (1..=a).map(|t| vec![a - t, b]).collect();
        v.extend((1..=b).map(|t| vec![a, b - t]));
        v.extend((1..=a.min(b)).map(|t| vec![a - t, b - t]));
        v
    })
}

const WYTHOFF: &str = "rulesets/classic/wythoff.game";

#[test]
fn the_three_front_ends_agree_with_wythoffs_definition() {
    let mut g = wythoff();
    for (a, b) in [(4u32, 6u32), (3, 5), (10, 20), (37, 60), (0, 0)] {
        let said = agreed(WYTHOFF, &format!("{a} {b}"));
        let want = g.grundy(&[a, b]);
        let outcome = if want == 0 { "P" } else { "N" };
        assert_eq!(said.0, outcome, "({a}, {b})");
        assert_eq!(said.1, want.to_string(), "({a}, {b})");
    }
}

/// Wythoff's P-positions `(a_n, b_n)` with `b_n <= most`: `a_n` the least number not yet in
/// a pair, `b_n = a_n + n` (Wythoff 1907).
fn wythoff_pairs(most: u32) -> Vec<(u32, u32)> {
    let mut used = std::collections::HashSet::new();
    let mut pairs = Vec::new();
    let mut a = 0;
    for n in 0.. {
        while used.contains(&a) {
            a += 1;
        }
        if a + n > most {
            break;
        }
        pairs.push((a, a + n));
        used.extend([a, a + n]);
    }
    pairs
}

/// Positions whose box the kernel fills at once and the search would take millions of
/// positions for: the same route (the kernel) and answer everywhere, the outcome Wythoff's.
#[test]
fn a_position_the_kernel_answers_takes_the_kernel_everywhere() {
    let pairs = wythoff_pairs(2000);
    let &last = pairs.last().expect("pairs");
    for (a, b) in [(1500, 2000), last] {
        let said = agreed(WYTHOFF, &format!("{a} {b}"));
        let outcome = if pairs.contains(&(a, b)) { "P" } else { "N" };
        assert_eq!(said.0, outcome, "({a}, {b})");
        assert!(said.2.starts_with("kernel "), "({a}, {b}): {said:?}");
    }
}

/// Kayles' Grundy values of single rows `0..=n`: a move takes 1 or 2 adjacent pins, leaving
/// two rows (either may be empty).
fn kayles(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for h in 0..=n {
        // The values stay below 16: their XORs index this.
        let mut seen = [false; 64];
        for take in 1..=2.min(h) {
            for left in 0..=h - take {
                seen[(g[left] ^ g[h - take - left]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
    }
    g
}

/// A sum no kernel matches, in normal play: the search (through the single rows' values),
/// the same answer everywhere, the XOR of the rows' values.
#[test]
fn a_sum_the_search_answers_takes_the_search_everywhere() {
    let g = kayles(40);
    for pos in [vec![3u32, 5, 7], vec![1, 4, 9], vec![12, 30, 40]] {
        let typed: Vec<String> = pos.iter().map(u32::to_string).collect();
        let said = agreed("rulesets/classic/kayles.game", &typed.join(" "));
        let want = pos.iter().fold(0, |x, &h| x ^ g[h as usize]);
        assert_eq!(said.1, want.to_string(), "{pos:?}");
        assert_eq!(said.0, if want == 0 { "P" } else { "N" }, "{pos:?}");
        assert_eq!(said.2, "search", "{pos:?}");
    }
}

/// Whether a misère sum of Kayles rows (sorted) is a win for the player to move: a move
/// takes 1 or 2 adjacent pins from one row, leaving 0, 1 or 2 rows.
fn kayles_misere_wins(pos: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, &h) in pos.iter().enumerate() {
        for take in 1..=2u32.min(h) {
            for left in 0..=h - take {
                let right = h - take - left;
                let mut next: Vec<u32> = pos.to_vec();
                next.remove(i);
                next.extend([left, right].into_iter().filter(|&x| x > 0));
                next.sort_unstable();
                any_move = true;
                if !kayles_misere_wins(&next, memo) {
                    wins = true;
                }
            }
        }
    }
    // Misère play: who cannot move has just watched the last move made, and wins.
    let w = if any_move { wins } else { true };
    memo.insert(pos.to_vec(), w);
    w
}

#[test]
fn a_misere_sum_gets_the_same_answer_from_the_three_front_ends() {
    let dir = std::env::temp_dir().join(format!("heapgame-one-route-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("misere-kayles.game");
    let kayles = std::fs::read_to_string("rulesets/classic/kayles.game").unwrap();
    let misere = kayles.replacen("heaps any", "play misere\n  heaps any", 1);
    assert_ne!(misere, kayles, "the ruleset says `heaps any`");
    std::fs::write(&file, misere).unwrap();
    let file = file.to_str().unwrap();
    let mut memo = HashMap::new();
    for pos in [vec![4, 7], vec![1, 1, 1], vec![2, 5, 6], vec![1, 4, 9]] {
        let typed: Vec<String> = pos.iter().map(u32::to_string).collect();
        let said = agreed(file, &typed.join(" "));
        let mut sorted = pos.clone();
        sorted.sort_unstable();
        let outcome = if kayles_misere_wins(&sorted, &mut memo) {
            "N"
        } else {
            "P"
        };
        assert_eq!(said.0, outcome, "{pos:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Take-or-add (rulesets/classic/take-or-add.game, m = 12) by retrograde analysis: P, N or D
/// for each position (a, b) with both heaps at most 12.
fn take_or_add() -> Vec<Vec<char>> {
    const M: usize = 12;
    // The new sizes of one heap: 2 or 3 fewer, or 2 more from a size 3 mod 4 (within M).
    let heap = |x: usize| {
        let mut out: Vec<usize> = [2, 3].iter().filter(|&&t| x >= t).map(|t| x - t).collect();
        if x % 4 == 3 && x + 2 <= M {
            out.push(x + 2);
        }
        out
    };
    let moves = |a: usize, b: usize| {
        let mut out: Vec<(usize, usize)> = heap(a).into_iter().map(|x| (x, b)).collect();
        out.extend(heap(b).into_iter().map(|y| (a, y)));
        out
    };
    let mut val = vec![vec!['?'; M + 1]; M + 1];
    loop {
        let mut changed = false;
        for a in 0..=M {
            for b in 0..=M {
                if val[a][b] != '?' {
                    continue;
                }
                let f = moves(a, b);
                let to: Vec<char> = f.iter().map(|&(x, y)| val[x][y]).collect();
                let v = if to.contains(&'P') {
                    'N'
                } else if to.iter().all(|&c| c == 'N') {
                    'P'
                } else {
                    continue;
                };
                val[a][b] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for row in &mut val {
        for v in row.iter_mut() {
            if *v == '?' {
                *v = 'D';
            }
        }
    }
    val
}

#[test]
fn a_loopy_position_gets_the_same_answer_from_the_three_front_ends() {
    let want = take_or_add();
    let mut seen = String::new();
    for (a, b) in [(7, 7), (7, 0), (0, 0), (9, 4), (5, 11), (3, 7)] {
        let said = agreed("rulesets/classic/take-or-add.game", &format!("{a} {b}"));
        assert_eq!(said.0, want[a][b].to_string(), "({a}, {b})");
        // A draw is found only by the loopy route (a position with no loop below it is
        // answered by the search, alike everywhere).
        if want[a][b] == 'D' {
            assert_eq!(said.2, "loopy", "({a}, {b})");
        }
        seen.push(want[a][b]);
    }
    assert!(
        seen.contains('D') && seen.contains('P') && seen.contains('N'),
        "the positions cover every outcome: {seen}"
    );
}

/// The P-positions in CSV rows (`h1,h2,outcome`; an absent heap is empty), in order.
fn csv_ps(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            let (outcome, heaps) = cells.split_last()?;
            let heaps: Option<Vec<u32>> = (heaps.iter())
                .filter(|h| !h.is_empty())
                .map(|h| h.parse().ok())
                .collect();
            (*outcome == "P").then_some(heaps?)
        })
        .collect()
}

/// The P-positions of the box (every heap `<= max`, `heaps` heaps for a ruleset with any
/// number) from `heapgame solve --format csv`, the REPL's `:table` and the playground's
/// `api::solve`, each sorted.
fn box_three(file: &str, max: u32, heaps: Option<usize>) -> [Vec<Vec<u32>>; 3] {
    let mut args = vec!["--max".to_string(), max.to_string()];
    if let Some(k) = heaps {
        args.extend(["--heaps".to_string(), k.to_string()]);
    }
    let csv = ["--format", "csv"];
    let solve = heapgame().args(["solve", file]).args(&args).args(csv).ok();
    let line = format!(":table {} --format csv\n", args.join(" "));
    let repl = heapgame().args(["repl", file]).stdin(line).ok();
    let req = page_request(file);
    let page = heapgame_web::api::solve(&req, max, heaps, false, &|_| {});
    assert_eq!(page["ok"], true, "{page}");
    let page: Vec<Vec<u32>> =
        serde_json::from_value(page["p_positions"].clone()).expect("the P-positions");
    let mut all = [csv_ps(&solve), csv_ps(&repl), page];
    for ps in &mut all {
        ps.sort();
    }
    all
}

/// A box gets the same P-positions from `solve`, the REPL's `:table` and the playground (one
/// call to the query floor each), and they are those of the definitions: Wythoff's pairs
/// (the kernel), Kayles' sums of rows by the XOR of the rows' values (the sum mode), and
/// take-or-add's P-positions by retrograde analysis (a loopy box, by Smith's values).
#[test]
fn a_box_gets_the_same_p_positions_from_the_three_front_ends() {
    let want: Vec<Vec<u32>> = (wythoff_pairs(40).into_iter())
        .map(|(a, b)| vec![a, b])
        .collect();
    for ps in box_three(WYTHOFF, 40, None) {
        assert_eq!(ps, want, "Wythoff's box");
    }
    let g = kayles(12);
    let mut want = vec![vec![]];
    for a in 1..=12u32 {
        if g[a as usize] == 0 {
            want.push(vec![a]);
        }
        for b in a..=12u32 {
            if g[a as usize] == g[b as usize] {
                want.push(vec![a, b]);
            }
        }
    }
    want.sort();
    for ps in box_three("rulesets/classic/kayles.game", 12, Some(2)) {
        assert_eq!(ps, want, "Kayles' box of two rows");
    }
    let grid = take_or_add();
    let mut want = Vec::new();
    for (a, row) in grid.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            if v == 'P' {
                want.push(vec![a as u32, b as u32]);
            }
        }
    }
    for ps in box_three("rulesets/classic/take-or-add.game", 12, None) {
        assert_eq!(ps, want, "take-or-add's box");
    }
}

/// The number in "at least N of them" of a refusal of the search.
fn at_least(text: &str) -> u128 {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let after = flat
        .split("at least ")
        .nth(1)
        .unwrap_or_else(|| panic!("no `at least` in:\n{text}"));
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after `at least` in:\n{text}"))
}

#[test]
fn a_search_proven_past_the_position_limit_is_refused_alike_everywhere() {
    // Wythoff (300, 500) under a position limit of 50 that the user set: the kernel's box
    // (501^2 positions) is more than the limit, so the search is the route, and it stores
    // every position it reaches. Taking one token at a time reaches every (x, y), x <= 300,
    // y <= 500, so the search needs every unordered pair below: by Wythoff's moves, counted
    // here by brute force. All three front ends refuse it before solving, with the same
    // proven count, which is at most that number and more than the limit.
    let reachable: u128 = (0..=300u128).map(|x| 500 - x + 1).sum();
    let eval = heapgame()
        .args(["eval", WYTHOFF, "300", "500", "--max-positions", "50"])
        .fails_with("heapgame::limit");
    let repl = heapgame()
        .args(["repl", WYTHOFF, "--max-positions", "50"])
        .stdin("300 500\n")
        .run();
    let repl = format!("{}{}", repl.stdout, repl.stderr);
    let mut req = page_request(WYTHOFF);
    req.max_positions = 50;
    let page = heapgame_web::api::evaluate(&req, "300 500", &|_| {});
    assert_eq!(page["ok"], false, "{page}");
    assert_eq!(page["diagnostics"][0]["code"], "heapgame::limit", "{page}");
    let page = page["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let counts = [at_least(&eval), at_least(&repl), at_least(&page)];
    assert_eq!(counts[1], counts[0], "the REPL and eval:\n{repl}\n{eval}");
    assert_eq!(
        counts[2], counts[0],
        "the playground and eval:\n{page}\n{eval}"
    );
    assert!(
        counts[0] > 50 && counts[0] <= reachable,
        "{counts:?} of {reachable}"
    );
    for said in [&eval, &repl, &page] {
        assert!(said.contains("nothing was solved"), "{said}");
    }
    // A session whose solver has (30, 40) already answers it under any limit: the refusal
    // is of a search still to run, never of an answer held.
    let session = heapgame()
        .args(["repl", WYTHOFF, "--max-positions", "800"])
        .stdin("30 40\n:limit 50\n30 40\n")
        .ok();
    assert_eq!(session.matches("grundy:   56").count(), 2, "{session}");
    // Forced, the search runs and stops at the limit: the refusal was right.
    let forced = heapgame()
        .args([
            "eval",
            WYTHOFF,
            "300",
            "500",
            "--max-positions",
            "50",
            "--force",
        ])
        .fails_with("heapgame::limit");
    let forced = forced.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        forced.contains("needs more than 50 positions stored"),
        "{forced}"
    );
    assert!(!forced.contains("nothing was solved"), "{forced}");
}
