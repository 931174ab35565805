//! Upper bounds: how many positions a solve may store and how many followers a position may
//! have, from the lowered move program (binomials, multisets and partitions in floating
//! point, so that astronomically large counts stay representable).

use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram};
use crate::moves::Generator;
use crate::ruleset::expr::CKind;
use crate::ruleset::value::SetValue;

pub(super) fn has_splits(gen: &Generator) -> bool {
    gen.moves
        .iter()
        .flat_map(|m| m.steps.iter())
        .any(|s| matches!(s.kind, LStepKind::Split { .. } | LStepKind::SplitEqual(_)))
}

/// An upper bound on the followers of a position with `heaps` heaps, each at most `max`.
pub fn branching(gen: &Generator, heaps: usize, max: u32) -> f64 {
    let total: f64 = gen
        .moves
        .iter()
        .map(|m| move_branching(m, heaps as f64, f64::from(max)))
        .sum();
    total.max(1.0)
}

fn move_branching(m: &MoveProgram, n: f64, max: f64) -> f64 {
    // Each step chooses among the heaps no earlier step touched; with a choice of several
    // sizes, the fewest chosen leaves the most for later steps, so the bound stays an upper one.
    // A reference acts on as many heaps as the selection it names chose at most.
    let mut remaining = n;
    let mut total = 1.0;
    let mut most: Vec<f64> = vec![0.0; m.sel_slots];
    for st in &m.steps {
        let b = step_branching(st, remaining, max, &most);
        total *= b.ways;
        remaining = (remaining - b.fewest).max(0.0);
        if let Some(slot) = st.sel.record {
            if slot >= most.len() {
                most.resize(slot + 1, 0.0);
            }
            most[slot] = b.most;
        }
    }
    total
}

/// What one step can do: the ways, and the fewest and most heaps it chooses.
struct StepBound {
    ways: f64,
    fewest: f64,
    most: f64,
}

/// Over the numbers c of heaps a step may choose among the n untouched ones: the choices of c
/// heaps times the ways to act on c heaps. `most` gives the most heaps of each recorded
/// selection, for references.
fn step_branching(st: &LStep, n: f64, max: f64, most: &[f64]) -> StepBound {
    let act = |c: f64| action(&st.kind, c, max);
    let fixed = |c: f64| StepBound {
        ways: act(c),
        fewest: c,
        most: c,
    };
    match &st.sel.kind {
        LSelKind::Count(set) => {
            // C(n, c) kept from one c to the next; stop once the total is beyond f64.
            let mut total = 0.0;
            let mut ways = 1.0;
            let (mut fewest, mut largest) = (None, 0.0);
            let top = n.min(1e6) as i64;
            for c in 0..=top {
                let cf = c as f64;
                if c > 0 {
                    ways = ways * (n - cf + 1.0) / cf;
                }
                if member(set, c) {
                    total += ways * act(cf);
                    fewest.get_or_insert(cf);
                    largest = cf;
                }
                if !total.is_finite() {
                    largest = n;
                    break;
                }
            }
            StepBound {
                ways: total,
                fewest: fewest.unwrap_or(0.0),
                most: largest,
            }
        }
        LSelKind::Rest => fixed(n),
        LSelKind::TheOther | LSelKind::Named(_) => fixed(1.0),
        // At most two neighbours, together or one at a time.
        LSelKind::NextTo { each, .. } => StepBound {
            ways: if *each { 2.0 * act(1.0) } else { act(2.0) },
            fewest: 1.0,
            most: if *each { 1.0 } else { 2.0 },
        },
        // One run of `len` heaps for each first heap.
        LSelKind::Consecutive { len, .. } => {
            let c = *len as f64;
            StepBound {
                ways: n * act(c),
                fewest: c,
                most: c,
            }
        }
        // Heaps chosen earlier: none is taken from the untouched ones.
        LSelKind::Ref(slot) => {
            let c = most.get(*slot).copied().unwrap_or(n).max(1.0);
            StepBound {
                ways: act(c),
                fewest: 0.0,
                most: c,
            }
        }
    }
}

/// Whether `c` is in a set of heap counts (unknown Beatty membership counts as in).
fn member(set: &SetValue, c: i64) -> bool {
    set.contains(c).unwrap_or(true)
}

/// The ways a step acts on `c` chosen heaps of size at most `max`.
fn action(kind: &LStepKind, c: f64, max: f64) -> f64 {
    match kind {
        LStepKind::Delete | LStepKind::Lower(_) | LStepKind::Keep(_) => 1.0,
        // One way per number of parts, a divisor of the heap: at most `max` of them.
        LStepKind::SplitEqual(_) => max.max(1.0),
        LStepKind::Split { parts, .. } => {
            // The ways to split a heap of at most `max` into `parts` parts (sorted, maybe
            // empty): the first parts - 1 determine the last, a multiset of parts - 1 values
            // in 0..=max, C(max + parts - 1, parts - 1); and at most p(max), the partitions
            // of max.
            let p = *parts as f64;
            let one = binomial(max + p - 1.0, p - 1.0).min(partitions(max));
            one.max(1.0).powf(c)
        }
        // Amounts added are not bounded by the heap: a fixed set counts whole (it is finite);
        // a computed one counts once when it is one amount named earlier (`move`), else it
        // has no bound here.
        LStepKind::Add(amount, _) => match amount {
            LAmount::Computed(form, sets)
                if matches!(**form, LAmount::Each(_))
                    && matches!(&sets[..], [e] if matches!(e.kind, CKind::IntSlot(_))) =>
            {
                1.0
            }
            LAmount::Computed(..) => f64::INFINITY,
            other => action(&LStepKind::Take(other.clone(), None), c, f64::INFINITY),
        },
        LStepKind::Take(amount, _) => match amount {
            LAmount::Each(set) | LAmount::List(_, set) => amounts(set, max).powf(c),
            LAmount::Same(set, _) => amounts(set, max),
            LAmount::Named(sets) => {
                let ways: f64 = sets.iter().map(|(_, s)| amounts(s, max)).product();
                ways * gamma_factorial(c)
            }
            // Sets computed during play: at most every amount, in every assignment.
            LAmount::Computed(..) => (max + 1.0).powf(c) * gamma_factorial(c),
        },
    }
}

