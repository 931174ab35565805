//! `heapgame eval`: the outcome, Grundy value and winning moves of one position.

use std::fmt::Write as _;

use crate::estimate::Estimate;
use crate::game::show_position;
use crate::report::loopy::loopy_text;
use crate::solver::genus::{genus, Genus, GenusError};
use crate::solver::loopy::solve_loopy;
use crate::solver::{Play, SolveError};
use miette::Report;

use crate::game::Game;
use crate::solver::quotient::{Computed, QuotientError};
use crate::solver::sum::why_not_sum;

use super::common::{estimate_heaps, json_position, print_out, Format, PositionArgs, SolveRun};
use super::quotient::{quotient_of, report};

/// How many positions the search may store for a misère sum of heaps before `eval` turns to
/// the misère quotient.
const SEARCH_FIRST: usize = 20_000;

/// The largest heap `eval` computes a misère quotient up to (each heap adds a stage).
const QUOTIENT_MAX: u32 = 300;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Arguments of `heapgame eval`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame eval rulesets/classic/wythoff.game 3 5
  heapgame eval rulesets/classic/wythoff.game 4 6 --format json
  heapgame eval rulesets/fraenkel-larsson/beta-wynim.game -p \"beta=2+sqrt(2)\" 3 10
  heapgame eval rulesets/classic/kayles.game --play misere 4 7

In misère play (--play misere, or `play misere` in the file) the grundy value is the misère
nim value g^- and the genus g^{γ0γ1...} is shown (Conway; as CGSuite writes it).")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Runs `heapgame eval`.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
    let shown = show_position(&pos);
    let estimate = Estimate::for_position_in(game.generator(), &pos, game.play());
    a.pos
        .game
        .check_estimate(&game, &estimate, &format!("solving {shown}"))?;
    let heaps = estimate_heaps(&game, &pos);
    let run = SolveRun::start(&a.pos.game, heaps, None, format!("solving {shown}"));
    let context = format!("while solving {shown}");
    // Through a compiled kernel on the position's box when one matches and the box is not
    // much larger than the region the search would visit; else the memoized search.
    let misere = game.play() == Play::Misere;
    let kernel = game.through_kernel(&pos, &run.budget);
    // Why a misère sum was not answered by its quotient, when the search answered instead.
    let mut note: Option<String> = None;
    let (grundy, wins) = match kernel {
        Some(answer) => {
            let a = answer.map_err(|e| run.failure(&game, &e, &context))?;
            (a.grundy, a.wins)
        }
        None => {
            let mut solver = game.solver();
            // A misère sum of heaps: the search first, within a small limit; past it, the
            // misère quotient (outcomes and winning moves, not g^-).
            let quotient = misere && why_not_sum(game.generator()).is_none() && pos.len() > 1;
            let mut budget = run.budget.clone();
            if quotient {
                budget.max_positions = Some(
                    budget
                        .max_positions
                        .map_or(SEARCH_FIRST, |m| m.min(SEARCH_FIRST)),
                );
            }
            solver.set_budget(budget);
            let grundy = match solver.grundy(&pos) {
                Ok(g) => g,
                Err(SolveError::Limit { .. }) if quotient => {
                    match by_quotient(&game, &pos, &run, a.pos.format, &context)? {
                        Ok(out) => {
                            drop(run);
                            print_out(&out)?;
                            return Ok(0);
                        }
                        Err(why) => {
                            // No quotient: the search with its full limit.
                            note = Some(why);
                            solver.set_budget(run.budget.clone());
                            solver
                                .grundy(&pos)
                                .map_err(|e| run.failure(&game, &e, &context))?
                        }
                    }
                }
                // The moves can return to a position: in normal play, Smith's values over
                // the region the position reaches.
                Err(SolveError::Cycle(_)) if !misere => {
                    let sol = solve_loopy(game.generator(), &pos, &run.budget)
                        .map_err(|e| run.failure(&game, &e, &context))?;
                    drop(run);
                    print_out(&loopy_text(&sol, a.pos.format))?;
                    return Ok(0);
                }
                Err(e) => return Err(run.failure(&game, &e, &context)),
            };
            let wins = solver
                .winning_moves(&pos)
                .map_err(|e| run.failure(&game, &e, &context))?;
            (grundy, wins)
        }
    };
    let genus = if misere {
        match genus(game.generator(), &pos, &run.budget) {
            Ok(g) => Some(g),
            Err(GenusError::Solve(e)) => return Err(run.failure(&game, &e, &context)),
            Err(GenusError::Unsettled) => None,
        }
    } else {
        None
    };
    drop(run);
    let outcome = if grundy == 0 { "P" } else { "N" };
    let genus_text = |g: &Option<Genus>| match g {
        Some(g) => g.to_string(),
        None => "not settled".to_string(),
    };
    let mut out = String::new();
    match a.pos.format {
        Format::Json => {
            let mut v = serde_json::json!({
                "position": json_position(&pos),
                "play": game.play().name(),
                "outcome": outcome,
                "grundy": grundy,
                "winning_moves": wins.iter().map(|w| json_position(w)).collect::<Vec<_>>(),
            });
            if misere {
                v["genus"] = serde_json::Value::from(genus_text(&genus));
            }
            if note.is_some() {
                v["method"] = serde_json::Value::from("search");
            }
            outln!(out, "{v}");
        }
        Format::Text => {
            outln!(out, "position: {}", show_position(&pos));
            outln!(out, "play:     {}", game.play().describe());
            if let Some(why) = &note {
                outln!(out, "method:   the search ({why})");
            }
            if grundy == 0 {
                outln!(
                    out,
                    "outcome:  P (the previous player wins: every move leads to an N-position)"
                );
            } else {
                outln!(out, "outcome:  N (the next player wins)");
            }
            if misere {
                outln!(out, "grundy:   {grundy} (the misère nim value g^-)");
                outln!(out, "genus:    {}", genus_text(&genus));
            } else {
                outln!(out, "grundy:   {grundy}");
            }
            if wins.is_empty() {
                outln!(out, "winning moves: none");
            } else {
                outln!(out, "winning moves:");
                for w in &wins {
                    outln!(out, "  -> {}", show_position(w));
                }
            }
        }
    }
    print_out(&out)?;
    Ok(0)
}

