//! Research runs on Propp's cookie game past the paper's bounds (docs/papers.md, "Beyond the
//! papers"). Built as the cargo example `propp_cookie`:
//!
//! ```sh
//! cargo run --release --example propp_cookie -- strict 30 [--minutes M]
//! cargo run --release --example propp_cookie -- general 15 [--minutes M]
//! cargo run --release --example propp_cookie -- crosscheck 9
//! ```
//!
//! `strict N`: every strict position with 1..=N components (2^(n-1) of length n, depleted; see
//! `propp_core.rs`): the Grundy Value Conjecture (value <= 3), the Winning Interval Conjecture,
//! and the AP-position patterns of Tables 3 and 4 for every a (a > n+1 is the same depleted
//! position as a = n+1, in the same regime), one line per length with its time.
//! `general N`: every position with 1..=N components (C(2n-1, n) of length n, depleted): the
//! largest Grundy value per length and the first position (in rank order) reaching a new one.
//! `crosscheck N`: the strict tables against heapgame's own solver (`Game::solver` on
//! `rulesets/propp/cookie.game`) for every strict position of length <= N, undepleted (the
//! copies of n written as n, n+1, n+2, ...), Grundy values and winning moves.
//! `--minutes M` stops before starting a length once M minutes have passed.

#[path = "propp_core.rs"]
mod propp_core;

use propp_core::*;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: propp_cookie (strict|general|crosscheck) N [--minutes M]";
    let mode = args.first().expect(usage).clone();
    let max: u32 = args.get(1).expect(usage).parse().expect(usage);
    let minutes: f64 = match args.iter().position(|a| a == "--minutes") {
        Some(i) => args.get(i + 1).expect(usage).parse().expect(usage),
        None => f64::INFINITY,
    };
    let ok = match mode.as_str() {
        "strict" => strict(max, minutes),
        "general" => general(max as usize, minutes),
        "crosscheck" => crosscheck(max),
        _ => panic!("{usage}"),
    };
    std::process::exit(if ok { 0 } else { 1 });
}

fn show(v: &[u32]) -> String {
    v.iter()
        .map(std::string::ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn strict(max: u32, minutes: f64) -> bool {
    assert!((1..=36).contains(&max), "strict N: 1 <= N <= 36");
    let start = Instant::now();
    let (mut prev2, mut prev1): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
    let mut ok = true;
    println!("n  positions  g=0 g=1 g=2 g=3 g>=4  interval-violations  AP-mismatches  seconds");
    for n in 1..=max {
        if start.elapsed().as_secs_f64() > minutes * 60.0 {
            println!("stopped before n = {n}: the time limit");
            return ok;
        }
        let t = Instant::now();
        let mut hist = [0u64; 64];
        let mut violations = 0u64;
        let mut ap_bad = 0u32;
        // AP-positions of length n: a = 1..=n+1 as depleted subsets.
        let ap: Vec<(u32, u64)> = (1..=n + 1).map(|a| (a, ap_subset(a, n))).collect();
        let cur = strict_length(n, &prev1, &prev2, |s, g, winning| {
            hist[g as usize] += 1;
            let present = s | 1 << (n - 1);
            if g >= 4 && hist[g as usize] == 1 {
                println!(
                    "  COUNTEREXAMPLE (Grundy Value Conjecture): {} has Grundy value {g}",
                    show(&strict_components(n, s))
                );
            }
            if !is_interval(present, winning) {
                violations += 1;
                if violations == 1 {
                    println!(
                        "  COUNTEREXAMPLE (Winning Interval Conjecture): {} wins with {:b}",
                        show(&strict_components(n, s)),
                        winning
                    );
                }
            }
            for &(a, _) in ap.iter().filter(|(_, sub)| *sub == s) {
                let (pg, pw) = ap_prediction(a, n);
                let wins = ap_winning(a, n, winning);
                let want: Vec<u32> = pw.map(|(lo, hi)| (lo..=hi).collect()).unwrap_or_default();
                if pg != g || wins != want {
                    ap_bad += 1;
                    println!(
                        "  AP MISMATCH a = {a}, n = {n}: Grundy {g} (predicted {pg}), \
                        winning {wins:?} (predicted {want:?})"
                    );
                }
            }
        });
        let big: u64 = hist[4..].iter().sum();
        ok &= big == 0 && violations == 0 && ap_bad == 0;
        println!(
            "{n:2} {:10} {} {} {} {} {big} {violations} {ap_bad} {:.1}",
            cur.len(),
            hist[0],
            hist[1],
            hist[2],
            hist[3],
            t.elapsed().as_secs_f64()
        );
        prev2 = std::mem::replace(&mut prev1, cur);
    }
    println!(
        "strict positions of every length <= {max}: {}",
        if ok {
            "Grundy value <= 3, winning components an interval, AP patterns as Propp's tables"
        } else {
            "COUNTEREXAMPLES above"
        }
    );
    ok
}

fn general(max: usize, minutes: f64) -> bool {
    assert!((1..=18).contains(&max), "general N: 1 <= N <= 18");
    let start = Instant::now();
    let c = binomials(max);
    let mut tables: Vec<Vec<u8>> = vec![vec![0]];
    let mut best = 0u8;
    println!("n  positions  largest-Grundy  seconds");
    for m in 1..=max {
        if start.elapsed().as_secs_f64() > minutes * 60.0 {
            println!("stopped before n = {m}: the time limit");
            break;
        }
        let t = Instant::now();
        let mut top = 0u8;
        let table = general_length(m, &tables, &c, |a, g| {
            top = top.max(g);
            if g > best {
                best = g;
                println!("  first Grundy value {g}: {} ({m} components)", show(a));
            }
        });
        println!(
            "{m:2} {:10} {top} {:.1}",
            table.len(),
            t.elapsed().as_secs_f64()
        );
        tables.push(table);
    }
    true
}

fn crosscheck(max: u32) -> bool {
    let game = heapgame::Game::load_file(std::path::Path::new("rulesets/propp/cookie.game"), &[])
        .expect("run from the repository root");
    let mut solver = game.solver();
    let (mut prev2, mut prev1): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
    let mut ok = true;
    let mut checked = 0u64;
    for n in 1..=max {
        let cur = strict_length(n, &prev1, &prev2, |s, g, winning| {
            let mut pos = strict_components(n, s);
            let first = pos.iter().position(|&v| v == n).expect("a copy of n");
            for (k, v) in pos[first..].iter_mut().enumerate() {
                *v += k as u32;
            }
            let want = solver.grundy(&pos).expect("solved");
            // Winning components: the sizes whose removal leaves a P-position.
            let mut wins = Vec::new();
            for (i, &v) in pos.iter().enumerate() {
                let f: Vec<u32> = pos
                    .iter()
                    .enumerate()
                    .filter(|&(j, &w)| j != i && w > 1)
                    .map(|(_, &w)| w - 1)
                    .collect();
                if solver.grundy(&f).expect("solved") == 0 {
                    wins.push(v.min(n));
                }
            }
            wins.dedup();
            let mine: Vec<u32> = (1..=n).filter(|&v| winning >> (v - 1) & 1 == 1).collect();
            if want != g as u32 || wins != mine {
                ok = false;
                println!(
                    "DIFFERS at {}: heapgame {want} {wins:?}, tables {g} {mine:?}",
                    show(&pos)
                );
            }
            checked += 1;
        });
        prev2 = std::mem::replace(&mut prev1, cur);
    }
    println!(
        "{checked} strict positions of length <= {max}: {}",
        if ok {
            "the tables agree with heapgame's solver"
        } else {
            "DIFFERENCES above"
        }
    );
    ok
}
