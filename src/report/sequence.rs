//! The Grundy values of one heap (`heapgame sequence`, the REPL's `:sequence`) in rows of the
//! period (as Winning Ways prints them), as CSV, or as JSON.

use std::fmt::Write as _;

use crate::sequence::{Grown, Sequence};
use crate::solver::Play;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// How the sequence is printed.
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) enum SeqFormat {
    /// Rows of the period, then the periodicity in words.
    #[default]
    Text,
    /// `n,grundy` lines.
    Csv,
    /// `{"values": [...], "periodic": {...} | null}`.
    Json,
}

/// The sequence `s` of a game in `play` as `sequence` prints it in `format`, the values of
/// heaps `from..` only (`sequence --from`); the periodicity is that of every value.
pub(crate) fn render_from(s: &Grown, format: SeqFormat, play: Play, from: usize) -> String {
    let mut out = String::new();
    write_from(s, format, play, from, &mut |part| {
        out.push_str(part);
        true
    });
    out
}

/// The values a part of the output holds at most (a part is whole lines).
const PART: usize = 1 << 16;

/// The heaps `from..len` in parts of at most [`PART`].
fn parts(from: usize, len: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    (from..len)
        .step_by(PART)
        .map(move |a| a..(a + PART).min(len))
}

/// As [`render_from`], given to `sink` part by part (whole lines); stops when `sink` says
/// so (returns false), and returns whether every part was given.
pub(crate) fn write_from(
    s: &Grown,
    format: SeqFormat,
    play: Play,
    from: usize,
    sink: &mut dyn FnMut(&str) -> bool,
) -> bool {
    let from = from.min(s.values.len());
    match format {
        SeqFormat::Text => {
            let head = match play {
                Play::Misere => "misère play: the misère nim values g^- of one heap\n",
                Play::Normal => "normal play: the Grundy values of one heap\n",
            };
            sink(head) && text_parts(s, from, sink)
        }
        SeqFormat::Csv => {
            sink("n,grundy\n")
                && parts(from, s.values.len()).all(|part| {
                    let mut out = String::new();
                    for n in part {
                        outln!(out, "{n},{}", s.values.get(n));
                    }
                    sink(&out)
                })
        }
        SeqFormat::Json => json_parts(s, play, from, sink),
    }
}

/// The JSON object with "values" written last, part by part (serde_json writes an object's
/// keys in order, and "values" is the last of them).
fn json_parts(s: &Grown, play: Play, from: usize, sink: &mut dyn FnMut(&str) -> bool) -> bool {
    let periodic = s.periodic.as_ref().map(|p| {
        serde_json::json!({
            "preperiod": p.period.preperiod,
            "period": p.period.period,
            "saltus": p.period.saltus,
            "proven": p.proven,
            "reason": p.reason,
        })
    });
    let mut v = serde_json::json!({
        "play": play.name(),
        "periodic": periodic,
    });
    if from > 0 {
        v["from"] = from.into();
    }
    if let Some(f) = &s.rare {
        v["largest"] = s.values.max().into();
        v["rare_common"] = rare_json(f);
    }
    let head = v.to_string();
    let head = format!("{},\"values\":[", &head[..head.len() - 1]);
    if !sink(&head) {
        return false;
    }
    let all = parts(from, s.values.len()).all(|part| {
        let mut out = String::new();
        for n in part {
            if n > from {
                out.push(',');
            }
            let _ = write!(out, "{}", s.values.get(n));
        }
        sink(&out)
    });
    all && sink("]}\n")
}

/// The rare/common engine's classes (Flammenkamp's tables give the mask and the rare
/// values): per group of split clauses, the mask, the position bit, the rare values, how
/// many heaps are rare and the last of them; and the work done.
fn rare_json(f: &crate::solver::sum::rare::RareFacts) -> serde_json::Value {
    let groups: Vec<serde_json::Value> = f
        .groups
        .iter()
        .map(|g| {
            serde_json::json!({
                "amounts_parity": g.amounts_parity,
                "mask": g.mask,
                "position": g.position,
                "rare_values": g.rare_values,
                "rare_heaps": g.rare_heaps.len(),
                "last_rare_heap": g.rare_heaps.last(),
            })
        })
        .collect();
    let st = &f.stats;
    serde_json::json!({
        "groups": groups,
        "heaps_by_rare_pairs": st.fast + st.scanned,
        "heaps_by_every_split": st.plain,
        "new_rare_values": st.rare_found,
        "splits_scanned": st.pairs,
        "rare_pairs": st.rare_pairs,
    })
}

/// The values in rows of the period (rows of 10 when none shows), each row led by its first
/// heap, then the periodicity in words.
pub fn text(s: &Sequence) -> String {
    text_from(&s.grown(), 0)
}

/// As [`text`], the rows from heap `from` on.
fn text_from(s: &Grown, from: usize) -> String {
    let mut out = String::new();
    text_parts(s, from, &mut |part| {
        out.push_str(part);
        true
    });
    out
}

/// As [`text_from`], given to `sink` part by part.
fn text_parts(s: &Grown, from: usize, sink: &mut dyn FnMut(&str) -> bool) -> bool {
    let len = s.values.len();
    let largest = (from..len).map(|n| s.values.get(n)).max();
    let width = largest.map_or(1, |m| m.to_string().len()).max(1);
    let row = s.periodic.as_ref().map_or(10, |p| p.period.period).max(1);
    let lead = len.to_string().len();
    let rows = (PART / row).max(1);
    let mut at = from;
    while at < len {
        let end = at.saturating_add(row.saturating_mul(rows)).min(len);
        let mut out = String::new();
        for first in (at..end).step_by(row) {
            let cells: Vec<String> = (first..(first + row).min(end))
                .map(|n| format!("{:>width$}", s.values.get(n)))
                .collect();
            outln!(out, "{first:>lead$}: {}", cells.join(" "));
        }
        if !sink(&out) {
            return false;
        }
        at = end;
    }
    sink(&period_words(s))
}

/// The periodicity in words, the last line of the text.
fn period_words(s: &Grown) -> String {
    let mut out = String::new();
    match &s.periodic {
        Some(p) => {
            let saltus = if p.period.saltus != 0 {
                format!(", saltus {}", p.period.saltus)
            } else {
                String::new()
            };
            let status = if p.proven { "proven" } else { "not proven" };
            outln!(
                out,
                "period {} from {}{saltus} ({status}: {})",
                p.period.period,
                p.period.preperiod,
                p.reason
            );
        }
        None => outln!(
            out,
            "no period shows in heaps 0..{} (none proven, and none repeats {} times over at \
             least the last third of the values)",
            s.values.len().saturating_sub(1),
            crate::sequence::REPEATS
        ),
    }
    out
}
