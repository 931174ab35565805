//! From a game and a request to a [`Figure`]: which picture (a single heap's sequence, a grid
//! of two heaps, or slices of more), the box solved by `solver::solve_box`, the cells filled
//! by canonical position, the colour scale, and the claim overlay. Bad requests are miette
//! reports located in the ruleset or in the `--slice` argument.

use miette::Report;

use super::figure::{Body, Figure, Grid, Panel, Period, Sequence, Shade, DRAW};
use super::overlay::claim_overlay;
use super::request::usage;
pub use super::request::{PlotError, PlotRequest};
pub use super::slices::{heap_names, Slice};
use super::slices::{parse_slices, slice_error};
use super::{MAX_SEQUENCE, MAX_SIDE};
use crate::game::{BoxHeapsError, Game};
use crate::ruleset::diag::Code;
use crate::solver::loopy::{solve_loopy_region, LoopyOutcome, LoopySolution, LoopyValue};
use crate::solver::positions::{box_size, each_position};
use crate::solver::{sum, BoxSpec, BoxValues, Budget, SolveError, Want};

/// The most heaps of a picture (all but two fixed by `--slice`).
const MAX_HEAPS: usize = 1_000;

/// The largest box a picture solves.
pub const MAX_BOX: u128 = 50_000_000;

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
pub fn plan(game: &Game, req: &PlotRequest) -> Result<Plan, Report> {
    let shape = game.shape();
    let name = &game.checked.name;
    let is_sum = sum::is_sum(game.generator());
    // A disjunctive sum is drawn by its single heap's sequence when one heap is asked for,
    // or when the ruleset allows any number of heaps and no count is given.
    let one_heap = req.heaps == Some(1) || (req.heaps.is_none() && game.any_count());
    let (heaps, sequence) = match game.box_heaps(req.heaps) {
        _ if is_sum && one_heap => (1, true),
        Ok(h) => (h, h == 1),
        Err(BoxHeapsError::FixedCount { count, asked }) => {
            return Err(usage(
                game,
                Code::Usage,
                format!("`{name}` has exactly {count} heaps, but --heaps {asked} was given"),
                "leave out --heaps for rulesets with a fixed number of heaps (--heaps 1 draws a sum's single-heap sequence)",
            ))
        }
        Err(BoxHeapsError::AnyCount) => {
            return Err(usage(
                game,
                Code::Usage,
                format!("`{name}` allows any number of heaps: say how many with --heaps"),
                "add --heaps K: --heaps 2 draws the positions of two heaps, --heaps 3 slices of three",
            ))
        }
    };
    if heaps == 0 {
        return Err(usage(
            game,
            Code::Usage,
            "a picture needs at least one heap".into(),
            "use --heaps 1 or more",
        ));
    }
    let too_large = |msg: String, help: &str| usage(game, Code::TooLarge, msg, help);
    // Every heap but two is fixed by a `--slice`, each named: a count past what anyone can
    // list is refused before the names are made.
    if heaps > MAX_HEAPS {
        return Err(too_large(
            format!("{heaps} heaps are more than the {MAX_HEAPS} heaps a picture slices"),
            "draw two heaps (--heaps 2), or fix the others with --slice",
        ));
    }
    if sequence {
        if !req.slices.is_empty() {
            return Err(slice_error(
                &req.slices[0],
                0..req.slices[0].len(),
                "a single heap has no other heap to fix",
                "leave out --slice",
            ));
        }
        // The positions of a single heap hold every heap of a fixed count (2^32 - 1 of them:
        // 16 GB each).
        if let Some(k) = shape.count.filter(|&k| k > MAX_HEAPS) {
            return Err(too_large(
                format!(
                    "`{}` has {k} heaps, more than the {MAX_HEAPS} heaps a picture holds",
                    game.checked.name
                ),
                "draw a ruleset of fewer heaps",
            ));
        }
        if req.max > MAX_SEQUENCE {
            return Err(too_large(
                format!(
                    "--max {} is more than the {MAX_SEQUENCE} heap sizes a sequence picture draws",
                    req.max
                ),
                "lower --max",
            ));
        }
        let size = u128::from(req.max) + 1;
        return Ok(Plan {
            heaps: 1,
            sequence,
            sum: shape.count != Some(1) && is_sum,
            slices: vec![],
            size,
        });
    }
    if req.max < shape.lower {
        return Err(usage(
            game,
            Code::Usage,
            format!(
                "--max {} is below the least heap size {}",
                req.max, shape.lower
            ),
            "raise --max",
        ));
    }
    // In u64: `--max 4294967295` with a least heap of 0 is 2^32 cells.
    let side = u64::from(req.max - shape.lower) + 1;
    if side > u64::from(MAX_SIDE) {
        return Err(too_large(
            format!(
                "--max {} draws {side} cells per side, more than the {MAX_SIDE} a picture holds",
                req.max
            ),
            "lower --max (a picture of at most 4000 x 4000 cells)",
        ));
    }
    let slices = parse_slices(game, heaps, req)?;
    let size = box_size(shape, req.max, heaps).unwrap_or(u128::MAX);
    if size > MAX_BOX {
        return Err(too_large(
            format!(
                "the box holds {} positions, more than the {MAX_BOX} a picture solves",
                if size == u128::MAX {
                    "more than 10^38".to_string()
                } else {
                    size.to_string()
                }
            ),
            "lower --max",
        ));
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
        return Err(usage(
            game,
            Code::Usage,
            format!("`{}` has no claims to overlay", game.checked.name),
            "leave out --claim",
        )
        .into());
    }
    let want = if want_grundy {
        Want::Grundy
    } else {
        Want::Outcome
    };
    let shape = game.shape();
    if plan.sequence {
        let lower = shape.lower.min(req.max);
        // In misère play a sum's single heaps are solved as the box of one heap.
        let normal = game.play() == crate::solver::Play::Normal;
        let values: Vec<u32> = if plan.sum && normal {
            match sum::grundy_sequence(game.generator(), req.max, budget) {
                Ok(s) => s[lower as usize..].to_vec(),
                Err(sum::SeqError::Solve(e)) => return Err(PlotError::Solve(e)),
                Err(sum::SeqError::NotDecreasing) => {
                    return Err(usage(
                        game,
                        Code::Usage,
                        "a single heap can reach itself: no Grundy sequence".into(),
                        "the moves of one heap must lower it",
                    )
                    .into())
                }
            }
        } else {
            let table = solve(game, req.max, 1, want, budget)?;
            (lower..=req.max)
                .map(|n| value_at(game, &table, &[u64::from(n)]))
                .collect::<Result<_, _>>()?
        };
        let (marked, overlay) = if req.claim {
            let positions: Vec<Vec<u32>> = (lower..=req.max)
                .map(|n| single(game, n))
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
        return Ok(Figure {
            title: title(game),
            body: Body::Sequence(Sequence {
                lower,
                values,
                period,
                marked,
                overlay,
            }),
        });
    }
    let table = Values::solve(game, req.max, plan.heaps, want, budget)?;
    if req.claim && matches!(table, Values::Loopy(_)) {
        return Err(usage(
            game,
            Code::Usage,
            format!(
                "`{}` is loopy (its moves can return to a position): --claim is not drawn for it",
                game.checked.name
            ),
            "leave out --claim; `heapgame check` compares its claims with Smith's values",
        )
        .into());
    }
    let names = heap_names(game, plan.heaps);
    let free: Vec<usize> = (0..plan.heaps)
        .filter(|i| !plan.slices.iter().any(|s| s.heap == *i))
        .collect();
    let mut grid = Grid {
        x_label: names[free[0]].clone(),
        y_label: names[free[1]].clone(),
        lower: shape.lower,
        max: req.max,
        shade: Shade::Outcomes,
        panels: vec![],
        overlay: req.claim.then(|| "claim and solver disagree".to_string()),
    };
    for fixed in combinations(&plan.slices) {
        let caption = (!fixed.is_empty()).then(|| {
            fixed
                .iter()
                .map(|(s, v)| format!("{} = {v}", s.name))
                .collect::<Vec<_>>()
                .join(", ")
        });
        let mut wide = vec![0u64; plan.heaps];
        for (s, v) in &fixed {
            wide[s.heap] = u64::from(*v);
        }
        let cells = grid.side() * grid.side();
        let mut values = vec![0u32; cells];
        let mut positions = Vec::with_capacity(if req.claim { cells } else { 0 });
        for y in grid.lower..=grid.max {
            for x in grid.lower..=grid.max {
                wide[free[0]] = u64::from(x);
                wide[free[1]] = u64::from(y);
                let canon = game
                    .canonical(&wide)
                    .map_err(|e| internal(game, &format!("{e}")))?;
                // A cell that `positions where` excludes is not a position: not drawn.
                values[grid.index(x, y)] = if game.allows(&canon) {
                    table.value(game, &canon, req.grundy)?
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
        grid.panels.push(Panel {
            caption,
            values,
            marked,
        });
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
    Ok(Figure {
        title: title(game),
        body: Body::Grid(grid),
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

/// The canonical position of a single heap of size n.
fn single(game: &Game, n: u32) -> Result<Vec<u32>, PlotError> {
    game.canonical(&[u64::from(n)])
        .map_err(|e| internal(game, &format!("{e}")))
}

/// The value of a position in a solved box.
fn value_at(game: &Game, table: &BoxValues, wide: &[u64]) -> Result<u32, PlotError> {
    let canon = game
        .canonical(wide)
        .map_err(|e| internal(game, &format!("{e}")))?;
    let r = table
        .spec
        .rank(&canon)
        .ok_or_else(|| internal(game, "a position outside the box"))?;
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
    fn value(&self, game: &Game, canon: &[u32], grundy: bool) -> Result<u32, PlotError> {
        match self {
            Values::Table(t) => {
                let r = t
                    .spec
                    .rank(canon)
                    .ok_or_else(|| internal(game, "a position outside the box"))?;
                Ok(t.value(r))
            }
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
    let spec = BoxSpec::new(game.shape(), max, heaps).map_err(|_| {
        usage(
            game,
            Code::TooLarge,
            "the box is too large".into(),
            "lower --max",
        )
    })?;
    crate::solver::modes::solve_box_play(game.generator(), &spec, want, budget, game.play())
        .map_err(PlotError::Solve)
}

/// A position the box should hold but does not: a defect, reported rather than drawn wrong.
fn internal(game: &Game, what: &str) -> PlotError {
    usage(
        game,
        Code::Usage,
        format!("internal error while drawing: {what}"),
        "please report this",
    )
    .into()
}
