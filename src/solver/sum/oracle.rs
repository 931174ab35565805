//! A disjunctive sum answered through its single-heap sequence: the Grundy value of a position
//! is the XOR of its heaps' values, and its winning moves change one heap `h` into followers
//! whose values XOR to `g(h) ^ X` (`X` the position's value). The [`Solver`](super::super::Solver)
//! asks a `SumOracle`, when it has one, before searching.

use crate::moves::{Followers, Generator};

use super::super::budget::Budget;
use super::super::error::SolveError;
use super::super::GameRules;
use super::kernel::{Kernel, TakeBreak};
use super::{extend_generic, is_sum, single_heap, GenericError, SeqError};

/// The single-heap Grundy values of a sum, grown on demand.
#[derive(Clone, Debug)]
pub struct SumOracle {
    /// Heaps per position (`None`: any number).
    count: Option<usize>,
    /// The take-and-break kernel, when the moves are of its forms.
    kernel: Option<Kernel>,
    /// The values of heaps `0..seq.len()`.
    seq: Vec<u32>,
    /// A single heap can reach a heap as large: the oracle is off and the search reports it.
    off: bool,
}

/// The result of asking the oracle: `Ok(None)` when it cannot answer (the search must).
type R<T, E> = Result<Option<T>, SolveError<E>>;

impl SumOracle {
    /// An oracle for a ruleset that is a disjunctive sum; `None` otherwise.
    pub fn new(g: &Generator) -> Option<SumOracle> {
        if !is_sum(g) {
            return None;
        }
        Some(SumOracle {
            count: g.shape.count,
            kernel: TakeBreak::of(g).map(Kernel::new),
            seq: Vec::new(),
            off: false,
        })
    }

    /// The values known so far (of heaps `0..len`).
    pub fn known(&self) -> &[u32] {
        &self.seq
    }

    /// The value of a heap of `n`.
    pub fn value<G: GameRules>(
        &mut self,
        game: &G,
        scratch: &mut G::Scratch,
        out: &mut Followers,
        budget: &Budget,
        n: u32,
    ) -> R<u32, G::Error> {
        if self.off {
            return Ok(None);
        }
        if let Some(per) = self.kernel.as_ref().and_then(|k| k.proven) {
            let n = n as usize;
            if n >= per.preperiod && n >= self.seq.len() {
                let i = per.preperiod + (n - per.preperiod) % per.period;
                return Ok(Some(self.seq[i]));
            }
        }
        if (n as usize) < self.seq.len() {
            return Ok(Some(self.seq[n as usize]));
        }
        // One value is stored per heap size: the position limit bounds the sequence too.
        let limit = budget.max_positions.unwrap_or(usize::MAX);
        if n as usize >= limit {
            return Err(SolveError::Limit { limit });
        }
        // The sequence grows from where it stopped, so asking heap by heap costs nothing more.
        let upto = n;
        let r = match self.kernel.as_mut() {
            Some(k) => k
                .extend(&mut self.seq, upto, budget, &mut |_| true)
                .map_err(|e| match e {
                    SeqError::NotDecreasing => GenericError::NotDecreasing,
                    // The kernel's only failures are the budget's.
                    SeqError::Solve(e) => GenericError::Solve(stop_only(e)),
                }),
            None => extend_generic(
                game,
                self.count,
                &mut self.seq,
                (upto, budget),
                (scratch, out),
                &mut |_| true,
            ),
        };
        match r {
            Ok(()) => Ok(Some(self.seq[n as usize])),
            Err(GenericError::NotDecreasing) => {
                self.off = true;
                Ok(None)
            }
            Err(GenericError::Solve(e)) => Err(e),
        }
    }

    /// The Grundy value of a canonical position.
    pub fn grundy<G: GameRules>(
        &mut self,
        game: &G,
        scratch: &mut G::Scratch,
        out: &mut Followers,
        budget: &Budget,
        pos: &[u32],
    ) -> R<u32, G::Error> {
        let mut x = 0;
        for &h in pos {
            match self.value(game, scratch, out, budget, h)? {
                Some(g) => x ^= g,
                None => return Ok(None),
            }
        }
        Ok(Some(x))
    }

    /// The followers of a canonical position that are P-positions, sorted.
    pub fn winning_moves<G: GameRules>(
        &mut self,
        game: &G,
        scratch: &mut G::Scratch,
        out: &mut Followers,
        budget: &Budget,
        pos: &[u32],
    ) -> R<Vec<Vec<u32>>, G::Error> {
        let Some(x) = self.grundy(game, scratch, out, budget, pos)? else {
            return Ok(None);
        };
        let mut wins: Vec<Vec<u32>> = Vec::new();
        if x == 0 {
            return Ok(Some(wins));
        }
        let mut single = Vec::new();
        let mut fs: Vec<Vec<u32>> = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            let Some(gh) = self.value(game, scratch, out, budget, h)? else {
                return Ok(None);
            };
            let target = gh ^ x;
            single_heap(self.count, h, &mut single);
            game.followers(&single, scratch, out)
                .map_err(|e| game_error(game, budget, e))?;
            fs.clear();
            fs.extend(out.iter().map(<[u32]>::to_vec));
            for f in &fs {
                let Some(v) = self.grundy(game, scratch, out, budget, f)? else {
                    return Ok(None);
                };
                if v != target {
                    continue;
                }
                // The position with this heap replaced by the follower's heaps (for a fixed
                // number of heaps, the follower keeps the other heaps' zeros: drop them).
                let skip = self.count.map_or(0, |k| k.saturating_sub(1));
                let mut w: Vec<u32> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
                w.extend_from_slice(&f[skip.min(f.len())..]);
                w.sort_unstable();
                wins.push(w);
            }
        }
        wins.sort();
        wins.dedup();
        Ok(Some(wins))
    }
}

/// The error for the generator's failure `e`: a budget stop when the budget's interrupt
/// stopped it ([`GameRules::is_interrupted`]).
pub(super) fn game_error<G: GameRules>(
    game: &G,
    budget: &Budget,
    e: G::Error,
) -> SolveError<G::Error> {
    if game.is_interrupted(&e) {
        let stop = budget
            .interrupted()
            .err()
            .unwrap_or(crate::solver::Stop::Cancelled);
        SolveError::from_stop(stop, 0)
    } else {
        SolveError::Game(e)
    }
}

/// A kernel's error (a budget stop) for any game's error type.
fn stop_only<E, F>(e: SolveError<E>) -> SolveError<F> {
    match e {
        SolveError::Limit { limit } => SolveError::Limit { limit },
        SolveError::Cancelled { stored } => SolveError::Cancelled { stored },
        // The kernel runs no moves and finds no loops.
        SolveError::Game(_) | SolveError::Cycle(_) => SolveError::Cancelled { stored: 0 },
    }
}
