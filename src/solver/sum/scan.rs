//! The scan of the rare/common engine (`rare.rs`, step (2)): the splits of a heap from the
//! smallest part up, in blocks, until every rare-class value in question is marked; the
//! partners read forward from the reversed byte copy (`reversed.rs`) while the values are
//! held a byte each, backwards from the sequence otherwise. The forward scan is compiled for
//! the widest SIMD the CPU has, chosen at run time (`pulp`'s `Arch::dispatch`: AVX-512's 64
//! bytes or AVX2's 32 an instruction, SSE2's 16 otherwise and on other targets the baseline).

use pulp::{Arch, Simd, WithSimd};

use super::reversed::{Lane, Reversed};
use super::values::Val;

/// Values at or above this stop the engine (no sparse rare set shows with values this
/// large, and the transform would be long).
pub const MAX_CAP: u32 = 1 << 16;
/// The marks of the values below `2 * MAX_CAP`, one byte each (a byte is stored without
/// reading its word first: the marks of consecutive splits do not wait on each other).
pub(super) type Marks = [u8; 2 * MAX_CAP as usize];
/// `x & WIDE` is `x` for every value the engine marks (below `cap + 128 <= 2 * MAX_CAP`).
pub(super) const WIDE: usize = 2 * MAX_CAP as usize - 1;

/// Splits scanned between looks at the rare-class values still in question (at least; and
/// at least twice as many as the values, so that the looks cost less than the marks).
const BLOCK: usize = 32;
/// At most this many values in question are looked for by comparisons, in blocks of
/// `LONG_BLOCK` splits.
const FEW: usize = 8;
const LONG_BLOCK: usize = 256;
/// The byte scan marks each pair, in blocks of `SHORT`, while more than `FEW_BYTES` values
/// are in question (times the instruction set's width in units of sixteen bytes, up to
/// `MAX_FEW`), and compares them with the values after.
const SHORT: usize = 64;
const FEW_BYTES: usize = 16;
const MAX_FEW: usize = 64;

/// Marks the splits of `m` into parts of at least `min` (different when `distinct`), from the
/// smallest part up, in blocks, until every value of `need` is marked (those marked leave
/// it); the splits scanned. The partners are read from `rev` while it holds them, by the
/// code `arch` picks.
pub(super) fn scan_split<T: Val>(
    seq: &[T],
    (rev, arch): (&Reversed, Arch),
    (m, min, distinct): (usize, usize, bool),
    seen: &mut Marks,
    need: &mut Vec<u32>,
) -> u64 {
    let half = if distinct {
        m.saturating_sub(1) / 2
    } else {
        m / 2
    };
    if m < 2 * min || half < min {
        return 0;
    }
    let (lo, hi) = (&seq[min..=half], &seq[m - half..=m - min]);
    let len = lo.len();
    // The splits whose partners the copy holds: `g(m - min), g(m - min - 1), ...` forward.
    let held = rev.held(m - min).min(len);
    let done = match scan_held::<u8, T>(&lo[..held], (rev, arch), m - min, seen, need) {
        None => scan_held::<u16, T>(&lo[..held], (rev, arch), m - min, seen, need),
        done => done,
    };
    if need.is_empty() {
        return done.unwrap_or(0);
    }
    let mut s = if done.is_some() { held } else { 0 };
    while s < len {
        // Few values left (the long tail of the scan): each is looked for by a comparison
        // over a longer block; only the values found are marked.
        let few = need.len() <= FEW;
        let step = if few {
            LONG_BLOCK
        } else {
            BLOCK.max(2 * need.len())
        };
        let e = (s + step).min(len);
        let (a, b) = (&lo[s..e], &hi[len - e..len - s]);
        if few {
            for &v in need.iter() {
                let hit = a
                    .iter()
                    .zip(b.iter().rev())
                    .fold(false, |h, (&x, &y)| h | (x.into() ^ y.into() == v));
                if hit {
                    seen[v as usize & WIDE] = 1;
                }
            }
        } else {
            for (&x, &y) in a.iter().zip(b.iter().rev()) {
                seen[(x.into() ^ y.into()) as usize & WIDE] = 1;
            }
        }
        need.retain(|&v| seen[v as usize & WIDE] == 0);
        if need.is_empty() {
            return e as u64;
        }
        s = e;
    }
    len as u64
}

