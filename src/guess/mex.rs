//! Two heaps' P-positions by a mex rule: `a_n = mex{a_i, b_i : i < n}` and the difference
//! `D_n = b_n - a_n` one of three shapes, each stated as a claim of one position:
//! - affine in n, `D_n = d n + c`: `c = 0` is Fraenkel's d-Wythoff theorem (`a_n = floor(n
//!   alpha)`, `alpha = (2 - d + sqrt(d^2 + 4)) / 2`); for `c > 0`, `a_n = floor(n alpha +
//!   gamma)` with `gamma = (x + y alpha) / z` of small integers, the simplest in the interval
//!   the data allow (else not stated); `d = 0`, the blocks `a / c` even;
//! - affine in a_n, `b_n = s a_n + t`: the a's and b's partition the integers, and `x` is an
//!   `a` exactly when the chain `x -> (x - t) / s -> ...` has an even length, which is the
//!   number of `j` with `x >= t (s^j - 1) / (s - 1)` and `x == t (s^j - 1) / (s - 1) mod s^j`;
//! - periodic in n: the table `F(a) = D + 1` for an `a` of a pair, 0 otherwise, periodic in
//!   `a` (as it is once the differences repeat), stated as `b - a + 1 == F(a)`.

use super::{periodic_text, Data, Found, Guess, Miss};
use crate::sequence::apparent_period;

/// A mex rule that fits the pairs: its shape in words, its claim (or why none is stated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MexForm {
    /// The shape, in words.
    pub shape: String,
    /// The claim's condition on `(a, b) = heaps`, or why the language cannot state it.
    pub claim: Result<String, String>,
}

/// The mex form of `pairs` (sorted, `a_n < a_{n+1}`), or the index of the first pair that
/// breaks every shape and why.
pub fn fit(pairs: &[(u32, u32)]) -> Result<MexForm, (usize, String)> {
    if pairs.len() < 3 {
        return Err((0, format!("only {} pairs", pairs.len())));
    }
    let mut used = vec![false; pairs.iter().map(|p| p.1 as usize + 2).max().unwrap_or(2)];
    let mut mex = 0usize;
    for (n, &(a, b)) in pairs.iter().enumerate() {
        while used[mex] {
            mex += 1;
        }
        if a as usize != mex {
            return Err((
                n,
                format!("a_{n} = {a}, but mex of the heaps before is {mex}"),
            ));
        }
        used[a as usize] = true;
        used[b as usize] = true;
    }
    let diff: Vec<i64> = pairs.iter().map(|&(a, b)| i64::from(b - a)).collect();
    let (c, d) = (diff[0], diff[1] - diff[0]);
    let affine_at = diff
        .iter()
        .enumerate()
        .position(|(n, &x)| x != d * n as i64 + c);
    let Some(broke) = affine_at else {
        return Ok(affine_n(d, c));
    };
    if let Some(f) = affine_a(pairs, &diff) {
        return Ok(f);
    }
    if let Some(f) = periodic_n(pairs, &diff) {
        return Ok(f);
    }
    Err((
        broke,
        format!(
            "b_{broke} - a_{broke} = {}, not {d} n + {c}, and the differences are neither \
             affine in a_n nor periodic in n",
            diff[broke]
        ),
    ))
}

/// `D_n = d n + c`.
fn affine_n(d: i64, c: i64) -> MexForm {
    let affine = match (d, c) {
        (0, c) => c.to_string(),
        (1, 0) => "n".to_string(),
        (d, 0) => format!("{d} n"),
        (1, c) => format!("n + {c}"),
        (d, c) => format!("{d} n + {c}"),
    };
    let mut shape = format!("a_n = mex{{a_i, b_i : i < n}}, b_n - a_n = {affine}");
    if d >= 1 && c == 0 {
        shape.push_str("; by Fraenkel's theorem (d-Wythoff) a_n = floor(n alpha)");
    }
    let claim = match (d, c) {
        (0, 0) => Ok("a == b".to_string()),
        (0, c) => Ok(format!("b - a == {c} and (a / {c}) mod 2 == 0")),
        (1, 0) => Ok("a == floor((b - a) * phi)".to_string()),
        (d, 0) => Ok(format!(
            "(b - a) mod {d} == 0 and a == floor((b - a) / {d} * {})",
            alpha_text(d)
        )),
        (d, c) => shifted(d, c),
    };
    MexForm { shape, claim }
}

