//! Positions as typed: checked against the ruleset's shape and `positions where` item, made
//! canonical, and read from text (`3 5 7`, `(3, 5, 7)`, `3,5,7`) with errors located in it.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource};
use thiserror::Error;

use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::syntax::position::position_tokens;

use super::{show_position, Game};

/// A position that does not fit the ruleset's shape.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq, Eq)]
pub enum PositionError {
    /// `heaps 2` given three heaps.
    #[error("this ruleset's positions have exactly {want} heaps, but {got} were given")]
    #[diagnostic(code(heapgame::position), help("give {want} heap sizes"))]
    WrongCount {
        /// Heaps given.
        got: usize,
        /// Heaps required.
        want: usize,
    },
    /// A heap below `each >= b`.
    #[error("every heap must be at least {bound}, but one is {heap}")]
    #[diagnostic(code(heapgame::position), help("the shape says `each >= {bound}`"))]
    BelowBound {
        /// The heap.
        heap: u64,
        /// The bound.
        bound: u32,
    },
    /// A heap beyond what the solver stores.
    #[error("the heap {heap} is too large: heaps are at most {max}")]
    #[diagnostic(
        code(heapgame::position),
        help("exploring a game from such a position is far beyond any computer; a closed-form claim may still answer it")
    )]
    TooLarge {
        /// The heap.
        heap: String,
        /// The largest heap size.
        max: u32,
    },
    /// `positions where C` on the position stopped by the time limit or Ctrl-C.
    #[error(
        "stopped while deciding whether the position is one of this game (its `positions where`)"
    )]
    #[diagnostic(
        code(heapgame::position),
        help("the time limit (--time) or Ctrl-C stopped it; give more time, or a condition quicker to evaluate")
    )]
    Stopped,
    /// A position that `positions where C` excludes.
    #[error("{position} is not a position of this game: `{rule}` excludes it")]
    #[diagnostic(
        code(heapgame::position),
        help("give a position where the condition holds")
    )]
    Excluded {
        /// The position, as shown.
        position: String,
        /// The `positions where` item, as written.
        rule: String,
    },
}

impl Game {
    /// The canonical form of a position: checked against the shape, sorted where heaps have
    /// no names, empty heaps dropped where they vanish.
    pub fn canonical(&self, heaps: &[u64]) -> Result<Vec<u32>, PositionError> {
        let shape = self.shape();
        if let Some(want) = shape.count {
            if heaps.len() != want {
                return Err(PositionError::WrongCount {
                    got: heaps.len(),
                    want,
                });
            }
        }
        let mut out = Vec::with_capacity(heaps.len());
        for &h in heaps {
            let v = u32::try_from(h).map_err(|_| PositionError::TooLarge {
                heap: h.to_string(),
                max: u32::MAX,
            })?;
            if v < shape.lower {
                return Err(PositionError::BelowBound {
                    heap: h,
                    bound: shape.lower,
                });
            }
            if v == 0 && shape.drops_zeros() {
                continue;
            }
            out.push(v);
        }
        if shape.symmetric() {
            out.sort_unstable();
        }
        Ok(out)
    }

    /// [`Game::canonical`], and then an error when `positions where` excludes the position:
    /// how a position given by the user is read.
    pub fn admit(&self, heaps: &[u64]) -> Result<Vec<u32>, PositionError> {
        let out = self.canonical(heaps)?;
        let Some(rule) = &self.generator.positions else {
            return Ok(out);
        };
        let stop = self
            .reading_stop
            .as_ref()
            .and_then(crate::solver::Budget::as_interrupt);
        let slots = (&mut Vec::new(), &mut Vec::new());
        let allowed = match rule.allows(&out, slots, stop.as_deref()) {
            Ok(a) => a,
            Err(e) if e.kind == crate::ruleset::expr::EvalErrorKind::Interrupted => {
                return Err(PositionError::Stopped);
            }
            // As in `allows`: the moves into the position report the error.
            Err(_) => false,
        };
        if !allowed {
            return Err(PositionError::Excluded {
                position: show_position(&out),
                rule: self.positions_text().unwrap_or_default(),
            });
        }
        Ok(out)
    }

    /// Whether the canonical position `pos` is a position of the game: true unless the
    /// ruleset's `positions where C` excludes it (or `C` cannot be evaluated there, an error
    /// the moves into `pos` report).
    pub fn allows(&self, pos: &[u32]) -> bool {
        match &self.generator.positions {
            None => true,
            Some(rule) => rule
                .allows(pos, (&mut Vec::new(), &mut Vec::new()), None)
                .unwrap_or(false),
        }
    }

