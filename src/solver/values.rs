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
    /// A dense table over the box, filled by the memoized search or, when the ruleset's moves
    /// match one, by a compiled kernel ([`BoxValues::kernel`]).
    Table,
    /// A disjunctive sum: the XOR of single-heap Grundy values.
    Sum,
    /// The table filled layer by layer (by total tokens) on several threads.
    Parallel,
}

impl ModeUsed {
    /// The mode's name, as `solve --format json` reports it: `generic`, `table`, `sum`,
    /// `parallel`.
    pub fn name(self) -> &'static str {
        match self {
            ModeUsed::Generic => "generic",
            ModeUsed::Table => "table",
            ModeUsed::Sum => "sum",
            ModeUsed::Parallel => "parallel",
        }
    }
}

/// The values of every position of a box.
#[derive(Clone, Debug)]
pub struct BoxValues {
    /// The box.
    pub spec: BoxSpec,
    /// What was computed.
    pub want: Want,
    /// By rank, the Grundy values (for [`Want::Grundy`]); empty for [`Want::Outcome`], whose
    /// outcomes are kept at one bit a position: read any table with [`BoxValues::value`].
    pub values: Vec<u32>,
    /// For [`Want::Outcome`]: bit `r` is set when the position of rank `r` is a P-position.
    p_bits: Vec<u64>,
    /// The mode used.
    pub mode: ModeUsed,
    /// The compiled kernel that filled the table ([`super::kernels`]), if one did; `None`
    /// when the mode's own search did.
    pub kernel: Option<&'static str>,
}

impl BoxValues {
    /// A table of Grundy values by rank.
    pub(crate) fn from_grundy(
        spec: BoxSpec,
        values: Vec<u32>,
        mode: ModeUsed,
        kernel: Option<&'static str>,
    ) -> BoxValues {
        BoxValues {
            spec,
            want: Want::Grundy,
            values,
            p_bits: Vec::new(),
            mode,
            kernel,
        }
    }

    /// A table of outcomes: bit `r` of `p_bits` set when rank `r` is a P-position.
    pub(crate) fn from_p_bits(
        spec: BoxSpec,
        p_bits: Vec<u64>,
        mode: ModeUsed,
        kernel: Option<&'static str>,
    ) -> BoxValues {
        BoxValues {
            spec,
            want: Want::Outcome,
            values: Vec::new(),
            p_bits,
            mode,
            kernel,
        }
    }

    /// A table from values by rank: Grundy values, or for outcomes 0 for P and 1 for N.
    pub(crate) fn from_values(
        spec: BoxSpec,
        want: Want,
        values: Vec<u32>,
        mode: ModeUsed,
    ) -> BoxValues {
        match want {
            Want::Grundy => BoxValues::from_grundy(spec, values, mode, None),
            Want::Outcome => {
                let mut bits = vec![0u64; values.len().div_ceil(64)];
                for (r, &v) in values.iter().enumerate() {
                    if v == 0 {
                        bits[r / 64] |= 1 << (r % 64);
                    }
                }
                BoxValues::from_p_bits(spec, bits, mode, None)
            }
        }
    }

    /// The value at rank `r`: the Grundy value, or for outcomes 0 for P and 1 for N.
    pub fn value(&self, r: usize) -> u32 {
        match self.want {
            Want::Grundy => self.values[r],
            Want::Outcome => u32::from(!self.is_p(r)),
        }
    }

    /// Whether the position of rank `r` is a P-position.
    pub fn is_p(&self, r: usize) -> bool {
        match self.want {
            Want::Grundy => self.values[r] == 0,
            Want::Outcome => self.p_bits[r / 64] >> (r % 64) & 1 == 1,
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.spec.len()
    }

    /// Whether the box is empty.
    pub fn is_empty(&self) -> bool {
        self.spec.is_empty()
    }

    /// The ranks of the P-positions, in increasing order (for outcomes, read a word of 64
    /// positions at a time).
    pub(crate) fn p_ranks(&self) -> Box<dyn Iterator<Item = usize> + '_> {
        match self.want {
            Want::Grundy => Box::new((0..self.values.len()).filter(|&r| self.values[r] == 0)),
            Want::Outcome => Box::new(self.p_bits.iter().enumerate().flat_map(|(w, &bits)| {
                let mut rest = bits;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let b = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        w * 64 + b
                    })
                })
            })),
        }
    }

    /// The values by rank, as [`BoxValues::value`] gives them.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len()).map(|r| self.value(r))
    }

    /// The Grundy value of a canonical position in the box (`None` outside it or in P/N mode).
    pub fn grundy(&self, pos: &[u32]) -> Option<u32> {
        if self.want != Want::Grundy {
            return None;
        }
        self.spec.rank(pos).map(|r| self.values[r])
    }

    /// The outcome of a canonical position in the box.
    pub fn outcome(&self, pos: &[u32]) -> Option<Outcome> {
        self.spec
            .rank(pos)
            .map(|r| if self.is_p(r) { Outcome::P } else { Outcome::N })
    }
}
