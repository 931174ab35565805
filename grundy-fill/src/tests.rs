//! The tables against plain mex computations written here: Wythoff's game (three rays, values
//! past 64 so that the bitsets widen), "take 2 or more" (a cone), and a guarded clause.

use super::{Clause, End, Query, Row, Shape, Tables};

/// The mex of `values`.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: Vec<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap()
}

fn fill(
    shape: Shape,
    rows: &[Row<'_>],
    guard: &mut dyn FnMut(usize, usize) -> Option<bool>,
) -> Vec<u32> {
    let mut t = Tables::new(shape).unwrap();
    for r in rows {
        t.row(r, guard).unwrap();
    }
    t.into_values()
}

#[test]
fn wythoff_matches_its_mex() {
    let n = 100;
    let shape = Shape {
        len: n * n,
        // Bases: (1, 0), (0, 1), (1, 1).
        offs: vec![n, 1, n + 1],
        // Take from the first heap (lines: the second heap), from the second (lines: the
        // first), from both (lines: the difference).
        accs: vec![(0, n), (1, n), (2, 2 * n - 1)],
        groups: vec![],
        clauses: vec![
            Clause {
                guarded: false,
                queries: vec![Query::Ray(0), Query::Ray(1)],
            },
            Clause {
                guarded: false,
                queries: vec![Query::Ray(2)],
            },
        ],
    };
    let mut t = Tables::new(shape).unwrap();
    for a in 0..n {
        let up = if a >= 1 { 0 } else { usize::MAX };
        let first = [up, 1, up.max(1)];
        let lines = [(0, 1), (a as i64, 0), (n as i64 - 1 - a as i64, 1)];
        let row = Row {
            start: a * n,
            side: n,
            first: &first,
            lines: &lines,
            gen_first: &[],
        };
        t.row(&row, &mut |_, _| unreachable!("no guards")).unwrap();
    }
    let got = t.into_values();
    let mut g = vec![0u32; n * n];
    for a in 0..n {
        for b in 0..n {
            let from_a = (1..=a).map(|k| g[(a - k) * n + b]);
            let from_b = (1..=b).map(|k| g[a * n + b - k]);
            let both = (1..=a.min(b)).map(|k| g[(a - k) * n + b - k]);
            g[a * n + b] = mex(from_a.chain(from_b).chain(both).collect::<Vec<_>>());
        }
    }
    assert!(g.iter().any(|&v| v >= 128), "the values pass two words");
    assert_eq!(got, g);
}

#[test]
fn a_cone_takes_two_or_more() {
    let n = 300;
    let shape = Shape {
        len: n,
        offs: vec![2],
        accs: vec![],
        groups: vec![vec![1]],
        clauses: vec![Clause {
            guarded: false,
            queries: vec![Query::Cone(0, 0)],
        }],
    };
    let gen_first: [Box<[usize]>; 1] = [vec![1].into()];
    let row = Row {
        start: 0,
        side: n,
        first: &[2],
        lines: &[],
        gen_first: &gen_first,
    };
    let got = fill(shape, &[row], &mut |_, _| unreachable!("no guards"));
    let mut g = vec![0u32; n];
    for x in 0..n {
        g[x] = mex((0..x.saturating_sub(1)).map(|y| g[y]).collect::<Vec<_>>());
    }
    assert!(g.iter().any(|&v| v >= 64), "the values pass a word");
    assert_eq!(got, g);
}

#[test]
fn a_guard_is_asked_at_each_cell() {
    // Take 1 (only from an even heap) or take 3.
    let n = 40;
    let shape = Shape {
        len: n,
        offs: vec![1, 3],
        accs: vec![],
        groups: vec![],
        clauses: vec![
            Clause {
                guarded: true,
                queries: vec![Query::Point(0)],
            },
            Clause {
                guarded: false,
                queries: vec![Query::Point(1)],
            },
        ],
    };
    let row = Row {
        start: 0,
        side: n,
        first: &[1, 3],
        lines: &[],
        gen_first: &[],
    };
    let got = fill(shape.clone(), &[row], &mut |c, t| {
        assert_eq!(c, 0);
        Some(t % 2 == 0)
    });
    let mut g = vec![0u32; n];
    for x in 0..n {
        let one = (x >= 1 && x % 2 == 0).then(|| g[x - 1]);
        let three = (x >= 3).then(|| g[x - 3]);
        g[x] = mex(one.into_iter().chain(three));
    }
    assert_eq!(got, g);
    let mut t = Tables::new(shape).unwrap();
    assert_eq!(
        t.row(&row, &mut |_, t| (t < 5).then_some(true)),
        Err(End::Guard)
    );
}

#[test]
fn gather_reads_a_strided_row() {
    let g: Vec<u32> = (0..30).collect();
    let mut values = vec![7];
    super::gather::row(&mut values, &g, 4, 5, 5);
    assert_eq!(values, [7, 4, 9, 14, 19, 24]);
}
