//! Developer aid until `heapgame check` exists: evaluates every expression claim of a ruleset
//! over a small box and prints the first disagreement with the solver.
//! `cargo run --example claims_smoke -- FILE MAX [HEAPS] [NAME=VALUE ...]`

use heapgame::game::ClaimValue;
use heapgame::solver::positions::box_positions;
use heapgame::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = std::path::Path::new(&args[1]);
    let max: u32 = args[2].parse().expect("MAX");
    let heaps: usize = args.get(3).and_then(|h| h.parse().ok()).unwrap_or(3);
    let params: Vec<(String, String)> = args[3..]
        .iter()
        .filter_map(|a| {
            a.split_once('=')
                .map(|(n, v)| (n.to_string(), v.to_string()))
        })
        .collect();
    let p: Vec<(&str, &str)> = params
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let game = match Game::load_file(path, &p) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e));
            std::process::exit(2);
        }
    };
    let mut solver = game.solver();
    for (i, c) in game.checked.claims.iter().enumerate() {
        let mut n = 0;
        let mut bad = None;
        for pos in box_positions(game.shape(), max, heaps) {
            let Some(v) = game.eval_claim(i, &pos) else {
                break;
            };
            let g = solver.grundy(&pos).expect("solve");
            let ok = match v {
                Ok(ClaimValue::IsP(b)) => b == (g == 0),
                Ok(ClaimValue::Grundy(x)) => x == i64::from(g),
                Err(e) => {
                    bad = Some(format!("{pos:?}: error {:?}", e.kind));
                    break;
                }
            };
            n += 1;
            if !ok {
                bad = Some(format!("{pos:?}: claim {v:?}, solver grundy {g}"));
                break;
            }
        }
        let text = &game.src.inner()[c.span.clone()];
        match bad {
            Some(b) => println!(
                "FAIL {:?}\n     first counterexample {b}",
                text.lines().next().unwrap_or("")
            ),
            None => println!(
                "ok   ({n} positions) {:?}",
                text.lines().next().unwrap_or("")
            ),
        }
    }
}
