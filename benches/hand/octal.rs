//! Hand-written Grundy sequences of one heap for take-and-break games, the plain O(n^2) way:
//! for each heap, mark the value of every option in a `Vec<bool>`, then take the mex.

/// The values of heaps `0..=n` of a game where a move takes `j` (for each `(j, whole, split)`)
/// and leaves the rest whole (`whole`) or in two non-empty parts (`split`); with `unequal`,
/// the two parts differ.
fn octal(n: usize, takes: &[(usize, bool, bool)], unequal: bool) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    let mut seen = vec![false; 64];
    for m in 0..=n {
        for &(j, whole, split) in takes {
            if j > m {
                continue;
            }
            let r = m - j;
            if whole && j > 0 {
                seen[g[r] as usize] = true;
            }
            if split {
                let mut a = 1;
                while 2 * a <= r {
                    if !(unequal && 2 * a == r) {
                        let v = (g[a] ^ g[r - a]) as usize;
                        if v >= seen.len() {
                            seen.resize(2 * v + 2, false);
                        }
                        seen[v] = true;
                    }
                    a += 1;
                }
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        seen.iter_mut().for_each(|s| *s = false);
        if mex + 1 >= seen.len() {
            seen.resize(2 * mex + 2, false);
        }
        g.push(mex as u32);
    }
    g
}

/// Kayles (0.77).
pub fn kayles(n: usize) -> Vec<u32> {
    octal(n, &[(1, true, true), (2, true, true)], false)
}

/// Dawson's Kayles (0.07).
pub fn dawson(n: usize) -> Vec<u32> {
    octal(n, &[(2, true, true)], false)
}

/// Grundy's game: split a heap into two unequal heaps.
pub fn grundy_game(n: usize) -> Vec<u32> {
    octal(n, &[(0, false, true)], true)
}

/// Square-root take (`benches/user/sqrt-take.game`): a move takes `s` from a heap `h` with
/// `s * s <= h`; the values of heaps `0..=n`, each the mex of the values of `h - s`.
pub fn sqrt_take(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    let mut seen: Vec<bool> = Vec::new();
    for h in 0..=n {
        seen.clear();
        let mut s = 1;
        while s * s <= h {
            let v = g[h - s] as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
            s += 1;
        }
        g.push(seen.iter().take_while(|&&b| b).count() as u32);
    }
    g
}
