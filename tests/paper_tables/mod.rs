//! The papers' printed tables, asserted value by value against the bundled rulesets.
//!
//! Every number in the modules below (one per paper) is typed in from the paper's text (cited
//! at each constant; docs/papers.md lists the papers); heapgame computes the other side by loading the BUNDLED `.game` file and solving
//! it through the library API (`Game::load_file`, `Game::canonical`, `Solver::outcome`,
//! `Solver::grundy`, `Solver::winning_moves`). Nothing here is heapgame's output pasted back.
//! Where a paper states a closed form or a rule identity next to its tables (Fraenkel-Zusman's
//! lemmas, Wythoff's mex rule, Beatty's theorem, Bhowmik's Theorem 8, Propp's reduction theorems
//! and conjectures, "n = 2 is VDN"), the test computes that statement here, in plain Rust, and
//! compares it with what heapgame computes; Abuku's arithmetic lemmas are checked as arithmetic.
//! `docs/papers.md` says which statement each test asserts, and records the counterexamples
//! found (Propp's 1 2 2 3 6 6; Fraenkel-Larsson's Theorem 1 for beta^T-Wynim with beta < 3).
//!
//! `tests/brute_force.rs` checks some of the same tables against independent brute forces; the
//! tables are typed in again here, separately, so that a slip in either transcription shows.
//!
//! The tests run in seconds in the test profile. One heavier version (Propp's AP-positions as far
//! as he checked them, a = n = 20: about 40 s and 0.5 GB in the test profile) is `#[ignore]`d:
//! run it with `cargo test --release --test all paper_tables:: -- --ignored`.

mod abuku;
mod bhowmik;
mod fraenkel_larsson;
mod fraenkel_zusman;
mod propp;

use crate::common;

use common::tables::{
    FL_TABLE_1_A, FL_TABLE_1_B, PROPP_TABLE_1, PROPP_TABLE_3, PROPP_TABLE_4, WYTHOFF_TABLE_1,
};
use std::collections::BTreeSet;
use std::path::Path;

use heapgame::moves::Generator;
use heapgame::solver::positions::box_positions;
use heapgame::{Game, Outcome, Solver};

/// Parameter overrides, as `Game::load_file` takes them.
type Params<'a> = &'a [(&'a str, &'a str)];

/// The integer square root.
fn isqrt(v: u64) -> u64 {
    let mut r = (v as f64).sqrt() as u64;
    while r * r > v {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= v {
        r += 1;
    }
    r
}

// =============================================================================================
// Talking to heapgame
// =============================================================================================

/// Loads a bundled ruleset (path relative to `rulesets/`) with parameters.
fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(rel);
    match Game::load_file(&path, params) {
        Ok(g) => g,
        Err(e) => panic!(
            "loading rulesets/{rel} with {params:?}: {:?}",
            miette::Report::new(e)
        ),
    }
}

/// heapgame's canonical form of a position.
fn canon(game: &Game, pos: &[u32]) -> Vec<u32> {
    let wide: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
    game.canonical(&wide)
        .unwrap_or_else(|e| panic!("{}: canonical form of {pos:?}: {e}", game.checked.name))
}

/// Whether heapgame says `pos` is a P-position.
fn is_p(game: &Game, solver: &mut Solver<'_, Generator>, pos: &[u32]) -> bool {
    let c = canon(game, pos);
    match solver.outcome(&c) {
        Ok(o) => o == Outcome::P,
        Err(e) => panic!("{}: outcome of {pos:?}: {e}", game.checked.name),
    }
}

/// heapgame's Grundy value of `pos`.
fn grundy(game: &Game, solver: &mut Solver<'_, Generator>, pos: &[u32]) -> u32 {
    let c = canon(game, pos);
    solver
        .grundy(&c)
        .unwrap_or_else(|e| panic!("{}: Grundy value of {pos:?}: {e}", game.checked.name))
}

/// heapgame's winning moves (followers that are P-positions) of `pos`, canonical.
fn winning_moves(
    game: &Game,
    solver: &mut Solver<'_, Generator>,
    pos: &[u32],
) -> BTreeSet<Vec<u32>> {
    let c = canon(game, pos);
    solver
        .winning_moves(&c)
        .unwrap_or_else(|e| panic!("{}: winning moves of {pos:?}: {e}", game.checked.name))
        .into_iter()
        .collect()
}

/// heapgame's followers of a canonical position (sorted, without repeats).
fn followers(game: &Game, pos: &[u32]) -> Vec<Vec<u32>> {
    game.followers(pos)
        .unwrap_or_else(|e| panic!("{}: followers of {pos:?}: {e:?}", game.checked.name))
}

/// The P-positions heapgame finds among the canonical positions with every heap `<= max`.
fn p_positions(game: &Game, max: u32, heaps: usize) -> BTreeSet<Vec<u32>> {
    let mut solver = game.solver();
    box_positions(game.shape(), max, heaps)
        .into_iter()
        .filter(|p| is_p(game, &mut solver, p))
        .collect()
}
