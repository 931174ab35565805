//! The kept-heap kernel's value sets: for each heap size `h`, the set `V(h)` of the Grundy
//! values of the positions a move keeping `h` leads to, as a bitset of a few words (the
//! values of the delete games are about the logarithm of the heaps: one word). Every set has
//! the same number of words, widened for all when a value needs more.

/// The value sets `V(h)` for `h` in `0..len`, `words` 64-bit words each.
pub(super) struct Sets {
    words: usize,
    bits: Vec<u64>,
}

impl Sets {
    /// `len` empty sets of one word.
    pub(super) fn new(len: usize) -> Sets {
        Sets {
            words: 1,
            bits: vec![0; len],
        }
    }

    /// The number of sets.
    pub(super) fn len(&self) -> usize {
        self.bits.len() / self.words
    }

    /// The number of words of every set.
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// The set of heap `h`.
    #[inline]
    pub(super) fn get(&self, h: usize) -> &[u64] {
        &self.bits[h * self.words..(h + 1) * self.words]
    }

    /// The set of heap `h` when the sets have one word.
    #[inline]
    pub(super) fn word(&self, h: usize) -> u64 {
        self.bits[h]
    }

    /// Stores `set` as the set of heap `h` (the sets widened first when it has more words).
    pub(super) fn store(&mut self, h: usize, set: &[u64]) {
        if set.len() > self.words {
            self.widen(set.len());
        }
        let w = self.words;
        let dst = &mut self.bits[h * w..(h + 1) * w];
        dst.fill(0);
        dst[..set.len()].copy_from_slice(set);
    }

    /// Every set re-laid out with `words` words (more than now).
    fn widen(&mut self, words: usize) {
        let len = self.bits.len() / self.words;
        let mut bits = vec![0u64; len * words];
        for h in 0..len {
            bits[h * words..h * words + self.words].copy_from_slice(self.get(h));
        }
        self.bits = bits;
        self.words = words;
    }
}

/// The least value not in `set` (a union of value sets).
#[inline]
pub(super) fn mex(set: &[u64]) -> u32 {
    let mut base = 0u32;
    for &w in set {
        if w != u64::MAX {
            return base + (!w).trailing_zeros();
        }
        base += 64;
    }
    base
}

/// Adds `v` to `set`, growing it by words as needed.
#[inline]
pub(super) fn insert(set: &mut Vec<u64>, v: u32) {
    let w = (v / 64) as usize;
    if w >= set.len() {
        set.resize(w + 1, 0);
    }
    set[w] |= 1 << (v % 64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_inserts_and_widening_keep_every_set() {
        let mut s = Sets::new(3);
        let mut a = Vec::new();
        for v in [0, 1, 2, 4] {
            insert(&mut a, v);
        }
        s.store(1, &a);
        assert_eq!(mex(s.get(1)), 3);
        let mut b = Vec::new();
        for v in 0..70 {
            insert(&mut b, v);
        }
        s.store(2, &b);
        assert_eq!(s.words(), 2);
        assert_eq!(mex(s.get(1)), 3, "kept through the widening");
        assert_eq!(mex(s.get(2)), 70);
        assert_eq!(mex(s.get(0)), 0);
    }
}
