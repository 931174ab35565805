//! The classes of the rare/common engine (`rare.rs`) for one group of split clauses: the
//! mask `M`, whether the heap's parity joins the class, and the rare heaps listed with their
//! values.
//!
//! Split clauses are grouped by the parity of their amounts: every amount of a group has
//! parity `q` (`Some(q)`), or they are mixed (or infinite) and the heap's parity stays out.
//! Each group has its own classes, so that a game whose splits take amounts of both
//! parities (0.354: split after taking 2, or 3) still has a sparse rare set in each group
//! (as Beling's RC2 solver does with its two splits of the breaking moves).
//!
//! The class of heap `i` with value `v` is `parity(v & M) ^ (P & (i ^ q) & 1)`, `P` the
//! position bit. The mask is read off the Walsh-Hadamard transform of the counts of
//! (value, heap parity) seen so far: at `s = M << 1 | P` it is `#class 0 - #class 1` with
//! `q = 0`, and the other way round for `q = 1` when `P` is on.

use super::values::Val;

/// The rare set is sparse while at most one heap in `SPARSE` is rare.
pub(crate) const SPARSE: usize = 8;

/// The classes of one group of split clauses.
#[derive(Clone, Debug)]
pub struct Classes {
    /// The parity `q` of every amount of the group, when they share one.
    pub pb: Option<u32>,
    /// `M`: a value's class is the parity of `value & M`.
    pub mask: u32,
    /// Whether the heap's parity joins the class.
    pub pos: bool,
    /// Whether `rare` lists the rare heaps (false while no mask makes them sparse).
    pub listing: bool,
    /// The rare heaps, in increasing order, and their values.
    pub rare: Vec<u32>,
    /// The values of the heaps of `rare`.
    pub rare_g: Vec<u32>,
    /// The heap from which a new rare heap asks for the transform again.
    next_check: usize,
    /// Times the mask changed.
    pub mask_changes: u32,
    /// Times the rare heaps were listed again or dropped (a block of rare pairs built before
    /// is then stale).
    pub lists: u64,
}

/// `parity(x)` as 0 or 1.
#[inline]
pub fn parity(x: u32) -> u32 {
    x.count_ones() & 1
}

impl Classes {
    /// The classes of a group whose amounts all have parity `pb` (`None`: mixed).
    pub fn new(pb: Option<u32>) -> Classes {
        Classes {
            pb,
            mask: 0,
            pos: false,
            listing: false,
            rare: Vec::new(),
            rare_g: Vec::new(),
            next_check: 0,
            mask_changes: 0,
            lists: 0,
        }
    }

    /// The class of heap `i` with value `v`: 0 rare, 1 common.
    #[inline]
    pub fn class(&self, i: usize, v: u32) -> u32 {
        let q = self.pb.unwrap_or(0);
        parity(v & self.mask) ^ (u32::from(self.pos) & (i as u32 ^ q) & 1)
    }

    /// Whether a value read at heap `n` has its class flipped by the position bit.
    #[inline]
    pub fn flip(&self, n: u32) -> bool {
        self.pos && (n ^ self.pb.unwrap_or(0)) & 1 == 1
    }

    /// Records heap `i` (value `v`), listing it when rare; whether the transform should be
    /// taken again (a rare heap, at most every `i / 16` heaps).
    pub fn push(&mut self, i: usize, v: u32) -> bool {
        let rare = self.class(i, v) == 0;
        if rare && self.listing {
            self.rare.push(i as u32);
            self.rare_g.push(v);
        }
        rare && i >= self.next_check
    }

    /// The rare heaps under `s = M << 1 | P`, from the transform `h` of `total` heaps.
    fn rare_of(&self, h: &[i64], total: i64, s: usize) -> usize {
        let d = if s & 1 == 1 && self.pb == Some(1) {
            -h[s]
        } else {
            h[s]
        };
        ((total + d) / 2) as usize
    }

