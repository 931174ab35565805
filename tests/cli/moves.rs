//! `heapgame moves`: the followers of a position.

use super::*;

#[test]
fn moves_cookie() {
    let want = cookie_followers(&[1, 2, 4]);
    // Removing 1 lowers to (1, 3); removing 2 gives (0, 3) = (3); removing 4 gives (0, 1) = (1).
    assert_eq!(want, BTreeSet::from([vec![1, 3], vec![3], vec![1]]));

    let out = heapgame().args(["moves", COOKIE, "1", "2", "4"]).ok();
    let lines: Vec<Vec<u32>> = out.lines().map(parse_tuple).collect();
    let got: BTreeSet<Vec<u32>> = lines.iter().cloned().collect();
    assert_eq!(lines.len(), got.len(), "no repeats:\n{out}");
    assert_eq!(got, want, "{out}");

    // The order of the heaps as typed does not matter.
    assert_eq!(heapgame().args(["moves", COOKIE, "4", "1", "2"]).ok(), out);
}

#[test]
fn moves_cookie_json() {
    for pos in [vec![1u32, 2, 4], vec![3, 3, 5, 6], vec![2]] {
        let words: Vec<String> = pos.iter().map(u32::to_string).collect();
        let v = heapgame().arg("moves").arg(COOKIE).args(&words).json();
        let got: Vec<Vec<u64>> = json_positions(&v);
        let set: BTreeSet<Vec<u32>> = got
            .iter()
            .map(|p| p.iter().map(|&h| h as u32).collect())
            .collect();
        assert_eq!(got.len(), set.len(), "no repeats: {v}");
        assert_eq!(set, cookie_followers(&pos), "{pos:?}: {v}");
    }
}
