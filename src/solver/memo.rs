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
pub(crate) const ABSENT: u32 = 0;
/// Under evaluation.
pub(crate) const ON_STACK: u32 = 1;
/// Outcome P known.
pub(crate) const IS_P: u32 = 2;
/// Outcome N known.
pub(crate) const IS_N: u32 = 3;
/// Grundy value `g` is stored as `GRUNDY + g`.
pub const GRUNDY: u32 = 4;

/// Where a position's entry lives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Slot {
    /// Index into the dense table.
    Dense(usize),
    /// Key of the packed table.
    Packed(u128),
    /// In the table keyed by boxed heaps.
    Wide,
}

/// In a narrow dense table: the entry does not fit in a byte and is kept in the hash tables.
const SPILLED: u8 = u8::MAX;

/// The memo table.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    dense: Option<BoxSpec>,
    /// The dense entries (when not narrow).
    table: Vec<u32>,
    /// The dense entries, one byte each (when narrow): P/N solves never store more than
    /// [`GRUNDY`]; a larger entry is [`SPILLED`] here and kept in the hash tables.
    small: Vec<u8>,
    narrow: bool,
    packed: FxHashMap<u128, u32>,
    wide: FxHashMap<Box<[u32]>, u32>,
    len: usize,
}

impl Memo {
    /// A memo table with a dense array over `spec`'s box, 4 bytes a position.
    pub(crate) fn with_box(spec: BoxSpec) -> Memo {
        Memo {
            table: vec![ABSENT; spec.len()],
            dense: Some(spec),
            ..Memo::default()
        }
    }

    /// A memo table with a dense array over `spec`'s box, 1 byte a position (for P/N solves,
    /// whose entries fit in a byte; Grundy values above 250 go to the hash tables).
    pub(crate) fn with_box_narrow(spec: BoxSpec) -> Memo {
        Memo {
            small: vec![ABSENT as u8; spec.len()],
            narrow: true,
            dense: Some(spec),
            ..Memo::default()
        }
    }

    /// How many positions have an entry.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no position has an entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry of the dense table at rank `r`; `pos` is the position of that rank.
    pub(crate) fn dense_entry(&self, r: usize, pos: &[u32]) -> u32 {
        self.get(Slot::Dense(r), pos)
    }

    fn map_slot(pos: &[u32]) -> Slot {
        match pack(pos) {
            Some(k) => Slot::Packed(k),
            None => Slot::Wide,
        }
    }

    /// Where `pos`'s entry lives.
    #[inline]
    pub fn slot(&self, pos: &[u32]) -> Slot {
        if let Some(spec) = &self.dense {
            if let Some(r) = spec.rank(pos) {
                return Slot::Dense(r);
            }
        }
        Self::map_slot(pos)
    }

    /// Where `pos`'s entry lives, and the entry.
    #[inline(always)]
    pub(crate) fn lookup(&self, pos: &[u32]) -> (Slot, u32) {
        if let Some(spec) = &self.dense {
            if let Some(r) = spec.rank(pos) {
                if !self.narrow {
                    return (Slot::Dense(r), self.table[r]);
                }
                let c = self.small[r];
                if c != SPILLED {
                    return (Slot::Dense(r), u32::from(c));
                }
                return (Slot::Dense(r), self.map_get(Self::map_slot(pos), pos));
            }
        }
        let slot = Self::map_slot(pos);
        (slot, self.map_get(slot, pos))
    }

    /// The entry of `pos` at `slot` (from [`Memo::slot`] of the same position).
    #[inline]
    pub fn get(&self, slot: Slot, pos: &[u32]) -> u32 {
        match slot {
            Slot::Dense(r) if !self.narrow => self.table[r],
            Slot::Dense(r) => match self.small[r] {
                SPILLED => self.map_get(Self::map_slot(pos), pos),
                c => u32::from(c),
            },
            _ => self.map_get(slot, pos),
        }
    }

