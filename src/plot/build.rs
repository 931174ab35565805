//! From a game and a request to a [`Figure`]: which picture (a single heap's sequence, a grid
//! of two heaps, or slices of more), the box solved by `solver::solve_box`, the cells filled
//! by canonical position, the colour scale, and the claim overlay. Bad requests are miette
//! reports located in the ruleset or in the `--slice` argument.

use super::figure::{Body, Figure, Grid, Panel, Period, Sequence, Shade, DRAW};
use super::overlay::claim_overlay;
pub use super::request::{PlotError, PlotRequest, MAX_BOX, MAX_HEAPS};
use super::slices::parse_slices;
pub use super::slices::{heap_names, Slice};
use super::{MAX_SEQUENCE, MAX_SIDE};
use crate::game::{BoxHeapsError, Game};
use crate::solver::loopy::{solve_loopy_region, LoopyOutcome, LoopySolution, LoopyValue};
use crate::solver::positions::{box_size, each_position};
use crate::solver::{sum, BoxSpec, BoxValues, Budget, SolveError, Want};

/// What a request draws, once checked against the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Heaps of the box solved.
    pub heaps: usize,
    /// A single heap's sequence (by the sum's single-heap values when `sum`).
    pub sequence: bool,
    /// The sequence comes from a disjunctive sum's single heap.
    pub sum: bool,
    /// Fixed heaps (grids of three or more heaps).
    pub slices: Vec<Slice>,
    /// Positions in the box solved.
    pub size: u128,
}

/// Checks the request against the game: which picture, which box.
pub fn plan(game: &Game, req: &PlotRequest) -> Result<Plan, PlotError> {
    let is_sum = sum::is_sum(game.generator());
    let (heaps, sequence) = picture_heaps(game, req, is_sum)?;
    // Every heap but two is fixed by a `--slice`, each named: a count past what anyone can
    // list is refused before the names are made.
    if heaps > MAX_HEAPS {
        return Err(PlotError::TooManyHeaps { heaps });
    }
    if sequence {
        plan_sequence(game, req, is_sum)
    } else {
        plan_grid(game, req, heaps)
    }
}

/// The heaps of the picture's box, and whether it is a single heap's sequence: a disjunctive
/// sum is drawn by its single heap's sequence when one heap is asked for, or when the ruleset
/// allows any number of heaps and no count is given.
fn picture_heaps(game: &Game, req: &PlotRequest, is_sum: bool) -> Result<(usize, bool), PlotError> {
    let ruleset = game.checked.name.clone();
    let one_heap = req.heaps == Some(1) || (req.heaps.is_none() && game.any_count());
    let (heaps, sequence) = match game.box_heaps(req.heaps) {
        _ if is_sum && one_heap => (1, true),
        Ok(h) => (h, h == 1),
        Err(BoxHeapsError::FixedCount { count, asked }) => {
            return Err(PlotError::FixedCount {
                ruleset,
                count,
                asked,
            })
        }
        Err(BoxHeapsError::AnyCount) => return Err(PlotError::AnyCount { ruleset }),
    };
    if heaps == 0 {
        return Err(PlotError::NoHeap);
    }
    Ok((heaps, sequence))
}

/// The plan of a single heap's sequence.
fn plan_sequence(game: &Game, req: &PlotRequest, is_sum: bool) -> Result<Plan, PlotError> {
    let shape = game.shape();
    if let Some(t) = req.slices.first() {
        return Err(super::request::SliceError::new(
            t,
            0..t.len(),
            super::request::SliceProblem::SingleHeap,
        )
        .into());
    }
    // The positions of a single heap hold every heap of a fixed count (2^32 - 1 of them:
    // 16 GB each).
    if let Some(count) = shape.count.filter(|&k| k > MAX_HEAPS) {
        return Err(PlotError::RulesetTooManyHeaps {
            ruleset: game.checked.name.clone(),
            count,
        });
    }
    if req.max > MAX_SEQUENCE {
        return Err(PlotError::SequenceTooLong { max: req.max });
    }
    Ok(Plan {
        heaps: 1,
        sequence: true,
        sum: shape.count != Some(1) && is_sum,
        slices: vec![],
        size: u128::from(req.max) + 1,
    })
}