    /// Keeps or changes the mask from the transform `h` of the counts of the `recorded`
    /// heaps of `seq`: another mask is taken only when its rare set is an eighth smaller.
    pub fn choose<T: Val>(&mut self, h: &[i64], seq: &[T], recorded: usize) {
        let total = recorded as i64;
        let step = if self.pb.is_some() { 1 } else { 2 };
        let best = (step..h.len())
            .step_by(step)
            .min_by_key(|&s| (self.rare_of(h, total, s), s))
            .unwrap_or(0);
        let current = (self.mask as usize) << 1 | usize::from(self.pos);
        let cur_rare = if current == 0 || current >= h.len() {
            usize::MAX
        } else {
            self.rare_of(h, total, current)
        };
        self.next_check = recorded + recorded / 16 + 16;
        let better = best != 0 && self.rare_of(h, total, best) < cur_rare - cur_rare / 8;
        if better {
            self.mask = (best >> 1) as u32;
            self.pos = best & 1 == 1;
            self.mask_changes += 1;
        }
        let now = if better {
            self.rare_of(h, total, best)
        } else {
            cur_rare
        };
        let sparse = now.saturating_mul(SPARSE) <= recorded;
        if better || (sparse && !self.listing) {
            self.relist(&seq[..recorded]);
        } else if !sparse && self.listing {
            self.unlist();
        }
    }

    /// Lists the rare heaps of `seq` under the current mask.
    fn relist<T: Val>(&mut self, seq: &[T]) {
        self.lists += 1;
        self.rare.clear();
        self.rare_g.clear();
        for (i, v) in seq.iter().map(|&v| v.into()).enumerate() {
            if self.class(i, v) == 0 {
                self.rare.push(i as u32);
                self.rare_g.push(v);
            }
        }
        self.listing = self.rare.len() * SPARSE <= seq.len();
        if !self.listing {
            self.unlist();
        }
    }

    fn unlist(&mut self) {
        self.lists += 1;
        self.listing = false;
        self.rare = Vec::new();
        self.rare_g = Vec::new();
    }

    /// Whether the rare heaps are listed, sparse among `n`, under a mask that is not empty.
    pub fn ready(&self, n: usize) -> bool {
        self.listing && (self.mask != 0 || self.pos) && self.rare.len() * SPARSE <= n
    }

    /// The bits of the values `64 w .. 64 w + 64` that are common read at heap `n`
    /// (`low`: the bits `b < 64` with `parity(b & M) = 1`).
    #[inline]
    pub(crate) fn common_word(&self, low: u64, w: usize, flip: bool) -> u64 {
        let high = parity(((w as u32) << 6) & self.mask) == 1;
        if high ^ flip {
            !low
        } else {
            low
        }
    }

    /// The bits `b < 64` with `parity(b & M) = 1`: the XOR of the words whose bit `b` is bit
    /// `j` of `b`, for each of the mask's bits `j < 6`.
    #[inline]
    pub(crate) fn low_word(&self) -> u64 {
        const BIT: [u64; 6] = [
            0xaaaa_aaaa_aaaa_aaaa,
            0xcccc_cccc_cccc_cccc,
            0xf0f0_f0f0_f0f0_f0f0,
            0xff00_ff00_ff00_ff00,
            0xffff_0000_ffff_0000,
            0xffff_ffff_0000_0000,
        ];
        (0..6)
            .filter(|&j| self.mask >> j & 1 == 1)
            .fold(0, |low, j| low ^ BIT[j])
    }
}

#[cfg(test)]
mod tests {
    use super::{parity, Classes};

    #[test]
    fn the_low_word_holds_the_bits_of_odd_parity_under_the_mask() {
        for mask in 0..512u32 {
            let mut c = Classes::new(None);
            c.mask = mask;
            let plain = (0..64u32)
                .filter(|&b| parity(b & mask) == 1)
                .fold(0u64, |a, b| a | 1 << b);
            assert_eq!(c.low_word(), plain, "mask {mask}");
        }
    }
}
