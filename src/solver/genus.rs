//! Conway's genus of one position (On Numbers and Games ch. 12, Winning Ways ch. 13):
//! g^{γ0γ1γ2...}, where g is the normal-play Grundy value and γn the misère nim value of the
//! position plus n nim heaps *2. The sequence γ eventually alternates between two values and
//! is written up to the first repeat of the alternation (`0^120` for the empty game, `1^031`
//! for *1, `2^20` for *2).
//!
//! Computed over the explicit region below the position ([`Graph`]): layer b holds, for every
//! position X of the region and a = 0 or 1, the misère nim value of X + a·*1 + b·*2. The *1s
//! count only by parity, since g^-(Y + *1 + *1) = g^-(Y) for every game Y (by induction on Y:
//! the options of Y + *1 + *1 are the Y' + *1 + *1, of the values g^-(Y') by induction, and
//! Y + *1, whose value differs from g^-(Y) since Y is one of its options; adding a value other
//! than the mex to a set leaves the mex, and a terminal Y gives mex{g^-(*1)} = mex{0} = 1).
//! Layer b is a fixed function of layer b - 1, so once a layer equals the one two before it,
//! the layers (and γ) repeat with period 2 from there on: that is the proof the written
//! sequence is complete.

use super::budget::Budget;
use super::error::SolveError;
use super::graph::Graph;
use super::mex::mex;
use super::GameRules;

/// The most layers (copies of *2) computed before giving up: Conway's theorem says the
/// alternation comes, but not how late.
pub(crate) const MOST_LAYERS: usize = 256;

/// The genus of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub grundy: u32,
    /// γ0, γ1, ...: up to and including the first repeat of the final alternation.
    pub misere: Vec<u32>,
}

impl Genus {
    /// γn for any n, the written digits continued by their alternation.
    pub fn gamma(&self, n: usize) -> u32 {
        let k = self.misere.len();
        if n < k {
            return self.misere[n];
        }
        // The last two written values alternate forever.
        let back = if (n - k).is_multiple_of(2) { 2 } else { 1 };
        self.misere[k - back]
    }
}

impl std::fmt::Display for Genus {
    /// `0^120` as CGSuite writes it; values of two digits or more are separated by commas
    /// (`12^{13,15}`), where juxtaposed digits would be ambiguous.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.misere.iter().all(|&v| v < 10) {
            let s: String = self
                .misere
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            write!(f, "{}^{}", self.grundy, s)
        } else {
            let s: Vec<String> = self
                .misere
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
            write!(f, "{}^{{{}}}", self.grundy, s.join(","))
        }
    }
}

/// Why a genus could not be computed.
#[derive(Debug)]
pub enum GenusError<E> {
    /// The solve stopped (a loop, a limit, the game's moves).
    Solve(SolveError<E>),
    /// The γ sequence did not settle within [`MOST_LAYERS`] copies of *2.
    Unsettled,
}

/// The genus of `pos`, over every position reachable from it.
pub fn genus<G: GameRules>(
    game: &G,
    pos: &[u32],
    budget: &Budget,
) -> Result<Genus, GenusError<G::Error>> {
    let graph = Graph::reachable(game, pos, budget).map_err(GenusError::Solve)?;
    let order = graph
        .topological()
        .map_err(|c| GenusError::Solve(SolveError::Cycle(c)))?;
    genus_of_graph(&graph, &order).ok_or(GenusError::Unsettled)
}

/// The genus of a loop-free graph's root (number 0), with `order` a topological order
/// (followers first); `None` if γ has not settled within [`MOST_LAYERS`].
pub(crate) fn genus_of_graph(graph: &Graph, order: &[u32]) -> Option<Genus> {
    let n = graph.len();
    let mut scratch = Vec::new();
    // Normal play.
    let mut normal = vec![0u32; n];
    for &v in order {
        scratch.clear();
        scratch.extend(graph.succ[v as usize].iter().map(|&w| normal[w as usize]));
        normal[v as usize] = mex(&mut scratch);
    }
    // Layers: index 2 * x + a.
    let mut layers: Vec<Vec<u32>> = Vec::new();
    let mut gamma = Vec::new();
    for b in 0..MOST_LAYERS {
        let mut cur = vec![0u32; 2 * n];
        for &v in order {
            let x = v as usize;
            for a in 0..2 {
                scratch.clear();
                scratch.extend(graph.succ[x].iter().map(|&w| cur[2 * w as usize + a]));
                if a == 1 {
                    scratch.push(cur[2 * x]);
                }
                if b > 0 {
                    let prev = &layers[b - 1];
                    scratch.push(prev[2 * x + (1 - a)]);
                    scratch.push(prev[2 * x + a]);
                }
                cur[2 * x + a] = if scratch.is_empty() {
                    1
                } else {
                    mex(&mut scratch)
                };
            }
        }
        gamma.push(cur[0]);
        let settled = b >= 2 && layers[b - 2] == cur;
        layers.push(cur);
        if settled {
            // Every layer from b - 2 on repeats with period 2: γ alternates from b - 2.
            let mut m = b - 2;
            while m > 0 && gamma[m - 1] == gamma[m + 1] {
                m -= 1;
            }
            gamma.truncate(m + 2);
            return Some(Genus {
                grundy: normal[0],
                misere: gamma,
            });
        }
        // Keep only the two layers the next steps read.
        if b >= 3 {
            layers[b - 3] = Vec::new();
        }
    }
    None
}
