//! Expressions: the operator precedence of the language (a pest Pratt parser) and the
//! operands, from `expr`/`arith` pairs to [`Expr`] nodes. Split from `parse.rs`, which parses
//! the items around them.

use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::ast::*;
use super::error::{SyntaxError, MAX_DECIMAL_DIGITS};
use super::grammar::{parse_ident, span, Rule};

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::prefix(Rule::not))
            .op(Op::infix(Rule::eq, Assoc::Left)
                | Op::infix(Rule::ne, Assoc::Left)
                | Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left)
                | Op::infix(Rule::in_op, Assoc::Left)
                | Op::infix(Rule::not_in, Assoc::Left))
            .op(Op::infix(Rule::range, Assoc::Left) | Op::postfix(Rule::open_range))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left)
                | Op::infix(Rule::div, Assoc::Left)
                | Op::infix(Rule::modulo, Assoc::Left))
            .op(Op::prefix(Rule::neg))
            .op(Op::infix(Rule::pow, Assoc::Right))
            .op(Op::postfix(Rule::index))
    })
}

pub(super) fn binop(rule: Rule) -> BinOp {
    match rule {
        Rule::or => BinOp::Or,
        Rule::and => BinOp::And,
        Rule::eq => BinOp::Eq,
        Rule::ne => BinOp::Ne,
        Rule::lt => BinOp::Lt,
        Rule::le => BinOp::Le,
        Rule::gt => BinOp::Gt,
        Rule::ge => BinOp::Ge,
        Rule::in_op => BinOp::In,
        Rule::not_in => BinOp::NotIn,
        Rule::add => BinOp::Add,
        Rule::sub => BinOp::Sub,
        Rule::mul => BinOp::Mul,
        Rule::div => BinOp::Div,
        Rule::modulo => BinOp::Mod,
        Rule::pow => BinOp::Pow,
        r => unreachable!("{r:?} (binop)"),
    }
}

/// Parses an `expr` or `arith` pair with operator precedence.
pub(crate) fn parse_expr(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    pratt()
        .map_primary(parse_operand)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let sp = span(&op).start..rhs.span.end;
            let op = if op.as_rule() == Rule::not {
                UnOp::Not
            } else {
                UnOp::Neg
            };
            Ok(Expr {
                kind: ExprKind::Unary(op, Box::new(rhs)),
                span: sp,
            })
        })
        .map_postfix(|lhs, op| {
            let lhs = lhs?;
            let sp = lhs.span.start..span(&op).end;
            let kind = if op.as_rule() == Rule::index {
                let idx = parse_expr(op.into_inner().next().expect("an index (parse_index)"))?;
                ExprKind::Index(Box::new(lhs), Box::new(idx))
            } else {
                ExprKind::Range(Box::new(lhs), None)
            };
            Ok(Expr { kind, span: sp })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let sp = lhs.span.start..rhs.span.end;
            let kind = if op.as_rule() == Rule::range {
                ExprKind::Range(Box::new(lhs), Some(Box::new(rhs)))
            } else {
                ExprKind::Binary(binop(op.as_rule()), Box::new(lhs), Box::new(rhs))
            };
            Ok(Expr { kind, span: sp })
        })
        .parse(pair.into_inner())
}

fn parse_operand(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    let kind = match pair.as_rule() {
        Rule::int => parse_int(&pair)?,
        Rule::decimal => decimal(&pair)?,
        Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
        Rule::ident => ExprKind::Name(pair.as_str().to_string()),
        Rule::heaps_value => ExprKind::Heaps,
        Rule::list_comp => {
            let mut it = pair.into_inner();
            let body = parse_expr(it.next().expect("a body (parse_list_comp)"))?;
            let (var, list, cond) = parse_comp_tail(it)?;
            ExprKind::ListComp(Box::new(body), var, Box::new(list), cond)
        }
        Rule::list_lit => ExprKind::Tuple(
            pair.into_inner()
                .map(parse_expr)
                .collect::<Result<Vec<_>, _>>()?,
        ),
        Rule::paren => return parse_paren(pair, sp),
        Rule::set => return parse_set(pair, sp),
        Rule::abs => ExprKind::Abs(Box::new(parse_expr(
            pair.into_inner().next().expect("(parse_abs)"),
        )?)),
        Rule::call => {
            let mut it = pair.into_inner();
            let name = parse_ident(it.next().expect("(parse_call)"));
            let args = it.map(parse_expr).collect::<Result<_, _>>()?;
            ExprKind::Call(name, args)
        }
        Rule::quantifier => parse_quantifier(pair)?,
        Rule::if_expr => {
            let mut it = pair
                .into_inner()
                .filter(|p| !matches!(p.as_rule(), Rule::kw_if | Rule::kw_then | Rule::kw_else));
            let mut next = || parse_expr(it.next().expect("(parse_if)")).map(Box::new);
            let (c, a, b) = (next()?, next()?, next()?);
            ExprKind::If(c, a, b)
        }
        Rule::heap_test => parse_heap_test(pair)?,
        Rule::expr | Rule::arith => return parse_expr(pair),
        r => unreachable!("{r:?} (parse_operand)"),
    };
    Ok(Expr { kind, span: sp })
}

