//! Boxes and sequences into NumPy arrays, made in Rust without a Python object per position:
//! `solve` (every position with every heap `<= max`, indexed by heap sizes, or as a list of
//! positions and one of values), `p_positions`, and `sequence` (one heap's Grundy values and
//! their periodicity).

use heapgame::game::{AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
use heapgame::moves::MoveError;
use heapgame::ruleset::diag::Code;
use heapgame::sequence::{sequence, SequenceError};
use heapgame::solver::{BoxSpec, BoxValues, Budget, SolveError, Want};
use heapgame::Game;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};

use crate::errors::{to_py, unlocated, Kind};
use crate::native::Native;
use crate::run::{Limits, Run};

/// The value of a cell of a dense array that is not a position of the game: a heap below the
/// ruleset's least, a position `positions where` excludes.
pub const NOT_A_POSITION: u32 = u32::MAX;

/// A box of the game: its spec, checked against the limits before anything is solved.
fn box_spec(
    py: Python<'_>,
    game: &Game,
    run: &Run,
    max: u32,
    heaps: Option<usize>,
) -> PyResult<BoxSpec> {
    let usage = |message: String, help: &str| {
        to_py(
            py,
            &unlocated(game, Code::Usage, message, help),
            Kind::Ruleset,
        )
    };
    let name = &game.checked.name;
    let (k, size) = game.box_of(max, heaps).map_err(|e| match e {
        BoxError::Heaps(BoxHeapsError::AnyCount) => {
            usage(AnyCount(name).to_string(), "give heaps=")
        }
        BoxError::Heaps(BoxHeapsError::FixedCount { count, asked }) => usage(
            format!("`{name}` has exactly {count} heaps, but {asked} were asked for"),
            "leave heaps= out",
        ),
        BoxError::TooManyHeaps(k) => usage(
            format!("a box of positions with {k} heaps is more than heapgame lists"),
            &format!("ask for at most {MAX_BOX_HEAPS} heaps"),
        ),
    })?;
    let limit = |which: &'static str, message: String, help: &str| {
        to_py(
            py,
            &unlocated(game, Code::Limit, message, help),
            Kind::Limit(which),
        )
    };
    let shown = size.map_or("more than 10^38".to_string(), |n| n.to_string());
    if let (Some(m), Some(n)) = (run.budget.max_positions, size) {
        if n > m as u128 {
            return Err(limit(
                "positions",
                format!("the box holds {shown} positions, more than the position limit of {m}"),
                "lower max or heaps, or raise max_positions",
            ));
        }
    }
    BoxSpec::new(game.shape(), max, k).map_err(|_| {
        limit(
            "memory",
            format!("the box holds {shown} positions, more than a table in memory can"),
            "lower max or heaps",
        )
    })
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
    let mut canon = Vec::with_capacity(k);
    if shape.symmetric() {
        let mut x = vec![base; k];
        for r in 0..spec.len() {
            if ruled {
                canonical_of(game, &x, &mut canon);
            }
            if !ruled || game.allows(&canon) {
                f(&x, table.value(r));
            }
            next_sorted(&mut x, base, spec.max);
        }
    } else {
        let mut x = Vec::with_capacity(k);
        for r in 0..spec.len() {
            spec.unrank(r, &mut x);
            if !ruled || game.allows(&x) {
                f(&x, table.value(r));
            }
        }
    }
}

