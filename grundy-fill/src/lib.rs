//! The hot loop of heapgame's cube kernel (`src/solver/kernels/fill.rs` in heapgame): the
//! Grundy fill's tables, bitsets of the values seen on each ray line and in each cone, and
//! the cells of one row, each the mex of what its clauses reach.
//!
//! A crate of its own, without dependencies and without generic functions in its interface,
//! so that the playground's WebAssembly compiles this code, and only it, at opt-level 3 (the
//! root Cargo.toml's `[profile.wasm.package.heapgame-grundy-fill]`) while everything else
//! stays at "z" for size: the fill spends most of the time of a large box here. heapgame
//! keeps what the fill is about (the layout, the walk over rows, the guards): this crate
//! sees a cube as offsets and line ids, and asks the caller about a clause's guards. The box's
//! values are read out of the filled cube a row a call as well ([`gather`]).
//!
//! ```
//! use heapgame_grundy_fill::{Clause, Query, Row, Tables, Shape};
//! // One heap of 0..=9, moves "take 1 or 2" (two points: offsets 1 and 2 back).
//! let shape = Shape {
//!     len: 10,
//!     offs: vec![1, 2],
//!     accs: vec![],
//!     groups: vec![],
//!     clauses: vec![Clause { guarded: false, queries: vec![Query::Point(0), Query::Point(1)] }],
//! };
//! let mut t = Tables::new(shape).unwrap();
//! let row = Row { start: 0, side: 10, first: &[1, 2], lines: &[], gen_first: &[] };
//! t.row(&row, &mut |_, _| Some(true)).unwrap();
//! assert_eq!(t.into_values(), [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bits;
pub mod gather;

use bits::BitRows;

/// Most bytes of Grundy bitsets (ray lines and cones) the fill may hold.
pub const MAX_BITSET_BYTES: usize = 1 << 31;

/// Where a clause looks for followers (heapgame's layout query, by index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// The single cell `x - offs[base]`.
    Point(usize),
    /// The ray line of accumulator `a` through the current cell.
    Ray(usize),
    /// The cone of group `g` from the cell `x - offs[base]`: (group, base).
    Cone(usize, usize),
}

/// A clause: whether it has guards (asked of the caller cell by cell), and its queries.
#[derive(Clone, Debug)]
pub struct Clause {
    /// Whether the caller must be asked whether the clause applies at a cell.
    pub guarded: bool,
    /// Its queries.
    pub queries: Vec<Query>,
}

/// The cube as the tables see it.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Cells.
    pub len: usize,
    /// Per base: its cube offset (a base's cell is `x - offs[base]`).
    pub offs: Vec<usize>,
    /// Per ray accumulator: (its base, how many lines).
    pub accs: Vec<(usize, usize)>,
    /// Per cone group: the cube offsets of its directions.
    pub groups: Vec<Vec<usize>>,
    /// The clauses.
    pub clauses: Vec<Clause>,
}

/// One row of the cube: its cells are `start + t` for `t` in `0..side`.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// Cube offset of the row's first cell.
    pub start: usize,
    /// Cells in the row.
    pub side: usize,
    /// Per base: the least `t` from which the base's cell is in the cube (`usize::MAX`: never).
    pub first: &'a [usize],
    /// Per accumulator: the line id at `t` is `id0 + coef * t`, as (id0, coef).
    pub lines: &'a [(i64, i64)],
    /// Per group, per direction: as `first`, for `x - dir`.
    pub gen_first: &'a [Box<[usize]>],
}

/// Why a row stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The caller's guard callback answered `None`.
    Guard,
    /// A value or the bitsets would grow too large (over `u32`, or [`MAX_BITSET_BYTES`]).
    TooLarge,
}

/// A bitset the current cell reads: (true: accumulator, false: cone; which; row).
type Src = (bool, usize, usize);

/// The Grundy fill's tables: the values, per accumulator a bitset a line (the values on it),
/// per cone group a bitset a cell (the values in the cone), all `w` words wide and widened as
/// the largest value grows; and the scratch of one cell's mex.
pub struct Tables {
    shape: Shape,
    g: Box<[u32]>,
    /// Words a bitset.
    w: usize,
    /// Bitsets over all accumulators and cones, for the memory bound.
    total_rows: usize,
    accs: Vec<BitRows>,
    /// Per accumulator, per line: which words of its bitset are full (bit `j`: word `j` is
    /// all ones), `sw` words a line. The mex skips a word that is full in one of the
    /// bitsets it reads (Wythoff (3000, 4000): 35 words read a cell without it, under 2
    /// with it), and reads a cone's (which has no such summary) where the others are not.
    full: Vec<BitRows>,
    /// Words of a line's summary in `full`: `w` bits rounded up to words; and a summary of
    /// no full word, for a cone.
    sw: usize,
    none_full: Box<[u64]>,
    cones: Vec<BitRows>,
    /// Per accumulator: the line through the current cell, or `usize::MAX`.
    cur: Box<[usize]>,
    /// The values of the current cell's point followers.
    scratch: Box<[u64]>,
    /// The words of `scratch` set (the first `marks`; room for every point query).
    marked: Box<[usize]>,
    marks: usize,
    /// The bitsets the current cell reads (the first `nsrcs`; room for every other query).
    srcs: Box<[Src]>,
    nsrcs: usize,
}

