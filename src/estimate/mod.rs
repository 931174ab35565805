//! The work a solve would do, estimated before it starts from the lowered move program, and
//! the refusals that follow from it.
//!
//! Upper bounds ([`upper`]): how many positions a solve may store and how many followers
//! each may have. They may be astronomically high, so they only size the progress bar and
//! never refuse. A lower bound ([`lower`]): how many followers the first position alone has,
//! counted exactly for the moves whose followers are easy to count. A run is refused only
//! when that count proves it cannot finish: more followers than can be generated in any run
//! ([`MOST_FOLLOWERS`]), or more than can be held in the memory limit while the position is
//! solved. Before one position's solve, the facts of both its refusals are asked once
//! ([`PositionFacts`]: its followers counted, and the positions its search must store at
//! least, `region.rs`). Everything else starts, shows its progress, and stops cleanly at the
//! position, memory or time limit.

mod lower;
mod region;
mod upper;

pub use lower::followers_at_least;
pub use region::{region_at_least, stored_at_least, PositionFacts};
pub use upper::branching;
use upper::{has_splits, multisets, partitions_upto};

use crate::moves::Generator;
use crate::ruleset::diag::{Code, Diag};

/// Followers of one position beyond which no run can finish: 10^15, months of generation at
/// the generator's speed (at best about 10^8 followers a second on one core).
pub(crate) const MOST_FOLLOWERS: f64 = 1e15;

/// Bytes a follower takes at least while it is kept: its heaps (4 bytes each) and 16 bytes
/// of bookkeeping (the search's item, or the listed position's vector).
pub(crate) fn follower_bytes(heaps: usize) -> f64 {
    16.0 + 4.0 * heaps as f64
}

/// An estimate of the work of a solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// At most this many positions can be reached (and stored).
    pub positions: f64,
    /// At most this many followers per position (the largest position of the box).
    pub branching: f64,
    /// At least this many followers of the first position are generated, and kept at once,
    /// before the solve can answer it (0 when not counted, as for a box).
    pub first_followers: f64,
    /// Heaps of the first position (for the bytes its followers take).
    pub first_heaps: usize,
}

impl Estimate {
    /// Positions × branching: how many followers the whole solve may generate.
    pub fn work(&self) -> f64 {
        self.positions * self.branching
    }

    /// The estimate for everything reachable from a canonical position `pos` (normal play).
    pub fn for_position(gen: &Generator, pos: &[u32]) -> Estimate {
        Estimate::for_position_in(gen, pos, crate::solver::Play::Normal)
    }

    /// [`Estimate::for_position`] in `play`: in misère play a sum is searched position by
    /// position like any other game (its values do not add by XOR).
    pub fn for_position_in(gen: &Generator, pos: &[u32], play: crate::solver::Play) -> Estimate {
        let by_sum = play == crate::solver::Play::Normal && crate::solver::sum::is_sum(gen);
        let max = pos.iter().copied().max().unwrap_or(0);
        let sum: f64 = pos.iter().map(|&h| f64::from(h)).sum();
        let splits = has_splits(gen);
        let lower = gen.shape.lower;
        let positions = match gen.shape.count {
            Some(k) if !splits => {
                // Heaps only shrink: each heap stays between the lower bound and its size.
                let tuples: f64 = pos
                    .iter()
                    .map(|&h| f64::from(h - lower.min(h)) + 1.0)
                    .product();
                if gen.shape.symmetric() {
                    tuples.min(multisets(f64::from(max - lower.min(max)) + 1.0, k))
                } else {
                    tuples
                }
            }
            // Splits keep or lower the total number of tokens.
            Some(k) => multisets(f64::from(max) + 1.0, k).min(partitions_upto(sum)),
            None if !splits => {
                let values = f64::from(max) + 1.0;
                (0..=pos.len()).map(|j| multisets(values, j)).sum::<f64>()
            }
            None => partitions_upto(sum),
        };
        let heaps = match gen.shape.count {
            Some(k) => k,
            None if splits => sum as usize,
            None => pos.len(),
        };
        // A sum is solved through the single-heap sequence up to its largest heap; moves that
        // add tokens (`add`, `move ... to ...`) may reach heaps larger than any of `pos`.
        let positions = if by_sum {
            f64::from(max) + 1.0
        } else if gen.adds() {
            f64::INFINITY
        } else {
            positions
        };
        // A fresh search generates every follower of the first position and keeps each until
        // it is solved; a sum is answered from single heaps instead.
        let first_followers = if by_sum {
            0.0
        } else {
            followers_at_least(gen, pos)
        };
        Estimate {
            positions: positions.max(1.0),
            branching: branching(gen, heaps, max),
            first_followers,
            first_heaps: pos.len(),
        }
    }

