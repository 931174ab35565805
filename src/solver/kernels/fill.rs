//! Filling the ordered cube cell by cell in row-major order (every follower of a cell comes
//! before it): P/N at one bit a cell, Grundy values with bitsets of the values seen on each
//! ray line and in each cone. A cell costs O(queries), not O(followers).

use super::guard::GuardScratch;
use super::layout::{Layout, Query};
use crate::moves::program::ShapeSpec;
use crate::solver::budget::Stop;

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

/// Cells between two looks at the budget.
const CHECK_CELLS: usize = 1 << 16;

#[inline(always)]
fn get(v: &[u64], i: usize) -> bool {
    v[i >> 6] >> (i & 63) & 1 == 1
}

#[inline(always)]
fn set(v: &mut [u64], i: usize) {
    v[i >> 6] |= 1 << (i & 63);
}

/// The per-row state: where each base, accumulator and cone direction starts to apply.
struct Rows<'l> {
    l: &'l Layout,
    /// The coordinates of the current cell.
    c: Vec<usize>,
    /// Per base: the least last coordinate from which `x - base` is in the cube on this row
    /// (`usize::MAX`: never).
    first: Vec<usize>,
    /// Per accumulator: the line id of `x - base` at the row's first cell.
    id0: Vec<i64>,
    /// Per group, per direction: as `first`, for `x - dir`.
    gen_first: Vec<Vec<usize>>,
    /// Cube offset of the row's first cell.
    start: usize,
    done: bool,
}

impl<'l> Rows<'l> {
    fn new(l: &'l Layout) -> Rows<'l> {
        let mut r = Rows {
            l,
            c: vec![0; l.k],
            first: vec![0; l.bases.len()],
            id0: vec![0; l.accs.len()],
            gen_first: l.groups.iter().map(|g| vec![0; g.gens.len()]).collect(),
            start: 0,
            done: l.len == 0,
        };
        r.prepare();
        r
    }

    /// Computes the row's state from the outer coordinates.
    fn prepare(&mut self) {
        let l = self.l;
        let k = l.k;
        self.c[k - 1] = 0;
        let outer = &self.c[..k - 1];
        for (f, (b, _)) in self.first.iter_mut().zip(&l.bases) {
            let ok = outer.iter().zip(b).all(|(x, y)| x >= y);
            *f = if ok { b[k - 1] } else { usize::MAX };
        }
        for (id, a) in self.id0.iter_mut().zip(&l.accs) {
            *id = outer
                .iter()
                .zip(&a.coef)
                .map(|(&x, &w)| x as i64 * w)
                .sum::<i64>()
                + a.konst;
        }
        for (gf, g) in self.gen_first.iter_mut().zip(&l.groups) {
            for (f, &(mask, _)) in gf.iter_mut().zip(&g.gens) {
                let ok = (0..k - 1).all(|i| mask >> i & 1 == 0 || outer[i] >= 1);
                *f = if ok {
                    (mask >> (k - 1) & 1) as usize
                } else {
                    usize::MAX
                };
            }
        }
        self.start = l.offset(&self.c);
    }

    /// Moves to the next row; false after the last.
    fn advance(&mut self) -> bool {
        let k = self.l.k;
        let mut i = k - 1;
        loop {
            if i == 0 {
                self.done = true;
                return false;
            }
            i -= 1;
            self.c[i] += 1;
            if self.c[i] < self.l.side {
                break;
            }
            self.c[i] = 0;
        }
        self.prepare();
        true
    }
}

/// The P-positions of the cube (bit set = P), or why the fill stopped.
pub(super) fn outcomes(
    l: &Layout,
    shape: &ShapeSpec,
    base: u32,
    tick: Tick<'_>,
) -> Result<Vec<u64>, Halt> {
    let words = l.len.div_ceil(64);
    let mut p = vec![0u64; words];
    let mut accs: Vec<Vec<u64>> = l
        .accs
        .iter()
        .map(|a| vec![0u64; a.lines.div_ceil(64)])
        .collect();
    let mut cones: Vec<Vec<u64>> = l.groups.iter().map(|_| vec![0u64; words]).collect();
    let mut cur = vec![usize::MAX; l.accs.len()];
    let mut gs = GuardScratch::default();
    let k = l.k;
    let mut rows = Rows::new(l);
    let (mut done, mut next) = (0usize, CHECK_CELLS);
    while !rows.done {
        for t in 0..l.side {
            let x = rows.start + t;
            rows.c[k - 1] = t;
            for (a, acc) in l.accs.iter().enumerate() {
                if t >= rows.first[acc.base] {
                    let id = (rows.id0[a] + acc.coef[k - 1] * t as i64) as usize;
                    cur[a] = id;
                    if get(&p, x - l.bases[acc.base].1) {
                        set(&mut accs[a], id);
                    }
                } else {
                    cur[a] = usize::MAX;
                }
            }
            let mut n = false;
            'clauses: for cl in &l.clauses {
                for g in &cl.guards {
                    if !g
                        .allows(&rows.c, shape, base, &mut gs)
                        .ok_or(Halt::Decline)?
                    {
                        continue 'clauses;
                    }
                }
                for q in &cl.queries {
                    let hit = match *q {
                        Query::Point(b) => t >= rows.first[b] && get(&p, x - l.bases[b].1),
                        Query::Ray(a) => cur[a] != usize::MAX && get(&accs[a], cur[a]),
                        Query::Cone(g, b) => t >= rows.first[b] && get(&cones[g], x - l.bases[b].1),
                    };
                    if hit {
                        n = true;
                        break 'clauses;
                    }
                }
            }
            if !n {
                set(&mut p, x);
            }
            for (gi, grp) in l.groups.iter().enumerate() {
                let mut v = !n;
                if !v {
                    for (j, &(_, off)) in grp.gens.iter().enumerate() {
                        if t >= rows.gen_first[gi][j] && get(&cones[gi], x - off) {
                            v = true;
                            break;
                        }
                    }
                }
                if v {
                    set(&mut cones[gi], x);
                }
            }
        }
        done += l.side;
        if done >= next {
            next = done + CHECK_CELLS;
            tick(done).map_err(Halt::Stop)?;
        }
        rows.advance();
    }
    Ok(p)
}