impl Tables {
    /// Empty tables of one word a bitset; `None` when they would not fit in `usize`.
    pub fn new(shape: Shape) -> Option<Tables> {
        let w = 1usize;
        let total_rows = shape.accs.iter().map(|a| a.1).sum::<usize>()
            + shape.groups.len().checked_mul(shape.len)?;
        let queries = shape.clauses.iter().flat_map(|c| &c.queries);
        let points = queries
            .clone()
            .filter(|q| matches!(q, Query::Point(_)))
            .count();
        let others = queries.count() - points;
        let rows = |n: usize| shape.accs.iter().map(move |a| BitRows::new(a.1, n));
        Some(Tables {
            g: vec![0u32; shape.len].into(),
            w,
            total_rows,
            accs: rows(w).collect::<Option<_>>()?,
            full: rows(1).collect::<Option<_>>()?,
            sw: 1,
            none_full: vec![0].into(),
            cones: (0..shape.groups.len())
                .map(|_| BitRows::new(shape.len, w))
                .collect::<Option<_>>()?,
            cur: vec![usize::MAX; shape.accs.len()].into(),
            scratch: vec![0u64; w].into(),
            marked: vec![0; points].into(),
            marks: 0,
            srcs: vec![(false, 0, 0); others].into(),
            nsrcs: 0,
            shape,
        })
    }

    /// The values, cell by cell.
    pub fn into_values(self) -> Vec<u32> {
        self.g.into_vec()
    }

    /// Fills the cells of `row`, in order; `guard(clause, t)` says whether a guarded clause
    /// applies at the row's cell `t` (`None`: stop, [`End::Guard`]). Every follower of a cell
    /// must have been filled before it. A call of its own (never inlined): a WebAssembly
    /// engine runs a function in its quick first compilation until it is called again once
    /// its optimised one is ready, so that every row after the first few runs optimised.
    #[inline(never)]
    pub fn row(
        &mut self,
        row: &Row<'_>,
        guard: &mut dyn FnMut(usize, usize) -> Option<bool>,
    ) -> Result<(), End> {
        for t in 0..row.side {
            let x = row.start + t;
            self.feed_rays(row, t, x);
            self.gather(row, (t, x), guard)?;
            let mex = self.mex();
            self.g[x] = u32::try_from(mex).map_err(|_| End::TooLarge)?;
            self.widen(mex)?;
            self.mark(row, (t, x), mex);
        }
        Ok(())
    }

    /// Feeds each ray line through cell `x` with the value at its apex.
    #[inline(always)]
    fn feed_rays(&mut self, row: &Row<'_>, t: usize, x: usize) {
        let (w, sw) = (self.w, self.sw);
        for (a, &(base, _)) in self.shape.accs.iter().enumerate() {
            let id = if t >= row.first[base] {
                let (id0, coef) = row.lines[a];
                (id0 + coef * t as i64) as usize
            } else {
                usize::MAX
            };
            self.cur[a] = id;
            if id != usize::MAX {
                let v = self.g[x - self.shape.offs[base]] as usize;
                let word = &mut self.accs[a].data[id * w + v / 64];
                *word |= 1 << (v % 64);
                if *word == u64::MAX {
                    let j = v / 64;
                    self.full[a].data[id * sw + j / 64] |= 1 << (j % 64);
                }
            }
        }
    }

    /// For each clause that applies at cell `x`: its point followers' values into `scratch`,
    /// the ray lines and cones it reads into `srcs`.
    #[inline(always)]
    fn gather(
        &mut self,
        row: &Row<'_>,
        (t, x): (usize, usize),
        guard: &mut dyn FnMut(usize, usize) -> Option<bool>,
    ) -> Result<(), End> {
        let (mut marks, mut n) = (0, 0);
        for (ci, cl) in self.shape.clauses.iter().enumerate() {
            if cl.guarded && !guard(ci, t).ok_or(End::Guard)? {
                continue;
            }
            for q in &cl.queries {
                match *q {
                    Query::Point(b) => {
                        if t >= row.first[b] {
                            let v = self.g[x - self.shape.offs[b]] as usize;
                            self.scratch[v / 64] |= 1 << (v % 64);
                            self.marked[marks] = v / 64;
                            marks += 1;
                        }
                    }
                    Query::Ray(a) => {
                        if self.cur[a] != usize::MAX {
                            self.srcs[n] = (true, a, self.cur[a]);
                            n += 1;
                        }
                    }
                    Query::Cone(gr, b) => {
                        if t >= row.first[b] {
                            self.srcs[n] = (false, gr, x - self.shape.offs[b]);
                            n += 1;
                        }
                    }
                }
            }
        }
        (self.marks, self.nsrcs) = (marks, n);
        Ok(())
    }

