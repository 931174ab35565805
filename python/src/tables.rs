//! Boxes and sequences into NumPy arrays, made in Rust without a Python object per position:
//! `solve` (every position with every heap `<= max`, indexed by heap sizes, or as a list of
//! positions and one of values), `p_positions`, and `sequence` (one heap's Grundy values and
//! their periodicity).

use heapgame::game::{AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use heapgame::query::sequence::whole;
use heapgame::query::table::{table, BoxAsk, Table, TableError};
use heapgame::ruleset::diag::Code;
use heapgame::sequence::SequenceError;
use heapgame::solver::loopy::{LoopyOutcome, LoopySolution, LoopyValue};
use heapgame::solver::{BoxSpec, BoxValues, Want};
use heapgame::Game;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};

use crate::errors::{to_py, unlocated, Kind};
use crate::run::{Limits, Run};

/// The value of a cell of a dense array that is not a position of the game: a heap below the
/// ruleset's least, a position `positions where` excludes.
pub const NOT_A_POSITION: u32 = u32::MAX;

/// A box the query floor refused before its solve, as the Python error.
fn refused(py: Python<'_>, game: &Game, e: TableError) -> PyErr {
    let usage = |message: String, help: &str| {
        to_py(
            py,
            &unlocated(game, Code::Usage, message, help),
            Kind::Ruleset,
        )
    };
    let limit = |which: &'static str, message: String, help: &str| {
        to_py(
            py,
            &unlocated(game, Code::Limit, message, help),
            Kind::Limit(which),
        )
    };
    let name = &game.checked.name;
    match e {
        // Python names no file to write.
        TableError::Output(e) => pyo3::exceptions::PyOSError::new_err(e.to_string()),
        TableError::Box(BoxError::Heaps(BoxHeapsError::AnyCount)) => {
            usage(AnyCount(name).to_string(), "give heaps=")
        }
        TableError::Box(BoxError::Heaps(BoxHeapsError::FixedCount { count, asked })) => usage(
            format!("`{name}` has exactly {count} heaps, but {asked} were asked for"),
            "leave heaps= out",
        ),
        TableError::Box(BoxError::TooManyHeaps(k)) => usage(
            format!("a box of positions with {k} heaps is more than heapgame lists"),
            &format!("ask for at most {MAX_BOX_HEAPS} heaps"),
        ),
        TableError::Unaddressable(size) => limit(
            "memory",
            format!(
                "the box holds {} positions, more than a table in memory can",
                size.map_or("more than 10^38".to_string(), |n| n.to_string())
            ),
            "lower max or heaps",
        ),
        TableError::Listed { size, most } => limit(
            "positions",
            format!("the box holds {size} positions, more than the {most} listed"),
            "lower max or heaps",
        ),
        TableError::Positions(p) => limit(
            "positions",
            format!(
                "the box holds {} positions, more than the position limit of {}",
                p.spec.len(),
                p.bounds.max_positions
            ),
            "lower max or heaps, or raise max_positions",
        ),
        TableError::Memory(p) => limit(
            "memory",
            format!(
                "the box holds {} positions: {} takes at least {} bytes for them, more than \
                 the memory limit, {}",
                p.spec.len(),
                p.plan.describe(),
                p.bytes(),
                p.bounds.max_memory.map(|(_, why)| why).unwrap_or_default()
            ),
            "lower max or heaps, or raise max_memory",
        ),
        TableError::Solve { error, .. } => to_py(py, &game.solve_diag(&error), Kind::Solve),
    }
}

/// The colex successor of a sorted tuple over `base..=max` (the order of the ranks of a box
/// of unnamed heaps): the first heap that can grow without passing the next grows by one,
/// every heap before it falls back to `base`.
fn next_sorted(x: &mut [u32], base: u32, max: u32) {
    for i in 0..x.len() {
        let room = x.get(i + 1).map_or(x[i] < max, |&next| x[i] < next);
        if room {
            x[i] += 1;
            x[..i].fill(base);
            return;
        }
    }
}

/// The canonical position of a padded, sorted tuple of the box.
fn canonical_of(game: &Game, x: &[u32], out: &mut Vec<u32>) {
    out.clear();
    let drops = game.shape().drops_zeros();
    out.extend(x.iter().copied().filter(|&h| !(drops && h == 0)));
}

