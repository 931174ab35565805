//! A lower bound on the followers the generator writes for one position: counted exactly for
//! the one-step moves of symmetric shapes whose followers are easy to count (`take S from
//! each of C heaps`, which includes `from one heap`, and `take same S from all heaps`),
//! bounded below for `split one heap into N parts` (partitions counted from compositions), 0
//! for every other move. The count follows the generator: heaps of equal size are
//! interchangeable, so a choice of heaps is made once per multiset of sizes.

use crate::moves::family::{self, Family, Plain};
use crate::moves::program::{LSelKind, LStepKind, MoveProgram, ShapeSpec};
use crate::moves::Generator;
use crate::ruleset::value::SetValue;

/// The most heaps of a position whose `each` moves are counted.
const MOST_HEAPS: usize = 10_000;

/// At least this many followers (repeats included) are written for the canonical position
/// `pos`: the sum over the moves of their counts, 0 for a move that is not counted.
pub fn followers_at_least(gen: &Generator, pos: &[u32]) -> f64 {
    // `positions where` drops followers: none is counted for sure.
    if gen.positions.is_some() {
        return 0.0;
    }
    gen.moves
        .iter()
        .map(|m| move_count(&gen.shape, m, pos))
        .sum()
}

/// The followers move `m` writes for `pos`, or 0 when the move is not of a counted form (the
/// [`Plain`] forms of [`family`]).
fn move_count(shape: &ShapeSpec, m: &MoveProgram, pos: &[u32]) -> f64 {
    let fam = family::classify(m);
    match (fam.plain(shape, pos, true), fam) {
        (Some(Plain::OneHeap(set)), Family::Take(t)) => match t.sel {
            LSelKind::Count(count) => each(shape, pos, count, set),
            _ => 0.0,
        },
        (Some(Plain::Each(count, set)), _) => each(shape, pos, count, set),
        (Some(Plain::AllSame(set, _)), _) => same(shape, pos, set),
        _ => split_count(shape, m, pos),
    }
}

/// The followers of `split one heap into P parts`, at least (0 for any other move).
fn split_count(shape: &ShapeSpec, m: &MoveProgram, pos: &[u32]) -> f64 {
    let Some(st) = m.lone_step(shape, pos) else {
        return 0.0;
    };
    match (&st.sel.kind, &st.kind) {
        (
            LSelKind::Count(SetValue::Ints(c)),
            LStepKind::Split {
                parts,
                min_part,
                unequal,
            },
        ) if c[..] == [1] => {
            let least = (*min_part).max(shape.lower);
            let mut sizes = pos.to_vec();
            sizes.dedup();
            sizes
                .iter()
                .map(|&v| splits_at_least(v, *parts, least, *unequal))
                .sum()
        }
        _ => 0.0,
    }
}

/// At least this many ways to split a heap of `v` into `parts` parts of at least `least`
/// each (pairwise different when `unequal`), as sorted lists of parts. With `t` tokens left
/// to share among `parts` parts of at least 1 (`v` less what `least` fixes, less 0, 1, 2, ...
/// for unequal parts), a partition is the sorted form of at most `parts!` compositions, of
/// which there are C(t - 1, parts - 1): so at least C(t - 1, parts - 1) / parts!, computed
/// in logarithms and rounded down (0 for more than 10^6 parts, where it is not computed).
fn splits_at_least(v: u32, parts: usize, least: u32, unequal: bool) -> f64 {
    if parts == 0 || parts > 1_000_000 {
        return 0.0;
    }
    let n = parts as f64;
    let mut t = f64::from(v) - n * (f64::from(least) - 1.0);
    if unequal {
        t -= n * (n - 1.0) / 2.0;
    }
    if t < n {
        return 0.0;
    }
    // ln C(t - 1, n - 1) - ln n!
    let mut ln = 0.0f64;
    for i in 1..parts {
        let i = i as f64;
        ln += (t - i).ln() - i.ln();
    }
    ln -= (1..=parts).map(|j| (j as f64).ln()).sum::<f64>();
    // A margin for the rounding of the logarithms keeps it a lower bound.
    (ln.exp() * (1.0 - 1e-9)).floor().max(0.0)
}

/// `take SET from each of COUNT heaps`: for each number c of heaps in COUNT (c >= 1), each
/// choice of c heaps (once per multiset of sizes), the product over the chosen heaps of the
/// amounts that leave at least the lower bound. With the heaps grouped by size (n heaps of
/// size v, each allowing a amounts), that is the coefficient of x^c in the product over the
/// groups of 1 + a x + ... + (a x)^n.
fn each(shape: &ShapeSpec, pos: &[u32], count: &SetValue, set: &SetValue) -> f64 {
    // The product takes time quadratic in the heaps: not counted (0 is a lower bound) for
    // positions of very many heaps.
    if pos.len() > MOST_HEAPS {
        return 0.0;
    }
    // poly[c]: the ways to act on c chosen heaps among the groups seen so far.
    let mut poly = vec![1.0f64];
    let mut i = 0;
    while i < pos.len() {
        let v = pos[i];
        let n = pos[i..].iter().take_while(|&&h| h == v).count();
        i += n;
        let a = amounts_upto(set, v - shape.lower);
        let mut next = vec![0.0f64; poly.len() + n];
        for (c, &ways) in poly.iter().enumerate() {
            let mut term = ways;
            for m in 0..=n {
                next[c + m] += term;
                term *= a;
            }
        }
        poly = next;
    }
    poly.iter()
        .enumerate()
        .skip(1)
        .filter(|&(c, _)| count.contains(c as i64).unwrap_or(false))
        .map(|(_, &ways)| ways)
        .sum()
}

/// `take same SET from all heaps`: the amounts that leave the smallest heap at least the
/// lower bound.
fn same(shape: &ShapeSpec, pos: &[u32], set: &SetValue) -> f64 {
    let least = pos.iter().copied().min().unwrap_or(0);
    amounts_upto(set, least - shape.lower)
}

/// The members of `set` in `0..=top`, counted exactly for lists and ranges; 0 (a lower bound)
/// for other sets.
fn amounts_upto(set: &SetValue, top: u32) -> f64 {
    let top = i64::from(top);
    match set {
        SetValue::Ints(v) => v.iter().filter(|&&a| (0..=top).contains(&a)).count() as f64,
        SetValue::Range(lo, hi) => {
            let lo = (*lo).max(0);
            let hi = hi.map_or(top, |h| h.min(top));
            if hi < lo {
                0.0
            } else {
                (hi - lo + 1) as f64
            }
        }
        SetValue::Tuples(_) | SetValue::Beatty(_) => 0.0,
    }
}
