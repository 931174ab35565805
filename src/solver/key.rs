//! Compact memo keys: a canonical position packed into one `u128` when its heaps fit (up to 15
//! heaps below 256, 7 below 65536, 3 of any size, or 16 to 25 heaps below 31), so the memo
//! table hashes and compares one integer and stores no heap allocation per position. Longer
//! positions keep a boxed slice.
//!
//! Layout: bits 0-1 the width class. Classes 0-2: bits 2-5 the number of heaps, then the heaps
//! from bit 8 on, each 8, 16 or 32 bits wide; the class is the narrowest that fits every heap.
//! Class 3 (16 to 25 heaps, each below 31, as in the long positions of the cookie game): heap i
//! plus one in the 5 bits from bit 2 + 5i, the fields past the last heap zero (so the count is
//! implied). Each position has exactly one packed form and different positions have different
//! ones.

/// The packed form of a position, or `None` when it does not fit in 120 bits.
#[inline]
pub fn pack(pos: &[u32]) -> Option<u128> {
    let top = pos.iter().copied().max().unwrap_or(0);
    if pos.len() > 15 {
        if pos.len() > 25 || top >= 31 {
            return None;
        }
        let mut k = 3u128;
        for (i, &h) in pos.iter().enumerate() {
            k |= u128::from(h + 1) << (2 + 5 * i);
        }
        return Some(k);
    }
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
        assert!(pack(&[1; 16]).is_some());
        assert!(pack(&[30; 25]).is_some());
        assert!(pack(&[31; 16]).is_none());
        assert!(pack(&[1; 26]).is_none());
        assert!(pack(&[300; 7]).is_some());
        assert!(pack(&[300; 8]).is_none());
        assert!(pack(&[70000; 4]).is_none());
        assert_ne!(pack(&[]), pack(&[0]));
    }

    #[test]
    fn long_small_positions_pack_injectively() {
        // Every sorted position of 15 to 17 heaps with sizes in {0, 1, 29, 30}, plus some
        // unsorted ones, and the 25-heap extremes: all distinct, all packed.
        let mut seen = HashSet::new();
        let vals = [0u32, 1, 29, 30];
        for len in 15..=17usize {
            for code in 0..4u64.pow(6) {
                let mut pos: Vec<u32> = (0..len)
                    .map(|i| vals[((code >> (2 * (i % 6))) & 3) as usize])
                    .collect();
                if code % 2 == 0 {
                    pos.sort_unstable();
                }
                if let Some(k) = pack(&pos) {
                    seen.insert((k, pos.clone()));
                }
                assert!(pack(&pos).is_some(), "{pos:?} packs");
            }
        }
        let keys: HashSet<u128> = seen.iter().map(|(k, _)| *k).collect();
        let positions: HashSet<Vec<u32>> = seen.iter().map(|(_, p)| p.clone()).collect();
        assert_eq!(keys.len(), positions.len(), "one key per position");
        assert_ne!(pack(&[0; 25]), pack(&[0; 24]));
        assert_ne!(pack(&[30; 25]), pack(&[30; 24]));
    }
}
