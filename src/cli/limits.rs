//! The limits of a solve: the most positions stored (`--max-positions`, or what the memory
//! limit holds at the bytes a position costs), the memory limit (`--max-memory`, or three
//! quarters of what the machine leaves), each with the words that say what set it; and the
//! refusal, unless `--force`, of a run its first position proves cannot finish.

use crate::estimate::Estimate;
use crate::ruleset::diag::LoadError;
use crate::Game;
use miette::Report;

use super::args::GameArgs;
use super::machine::headroom;
use super::units::show_bytes;

/// The position limit of a solve, and what set it (for messages).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most positions stored.
    pub max_positions: usize,
    /// What set it, in words: "--max-positions 1000", "the default (half of 7.5 GB available)".
    pub why: String,
    /// The most resident memory, in bytes, when known: --max-memory, else three quarters of
    /// the memory available at the start.
    pub max_memory: Option<(u64, String)>,
}

/// Bytes one stored position takes, estimated: the memo entry (a boxed key of 16 bytes and
/// an 8-byte value, with the table's control byte, load factor 7/8 and doubling slack), the
/// key's own allocation, and for `solve` the row of the table. Measured with
/// `/usr/bin/time -f %M` on `solve rulesets/classic/wythoff.game --max 1000` (501 501
/// positions): 98 MB above the start, about 196 bytes a position; 3-heap Nim up to 60: 160.
pub fn bytes_per_position(heaps: usize) -> u64 {
    (heaps as u64).saturating_mul(8).saturating_add(192)
}

/// The position limit when none is given and no memory limit applies (the REPL's default): half
/// the memory heapgame may use ([`super::machine::headroom`]) at [`bytes_per_position`] for
/// `heaps` heaps, or 10^8 positions when the memory is unknown.
pub fn default_max_positions(heaps: usize) -> usize {
    let per = bytes_per_position(heaps);
    super::machine::headroom().map_or(100_000_000, |h| {
        usize::try_from(h.bytes / 2 / per)
            .unwrap_or(usize::MAX)
            .max(1)
    })
}

/// The memory limit when none is given, with the words that say what set it: the memory in
/// use now and three quarters of what heapgame may take beyond it
/// ([`super::machine::headroom`]), or `None` when unknown.
pub fn default_max_memory() -> Option<(u64, String)> {
    let in_use = super::watchdog::resident_bytes().unwrap_or(0);
    headroom().map(|h| {
        (
            in_use.saturating_add(h.bytes / 4 * 3),
            format!(
                "the default, three quarters of the {} {}",
                show_bytes(h.bytes),
                h.source
            ),
        )
    })
}

/// A cost per position in words: "1 bit", "41 bits", "208 bytes".
pub fn show_cost(bits: u64) -> String {
    match bits {
        1 => "1 bit".to_string(),
        b if b % 8 == 0 => format!("{} bytes", b / 8),
        b => format!("{b} bits"),
    }
}

impl GameArgs {
    /// The position limit for a solve of positions with at most `heaps` heaps, stored in the
    /// memo at [`bytes_per_position`].
    pub fn limits(&self, heaps: usize) -> Limits {
        self.limits_at(bytes_per_position(heaps).saturating_mul(8))
    }

    /// The position limit for a solve that stores a position in `bits` bits (a box solved in
    /// one of `solve_box`'s modes: [`heapgame::solver::plan::BoxPlan`]).
    pub fn limits_at(&self, bits: u64) -> Limits {
        let bits = bits.max(1);
        let cost = show_cost(bits);
        let fit = |bytes: u64| {
            let n = u128::from(bytes) * 8 / u128::from(bits);
            usize::try_from(n).unwrap_or(usize::MAX).max(1)
        };
        let from_memory = self.max_memory.map(|m| {
            (
                fit(m),
                format!("--max-memory {} (at {cost} a position)", show_bytes(m)),
            )
        });
        let explicit = self
            .max_positions
            .map(|n| (n, format!("--max-positions {n}")));
        let room = headroom();
        let max_memory = match self.max_memory {
            Some(m) => Some((m, format!("--max-memory {}", show_bytes(m)))),
            None => default_max_memory(),
        };
        // Positions beyond what fits in the default memory limit cannot be stored either:
        // `--max-positions 18446744073709551615` alone still stops there.
        let explicit = match (explicit, &max_memory) {
            (Some(a), Some((m, why))) if self.max_memory.is_none() && fit(*m) < a.0 => {
                Some((fit(*m), format!("{why} (at {cost} a position)")))
            }
            (a, _) => a,
        };
        let chosen = match (explicit, from_memory) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        let (max_positions, why) = chosen.unwrap_or_else(|| match room {
            Some(h) => (
                fit(h.bytes / 2),
                format!(
                    "the default, half of the {} {} at {cost} a position",
                    show_bytes(h.bytes),
                    h.source
                ),
            ),
            None => (
                100_000_000,
                "the default when the available memory is unknown".to_string(),
            ),
        });
        Limits {
            max_positions,
            why,
            max_memory,
        }
    }

    /// Refuses, unless --force, a run that its first position proves cannot finish (more
    /// followers than can be generated, or held within the memory limit).
    pub fn check_estimate(&self, game: &Game, e: &Estimate, what: &str) -> Result<(), Report> {
        if self.force {
            return Ok(());
        }
        let memory = self.limits(e.first_heaps).max_memory;
        let memory = memory.as_ref().map(|(cap, why)| (*cap, why.as_str()));
        match e.refusal(what, memory) {
            Some(d) => Err(Report::new(LoadError::single(game.src.clone(), d))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn limits_take_the_smaller() {
        let args = |pos: Option<usize>, mem: Option<u64>| GameArgs {
            file: PathBuf::from("x.game"),
            params: Vec::new(),
            max_positions: pos,
            max_memory: mem,
            force: false,
            time: None,
            play: None,
        };
        // 2 heaps: 208 bytes a position.
        let l = args(Some(1000), Some(208 * 500)).limits(2);
        assert_eq!(l.max_positions, 500);
        assert!(l.why.contains("--max-memory"), "{}", l.why);
        let l = args(Some(100), Some(208 * 500)).limits(2);
        assert_eq!(l.max_positions, 100);
        assert_eq!(l.why, "--max-positions 100");
        let l = args(None, None).limits(2);
        assert!(l.max_positions >= 1, "{l:?}");
    }
}
