//! The memo table of the search: a dense array over a box (when the solver was given one) for
//! the positions inside it, and hash tables (FxHash) for the rest, keyed by the packed form of
//! a position ([`super::key::pack`]) or, when it does not pack, by the boxed heaps.
//!
//! An entry is one `u32`: 0 absent, 1 on the stack, 2 P (outcome only), 3 N (outcome only),
//! `4 + g` Grundy value g.

use rustc_hash::FxHashMap;

use super::key::pack;
use super::table::BoxSpec;

/// No entry.
pub const ABSENT: u32 = 0;
/// Under evaluation.
pub const ON_STACK: u32 = 1;
/// Outcome P known.
pub const IS_P: u32 = 2;
/// Outcome N known.
pub const IS_N: u32 = 3;
/// Grundy value `g` is stored as `GRUNDY + g`.
pub const GRUNDY: u32 = 4;

/// Where a position's entry lives.
#[derive(Clone, Copy, Debug)]
pub enum Slot {
    /// Index into the dense table.
    Dense(usize),
    /// Key of the packed table.
    Packed(u128),
    /// In the table keyed by boxed heaps.
    Wide,
}

/// The memo table.
#[derive(Debug, Default)]
pub struct Memo {
    dense: Option<BoxSpec>,
    table: Vec<u32>,
    packed: FxHashMap<u128, u32>,
    wide: FxHashMap<Box<[u32]>, u32>,
    len: usize,
}

impl Memo {
    /// A memo table with a dense array over `spec`'s box.
    pub fn with_box(spec: BoxSpec) -> Memo {
        Memo {
            table: vec![ABSENT; spec.len()],
            dense: Some(spec),
            ..Memo::default()
        }
    }

    /// How many positions have an entry.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The dense table, by rank (if any).
    pub fn dense(&self) -> Option<(&BoxSpec, &[u32])> {
        self.dense.as_ref().map(|s| (s, self.table.as_slice()))
    }

    /// Where `pos`'s entry lives.
    #[inline]
    pub fn slot(&self, pos: &[u32]) -> Slot {
        if let Some(spec) = &self.dense {
            if let Some(r) = spec.rank(pos) {
                return Slot::Dense(r);
            }
        }
        match pack(pos) {
            Some(k) => Slot::Packed(k),
            None => Slot::Wide,
        }
    }

    /// Where `pos`'s entry lives, and the entry.
    #[inline(always)]
    pub fn lookup(&self, pos: &[u32]) -> (Slot, u32) {
        if let Some(spec) = &self.dense {
            if let Some(r) = spec.rank(pos) {
                return (Slot::Dense(r), self.table[r]);
            }
        }
        let slot = match pack(pos) {
            Some(k) => Slot::Packed(k),
            None => Slot::Wide,
        };
        (slot, self.get(slot, pos))
    }

    /// The entry of `pos` at `slot` (from [`Memo::slot`] of the same position).
    #[inline]
    pub fn get(&self, slot: Slot, pos: &[u32]) -> u32 {
        match slot {
            Slot::Dense(r) => self.table[r],
            Slot::Packed(k) => self.packed.get(&k).copied().unwrap_or(ABSENT),
            Slot::Wide => self.wide.get(pos).copied().unwrap_or(ABSENT),
        }
    }

    /// Sets the entry of `pos` at `slot` to `v` (not [`ABSENT`]).
    #[inline]
    pub fn set(&mut self, slot: Slot, pos: &[u32], v: u32) {
        let old = match slot {
            Slot::Dense(r) => std::mem::replace(&mut self.table[r], v),
            Slot::Packed(k) => self.packed.insert(k, v).unwrap_or(ABSENT),
            Slot::Wide => match self.wide.get_mut(pos) {
                Some(e) => std::mem::replace(e, v),
                None => {
                    self.wide.insert(pos.into(), v);
                    ABSENT
                }
            },
        };
        if old == ABSENT {
            self.len += 1;
        }
    }

    /// Removes the entry of `pos` at `slot`.
    pub fn remove(&mut self, slot: Slot, pos: &[u32]) {
        let old = match slot {
            Slot::Dense(r) => std::mem::replace(&mut self.table[r], ABSENT),
            Slot::Packed(k) => self.packed.remove(&k).unwrap_or(ABSENT),
            Slot::Wide => self.wide.remove(pos).unwrap_or(ABSENT),
        };
        if old != ABSENT {
            self.len -= 1;
        }
    }
}
