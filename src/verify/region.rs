//! The regions `check` and `diff` visit: a box (every heap <= N), a total (every position of at
//! most T tokens in all, so single heaps up to T), and random samples with large heaps,
//! reproducible from a seed. Every region lists its positions in the fixed order of this
//! module's parent (tokens, then heaps, then lexicographic), so the first counterexample found
//! in a region is its smallest.

use crate::moves::program::ShapeSpec;
use crate::solver::Budget;

use super::error::RegionError;
use super::{positions_in_order_until, Bounds, LOOK_EVERY, MAX_HEAPS_DRAWN, MAX_POSITIONS};

/// A set of positions to visit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Region {
    /// Every heap `<= max`, at most `heaps` heaps (for `heaps any`).
    Box(Bounds),
    /// Every position of at most `total` tokens, at most `heaps` heaps (for `heaps any`).
    Total {
        /// The most tokens.
        total: u32,
        /// The most heaps (ignored when the shape fixes the count).
        heaps: usize,
    },
    /// `count` random positions, each heap at most `max`, drawn from `seed`.
    Samples {
        /// How many.
        count: usize,
        /// The seed of the generator.
        seed: u64,
        /// The largest heap.
        max: u32,
        /// The most heaps (ignored when the shape fixes the count).
        heaps: usize,
    },
}

impl Region {
    /// The region in words: "every heap <= 40", "total <= 96, at most 3 heaps",
    /// "200 samples with heaps <= 1000 (seed 7)".
    pub fn describe(&self, shape: &ShapeSpec) -> String {
        let heaps = |k: usize| match shape.count {
            Some(_) => String::new(),
            None => format!(", at most {k} heaps"),
        };
        match self {
            Region::Box(b) => format!("every heap <= {}{}", b.max, heaps(b.heaps)),
            Region::Total { total, heaps: k } => format!("total <= {total}{}", heaps(*k)),
            Region::Samples {
                count,
                seed,
                max,
                heaps: k,
            } => format!(
                "{count} samples with heaps <= {max}{} (seed {seed})",
                heaps(*k)
            ),
        }
    }

    /// The positions of the region, in the fixed order; an error beyond [`MAX_POSITIONS`].
    pub fn positions(&self, shape: &ShapeSpec) -> Result<Vec<Vec<u32>>, RegionError> {
        self.positions_within(shape, &Budget::default())
    }

    /// Like [`Region::positions`], listing boxes and totals and drawing samples only while
    /// `budget` is not interrupted (its deadline, its cancel flag):
    /// [`RegionError::Stopped`] or [`RegionError::StoppedListing`] when it is.
    pub fn positions_within(
        &self,
        shape: &ShapeSpec,
        budget: &Budget,
    ) -> Result<Vec<Vec<u32>>, RegionError> {
        let count = shape.count.map_or(0, |k| k as u128);
        let stop = || {
            budget
                .interrupted()
                .is_err()
                .then(|| budget.past_deadline())
        };
        match *self {
            // One position of 2^32 - 1 heaps alone takes 16 GB.
            Region::Box(_) | Region::Total { .. } if count > MAX_HEAPS_DRAWN => {
                Err(RegionError::ManyHeaps { heaps: count })
            }
            Region::Box(b) => positions_in_order_until(shape, b, &stop),
            Region::Total { total, heaps } => total_positions_until(shape, total, heaps, &stop),
            Region::Samples { count, .. } if count as u128 > MAX_POSITIONS => {
                Err(RegionError::ManySamples { count })
            }
            Region::Samples { count, heaps, .. }
                if count as u128 * *counts(shape, heaps).0.end() as u128 > MAX_HEAPS_DRAWN =>
            {
                Err(RegionError::ManySampleHeaps {
                    count,
                    heaps: *counts(shape, heaps).0.end(),
                })
            }
            Region::Samples {
                count,
                seed,
                max,
                heaps,
            } => {
                let stop = || budget.interrupted().is_err();
                samples_until(shape, (count, seed, max, heaps), &stop).ok_or_else(|| {
                    RegionError::Stopped {
                        count,
                        deadline: budget.past_deadline(),
                    }
                })
            }
        }
    }
}

/// The least heap and the heap counts of a shape.
fn counts(shape: &ShapeSpec, heaps: usize) -> (std::ops::RangeInclusive<usize>, u32) {
    match shape.count {
        Some(k) => (k..=k, shape.lower),
        None => (0..=heaps, shape.lower.max(1)),
    }
}

/// The heap counts of positions of at most `total` tokens: with any count, no more heaps than
/// `total` tokens fill (`--heaps 2147483648 --total 3` walks 4 counts, not 2^31); `None` for a
/// fixed count of more than [`MAX_TOTAL_HEAPS`] heaps, whose positions are not walked.
fn total_counts(
    shape: &ShapeSpec,
    total: u32,
    heaps: usize,
) -> Option<(std::ops::RangeInclusive<usize>, u32)> {
    let (ks, least) = counts(shape, heaps);
    match shape.count {
        // No position: the heaps' least sizes alone pass the total.
        Some(k) if (k as u64).saturating_mul(u64::from(least)) > u64::from(total) => {
            Some((std::ops::RangeInclusive::new(1, 0), least))
        }
        Some(k) if k > MAX_TOTAL_HEAPS => None,
        Some(_) => Some((ks, least)),
        None => {
            let most = usize::try_from(total / least.max(1)).unwrap_or(usize::MAX);
            Some((*ks.start()..=(*ks.end()).min(most), least))
        }
    }
}

