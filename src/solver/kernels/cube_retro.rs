//! The cube kernel's P/N for a multiset shape of at most 6 heaps whose moves are finitely many
//! amount vectors (every piece of every clause a point, no ray or cone) and take no guard: the
//! sorted positions alone, by retrograde marking, instead of every ordering of the ordered
//! cube. The positions are visited in rank order (colex), and one that no P-position has
//! marked is P (every follower of a sorted tuple, lowered and sorted again, is below it
//! coordinate by coordinate, so of smaller rank: all are decided, and each P among them marked
//! it); its predecessors are then marked N. The predecessors of a sorted `y` are exactly the
//! sorted `y + a` for the points `a` that stay in the box: the points are closed under every
//! reordering of the heaps (checked), so if `x - a` is some ordering of `y`, then `x` is an
//! ordering of `y + a'` for a reordered `a'`. Only the outcomes are kept, one bit a position;
//! no follower is listed.

use super::compile::Plan;
use super::compiled_rank::Ranks;
use crate::moves::MoveError;
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::table::BoxSpec;
use crate::solver::{BoxValues, ModeUsed};

/// The amount vectors of a plan, when the retrograde pass applies: a multiset shape
/// (`symmetric`), no guard, every piece a point, the points closed under reordering.
pub(super) fn points(p: &Plan, symmetric: bool) -> Option<Vec<Vec<u32>>> {
    if !symmetric {
        return None;
    }
    let mut points = Vec::new();
    for c in &p.clauses {
        if !c.guards.is_empty() {
            return None;
        }
        for piece in &c.pieces {
            if !piece.gens.is_empty() {
                return None;
            }
            points.push(piece.base.clone());
        }
    }
    points.sort_unstable();
    points.dedup();
    let closed = points.iter().all(|a| {
        (1..a.len()).all(|i| {
            let mut b = a.clone();
            b.swap(i - 1, i);
            points.binary_search(&b).is_ok()
        })
    });
    closed.then_some(points)
}

/// The box's outcomes by retrograde marking, or `None` when the pass does not apply (the cube
/// fills the box).
/// `points` are [`points`] of the ruleset's plan on the box.
pub(super) fn try_solve(
    points: &[Vec<u32>],
    spec: &BoxSpec,
    base: u32,
    budget: &Budget,
    name: &'static str,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    let bits = match spec.heaps {
        1 => mark::<1>(spec, base, points, budget),
        2 => mark::<2>(spec, base, points, budget),
        3 => mark::<3>(spec, base, points, budget),
        4 => mark::<4>(spec, base, points, budget),
        5 => mark::<5>(spec, base, points, budget),
        6 => mark::<6>(spec, base, points, budget),
        // More heaps: the cube.
        _ => return None,
    };
    Some(bits.map(|bits| BoxValues::from_p_bits(spec.clone(), bits, ModeUsed::Table, Some(name))))
}

/// The P bits of the box of `K` heaps in rank order.
fn mark<const K: usize>(
    spec: &BoxSpec,
    base: u32,
    points: &[Vec<u32>],
    budget: &Budget,
) -> Result<Vec<u64>, SolveError<MoveError>> {
    let (len, max) = (spec.len(), spec.max);
    let points: Vec<[u32; K]> = points
        .iter()
        .map(|a| std::array::from_fn(|i| a[i]))
        .collect();
    let ranks = Ranks::colex(spec, base);
    // The colex term of size `v` at index `i`, at `terms[i][v - base]`.
    let terms: [&[usize]; K] = std::array::from_fn(|i| ranks.row(i));
    // Set: N (a P-position reaches it); the bits are turned into P bits at the end.
    let mut n_bits = vec![0u64; len.div_ceil(64)];
    let mut t = [base; K];
    // Work since the budget was last asked (a rank, a predecessor tried): asked at rank 0
    // and then after every `Budget::FOLLOWERS_EVERY`, however many predecessors a P has.
    let mut work = Budget::FOLLOWERS_EVERY;
    for r in 0..len {
        if work >= Budget::FOLLOWERS_EVERY {
            work = 0;
            budget
                .check_now(r)
                .map_err(|stop| SolveError::from_stop(stop, r))?;
        }
        work += 1;
        if n_bits[r / 64] >> (r % 64) & 1 == 0 {
            work += points.len();
            // A P-position: its predecessors are N.
            for a in &points {
                let Some(x) = raised(&t, a, max) else {
                    continue;
                };
                let q: usize = (0..K).map(|i| terms[i][(x[i] - base) as usize]).sum();
                debug_assert!(q > r && q < len, "a predecessor of rank {q} of {r}");
                n_bits[q / 64] |= 1 << (q % 64);
            }
        }
        next_colex(&mut t, base, max);
    }
    for w in &mut n_bits {
        *w = !*w;
    }
    if len % 64 != 0 {
        if let Some(last) = n_bits.last_mut() {
            *last &= (1u64 << (len % 64)) - 1;
        }
    }
    Ok(n_bits)
}

