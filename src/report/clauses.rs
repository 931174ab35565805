//! Which move clauses of a ruleset run as compiled code, and for each one the interpreter runs,
//! the part of it that stopped the move compiler, with its line and column: one line a
//! clause, for `heapgame moves --explain` (every clause) and `heapgame solve --verbose` (the
//! interpreted ones). The decision is the compiler's own ([`crate::moves::compiled::explain`],
//! which [`crate::moves::compiled::compile`] and the generator follow) and the generator's,
//! whose fast paths run some clauses before either ([`crate::moves::Generator::fast_path`]);
//! this only words them.

use crate::Game;

/// One clause, explained.
pub(crate) struct ClauseLine {
    /// Whether the clause runs as compiled code.
    pub(crate) compiled: bool,
    /// `move at line 8: compiled (...)` or `move at line 9: interpreted: ...`.
    pub(crate) text: String,
}

/// Each move clause of `game` (one a parameter's instance), in source order, explained.
pub(crate) fn clause_lines(game: &Game) -> Vec<ClauseLine> {
    let text = game.src.inner();
    let at = |i: usize| {
        let before = &text[..i.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.chars().rev().take_while(|&c| c != '\n').count() + 1;
        (line, col)
    };
    let g = game.generator();
    let mut out = Vec::new();
    for (i, m) in g.moves.iter().enumerate() {
        let (line, _) = at(m.span.start);
        let inst: Vec<String> = (m.instance.iter())
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        let inst = match inst.is_empty() {
            true => String::new(),
            false => format!(" ({})", inst.join(", ")),
        };
        let fast = g.fast_path(i);
        let line = match (crate::moves::compiled::explain(&g.shape, m), fast) {
            (Ok(c), fast) => {
                let fast = fast.map_or(String::new(), |f| {
                    format!("; the generator runs it by its fast path for {f}")
                });
                ClauseLine {
                    compiled: true,
                    text: format!(
                        "move at line {line}{inst}: compiled ({}{fast})",
                        c.describe()
                    ),
                }
            }
            (Err(_), Some(f)) => ClauseLine {
                compiled: true,
                text: format!(
                    "move at line {line}{inst}: compiled (the generator's fast path for {f})"
                ),
            },
            (Err(e), None) => {
                let (l, c) = at(e.span.start);
                let part = text.get(e.span.clone()).unwrap_or("").split_whitespace();
                let part = part.collect::<Vec<_>>().join(" ");
                let why = e.what;
                ClauseLine {
                    compiled: false,
                    text: format!(
                        "move at line {line}{inst}: interpreted: {why} at line {l}, column {c}: \
                         `{part}`"
                    ),
                }
            }
        };
        out.push(line);
    }
    out
}
