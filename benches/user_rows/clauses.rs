//! The rows of issue 34 ("Every clause compiled"): six games written as a user would, each
//! with a form of clause that the move compiler did not take when the issue was filed, against
//! its plain solver of `hand/clauses.rs`, Grundy values compared position by position (for a
//! ruleset with `positions where`, at the allowed positions only: heapgame's box holds every
//! tuple). Target (issue 34): every row at most 1.5x.

use std::time::Duration;

use heapgame::solver::{BoxSpec, Want};

use super::super::{box_workload, fail, hand, hg_box, load, measure, Row};

/// The rows whose label `run` accepts.
pub fn rows(run: &dyn Fn(&str) -> bool, cap: Duration) -> Vec<Row> {
    let mut rows = Vec::new();
    let n = 600;
    let name = &format!("10a Multiple-take (user, keep), Grundy values, 2 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/multiple-take.game", &[]);
        rows.push(box_workload(
            name,
            &g,
            n as u32,
            2,
            Want::Grundy,
            cap,
            || hand::clauses::multiple_take(n),
            |h, p| h[p[0] as usize * (n + 1) + p[1] as usize],
        ));
    }
    let n = 100;
    let name = &format!("10b Distinct-lower (user, keep ... all), Grundy values, 3 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/distinct-lower.game", &[]);
        rows.push(box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || hand::clauses::distinct_lower(n),
            |h, p| h[cube(n + 1, p)],
        ));
    }
    let n = 200;
    let name =
        &format!("10c Odd-same (user, a condition on the position), Grundy values, 3 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/odd-same.game", &[]);
        rows.push(box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || hand::clauses::odd_same(n),
            |h, p| h[cube(n + 1, p)],
        ));
    }
    let n = 30;
    let name =
        &format!("10d Coins on a strip (user, positions where), Grundy values, 4 coins <= {n}");
    if run(name) {
        let g = load("benches/user/coins-strip.game", &[]);
        let w = n + 1;
        let at = |p: &[u32]| p.iter().fold(0, |r, &x| r * w + x as usize);
        let allowed = |p: &[u32]| p.windows(2).all(|x| x[0] < x[1]);
        rows.push(allowed_workload(
            name,
            (&g, n as u32, 4, cap),
            || hand::clauses::coins(n),
            |h, p| allowed(p).then(|| h[at(p)]),
        ));
    }
    let n = 30;
    let name = &format!("10e Three-row Chomp (user, set), Grundy values, rows <= {n}");
    if run(name) {
        let g = load("benches/user/chomp-3row.game", &[]);
        let allowed = |p: &[u32]| p[2] <= p[1] && p[1] <= p[0] && p[0] >= 1;
        rows.push(allowed_workload(
            name,
            (&g, n as u32, 3, cap),
            || hand::clauses::chomp3(n),
            |h, p| allowed(p).then(|| h[cube(n + 1, p)]),
        ));
    }
    let (n, b) = (100, 100);
    let name = &format!(
        "10f Subtract-a-prime (user, a comprehension in `where`), Grundy values, 3 heaps <= {n}"
    );
    if run(name) {
        let g = load("benches/user/subtract-prime.game", &[("B", &b.to_string())]);
        rows.push(box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || hand::clauses::subtract_prime(n, b),
            |h, p| h[cube(n + 1, p)],
        ));
    }
    rows
}

/// The index of a position of three heaps in a cube of side `w`.
fn cube(w: usize, p: &[u32]) -> usize {
    (p[0] as usize * w + p[1] as usize) * w + p[2] as usize
}

/// A box workload whose hand-written side answers only at the positions a `positions where`
/// allows (`value` answers `None` elsewhere): those are compared.
fn allowed_workload<H>(
    name: &str,
    (game, max, heaps, cap): (&heapgame::Game, u32, usize, Duration),
    solve_hand: impl FnOnce() -> H,
    value: impl Fn(&H, &[u32]) -> Option<u32>,
) -> Row {
    eprintln!("{name}: heapgame ...");
    let (hg, hg_time, hg_peak) = hg_box(game, max, heaps, Want::Grundy, cap);
    eprintln!("{name}: hand-written ...");
    let (h, hand_time, hand_peak) = measure(solve_hand);
    let spec = BoxSpec::new(game.shape(), max, heaps).expect("the benchmark boxes fit");
    let mut mode = String::new();
    let heapgame = hg.map(|t| {
        let mut pos = Vec::new();
        for r in 0..spec.len() {
            spec.unrank(r, &mut pos);
            if let Some(want) = value(&h, &pos) {
                if t.value(r) != want {
                    fail(name, &pos, t.value(r), want);
                }
            }
        }
        mode = match t.kernel {
            Some(k) => format!("{:?} (kernel {k})", t.mode),
            None => format!("{:?}", t.mode),
        };
        hg_time
    });
    Row {
        name: name.to_string(),
        positions: spec.len(),
        heapgame,
        hand: hand_time,
        hg_peak,
        hand_peak,
        mode,
    }
}
