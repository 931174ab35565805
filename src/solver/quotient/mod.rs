//! Misère quotients of take-and-break games (Plambeck and Siegel, "Misère quotients for
//! impartial games", JCTA 115 (2008)). The quotient of the sums of heaps `1..=N` identifies two
//! sums when adding any third sum gives both the same misère outcome; it is a finite
//! commutative monoid with a P-portion, and a sum is a misère P-position iff the product of
//! its heaps' elements lies in the P-portion.
//!
//! [`compute`] builds it heap by heap ([`step`]) and proves each stage ([`least_failure`]):
//! for every sum `x` of the heaps so far, the pair (element of `x`, elements of the options of
//! `x`) is generated from the heaps' pairs as sums are, so the finite set of such pairs is
//! closed under the heaps, and the stage is right iff each pair has its element in the
//! P-portion exactly when it has an option and none of its options' elements is (the misère
//! rule, by induction on the birthday). A candidate that fails is rebuilt around its least
//! failing sum ([`recal`]) and proven again. A stage is only kept when that check passes; the
//! quotient is reduced by construction ([`reduce`]), so it is the quotient itself, not a larger monoid that predicts
//! the same outcomes.
//!
//! [`present`] gives a presentation, [`tame`] compares with misère Nim.

pub mod present;
mod recal;
mod reduce;
mod step;
pub mod tame;
mod tower;

use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::solver::sum::single_heap;
use crate::solver::{Budget, Stop};
use tower::{Tower, IDENTITY};

/// A misère quotient with the element of each heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// Its order (elements `0..size`; 0 is the identity, the empty sum).
    pub size: usize,
    /// The multiplication table, `size * size`, row-major.
    pub mul: Vec<u32>,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
    /// The element of each heap `0..=N` (heap 0, the empty sum, is the identity).
    pub images: Vec<u32>,
}

impl Quotient {
    /// The quotient of the empty set of heaps: the identity alone, an N-position.
    pub(crate) fn trivial() -> Quotient {
        Quotient {
            size: 1,
            mul: vec![0],
            p: vec![false],
            images: vec![0],
        }
    }

    /// The product of two elements.
    pub fn times(&self, a: u32, b: u32) -> u32 {
        self.mul[a as usize * self.size + b as usize]
    }

    /// The largest heap the quotient covers.
    pub fn max_heap(&self) -> u32 {
        (self.images.len() - 1) as u32
    }

    /// The element of a sum of heaps (`None` when a heap is beyond the quotient).
    pub(crate) fn of_sum(&self, heaps: &[u32]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |x, &h| {
            self.images.get(h as usize).map(|&e| self.times(x, e))
        })
    }

    /// The misère outcome of a sum of heaps: `Some(true)` for P.
    pub fn is_p(&self, heaps: &[u32]) -> Option<bool> {
        self.of_sum(heaps).map(|e| self.p[e as usize])
    }

    /// The P-portion, in element order.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.size as u32)
            .filter(|&e| self.p[e as usize])
            .collect()
    }
}

/// A quotient computed heap by heap, with what each stage looked like.
#[derive(Clone, Debug)]
pub struct Computed {
    /// The quotient of heaps `1..=N`.
    pub quotient: Quotient,
    /// The order of the quotient of heaps `1..=n`, for `n` in `0..=N`.
    pub orders: Vec<usize>,
    /// The options of each heap, as sums of smaller heaps (sorted, no empty heaps).
    pub options: Vec<Vec<Vec<u32>>>,
}

/// Why a quotient could not be computed.
#[derive(Debug)]
pub enum QuotientError {
    /// A move of one heap left a heap as large (the game is not take-and-break).
    NotDecreasing {
        /// The heap whose option was not smaller.
        heap: u32,
    },
    /// The construction could not settle this heap: no candidate passed the proof within
    /// the recalibrations allowed.
    Unresolved {
        /// The heap.
        heap: u32,
    },
    /// The budget stopped it.
    Stopped(Stop),
    /// A table of the step of this heap would not fit in the memory limit (or could not be
    /// allocated): refused before it was allocated.
    TooLarge {
        /// The heap being added.
        heap: u32,
        /// The bytes the table would take.
        bytes: u128,
    },
    /// The moves failed.
    Moves(MoveError),
}

/// The options of heaps `0..=max`, each a sorted sum of smaller non-empty heaps.
pub fn heap_options(
    g: &Generator,
    max: u32,
    budget: &Budget,
) -> Result<Vec<Vec<Vec<u32>>>, QuotientError> {
    let mut scratch = Scratch::default();
    let mut out = Followers::new();
    let mut pos = Vec::new();
    // Room for what the position limit lets the run reach, not for all of `0..=max` at once
    // (`--max 4000000000` must meet the limit, not an allocation failure).
    let room = (max as usize)
        .saturating_add(1)
        .min(
            budget
                .max_positions
                .map_or(1 << 16, |m| m.saturating_add(1)),
        )
        .min(1 << 16);
    let mut all = Vec::with_capacity(room);
    // Followers generated since the clock was last read: a heap's options grow with the heap,
    // so the clock is read by work done, not once every so many heaps.
    let mut unlooked = 0usize;
    for n in 0..=max {
        budget
            .check(n as usize, n as usize)
            .map_err(QuotientError::Stopped)?;
        if unlooked >= Budget::FOLLOWERS_EVERY {
            unlooked = 0;
            budget.interrupted().map_err(QuotientError::Stopped)?;
        }
        single_heap(g.shape.count, n, &mut pos);
        g.followers(&pos, &mut scratch, &mut out)
            .map_err(QuotientError::Moves)?;
        unlooked += out.len() + 1;
        let mut opts: Vec<Vec<u32>> = Vec::with_capacity(out.len());
        for f in out.iter() {
            let mut o: Vec<u32> = f.iter().copied().filter(|&h| h > 0).collect();
            if o.iter().any(|&h| h >= n) {
                return Err(QuotientError::NotDecreasing { heap: n });
            }
            o.sort_unstable();
            opts.push(o);
        }
        opts.sort();
        opts.dedup();
        all.push(opts);
    }
    Ok(all)
}

