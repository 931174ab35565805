//! beta^T-Wynim with beta = pi (d = 3): take from one heap, or s and t >= 1 from both with
//! |s - t| < 3, except the pairs of the beta-triangles when a heap is in floor(n pi).
//! Pairs (a, b), a <= b, in a square array filled in order.

const TRIANGLES: [(usize, usize); 6] = [(1, 3), (2, 3), (2, 4), (3, 1), (3, 2), (4, 2)];

/// Outcomes (true for P) of every (a, b), a <= b <= n, at `[a * (n + 1) + b]`, stopping at
/// the first P-follower.
pub fn outcomes(n: usize) -> Vec<bool> {
    let mut in_b = vec![false; n + 1];
    for m in 1.. {
        let x = (m as f64 * std::f64::consts::PI).floor() as usize;
        if x > n {
            break;
        }
        in_b[x] = true;
    }
    let w = n + 1;
    let mut p = vec![false; w * w];
    let at = |p: &[bool], x: usize, y: usize| if x <= y { p[x * w + y] } else { p[y * w + x] };
    for b in 0..=n {
        for a in 0..=b {
            let mut n_pos = (0..a).rev().any(|a2| at(&p, a2, b))
                || (a != b && (0..b).rev().any(|b2| at(&p, a, b2)));
            if !n_pos {
                let restricted = in_b[a] || in_b[b];
                'diag: for s in 1..=a {
                    for t in s.saturating_sub(2).max(1)..=(s + 2).min(b) {
                        if restricted && TRIANGLES.contains(&(s, t)) {
                            continue;
                        }
                        if at(&p, a - s, b - t) {
                            n_pos = true;
                            break 'diag;
                        }
                    }
                }
            }
            p[a * w + b] = !n_pos;
        }
    }
    p
}
