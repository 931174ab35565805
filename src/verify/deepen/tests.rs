//! The deepening's turns on a clock of the test's own (a microsecond a read: the reads follow
//! the work, never the machine): a region cut by the end of a run's part is resumed, not lost;
//! a run whose next region will not fit lends its part.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::{turns, Deepening, Plan};
use crate::solver::{Budget, Clock};
use crate::verify::Bounds;
use crate::Game;

/// Two-heap Nim, its P-positions a == b (Bouton).
fn nim() -> Game {
    let text = "ruleset \"n\" {\n  heaps 2\n  move { take 1.. from one heap }\n  \
                claim P: a == b where (a, b) = heaps\n}\n";
    Game::from_source("n", text, &[]).expect("a ruleset")
}

fn plan() -> Plan {
    Plan {
        start: Bounds { max: 10, heaps: 2 },
        sample_max: 10,
        seed: 1,
        time: Duration::from_secs(3600),
    }
}

fn ticking() -> Clock {
    let reads = Arc::new(AtomicU64::new(0));
    Clock::new(move || Duration::from_micros(reads.fetch_add(1, Ordering::Relaxed)))
}

#[test]
fn a_region_cut_by_the_end_of_a_part_is_resumed_and_compared_once() {
    let game = nim();
    let far = Duration::from_secs(3600);
    // Uncut: the first regions, each step as long as it takes.
    let clock = ticking();
    let mut whole = Deepening::new(&game, &plan(), Budget::default(), (&clock, clock.now()));
    for _ in 0..20 {
        whole.step(far, far, far).expect("a step");
    }
    let whole = whole.report();
    assert!(!whole.steps.iter().any(|s| s.contains("cut")), "{whole:?}");
    // The same regions, every step cut forty reads in: each region takes several
    // turns, and the run keeps growing through them.
    let clock = ticking();
    let mut cut = Deepening::new(&game, &plan(), Budget::default(), (&clock, clock.now()));
    let mut turns = 0;
    while cut.done.len() < whole.steps.len() && turns < 10_000 {
        let cap = clock.now() + Duration::from_micros(40);
        cut.step(far, far, cap).expect("a step");
        assert!(!cut.sampling, "a cut ended the growth after {turns} turns");
        turns += 1;
    }
    assert!(turns > 20, "the cap cut some region ({turns} turns)");
    let cut = cut.report();
    assert_eq!(cut.steps, whole.steps);
    // Each position compared once, as uncut.
    assert_eq!(cut.visited, whole.visited);
    assert_eq!(cut.claims[0].checked, whole.claims[0].checked);
    assert!(cut.holds());
}

#[test]
fn a_run_whose_next_region_will_not_fit_lends_its_part() {
    let game = nim();
    let clock = ticking();
    let mut runs: Vec<Deepening<'_>> = (0..2)
        .map(|_| Deepening::new(&game, &plan(), Budget::default(), (&clock, clock.now())))
        .collect();
    let errors = [None, None];
    let time = Duration::from_secs(10);
    // Run 0 has 1 s left of its 5 s part, and expects 4 s for its next region (twice its
    // last); run 1, 2 s left, expects 1 s.
    runs[0].spent = Duration::from_secs(4);
    runs[0].took = vec![Duration::from_secs(2), Duration::from_millis(100)];
    runs[1].spent = Duration::from_secs(3);
    runs[1].took = vec![Duration::from_millis(500), Duration::from_millis(100)];
    // 3 s left in all: run 1 goes, with its 2 s and the 1 s run 0 lends.
    let (i, give) = turns::next(&runs, &errors, (time, Duration::from_secs(3))).expect("a turn");
    assert_eq!((i, give), (1, Duration::from_secs(3)));
    // When neither fits, the time left goes to the cheaper next region.
    runs[1].took = vec![Duration::from_secs(3), Duration::from_millis(100)];
    let (i, give) = turns::next(&runs, &errors, (time, Duration::from_secs(3))).expect("a turn");
    assert_eq!((i, give), (0, Duration::from_secs(3)));
}
