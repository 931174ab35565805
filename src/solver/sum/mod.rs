//! Disjunctive sums: when every move of a ruleset acts on exactly one heap and reads nothing
//! but that heap (and its own amounts), a position is the sum of its heaps and its Grundy
//! value is the XOR of the single-heap values (Sprague-Grundy). [`is_sum`] decides this from
//! the lowered move programs, conservatively: anything it does not recognise is not a sum.
//! [`grundy_sequence`] then computes the single-heap values with the move generator itself.

use crate::moves::family;
use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::syntax::ast::Span;

pub mod block;
pub mod boxed;
pub mod classes;
pub mod kernel;
pub mod oracle;
pub mod period;
pub mod rare;
pub mod reversed;
pub mod rules;
mod scan;
pub mod values;
pub mod walsh;
mod xor;

use super::budget::Budget;
use super::error::SolveError;
use super::GameRules;

pub use oracle::SumOracle;
use values::Values;

/// Whether the ruleset is, provably from its lowered moves, a disjunctive sum of its heaps.
pub fn is_sum(g: &Generator) -> bool {
    why_not_sum(g).is_none()
}

/// Why a ruleset is not a disjunctive sum: the move (index into the generator's programs), the
/// place in the source to point at, and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSum {
    /// The move clause, when one is to blame (`None`: the shape).
    pub move_index: Option<usize>,
    /// Where to point in the source.
    pub span: Span,
    /// Why, in words.
    pub reason: String,
}

/// `None` when the ruleset is, provably from its lowered moves, a disjunctive sum of its heaps:
/// every move selects one heap and then acts only on that heap (references to it), reading
/// only it and its own amounts; otherwise the first move (or the shape) that is not.
pub(crate) fn why_not_sum(g: &Generator) -> Option<NotSum> {
    let shape = &g.shape;
    let whole = |reason: &str| NotSum {
        move_index: None,
        span: 0..0,
        reason: reason.to_string(),
    };
    if !shape.symmetric() {
        return Some(whole(
            "its heaps have names, so a position is not a multiset of heaps",
        ));
    }
    if shape.lower != 0 {
        return Some(whole(
            "its shape has a lower bound on every heap (`each >= ...`)",
        ));
    }
    if g.moves.is_empty() {
        return Some(whole("it has no moves"));
    }
    if let Some(rule) = &g.positions {
        return Some(NotSum {
            move_index: None,
            span: rule.span.clone(),
            reason: "it restricts its positions (`positions where`), so a heap's moves depend on the others".to_string(),
        });
    }
    g.moves.iter().enumerate().find_map(|(i, m)| {
        family::local::one_heap(shape, m)
            .err()
            .map(|(span, reason)| NotSum {
                move_index: Some(i),
                span,
                reason: reason.to_string(),
            })
    })
}

/// Why a Grundy sequence could not be computed.
#[derive(Debug)]
pub enum SeqError {
    /// A move of a single heap reached a heap as large, or the same position: the generic
    /// solver must handle it (and will report the loop).
    NotDecreasing,
    /// The solve stopped or the moves failed.
    Solve(SolveError<MoveError>),
}

/// The Grundy values of a single heap of size `0..=max` (the ruleset must pass [`is_sum`]):
/// by the take-and-break kernel when the moves are of its forms, else by the move generator.
pub fn grundy_sequence(g: &Generator, max: u32, budget: &Budget) -> Result<Vec<u32>, SeqError> {
    let run = grundy_run(g, Values::default(), max, budget, &mut |_| true);
    match run.stop {
        Some(e) => Err(e),
        None => Ok(run.values.to_vec(0..run.values.len())),
    }
}

/// A sequence computed as far as it went: the values of heaps `0..values.len()`, what
/// stopped it short of the end if anything did, and the rare/common engine's classes.
#[derive(Debug)]
pub struct SeqRun {
    /// The values computed, every one of them final.
    pub values: Values,
    /// Why the run stopped before the last heap asked for (`None`: it reached it).
    pub stop: Option<SeqError>,
    /// The rare/common engine's masks, rare heaps and work, when it ran.
    pub rare: Option<rare::RareFacts>,
}