    fn map_get(&self, slot: Slot, pos: &[u32]) -> u32 {
        match slot {
            Slot::Packed(k) => self.packed.get(&k).copied().unwrap_or(ABSENT),
            _ => self.wide.get(pos).copied().unwrap_or(ABSENT),
        }
    }

    fn map_set(&mut self, slot: Slot, pos: &[u32], v: u32) -> u32 {
        match slot {
            Slot::Packed(k) => self.packed.insert(k, v).unwrap_or(ABSENT),
            _ => match self.wide.get_mut(pos) {
                Some(e) => std::mem::replace(e, v),
                None => {
                    self.wide.insert(pos.into(), v);
                    ABSENT
                }
            },
        }
    }

    fn map_remove(&mut self, slot: Slot, pos: &[u32]) -> u32 {
        match slot {
            Slot::Packed(k) => self.packed.remove(&k).unwrap_or(ABSENT),
            _ => self.wide.remove(pos).unwrap_or(ABSENT),
        }
    }

    /// Sets the entry of `pos` at `slot` to `v` (not [`ABSENT`]).
    #[inline]
    pub fn set(&mut self, slot: Slot, pos: &[u32], v: u32) {
        let old = match slot {
            Slot::Dense(r) if !self.narrow => std::mem::replace(&mut self.table[r], v),
            Slot::Dense(r) => {
                let old = match self.small[r] {
                    SPILLED => self.map_remove(Self::map_slot(pos), pos),
                    c => u32::from(c),
                };
                match u8::try_from(v) {
                    Ok(c) if c != SPILLED => self.small[r] = c,
                    _ => {
                        self.small[r] = SPILLED;
                        self.map_set(Self::map_slot(pos), pos, v);
                    }
                }
                old
            }
            _ => self.map_set(slot, pos, v),
        };
        if old == ABSENT {
            self.len += 1;
        }
    }

    /// Removes the entry of `pos` at `slot`.
    pub fn remove(&mut self, slot: Slot, pos: &[u32]) {
        let old = match slot {
            Slot::Dense(r) if !self.narrow => std::mem::replace(&mut self.table[r], ABSENT),
            Slot::Dense(r) => match std::mem::replace(&mut self.small[r], ABSENT as u8) {
                SPILLED => self.map_remove(Self::map_slot(pos), pos),
                c => u32::from(c),
            },
            _ => self.map_remove(slot, pos),
        };
        if old != ABSENT {
            self.len -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::program::ShapeSpec;

    #[test]
    fn narrow_tables_spill_large_entries_to_the_hash_tables() {
        let shape = ShapeSpec {
            count: Some(2),
            names: None,
            lower: 0,
        };
        let spec = BoxSpec::new(&shape, 10, 2).expect("small");
        for mut m in [Memo::with_box(spec.clone()), Memo::with_box_narrow(spec)] {
            let (p, q, out) = ([3u32, 7], [0u32, 0], [5u32, 11]);
            let (sp, sq, so) = (m.slot(&p), m.slot(&q), m.slot(&out));
            assert!(matches!(sp, Slot::Dense(_)) && matches!(so, Slot::Packed(_)));
            m.set(sp, &p, ON_STACK);
            m.set(sp, &p, GRUNDY + 1000);
            m.set(sq, &q, IS_P);
            m.set(so, &out, GRUNDY + 3);
            assert_eq!(m.len(), 3);
            assert_eq!(m.lookup(&p).1, GRUNDY + 1000);
            assert_eq!(m.get(sp, &p), GRUNDY + 1000);
            assert_eq!(m.get(sq, &q), IS_P);
            assert_eq!(m.get(so, &out), GRUNDY + 3);
            m.remove(sp, &p);
            assert_eq!(m.get(sp, &p), ABSENT);
            assert_eq!(m.lookup(&p).1, ABSENT);
            assert_eq!(m.len(), 2);
        }
    }
}
