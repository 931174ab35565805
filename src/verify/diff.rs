//! `diff`: two rulesets, or a ruleset and a built-in formula, compared position by position
//! (P-positions, or Grundy values) over the positions of a region shaped as the first
//! ruleset's (a box, a total, samples, or deepening as `check --time` does), in the fixed
//! order; every difference comes with each ruleset's reason for its answer.

use super::diff_loopy::{answer, why, LoopySide};
use super::region::Region;
use super::steps::{Plan, Steps};
use super::{Answer, Bounds, CheckError};
use crate::formulas::Built;
use crate::game::Game;
use crate::moves::Generator;
use crate::solver::{Budget, Clock, Play, Solver};

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
    /// The box (for a total: the total as `max`; for samples: their largest heap).
    pub bounds: Bounds,
    /// Whether the first ruleset allows any number of heaps (so `bounds.heaps` matters).
    pub any_count: bool,
    /// The region compared, in words ("every heap <= 30", "total <= 60, then ...").
    pub region: String,
    /// Positions compared or skipped as outside the formula's scope.
    pub positions: u64,
    /// Positions where the formula says nothing (not compared).
    pub silent: u64,
    /// How many positions differ.
    pub differences: u64,
    /// The first differences, in order.
    pub first: Vec<Difference>,
    /// Why the run stopped before the end of its region (the time limit), with how far it
    /// got; `None` when it went through.
    pub stopped: Option<String>,
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
) -> Result<DiffReport, CheckError> {
    diff_each(a, b, bounds, grundy, keep, budget, &mut |_| {})
}

/// As [`diff`], showing every position where they differ to `each` (`diff --plot` draws them).
pub(crate) fn diff_each(
    a: &Game,
    b: Side<'_>,
    bounds: Bounds,
    grundy: bool,
    keep: usize,
    budget: Budget,
    each: &mut dyn FnMut(&[u32]),
) -> Result<DiffReport, CheckError> {
    diff_region(a, b, &Region::Box(bounds), grundy, keep, budget, each)
}

/// Compares `a` and `b` over the positions of `region` (shaped as `a`'s), keeping the first
/// `keep` differences in full. The deadline of `budget` ends the run early, with a report of
/// how far it got.
pub(crate) fn diff_region(
    a: &Game,
    b: Side<'_>,
    region: &Region,
    grundy: bool,
    keep: usize,
    budget: Budget,
    each: &mut dyn FnMut(&[u32]),
) -> Result<DiffReport, CheckError> {
    let mut positions = region
        .positions_within(a.shape(), &budget)
        .map_err(|e| CheckError::region(e, Some("lower --max or --total (or --heaps)")))?;
    positions.retain(|p| a.allows(p));
    let mut d = Differ::new(a, b, grundy, budget)?;
    d.set_region(&positions);
    let words = super::check::with_play(a.play(), region.describe(a.shape()));
    let mut report = d.report(region, words);
    for (i, pos) in positions.iter().enumerate() {
        if let Some(why) = d.visit(pos, keep, &mut report, each)? {
            report.stopped = Some(format!("{why} after {i} of {} positions", positions.len()));
            break;
        }
    }
    Ok(report)
}

/// Compares `a` and `b`, deepening as `check --time` does (boxes and totals alternately,
/// each about twice the positions of the last, then samples) until the first region with a
/// difference has been compared in full, or `plan.time` is up. The report's `region` says
/// how far it got.
pub(crate) fn diff_deepening(
    a: &Game,
    b: Side<'_>,
    plan: &Plan,
    grundy: bool,
    keep: usize,
    budget: Budget,
    each: &mut dyn FnMut(&[u32]),
) -> Result<DiffReport, CheckError> {
    // The clock of the caller's deadline, if it gave one.
    let clock = (budget.deadline.as_ref()).map_or_else(Clock::system, |d| d.clock.clone());
    let t0 = clock.now();
    let end = t0 + plan.time;
    let shape = a.shape();
    let mut phase = budget.clone();
    phase.deadline = Some(clock.at(t0 + plan.time * 2 / 3));
    let mut whole = budget;
    whole.deadline = Some(clock.at(end));
    let mut d = Differ::new(a, b, grundy, phase.clone())?;
    let mut report = d.report(&Region::Box(plan.start), String::new());
    let mut steps = Steps::new(shape, plan.start);
    let mut sampling = false;
    let mut sampled = 0u64;
    'regions: while report.differences == 0 && clock.now() < end {
        let region = if sampling {
            steps.samples(plan)
        } else if let Some(r) = steps.grow() {
            r
        } else {
            sampling = true;
            d.set_budget(whole.clone());
            continue;
        };
        let now = if sampling { &whole } else { &phase };
        let Some(mut positions) = listed(&region, shape, now)? else {
            if sampling {
                break;
            }
            sampling = true;
            d.set_budget(whole.clone());
            continue;
        };
        positions.retain(|p| a.allows(p));
        d.set_region(&positions);
        let mut fresh = 0u64;
        for pos in &positions {
            if steps.covered(pos) {
                continue;
            }
            if d.visit(pos, keep, &mut report, each)?.is_some() {
                if sampling {
                    sampled += fresh;
                    break 'regions;
                }
                // The end of the boxes and totals: on to the samples.
                sampling = true;
                d.set_budget(whole.clone());
                continue 'regions;
            }
            fresh += 1;
        }
        if sampling {
            sampled += fresh;
            if fresh == 0 {
                break;
            }
        } else {
            steps.done(&region);
        }
    }
    if report.differences == 0 && steps.max.is_none() && steps.total.is_none() {
        report.stopped = Some("stopped before the first region was compared in full".into());
    }
    report.region = steps.reach(report.positions, sampled, plan.sample_max);
    if sampled > 0 {
        report.region = format!("{} (seeds {} on)", report.region, plan.seed);
    }
    Ok(report)
}

