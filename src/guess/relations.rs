//! Rules read off the data that equal a function of the heaps to its value at the first
//! P-position: a nim-sum of the heaps transformed (`xor([h + 1 for h in heaps]) == 0`, Welter's
//! game for three heaps; the heaps at even places, Staircase Nim; the gaps inside pairs of
//! places, Northcott's game; `xor(heaps) == 1`), and the conjunction of every linear relation
//! with coefficients -1, 0, 1 that all P-positions satisfy (`heaps[1] == heaps[0] + 1`, two-row
//! Chomp; `heaps[0] == heaps[2] and heaps[1] == heaps[3]`, Circular Nim), each relation kept
//! only when it excludes a position the ones before it do not.

use super::rule::{rule, Rule};
use super::Data;

/// A function of a position (`None` where it is not defined).
type Of = Box<dyn Fn(&[u32]) -> Option<i64>>;

/// The first P-position of the data.
fn first_p(data: &Data) -> Option<&Vec<u32>> {
    data.positions
        .iter()
        .zip(&data.values)
        .find(|(_, &v)| v == 0)
        .map(|(p, _)| p)
}

/// The nim-sums tried: (shape, text of the list, the function).
fn transforms(data: &Data) -> Vec<(String, String, Of)> {
    let xor = |it: &mut dyn Iterator<Item = i64>| it.fold(0i64, |x, h| x ^ h);
    let mut out: Vec<(String, String, Of)> = vec![
        (
            "the heaps".into(),
            "heaps".into(),
            Box::new(move |p: &[u32]| Some(xor(&mut p.iter().map(|&h| i64::from(h))))),
        ),
        (
            "the heaps plus one".into(),
            "[h + 1 for h in heaps]".into(),
            Box::new(move |p: &[u32]| Some(xor(&mut p.iter().map(|&h| i64::from(h) + 1)))),
        ),
    ];
    if data.any || data.heaps < 2 {
        return out;
    }
    let k = data.heaps;
    for (parity, word) in [(0, "even"), (1, "odd")] {
        out.push((
            format!("the heaps at {word} places (from 0)"),
            format!("[heaps[i] for i in 0..{} if i mod 2 == {parity}]", k - 1),
            Box::new(move |p: &[u32]| {
                Some(xor(&mut p
                    .iter()
                    .skip(parity)
                    .step_by(2)
                    .map(|&h| i64::from(h))))
            }),
        ));
    }
    if k.is_multiple_of(2) {
        out.push((
            "the gaps inside the pairs of places (2i, 2i + 1)".into(),
            format!(
                "[heaps[2 * i + 1] - heaps[2 * i] - 1 for i in 0..{}]",
                k / 2 - 1
            ),
            Box::new(move |p: &[u32]| {
                let gaps: Option<Vec<i64>> = p
                    .chunks(2)
                    .map(|w| (w[1] > w[0]).then(|| i64::from(w[1] - w[0]) - 1))
                    .collect();
                Some(xor(&mut gaps?.into_iter()))
            }),
        ));
    }
    out
}

/// A nim-sum of the heaps transformed equal to its value at the first P-position (0 for the
/// heaps themselves is in the fixed list).
pub(crate) fn nim_sums(data: &Data) -> Vec<Rule> {
    let Some(first) = first_p(data) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (shape, list, f) in transforms(data) {
        let Some(r) = f(first) else { continue };
        if list == "heaps" && r == 0 {
            continue;
        }
        // Every position must have the function defined, or the text would fail there.
        if data.positions.iter().any(|p| f(p).is_none()) {
            continue;
        }
        out.push(rule(
            format!("the nim-sum of {shape} is {r}"),
            format!("xor({list}) == {r}"),
            move |p: &[u32]| f(p) == Some(r),
        ));
    }
    out
}

/// `sum of c_i heaps[i] == r`, as text: the terms with `c_i = 1` on the left, the others and
/// `r` on the right (a negative `r` goes left).
fn relation_text(c: &[i64], r: i64) -> String {
    let side = |sign: i64| -> Vec<String> {
        (0..c.len())
            .filter(|&i| c[i] == sign)
            .map(|i| format!("heaps[{i}]"))
            .collect()
    };
    let (mut left, mut right) = (side(1), side(-1));
    match r {
        r if r > 0 => right.push(r.to_string()),
        r if r < 0 => left.push((-r).to_string()),
        _ => {}
    }
    let join = |t: Vec<String>| {
        if t.is_empty() {
            "0".to_string()
        } else {
            t.join(" + ")
        }
    };
    format!("{} == {}", join(left), join(right))
}

/// The conjunction of the linear relations (coefficients -1, 0, 1, the first non-zero 1, the
/// fewest non-zero first) that every P-position satisfies, each kept only when it excludes a
/// position of the data that the ones kept before do not.
pub fn linear(data: &Data) -> Vec<Rule> {
    let k = data.heaps;
    let Some(first) = first_p(data) else {
        return Vec::new();
    };
    let mut all: Vec<Vec<i64>> = (1..3usize.pow(k as u32))
        .map(|code| {
            (0..k)
                .map(|i| (code / 3usize.pow(i as u32) % 3) as i64 - 1)
                .collect::<Vec<i64>>()
        })
        .filter(|c| c.iter().find(|&&x| x != 0) == Some(&1))
        .collect();
    all.sort_by_key(|c| c.iter().filter(|&&x| x != 0).count());
    let value =
        |c: &[i64], p: &[u32]| -> i64 { p.iter().zip(c).map(|(&h, &x)| i64::from(h) * x).sum() };
    let mut kept: Vec<(Vec<i64>, i64)> = Vec::new();
    let mut excluded = vec![false; data.len()];
    for c in all {
        let r = value(&c, first);
        let holds_on_p = data
            .positions
            .iter()
            .zip(&data.values)
            .all(|(p, &v)| v != 0 || value(&c, p) == r);
        if !holds_on_p {
            continue;
        }
        let mut cuts = false;
        for (i, p) in data.positions.iter().enumerate() {
            if !excluded[i] && value(&c, p) != r {
                excluded[i] = true;
                cuts = true;
            }
        }
        if cuts {
            kept.push((c, r));
        }
    }
    if kept.is_empty() {
        return Vec::new();
    }
    let text: Vec<String> = kept.iter().map(|(c, r)| relation_text(c, *r)).collect();
    let text = text.join(" and ");
    vec![rule(
        format!("the heaps satisfy {text}"),
        text,
        move |p: &[u32]| kept.iter().all(|(c, r)| value(c, p) == *r),
    )]
}
