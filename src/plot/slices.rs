//! The `--slice` arguments of a picture of three or more heaps: `NAME=V`, `NAME=V1,V2,...` or
//! `NAME=A..B`, read against the game's heap names, with errors located in the argument.

use std::sync::Arc;

use miette::{NamedSource, Report};

use super::request::{usage, PlotRequest};
use super::MAX_PANELS;
use crate::game::Game;
use crate::ruleset::diag::{Code, Diag, LoadError};

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

/// A problem in one `--slice` argument, pointing into it.
pub(crate) fn slice_error(
    text: &str,
    span: std::ops::Range<usize>,
    msg: &str,
    help: &str,
) -> Report {
    let src = Arc::new(NamedSource::new("--slice", text.to_string()));
    let mut d = Diag::new(Code::Usage, span, msg.to_string(), "here").help(help);
    d.source = Some(src.clone());
    Report::new(LoadError::single(src, d))
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
) -> Result<Vec<Slice>, Report> {
    let names = heap_names(game, heaps);
    let mut out: Vec<Slice> = Vec::new();
    for text in &req.slices {
        let Some(eq) = text.find('=') else {
            return Err(slice_error(
                text,
                0..text.len(),
                "a slice is NAME=VALUES",
                "e.g. `--slice h3=5` or `--slice h3=0,5,10`",
            ));
        };
        let name = text[..eq].trim();
        let Some(heap) = names.iter().position(|n| n == name) else {
            return Err(slice_error(
                text,
                0..eq,
                &format!("`{}` has no heap `{name}`", game.checked.name),
                &format!("its heaps are {}", names.join(", ")),
            ));
        };
        if out.iter().any(|s| s.heap == heap) {
            return Err(slice_error(
                text,
                0..eq,
                &format!("heap `{name}` is fixed twice"),
                "give each heap one --slice, with several values if wanted: `h3=0,5`",
            ));
        }
        let vals = &text[eq + 1..];
        let bad = || {
            slice_error(
                text,
                eq + 1..text.len(),
                "not a list of heap sizes",
                "write V, V1,V2,... or A..B",
            )
        };
        let mut values = Vec::new();
        for part in vals.split(',') {
            let part = part.trim();
            if let Some((a, b)) = part.split_once("..") {
                let (a, b): (u32, u32) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                // Counted before it is listed: `0..1000000000` is too many, not 4 GB.
                let n = (u64::from(b) + 1).saturating_sub(u64::from(a));
                if values.len() as u64 + n > MAX_PANELS as u64 {
                    values.resize(MAX_PANELS + 1, b);
                } else {
                    values.extend(a..=b);
                }
            } else {
                values.push(part.parse().map_err(|_| bad())?);
            }
            if values.len() > MAX_PANELS {
                return Err(slice_error(
                    text,
                    eq + 1..text.len(),
                    &format!("more than {MAX_PANELS} slices"),
                    "draw fewer slices at once",
                ));
            }
        }
        let lower = game.shape().lower;
        if let Some(v) = values.iter().find(|&&v| v > req.max || v < lower) {
            return Err(slice_error(
                text,
                eq + 1..text.len(),
                &format!("{v} is outside the box {lower}..={}", req.max),
                "fix the heap at a size within --max",
            ));
        }
        if values.is_empty() {
            return Err(bad());
        }
        out.push(Slice {
            heap,
            name: name.to_string(),
            values,
        });
    }
    if heaps >= 3 && out.len() != heaps - 2 {
        let free: Vec<&str> = (0..heaps)
            .filter(|i| !out.iter().any(|s| s.heap == *i))
            .map(|i| names[i].as_str())
            .collect();
        return Err(Report::new(LoadError::single(
            game.src.clone(),
            Diag::new(
                Code::Usage,
                0..0,
                format!(
                    "a picture has two axes, but {} heaps are free: {}{}",
                    free.len(),
                    free[..free.len().min(8)].join(", "),
                    if free.len() > 8 { ", ..." } else { "" }
                ),
                "",
            )
            .help(format!(
                "fix all but two with --slice, e.g. `--slice {}=5`",
                free.last().copied().unwrap_or("h3")
            )),
        )));
    }
    if heaps == 2 && !out.is_empty() {
        let t = &req.slices[0];
        return Err(slice_error(
            t,
            0..t.len(),
            "a game of two heaps has no heap to fix",
            "leave out --slice",
        ));
    }
    let panels: usize = out.iter().map(|s| s.values.len()).product();
    if panels > MAX_PANELS {
        return Err(usage(
            game,
            Code::Usage,
            format!("the slices make {panels} panels, more than {MAX_PANELS}"),
            "draw fewer slices at once",
        ));
    }
    Ok(out)
}