/// `t + a`, sorted; `None` when a heap leaves the box.
#[inline(always)]
fn raised<const K: usize>(t: &[u32; K], a: &[u32; K], max: u32) -> Option<[u32; K]> {
    let mut x = [0u32; K];
    for i in 0..K {
        let v = t[i].checked_add(a[i]).filter(|&v| v <= max)?;
        // Insertion: the raised heap moves left past larger ones (`x[..i]` is sorted).
        let mut p = i;
        while p > 0 && x[p - 1] > v {
            x[p] = x[p - 1];
            p -= 1;
        }
        x[p] = v;
    }
    Some(x)
}

/// Steps the sorted tuple `t` to the next in colex order (the first heap fastest).
#[inline(always)]
fn next_colex<const K: usize>(t: &mut [u32; K], base: u32, max: u32) {
    for i in 0..K {
        let top = if i + 1 < K { t[i + 1] } else { max };
        if t[i] < top {
            t[i] += 1;
            for h in &mut t[..i] {
                *h = base;
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::compile::plan;
    use super::{next_colex, points, raised};
    use crate::Game;

    /// The amount vectors of a ruleset on a box of 3 heaps <= 9, if the pass applies.
    fn points_of(text: &str) -> Option<Vec<Vec<u32>>> {
        let game = Game::from_source("t", text, &[]).expect("a ruleset");
        let p = plan(game.generator(), 3, 0, 9)?;
        points(&p, game.shape().symmetric())
    }

    #[test]
    fn the_pass_takes_finite_amounts_on_a_multiset_shape_only() {
        let two = points_of("ruleset \"t\" { heaps 3 move { take 1 from each of 2 heaps } }");
        assert_eq!(two, Some(vec![vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0]]));
        // A run of amounts to the box's edge is a ray; a guard is read at the position.
        assert_eq!(
            points_of("ruleset \"t\" { heaps 3 move { take 1.. from one heap } }"),
            None
        );
        let guarded = "ruleset \"t\" { heaps 3 move when sum(heaps) > 2 { take 1 from one heap } }";
        assert_eq!(points_of(guarded), None);
        assert_eq!(
            points_of("ruleset \"t\" { heaps (x, y, z) move { take 1 from heap x } }"),
            None
        );
    }

    #[test]
    fn raised_sorts_the_raised_tuple() {
        assert_eq!(raised(&[1, 2, 3], &[3, 0, 1], 9), Some([2, 4, 4]));
        assert_eq!(raised(&[1, 2, 9], &[0, 0, 1], 9), None);
        assert_eq!(raised(&[0, 0, u32::MAX], &[0, 0, 1], u32::MAX), None);
    }

    #[test]
    fn next_colex_walks_sorted_tuples_first_heap_fastest() {
        let mut t = [0u32, 0, 0];
        let mut seen = vec![t];
        for _ in 0..19 {
            next_colex(&mut t, 0, 3);
            seen.push(t);
        }
        // The sorted triples over 0..=3 in colex order: by the last heap, then the middle.
        let mut want: Vec<[u32; 3]> = Vec::new();
        for c in 0..=3 {
            for b in 0..=c {
                for a in 0..=b {
                    want.push([a, b, c]);
                }
            }
        }
        assert_eq!(seen, want);
    }
}
