//! The work a solve would do, estimated before it starts from the lowered move program: how
//! many positions it may have to store (the positions of the box the query lies in) and how
//! many followers each may have (the branching of the moves at the box's largest position).
//! Both are upper bounds in floating point (they may be astronomically large), so that
//! heapgame can refuse, with the figures, what would not finish.

use crate::moves::program::{LAmount, LSelKind, LStep, LStepKind, MoveProgram};
use crate::moves::Generator;
use crate::ruleset::diag::{Code, Diag};
use crate::ruleset::value::SetValue;

/// Work (positions × followers per position) above which a solve is refused unless forced:
/// about 10^11 follower generations, an hour or more at the generator's speed.
pub const REFUSE_WORK: f64 = 1e11;

/// Followers of one position above which `moves` refuses to list them.
pub const REFUSE_FOLLOWERS: f64 = 1e8;

/// An estimate of the work of a solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// At most this many positions can be reached (and stored).
    pub positions: f64,
    /// At most this many followers per position (the largest position of the box).
    pub branching: f64,
}

impl Estimate {
    /// Positions × branching: how many followers the whole solve may generate.
    pub fn work(&self) -> f64 {
        self.positions * self.branching
    }

    /// The estimate for everything reachable from a canonical position `pos`.
    pub fn for_position(gen: &Generator, pos: &[u32]) -> Estimate {
        let max = pos.iter().copied().max().unwrap_or(0);
        let sum: f64 = pos.iter().map(|&h| f64::from(h)).sum();
        let splits = has_splits(gen);
        let lower = gen.shape.lower;
        let positions = match gen.shape.count {
            Some(k) if !splits => {
                // Heaps only shrink: each heap stays between the lower bound and its size.
                let tuples: f64 = pos
                    .iter()
                    .map(|&h| f64::from(h - lower.min(h)) + 1.0)
                    .product();
                if gen.shape.symmetric() {
                    tuples.min(multisets(f64::from(max - lower.min(max)) + 1.0, k))
                } else {
                    tuples
                }
            }
            // Splits keep or lower the total number of tokens.
            Some(k) => multisets(f64::from(max) + 1.0, k).min(partitions_upto(sum)),
            None if !splits => {
                let values = f64::from(max) + 1.0;
                (0..=pos.len()).map(|j| multisets(values, j)).sum::<f64>()
            }
            None => partitions_upto(sum),
        };
        let heaps = match gen.shape.count {
            Some(k) => k,
            None if splits => sum as usize,
            None => pos.len(),
        };
        // A sum is solved through the single-heap sequence up to its largest heap.
        let positions = if crate::solver::sum::is_sum(gen) {
            f64::from(max) + 1.0
        } else {
            positions
        };
        Estimate {
            positions: positions.max(1.0),
            branching: branching(gen, heaps, max),
        }
    }

    /// The estimate for a whole box: every heap `<= max`, `heaps` heaps (at most, for
    /// `heaps any`); `box_positions` is its exact number of positions when known.
    pub fn for_box(
        gen: &Generator,
        max: u32,
        heaps: usize,
        box_positions: Option<u128>,
    ) -> Estimate {
        let positions = box_positions.map_or(f64::INFINITY, |n| n as f64);
        Estimate {
            positions: positions.max(1.0),
            branching: branching(gen, heaps, max),
        }
    }

    /// A refusal when the work is beyond [`REFUSE_WORK`]; `what` names the query.
    pub fn refusal(&self, what: &str) -> Option<Diag> {
        let work = self.work();
        if work <= REFUSE_WORK {
            return None;
        }
        Some(
            Diag::new(
                Code::TooLarge,
                0..0,
                format!(
                    "{what} would take too long: up to {} positions with up to {} followers each, \
                 about {} followers to generate",
                    show(self.positions),
                    show(self.branching),
                    show(work)
                ),
                "",
            )
            .help(format!(
                "ask about smaller positions (or a smaller --max/--heaps), or give --force to try \
             anyway (the position limit still applies); heapgame refuses beyond {} followers",
                show(REFUSE_WORK)
            )),
        )
    }
}

/// A large count in words: `1234`, `3.5e12`, "more than 10^300".
pub fn show(x: f64) -> String {
    if !x.is_finite() {
        "more than 10^300".to_string()
    } else if x < 1e6 {
        format!("{}", x.round())
    } else {
        format!("{x:.1e}")
    }
}

fn has_splits(gen: &Generator) -> bool {
    gen.moves
        .iter()
        .flat_map(|m| m.steps.iter())
        .any(|s| matches!(s.kind, LStepKind::Split { .. }))
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
        LStepKind::Split { parts, .. } => {
            // The ways to split a heap of at most `max` into `parts` parts (sorted, maybe
            // empty): the first parts - 1 determine the last, a multiset of parts - 1 values
            // in 0..=max, C(max + parts - 1, parts - 1); and at most p(max), the partitions
            // of max.
            let p = *parts as f64;
            let one = binomial(max + p - 1.0, p - 1.0).min(partitions(max));
            one.max(1.0).powf(c)
        }
        LStepKind::Take(amount, _) => match amount {
            LAmount::Each(set) | LAmount::List(_, set) => amounts(set, max).powf(c),
            LAmount::Same(set, _) => amounts(set, max),
            LAmount::Named(sets) => {
                let ways: f64 = sets.iter().map(|(_, s)| amounts(s, max)).product();
                ways * gamma_factorial(c)
            }
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
    let mut r = 1.0;
    let mut i = 0.0;
    while i < k {
        r = r * (n - i) / (i + 1.0);
        i += 1.0;
    }
    r
}

/// Multisets of size k from `values` values: C(values + k - 1, k).
fn multisets(values: f64, k: usize) -> f64 {
    binomial(values + k as f64 - 1.0, k as f64)
}

/// k! in floating point (for whole k).
fn gamma_factorial(k: f64) -> f64 {
    let mut r = 1.0;
    let mut i = 2.0;
    while i <= k {
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
fn partitions_upto(s: f64) -> f64 {
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
}