/// Extends `start` (the values of heaps `0..start.len()`, from an earlier run) to `0..=max`
/// as [`grundy_sequence`] does, keeping the values computed when the budget stops it; `watch`
/// is shown the values as they grow (by the take-and-break kernel every
/// [`Budget::CHECK_EVERY`] heaps, [`kernel::Kernel::extend`]; by the generic extension after
/// each heap) and stops the run by answering `false`.
pub fn grundy_run(
    g: &Generator,
    start: Values,
    max: u32,
    budget: &Budget,
    watch: &mut dyn FnMut(&Values) -> bool,
) -> SeqRun {
    // Room for the values the position limit lets the run store, at most 2^20 of them at
    // first (the vector grows as the values come): not all of `0..=max` at once (`--max
    // 4294967295` would take 16 GB, of address space at least, before a limit could speak).
    let room = (max as usize)
        .saturating_add(1)
        .min(
            budget
                .max_positions
                .map_or(1 << 20, |m| m.saturating_add(1)),
        )
        .min(1 << 20);
    let mut seq = start;
    seq.reserve(room.saturating_sub(seq.len()));
    let (stop, rare) = match kernel::TakeBreak::of(g) {
        Some(rules) => {
            let mut k = kernel::Kernel::new(rules);
            let r = k.extend(&mut seq, max, budget, watch);
            values::with_values!(&seq, s => k.sync_rare(s));
            (r.err(), k.rare_facts())
        }
        None => {
            let mut scratch = Scratch::default();
            let mut out = Followers::new();
            let mut wide = seq.to_vec(0..seq.len());
            // The values as the watcher reads them, a copy kept as they grow (one heap's
            // followers take far longer than a push).
            let mut shown = std::mem::take(&mut seq);
            let mut show = |w: &[u32]| {
                for &x in &w[shown.len()..] {
                    shown.push(x);
                }
                watch(&shown)
            };
            let work = (&mut scratch, &mut out);
            let r = extend_generic(g, g.shape.count, &mut wide, (max, budget), work, &mut show);
            seq = Values::from_slice(&wide);
            let stop = r.err().map(|e| match e {
                GenericError::NotDecreasing => SeqError::NotDecreasing,
                GenericError::Solve(e) => SeqError::Solve(e),
            });
            (stop, None)
        }
    };
    SeqRun {
        values: seq,
        stop,
        rare,
    }
}

/// Why the generic extension stopped.
#[derive(Debug)]
pub(crate) enum GenericError<E> {
    /// A single heap reached a heap as large.
    NotDecreasing,
    /// The budget stopped it, or the moves failed.
    Solve(SolveError<E>),
}

/// The single-heap position of a heap of `n` for a shape of `count` heaps (the others empty).
pub(crate) fn single_heap(count: Option<usize>, n: u32, pos: &mut Vec<u32>) {
    pos.clear();
    match count {
        Some(k) => {
            pos.resize(k.saturating_sub(1), 0);
            if k > 0 {
                pos.push(n);
            }
        }
        None if n > 0 => pos.push(n),
        None => {}
    }
}

