//! The diagnostics of the checking phase: one [`Diag`] per problem, with a stable code, the
//! span, a label and a help line; and [`LoadError`], which carries all problems of a file at
//! once together with its source so that miette shows each in place.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};

use crate::syntax::ast::Span;

/// Declares [`Code`] with its strings and the list of all codes, from one table, so that a new
/// code cannot be left out of [`Code::ALL`] (and so of the snapshot test of every code).
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident => $text:literal,)*) => {
        /// The kinds of problem, each with its stable code `heapgame::<code>`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// The code as miette shows it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $text,)*
                }
            }

            /// Every code, for tests that each is documented and snapshotted.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];
        }
    };
}

codes! {
    /// The text does not parse.
    Parse => "heapgame::parse",
    /// An integer literal too large.
    IntegerTooLarge => "heapgame::integer_too_large",
    /// A decimal literal or code of too many digits.
    DecimalTooLong => "heapgame::decimal_too_long",
    /// A name that is not defined.
    UnknownName => "heapgame::unknown_name",
    /// A value of the wrong type.
    Type => "heapgame::type",
    /// A `formula` that is not in the registry, or given wrong arguments.
    Formula => "heapgame::formula",
    /// A `require` that does not hold.
    Require => "heapgame::require",
    /// An expression that cannot be evaluated (overflow, undecidable real, domain).
    Eval => "heapgame::eval",
    /// A move leaves the wrong number of heaps, or names do not match heaps.
    HeapCount => "heapgame::heap_count",
    /// An unbounded range where a finite one is needed.
    Unbounded => "heapgame::unbounded",
    /// A name or item defined twice.
    Duplicate => "heapgame::duplicate",
    /// No `heaps` line.
    MissingShape => "heapgame::missing_shape",
    /// No `move`.
    MissingMove => "heapgame::missing_move",
    /// A `-p` value that is not valid.
    BadParam => "heapgame::bad_param",
    /// A `-p` name that is not a parameter.
    UnknownParam => "heapgame::unknown_param",
    /// A value outside the range an item allows (negative amount, zero parts).
    Range => "heapgame::range",
    /// Something the language does not allow in this place.
    NotAllowed => "heapgame::not_allowed",
    /// A file that cannot be read.
    Io => "heapgame::io",
    /// A position that does not fit the shape.
    Position => "heapgame::position",
    /// The moves can return to a position.
    Cycle => "heapgame::cycle",
    /// A solve stopped at its position or memory limit.
    Limit => "heapgame::limit",
    /// A solve stopped by Ctrl-C.
    Cancelled => "heapgame::cancelled",
    /// A computation refused beforehand: the estimated work is too large.
    TooLarge => "heapgame::too_large",
    /// A command-line argument that does not fit the ruleset (`--heaps` for a fixed count).
    Usage => "heapgame::usage",
    /// A REPL line that cannot run as typed (an unknown command, a usage mistake, a move that
    /// is not one) or not now (no ruleset loaded, no game in progress).
    Repl => "heapgame::repl",
    /// A ruleset asked for a single-heap sequence that is not a sum of single heaps.
    NotSum => "heapgame::not_sum",
    /// A function (`fn`) that calls itself, directly or through others.
    Recursion => "heapgame::recursion",
    /// A request that holds only in normal play made in misère play (a closed form, a
    /// periodicity proof), or a genus that did not settle.
    Play => "heapgame::play",
    /// `check` of a ruleset that declares no bounds (no `check max N` line, no `--max`).
    CheckBound => "heapgame::check_bound",
    /// A picture that the drawing library could not render (a defect).
    Plot => "heapgame::plot",
}

/// One problem, located.
#[derive(Clone, Debug)]
pub struct Diag {
    /// Its kind.
    pub code: Code,
    /// The message (lower case, names in backticks).
    pub message: String,
    /// Where.
    pub span: Span,
    /// The label at the span.
    pub label: String,
    /// What to do about it.
    pub help: Option<String>,
    /// The source the span points into, when it is not the ruleset file (a `-p` argument).
    pub source: Option<Arc<NamedSource<String>>>,
    /// More labelled places in the same source (the first definition of a duplicate).
    pub also: Vec<(Span, String)>,
}