/// Bit rows of a common width (in words) that can grow.
struct BitRows {
    data: Vec<u64>,
    rows: usize,
}

impl BitRows {
    fn new(rows: usize, w: usize) -> Result<BitRows, Halt> {
        let n = rows.checked_mul(w).ok_or(Halt::Decline)?;
        Ok(BitRows {
            data: vec![0; n],
            rows,
        })
    }

    /// Copies every row into rows of `w2 > w` words.
    fn grow(&mut self, w: usize, w2: usize) -> Result<(), Halt> {
        let mut data = vec![0u64; self.rows.checked_mul(w2).ok_or(Halt::Decline)?];
        for r in 0..self.rows {
            data[r * w2..r * w2 + w].copy_from_slice(&self.data[r * w..(r + 1) * w]);
        }
        self.data = data;
        Ok(())
    }
}

/// The Grundy values of the cube, or why the fill stopped.
pub(super) fn grundy(
    l: &Layout,
    shape: &ShapeSpec,
    base: u32,
    tick: Tick<'_>,
) -> Result<Vec<u32>, Halt> {
    let mut g = vec![0u32; l.len];
    let mut w = 1usize;
    let total_rows: usize = l.accs.iter().map(|a| a.lines).sum::<usize>()
        + l.groups.len().checked_mul(l.len).ok_or(Halt::Decline)?;
    let mut accs = l
        .accs
        .iter()
        .map(|a| BitRows::new(a.lines, w))
        .collect::<Result<Vec<_>, _>>()?;
    let mut cones = l
        .groups
        .iter()
        .map(|_| BitRows::new(l.len, w))
        .collect::<Result<Vec<_>, _>>()?;
    let mut cur = vec![usize::MAX; l.accs.len()];
    let mut scratch = vec![0u64; w];
    let mut marked: Vec<usize> = Vec::new();
    // (true: accumulator, false: cone; which; row).
    let mut srcs: Vec<(bool, usize, usize)> = Vec::new();
    let mut gs = GuardScratch::default();
    let k = l.k;
    let mut rows = Rows::new(l);
    let (mut done, mut next) = (0usize, CHECK_CELLS);
    while !rows.done {
        for t in 0..l.side {
            let x = rows.start + t;
            rows.c[k - 1] = t;
            for (a, acc) in l.accs.iter().enumerate() {
                if t >= rows.first[acc.base] {
                    let id = (rows.id0[a] + acc.coef[k - 1] * t as i64) as usize;
                    cur[a] = id;
                    let v = g[x - l.bases[acc.base].1] as usize;
                    accs[a].data[id * w + v / 64] |= 1 << (v % 64);
                } else {
                    cur[a] = usize::MAX;
                }
            }
            srcs.clear();
            'clauses: for cl in &l.clauses {
                for gd in &cl.guards {
                    if !gd
                        .allows(&rows.c, shape, base, &mut gs)
                        .ok_or(Halt::Decline)?
                    {
                        continue 'clauses;
                    }
                }
                for q in &cl.queries {
                    match *q {
                        Query::Point(b) => {
                            if t >= rows.first[b] {
                                let v = g[x - l.bases[b].1] as usize;
                                scratch[v / 64] |= 1 << (v % 64);
                                marked.push(v / 64);
                            }
                        }
                        Query::Ray(a) => {
                            if cur[a] != usize::MAX {
                                srcs.push((true, a, cur[a]));
                            }
                        }
                        Query::Cone(gr, b) => {
                            if t >= rows.first[b] {
                                srcs.push((false, gr, x - l.bases[b].1));
                            }
                        }
                    }
                }
            }
            let mut mex = 64 * w;
            for (j, &mark) in scratch.iter().enumerate() {
                let mut u = mark;
                for &(is_acc, i, r) in &srcs {
                    u |= if is_acc {
                        accs[i].data[r * w + j]
                    } else {
                        cones[i].data[r * w + j]
                    };
                }
                if u != u64::MAX {
                    mex = 64 * j + (!u).trailing_zeros() as usize;
                    break;
                }
            }
            for &j in &marked {
                scratch[j] = 0;
            }
            marked.clear();
            g[x] = u32::try_from(mex).map_err(|_| Halt::Decline)?;
            if mex >= 64 * w {
                // Half again as many words as needed: few copies, little slack per row.
                let w2 = (mex / 64 + 1) * 3 / 2 + 1;
                if total_rows.saturating_mul(w2).saturating_mul(8) > MAX_BITSET_BYTES {
                    return Err(Halt::Decline);
                }
                for r in accs.iter_mut().chain(cones.iter_mut()) {
                    r.grow(w, w2)?;
                }
                scratch.resize(w2, 0);
                w = w2;
            }
            for (gi, grp) in l.groups.iter().enumerate() {
                let (row, rest) = (x * w, &mut cones[gi].data);
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
        done += l.side;
        if done >= next {
            next = done + CHECK_CELLS;
            tick(done).map_err(Halt::Stop)?;
        }
        rows.advance();
    }
    Ok(g)
}
