//! Bit tricks of the take-and-break kernel on the marks of values below 64: the marks of the
//! XORs of pairs of values, and a word's bits permuted by XOR with a value.

use super::values::Val;

/// The marks `1 << (lo[i] ^ hi[len - 1 - i])` of every pair, every value below 64; four
/// independent words so that the ORs do not wait on each other.
#[inline]
pub(super) fn xor_pairs_mask<T: Val>(lo: &[T], hi: &[T]) -> u64 {
    let mut m = [0u64; 4];
    let mut a = lo.chunks_exact(4);
    let mut b = hi.rchunks_exact(4);
    for (x, y) in (&mut a).zip(&mut b) {
        let v = |a: T, b: T| 1u64 << (a.into() ^ b.into());
        m[0] |= v(x[0], y[3]);
        m[1] |= v(x[1], y[2]);
        m[2] |= v(x[2], y[1]);
        m[3] |= v(x[3], y[0]);
    }
    let (x, y) = (a.remainder(), b.remainder());
    for (p, q) in x.iter().zip(y.iter().rev()) {
        m[0] |= 1u64 << ((*p).into() ^ (*q).into());
    }
    m[0] | m[1] | m[2] | m[3]
}

/// The bits of `word` moved from place `x` to place `x ^ v` (`v < 64`): each bit of `v`
/// swaps the blocks of that size.
#[inline]
pub(super) fn xor_permute(mut word: u64, v: u32) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (k, low) in LOW.iter().enumerate() {
        if v >> k & 1 == 1 {
            let s = 1u32 << k;
            word = ((word & low) << s) | ((word >> s) & low);
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::xor_permute;

    #[test]
    fn xor_permute_moves_each_bit_to_its_xor() {
        for v in 0..64u32 {
            for x in 0..64u32 {
                assert_eq!(xor_permute(1u64 << x, v), 1u64 << (x ^ v), "{x} ^ {v}");
            }
            let w = 0xDEAD_BEEF_0123_4567u64;
            let want = (0..64)
                .filter(|&x| w >> x & 1 == 1)
                .fold(0u64, |a, x| a | 1 << (x ^ v));
            assert_eq!(xor_permute(w, v), want);
        }
    }
}
