//! A `set` step that leaves its heap's size as it was does not cancel the move: a move is a
//! move when the position as a whole changes. Checked through the binary on Fibonacci Nim
//! (issue 31: at (1, 2) the move to (0, 2) was lost), against Whinihan's theorem on Fibonacci
//! Nim, and on random multi-step moves with `set` against a brute force written here from the
//! rule as stated (written knowing nothing of heapgame).

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use common::run::heapgame;
use heapgame::Game;
use proptest::prelude::*;

/// Fibonacci Nim: a heap `n` and the most a player may take, `m`; taking `s` lets the next
/// player take up to `2 s`.
const FIBONACCI_NIM: &str = "ruleset \"Fibonacci Nim\" {\n  heaps (n, m)\n  \
     move { take s in 1..m from heap n; set heap m to 2 * s }\n}\n";

fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("the ruleset is written");
    path
}

#[test]
fn a_set_to_the_same_size_keeps_the_move_through_the_binary() {
    let path = file("set-keep-fibonacci.game", FIBONACCI_NIM);
    let path = path.to_str().expect("a UTF-8 path");
    // At (1, 2): take the last token; the limit becomes 2 * 1 = 2, its own size.
    let out = heapgame().args(["moves", path, "1", "2"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "(0, 2)");
    let out = heapgame().args(["eval", path, "1", "2"]).run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("outcome:  N"), "{}", out.stdout);
    assert!(out.stdout.contains("grundy:   1"), "{}", out.stdout);
    assert!(out.stdout.contains("-> (0, 2)"), "{}", out.stdout);
}

#[test]
fn a_set_of_a_heap_an_earlier_step_changed_is_refused() {
    // `set h to 1` after taking from h counted its sizes from h before the move: at (5, 0)
    // heapgame moved to (0, 0), where the rule says the heap ends at 1. Such a move is refused
    // at the `set`, with its place; for `it` too.
    for (name, step) in [
        (
            "set-after-take.game",
            "take s in 1..2 from one heap h; set h to 1",
        ),
        ("set-after-add.game", "add 1 to one heap h; set h to 0"),
        (
            "set-it-after-take.game",
            "take 1 from one heap; set it to 0",
        ),
    ] {
        let text = format!("ruleset \"r\" {{\n  heaps 2\n  move {{ {step} }}\n}}\n");
        let path = file(name, &text);
        let out = heapgame()
            .args(["moves", path.to_str().expect("a UTF-8 path"), "5", "0"])
            .run();
        assert_eq!(out.code, 2, "{step}: {}", out.stdout);
        assert!(
            out.stderr.contains("heapgame::not_allowed"),
            "{}",
            out.stderr
        );
        assert!(out.stderr.contains("an earlier step"), "{}", out.stderr);
        assert!(out.stdout.is_empty(), "{}", out.stdout);
    }
    // A heap only kept, or another heap, may still be set: keep h (5), set it to 2 -> (0, 2)
    // (a multiset, written in order);
    // take 1 from h, set the other heap to 3.
    let kept =
        "ruleset \"r\" {\n  heaps 2\n  move { keep one heap h where h >= 1; set h to 2 }\n}\n";
    let path = file("set-after-keep.game", kept);
    let out = heapgame()
        .args(["moves", path.to_str().expect("a UTF-8 path"), "5", "0"])
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "(0, 2)");
    let other = "ruleset \"r\" {\n  heaps 2\n  move { take 1 from one heap h; set the other heap to 3 }\n}\n";
    let path = file("set-other.game", other);
    let out = heapgame()
        .args(["moves", path.to_str().expect("a UTF-8 path"), "5", "0"])
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut got: Vec<&str> = out.stdout.lines().collect();
    got.sort_unstable();
    assert_eq!(got, ["(3, 4)"], "{}", out.stdout);
}

/// The smallest term of the Zeckendorf representation of `n >= 1` (Fibonacci numbers 1, 2,
/// 3, 5, ..., the greedy choice).
fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] <= n {
        let k = fib.len();
        fib.push(fib[k - 1] + fib[k - 2]);
    }
    let mut last = n;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            last = f;
        }
    }
    last
}

#[test]
fn fibonacci_nim_follows_whinihan() {
    // Whinihan (1963): with n tokens and at most m to take, the player to move loses exactly
    // when m is below the smallest term of n's Zeckendorf representation.
    let game = Game::from_source("fib.game", FIBONACCI_NIM, &[]).expect("loads");
    let mut solver = game.solver();
    let mut p_count = 0;
    for n in 1..=60u32 {
        for m in 1..=2 * n {
            let g = solver.grundy(&[n, m]).expect("solves");
            let p = u64::from(m) < smallest_zeckendorf_term(u64::from(n));
            assert_eq!(g == 0, p, "(n, m) = ({n}, {m}): grundy {g}");
            p_count += usize::from(p);
        }
    }
    assert!(p_count > 100, "{p_count} P-positions");
}

/// The sizes a `set` step may give, as written in the ruleset and as the brute force reads
/// them: `h` is the heap's own size, `o` the other set heap's (or the first heap's) size before
/// the move, `s` the amount taken from the first heap (0 in a move of `set` steps alone).
#[derive(Clone, Copy, Debug)]
enum Size {
    TwiceS,
    S,
    OwnOrHalf,
    UpTo2,
    Other,
    OwnLessOne,
    Const(u32),
}

impl Size {
    fn text(self, own: &str, other: &str) -> String {
        match self {
            Size::TwiceS => "2 * s".into(),
            Size::S => "s".into(),
            Size::OwnOrHalf => format!("{{{own}, {own} / 2}}"),
            Size::UpTo2 => "0..2".into(),
            Size::Other => other.into(),
            Size::OwnLessOne => format!("{own} - 1"),
            Size::Const(c) => c.to_string(),
        }
    }

