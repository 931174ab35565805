//! Filling the ordered cube cell by cell in row-major order (every follower of a cell comes
//! before it): P/N at one bit a cell, Grundy values with bitsets of the values seen on each
//! ray line and in each cone. A cell costs O(queries), not O(followers).

use super::guard::GuardScratch;
use super::layout::{ClauseQ, Layout, Query};
use crate::moves::program::ShapeSpec;
use crate::moves::Interrupt;
use crate::solver::budget::Stop;
use rows::{walk, Rows};

mod rows;

/// How the fill reports progress and asks whether to go on: called with the cells done.
pub(super) type Tick<'a> = &'a mut dyn FnMut(usize) -> Result<(), Stop>;

/// Why a fill ended early.
pub(super) enum Halt {
    /// The budget stopped it.
    Stop(Stop),
    /// A guard could not be evaluated, or a table would grow too large: leave the box to the
    /// interpreter.
    Decline,
}

/// Most bytes of Grundy bitsets (ray lines and cones) the fill may hold.
const MAX_BITSET_BYTES: usize = 1 << 31;

#[inline(always)]
fn get(v: &[u64], i: usize) -> bool {
    v[i >> 6] >> (i & 63) & 1 == 1
}

#[inline(always)]
fn set(v: &mut [u64], i: usize) {
    v[i >> 6] |= 1 << (i & 63);
}

