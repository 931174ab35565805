//! Hand-written solvers for the rulesets of `benches/user/` (written as a user would, matched by
//! no kernel) and for the Lasker's Nim and (S, T)_3 boxes: a dense table over the sorted
//! positions, loops over the moves, a mex (or, for P/N, the first P-follower). Each also counts
//! the followers it looks at, for the ns-per-follower column.

use super::mex_clear;

/// Sorts three heaps.
#[inline(always)]
fn sort3(mut x: [usize; 3]) -> [usize; 3] {
    if x[0] > x[1] {
        x.swap(0, 1);
    }
    if x[1] > x[2] {
        x.swap(1, 2);
    }
    if x[0] > x[1] {
        x.swap(0, 1);
    }
    x
}

/// A cube of side `w` over sorted triples: the index of `(a, b, c)`.
#[inline(always)]
fn cube(w: usize, x: [usize; 3]) -> usize {
    (x[0] * w + x[1]) * w + x[2]
}

/// Grundy values of Half-take on 3 heaps <= n, at `cube(n + 1, sorted)`, and the followers.
#[inline(never)]
pub fn half_take(n: usize) -> (Vec<u32>, u64) {
    let w = n + 1;
    let mut g = vec![0u32; w * w * w];
    let mut seen = vec![false; 4 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    let mut count = 0u64;
    for c in 0..=n {
        for b in 0..=c {
            for a in 0..=b {
                let x = [a, b, c];
                vals.clear();
                for i in 0..3 {
                    for s in 1..=x[i] / 2 {
                        let mut y = x;
                        y[i] -= s;
                        vals.push(g[cube(w, sort3(y))]);
                    }
                }
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    for s in 1..=x[i].min(x[j]) / 2 {
                        let mut y = x;
                        y[i] -= s;
                        y[j] -= s;
                        vals.push(g[cube(w, sort3(y))]);
                    }
                }
                count += vals.len() as u64;
                for &v in &vals {
                    seen[v as usize] = true;
                }
                g[cube(w, x)] = mex_clear(&mut seen, &vals);
            }
        }
    }
    (g, count)
}

