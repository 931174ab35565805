//! Rules on several heaps read off the data, tried when no rule of `several.rs`'s fixed list
//! fits, in families (the first rule of a family that fits is kept): a nim-sum of the heaps
//! transformed, or a conjunction of linear relations, each equal to its value at the first
//! P-position (`relations.rs`); an even number of heaps in the residues where one heap alone is
//! N; every heap's residue mod m
//! in the set of residues the P-positions show (Abuku et al.'s All-but-one-delete Nim: `z mod
//! n(n - 1) in 1..n - 1`); all heaps in one class, the classes being the heap sizes that share
//! a P-position, when their labels are periodic (Bhowmik et al.'s "all piles have the same
//! G-value"); Abuku et al.'s delete shape (the j smallest heaps k-oddoid, every k-evenoid heap
//! at least the least power of k above the j-th); and residue tables, the P-positions a set of
//! residue vectors of the sorted heaps mod m, possibly split by whether the largest heap is at
//! least the sum of the others (Bhowmik et al.'s mod-4 tables of the (S, T)_3 games).

use super::periodic_text;
use super::rule::{rule, Rule};
use super::Data;
use crate::sequence::apparent_period;
use std::collections::{BTreeMap, BTreeSet};

/// The largest modulus of a residue set.
pub(crate) const MAX_SET_MODULUS: u32 = 12;

/// The largest modulus of a residue table.
pub(crate) const MAX_TABLE_MODULUS: u32 = 6;

/// The most vectors a table may range over.
pub(crate) const MAX_VECTORS: u32 = 4096;

/// The name of the function of the classes (a name no bundled ruleset uses).
pub(crate) const CLASS_FN: &str = "g_class";

/// The families of rules read off `data`, simplest first.
pub fn rules(data: &Data) -> Vec<Vec<Rule>> {
    let mut out = vec![
        super::relations::nim_sums(data),
        counts(data),
        residue_sets(data),
        classes(data),
    ];
    if !data.any && (1..=5).contains(&data.heaps) {
        out.push(super::relations::linear(data));
    }
    let fixed_sorted = !data.any && data.sorted && data.heaps >= 2;
    if fixed_sorted {
        out.push(delete_shapes(data.heaps));
    }
    if !data.any && (2..=5).contains(&data.heaps) {
        out.push(tables(data, false));
        if fixed_sorted {
            out.push(tables(data, true));
        }
    }
    out
}

/// `a..b` for a run of integers, else `{a, b, ...}`.
fn set_text(r: &[u32]) -> String {
    match r {
        [one] => format!("{{{one}}}"),
        [lo, .., hi] if (hi - lo) as usize + 1 == r.len() => format!("{lo}..{hi}"),
        _ => {
            let t: Vec<String> = r.iter().map(ToString::to_string).collect();
            format!("{{{}}}", t.join(", "))
        }
    }
}

/// The P-positions of the data.
fn p_positions(data: &Data) -> impl Iterator<Item = &Vec<u32>> {
    data.positions
        .iter()
        .zip(&data.values)
        .filter(|(_, &v)| v == 0)
        .map(|(p, _)| p)
}

/// Every heap's residue mod m in the residues that the P-positions' heaps show, m = 5..=12
/// (a single residue mod 2..4 is in the fixed list).
fn residue_sets(data: &Data) -> Vec<Rule> {
    let mut out = Vec::new();
    for m in 2..=MAX_SET_MODULUS {
        let mut seen = vec![false; m as usize];
        for p in p_positions(data) {
            for &h in p {
                seen[(h % m) as usize] = true;
            }
        }
        let r: Vec<u32> = (0..m).filter(|&x| seen[x as usize]).collect();
        if r.len() == m as usize || (r.len() == 1 && m <= 4) {
            continue;
        }
        let text = format!("all(h in heaps: h mod {m} in {})", set_text(&r));
        out.push(rule(
            format!("every heap's residue mod {m} in {}", set_text(&r)),
            text,
            move |p: &[u32]| p.iter().all(|&h| seen[(h % m) as usize]),
        ));
    }
    out
}

