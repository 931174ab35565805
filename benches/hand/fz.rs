//! The game of Fraenkel and Zusman with k = 3: take a positive number from each of one or two
//! heaps, or the same positive number from all three. Sorted triples in a cube array.

fn idx(w: usize, mut t: [usize; 3]) -> usize {
    t.sort_unstable();
    (t[0] * w + t[1]) * w + t[2]
}

/// Calls `f` on every follower of the sorted triple `t` until it returns true; returns whether
/// it did.
fn followers(t: [usize; 3], mut f: impl FnMut([usize; 3]) -> bool) -> bool {
    // One heap.
    for i in 0..3 {
        if i > 0 && t[i] == t[i - 1] {
            continue;
        }
        for a in 1..=t[i] {
            let mut u = t;
            u[i] -= a;
            if f(u) {
                return true;
            }
        }
    }
    // Two heaps.
    for i in 0..3 {
        for j in i + 1..3 {
            for a in 1..=t[i] {
                for b in 1..=t[j] {
                    let mut u = t;
                    u[i] -= a;
                    u[j] -= b;
                    if f(u) {
                        return true;
                    }
                }
            }
        }
    }
    // All three.
    for a in 1..=t[0] {
        if f([t[0] - a, t[1] - a, t[2] - a]) {
            return true;
        }
    }
    false
}

/// Visits every sorted triple with entries <= n in an order where followers come first.
fn each_sorted(n: usize, mut f: impl FnMut([usize; 3])) {
    for c in 0..=n {
        for b in 0..=c {
            for a in 0..=b {
                f([a, b, c]);
            }
        }
    }
}

/// Grundy values of the sorted triples with entries <= n, at `idx`.
pub fn grundy(n: usize) -> Vec<u32> {
    let w = n + 1;
    let mut g = vec![0u32; w * w * w];
    let mut seen = vec![false; 3 * w * w + 8];
    let mut vals = Vec::new();
    each_sorted(n, |t| {
        vals.clear();
        followers(t, |u| {
            let v = g[idx(w, u)];
            seen[v as usize] = true;
            vals.push(v);
            false
        });
        g[idx(w, t)] = super::mex_clear(&mut seen, &vals);
    });
    g
}

/// Outcomes (true for P), stopping at the first P-follower.
pub fn outcomes(n: usize) -> Vec<bool> {
    let w = n + 1;
    let mut p = vec![false; w * w * w];
    each_sorted(n, |t| {
        let n_pos = followers(t, |u| p[idx(w, u)]);
        p[idx(w, t)] = !n_pos;
    });
    p
}

/// The index of a sorted triple in the arrays above.
pub fn index(n: usize, t: &[u32]) -> usize {
    idx(n + 1, [t[0] as usize, t[1] as usize, t[2] as usize])
}
