//! The compiled-moves kernel's box when a `positions where` rule orders every named heap
//! (`a < b and b < c and c < d`, [`RuleChain`]): the box is the allowed tuples only, not the
//! whole cube filtered. A tuple `x` of the chain is the non-decreasing tuple `y` with `y[i] =
//! x[order[i]] - base - (the strict links before i)`, each `y[i]` in `0..side`, ranked in lex
//! order (the last fastest: [`Ranks`]' lex terms, one term an index), which is the fill's order
//! (a follower lowers some `y[i]` and no other, so it comes first). A follower that breaks the
//! chain is no position of the game and is never ranked: a run of amounts from one heap stops
//! where the heap would pass the heap below it in the chain, each follower of the run one
//! table read. At the end the values are put at the whole box's ranks ([`Chain::scatter`]),
//! the excluded positions' entries 0 as the kernel leaves them on a filtered box.

use super::super::table::BoxSpec;
use super::super::Want;
use super::compiled_order::{next_tuple, Order};
use super::compiled_rank::{lex_terms, side_of, Ranks};
use crate::moves::compiled::RuleChain;

/// A box of the tuples that satisfy a chain of order between every named heap.
pub(super) struct Chain {
    /// The heaps' indices from the least to the greatest.
    order: Vec<usize>,
    /// `at[order[i]] == i`: each heap's index in the chain.
    at: Vec<usize>,
    /// `x[order[i]] == y[i] + shift[i]`: the base and the strict links before `i`.
    shift: Vec<u32>,
    /// Every `y[i]` is below `side`.
    side: usize,
    ranks: Ranks,
    /// How many tuples the chain allows.
    len: usize,
}

impl Chain {
    /// The chain's box within `spec` (named heaps, every heap at least `base`).
    pub(super) fn new(rc: &RuleChain, spec: &BoxSpec, base: u32) -> Chain {
        let k = rc.order.len();
        let mut shift = vec![base; k];
        for i in 1..k {
            shift[i] = shift[i - 1] + u32::from(rc.strict[i - 1]);
        }
        let mut at = vec![0; k];
        for (i, &h) in rc.order.iter().enumerate() {
            at[h] = i;
        }
        // The last heap of the chain is at most `max`: `y[k - 1] + shift[k - 1] <= max`.
        let side = side_of(spec, base).saturating_sub((shift[k - 1] - base) as usize);
        let ranks = Ranks::new(lex_terms(k, side), side);
        // C(side + k - 1, k) tuples, at most the whole box's length (which fits a usize).
        let len = (0..k as u128).fold(1u128, |c, j| c * (side as u128 + j) / (j + 1));
        Chain {
            order: rc.order.clone(),
            at,
            shift,
            side,
            ranks,
            len: usize::try_from(len).expect("the chain's tuples are some of the box's"),
        }
    }

    /// How many tuples the chain allows.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The largest value of a coordinate of `y` (`None` when the chain allows no tuple).
    pub(super) fn top(&self) -> Option<u32> {
        u32::try_from(self.side).ok()?.checked_sub(1)
    }

    /// The heaps `x` (in the heaps' order) of the chain's tuple `y`.
    pub(super) fn heaps(&self, y: &[u32], x: &mut [u32]) {
        for (i, &h) in self.order.iter().enumerate() {
            x[h] = y[i] + self.shift[i];
        }
    }

