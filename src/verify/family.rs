//! Family claims against the solver: `count(C) OP E [for n in R] within max M [heaps K]` counts,
//! for each n, the positions of its box where C holds and compares the count with E;
//! `least n in R: C within max M [heaps K] is E` looks for the least n whose box holds a
//! position where C holds (the first such position in the fixed order is the witness). Each box
//! is the claim's own, not the run's: a count is a statement about a finite set.

use super::check::Halt;
use super::claim::{known, Known, Needs};
use super::compare::show_set;
use super::{positions_in_order, Bounds, CheckError};
use crate::game::{show_position, Game};
use crate::moves::{Generator, MoveError};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::ruleset::expr::{binary, Env, EvalError};
use crate::ruleset::family::CheckedFamily;
use crate::ruleset::sets::encode_positions;
use crate::ruleset::value::Value;
use crate::solver::loopy::{solve_loopy_region, LoopyOutcome, LoopySolution, LoopyValue};
use crate::solver::{Budget, Play, SolveError, Solver};

/// The most positions of a box a count shows when it fails.
const SHOWN: usize = 6;

/// The result of one family claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyReport {
    /// Its line in the file.
    pub line: usize,
    /// Its text on one line.
    pub text: String,
    /// The values of its `n` compared (1 without `for`).
    pub checked: u64,
    /// The positions its boxes held.
    pub positions: u64,
    /// What held, in words ("counts 1, 2, 3 for n = 0..2", "first at n = 11: (1, 2, ...)").
    pub held: String,
    /// Where it failed, in words.
    pub failure: Option<String>,
}

/// Checks every family claim of `game` within `budget`; the reports, and why the check stopped
/// early (the time limit) if it did.
pub(crate) fn check_families(
    game: &Game,
    budget: Budget,
) -> Result<(Vec<FamilyReport>, Option<String>), CheckError> {
    let mut solver = game.solver();
    solver.set_budget(budget.clone());
    let mut loopy = None;
    let mut out = Vec::new();
    for f in &game.checked.families {
        let src = game.src.inner();
        let mut r = FamilyReport {
            line: src[..f.span.start.min(src.len())].matches('\n').count() + 1,
            text: super::check::one_line(src.get(f.span.clone()).unwrap_or("")),
            checked: 0,
            positions: 0,
            held: String::new(),
            failure: None,
        };
        let mut run = Run {
            game,
            f,
            solver: &mut solver,
            budget: &budget,
            report: &mut r,
            loopy: &mut loopy,
            roots: Vec::new(),
        };
        let res = if f.least { run.least() } else { run.count() };
        match res {
            Ok(()) => out.push(r),
            Err(Halt::Deadline) => {
                let why = format!(
                    "stopped at the time limit in the family claim at line {}",
                    r.line
                );
                return Ok((out, Some(why)));
            }
            Err(Halt::Limit(limit)) => {
                return Err(CheckError::solve(game, &SolveError::Limit { limit }))
            }
            Err(Halt::Error(e)) => return Err(e),
        }
    }
    Ok((out, None))
}

/// One family claim being checked.
struct Run<'a, 'g> {
    game: &'g Game,
    f: &'a CheckedFamily,
    solver: &'a mut Solver<'g, Generator>,
    budget: &'a Budget,
    report: &'a mut FamilyReport,
    /// A loopy game (normal play, the search met a cycle): Smith's values of the boxes
    /// solved so far, and the positions of the box being counted, solved together.
    loopy: &'a mut Option<LoopySolution>,
    roots: Vec<Vec<u32>>,
}

impl Run<'_, '_> {
    /// The values of `n` (one run, `n` unused, without `for`).
    fn values(&self) -> Vec<Option<i64>> {
        match &self.f.var {
            Some((_, _, vs)) => vs.iter().map(|&v| Some(v)).collect(),
            None => vec![None],
        }
    }

    /// The integer slots with `n` set.
    fn ints(&self, n: Option<i64>) -> Vec<i64> {
        let mut ints = vec![0i64; self.f.frame.int_slots];
        if let (Some((_, slot, _)), Some(n)) = (&self.f.var, n) {
            ints[*slot] = n;
        }
        ints
    }

    /// A claim that cannot be evaluated, at the expression that failed.
    fn eval_error(&self, e: EvalError, n: Option<i64>, pos: Option<&[u32]>) -> Halt {
        let mut at = String::new();
        if let (Some((name, _, _)), Some(n)) = (&self.f.var, n) {
            at = format!(" for {name} = {n}");
        }
        if let Some(p) = pos {
            at.push_str(&format!(" at {}", show_position(p)));
        }
        let d = Diag::new(
            Code::Eval,
            e.span.clone(),
            format!("the claim could not be evaluated{at}: {}", e.kind),
            "here",
        )
        .help("integers are 64-bit and never wrap; reals are exact and must be decidable");
        Halt::Error(LoadError::single(self.game.src.clone(), d).into())
    }

