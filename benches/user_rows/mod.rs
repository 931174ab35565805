//! The rows of issue 19: rulesets written as a user would (`benches/user/`, matched by no
//! kernel), Lasker's Nim's box (a sum) and the few-follower P/N box of (S, T)_3, each against
//! its plain solver of `hand/user.rs`, values compared position by position. A second table
//! gives the time per follower on both sides, the followers counted by the hand-written solver
//! (every follower with its multiplicity; for P/N, those looked at before the first
//! P-follower).
//!
//! Targets (issue 19): 9a-9d and 9g at most 1.5x, 9e and 9f at most 1.0x. Instruction counts
//! of the last measurements (`--scale 4` under callgrind, state 8adedf1): 9a 1.48x, 9b 0.86x, 9c
//! 1.34x, 9d 1.45x, 9e 0.41x, 9f 0.55x. Row 9g (one position by the memoized search, where no
//! box holds the positions) is timed only. The profiles: `benches/notes.md`, "Issue 19".

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use heapgame::solver::Want;

use heapgame::SolveError;

use super::{box_workload, capped, fail, hand, load, measure, pn, stopped_at_cap, Row};

pub mod clauses;

/// One per-follower line: the row, the followers, heapgame's time (or why none), the
/// hand-written time.
type Line = (String, u64, Result<Duration, String>, Duration);

/// The per-follower lines of the rows run so far.
static PER_FOLLOWER: Mutex<Vec<Line>> = Mutex::new(Vec::new());

fn note(row: &Row, followers: u64) {
    PER_FOLLOWER.lock().expect("not poisoned").push((
        row.name.clone(),
        followers,
        row.heapgame.clone(),
        row.hand,
    ));
}

/// The divisor of the rows' sizes (`--scale D`; 1 by default): smaller boxes, for counting
/// instructions under a simulator (`valgrind --tool=callgrind`), where the full sizes take hours.
pub static SCALE: AtomicUsize = AtomicUsize::new(1);

/// `n` divided by [`SCALE`].
fn scaled(n: usize) -> usize {
    (n / SCALE.load(Ordering::Relaxed).max(1)).max(1)
}

/// The rows whose label `run` accepts.
pub fn rows(run: &dyn Fn(&str) -> bool, cap: Duration) -> Vec<Row> {
    let mut rows = Vec::new();
    let counted = std::cell::Cell::new(0u64);
    let n = scaled(220);
    let name = &format!("9a Half-take (user), Grundy values, 3 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/half-take.game", &[]);
        let w = n + 1;
        let r = box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || {
                let h = hand::user::half_take(n);
                counted.set(h.1);
                h
            },
            |h, p| h.0[(p[0] as usize * w + p[1] as usize) * w + p[2] as usize],
        );
        note(&r, counted.get());
        rows.push(r);
    }
    let n = scaled(1000);
    let name = &format!("9b Other-bounded (user), Grundy values, (x, y) <= {n}");
    if run(name) {
        let g = load("benches/user/other-bounded.game", &[]);
        let r = box_workload(
            name,
            &g,
            n as u32,
            2,
            Want::Grundy,
            cap,
            || {
                let h = hand::user::other_bounded(n);
                counted.set(h.1);
                h
            },
            |h, p| h.0[p[0] as usize * (n + 1) + p[1] as usize],
        );
        note(&r, counted.get());
        rows.push(r);
    }
    let n = scaled(250);
    let name = &format!("9c Guarded (user), Grundy values, 3 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/guarded.game", &[]);
        let w = n + 1;
        let r = box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || {
                let h = hand::user::guarded(n);
                counted.set(h.1);
                h
            },
            |h, p| h.0[(p[0] as usize * w + p[1] as usize) * w + p[2] as usize],
        );
        note(&r, counted.get());
        rows.push(r);
    }
    let n = scaled(50);
    let name =
        &format!("9d Smallest-bounded (user, heaps any), Grundy values, up to 5 heaps <= {n}");
    if run(name) {
        let g = load("benches/user/smallest-bounded.game", &[]);
        let r = box_workload(
            name,
            &g,
            n as u32,
            5,
            Want::Grundy,
            cap,
            || {
                let h = hand::user::smallest_bounded(n);
                counted.set(h.2);
                h
            },
            |h, p| h.0[h.1.rank_of(p)],
        );
        note(&r, counted.get());
        rows.push(r);
    }
    let n = scaled(500);
    let name = &format!("9e Lasker's Nim (sum), Grundy values, up to 3 heaps <= {n}");
    if run(name) {
        let g = load("rulesets/classic/lasker-nim.game", &[]);
        let r = box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Grundy,
            cap,
            || hand::user::lasker_box(n),
            |h, p| h.0[h.1.rank_of(p)],
        );
        rows.push(r);
    }
    let n = scaled(500);
    let name = &format!("9f (S, T)_3, S = {{1}}, T = {{2}}, P/N, 3 heaps <= {n}");
    if run(name) {
        let g = load("rulesets/bhowmik/st-game.game", &[]);
        let r = box_workload(
            name,
            &g,
            n as u32,
            3,
            Want::Outcome,
            cap,
            || {
                let h = hand::user::st_box(n);
                counted.set(h.2);
                h
            },
            |h, p| pn(h.0[h.1.rank_of(p)]),
        );
        note(&r, counted.get());
        rows.push(r);
    }
    let heaps: Vec<u32> = [30, 40, 50, 60].iter().map(|&h| scaled(h) as u32).collect();
    let name = &format!(
        "9g Half-take (user, heaps any), Grundy value of {heaps:?} by the memoized search"
    );
    if run(name) {
        let g = load("benches/user/half-take-any.game", &[]);
        let r = search_workload(name, &g, &heaps, cap, &counted);
        note(&r, counted.get());
        rows.push(r);
    }
    rows
}