    /// The rank of the tuple `y` (of rank `r`) with the heaps `combo` (each once) lowered by
    /// `take`, or `None` when the follower breaks the chain: only a heap lowered can pass the
    /// heap below it (lowered too, or not), so each is compared with that one's new size.
    #[inline(always)]
    pub(super) fn lowered(
        &self,
        (y, r): (&[u32], usize),
        (combo, take): (&[usize], &[u32]),
    ) -> Option<usize> {
        let mut rank = r;
        for (&j, &s) in combo.iter().zip(take) {
            let i = self.at[j];
            let v = y[i].checked_sub(s)?;
            if i > 0 {
                let below = self.order[i - 1];
                let t = (combo.iter().zip(take)).find(|&(&c, _)| c == below);
                if v < y[i - 1] - t.map_or(0, |(_, &t)| t.min(y[i - 1])) {
                    return None;
                }
            }
            // Every term subtracted is the one summed in `r` (each heap once).
            rank = rank - self.ranks.at(i, y[i]) + self.ranks.at(i, v);
        }
        Some(rank)
    }

    /// Shows `g` the ranks of the followers of `y` (of rank `r`) that lower the heap `j` by
    /// `first, first + step, ..` up to `last`, as far as the heap stays at least the one below
    /// it in the chain (beyond, every follower breaks the chain); stops, answering true, when
    /// `g` does.
    #[inline(always)]
    pub(super) fn run(
        &self,
        (y, r, j): (&[u32], usize, usize),
        (first, last, step): (u64, u64, u64),
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let i = self.at[j];
        let v = y[i];
        let floor = if i > 0 { y[i - 1] } else { 0 };
        let last = last.min(u64::from(v - floor));
        if first > last {
            return false;
        }
        let row = self.ranks.row(i);
        // Every term subtracted is the one summed in `r`.
        let rest = r - row[v as usize];
        let mut s = first;
        loop {
            // s <= last <= v.
            if g(rest + row[(v - s as u32) as usize]) {
                return true;
            }
            if last - s < step {
                return false;
            }
            s += step;
        }
    }

    /// The values (or P bits) of the chain's tuples, in the fill's order, put at the whole
    /// box's ranks: the other positions' entries are 0 (P bits set), as the kernel leaves the
    /// positions a rule excludes.
    pub(super) fn scatter(
        &self,
        spec: &BoxSpec,
        want: Want,
        (values, p_bits): (&[u32], &[u64]),
    ) -> (Vec<u32>, Vec<u64>) {
        let len = spec.len();
        let (mut out_values, mut out_bits) = match want {
            Want::Grundy => (vec![0u32; len], Vec::new()),
            Want::Outcome => {
                let mut bits = vec![u64::MAX; len.div_ceil(64)];
                if !len.is_multiple_of(64) {
                    if let Some(w) = bits.last_mut() {
                        *w = (1 << (len % 64)) - 1;
                    }
                }
                (Vec::new(), bits)
            }
        };
        let Some(top) = self.top() else {
            return (out_values, out_bits);
        };
        let k = self.order.len();
        let (mut y, mut x) = (vec![0u32; k], vec![0u32; k]);
        // The box's rank of named heaps: a mixed-radix number, the last heap fastest.
        let base = self.shift[0];
        let full = side_of(spec, base);
        for r in 0..self.len {
            self.heaps(&y, &mut x);
            let q = (x.iter()).fold(0, |q, &h| q * full + (h - base) as usize);
            debug_assert_eq!(spec.rank(&x), Some(q));
            match want {
                Want::Grundy => out_values[q] = values[r],
                Want::Outcome => {
                    if p_bits[r / 64] >> (r % 64) & 1 == 0 {
                        out_bits[q / 64] &= !(1 << (q % 64));
                    }
                }
            }
            next_tuple(&mut y, 0, top, Order::Lex);
        }
        (out_values, out_bits)
    }
}

#[cfg(test)]
mod tests {
    use super::super::compiled_order::{next_tuple, Order};
    use super::super::compiled_rank::tests::sorted_tuples;
    use super::Chain;
    use crate::moves::compiled::RuleChain;
    use crate::moves::program::ShapeSpec;
    use crate::solver::table::BoxSpec;

