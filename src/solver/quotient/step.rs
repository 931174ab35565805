//! One heap added to a misère quotient (Plambeck and Siegel's construction, heap by heap).
//! Given the quotient `Q` of the sums of heaps `1..n`, the sums `y + k·H` (`H` the heap of
//! `n`) are P or N by the misère rule: `y + kH` is P iff it has a move and neither a move in
//! `y` nor a move of one `H` (to `y + H' + (k-1)H`) reaches a P-position. For each `k` in turn
//! the answer is decided on the elements of `y`, taking the sums in order of birthday through
//! their level-1 states ([`Tower`]: a sum's options are born earlier, so their answers are
//! known). When two sums with the same element disagree (the new heap splits an element), the
//! answers are decided on level-1 states instead, each from its least-birthday sum and that
//! sum's options listed explicitly; when that candidate fails the proof, the heap is left
//! unresolved (`QuotientError::Unresolved`): deeper levels were tried and grow too fast. The answers
//! repeat in `k` from some point, which gives a bipartite monoid (states × powers of `H`),
//! reduced by Moore's partition refinement to the new quotient. [`super::verify`] then proves
//! it against every sum.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::tower::{Tower, IDENTITY};
use super::{Quotient, QuotientError};
use crate::solver::Budget;

/// The most powers of the new heap a step follows before their answers must repeat.
const MAX_POWERS: usize = 256;

/// The quotient of heaps `1..=n` from `q`, the quotient of heaps `1..n`; `options[h]` are the
/// options of heap `h` (sums of smaller heaps), `birth[h]` its birthday.
pub(crate) fn add_heap(
    q: &Quotient,
    n: usize,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    budget: &Budget,
) -> Result<Quotient, QuotientError> {
    if let Some(next) = try_level(q, n, options, birth, 1, budget)? {
        return Ok(next);
    }
    if let Some(next) = by_representatives(q, n, options, birth, budget)? {
        return Ok(next);
    }
    Err(QuotientError::Unresolved { heap: n as u32 })
}

/// The states in order of least birthday, and the (state, heap) each was first reached from.
pub(super) type Ordered = (Vec<u32>, Vec<(u32, u32)>);

/// The level-`depth` states of every sum of heaps `1..n`, in order of least birthday (Dijkstra:
/// a sum's birthday is the sum of its heaps').
pub(super) fn by_birthday(
    tower: &mut Tower,
    gens: &[Vec<u32>],
    depth: usize,
    birth: &[u64],
    n: usize,
    budget: &Budget,
) -> Result<Ordered, QuotientError> {
    let mut best: Vec<u64> = vec![0];
    // The state and heap each state was first reached from at its least birthday.
    let mut parent: Vec<(u32, u32)> = vec![(IDENTITY, 0)];
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u64, IDENTITY)));
    let mut done: Vec<bool> = Vec::new();
    let mut order = Vec::new();
    let mut tick = 0usize;
    while let Some(Reverse((b, s))) = queue.pop() {
        let si = s as usize;
        if done.len() <= si {
            done.resize(si + 1, false);
        }
        if done[si] {
            continue;
        }
        done[si] = true;
        order.push(s);
        for h in 1..n {
            tick += 1;
            budget
                .check(tower.len(depth), tick)
                .map_err(QuotientError::Stopped)?;
            let t = tower.prod(depth, s, gens[depth][h]);
            let nb = b.saturating_add(birth[h]);
            let ti = t as usize;
            if best.len() <= ti {
                best.resize(ti + 1, u64::MAX);
                parent.resize(ti + 1, (IDENTITY, 0));
            }
            if nb < best[ti] {
                best[ti] = nb;
                parent[ti] = (s, h as u32);
                queue.push(Reverse((nb, t)));
            }
        }
    }
    Ok((order, parent))
}

/// A sum's row: its state (one level down, or its level-1 state for a representative), its
/// states after each move of the new heap, and its options' states.
type Row = (u32, Vec<u32>, Vec<u32>);