/// Each position of the box in rank order as its padded tuple (sorted for unnamed heaps, in
/// heap order for named ones), with its value, for the positions the game allows.
fn each_position(game: &Game, spec: &BoxSpec, table: &BoxValues, mut f: impl FnMut(&[u32], u32)) {
    let k = spec.heaps;
    let shape = game.shape();
    let base = if shape.count.is_some() {
        shape.lower
    } else {
        0
    };
    let ruled = game.positions_text().is_some();
    // Grundy values are read straight from the table; outcomes through `value`.
    let grundy = (table.want == Want::Grundy).then_some(&table.values[..]);
    let value = |r: usize| grundy.map_or_else(|| table.value(r), |vs| vs[r]);
    let mut canon = Vec::with_capacity(k);
    if shape.symmetric() && k == 2 && !ruled && spec.max >= base {
        // Two unnamed heaps (a <= b) in colex order: b, then a, each from `base`.
        let mut r = 0;
        for b in base..=spec.max {
            for a in base..=b {
                f(&[a, b], value(r));
                r += 1;
            }
        }
        return;
    }
    if shape.symmetric() {
        let mut x = vec![base; k];
        for r in 0..spec.len() {
            if ruled {
                canonical_of(game, &x, &mut canon);
            }
            if !ruled || game.allows(&canon) {
                f(&x, value(r));
            }
            next_sorted(&mut x, base, spec.max);
        }
    } else {
        let mut x = Vec::with_capacity(k);
        for r in 0..spec.len() {
            spec.unrank(r, &mut x);
            if !ruled || game.allows(&x) {
                f(&x, value(r));
            }
        }
    }
}

/// The values of a box as a dense array of side `max + 1` in every heap (C order), every
/// order of a position of unnamed heaps filled. Unnamed heaps: each position is first written
/// at its cell with the heaps in decreasing order, which in rank order (colex) is a sweep
/// forward through the array, and then every other cell copies its sorted cell.
fn dense(game: &Game, spec: &BoxSpec, table: BoxValues, side: usize) -> Vec<u32> {
    let k = spec.heaps;
    let shape = game.shape();
    let ruled = game.positions_text().is_some();
    // Named heaps from 0 with nothing excluded: the ranks are the array's own order.
    if !shape.symmetric() && shape.lower == 0 && !ruled && table.want == Want::Grundy {
        return table.values;
    }
    let mut out = vec![NOT_A_POSITION; side.pow(k as u32)];
    let symmetric = shape.symmetric();
    each_position(game, spec, &table, |x, v| out[cell(x, side, symmetric)] = v);
    if symmetric {
        fill_orders(&mut out, side, k);
    }
    out
}

/// The cell of a padded tuple: in heap order for named heaps; for unnamed heaps (a sorted
/// tuple) with the heaps in decreasing order, which in rank order (colex) is a sweep forward
/// through the array.
#[inline]
fn cell(x: &[u32], side: usize, symmetric: bool) -> usize {
    if symmetric {
        x.iter().rev().fold(0usize, |i, &h| i * side + h as usize)
    } else {
        x.iter().fold(0usize, |i, &h| i * side + h as usize)
    }
}

/// Every other order of unnamed heaps filled from the cell with the heaps in decreasing order.
fn fill_orders(out: &mut [u32], side: usize, k: usize) {
    if k == 2 {
        mirror(out, side);
    } else {
        other_orders(out, side, k);
    }
}

/// Fills the cells `(a, b)` with `a < b` from `(b, a)`, tile by tile (a transpose that stays
/// in the cache).
fn mirror(out: &mut [u32], side: usize) {
    const TILE: usize = 64;
    for a0 in (0..side).step_by(TILE) {
        for b0 in (a0..side).step_by(TILE) {
            for a in a0..(a0 + TILE).min(side) {
                for b in b0.max(a + 1)..(b0 + TILE).min(side) {
                    out[a * side + b] = out[b * side + a];
                }
            }
        }
    }
}