    /// Every tuple of a small box of named heaps that satisfies the chain, listed plainly.
    fn allowed(rc: &RuleChain, k: usize, lower: u32, max: u32) -> Vec<Vec<u32>> {
        let mut all: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..k {
            all = (all.into_iter())
                .flat_map(|t| {
                    (lower..=max).map(move |v| {
                        let mut u = t.clone();
                        u.push(v);
                        u
                    })
                })
                .collect();
        }
        all.retain(|x| {
            (rc.order.windows(2).zip(&rc.strict))
                .all(|(w, &s)| x[w[0]] < x[w[1]] || !s && x[w[0]] == x[w[1]])
        });
        all
    }

    /// On small boxes, every chain of three heaps (each order, strict or not, with a least
    /// size): the fill's walk meets exactly the allowed tuples, each once, and a follower's
    /// rank (or its refusal) is that of the tuple lowered plainly.
    #[test]
    fn the_chain_walks_and_ranks_the_allowed_tuples() {
        let orders = [[0, 1, 2], [2, 1, 0], [1, 0, 2], [2, 0, 1]];
        let stricts = [[false, false], [true, true], [true, false], [false, true]];
        for (order, strict, lower) in (orders.iter())
            .flat_map(|o| stricts.iter().map(move |s| (o, s)))
            .flat_map(|(o, s)| [0, 1].map(|l| (o, s, l)))
        {
            let rc = RuleChain {
                order: order.to_vec(),
                strict: strict.to_vec(),
            };
            let names = Some(vec!["a".into(), "b".into(), "c".into()]);
            let shape = ShapeSpec {
                count: Some(3),
                names,
                lower,
            };
            let spec = BoxSpec::new(&shape, 5, 3).expect("a small box");
            let chain = Chain::new(&rc, &spec, lower);
            let want = allowed(&rc, 3, lower, 5);
            let mut walked = Vec::new();
            let mut y = vec![0u32; 3];
            for _ in 0..chain.len() {
                let mut x = vec![0u32; 3];
                chain.heaps(&y, &mut x);
                walked.push((x, y.clone()));
                next_tuple(&mut y, 0, chain.top().expect("tuples"), Order::Lex);
            }
            let mut xs: Vec<Vec<u32>> = walked.iter().map(|(x, _)| x.clone()).collect();
            xs.sort();
            assert_eq!(xs, want, "{rc:?} from {lower}");
            let ys = sorted_tuples(3, chain.side as u32);
            for (r, (x, y)) in walked.iter().enumerate() {
                assert_eq!(&ys[r], y, "{rc:?}: lex order");
                for j in 0..3 {
                    for s in 1..=x[j] - lower {
                        let mut f = x.clone();
                        f[j] -= s;
                        let plain = walked.iter().position(|(u, _)| *u == f);
                        let got = chain.lowered((y, r), (&[j], &[s]));
                        assert_eq!(got, plain, "{rc:?} {x:?} heap {j} minus {s}");
                        // With a second heap lowered too (by 0 or more).
                        for (o, t) in (0..3)
                            .filter(|&o| o != j)
                            .flat_map(|o| (0..=x[o] - lower).map(move |t| (o, t)))
                        {
                            let mut f = f.clone();
                            f[o] -= t;
                            let plain = walked.iter().position(|(u, _)| *u == f);
                            let got = chain.lowered((y, r), (&[j, o], &[s, t]));
                            assert_eq!(got, plain, "{rc:?} {x:?} {j} - {s}, {o} - {t}");
                        }
                        let mut shown = Vec::new();
                        chain.run((y, r, j), (1, u64::from(s), 1), &mut |q| {
                            shown.push(q);
                            false
                        });
                        let plain_run: Vec<usize> = (1..=s)
                            .filter_map(|t| {
                                let mut f = x.clone();
                                f[j] -= t;
                                walked.iter().position(|(u, _)| *u == f)
                            })
                            .collect();
                        assert_eq!(shown, plain_run, "{rc:?} {x:?} heap {j} run to {s}");
                    }
                }
            }
        }
    }
}
