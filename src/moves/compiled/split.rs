//! `split` compiled (the clause read by [`super::clause::peel`]): `split one heap into P
//! parts` alone, or after a `take` from one heap that it splits (`take S from one heap h
//! [where C]; split h into P parts`: Kayles and the octal games written out), on a shape of
//! any number of heaps. The clause's moves are the `take`'s (an amount of 0 for the `split`
//! alone), and each move's follower is its heap, lowered by the amount, replaced by every
//! partition into `P` parts ([`SplitTail`]), which the caller writes: the generator
//! ([`crate::moves::generate`]); the compiled-moves kernel declines a clause with a split
//! ([`super::compile_all`]).
//!
//! Exactness: the interpreter chooses the `take`'s heap and amount as the compiled `take`
//! does, then replaces the heap left by its non-decreasing partitions into `P` parts, each at
//! least the least part (1, or 0 `allowing empty`), each larger than the one before with
//! `unequal` ([`SplitTail::each_partition`], the same recursion), drops empty heaps and sorts.
//! A fixed number of heaps is refused (the interpreter reports a follower of another count as
//! an error), as is a clause that must change the position.

/// What a compiled clause does after its `take`, which the caller writes into each follower:
/// the heap taken from split, the amount taken put on another heap, or the amounts added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// The heap taken from, split ([`SplitTail`]).
    Split(SplitTail),
    /// `move A from heap x to heap y`: the amount taken added to the heap at this index (no
    /// move when it is the heap taken from; no follower when the heap would pass `u32::MAX`).
    To(usize),
    /// `add`: each amount shown is added to the heaps chosen, not taken ([`super::add`]; no
    /// follower when a heap would pass `u32::MAX`, which the amounts never make it).
    Add,
    /// `move A from SEL to one other heap [where C]` ([`super::moved`]): each move is shown as
    /// two heaps, the amount taken from the first added to the second.
    ToChosen,
    /// The clause deletes heaps ([`super::delete`]): its followers are written whole by
    /// [`super::CompiledMove::each_follower`], nothing is shown by `each`.
    Deletes,
}

/// How the heap a compiled clause lowered is split: into `parts` parts, each at least
/// `min_part`, pairwise different when `unequal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitTail {
    /// Into how many parts.
    pub parts: usize,
    /// 1 for non-empty parts, 0 `allowing empty`.
    pub min_part: u32,
    /// The parts have pairwise different sizes.
    pub unequal: bool,
}

impl SplitTail {
    /// Shows `f` every partition of `w` tokens into the tail's parts, non-decreasing, in the
    /// interpreter's order (the first part smallest first), in `parts` (reused).
    pub fn each_partition<E>(
        &self,
        w: u64,
        parts: &mut Vec<u32>,
        f: &mut impl FnMut(&[u32]) -> Result<(), E>,
    ) -> Result<(), E> {
        parts.clear();
        if w < u64::from(self.min_part).saturating_mul(self.parts as u64) || self.parts == 0 {
            return Ok(());
        }
        self.rest(w, u64::from(self.min_part), parts, f)
    }

    /// The parts after those in `parts`, summing to `rest`, each at least `least`.
    fn rest<E>(
        &self,
        rest: u64,
        least: u64,
        parts: &mut Vec<u32>,
        f: &mut impl FnMut(&[u32]) -> Result<(), E>,
    ) -> Result<(), E> {
        let left = (self.parts - parts.len()) as u64;
        if left == 1 {
            if rest < least {
                return Ok(());
            }
            // rest <= the heap <= u32::MAX.
            parts.push(rest as u32);
            let r = f(parts);
            parts.pop();
            return r;
        }
        let mut p = least;
        while p.saturating_mul(left) <= rest {
            parts.push(p as u32);
            let r = self.rest(rest - p, p + u64::from(self.unequal), parts, f);
            parts.pop();
            r?;
            p += 1;
        }
        Ok(())
    }
}
