//! Hand-written solvers for the games of issue 34 (`benches/user/`, each written with a form
//! of clause the move compiler did not take at first: `keep`, a condition on the position, a
//! quantifier over the other heaps, `positions where` on a row, `set`, a constant
//! comprehension): a dense table, loops over the moves, a mex.

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

/// The index of the triple `x` in a cube of side `w`.
#[inline(always)]
fn cube(w: usize, x: [usize; 3]) -> usize {
    (x[0] * w + x[1]) * w + x[2]
}

/// Grundy values of a game on sorted triples `<= n`, at `cube(n + 1, sorted)`, the moves of a
/// position pushed by `moves` (the values of its followers, read from the table so far).
fn sorted_triples(n: usize, mut moves: impl FnMut(&[u32], [usize; 3], &mut Vec<u32>)) -> Vec<u32> {
    let w = n + 1;
    let mut g = vec![0u32; w * w * w];
    let mut seen = vec![false; 4 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    for c in 0..=n {
        for b in 0..=c {
            for a in 0..=b {
                vals.clear();
                moves(&g, [a, b, c], &mut vals);
                for &v in &vals {
                    if (v as usize) < seen.len() {
                        seen[v as usize] = true;
                    }
                }
                g[cube(w, [a, b, c])] = mex_clear(&mut seen, &vals);
            }
        }
    }
    g
}

/// Multiple-take on two heaps `<= n` (one token from one heap, or a positive multiple of the
/// other heap's size): Grundy values at `a * (n + 1) + b`, `a <= b`.
#[inline(never)]
pub fn multiple_take(n: usize) -> Vec<u32> {
    let w = n + 1;
    let idx = |x: usize, y: usize| if x <= y { x * w + y } else { y * w + x };
    let mut g = vec![0u32; w * w];
    let mut seen = vec![false; 2 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    for b in 0..=n {
        for a in 0..=b {
            vals.clear();
            if a >= 1 {
                vals.push(g[idx(a - 1, b)]);
            }
            if b >= 1 {
                vals.push(g[idx(a, b - 1)]);
            }
            if a >= 1 {
                let mut k = a;
                while k <= b {
                    vals.push(g[idx(a, b - k)]);
                    k += a;
                }
            }
            if b >= 1 {
                let mut k = b;
                while k <= a {
                    vals.push(g[idx(a - k, b)]);
                    k += b;
                }
            }
            for &v in &vals {
                if (v as usize) < seen.len() {
                    seen[v as usize] = true;
                }
            }
            g[a * w + b] = mex_clear(&mut seen, &vals);
        }
    }
    g
}

/// Distinct-lower on three heaps `<= n` (lower one heap to a size no other heap has).
#[inline(never)]
pub fn distinct_lower(n: usize) -> Vec<u32> {
    let w = n + 1;
    sorted_triples(n, |g, x, vals| {
        for i in 0..3 {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            for v in 0..x[i] {
                if v != x[j] && v != x[k] {
                    let mut y = x;
                    y[i] = v;
                    vals.push(g[cube(w, sort3(y))]);
                }
            }
        }
    })
}

/// Odd-same on three heaps `<= n` (1 to 3 from one heap, or the same amount from all three
/// when the total is odd).
#[inline(never)]
pub fn odd_same(n: usize) -> Vec<u32> {
    let w = n + 1;
    sorted_triples(n, |g, x, vals| {
        for i in 0..3 {
            for s in 1..=x[i].min(3) {
                let mut y = x;
                y[i] -= s;
                vals.push(g[cube(w, sort3(y))]);
            }
        }
        if (x[0] + x[1] + x[2]) % 2 == 1 {
            for s in 1..=x[0] {
                vals.push(g[cube(w, [x[0] - s, x[1] - s, x[2] - s])]);
            }
        }
    })
}

/// Subtract-a-prime on three heaps `<= n`, primes at most `b`.
#[inline(never)]
pub fn subtract_prime(n: usize, b: usize) -> Vec<u32> {
    let w = n + 1;
    let primes: Vec<usize> = (2..=b).filter(|&p| (2..p).all(|d| p % d != 0)).collect();
    sorted_triples(n, |g, x, vals| {
        for i in 0..3 {
            for &p in primes.iter().take_while(|&&p| p <= x[i]) {
                let mut y = x;
                y[i] -= p;
                vals.push(g[cube(w, sort3(y))]);
            }
        }
    })
}

/// Coins on a strip, four coins on squares `0..=n` (`a < b < c < d`; a move slides one coin
/// left onto an empty square without passing another): Grundy values at
/// `((a * w + b) * w + c) * w + d`, `w = n + 1` (0 outside the allowed positions).
#[inline(never)]
pub fn coins(n: usize) -> Vec<u32> {
    let w = n + 1;
    let at = |x: [usize; 4]| ((x[0] * w + x[1]) * w + x[2]) * w + x[3];
    let mut g = vec![0u32; w * w * w * w];
    let mut seen = vec![false; 4 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    for a in 0..=n {
        for b in a + 1..=n {
            for c in b + 1..=n {
                for d in c + 1..=n {
                    let x = [a, b, c, d];
                    vals.clear();
                    for i in 0..4 {
                        let from = if i == 0 { 0 } else { x[i - 1] + 1 };
                        for v in from..x[i] {
                            let mut y = x;
                            y[i] = v;
                            vals.push(g[at(y)]);
                        }
                    }
                    for &v in &vals {
                        seen[v as usize] = true;
                    }
                    g[at(x)] = mex_clear(&mut seen, &vals);
                }
            }
        }
    }
    g
}

/// Three-row Chomp, rows `c <= b <= a <= n`, `a >= 1`: Grundy values at
/// `(a * w + b) * w + c`, `w = n + 1` (0 outside the allowed positions).
#[inline(never)]
pub fn chomp3(n: usize) -> Vec<u32> {
    let w = n + 1;
    let at = |a: usize, b: usize, c: usize| (a * w + b) * w + c;
    let mut g = vec![0u32; w * w * w];
    let mut seen = vec![false; 3 * w + 8];
    let mut vals: Vec<u32> = Vec::new();
    for a in 1..=n {
        for b in 0..=a {
            for c in 0..=b {
                vals.clear();
                for j in 0..c {
                    vals.push(g[at(a, b, j)]);
                }
                for j in 0..b {
                    vals.push(g[at(a, j, c.min(j))]);
                }
                for j in 1..a {
                    vals.push(g[at(j, b.min(j), c.min(j))]);
                }
                for &v in &vals {
                    seen[v as usize] = true;
                }
                g[at(a, b, c)] = mex_clear(&mut seen, &vals);
            }
        }
    }
    g
}
