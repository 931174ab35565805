//! The ray kernel: P/N of a box of two heaps whose every clause `rays_match.rs` reads as runs
//! of cells along lines (Euclid's game, two-row Chomp, their variants). The ordered square of
//! the box is filled row by row (every follower takes tokens, so it comes first); each line
//! family keeps one bit a cell, "a P-position lies on this cell's line at or before it", set
//! from the cell's own outcome and its predecessor's bit. A run of followers that reaches back
//! to its line's start then holds a P-position exactly when its nearest cell's bit is set: one
//! look a run, so a cell costs a few operations however many followers it has (Euclid's box
//! of side `n` in `O(n^2)` instead of `O(n^2 log n)` followers, two-row Chomp's in `O(n^2)`
//! instead of `O(n^3)`). With a `positions where` rule, a second bit a cell says whether every
//! cell of its line up to it is excluded, so that a run ending where the rule's cells begin
//! counts as reaching the start. A run that does neither (a bounded bite: `take s in
//! 1..min(bottom - 1, 3)`) is walked cell by cell, a look at each cell's outcome (and, with a
//! rule, a third bit a cell: excluded), so that the kernel solves every box it matches and the
//! plan that names it is the run's ([`crate::solver::plan`]). It declines only where the
//! `positions where` rule cannot be evaluated, the interpreter's error that the search then
//! reports. Grundy values are not computed here (the next kernel or the search gives them).

use super::fill::{get, set, Halt};
use super::rays_match::{plan, Affine, Family, Multiple, Plan, RayClause};
use crate::moves::{Generator, MoveError};
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::table::BoxSpec;
use crate::solver::{BoxValues, ModeUsed, Want};

/// The kernel's name, as reported in [`BoxValues::kernel`].
pub(super) const NAME: &str = "rays";

/// Cells between two looks at the budget.
const CHECK_CELLS: usize = 1 << 16;

/// Most cells of the square (8 GiB a bit map).
const MAX_CELLS: usize = if usize::BITS >= 64 {
    (1u64 << 36) as usize
} else {
    usize::MAX >> 2
};

/// `a / b` rounded down (`b != 0`).
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// The plan of the ruleset on the box, if its moves match.
fn plan_for(game: &Generator, spec: &BoxSpec) -> Option<Plan> {
    if spec.is_empty() || game.shape != spec.shape || spec.heaps != 2 {
        return None;
    }
    let p = plan(game, spec.max)?;
    (p.side.checked_mul(p.side)? <= MAX_CELLS).then_some(p)
}

/// Whether the kernel takes the ruleset on this box for `want`: outcomes only (a box asked
/// for Grundy values is left to the next kernel of the list).
pub(super) fn matches(game: &Generator, spec: &BoxSpec, want: Want) -> bool {
    want == Want::Outcome && plan_for(game, spec).is_some()
}

/// Solves the box's outcomes if the ruleset's moves match.
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    if want != Want::Outcome {
        return None;
    }
    let plan = plan_for(game, spec)?;
    // The kernel holds the whole box: past the position limit it stops at once, as the
    // search would at the limit.
    if let Some(limit) = budget.max_positions.filter(|&m| m < spec.len()) {
        return Some(Err(SolveError::Limit { limit }));
    }
    let n = plan.side;
    let ruled = usize::from(plan.rule.is_some());
    let maps = 1 + ruled + plan.families.len() * (1 + ruled);
    let bytes = (n * n).div_ceil(64) as u128 * 8 * maps as u128;
    if let Err(stop) = budget.reserve(bytes) {
        return Some(Err(SolveError::from_stop(stop, 0)));
    }
    let scale = |cells: usize| (cells as u128 * spec.len() as u128 / (n * n) as u128) as usize;
    let mut tick = |cells: usize| budget.check_now(scale(cells));
    match fill(game, &plan, &mut tick) {
        Ok(out) => Some(Ok(output(spec, &plan, &out))),
        Err(Halt::Decline) => None,
        Err(Halt::Stop(s)) => Some(Err(SolveError::from_stop(s, 0))),
    }
}

/// The cell before `c` on its line of family `f`, if there is one in the square.
#[inline(always)]
fn back(f: &Family, c: [usize; 2]) -> Option<[usize; 2]> {
    match f {
        Family::Fixed(g) => (c[0] >= g[0] && c[1] >= g[1]).then(|| [c[0] - g[0], c[1] - g[1]]),
        Family::Scaled { axis, steps } => {
            let st = steps[c[1 - axis]];
            if st == 0 || c[*axis] < st {
                return None;
            }
            let mut d = c;
            d[*axis] -= st;
            Some(d)
        }
    }
}

