//! Two heaps, the P-positions as pairs `(a_n, b_n)`, `a_n <= b_n`, both increasing in `n`:
//! `a_n = mex{a_i, b_i : i < n}` with `b_n - a_n` affine in n or in a_n, or periodic
//! (`mex.rs`), and Beatty pairs `a_n = floor(n alpha)`, `b_n = floor(n beta)`, each slope a
//! real parameter of the file or an exact surd of a periodic continued fraction (`slope.rs`),
//! possibly after a finite list of pairs.

use super::slope::{self, Identified, Surd};
use super::{Data, Found, Guess, Miss};
use crate::game::Game;
use crate::numbers::Real;
use crate::ruleset::value::Value;

/// The fewest pairs a shape is guessed from.
pub(crate) const MIN_PAIRS: usize = 6;

/// The longest finite list of pairs before a Beatty form.
pub(crate) const MAX_LIST: usize = 12;

/// Tries the pair forms on `data` (two heaps, sorted).
pub fn search(game: &Game, data: &Data, found: &mut Found) {
    if data.heaps != 2 || data.any || !data.sorted {
        return;
    }
    found.tried.push(
        "two heaps: a cone; pairs by a mex rule (differences affine in n or in a_n, or \
         periodic); Beatty pairs, after a finite list"
            .into(),
    );
    super::cone::search(data, found);
    let mut pairs: Vec<(u32, u32)> = data
        .positions
        .iter()
        .zip(&data.values)
        .filter(|(_, &v)| v == 0)
        .map(|(p, _)| (p[0], p[1]))
        .collect();
    pairs.sort_unstable();
    if let Some(w) = pairs
        .windows(2)
        .position(|w| w[0].0 == w[1].0 || w[0].1 >= w[1].1)
    {
        let (a, b) = pairs[w + 1];
        found.misses.push(Miss {
            shape: "P-positions as pairs (a_n, b_n), both increasing in n".into(),
            broke_at: Some(vec![a, b]),
            why: format!(
                "it follows ({}, {}) without increasing both heaps",
                pairs[w].0, pairs[w].1
            ),
            held: w as u64 + 1,
        });
        return;
    }
    if pairs.len() < MIN_PAIRS {
        found.misses.push(Miss {
            shape: "P-positions as pairs (a_n, b_n)".into(),
            broke_at: None,
            why: format!("only {} P-positions in the data; raise --max", pairs.len()),
            held: pairs.len() as u64,
        });
        return;
    }
    super::mex::search(data, &pairs, found);
    beatty_form(game, data, &pairs, found);
}

/// A slope as the claim writes it, and how it was found.
struct Named {
    text: String,
    how: String,
    /// The exact surd, when the slope is one.
    surd: Option<Surd>,
}

/// The slope of `points`: a real parameter of the file (or its Beatty complement), else an
/// exact surd; `Err` with the interval in words when neither.
fn name_slope(reals: &[(String, Real)], points: &[(u64, u64)]) -> Result<Named, String> {
    if let Some((text, _)) = reals.iter().find(|(_, x)| slope::fits(x, points)) {
        return Ok(Named {
            text: text.clone(),
            how: format!("the file's {text}"),
            surd: None,
        });
    }
    match slope::identify(points) {
        Some(Identified::Surd(s, terms, pre, per)) => Ok(Named {
            text: s.text(),
            how: format!(
                "continued fraction {} (period {per} after {pre} terms), exactly {}",
                slope::show_terms(&terms),
                s.text()
            ),
            surd: Some(s),
        }),
        Some(Identified::Interval(lo, hi, terms)) => Err(format!(
            "{}, continued fraction {} not periodic over enough terms",
            slope::show_interval(lo, hi),
            slope::show_terms(&terms)
        )),
        None => Err("no slope fits".into()),
    }
}

/// A slope left as an interval taken as the Beatty complement `x / (x - 1)` of the other,
/// exact one, when the complement fits its points (`1 / alpha + 1 / beta = 1`, Beatty's
/// theorem for the pairs that partition the positive integers).
fn complete(
    alpha: Result<Named, String>,
    beta: Result<Named, String>,
    pa: &[(u64, u64)],
    pb: &[(u64, u64)],
) -> (Result<Named, String>, Result<Named, String>) {
    let other = |known: &Named, points: &[(u64, u64)]| -> Option<Named> {
        let s = known.surd?.complement()?;
        slope::fits(&s.real()?, points).then(|| Named {
            text: s.text(),
            how: format!(
                "the Beatty complement x / (x - 1) of {}, exactly {}",
                known.text,
                s.text()
            ),
            surd: Some(s),
        })
    };
    match (alpha, beta) {
        (Err(e), Ok(b)) => (other(&b, pa).ok_or(e), Ok(b)),
        (Ok(a), Err(e)) => {
            let b = other(&a, pb).ok_or(e);
            (Ok(a), b)
        }
        pair => pair,
    }
}

