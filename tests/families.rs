//! Statements about sets of positions, end to end through the binary: family claims (`count(C)
//! OP E for n in R within max M`, `least n in R: C within ... is E`) and runs over positions the
//! file names (`check over L for a in R, ...`). Each false variant must be found: a wrong count,
//! a wrong least witness, a wrong table entry outside any box. Every expected value is computed
//! here by a plain brute force over the game's rules (Fraenkel-Zusman's game on 3 heaps, Propp's
//! cookie game), never taken from heapgame.

use std::collections::HashMap;
use std::path::PathBuf;

/// Runs heapgame with `args`; returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    crate::common::run::run(args)
}

fn dir() -> PathBuf {
    std::env::temp_dir().join(format!("heapgame-families-{}", std::process::id()))
}

/// Writes `text` to a fresh file for this test and returns its path.
fn fixture(name: &str, text: &str) -> String {
    std::fs::create_dir_all(dir()).expect("a temporary directory");
    let p = dir().join(format!("{name}.game"));
    std::fs::write(&p, text).expect("write the fixture");
    p.to_string_lossy().into_owned()
}

/// The output with the fixture's directory dropped, for snapshots.
fn shown(out: &str) -> String {
    out.replace(&format!("{}/", dir().to_string_lossy()), "")
}

// ---------------------------------------------------------------- Fraenkel-Zusman, k = 3

/// P/N of every ordered triple with heaps <= `max` in Fraenkel and Zusman's game (k = 3): take
/// a positive number from each of one or two heaps, or the same positive number from all three.
fn fz3_p(max: usize) -> Vec<Vec<Vec<bool>>> {
    let n = max + 1;
    let mut p = vec![vec![vec![false; n]; n]; n];
    for a in 0..n {
        for b in 0..n {
            for c in 0..n {
                let mut reaches_p = false;
                // One heap.
                for s in 1..=a {
                    reaches_p |= p[a - s][b][c];
                }
                for s in 1..=b {
                    reaches_p |= p[a][b - s][c];
                }
                for s in 1..=c {
                    reaches_p |= p[a][b][c - s];
                }
                // Two heaps, each its own positive amount.
                for s in 1..=a {
                    for t in 1..=b {
                        reaches_p |= p[a - s][b - t][c];
                    }
                    for t in 1..=c {
                        reaches_p |= p[a - s][b][c - t];
                    }
                }
                for s in 1..=b {
                    for t in 1..=c {
                        reaches_p |= p[a][b - s][c - t];
                    }
                }
                // The same from all three.
                for s in 1..=a.min(b).min(c) {
                    reaches_p |= p[a - s][b - s][c - s];
                }
                p[a][b][c] = !reaches_p;
            }
        }
    }
    p
}

/// For n = 0..=4: the P-positions a <= b <= c with a = T_n and c < T_{n+1}.
fn fz3_counts() -> Vec<usize> {
    let tri = |n: usize| n * (n + 1) / 2;
    let p = fz3_p(tri(5) - 1);
    (0..=4)
        .map(|n| {
            let row = &p[tri(n)];
            (tri(n)..tri(n + 1))
                .map(|b| (b..tri(n + 1)).filter(|&c| row[b][c]).count())
                .sum::<usize>()
        })
        .collect()
}

fn fz3_file(counts: &[usize]) -> String {
    let list: Vec<String> = counts.iter().map(ToString::to_string).collect();
    format!(
        r#"ruleset "FZ3" {{
  heaps 3
  move {{ take 1.. from each of 1..2 heaps }}
  move {{ take same 1.. from all heaps }}
  fn tri(n) = n * (n + 1) / 2
  claim count(grundy == 0 and min(heaps) == tri(n)) == ({})[n]
    for n in 0..4 within max tri(n + 1) - 1
  check max 3
}}
"#,
        list.join(", ")
    )
}

#[test]
fn a_count_is_checked_for_every_n_and_a_wrong_one_is_found() {
    let counts = fz3_counts();
    // The paper's |P_n| = p_2(n + 2) = floor((n + 2) / 2), against the brute force.
    let paper: Vec<usize> = (0..=4).map(|n| (n + 2) / 2).collect();
    assert_eq!(counts, paper);

    let right = fixture("fz3-right", &fz3_file(&counts));
    let (code, out, err) = run(&["check", &right]);
    assert_eq!(code, 0, "{out}{err}");
    let held: Vec<String> = counts.iter().map(ToString::to_string).collect();
    assert!(
        out.contains(&format!("counts {} for n = 0..4", held.join(", "))),
        "{out}"
    );

    let mut wrong = counts.clone();
    wrong[3] += 1;
    let file = fixture("fz3-wrong", &fz3_file(&wrong));
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!("for n = 3: the count is {} of ", counts[3])),
        "{out}"
    );
    insta::assert_snapshot!("wrong_count", shown(&out));
}

// ---------------------------------------------------------------- Propp's cookie game

/// Grundy values of the cookie game: select a heap, it is removed and every other heap loses
/// one token; empty heaps vanish. Positions are sorted lists of positive heaps.
struct Cookie(HashMap<Vec<u32>, u32>);

impl Cookie {
    fn grundy(&mut self, pos: &[u32]) -> u32 {
        if let Some(&g) = self.0.get(pos) {
            return g;
        }
        let mut seen = Vec::new();
        for i in 0..pos.len() {
            let mut next: Vec<u32> = pos
                .iter()
                .enumerate()
                .filter(|&(j, &h)| j != i && h > 1)
                .map(|(_, &h)| h - 1)
                .collect();
            next.sort_unstable();
            seen.push(self.grundy(&next));
        }
        let g = (0..).find(|v| !seen.contains(v)).expect("a mex");
        self.0.insert(pos.to_vec(), g);
        g
    }
}

