//! The same box solve as `Ruleset.solve` makes, timed in Rust alone (no Python): what
//! `python/bench/bench.py` compares the bindings against.
//!
//!     cargo run --release -p heapgame-python --example solve_time -- FILE MAX [HEAPS] [RUNS]
//!
//! Prints the best of RUNS (default 3) wall-clock times of `query::table::table` (planned and
//! solved, Grundy values, one thread, the box held whole) in seconds, and the box's size.

use std::path::Path;
use std::time::Instant;

use heapgame::query::table::{table, BoxAsk};
use heapgame::query::{Limits, Room};
use heapgame::solver::Budget;
use heapgame::Game;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: solve_time FILE MAX [HEAPS] [RUNS]");
        std::process::exit(2);
    }
    let game = match Game::load_file(Path::new(&args[0]), &[]) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let max: u32 = args[1].parse().expect("MAX is a number");
    let heaps: Option<usize> = args.get(2).map(|h| h.parse().expect("HEAPS is a number"));
    let runs: usize = args
        .get(3)
        .map_or(3, |r| r.parse().expect("RUNS is a number"));
    let ask = BoxAsk {
        max,
        heaps,
        grundy: true,
        held: true,
        loopy: false,
        most: None,
        output: None,
    };
    let limits = Limits::with_room(Room::Unbounded);
    let mut best = f64::INFINITY;
    let mut size = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let solved = table(&game, game.generator(), &ask, &limits, &Budget::default());
        let solved = solved.expect("a box that fits, solved");
        best = best.min(t.elapsed().as_secs_f64());
        size = solved.planned.spec.len();
        std::hint::black_box(solved);
    }
    println!("{best:.6} {size}");
}