/// One position solved by the memoized search (`Game::solver`, the path of `heapgame eval`
/// and the REPL) against the hand-written memoized recursion, the values compared; the
/// positions are those heapgame stored.
fn search_workload(
    name: &str,
    game: &heapgame::Game,
    pos: &[u32],
    cap: Duration,
    counted: &std::cell::Cell<u64>,
) -> Row {
    eprintln!("{name}: heapgame ...");
    let (budget, stop) = capped(cap);
    let (hg, hg_time, hg_peak) = measure(|| {
        let mut s = game.solver();
        s.set_budget(budget);
        s.grundy(pos).map(|v| (v, s.positions_stored()))
    });
    drop(stop);
    eprintln!("{name}: hand-written ...");
    let (h, hand_time, hand_peak) = measure(|| {
        let mut h = hand::search::HalfTakeAny::default();
        let v = h.grundy(pos);
        (v, h.stored(), h.followers)
    });
    counted.set(h.2);
    let (heapgame, positions) = match hg {
        Ok((v, stored)) => {
            if v != h.0 {
                fail(name, pos, v, h.0);
            }
            (Ok(hg_time), stored)
        }
        Err(SolveError::Cancelled { stored }) => (Err(stopped_at_cap(cap, stored)), h.1),
        Err(e) => panic!("heapgame failed: {e}"),
    };
    Row {
        name: name.to_string(),
        positions,
        heapgame,
        hand: hand_time,
        hg_peak,
        hand_peak,
        mode: "Generic (memo)".into(),
    }
}

/// The per-follower table of the rows run, empty when none was.
pub fn section() -> String {
    let lines = PER_FOLLOWER.lock().expect("not poisoned");
    if lines.is_empty() {
        return String::new();
    }
    let mut s = String::from(
        "\n## Time per follower (issue 19)\n\nFollowers = the followers the hand-written solver \
         looks at (every follower with its multiplicity; for P/N, up to the first P-follower), \
         the same count for both columns; each time divided by it.\n\n\
         | workload | followers | heapgame ns/follower | hand-written ns/follower |\n\
         |---|---:|---:|---:|\n",
    );
    for (name, f, hg, hand) in lines.iter() {
        let per = |d: &Duration| format!("{:.2}", d.as_secs_f64() * 1e9 / (*f).max(1) as f64);
        s.push_str(&format!(
            "| {name} | {f} | {} | {} |\n",
            hg.as_ref().map_or_else(std::clone::Clone::clone, per),
            per(hand)
        ));
    }
    s
}