/// Fills every cell whose heaps are not in decreasing order from the cell of the same heaps
/// sorted so.
fn other_orders(out: &mut [u32], side: usize, k: usize) {
    let mut digits = vec![0usize; k];
    let mut sorted = vec![0usize; k];
    for c in 0..out.len() {
        if !digits.windows(2).all(|w| w[0] >= w[1]) {
            sorted.copy_from_slice(&digits);
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            out[c] = out[sorted.iter().fold(0, |i, &h| i * side + h)];
        }
        // The next cell's digits (C order: the last heap fastest).
        for d in digits.iter_mut().rev() {
            *d += 1;
            if *d < side {
                break;
            }
            *d = 0;
        }
    }
}

/// Appends a position's heaps (one at a time: `extend_from_slice` calls `memcpy` for every
/// few bytes, which made listing ten million positions four times slower).
#[inline]
fn push(ps: &mut Vec<u32>, x: &[u32]) {
    for &h in x {
        ps.push(h);
    }
}

/// The positions (padded tuples, `k` a row) and their values, in rank order.
fn listed_arrays(
    game: &Game,
    spec: &BoxSpec,
    table: BoxValues,
    p_only: bool,
) -> (Vec<u32>, Vec<u32>) {
    let k = spec.heaps;
    let every = !p_only && game.positions_text().is_none() && table.want == Want::Grundy;
    let n = if p_only { 0 } else { spec.len() };
    let mut ps = Vec::with_capacity(n * k);
    if every {
        // Every position, in rank order: the values are the table's own.
        each_position(game, spec, &table, |x, _| push(&mut ps, x));
        return (ps, table.values);
    }
    let mut vs = Vec::with_capacity(n);
    each_position(game, spec, &table, |x, v| {
        if !p_only || v == 0 {
            push(&mut ps, x);
            vs.push(v);
        }
    });
    (ps, vs)
}

/// The value of a cell of a loopy game's box (asked with `grundy=False`) whose position is a
/// draw; a P-position holds 0 and an N-position 1, as in any box of outcomes.
const DRAW: u32 = 2;

/// A loopy box's position's outcome as its cell holds it: 0 for P, 1 for N, [`DRAW`].
fn loopy_outcome(solution: &LoopySolution, p: &[u32]) -> u32 {
    match solution.value_of(p).map(LoopyValue::outcome) {
        Some(LoopyOutcome::P) => 0,
        Some(LoopyOutcome::N) => 1,
        _ => DRAW,
    }
}

/// A loopy box (its positions, `roots`, answered by Smith's values over the region they
/// reach) as arrays: each position padded to `k` heaps with empty heaps in front, with its
/// outcome; dense as [`dense`] fills it, or listed, or its P-positions alone.
fn loopy_arrays(
    game: &Game,
    (k, side): (usize, usize),
    roots: &[Vec<u32>],
    solution: &LoopySolution,
    (dense, p_only): (bool, bool),
) -> Solved {
    let symmetric = game.shape().symmetric();
    let mut x = Vec::with_capacity(k);
    let mut each = |f: &mut dyn FnMut(&[u32], u32)| {
        for p in roots {
            x.clear();
            x.resize(k.saturating_sub(p.len()), 0);
            x.extend_from_slice(p);
            f(&x, loopy_outcome(solution, p));
        }
    };
    if dense && !p_only {
        let mut out = vec![NOT_A_POSITION; side.pow(k as u32)];
        each(&mut |x, v| out[cell(x, side, symmetric)] = v);
        if symmetric {
            fill_orders(&mut out, side, k);
        }
        return Solved::Dense(out);
    }
    let (mut ps, mut vs) = (Vec::new(), Vec::new());
    each(&mut |x, v| {
        if !p_only || v == 0 {
            push(&mut ps, x);
            vs.push(v);
        }
    });
    Solved::Listed(ps, vs)
}

/// What a box solve returns before it becomes arrays.
enum Solved {
    Dense(Vec<u32>),
    Listed(Vec<u32>, Vec<u32>),
}

/// The box solved and made arrays, or why not; `Ok(None)` when its table did not come back
/// (a defect: a box held whole is always tabulated).
type Outcome = Result<Option<Solved>, TableError>;

