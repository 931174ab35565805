//! The helpers the integration tests share: a plain memoized Grundy brute force that knows
//! nothing of heapgame, the mex, position enumerators, the loops that compare heapgame's answers
//! with it, the papers' printed tables (`tables.rs`), and the one builder that runs the
//! `heapgame` binary (`run.rs`).
//!
//! Only the comparison helpers (`load`, `compare_*`) touch heapgame's library, and only through
//! its public API (`Game`, `Solver`, `Outcome`).
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Display;
use std::path::Path;

use heapgame::{Game, Outcome};

pub mod run;
pub mod tables;

/// Writes `text` to `NAME.game` in a directory of this test process for the module `module`
/// (so that two modules' fixtures of one name do not meet) and returns its path as a string.
pub fn fixture(module: &str, name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("heapgame-{module}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let p = dir.join(format!("{name}.game"));
    std::fs::write(&p, text).expect("write the fixture");
    p.to_string_lossy().into_owned()
}

// ---------------------------------------------------------------------------------------------
// The brute force
// ---------------------------------------------------------------------------------------------

/// How positions of a game are written down, independently of heapgame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A fixed number of heaps; empty heaps stay (they matter for moves on all heaps).
    /// All games tested here are symmetric in their heaps, so positions are sorted.
    Fixed,
    /// Any number of heaps: a multiset, empty heaps vanish. Sorted, zeros dropped.
    Any,
}

impl Shape {
    /// The canonical form of a position: sorted, and without zeros for `Shape::Any`.
    pub fn canon(self, pos: &[u32]) -> Vec<u32> {
        let mut v: Vec<u32> = match self {
            Shape::Fixed => pos.to_vec(),
            Shape::Any => pos.iter().copied().filter(|&h| h > 0).collect(),
        };
        v.sort_unstable();
        v
    }
}

/// The minimum excludant: the least non-negative integer not in `values` (a set, a list, any
/// values or references to them).
pub fn mex<T: std::borrow::Borrow<u32>>(values: impl IntoIterator<Item = T>) -> u32 {
    let seen: HashSet<u32> = values.into_iter().map(|v| *v.borrow()).collect();
    (0..).find(|g| !seen.contains(g)).unwrap()
}

/// A move function: every position reachable in one move (any order, duplicates allowed, not
/// canonical).
type MoveFn = dyn Fn(&[u32]) -> Vec<Vec<u32>>;

/// A game given by the list of its moves, and its Grundy values by the definition
/// `g(p) = mex { g(q) : q a follower of p }`, memoized on the canonical form.
pub struct Brute {
    /// The game's name, for messages.
    pub name: String,
    /// How positions are written down.
    pub shape: Shape,
    /// The moves of the game.
    moves: Box<MoveFn>,
    memo: HashMap<Vec<u32>, u32>,
}

impl Brute {
    /// A brute force for a game with the given move function.
    pub fn new(
        name: impl Into<String>,
        shape: Shape,
        moves: impl Fn(&[u32]) -> Vec<Vec<u32>> + 'static,
    ) -> Self {
        Brute {
            name: name.into(),
            shape,
            moves: Box::new(moves),
            memo: HashMap::new(),
        }
    }

    /// The canonical form of `pos`.
    pub fn canon(&self, pos: &[u32]) -> Vec<u32> {
        self.shape.canon(pos)
    }

    /// The set of canonical followers of `pos`.
    pub fn followers(&self, pos: &[u32]) -> BTreeSet<Vec<u32>> {
        (self.moves)(pos).iter().map(|f| self.canon(f)).collect()
    }

    /// The Sprague-Grundy value of `pos`.
    pub fn grundy(&mut self, pos: &[u32]) -> u32 {
        let pos = self.canon(pos);
        if let Some(&g) = self.memo.get(&pos) {
            return g;
        }
        let values: HashSet<u32> = self
            .followers(&pos)
            .into_iter()
            .map(|f| self.grundy(&f))
            .collect();
        let g = mex(&values);
        self.memo.insert(pos, g);
        g
    }

    /// Whether `pos` is a P-position (a loss for the player to move).
    pub fn is_p(&mut self, pos: &[u32]) -> bool {
        self.grundy(pos) == 0
    }

    /// The canonical forms of the P-positions among `positions`.
    pub fn p_positions(&mut self, positions: &[Vec<u32>]) -> BTreeSet<Vec<u32>> {
        let shape = self.shape;
        positions
            .iter()
            .filter(|p| self.is_p(p))
            .map(|p| shape.canon(p))
            .collect()
    }

    /// The canonical followers of `pos` that are P-positions.
    pub fn winning_moves(&mut self, pos: &[u32]) -> BTreeSet<Vec<u32>> {
        let fs = self.followers(pos);
        fs.into_iter().filter(|f| self.is_p(f)).collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Enumerating positions
// ---------------------------------------------------------------------------------------------

/// Every tuple of `len` heaps, each in `0..=max`, in lexicographic order.
pub fn tuples(len: usize, max: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|t| {
                (0..=max).map(move |h| {
                    let mut t = t.clone();
                    t.push(h);
                    t
                })
            })
            .collect();
    }
    out
}

/// Every tuple of 1 to `max_len` heaps (plus the empty tuple), each in `0..=max`.
pub fn tuples_up_to(max_len: usize, max: u32) -> Vec<Vec<u32>> {
    (0..=max_len).flat_map(|len| tuples(len, max)).collect()
}

