//! Rows of bits in `u64` words: the tables' storage ([`BitRows`]), and the two word loops of
//! a cell, the mex's scan ([`first_clear`]) and a cone's union ([`or_into`]).

/// Bit rows of a common width (in words) that can grow.
pub(crate) struct BitRows {
    pub(crate) data: Box<[u64]>,
    rows: usize,
}

impl BitRows {
    /// `rows` rows of `w` words, all clear; `None` when they would not fit in `usize`.
    pub(crate) fn new(rows: usize, w: usize) -> Option<BitRows> {
        Some(BitRows {
            data: vec![0; rows.checked_mul(w)?].into(),
            rows,
        })
    }

    /// Copies every row into rows of `w2 > w` words.
    pub(crate) fn grow(&mut self, w: usize, w2: usize) -> Option<()> {
        let mut data = vec![0u64; self.rows.checked_mul(w2)?];
        for (to, from) in data.chunks_exact_mut(w2).zip(self.data.chunks_exact(w)) {
            to[..w].copy_from_slice(from);
        }
        self.data = data.into();
        Some(())
    }
}

/// The first bit clear in the union of `m` and the four `rows` (each at least `m`'s length),
/// looking only at the words that none of the summaries `sums` (one bit a word: set when the
/// word is full; all of one length) marks full; `None` when every word looked at is full.
#[inline(always)]
pub(crate) fn first_clear(m: &[u64], rows: [&[u64]; 4], sums: [&[u64]; 4]) -> Option<usize> {
    let w = m.len();
    let [a, b, c, d] = rows;
    let (a, b, c, d) = (&a[..w], &b[..w], &c[..w], &d[..w]);
    let sw = sums[0].len();
    let [fa, fb, fc, fd] = sums;
    let (fa, fb, fc, fd) = (&fa[..sw], &fb[..sw], &fc[..sw], &fd[..sw]);
    for s in 0..sw {
        let mut open = !(fa[s] | fb[s] | fc[s] | fd[s]);
        while open != 0 {
            let j = 64 * s + open.trailing_zeros() as usize;
            if j >= w {
                return None;
            }
            let u = m[j] | a[j] | b[j] | c[j] | d[j];
            if u != u64::MAX {
                return Some(64 * j + (!u).trailing_zeros() as usize);
            }
            open &= open - 1;
        }
    }
    None
}

/// `dst |= src`, word by word (of one length).
#[inline(always)]
pub(crate) fn or_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= *s;
    }
}
