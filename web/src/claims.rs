//! The page's own `check`: every claim of the ruleset against the solver, asked of the query
//! floor as `heapgame check` asks it: the runs ([`heapgame::query::check_runs::plan_runs`]: one
//! per `check` line with its parameter values, or one with the parameters typed in the page),
//! each over its box within the page's [`MAX_CHECKED`] positions ([`Boxes::AtMost`]: the
//! line's, else its `quick` one, else refused) or the positions its `check over` line lists,
//! checked by [`heapgame::query::check::check`] in `check`'s order (so the first counterexample
//! is the smallest). The page's time limit, read on the page's clock, is shared among the runs;
//! a run it stops says how far it got. This file only renders the answers: a run refused, a
//! counterexample with the position, what the claim says, what the solver finds, and why in
//! words (the move that shows it).

use std::path::{Path, PathBuf};
use std::time::Duration;

use heapgame::game::show_position;
use heapgame::query::check::{check, Answer, CheckAsk, CheckFront, FamiliesChecked, Verdict};
use heapgame::query::check_box::{BoxRefusal, Boxes};
use heapgame::query::check_ranges::RangeDone;
use heapgame::query::check_runs::{plan_runs, RunsAsk};
use heapgame::query::hooks::{FileRun, Job, RegionAsk};
use heapgame::ruleset::diag::Code;
use heapgame::solver::positions::box_size;
use heapgame::solver::{Budget, Clock};
use heapgame::verify::check::{params_shown, CheckReport, Checker, ClaimReport, Failure};
use heapgame::verify::coverage::{Coverage, FindingKind};
use heapgame::verify::region::Region;
use heapgame::verify::{CheckError, MissingBound};
use heapgame::Game;
use miette::Report;
use serde_json::{json, Value};

use crate::api::Request;
use crate::diag::error_json;

/// The most positions one run of the page's check visits: a larger box is checked over its
/// `quick` bounds when the `check` line gives them, and is otherwise left to `heapgame check`
/// (the query floor's choice, [`Boxes::AtMost`]).
pub const MAX_CHECKED: u128 = 200_000;

/// Checks every claim of the ruleset within `limit_ms` milliseconds of `clock` in all, each
/// run with an equal share of the time left when it starts (so the time a run does not use
/// goes to the next ones). The answer lists each run, in the file's order, with its
/// parameters, region, positions visited and claims; a run that hit the time limit says so
/// (`stopped`), and its claims hold only so far.
pub fn check_claims(req: &Request, clock: &Clock, limit_ms: f64) -> Value {
    let ask = RunsAsk {
        params: &req.params,
        boxes: Boxes::AtMost(MAX_CHECKED),
        ..RunsAsk::default()
    };
    let planned = match plan_runs(&req.name, &req.text, &ask) {
        Ok(r) => r,
        Err(e) => return error_of(&e),
    };
    let file = PathBuf::from(&req.name);
    let mut out: Vec<Option<Value>> = Vec::new();
    let mut all: Vec<FileRun> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    for (game, plan) in planned {
        match plan {
            Ok((bounds, over)) => {
                at.push(out.len());
                out.push(None);
                all.push((file.clone(), game, bounds, over));
            }
            Err(refusal) => out.push(Some(problem_run(&game, refused(&game, refusal)))),
        }
    }
    let broken = out.iter().any(Option::is_some);
    let ask = CheckAsk {
        region: RegionAsk::default(),
        time: Some(Duration::from_secs_f64(limit_ms.max(0.0) / 1000.0)),
        own_params: req.params.is_empty(),
        strict: false,
        within_box: true,
    };
    let mut front = Front {
        req,
        clock,
        all: &all,
        runs: all.iter().map(|_| None).collect(),
        failing: broken,
        findings: Vec::new(),
        families: Vec::new(),
    };
    let verdict = match check(&ask, &all, &mut front) {
        Ok(v) => v,
        Err(e) => return report_json(&e),
    };
    let complete = verdict != Verdict::Unfinished && !broken;
    let holds = verdict != Verdict::Fails && !front.failing;
    let (runs, findings, families) = (front.runs, front.findings, front.families);
    for (i, r) in at.into_iter().zip(runs) {
        out[i] = r;
    }
    json!({
        "ok": true,
        "claims": all.first().map_or(0, |(_, g, _, _)| g.checked.claims.len()),
        "runs": out.into_iter().flatten().collect::<Vec<Value>>(),
        // What no run exercised means something only when every run went through.
        "findings": if complete { findings } else { Vec::new() },
        "families": families,
        "holds": holds,
        "complete": complete,
    })
}