/// The positions of `region`, or `None` when the deadline of `budget` passed while they were
/// listed (a region of millions of positions takes seconds).
fn listed(
    region: &Region,
    shape: &crate::moves::program::ShapeSpec,
    budget: &Budget,
) -> Result<Option<Vec<Vec<u32>>>, CheckError> {
    match region.positions_within(shape, budget) {
        Ok(ps) => Ok(Some(ps)),
        Err(_) if budget.past_deadline() => Ok(None),
        Err(e) => Err(CheckError::region(
            e,
            Some("lower --max or --total (or --heaps)"),
        )),
    }
}

/// One side's solver, or none for a formula.
struct Differ<'a, 'g> {
    a: &'g Game,
    b: Side<'a>,
    sa: Solver<'g, Generator>,
    sb: Option<Solver<'a, Generator>>,
    grundy: bool,
    budget: Budget,
    /// Smith's values of each side, once its search met a cycle.
    la: LoopySide,
    lb: LoopySide,
}

impl<'a, 'g> Differ<'a, 'g> {
    fn new(a: &'g Game, b: Side<'a>, grundy: bool, budget: Budget) -> Result<Self, CheckError> {
        if let Side::Formula(f, text) = &b {
            if grundy && !f.def.grundy {
                return Err(CheckError::FormulaNotGrundy {
                    formula: text.clone(),
                });
            }
        }
        let mut sa = a.solver();
        sa.set_budget(budget.clone());
        let sb = match &b {
            Side::Game(g) => {
                let mut s = g.solver();
                s.set_budget(budget.clone());
                Some(s)
            }
            Side::Formula(..) => None,
        };
        Ok(Differ {
            a,
            b,
            sa,
            sb,
            grundy,
            budget,
            la: LoopySide::default(),
            lb: LoopySide::default(),
        })
    }

    /// The positions of the region about to be compared: a loopy side solves them together.
    fn set_region(&mut self, positions: &[Vec<u32>]) {
        let loopy = |g: &Game| !g.generator().strictly_decreasing() && g.play() == Play::Normal;
        if loopy(self.a) {
            self.la.set_region(positions.to_vec());
        }
        if let Side::Game(g) = &self.b {
            if loopy(g) {
                let canon = |p: &Vec<u32>| {
                    let wide: Vec<u64> = p.iter().map(|&h| u64::from(h)).collect();
                    g.canonical(&wide).ok()
                };
                self.lb
                    .set_region(positions.iter().filter_map(canon).collect());
            }
        }
    }

    fn set_budget(&mut self, budget: Budget) {
        self.sa.set_budget(budget.clone());
        if let Some(s) = self.sb.as_mut() {
            s.set_budget(budget.clone());
        }
        self.budget = budget;
    }

    /// An empty report for `region`.
    fn report(&self, region: &Region, words: String) -> DiffReport {
        let bounds = match *region {
            Region::Box(b) => b,
            Region::Total { total, heaps } => Bounds { max: total, heaps },
            Region::Samples { max, heaps, .. } => Bounds { max, heaps },
        };
        DiffReport {
            a: self.a.checked.name.clone(),
            b: match &self.b {
                Side::Game(g) => g.checked.name.clone(),
                Side::Formula(_, t) => format!("formula {t}"),
            },
            grundy: self.grundy,
            bounds,
            any_count: self.a.shape().count.is_none(),
            region: words,
            positions: 0,
            silent: 0,
            differences: 0,
            first: Vec::new(),
            stopped: None,
        }
    }

