//! The compiled-moves kernel's layouts (`compiled.rs`): how a follower's rank is found from
//! the position being filled ([`Here`]) and a choice of heaps with its amounts, one at a time
//! or a whole run of amounts in one tight loop: strides for named heaps and for the square of
//! two heaps ([`Layout::Mirror`]), the table of ranks for sorted tuples
//! (`compiled_rank.rs`), the chain of a `positions where` rule that orders every named heap
//! (`chain.rs`).

use super::super::table::BoxSpec;
use super::chain::Chain;
use super::compiled_rank::{side_of, Ranks, Walk};
use crate::moves::compiled::{CompiledRule, Shown};

/// The largest side of a box of two heaps filled as a whole square ([`Layout::Mirror`]): 4 bytes
/// an entry, about twice the entries of the sorted box.
const MIRROR_SIDE: usize = 1 << 12;

/// How a follower's rank is found.
pub(super) enum Layout {
    /// Sorted tuples (padded with zeros for `heaps any`): the table of ranks.
    Sorted(Ranks),
    /// Named heaps: the stride of each heap.
    Ordered(Vec<usize>),
    /// Named heaps that the `positions where` rule orders: the allowed tuples only.
    Chain(Chain),
    /// Two heaps of a symmetric shape (a fixed count, the side at most [`MIRROR_SIDE`]): the
    /// whole square, the strides `(side, 1)`, each sorted position `(x, y)` filled in lex
    /// order and its entry written at `(x, y)` and at `(y, x)`, so that every follower,
    /// sorted or not, lies a stride times the amount before the position.
    Mirror(Vec<usize>),
}

impl Layout {
    /// The layout of the box whose heaps start at `base`, and the part of the rule it leaves
    /// to be evaluated a position (all of it but an order of every named heap, which becomes
    /// the box's shape).
    pub(super) fn new<'r>(
        spec: &BoxSpec,
        base: u32,
        rule: Option<&'r CompiledRule>,
        rest: &'r mut Option<CompiledRule>,
    ) -> (Layout, Option<&'r CompiledRule>) {
        let chain =
            (rule.filter(|_| !spec.shape.symmetric())).and_then(|rule| rule.chain(spec.heaps));
        if let Some((rc, left)) = chain {
            *rest = left;
            return (Layout::Chain(Chain::new(&rc, spec, base)), rest.as_ref());
        }
        (Layout::plain(spec, base), rule)
    }

    /// The layout of the whole box.
    fn plain(spec: &BoxSpec, base: u32) -> Layout {
        let side = side_of(spec, base);
        let fixed = spec.shape.count.is_some();
        if spec.shape.symmetric() && fixed && spec.heaps == 2 && side <= MIRROR_SIDE {
            return Layout::Mirror(vec![side, 1]);
        }
        if spec.shape.symmetric() {
            return Layout::Sorted(Ranks::lex(spec, base));
        }
        let k = spec.heaps;
        let mut strides = vec![1usize; k];
        for i in (0..k.saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * side;
        }
        Layout::Ordered(strides)
    }

    /// How many entries the fill's table has: the box's positions, the chain's allowed
    /// tuples, or the square of [`Layout::Mirror`].
    pub(super) fn entries(&self, spec: &BoxSpec) -> usize {
        match self {
            Layout::Chain(chain) => chain.len(),
            Layout::Mirror(strides) => strides[0] * strides[0],
            Layout::Sorted(_) | Layout::Ordered(_) => spec.len(),
        }
    }

    /// How many positions the fill visits (each allowed tuple of a chain, each sorted tuple of
    /// a square).
    pub(super) fn visits(&self, spec: &BoxSpec) -> usize {
        match self {
            Layout::Chain(chain) => chain.len(),
            _ => spec.len(),
        }
    }

    /// The entry of the tuple `t` (heaps above `base`) when the fill has visited `i` positions
    /// before it: `i`, but in a square, where the entry is the tuple's place.
    #[inline(always)]
    pub(super) fn entry(&self, t: &[u32], base: u32, i: usize) -> usize {
        match self {
            Layout::Mirror(strides) => (t[0] - base) as usize * strides[0] + (t[1] - base) as usize,
            _ => i,
        }
    }

    /// The entry of the tuple `t` reversed, in a square ([`Layout::Mirror`]), when it is
    /// another entry.
    #[inline(always)]
    pub(super) fn twin(&self, t: &[u32], base: u32) -> Option<usize> {
        match self {
            Layout::Mirror(strides) if t[0] != t[1] => {
                Some((t[1] - base) as usize * strides[0] + (t[0] - base) as usize)
            }
            _ => None,
        }
    }
}

/// The position being filled: what a follower's rank is computed from.
pub(super) struct Here {
    /// The padded tuple (sorted, or in heap order for named heaps).
    pub(super) tuple: Vec<u32>,
    /// The chain's tuple ([`Layout::Chain`]; empty otherwise).
    pub(super) y: Vec<u32>,
    /// Padding zeros before the position (`heaps any`).
    pub(super) start: usize,
    /// The position's entry in the fill's table.
    pub(super) r: usize,
}

/// Working memory of the followers' ranks.
#[derive(Default)]
pub(super) struct Work {
    /// A follower's tuple, of the heaps' count.
    y: Vec<u32>,
    /// A run of amounts on a sorted tuple.
    walk: Walk,
    /// The amounts of one follower of a run, of the heaps chosen.
    take: Vec<u32>,
}