impl Diag {
    /// A new problem.
    pub fn new(
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Diag {
        Diag {
            code,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            source: None,
            also: Vec::new(),
        }
    }

    /// With another labelled place in the same source.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Diag {
        self.also.push((span, label.into()));
        self
    }

    /// With a help line.
    pub fn help(mut self, help: impl Into<String>) -> Diag {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diag {}

impl Diagnostic for Diag {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_deref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.label.is_empty() && self.also.is_empty() {
            // A problem with no place (a limit hit while solving): no snippet.
            return None;
        }
        let main = LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span.clone());
        let also = self
            .also
            .iter()
            .map(|(sp, l)| LabeledSpan::new_with_span(Some(l.clone()), sp.clone()));
        Some(Box::new(std::iter::once(main).chain(also)))
    }
}

/// Every problem found in one file (or with its parameters), with the file's source.
#[derive(Debug)]
pub struct LoadError {
    /// The file's source, named by its path.
    pub src: Arc<NamedSource<String>>,
    /// The problems, in source order.
    pub diags: Vec<Diag>,
}

impl LoadError {
    /// One problem.
    pub fn single(src: Arc<NamedSource<String>>, d: Diag) -> LoadError {
        LoadError::new(src, vec![d])
    }

    /// Problems of one file, made safe to show (see [`LoadError::fit_for_display`]).
    pub fn new(src: Arc<NamedSource<String>>, diags: Vec<Diag>) -> LoadError {
        LoadError { src, diags }.fit_for_display()
    }

    /// miette cannot draw a label far into a very long line (it panics formatting the
    /// underline's indent beyond 65535 columns): such a problem loses its labels and says
    /// its line and column in the message instead.
    pub(crate) fn fit_for_display(mut self) -> LoadError {
        for d in &mut self.diags {
            let text: &str = match &d.source {
                Some(s) => s.inner(),
                None => self.src.inner(),
            };
            let far = |sp: &Span| far_into_line(text, sp.end.max(sp.start));
            if far(&d.span) || d.also.iter().any(|(sp, _)| far(sp)) {
                let (line, col) = line_col(text, d.span.start);
                d.message = format!("{} (line {line}, column {col})", d.message);
                d.label.clear();
                d.also.clear();
            }
        }
        self
    }

    /// The codes of the problems, for tests and scripts.
    pub fn codes(&self) -> Vec<&'static str> {
        self.diags.iter().map(|d| d.code.as_str()).collect()
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diags.as_slice() {
            [one] => write!(f, "{one}"),
            many => write!(f, "{} problems in `{}`", many.len(), self.src.name()),
        }
    }
}

impl std::error::Error for LoadError {}

impl Diagnostic for LoadError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match self.diags.as_slice() {
            [one] => one.code(),
            _ => None,
        }
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match self.diags.as_slice() {
            [one] => Diagnostic::help(one),
            _ => None,
        }
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        match self.diags.as_slice() {
            [one] if one.source.is_some() => one.source_code(),
            _ => Some(&*self.src as &dyn SourceCode),
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match self.diags.as_slice() {
            [one] => one.labels(),
            _ => None,
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        match self.diags.as_slice() {
            [_] => None,
            many => Some(Box::new(many.iter().map(|d| d as &dyn Diagnostic))),
        }
    }
}

/// Whether byte `at` of `text` lies so far into its line that miette could not draw a label
/// there: beyond 8000 bytes (at most 32000 columns, tabs drawn 4 wide).
fn far_into_line(text: &str, at: usize) -> bool {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    at - start > 8000
}

/// The 1-based line and column (in characters) of byte `at` of `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The closest of `candidates` to `name`, if close enough to suggest: within a third of the
/// longer one's length (at least one edit), and keeping at least one character of `name`
/// (`e` is no suggestion for an unknown `S`).
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(name, c);
        let limit = (name.len().max(c.len()) / 3).max(1);
        if d <= limit && d < name.chars().count() && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn a_suggestion_keeps_a_character_of_the_name() {
        // An unknown `S` (a parameter removed) is not the constant `e`, one edit away.
        assert_eq!(suggest("S", ["e", "pi", "phi", "k"]), None);
        assert_eq!(suggest("kk", ["e", "k"]), Some("k"));
        assert_eq!(suggest("flor", ["floor", "e"]), Some("floor"));
        assert_eq!(suggest("lmit", ["limit", "e"]), Some("limit"));
    }
}