/// An integer literal; one beyond `i64` is an error, never a wrapped value.
fn parse_int(pair: &Pair<'_, Rule>) -> Result<ExprKind, SyntaxError> {
    match pair.as_str().parse::<i64>() {
        Ok(n) => Ok(ExprKind::Int(n)),
        Err(_) => Err(SyntaxError::IntegerTooLarge {
            span: span(pair).into(),
            text: super::error::quote(pair.as_str()),
        }),
    }
}

/// A decimal literal (or an octal or hexadecimal code), refused beyond
/// [`MAX_DECIMAL_DIGITS`] digits.
pub(super) fn decimal(pair: &Pair<'_, Rule>) -> Result<ExprKind, SyntaxError> {
    let text = pair.as_str();
    if text.bytes().filter(u8::is_ascii_alphanumeric).count() > MAX_DECIMAL_DIGITS {
        return Err(SyntaxError::DecimalTooLong {
            span: span(pair).into(),
            text: super::error::quote(text),
        });
    }
    Ok(ExprKind::Decimal(text.to_string()))
}

/// `(e)` (the expression, spanning the parentheses) or a tuple `(a, b, ...)`.
fn parse_paren(pair: Pair<'_, Rule>, sp: Span) -> Result<Expr, SyntaxError> {
    let mut items = pair
        .into_inner()
        .map(parse_expr)
        .collect::<Result<Vec<_>, _>>()?;
    if items.len() == 1 {
        let mut e = items.pop().expect("one item (parse_paren)");
        e.span = sp;
        return Ok(e);
    }
    Ok(Expr {
        kind: ExprKind::Tuple(items),
        span: sp,
    })
}

/// A set `{a, b}` or a set built with `for` (`{e for x in L [if C]}`).
fn parse_set(pair: Pair<'_, Rule>, sp: Span) -> Result<Expr, SyntaxError> {
    let mut members = Vec::new();
    for p in pair.into_inner() {
        if p.as_rule() == Rule::set_comp {
            let body = members.pop().expect("a body (parse_set_comp)");
            let (var, list, cond) = parse_comp_tail(p.into_inner())?;
            return Ok(Expr {
                kind: ExprKind::SetComp(Box::new(body), var, Box::new(list), cond),
                span: sp,
            });
        }
        members.push(parse_expr(p)?);
    }
    Ok(Expr {
        kind: ExprKind::Set(members),
        span: sp,
    })
}

/// `any(x in L: C)`, `all(...)`, `count(...)`.
fn parse_quantifier(pair: Pair<'_, Rule>) -> Result<ExprKind, SyntaxError> {
    let mut it = pair.into_inner();
    let kind = match it.next().expect("(parse_quantifier)").as_str() {
        "any" => QuantKind::Any,
        "all" => QuantKind::All,
        _ => QuantKind::Count,
    };
    let var = parse_ident(it.next().expect("(parse_quantifier)"));
    let mut rest = it.filter(|p| p.as_rule() != Rule::kw_in);
    let list = parse_count(rest.next().expect("(parse_quantifier)"))?;
    let cond = parse_expr(rest.next().expect("(parse_quantifier)"))?;
    Ok(ExprKind::Quant(kind, var, Box::new(list), Box::new(cond)))
}

/// `any heap in S`, `all heaps in S`, `no heap in S`.
fn parse_heap_test(pair: Pair<'_, Rule>) -> Result<ExprKind, SyntaxError> {
    let mut it = pair.into_inner();
    let kind = match it.next().expect("(parse_heap_test)").as_str() {
        "any" => HeapTestKind::Any,
        "all" => HeapTestKind::All,
        _ => HeapTestKind::No,
    };
    let set = it
        .find(|p| p.as_rule() == Rule::count_expr)
        .expect("(parse_heap_test)");
    Ok(ExprKind::HeapTest(kind, Box::new(parse_count(set)?)))
}

/// The part of a list or set built with `for` after its body: `for x in L [if C]`.
type CompTail = (Ident, Expr, Option<Box<Expr>>);

/// Parses `for x in L [if C]` (the pairs after the body of a `list_comp`, or a `set_comp`).
fn parse_comp_tail<'i>(
    pairs: impl Iterator<Item = Pair<'i, Rule>>,
) -> Result<CompTail, SyntaxError> {
    let mut it = pairs.filter(|p| !matches!(p.as_rule(), Rule::kw_for | Rule::kw_in));
    let var = parse_ident(it.next().expect("a name (parse_comp_tail)"));
    let list = parse_count(it.next().expect("a list (parse_comp_tail)"))?;
    let cond = match it.next() {
        Some(c) => {
            let e = c
                .into_inner()
                .find(|p| p.as_rule() != Rule::kw_if)
                .expect("a condition (parse_comp_if)");
            Some(Box::new(parse_expr(e)?))
        }
        None => None,
    };
    Ok((var, list, cond))
}

/// A count or range: `E`, `E..`, `E..F`.
pub(super) fn parse_count(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let lo = parse_expr(it.next().expect("(parse_count)"))?;
    let hi = match it.next().map(|op| op.as_rule()) {
        None => return Ok(lo),
        Some(Rule::open_range) => None,
        Some(_) => Some(Box::new(parse_expr(it.next().expect("(parse_count)"))?)),
    };
    Ok(Expr {
        kind: ExprKind::Range(Box::new(lo), hi),
        span: sp,
    })
}