/// An even number of heaps N alone: a single heap's outcome periodic in its size (no
/// preperiod, period <= [`MAX_SET_MODULUS`]), N at the residues R, and P iff the number of heaps
/// with residue in R is even (a sum of games of Grundy values 0 and 1; "the number of heaps with
/// a property is even").
fn counts(data: &Data) -> Vec<Rule> {
    let alone: Vec<u32> = data
        .single_heaps()
        .iter()
        .map(|&g| u32::from(g != 0))
        .collect();
    let Some(p) = apparent_period(&alone) else {
        return Vec::new();
    };
    if p.preperiod != 0 || p.period as u32 > MAX_SET_MODULUS {
        return Vec::new();
    }
    let m = p.period as u32;
    let r: Vec<u32> = (0..m).filter(|&x| alone[x as usize] == 1).collect();
    if r.is_empty() || r.len() == m as usize {
        return Vec::new();
    }
    let property = match r.as_slice() {
        [one] => format!("h mod {m} == {one}"),
        _ => format!("h mod {m} in {}", set_text(&r)),
    };
    let n_alone: Vec<bool> = alone[..m as usize].iter().map(|&a| a == 1).collect();
    vec![rule(
        format!("an even number of heaps with {property} (the heaps N alone)"),
        format!("count(h in heaps: {property}) mod 2 == 0"),
        move |q: &[u32]| q.iter().filter(|&&h| n_alone[(h % m) as usize]).count() % 2 == 0,
    )]
}

