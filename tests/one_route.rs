//! One position, one route: `heapgame eval` and the REPL answer the same positions alike,
//! through the library's one route (`query::eval`), and each answer agrees with a brute
//! force written here: positions a kernel answers (Wythoff's game), a misère sum of Kayles
//! heaps (the search), and a loopy game's positions (take-or-add, by retrograde analysis).
//! The playground's side of the same positions is in `web/tests/api.rs`.

use std::collections::HashMap;

use crate::common::run::heapgame;
use crate::common::{Brute, Shape};

/// The outcome (`P`, `N` or `D`) and the Grundy value as printed (`9`, `inf{0,2}`, or
/// `not computed`) in an answer's text.
fn read_answer(text: &str) -> (String, String) {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
            .unwrap_or_else(|| panic!("no `{name}` line in:\n{text}"))
    };
    (field("outcome:"), field("grundy:"))
}

/// The answer of `heapgame eval FILE POS` and of the REPL on `FILE` asked `POS`.
fn both(file: &str, pos: &str) -> ((String, String), (String, String)) {
    let words: Vec<&str> = pos.split_whitespace().collect();
    let eval = heapgame().arg("eval").arg(file).args(&words).ok();
    let repl = heapgame()
        .args(["repl", file])
        .stdin(format!("{pos}\n"))
        .ok();
    (read_answer(&eval), read_answer(&repl))
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

#[test]
fn eval_and_the_repl_agree_with_wythoffs_definition() {
    let mut g = wythoff();
    for (a, b) in [(4u32, 6u32), (3, 5), (10, 20), (37, 60), (0, 0)] {
        let (eval, repl) = both("rulesets/classic/wythoff.game", &format!("{a} {b}"));
        let want = g.grundy(&[a, b]);
        let outcome = if want == 0 { "P" } else { "N" };
        assert_eq!(
            eval,
            (outcome.to_string(), want.to_string()),
            "eval ({a}, {b})"
        );
        assert_eq!(repl, eval, "the REPL and eval at ({a}, {b})");
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
fn a_misere_sum_gets_the_same_outcome_from_eval_and_the_repl() {
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
        let (eval, repl) = both(file, &typed.join(" "));
        let mut sorted = pos.clone();
        sorted.sort_unstable();
        let outcome = if kayles_misere_wins(&sorted, &mut memo) {
            "N"
        } else {
            "P"
        };
        assert_eq!(eval.0, outcome, "eval at {pos:?}");
        assert_eq!(repl, eval, "the REPL and eval at {pos:?}");
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
fn a_loopy_position_gets_the_same_outcome_from_eval_and_the_repl() {
    let want = take_or_add();
    let mut seen = String::new();
    for (a, b) in [(7, 7), (7, 0), (0, 0), (9, 4), (5, 11), (3, 7)] {
        let (eval, repl) = both("rulesets/classic/take-or-add.game", &format!("{a} {b}"));
        assert_eq!(eval.0, want[a][b].to_string(), "eval at ({a}, {b})");
        assert_eq!(repl, eval, "the REPL and eval at ({a}, {b})");
        seen.push(want[a][b]);
    }
    assert!(
        seen.contains('D') && seen.contains('P') && seen.contains('N'),
        "the positions cover every outcome: {seen}"
    );
}