    /// The estimate for a whole box: every heap `<= max`, `heaps` heaps (at most, for
    /// `heaps any`); `box_positions` is its exact number of positions when known.
    pub fn for_box(
        gen: &Generator,
        max: u32,
        heaps: usize,
        box_positions: Option<u128>,
    ) -> Estimate {
        let positions = box_positions.map_or(f64::INFINITY, |n| n as f64);
        // No refusal: a box may be solved without generating every follower of its positions
        // (kernels, aggregates), so no count proves a box impossible.
        Estimate {
            positions: positions.max(1.0),
            branching: branching(gen, heaps, max),
            first_followers: 0.0,
            first_heaps: heaps,
        }
    }

    /// A refusal when the first position alone proves that the run cannot finish (see
    /// [`followers_refusal`]); `what` names the query ("solving (3, 5)"), `memory` is the
    /// memory limit in bytes with the words that say what set it.
    pub fn refusal(&self, what: &str, memory: Option<(u64, &str)>) -> Option<Diag> {
        followers_refusal(what, self.first_followers, self.first_heaps, memory)
    }
}

/// A refusal when `followers` followers of one position with `heaps` heaps (a proven lower
/// bound, such as [`followers_at_least`]) are more than any run can generate
/// ([`MOST_FOLLOWERS`]), or take more than the memory limit to hold at once ([`follower_bytes`]
/// each); `None` otherwise.
pub fn followers_refusal(
    what: &str,
    followers: f64,
    heaps: usize,
    memory: Option<(u64, &str)>,
) -> Option<Diag> {
    let force = "give --force to start anyway (the limits still stop it)";
    if followers > MOST_FOLLOWERS {
        return Some(
            Diag::new(
                Code::TooLarge,
                0..0,
                format!(
                    "{what} cannot finish: the position alone has at least {} followers to \
                     generate, more than any run can ({}, months at the generator's speed)",
                    show(followers),
                    show(MOST_FOLLOWERS)
                ),
                "",
            )
            .help(format!("ask about smaller positions, or {force}")),
        );
    }
    let bytes = followers * follower_bytes(heaps);
    match memory {
        Some((cap, why)) if bytes > cap as f64 => Some(
            Diag::new(
                Code::TooLarge,
                0..0,
                format!(
                    "{what} cannot fit in memory: the position alone has at least {} followers, \
                     which take at least {} while it is solved, more than the memory limit of {} \
                     ({why})",
                    show(followers),
                    show_bytes(bytes),
                    show_bytes(cap as f64)
                ),
                "",
            )
            .help(format!(
                "raise the limit with --max-memory SIZE, ask about smaller positions, or {force}"
            )),
        ),
        _ => None,
    }
}

/// A large count in words: `1234`, `3.5e12`, "more than 10^300".
pub fn show(x: f64) -> String {
    if !x.is_finite() {
        "more than 10^300".to_string()
    } else if x < 1e6 {
        format!("{}", x.round())
    } else {
        format!("{x:.1e}")
    }
}

/// A number of bytes in words: `512 kB`, `40 MB`, `5.6 GB`, `1.2e12 GB`.
pub fn show_bytes(b: f64) -> String {
    let g = b / f64::from(1u32 << 30);
    let m = b / f64::from(1u32 << 20);
    if g >= 1e6 {
        format!("{} GB", show(g))
    } else if g >= 1.0 {
        format!("{g:.1} GB")
    } else if m >= 1.0 {
        format!("{m:.0} MB")
    } else {
        format!("{:.0} kB", b / 1024.0)
    }
}