/// Each heap's birthday: one more than the largest birthday of its options (a sum's birthday
/// is the sum of its heaps').
fn birthdays(options: &[Vec<Vec<u32>>]) -> Vec<u64> {
    let mut birth: Vec<u64> = Vec::with_capacity(options.len());
    for opts in options {
        let b = opts
            .iter()
            .map(|o| o.iter().map(|&h| birth[h as usize]).sum::<u64>() + 1)
            .max()
            .unwrap_or(0);
        birth.push(b);
    }
    birth
}

/// The most recalibrations one heap may take before it is left unresolved.
const MAX_RECALIBRATIONS: usize = 64;

/// The misère quotient of heaps `1..=max` of a game whose heap options are `options`
/// (from [`heap_options`]), built heap by heap, each stage proven by [`least_failure`].
pub fn compute(options: &[Vec<Vec<u32>>], budget: &Budget) -> Result<Computed, QuotientError> {
    let birth = birthdays(options);
    let mut q = Quotient::trivial();
    let mut orders = vec![1];
    for n in 1..options.len() {
        let next = settle(&q, n, options, &birth, budget)?;
        orders.push(next.size);
        q = next;
    }
    Ok(Computed {
        quotient: q,
        orders,
        options: options.to_vec(),
    })
}

/// The quotient of heaps `1..=n` from that of heaps `1..n`: the step's candidate (or, when the
/// step cannot make one, the old quotient with heap `n` as the identity), recalibrated on its
/// least failure until the proof passes.
fn settle(
    q: &Quotient,
    n: usize,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    budget: &Budget,
) -> Result<Quotient, QuotientError> {
    let mut next = match step::add_heap(q, n, options, birth, budget) {
        Ok(next) => next,
        Err(QuotientError::Unresolved { .. }) => {
            let mut images = q.images.clone();
            images.push(IDENTITY);
            Quotient {
                images,
                ..q.clone()
            }
        }
        Err(e) => return Err(e),
    };
    for _ in 0..MAX_RECALIBRATIONS {
        let Some((w, truth)) = least_failure(&next, &options[..=n], &birth[..=n], budget)? else {
            return Ok(next);
        };
        match recal::recalibrate(&next, &options[..=n], birth, &w, truth, budget)? {
            Some(better) => next = better,
            None => break,
        }
    }
    Err(QuotientError::Unresolved { heap: n as u32 })
}

/// The least-birthday sum of heaps `1..options.len()` whose pair (its element, its options'
/// elements) breaks the misère rule under `q`, with its true outcome (`true` for P; its
/// options, born earlier, are all predicted rightly), or `None` when `q` predicts every sum.
pub(crate) fn least_failure(
    q: &Quotient,
    options: &[Vec<Vec<u32>>],
    birth: &[u64],
    budget: &Budget,
) -> Result<Option<(Vec<u32>, bool)>, QuotientError> {
    let heaps = options.len();
    let mut tower = Tower::new(&q.mul, q.size, 1);
    let gens = tower.heap_states(&q.images[..heaps], options);
    let (order, parent) = step::by_birthday(&mut tower, &gens, 1, birth, heaps, budget)?;
    for &s in &order {
        let e = tower.element(1, s) as usize;
        let opts = tower.options(1, s);
        let want = !opts.is_empty() && opts.iter().all(|&t| !q.p[t as usize]);
        if q.p[e] != want {
            return Ok(Some((step::representative(&parent, s), want)));
        }
    }
    Ok(None)
}

/// Whether `q` predicts the misère outcome of every sum of heaps `1..options.len()`, given the
/// heaps' options: the pairs (element, option elements) of all sums, generated from the heaps'
/// pairs, each obey the misère rule. `q.images` may cover more heaps than `options`.
pub fn verify(
    q: &Quotient,
    options: &[Vec<Vec<u32>>],
    budget: &Budget,
) -> Result<bool, QuotientError> {
    let heaps = options.len();
    let mut tower = Tower::new(&q.mul, q.size, 1);
    let gens = tower.heap_states(&q.images[..heaps], options);
    let mut seen = vec![true];
    let mut stack = vec![IDENTITY];
    let mut tick = 0usize;
    while let Some(s) = stack.pop() {
        let e = tower.element(1, s) as usize;
        let opts = tower.options(1, s);
        let want = !opts.is_empty() && opts.iter().all(|&t| !q.p[t as usize]);
        if q.p[e] != want {
            return Ok(false);
        }
        for &g in &gens[1][1..heaps] {
            tick += 1;
            budget
                .check(tower.len(1), tick)
                .map_err(QuotientError::Stopped)?;
            let t = tower.prod(1, s, g) as usize;
            if seen.len() <= t {
                seen.resize(t + 1, false);
            }
            if !seen[t] {
                seen[t] = true;
                stack.push(t as u32);
            }
        }
    }
    Ok(true)
}