/// The most heaps of a fixed count whose positions up to a total are walked (`walk` recurses
/// once a heap).
pub(crate) const MAX_TOTAL_HEAPS: usize = 10_000;

/// How many positions of at most `total` tokens there are, counting no further than `cap`
/// (more than `cap` for a count of heaps too large to walk).
pub(crate) fn total_size(shape: &ShapeSpec, total: u32, heaps: usize, cap: u64) -> u64 {
    total_size_until(shape, total, heaps, cap, &|| false).unwrap_or(0)
}

/// [`total_size`], asking `stop` every [`LOOK_EVERY`] positions counted whether to give up
/// (`None`). A total whose positions surely pass `cap` is not walked: `--total 2147483647`
/// walked 2 * 10^7 positions to say so.
fn total_size_until(
    shape: &ShapeSpec,
    total: u32,
    heaps: usize,
    cap: u64,
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    let Some((ks, least)) = total_counts(shape, total, heaps) else {
        return Some(cap.saturating_add(1));
    };
    if boxes_within_total(shape, ks.clone(), least, total, cap) > cap {
        return Some(cap.saturating_add(1));
    }
    let mut n = 0u64;
    let mut stopped = false;
    for k in ks {
        if let Some(c) = count::count_fixed(k, least, total, shape.symmetric(), cap) {
            n = n.saturating_add(c);
            if n > cap {
                break;
            }
            continue;
        }
        let mut cur = Vec::with_capacity(k);
        walk(&mut cur, k, least, total, shape.symmetric(), &mut |_| {
            n += 1;
            stopped = n.is_multiple_of(LOOK_EVERY as u64) && stop();
            n <= cap && !stopped
        });
        if stopped {
            return None;
        }
        if n > cap {
            break;
        }
    }
    Some(n)
}

/// A lower bound of the positions of at most `total` tokens, exact up to `cap` (more than
/// `cap` past it): for each count k, the positions of k heaps of at most
/// `least + (total - k least) / k` each, all within the total.
fn boxes_within_total(
    shape: &ShapeSpec,
    ks: std::ops::RangeInclusive<usize>,
    least: u32,
    total: u32,
    cap: u64,
) -> u64 {
    let over = u128::from(cap) + 1;
    let mut n = 0u128;
    for k in ks {
        let spare = u64::from(total).saturating_sub(k as u64 * u64::from(least));
        let values = u128::from(spare / (k as u64).max(1)) + 1;
        let r = k as u128;
        let c = if shape.symmetric() {
            // C(values + k - 1, k), over the smaller of k and values - 1: each partial
            // product C(m, i) is at most the whole, so it stops at the first past `cap`.
            let (m, r) = (values - 1 + r, r.min(values - 1));
            let mut c = 1u128;
            for i in 1..=r {
                c = c * (m - r + i) / i;
                if c >= over {
                    break;
                }
            }
            c
        } else {
            let mut c = 1u128;
            for _ in 0..if values > 1 { k } else { 0 } {
                c *= values;
                if c >= over {
                    break;
                }
            }
            c
        };
        n = n.saturating_add(c);
        if n >= over {
            break;
        }
    }
    u64::try_from(n.min(over)).unwrap_or(u64::MAX)
}

/// Every position of at most `total` tokens, in the fixed order.
pub fn total_positions(
    shape: &ShapeSpec,
    total: u32,
    heaps: usize,
) -> Result<Vec<Vec<u32>>, RegionError> {
    total_positions_until(shape, total, heaps, &|| None)
}

/// [`total_positions`], asking `stop` every [`LOOK_EVERY`] positions listed (and before
/// sorting them) whether to give up, as [`super::positions_in_order_until`] does.
fn total_positions_until(
    shape: &ShapeSpec,
    total: u32,
    heaps: usize,
    stop: &dyn Fn() -> Option<bool>,
) -> Result<Vec<Vec<u32>>, RegionError> {
    let cap = u64::try_from(MAX_POSITIONS).unwrap_or(u64::MAX);
    let stopped = |deadline| RegionError::StoppedListing {
        region: format!("total <= {total}"),
        deadline,
    };
    let look = || stop().is_some();
    match total_size_until(shape, total, heaps, cap, &look) {
        None => return Err(stopped(stop().unwrap_or(false))),
        Some(n) if n > cap => return Err(RegionError::TotalTooLarge { total }),
        Some(_) => {}
    }
    let mut out = Vec::new();
    let Some((ks, least)) = total_counts(shape, total, heaps) else {
        return Ok(out);
    };
    let mut why = None;
    for k in ks {
        let mut cur = Vec::with_capacity(k);
        walk(&mut cur, k, least, total, shape.symmetric(), &mut |p| {
            if out.len() % LOOK_EVERY == LOOK_EVERY - 1 {
                why = stop();
                if why.is_some() {
                    return false;
                }
            }
            out.push(p.to_vec());
            true
        });
        if let Some(deadline) = why {
            return Err(stopped(deadline));
        }
    }
    if let Some(deadline) = stop() {
        return Err(stopped(deadline));
    }
    sort_in_order(&mut out);
    Ok(out)
}

