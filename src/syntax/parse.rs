//! From source text to the syntax tree: the pest binding and one `parse_<rule>` per rule
//! (expressions are in `parse_expr.rs`).
//!
//! A shape the grammar cannot produce is `unreachable!("... (parse_<rule>)")`; everything
//! the user can write either becomes a node or a located [`SyntaxError`].

use pest::iterators::Pair;
use pest::Parser as _;

use super::ast::*;
use super::error::SyntaxError;
use super::expected;
use super::grammar::{parse_ident, parse_string, span, GameParser, Rule};
use super::parse_claim::{parse_check_bound, parse_claim};
use super::parse_expr::parse_count;
pub(crate) use super::parse_expr::parse_expr;

/// Parses a whole `.game` file.
pub fn parse_file(src: &str) -> Result<Ruleset, SyntaxError> {
    let mut pairs = {
        pest::set_error_detail(true);
        GameParser::parse(Rule::file, src).map_err(|e| expected::from_pest_file(e, src))?
    };
    check_depth(pairs.clone())?;
    // The grammar guarantees one `file` pair holding one `ruleset`.
    let file = pairs.next().expect("a file pair (parse_file)");
    let ruleset = file
        .into_inner()
        .find(|p| p.as_rule() == Rule::ruleset)
        .expect("a ruleset pair (parse_file)");
    parse_ruleset(ruleset)
}

/// Parses a standalone expression, such as a `-p NAME=VALUE` value or a REPL input.
pub fn parse_expr_str(src: &str) -> Result<Expr, SyntaxError> {
    let mut pairs = {
        pest::set_error_detail(true);
        GameParser::parse(Rule::standalone_expr, src).map_err(|e| expected::from_pest(e, src))?
    };
    check_depth(pairs.clone())?;
    let top = pairs
        .next()
        .expect("a standalone_expr pair (parse_expr_str)");
    let expr = top
        .into_inner()
        .find(|p| p.as_rule() == Rule::expr)
        .expect("an expr pair (parse_expr_str)");
    parse_expr(expr)
}

/// The deepest syntax tree heapgame builds. The tree is built, checked, evaluated and
/// dropped by recursive functions, so its depth must stay far below what a thread's stack
/// holds (2 MiB for a test thread): 1000 levels (a tree about half as deep, see below) of a
/// few hundred bytes each; the bundled rulesets need under 160.
pub const MAX_DEPTH: usize = 1000;

/// Refuses input whose syntax tree would be deeper than [`MAX_DEPTH`], before the tree is
/// built. A pair's children lie one level deeper, except in an expression written without
/// parentheses (`1 + 1 + ... + 1`, `- - - 1`), whose operators chain: there, every operand
/// and operator counts as a level. The walk uses its own stack, never recursion.
fn check_depth(pairs: pest::iterators::Pairs<'_, Rule>) -> Result<(), SyntaxError> {
    // Each entry: a pair, its depth, and the pairs of brackets around it (for the message).
    let mut stack: Vec<(Pair<'_, Rule>, usize, usize)> = pairs.map(|p| (p, 0, 0)).collect();
    while let Some((pair, depth, brackets)) = stack.pop() {
        if depth > MAX_DEPTH {
            let s = pair.as_span();
            return Err(SyntaxError::TooDeep {
                span: (s.start(), s.end() - s.start()).into(),
                max: MAX_DEPTH,
                brackets,
                chained: depth > 2 * brackets + MAX_DEPTH / 10,
            });
        }
        let bracket = matches!(
            pair.as_rule(),
            Rule::paren
                | Rule::set
                | Rule::list_comp
                | Rule::list_lit
                | Rule::abs
                | Rule::call
                | Rule::index
                | Rule::quantifier
        );
        let brackets = brackets + usize::from(bracket);
        let chained = matches!(pair.as_rule(), Rule::expr | Rule::arith | Rule::count_expr);
        let step = if chained {
            pair.clone().into_inner().count().max(1)
        } else {
            1
        };
        stack.extend(pair.into_inner().map(|c| (c, depth + step, brackets)));
    }
    Ok(())
}

fn parse_ruleset(pair: Pair<'_, Rule>) -> Result<Ruleset, SyntaxError> {
    let sp = span(&pair);
    let mut name = String::new();
    let mut params = Vec::new();
    let mut items = Vec::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::string => name = parse_string(p),
            Rule::params => {
                for param in p.into_inner() {
                    let mut it = param.into_inner();
                    let name = parse_ident(it.next().expect("param name (parse_params)"));
                    let default = parse_expr(it.next().expect("param default (parse_params)"))?;
                    params.push(Param { name, default });
                }
            }
            _ => items.push(parse_item(p)?),
        }
    }
    Ok(Ruleset {
        name,
        span: sp,
        params,
        items,
    })
}

