//! Rules on several heaps, each a condition for P tried on every position of the data: the
//! nim-sum (`xor(heaps) == 0`), Moore's Nim_l (the binary digit sums mod l + 1), residue and
//! parity rules (every heap `== r mod m`, all heaps alike mod m, the total mod m, the i-th
//! smallest heap `== r mod m`), the 2-adic valuation (all alike, all odd), a heap plus one a
//! power of two, Greedy Nim's and Bouton's misère rules, and linear relations between the
//! sorted heaps (`heaps[0] == heaps[2]`). When none of these fits, the rules read off the data
//! (`derived.rs`) are tried.

use super::rule::{rule, Rule};
use super::{derived, Data, Found, Guess, Miss};

/// The rules tried on positions of at most `heaps` heaps (`k` fixed and sorted, or `None`);
/// `positive` when no heap of the data is empty (the 2-adic valuation needs a heap > 0).
fn rules(heaps: usize, fixed_sorted: Option<usize>, positive: bool) -> Vec<Rule> {
    let mut out = vec![rule(
        "nim-sum".into(),
        "xor(heaps) == 0".into(),
        |p: &[u32]| p.iter().fold(0, |x, &h| x ^ h) == 0,
    )];
    for l in 2..heaps.max(2) as u32 {
        out.push(rule(
            format!("Moore's Nim_{l}: binary digit sums mod {}", l + 1),
            format!(
                "all(i in 0..31: count(h in heaps: h / 2^i mod 2 == 1) mod {} == 0)",
                l + 1
            ),
            move |p: &[u32]| {
                (0..32).all(|i| {
                    (p.iter().filter(|&&h| h >> i & 1 == 1).count() as u32).is_multiple_of(l + 1)
                })
            },
        ));
    }
    for m in 2..=4u32 {
        for r in 0..m {
            out.push(rule(
                format!("every heap == {r} mod {m}"),
                format!("all(h in heaps: h mod {m} == {r})"),
                move |p: &[u32]| p.iter().all(|&h| h % m == r),
            ));
        }
        out.push(rule(
            format!("all heaps alike mod {m}"),
            format!("all(h in heaps: h mod {m} == heaps[0] mod {m})"),
            move |p: &[u32]| p.iter().all(|&h| h % m == p.first().map_or(0, |f| f % m)),
        ));
    }
    for m in 2..=6u64 {
        out.push(rule(
            format!("total == 0 mod {m}"),
            format!("sum(heaps) mod {m} == 0"),
            move |p: &[u32]| p.iter().map(|&h| u64::from(h)).sum::<u64>() % m == 0,
        ));
    }
    out.push(rule(
        "every heap plus one a power of two".into(),
        "all(h in heaps: bitand(h, h + 1) == 0)".into(),
        |p: &[u32]| p.iter().all(|&h| h & h.wrapping_add(1) == 0),
    ));
    out.push(rule(
        "an even number of heaps h with h + 1 a power of two".into(),
        "count(h in heaps: bitand(h, h + 1) == 0) mod 2 == 0".into(),
        |p: &[u32]| p.iter().filter(|&&h| h & h.wrapping_add(1) == 0).count() % 2 == 0,
    ));
    game_rules(positive, &mut out);
    if let Some(k) = fixed_sorted.filter(|&k| (2..=5).contains(&k)) {
        linear_rules(k, &mut out);
        index_rules(k, &mut out);
    }
    if let Some(k) = fixed_sorted {
        least_rules(k as u64, &mut out);
    }
    out
}