/// Calls `f` on every tuple of `k` heaps `>= least` of at most `left` tokens (sorted when
/// `sorted`), lexicographically; stops when `f` returns false. Returns false once stopped.
fn walk(
    cur: &mut Vec<u32>,
    k: usize,
    least: u32,
    left: u32,
    sorted: bool,
    f: &mut dyn FnMut(&[u32]) -> bool,
) -> bool {
    if cur.len() == k {
        return f(cur);
    }
    let from = if sorted {
        cur.last().copied().unwrap_or(least)
    } else {
        least
    };
    // The heaps still to place are at least `from` (sorted) or `least` each.
    let rest = u64::try_from(k - cur.len() - 1).unwrap_or(u64::MAX);
    let floor = if sorted { from } else { least };
    let reserve = rest.saturating_mul(u64::from(floor));
    let Some(top) = u64::from(left).checked_sub(reserve) else {
        return true;
    };
    for v in from..=u32::try_from(top).unwrap_or(u32::MAX) {
        if sorted && u64::from(v) * (rest + 1) > u64::from(left) {
            break;
        }
        cur.push(v);
        let go = walk(cur, k, least, left - v, sorted, f);
        cur.pop();
        if !go {
            return false;
        }
    }
    true
}

/// Sorts positions in the fixed order: fewest tokens, then fewest heaps, then lexicographic.
pub(crate) fn sort_in_order(v: &mut [Vec<u32>]) {
    // Keys computed in each comparison, not cached: a cache would copy every position (10^6
    // positions of a `check over`). Positions of equal keys are equal, so unstable is stable.
    let total = |p: &[u32]| p.iter().map(|&h| u64::from(h)).sum::<u64>();
    v.sort_unstable_by(|a, b| {
        (total(a), a.len())
            .cmp(&(total(b), b.len()))
            .then_with(|| a.cmp(b))
    });
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, well-tested generator, enough for
/// choosing positions; the same seed gives the same positions on every platform.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// A generator from a seed.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (uniform up to a bias below 2^-32 for the ranges used here).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = (hi - lo).saturating_add(1);
        lo + self.next_u64() % span
    }
}

/// A seed from the clock, for runs not given one (it is printed, so the run can be repeated).
pub fn fresh_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    SplitMix::new(t).next_u64() % 1_000_000_000
}

/// `count` random positions, each heap in `least..=max` and the heap count uniform (`heaps
/// any`: 1 to `heaps`), canonical, without repeats, in the fixed order.
pub fn samples(
    shape: &ShapeSpec,
    count: usize,
    seed: u64,
    max: u32,
    heaps: usize,
) -> Vec<Vec<u32>> {
    samples_until(shape, (count, seed, max, heaps), &|| false).unwrap_or_default()
}

/// [`samples`] (`what` is its count, seed, largest heap and heap count), looking at `stop`
/// every few thousand positions drawn: `None` once it says to stop.
pub(crate) fn samples_until(
    shape: &ShapeSpec,
    (count, seed, max, heaps): (usize, u64, u32, usize),
    stop: &dyn Fn() -> bool,
) -> Option<Vec<Vec<u32>>> {
    let mut rng = SplitMix::new(seed);
    let (ks, least) = counts(shape, heaps);
    let (klo, khi) = (
        *ks.start().max(&usize::from(shape.count.is_none())),
        *ks.end(),
    );
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    if least > max || klo > khi {
        return Some(out);
    }
    // A small space may hold fewer than `count` positions: stop after enough tries.
    let mut tries = 0usize;
    // Heaps drawn since `stop` was last asked: positions of many heaps ask it sooner.
    let mut drawn = 0usize;
    while out.len() < count && tries < count.saturating_mul(20) {
        if tries.is_multiple_of(4096) || drawn > 1 << 16 {
            if stop() {
                return None;
            }
            drawn = 0;
        }
        tries += 1;
        let k = rng.range(klo as u64, khi as u64) as usize;
        drawn += k;
        let mut p: Vec<u32> = (0..k)
            .map(|_| rng.range(u64::from(least), u64::from(max)) as u32)
            .collect();
        if shape.symmetric() {
            p.sort_unstable();
        }
        if seen.insert(p.clone()) {
            out.push(p);
        }
    }
    if stop() {
        return None;
    }
    sort_in_order(&mut out);
    Some(out)
}

#[path = "region/count.rs"]
mod count;
#[cfg(test)]
#[path = "region/tests.rs"]
mod tests;