/// The values of a box as a dense array of side `max + 1` in every heap (C order), every
/// permutation of a position of unnamed heaps filled.
fn dense(game: &Game, spec: &BoxSpec, table: BoxValues, side: usize) -> Vec<u32> {
    let k = spec.heaps;
    let shape = game.shape();
    // Named heaps from 0 with nothing excluded: the ranks are the array's own order.
    if !shape.symmetric()
        && shape.lower == 0
        && game.positions_text().is_none()
        && table.want == Want::Grundy
    {
        return table.values;
    }
    let cells = side.pow(k as u32);
    let mut out = vec![NOT_A_POSITION; cells];
    let index = |x: &[u32]| x.iter().fold(0usize, |i, &h| i * side + h as usize);
    if shape.symmetric() && k == 2 {
        each_position(game, spec, &table, |x, v| {
            let (a, b) = (x[0] as usize, x[1] as usize);
            out[a * side + b] = v;
            out[b * side + a] = v;
        });
    } else if shape.symmetric() {
        let mut p = Vec::with_capacity(k);
        each_position(game, spec, &table, |x, v| {
            // Every distinct permutation, from the sorted one (lexicographic successor).
            p.clear();
            p.extend_from_slice(x);
            loop {
                out[index(&p)] = v;
                if !next_permutation(&mut p) {
                    break;
                }
            }
        });
    } else {
        each_position(game, spec, &table, |x, v| out[index(x)] = v);
    }
    out
}

fn next_permutation(p: &mut [u32]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// The positions (padded tuples, `k` a row) and their values, in rank order.
fn listed(game: &Game, spec: &BoxSpec, table: &BoxValues, p_only: bool) -> (Vec<u32>, Vec<u32>) {
    let (mut ps, mut vs) = (Vec::new(), Vec::new());
    each_position(game, spec, table, |x, v| {
        if !p_only || v == 0 {
            ps.extend_from_slice(x);
            vs.push(v);
        }
    });
    (ps, vs)
}

/// What a box solve returns before it becomes arrays.
enum Solved {
    Dense(Vec<u32>),
    Listed(Vec<u32>, Vec<u32>),
}

type Outcome = Result<Solved, SolveError<MoveError>>;

fn solve_table(
    game: &Game,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<MoveError>> {
    game.solve_box_through(game.generator(), spec, want, budget)
}

impl Native {
    /// The values of every position with every heap `<= max` (`heaps` heaps, or at most
    /// `heaps` for a ruleset with any number): with `dense`, an array indexed by heap sizes;
    /// else `(positions, values)`. Grundy values, or with `grundy=False` 0 for P and 1 for N.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn solve_box<'py>(
        &self,
        py: Python<'py>,
        max: u32,
        heaps: Option<usize>,
        grundy: bool,
        dense: bool,
        p_only: bool,
        limits: Limits,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = &*self.game;
        let run = Run::new(limits)?;
        let spec = box_spec(py, game, &run, max, heaps)?;
        let k = spec.heaps;
        let side = max as usize + 1;
        let cells = (dense && !p_only)
            .then(|| {
                side.checked_pow(k as u32)
                    .filter(|&c| run.budget.affords(4 * c as u128))
            })
            .map(|c| c.ok_or(()));
        if let Some(Err(())) = cells {
            let message =
                format!("an array of side {side} in {k} dimensions does not fit in memory");
            let help = "ask dense=False for the positions and their values, or lower max";
            return Err(to_py(
                py,
                &unlocated(game, Code::Limit, message, help),
                Kind::Limit("memory"),
            ));
        }
        let want = if grundy { Want::Grundy } else { Want::Outcome };
        let solved: Outcome = run.watched(py, |budget| {
            let table = solve_table(game, &spec, want, budget)?;
            Ok(if dense && !p_only {
                Solved::Dense(self::dense(game, &spec, table, side))
            } else {
                let (ps, vs) = listed(game, &spec, &table, p_only);
                Solved::Listed(ps, vs)
            })
        })?;
        let context = format!("while solving the {} positions of the box", spec.len());
        match solved.map_err(|e| run.failure(py, game, &e, &context))? {
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
        &self,
        py: Python<'py>,
        max: u32,
        limits: Limits,
    ) -> PyResult<Bound<'py, PyDict>> {
        let game = &*self.game;
        let run = Run::new(limits)?;
        let s = run
            .watched(py, |budget| sequence(game, max, budget))?
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
}
