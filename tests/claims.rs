//! The claim forms of issue 12 (`when`, `grundy OP E`, `winning`, `claim: C`, `fn`, set
//! comprehensions and set comparisons), each checked against an independent brute force
//! written here: a toy game (take 1 or 2 counters from one heap, any number of heaps) solved
//! by a plain recursive Grundy function. For a claim that is false, the counterexample `check`
//! reports must be the first one in the fixed order (fewest tokens, then fewest heaps, then
//! lexicographic), found here by walking the positions in that order.

use std::collections::HashMap;

use heapgame::solver::Budget;
use heapgame::verify::check::{check_claims, CheckReport};
use heapgame::verify::Bounds;
use heapgame::Game;

/// A test of a position, and of a Grundy value.
type PosTest = Box<dyn Fn(&[u32]) -> bool>;
type ValueTest = Box<dyn Fn(u32) -> bool>;

const TOY: &str = "ruleset \"toy\" {\n  heaps any\n  move { take 1..2 from one heap }\n";

/// The toy game with `items` (claims, functions) added.
fn toy(items: &str) -> Game {
    let text = format!("{TOY}{items}\n}}\n");
    Game::from_source("toy.game", &text, &[]).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

fn check(items: &str, max: u32, heaps: usize) -> CheckReport {
    check_claims(&toy(items), Bounds { max, heaps }, Budget::default()).expect("check runs")
}

/// The followers of a position of the toy game (sorted, empty heaps dropped).
fn followers(p: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for t in 1..=2 {
            if p[i] >= t {
                let mut q = p.to_vec();
                q[i] -= t;
                q.retain(|&h| h > 0);
                q.sort_unstable();
                out.push(q);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The Grundy value, by the mex rule, recursively.
fn grundy(p: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let vals: Vec<u32> = followers(p).iter().map(|q| grundy(q, memo)).collect();
    let g = (0..).find(|v| !vals.contains(v)).expect("a mex");
    memo.insert(p.to_vec(), g);
    g
}

/// Every position with heaps 1..=max and at most `heaps` heaps, in the fixed order.
fn positions(max: u32, heaps: usize) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    let mut layer = vec![vec![]];
    for _ in 0..heaps {
        let mut next = Vec::new();
        for p in &layer {
            let lo = p.last().copied().unwrap_or(1);
            for h in lo..=max {
                let mut q: Vec<u32> = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all.sort_by(|a, b| {
        let key = |p: &Vec<u32>| (p.iter().sum::<u32>(), p.len(), p.clone());
        key(a).cmp(&key(b))
    });
    all
}

/// The first position (in the fixed order) where `holds` is false, among those where `scope`
/// is true; and how many positions are in scope.
fn brute(
    max: u32,
    heaps: usize,
    scope: impl Fn(&[u32]) -> bool,
    holds: impl Fn(&[u32], &mut HashMap<Vec<u32>, u32>) -> bool,
) -> (Option<Vec<u32>>, u64) {
    let mut memo = HashMap::new();
    let mut in_scope = 0;
    let mut first = None;
    for p in positions(max, heaps) {
        if !scope(&p) {
            continue;
        }
        in_scope += 1;
        if first.is_none() && !holds(&p, &mut memo) {
            first = Some(p);
        }
    }
    (first, in_scope)
}

/// The report of the one claim of `r`: its first counterexample, and the positions it
/// was compared on (all of them when it holds).
fn outcome(r: &CheckReport) -> (Option<Vec<u32>>, u64, u64) {
    let c = &r.claims[0];
    (
        c.failure.as_ref().map(|f| f.position.clone()),
        c.checked,
        c.silent,
    )
}

fn winning(p: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> Vec<Vec<u32>> {
    followers(p)
        .into_iter()
        .filter(|q| grundy(q, memo) == 0)
        .collect()
}

#[test]
fn grundy_comparisons_with_when_match_the_brute_force() {
    let (max, heaps) = (6, 3);
    let all = |_: &[u32]| true;
    let cases: Vec<(&str, PosTest, ValueTest)> = vec![
        ("claim grundy <= 2", Box::new(all), Box::new(|g| g <= 2)),
        ("claim grundy <= 3", Box::new(all), Box::new(|g| g <= 3)),
        (
            "claim grundy < 2 when len(heaps) <= 1",
            Box::new(|p| p.len() <= 1),
            Box::new(|g| g < 2),
        ),
        (
            "claim grundy in {0, 1} when len(heaps) == 2 and heaps[0] == heaps[1]",
            Box::new(|p| p.len() == 2 && p[0] == p[1]),
            Box::new(|g| g <= 1),
        ),
        (
            "claim grundy not in {1, 2} when sum(heaps) mod 3 == 0",
            Box::new(|p| p.iter().sum::<u32>() % 3 == 0),
            Box::new(|g| g != 1 && g != 2),
        ),
        (
            "claim grundy >= 1 when sum(heaps) > 0",
            Box::new(|p| !p.is_empty()),
            Box::new(|g| g >= 1),
        ),
        ("claim grundy != 3", Box::new(all), Box::new(|g| g != 3)),
    ];
    for (claim, scope, holds) in cases {
        let (first, n) = brute(max, heaps, &scope, |p, m| holds(grundy(p, m)));
        let (got, checked, silent) = outcome(&check(claim, max, heaps));
        assert_eq!(got, first, "{claim}: the first counterexample");
        if first.is_none() {
            assert_eq!(checked, n, "{claim}: positions in scope");
            assert_eq!(
                checked + silent,
                positions(max, heaps).len() as u64,
                "{claim}"
            );
        }
    }
    // Both kinds of answer occur above: the test can fail either way.
    assert!(brute(max, heaps, all, |p, m| grundy(p, m) <= 2).0.is_some());
    assert!(brute(max, heaps, all, |p, m| grundy(p, m) <= 3).0.is_none());
}

#[test]
fn winning_claims_match_the_brute_force() {
    let (max, heaps) = (6, 3);
    // One heap h = 1 (mod 3): the only winning move takes 1.
    let claim = "claim winning: {sorted([h - 1 for h in heaps if h > 1])} \
                 when len(heaps) == 1 and heaps[0] mod 3 == 1";
    let (first, _) = brute(
        max,
        heaps,
        |p| p.len() == 1 && p[0] % 3 == 1,
        |p, m| {
            winning(p, m)
                == vec![p
                    .iter()
                    .map(|&h| h - 1)
                    .filter(|&h| h > 0)
                    .collect::<Vec<_>>()]
        },
    );
    assert_eq!(first, None);
    assert_eq!(outcome(&check(claim, max, heaps)).0, None);
    // False: "two heaps have no winning move"; the first 2-heap N-position.
    let claim = "claim winning: {} when len(heaps) == 2";
    let (first, _) = brute(
        max,
        heaps,
        |p| p.len() == 2,
        |p, m| winning(p, m).is_empty(),
    );
    assert!(first.is_some());
    assert_eq!(outcome(&check(claim, max, heaps)).0, first);
    // False: "from two heaps the winning moves empty the larger heap's excess", a set that
    // is right at some positions and not others.
    let claim =
        "claim winning: {(heaps[0], heaps[0])} when len(heaps) == 2 and heaps[0] < heaps[1]";
    let (first, _) = brute(
        max,
        heaps,
        |p| p.len() == 2 && p[0] < p[1],
        |p, m| winning(p, m) == vec![vec![p[0], p[0]]],
    );
    assert!(first.is_some());
    assert_eq!(outcome(&check(claim, max, heaps)).0, first);
    // `winning` and `grundy` read in a condition: N exactly when a winning move exists.
    let claim = "claim: (winning == {}) == (grundy == 0)";
    assert_eq!(outcome(&check(claim, max, heaps)).0, None);
    // False: "some winning move empties a heap".
    let claim = "claim: winning == {} or any(h in heaps: h <= 2)";
    let (first, _) = brute(
        max,
        heaps,
        |_| true,
        |p, m| winning(p, m).is_empty() || p.iter().any(|&h| h <= 2),
    );
    assert!(first.is_some());
    assert_eq!(outcome(&check(claim, max, heaps)).0, first);
}

#[test]
fn functions_match_the_brute_force() {
    let (max, heaps) = (7, 3);
    // One heap of take-1-or-2 has the value h mod 3; a position the nim-sum.
    let items = "fn g(n) = n mod 3\nfn nim(l) = xor([g(h) for h in l])\nclaim grundy: nim(heaps)";
    let (first, _) = brute(
        max,
        heaps,
        |_| true,
        |p, m| grundy(p, m) == p.iter().fold(0, |a, &h| a ^ (h % 3)),
    );
    assert_eq!(first, None);
    assert_eq!(outcome(&check(items, max, heaps)).0, None);
    // A wrong function (h mod 4), used twice through another: fails where the brute force says.
    let items = "fn g(n) = n mod 4\nfn twice(x, y) = xor(g(x), g(y))\n\
                 claim grundy: twice(heaps[0], heaps[1]) when len(heaps) == 2";
    let (first, _) = brute(
        max,
        heaps,
        |p| p.len() == 2,
        |p, m| grundy(p, m) == (p[0] % 4) ^ (p[1] % 4),
    );
    assert!(first.is_some());
    assert_eq!(outcome(&check(items, max, heaps)).0, first);
    // A function in a `let` and a guard-free constant call fold to constants.
    let items = "fn sq(n) = n * n\nlet nine = sq(3)\nclaim: nine == 9 and sq(len(heaps)) >= 0";
    assert_eq!(outcome(&check(items, max, heaps)).0, None);
}

#[test]
fn set_comprehensions_and_set_comparisons_match_the_brute_force() {
    let (max, heaps) = (5, 3);
    let cases: Vec<(&str, PosTest)> = vec![
        (
            "claim: {h for h in heaps} <= {1, 2, 3, 4}",
            Box::new(|p| p.iter().all(|&h| h <= 4)),
        ),
        (
            "claim: {h for h in heaps if h > 1} == {2}",
            Box::new(|p| {
                let s: std::collections::BTreeSet<u32> =
                    p.iter().copied().filter(|&h| h > 1).collect();
                s == [2].into_iter().collect()
            }),
        ),
        (
            "claim: {h mod 2 for h in heaps} != {0, 1}",
            Box::new(|p| !(p.iter().any(|h| h % 2 == 0) && p.iter().any(|h| h % 2 == 1))),
        ),
        (
            "claim: {1} < {h for h in heaps} when len(heaps) >= 1",
            Box::new(|p| p.is_empty() || (p.contains(&1) && p.iter().any(|&h| h != 1))),
        ),
        (
            "claim: {(h, h + 1) for h in heaps} >= {(1, 2)}",
            Box::new(|p| p.contains(&1)),
        ),
        (
            "claim: len([h for h in heaps if h mod 2 == 0]) == count(h in heaps: h mod 2 == 0) \
             and remove(heaps, heaps[0]) == [heaps[i] for i in 1..len(heaps) - 1] \
             when len(heaps) >= 1",
            Box::new(|_| true),
        ),
    ];
    for (claim, holds) in cases {
        let (first, _) = brute(max, heaps, |_| true, |p, _| holds(p));
        assert_eq!(outcome(&check(claim, max, heaps)).0, first, "{claim}");
    }
}

#[test]
fn misuse_is_a_located_error() {
    let cases = [
        (
            "fn f(n) = f(n - 1)\nclaim grundy: f(1)",
            "heapgame::recursion",
            "calls itself",
        ),
        (
            "fn f(n) = g(n)\nfn g(n) = f(n)\nclaim grundy: f(1)",
            "heapgame::recursion",
            "f -> g -> f",
        ),
        (
            "fn f(n) = n\nclaim grundy: f(1, 2)",
            "heapgame::type",
            "takes 1 argument, not 2",
        ),
        (
            "claim grundy: fo(1)",
            "heapgame::unknown_name",
            "unknown function",
        ),
        (
            "claim grundy <= 3 when 1 + 1",
            "heapgame::type",
            "`when` needs a truth value",
        ),
        (
            "let x = grundy",
            "heapgame::not_allowed",
            "known only in a claim",
        ),
        ("claim winning: 3", "heapgame::type", "a set of positions"),
        (
            "fn f(n) = n\nfn f(m) = m",
            "heapgame::duplicate",
            "defined twice",
        ),
        ("fn min(n) = n", "heapgame::duplicate", "built-in"),
        (
            "fn f(n) = n\nclaim grundy: f",
            "heapgame::type",
            "is a function",
        ),
    ];
    for (items, code, words) in cases {
        let text = format!("{TOY}{items}\n}}\n");
        let Err(e) = Game::from_source("toy.game", &text, &[]) else {
            panic!("{items}: loads");
        };
        let shown: Vec<String> = e
            .diags
            .iter()
            .map(|d| format!("{} {} {:?}", d.code.as_str(), d.message, d.span))
            .collect();
        assert!(
            e.diags.iter().any(|d| d.code.as_str() == code
                && d.message.contains(words)
                && !d.span.is_empty()),
            "{items}: {shown:?}"
        );
    }
}
