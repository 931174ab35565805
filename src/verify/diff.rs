//! `diff`: two rulesets, or a ruleset and a built-in formula, compared position by position
//! (P-positions, or Grundy values) over the positions of the first ruleset's box, in the fixed
//! order; every difference comes with each ruleset's reason for its answer.

use miette::Report;

use super::explain::{justify_grundy, justify_outcome};
use super::{positions_in_order, Answer, Bounds};
use crate::formulas::Built;
use crate::game::Game;
use crate::moves::Generator;
use crate::solver::{Budget, Outcome, Solver};

/// The second thing compared.
pub enum Side<'a> {
    /// Another ruleset.
    Game(&'a Game),
    /// A built-in formula, with its text as given (`beatty(pi)`).
    Formula(&'a Built, String),
}

/// One position where the two disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The position (canonical for the first ruleset).
    pub position: Vec<u32>,
    /// The first ruleset's answer.
    pub a: Answer,
    /// The second's.
    pub b: Answer,
    /// Why the first ruleset answers so.
    pub why_a: String,
    /// Why the second does (a formula: "the formula says so").
    pub why_b: String,
}

/// The result of a diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffReport {
    /// The first ruleset's name.
    pub a: String,
    /// The second ruleset's name, or the formula as given.
    pub b: String,
    /// Whether Grundy values (not only outcomes) were compared.
    pub grundy: bool,
    /// The box.
    pub bounds: Bounds,
    /// Whether the first ruleset allows any number of heaps (so `bounds.heaps` matters).
    pub any_count: bool,
    /// Positions in the box.
    pub positions: u64,
    /// Positions where the formula says nothing (not compared).
    pub silent: u64,
    /// How many positions differ.
    pub differences: u64,
    /// The first differences, in order.
    pub first: Vec<Difference>,
}

/// Compares `a` and `b` over `a`'s positions within `bounds`, keeping the first `keep`
/// differences in full.
pub fn diff(
    a: &Game,
    b: Side<'_>,
    bounds: Bounds,
    grundy: bool,
    keep: usize,
    budget: Budget,
) -> Result<DiffReport, Report> {
    diff_each(a, b, bounds, grundy, keep, budget, &mut |_| {})
}

/// As [`diff`], showing every position where they differ to `each` (`diff --plot` draws them).
pub fn diff_each(
    a: &Game,
    b: Side<'_>,
    bounds: Bounds,
    grundy: bool,
    keep: usize,
    budget: Budget,
    each: &mut dyn FnMut(&[u32]),
) -> Result<DiffReport, Report> {
    let positions = positions_in_order(a.shape(), bounds).map_err(|m| {
        miette::miette!(
            code = "heapgame::too_large",
            help = "lower --max (or --heaps)",
            "{m}"
        )
    })?;
    if let Side::Formula(f, text) = &b {
        if grundy && !f.def.grundy {
            return Err(miette::miette!(
                code = "heapgame::formula",
                help = "leave out --grundy to compare P-positions",
                "the formula `{text}` gives P-positions, not Grundy values"
            ));
        }
    }
    let mut sa = a.solver();
    sa.set_budget(budget.clone());
    let mut sb = match &b {
        Side::Game(g) => {
            let mut s = g.solver();
            s.set_budget(budget);
            Some(s)
        }
        Side::Formula(..) => None,
    };
    let mut report = DiffReport {
        a: a.checked.name.clone(),
        b: match &b {
            Side::Game(g) => g.checked.name.clone(),
            Side::Formula(_, t) => format!("formula {t}"),
        },
        grundy,
        bounds,
        any_count: a.shape().count.is_none(),
        positions: positions.len() as u64,
        silent: 0,
        differences: 0,
        first: Vec::new(),
    };
    for pos in &positions {
        let ans_a = answer(a, &mut sa, pos, grundy)?;
        let (ans_b, pos_b) = match (&b, sb.as_mut()) {
            (Side::Game(g), Some(s)) => {
                let wide: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
                let pb = g.canonical(&wide).map_err(|e| {
                    miette::miette!(
                        code = "heapgame::position",
                        help = "diff compares rulesets whose positions have the same shape",
                        "the position {} of `{}` is not a position of `{}`: {e}",
                        crate::game::show_position(pos),
                        a.checked.name,
                        g.checked.name
                    )
                })?;
                (answer(g, s, &pb, grundy)?, pb)
            }
            (Side::Formula(f, _), _) => {
                let r = if grundy {
                    f.form
                        .grundy(pos)
                        .map(|o| o.map(|g| Answer::Grundy(i64::from(g))))
                } else {
                    f.form.is_p(pos).map(|o| o.map(Answer::IsP))
                };
                match r.map_err(|e| {
                    miette::miette!(
                        code = "heapgame::formula",
                        "the formula could not be evaluated at {}: {e}",
                        crate::game::show_position(pos)
                    )
                })? {
                    Some(x) => (x, pos.clone()),
                    None => {
                        report.silent += 1;
                        continue;
                    }
                }
            }
            (Side::Game(_), None) => unreachable!("a solver for a game side (diff)"),
        };
        if ans_a == ans_b {
            continue;
        }
        report.differences += 1;
        each(pos);
        if report.first.len() < keep {
            let why_a = why(a, &mut sa, pos, grundy)?;
            let why_b = match (&b, sb.as_mut()) {
                (Side::Game(g), Some(s)) => why(g, s, &pos_b, grundy)?,
                _ => "the formula says so".to_string(),
            };
            report.first.push(Difference {
                position: pos.clone(),
                a: ans_a,
                b: ans_b,
                why_a,
                why_b,
            });
        }
    }
    Ok(report)
}