/// The values of every position with every heap `<= max` (`heaps` heaps, or at most
/// `heaps` for a ruleset with any number): with `dense`, an array indexed by heap sizes;
/// else `(positions, values)`. Grundy values, or with `grundy=False` 0 for P and 1 for N.
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_box<'py>(
    py: Python<'py>,
    game: &Game,
    max: u32,
    heaps: Option<usize>,
    grundy: bool,
    dense: bool,
    p_only: bool,
    limits: Limits,
) -> PyResult<Bound<'py, PyAny>> {
    let run = Run::new(limits)?;
    let ask = BoxAsk {
        max,
        heaps,
        grundy,
        held: true,
        // Outcomes of a loopy game are Smith's, as `heapgame solve` gives them (a draw is
        // `DRAW`); its Grundy values, some infinite, have no cell: the loop is the solve's
        // error.
        loopy: !grundy,
        most: None,
        output: None,
    };
    let side = max as usize + 1;
    // The dense array weighed before the solve (a box with no number of heaps is the
    // query floor's to refuse).
    let k = game.heap_count(heaps).unwrap_or(0);
    let cells = (dense && !p_only)
        .then(|| {
            side.checked_pow(k as u32)
                .filter(|&c| run.budget.affords(4 * c as u128))
        })
        .map(|c| c.ok_or(()));
    if let Some(Err(())) = cells {
        let message = format!("an array of side {side} in {k} dimensions does not fit in memory");
        let help = "ask dense=False for the positions and their values, or lower max";
        return Err(to_py(
            py,
            &unlocated(game, Code::Limit, message, help),
            Kind::Limit("memory"),
        ));
    }
    let query = limits.query();
    let solved: Outcome = run.watched(py, |budget| {
        let solved = table(game, game.generator(), &ask, &query, budget)?;
        let spec = &solved.planned.spec;
        let listed = match solved.table {
            Table::Values(listed) => listed,
            Table::Loopy { roots, solution } => {
                let at = (solved.planned.k, side);
                return Ok(Some(loopy_arrays(
                    game,
                    at,
                    &roots,
                    &solution,
                    (dense, p_only),
                )));
            }
        };
        let Some(table) = listed.tabulated() else {
            return Ok(None);
        };
        Ok(Some(if dense && !p_only {
            Solved::Dense(self::dense(game, spec, table, side))
        } else {
            let (ps, vs) = listed_arrays(game, spec, table, p_only);
            Solved::Listed(ps, vs)
        }))
    })?;
    let solved = solved.map_err(|e| match e {
        TableError::Solve { error, planned, .. } => {
            let context = format!(
                "while solving the {} positions of the box",
                planned.spec.len()
            );
            run.failure(py, game, &error, &context)
        }
        e => refused(py, game, e),
    })?;
    let Some(solved) = solved else {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "heapgame: the box came back without its table (a defect of heapgame's)",
        ));
    };
    match solved {
        Solved::Dense(v) => {
            let shape = vec![side; k];
            Ok(v.into_pyarray(py).reshape(shape)?.into_any())
        }
        Solved::Listed(ps, vs) => {
            let n = vs.len();
            let ps = ps.into_pyarray(py).reshape([n, k])?;
            if p_only {
                return Ok(ps.into_any());
            }
            let vs = vs.into_pyarray(py);
            Ok((ps, vs).into_pyobject(py)?.into_any())
        }
    }
}

/// One heap's Grundy values `0..=max` and their periodicity, as a dict.
pub(crate) fn grundy_sequence<'py>(
    py: Python<'py>,
    game: &Game,
    max: u32,
    limits: Limits,
) -> PyResult<Bound<'py, PyDict>> {
    let run = Run::new(limits)?;
    let query = limits.query();
    let s = run
        .watched(py, |budget| whole(game, max, &query, budget))?
        .map_err(|e| match e {
            SequenceError::NotSum(l) => to_py(py, &l, Kind::Ruleset),
            SequenceError::Solve(e) => run.failure(
                py,
                game,
                &e,
                &format!("while computing the Grundy values of heaps 0..{max}"),
            ),
        })?;
    let d = PyDict::new(py);
    d.set_item("values", s.values.into_pyarray(py))?;
    let p = s.periodic.as_ref();
    d.set_item("preperiod", p.map(|p| p.period.preperiod))?;
    d.set_item("period", p.map(|p| p.period.period))?;
    d.set_item("saltus", p.map(|p| p.period.saltus))?;
    d.set_item("proven", p.is_some_and(|p| p.proven))?;
    d.set_item("reason", p.map(|p| p.reason.clone()))?;
    Ok(d)
}