/// The page's side of a check: each part within the page's position limit and memory, its
/// deadline on the page's clock; each answer rendered as JSON.
struct Front<'a> {
    req: &'a Request,
    clock: &'a Clock,
    all: &'a [FileRun],
    /// Each run's JSON, in the order of `all`.
    runs: Vec<Option<Value>>,
    /// A claim failed, or a run could not be checked.
    failing: bool,
    findings: Vec<Value>,
    families: Vec<Value>,
}

impl Front<'_> {
    /// The index of `run` in `all`.
    fn index(&self, run: &FileRun) -> usize {
        (self.all.iter())
            .position(|r| std::ptr::eq(r, run))
            .expect("a run of the check (claims)")
    }
}

impl CheckFront for Front<'_> {
    type Run = Budget;

    fn clock(&self) -> Clock {
        self.clock.clone()
    }

    fn start(&self, job: &Job<'_>) -> Budget {
        let mut budget = crate::memory::budget(self.req.max_positions);
        budget.deadline = job.time.map(|t| self.clock.deadline(t));
        budget
    }

    fn answer(&mut self, run: &FileRun, answer: &Answer) -> Result<(), Report> {
        if let Answer::Checked(r) = answer {
            self.failing |= !r.holds();
            let i = self.index(run);
            self.runs[i] = Some(run_json(run, r));
        }
        Ok(())
    }

    fn failed(&mut self, run: &FileRun, e: Report) -> Result<(), Report> {
        let i = self.index(run);
        let game = &run.1;
        let json = match e.downcast_ref::<CheckError>() {
            // The time was up before the box was listed: stopped before its first position.
            Some(CheckError::DeadlineDrawing(_)) => stopped_run(run),
            Some(e) => {
                self.failing = true;
                problem_run(game, check_problem(game, e))
            }
            None => {
                self.failing = true;
                problem_run(game, report_json(&e))
            }
        };
        self.runs[i] = Some(json);
        Ok(())
    }

    fn families(&mut self, _: &Path, (reports, _): &FamiliesChecked) -> Result<(), Report> {
        for r in reports {
            self.failing |= r.failure.is_some();
            self.families.push(json!({
                "line": r.line,
                "text": r.text,
                "held": r.held,
                "failure": r.failure,
            }));
        }
        Ok(())
    }

    fn coverage(&mut self, _: &Path, cov: &Coverage) {
        for f in cov.findings() {
            let vacuous = f.kind == FindingKind::Vacuous;
            self.findings
                .push(json!({"line": f.line, "fails": vacuous, "message": f.message}));
        }
    }

    fn range_done(&mut self, _: &Path, _: &RangeDone) -> Result<(), Report> {
        Ok(())
    }
}

/// A run's answer: its parameters, box, positions visited, and claims.
fn run_json(run: &FileRun, r: &CheckReport) -> Value {
    let game = &run.1;
    json!({
        "params": params_json(game),
        "region": region(run),
        "positions": r.positions,
        "visited": r.seen.positions,
        "stopped": r.stopped.is_some(),
        "claims": r.claims.iter().map(claim_json).collect::<Vec<Value>>(),
    })
}

/// A run the time stopped before its first position: every claim open, nothing visited.
fn stopped_run(run: &FileRun) -> Value {
    let (_, game, bounds, over) = run;
    let claims = Checker::new(game, Budget::default()).claims;
    let positions = match over {
        Some(ps) => ps.len() as u128,
        None => box_size(game.shape(), bounds.max, bounds.heaps).unwrap_or(0),
    };
    json!({
        "params": params_json(game),
        "region": region(run),
        "positions": positions as u64,
        "visited": 0,
        "stopped": true,
        "claims": claims.iter().map(claim_json).collect::<Vec<Value>>(),
    })
}