/// Fraenkel and Zusman's shape: the least heap `m` is the `n`-th member of a sequence
/// (triangular numbers, squares) and the heaps exceed `k m` by `n` in all.
fn least_rules(k: u64, out: &mut Vec<Rule>) {
    let isqrt = |x: u64| {
        let mut r = (x as f64).sqrt() as u64;
        while r * r > x {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= x {
            r += 1;
        }
        r
    };
    let excess = move |p: &[u32]| -> (u64, i64) {
        let m = p.iter().copied().min().map_or(0, u64::from);
        let total: u64 = p.iter().map(|&h| u64::from(h)).sum();
        (m, total as i64 - (k * m) as i64)
    };
    out.push(rule(
        "the least heap is the n-th triangular number and the heaps exceed k times it by n".into(),
        format!(
            "isqrt(8 * min(heaps) + 1)^2 == 8 * min(heaps) + 1 and sum(heaps) == {k} * min(heaps) \
             + (isqrt(8 * min(heaps) + 1) - 1) / 2"
        ),
        move |p: &[u32]| {
            let (m, e) = excess(p);
            let r = isqrt(8 * m + 1);
            r * r == 8 * m + 1 && e == ((r - 1) / 2) as i64
        },
    ));
    out.push(rule(
        "the least heap is the n-th square and the heaps exceed k times it by n".into(),
        format!("isqrt(min(heaps))^2 == min(heaps) and sum(heaps) == {k} * min(heaps) + isqrt(min(heaps))"),
        move |p: &[u32]| {
            let (m, e) = excess(p);
            let r = isqrt(m);
            r * r == m && e == r as i64
        },
    ));
}

/// Greedy Nim's and Bouton's misère rules, and the 2-adic valuation's (`positive`: no heap of
/// the data is empty).
fn game_rules(positive: bool, out: &mut Vec<Rule>) {
    out.push(rule(
        "the largest heap occurs an even number of times (Greedy Nim)".into(),
        "count(z in heaps: z == max(heaps)) mod 2 == 0".into(),
        |p: &[u32]| {
            let m = p.iter().copied().max().unwrap_or(0);
            p.iter().filter(|&&h| h == m).count() % 2 == 0
        },
    ));
    out.push(rule(
        "Bouton's misère rule: no heap above 1 and an odd number of 1s, or a heap above 1 and \
         nim-sum 0"
            .into(),
        "(all(h in heaps: h <= 1) and count(h in heaps: h == 1) mod 2 == 1) or (any(h in heaps: \
         h >= 2) and xor(heaps) == 0)"
            .into(),
        |p: &[u32]| {
            let ones = p.iter().filter(|&&h| h == 1).count();
            if p.iter().all(|&h| h <= 1) {
                ones % 2 == 1
            } else {
                p.iter().fold(0, |x, &h| x ^ h) == 0
            }
        },
    ));
    if positive {
        out.push(rule(
            "every heap of odd 2-adic valuation".into(),
            "all(h in heaps: v2(h) mod 2 == 1)".into(),
            |p: &[u32]| p.iter().all(|&h| h.trailing_zeros() % 2 == 1),
        ));
        out.push(rule(
            "all heaps of one 2-adic valuation".into(),
            "all(h in heaps: v2(h) == v2(heaps[0]))".into(),
            |p: &[u32]| {
                p.iter()
                    .all(|&h| h.trailing_zeros() == p[0].trailing_zeros())
            },
        ));
    }
}

/// The `i`-th smallest heap `== r mod m`.
fn index_rules(k: usize, out: &mut Vec<Rule>) {
    for i in 0..k {
        for m in 2..=4u32 {
            for r in 0..m {
                out.push(rule(
                    format!("the heap at {i} (sorted) == {r} mod {m}"),
                    format!("heaps[{i}] mod {m} == {r}"),
                    move |p: &[u32]| p[i] % m == r,
                ));
            }
        }
    }
}

/// `sum of c_i heaps[i] == 0` over the sorted heaps, `c_i` in {-1, 0, 1}, first non-zero 1.
fn linear_rules(k: usize, out: &mut Vec<Rule>) {
    for code in 1..3usize.pow(k as u32) {
        let c: Vec<i64> = (0..k)
            .map(|i| (code / 3usize.pow(i as u32) % 3) as i64 - 1)
            .collect();
        if c.iter().find(|&&x| x != 0) != Some(&1) {
            continue;
        }
        let side = |sign: i64| -> String {
            let t: Vec<String> = (0..k)
                .filter(|&i| c[i] == sign)
                .map(|i| format!("heaps[{i}]"))
                .collect();
            if t.is_empty() {
                "0".into()
            } else {
                t.join(" + ")
            }
        };
        let text = format!("{} == {}", side(1), side(-1));
        let cc = c.clone();
        out.push(rule(
            format!("the sorted heaps satisfy {text}"),
            text,
            move |p: &[u32]| {
                p.iter()
                    .zip(&cc)
                    .map(|(&h, &x)| i64::from(h) * x)
                    .sum::<i64>()
                    == 0
            },
        ));
    }
}

/// Tries every rule on `data`; a rule needs P- and N-positions in the data (three each).
/// The rules read off the data are tried only when no rule of the fixed list fits, a family
/// at a time until one fits.
pub fn search(data: &Data, found: &mut Found) {
    let p_count = data.values.iter().filter(|&&v| v == 0).count();
    if p_count == 0 || data.len() - p_count < 3 {
        return;
    }
    if p_count < 3 {
        // Too few P-positions for a rule of the list; the linear relations that single them
        // out (`heaps[0] == 0 and ...`) are still stated, and verified as every rule is.
        if !data.any && (1..=5).contains(&data.heaps) {
            try_rules(data, super::relations::linear(data), true, found);
        }
        return;
    }
    found.tried.push(
        "several heaps: nim-sum, Moore's Nim_l, residues and parities, the 2-adic valuation, \
         powers of two, Greedy Nim's and Bouton's misère rules, linear relations, Fraenkel and \
         Zusman's shape; then read off the data: nim-sums of transformed heaps, conjunctions \
         of linear relations, residue sets, classes, Abuku et al.'s delete shape, residue \
         tables"
            .into(),
    );
    let fixed_sorted = (!data.any && data.sorted).then_some(data.heaps);
    let positive = data.positions.iter().all(|p| p.iter().all(|&h| h > 0));
    let fixed = rules(data.heaps, fixed_sorted, positive);
    let mut tried = fixed.len();
    let mut best = try_rules(data, fixed, false, found);
    if !found
        .guesses
        .iter()
        .any(|g| g.shape.starts_with("several heaps"))
    {
        // Families simplest first: the first that fits ends the search.
        let before = found.guesses.len();
        for family in derived::rules(data) {
            tried += family.len();
            if let Some(b) = try_rules(data, family, true, found) {
                if best.as_ref().is_none_or(|a| b.held > a.held) {
                    best = Some(b);
                }
            }
            if found.guesses.len() > before {
                break;
            }
        }
    }
    if let Some(mut m) = best {
        m.shape = m.shape.replace("of 0 rules", &format!("of {tried} rules"));
        found.misses.push(m);
    }
}

/// Tries `rules` on every position of `data`: each that fits is a guess (only the first, when
/// `first_only`); the one that held longest of the others is returned.
fn try_rules(data: &Data, rules: Vec<Rule>, first_only: bool, found: &mut Found) -> Option<Miss> {
    let mut best: Option<Miss> = None;
    for r in rules {
        let (broke, held) = data.first_where_not(|p, v| (r.test)(p) == (v == 0));
        match broke {
            None => {
                let mut lines = r.defs.clone();
                lines.push(format!("claim P: {}", r.text));
                found.guesses.push(Guess {
                    shape: format!("several heaps: {}", r.shape),
                    lines,
                    support: data.len() as u64,
                    note: format!("P iff {}, over {} positions", r.shape, data.len()),
                    verdict: None,
                });
                if first_only {
                    return None;
                }
            }
            Some(at) if best.as_ref().is_none_or(|b| held > b.held) => {
                best = Some(Miss {
                    shape: format!("several heaps: {} (the nearest of 0 rules)", r.shape),
                    broke_at: Some(at),
                    why: format!("`{}` gives the wrong outcome", r.text),
                    held,
                });
            }
            Some(_) => {}
        }
    }
    best
}