/// Grundy values of Other-bounded on (x, y) <= n, at `x * (n + 1) + y`, and the followers.
#[inline(never)]
pub fn other_bounded(n: usize) -> (Vec<u32>, u64) {
    let w = n + 1;
    let mut g = vec![0u32; w * w];
    let mut seen = vec![false; 2 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    let mut count = 0u64;
    for x in 0..=n {
        for y in 0..=n {
            vals.clear();
            for s in 1..=x.min(y) {
                vals.push(g[(x - s) * w + y]);
            }
            for s in 1..=y.min(x.div_ceil(2)) {
                vals.push(g[x * w + y - s]);
            }
            count += vals.len() as u64;
            for &v in &vals {
                seen[v as usize] = true;
            }
            g[x * w + y] = mex_clear(&mut seen, &vals);
        }
    }
    (g, count)
}

/// Grundy values of Guarded on 3 heaps <= n, at `cube(n + 1, sorted)`, and the followers.
#[inline(never)]
pub fn guarded(n: usize) -> (Vec<u32>, u64) {
    let w = n + 1;
    let mut g = vec![0u32; w * w * w];
    let mut seen = vec![false; 4 * w + 16];
    let mut vals: Vec<u32> = Vec::new();
    let mut count = 0u64;
    for c in 0..=n {
        for b in 0..=c {
            for a in 0..=b {
                let x = [a, b, c];
                vals.clear();
                for i in 0..3 {
                    for s in 1..=x[i].min(4) {
                        let mut y = x;
                        y[i] -= s;
                        vals.push(g[cube(w, sort3(y))]);
                    }
                }
                if (a + b + c) % 3 == 0 {
                    for i in 0..3 {
                        for s in 1..=x[i] / 2 {
                            let mut y = x;
                            y[i] -= s;
                            vals.push(g[cube(w, sort3(y))]);
                        }
                    }
                }
                count += vals.len() as u64;
                for &v in &vals {
                    seen[v as usize] = true;
                }
                g[cube(w, x)] = mex_clear(&mut seen, &vals);
            }
        }
    }
    (g, count)
}

/// `C(n, k)` for small arguments.
fn binom(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// Ranks of sorted `K`-tuples over `0..=n` (zeros standing for absent heaps): the index in
/// colex order, `sum C(x_i + i, i + 1)`, from a table of binomials.
pub struct Ranks<const K: usize> {
    t: Vec<[usize; K]>,
}

impl<const K: usize> Ranks<K> {
    /// The table for heaps `0..=n`.
    pub fn new(n: usize) -> Ranks<K> {
        let t = (0..=n)
            .map(|x| std::array::from_fn(|i| binom(x + i, i + 1)))
            .collect();
        Ranks { t }
    }

    /// The rank of a sorted tuple.
    #[inline(always)]
    pub fn rank(&self, x: &[usize; K]) -> usize {
        x.iter().enumerate().map(|(i, &h)| self.t[h][i]).sum()
    }

    /// The rank of a canonical position (sorted, no zeros, at most `K` heaps).
    pub fn rank_of(&self, pos: &[u32]) -> usize {
        let mut x = [0usize; K];
        for (slot, &h) in x[K - pos.len()..].iter_mut().zip(pos) {
            *slot = h as usize;
        }
        self.rank(&x)
    }
}

/// Grundy values of Smallest-bounded on at most 5 heaps <= n, in colex rank order, and the
/// followers.
#[inline(never)]
pub fn smallest_bounded(n: usize) -> (Vec<u32>, Ranks<5>, u64) {
    let ranks = Ranks::<5>::new(n);
    let mut g: Vec<u32> = Vec::new();
    let mut seen = vec![false; 8 * n + 16];
    let mut vals: Vec<u32> = Vec::new();
    let mut count = 0u64;
    let mut x = [0usize; 5];
    loop {
        vals.clear();
        let first = x.iter().position(|&h| h > 0).unwrap_or(5);
        if first < 5 {
            let least = x[first];
            for i in first..5 {
                for s in 1..=least {
                    let mut y = x;
                    y[i] -= s;
                    // Insertion: the lowered heap moves left past larger ones.
                    let mut j = i;
                    while j > 0 && y[j - 1] > y[j] {
                        y.swap(j - 1, j);
                        j -= 1;
                    }
                    vals.push(g[ranks.rank(&y)]);
                }
            }
            if first <= 3 {
                for s in 1..=least {
                    let mut y = x;
                    for h in &mut y[first..] {
                        *h -= s;
                    }
                    vals.push(g[ranks.rank(&y)]);
                }
            }
        }
        count += vals.len() as u64;
        for &v in &vals {
            seen[v as usize] = true;
        }
        g.push(mex_clear(&mut seen, &vals));
        if !next_sorted(&mut x, n) {
            break;
        }
    }
    (g, ranks, count)
}

/// The next sorted tuple over `0..=n` in colex order (the first coordinate fastest).
fn next_sorted<const K: usize>(x: &mut [usize; K], n: usize) -> bool {
    for i in 0..K {
        let top = if i + 1 < K { x[i + 1] } else { n };
        if x[i] < top {
            x[i] += 1;
            for h in &mut x[..i] {
                *h = 0;
            }
            return true;
        }
    }
    false
}

/// Lasker's Nim on at most 3 heaps <= n: the single-heap values by the mex (take, split into
/// two), then every sorted triple by XOR, in colex rank order.
#[inline(never)]
pub fn lasker_box(n: usize) -> (Vec<u32>, Ranks<3>) {
    let mut seq: Vec<u32> = Vec::with_capacity(n + 1);
    let mut seen = vec![false; 2 * n + 8];
    let mut vals = Vec::new();
    for h in 0..=n {
        vals.clear();
        vals.extend_from_slice(&seq[..h]);
        for a in 1..=h / 2 {
            vals.push(seq[a] ^ seq[h - a]);
        }
        for &v in &vals {
            seen[v as usize] = true;
        }
        seq.push(mex_clear(&mut seen, &vals));
    }
    let mut out = Vec::with_capacity(binom(n + 3, 3));
    for c in 0..=n {
        for b in 0..=c {
            let bc = seq[b] ^ seq[c];
            for &ga in &seq[..=b] {
                out.push(ga ^ bc);
            }
        }
    }
    (out, Ranks::new(n))
}

/// P/N of Bhowmik's (S, T)_3 with S = {1}, T = {2} (take one token from each of two heaps) on
/// 3 heaps <= n, in colex rank order (true for P), and the followers looked at.
#[inline(never)]
pub fn st_box(n: usize) -> (Vec<bool>, Ranks<3>, u64) {
    let ranks = Ranks::<3>::new(n);
    let mut p: Vec<bool> = Vec::with_capacity(binom(n + 3, 3));
    let mut count = 0u64;
    for c in 0..=n {
        for b in 0..=c {
            for a in 0..=b {
                let x = [a, b, c];
                let mut is_p = true;
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    if x[i] == 0 || x[j] == 0 {
                        continue;
                    }
                    let mut y = x;
                    y[i] -= 1;
                    y[j] -= 1;
                    count += 1;
                    if p[ranks.rank(&sort3(y))] {
                        is_p = false;
                        break;
                    }
                }
                p.push(is_p);
            }
        }
    }
    (p, ranks, count)
}
