//! Games whose moves can return to a position (loopy games), solved over the finite region
//! reachable from a position: Smith's generalised Sprague-Grundy values (C. A. B. Smith,
//! "Graphs and composite games", 1966), computed by Fraenkel and Yesha's retrograde labelling
//! ("The generalized Sprague-Grundy function and its invariance under certain mappings", 1986).
//!
//! Each position gets a value n (a natural number) or infinity_K, K the set of finite values
//! among its followers. A value 0 is a P-position, n > 0 an N-position, infinity_K an
//! N-position when 0 is in K and a draw (D) otherwise. Sums follow Smith's rules: finite
//! values add by XOR, infinity_K + n = infinity_{K xor n}, two infinite values make a draw.
//!
//! The labelling, for m = 0, 1, 2, ... while some position is unlabelled: (A) while some
//! unlabelled position u has no follower labelled m, and every follower of u that is
//! unlabelled or labelled infinity has a follower labelled m, label u with m; (B) label
//! infinity every unlabelled position with no follower labelled m. Normal play only.

use super::budget::Budget;
use super::error::SolveError;
use super::graph::Graph;
use super::GameRules;

/// Smith's value of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite value n.
    Finite(u32),
    /// infinity_K: the finite values among the followers, sorted.
    Infinite(Vec<u32>),
}

/// The outcome of a position of a loopy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// The previous player wins.
    P,
    /// The next player wins.
    N,
    /// Neither can force a win: with correct play the game never ends.
    D,
}

impl LoopyValue {
    /// P for 0, N for another finite value or an infinity whose K holds 0, D otherwise.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(0) => LoopyOutcome::P,
            LoopyValue::Finite(_) => LoopyOutcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::D,
        }
    }

    /// Smith's sum of two values: finite values XOR; infinity_K + n = infinity_{K xor n}; two
    /// infinities make a draw, `None` (the sum's value is not determined by the two values,
    /// only its outcome, D).
    pub fn sum(&self, other: &LoopyValue) -> Option<LoopyValue> {
        match (self, other) {
            (LoopyValue::Finite(a), LoopyValue::Finite(b)) => Some(LoopyValue::Finite(a ^ b)),
            (LoopyValue::Infinite(k), LoopyValue::Finite(n))
            | (LoopyValue::Finite(n), LoopyValue::Infinite(k)) => {
                let mut k: Vec<u32> = k.iter().map(|x| x ^ n).collect();
                k.sort_unstable();
                Some(LoopyValue::Infinite(k))
            }
            _ => None,
        }
    }
}

impl std::fmt::Display for LoopyValue {
    /// `3`, or the infinite value as CGSuite writes it: `inf` with its K, `inf{0,2}`
    /// (`inf` alone when K is empty).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Finite(n) => write!(f, "{n}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("inf"),
            LoopyValue::Infinite(k) => {
                let s: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "inf{{{}}}", s.join(","))
            }
        }
    }
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
        })
    }
}

/// The values of every position of a region.
#[derive(Clone, Debug)]
pub struct LoopySolution {
    /// The region: its positions and moves.
    pub graph: Graph,
    /// Each position's value, by number.
    pub values: Vec<LoopyValue>,
}

impl LoopySolution {
    /// The root's value (the position the region was built from).
    pub fn root(&self) -> &LoopyValue {
        &self.values[0]
    }

    /// The value of position `p`, if the region holds it.
    pub fn value_of(&self, p: &[u32]) -> Option<&LoopyValue> {
        self.graph.number(p).map(|v| &self.values[v as usize])
    }

    /// The followers of position `p` (in the region) whose outcome is `want`, sorted.
    pub(crate) fn good_moves_to(&self, p: &[u32], want: LoopyOutcome) -> Vec<Vec<u32>> {
        let Some(v) = self.graph.number(p) else {
            return Vec::new();
        };
        let mut out: Vec<Vec<u32>> = self.graph.succ[v as usize]
            .iter()
            .filter(|&&w| self.values[w as usize].outcome() == want)
            .map(|&w| self.graph.position(w).to_vec())
            .collect();
        out.sort();
        out
    }

    /// The followers of position `v` that win (P-followers) or, from a draw, keep the draw
    /// (D-followers): the moves to make. Empty from a P-position.
    pub fn good_moves(&self, v: usize) -> Vec<Vec<u32>> {
        let want = match self.values[v].outcome() {
            LoopyOutcome::P => return Vec::new(),
            LoopyOutcome::N => LoopyOutcome::P,
            LoopyOutcome::D => LoopyOutcome::D,
        };
        let mut out: Vec<Vec<u32>> = self.graph.succ[v]
            .iter()
            .filter(|&&w| self.values[w as usize].outcome() == want)
            .map(|&w| self.graph.position(w).to_vec())
            .collect();
        out.sort();
        out
    }
}

/// Smith's values of every position reachable from `pos`.
pub fn solve_loopy<G: GameRules>(
    game: &G,
    pos: &[u32],
    budget: &Budget,
) -> Result<LoopySolution, SolveError<G::Error>> {
    let graph = Graph::reachable(game, pos, budget)?;
    let values = smith_values(&graph.succ);
    Ok(LoopySolution { graph, values })
}

/// Smith's values of every position reachable from any of `roots` (a box, a check region):
/// the region closed under moves, solved at once.
pub(crate) fn solve_loopy_region<G: GameRules>(
    game: &G,
    roots: impl IntoIterator<Item = Vec<u32>>,
    budget: &Budget,
) -> Result<LoopySolution, SolveError<G::Error>> {
    let graph = Graph::reachable_from(game, roots, budget)?;
    let values = smith_values(&graph.succ);
    Ok(LoopySolution { graph, values })
}

const UNLABELLED: u32 = u32::MAX;
const INFINITE: u32 = u32::MAX - 1;

/// Smith's values of a graph given by its followers (numbers into `succ`), by Fraenkel and
/// Yesha's labelling (see the module doc).
pub fn smith_values(succ: &[Vec<u32>]) -> Vec<LoopyValue> {
    let n = succ.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (u, fs) in succ.iter().enumerate() {
        for &v in fs {
            pred[v as usize].push(u as u32);
        }
    }
    let mut label = vec![UNLABELLED; n];
    let mut left = n;
    let mut m = 0u32;
    // has_m[v]: some follower of v is labelled m (this round).
    let mut has_m = vec![false; n];
    while left > 0 {
        has_m.iter_mut().for_each(|h| *h = false);
        loop {
            let mut changed = false;
            for u in 0..n {
                if label[u] != UNLABELLED || has_m[u] {
                    continue;
                }
                let ok = succ[u].iter().all(|&v| {
                    let l = label[v as usize];
                    !(l == UNLABELLED || l == INFINITE) || has_m[v as usize]
                });
                if ok {
                    label[u] = m;
                    left -= 1;
                    changed = true;
                    for &p in &pred[u] {
                        has_m[p as usize] = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        for u in 0..n {
            if label[u] == UNLABELLED && !has_m[u] {
                label[u] = INFINITE;
                left -= 1;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| {
            if label[u] == INFINITE {
                let mut k: Vec<u32> = succ[u]
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&l| l != INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            } else {
                LoopyValue::Finite(label[u])
            }
        })
        .collect()
}
