//! Phase 6, verification: `check` evaluates every claim of a ruleset over every position of a
//! box and compares it with the solver; `diff` compares two rulesets, or a ruleset and a
//! built-in formula, position by position. Both visit positions in one fixed order (fewest
//! tokens first, then fewest heaps, then lexicographically), so the first counterexample is the
//! smallest, and every failure comes with an explanation in words (`explain.rs`).

pub mod boxed;
pub mod branches;
pub mod check;
pub mod claim;
pub mod claim_exprs;
pub mod claim_report;
pub mod compare;
pub mod compiled;
pub mod coverage;
pub mod deepen;
pub mod diff;
mod diff_loopy;
pub mod error;
pub mod explain;
pub mod family;
pub mod heap_count;
pub mod loopy;
pub mod region;
mod scope;
mod solved;
pub mod steps;
pub mod sweep;

pub use error::{CheckError, RegionError};

use crate::game::Game;
use crate::moves::program::ShapeSpec;
use crate::ruleset::check::CheckRun;
use crate::solver::positions::{box_size, each_position};

/// The positions visited: every heap `<= max`, and at most `heaps` heaps for `heaps any`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The largest heap.
    pub max: u32,
    /// The most heaps (ignored when the shape fixes the count).
    pub heaps: usize,
}

/// What is missing to know the bounds of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingBound {
    /// No largest heap given, and no `check` line to take it from.
    Max,
    /// Any number of heaps, and no most heaps given or declared.
    Heaps,
}

impl Bounds {
    /// The bounds of a run: `max`/`heaps` as given, else the `check` line's; the heap count of
    /// a fixed shape needs nothing.
    pub fn resolve(
        game: &Game,
        max: Option<u32>,
        heaps: Option<usize>,
        line: Option<&CheckRun>,
    ) -> Result<Bounds, MissingBound> {
        let max = max.or(line.map(|l| l.max)).ok_or(MissingBound::Max)?;
        let heaps = game
            .heap_count(heaps.or(line.and_then(|l| l.heaps)))
            .ok_or(MissingBound::Heaps)?;
        Ok(Bounds { max, heaps })
    }
}

/// The most positions `check` and `diff` visit in one run.
pub const MAX_POSITIONS: u128 = 20_000_000;

/// The most positions of a region a deepening run sweeps from a box a kernel solved, without
/// listing them ([`sweep`]).
pub(crate) const MAX_SWEPT: u128 = 400_000_000;

/// The most heaps the samples of one run hold in all (a ruleset of `heaps 4294967295` would
/// otherwise draw 16 GB for one sample).
pub(crate) const MAX_HEAPS_DRAWN: u128 = 1 << 28;

/// How many positions a region lists between two looks at its budget (a region of 10^7
/// positions takes seconds to list).
pub(crate) const LOOK_EVERY: usize = 4096;

/// Every canonical position within the bounds, in the fixed order of this module; an error
/// when there are more than [`MAX_POSITIONS`].
pub(crate) fn positions_in_order(
    shape: &ShapeSpec,
    b: Bounds,
) -> Result<Vec<Vec<u32>>, RegionError> {
    positions_in_order_until(shape, b, &|| None)
}

/// [`positions_in_order`], asking `stop` every [`LOOK_EVERY`] positions listed (and before
/// sorting them) whether to give up: `Some(true)` for the time limit, `Some(false)` for
/// Ctrl-C, and [`RegionError::StoppedListing`] when it says so.
pub(crate) fn positions_in_order_until(
    shape: &ShapeSpec,
    b: Bounds,
    stop: &dyn Fn() -> Option<bool>,
) -> Result<Vec<Vec<u32>>, RegionError> {
    match box_size(shape, b.max, b.heaps) {
        Some(n) if n <= MAX_POSITIONS => {}
        positions => return Err(RegionError::BoxTooLarge { positions }),
    }
    let mut v = Vec::new();
    let stopped = |deadline| RegionError::StoppedListing {
        region: format!("every heap <= {}", b.max),
        deadline,
    };
    each_position(shape, b.max, b.heaps, |p| {
        if v.len() % LOOK_EVERY == LOOK_EVERY - 1 {
            if let Some(deadline) = stop() {
                return Err(deadline);
            }
        }
        v.push(p.to_vec());
        Ok(())
    })
    .map_err(stopped)?;
    if let Some(deadline) = stop() {
        return Err(stopped(deadline));
    }
    v.sort_by_cached_key(|p| (p.iter().map(|&h| u64::from(h)).sum::<u64>(), p.len()));
    // `sort_by_cached_key` is stable and each_position walks each size lexicographically.
    Ok(v)
}

/// What a side says of a position: an outcome, or a Grundy value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// P (true) or N (false).
    IsP(bool),
    /// A Grundy value (a claim may say a negative one).
    Grundy(i64),
    /// A draw (D), in a loopy game.
    Draw,
    /// An infinite Smith value of a loopy game, as CGSuite writes it (`inf{0,2}`).
    Loopy(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::IsP(true) => f.write_str("P"),
            Answer::IsP(false) => f.write_str("N"),
            Answer::Grundy(g) => write!(f, "{g}"),
            Answer::Draw => f.write_str("D"),
            Answer::Loopy(v) => f.write_str(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_come_from_the_arguments_then_the_check_line() {
        let game = |shape: &str| {
            let text =
                format!("ruleset \"t\" {{\n  {shape}\n  move {{ take 1.. from one heap }}\n}}\n");
            Game::from_source("t", &text, &[]).expect("a valid ruleset")
        };
        let (any, two) = (game("heaps any"), game("heaps 2"));
        let line = CheckRun {
            with: vec![],
            max: 8,
            heaps: Some(4),
            quick: None,
            over: None,
            span: 0..0,
            ranged: None,
        };
        let b = |max, heaps| Bounds { max, heaps };
        assert_eq!(Bounds::resolve(&any, None, None, Some(&line)), Ok(b(8, 4)));
        assert_eq!(
            Bounds::resolve(&any, Some(3), Some(2), Some(&line)),
            Ok(b(3, 2))
        );
        assert_eq!(Bounds::resolve(&two, Some(3), Some(9), None), Ok(b(3, 2)));
        assert_eq!(
            Bounds::resolve(&two, None, None, None),
            Err(MissingBound::Max)
        );
        assert_eq!(
            Bounds::resolve(&any, Some(3), None, None),
            Err(MissingBound::Heaps)
        );
    }

    #[test]
    fn order_is_by_tokens_then_heaps_then_lexicographic() {
        let shape = ShapeSpec {
            count: None,
            names: None,
            lower: 0,
        };
        let v = positions_in_order(&shape, Bounds { max: 2, heaps: 2 }).unwrap();
        let want: Vec<Vec<u32>> =
            vec![vec![], vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 2]];
        assert_eq!(v, want);
    }
}
