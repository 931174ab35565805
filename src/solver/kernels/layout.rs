//! The layout of a [`Plan`] on the ordered cube: cells indexed row-major (the first heap most
//! significant), and each piece of each clause turned into a query that reads the table at a
//! fixed offset from the cell — a point, a ray (one accumulator per line of the ray's
//! direction, fed with a lag of the ray's apex), or a cone of several directions (an aggregate
//! over the whole cube).

use std::collections::HashMap;

use super::amounts::Piece;
use super::compile::Plan;
use super::guard::Guard;

/// Where a clause looks for followers: the cell `x - base`, the ray from it along one direction
/// (its accumulator), or the cone from it along several (group, base); the Grundy fill's own
/// type (`grundy-fill/`), which reads the same queries.
pub(super) use heapgame_grundy_fill::Query;

/// An accumulator of one ray family: every cell `x - base` is added to the line (of the
/// direction) it lies on when the fill reaches `x`, so that at `x` the line holds exactly the
/// ray `x - base - a * dir`, `a >= 0`.
#[derive(Debug)]
pub(super) struct Acc {
    /// The base (index into [`Layout::bases`]).
    pub base: usize,
    /// Line id of a cell `y`: `sum(coef[i] * y[i]) + konst`.
    pub coef: Vec<i64>,
    /// The constant term, with the base already subtracted: the id of `x - base` is
    /// `sum(coef[i] * x[i]) + konst`.
    pub konst: i64,
    /// How many lines.
    pub lines: usize,
}

/// A cone aggregate: at each cell, everything in the cone from it along `gens`.
#[derive(Debug)]
pub(super) struct Group {
    /// The directions: (coordinates as a mask, cube offset).
    pub gens: Vec<(u64, usize)>,
}

/// A compiled clause.
#[derive(Debug)]
pub(super) struct ClauseQ {
    /// All must allow it.
    pub guards: Vec<Guard>,
    /// Its queries.
    pub queries: Vec<Query>,
}

/// Everything the fill needs.
#[derive(Debug)]
pub(super) struct Layout {
    /// Coordinates.
    pub k: usize,
    /// Values per coordinate.
    pub side: usize,
    /// Cells.
    pub len: usize,
    /// `strides[i] = side^(k - 1 - i)`.
    pub strides: Vec<usize>,
    /// Distinct bases (amount vectors at apexes) with their cube offsets.
    pub bases: Vec<(Vec<usize>, usize)>,
    /// Ray accumulators.
    pub accs: Vec<Acc>,
    /// Cone aggregates.
    pub groups: Vec<Group>,
    /// The clauses.
    pub clauses: Vec<ClauseQ>,
}

impl Layout {
    /// The layout of `plan`; `None` when the cube does not fit in `usize`.
    pub fn new(plan: Plan) -> Option<Layout> {
        let (k, side) = (plan.k, plan.side);
        let mut strides = vec![1usize; k];
        for i in (0..k.saturating_sub(1)).rev() {
            strides[i] = strides[i + 1].checked_mul(side)?;
        }
        let len = strides[0].checked_mul(side)?;
        let mut l = Layout {
            k,
            side,
            len,
            strides,
            bases: Vec::new(),
            accs: Vec::new(),
            groups: Vec::new(),
            clauses: Vec::new(),
        };
        let mut base_ids: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut acc_ids: HashMap<(u64, usize), usize> = HashMap::new();
        let mut group_ids: HashMap<Vec<u64>, usize> = HashMap::new();
        for c in plan.clauses {
            let mut queries = Vec::new();
            for Piece { base, gens } in c.pieces {
                // An amount beyond the cube never applies.
                if base.iter().any(|&a| a as usize >= side) {
                    continue;
                }
                let b = match base_ids.get(&base) {
                    Some(&b) => b,
                    None => {
                        let coords: Vec<usize> = base.iter().map(|&a| a as usize).collect();
                        let off = l.offset(&coords);
                        l.bases.push((coords, off));
                        base_ids.insert(base.clone(), l.bases.len() - 1);
                        l.bases.len() - 1
                    }
                };
                let q = match gens.len() {
                    0 => Query::Point(b),
                    1 => {
                        let key = (gens[0], b);
                        let a = match acc_ids.get(&key) {
                            Some(&a) => a,
                            None => {
                                let acc = l.acc(gens[0], b)?;
                                l.accs.push(acc);
                                acc_ids.insert(key, l.accs.len() - 1);
                                l.accs.len() - 1
                            }
                        };
                        Query::Ray(a)
                    }
                    _ => {
                        let g = match group_ids.get(&gens) {
                            Some(&g) => g,
                            None => {
                                let gs = gens.iter().map(|&m| (m, l.offset(&l.unit(m)))).collect();
                                l.groups.push(Group { gens: gs });
                                group_ids.insert(gens.clone(), l.groups.len() - 1);
                                l.groups.len() - 1
                            }
                        };
                        Query::Cone(g, b)
                    }
                };
                queries.push(q);
            }
            // Points first: the cheapest, and P/N stops at the first P-follower.
            queries.sort_by_key(|q| match q {
                Query::Point(_) => 0,
                Query::Ray(_) => 1,
                Query::Cone(..) => 2,
            });
            l.clauses.push(ClauseQ {
                guards: c.guards,
                queries,
            });
        }
        Some(l)
    }

    /// The cube offset of a cell.
    pub fn offset(&self, c: &[usize]) -> usize {
        c.iter().zip(&self.strides).map(|(a, s)| a * s).sum()
    }

    /// The 0/1 vector of a mask.
    fn unit(&self, mask: u64) -> Vec<usize> {
        (0..self.k).map(|i| (mask >> i & 1) as usize).collect()
    }

    /// The accumulator of direction `mask` fed from base `b`. Lines are numbered by the
    /// coordinates off the direction and, on it, the differences to its first coordinate (in
    /// `-(side - 1)..side`): a linear function of the cell, constant along the direction.
    fn acc(&self, mask: u64, b: usize) -> Option<Acc> {
        let k = self.k;
        let side = i64::try_from(self.side).ok()?;
        let d0 = mask.trailing_zeros() as usize;
        let mut coef = vec![0i64; k];
        let mut konst = 0i64;
        let mut weight = 1i64;
        for i in (0..k).rev() {
            if i == d0 {
                continue;
            }
            let on = mask >> i & 1 == 1;
            coef[i] = weight;
            if on {
                coef[d0] = coef[d0].checked_sub(weight)?;
                konst = konst.checked_add(weight.checked_mul(side - 1)?)?;
                weight = weight.checked_mul(2 * side - 1)?;
            } else {
                weight = weight.checked_mul(side)?;
            }
        }
        let lines = usize::try_from(weight).ok()?;
        // The id of x - base.
        let base = &self.bases[b].0;
        for i in 0..k {
            konst = konst.checked_sub(coef[i].checked_mul(i64::try_from(base[i]).ok()?)?)?;
        }
        Some(Acc {
            base: b,
            coef,
            konst,
            lines,
        })
    }
}