/// The plan of a grid of two heaps, or of slices of more.
fn plan_grid(game: &Game, req: &PlotRequest, heaps: usize) -> Result<Plan, PlotError> {
    let shape = game.shape();
    if req.max < shape.lower {
        return Err(PlotError::BelowLeast {
            max: req.max,
            lower: shape.lower,
        });
    }
    // In u64: `--max 4294967295` with a least heap of 0 is 2^32 cells.
    let side = u64::from(req.max - shape.lower) + 1;
    if side > u64::from(MAX_SIDE) {
        return Err(PlotError::SideTooLarge { max: req.max, side });
    }
    let slices = parse_slices(game, heaps, req)?;
    let size = box_size(shape, req.max, heaps).unwrap_or(u128::MAX);
    if size > MAX_BOX {
        return Err(PlotError::BoxTooLarge { size });
    }
    Ok(Plan {
        heaps,
        sequence: false,
        sum: false,
        slices,
        size,
    })
}

/// The ruleset's name and its parameters, for the title, and the play.
pub fn title(game: &Game) -> String {
    let c = &game.checked;
    let play = match game.play() {
        crate::solver::Play::Misere => ", misère play",
        crate::solver::Play::Normal => ", normal play",
    };
    if c.params.is_empty() {
        return format!("{}{play}", c.name);
    }
    let ps: Vec<String> = c.params.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    format!("{} ({}){play}", c.name, ps.join(", "))
}

/// Builds the picture of `plan` (from [`plan`]); `period` finds a sequence's period (its
/// `start` an index into the values it is given).
pub fn build(
    game: &Game,
    req: &PlotRequest,
    plan: &Plan,
    budget: &Budget,
    period: &dyn Fn(&[u32]) -> Option<Period>,
) -> Result<Figure, PlotError> {
    let want_grundy = req.grundy
        || plan.sequence
        || (req.claim && crate::verify::claim::Needs::of_all(game).grundy);
    if req.claim && game.checked.claims.is_empty() {
        return Err(PlotError::NoClaims {
            ruleset: game.checked.name.clone(),
        });
    }
    let want = if want_grundy {
        Want::Grundy
    } else {
        Want::Outcome
    };
    let body = if plan.sequence {
        Body::Sequence(sequence(game, req, plan, want, budget, period)?)
    } else {
        Body::Grid(grid(game, req, plan, want, budget)?)
    };
    Ok(Figure {
        title: title(game),
        body,
    })
}

/// A single heap's sequence of values, with its period and the claim overlay.
fn sequence(
    game: &Game,
    req: &PlotRequest,
    plan: &Plan,
    want: Want,
    budget: &Budget,
    period: &dyn Fn(&[u32]) -> Option<Period>,
) -> Result<Sequence, PlotError> {
    let lower = game.shape().lower.min(req.max);
    // In misère play a sum's single heaps are solved as the box of one heap.
    let normal = game.play() == crate::solver::Play::Normal;
    let values: Vec<u32> = if plan.sum && normal {
        match sum::grundy_sequence(game.generator(), req.max, budget) {
            Ok(s) => s[lower as usize..].to_vec(),
            Err(sum::SeqError::Solve(e)) => return Err(PlotError::Solve(e)),
            Err(sum::SeqError::NotDecreasing) => return Err(PlotError::ReachesItself),
        }
    } else {
        let table = solve(game, req.max, 1, want, budget)?;
        (lower..=req.max)
            .map(|n| value_at(&table, &canonical(game, &[u64::from(n)])?))
            .collect::<Result<_, _>>()?
    };
    let (marked, overlay) = if req.claim {
        let positions: Vec<Vec<u32>> = (lower..=req.max)
            .map(|n| canonical(game, &[u64::from(n)]))
            .collect::<Result<_, _>>()?;
        let flags = claim_overlay(game, &positions, &values, budget)?;
        let m = flags
            .iter()
            .enumerate()
            .filter(|(_, &f)| f)
            .map(|(i, _)| lower + i as u32)
            .collect();
        (m, Some("claim and solver disagree".to_string()))
    } else {
        (vec![], None)
    };
    // The finder counts from the first value; the picture from the least heap.
    let period = period(&values).map(|p| Period {
        start: p.start + lower,
        ..p
    });
    Ok(Sequence {
        lower,
        values,
        period,
        marked,
        overlay,
    })
}

