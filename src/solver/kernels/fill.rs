//! Filling the ordered cube cell by cell in row-major order (every follower of a cell comes
//! before it): P/N at one bit a cell, Grundy values with bitsets of the values seen on each
//! ray line and in each cone. A cell costs O(queries), not O(followers). The Grundy fill's
//! tables and the cells of a row are the crate `heapgame-grundy-fill` (`grundy-fill/`, its
//! hot loop, compiled at opt-level 3 in the playground); this file walks the rows and asks
//! the guards.

use super::guard::GuardScratch;
use super::layout::{ClauseQ, Layout, Query};
use crate::moves::program::ShapeSpec;
use crate::moves::Interrupt;
use crate::solver::budget::Stop;
use heapgame_grundy_fill::{Clause, End, Row, Shape, Tables};
use rows::{walk, walk_rows, Rows};

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

/// Bit `i` of the bitmap `v`.
#[inline(always)]
pub(super) fn get(v: &[u64], i: usize) -> bool {
    v[i >> 6] >> (i & 63) & 1 == 1
}

/// Sets bit `i` of the bitmap `v`.
#[inline(always)]
pub(super) fn set(v: &mut [u64], i: usize) {
    v[i >> 6] |= 1 << (i & 63);
}

/// Whether every guard of clause `cl` allows the current cell; [`Halt::Decline`] when one
/// cannot be evaluated.
#[inline(always)]
fn guards_allow(
    cl: &ClauseQ,
    c: &[usize],
    (shape, base): (&ShapeSpec, u32),
    gs: &mut GuardScratch,
) -> Result<bool, Halt> {
    for g in &cl.guards {
        let allows = g.allows(c, shape, base, gs).ok_or_else(|| {
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
            if !guards_allow(cl, &rows.c, rules, gs)? {
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

/// The Grundy values of the cube, or why the fill stopped: the rows filled by the tables of
/// [`heapgame_grundy_fill`] (the fill's hot loop, a crate of its own for the playground's
/// opt-level), the guards asked here.
pub(super) fn grundy(
    l: &Layout,
    shape: &ShapeSpec,
    base: u32,
    (tick, stop): (Tick<'_>, Option<Interrupt>),
) -> Result<Vec<u32>, Halt> {
    let mut f = Tables::new(tables_shape(l)).ok_or(Halt::Decline)?;
    let mut gs = GuardScratch::new(stop);
    let (mut c, mut lines) = (vec![0; l.k], vec![(0, 0); l.accs.len()]);
    let mut halt = None;
    walk_rows(l, tick, |rows| {
        c.copy_from_slice(&rows.c);
        rows.lines(&mut lines);
        let row = Row {
            start: rows.start,
            side: l.side,
            first: &rows.first,
            lines: &lines,
            gen_first: &rows.gen_first,
        };
        let mut guard = |clause: usize, t: usize| {
            c[l.k - 1] = t;
            guards_allow(&l.clauses[clause], &c, (shape, base), &mut gs)
                .map_err(|h| halt = Some(h))
                .ok()
        };
        f.row(&row, &mut guard).map_err(|e| match e {
            End::Guard => halt.take().unwrap_or(Halt::Decline),
            End::TooLarge => Halt::Decline,
        })
    })?;
    Ok(f.into_values())
}

/// The cube as [`Tables`] sees it: offsets of the bases, the accumulators' lines, the cone
/// groups' directions, the clauses' queries.
fn tables_shape(l: &Layout) -> Shape {
    Shape {
        len: l.len,
        offs: l.bases.iter().map(|b| b.1).collect(),
        accs: l.accs.iter().map(|a| (a.base, a.lines)).collect(),
        groups: l
            .groups
            .iter()
            .map(|g| g.gens.iter().map(|&(_, off)| off).collect())
            .collect(),
        clauses: l
            .clauses
            .iter()
            .map(|cl| Clause {
                guarded: !cl.guards.is_empty(),
                queries: cl.queries.clone(),
            })
            .collect(),
    }
}