/// Fraenkel's `alpha = (2 - d + sqrt(d^2 + 4)) / 2` as written (parenthesised), `phi` for 1.
fn alpha_text(d: i64) -> String {
    if d == 1 {
        return "phi".into();
    }
    let t = super::slope::Surd::new(2 - i128::from(d), 1, i128::from(d * d + 4), 2)
        .map(|s| s.text())
        .unwrap_or_default();
    if t.contains(' ') {
        format!("({t})")
    } else {
        t
    }
}

/// How many pairs the recursion is carried to when `gamma` is sought: the interval it allows
/// narrows as 1 / n.
pub(crate) const EXTENDED_PAIRS: usize = 20_000;

/// The `a_n` of the mex recursion with `D_n = d n + c`, for `n < EXTENDED_PAIRS`.
fn extended(d: i64, c: i64) -> Vec<u64> {
    let mut used = vec![false; EXTENDED_PAIRS * (d as usize + 3) + c as usize + 2];
    let mut a = 0usize;
    (0..EXTENDED_PAIRS)
        .map(|n| {
            while used[a] {
                a += 1;
            }
            used[a] = true;
            if let Some(u) = used.get_mut(a + (d * n as i64 + c) as usize) {
                *u = true;
            }
            a as u64
        })
        .collect()
}

/// `D_n = d n + c`, `c > 0`: `a_n = floor(n alpha + gamma)`, `gamma = (x + y alpha) / z` the
/// simplest (least `|x| + |y| + z`) strictly inside the interval that the recursion, carried
/// on from the data's rule to [`EXTENDED_PAIRS`] pairs, allows.
fn shifted(d: i64, c: i64) -> Result<String, String> {
    let alpha = (2.0 - d as f64 + ((d * d + 4) as f64).sqrt()) / 2.0;
    let (mut lo, mut hi) = (f64::MIN, f64::MAX);
    for (n, a) in extended(d, c).into_iter().enumerate() {
        lo = lo.max(a as f64 - n as f64 * alpha);
        hi = hi.min(a as f64 + 1.0 - n as f64 * alpha);
    }
    let margin = 1e-9;
    let mut best: Option<(i64, i64, i64)> = None;
    for z in 1..=6i64 {
        for y in -6..=6i64 {
            for x in -12..=12i64 {
                let g = (x as f64 + y as f64 * alpha) / z as f64;
                let simpler = best
                    .is_none_or(|(bx, by, bz)| x.abs() + y.abs() + z < bx.abs() + by.abs() + bz);
                if g > lo + margin && g < hi - margin && simpler {
                    best = Some((x, y, z));
                }
            }
        }
    }
    let Some((x, y, z)) = best else {
        return Err(if lo < hi {
            format!(
                "a_n = floor(n alpha + gamma) with gamma in [{lo:.6}, {hi:.6}], no (x + y alpha) \
                 / z of small integers there"
            )
        } else {
            "a_n is no floor(n alpha + gamma) of the d-Wythoff slope alpha".into()
        });
    };
    let a = alpha_text(d);
    let n = if d == 1 {
        format!("(b - a - {c})")
    } else {
        format!("(b - a - {c}) / {d}")
    };
    let gamma = format!("({x} + {y} * {a}) / {z}");
    let divides = if d == 1 {
        String::new()
    } else {
        format!(" and (b - a - {c}) mod {d} == 0")
    };
    Ok(format!(
        "b - a >= {c}{divides} and a == floor({n} * {a} + {gamma})"
    ))
}

