//! The parameters of a ruleset bound: their defaults evaluated in order, then the `-p
//! NAME=VALUE` overrides of the command line applied (each problem located in the argument's
//! own text), and a constant expression evaluated with the parameters in scope.

use std::sync::Arc;

use miette::NamedSource;

use super::compile::{Binding, Compiler, Scope, Slots};
use super::diag::{suggest, Code, Diag};
use super::lower_ctx::duplicate;
use super::value::Value;
use crate::syntax::ast::{Expr, Ruleset};
use crate::syntax::SyntaxError;

/// A `-p NAME=VALUE` override as given on the command line.
#[derive(Clone, Debug)]
pub struct ParamOverride {
    /// The whole argument text, `NAME=VALUE`.
    pub text: String,
}

/// The parameters and their values (defaults, then `overrides`), each bound in `scope`; a
/// parameter whose default fails is bound as poisoned, so that its uses say nothing more.
pub(super) fn bind_params(
    rs: &Ruleset,
    overrides: &[ParamOverride],
    scope: &mut Scope,
    slots: &mut Slots,
    diags: &mut Vec<Diag>,
) -> Vec<(String, Value)> {
    let mut params: Vec<(String, Value)> = Vec::new();
    let mut failed: Vec<String> = Vec::new();
    for p in &rs.params {
        if params.iter().any(|(n, _)| *n == p.name.name) {
            let first = rs.params.iter().find(|q| q.name.name == p.name.name);
            diags.push(duplicate(&p.name, first.map(|q| &q.name), "parameter"));
            continue;
        }
        match Compiler::new(diags, slots).constant(&p.default, scope) {
            Some(v) => params.push((p.name.name.clone(), v)),
            None => failed.push(p.name.name.clone()),
        }
    }
    for o in overrides {
        apply_override(o, &mut params, rs, diags);
    }
    for (n, v) in &params {
        scope.push(n, Binding::Const(v.clone()));
    }
    for n in &failed {
        scope.push(n, Binding::Poisoned);
    }
    params
}

/// Applies one `-p NAME=VALUE` to `params`; its problems are located in its own text.
fn apply_override(
    o: &ParamOverride,
    params: &mut [(String, Value)],
    rs: &Ruleset,
    diags: &mut Vec<Diag>,
) {
    let src = Arc::new(NamedSource::new(format!("-p {}", o.text), o.text.clone()));
    let mut push = |mut d: Diag| {
        d.source = Some(src.clone());
        diags.push(d);
    };
    let Some((name, value)) = o.text.split_once('=') else {
        push(
            Diag::new(
                Code::BadParam,
                0..o.text.len(),
                "a parameter is given as NAME=VALUE",
                "no `=` here",
            )
            .help("write for example `-p k=4` or `-p \"S={1,3,4}\"`"),
        );
        return;
    };
    let name_trim = name.trim();
    let lead = name.len() - name.trim_start().len();
    let Some(idx) = params.iter().position(|(n, _)| n == name_trim) else {
        push(unknown_param(rs, name_trim, lead));
        return;
    };
    let offset = name.len() + 1;
    let expr = match crate::syntax::parse_expr_str(value) {
        Ok(e) => e,
        Err(e) => {
            push(value_does_not_parse(&e, name_trim, value, offset));
            return;
        }
    };
    let mut local = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();
    let v = Compiler::new(&mut local, &mut slots).constant(&expr, &mut scope);
    for mut d in local {
        d.span = d.span.start + offset..d.span.end + offset;
        push(d);
    }
    let Some(v) = v else { return };
    let want = params[idx].1.ty();
    if !v.ty().fits(want) {
        push(
            Diag::new(
                Code::BadParam,
                offset..o.text.len(),
                format!(
                    "`{name_trim}` is {}, but this is {}",
                    want.describe(),
                    v.ty().describe()
                ),
                format!("this is {}", v.ty().describe()),
            )
            .help(format!(
                "the default of `{name_trim}` is `{}`",
                params[idx].1
            )),
        );
        return;
    }
    params[idx].1 = v;
}

/// `-p NAME=...` where the ruleset has no parameter `NAME` (at `lead` in the argument).
fn unknown_param(rs: &Ruleset, name: &str, lead: usize) -> Diag {
    let names: Vec<&str> = rs.params.iter().map(|p| p.name.name.as_str()).collect();
    let d = Diag::new(
        Code::UnknownParam,
        lead..lead + name.len(),
        format!("`{name}` is not a parameter of `{}`", rs.name),
        "unknown parameter",
    );
    match suggest(name, names.iter().copied()) {
        Some(s) => d.help(format!("did you mean `{s}`?")),
        None if names.is_empty() => d.help("this ruleset has no parameters"),
        None => d.help(format!("its parameters are {}", names.join(", "))),
    }
}

/// The value's own parse error, moved to point into the whole `NAME=VALUE` text (the value
/// starts at `offset`).
fn value_does_not_parse(e: &SyntaxError, name: &str, value: &str, offset: usize) -> Diag {
    let (at, len, label) = match e {
        SyntaxError::Unexpected { span, label, .. } => (span.offset(), span.len(), label.clone()),
        SyntaxError::IntegerTooLarge { span, .. } => {
            (span.offset(), span.len(), "too large".to_string())
        }
        SyntaxError::DecimalTooLong { span, .. } => {
            (span.offset(), span.len(), "too long".to_string())
        }
        SyntaxError::TooDeep { span, .. } => (span.offset(), span.len(), "too deep".to_string()),
        SyntaxError::Slip { span, label, .. } => (span.offset(), span.len(), label.clone()),
    };
    let span = at + offset..at + offset + len;
    let msg = e
        .to_string()
        .replace("the end of the file", "the end of the value");
    // `-p code=0.F`: a hexadecimal code, which only a file can write (after `hex`).
    let v = value.trim();
    let hex_code = v.split_once('.').is_some_and(|(a, b)| {
        !a.is_empty()
            && a.bytes().all(|c| c.is_ascii_digit())
            && !b.is_empty()
            && b.bytes().all(|c| c.is_ascii_hexdigit())
            && b.bytes().any(|c| c.is_ascii_alphabetic())
    });
    let help = if hex_code {
        format!(
            "`{v}` is a hexadecimal code: a `-p` value is an expression, where a decimal \
             has the digits 0 to 9 only; write hexadecimal codes in the file, after \
             `hex` (`move {{ hex {v} }}`)"
        )
    } else {
        "a parameter value is an expression of the language: `4`, `{1, 3, 4}`, `1..`, \
         `2 + sqrt(2)`"
            .to_string()
    };
    Diag::new(
        Code::BadParam,
        span,
        format!("the value of `{name}` does not parse: {msg}"),
        label,
    )
    .help(help)
}

/// Evaluates a constant expression with the parameters `params` in scope (for a formula's
/// arguments typed on the command line, `--formula beatty(beta)`).
pub fn constant_with_params(e: &Expr, params: &[(String, Value)]) -> Result<Value, Vec<Diag>> {
    let mut diags = Vec::new();
    let mut slots = Slots::default();
    let mut scope = Scope::default();
    for (n, v) in params {
        scope.push(n, Binding::Const(v.clone()));
    }
    match Compiler::new(&mut diags, &mut slots).constant(e, &mut scope) {
        Some(v) if diags.is_empty() => Ok(v),
        _ => Err(diags),
    }
}