    /// The ruleset's `positions where C` item as written, if it has one.
    pub fn positions_text(&self) -> Option<String> {
        let rule = self.generator.positions.as_ref()?;
        let text = self.src.inner().get(rule.span.clone())?;
        Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// Reads heap sizes as typed on a command line (`3 5 7`, `(3, 5, 7)`, `3,5,7`) into a
    /// canonical position; a problem points into the typed text, shown as `position`.
    pub fn read_position(&self, words: &[String]) -> Result<Vec<u32>, LoadError> {
        let text = words.join(" ");
        let src = Arc::new(NamedSource::new("position", text.clone()));
        let fail = |d: Diag| {
            let mut d = d;
            d.source = Some(src.clone());
            LoadError::single(src.clone(), d)
        };
        // The tokens with their byte ranges in `text`.
        let toks =
            position_tokens(&text).map_err(|e| {
                fail(Diag::new(Code::Position, e.span, e.message, e.label).help(
                    "write heap sizes apart by spaces or commas, such as `3 5 7` or `(3, 5, 7)`",
                ))
            })?;
        if let Some(want) = self.shape().count.filter(|&w| w != toks.len()) {
            return Err(fail(self.wrong_count(&toks, want, text.len())));
        }
        let mut heaps = Vec::with_capacity(toks.len());
        for &(at, tok) in &toks {
            heaps.push(u64::from(self.heap_size(at, tok).map_err(|d| fail(*d))?));
        }
        self.admit(&heaps).map_err(|e| {
            let (label, help) = match &e {
                PositionError::Excluded { .. } => (
                    "not a position of this game",
                    "the ruleset's `positions where` says which positions exist; give one \
                     where its condition holds",
                ),
                PositionError::Stopped => (
                    "its `positions where` was still being evaluated",
                    "the time limit (--time) or Ctrl-C stopped it; give more time, or a \
                     condition quicker to evaluate",
                ),
                _ => ("", "check the heap sizes"),
            };
            fail(Diag::new(Code::Position, 0..text.len(), e.to_string(), label).help(help))
        })
    }

    /// `want` heaps expected and `toks` typed (a text of `len` bytes): the problem, at the
    /// heaps too many or after the last one given.
    fn wrong_count(&self, toks: &[(usize, &str)], want: usize, len: usize) -> Diag {
        let (span, label) = if toks.len() > want {
            // In bounds: there are more than `want` tokens.
            let s = toks[want].0;
            (s..len, "one heap too many".to_string())
        } else if let Some(&(at, tok)) = toks.last() {
            let missing = want - toks.len();
            let label = format!(
                "{missing} more heap{} expected after this",
                if missing == 1 { "" } else { "s" }
            );
            (at..at + tok.len(), label)
        } else {
            (0..0, String::new())
        };
        let label = if toks.len() > want + 1 {
            format!("{} heaps too many", toks.len() - want)
        } else {
            label
        };
        Diag::new(
            Code::Position,
            span,
            format!(
                "`{}` has exactly {want} heap{}, but {} {} given",
                self.checked.name,
                if want == 1 { "" } else { "s" },
                toks.len(),
                if toks.len() == 1 { "was" } else { "were" }
            ),
            label,
        )
        .help(format!(
            "give {want} heap sizes, such as `{}`",
            example(want)
        ))
    }

    /// The heap typed as `tok` at byte `at`: digits, within `u32`, at least the shape's least
    /// heap.
    fn heap_size(&self, at: usize, tok: &str) -> Result<u32, Box<Diag>> {
        let shape = self.shape();
        let span = at..at + tok.len();
        if !tok.bytes().all(|b| b.is_ascii_digit()) {
            let help = match &shape.names {
                Some(names) => format!(
                    "the heaps of `{}` are named; give their sizes in digits, in the order \
                     ({}), such as `{}`",
                    self.checked.name,
                    names.join(", "),
                    example(names.len())
                ),
                None => {
                    "heap sizes are whole numbers >= 0 written in digits, such as `3 5 7`".into()
                }
            };
            let d = Diag::new(
                Code::Position,
                span,
                format!("{} is not a heap size", crate::syntax::error::quote(tok)),
                "not a whole number",
            );
            return Err(Box::new(d.help(help)));
        }
        let Ok(v) = tok.parse::<u32>() else {
            let d = Diag::new(
                Code::Position,
                span,
                format!(
                    "the heap {} is too large: heaps are at most {}",
                    crate::syntax::error::shorten(tok),
                    u32::MAX
                ),
                "too large",
            );
            return Err(Box::new(d.help(
                "exploring a game from such a position is far beyond any computer; a \
                 closed-form claim may still answer it",
            )));
        };
        if v < shape.lower {
            let d = Diag::new(
                Code::Position,
                span,
                format!(
                    "every heap must be at least {}, but this one is {v}",
                    shape.lower
                ),
                "below the lower bound",
            );
            return Err(Box::new(
                d.help(format!("the ruleset says `each >= {}`", shape.lower)),
            ));
        }
        Ok(v)
    }
}

/// A position of `k` heaps to show in a hint: `1 2 3`.
fn example(k: usize) -> String {
    (1..=k.min(6))
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(" ")
        + if k > 6 { " ..." } else { "" }
}