    fn values(self, own: u32, other: u32, s: u32) -> Vec<u32> {
        match self {
            Size::TwiceS => vec![2 * s],
            Size::S => vec![s],
            Size::OwnOrHalf => vec![own, own / 2],
            Size::UpTo2 => vec![0, 1, 2],
            Size::Other => vec![other],
            Size::OwnLessOne => own.checked_sub(1).into_iter().collect(),
            Size::Const(c) => vec![c],
        }
    }

    /// Whether no size is above the heap's own (a move of `set` steps alone then ends).
    fn lowers(self) -> bool {
        matches!(self, Size::OwnOrHalf | Size::OwnLessOne)
    }
}

/// A move on three heaps in a row: take `lo..=hi` (`lo >= 1`) from heap 1 and then set heaps
/// 2 and/or 3 (`take: None`: only set them, to sizes no larger, so that every game ends).
#[derive(Clone, Debug)]
struct Move {
    take: Option<(u32, u32)>,
    sets: Vec<(usize, Size)>,
}

impl Move {
    /// The heap that set `k` calls the other: the other set heap, or heap 1 when one is set.
    fn other(&self, k: usize) -> usize {
        if self.sets.len() == 1 {
            0
        } else {
            self.sets[1 - k].0
        }
    }

    fn text(&self) -> String {
        let mut steps = Vec::new();
        if let Some((lo, hi)) = self.take {
            steps.push(format!("take s in {lo}..{hi} from heap 1"));
        }
        let name = |i: usize| format!("h{}", i + 1);
        for (k, &(i, size)) in self.sets.iter().enumerate() {
            let other = self.other(k);
            steps.push(format!(
                "set heap {} to {}",
                i + 1,
                size.text(&name(i), &name(other))
            ));
        }
        format!("move {{ {} }}", steps.join("; "))
    }

    /// Every follower by the rule: each amount, each size of each set heap; a follower equal
    /// to the position is no move.
    fn followers(&self, p: &[u32]) -> Vec<Vec<u32>> {
        let amounts: Vec<u32> = match self.take {
            Some((lo, hi)) => (lo..=hi.min(p[0])).collect(),
            None => vec![0],
        };
        let mut out = Vec::new();
        for s in amounts {
            let mut partial = vec![{
                let mut q = p.to_vec();
                q[0] -= s;
                q
            }];
            for (k, &(i, size)) in self.sets.iter().enumerate() {
                let other = self.other(k);
                let vals = size.values(p[i], p[other], s);
                partial = partial
                    .into_iter()
                    .flat_map(|q| {
                        vals.iter().map(move |&v| {
                            let mut r = q.clone();
                            r[i] = v;
                            r
                        })
                    })
                    .collect();
            }
            out.extend(partial.into_iter().filter(|q| q[..] != p[..]));
        }
        out
    }
}

fn size() -> impl Strategy<Value = Size> {
    prop_oneof![
        Just(Size::TwiceS),
        Just(Size::S),
        Just(Size::OwnOrHalf),
        Just(Size::UpTo2),
        Just(Size::Other),
        Just(Size::OwnLessOne),
        (0u32..3).prop_map(Size::Const),
    ]
}

fn a_move() -> impl Strategy<Value = Move> {
    let sets = prop_oneof![
        size().prop_map(|a| vec![(1, a)]),
        size().prop_map(|a| vec![(2, a)]),
        (size(), size()).prop_map(|(a, b)| vec![(1, a), (2, b)]),
        (size(), size()).prop_map(|(a, b)| vec![(2, a), (1, b)]),
    ];
    let lowering = prop_oneof![Just(Size::OwnOrHalf), Just(Size::OwnLessOne)];
    prop_oneof![
        3 => ((1u32..3, 0u32..3), sets).prop_map(|((lo, w), sets)| Move {
            take: Some((lo, lo + w)),
            sets,
        }),
        1 => (lowering.clone(), lowering).prop_map(|(a, b)| Move {
            take: None,
            sets: vec![(1, a), (2, b)],
        }),
    ]
}

fn grundy(moves: &[Move], p: &[u32], memo: &mut HashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let seen: BTreeSet<u32> = moves
        .iter()
        .flat_map(|m| m.followers(p))
        .map(|q| grundy(moves, &q, memo))
        .collect();
    let g = (0..).find(|v| !seen.contains(v)).expect("a gap");
    memo.insert(p.to_vec(), g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn multi_step_moves_with_set_match_the_brute_force(moves in prop::collection::vec(a_move(), 1..3)) {
        debug_assert!(moves.iter().all(|m| m.take.is_some() || m.sets.iter().all(|s| s.1.lowers())));
        let mut text = String::from("ruleset \"r\" {\n  heaps 3 in a row\n");
        for m in &moves {
            text.push_str(&format!("  {}\n", m.text()));
        }
        text.push_str("}\n");
        let game = Game::from_source("r.game", &text, &[]).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        let mut solver = game.solver();
        let mut memo = HashMap::new();
        for p in common::tuples(3, 4) {
            let got: BTreeSet<Vec<u32>> = game.followers(&p).expect("followers").into_iter().collect();
            let want: BTreeSet<Vec<u32>> = moves.iter().flat_map(|m| m.followers(&p)).collect();
            prop_assert_eq!(&got, &want, "followers of {:?}\n{}", p, text);
            let g = solver.grundy(&p).expect("solves");
            prop_assert_eq!(g, grundy(&moves, &p, &mut memo), "grundy of {:?}\n{}", p, text);
        }
    }
}
