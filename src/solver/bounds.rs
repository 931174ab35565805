//! The limits of a solve as plain values ([`Cap`]: the position limit and the memory limit
//! set, the memory limit in force, what bounds the positions when nothing is set, `force`),
//! resolved by the floor above (`query::limits`) before the solver is called, and the bounds
//! they give a solve at what it spends a position ([`Cap::at`]: the most positions stored, the
//! memory limit, each with the words that say what set it).

use super::Budget;

/// The bounds of one solve: what [`Cap::at`] resolves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most positions stored (`usize::MAX`: unbounded).
    pub max_positions: usize,
    /// What set it, in words: "--max-positions 1000", "the default (half of 7.5 GB available)".
    pub why: String,
    /// The most resident memory, in bytes, with what set it, when known.
    pub max_memory: Option<(u64, String)>,
}

/// The positions of a solve that no limit set bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Otherwise {
    /// As many as half of `bytes` holds at what the solve spends a position; `words` say
    /// what: "the default, half of the 7.5 GB available".
    Half {
        /// The bytes the platform leaves.
        bytes: u64,
        /// What they are, in words.
        words: String,
    },
    /// This many (`usize::MAX`: unbounded), with the words that say why.
    Fixed(usize, String),
}

/// The limits of a solve, resolved into plain values: what was set, each with the words
/// that say so in the front end's terms, and what bounds the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cap {
    /// The position limit set (by the user, or the platform's default).
    pub positions: Option<(usize, String)>,
    /// The memory limit the user set: it bounds the positions at what a position costs.
    pub memory_set: Option<(u64, String)>,
    /// The memory limit in force: the one set, else the platform's default.
    pub memory: Option<(u64, String)>,
    /// The positions when no limit bounds them.
    pub otherwise: Otherwise,
    /// Start even a run that is refused beforehand (the limits still stop it).
    pub force: bool,
}

/// A cost per position in words: "1 bit", "41 bits", "208 bytes".
pub(crate) fn show_cost(bits: u64) -> String {
    match bits {
        1 => "1 bit".to_string(),
        b if b % 8 == 0 => format!("{} bytes", b / 8),
        b => format!("{b} bits"),
    }
}

impl Cap {
    /// The bounds of a solve that stores a position in `bits` bits: the position limit set,
    /// or what the memory limit holds, the smaller; else [`Cap::otherwise`].
    pub fn at(&self, bits: u64) -> Bounds {
        let bits = bits.max(1);
        let cost = show_cost(bits);
        let fit = |bytes: u64| {
            let n = u128::from(bytes) * 8 / u128::from(bits);
            usize::try_from(n).unwrap_or(usize::MAX).max(1)
        };
        let from_memory = (self.memory_set.as_ref())
            .map(|(m, why)| (fit(*m), format!("{why} (at {cost} a position)")));
        // Positions beyond what fits in the default memory limit cannot be stored either:
        // `--max-positions 18446744073709551615` alone still stops there.
        let explicit = match (self.positions.clone(), &self.memory) {
            (Some(a), Some((m, why))) if self.memory_set.is_none() && fit(*m) < a.0 => {
                Some((fit(*m), format!("{why} (at {cost} a position)")))
            }
            (a, _) => a,
        };
        let chosen = match (explicit, from_memory) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        let (max_positions, why) = chosen.unwrap_or_else(|| match &self.otherwise {
            Otherwise::Half { bytes, words } => {
                (fit(bytes / 2), format!("{words} at {cost} a position"))
            }
            Otherwise::Fixed(n, why) => (*n, why.clone()),
        });
        Bounds {
            max_positions,
            why,
            max_memory: self.memory.clone(),
        }
    }
}

impl Bounds {
    /// `budget` (a front end's hooks: Ctrl-C, progress, the deadline) within these bounds: its
    /// own position and memory limits kept where they are tighter.
    pub(crate) fn tighten(&self, budget: &Budget) -> Budget {
        let cap = self.max_memory.as_ref().map(|(cap, _)| *cap);
        Budget {
            max_positions: Some(
                (budget.max_positions).map_or(self.max_positions, |m| m.min(self.max_positions)),
            ),
            max_bytes: match (budget.max_bytes, cap) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            ..budget.clone()
        }
    }
}