impl Work {
    /// The working memory for positions of `heaps` heaps.
    pub(super) fn new(heaps: usize) -> Work {
        Work {
            y: vec![0u32; heaps],
            ..Work::default()
        }
    }
}

/// The largest step of a run that [`Walk`] follows token by token on a sorted box; a run
/// with a larger step ranks each follower anew.
const WALK_STEP: u64 = 4;

/// The largest first amount of a run whose [`Walk`] starts from the position's rank, lowered
/// token by token, rather than from the first follower ranked anew.
const WALK_FROM_POSITION: u64 = 2;

impl Here {
    /// The rank of the follower that takes `take[i]` from heap `combo[i]` of the position
    /// (`None` when it breaks the chain of [`Layout::Chain`]).
    #[inline(always)]
    fn rank(
        &self,
        layout: &Layout,
        base: u32,
        (combo, take): (&[usize], &[u32]),
        y: &mut [u32],
    ) -> Option<usize> {
        Some(match layout {
            Layout::Ordered(strides) | Layout::Mirror(strides) => {
                self.r
                    - combo
                        .iter()
                        .zip(take)
                        .map(|(&j, &s)| strides[j] * s as usize)
                        .sum::<usize>()
            }
            Layout::Sorted(ranks) => ranks.lowered(&self.tuple, self.start, combo, take, base, y),
            Layout::Chain(chain) => return chain.lowered((&self.y, self.r), (combo, take)),
        })
    }

    /// Shows `g` the rank of each follower of a [`Shown`] choice, a run of amounts in one
    /// tight loop; stops, answering true, when `g` does.
    #[inline(always)]
    pub(super) fn ranks(
        &self,
        layout: &Layout,
        base: u32,
        (combo, shown): (&[usize], Shown<'_>),
        work: &mut Work,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let (first, last, step) = match shown {
            Shown::One(take) => {
                let q = self.rank(layout, base, (combo, take), &mut work.y);
                return q.is_some_and(&mut *g);
            }
            Shown::Run { first, last, step } => (first, last, step),
            // The box's budget is asked once a position.
            Shown::Tick => return false,
        };
        match layout {
            Layout::Ordered(strides) | Layout::Mirror(strides) => {
                // One stride a token taken from every heap chosen.
                let d: usize = combo.iter().map(|&j| strides[j]).sum();
                each_amount(first, last, step, |s| g(self.r - d * s as usize))
            }
            Layout::Chain(chain) if combo.len() == 1 => {
                chain.run((&self.y, self.r, combo[0]), (first, last, step), g)
            }
            Layout::Sorted(ranks) if combo.len() == 1 => {
                // The amounts are at most the heap (<= u32::MAX).
                let here = (&self.tuple[..], self.r, self.start + combo[0]);
                match step {
                    1 => ranks.run_one(here, (first as u32, last as u32), base, g),
                    _ => ranks.run_stepped(here, (first, last, step), base, g),
                }
            }
            Layout::Sorted(ranks) if combo.len() == self.tuple.len() - self.start => {
                // Every heap lowered by the same amount: the order is kept (a heap that
                // empties is the least, with the padding zeros, whose terms are 0), so each
                // heap's term is read at its own index.
                let heaps = &self.tuple[self.start..];
                each_amount(first, last, step, |s| {
                    // s <= last <= the least heap chosen above the base (<= u32::MAX).
                    let s = s as u32;
                    let rank = (heaps.iter().enumerate())
                        .map(|(i, &h)| ranks.at(self.start + i, h - base - s))
                        .sum();
                    g(rank)
                })
            }
            Layout::Sorted(ranks) if step <= WALK_STEP => {
                self.walk_run(ranks, base, (combo, (first, last, step)), &mut work.walk, g)
            }
            Layout::Sorted(_) | Layout::Chain(_) => {
                let Work { y, take, .. } = work;
                each_amount(first, last, step, |s| {
                    take.clear();
                    take.resize(combo.len(), s as u32);
                    let q = self.rank(layout, base, (combo, take), y);
                    q.is_some_and(&mut *g)
                })
            }
        }
    }

    /// A run of amounts from several heaps of a sorted tuple, followed by a [`Walk`].
    #[inline(always)]
    fn walk_run(
        &self,
        ranks: &Ranks,
        base: u32,
        (combo, (first, last, step)): (&[usize], (u64, u64, u64)),
        walk: &mut Walk,
        g: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        // The amounts are at most the heaps chosen (<= u32::MAX).
        let tuple = &self.tuple;
        if first <= WALK_FROM_POSITION {
            walk.start_from(
                ranks,
                base,
                (tuple, self.start, self.r),
                combo,
                first as u32,
            );
        } else {
            walk.start(ranks, base, (tuple, self.start), combo, first as u32);
        }
        let mut s = first;
        loop {
            if g(walk.rank()) {
                return true;
            }
            if last - s < step {
                return false;
            }
            s += step;
            walk.advance(ranks, base, step as u32);
        }
    }
}

/// Calls `g` on `first, first + step, ..` up to `last`, stopping, answering true, when `g`
/// does.
#[inline(always)]
fn each_amount(first: u64, last: u64, step: u64, mut g: impl FnMut(u64) -> bool) -> bool {
    let mut s = first;
    loop {
        if g(s) {
            return true;
        }
        if last - s < step {
            return false;
        }
        s += step;
    }
}