const COOKIE: &str = r#"ruleset "Cookie" {
  heaps any
  move { delete one heap; lower every other heap by 1 }
  fn ap() = len(heaps) >= 1 and max(heaps) - min(heaps) == len(heaps) - 1
           and all(h in heaps: count(z in heaps: z == h) == 1)
"#;

/// The cookie game with Table 4 as a claim (entry (a, n) at 10 (a - 1) + n - 1), checked over
/// every AP-position a, n <= 10.
fn table_4_file(table: &[u32]) -> String {
    let list: Vec<String> = table.iter().map(ToString::to_string).collect();
    format!(
        "{COOKIE}  claim grundy: ({})[10 * (min(heaps) - 1) + len(heaps) - 1]
    when ap() and min(heaps) <= 10 and len(heaps) <= 10
  check over [a + i for i in 0..n - 1] for a in 1..10, n in 1..10
}}
",
        list.join(", ")
    )
}

#[test]
fn a_wrong_table_entry_outside_any_box_is_found_over_the_family() {
    let mut cookie = Cookie(HashMap::new());
    let mut table = Vec::new();
    for a in 1..=10u32 {
        for n in 1..=10u32 {
            let pos: Vec<u32> = (a..a + n).collect();
            table.push(cookie.grundy(&pos));
        }
    }
    let right = fixture("table4-right", &table_4_file(&table));
    let (code, out, err) = run(&["check", &right]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("holds over 100 positions"), "{out}");

    // a = 5, n = 10: the position 5 6 ... 14, whose largest heap is beyond a box of 9.
    let at = 10 * 4 + 9;
    let mut wrong = table.clone();
    wrong[at] = table[at] + 1;
    let file = fixture("table4-wrong", &table_4_file(&wrong));
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!(
            "at (5, 6, 7, 8, 9, 10, 11, 12, 13, 14): the claim says {}, but ",
            wrong[at]
        )),
        "{out}"
    );
    // The box the issue names does not reach it.
    let (code, out, err) = run(&["check", &file, "--max", "9", "--heaps", "9"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// The first position (fewest tokens, then lexicographic) of exactly `n` heaps in 1..=n with
/// Grundy value `g`.
fn first_with(cookie: &mut Cookie, n: u32, g: u32) -> Option<Vec<u32>> {
    fn multisets(n: u32, len: usize, least: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if cur.len() == len {
            out.push(cur.clone());
            return;
        }
        for h in least..=n {
            cur.push(h);
            multisets(n, len, h, cur, out);
            cur.pop();
        }
    }
    let mut all = Vec::new();
    multisets(n, n as usize, 1, &mut Vec::new(), &mut all);
    all.sort_by_key(|p| (p.iter().sum::<u32>(), p.clone()));
    all.into_iter().find(|p| cookie.grundy(p) == g)
}

#[test]
fn a_wrong_least_witness_is_found() {
    let mut cookie = Cookie(HashMap::new());
    let first: Vec<Option<Vec<u32>>> = (1..=7).map(|n| first_with(&mut cookie, n, 4)).collect();
    // Propp: "Grundy value 4 first appears for positions of size n = 7".
    assert!(first[..6].iter().all(Option::is_none));
    let witness = first[6]
        .clone()
        .expect("a position of 7 heaps with Grundy value 4");
    let shown_w: Vec<String> = witness.iter().map(ToString::to_string).collect();
    let shown_w = format!("({})", shown_w.join(", "));

    let text = |claimed: u32| {
        format!(
            "{COOKIE}  claim least n in 1..7: grundy == 4 and len(heaps) == n within max n heaps n is {claimed}
  check max 2 heaps 2
}}
"
        )
    };
    let right = fixture("least-right", &text(7));
    let (code, out, err) = run(&["check", &right]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&format!("first at n = 7: {shown_w}")), "{out}");

    let wrong = fixture("least-wrong", &text(6));
    let (code, out, err) = run(&["check", &wrong]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!(
            "the least n is 7, at {shown_w}, but the claim says 6"
        )),
        "{out}"
    );
    insta::assert_snapshot!("wrong_least", shown(&out));
}

#[test]
fn family_problems_are_located_errors() {
    // Any number of heaps and no `heaps` in the box: refused at load, at the bound.
    let file = fixture(
        "no-heaps",
        &format!("{COOKIE}  claim count(ap()) == 1 for n in 1..3 within max n\n  check max 2 heaps 2\n}}\n"),
    );
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("heapgame::heap_count"), "{err}");
    assert!(err.contains("within max M heaps K"), "{err}");
    // `check over` naming something that is not a position.
    let file = fixture(
        "over-bad",
        &format!("{COOKIE}  claim grundy <= 3 when ap()\n  check over 3\n}}\n"),
    );
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("heapgame::type"), "{err}");
    // A count that overflows is an error, not a wrapped value.
    let file = fixture(
        "overflow",
        &format!("{COOKIE}  claim count(ap()) == binomial(200, 100) within max 2 heaps 2\n  check max 2 heaps 2\n}}\n"),
    );
    let (code, out, err) = run(&["check", &file]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("integer overflow in `binomial(200, 100)`"),
        "{err}"
    );
}
