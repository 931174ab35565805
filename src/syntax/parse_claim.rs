//! Claims and `check` lines from the tree pest built: `claim ...` with its kinds, cases and
//! families (`count(...)`, `least n in R`), and `check [with ...] max N [heaps K] [quick ...]`
//! or `check over L for a in R`. One `parse_<rule>` per rule, as in `parse.rs`.

use pest::iterators::Pair;

use super::ast::*;
use super::error::SyntaxError;
use super::grammar::{parse_ident, Rule};
use super::parse_expr::{binop, parse_expr};

/// `check [with ...] max N [heaps K] [quick max N [heaps K]]` or `check [with ...] over L
/// for a in R, ...`; `with` holds `NAME = VALUE` and `NAME in R` (a range of runs).
pub(super) fn parse_check_bound(
    inner: pest::iterators::Pairs<'_, Rule>,
    sp: Span,
) -> Result<CheckBound, SyntaxError> {
    let mut with = Vec::new();
    let mut ranges = Vec::new();
    let mut exprs = Vec::new();
    let mut quick = None;
    let mut over = None;
    for p in inner {
        if p.as_rule() == Rule::check_quick {
            let mut it = p.into_inner();
            let max = parse_expr(it.next().expect("a bound (parse_check_quick)"))?;
            let heaps = it.next().map(parse_expr).transpose()?;
            quick = Some((max, heaps));
        } else if p.as_rule() == Rule::check_over {
            let mut it = p.into_inner();
            let positions = parse_expr(it.next().expect("a list (parse_check_over)"))?;
            let fors = it.map(parse_check_for).collect::<Result<_, _>>()?;
            over = Some(CheckOver { positions, fors });
        } else if p.as_rule() == Rule::check_with {
            for param in p.into_inner() {
                if param.as_rule() == Rule::check_for {
                    let text = param.clone().into_inner().nth(1).map_or("", |r| r.as_str());
                    let text = text.to_string();
                    let (name, range) = parse_check_for(param)?;
                    ranges.push((name, range, text));
                    continue;
                }
                let mut it = param.into_inner();
                let name = parse_ident(it.next().expect("a name (parse_check_param)"));
                let value = it.next().expect("a value (parse_check_param)");
                let text = value.as_str().to_string();
                with.push((name, parse_expr(value)?, text));
            }
        } else {
            exprs.push(parse_expr(p)?);
        }
    }
    let mut exprs = exprs.into_iter();
    let max = exprs.next();
    Ok(CheckBound {
        with,
        ranges,
        max,
        over,
        heaps: exprs.next(),
        quick,
        span: sp,
    })
}

pub(super) fn parse_claim(
    inner: pest::iterators::Pairs<'_, Rule>,
    sp: Span,
) -> Result<Claim, SyntaxError> {
    let mut kind = ClaimKind::Holds;
    let mut cmp = None;
    let mut body = None;
    let mut when = None;
    let mut allow_empty = false;
    let mut fails_at = None;
    let mut family = None;
    for p in inner {
        match p.as_rule() {
            Rule::claim_kind => {
                kind = match p.as_str() {
                    "P" => ClaimKind::P,
                    "D" => ClaimKind::D,
                    "same" => ClaimKind::Same,
                    "winning" => ClaimKind::Winning,
                    _ => ClaimKind::Grundy,
                }
            }
            Rule::claim_cmp => {
                kind = ClaimKind::Grundy;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::claim_op => {
                            let op = q.into_inner().next().expect("an operator (parse_claim_op)");
                            cmp = Some(binop(op.as_rule()));
                        }
                        Rule::claim_expr => body = Some(parse_claim_expr(q)?),
                        _ => {}
                    }
                }
            }
            Rule::claim_holds => {
                let q = p.into_inner().next().expect("(parse_claim_holds)");
                body = Some(parse_claim_expr(q)?);
            }
            Rule::claim_formula => {
                let mut it = p.into_inner();
                let name = parse_ident(it.next().expect("(parse_claim_formula)"));
                let args = it.map(parse_expr).collect::<Result<_, _>>()?;
                body = Some(ClaimBody::Formula { name, args });
            }
            Rule::claim_expr => body = Some(parse_claim_expr(p)?),
            Rule::claim_when => {
                let q = p.into_inner().next().expect("(parse_claim_when)");
                when = Some(parse_expr(q)?);
            }
            Rule::claim_count | Rule::claim_least => {
                let (f, cond) = parse_claim_family(p)?;
                family = Some(Box::new(f));
                body = Some(ClaimBody::Expr {
                    expr: cond,
                    destructure: None,
                });
            }
            Rule::claim_allow_empty => allow_empty = true,
            Rule::claim_fails => {
                let q = p.into_inner().next().expect("(parse_claim_fails)");
                fails_at = Some(parse_expr(q)?);
            }
            r => unreachable!("{r:?} (parse_claim)"),
        }
    }
    Ok(Claim {
        kind,
        cmp,
        body: body.expect("a body (parse_claim)"),
        when,
        allow_empty,
        fails_at,
        family,
        span: sp,
    })
}