/// The scan of the splits `lo` (from the smallest part) whose partners the copy holds at
/// width `L`, down from `top`: the splits scanned, `None` when the values are not stored at
/// that width.
fn scan_held<L: Lane, T: Val>(
    lo: &[T],
    (rev, arch): (&Reversed, Arch),
    top: usize,
    seen: &mut Marks,
    need: &mut Vec<u32>,
) -> Option<u64> {
    let x = L::of(lo)?;
    let y = rev.down::<L>(top, x.len())?;
    Some(arch.dispatch(Lanes { x, y, seen, need }))
}

/// [`scan_lanes`] as an operation `pulp` compiles for each instruction set it may pick (every
/// function it calls is inlined into it, so the compiler vectorises them at that width).
struct Lanes<'a, L> {
    x: &'a [L],
    y: &'a [L],
    seen: &'a mut Marks,
    need: &'a mut Vec<u32>,
}

impl<L: Lane> WithSimd for Lanes<'_, L> {
    type Output = u64;

    #[inline(always)]
    fn with_simd<S: Simd>(self, _: S) -> u64 {
        // Sixteen bytes at least: the baseline of x86-64 (SSE2) and of the scalar code alike.
        let wide = (S::U32_LANES / 4).max(1);
        let few = (FEW_BYTES * wide).min(MAX_FEW);
        scan_lanes(self.x, self.y, few, self.seen, self.need)
    }
}

/// The scan of values a byte or two each: the pairs `x[i] ^ y[i]` in blocks of [`SHORT`]
/// while more than `few` values are in question (each pair marked), of [`LONG_BLOCK`] after
/// (each block XORed once and each value in question compared with the whole of it: as many
/// bytes an instruction as the instruction set holds, no store a pair, and the values found
/// in a block a bit each of one word, so that no branch is taken a value); the values found
/// are marked and leave `need`. The splits scanned.
#[inline(always)]
fn scan_lanes<L: Lane>(x: &[L], y: &[L], few: usize, seen: &mut Marks, need: &mut Vec<u32>) -> u64 {
    let len = x.len();
    let mut s = 0;
    while s < len && need.len() > few {
        let e = (s + SHORT).min(len);
        if e - s < SHORT {
            tail(&x[s..e], &y[s..e], seen);
        } else {
            for &b in &xor_block::<L, SHORT>(&x[s..e], &y[s..e]) {
                seen[b.at()] = 1;
            }
        }
        // Without a branch a value: which are marked is not predictable.
        let mut kept = 0;
        for i in 0..need.len() {
            let v = need[i];
            need[kept] = v;
            kept += usize::from(seen[v as usize & WIDE] == 0);
        }
        need.truncate(kept);
        s = e;
    }
    // The values that fit `L`, at most `MAX_FEW` (those too wide are never a XOR of two: they
    // stay in question).
    let mut vals = [L::default(); MAX_FEW];
    let mut k = 0;
    need.retain(|&v| match L::try_from(v) {
        Ok(l) if k < MAX_FEW => {
            vals[k] = l;
            k += 1;
            false
        }
        _ => true,
    });
    while s < len && k > 0 {
        let e = (s + LONG_BLOCK).min(len);
        if e - s < LONG_BLOCK {
            tail(&x[s..e], &y[s..e], seen);
            let mut kept = 0;
            for i in 0..k {
                let v = vals[i];
                vals[kept] = v;
                kept += usize::from(seen[v.at()] == 0);
            }
            k = kept;
        } else {
            let z = xor_block::<L, LONG_BLOCK>(&x[s..e], &y[s..e]);
            let mut hits = 0u64;
            for (i, &v) in vals[..k].iter().enumerate() {
                hits |= u64::from(any_eq(&z, v)) << i;
            }
            // From the highest bit down, so that the value moved into a hit's place is not
            // one.
            while hits != 0 {
                let i = 63 - hits.leading_zeros() as usize;
                seen[vals[i].at()] = 1;
                k -= 1;
                vals[i] = vals[k];
                hits &= !(1 << i);
            }
        }
        s = e;
    }
    need.extend(vals[..k].iter().map(|&v| -> u32 { v.into() }));
    if need.is_empty() {
        s as u64
    } else {
        len as u64
    }
}

/// `x[i] ^ y[i]` for the `N` bytes of both (the compiler does them sixteen at a time, or as
/// many as the instruction set `pulp` picked holds).
#[inline(always)]
fn xor_block<L: Lane, const N: usize>(x: &[L], y: &[L]) -> [L; N] {
    let mut z = [L::default(); N];
    for ((z, &a), &b) in z.iter_mut().zip(x).zip(y) {
        *z = a ^ b;
    }
    z
}

