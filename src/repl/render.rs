//! What the REPL prints beside `report`'s answers: lists of moves (from the query floor's
//! answers: the command line prints none of them), the ruleset (`:show`), the
//! parameters, the statistics. Plain text, no colours, so that piped output is stable.

use std::fmt::Write as _;
use std::time::Duration;

use crate::game::show_position;
use crate::solver::loopy::LoopySolution;
use crate::syntax::ast::Item;
use crate::Game;

/// The followers of `pos` (the moves offered in a game), numbered from 1.
pub fn moves(pos: &[u32], followers: &[Vec<u32>]) -> String {
    let rows = followers.iter().map(|f| (f.as_slice(), None)).collect();
    listing(pos, "", rows)
}

/// The followers of `pos` with their Grundy values (`:moves POSITION`), numbered from 1.
pub fn valued_moves(pos: &[u32], followers: &[(Vec<u32>, u32)]) -> String {
    let rows = (followers.iter())
        .map(|(f, g)| {
            (
                f.as_slice(),
                Some((if *g == 0 { "P" } else { "N" }.to_string(), g.to_string())),
            )
        })
        .collect();
    listing(pos, "", rows)
}

/// The followers of a loopy game's position (the root of the region solved), numbered from
/// 1, each with its outcome (P, N or D) and Smith's value.
pub fn loopy_moves(sol: &LoopySolution) -> String {
    let mut fs: Vec<&[u32]> = (sol.graph.succ[0].iter())
        .map(|&w| sol.graph.position(w))
        .collect();
    fs.sort();
    let rows = (fs.into_iter())
        .filter_map(|f| {
            let v = sol.value_of(f)?;
            Some((f, Some((v.outcome().to_string(), v.to_string()))))
        })
        .collect();
    listing(sol.graph.position(0), " (a loopy game)", rows)
}

/// A follower and, when shown, its outcome and value.
type Row<'a> = (&'a [u32], Option<(String, String)>);

/// The rows of a list of moves from `pos`, numbered from 1, `note` after the title.
fn listing(pos: &[u32], note: &str, rows: Vec<Row<'_>>) -> String {
    let mut s = String::new();
    if rows.is_empty() {
        let _ = writeln!(
            s,
            "no moves from {}: the player to move loses",
            show_position(pos)
        );
        return s;
    }
    let n = rows.len();
    let plural = if n == 1 { "" } else { "s" };
    let _ = writeln!(s, "{n} move{plural} from {}{note}:", show_position(pos));
    let num_w = format!("#{n}").len();
    let pos_w = (rows.iter())
        .map(|(f, _)| show_position(f).len())
        .max()
        .unwrap_or(0);
    for (i, (f, value)) in rows.iter().enumerate() {
        let num = format!("#{}", i + 1);
        let _ = match value {
            Some((o, g)) => writeln!(
                s,
                "  {num:>num_w$}  {:pos_w$}  {o}  grundy {g}",
                show_position(f)
            ),
            None => writeln!(s, "  {num:>num_w$}  {}", show_position(f)),
        };
    }
    s
}

/// The parameters and their values, marking those set in this session.
pub fn params(game: &Game, overrides: &[String]) -> String {
    let mut s = String::new();
    if game.checked.params.is_empty() {
        let _ = writeln!(s, "`{}` has no parameters", game.checked.name);
        return s;
    }
    for (name, value) in &game.checked.params {
        let set = overrides
            .iter()
            .any(|o| o.split_once('=').is_some_and(|(n, _)| n.trim() == name));
        let _ = writeln!(s, "  {name} = {value}{}", if set { "   (set)" } else { "" });
    }
    s
}

/// `:show`: name, file, source, parameters, shape, moves, claims, as written.
pub fn show(game: &Game, file: &str, overrides: &[String]) -> String {
    let mut s = String::new();
    let c = &game.checked;
    let _ = writeln!(s, "ruleset:    {}", c.name);
    let _ = writeln!(s, "file:       {file}");
    if let Some(src) = &c.source {
        let _ = writeln!(s, "source:     {src}");
    }
    if c.params.is_empty() {
        let _ = writeln!(s, "parameters: none");
    } else {
        let _ = writeln!(s, "parameters:");
        s.push_str(&params(game, overrides));
    }
    let text = game.src.inner();
    // The file was parsed when it was loaded, so this parse succeeds; if it ever did not,
    // the items are simply left out.
    let Ok(ast) = crate::syntax::parse_file(text) else {
        return s;
    };
    let mut moves = String::new();
    let mut claims = String::new();
    for item in &ast.items {
        match item {
            Item::Move(m) => moves.push_str(&excerpt(text, &m.span)),
            Item::Claim(cl) => claims.push_str(&excerpt(text, &cl.span)),
            other => one_line(&mut s, text, other),
        }
    }
    let _ = writeln!(s, "moves:");
    s.push_str(&moves);
    if claims.is_empty() {
        let _ = writeln!(s, "claims:     none");
    } else {
        let _ = writeln!(s, "claims:");
        s.push_str(&claims);
    }
    s
}

