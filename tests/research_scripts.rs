//! The research scripts of `docs/research/` (Python, driving the `heapgame` binary) run at small
//! bounds, their printed results compared with plain brute forces written here and with the
//! papers' own statements.

use std::collections::HashMap;
use std::process::Command;

use crate::common::mex;

fn script(args: &[&str]) -> (bool, String) {
    let out = Command::new("python3")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("python3 runs the research scripts");
    (out.status.success(), String::from_utf8(out.stdout).unwrap())
}

const BIN: &str = env!("CARGO_BIN_EXE_heapgame");

/// Fraenkel and Zusman's game on three heaps: take a positive number from one or two heaps, or
/// the same positive number from all three.
fn fz(p: [u32; 3], memo: &mut HashMap<[u32; 3], u32>) -> u32 {
    if let Some(&g) = memo.get(&p) {
        return g;
    }
    let mut seen = Vec::new();
    let mut push = |mut q: [u32; 3], memo: &mut HashMap<[u32; 3], u32>| {
        q.sort();
        seen.push(fz(q, memo));
    };
    for i in 0..3 {
        for j in i..3 {
            // from heap i (and heap j if j != i): every pair of amounts, the first positive
            for x in 1..=p[i] {
                let ys = if i == j { 0..=0 } else { 0..=p[j] };
                for y in ys {
                    let mut q = p;
                    q[i] -= x;
                    q[j] -= y;
                    push(q, memo);
                }
            }
        }
    }
    let low = *p.iter().min().unwrap();
    for t in 1..=low {
        push([p[0] - t, p[1] - t, p[2] - t], memo);
    }
    let g = mex(&seen);
    memo.insert(p, g);
    g
}

#[test]
fn fz_grundy_script_against_brute_force_and_theorem_1() {
    let top = 12;
    let mut memo = HashMap::new();
    let mut exceptions = 0;
    for a in 0..=top {
        for b in a..=top {
            for c in b..=top {
                let g = fz([a, b, c], &mut memo);
                let sum = a + b + c;
                assert!(g <= sum);
                // Theorem 1 (k = 3): P iff a = T_n and b + c = 2 T_n + n.
                let n = (1..=a + 1)
                    .take_while(|n| n * (n + 1) / 2 <= a)
                    .last()
                    .unwrap_or(0);
                let p = n * (n + 1) / 2 == a && b + c == 2 * a + n;
                assert_eq!(g == 0, p, "({a}, {b}, {c})");
                if g < sum {
                    exceptions += 1;
                    assert!(b + c - 2 * a < 2 * n, "the conjecture at ({a}, {b}, {c})");
                }
            }
        }
    }
    let (ok, out) = script(&["docs/research/fz_grundy.py", "12", BIN]);
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!(
            "455 positions, {exceptions} with g < m0 + m1 + m2"
        )),
        "{out}"
    );
    assert!(
        out.contains("every exception has m1 + m2 - 2 m0 <= 2n - 1"),
        "{out}"
    );
}

/// ({1}, {1, 2})_k, Princess and Roses: remove one token from one pile or from each of two.
fn roses(p: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let mut p_position = true;
    'all: for i in 0..p.len() {
        for j in i..p.len() {
            let mut q = p.to_vec();
            if q[i] == 0 || q[j] == 0 {
                continue;
            }
            q[i] -= 1;
            if j != i {
                q[j] -= 1;
            }
            q.sort();
            if roses(&q, memo) {
                p_position = false;
                break 'all;
            }
        }
    }
    memo.insert(p.to_vec(), p_position);
    p_position
}

/// Every sorted position of `k` heaps <= top.
fn sorted_positions(k: usize, top: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                let low = p.last().copied().unwrap_or(0);
                (low..=top).map(move |h| [p.clone(), vec![h]].concat())
            })
            .collect();
    }
    all
}

#[test]
fn parity_rule_script_on_princess_and_roses() {
    let mut memo = HashMap::new();
    // Five piles, heaps <= 7: P exactly at the sorted parities 00000, 00111, 11001, 11110.
    for p in sorted_positions(5, 7) {
        let parities: String = p.iter().map(|h| (b'0' + (h % 2) as u8) as char).collect();
        let rule = ["00000", "00111", "11001", "11110"].contains(&parities.as_str());
        assert_eq!(roses(&p, &mut memo), rule, "{p:?}");
    }
    let file = "rulesets/bhowmik/princess-and-roses.game";
    let (ok, out) = script(&["docs/research/parity_rule.py", "7", BIN, file, "-p", "k=5"]);
    assert!(ok, "{out}");
    assert!(out.contains("P exactly at the sorted parity patterns 00000, 00111, 11001, 11110"));
    // Four piles: the paper's rule (all even, or three odd and the smallest even).
    let (ok, out) = script(&["docs/research/parity_rule.py", "7", BIN, file, "-p", "k=4"]);
    assert!(ok && out.contains("patterns 0000, 0111 "), "{out}");
    // Six piles: no parity rule; the pair the script names, by brute force.
    assert!(roses(&[1, 1, 1, 1, 1, 1], &mut memo));
    assert!(!roses(&[1, 1, 1, 1, 1, 3], &mut memo));
    let (ok, out) = script(&["docs/research/parity_rule.py", "6", BIN, file, "-p", "k=6"]);
    assert!(!ok);
    assert!(
        out.contains("(1, 1, 1, 1, 1, 1) is P, (1, 1, 1, 1, 1, 3) is N"),
        "{out}"
    );
    // The research ruleset's claim states the same rule.
    crate::common::run::heapgame()
        .args(["check", "docs/research/princess-roses-5.game", "--max", "7"])
        .run()
        .assert_code(0);
}

/// The cookie game by its rules: remove one heap, lower the others by one.
fn cookie(p: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let seen: Vec<u32> = (0..p.len())
        .map(|i| {
            let f: Vec<u32> = (0..p.len())
                .filter(|&j| j != i && p[j] > 1)
                .map(|j| p[j] - 1)
                .collect();
            cookie(&f, memo)
        })
        .collect();
    let g = mex(&seen);
    memo.insert(p.to_vec(), g);
    g
}

#[test]
fn propp_staircase_script_against_brute_force() {
    let (ok, out) = script(&["docs/research/propp_staircase.py", "1", "9", BIN]);
    assert!(ok, "{out}");
    let mut memo = HashMap::new();
    for n in 1..=9u32 {
        let p: Vec<u32> = (1..=n).collect();
        let wins: Vec<u32> = (1..=n)
            .filter(|&k| {
                let f: Vec<u32> = p
                    .iter()
                    .filter(|&&h| h != k && h > 1)
                    .map(|h| h - 1)
                    .collect();
                cookie(&f, &mut memo) == 0
            })
            .collect();
        let shown = if wins.is_empty() {
            "none".to_string()
        } else {
            format!("{wins:?}")
        };
        assert!(
            out.contains(&format!(
                "n = {n}: {}, winning components {shown}:",
                if wins.is_empty() { "P" } else { "N" }
            )),
            "n = {n}: {out}"
        );
    }
}
