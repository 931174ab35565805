//! One `eval` of a position already solved, timed in Rust alone (no Python): the library's
//! own cost of what `Ruleset.eval(position, followers=False)` asks, for `python/bench/bench.py`
//! to tell the bindings' overhead from it.
//!
//!     cargo run --release -p heapgame-python --example eval_time -- FILE "3 5" [CALLS]
//!
//! Prints the best per-call time in microseconds over 5 loops of CALLS (default 20000) calls
//! of `query::eval` on the same memoized solver, as the bindings call it.

use std::path::Path;
use std::time::Instant;

use heapgame::query::{eval, Limits, Room, Want};
use heapgame::solver::Budget;
use heapgame::Game;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: eval_time FILE POSITION [CALLS]");
        std::process::exit(2);
    }
    let game = Game::load_file(Path::new(&args[0]), &[]).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let pos = game.read_position(&[args[1].clone()]).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let calls: usize = args
        .get(2)
        .map_or(20_000, |c| c.parse().expect("CALLS is a number"));
    let mut solver = game.solver();
    let want = Want::default();
    // The bindings' limits when none is given: no default of the machine's.
    let limits = Limits::with_room(Room::Unbounded);
    // The bindings' budget: a cancel flag, a deadline and the memory flag, as `Run` makes.
    let budget = Budget {
        cancel: Some(Default::default()),
        memory_refused: Some(Default::default()),
        deadline: Some(
            heapgame::solver::Clock::system().deadline(std::time::Duration::from_secs(3600)),
        ),
        ..Budget::default()
    };
    eval(&game, &mut solver, &pos, &limits, &budget, want).expect("solved");
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..calls {
            std::hint::black_box(
                eval(&game, &mut solver, &pos, &limits, &budget, want).expect("solved"),
            );
        }
        best = best.min(t.elapsed().as_secs_f64() / calls as f64);
    }
    println!("{:.3}", best * 1e6);
}
