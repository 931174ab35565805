//! The last values of a sequence, a byte each, in reverse order: the rare/common engine's
//! scan pairs `g(a)` with `g(m - a)` for `a` going up, so its partners go down the sequence;
//! read from this copy they are one forward slice, and a block of splits is a XOR of two
//! forward byte slices, which the compiler does sixteen pairs an instruction.
//!
//! The copy holds the values of the last [`WINDOW`] heaps at least (between one and two
//! windows), in a buffer of two windows refilled from the sequence once every window of
//! heaps; it is dropped for good when a value reaches 256 (a byte no longer holds it) and
//! the scan then reads the sequence backwards, as it does past the window.

use super::values::Val;

/// The heaps below the last that the copy holds at least.
pub const WINDOW: usize = 1 << 16;

/// The reversed byte copy.
#[derive(Clone, Debug, Default)]
pub struct Reversed {
    /// `buf[p - i]` is `g(i)` for `lo <= i < len`.
    buf: Vec<u8>,
    p: usize,
    lo: usize,
    len: usize,
    /// A value reached 256: no copy.
    off: bool,
}

impl Reversed {
    /// Records heap `i`'s value `v` (`i` the number recorded so far; `seq` holds the values
    /// of heaps `0..=i`).
    pub fn push<T: Val>(&mut self, seq: &[T], i: usize, v: u32) {
        if self.off {
            return;
        }
        let Ok(b) = u8::try_from(v) else {
            *self = Reversed {
                off: true,
                ..Reversed::default()
            };
            return;
        };
        if self.buf.is_empty() || self.p < i {
            // Heaps `i + 1 - WINDOW ..= i` at `2 WINDOW - 2 ..= WINDOW - 1`; the next
            // `WINDOW` heaps go below.
            self.buf.resize(2 * WINDOW, 0);
            self.p = i + WINDOW - 1;
            self.lo = (i + 1).saturating_sub(WINDOW);
            for (t, &x) in seq.iter().enumerate().take(i).skip(self.lo) {
                // Every value recorded is below 256 (else the copy is off).
                self.buf[self.p - t] = x.into() as u8;
            }
        }
        self.buf[self.p - i] = b;
        self.len = i + 1;
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

    /// `g(top), g(top - 1), ..., g(top + 1 - k)` as a forward slice, when the copy holds them.
    #[inline]
    pub fn down(&self, top: usize, k: usize) -> Option<&[u8]> {
        if self.off || top >= self.len || top + 1 < self.lo + k {
            return None;
        }
        self.buf.get(self.p - top..self.p - top + k)
    }
}

#[cfg(test)]
mod tests {
    use super::{Reversed, WINDOW};

    #[test]
    fn the_copy_reads_the_values_backwards_across_refills_until_one_reaches_256() {
        let n = 3 * WINDOW + 77;
        let seq: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
        let mut r = Reversed::default();
        for i in 0..n {
            r.push(&seq, i, u32::from(seq[i]));
            if i % 997 == 0 || i + 1 == n {
                // The last WINDOW heaps are held whatever the refills.
                let k = (i + 1).min(WINDOW);
                let want: Vec<u8> = (i + 1 - k..=i).rev().map(|t| seq[t]).collect();
                assert_eq!(r.down(i, k), Some(&want[..]), "at {i}");
                if i < WINDOW {
                    assert_eq!(r.held(i), i + 1, "every value so far, at {i}");
                }
                assert!(r.held(i) >= k && r.down(i, r.held(i)).is_some(), "at {i}");
                assert_eq!(r.down(i, r.held(i) + 1), None, "past what it holds, at {i}");
                assert_eq!(r.down(i + 1, 1), None, "past the last, at {i}");
            }
        }
        assert_eq!(r.down(n - 1, 2 * WINDOW), None, "more than the copy holds");
        let wide: Vec<u32> = seq.iter().map(|&x| u32::from(x)).chain([256]).collect();
        r.push(&wide, n, 256);
        assert_eq!(r.down(n - 1, 1), None, "off once a value reaches 256");
        assert_eq!(r.held(n - 1), 0);
    }
}