/// Rows of answers, one per power of the new heap, and the first power of their repeating part.
type Repeating = (Vec<Vec<u8>>, usize);

/// Whether a state's answer is not decided yet (in a row of answers, 0 for N and 1 for P).
const UNSET: u8 = 2;

/// The step at one level: `None` when two sums with the same level-`depth - 1` state answer
/// differently for some power of the new heap.
fn try_level(
    q: &Quotient,
    n: usize,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    depth: usize,
    budget: &Budget,
) -> Result<Option<Quotient>, QuotientError> {
    let mut tower = Tower::new(&q.mul, q.size, depth);
    let gens = tower.heap_states(&q.images, options);
    let (order, _) = by_birthday(&mut tower, &gens, depth, birth, n, budget)?;
    let low = depth - 1;
    // The options of the new heap, as level-`low` states.
    let new_opts: Vec<u32> = options[n]
        .iter()
        .map(|o| tower.of_sum(low, &gens, o))
        .collect();
    // Per sum (in order): its state one level down, that state times each option of the new
    // heap, and its options' states.
    let mut rows: Vec<Row> = Vec::with_capacity(order.len());
    for &s in &order {
        let p = tower.proj(depth, s);
        let moved: Vec<u32> = new_opts.iter().map(|&o| tower.prod(low, p, o)).collect();
        let opts = tower.options(depth, s).to_vec();
        rows.push((p, moved, opts));
    }
    let states = tower.len(low);
    // answers[k][x]: whether (state x) + k·H is P.
    let first: Vec<u8> = (0..states as u32)
        .map(|x| u8::from(q.p[tower.element(low, x) as usize]))
        .collect();
    let next = |prev: &[u8]| next_by_state(&rows, prev, states);
    let Some((answers, repeat_from)) = until_repeat(first, budget, next)? else {
        return Ok(None);
    };
    let mut seen = vec![false; states];
    for (p, _, _) in &rows {
        seen[*p as usize] = true;
    }
    let reached: Vec<u32> = (0..states as u32).filter(|&x| seen[x as usize]).collect();
    let lows: Vec<u32> = gens[low].clone();
    let mut step = |x: u32, h: usize| tower.prod(low, x, lows[h]);
    super::reduce::reduce(&reached, &answers, repeat_from, n, &mut step, budget).map(Some)
}

/// The rows of answers, one per power of the new heap from `first` on, each from the one
/// before by `next`, until a row repeats: the rows and the first power of the repeating part.
/// `None` when `next` cannot decide a row, or past [`MAX_POWERS`].
fn until_repeat(
    first: Vec<u8>,
    budget: &Budget,
    mut next: impl FnMut(&[u8]) -> Option<Vec<u8>>,
) -> Result<Option<Repeating>, QuotientError> {
    let mut answers: Vec<Vec<u8>> = vec![first];
    loop {
        if answers.len() > MAX_POWERS {
            return Ok(None);
        }
        budget.interrupted().map_err(QuotientError::Stopped)?;
        let prev = answers.last().expect("one row");
        let Some(cur) = next(prev) else {
            return Ok(None);
        };
        if let Some(j) = answers.iter().position(|a| *a == cur) {
            return Ok(Some((answers, j)));
        }
        answers.push(cur);
    }
}

/// The answers for one more copy of the new heap, per state one level down, from `prev`'s:
/// `None` when an option's answer is not known yet or two sums of one state disagree.
fn next_by_state(rows: &[Row], prev: &[u8], states: usize) -> Option<Vec<u8>> {
    let mut cur = vec![UNSET; states];
    for (p, moved, opts) in rows {
        let has_move = !moved.is_empty() || !opts.is_empty();
        let mut v = has_move && moved.iter().all(|&m| prev[m as usize] == 0);
        if v {
            for &t in opts {
                match cur[t as usize] {
                    UNSET => return None,
                    1 => {
                        v = false;
                        break;
                    }
                    _ => {}
                }
            }
        }
        let slot = &mut cur[*p as usize];
        if *slot == UNSET {
            *slot = u8::from(v);
        } else if *slot != u8::from(v) {
            return None;
        }
    }
    Some(cur)
}

