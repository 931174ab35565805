//! What a new user could not say or was refused (issue 31), through the binary and against
//! brute forces written here from the rules as stated: `if C then A else B`, `after` (the
//! position after the move) in a `where`, `hex C.1`, a comprehension over constants in a `let`,
//! and the errors that quoted too much or listed too much.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::run::heapgame;
use common::{Brute, Shape};
use heapgame::Game;

fn file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the ruleset is written");
    path.to_str().expect("a UTF-8 path").to_string()
}

fn load(text: &str) -> Game {
    Game::from_source("t.game", text, &[]).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// heapgame's Grundy values and followers against the brute force on every position listed.
fn compare(label: &str, text: &str, brute: &mut Brute, positions: &[Vec<u32>]) {
    let game = load(text);
    common::compare_grundy_and_outcome(label, &game, brute, positions);
    common::compare_followers(label, &game, brute, positions);
}

#[test]
fn if_then_else_in_an_amount_and_a_fn() {
    // Half of an even heap, or one token from an odd one.
    let text = "ruleset \"r\" {\n  heaps any\n  \
                move { take if h mod 2 == 0 then h / 2 else 1 from one heap h }\n}\n";
    let mut brute = Brute::new("half or one", Shape::Any, |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..p.len() {
            let h = p[i];
            let s = if h.is_multiple_of(2) { h / 2 } else { 1 };
            if s >= 1 && s <= h {
                let mut q = p.to_vec();
                q[i] -= s;
                out.push(q);
            }
        }
        out
    });
    compare(
        "if amount",
        text,
        &mut brute,
        &common::multisets_up_to(3, 1, 12),
    );
    // Through the binary: 6 -> 3 (odd) -> 2 -> 1 -> 0: values 0 1 0 1 0 ... on one heap.
    let path = file("lang-if.game", text);
    let out = heapgame().args(["moves", &path, "6"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "(3)");
    // In a `fn`: the subtraction game {1, 2, 3}, whose values are n mod 4.
    let text = "ruleset \"cap\" {\n  heaps 1\n  fn cap(h, k) = if h > k then k else h\n  \
                move { take 1..cap(h, 3) from one heap h }\n}\n";
    let game = load(text);
    let mut solver = game.solver();
    for n in 0..40u32 {
        assert_eq!(solver.grundy(&[n]).expect("solves"), n % 4, "heap {n}");
    }
    // Only the branch taken is evaluated: no division by 0 for a heap of 0, and none at load
    // time for a parameter that makes a constant condition choose the other branch.
    let text = "ruleset \"lazy\" (k = 0) {\n  heaps 2\n  \
                let d = if k == 0 then 1 else 10 / k\n  \
                move { take 1..d from one heap h where if h == 0 then false else 12 / h >= 1 }\n}\n";
    let path = file("lang-if-lazy.game", text);
    let out = heapgame().args(["eval", &path, "0", "3"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("grundy:   1"), "{}", out.stdout);
}

/// The followers of a position under "take 1.. from one heap", each sorted.
fn nim_followers(p: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for v in 0..p[i] {
            let mut q = p.to_vec();
            q[i] = v;
            q.sort_unstable();
            out.push(q);
        }
    }
    out
}

#[test]
fn after_names_the_position_after_the_move() {
    // Nim where no two heaps may be equal after the move.
    let text = "ruleset \"distinct\" {\n  heaps 3\n  \
                move { take 1.. from one heap where all(i in 1..len(after) - 1: after[i - 1] != after[i]) }\n}\n";
    let mut brute = Brute::new("distinct after", Shape::Fixed, |p: &[u32]| {
        nim_followers(p)
            .into_iter()
            .filter(|q| q.windows(2).all(|w| w[0] != w[1]))
            .collect()
    });
    compare(
        "after distinct",
        text,
        &mut brute,
        &common::multisets(3, 0, 7),
    );
    let path = file("lang-after.game", text);
    let out = heapgame().args(["moves", &path, "1", "2", "3"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let got: BTreeSet<&str> = out.stdout.lines().collect();
    // From (1, 2, 3): (0, 1, 2) and (0, 1, 3), (0, 2, 3); never (1, 1, 3), (1, 2, 2), ...
    let want: BTreeSet<&str> = ["(0, 1, 2)", "(0, 1, 3)", "(0, 2, 3)"].into();
    assert_eq!(got, want, "{}", out.stdout);
    // With a named amount and a named heap (their values as the move chose them), on
    // `heaps any`, where the largest heap left may be at most twice the smallest.
    let text = "ruleset \"ratio\" {\n  heaps any\n  \
                move { take s in 1.. from one heap h where s < h or len(after) == 0 or max(after) <= 2 * min(after) }\n}\n";
    let mut brute = Brute::new("ratio after", Shape::Any, |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for s in 1..=p[i] {
                let mut q = p.to_vec();
                q[i] -= s;
                let q: Vec<u32> = q.into_iter().filter(|&x| x > 0).collect();
                let ok = s < p[i]
                    || q.is_empty()
                    || q.iter().max().unwrap() <= &(2 * q.iter().min().unwrap());
                if ok {
                    out.push(q);
                }
            }
        }
        out
    });
    compare(
        "after ratio",
        text,
        &mut brute,
        &common::multisets_up_to(3, 1, 7),
    );
}

#[test]
fn hex_codes_may_have_a_letter_before_the_point() {
    // hex C.1: split a heap into 2 or 3 non-empty heaps without taking (C = 4 + 8), or take
    // a heap of 1 whole (digit 1, bit 1).
    let text = "ruleset \"hex\" {\n  heaps any\n  move { hex C.1 }\n}\n";
    let mut brute = Brute::new("hex C.1", Shape::Any, |p: &[u32]| {
        let mut out = Vec::new();
        for i in 0..p.len() {
            let h = p[i];
            let mut rest = p.to_vec();
            rest.remove(i);
            let with = |parts: &[u32]| {
                let mut v = rest.clone();
                v.extend_from_slice(parts);
                v
            };
            if h == 1 {
                out.push(rest.clone());
            }
            for a in 1..h {
                out.push(with(&[a, h - a]));
                for b in 1..h - a {
                    out.push(with(&[a, b, h - a - b]));
                }
            }
        }
        out
    });
    compare(
        "hex C.1",
        text,
        &mut brute,
        &common::multisets_up_to(2, 1, 8),
    );
    let path = file("lang-hex.game", text);
    let out = heapgame().args(["eval", &path, "3"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    // An octal code cannot have the letter.
    let path = file(
        "lang-octal-letter.game",
        "ruleset \"o\" {\n  heaps any\n  move { octal C.1 }\n}\n",
    );
    let out = heapgame().args(["eval", &path, "3"]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("the digit C is not octal"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_comprehension_over_constants_is_a_constant() {
    let text = "ruleset \"P\" (B = 12) {\n  \
                let PR = {p for p in 2..B if all(d in 2..p - 1: p mod d != 0)}\n  \
                heaps 1\n  move { take PR from one heap }\n}\n";
    let path = file("lang-let-comp.game", text);
    let out = heapgame().args(["eval", &path, "12"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The subtraction game {2, 3, 5, 7, 11} against a plain mex.
    assert_subtraction_game(text, &[2, 3, 5, 7, 11]);
}

/// The one-heap ruleset `text` has the Grundy values of the subtraction game `s` on heaps 0 to
/// 40, computed here by the plain mex recursion.
fn assert_subtraction_game(text: &str, s: &[usize]) {
    let mut g = [0u32; 41];
    for n in 0..g.len() {
        let seen: BTreeSet<u32> = s.iter().filter(|&&x| x <= n).map(|&x| g[n - x]).collect();
        g[n] = (0..).find(|v| !seen.contains(v)).expect("a gap");
    }
    let game = load(text);
    let mut solver = game.solver();
    for (n, &want) in g.iter().enumerate() {
        assert_eq!(
            solver.grundy(&[n as u32]).expect("solves"),
            want,
            "heap {n}"
        );
    }
}

#[test]
fn errors_quote_little_and_say_the_slip() {
    // A 100,000-digit integer: a few lines, not 1,358.
    let path = file(
        "lang-huge-int.game",
        &format!(
            "ruleset \"X\" {{\n  heaps 1\n  move {{ take {} from one heap }}\n}}\n",
            "9".repeat(100_000)
        ),
    );
    let out = heapgame().args(["eval", &path, "3"]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("heapgame::integer_too_large"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("(100000 digits)"), "{}", out.stderr);
    assert!(out.stderr.len() < 2_000, "{} bytes", out.stderr.len());
    // The same for a typed heap.
    let nine = "9".repeat(100_000);
    let out = heapgame()
        .args(["eval", "rulesets/classic/nim.game", &nine])
        .run();
    assert_eq!(out.code, 2);
    assert!(out.stderr.len() < 2_000, "{} bytes", out.stderr.len());
    // `heaps 2 each >= 1`: the comma, said directly.
    let path = file(
        "lang-comma.game",
        "ruleset \"W\" {\n  heaps 2 each >= 1\n  move { take 1.. from one heap }\n}\n",
    );
    let out = heapgame().args(["eval", &path, "3", "3"]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("expected `,` before `each`"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("positions where C"), "{}", out.stderr);
    // A position `positions where` refuses: the condition without the comments after it.
    let path = file(
        "lang-positions-comment.game",
        "ruleset \"W\" {\n  heaps (a, b)\n  positions where a != b # differ\n  \
         # the heaps differ\n  move { take 1.. from one heap }\n}\n",
    );
    let out = heapgame().args(["eval", &path, "3", "3"]).run();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("`positions where a != b` excludes"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("differ"), "{}", out.stderr);
    // A loopy game in misère play: normal play would solve it.
    let path = file(
        "lang-loopy-misere.game",
        "ruleset \"L\" {\n  heaps 2 in a row\n  \
         move { move 1.. from heap 1 to heap 2 }\n  move { move 1.. from heap 2 to heap 1 }\n}\n",
    );
    let out = heapgame()
        .args(["eval", &path, "1", "1", "--play", "misere"])
        .run();
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("heapgame::cycle"), "{}", out.stderr);
    assert!(out.stderr.contains("--play normal"), "{}", out.stderr);
    let out = heapgame().args(["eval", &path, "1", "1"]).run();
    assert_eq!(out.code, 0, "normal play solves it: {}", out.stderr);
}

/// The followers of `split one heap into K equal parts` for each allowed `k` (`parts(h, k)`).
fn equal_split_followers(p: &[u32], parts: &dyn Fn(u32, u32) -> bool) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        let h = p[i];
        for k in 2..=h {
            if h.is_multiple_of(k) && parts(h, k) {
                let mut q = p.to_vec();
                q.remove(i);
                q.extend(std::iter::repeat_n(h / k, k as usize));
                out.push(q);
            }
        }
    }
    out
}

#[test]
fn maundy_cake_splits_into_equal_parts() {
    let text = "ruleset \"Maundy cake\" {\n  heaps any\n  \
                move { split one heap into 2.. equal parts }\n}\n";
    let mut brute = Brute::new("Maundy cake", Shape::Any, |p: &[u32]| {
        equal_split_followers(p, &|_, _| true)
    });
    compare(
        "maundy",
        text,
        &mut brute,
        &common::multisets_up_to(2, 1, 12),
    );
    // One heap up to 60, against the rule for a single heap: splitting into k equal parts of
    // value g gives g when k is odd, 0 when it is even.
    let game = load(text);
    let mut solver = game.solver();
    let mut g = vec![0u32; 61];
    for n in 1..=60usize {
        let seen: BTreeSet<u32> = (2..=n)
            .filter(|k| n % k == 0)
            .map(|k| if k % 2 == 1 { g[n / k] } else { 0 })
            .collect();
        g[n] = (0..).find(|v| !seen.contains(v)).expect("a gap");
        assert_eq!(
            solver.grundy(&[n as u32]).expect("solves"),
            g[n],
            "heap {n}"
        );
    }
    let path = file("lang-maundy.game", text);
    let out = heapgame().args(["moves", &path, "6"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let got: BTreeSet<&str> = out.stdout.lines().collect();
    let want: BTreeSet<&str> = ["(1, 1, 1, 1, 1, 1)", "(2, 2, 2)", "(3, 3)"].into();
    assert_eq!(got, want);
    // A number of parts read from the heap: only a prime number of parts, or a number of parts
    // below the size of each part.
    let text = "ruleset \"prime parts\" {\n  heaps any\n  \
                move { split one heap h into {p for p in 2..h if all(d in 2..p - 1: p mod d != 0)} equal parts }\n  \
                move { split one heap h into {k for k in 2..h if k * k < h} equal parts }\n}\n";
    let prime = |k: u32| (2..k).all(|d| !k.is_multiple_of(d));
    let mut brute = Brute::new("prime parts", Shape::Any, move |p: &[u32]| {
        equal_split_followers(p, &|h, k| prime(k) || k * k < h)
    });
    compare(
        "prime parts",
        text,
        &mut brute,
        &common::multisets_up_to(2, 1, 12),
    );
}

#[test]
fn list_literals_are_lists_and_positions() {
    // `[1, 3, 4]` as a constant list read by a quantifier: the subtraction game {1, 3, 4}
    // against a plain mex.
    let text = "ruleset \"L\" {\n  let S = [1, 3, 4]\n  heaps 1\n  \
                move { take s in 1.. from one heap where any(x in S: x == s) }\n}\n";
    assert_subtraction_game(text, &[1, 3, 4]);
    // `check over [a, b] ...` names positions as lists; `[]` and `[4]` are lists too.
    let nim = |claim: &str| {
        format!(
            "ruleset \"N\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  claim P: {claim}\n  \
             check over [a, b] for a in 0..6, b in 0..6\n}}\n"
        )
    };
    let ok = file(
        "lang-list-ok.game",
        &nim("xor(heaps) == sum([]) + len([4]) - 1"),
    );
    let out = heapgame().args(["check", &ok]).run();
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("holds over 28 positions"),
        "{}",
        out.stdout
    );
    // Fails at (2, 2), a P-position of Nim that the claimed list leaves out.
    let bad = file(
        "lang-list-bad.game",
        &nim("heaps == [0, 0] or heaps == [1, 1]"),
    );
    let out = heapgame().args(["check", &bad]).run();
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("(2, 2)"), "{}", out.stdout);
}
