//! The page's own `check`: every claim of the ruleset against the solver, as `heapgame check`
//! runs them (one run per `check` line, each with its parameter values, or one run with the
//! parameters typed in the page), through the library's [`Checker`]. Each run visits the
//! positions of its box in `check`'s order (so the first counterexample is the smallest) and
//! stops at the page's time limit between two positions, saying how far it got. A
//! counterexample comes with the position, what the claim says, what the solver finds, and
//! why in words (the move that shows it), as [`heapgame::verify::explain`] words it.

use heapgame::game::{show_position, AnyCount};
use heapgame::moves::MoveError;
use heapgame::ruleset::check::CheckRun;
use heapgame::ruleset::ParamOverride;
use heapgame::solver::positions::box_size;
use heapgame::verify::check::{params_shown, Checker, ClaimReport, Failure, Halt};
use heapgame::verify::coverage::{Coverage, FindingKind};
use heapgame::verify::region::Region;
use heapgame::verify::{Bounds, CheckError, MissingBound};
use heapgame::{Game, SolveError};
use serde_json::{json, Value};

use crate::api::Request;
use crate::diag::error_json;

/// The most positions one run of the page's check visits: a larger box is checked over its
/// `quick` bounds when the `check` line gives them, and is otherwise left to `heapgame check`.
pub const MAX_CHECKED: u128 = 200_000;

/// The clock the time limit is read from: milliseconds since some fixed instant.
pub type Clock<'a> = &'a dyn Fn() -> f64;

/// Checks every claim of the ruleset within `limit_ms` milliseconds of `now()` in all. The
/// runs go from the smallest box to the largest, each with an equal share of the time left
/// when it starts (so the time a small run does not use goes to the larger ones). The answer
/// lists each run, in the file's order, with its parameters, region, positions visited and
/// claims; a run that hit the time limit says so (`stopped`), and its claims hold only so far.
pub fn check_claims(req: &Request, now: Clock<'_>, limit_ms: f64) -> Value {
    let t0 = now();
    let runs = match runs(req) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&i| {
        let (game, line) = &runs[i];
        bounds(game, line.as_ref())
            .ok()
            .and_then(|b| box_size(game.shape(), b.max, b.heaps))
            .unwrap_or(0)
    });
    let mut results: Vec<Option<RunResult>> = runs.iter().map(|_| None).collect();
    for (n, &i) in order.iter().enumerate() {
        let (game, line) = &runs[i];
        let left = (runs.len() - n) as f64;
        let end = now() + ((t0 + limit_ms - now()) / left).max(0.0);
        results[i] = Some(one_run(req, game, line.as_ref(), &|| now() >= end));
    }
    let own = req.params.is_empty();
    let mut cov = Coverage::new(own);
    let mut out = Vec::new();
    let mut holds = true;
    let mut complete = true;
    for ((game, _), r) in runs.iter().zip(results.into_iter().flatten()) {
        holds &= r.holds;
        complete &= r.complete;
        if let Some(claims) = &r.claims {
            cov.add(game, claims, &heapgame::verify::check::Seen::default());
        }
        out.push(r.json);
    }
    // What no run exercised means something only when every run went through.
    let findings: Vec<Value> = if complete {
        cov.findings()
            .iter()
            .map(|f| {
                let vacuous = f.kind == FindingKind::Vacuous;
                holds &= !vacuous;
                json!({"line": f.line, "fails": vacuous, "message": f.message})
            })
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "ok": true,
        "claims": runs.first().map_or(0, |(g, _)| g.checked.claims.len()),
        "runs": out,
        "findings": findings,
        "holds": holds,
        "complete": complete,
    })
}

/// The games to check, each with its `check` line: with parameters typed in the page, one
/// run with them (and the first line's bounds); else one run per line, with its `with`
/// values.
fn runs(req: &Request) -> Result<Vec<(Game, Option<CheckRun>)>, Value> {
    let base = req.load()?;
    let lines = base.checked.check_runs.clone();
    if !req.params.is_empty() || lines.is_empty() {
        let first = lines.first().cloned();
        return Ok(vec![(base, first)]);
    }
    let mut out = Vec::new();
    for line in lines {
        let with: Vec<ParamOverride> = line
            .with
            .iter()
            .map(|(n, v)| ParamOverride {
                text: format!("{n}={v}"),
            })
            .collect();
        let game =
            Game::from_source_overrides(&req.name, &req.text, &with).map_err(|e| error_json(&e))?;
        out.push((game, Some(line)));
    }
    Ok(out)
}