    /// The positions of the box for `n`, in the fixed order.
    fn box_for(&mut self, n: Option<i64>) -> Result<Vec<Vec<u32>>, Halt> {
        let mut ints = self.ints(n);
        let mut env = Env {
            heaps: &[],
            ints: &mut ints,
            lists: &[],
            stop: None,
        };
        let max = self
            .f
            .max
            .eval_int(&mut env)
            .map_err(|e| self.eval_error(e, n, None))?;
        let heaps = match &self.f.heaps {
            Some(h) => Some(
                h.eval_int(&mut env)
                    .map_err(|e| self.eval_error(e, n, None))?,
            ),
            None => None,
        };
        let shape = self.game.shape();
        let bad = |what: &str, v: i64, span: &crate::syntax::ast::Span| {
            let d = Diag::new(
                Code::Range,
                span.clone(),
                format!("{what} is {v}, not a heap size"),
                "here",
            );
            Halt::Error(LoadError::single(self.game.src.clone(), d).into())
        };
        let max =
            u32::try_from(max).map_err(|_| bad("the box's largest heap", max, &self.f.max.span))?;
        let heaps = match (shape.count, heaps) {
            (Some(k), _) => k,
            (None, Some(h)) => usize::try_from(h)
                .ok()
                .filter(|&h| h <= 64)
                .ok_or_else(|| bad("the box's heap count", h, &self.f.span))?,
            (None, None) => unreachable!("refused at load (box_for)"),
        };
        let mut ps = positions_in_order(shape, Bounds { max, heaps }).map_err(|error| {
            Halt::Error(CheckError::FamilyBoxTooLarge {
                line: self.report.line,
                error,
            })
        })?;
        ps.retain(|p| self.game.allows(p));
        self.roots.clone_from(&ps);
        Ok(ps)
    }

    /// What a loopy game's condition reads at `pos`: Smith's values of the box and what it
    /// reaches (solved at once, the first time a position of the box needs them). A condition
    /// that reads `grundy` where Smith's value is infinite has no value.
    fn loopy_known(&mut self, n: Option<i64>, pos: &[u32], needs: Needs) -> Result<Known, Halt> {
        if (self.loopy.as_ref()).is_none_or(|s| s.value_of(pos).is_none()) {
            let mut roots = std::mem::take(&mut self.roots);
            if let Some(old) = self.loopy.take() {
                roots.extend(old.graph.positions().map(<[u32]>::to_vec));
            }
            roots.push(pos.to_vec());
            let r = solve_loopy_region(self.game.generator(), roots, self.budget);
            *self.loopy = Some(r.map_err(|e| self.solved(e))?);
        }
        let sol = self
            .loopy
            .as_ref()
            .expect("solved just above (loopy_known)");
        let v = sol
            .value_of(pos)
            .expect("the region holds pos (loopy_known)");
        let grundy = match v {
            LoopyValue::Finite(g) => Some(*g),
            LoopyValue::Infinite(_) if needs.grundy => {
                let e = EvalError {
                    kind: crate::ruleset::expr::EvalErrorKind::Domain(format!(
                        "the condition reads `grundy`, but Smith's value here is infinite, {v}"
                    )),
                    span: self.f.cond.span.clone(),
                };
                return Err(self.eval_error(e, n, Some(pos)));
            }
            LoopyValue::Infinite(_) => None,
        };
        Ok(Known {
            grundy: grundy.filter(|_| needs.grundy),
            winning: (needs.winning).then(|| sol.good_moves_to(pos, LoopyOutcome::P)),
            genus: None,
        })
    }

    /// Whether the condition holds at `pos` for `n`.
    fn holds(&mut self, n: Option<i64>, pos: &[u32]) -> Result<bool, Halt> {
        // A condition that needs no solving (`count(reduced())`) never meets the solver's
        // looks at the budget: the time and Ctrl-C are looked at here.
        if self.budget.interrupted().is_err() {
            return Err(self.solved(SolveError::Cancelled { stored: 0 }));
        }
        let frame = &self.f.frame;
        let needs = Needs {
            grundy: frame.grundy.is_some(),
            winning: frame.winning.is_some(),
            genus: false,
        };
        let k = match known(self.solver, pos, needs, None) {
            Err(SolveError::Cycle(_)) if self.game.play() == Play::Normal => {
                self.loopy_known(n, pos, needs)?
            }
            r => r.map_err(|e| self.solved(e))?,
        };
        let mut ints = self.ints(n);
        for &(slot, idx) in &frame.heap_names {
            ints[slot] = pos.get(idx).map_or(0, |&h| i64::from(h));
        }
        if let (Some(slot), Some(g)) = (frame.grundy, k.grundy) {
            ints[slot] = i64::from(g);
        }
        let lists = match &k.winning {
            Some(w) => vec![encode_positions(w)],
            None => Vec::new(),
        };
        let mut env = Env {
            heaps: pos,
            ints: &mut ints,
            lists: &lists,
            stop: None,
        };
        self.f
            .cond
            .eval_bool(&mut env)
            .map_err(|e| self.eval_error(e, n, Some(pos)))
    }