/// A grid of two heaps: one panel, or one per choice of the slices' values.
fn grid(
    game: &Game,
    req: &PlotRequest,
    plan: &Plan,
    want: Want,
    budget: &Budget,
) -> Result<Grid, PlotError> {
    let table = Values::solve(game, req.max, plan.heaps, want, budget)?;
    if req.claim && matches!(table, Values::Loopy(_)) {
        return Err(PlotError::LoopyClaim {
            ruleset: game.checked.name.clone(),
        });
    }
    let names = heap_names(game, plan.heaps);
    let free: Vec<usize> = (0..plan.heaps)
        .filter(|i| !plan.slices.iter().any(|s| s.heap == *i))
        .collect();
    let mut grid = Grid {
        x_label: names[free[0]].clone(),
        y_label: names[free[1]].clone(),
        lower: game.shape().lower,
        max: req.max,
        shade: Shade::Outcomes,
        panels: vec![],
        overlay: req.claim.then(|| "claim and solver disagree".to_string()),
    };
    for fixed in combinations(&plan.slices) {
        let p = panel(
            game,
            req,
            (&grid, plan.heaps, [free[0], free[1]]),
            &fixed,
            (&table, budget),
        )?;
        grid.panels.push(p);
    }
    if req.grundy {
        let most = grid
            .panels
            .iter()
            .flat_map(|p| p.values.iter())
            .filter(|&&v| v != DRAW && v != super::figure::EXCLUDED)
            .max()
            .copied()
            .unwrap_or(0);
        grid.shade = Shade::Grundy {
            scale: req.scale.unwrap_or(most).max(1),
        };
    }
    Ok(grid)
}

/// One panel of `grid`: the heaps `fixed` at their values, the `free` two on the axes.
fn panel(
    game: &Game,
    req: &PlotRequest,
    (grid, heaps, free): (&Grid, usize, [usize; 2]),
    fixed: &[(&Slice, u32)],
    (table, budget): (&Values, &Budget),
) -> Result<Panel, PlotError> {
    let caption = (!fixed.is_empty()).then(|| {
        fixed
            .iter()
            .map(|(s, v)| format!("{} = {v}", s.name))
            .collect::<Vec<_>>()
            .join(", ")
    });
    let mut wide = vec![0u64; heaps];
    for (s, v) in fixed {
        wide[s.heap] = u64::from(*v);
    }
    let cells = grid.side() * grid.side();
    let mut values = vec![0u32; cells];
    let mut positions = Vec::with_capacity(if req.claim { cells } else { 0 });
    for y in grid.lower..=grid.max {
        for x in grid.lower..=grid.max {
            wide[free[0]] = u64::from(x);
            wide[free[1]] = u64::from(y);
            let canon = canonical(game, &wide)?;
            // A cell that `positions where` excludes is not a position: not drawn.
            values[grid.index(x, y)] = if game.allows(&canon) {
                table.value(&canon, req.grundy)?
            } else {
                super::figure::EXCLUDED
            };
            if req.claim {
                positions.push(canon);
            }
        }
    }
    let mut marked = if req.claim {
        claim_overlay(game, &positions, &values, budget)?
    } else {
        vec![false; cells]
    };
    for (m, v) in marked.iter_mut().zip(&values) {
        *m &= *v != super::figure::EXCLUDED;
    }
    if !req.grundy {
        values
            .iter_mut()
            .filter(|v| **v != DRAW && **v != super::figure::EXCLUDED)
            .for_each(|v| *v = u32::from(*v != 0));
    }
    Ok(Panel {
        caption,
        values,
        marked,
    })
}