/// A misère sum of heaps answered by the misère quotient of heaps up to its largest: the
/// outcome and the winning moves (the followers whose product is in the P-portion). `Ok(Err)`
/// when no quotient can be found, saying why (the caller then runs the search).
fn by_quotient(
    game: &Game,
    pos: &[u32],
    run: &SolveRun,
    format: Format,
    context: &str,
) -> Result<Result<String, String>, Report> {
    let max = pos.iter().copied().max().unwrap_or(0);
    if max > QUOTIENT_MAX {
        return Ok(Err(format!(
            "no misère quotient: heaps beyond {QUOTIENT_MAX} are left to `heapgame quotient`"
        )));
    }
    let c: Computed = match quotient_of(game, max, &run.budget) {
        Ok(c) => c,
        Err(Ok(QuotientError::Unresolved { heap })) => {
            return Ok(Err(format!(
                "no misère quotient: it could not be settled at heap {heap}"
            )))
        }
        Err(Ok(QuotientError::NotDecreasing { heap })) => {
            return Ok(Err(format!(
                "no misère quotient: a move of heap {heap} leaves a heap as large"
            )))
        }
        Err(Ok(e)) => return Err(report(game, run, e, context)),
        Err(Err(r)) => return Err(r),
    };
    let q = &c.quotient;
    let is_p = q.is_p(pos).unwrap_or(false);
    let followers = game
        .followers(pos)
        .map_err(|e| Report::new(game.move_error(&e)))?;
    let wins: Vec<&Vec<u32>> = followers
        .iter()
        .filter(|f| q.is_p(f) == Some(true))
        .collect();
    let outcome = if is_p { "P" } else { "N" };
    let method = format!(
        "the misère quotient of heaps 1..{max} (order {}, each stage proven; `heapgame quotient`)",
        q.size
    );
    let mut out = String::new();
    match format {
        Format::Json => {
            let v = serde_json::json!({
                "position": json_position(pos),
                "play": "misere",
                "outcome": outcome,
                "grundy": null,
                "genus": null,
                "method": "quotient",
                "quotient_order": q.size,
                "winning_moves": wins.iter().map(|w| json_position(w)).collect::<Vec<_>>(),
            });
            outln!(out, "{v}");
        }
        Format::Text => {
            outln!(out, "position: {}", show_position(pos));
            outln!(out, "play:     {}", Play::Misere.describe());
            outln!(out, "method:   {method}");
            if is_p {
                outln!(
                    out,
                    "outcome:  P (the previous player wins: every move leads to an N-position)"
                );
            } else {
                outln!(out, "outcome:  N (the next player wins)");
            }
            outln!(
                out,
                "grundy:   not computed (the quotient gives outcomes, not the misère nim value g^-)"
            );
            if wins.is_empty() {
                outln!(out, "winning moves: none");
            } else {
                outln!(out, "winning moves:");
                for w in &wins {
                    outln!(out, "  -> {}", show_position(w));
                }
            }
        }
    }
    Ok(Ok(out))
}