fn answer(
    g: &Game,
    s: &mut Solver<'_, Generator>,
    pos: &[u32],
    grundy: bool,
) -> Result<Answer, Report> {
    Ok(if grundy {
        Answer::Grundy(i64::from(s.grundy(pos).map_err(|e| g.solve_error(&e))?))
    } else {
        Answer::IsP(s.outcome(pos).map_err(|e| g.solve_error(&e))? == Outcome::P)
    })
}

fn why(
    g: &Game,
    s: &mut Solver<'_, Generator>,
    pos: &[u32],
    grundy: bool,
) -> Result<String, Report> {
    if grundy {
        justify_grundy(g, s, pos, None)
    } else {
        justify_outcome(g, s, pos)
    }
}

/// Builds a formula from its text as typed (`moore(2)`, `beatty(2 + sqrt(2))`, `nim`), with the
/// parameters of `game` usable in its arguments (`beatty(beta)`). Errors point into the text.
pub fn formula_from_text(game: &Game, text: &str) -> Result<Built, Report> {
    use crate::ruleset::diag::{Code, Diag, LoadError};
    use crate::syntax::ast::ExprKind;
    let src = std::sync::Arc::new(miette::NamedSource::new("--formula", text.to_string()));
    let fail = |d: Diag| Report::new(LoadError::single(src.clone(), d));
    let expr = crate::syntax::parse_expr_str(text)
        .map_err(|e| Report::new(e).with_source_code(src.clone()))?;
    let (name, args): (&str, &[crate::syntax::ast::Expr]) = match &expr.kind {
        ExprKind::Name(n) => (n, &[]),
        ExprKind::Call(n, args) => (&n.name, args),
        _ => {
            return Err(fail(
                Diag::new(Code::Formula, expr.span.clone(), "not a formula", "here")
                    .help("write a formula as NAME or NAME(ARGS), e.g. `moore(2)`"),
            ))
        }
    };
    let mut vals = Vec::new();
    for a in args {
        let v = crate::ruleset::check::constant_with_params(a, &game.checked.params)
            .map_err(|ds| Report::new(LoadError::new(src.clone(), ds)))?;
        vals.push(v);
    }
    crate::formulas::build(name, &vals).map_err(|e| {
        let mut d = Diag::new(
            Code::Formula,
            expr.span.clone(),
            format!("`{name}`: {e}"),
            "here",
        );
        d = match &e {
            crate::formulas::BuildError::Unknown(Some(s)) => d.help(format!(
                "did you mean `{s}`? `heapgame formulas` lists every built-in formula"
            )),
            _ => d.help("`heapgame formulas` lists every built-in formula with its parameters"),
        };
        fail(d)
    })
}