fn parse_item(pair: Pair<'_, Rule>) -> Result<Item, SyntaxError> {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    Ok(match rule {
        Rule::source => Item::Source(parse_string(inner.next().expect("(parse_source)")), sp),
        Rule::play_decl => Item::Play(inner.next().expect("(parse_play)").as_str().to_string(), sp),
        Rule::require => {
            let cond = parse_expr(inner.next().expect("(parse_require)"))?;
            let message = inner
                .find(|p| p.as_rule() == Rule::string)
                .map(parse_string);
            Item::Require(Require {
                cond,
                message,
                span: sp,
            })
        }
        Rule::positions => {
            let cond = inner
                .find(|p| p.as_rule() == Rule::expr)
                .expect("a condition (parse_positions)");
            let cond = parse_expr(cond)?;
            // The item ends with its condition: pest's span of the item runs on over the
            // spaces and comments after it.
            let span = sp.start..cond.span.end;
            Item::Positions(Positions { cond, span })
        }
        Rule::shape => Item::Shape(parse_shape(inner, sp)?),
        Rule::let_def => {
            let name = parse_ident(inner.next().expect("(parse_let)"));
            let value = parse_expr(inner.next().expect("(parse_let)"))?;
            Item::Let(Let { name, value })
        }
        Rule::check_bound => Item::CheckBound(parse_check_bound(inner, sp)?),
        Rule::fn_def => Item::Fn(parse_fn(inner, sp)?),
        Rule::move_def => Item::Move(parse_move(inner, sp)?),
        Rule::claim => Item::Claim(parse_claim(inner, sp)?),
        r => unreachable!("{r:?} (parse_item)"),
    })
}

/// `heaps ...`: the shape of a position.
fn parse_shape(inner: pest::iterators::Pairs<'_, Rule>, sp: Span) -> Result<Shape, SyntaxError> {
    let mut kind = None;
    let mut lower = None;
    for p in inner {
        match p.as_rule() {
            Rule::heaps_word => {}
            Rule::shape_any => kind = Some(ShapeKind::Any),
            Rule::shape_named => {
                kind = Some(ShapeKind::Named(p.into_inner().map(parse_ident).collect()));
            }
            Rule::expr => kind = Some(ShapeKind::Count(parse_expr(p)?)),
            Rule::shape_row => {
                let mut it = p.into_inner();
                let count = parse_expr(it.next().expect("(parse_shape_row)"))?;
                let circle = it.any(|q| q.as_rule() == Rule::kw_circle);
                kind = Some(ShapeKind::Row { count, circle });
            }
            Rule::each_bound => {
                let e = p.into_inner().next().expect("(parse_each_bound)");
                lower = Some(parse_expr(e)?);
            }
            r => unreachable!("{r:?} (parse_shape)"),
        }
    }
    Ok(Shape {
        kind: kind.expect("a shape kind (parse_shape)"),
        lower,
        span: sp,
    })
}

/// `fn g(a, b) = e`.
fn parse_fn(inner: pest::iterators::Pairs<'_, Rule>, sp: Span) -> Result<FnDef, SyntaxError> {
    let mut it = inner.filter(|p| p.as_rule() != Rule::kw_fn);
    let name = parse_ident(it.next().expect("a name (parse_fn)"));
    let mut params = Vec::new();
    let mut body = None;
    for p in it {
        match p.as_rule() {
            Rule::ident => params.push(parse_ident(p)),
            _ => body = Some(parse_expr(p)?),
        }
    }
    Ok(FnDef {
        name,
        params,
        body: body.expect("a body (parse_fn)"),
        span: sp,
    })
}