/// Extends `seq` to `0..=max` with any game's followers of a single heap and a bitset mex;
/// `watch` is shown the values after each heap and stops the run by answering `false` (a
/// [`SolveError::Cancelled`]).
pub(crate) fn extend_generic<G: GameRules>(
    game: &G,
    count: Option<usize>,
    seq: &mut Vec<u32>,
    (max, budget): (u32, &Budget),
    (scratch, out): (&mut G::Scratch, &mut Followers),
    watch: &mut dyn FnMut(&[u32]) -> bool,
) -> Result<(), GenericError<G::Error>> {
    let mut pos: Vec<u32> = Vec::new();
    let mut bits: Vec<u64> = Vec::new();
    // One heap's followers can take long (a `where` over a long range, amounts by the
    // billion): the generator looks at the clock and Ctrl-C itself.
    if let Some(stop) = budget.as_interrupt() {
        game.set_interrupt(scratch, stop);
    }
    // The largest value in `seq`, kept as it grows (not searched for at every heap).
    let mut largest = seq.iter().copied().max().unwrap_or(0);
    while seq.len() <= max as usize {
        let n = seq.len() as u32;
        budget
            .check(seq.len(), seq.len())
            .map_err(|s| GenericError::Solve(SolveError::from_stop(s, seq.len())))?;
        if !watch(seq) {
            let stored = seq.len();
            return Err(GenericError::Solve(SolveError::Cancelled { stored }));
        }
        single_heap(count, n, &mut pos);
        // Every follower's value is a XOR of values in `seq`, so below the least power of
        // two above them all: one bit each, marked as the followers stream past (a heap's
        // followers, such as its splits into many parts, are never all held at once).
        let top = (u64::from(largest) + 1).next_power_of_two();
        bits.clear();
        bits.resize(top.div_ceil(64) as usize, 0);
        mark_followers(game, (seq, n, &pos), budget, (scratch, out), &mut bits)?;
        let v = super::mex::mex_marked(&mut bits);
        largest = largest.max(v);
        seq.push(v);
    }
    Ok(())
}

/// Marks in `bits` the value of every follower of the single heap `pos` (of `n`, the values
/// of the heaps below it in `seq`).
fn mark_followers<G: GameRules>(
    game: &G,
    (seq, n, pos): (&[u32], u32, &[u32]),
    budget: &Budget,
    (scratch, out): (&mut G::Scratch, &mut Followers),
    bits: &mut [u64],
) -> Result<(), GenericError<G::Error>> {
    // Runs of amounts taken from the heap (compiled clauses): each follower's value read
    // at `n - s`, no follower built.
    let single = pos.len().saturating_sub(1);
    let runs = game.single_heap_runs((pos, single), scratch, &mut |first, last, step| {
        // 1 <= first <= last <= n.
        let mut s = first;
        loop {
            let x = seq[(u64::from(n) - s) as usize];
            bits[x as usize / 64] |= 1u64 << (x % 64);
            if last - s < step {
                break;
            }
            s += step;
        }
    });
    let solve_error = |e| GenericError::Solve(oracle::game_error(game, budget, e));
    match runs {
        Some(r) => r.map_err(solve_error),
        None => {
            let mut larger = false;
            game.followers_until(pos, scratch, out, &mut |f| {
                let mut x = 0u32;
                for &h in f {
                    if h >= n {
                        larger = true;
                        return true;
                    }
                    x ^= seq[h as usize];
                }
                bits[x as usize / 64] |= 1u64 << (x % 64);
                false
            })
            .map_err(solve_error)?;
            if larger {
                return Err(GenericError::NotDecreasing);
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn game(text: &str) -> Game {
        Game::from_source("test", text, &[]).expect("a valid ruleset")
    }

    #[test]
    fn recognises_sums_and_only_sums() {
        let sums = [
            "ruleset \"Nim\" { heaps any move { take 1.. from one heap } }",
            "ruleset \"S\" { heaps any move { take {1, 3, 4} from one heap } }",
            "ruleset \"N3\" { heaps 3 move { take 1.. from one heap } }",
            "ruleset \"TB\" { heaps any move { split one heap into 2 parts } move { take 1 from one heap } }",
        ];
        for s in sums {
            assert!(is_sum(game(s).generator()), "{s}");
        }
        let not_sums = [
            "ruleset \"W\" { heaps 2 move { take 1.. from one heap } move { take same 1.. from both heaps } }",
            "ruleset \"M\" { heaps any move { take 1.. from each of 1..2 heaps } }",
            "ruleset \"G\" { heaps any move when any heap in {5} { take 1.. from one heap } }",
            "ruleset \"C\" { heaps any move { delete one heap; lower every other heap by 1 } }",
            "ruleset \"O\" { heaps (x, y) move { take 1.. from heap x } move { take 1.. from heap y } }",
        ];
        for s in not_sums {
            assert!(!is_sum(game(s).generator()), "{s}");
        }
    }
}
