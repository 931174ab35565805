//! The same box solve as `Ruleset.solve` makes, timed in Rust alone (no Python): what
//! `python/bench/bench.py` compares the bindings against.
//!
//!     cargo run --release -p heapgame-python --example solve_time -- FILE MAX [HEAPS] [RUNS]
//!
//! Prints the best of RUNS (default 3) wall-clock times of `Game::solve_box_through` (Grundy
//! values, one thread) in seconds, and the box's size.

use std::path::Path;
use std::time::Instant;

use heapgame::solver::{BoxSpec, Budget, Want};
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
    let (k, _) = game.box_of(max, heaps).expect("a box of this ruleset");
    let spec = BoxSpec::new(game.shape(), max, k).expect("a box that fits");
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t = Instant::now();
        let table = game
            .solve_box_through(game.generator(), &spec, Want::Grundy, &Budget::default())
            .expect("solved");
        best = best.min(t.elapsed().as_secs_f64());
        std::hint::black_box(table);
    }
    println!("{best:.6} {}", spec.len());
}