/// One run's answer, and what the whole check needs of it.
struct RunResult {
    json: Value,
    holds: bool,
    complete: bool,
    claims: Option<Vec<ClaimReport>>,
}

/// One run: its box, the claims checked position by position until `over()`.
fn one_run(
    req: &Request,
    game: &Game,
    line: Option<&CheckRun>,
    over: &dyn Fn() -> bool,
) -> RunResult {
    let params: Vec<Value> = params_shown(game)
        .into_iter()
        .map(|(n, v)| json!([n, v]))
        .collect();
    let failed = |problem: Value| RunResult {
        json: json!({"params": params, "problem": problem}),
        holds: false,
        complete: false,
        claims: None,
    };
    let bounds = match bounds(game, line) {
        Ok(b) => b,
        Err(p) => return failed(p),
    };
    let region = Region::Box(bounds);
    let mut positions = match region.positions(game.shape()) {
        Ok(p) => p,
        Err(m) => {
            let rendered = m.to_string();
            return failed(json!({"ok": false, "rendered": rendered, "diagnostics": []}));
        }
    };
    positions.retain(|p| game.allows(p));
    let mut c = Checker::new(game, crate::memory::budget(req.max_positions));
    let mut visited = 0usize;
    let mut stopped = false;
    for pos in &positions {
        if c.all_failed() {
            break;
        }
        if over() {
            stopped = true;
            break;
        }
        match c.visit(pos) {
            Ok(()) => visited += 1,
            Err(Halt::Deadline) => {
                stopped = true;
                break;
            }
            Err(Halt::Limit(limit)) => {
                return failed(crate::diag::problem(
                    game,
                    heapgame::ruleset::diag::Code::Limit,
                    format!(
                        "{}, while checking the claims at {}",
                        SolveError::<MoveError>::Limit { limit },
                        show_position(pos)
                    ),
                    "raise the position limit under Advanced",
                ))
            }
            Err(Halt::Error(e)) => return failed(report_json(&e)),
        }
    }
    let holds = c.claims.iter().all(ClaimReport::as_stated);
    let claims: Vec<Value> = c.claims.iter().map(claim_json).collect();
    RunResult {
        json: json!({
            "params": params,
            "region": region.describe(game.shape()),
            "positions": positions.len(),
            "visited": visited,
            "stopped": stopped,
            "claims": claims,
        }),
        holds,
        complete: !stopped,
        claims: Some(c.claims),
    }
}

/// The box of a run: its `check` line's, or the `quick` one when the full box is larger than
/// [`MAX_CHECKED`]; a problem when there is none or it is too large.
fn bounds(game: &Game, line: Option<&CheckRun>) -> Result<Bounds, Value> {
    use heapgame::ruleset::diag::Code;
    let problem =
        |code, message: String, help: &str| crate::diag::problem(game, code, message, help);
    let full = Bounds::resolve(game, None, None, line).map_err(|m| match m {
        MissingBound::Max => problem(
            Code::Usage,
            format!("`{}` declares no bounds for check", game.checked.name),
            "add a line `check max N` to the ruleset",
        ),
        MissingBound::Heaps => problem(
            Code::Usage,
            AnyCount(&game.checked.name).to_string(),
            "write `check max N heaps K` in the ruleset",
        ),
    })?;
    let quick = line.and_then(|l| l.quick).map(|(max, heaps)| Bounds {
        max,
        heaps: game
            .shape()
            .count
            .or(heaps)
            .or(line.and_then(|l| l.heaps))
            .unwrap_or(full.heaps),
    });
    let size = |b: Bounds| box_size(game.shape(), b.max, b.heaps).unwrap_or(u128::MAX);
    for b in [Some(full), quick].into_iter().flatten() {
        if size(b) <= MAX_CHECKED {
            return Ok(b);
        }
    }
    Err(problem(
        Code::TooLarge,
        format!(
            "the box of this `check` line holds {} positions, more than the {MAX_CHECKED} the page checks",
            size(full)
        ),
        "give the `check` line smaller `quick max N` bounds, or run `heapgame check` on the file",
    ))
}

/// A miette report as the page's problems: located when it is one of the ruleset's.
fn report_json(e: &CheckError) -> Value {
    match e {
        CheckError::Located(l) | CheckError::Cancelled(l) => error_json(l),
        e => json!({"ok": false, "diagnostics": [], "rendered": format!("{e}")}),
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