/// Every choice of one value per slice, in order (one empty choice when there are none).
fn combinations(slices: &[Slice]) -> Vec<Vec<(&Slice, u32)>> {
    let mut out: Vec<Vec<(&Slice, u32)>> = vec![vec![]];
    for s in slices {
        out = out
            .into_iter()
            .flat_map(|c| {
                s.values.iter().map(move |&v| {
                    let mut c = c.clone();
                    c.push((s, v));
                    c
                })
            })
            .collect();
    }
    out
}

/// The canonical position of the heaps `wide`: every cell of a box is one (else a defect).
fn canonical(game: &Game, wide: &[u64]) -> Result<Vec<u32>, PlotError> {
    game.canonical(wide)
        .map_err(|e| PlotError::Internal(e.to_string()))
}

/// The value of a canonical position in a solved box.
fn value_at(table: &BoxValues, canon: &[u32]) -> Result<u32, PlotError> {
    let r = table
        .spec
        .rank(canon)
        .ok_or_else(|| PlotError::Internal("a position outside the box".into()))?;
    Ok(table.value(r))
}

/// The values of a box: a table by rank, or for a loopy game in normal play Smith's values of
/// the box and the positions it reaches.
enum Values {
    Table(BoxValues),
    Loopy(LoopySolution),
}

impl Values {
    /// Solves the box by the solver `solve` uses; when the moves can return to a position,
    /// in normal play, by Smith's values.
    fn solve(
        game: &Game,
        max: u32,
        heaps: usize,
        want: Want,
        budget: &Budget,
    ) -> Result<Values, PlotError> {
        match solve(game, max, heaps, want, budget) {
            Err(PlotError::Solve(SolveError::Cycle(_)))
                if game.play() == crate::solver::Play::Normal =>
            {
                let mut roots = Vec::new();
                each_position(game.shape(), max, heaps, |p| {
                    budget
                        .check(roots.len(), roots.len())
                        .map_err(|s| SolveError::from_stop(s, roots.len()))?;
                    if game.allows(p) {
                        roots.push(p.to_vec());
                    }
                    Ok(())
                })
                .map_err(PlotError::Solve)?;
                solve_loopy_region(game.generator(), roots, budget)
                    .map(Values::Loopy)
                    .map_err(PlotError::Solve)
            }
            other => other.map(Values::Table),
        }
    }

    /// The cell value of a canonical position: the Grundy value (or 0 for P, 1 for N when
    /// only outcomes were solved); for a loopy game its finite Smith value, or [`DRAW`] for a
    /// draw (in a heatmap, `grundy`, for every infinite value; in a picture of outcomes an
    /// infinite N-position is 1).
    fn value(&self, canon: &[u32], grundy: bool) -> Result<u32, PlotError> {
        match self {
            Values::Table(t) => value_at(t, canon),
            Values::Loopy(sol) => match sol.value_of(canon) {
                // Excluded by `positions where`: drawn as the box's other cells are.
                None => Ok(1),
                Some(LoopyValue::Finite(n)) => Ok(*n),
                Some(v) if !grundy && v.outcome() == LoopyOutcome::N => Ok(1),
                Some(_) => Ok(DRAW),
            },
        }
    }
}

/// Solves the box by the solver `solve` uses.
fn solve(
    game: &Game,
    max: u32,
    heaps: usize,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, PlotError> {
    let spec = BoxSpec::new(game.shape(), max, heaps).map_err(|_| PlotError::NoIndex)?;
    crate::solver::modes::solve_box_play(game.generator(), &spec, want, budget, game.play())
        .map_err(PlotError::Solve)
}
