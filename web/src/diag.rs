//! Problems for the page: a [`LoadError`] as structured data (code, message, which text it
//! points into, the place in bytes and in the UTF-16 units JavaScript counts in, line and
//! column, label, help) and as the command line renders it (miette, without colours).

use heapgame::ruleset::diag::{Diag, LoadError};
use miette::{GraphicalReportHandler, GraphicalTheme};
use serde_json::{json, Value};

/// What a diagnostic points into: the ruleset in the editor, a parameter's input, or the
/// position box. The page uses it to mark the right field.
fn target(d: &Diag, err: &LoadError) -> (String, String) {
    match &d.source {
        Some(s) => (s.name().to_string(), s.inner().clone()),
        None => (err.src.name().to_string(), err.src.inner().clone()),
    }
}

/// A byte range of `text` as (UTF-16 start, UTF-16 end, line, column), clamped to the text
/// and to character boundaries.
fn place(text: &str, start: usize, end: usize) -> (usize, usize, usize, usize) {
    let fit = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let (s, e) = (fit(start), fit(end.max(start)));
    let before = &text[..s];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    let u16s = before.encode_utf16().count();
    let u16e = u16s + text[s..e].encode_utf16().count();
    (u16s, u16e, line, col)
}

/// One problem as JSON.
fn one(d: &Diag, err: &LoadError) -> Value {
    let (source, text) = target(d, err);
    let (start, end, line, column) = place(&text, d.span.start, d.span.end);
    let also: Vec<Value> = d
        .also
        .iter()
        .map(|(sp, label)| {
            let (s, e, l, c) = place(&text, sp.start, sp.end);
            json!({"span": [sp.start, sp.end], "utf16": [s, e], "line": l, "column": c,
                   "label": label})
        })
        .collect();
    json!({
        "code": d.code.as_str(),
        "message": d.message,
        "source": source,
        "span": [d.span.start, d.span.end],
        "utf16": [start, end],
        "line": line,
        "column": column,
        // A problem with no place (a limit) has no label and is not marked.
        "located": !(d.label.is_empty() && d.also.is_empty()),
        "label": d.label,
        "help": d.help,
        "also": also,
    })
}

/// Every problem of `err` with its rendering, as `{"ok": false, "diagnostics": [...],
/// "rendered": "..."}`. The page's first module (feature `first`) answers
/// `{"ok": false, "needs_full": true}` instead: the rendering (miette's graphical handler, a
/// tenth of the module once compressed) is left to the full module, which the page then asks.
pub fn error_json(err: &LoadError) -> Value {
    if cfg!(feature = "first") {
        return json!({"ok": false, "needs_full": true});
    }
    let diags: Vec<Value> = err.diags.iter().map(|d| one(d, err)).collect();
    json!({"ok": false, "diagnostics": diags, "rendered": render(err)})
}

/// The problems as `heapgame` prints them on a terminal without colours.
pub fn render(err: &LoadError) -> String {
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .with_links(false);
    if handler.render_report(&mut out, err).is_err() {
        // The handler only fails when writing fails, which a String never does; keep the
        // message anyway.
        out = err.to_string();
    }
    out
}

/// A located problem of the request (no place in the text), as the page's JSON.
pub(crate) fn problem(
    game: &heapgame::Game,
    code: heapgame::ruleset::diag::Code,
    message: String,
    help: &str,
) -> Value {
    error_json(&LoadError::single(
        game.src.clone(),
        Diag::new(code, 0..0, message, "").help(help),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_utf16_units_and_lines() {
        // "é" is two bytes and one UTF-16 unit; "𝔊" is four bytes and two units.
        let text = "é\nab𝔊cd";
        let at = text.find('c').unwrap();
        assert_eq!(place(text, at, at + 1), (6, 7, 2, 4));
        // Out of range and inside a character: clamped, never a panic.
        assert_eq!(place(text, 1, 100).0, 0);
        assert_eq!(place(text, 100, 0).0, text.encode_utf16().count());
    }
}
