//! `heapgame solve`: every position of a box, against Wythoff's table and brute forces.

use super::*;

/// Fraenkel and Zusman, Table 1: the Wythoff P-positions (A_n, B_n) with B_n <= 20.
const WYTHOFF_TABLE: [(u32, u32); 9] = [
    (0, 0),
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 18),
    (12, 20),
];

#[test]
fn solve_wythoff_table() {
    // The paper's table against the brute force.
    let g = wythoff_grundy(20);
    let brute: Vec<(u32, u32)> = (0..=20)
        .flat_map(|a| (a..=20).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a as usize][b as usize] == 0)
        .collect();
    assert_eq!(brute, WYTHOFF_TABLE);

    let out = heapgame().args(["solve", WYTHOFF, "--max", "20"]).ok();
    let got: Vec<(u32, u32)> = out
        .lines()
        .filter(|l| l.trim_start().starts_with('('))
        .map(|l| {
            let p = parse_tuple(l);
            (p[0], p[1])
        })
        .collect();
    assert_eq!(got, WYTHOFF_TABLE, "{out}");
    // 21 * 22 / 2 unordered pairs.
    assert!(out.contains("9 P-positions among 231 positions"), "{out}");
}

#[test]
fn solve_wythoff_csv() {
    let g = wythoff_grundy(20);
    let out = heapgame()
        .args(["solve", WYTHOFF, "--max", "20", "--format", "csv"])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 231);
    let mut ps = Vec::new();
    for row in rows {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 3, "{row}");
        let (a, b): (usize, usize) = (cells[0].parse().unwrap(), cells[1].parse().unwrap());
        let want = if g[a][b] == 0 { "P" } else { "N" };
        assert_eq!(cells[2], want, "{row}");
        if want == "P" {
            ps.push((a as u32, b as u32));
        }
    }
    assert_eq!(ps, WYTHOFF_TABLE);
}

#[test]
fn solve_wythoff_csv_grundy() {
    let g = wythoff_grundy(9);
    let out = heapgame()
        .args([
            "solve", WYTHOFF, "--max", "9", "--format", "csv", "--grundy",
        ])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome,grundy"));
    let mut n = 0;
    for row in lines {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 4, "{row}");
        let (a, b): (usize, usize) = (cells[0].parse().unwrap(), cells[1].parse().unwrap());
        assert_eq!(cells[3].parse::<u32>().unwrap(), g[a][b], "{row}");
        assert_eq!(cells[2], if g[a][b] == 0 { "P" } else { "N" }, "{row}");
        n += 1;
    }
    assert_eq!(n, 10 * 11 / 2);
}

#[test]
fn solve_wythoff_json() {
    let g = wythoff_grundy(20);
    let v = heapgame()
        .args(["solve", WYTHOFF, "--max", "20", "--grundy"])
        .json();
    assert_eq!(v["ruleset"], "Wythoff");
    assert_eq!(v["max"], 20);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 231);
    let mut ps = Vec::new();
    for p in positions {
        let pos: Vec<usize> = p["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_u64().unwrap() as usize)
            .collect();
        let want = g[pos[0]][pos[1]];
        assert_eq!(p["grundy"].as_u64(), Some(u64::from(want)), "{p}");
        assert_eq!(p["outcome"], if want == 0 { "P" } else { "N" }, "{p}");
        if want == 0 {
            ps.push((pos[0] as u32, pos[1] as u32));
        }
    }
    assert_eq!(ps, WYTHOFF_TABLE);
}

#[test]
fn solve_nim_csv_has_rows_of_zero_to_two_heaps() {
    let out = heapgame()
        .args([
            "solve", NIM, "--max", "3", "--heaps", "2", "--format", "csv",
        ])
        .ok();
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("h1,h2,outcome"));
    let mut got = BTreeSet::new();
    for row in lines {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells.len(), 3, "{row}");
        let pos: Vec<u32> = cells[..2]
            .iter()
            .filter(|c| !c.is_empty())
            .map(|c| c.parse().unwrap())
            .collect();
        let xor = pos.iter().fold(0, |x, h| x ^ h);
        assert_eq!(cells[2], if xor == 0 { "P" } else { "N" }, "{row}");
        assert!(got.insert(pos), "repeated row {row}");
    }
    // Every multiset of 0, 1 or 2 heaps of sizes 1..=3 (empty heaps vanish), each once.
    let mut want = BTreeSet::from([vec![]]);
    for a in 1..=3 {
        want.insert(vec![a]);
        for b in a..=3 {
            want.insert(vec![a, b]);
        }
    }
    assert_eq!(got, want, "{out}");
}

/// `solve --grundy` draws a square grid for two symmetric heaps; with `heaps any` and
/// `--heaps 2` the rows include positions of 0 and 1 heaps, and the grid indexes `p[0]`.
#[test]
fn solve_nim_grundy_table_with_two_heaps() {
    let out = heapgame()
        .args(["solve", NIM, "--max", "2", "--heaps", "2", "--grundy"])
        .ok();
    assert!(out.contains("P-positions among"), "{out}");
}
