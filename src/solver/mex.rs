//! The minimum excludant: the least non-negative integer not among a list of values.

/// The least value in `0..` that is not in `vals`. Sorts `vals` in place.
pub fn mex(vals: &mut [u32]) -> u32 {
    vals.sort_unstable();
    let mut m = 0u32;
    for &v in vals.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// The least value not in `vals`, using `bits` as scratch (left all zero).
pub(crate) fn mex_bits(vals: &[u32], bits: &mut Vec<u64>) -> u32 {
    let n = vals.len();
    let words = n / 64 + 1;
    if bits.len() < words {
        bits.resize(words, 0);
    }
    for &v in vals {
        if (v as usize) < n {
            bits[v as usize / 64] |= 1u64 << (v % 64);
        }
    }
    (mex_marked(&mut bits[..words]) as usize).min(n) as u32
}

/// The least value whose bit is not set in `bits` (value `v` is bit `v % 64` of word
/// `v / 64`; `64 * bits.len()` when all are set), clearing every word.
pub(crate) fn mex_marked(bits: &mut [u64]) -> u32 {
    let mut m = None;
    for (w, b) in bits.iter_mut().enumerate() {
        if m.is_none() && *b != u64::MAX {
            m = Some(w * 64 + b.trailing_ones() as usize);
        }
        *b = 0;
    }
    u32::try_from(m.unwrap_or(bits.len() * 64)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::{mex, mex_bits, mex_marked};

    #[test]
    fn mex_of_marks_and_of_bits() {
        let mut bits = vec![0u64; 2];
        assert_eq!(mex_marked(&mut bits), 0);
        bits[0] = u64::MAX;
        bits[1] = 0b1011;
        assert_eq!(mex_marked(&mut bits), 66);
        assert_eq!(bits, [0, 0], "cleared");
        bits = vec![u64::MAX];
        assert_eq!(mex_marked(&mut bits), 64);
        let vals: Vec<u32> = (0..70).filter(|&v| v != 65).collect();
        assert_eq!(mex_bits(&vals, &mut bits), 65);
        assert_eq!(mex_bits(&[5, 0, 1, 9], &mut bits), 2);
        assert!(bits.iter().all(|&b| b == 0), "left all zero");
    }

    #[test]
    fn mex_of_small_lists() {
        assert_eq!(mex(&mut []), 0);
        assert_eq!(mex(&mut [1, 2]), 0);
        assert_eq!(mex(&mut [0, 0, 1, 3]), 2);
        assert_eq!(mex(&mut [2, 1, 0]), 3);
    }
}