/// `b_n = s a_n + t`, `s >= 2`, fitted from the first pairs (`a_0 = 0`, so `t = b_0`).
fn affine_a(pairs: &[(u32, u32)], diff: &[i64]) -> Option<MexForm> {
    let (a1, a2) = (i64::from(pairs[1].0), i64::from(pairs[2].0));
    let step = diff[2] - diff[1];
    if a2 == a1 || step % (a2 - a1) != 0 {
        return None;
    }
    let (s1, t) = (step / (a2 - a1), diff[0]);
    let fits = pairs
        .iter()
        .zip(diff)
        .all(|(&(a, _), &x)| x == s1 * i64::from(a) + t);
    if s1 < 1 || !fits {
        return None;
    }
    let s = s1 + 1;
    // The most steps of a chain: s^K (times t + 1) stays below 2^62.
    let mut k = 0u32;
    while s
        .checked_pow(k + 1)
        .and_then(|p| p.checked_mul(t + 1))
        .is_some_and(|p| p < 1 << 62)
    {
        k += 1;
    }
    let claim = if t == 0 {
        format!(
            "(a == 0 and b == 0) or (a > 0 and b == {s} * a and count(j in 1..{k}: a mod {s}^j \
             == 0) mod 2 == 0)"
        )
    } else {
        let tj = format!("{t} * ({s}^j - 1) / {s1}");
        format!(
            "b == {s} * a + {t} and count(j in 1..{k}: a >= {tj} and (a - {tj}) mod {s}^j == 0) \
             mod 2 == 0"
        )
    };
    Some(MexForm {
        shape: format!("a_n = mex{{a_i, b_i : i < n}}, b_n = {s} a_n + {t}"),
        claim: Ok(claim),
    })
}

/// `D_n` periodic in n: the table of `F(a)` periodic in `a`.
fn periodic_n(pairs: &[(u32, u32)], diff: &[i64]) -> Option<MexForm> {
    let d: Vec<u32> = diff.iter().map(|&x| x as u32).collect();
    let p = apparent_period(&d).filter(|p| p.saltus == 0)?;
    let last = pairs.last()?.0 as usize;
    let mut table = vec![0u32; last + 1];
    for &(a, b) in pairs {
        table[a as usize] = b - a + 1;
    }
    let q = apparent_period(&table).filter(|q| q.saltus == 0)?;
    let shown: Vec<String> = d[p.preperiod..p.preperiod + p.period]
        .iter()
        .map(ToString::to_string)
        .collect();
    Some(MexForm {
        shape: format!(
            "a_n = mex{{a_i, b_i : i < n}}, b_n - a_n periodic in n ({} from n = {}); the table \
             of b - a + 1 by a has period {} from a = {}",
            shown.join(", "),
            p.preperiod,
            q.period,
            q.preperiod
        ),
        claim: Ok(format!(
            "b - a + 1 == {}",
            periodic_text("a", &table, q.preperiod, q.period, 0)
        )),
    })
}

/// Tries the mex shapes on the pairs of `data`.
pub fn search(data: &Data, pairs: &[(u32, u32)], found: &mut Found) {
    let shape = "a_n = mex{a_i, b_i : i < n}, b_n - a_n affine in n or in a_n, or periodic";
    match fit(pairs) {
        Err((n, why)) => found.misses.push(Miss {
            shape: shape.into(),
            broke_at: Some(vec![pairs[n].0, pairs[n].1]),
            why,
            held: n as u64,
        }),
        Ok(MexForm {
            shape,
            claim: Err(why),
        }) => found.unstated.push(format!(
            "{shape} fits all {} pairs, but is not stated: {why}",
            pairs.len()
        )),
        Ok(MexForm {
            shape,
            claim: Ok(claim),
        }) => found.guesses.push(Guess {
            shape: "pairs by a mex rule".into(),
            lines: vec![format!("claim P: {claim} where (a, b) = heaps")],
            support: data.len() as u64,
            note: format!("{shape}, over {} pairs", pairs.len()),
            verdict: None,
        }),
    }
}