fn parse_move(inner: pest::iterators::Pairs<'_, Rule>, sp: Span) -> Result<MoveDef, SyntaxError> {
    let mut fors = Vec::new();
    let mut guards = Vec::new();
    let mut steps = Vec::new();
    for p in inner {
        match p.as_rule() {
            Rule::move_for => {
                let mut it = p.into_inner();
                let name = parse_ident(it.next().expect("(parse_move_for)"));
                let range = it
                    .find(|q| q.as_rule() == Rule::expr)
                    .expect("(parse_move_for)");
                fors.push((name, parse_expr(range)?));
            }
            Rule::move_when | Rule::move_unless => {
                let negated = p.as_rule() == Rule::move_unless;
                let cond = parse_expr(p.into_inner().next().expect("(parse_move_when)"))?;
                guards.push(Guard { cond, negated });
            }
            _ => steps.push(parse_step(p)?),
        }
    }
    // A ruleset may have 100,000 moves: each keeps only the room it uses.
    fors.shrink_to_fit();
    guards.shrink_to_fit();
    steps.shrink_to_fit();
    Ok(MoveDef {
        fors,
        guards,
        steps,
        span: sp,
    })
}

fn parse_step(pair: Pair<'_, Rule>) -> Result<Step, SyntaxError> {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut inner = pair.into_inner();
    let kind = match rule {
        Rule::take => {
            let amount = parse_amount(inner.next().expect("(parse_take)"))?;
            let sel = parse_selector(inner.next().expect("(parse_take)"))?;
            let cond = inner.next().map(parse_where).transpose()?;
            StepKind::Take { amount, sel, cond }
        }
        Rule::delete => StepKind::Delete {
            sel: parse_selector(inner.next().expect("(parse_delete)"))?,
        },
        Rule::split => {
            let sel = parse_selector(inner.next().expect("(parse_split)"))?;
            let parts = parse_expr(inner.next().expect("(parse_split)"))?;
            let rest: Vec<_> = inner.collect();
            let allow_empty = rest.iter().any(|p| p.as_rule() == Rule::allowing_empty);
            let unequal = rest.iter().any(|p| p.as_rule() == Rule::unequal);
            let equal = rest.iter().any(|p| p.as_rule() == Rule::equal);
            StepKind::Split {
                sel,
                parts,
                allow_empty,
                unequal,
                equal,
            }
        }
        Rule::lower => {
            let sel = parse_selector(inner.next().expect("(parse_lower)"))?;
            let by = parse_expr(inner.next().expect("(parse_lower)"))?;
            StepKind::Lower { sel, by }
        }
        Rule::octal => {
            let hex = inner.next().expect("(parse_octal)").as_str() == "hex";
            let c = inner.next().expect("(parse_octal)");
            let code = match c.as_rule() {
                Rule::code_lit => Expr {
                    kind: super::parse_expr::decimal(&c)?,
                    span: span(&c),
                },
                _ => parse_expr(c)?,
            };
            StepKind::Octal { hex, code }
        }
        Rule::add_step | Rule::shift | Rule::set_step => parse_token_step(rule, inner)?,
        Rule::keep => {
            let sel = parse_selector(inner.next().expect("(parse_keep)"))?;
            let cond = inner.next().map(parse_where).transpose()?;
            StepKind::Keep { sel, cond }
        }
        r => unreachable!("{r:?} (parse_step)"),
    };
    Ok(Step { kind, span: sp })
}

/// The steps that add, carry or set tokens (`add`, `move A from ... to ...`, `set`), each
/// read from its pairs after the keywords (parse_step).
fn parse_token_step(
    rule: Rule,
    inner: pest::iterators::Pairs<'_, Rule>,
) -> Result<StepKind, SyntaxError> {
    Ok(match rule {
        Rule::add_step => {
            let mut parts = inner.filter(|p| !matches!(p.as_rule(), Rule::kw_add | Rule::kw_to));
            let amount = parse_amount(parts.next().expect("(parse_add)"))?;
            let sel = parse_selector(parts.next().expect("(parse_add)"))?;
            let cond = parts.next().map(parse_where).transpose()?;
            StepKind::Add { amount, sel, cond }
        }
        Rule::shift => {
            let mut parts = inner.filter(|p| !matches!(p.as_rule(), Rule::kw_move | Rule::kw_to));
            let amount = parse_amount(parts.next().expect("(parse_shift)"))?;
            let from = parse_selector(parts.next().expect("(parse_shift)"))?;
            let to = parse_selector(parts.next().expect("(parse_shift)"))?;
            let cond = parts.next().map(parse_where).transpose()?;
            StepKind::Shift {
                amount,
                from,
                to,
                cond,
            }
        }
        Rule::set_step => {
            let mut parts = inner.filter(|p| !matches!(p.as_rule(), Rule::kw_set | Rule::kw_to));
            let sel = parse_selector(parts.next().expect("(parse_set)"))?;
            let value = parse_expr(parts.next().expect("(parse_set)"))?;
            let cond = parts.next().map(parse_where).transpose()?;
            StepKind::Set { sel, value, cond }
        }
        r => unreachable!("{r:?} (parse_token_step)"),
    })
}