/// The class of each heap size `0..=max`: sizes that share a P-position are in one class
/// (union-find), labelled in order of their least member.
fn class_labels(data: &Data) -> Vec<u32> {
    let n = data.max as usize + 1;
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for p in p_positions(data) {
        for w in p.windows(2) {
            let (a, b) = (
                root(&mut parent, w[0] as usize),
                root(&mut parent, w[1] as usize),
            );
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut label = vec![u32::MAX; n];
    let mut next = 0;
    (0..n)
        .map(|h| {
            let r = root(&mut parent, h);
            if label[r] == u32::MAX {
                label[r] = next;
                next += 1;
            }
            label[r]
        })
        .collect()
}

/// All heaps in one class, the classes' labels periodic in the heap size.
fn classes(data: &Data) -> Vec<Rule> {
    let labels = class_labels(data);
    let Some(p) = apparent_period(&labels) else {
        return Vec::new();
    };
    let body = periodic_text("h", &labels, p.preperiod, p.period, p.saltus);
    let label = move |h: u32| -> i64 {
        let (pre, per) = (p.preperiod, p.period);
        let h = h as usize;
        if h < pre + per {
            return i64::from(labels[h]);
        }
        let periods = ((h - pre) / per) as i64;
        i64::from(labels[pre + (h - pre) % per]) + p.saltus * periods
    };
    let mut r = rule(
        format!(
            "all heaps in one class, the classes (sizes sharing a P-position) of period {} from \
             {}, saltus {}",
            p.period, p.preperiod, p.saltus
        ),
        format!("all(h in heaps: {CLASS_FN}(h) == {CLASS_FN}(heaps[0]))"),
        move |q: &[u32]| q.iter().all(|&h| label(h) == label(q[0])),
    );
    r.defs.push(format!("fn {CLASS_FN}(h) = {body}"));
    vec![r]
}

/// Abuku et al.'s shape (Theorems 3.2, 5.2, 5.6): with the heaps sorted and `u` the `j`-th
/// smallest, the `j` smallest heaps are k-oddoid (`z mod k(k - 1) in 1..k - 1`) and every
/// k-evenoid heap is at least the least power of k above `u`; k = 2..=4, j < the heaps.
fn delete_shapes(heaps: usize) -> Vec<Rule> {
    let mut out = Vec::new();
    for k in 2..=4u64 {
        let modulus = k * (k - 1);
        let odd = if k == 2 {
            "mod 2 == 1".to_string()
        } else {
            format!("mod {modulus} in 1..{}", k - 1)
        };
        let top = 62 / (k - 1);
        for j in 1..heaps {
            let text = format!(
                "all(i in 0..{}: heaps[i] {odd}) and all(z in heaps: z {odd} or any(t in \
                 1..{top}: heaps[{}] < {k}^t and {k}^t <= z))",
                j - 1,
                j - 1
            );
            let oddoid = move |z: u32| (1..k).contains(&(u64::from(z) % modulus));
            out.push(rule(
                format!(
                    "the {j} smallest heaps {k}-oddoid (z {odd}), every other heap {k}-oddoid \
                     or at least the least power of {k} above the {j}-th smallest"
                ),
                text,
                move |p: &[u32]| {
                    let u = u64::from(p[j - 1]);
                    let mut power = k;
                    while power <= u {
                        power *= k;
                    }
                    p[..j].iter().all(|&z| oddoid(z))
                        && p.iter().all(|&z| oddoid(z) || u64::from(z) >= power)
                },
            ));
        }
    }
    out
}

/// The P-positions' vectors of heaps mod `m` among the positions of `data` where `keep`
/// holds, when no vector is both P and N there.
fn side_table(data: &Data, m: u32, keep: impl Fn(&[u32]) -> bool) -> Option<BTreeSet<Vec<u32>>> {
    // For each vector: (seen as P, seen as N).
    let mut seen: BTreeMap<Vec<u32>, (bool, bool)> = BTreeMap::new();
    for (p, &v) in data.positions.iter().zip(&data.values) {
        if keep(p) {
            let e = seen.entry(p.iter().map(|&h| h % m).collect()).or_default();
            if v == 0 {
                e.0 = true;
            } else {
                e.1 = true;
            }
        }
    }
    if seen.values().any(|&(p, n)| p && n) {
        return None;
    }
    Some(
        seen.into_iter()
            .filter(|(_, (p, _))| *p)
            .map(|(v, _)| v)
            .collect(),
    )
}

/// The moduli a table of `k` heaps may have: 2..=6, at most [`MAX_VECTORS`] vectors.
fn moduli(k: usize) -> impl Iterator<Item = u32> {
    (2..=MAX_TABLE_MODULUS)
        .filter(move |m| m.checked_pow(k as u32).is_some_and(|v| v <= MAX_VECTORS))
}

/// Whether the largest of the sorted heaps is at least the sum of the others.
fn largest_dominates(p: &[u32]) -> bool {
    let total: u64 = p.iter().map(|&h| u64::from(h)).sum();
    p.last().is_some_and(|&l| 2 * u64::from(l) >= total)
}

/// Residue tables: the P-positions are the positions whose vector of heaps mod m is in a set
/// read off the data (a rule only where no vector is both P and N), m = 2..=6; `split`: one
/// table (of its own least modulus) where the largest heap is at least the sum of the others,
/// one where it is less.
fn tables(data: &Data, split: bool) -> Vec<Rule> {
    let k = data.heaps;
    if !split {
        return moduli(k)
            .filter_map(|m| {
                let t = side_table(data, m, |_| true)?;
                let text = in_table(k, m, &t);
                Some(rule(
                    format!("a table of the heaps mod {m}"),
                    text,
                    move |p: &[u32]| t.contains(&residues(p, m)),
                ))
            })
            .take(1)
            .collect();
    }
    let least = |big: bool| {
        moduli(k).find_map(|m| Some((m, side_table(data, m, |p| largest_dominates(p) == big)?)))
    };
    let (Some((mb, tb)), Some((ms, ts))) = (least(true), least(false)) else {
        return Vec::new();
    };
    let others: Vec<String> = (0..k - 1).map(|i| format!("heaps[{i}]")).collect();
    let text = format!(
        "(heaps[{l}] >= {o} and {}) or (heaps[{l}] < {o} and {})",
        in_table(k, mb, &tb),
        in_table(k, ms, &ts),
        l = k - 1,
        o = others.join(" + ")
    );
    vec![rule(
        format!(
            "tables of the sorted heaps, mod {mb} where the largest is at least the sum of the \
             others, mod {ms} where it is less"
        ),
        text,
        move |p: &[u32]| {
            if largest_dominates(p) {
                tb.contains(&residues(p, mb))
            } else {
                ts.contains(&residues(p, ms))
            }
        },
    )]
}

/// The heaps mod `m`.
fn residues(p: &[u32], m: u32) -> Vec<u32> {
    p.iter().map(|&h| h % m).collect()
}

/// `(heaps[0] mod m, ...) in {(...), ...}`, or `false` for an empty table.
fn in_table(k: usize, m: u32, table: &BTreeSet<Vec<u32>>) -> String {
    if table.is_empty() {
        return "false".into();
    }
    let vector: Vec<String> = (0..k).map(|i| format!("heaps[{i}] mod {m}")).collect();
    let members: Vec<String> = table
        .iter()
        .map(|v| {
            let t: Vec<String> = v.iter().map(ToString::to_string).collect();
            format!("({})", t.join(", "))
        })
        .collect();
    format!("({}) in {{{}}}", vector.join(", "), members.join(", "))
}