/// How many amounts of a set lie in `0..=max`.
fn amounts(set: &SetValue, max: f64) -> f64 {
    let all = max + 1.0;
    match set {
        SetValue::Ints(v) => v.iter().filter(|&&x| x >= 0 && (x as f64) <= max).count() as f64,
        SetValue::Range(a, b) => {
            let lo = (*a).max(0) as f64;
            let hi = b.map_or(max, |b| (b as f64).min(max));
            (hi - lo + 1.0).clamp(0.0, all)
        }
        SetValue::Tuples(_) => 0.0,
        SetValue::Beatty(_) => all,
    }
}

/// C(n, k) in floating point.
fn binomial(n: f64, k: f64) -> f64 {
    if k < 0.0 || k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    let mut r = 1.0f64;
    let mut i = 0.0;
    // Stops once past f64's range: k can be 2^32 (`delete 4294967295 heaps`), and a loop to k
    // would take seconds under any `--time`.
    while i < k && r.is_finite() {
        r = r * (n - i) / (i + 1.0);
        i += 1.0;
    }
    r
}

/// Multisets of size k from `values` values: C(values + k - 1, k).
pub(super) fn multisets(values: f64, k: usize) -> f64 {
    binomial(values + k as f64 - 1.0, k as f64)
}

/// k! in floating point (for whole k; infinite from 171 on, found without counting to k).
fn gamma_factorial(k: f64) -> f64 {
    let mut r = 1.0f64;
    let mut i = 2.0;
    while i <= k && r.is_finite() {
        r *= i;
        i += 1.0;
    }
    r
}

/// p(n), the partitions of n: exact up to 2000, then the Hardy-Ramanujan formula (which lies
/// above p(n)) with 10% to spare.
fn partitions(n: f64) -> f64 {
    if n <= 2000.0 {
        partition_table(n as usize).last().copied().unwrap_or(1.0)
    } else {
        hardy_ramanujan(n) * 1.1
    }
}

/// The number of multisets of positive integers with sum at most `s` (partitions of
/// 0, 1, ..., s): exact up to 2000, then s times the bound for p(s).
pub(super) fn partitions_upto(s: f64) -> f64 {
    if s <= 2000.0 {
        partition_table(s as usize).iter().sum()
    } else {
        hardy_ramanujan(s) * 1.1 * (s + 1.0)
    }
}

/// p(0), ..., p(s).
fn partition_table(s: usize) -> Vec<f64> {
    let mut p = vec![0.0f64; s + 1];
    p[0] = 1.0;
    for part in 1..=s {
        for total in part..=s {
            p[total] += p[total - part];
        }
    }
    p
}

fn hardy_ramanujan(n: f64) -> f64 {
    (std::f64::consts::PI * (2.0 * n / 3.0).sqrt()).exp() / (4.0 * n * 3f64.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::show;

    #[test]
    fn small_counts_are_exact() {
        assert_eq!(binomial(10.0, 3.0), 120.0);
        assert_eq!(multisets(3.0, 2), 6.0);
        // p(0..=5) = 1, 1, 2, 3, 5, 7.
        assert_eq!(partitions_upto(5.0), 19.0);
        assert_eq!(partitions(4.0), 5.0);
        assert_eq!(partitions(100.0), 190_569_292.0);
        // The asymptotic formula lies above p(n) where both are known.
        for n in [100.0, 500.0, 2000.0] {
            assert!(hardy_ramanujan(n) > partitions(n), "{n}");
        }
        assert_eq!(show(1234.0), "1234");
        assert_eq!(show(f64::INFINITY), "more than 10^300");
    }

    /// Found by the command fuzzer: `delete 4294967295 heaps` beside named amounts made the
    /// estimate count to 2^32 in a loop (seconds under `--time 10ms`); past 2^53 such a loop
    /// never ends, as `i += 1.0` no longer changes `i`. Both now stop once past f64's range.
    #[test]
    fn huge_factorials_and_binomials_are_infinite_at_once() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send([
                gamma_factorial(4_294_967_295.0),
                gamma_factorial(2f64.powi(60)),
                binomial(2f64.powi(61), 2f64.powi(60)),
            ]);
        });
        let got = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the counts end");
        assert!(got.iter().all(|x| x.is_infinite()), "{got:?}");
        assert_eq!(
            gamma_factorial(170.0),
            (2..=170).map(f64::from).product::<f64>()
        );
    }
}
