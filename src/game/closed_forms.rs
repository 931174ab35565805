//! The closed forms of a ruleset's claims (`claim P: formula NAME(ARGS)`), built at load.

use crate::formulas::{self, Built};
use crate::ruleset::check::Checked;
use crate::ruleset::diag::{Code, Diag};

/// Builds the `formula` of every claim that has one; unknown names, wrong arguments and a
/// `claim grundy` on a formula without Grundy values are errors at the claim.
pub(super) fn resolve_formulas(
    checked: &Checked,
    text: &str,
) -> Result<Vec<Option<Built>>, Vec<Diag>> {
    use crate::ruleset::check::CheckedClaimBody;
    let mut out = Vec::new();
    let mut diags = Vec::new();
    for c in &checked.claims {
        // The claim's span without the blank lines and comments that follow it.
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
        let span = c.span.start..c.span.start + kept.min(body.len());
        let CheckedClaimBody::Formula { name, args } = &c.body else {
            out.push(None);
            continue;
        };
        if matches!(
            c.kind,
            crate::syntax::ast::ClaimKind::Same
                | crate::syntax::ast::ClaimKind::Winning
                | crate::syntax::ast::ClaimKind::D
        ) {
            let (what, label) = if c.kind == crate::syntax::ast::ClaimKind::Same {
                ("a same-type claim names a position", "a same-type claim")
            } else if c.kind == crate::syntax::ast::ClaimKind::D {
                (
                    "a draw claim is a condition (the formulas are of games that end)",
                    "a draw claim",
                )
            } else {
                (
                    "a winning claim names a set of positions",
                    "a winning claim",
                )
            };
            diags.push(
                Diag::new(
                    Code::Formula,
                    span.clone(),
                    format!("{what}, not a formula"),
                    label,
                )
                .help("write `claim same: E` or `claim winning: S` with an expression, or `claim P: formula ...`"),
            );
            out.push(None);
            continue;
        }
        match formulas::build(name, args) {
            Ok(b) => {
                if c.kind == crate::syntax::ast::ClaimKind::Grundy && !b.def.grundy {
                    diags.push(
                        Diag::new(
                            Code::Formula,
                            span.clone(),
                            format!("the formula `{name}` gives P-positions, not Grundy values"),
                            "a Grundy claim",
                        )
                        .help(format!("write `claim P: formula {}`", b.def.signature())),
                    );
                }
                out.push(Some(b));
            }
            Err(e) => {
                let mut d = Diag::new(
                    Code::Formula,
                    span.clone(),
                    format!("`formula {name}`: {e}"),
                    "this formula",
                );
                d = match &e {
                    formulas::BuildError::Unknown(Some(s)) => d.help(format!(
                        "did you mean `{s}`? `heapgame formulas` lists every built-in formula"
                    )),
                    _ => d.help(
                        "`heapgame formulas` lists every built-in formula with its parameters",
                    ),
                };
                diags.push(d);
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}
