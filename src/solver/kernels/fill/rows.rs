//! The row-major walk of the ordered cube for the fills of `fill.rs`: the state of a row (where
//! each base, ray accumulator and cone direction starts to apply) and the walk itself, with
//! its looks at the budget.

use super::{Halt, Tick};
use crate::solver::kernels::layout::Layout;

/// Cells between two looks at the budget.
const CHECK_CELLS: usize = 1 << 16;

/// The per-row state: where each base, accumulator and cone direction starts to apply. Its
/// tables are boxed slices, not vectors: the cells read them, and indexing a slice is no call
/// in the playground's WebAssembly (opt-level "z" leaves `Vec`'s `Index` a call).
pub(super) struct Rows<'l> {
    l: &'l Layout,
    /// The coordinates of the current cell.
    pub(super) c: Box<[usize]>,
    /// Per base: the least last coordinate from which `x - base` is in the cube on this row
    /// (`usize::MAX`: never).
    pub(super) first: Box<[usize]>,
    /// Per accumulator: the line id of `x - base` at the row's first cell.
    id0: Box<[i64]>,
    /// Per accumulator: its base, and the coefficient of the last coordinate in its line id.
    acc: Box<[(usize, i64)]>,
    /// Per group, per direction: as `first`, for `x - dir`.
    pub(super) gen_first: Box<[Box<[usize]>]>,
    /// Cube offset of the row's first cell.
    pub(super) start: usize,
    done: bool,
}

impl<'l> Rows<'l> {
    fn new(l: &'l Layout) -> Rows<'l> {
        let mut r = Rows {
            l,
            c: vec![0; l.k].into(),
            first: vec![0; l.bases.len()].into(),
            id0: vec![0; l.accs.len()].into(),
            acc: l.accs.iter().map(|a| (a.base, a.coef[l.k - 1])).collect(),
            gen_first: l
                .groups
                .iter()
                .map(|g| vec![0; g.gens.len()].into())
                .collect(),
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

impl Rows<'_> {
    /// Per accumulator: the line id at the row's last coordinate `t` is `id0 + coef * t`,
    /// as (id0, coef), when `x - base` is in the cube (from `first[base]` on).
    pub(super) fn lines(&self, out: &mut [(i64, i64)]) {
        for (o, (&id0, &(_, coef))) in out.iter_mut().zip(self.id0.iter().zip(&self.acc)) {
            *o = (id0, coef);
        }
    }

    /// The line of accumulator `a` through the cell at last coordinate `t`; `usize::MAX` when
    /// `x - base` is outside the cube.
    #[inline(always)]
    pub(super) fn line(&self, a: usize, t: usize) -> usize {
        let (base, coef) = self.acc[a];
        if t >= self.first[base] {
            (self.id0[a] + coef * t as i64) as usize
        } else {
            usize::MAX
        }
    }
}

/// Walks the cube in row-major order, calling `cell` with the rows' state and each cell's last
/// coordinate (`rows.c` is the cell), and `tick` after every [`CHECK_CELLS`] cells or so.
#[inline(always)]
pub(super) fn walk(
    l: &Layout,
    tick: Tick<'_>,
    mut cell: impl FnMut(&Rows<'_>, usize) -> Result<(), Halt>,
) -> Result<(), Halt> {
    walk_rows(l, tick, |rows| row(rows, &mut cell))
}

/// Walks the cube's rows in order, calling `each` with the state of each row (`rows.c` is
/// its first cell), and `tick` after every [`CHECK_CELLS`] cells or so.
#[inline(always)]
pub(super) fn walk_rows(
    l: &Layout,
    tick: Tick<'_>,
    mut each: impl FnMut(&mut Rows<'_>) -> Result<(), Halt>,
) -> Result<(), Halt> {
    let mut rows = Rows::new(l);
    let (mut done, mut next) = (0usize, CHECK_CELLS);
    while !rows.done {
        each(&mut rows)?;
        done += l.side;
        if done >= next {
            next = done + CHECK_CELLS;
            tick(done).map_err(Halt::Stop)?;
        }
        rows.advance();
    }
    Ok(())
}

/// The cells of one row. A call of its own (never inlined into the walk): a WebAssembly engine
/// runs a function in its quick first compilation until it is called again once its
/// optimised one is ready (V8 replaces no running call), so a walk done in one call ran the
/// whole fill in the first compilation; this way every row after the first few runs
/// optimised. One call a row costs nothing natively.
#[inline(never)]
fn row<F: FnMut(&Rows<'_>, usize) -> Result<(), Halt>>(
    rows: &mut Rows<'_>,
    cell: &mut F,
) -> Result<(), Halt> {
    let k = rows.l.k;
    for t in 0..rows.l.side {
        rows.c[k - 1] = t;
        cell(rows, t)?;
    }
    Ok(())
}