/// Whether every guard of clause `cl` allows the current cell; [`Halt::Decline`] when one
/// cannot be evaluated.
#[inline(always)]
fn guards_allow(
    cl: &ClauseQ,
    rows: &Rows<'_>,
    (shape, base): (&ShapeSpec, u32),
    gs: &mut GuardScratch,
) -> Result<bool, Halt> {
    for g in &cl.guards {
        let allows = g.allows(&rows.c, shape, base, gs).ok_or_else(|| {
            if gs.stopped() {
                Halt::Stop(Stop::Cancelled)
            } else {
                Halt::Decline
            }
        })?;
        if !allows {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The P/N fill's tables: one bit a cell for P, per accumulator one bit a line ("a P-position
/// is on it"), per cone group one bit a cell ("a P-position is in the cone").
struct PnFill<'l> {
    l: &'l Layout,
    /// Bit set = P.
    p: Vec<u64>,
    accs: Vec<Vec<u64>>,
    cones: Vec<Vec<u64>>,
    /// Per accumulator: the line through the current cell, or `usize::MAX`.
    cur: Vec<usize>,
}

impl<'l> PnFill<'l> {
    fn new(l: &'l Layout) -> PnFill<'l> {
        let words = l.len.div_ceil(64);
        PnFill {
            l,
            p: vec![0u64; words],
            accs: l
                .accs
                .iter()
                .map(|a| vec![0u64; a.lines.div_ceil(64)])
                .collect(),
            cones: l.groups.iter().map(|_| vec![0u64; words]).collect(),
            cur: vec![usize::MAX; l.accs.len()],
        }
    }

    /// Feeds each ray line through cell `x` with the outcome at its apex.
    #[inline(always)]
    fn feed_rays(&mut self, rows: &Rows<'_>, t: usize, x: usize) {
        let l = self.l;
        for (a, acc) in l.accs.iter().enumerate() {
            let id = rows.line(a, t);
            self.cur[a] = id;
            if id != usize::MAX && get(&self.p, x - l.bases[acc.base].1) {
                set(&mut self.accs[a], id);
            }
        }
    }

    /// Whether some clause whose guards allow cell `x` reaches a P-position.
    #[inline(always)]
    fn reaches_p(
        &self,
        rows: &Rows<'_>,
        (t, x): (usize, usize),
        rules: (&ShapeSpec, u32),
        gs: &mut GuardScratch,
    ) -> Result<bool, Halt> {
        let l = self.l;
        for cl in &l.clauses {
            if !guards_allow(cl, rows, rules, gs)? {
                continue;
            }
            for q in &cl.queries {
                let hit = match *q {
                    Query::Point(b) => t >= rows.first[b] && get(&self.p, x - l.bases[b].1),
                    Query::Ray(a) => self.cur[a] != usize::MAX && get(&self.accs[a], self.cur[a]),
                    Query::Cone(g, b) => {
                        t >= rows.first[b] && get(&self.cones[g], x - l.bases[b].1)
                    }
                };
                if hit {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Records cell `x`'s outcome (`n`: an N-position) in the table and the cones.
    #[inline(always)]
    fn mark(&mut self, rows: &Rows<'_>, (t, x): (usize, usize), n: bool) {
        if !n {
            set(&mut self.p, x);
        }
        for (gi, grp) in self.l.groups.iter().enumerate() {
            let cone = &mut self.cones[gi];
            let v = !n
                || grp
                    .gens
                    .iter()
                    .enumerate()
                    .any(|(j, &(_, off))| t >= rows.gen_first[gi][j] && get(cone, x - off));
            if v {
                set(cone, x);
            }
        }
    }
}

/// The P-positions of the cube (bit set = P), or why the fill stopped.
pub(super) fn outcomes(
    l: &Layout,
    shape: &ShapeSpec,
    base: u32,
    (tick, stop): (Tick<'_>, Option<Interrupt>),
) -> Result<Vec<u64>, Halt> {
    let mut f = PnFill::new(l);
    let mut gs = GuardScratch::new(stop);
    walk(l, tick, |rows, t| {
        let x = rows.start + t;
        f.feed_rays(rows, t, x);
        let n = f.reaches_p(rows, (t, x), (shape, base), &mut gs)?;
        f.mark(rows, (t, x), n);
        Ok(())
    })?;
    Ok(f.p)
}

/// Bit rows of a common width (in words) that can grow.
struct BitRows {
    data: Box<[u64]>,
    rows: usize,
}

impl BitRows {
    fn new(rows: usize, w: usize) -> Result<BitRows, Halt> {
        let n = rows.checked_mul(w).ok_or(Halt::Decline)?;
        Ok(BitRows {
            data: vec![0; n].into(),
            rows,
        })
    }

    /// Copies every row into rows of `w2 > w` words.
    fn grow(&mut self, w: usize, w2: usize) -> Result<(), Halt> {
        let mut data = vec![0u64; self.rows.checked_mul(w2).ok_or(Halt::Decline)?];
        for r in 0..self.rows {
            data[r * w2..r * w2 + w].copy_from_slice(&self.data[r * w..(r + 1) * w]);
        }
        self.data = data.into();
        Ok(())
    }
}

/// A bitset the current cell reads: (true: accumulator, false: cone; which; row).
type Src = (bool, usize, usize);

/// The Grundy fill's tables: the values, per accumulator a bitset a line (the values on it),
/// per cone group a bitset a cell (the values in the cone), all `w` words wide and widened as
/// the largest value grows; and the scratch of one cell's mex. What a cell reads is held in
/// boxed slices, filled up to a count, not in vectors: indexing a slice is no call in the
/// playground's WebAssembly (opt-level "z" leaves `Vec`'s `Index` and `push` calls).
struct GrundyFill<'l> {
    l: &'l Layout,
    g: Box<[u32]>,
    /// Per base: the offset `base` subtracted from a cell.
    off: Box<[usize]>,
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

impl<'l> GrundyFill<'l> {
    fn new(l: &'l Layout) -> Result<GrundyFill<'l>, Halt> {
        let w = 1usize;
        let total_rows: usize = l.accs.iter().map(|a| a.lines).sum::<usize>()
            + l.groups.len().checked_mul(l.len).ok_or(Halt::Decline)?;
        let queries = l.clauses.iter().flat_map(|c| &c.queries);
        let points = queries
            .clone()
            .filter(|q| matches!(q, Query::Point(_)))
            .count();
        let others = queries.count() - points;
        Ok(GrundyFill {
            l,
            g: vec![0u32; l.len].into(),
            off: l.bases.iter().map(|b| b.1).collect(),
            w,
            total_rows,
            accs: l
                .accs
                .iter()
                .map(|a| BitRows::new(a.lines, w))
                .collect::<Result<Vec<_>, _>>()?,
            full: l
                .accs
                .iter()
                .map(|a| BitRows::new(a.lines, 1))
                .collect::<Result<Vec<_>, _>>()?,
            sw: 1,
            none_full: vec![0].into(),
            cones: l
                .groups
                .iter()
                .map(|_| BitRows::new(l.len, w))
                .collect::<Result<Vec<_>, _>>()?,
            cur: vec![usize::MAX; l.accs.len()].into(),
            scratch: vec![0u64; w].into(),
            marked: vec![0; points].into(),
            marks: 0,
            srcs: vec![(false, 0, 0); others].into(),
            nsrcs: 0,
        })
    }

    /// Feeds each ray line through cell `x` with the value at its apex.
    #[inline(always)]
    fn feed_rays(&mut self, rows: &Rows<'_>, t: usize, x: usize) {
        let w = self.w;
        for a in 0..self.cur.len() {
            let id = rows.line(a, t);
            self.cur[a] = id;
            if id != usize::MAX {
                let v = self.g[x - self.off[rows.base(a)]] as usize;
                let word = &mut self.accs[a].data[id * w + v / 64];
                *word |= 1 << (v % 64);
                if *word == u64::MAX {
                    let j = v / 64;
                    self.full[a].data[id * self.sw + j / 64] |= 1 << (j % 64);
                }
            }
        }
    }

    /// For each clause whose guards allow cell `x`: its point followers' values into
    /// `scratch`, the ray lines and cones it reads into `srcs`.
    #[inline(always)]
    fn gather(
        &mut self,
        rows: &Rows<'_>,
        (t, x): (usize, usize),
        rules: (&ShapeSpec, u32),
        gs: &mut GuardScratch,
    ) -> Result<(), Halt> {
        let l = self.l;
        let (mut marks, mut n) = (0, 0);
        for cl in &l.clauses {
            if !guards_allow(cl, rows, rules, gs)? {
                continue;
            }
            for q in &cl.queries {
                match *q {
                    Query::Point(b) => {
                        if t >= rows.first[b] {
                            let v = self.g[x - self.off[b]] as usize;
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
                        if t >= rows.first[b] {
                            self.srcs[n] = (false, gr, x - self.off[b]);
                            n += 1;
                        }
                    }
                }
            }
        }
        (self.marks, self.nsrcs) = (marks, n);
        Ok(())
    }

    /// The mex of what [`GrundyFill::gather`] collected (`64 * w` when every bit is set);
    /// `scratch` is cleared for the next cell. Up to four bitsets (Wythoff's three rays) are
    /// read as whole rows, a word of each at a time without a branch a bitset, and only the
    /// words that none of them has full (their summaries in `full`): the scan is the fill's
    /// hot loop, and the playground's WebAssembly, optimised for size, does not unswitch the
    /// general loop.
    #[inline(always)]
    fn mex(&mut self) -> usize {
        let w = self.w;
        let srcs = &self.srcs[..self.nsrcs];
        let found = if srcs.len() <= 4 {
            self.mex_of_four()
        } else {
            (0..w).find_map(|j| {
                let u = srcs
                    .iter()
                    .fold(self.scratch[j], |u, &s| u | self.bits(s)[j]);
                (u != u64::MAX).then(|| 64 * j + (!u).trailing_zeros() as usize)
            })
        };
        for i in 0..self.marks {
            self.scratch[self.marked[i]] = 0;
        }
        self.marks = 0;
        found.unwrap_or(64 * w)
    }

    /// [`GrundyFill::mex`] of `scratch` and up to four bitsets: the first word of their union
    /// with a bit clear, among the words no accumulator's bitset of them has full.
    #[inline(always)]
    fn mex_of_four(&self) -> Option<usize> {
        let (w, sw) = (self.w, self.sw);
        let srcs = &self.srcs[..self.nsrcs];
        // Missing rows repeat `scratch` (or of a set with itself is the set), missing or
        // cone summaries an accumulator's (a summary says only which words are full).
        let mut rows = [&self.scratch[..]; 4];
        let mut sums = [&self.none_full[..]; 4];
        for i in 0..srcs.len() {
            rows[i] = self.bits(srcs[i]);
            if let (true, a, r) = srcs[i] {
                sums[i] = &self.full[a].data[r * sw..(r + 1) * sw];
            }
        }
        let [a, b, c, d] = rows;
        let (m, a, b, c, d) = (&self.scratch[..w], &a[..w], &b[..w], &c[..w], &d[..w]);
        let [fa, fb, fc, fd] = sums;
        let (fa, fb, fc, fd) = (&fa[..sw], &fb[..sw], &fc[..sw], &fd[..sw]);
        // Plain indices into rows cut to their width: no bounds checks, and no iterator
        // adapters left as calls at opt-level "z".
        for s in 0..sw {
            let mut open = !(fa[s] | fb[s] | fc[s] | fd[s]);
            while open != 0 {
                let j = 64 * s + open.trailing_zeros() as usize;
                if j >= w {
                    return None;
                }
                let u = m[j] | a[j] | b[j] | c[j] | d[j];
                if u != u64::MAX {
                    return Some(64 * j + (!u).trailing_zeros() as usize);
                }
                open &= open - 1;
            }
        }
        None
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

    /// Widens every bitset when `mex` does not fit in `w` words; [`Halt::Decline`] past
    /// [`MAX_BITSET_BYTES`].
    #[inline(always)]
    fn widen(&mut self, mex: usize) -> Result<(), Halt> {
        if mex < 64 * self.w {
            return Ok(());
        }
        // Half again as many words as needed: few copies, little slack per row.
        let w2 = (mex / 64 + 1) * 3 / 2 + 1;
        if self.total_rows.saturating_mul(w2).saturating_mul(8) > MAX_BITSET_BYTES {
            return Err(Halt::Decline);
        }
        for r in self.accs.iter_mut().chain(self.cones.iter_mut()) {
            r.grow(self.w, w2)?;
        }
        let sw2 = w2.div_ceil(64);
        if sw2 > self.sw {
            for r in &mut self.full {
                r.grow(self.sw, sw2)?;
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
    fn mark(&mut self, rows: &Rows<'_>, (t, x): (usize, usize), mex: usize) {
        let w = self.w;
        for (gi, grp) in self.l.groups.iter().enumerate() {
            let (row, rest) = (x * w, &mut self.cones[gi].data);
            rest[row + mex / 64] |= 1 << (mex % 64);
            for (j, &(_, off)) in grp.gens.iter().enumerate() {
                if t >= rows.gen_first[gi][j] {
                    let from = (x - off) * w;
                    for i in 0..w {
                        rest[row + i] |= rest[from + i];
                    }
                }
            }
        }
    }
}

/// The Grundy values of the cube, or why the fill stopped.
pub(super) fn grundy(
    l: &Layout,
    shape: &ShapeSpec,
    base: u32,
    (tick, stop): (Tick<'_>, Option<Interrupt>),
) -> Result<Vec<u32>, Halt> {
    let mut f = GrundyFill::new(l)?;
    let mut gs = GuardScratch::new(stop);
    walk(l, tick, |rows, t| {
        let x = rows.start + t;
        f.feed_rays(rows, t, x);
        f.gather(rows, (t, x), (shape, base), &mut gs)?;
        let mex = f.mex();
        f.g[x] = u32::try_from(mex).map_err(|_| Halt::Decline)?;
        f.widen(mex)?;
        f.mark(rows, (t, x), mex);
        Ok(())
    })?;
    Ok(f.g.into_vec())
}
