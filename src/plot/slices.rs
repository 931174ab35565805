//! The `--slice` arguments of a picture of three or more heaps: `NAME=V`, `NAME=V1,V2,...` or
//! `NAME=A..B`, read against the game's heap names, with errors located in the argument.

use super::request::{PlotError, PlotRequest, SliceError, SliceProblem};
use super::MAX_PANELS;
use crate::game::Game;

/// A heap fixed by `--slice`: its index in the position and the values of its panels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    /// Index of the heap.
    pub heap: usize,
    /// Its name as shown.
    pub name: String,
    /// The values, one panel each.
    pub values: Vec<u32>,
}

/// The heap names of a game with `heaps` heaps: its own, or `h1`, `h2`, ...
pub fn heap_names(game: &Game, heaps: usize) -> Vec<String> {
    match &game.shape().names {
        Some(n) => n.clone(),
        None => (1..=heaps).map(|i| format!("h{i}")).collect(),
    }
}

/// Reads the `--slice` arguments: `NAME=V`, `NAME=V1,V2,...` or `NAME=A..B`; every heap but two
/// must be fixed, each once, within the box.
pub(crate) fn parse_slices(
    game: &Game,
    heaps: usize,
    req: &PlotRequest,
) -> Result<Vec<Slice>, PlotError> {
    let names = heap_names(game, heaps);
    let mut out: Vec<Slice> = Vec::new();
    for text in &req.slices {
        let s = parse_slice(game, (&names, &out), text, req.max)?;
        out.push(s);
    }
    if heaps >= 3 && out.len() != heaps - 2 {
        let free = (0..heaps)
            .filter(|i| !out.iter().any(|s| s.heap == *i))
            .map(|i| names[i].clone())
            .collect();
        return Err(PlotError::FreeHeaps { free });
    }
    if heaps == 2 && !out.is_empty() {
        let t = &req.slices[0];
        return Err(SliceError::new(t, 0..t.len(), SliceProblem::TwoHeaps).into());
    }
    let panels: usize = out.iter().map(|s| s.values.len()).product();
    if panels > MAX_PANELS {
        return Err(PlotError::ManyPanels { panels });
    }
    Ok(out)
}

/// One `--slice` argument: the heap it names (one of `names`, not fixed by `before`) and its
/// values, within `lower..=max`.
fn parse_slice(
    game: &Game,
    (names, before): (&[String], &[Slice]),
    text: &str,
    max: u32,
) -> Result<Slice, SliceError> {
    let Some(eq) = text.find('=') else {
        return Err(SliceError::new(text, 0..text.len(), SliceProblem::NoEquals));
    };
    let name = text[..eq].trim();
    let Some(heap) = names.iter().position(|n| n == name) else {
        let problem = SliceProblem::UnknownHeap {
            ruleset: game.checked.name.clone(),
            name: name.to_string(),
            heaps: names.to_vec(),
        };
        return Err(SliceError::new(text, 0..eq, problem));
    };
    if before.iter().any(|s| s.heap == heap) {
        let problem = SliceProblem::Twice(name.to_string());
        return Err(SliceError::new(text, 0..eq, problem));
    }
    let at = |problem| SliceError::new(text, eq + 1..text.len(), problem);
    let values = slice_values(&text[eq + 1..]).map_err(at)?;
    let lower = game.shape().lower;
    if let Some(&value) = values.iter().find(|&&v| v > max || v < lower) {
        return Err(at(SliceProblem::Outside { value, lower, max }));
    }
    if values.is_empty() {
        return Err(at(SliceProblem::NotSizes));
    }
    Ok(Slice {
        heap,
        name: name.to_string(),
        values,
    })
}

/// The values of a slice: `V`, `V1,V2,...` or `A..B`, at most [`MAX_PANELS`] of them.
fn slice_values(vals: &str) -> Result<Vec<u32>, SliceProblem> {
    let num = |t: &str| t.trim().parse::<u32>().map_err(|_| SliceProblem::NotSizes);
    let mut values = Vec::new();
    for part in vals.split(',') {
        let part = part.trim();
        if let Some((a, b)) = part.split_once("..") {
            let (a, b) = (num(a)?, num(b)?);
            // Counted before it is listed: `0..1000000000` is too many, not 4 GB.
            let n = (u64::from(b) + 1).saturating_sub(u64::from(a));
            if values.len() as u64 + n > MAX_PANELS as u64 {
                values.resize(MAX_PANELS + 1, b);
            } else {
                values.extend(a..=b);
            }
        } else {
            values.push(num(part)?);
        }
        if values.len() > MAX_PANELS {
            return Err(SliceProblem::TooMany);
        }
    }
    Ok(values)
}
