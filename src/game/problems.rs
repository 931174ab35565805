//! Failures as diagnostics against the ruleset's source: a move that cannot be generated, a
//! solve that failed (a cycle labelled on the moves that make it), a parse error, and the
//! problems of a `-p` value moved into the argument.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource};

use crate::moves::MoveError;
use crate::ruleset::check::ParamOverride;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::SolveError;
use crate::syntax::SyntaxError;

use super::{show_position, Game};

impl Game {
    /// Why the game is not `what` (a sum of single heaps), located at the move that acts on
    /// more than one heap, with `help`; `None` when every move is on one heap alone.
    pub fn not_a_sum(&self, what: &str, help: &str) -> Option<LoadError> {
        let why = crate::solver::sum::why_not_sum(self.generator())?;
        let label = if why.move_index.is_some() {
            "this move is not on one heap alone"
        } else {
            ""
        };
        let d = Diag::new(
            Code::NotSum,
            why.span.clone(),
            format!("`{}` is not {what}: {}", self.checked.name, why.reason),
            label,
        )
        .help(help);
        Some(LoadError::single(self.src.clone(), d))
    }

    /// A move-generation failure as a diagnostic pointing into the ruleset.
    pub fn move_error(&self, e: &MoveError) -> LoadError {
        let d = match e {
            MoveError::Eval(ev) => Diag::new(
                Code::Eval,
                ev.span.clone(),
                format!("a move could not be evaluated: {}", ev.kind),
                "while generating moves",
            )
            .help("integers are 64-bit and never wrap; reals are exact and must be decidable"),
            MoveError::WrongCount { span, got, want } => Diag::new(
                Code::HeapCount,
                span.clone(),
                format!("this move left {got} heaps, but positions have exactly {want}"),
                "changes the number of heaps",
            )
            .help("with `heaps k`, every move must leave k heaps"),
            MoveError::Interrupted => Diag::new(
                Code::Cancelled,
                0..0,
                "stopped while generating the followers (Ctrl-C, the time or memory limit)",
                "",
            ),
        };
        LoadError::single(self.src.clone(), d)
    }

    /// A solver failure as a located problem: a move that cannot be evaluated points at the
    /// move, a cycle at the moves that make it, a limit or Ctrl-C says how far the solve got.
    pub fn solve_diag(&self, e: &SolveError<MoveError>) -> LoadError {
        let d = match e {
            SolveError::Game(m) => return self.move_error(m),
            SolveError::Cycle(c) => self.cycle_diag(c),
            SolveError::Limit { .. } => Diag::new(Code::Limit, 0..0, e.to_string(), "")
                .help("raise the limit with --max-positions, or ask about smaller positions"),
            SolveError::Cancelled { .. } => Diag::new(Code::Cancelled, 0..0, e.to_string(), "")
                .help("nothing was printed; run again to start over"),
        };
        LoadError::single(self.src.clone(), d)
    }

    /// A cycle, with a label on each move clause that makes one of its steps.
    fn cycle_diag(&self, c: &[Vec<u32>]) -> Diag {
        let moves = &self.generator().moves;
        // (span, steps it makes), in the order met along the cycle.
        let mut used: Vec<(crate::syntax::ast::Span, Vec<String>)> = Vec::new();
        for w in c.windows(2) {
            let step = format!("{} -> {}", show_position(&w[0]), show_position(&w[1]));
            // The first move that makes this step is named (moves are in source order).
            if let Some(i) = self.first_clause(&w[0], &w[1]) {
                let span = moves[i].span.clone();
                match used.iter_mut().find(|(s, _)| *s == span) {
                    Some((_, steps)) => {
                        if !steps.contains(&step) {
                            steps.push(step.clone());
                        }
                    }
                    None => used.push((span, vec![step.clone()])),
                }
            }
        }
        let msg = format!(
            "the moves of `{}` can return to a position: {}",
            self.checked.name,
            crate::solver::error::show_cycle(c)
        );
        let label = |steps: &[String]| format!("this move goes {}", steps.join(", "));
        let help = match self.play {
            crate::ruleset::play::Play::Misere => {
                "heapgame solves games whose moves can come back to a position in normal play \
                 only (Smith's values, with draws): `--play normal` (or `play normal` in the \
                 file) would solve this one; in misère play, make every move lower the position"
            }
            crate::ruleset::play::Play::Normal => {
                "a game whose moves can come back to a position has no Grundy value here; \
                 make every move lower the position (take at least one token, split into \
                 non-empty parts, ...)"
            }
        };
        let mut it = used.into_iter();
        match it.next() {
            Some((span, steps)) => {
                let mut d = Diag::new(Code::Cycle, span, msg, label(&steps)).help(help);
                for (span, steps) in it {
                    d = d.also(span, label(&steps));
                }
                d
            }
            None => Diag::new(Code::Cycle, 0..0, msg, "").help(help),
        }
    }
}