/// `n in R` of a `check over ... for` or a family claim.
fn parse_check_for(p: Pair<'_, Rule>) -> Result<(Ident, Expr), SyntaxError> {
    let mut it = p.into_inner();
    let name = parse_ident(it.next().expect("a name (parse_check_for)"));
    let range = parse_expr(it.next().expect("a range (parse_check_for)"))?;
    Ok((name, range))
}

/// A count or least claim: its family and its condition.
fn parse_claim_family(p: Pair<'_, Rule>) -> Result<(ClaimFamily, Expr), SyntaxError> {
    let count = p.as_rule() == Rule::claim_count;
    let mut cond = None;
    let mut var = None;
    let mut op = BinOp::Eq;
    let mut value = None;
    let mut within = None;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::count_word => {}
            Rule::claim_op => {
                let o = q
                    .into_inner()
                    .next()
                    .expect("an operator (parse_claim_family)");
                op = binop(o.as_rule());
            }
            Rule::check_for => var = Some(parse_check_for(q)?),
            Rule::claim_within => {
                let mut it = q.into_inner();
                let max = parse_expr(it.next().expect("a bound (parse_claim_within)"))?;
                let heaps = it.next().map(parse_expr).transpose()?;
                within = Some((max, heaps));
            }
            _ if cond.is_none() => cond = Some(parse_expr(q)?),
            _ => value = Some(parse_expr(q)?),
        }
    }
    let value = value.expect("a value (parse_claim_family)");
    let (max, heaps) = within.expect("a box (parse_claim_family)");
    let form = if count {
        FamilyForm::Count { op, value }
    } else {
        FamilyForm::Least { value }
    };
    let family = ClaimFamily {
        form,
        var,
        max,
        heaps,
    };
    Ok((family, cond.expect("a condition (parse_claim_family)")))
}

fn parse_claim_expr(body: Pair<'_, Rule>) -> Result<ClaimBody, SyntaxError> {
    let mut it = body.into_inner();
    let expr = parse_expr(it.next().expect("(parse_claim_expr)"))?;
    let destructure = match it.next() {
        Some(d) => {
            let mut names = Vec::new();
            let mut single = false;
            let mut value = None;
            for q in d.into_inner() {
                match q.as_rule() {
                    Rule::destructure_list => {
                        names.extend(q.into_inner().map(parse_ident));
                    }
                    Rule::ident => {
                        single = true;
                        names.push(parse_ident(q));
                    }
                    _ => value = Some(parse_expr(q)?),
                }
            }
            Some(Destructure {
                names,
                single,
                value: value.expect("a value (parse_destructure)"),
            })
        }
        None => None,
    };
    Ok(ClaimBody::Expr { expr, destructure })
}
