//! `:play` of Wythoff's game from (1500, 2000), a position the kernel answers (as `heapgame
//! eval` does): heapgame's moves, its first reply and the first mistake named after the game
//! are checked against Wythoff's P-positions computed here from the golden ratio, (floor(n
//! phi), floor(n phi^2)), and the route by what the session says of it: the kernel named by
//! `:hint`, nothing stored in the session's memo by the reply from (1500, 2000) (the search
//! would store its region, millions of positions). Nothing here depends on speed.

use std::collections::BTreeSet;

use crate::repl::{moves_in, tmpdir, Piped};

/// Wythoff's P-positions with heaps up to `most`, smaller heap first: (floor(n phi),
/// floor(n phi^2)) for n >= 0 (Wythoff, 1907). In f64 the products are exact enough: n phi
/// is never within 1e-4 of an integer for n <= 2000, far above the rounding error.
fn p_positions(most: u32) -> BTreeSet<Vec<u32>> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    (0..=most)
        .map(|n| {
            let n = f64::from(n);
            vec![(n * phi).floor() as u32, (n * phi * phi).floor() as u32]
        })
        .filter(|p| p[1] <= most)
        .collect()
}

/// Whether `to` is a move of Wythoff's game from `from` (both sorted): tokens taken from one
/// heap, or the same number from both.
fn is_move(from: &[u32], to: &[u32]) -> bool {
    let (a, b) = (from[0], from[1]);
    let sorted = |x: u32, y: u32| vec![x.min(y), x.max(y)];
    (0..a).any(|x| sorted(x, b) == to)
        || (0..b).any(|y| sorted(a, y) == to)
        || (1..=a).any(|t| sorted(a - t, b - t) == to)
}

/// The followers of `from` that are P-positions, by the definition of the moves.
fn winning(from: &[u32], ps: &BTreeSet<Vec<u32>>) -> BTreeSet<Vec<u32>> {
    ps.iter().filter(|p| is_move(from, p)).cloned().collect()
}

#[test]
fn wythoff_from_1500_2000_is_played_through_the_kernel() {
    let ps = p_positions(2000);
    let tmp = tmpdir("repl-play-wythoff");
    let mut r = Piped::start(&["rulesets/classic/wythoff.game"], &tmp);

    // heapgame moves first from an N-position: to a P-position, by the kernel.
    let start = vec![1500, 2000];
    assert!(!ps.contains(&start));
    let a = r.send(":play 1500 2000 --second");
    let (who, from, mut at) = moves_in(&a).first().cloned().expect("heapgame moved");
    assert_eq!((who, from.as_slice()), ("heapgame", &start[..]), "{a}");
    assert!(winning(&start, &ps).contains(&at), "{a}");
    let stats = r.send(":stats");
    assert!(stats.contains("positions in memo:  0"), "{stats}");
    let hint = r.send(":hint");
    assert!(hint.contains("method:   the kernel `"), "{hint}");
    assert!(hint.contains("outcome:  P"), "{hint}");

    // The user takes one token from the larger heap; heapgame answers each move to a
    // P-position.
    for _ in 0..5 {
        let to = [at[0], at[1] - 1];
        let a = r.send(&format!("{} {}", to[0], to[1]));
        let (who, from, next) = moves_in(&a).last().cloned().expect("a move");
        assert_eq!(who, "heapgame", "{a}");
        assert!(is_move(&from, &next) && ps.contains(&next), "{a}");
        at = next;
    }

    // A mistake from (1500, 2000), then every token of the smaller heap: heapgame wins and
    // names the first mistake with the winning moves the user had.
    r.send(":play 1500 2000");
    let a = r.send("1499 2000");
    let (_, _, p) = moves_in(&a).last().cloned().expect("heapgame answered");
    assert!(ps.contains(&p), "{a}");
    let a = r.send(&format!("0 {}", p[1]));
    assert!(a.contains("heapgame wins."), "{a}");
    let why = a.replace('\n', " ");
    assert!(
        why.contains("your move (1500, 2000) -> (1499, 2000) left an N-position"),
        "{a}"
    );
    let named = why
        .split("could have won by moving to ")
        .nth(1)
        .and_then(|w| w.split('.').next())
        .expect("the winning moves named");
    let named: BTreeSet<Vec<u32>> = named
        .split(" or ")
        .map(|p| {
            let p = p.trim().trim_start_matches('(').trim_end_matches(')');
            p.split(", ").map(|h| h.parse().expect("a heap")).collect()
        })
        .collect();
    assert_eq!(named, winning(&start, &ps));
}