/// The answers for one more copy of the new heap, per level-1 state from its representative,
/// from `prev`'s: `None` when an option's answer is not known yet.
fn next_by_representative(rows: &[Row], prev: &[u8], states: usize) -> Option<Vec<u8>> {
    let mut cur = vec![UNSET; states];
    for (s, moved, opts) in rows {
        let has_move = !moved.is_empty() || !opts.is_empty();
        let mut v = has_move && moved.iter().all(|&m| prev[m as usize] == 0);
        for &t in opts {
            match cur[t as usize] {
                UNSET => return None,
                1 => v = false,
                _ => {}
            }
        }
        cur[*s as usize] = u8::from(v);
    }
    Some(cur)
}

/// The step with decisions on level-1 states (element and option elements), when sums with the
/// same element answer differently: each state is answered from its least-birthday sum (a
/// representative), whose options are listed explicitly. Nothing here is assumed: the result
/// is a candidate that [`super::verify`] proves or rejects.
fn by_representatives(
    q: &Quotient,
    n: usize,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    budget: &Budget,
) -> Result<Option<Quotient>, QuotientError> {
    let mut tower = Tower::new(&q.mul, q.size, 1);
    let gens = tower.heap_states(&q.images, options);
    let (order, parent) = by_birthday(&mut tower, &gens, 1, birth, n, budget)?;
    // Per state (in order): its representative's options' states and its moves of the new heap.
    let mut rows: Vec<Row> = Vec::with_capacity(order.len());
    for &s in &order {
        budget.interrupted().map_err(QuotientError::Stopped)?;
        let word = representative(&parent, s);
        let moved: Vec<u32> = options[n]
            .iter()
            .map(|o| {
                let os = tower.of_sum(1, &gens, o);
                tower.prod(1, s, os)
            })
            .collect();
        let opts = representative_options(&mut tower, &gens, options, &word);
        rows.push((s, moved, opts));
    }
    let states = tower.len(1);
    let first: Vec<u8> = (0..states as u32)
        .map(|x| u8::from(q.p[tower.element(1, x) as usize]))
        .collect();
    let next = |prev: &[u8]| next_by_representative(&rows, prev, states);
    let Some((answers, repeat_from)) = until_repeat(first, budget, next)? else {
        return Ok(None);
    };
    let ones: Vec<u32> = gens[1].clone();
    let mut step = |x: u32, h: usize| tower.prod(1, x, ones[h]);
    super::reduce::reduce(&order, &answers, repeat_from, n, &mut step, budget).map(Some)
}

/// The heaps of state `s`'s least-birthday sum, sorted (followed back through `parent`).
pub(super) fn representative(parent: &[(u32, u32)], s: u32) -> Vec<u32> {
    let mut word = Vec::new();
    let mut x = s;
    while x != IDENTITY {
        let (from, h) = parent[x as usize];
        word.push(h);
        x = from;
    }
    word.sort_unstable();
    word
}

/// The level-1 states of the options of the sum of heaps `word`: one heap `h` replaced by each
/// of its options.
fn representative_options(
    tower: &mut Tower<'_>,
    gens: &[Vec<u32>],
    options: &[Vec<Vec<u32>>],
    word: &[u32],
) -> Vec<u32> {
    let mut opts = Vec::new();
    let mut distinct = word.to_vec();
    distinct.dedup();
    for &h in &distinct {
        let mut rest = word.to_vec();
        let i = rest.iter().position(|&w| w == h).expect("present");
        rest.remove(i);
        let r = tower.of_sum(1, gens, &rest);
        for o in &options[h as usize] {
            let os = tower.of_sum(1, gens, o);
            opts.push(tower.prod(1, r, os));
        }
    }
    opts
}