    /// Compares both sides at `pos`, counting into `report`; `Some(why)` when the time limit
    /// stopped the comparison.
    fn visit(
        &mut self,
        pos: &[u32],
        keep: usize,
        report: &mut DiffReport,
        each: &mut dyn FnMut(&[u32]),
    ) -> Result<Option<String>, CheckError> {
        match self.compare(pos, keep, report, each) {
            Err(e) if self.budget.past_deadline() && e.is_cancelled() => {
                Ok(Some("stopped at the time limit".to_string()))
            }
            Err(e) => Err(e),
            Ok(()) => {
                report.positions += 1;
                Ok(None)
            }
        }
    }

    fn compare(
        &mut self,
        pos: &[u32],
        keep: usize,
        report: &mut DiffReport,
        each: &mut dyn FnMut(&[u32]),
    ) -> Result<(), CheckError> {
        let (a, grundy) = (self.a, self.grundy);
        let ans_a = answer(a, &mut self.sa, &mut self.la, pos, grundy)?;
        let (ans_b, pos_b) = match (&self.b, self.sb.as_mut()) {
            (Side::Game(g), Some(s)) => {
                let wide: Vec<u64> = pos.iter().map(|&h| u64::from(h)).collect();
                let pb = g
                    .canonical(&wide)
                    .map_err(|error| CheckError::NotPositionOf {
                        position: crate::game::show_position(pos),
                        a: a.checked.name.clone(),
                        b: g.checked.name.clone(),
                        error: Box::new(error),
                    })?;
                (answer(g, s, &mut self.lb, &pb, grundy)?, pb)
            }
            (Side::Formula(f, _), _) => {
                let r = if grundy {
                    f.form
                        .grundy(pos)
                        .map(|o| o.map(|g| Answer::Grundy(i64::from(g))))
                } else {
                    f.form.is_p(pos).map(|o| o.map(Answer::IsP))
                };
                match r.map_err(|error| CheckError::FormulaEval {
                    position: crate::game::show_position(pos),
                    error,
                })? {
                    Some(x) => (x, pos.to_vec()),
                    None => {
                        report.silent += 1;
                        return Ok(());
                    }
                }
            }
            (Side::Game(_), None) => unreachable!("a solver for a game side (diff)"),
        };
        if ans_a == ans_b {
            return Ok(());
        }
        report.differences += 1;
        each(pos);
        if report.first.len() < keep {
            let why_a = match self.la.why(a, pos) {
                Some(w) => w,
                None => why(a, &mut self.sa, pos, grundy)?,
            };
            let why_b = match (&self.b, self.sb.as_mut()) {
                (Side::Game(g), Some(s)) => match self.lb.why(g, &pos_b) {
                    Some(w) => w,
                    None => why(g, s, &pos_b, grundy)?,
                },
                _ => "the formula says so".to_string(),
            };
            report.first.push(Difference {
                position: pos.to_vec(),
                a: ans_a,
                b: ans_b,
                why_a,
                why_b,
            });
        }
        Ok(())
    }
}

/// Builds a formula from its text as typed (`moore(2)`, `beatty(2 + sqrt(2))`, `nim`), with the
/// parameters of `game` usable in its arguments (`beatty(beta)`). Errors point into the text.
pub fn formula_from_text(game: &Game, text: &str) -> Result<Built, CheckError> {
    use crate::ruleset::diag::{Code, Diag, LoadError};
    use crate::syntax::ast::ExprKind;
    let src = std::sync::Arc::new(miette::NamedSource::new("--formula", text.to_string()));
    let fail = |d: Diag| CheckError::from(LoadError::single(src.clone(), d));
    if game.play() == crate::solver::Play::Misere {
        // The built-in closed forms are theorems of normal play.
        return Err(fail(
            Diag::new(
                Code::Play,
                0..text.len(),
                format!(
                    "the formula `{text}` is a closed form of normal play, and this diff is in \
                     misère play"
                ),
                "a normal-play formula",
            )
            .help(
                "diff against a formula in normal play (--play normal), or write the misère \
                 closed form as a `claim` in a file with `play misere` and run `heapgame check`",
            ),
        ));
    }
    let expr =
        crate::syntax::parse_expr_str(text).map_err(|e| fail(crate::game::syntax_diag(e)))?;
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
            .map_err(|ds| CheckError::from(LoadError::new(src.clone(), ds)))?;
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
