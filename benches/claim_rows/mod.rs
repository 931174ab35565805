//! Row 11 (issue "A green `check` that means what it says", item 4): Wythoff's claims over
//! every position with heaps <= 10^4 (5 * 10^7 positions), as `check` compares them: heapgame
//! solves the box by its kernel and sweeps the claims compiled to closures
//! (`heapgame::verify::sweep::check_box_swept`); the hand-written side solves the box by
//! marking the positions with a move to each P-position found (P/N, O(n^2)), then evaluates
//! the claims at every position in plain Rust (Wythoff's `a == floor((b - a) * phi)` exactly,
//! by an integer square root, and the table of the first eleven pairs when b <= 26) and
//! compares them with its P/N. Both must find every claim true at every position; the counts
//! of positions each claim decided are compared.

use std::time::Duration;

use heapgame::solver::Budget;

use crate::{load, measure, Row};

/// The hand-written check: (positions where the phi claim held, positions where the table
/// claim held, positions outside the table claim's `when`).
fn hand(n: usize) -> (u64, u64, u64) {
    let w = n + 1;
    // P/N by marking: a position is P when nothing marked it; a P-position marks every
    // position with a move to it (its row, its column, its diagonal).
    let mut marked = vec![false; w * w];
    let mut p = vec![false; w * w];
    for a in 0..=n {
        for b in a..=n {
            if marked[a * w + b] {
                continue;
            }
            p[a * w + b] = true;
            let mark = |x: usize, y: usize, m: &mut Vec<bool>| {
                let (x, y) = if x <= y { (x, y) } else { (y, x) };
                m[x * w + y] = true;
            };
            for k in 1..=n {
                if a + k <= n {
                    mark(a + k, b, &mut marked);
                }
                if b + k <= n {
                    mark(a, b + k, &mut marked);
                    if a + k <= n {
                        mark(a + k, b + k, &mut marked);
                    }
                }
            }
        }
    }
    let table: [(usize, usize); 11] = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
        (14, 23),
        (16, 26),
    ];
    let (mut phi_ok, mut table_ok, mut outside) = (0u64, 0u64, 0u64);
    for a in 0..=n {
        for b in a..=n {
            let is_p = p[a * w + b];
            // floor(d * phi) = floor((d + sqrt(5 d^2)) / 2) = (d + isqrt(5 d^2)) / 2.
            let d = (b - a) as u64;
            let says = a as u64 == (d + (5 * d * d).isqrt()) / 2;
            phi_ok += u64::from(says == is_p);
            if b <= 26 {
                table_ok += u64::from(table.contains(&(a, b)) == is_p);
            } else {
                outside += 1;
            }
        }
    }
    (phi_ok, table_ok, outside)
}

/// The CPU time of this thread so far, in seconds (Linux: `/proc/thread-self/stat`, in ticks
/// of 1/100 s), to tell the work from the waiting on a loaded machine; `None` elsewhere.
fn cpu_secs() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    // After the name: state (field 3), ..., utime (14), stime (15).
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Row 11, at heaps <= `n`.
pub fn row(n: u32, cap: Duration) -> Row {
    let name = format!("11 Wythoff's claims checked, heaps <= {n}");
    let game = load("rulesets/classic/wythoff.game", &[]);
    eprintln!("{name}: heapgame ...");
    let budget = Budget {
        deadline: Some(heapgame::solver::Clock::system().deadline(cap)),
        // The box of 10^8 cells is past the kernel's default limit for a run without one.
        max_bytes: Some(4 << 30),
        ..Budget::default()
    };
    let c0 = cpu_secs();
    let (report, hg_time, hg_peak) =
        measure(|| heapgame::verify::sweep::check_box_swept(&game, n, budget));
    let c1 = cpu_secs();
    eprintln!("{name}: hand-written ...");
    let (h, hand_time, hand_peak) = measure(|| hand(n as usize));
    let c2 = cpu_secs();
    let cpu = match (c0, c1, c2) {
        (Some(a), Some(b), Some(c)) => format!(" (CPU {:.2} s against {:.2} s)", b - a, c - b),
        _ => String::new(),
    };
    eprintln!("{name}: wall {hg_time:?} against {hand_time:?}{cpu}");
    let positions = (u64::from(n) + 1) * (u64::from(n) + 2) / 2;
    let heapgame = match report {
        None => Err("not swept (no kernel, or the box too large)".to_string()),
        Some(Err(e)) => panic!("heapgame failed: {e}"),
        Some(Ok(r)) if r.stopped.is_some() => Err(format!("stopped at the {}s cap", cap.as_secs())),
        Some(Ok(r)) => {
            let c = &r.claims;
            assert!(
                r.holds(),
                "a claim failed: {:?}",
                c.iter().map(|c| &c.failure).collect::<Vec<_>>()
            );
            assert_eq!(r.seen.positions, positions, "every position compared");
            assert_eq!(
                h.0, positions,
                "the hand-written phi claim holds everywhere"
            );
            assert_eq!((c[0].checked, c[1].checked, c[1].silent), (h.0, h.1, h.2));
            Ok(hg_time)
        }
    };
    Row {
        name,
        positions: positions as usize,
        heapgame,
        hand: hand_time,
        hg_peak,
        hand_peak,
        mode: format!("kernel box + compiled claims{cpu}"),
    }
}
