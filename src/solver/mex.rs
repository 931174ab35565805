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
pub fn mex_bits(vals: &[u32], bits: &mut Vec<u64>) -> u32 {
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
    let mut m = n;
    for (w, b) in bits[..words].iter_mut().enumerate() {
        if m == n && *b != u64::MAX {
            m = w * 64 + b.trailing_ones() as usize;
        }
        *b = 0;
    }
    m.min(n) as u32
}

#[cfg(test)]
mod tests {
    use super::mex;

    #[test]
    fn mex_of_small_lists() {
        assert_eq!(mex(&mut []), 0);
        assert_eq!(mex(&mut [1, 2]), 0);
        assert_eq!(mex(&mut [0, 0, 1, 3]), 2);
        assert_eq!(mex(&mut [2, 1, 0]), 3);
    }
}
