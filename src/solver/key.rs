//! Compact memo keys: a canonical position packed into one `u128` when its heaps fit (up to 15
//! heaps below 256, 7 below 65536, or 3 of any size), so the memo table hashes and compares
//! one integer and stores no heap allocation per position. Longer positions keep a boxed slice.
//!
//! Layout: bits 0-1 the width class, bits 2-5 the number of heaps, then the heaps from bit 8
//! on, each 8, 16 or 32 bits wide. The class is the narrowest that fits every heap, so a
//! position has exactly one packed form and different positions have different ones.

/// The packed form of a position, or `None` when it does not fit in 120 bits.
#[inline]
pub fn pack(pos: &[u32]) -> Option<u128> {
    let top = pos.iter().copied().max().unwrap_or(0);
    let (class, width, most) = if top < 1 << 8 {
        (0u128, 8, 15)
    } else if top < 1 << 16 {
        (1, 16, 7)
    } else {
        (2, 32, 3)
    };
    if pos.len() > most {
        return None;
    }
    let mut k = class | (pos.len() as u128) << 2;
    for (i, &h) in pos.iter().enumerate() {
        k |= u128::from(h) << (8 + width * i);
    }
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::pack;
    use std::collections::HashSet;

    #[test]
    fn packing_is_injective_on_small_positions() {
        let mut seen = HashSet::new();
        let mut n = 0;
        for len in 0..=3u32 {
            for code in 0..6u32.pow(len) {
                let pos: Vec<u32> = (0..len)
                    .map(|i| [0, 1, 255, 256, 65535, 70000][(code / 6u32.pow(i)) as usize % 6])
                    .collect();
                let k = pack(&pos).expect("3 heaps always fit");
                assert!(seen.insert(k), "{pos:?} collides");
                n += 1;
            }
        }
        assert_eq!(seen.len(), n);
        assert!(pack(&[1; 15]).is_some());
        assert!(pack(&[1; 16]).is_none());
        assert!(pack(&[300; 7]).is_some());
        assert!(pack(&[300; 8]).is_none());
        assert!(pack(&[70000; 4]).is_none());
        assert_ne!(pack(&[]), pack(&[0]));
    }
}