/// A `-p` override that checked fine: its name, the argument as a source, the value's span.
type Given<'a> = (&'a str, Arc<NamedSource<String>>, std::ops::Range<usize>);

/// Moves the problems that lie in a `-p` value into the `-p` argument itself.
///
/// The checker reports a bad value where it is used (`take S from ...`); when that use is
/// just the name of a parameter set by a `-p` that itself checked fine, the value the user
/// typed is to blame, so the problem points into the argument, and the help says where the
/// value is used.
pub(super) fn point_into_overrides(
    text: &str,
    overrides: &[ParamOverride],
    diags: Vec<Diag>,
) -> Vec<Diag> {
    // (name, source of the argument, the value's span in it), for overrides without problems.
    let mut given: Vec<Given<'_>> = Vec::new();
    for o in overrides {
        let Some((name, value)) = o.text.split_once('=') else {
            continue;
        };
        let src_name = format!("-p {}", o.text);
        if diags
            .iter()
            .any(|d| d.source.as_ref().is_some_and(|s| s.name() == src_name))
        {
            continue;
        }
        let lead = value.len() - value.trim_start().len();
        let start = name.len() + 1 + lead;
        let end = (name.len() + 1 + value.trim_end().len()).max(start);
        // Later overrides of the same name win, as in the checker.
        given.retain(|(n, _, _)| *n != name.trim());
        given.push((
            name.trim(),
            Arc::new(NamedSource::new(src_name, o.text.clone())),
            start..end,
        ));
    }
    if given.is_empty() {
        return diags;
    }
    let mut out: Vec<Diag> = diags
        .into_iter()
        .map(|mut d| {
            let blamed = matches!(
                d.code,
                Code::Range | Code::Type | Code::Unbounded | Code::Eval
            ) && d.source.is_none();
            let used = text.get(d.span.clone()).unwrap_or("");
            if let Some((name, src, span)) = given.iter().find(|(n, _, _)| blamed && *n == used) {
                let line = text[..d.span.start].matches('\n').count() + 1;
                let why = d.help.take();
                d.help = Some(match why {
                    Some(h) => format!("`{name}` is used on line {line} ({}); {h}", d.label),
                    None => format!("`{name}` is used on line {line} ({})", d.label),
                });
                d.label = format!("the value given to `{name}`");
                d.span = span.clone();
                d.source = Some(src.clone());
            }
            d
        })
        .collect();
    out.sort_by_key(|d| (d.source.is_some(), d.span.start));
    out
}

/// A parse error as a [`Diag`]: its message and help come from [`SyntaxError`] itself.
pub(crate) fn syntax_diag(e: SyntaxError) -> Diag {
    let (code, span, label) = match &e {
        SyntaxError::Unexpected { span, label, .. } => (Code::Parse, *span, label.clone()),
        SyntaxError::IntegerTooLarge { span, .. } => {
            (Code::IntegerTooLarge, *span, "too large".to_string())
        }
        SyntaxError::DecimalTooLong { span, .. } => {
            (Code::DecimalTooLong, *span, "too long".to_string())
        }
        SyntaxError::TooDeep { span, .. } => (Code::Parse, *span, "too deep".to_string()),
        SyntaxError::Slip { span, label, .. } => (Code::Parse, *span, label.clone()),
    };
    let help = Diagnostic::help(&e).map(|h| h.to_string());
    let mut d = Diag::new(
        code,
        span.offset()..span.offset() + span.len(),
        e.to_string(),
        label,
    );
    d.help = help;
    d
}
