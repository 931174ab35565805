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
