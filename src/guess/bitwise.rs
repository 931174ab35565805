//! Grundy values as a function of one bitwise combination of the heaps: `u`, the bitwise or
//! (or and) of the heaps lowered by the least heap the shape allows, determines the Grundy
//! value, and that function is one of a short list (`v2(u + 1)`, the number of trailing ones
//! of `u`: Abuku and Suetsugu's Delete Nim, `v2(bitor(x, y) + 1)`, and its variant VDN,
//! `v2(bitor(x - 1, y - 1) + 1)`; or `u` itself). Each combination is tried on every position
//! of the data; the first position whose `u` was seen with another Grundy value breaks it.

use super::{Data, Found, Guess, Miss};
use std::collections::HashMap;

/// A function of `u` of the list: its text with `{u}` for the argument, and its value.
type Fun = (&'static str, fn(u64) -> u64);

/// The functions of `u` tried, simplest first.
const FUNS: [Fun; 2] = [
    ("{u}", |u| u),
    ("v2({u} + 1)", |u| u64::from((!u).trailing_zeros())),
];

/// A combination: (shape in words, the language's name, the operation).
type Op = (&'static str, &'static str, fn(u64, u64) -> u64);

/// The combinations tried.
const OPS: [Op; 2] = [
    ("bitwise or", "bitor", |x, y| x | y),
    ("bitwise and", "bitand", |x, y| x & y),
];

/// The text of the combination of the heaps lowered by `c`.
fn combined(name: &str, c: u32) -> String {
    match c {
        0 => format!("{name}(heaps)"),
        c => format!("{name}([h - {c} for h in heaps])"),
    }
}

/// Tries each combination on a fixed number of at least two heaps.
pub fn search(data: &Data, found: &mut Found) {
    if data.any || data.heaps < 2 || data.is_empty() {
        return;
    }
    // The Grundy values must be more than outcomes for a Grundy form to say more than P.
    if data.values.iter().all(|&v| v <= 1) {
        return;
    }
    found
        .tried
        .push("Grundy values a function of the bitwise or (and) of the heaps: u, v2(u + 1)".into());
    let least = data.positions.iter().flatten().copied().min().unwrap_or(0);
    let shifts: Vec<u32> = if least == 0 { vec![0] } else { vec![0, least] };
    for &c in &shifts {
        for (word, name, op) in OPS {
            try_op(data, c, word, name, op, found);
        }
    }
}

/// Whether the Grundy value is a function of `op` over the heaps lowered by `c`, and if so
/// which function of the list.
fn try_op(data: &Data, c: u32, word: &str, name: &str, op: fn(u64, u64) -> u64, found: &mut Found) {
    let of = |p: &[u32]| {
        let mut it = p.iter().map(|&h| u64::from(h - c));
        let first = it.next().unwrap_or(0);
        it.fold(first, op)
    };
    let what = combined(name, c);
    let shape = format!("the Grundy value a function of the {word} of the heaps, {what}");
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let (broke, held) = data.first_where_not(|p, v| *seen.entry(of(p)).or_insert(v) == v);
    if broke.is_some() {
        found.misses.push(Miss {
            shape,
            broke_at: broke,
            why: format!("another position of the same {what} has another Grundy value"),
            held,
        });
        return;
    }
    let Some((text, _)) = FUNS
        .iter()
        .find(|(_, f)| seen.iter().all(|(&u, &v)| f(u) == u64::from(v)))
    else {
        found.unstated.push(format!(
            "the Grundy value is a function of {what} over every position, but none of u, \
             v2(u + 1)"
        ));
        return;
    };
    let body = text.replace("{u}", &what);
    found.guesses.push(Guess {
        shape: format!("two or more heaps: {shape}"),
        lines: vec![format!("claim grundy: {body}")],
        support: data.len() as u64,
        note: format!(
            "the Grundy value is {body} at every position ({} values of {what})",
            seen.len()
        ),
        verdict: None,
    });
}
