//! The positions of a bounded box, in a fixed order: by number of heaps, then
//! lexicographically (canonical forms only: sorted tuples for symmetric shapes); and how a
//! position is written, `(3, 5, 7)`.

use crate::moves::program::ShapeSpec;

/// Renders a position as `(3, 5, 7)`.
pub fn show_position(p: &[u32]) -> String {
    let parts: Vec<String> = p.iter().map(u32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// Every canonical position with every heap `<= max` (and at most `heaps` heaps when the
/// shape allows any number), in order. [`each_position`] walks the same positions without
/// storing them.
pub fn box_positions(shape: &ShapeSpec, max: u32, heaps: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let _ = each_position(shape, max, heaps, |p| {
        out.push(p.to_vec());
        Ok::<(), ()>(())
    });
    out
}

/// Calls `f` with each position [`box_positions`] lists, in the same order, holding only the
/// current one; stops at the first error `f` returns.
pub fn each_position<E>(
    shape: &ShapeSpec,
    max: u32,
    heaps: usize,
    mut f: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    let mut walk = BoxWalk::new(shape, max, heaps);
    while let Some(p) = walk.advance() {
        f(p)?;
    }
    Ok(())
}

/// The box of [`box_positions`] in one call: how many positions it holds ([`box_size`]) and
/// the walk through them, in the same order.
pub(crate) fn box_walk(shape: &ShapeSpec, max: u32, heaps: usize) -> (Option<u128>, BoxWalk) {
    (box_size(shape, max, heaps), BoxWalk::new(shape, max, heaps))
}

/// The positions of a box one at a time ([`BoxWalk::advance`]), in the order of
/// [`box_positions`], holding only the current one: an odometer whose last heap turns
/// fastest; for sorted positions a heap restarts at the value of the one before it.
#[derive(Clone, Debug)]
pub(crate) struct BoxWalk {
    counts: std::ops::RangeInclusive<usize>,
    least: u32,
    max: u32,
    sorted: bool,
    cur: Vec<u32>,
    started: bool,
    /// Past the last position.
    ended: bool,
}

impl BoxWalk {
    /// The walk through the box of [`box_positions`].
    pub fn new(shape: &ShapeSpec, max: u32, heaps: usize) -> BoxWalk {
        let (counts, least) = match shape.count {
            Some(k) => (k..=k, shape.lower),
            None => (0..=heaps, shape.lower.max(1)),
        };
        BoxWalk {
            counts,
            least,
            max,
            sorted: shape.symmetric(),
            cur: Vec::new(),
            started: false,
            ended: false,
        }
    }

    /// The next position, or `None` past the last.
    pub fn advance(&mut self) -> Option<&[u32]> {
        let more = if self.started {
            self.turn() || self.next_count()
        } else {
            self.started = true;
            self.next_count()
        };
        more.then_some(self.cur.as_slice())
    }

    /// Turns the odometer by one; `false` when every heap is at `max`.
    fn turn(&mut self) -> bool {
        for i in (0..self.cur.len()).rev() {
            if self.cur[i] < self.max {
                self.cur[i] += 1;
                let restart = if self.sorted { self.cur[i] } else { self.least };
                for h in &mut self.cur[i + 1..] {
                    *h = restart;
                }
                return true;
            }
        }
        false
    }

    /// The first position of the next number of heaps; `false` past the last.
    fn next_count(&mut self) -> bool {
        if self.ended {
            return false;
        }
        match self.counts.next() {
            // Counts only grow: past the empty position, none has a heap <= max (with
            // --heaps 4294967295 and --max 0 this walked 2^32 counts).
            Some(k) if k == 0 || self.least <= self.max => {
                self.cur.clear();
                self.cur.resize(k, self.least);
                true
            }
            _ => {
                self.ended = true;
                false
            }
        }
    }
}

/// How many positions [`box_positions`] would list, or `None` beyond `u128`.
pub fn box_size(shape: &ShapeSpec, max: u32, heaps: usize) -> Option<u128> {
    let least = match shape.count {
        Some(_) => shape.lower,
        None => shape.lower.max(1),
    };
    if least > max {
        return Some(u128::from(shape.count.is_none()));
    }
    let values = u128::from(max - least) + 1;
    // C(n, r) computed over the smaller of r and n - r (so at most about 128 rounds before
    // it overflows, however large the heap count), or None beyond u128.
    let choose = |n: u128, r: u128| -> Option<u128> {
        let r = r.min(n - r);
        let mut c: u128 = 1;
        for i in 0..r {
            c = c.checked_mul(n - i)? / (i + 1);
        }
        Some(c)
    };
    let k128 = |k: usize| u128::try_from(k).ok();
    match (shape.count, shape.symmetric()) {
        // Multisets of size k from `values` values: C(values + k - 1, k).
        (Some(k), true) => choose(values + k128(k)? - 1, k128(k)?),
        (Some(k), false) => values.checked_pow(u32::try_from(k).ok()?),
        // Multisets of at most `heaps` members: the sum over k of C(values + k - 1, k) is
        // C(values + heaps, heaps).
        (None, true) => choose(values.checked_add(k128(heaps)?)?, k128(heaps)?),
        (None, false) if values == 1 => k128(heaps)?.checked_add(1),
        // values >= 2: the powers overflow within 128 rounds.
        (None, false) => (0..=heaps).try_fold(0u128, |acc, k| {
            acc.checked_add(values.checked_pow(u32::try_from(k).ok()?)?)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(count: Option<usize>, lower: u32) -> ShapeSpec {
        ShapeSpec {
            count,
            names: None,
            lower,
        }
    }

    #[test]
    fn sizes_match_listings() {
        for (s, max, k) in [
            (shape(Some(2), 0), 5, 0),
            (shape(Some(3), 1), 4, 0),
            (shape(None, 0), 4, 3),
            (shape(None, 0), 2, 6),
            (shape(None, 2), 5, 4),
            (shape(Some(4), 0), 3, 0),
            (shape(None, 0), 0, 5),
        ] {
            let n = box_positions(&s, max, k).len() as u128;
            assert_eq!(Some(n), box_size(&s, max, k));
        }
        assert_eq!(
            box_positions(&shape(Some(2), 0), 1, 0),
            vec![vec![0, 0], vec![0, 1], vec![1, 1]]
        );
    }

    #[test]
    fn the_walk_counts_what_it_walks() {
        for (s, max, k) in [
            (shape(Some(2), 0), 5, 0),
            (shape(None, 1), 3, 3),
            (shape(None, 5), 3, 2),
        ] {
            let (size, mut walk) = box_walk(&s, max, k);
            let mut walked = Vec::new();
            while let Some(p) = walk.advance() {
                walked.push(p.to_vec());
            }
            // Past the end it stays past the end.
            assert!(walk.advance().is_none());
            assert_eq!(size, Some(walked.len() as u128));
        }
    }

    #[test]
    fn huge_heap_counts_are_counted_at_once() {
        // Heaps 1..=2, at most 100000 of them: a multiset is a count of 1s and of 2s summing
        // to at most 100000, C(100002, 2) of them.
        assert_eq!(
            box_size(&shape(None, 0), 2, 100_000),
            Some(100_002 * 100_001 / 2)
        );
        assert_eq!(box_size(&shape(None, 0), 1_000_000, 1_000_000), None);
        assert_eq!(box_size(&shape(Some(100_000), 0), 1, 0), Some(100_001));
    }

    #[test]
    fn the_walk_is_nested_loops() {
        // Three sorted heaps in 1..=4, by nested loops.
        let mut want = Vec::new();
        for a in 1..=4 {
            for b in a..=4 {
                for c in b..=4 {
                    want.push(vec![a, b, c]);
                }
            }
        }
        assert_eq!(box_positions(&shape(Some(3), 1), 4, 0), want);
        // Named heaps: every ordered pair in 2..=3.
        let named = ShapeSpec {
            count: Some(2),
            names: Some(vec!["x".into(), "y".into()]),
            lower: 2,
        };
        let pairs = vec![vec![2, 2], vec![2, 3], vec![3, 2], vec![3, 3]];
        assert_eq!(box_positions(&named, 3, 0), pairs);
        // Any number of heaps, at most 2, of sizes 1..=2 (empty heaps vanish).
        let any = vec![vec![], vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 2]];
        assert_eq!(box_positions(&shape(None, 0), 2, 2), any);
        // A bound above the largest heap: only the empty position of `heaps any`.
        assert_eq!(
            box_positions(&shape(Some(2), 5), 3, 0),
            Vec::<Vec<u32>>::new()
        );
        assert_eq!(
            box_positions(&shape(None, 5), 3, 2),
            vec![Vec::<u32>::new()]
        );
    }
}