    /// The mex of what [`Tables::gather`] collected (`64 * w` when every bit is set);
    /// `scratch` is cleared for the next cell. Up to four bitsets (Wythoff's three rays) are
    /// read as whole rows, a word of each at a time, and only the words that none of them
    /// has full (their summaries in `full`).
    #[inline(always)]
    fn mex(&mut self) -> usize {
        let w = self.w;
        let found = if self.nsrcs <= 4 {
            self.mex_of_four()
        } else {
            let srcs = &self.srcs[..self.nsrcs];
            (0..w).find_map(|j| {
                let u = srcs
                    .iter()
                    .fold(self.scratch[j], |u, &s| u | self.bits(s)[j]);
                (u != u64::MAX).then(|| 64 * j + (!u).trailing_zeros() as usize)
            })
        };
        for &j in &self.marked[..self.marks] {
            self.scratch[j] = 0;
        }
        self.marks = 0;
        found.unwrap_or(64 * w)
    }

    /// [`Tables::mex`] of `scratch` and up to four bitsets: the first word of their union
    /// with a bit clear, among the words no accumulator's bitset of them has full.
    #[inline(always)]
    fn mex_of_four(&self) -> Option<usize> {
        let sw = self.sw;
        // Missing rows repeat `scratch` (or of a set with itself is the set), missing or
        // cone summaries an accumulator's (a summary says only which words are full).
        let mut rows = [&self.scratch[..]; 4];
        let mut sums = [&self.none_full[..]; 4];
        for (i, &s) in self.srcs[..self.nsrcs].iter().enumerate() {
            rows[i] = self.bits(s);
            if let (true, a, r) = s {
                sums[i] = &self.full[a].data[r * sw..(r + 1) * sw];
            }
        }
        bits::first_clear(&self.scratch, rows, sums)
    }

    /// The bitset `src` of the current cell, `w` words.
    #[inline(always)]
    fn bits(&self, (is_acc, i, r): Src) -> &[u64] {
        let w = self.w;
        let data = if is_acc {
            &self.accs[i].data
        } else {
            &self.cones[i].data
        };
        &data[r * w..(r + 1) * w]
    }

    /// Widens every bitset when `mex` does not fit in `w` words; [`End::TooLarge`] past
    /// [`MAX_BITSET_BYTES`].
    #[inline(always)]
    fn widen(&mut self, mex: usize) -> Result<(), End> {
        if mex < 64 * self.w {
            return Ok(());
        }
        self.widen_to(mex)
    }

    /// [`Tables::widen`]'s copy, rarely called.
    #[inline(never)]
    fn widen_to(&mut self, mex: usize) -> Result<(), End> {
        // Half again as many words as needed: few copies, little slack per row.
        let w2 = (mex / 64 + 1) * 3 / 2 + 1;
        if self.total_rows.saturating_mul(w2).saturating_mul(8) > MAX_BITSET_BYTES {
            return Err(End::TooLarge);
        }
        for r in self.accs.iter_mut().chain(self.cones.iter_mut()) {
            r.grow(self.w, w2).ok_or(End::TooLarge)?;
        }
        let sw2 = w2.div_ceil(64);
        if sw2 > self.sw {
            for r in &mut self.full {
                r.grow(self.sw, sw2).ok_or(End::TooLarge)?;
            }
            self.none_full = vec![0; sw2].into();
            self.sw = sw2;
        }
        self.scratch = vec![0; w2].into();
        self.w = w2;
        Ok(())
    }

    /// Records cell `x`'s value in each cone group: its own and those of the cones at
    /// `x - dir`.
    #[inline(always)]
    fn mark(&mut self, row: &Row<'_>, (t, x): (usize, usize), mex: usize) {
        let w = self.w;
        for (gi, gens) in self.shape.groups.iter().enumerate() {
            let data = &mut self.cones[gi].data;
            let (below, here) = data.split_at_mut(x * w);
            let here = &mut here[..w];
            here[mex / 64] |= 1 << (mex % 64);
            for (j, &off) in gens.iter().enumerate() {
                if off != 0 && t >= row.gen_first[gi][j] {
                    bits::or_into(here, &below[(x - off) * w..(x - off + 1) * w]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