/// A run's region in words: its box, or the positions its `check over` line lists.
fn region((_, game, bounds, over): &FileRun) -> String {
    match over {
        Some(ps) => format!("{} positions named by `check over`", ps.len()),
        None => Region::Box(*bounds).describe(game.shape()),
    }
}

/// A run that could not be checked: its parameters and the problem.
fn problem_run(game: &Game, problem: Value) -> Value {
    json!({"params": params_json(game), "problem": problem})
}

/// A game's parameters, as `[name, value]` pairs.
fn params_json(game: &Game) -> Vec<Value> {
    params_shown(game)
        .into_iter()
        .map(|(n, v)| json!([n, v]))
        .collect()
}

/// A check's problem as the page's: the position limit (or the memory) in the page's words.
fn check_problem(game: &Game, e: &CheckError) -> Value {
    match e {
        CheckError::Located(l) if l.diags.iter().any(|d| d.code == Code::Limit) => {
            let message = l
                .diags
                .first()
                .map_or_else(String::new, |d| d.message.clone());
            crate::diag::problem(
                game,
                Code::Limit,
                format!("{message}, while checking the claims"),
                "raise the position limit under Advanced",
            )
        }
        CheckError::Located(l) | CheckError::Cancelled(l) => error_json(l),
        e => json!({"ok": false, "diagnostics": [], "rendered": format!("{e}")}),
    }
}

/// A run the query floor gave no box, in the page's words: the message as `heapgame check`
/// says it, the help what to change in the page (which has no `--max`).
fn refused(game: &Game, refusal: BoxRefusal) -> Value {
    let help = match refusal {
        BoxRefusal::Missing(MissingBound::Max) => "add a line `check max N` to the ruleset",
        BoxRefusal::Missing(MissingBound::Heaps) => "write `check max N heaps K` in the ruleset",
        BoxRefusal::TooLarge { .. } => {
            "give the `check` line smaller `quick max N` bounds, or run `heapgame check` on the file"
        }
    };
    let message = refusal.error(game).to_string();
    crate::diag::problem(game, refusal.code(), message, help)
}

/// A check's error before any run (the ruleset, a `check over` line, a `fails at`) as the
/// page's problems.
fn error_of(e: &CheckError) -> Value {
    match e {
        CheckError::Located(l) | CheckError::Cancelled(l) => error_json(l),
        e => json!({"ok": false, "diagnostics": [], "rendered": format!("{e}")}),
    }
}

/// A report of the query floor as the page's problems: located when it is one of the ruleset's.
fn report_json(e: &Report) -> Value {
    match e.downcast_ref::<CheckError>() {
        Some(CheckError::Located(l) | CheckError::Cancelled(l)) => error_json(l),
        _ => match e.downcast_ref::<heapgame::ruleset::diag::LoadError>() {
            Some(l) => error_json(l),
            None => json!({"ok": false, "diagnostics": [], "rendered": format!("{e}")}),
        },
    }
}

/// One claim's result: `ok`, `fail`, `known` (fails where the file says it does), `n/a` (its
/// `when` is false for the run's parameters) or `empty` (no position in its scope), with its
/// counterexample.
fn claim_json(c: &ClaimReport) -> Value {
    let state = match &c.failure {
        Some(_) => "fail",
        None if !c.known.is_empty() => "known",
        None if !c.applies => "n/a",
        None if c.checked == 0 => "empty",
        None => "ok",
    };
    json!({
        "line": c.line,
        "text": c.text,
        "state": state,
        "checked": c.checked,
        "silent": c.silent,
        "failure": c.failure.as_ref().or(c.known.first()).map(failure_json),
        "held_at": c.held_at.as_ref().map(|p| show_position(p)),
    })
}

/// A counterexample: the position, what the claim says and what the solver finds, and why.
fn failure_json(f: &Failure) -> Value {
    json!({
        "position": f.position,
        "shown": show_position(&f.position),
        "claimed": f.claimed.to_string(),
        "actual": f.actual.to_string(),
        "said": f.said,
        "why": f.why,
        "other": f.other.as_ref().map(|(q, why)| json!({"shown": show_position(q), "why": why})),
    })
}
