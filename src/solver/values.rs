//! The result of solving a whole box: what was asked ([`Want`]), which mode answered
//! ([`ModeUsed`]), and the values by rank ([`BoxValues`]). Shared by the mode chooser
//! ([`super::modes`]) and the modes it calls ([`super::parallel`]), so that no mode imports
//! the chooser back.

use super::error::Outcome;
use super::table::BoxSpec;

/// What to compute for every position of a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// P or N only (a solver may stop at the first P-follower).
    Outcome,
    /// Grundy values.
    Grundy,
}

/// Which mode solved a box (reported by `solve` and the benchmarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeUsed {
    /// The generic memoized search, position by position.
    Generic,
    /// The memoized search with a dense table over the box.
    Table,
    /// A disjunctive sum: the XOR of single-heap Grundy values.
    Sum,
    /// The table filled layer by layer (by total tokens) on several threads.
    Parallel,
}

/// The values of every position of a box.
#[derive(Clone, Debug)]
pub struct BoxValues {
    /// The box.
    pub spec: BoxSpec,
    /// What was computed.
    pub want: Want,
    /// By rank: the Grundy value, or for outcomes 0 for P and 1 for N.
    pub values: Vec<u32>,
    /// The mode used.
    pub mode: ModeUsed,
}

impl BoxValues {
    /// The Grundy value of a canonical position in the box (`None` outside it or in P/N mode).
    pub fn grundy(&self, pos: &[u32]) -> Option<u32> {
        if self.want != Want::Grundy {
            return None;
        }
        self.spec.rank(pos).map(|r| self.values[r])
    }

    /// The outcome of a canonical position in the box.
    pub fn outcome(&self, pos: &[u32]) -> Option<Outcome> {
        self.spec.rank(pos).map(|r| {
            if self.values[r] == 0 {
                Outcome::P
            } else {
                Outcome::N
            }
        })
    }
}
