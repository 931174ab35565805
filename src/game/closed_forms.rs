//! The closed forms of a ruleset's claims (`claim P: formula NAME(ARGS)`), built at load.

use crate::formulas::{self, Built};
use crate::ruleset::check::{Checked, CheckedClaim, CheckedClaimBody};
use crate::ruleset::diag::{Code, Diag};
use crate::syntax::ast::{ClaimKind, Span};

/// Builds the `formula` of every claim that has one; unknown names, wrong arguments and a
/// `claim grundy` on a formula without Grundy values are errors at the claim.
pub(super) fn resolve_formulas(
    checked: &Checked,
    text: &str,
) -> Result<Vec<Option<Built>>, Vec<Diag>> {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for c in &checked.claims {
        let CheckedClaimBody::Formula { name, args } = &c.body else {
            out.push(None);
            continue;
        };
        let span = claim_span(c, text);
        if let Some(d) = not_a_formula(c.kind, &span) {
            diags.push(d);
            out.push(None);
            continue;
        }
        match formulas::build(name, args) {
            Ok(b) => {
                if c.kind == ClaimKind::Grundy && !b.def.grundy {
                    diags.push(
                        Diag::new(
                            Code::Formula,
                            span,
                            format!("the formula `{name}` gives P-positions, not Grundy values"),
                            "a Grundy claim",
                        )
                        .help(format!("write `claim P: formula {}`", b.def.signature())),
                    );
                }
                out.push(Some(b));
            }
            Err(e) => diags.push(build_error(name, &e, span)),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// The claim's span without the blank lines and comments that follow it.
fn claim_span(c: &CheckedClaim, text: &str) -> Span {
    let body = text.get(c.span.clone()).unwrap_or("");
    let kept = body
        .lines()
        .scan(0usize, |off, l| {
            let start = *off;
            *off += l.len() + 1;
            Some((start, l))
        })
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .last()
        .map_or(body.len(), |(start, l)| start + l.trim_end().len());
    c.span.start..c.span.start + kept.min(body.len())
}

/// A same-type, winning or draw claim, which no formula can be, as a problem at `span`.
fn not_a_formula(kind: ClaimKind, span: &Span) -> Option<Diag> {
    let (what, label) = match kind {
        ClaimKind::Same => ("a same-type claim names a position", "a same-type claim"),
        ClaimKind::D => (
            "a draw claim is a condition (the formulas are of games that end)",
            "a draw claim",
        ),
        ClaimKind::Winning => (
            "a winning claim names a set of positions",
            "a winning claim",
        ),
        _ => return None,
    };
    Some(
        Diag::new(
            Code::Formula,
            span.clone(),
            format!("{what}, not a formula"),
            label,
        )
        .help(
            "write `claim same: E` or `claim winning: S` with an expression, or `claim P: \
             formula ...`",
        ),
    )
}

/// A formula that could not be built (an unknown name, wrong arguments), at `span`.
fn build_error(name: &str, e: &formulas::BuildError, span: Span) -> Diag {
    let d = Diag::new(
        Code::Formula,
        span,
        format!("`formula {name}`: {e}"),
        "this formula",
    );
    match e {
        formulas::BuildError::Unknown(Some(s)) => d.help(format!(
            "did you mean `{s}`? `heapgame formulas` lists every built-in formula"
        )),
        _ => d.help("`heapgame formulas` lists every built-in formula with its parameters"),
    }
}
