//! Table mode: the values of every position of a bounded box (every heap `<= max`, `k` heaps
//! or at most `k` for `heaps any`) kept in a dense array indexed by the rank of the position,
//! instead of a hash table.
//!
//! The rank of a sorted tuple is its index in the combinatorial number system (colex order of
//! multisets); an ordered tuple (named heaps) is a mixed-radix number. A position of `heaps
//! any` with fewer than `k` heaps is padded with zeros in front, which is a bijection between
//! such positions and sorted `k`-tuples over `0..=max`.

use crate::moves::program::ShapeSpec;

/// A bounded box of positions and the ranks of its positions.
#[derive(Clone, Debug)]
pub struct BoxSpec {
    /// The shape of positions.
    pub shape: ShapeSpec,
    /// The largest heap size.
    pub max: u32,
    /// The number of heaps (at most this many for `heaps any`).
    pub heaps: usize,
    /// The least heap value that is ranked (`shape.lower` for a fixed count, 0 for padded).
    base: u32,
    /// Ranked values per heap: `max - base + 1`.
    values: u64,
    /// `binom[i][n] = C(n, i)` for `i <= heaps`, `n < values + heaps`.
    binom: Vec<Vec<u64>>,
    /// `flat[i * stride + n] = C(n, i + 1)`: the rows the rank reads, in one array.
    flat: Vec<u64>,
    stride: usize,
    /// How many positions the box holds.
    len: usize,
}

/// Why a box cannot be given a dense table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxTooLarge;

impl BoxSpec {
    /// The most entries of the binomial index a box ranks by (`(heaps + 1) * (values + heaps)`
    /// of 8 bytes: 1 GiB). A larger index is refused before it is built: building it takes
    /// time and memory in proportion, which no limit of the run would stop.
    pub(crate) const MOST_INDEX: u64 = 1 << 27;

    /// The box of `shape` with every heap `<= max` and `heaps` heaps (at most, for any count).
    /// Fails when the table would not fit in memory addressable by `usize`, when its rank
    /// index would hold more than [`BoxSpec::MOST_INDEX`] entries (or `heaps` is wrong for a
    /// fixed count).
    pub fn new(shape: &ShapeSpec, max: u32, heaps: usize) -> Result<BoxSpec, BoxTooLarge> {
        let heaps = shape.count.unwrap_or(heaps);
        let base = if shape.count.is_some() {
            shape.lower
        } else {
            0
        };
        let values = if max < base {
            0
        } else {
            u64::from(max - base) + 1
        };
        let mut binom = Vec::new();
        let len = if shape.symmetric() {
            // C(n, i) for n < values + heaps.
            let entries = (heaps as u64)
                .checked_add(1)
                .and_then(|rows| rows.checked_mul(values.checked_add(heaps as u64 + 1)?));
            if entries.is_none_or(|e| e > Self::MOST_INDEX) {
                return Err(BoxTooLarge);
            }
            let top = usize::try_from(values).map_err(|_| BoxTooLarge)? + heaps;
            for i in 0..=heaps {
                let mut row = vec![0u64; top + 1];
                for (n, slot) in row.iter_mut().enumerate() {
                    *slot = binomial(n as u64, i as u64).ok_or(BoxTooLarge)?;
                }
                binom.push(row);
            }
            if values == 0 {
                0
            } else {
                binom[heaps][values as usize + heaps - 1]
            }
        } else {
            values
                .checked_pow(u32::try_from(heaps).map_err(|_| BoxTooLarge)?)
                .ok_or(BoxTooLarge)?
        };
        let len = usize::try_from(len).map_err(|_| BoxTooLarge)?;
        let stride = binom.first().map_or(0, Vec::len);
        let flat = binom.iter().skip(1).flatten().copied().collect();
        Ok(BoxSpec {
            flat,
            stride,
            shape: shape.clone(),
            max,
            heaps,
            base,
            values,
            binom,
            len,
        })
    }

    /// How many positions the box holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the box is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The rank of a canonical position, or `None` when it lies outside the box.
    #[inline(always)]
    pub fn rank(&self, pos: &[u32]) -> Option<usize> {
        let k = self.heaps;
        if self.shape.count.is_some() {
            if pos.len() != k {
                return None;
            }
        } else if pos.len() > k {
            return None;
        }
        if self.shape.symmetric() {
            let pad = k - pos.len();
            let mut r = 0u64;
            for (j, &x) in pos.iter().enumerate() {
                if x > self.max || x < self.base {
                    return None;
                }
                let i = pad + j;
                r += self.flat[i * self.stride + (x - self.base) as usize + i];
            }
            Some(r as usize)
        } else {
            let mut r = 0u64;
            for &x in pos {
                if x > self.max || x < self.base {
                    return None;
                }
                r = r * self.values + u64::from(x - self.base);
            }
            Some(r as usize)
        }
    }

    /// The position of a rank (inverse of [`BoxSpec::rank`]), written into `out`.
    pub fn unrank(&self, mut r: usize, out: &mut Vec<u32>) {
        out.clear();
        let k = self.heaps;
        if self.shape.symmetric() {
            // Colex: the last element is the largest i with C(z + k - 1, k) <= r, and so on.
            let mut tmp = vec![0u32; k];
            for i in (0..k).rev() {
                let row = &self.binom[i + 1];
                // Largest z with row[z] <= r; z >= i.
                let (mut lo, mut hi) = (i, row.len() - 1);
                while lo < hi {
                    let mid = (lo + hi).div_ceil(2);
                    if row[mid] as usize <= r {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                r -= row[lo] as usize;
                tmp[i] = (lo - i) as u32 + self.base;
            }
            for &x in &tmp {
                if x == 0 && self.shape.drops_zeros() {
                    continue;
                }
                out.push(x);
            }
        } else {
            let mut tmp = vec![0u32; k];
            for i in (0..k).rev() {
                tmp[i] = (r as u64 % self.values) as u32 + self.base;
                r = (r as u64 / self.values) as usize;
            }
            out.extend_from_slice(&tmp);
        }
    }
}

fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let mut c: u64 = 1;
    for i in 0..k {
        c = c.checked_mul(n - i)? / (i + 1);
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::positions::box_positions;

    fn shape(count: Option<usize>, lower: u32, named: bool) -> ShapeSpec {
        ShapeSpec {
            count,
            names: named.then(|| (0..count.unwrap_or(0)).map(|i| format!("h{i}")).collect()),
            lower,
        }
    }

    #[test]
    fn ranks_are_a_bijection_onto_the_box() {
        for (s, max, k) in [
            (shape(Some(2), 0, false), 7, 2),
            (shape(Some(3), 1, false), 6, 3),
            (shape(None, 0, false), 5, 4),
            (shape(Some(2), 0, true), 4, 2),
            (shape(Some(4), 2, false), 5, 4),
        ] {
            let b = BoxSpec::new(&s, max, k).unwrap();
            let all = box_positions(&s, max, k);
            assert_eq!(all.len(), b.len(), "{s:?} {max} {k}");
            let mut seen = vec![false; b.len()];
            let mut back = Vec::new();
            for p in &all {
                let r = b.rank(p).unwrap();
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
                b.unrank(r, &mut back);
                assert_eq!(&back, p);
            }
            assert_eq!(b.rank(&vec![max + 1; k.max(1)]), None);
        }
    }
}