/// The file's real parameters and their Beatty complements `x / (x - 1)`, as candidates.
fn real_params(game: &Game) -> Vec<(String, Real)> {
    let mut out = Vec::new();
    for (name, v) in &game.checked.params {
        if let Value::Real(x) = v {
            out.push((name.clone(), x.clone()));
            if let Ok(c) = x.div(&x.sub(&Real::from_int(1))) {
                out.push((format!("{name} / ({name} - 1)"), c));
            }
        }
    }
    out
}

/// Beatty pairs, possibly after a finite list of pairs.
fn beatty_form(game: &Game, data: &Data, pairs: &[(u32, u32)], found: &mut Found) {
    let off = u64::from(pairs[0] != (0, 0));
    let reals = real_params(game);
    let points = |from: usize, f: fn(&(u32, u32)) -> u32| -> Vec<(u64, u64)> {
        pairs[from..]
            .iter()
            .enumerate()
            .map(|(i, p)| ((from + i) as u64 + off, u64::from(f(p))))
            .filter(|p| p.0 >= 1)
            .collect()
    };
    let first = (0..=MAX_LIST.min(pairs.len() / 3)).find(|&n0| {
        pairs.len() - n0 >= 2 * MIN_PAIRS
            && slope::interval(&points(n0, |p| p.0)).is_some()
            && slope::interval(&points(n0, |p| p.1)).is_some()
    });
    let Some(n0) = first else {
        found.misses.push(Miss {
            shape: "Beatty pairs (floor(n alpha), floor(n beta)), after at most 12 pairs".into(),
            broke_at: None,
            why: "no slopes fit the pairs".into(),
            held: 0,
        });
        return;
    };
    let (pa, pb) = (points(n0, |p| p.0), points(n0, |p| p.1));
    let (alpha, beta) = complete(name_slope(&reals, &pa), name_slope(&reals, &pb), &pa, &pb);
    let (alpha, beta) = match (alpha, beta) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let say = |r: Result<Named, String>| r.map_or_else(|e| e, |n| n.text);
            found.unstated.push(format!(
                "Beatty pairs from n = {n0}: alpha {}; beta {}",
                say(a),
                say(b)
            ));
            return;
        }
    };
    let claim = beatty_claim(pairs, n0, off, &alpha.text, &beta.text);
    found.guesses.push(Guess {
        shape: if n0 > 0 {
            "a finite list, then Beatty pairs".into()
        } else {
            "Beatty pairs".into()
        },
        lines: vec![format!("claim P: {claim} where (a, b) = heaps")],
        support: data.len() as u64,
        note: format!(
            "{} pairs (a_n, b_n) = (floor(n alpha), floor(n beta)) from n = {}: alpha from {}; \
             beta from {}",
            pairs.len() - n0,
            n0 as u64 + off,
            alpha.how,
            beta.how
        ),
        verdict: None,
    });
}

/// The claim of Beatty pairs with slopes `alpha` and `beta` (as written) from pair `n0` on,
/// the first `n0` pairs listed, `off` the index of the first pair (beatty_form).
fn beatty_claim(pairs: &[(u32, u32)], n0: usize, off: u64, alpha: &str, beta: &str) -> String {
    let paren = |t: &str| {
        if t.contains(' ') {
            format!("({t})")
        } else {
            t.to_string()
        }
    };
    let (a, b) = (&paren(alpha), &paren(beta));
    let mut claim = format!("b in beatty({b}) and a == floor(ceil(b / {b}) * {a})");
    if n0 > 0 {
        let list: Vec<String> = pairs[..n0]
            .iter()
            .map(|(x, y)| format!("({x}, {y})"))
            .collect();
        claim = format!(
            "(a, b) in {{{}}} or ({claim} and ceil(b / {b}) >= {})",
            list.join(", "),
            n0 as u64 + off
        );
    } else if off == 0 {
        claim = format!("(a == 0 and b == 0) or ({claim})");
    }
    claim
}
