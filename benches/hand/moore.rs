//! Moore's Nim_2 on at most 4 heaps: take a positive number from each of one or two heaps.
//! Positions are sorted 4-tuples (empty heaps as zeros) in a 4-cube array.

fn idx(w: usize, mut t: [usize; 4]) -> usize {
    t.sort_unstable();
    ((t[0] * w + t[1]) * w + t[2]) * w + t[3]
}

/// Outcomes (true for P) of every position with at most 4 heaps <= n, stopping at the first
/// P-follower. Index with [`index`].
pub fn outcomes(n: usize) -> Vec<bool> {
    let w = n + 1;
    let mut p = vec![false; w * w * w * w];
    for d in 0..=n {
        for c in 0..=d {
            for b in 0..=c {
                for a in 0..=b {
                    let t = [a, b, c, d];
                    p[idx(w, t)] = !has_p_follower(&p, w, t);
                }
            }
        }
    }
    p
}

fn has_p_follower(p: &[bool], w: usize, t: [usize; 4]) -> bool {
    for i in 0..4 {
        if t[i] == 0 || (i > 0 && t[i] == t[i - 1]) {
            continue;
        }
        for a in 1..=t[i] {
            let mut u = t;
            u[i] -= a;
            if p[idx(w, u)] {
                return true;
            }
        }
    }
    for i in 0..4 {
        for j in i + 1..4 {
            if t[i] == 0 {
                continue;
            }
            for a in 1..=t[i] {
                for b in 1..=t[j] {
                    let mut u = t;
                    u[i] -= a;
                    u[j] -= b;
                    if p[idx(w, u)] {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The index of a canonical position (sorted, no zeros, at most 4 heaps).
pub fn index(n: usize, pos: &[u32]) -> usize {
    let mut t = [0usize; 4];
    for (i, &h) in pos.iter().enumerate() {
        t[4 - pos.len() + i] = h as usize;
    }
    idx(n + 1, t)
}