/// Every non-decreasing tuple of exactly `len` heaps, each in `min..=max`.
pub fn multisets(len: usize, min: u32, max: u32) -> Vec<Vec<u32>> {
    tuples(len, max)
        .into_iter()
        .filter(|t| t.iter().all(|&h| h >= min) && t.windows(2).all(|w| w[0] <= w[1]))
        .collect()
}

/// Every multiset of 0 to `max_len` heaps, each in `min..=max`, as non-decreasing tuples.
pub fn multisets_up_to(max_len: usize, min: u32, max: u32) -> Vec<Vec<u32>> {
    (0..=max_len)
        .flat_map(|len| multisets(len, min, max))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Talking to heapgame
// ---------------------------------------------------------------------------------------------

/// Unwraps `r`, or panics with `what` and the error.
pub fn must<T, E: Display>(r: Result<T, E>, what: impl FnOnce() -> String) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("{}: heapgame returned an error: {e}", what()),
    }
}

/// Loads a bundled ruleset (path relative to the crate root) with parameters.
pub fn load(rel: &str, params: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    match Game::load_file(&path, params) {
        Ok(game) => game,
        Err(e) => panic!("loading {rel} with parameters {params:?} failed: {e}\n{e:?}"),
    }
}

/// A position as heapgame's `canonical` takes it.
pub fn wide(pos: &[u32]) -> Vec<u64> {
    pos.iter().map(|&h| u64::from(h)).collect()
}

/// `'P'` or `'N'`.
pub fn pn(o: Outcome) -> char {
    match o {
        Outcome::P => 'P',
        Outcome::N => 'N',
    }
}

/// heapgame's canonical form of `pos`.
pub fn canonical(label: &str, game: &Game, pos: &[u32]) -> Vec<u32> {
    must(game.canonical(&wide(pos)), || {
        format!("{label}: canonical form of {pos:?}")
    })
}

/// Compares heapgame's Grundy values (one solver) and P/N outcomes (a second, separate solver,
/// in P/N mode) with the brute force for every position in `positions`. Returns how many
/// positions were compared.
pub fn compare_grundy_and_outcome(
    label: &str,
    game: &Game,
    brute: &mut Brute,
    positions: &[Vec<u32>],
) -> usize {
    let mut solver = game.solver();
    for pos in positions {
        let c = canonical(label, game, pos);
        let got = must(solver.grundy(&c), || {
            format!("{label}: Grundy value of {pos:?}")
        });
        let want = brute.grundy(pos);
        assert_eq!(
            got, want,
            "{label}: Grundy value of position {pos:?} (heapgame canonical form {c:?}): \
             heapgame says {got}, the brute force says {want}"
        );
    }
    let mut pn_solver = game.solver();
    for pos in positions {
        let c = canonical(label, game, pos);
        let got = pn(must(pn_solver.outcome(&c), || {
            format!("{label}: outcome of {pos:?}")
        }));
        let want = if brute.is_p(pos) { 'P' } else { 'N' };
        assert_eq!(
            got, want,
            "{label}: outcome of position {pos:?} (heapgame canonical form {c:?}): \
             heapgame says {got}, the brute force says {want}"
        );
    }
    positions.len()
}

/// Compares, for every position in `positions`: heapgame's canonical form with the brute
/// force's, heapgame's follower list (which must have no duplicates) with the brute force's
/// follower set, and heapgame's winning moves with the brute force's P-followers.
pub fn compare_followers(
    label: &str,
    game: &Game,
    brute: &mut Brute,
    positions: &[Vec<u32>],
) -> usize {
    let mut solver = game.solver();
    for pos in positions {
        let c = canonical(label, game, pos);
        assert_eq!(
            c,
            brute.canon(pos),
            "{label}: canonical form of position {pos:?}: heapgame says {c:?}, expected {:?}",
            brute.canon(pos)
        );
        let fs = must(game.followers(&c), || {
            format!("{label}: followers of {pos:?}")
        });
        let got: BTreeSet<Vec<u32>> = fs.iter().cloned().collect();
        assert_eq!(
            got.len(),
            fs.len(),
            "{label}: heapgame's followers of {pos:?} contain duplicates: {fs:?}"
        );
        let want = brute.followers(pos);
        assert_eq!(
            got,
            want,
            "{label}: followers of position {pos:?}\n  only heapgame: {:?}\n  only brute force: {:?}",
            got.difference(&want).collect::<Vec<_>>(),
            want.difference(&got).collect::<Vec<_>>()
        );
        let wins = must(solver.winning_moves(&c), || {
            format!("{label}: winning moves of {pos:?}")
        });
        let got: BTreeSet<Vec<u32>> = wins.iter().cloned().collect();
        let want = brute.winning_moves(pos);
        assert_eq!(
            got, want,
            "{label}: winning moves (P-followers) of position {pos:?}: heapgame says {got:?}, \
             the brute force says {want:?}"
        );
    }
    positions.len()
}

/// The P-positions among `positions` according to heapgame (P/N mode, fresh solver), canonical.
pub fn heapgame_p_positions(
    label: &str,
    game: &Game,
    positions: &[Vec<u32>],
) -> BTreeSet<Vec<u32>> {
    let mut solver = game.solver();
    let mut out = BTreeSet::new();
    for pos in positions {
        let c = canonical(label, game, pos);
        let o = must(solver.outcome(&c), || {
            format!("{label}: outcome of {pos:?}")
        });
        if matches!(o, Outcome::P) {
            out.insert(c);
        }
    }
    out
}
