//! Errors of the parsing phase: what the text does not fit, and where.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A file or expression that does not parse.
#[derive(Debug, Clone, Error, Diagnostic)]
pub enum SyntaxError {
    /// The text does not fit the grammar: `heaps 3 3`.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(
        code(heapgame::parse),
        help("see docs/language.md for the form of each item")
    )]
    Unexpected {
        /// Where the parser stopped; at the end of the input, the last character before it
        /// (miette draws no label past the end of the text).
        #[label("{label}")]
        span: SourceSpan,
        /// The label: "expected ... here", or "expected ... after this" at the end.
        label: String,
        /// What would have fitted, in words.
        expected: String,
        /// What stands there, in words.
        found: String,
    },
    /// A known slip, said directly instead of as the grammar's whole list of what could
    /// follow: `heaps 2 each >= 1` (a missing comma).
    #[error("{message}")]
    #[diagnostic(code(heapgame::parse), help("{help}"))]
    Slip {
        /// The place.
        #[label("{label}")]
        span: SourceSpan,
        /// What is wrong.
        message: String,
        /// The label.
        label: String,
        /// How to write it.
        help: String,
    },
    /// An expression nested or chained too deeply to be handled safely.
    #[error("this expression is nested too deeply: {brackets} pairs of brackets deep here{}",
        if *chained { ", inside long chains of operators" } else { "" })]
    #[diagnostic(
        code(heapgame::parse),
        help("heapgame reads expressions up to {max} levels deep, where each pair of brackets \
              (parentheses, braces, square brackets, `|...|`, a call) counts 2 and each \
              operator or operand in a chain 1: about {} nested pairs of brackets; split it \
              with `let`s, or write fewer operators and brackets in one expression", max / 2 - 5)
    )]
    TooDeep {
        /// The expression.
        #[label("too deep")]
        span: SourceSpan,
        /// The most levels allowed.
        max: usize,
        /// The pairs of brackets around the place where the limit was passed.
        brackets: usize,
        /// Whether chains of operators took a large part of the levels.
        chained: bool,
    },
    /// An integer literal beyond 64 bits: `heaps 99999999999999999999`.
    #[error("the integer {text} is too large")]
    #[diagnostic(
        code(heapgame::integer_too_large),
        help(
            "integers in a ruleset must lie between -9223372036854775808 and 9223372036854775807"
        )
    )]
    IntegerTooLarge {
        /// The literal.
        #[label("too large")]
        span: SourceSpan,
        /// Its text, as [`quote`] gives it.
        text: String,
    },
    /// A decimal literal or code of more than [`MAX_DECIMAL_DIGITS`] digits: exact arithmetic
    /// on it would take minutes for each comparison.
    #[error("the decimal {text} has more than {max} digits", max = MAX_DECIMAL_DIGITS)]
    #[diagnostic(
        code(heapgame::decimal_too_long),
        help(
            "a decimal number or code has at most {max} digits; write a long constant as an \
             exact expression instead (`(1 + sqrt(5)) / 2`, a fraction `a / b`)",
            max = MAX_DECIMAL_DIGITS
        )
    )]
    DecimalTooLong {
        /// The literal.
        #[label("too long")]
        span: SourceSpan,
        /// Its text, as [`quote`] gives it.
        text: String,
    },
}

/// The most digits a decimal literal or an octal or hexadecimal code may have.
pub(crate) const MAX_DECIMAL_DIGITS: usize = 1000;

/// Text from the input as an error quotes it, in backquotes: whole up to [`SHORT`]
/// characters, else its start and end around `...`, with its length
/// (`` `99999999999999999999...9999999999` (100000 digits) ``), so that a huge literal does not
/// fill the screen.
pub(crate) fn quote(text: &str) -> String {
    match parts(text) {
        None => format!("`{text}`"),
        Some((head, tail, size)) => format!("`{head}...{tail}` ({size})"),
    }
}

/// As [`quote`], without the backquotes: `99999999999999999999...9999999999 (100000 digits)`.
pub(crate) fn shorten(text: &str) -> String {
    match parts(text) {
        None => text.to_string(),
        Some((head, tail, size)) => format!("{head}...{tail} ({size})"),
    }
}

/// The first 20 and last 10 characters of a text longer than [`SHORT`], and its length in
/// words.
fn parts(text: &str) -> Option<(String, String, String)> {
    let n = text.chars().count();
    if n <= SHORT {
        return None;
    }
    let head: String = text.chars().take(20).collect();
    let tail: String = text.chars().skip(n - 10).collect();
    let what = if text.chars().all(|c| c.is_ascii_digit()) {
        "digits"
    } else {
        "characters"
    };
    Some((head, tail, format!("{n} {what}")))
}

/// The longest text [`quote`] and [`shorten`] give whole.
pub(crate) const SHORT: usize = 40;
