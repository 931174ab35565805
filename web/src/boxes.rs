//! A solved box ([`heapgame::query::table`]) as the page draws it: the P-positions (at most
//! [`MAX_LISTED`]) and their count, for two heaps every value by `(a, b)` (for the picture
//! and the Grundy table), for one heap the sequence with its period; a loopy game's box with
//! its outcomes P, N or D.

use heapgame::query::table::{Planned, Table};
use heapgame::solver::loopy::{LoopyOutcome, LoopySolution, LoopyValue};
use heapgame::Game;
use serde_json::{json, Value};

/// The most P-positions a solve lists.
pub const MAX_LISTED: usize = 20_000;

/// The largest box whose values are all sent (for the picture of a two-heap box).
pub const MAX_GRID: usize = 1_000_000;

/// The page's answer for a solved box; `grundy` as the page asked (one heap's box is solved
/// for its values whatever it asked).
pub fn table_json(game: &Game, grundy: bool, planned: &Planned, table: &Table) -> Value {
    let (spec, k) = (&planned.spec, planned.k);
    let mut v = json!({
        "ok": true,
        "name": game.checked.name,
        "max": spec.max,
        "heaps": k,
        "any": game.any_count(),
        "grundy": grundy,
        "play": game.play().name(),
        "total": spec.len(),
    });
    let fields = match table {
        Table::Values(listed) => {
            let mut values = Vec::with_capacity(spec.len());
            let mut pos = Vec::new();
            for r in 0..spec.len() {
                spec.unrank(r, &mut pos);
                // `positions where`: the positions it excludes are not listed or counted.
                let v = listed.value(r, &pos);
                values.push(game.allows(&pos).then_some(v));
            }
            let (mode, kernel) = listed.solved_by();
            let mut f = values_json(game, planned, &values);
            f["mode"] = Value::from(format!("{mode:?}"));
            f["kernel"] = Value::from(kernel);
            f
        }
        Table::Loopy { roots, solution } => loopy_json(roots, solution),
    };
    if let (Some(v), Value::Object(f)) = (v.as_object_mut(), fields) {
        v.extend(f);
    }
    v
}

/// The P-positions, the grid of two heaps and the sequence of one, from every position's
/// value by rank (`None`: a position the ruleset excludes).
fn values_json(game: &Game, planned: &Planned, values: &[Option<u32>]) -> Value {
    let (spec, k) = (&planned.spec, planned.k);
    let shape = game.shape();
    let mut pos = Vec::new();
    let mut ps = Vec::new();
    let mut count = 0usize;
    for (r, v) in values.iter().enumerate() {
        if *v == Some(0) {
            count += 1;
            if ps.len() < MAX_LISTED {
                spec.unrank(r, &mut pos);
                ps.push(pos.clone());
            }
        }
    }
    // For two heaps, every value by (a, b), for the picture and the Grundy table.
    let grid = (k == 2 && values.len() <= MAX_GRID).then(|| {
        let n = spec.max as usize + 1;
        let mut cells = vec![Value::Null; n * n];
        for (r, v) in values.iter().enumerate() {
            let Some(v) = v else { continue };
            spec.unrank(r, &mut pos);
            // With any number of heaps, (b) is (0, b) and () is (0, 0).
            while pos.len() < 2 && shape.drops_zeros() {
                pos.insert(0, 0);
            }
            if let [a, b] = pos[..] {
                cells[a as usize * n + b as usize] = Value::from(*v);
                if shape.symmetric() {
                    cells[b as usize * n + a as usize] = Value::from(*v);
                }
            }
        }
        cells
    });
    // One heap: every heap's value, from the least heap allowed, for the sequence's picture
    // (the page draws it, and two heaps from `grid`).
    let sequence = (k == 1).then(|| {
        let lower = shape.lower.min(spec.max);
        let mut heaps = vec![None; (spec.max - lower) as usize + 1];
        for (r, v) in values.iter().enumerate() {
            spec.unrank(r, &mut pos);
            let h = pos.first().copied().unwrap_or(0);
            if h >= lower && v.is_some() {
                heaps[(h - lower) as usize] = *v;
            }
        }
        crate::picture::sequence(&heaps, lower)
    });
    json!({
        "sequence": sequence,
        "p_count": count,
        "p_positions": ps,
        "grid": grid,
    })
}

/// A loopy game's box: its P-positions and their count, how many are draws, and the region
/// Smith's values were computed over.
fn loopy_json(roots: &[Vec<u32>], solution: &LoopySolution) -> Value {
    let mut ps = Vec::new();
    let (mut count, mut draws) = (0usize, 0usize);
    for p in roots {
        match solution.value_of(p).map(LoopyValue::outcome) {
            Some(LoopyOutcome::P) => {
                count += 1;
                if ps.len() < MAX_LISTED {
                    ps.push(p.clone());
                }
            }
            Some(LoopyOutcome::D) => draws += 1,
            _ => {}
        }
    }
    json!({
        "loopy": true,
        "total": roots.len(),
        "p_count": count,
        "p_positions": ps,
        "d_count": draws,
        "region": solution.graph.len(),
        "grid": Value::Null,
        "sequence": Value::Null,
        "mode": "Loopy",
    })
}
