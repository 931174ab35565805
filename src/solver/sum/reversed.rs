//! The last values of a sequence, in reverse order, a byte each (two once a value reaches
//! 256): the rare/common engine's scan pairs `g(a)` with `g(m - a)` for `a` going up, so its
//! partners go down the sequence; read from this copy they are one forward slice, and a block
//! of splits is a XOR of two forward slices, which the compiler does sixteen bytes an
//! instruction.
//!
//! The copy holds the values of the last [`WINDOW`] heaps at least (between one and two
//! windows), in a buffer of two windows refilled from the sequence once every window of
//! heaps; it is made again two bytes a value when a value reaches 256 (as the sequence's own
//! values widen, `values.rs`), dropped for good when one reaches 65,536, and the scan then
//! reads the sequence backwards, as it does past the window.

use super::values::Val;

/// The heaps below the last that the copy holds at least.
pub(crate) const WINDOW: usize = 1 << 16;

/// A value of the copy: a byte, or two.
pub(crate) trait Lane:
    Copy + Eq + Default + Into<u32> + TryFrom<u32> + std::ops::BitXor<Output = Self>
{
    /// The copy's buffer, when it holds values of this width.
    fn buf(r: &Reversed) -> Option<&[Self]>;
    /// The sequence's values, when they are stored at this width.
    fn of<T: Val>(s: &[T]) -> Option<&[Self]>;
    /// `self` as an index.
    fn at(self) -> usize;
}

impl Lane for u8 {
    #[inline]
    fn buf(r: &Reversed) -> Option<&[u8]> {
        (r.width == 1).then_some(&r.buf8[..])
    }
    #[inline]
    fn of<T: Val>(s: &[T]) -> Option<&[u8]> {
        T::bytes(s)
    }
    #[inline]
    fn at(self) -> usize {
        usize::from(self)
    }
}

impl Lane for u16 {
    #[inline]
    fn buf(r: &Reversed) -> Option<&[u16]> {
        (r.width == 2).then_some(&r.buf16[..])
    }
    #[inline]
    fn of<T: Val>(s: &[T]) -> Option<&[u16]> {
        T::halves(s)
    }
    #[inline]
    fn at(self) -> usize {
        usize::from(self)
    }
}

/// The reversed copy.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reversed {
    /// `buf[p - i]` is `g(i)` for `lo <= i < len`, a byte each (`width` 1) or two (2).
    buf8: Vec<u8>,
    buf16: Vec<u16>,
    p: usize,
    lo: usize,
    len: usize,
    /// 1 or 2 bytes a value; 0 before the first value, and for good once a value reaches
    /// 65,536.
    width: u8,
    off: bool,
}

impl Reversed {
    /// Records heap `i`'s value `v` (`i` the number recorded so far; `seq` holds the values
    /// of heaps `0..=i`).
    pub fn push<T: Val>(&mut self, seq: &[T], i: usize, v: u32) {
        if self.off {
            return;
        }
        let width = match v {
            0..256 => self.width.max(1),
            256..65536 => 2,
            _ => {
                *self = Reversed {
                    off: true,
                    ..Reversed::default()
                };
                return;
            }
        };
        if width != self.width || self.p < i {
            // Heaps `i + 1 - WINDOW ..= i` at `2 WINDOW - 2 ..= WINDOW - 1`; the next
            // `WINDOW` heaps go below.
            self.width = width;
            self.p = i + WINDOW - 1;
            self.lo = (i + 1).saturating_sub(WINDOW);
            self.buf8 = Vec::new();
            self.buf16 = Vec::new();
            if width == 1 {
                self.buf8.resize(2 * WINDOW, 0);
            } else {
                self.buf16.resize(2 * WINDOW, 0);
            }
            for (t, &x) in seq.iter().enumerate().take(i).skip(self.lo) {
                self.set(t, x.into());
            }
        }
        self.set(i, v);
        self.len = i + 1;
    }

    /// Stores `g(t) = v` (below 256 at width 1, below 65,536 at width 2).
    #[inline]
    fn set(&mut self, t: usize, v: u32) {
        if self.width == 1 {
            self.buf8[self.p - t] = v as u8;
        } else {
            self.buf16[self.p - t] = v as u16;
        }
    }

    /// How many values down from `top` the copy holds (`down(top, k)` is some for every `k`
    /// up to it).
    #[inline]
    pub fn held(&self, top: usize) -> usize {
        if self.off || top >= self.len {
            return 0;
        }
        (top + 1).saturating_sub(self.lo)
    }

    /// `g(top), g(top - 1), ..., g(top + 1 - k)` as a forward slice of `L`, when the copy
    /// holds them at that width.
    #[inline]
    pub fn down<L: Lane>(&self, top: usize, k: usize) -> Option<&[L]> {
        if self.off || top >= self.len || top + 1 < self.lo + k {
            return None;
        }
        L::buf(self)?.get(self.p - top..self.p - top + k)
    }
}

#[cfg(test)]
mod tests {
    use super::{Reversed, WINDOW};

    #[test]
    fn the_copy_reads_the_values_backwards_across_refills_and_widens_at_256() {
        let n = 3 * WINDOW + 77;
        let seq: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
        let mut r = Reversed::default();
        for i in 0..n {
            r.push(&seq, i, u32::from(seq[i]));
            if i % 997 == 0 || i + 1 == n {
                // The last WINDOW heaps are held whatever the refills.
                let k = (i + 1).min(WINDOW);
                let want: Vec<u8> = (i + 1 - k..=i).rev().map(|t| seq[t]).collect();
                assert_eq!(r.down::<u8>(i, k), Some(&want[..]), "at {i}");
                if i < WINDOW {
                    assert_eq!(r.held(i), i + 1, "every value so far, at {i}");
                }
                assert!(r.held(i) >= k && r.down::<u8>(i, r.held(i)).is_some());
                assert_eq!(r.down::<u8>(i, r.held(i) + 1), None, "past it, at {i}");
                assert_eq!(r.down::<u8>(i + 1, 1), None, "past the last, at {i}");
            }
        }
        assert_eq!(
            r.down::<u8>(n - 1, 2 * WINDOW),
            None,
            "more than the copy holds"
        );
        // A value of 256: the copy holds two bytes a value, the same values.
        let mut wide: Vec<u32> = seq.iter().map(|&x| u32::from(x)).chain([256]).collect();
        r.push(&wide, n, 256);
        assert_eq!(r.down::<u8>(n, 1), None, "no longer a byte a value");
        let want: Vec<u16> = (n + 1 - WINDOW..=n).rev().map(|t| wide[t] as u16).collect();
        assert_eq!(
            r.down::<u16>(n, WINDOW),
            Some(&want[..]),
            "two bytes a value"
        );
        wide.push(65536);
        r.push(&wide, n + 1, 65536);
        assert_eq!(r.down::<u16>(n, 1), None, "off once a value reaches 65,536");
        assert_eq!(r.held(n), 0);
    }
}
