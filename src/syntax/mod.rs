//! Phase 1, syntax: `.game` text to a typed tree with spans ([`ast`]), through the pest
//! grammar in `grammar/heapgame.pest` ([`parse`]); parse errors in words ([`expected`]), a `{` left open found at its place
//! ([`unclosed`]).

pub mod ast;
pub mod ast_expr;
pub mod error;
pub mod expected;
pub mod grammar;
pub mod parse;
mod parse_claim;
mod parse_expr;
pub mod position;
pub mod rules_text;
pub mod unclosed;

pub use error::SyntaxError;
pub use parse::{parse_expr_str, parse_file};