/// The fill's bit maps, each of the square's cells in row-major order.
struct Square<'p> {
    plan: &'p Plan,
    n: usize,
    /// P-positions, and the cells the rule excludes (the box's convention for them).
    out: Vec<u64>,
    /// With a rule: the cells it excludes.
    excluded: Vec<u64>,
    /// Per family: a P-position on the cell's line at or before it.
    seen: Vec<Vec<u64>>,
    /// Per family, with a rule: every cell of the line up to this one is excluded.
    void: Vec<Vec<u64>>,
}

impl Square<'_> {
    #[inline(always)]
    fn at(&self, c: [usize; 2]) -> usize {
        c[0] * self.n + c[1]
    }

    /// Whether the run of cells of family `f` from `near` back to `far` holds a P-position:
    /// one look when no cell of the game lies before `far` on the line, else the run walked.
    #[inline]
    fn run(&self, f: usize, near: [usize; 2], far: [usize; 2]) -> Result<bool, Halt> {
        let fam = &self.plan.families[f];
        if let Some(b) = back(fam, far) {
            if self.void.is_empty() || !get(&self.void[f], self.at(b)) {
                return Ok(self.walk(fam, near, far));
            }
        }
        Ok(get(&self.seen[f], self.at(near)))
    }

    /// Whether a cell of the line of `fam` from `near` back to `far` (both on it, `far` at
    /// or before `near`) is a P-position of the game, cell by cell.
    fn walk(&self, fam: &Family, near: [usize; 2], far: [usize; 2]) -> bool {
        let mut c = near;
        loop {
            let x = self.at(c);
            if get(&self.out, x) && (self.excluded.is_empty() || !get(&self.excluded, x)) {
                return true;
            }
            match back(fam, c) {
                Some(b) if c != far => c = b,
                _ => return false,
            }
        }
    }

    /// Whether a [`Multiple`] clause reaches a P-position from `c`.
    fn multiple(&self, m: &Multiple, c: [usize; 2]) -> bool {
        m.sides.iter().any(|&(k, f)| {
            let o = 1 - k;
            let b = c[k];
            if !m.keep[b] {
                return false;
            }
            let Some(need) = m.steps[b].checked_mul(m.lo).filter(|&d| d <= c[o]) else {
                return false;
            };
            let mut near = c;
            near[o] -= need;
            get(&self.seen[f], self.at(near))
        })
    }

    /// Whether an [`Affine`] clause reaches a P-position from `c`.
    fn affine(&self, a: &Affine, c: [usize; 2]) -> Result<bool, Halt> {
        let h = [c[0] as i64, c[1] as i64];
        for &i in &a.heaps {
            let hi = a.hi.as_ref().map_or(h[i], |f| f.value(h).min(h[i]));
            if a.lo > hi {
                continue;
            }
            let fam = |slope: i64| {
                let found = a.fams.iter().find(|&&(s, k, _)| s == slope && k == i);
                found.map(|&(_, _, f)| f).ok_or(Halt::Decline)
            };
            let Some(then) = &a.then else {
                let (mut near, mut far) = (c, c);
                near[i] -= a.lo as usize;
                far[i] -= hi as usize;
                if self.run(fam(0)?, near, far)? {
                    return Ok(true);
                }
                continue;
            };
            let j = 1 - i;
            let lines = &then.lines;
            for l in lines {
                // Where this line is the least (greatest): against every other line, a
                // half-line of `s` (ties count on both sides; a cell met twice is harmless).
                let (mut p, mut q) = (a.lo, hi);
                for o in lines {
                    let (ds, dk) = (l.s - o.s, l.at(h) - o.at(h));
                    // `ds * s + dk <= 0` (the least) or `>= 0` (the greatest).
                    let (ds, dk) = if then.max { (-ds, -dk) } else { (ds, dk) };
                    match ds.signum() {
                        0 if dk > 0 => q = p - 1,
                        0 => {}
                        1 => q = q.min(floor_div(-dk, ds)),
                        _ => p = p.max(-floor_div(-dk, -ds)),
                    }
                }
                // The amount `l.s * s + l.at(h)` within `0..=h[j]` (`l.s >= 0`).
                let (sl, b0) = (l.s, l.at(h));
                if sl == 0 {
                    if b0 < 0 || b0 > h[j] {
                        continue;
                    }
                } else {
                    p = p.max(-floor_div(b0, sl));
                    q = q.min(floor_div(h[j] - b0, sl));
                }
                if p > q {
                    continue;
                }
                let cell = |s: i64| {
                    let mut f = [0usize; 2];
                    f[i] = (h[i] - s) as usize;
                    f[j] = (h[j] - (sl * s + b0)) as usize;
                    f
                };
                if self.run(fam(sl)?, cell(p), cell(q))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Whether some clause reaches a P-position from `c`.
    fn reaches_p(&self, c: [usize; 2]) -> Result<bool, Halt> {
        for cl in &self.plan.clauses {
            let hit = match cl {
                RayClause::Multiple(m) => self.multiple(m, c),
                RayClause::Affine(a) => self.affine(a, c)?,
            };
            if hit {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The square's outcomes (bit set: a P-position, or a cell the rule excludes), row by row;
/// the rule evaluated by `game`'s interpreter where its compiled form cannot say.
fn fill(
    game: &Generator,
    plan: &Plan,
    tick: &mut dyn FnMut(usize) -> Result<(), crate::solver::budget::Stop>,
) -> Result<Vec<u64>, Halt> {
    let n = plan.side;
    let words = (n * n).div_ceil(64);
    let ruled = plan.rule.is_some();
    let mut scratch = (Vec::new(), Vec::new());
    let mut interpreted = |pos: &[u32]| match &game.positions {
        Some(r) => r.allows(pos, (&mut scratch.0, &mut scratch.1), None).ok(),
        None => Some(true),
    };
    let mut sq = Square {
        plan,
        n,
        out: vec![0; words],
        excluded: if ruled { vec![0; words] } else { Vec::new() },
        seen: vec![vec![0; words]; plan.families.len()],
        void: if ruled {
            vec![vec![0; words]; plan.families.len()]
        } else {
            Vec::new()
        },
    };
    let mut regs = plan
        .rule
        .as_ref()
        .map(crate::moves::compiled::CompiledRule::regs);
    let mut next = CHECK_CELLS;
    for x0 in 0..n {
        for x1 in 0..n {
            let c = [x0, x1];
            let mirrored = plan.symmetric && x0 > x1;
            let allowed = match (&plan.rule, regs.as_mut()) {
                (Some(rule), Some(regs)) => {
                    let pos = if mirrored { [x1, x0] } else { c };
                    let pos = [pos[0] as u32, pos[1] as u32];
                    match rule.allows(&pos, regs) {
                        Ok(a) => a,
                        Err(_) => interpreted(&pos).ok_or(Halt::Decline)?,
                    }
                }
                _ => true,
            };
            let p = allowed
                && if mirrored {
                    get(&sq.out, x1 * n + x0)
                } else {
                    !sq.reaches_p(c)?
                };
            let x = x0 * n + x1;
            if p || !allowed {
                set(&mut sq.out, x);
            }
            if !allowed {
                set(&mut sq.excluded, x);
            }
            for (f, fam) in plan.families.iter().enumerate() {
                let b = back(fam, c).map(|b| b[0] * n + b[1]);
                if p || b.is_some_and(|b| get(&sq.seen[f], b)) {
                    set(&mut sq.seen[f], x);
                }
                if ruled && !allowed && b.is_none_or(|b| get(&sq.void[f], b)) {
                    set(&mut sq.void[f], x);
                }
            }
        }
        let done = (x0 + 1) * n;
        if done >= next {
            next = done + CHECK_CELLS;
            tick(done).map_err(Halt::Stop)?;
        }
    }
    Ok(sq.out)
}

/// The box's values from the square: by rank, row-major for named heaps, colex (`(x, y)`,
/// `x <= y`, at `x + y (y + 1) / 2`) for a multiset.
fn output(spec: &BoxSpec, plan: &Plan, out: &[u64]) -> BoxValues {
    let n = plan.side;
    let bits = if plan.symmetric {
        let mut bits = vec![0u64; spec.len().div_ceil(64)];
        let mut q = 0;
        for y in 0..n {
            for x in 0..=y {
                if get(out, x * n + y) {
                    set(&mut bits, q);
                }
                q += 1;
            }
        }
        bits
    } else {
        out.to_vec()
    };
    BoxValues::from_p_bits(spec.clone(), bits, ModeUsed::Table, Some(NAME))
}