fn parse_where(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    parse_expr(pair.into_inner().next().expect("(parse_where)"))
}

fn parse_binding(pair: Pair<'_, Rule>) -> Result<(Ident, Expr), SyntaxError> {
    let mut it = pair.into_inner();
    let name = parse_ident(it.next().expect("(parse_binding)"));
    let set = it
        .find(|p| p.as_rule() == Rule::expr)
        .expect("(parse_binding)");
    Ok((name, parse_expr(set)?))
}

fn parse_amount(pair: Pair<'_, Rule>) -> Result<Amount, SyntaxError> {
    let p = pair.into_inner().next().expect("(parse_amount)");
    Ok(match p.as_rule() {
        Rule::amount_same => {
            let q = p.into_inner().next().expect("(parse_amount_same)");
            match q.as_rule() {
                Rule::binding => {
                    let (name, set) = parse_binding(q)?;
                    Amount::Same(Some(name), set)
                }
                _ => Amount::Same(None, parse_expr(q)?),
            }
        }
        Rule::bindings => Amount::Named(
            p.into_inner()
                .map(parse_binding)
                .collect::<Result<_, _>>()?,
        ),
        Rule::expr => Amount::Each(parse_expr(p)?),
        r => unreachable!("{r:?} (parse_amount)"),
    })
}

fn parse_selector(pair: Pair<'_, Rule>) -> Result<Selector, SyntaxError> {
    let sp = span(&pair);
    let p = pair.into_inner().next().expect("(parse_selector)");
    let rule = p.as_rule();
    let mut count = None;
    let mut name = None;
    let mut plural = false;
    let mut ident = None;
    let mut at = None;
    let mut one = false;
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::arith => at = Some(parse_expr(q)?),
            Rule::sel_name => name = Some(parse_ident(q.into_inner().next().expect("(sel_name)"))),
            Rule::count_expr => count = Some(parse_count(q)?),
            Rule::heaps_word => plural = true,
            Rule::kw_one => one = true,
            Rule::ident => ident = Some(parse_ident(q)),
            _ => {}
        }
    }
    let kind = match rule {
        Rule::sel_one => SelKind::One,
        Rule::sel_the_other if plural => SelKind::Rest,
        Rule::sel_the_other => SelKind::TheOther,
        Rule::sel_all => SelKind::Rest,
        Rule::sel_both => SelKind::Both,
        Rule::sel_each_of | Rule::sel_count => SelKind::Count(count.expect("(parse_sel_count)")),
        Rule::sel_named => SelKind::Named(ident.expect("(parse_sel_named)")),
        Rule::sel_consecutive => SelKind::Consecutive(count.expect("(parse_sel_consecutive)")),
        Rule::sel_at => {
            let e = at.expect("(parse_sel_at)");
            match e.kind {
                // `heap x`: a heap name, or a place given by a name (resolved when lowered).
                ExprKind::Name(ref n) => SelKind::Named(Ident {
                    name: n.clone(),
                    span: e.span.clone(),
                }),
                _ => SelKind::At(e),
            }
        }
        Rule::sel_ref => SelKind::Ref(ident.expect("(parse_sel_ref)")),
        Rule::sel_next => SelKind::NextTo {
            of: ident.expect("(parse_sel_next)"),
            each: one,
        },
        r => unreachable!("{r:?} (parse_selector)"),
    };
    Ok(Selector {
        kind,
        name,
        span: sp,
    })
}