    fn solved(&self, e: SolveError<MoveError>) -> Halt {
        match e {
            SolveError::Limit { limit } => Halt::Limit(limit),
            // A stop at the deadline (of the search, or of the generator inside one
            // position's followers) is the deadline, never a Ctrl-C.
            e => match CheckError::solve(self.game, &e) {
                e if e.is_cancelled() && self.budget.past_deadline() => Halt::Deadline,
                e => Halt::Error(e),
            },
        }
    }

    /// E, for `n`.
    fn value(&self, n: Option<i64>) -> Result<Value, Halt> {
        let mut ints = self.ints(n);
        let mut env = Env {
            heaps: &[],
            ints: &mut ints,
            lists: &[],
            stop: None,
        };
        self.f
            .value
            .eval(&mut env)
            .map_err(|e| self.eval_error(e, n, None))
    }

    /// `count(C) OP E`: every n, until the first that fails.
    fn count(&mut self) -> Result<(), Halt> {
        let mut counts = Vec::new();
        for n in self.values() {
            let ps = self.box_for(n)?;
            self.report.positions += ps.len() as u64;
            let mut hits: Vec<Vec<u32>> = Vec::new();
            let mut count = 0i64;
            for p in &ps {
                if self.holds(n, p)? {
                    count += 1;
                    if hits.len() < SHOWN {
                        hits.push(p.clone());
                    }
                }
            }
            let e = self.value(n)?;
            let span = self.f.value.span.clone();
            let ok = match binary(self.f.op, Value::Int(count), e.clone(), &span) {
                Ok(Value::Bool(b)) => b,
                Ok(v) => unreachable!("a comparison gave {v:?} (count)"),
                Err(err) => return Err(self.eval_error(err, n, None)),
            };
            self.report.checked += 1;
            if !ok {
                let shown = if count as usize > hits.len() {
                    format!("{}, ...", show_set(&hits).trim_end_matches('}')) + "}"
                } else {
                    show_set(&hits)
                };
                self.report.failure = Some(format!(
                    "{}the count is {count} of {} positions ({shown}), but the claim says {} {e}",
                    self.for_n(n),
                    ps.len(),
                    self.f.op.symbol()
                ));
                return Ok(());
            }
            counts.push(count.to_string());
        }
        self.report.held = match &self.f.var {
            Some((name, _, vs)) => format!(
                "counts {} for {name} = {}",
                abbreviate(&counts),
                range_text(vs)
            ),
            None => format!("count {}", counts.join("")),
        };
        Ok(())
    }

    /// `least n in R: C ... is E`.
    fn least(&mut self) -> Result<(), Halt> {
        let name = self.f.var.as_ref().map_or("n".to_string(), |v| v.0.clone());
        for n in self.values() {
            let ps = self.box_for(n)?;
            self.report.checked += 1;
            let mut found = None;
            for p in &ps {
                self.report.positions += 1;
                if self.holds(n, p)? {
                    found = Some(p.clone());
                    break;
                }
            }
            let Some(w) = found else { continue };
            let n = n.expect("`least` has a name (least)");
            let e = self.value(Some(n))?;
            if matches!(e, Value::Int(v) if v == n) {
                self.report.held = format!("first at {name} = {n}: {}", show_position(&w));
            } else {
                self.report.failure = Some(format!(
                    "the least {name} is {n}, at {}, but the claim says {e}",
                    show_position(&w)
                ));
            }
            return Ok(());
        }
        let vs = self
            .f
            .var
            .as_ref()
            .map(|v| range_text(&v.2))
            .unwrap_or_default();
        self.report.failure = Some(format!(
            "no {name} in {vs} has a position where the condition holds"
        ));
        Ok(())
    }

    /// `for n = 3: ` (empty without `for`).
    fn for_n(&self, n: Option<i64>) -> String {
        match (&self.f.var, n) {
            (Some((name, _, _)), Some(n)) => format!("for {name} = {n}: "),
            _ => String::new(),
        }
    }
}

/// Values as `a..b` when consecutive, else listed (the first few).
fn range_text(vs: &[i64]) -> String {
    match (vs.first(), vs.last()) {
        (Some(a), Some(b)) if vs.windows(2).all(|w| w[1] == w[0] + 1) && vs.len() > 1 => {
            format!("{a}..{b}")
        }
        _ => abbreviate(&vs.iter().map(i64::to_string).collect::<Vec<_>>()),
    }
}

/// At most 12 items joined, then `...`.
fn abbreviate(items: &[String]) -> String {
    if items.len() <= 12 {
        items.join(", ")
    } else {
        format!(
            "{}, ..., {}",
            items[..10].join(", "),
            items[items.len() - 1]
        )
    }
}