/// An item `:show` writes on one line after its title (`shape:`, `require:`, `check:`,
/// `play:`); the others it leaves out.
fn one_line(s: &mut String, text: &str, item: &Item) {
    let joined =
        |span: &std::ops::Range<usize>| item_lines(text.get(span.clone()).unwrap_or("")).join(" ");
    let _ = match item {
        Item::Shape(sh) => writeln!(s, "shape:      {}", joined(&sh.span)),
        Item::Require(r) => writeln!(s, "require:    {}", joined(&r.span)),
        Item::CheckBound(b) => writeln!(s, "check:      {}", joined(&b.span)),
        Item::Play(word, _) => writeln!(s, "play:       {word}"),
        Item::Move(_) | Item::Claim(_) => Ok(()),
        Item::Source(..) | Item::Let(_) | Item::Fn(_) | Item::Positions(_) => Ok(()),
    };
}

/// An item's source lines as `:show` lists a move or a claim: indented by two, continuation
/// lines re-indented by their common indentation.
fn excerpt(text: &str, span: &std::ops::Range<usize>) -> String {
    let lines = item_lines(text.get(span.clone()).unwrap_or(""));
    let indent = lines
        .iter()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        let l = if i == 0 {
            l
        } else {
            l.get(indent..).unwrap_or(l)
        };
        let _ = writeln!(out, "  {}{l}", if i == 0 { "" } else { "  " });
    }
    out
}

/// The lines of an item's source text, without the blank and comment lines that its span
/// takes in after it.
fn item_lines(t: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = t.trim_end().lines().collect();
    while lines
        .last()
        .is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        lines.pop();
    }
    lines
}

/// `:formulas`: each built-in formula's signature, what it gives, and its summary.
pub fn formulas() -> String {
    let mut s = String::new();
    for f in crate::formulas::registry() {
        let kind = if f.grundy { "P, Grundy" } else { "P" };
        let _ = writeln!(s, "  {}  [{kind}]", f.signature());
        let _ = writeln!(s, "      {}", f.summary);
    }
    let _ = writeln!(
        s,
        "Compare with one: `:diff --formula NAME(ARGS)`; parameters of the ruleset may be \
         arguments."
    );
    s
}

/// `:stats`.
pub fn stats(
    game: Option<&Game>,
    stored: usize,
    limit: Option<usize>,
    last: Option<Duration>,
) -> String {
    let mut s = String::new();
    match game {
        Some(g) => {
            let _ = writeln!(s, "ruleset:            {}", g.checked.name);
        }
        None => {
            let _ = writeln!(s, "ruleset:            none loaded");
        }
    }
    let _ = writeln!(s, "positions in memo:  {stored}");
    let _ = writeln!(
        s,
        "limit:              {}",
        limit.map_or("none".to_string(), |l| format!("{l} positions"))
    );
    if let Some(d) = last {
        let _ = writeln!(s, "last computation:   {}", duration(d));
    }
    s
}

/// A duration for people: `0.42 ms`, `1.3 s`.
fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_layout() {
        let m = valued_moves(&[1, 2], &[(vec![0, 1], 2), (vec![1, 1], 0)]);
        assert_eq!(
            m,
            "2 moves from (1, 2):\n  #1  (0, 1)  N  grundy 2\n  #2  (1, 1)  P  grundy 0\n"
        );
        assert_eq!(
            moves(&[0], &[]),
            "no moves from (0): the player to move loses\n"
        );
        assert_eq!(moves(&[2], &[vec![1]]), "1 move from (2):\n  #1  (1)\n");
    }

    #[test]
    fn items_lose_trailing_comments() {
        assert_eq!(
            item_lines("heaps k\n\n  # (i) a comment\n  "),
            vec!["heaps k"]
        );
        assert_eq!(
            item_lines("move {\n  take 1\n}\n"),
            vec!["move {", "  take 1", "}"]
        );
    }

    #[test]
    fn durations() {
        assert_eq!(duration(Duration::from_micros(420)), "420 µs");
        assert_eq!(duration(Duration::from_millis(12)), "12.0 ms");
        assert_eq!(duration(Duration::from_millis(2500)), "2.50 s");
    }
}
