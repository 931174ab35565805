//! Wythoff's game on two heaps: take any number from one heap, or the same from both.
//! Positions (a, b) with a <= b in a square array.

/// Grundy values of every (a, b), a <= b <= n, at `[a * (n + 1) + b]`.
pub fn grundy(n: usize) -> Vec<u32> {
    let w = n + 1;
    let mut g = vec![0u32; w * w];
    let mut seen = vec![false; 3 * w + 2];
    let mut vals: Vec<u32> = Vec::with_capacity(3 * w);
    for b in 0..=n {
        for a in 0..=b {
            vals.clear();
            for a2 in 0..a {
                vals.push(g[a2 * w + b]);
            }
            for b2 in 0..b {
                let (x, y) = if b2 >= a { (a, b2) } else { (b2, a) };
                vals.push(g[x * w + y]);
            }
            for k in 1..=a {
                vals.push(g[(a - k) * w + (b - k)]);
            }
            for &v in &vals {
                seen[v as usize] = true;
            }
            g[a * w + b] = super::mex_clear(&mut seen, &vals);
        }
    }
    g
}

/// Outcomes (true for P) of every (a, b), a <= b <= n, at `[a * (n + 1) + b]`, each position
/// stopping at its first P-follower (followers in heapgame's order: from the smaller heap,
/// from the larger, then from both).
pub fn outcomes(n: usize) -> Vec<bool> {
    let w = n + 1;
    let mut p = vec![false; w * w];
    for b in 0..=n {
        for a in 0..=b {
            p[a * w + b] = is_p(&p, w, a, b);
        }
    }
    p
}

fn is_p(p: &[bool], w: usize, a: usize, b: usize) -> bool {
    for a2 in (0..a).rev() {
        if p[a2 * w + b] {
            return false;
        }
    }
    if a != b {
        for b2 in (0..b).rev() {
            let (x, y) = if b2 >= a { (a, b2) } else { (b2, a) };
            if p[x * w + y] {
                return false;
            }
        }
    }
    for k in 1..=a {
        if p[(a - k) * w + (b - k)] {
            return false;
        }
    }
    true
}
