//! The pest binding: the parser generated from `grammar/heapgame.pest`, its `Rule`, and the
//! two readers every `parse_<rule>` shares (a pair's span, a name). A leaf of `syntax/`, so
//! that the parser (`parse.rs`), the expressions (`parse_expr.rs`) and the parse errors in
//! words (`expected.rs`) import it and never each other in a circle.

use pest::iterators::Pair;

use super::ast::{Ident, Span};

pub use generated::{GameParser, Rule};

/// The derived code in a module of its own: pest writes no docs for `Rule` and its methods.
#[allow(missing_docs)]
mod generated {
    use pest_derive::Parser;

    /// The pest parser generated from `grammar/heapgame.pest`.
    #[derive(Parser)]
    #[grammar = "../grammar/heapgame.pest"]
    pub struct GameParser;
}

/// The byte range of a pair in the source.
pub(super) fn span(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    s.start()..s.end()
}

/// A name, with its span.
pub(super) fn parse_ident(pair: Pair<'_, Rule>) -> Ident {
    Ident {
        name: pair.as_str().to_string(),
        span: span(&pair),
    }
}

/// A string literal, each escape (a backslash and the character after it) resolved.
pub(super) fn parse_string(pair: Pair<'_, Rule>) -> String {
    let raw = pair.into_inner().next().map(|p| p.as_str()).unwrap_or("");
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}
