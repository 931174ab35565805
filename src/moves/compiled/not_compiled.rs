//! Why a clause is not compiled ([`NotCompiled`]): the part of the source that stopped the
//! move compiler, in words, for `heapgame moves --explain`.

use crate::ruleset::expr::CExpr;
use crate::syntax::ast::Span;

/// Why a clause is not compiled: the part that stopped the compiler, and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotCompiled {
    /// What stopped it, in words (`the step \`split\``, `the condition`, ...).
    pub what: String,
    /// Where that part stands in the source (byte offsets).
    pub span: Span,
}

impl NotCompiled {
    /// `what`, at `span`.
    pub(super) fn at(what: &str, span: &Span) -> NotCompiled {
        NotCompiled {
            what: what.to_string(),
            span: span.clone(),
        }
    }

    /// A conjunct of a condition that is not compiled.
    pub(super) fn condition(c: &CExpr) -> NotCompiled {
        NotCompiled::at(
            "this condition (quantifiers, reals, tuples and sets that read the position are \
             interpreted)",
            &c.span,
        )
    }
}