/// The last pairs of a scan, fewer than a block: each marked.
#[inline(always)]
fn tail<L: Lane>(x: &[L], y: &[L], seen: &mut Marks) {
    for (&a, &b) in x.iter().zip(y) {
        seen[(a ^ b).at()] = 1;
    }
}

/// Whether some byte of `z` is `v` (sixteen bytes an instruction: each comparison gives 0 or
/// 0xff, ORed; one test a block).
#[inline(always)]
fn any_eq<L: Lane, const N: usize>(z: &[L; N], v: L) -> bool {
    z.iter()
        .fold(0u8, |h, &b| h | 0u8.wrapping_sub(u8::from(b == v)))
        != 0
}

#[cfg(test)]
mod tests {
    use super::{scan_lanes, Lane, Lanes, Marks, WIDE};
    use pulp::Arch;

    /// A scan of the pairs of `x` and `y` for the values of `need`, marking in `seen`.
    type Run<L> = dyn Fn(&[L], &[L], &mut Marks, &mut Vec<u32>) -> u64;

    /// A plain pseudo-random stream (a linear congruential generator).
    fn stream(seed: u64) -> impl FnMut() -> u32 {
        let mut x = seed;
        move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u32
        }
    }

    /// `scan_lanes` against a plain search of every pair, values of `bits` bits in lanes of
    /// `L`, for lists in question long (the marks) and short (the comparisons).
    fn agrees<L: Lane>(bits: u32, seed: u64, run: &Run<L>) {
        let mut next = stream(seed);
        let sizes = [
            (40usize, 3usize),
            (700, 30),
            (3000, 12),
            (5000, 70),
            (900, 150),
        ];
        for (len, asked) in sizes {
            let lane = |x: u32| L::try_from(x & ((1 << bits) - 1)).ok().expect("fits");
            let x: Vec<L> = (0..len).map(|_| lane(next() % 50)).collect();
            let y: Vec<L> = (0..len).map(|_| lane(next())).collect();
            // Values of the pairs and values of none (and, in the longer runs, one too wide for
            // any lane).
            let mut need: Vec<u32> = (0..asked).map(|_| next() & ((1 << bits) - 1)).collect();
            need.sort_unstable();
            need.dedup();
            if len > 1000 {
                need.push(1 << 16);
            }
            let first = |v: u32| (0..len).find(|&i| (x[i] ^ y[i]).into() == v);
            let mut want: Vec<u32> = need
                .iter()
                .copied()
                .filter(|&v| first(v).is_none())
                .collect();
            let last_hit = need.iter().filter_map(|&v| first(v)).max();
            let mut seen: Box<Marks> = vec![0u8; WIDE + 1].try_into().expect("sized");
            let mut left = need.clone();
            let done = run(&x, &y, &mut seen, &mut left) as usize;
            left.sort_unstable();
            want.sort_unstable();
            assert_eq!(left, want, "the values never a pair stay, len {len}");
            for &v in need.iter().filter(|v| !want.contains(v)) {
                assert_eq!(seen[v as usize], 1, "{v} found and marked");
            }
            if left.is_empty() {
                assert!(done > last_hit.unwrap_or(0) && done <= len, "{done} splits");
            } else {
                assert_eq!(done, len, "every split scanned");
            }
        }
    }

    /// Every way the scan runs on `L`: marks down to 16 or to 64 values left, and the
    /// operation `pulp` dispatches, on this CPU's widest instruction set and on the portable
    /// code.
    fn runs<L: Lane>() -> Vec<Box<Run<L>>> {
        let direct = |few: usize| -> Box<Run<L>> {
            Box::new(move |x, y, seen, need| scan_lanes(x, y, few, seen, need))
        };
        let by = |arch: Arch| -> Box<Run<L>> {
            Box::new(move |x, y, seen, need| arch.dispatch(Lanes { x, y, seen, need }))
        };
        vec![direct(16), direct(64), by(Arch::new()), by(Arch::Scalar)]
    }

    #[test]
    fn the_scan_of_bytes_and_of_two_byte_values_finds_what_a_plain_search_finds() {
        for seed in 0..6 {
            for run in runs::<u8>() {
                agrees::<u8>(8, seed, &*run);
            }
            for run in runs::<u16>() {
                agrees::<u16>(9, seed, &*run);
                agrees::<u16>(12, seed, &*run);
            }
        }
    }
}
