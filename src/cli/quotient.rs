//! `heapgame quotient`: the misère quotient of a take-and-break game's heaps `1..=N`
//! (Plambeck and Siegel): its order, a presentation, the P-portion, the element of each heap,
//! how the order grew heap by heap, and whether the game is tame or wild there.

use std::fmt::Write as _;

use crate::game::Game;
use crate::query::quotient::{quotient, Quotient, QuotientAskError};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::quotient::present::{letter, Presentation};
use crate::solver::quotient::{Computed, QuotientError};
use crate::solver::SolveError;
use miette::Report;

use super::common::{print_out, Format, GameArgs, SolveRun};
use super::units::show_bytes;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Arguments of `heapgame quotient`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame quotient rulesets/classic/kayles.game --max 30
  heapgame quotient rulesets/classic/dawson-kayles.game --max 20 --format json

The quotient is of misère play whatever the file's `play` line says. Each stage (heaps 1..n)
is proven against every sum of its heaps before the next heap is added.")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap.
    #[arg(long, value_name = "N")]
    max: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// A quotient error as a report: stops and move errors as the solver's, the rest in words.
fn report(game: &Game, run: &SolveRun, e: QuotientError, context: &str) -> Report {
    match e {
        QuotientError::Stopped(stop) => run.failure(game, &SolveError::from_stop(stop, 0), context),
        QuotientError::Moves(m) => run.failure(game, &SolveError::Game(m), context),
        QuotientError::NotDecreasing { heap } => Report::new(LoadError::single(
            game.src.clone(),
            Diag::new(
                Code::NotSum,
                0..0,
                format!(
                    "a move of a heap of {heap} leaves a heap as large, so `{}` is not a \
                     take-and-break game",
                    game.checked.name
                ),
                "",
            ),
        )),
        QuotientError::TooLarge { heap, bytes } => {
            let limit = match &run.limits.max_memory {
                Some((cap, why)) => format!(
                    "more than fits in the memory limit of {}, set by {why}",
                    show_bytes(*cap)
                ),
                None => "more than could be allocated".to_string(),
            };
            let shown = show_bytes(u64::try_from(bytes).unwrap_or(u64::MAX));
            let before = match heap {
                0 | 1 => String::new(),
                h => format!(
                    "`heapgame quotient --max {}` gives the quotient up to the heap before; ",
                    h - 1
                ),
            };
            Report::new(LoadError::single(
                game.src.clone(),
                Diag::new(
                    Code::Limit,
                    0..0,
                    format!(
                        "adding heap {heap} needs a table of {shown}, {limit}; nothing was \
                         allocated, {context}"
                    ),
                    "",
                )
                .help(format!(
                    "{before}raise the limit with --max-memory SIZE if the machine has the memory"
                )),
            ))
        }
        QuotientError::Unresolved { heap } => Report::new(LoadError::single(
            game.src.clone(),
            Diag::new(
                Code::Limit,
                0..0,
                format!(
                    "the quotient could not be settled at heap {heap}: no candidate passed \
                     the proof within 64 recalibrations, {context}"
                ),
                "",
            )
            .help(format!(
                "`heapgame quotient --max {}` gives the quotient up to the heap before",
                heap - 1
            )),
        )),
    }
}

/// Runs `heapgame quotient`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    let what = format!("the misère quotient of heaps 1..{}", a.max);
    let run = SolveRun::start(&a.game, 1, None, what.clone());
    let context = format!("while computing {what}");
    let answered = quotient(&game, a.max, &run.budget).map_err(|e| match e {
        QuotientAskError::Failed(e) => report(&game, &run, e, &context),
        QuotientAskError::NotSum(e) => Report::new(*e),
    })?;
    drop(run);
    let Quotient { computed: c, tame } = answered;
    let out = match a.format {
        Format::Text => text(&game, &c, tame),
        Format::Json => json(&c, tame),
    };
    print_out(&out)?;
    Ok(0)
}

/// The heap from which the order has not changed (the last heap that changed it).
fn stable_from(orders: &[usize]) -> usize {
    (1..orders.len())
        .rev()
        .find(|&n| orders[n] != orders[n - 1])
        .unwrap_or(0)
}

/// The quotient for people.
fn text(game: &Game, c: &Computed, tame: bool) -> String {
    let q = &c.quotient;
    let pr = Presentation::of(q);
    let max = q.max_heap();
    let mut out = String::new();
    outln!(
        out,
        "misère quotient of `{}`, heaps 1..{max} (misère play: the last player to move loses)",
        game.checked.name
    );
    outln!(out, "order:      {}", q.size);
    let gens: Vec<String> = pr
        .generators
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{} = heap {h}", letter(i)))
        .collect();
    outln!(out, "generators: {}", join_or_none(&gens));
    outln!(out, "relations:  {}", join_or_none(&pr.relation_texts()));
    let p: Vec<String> = q.p_portion().into_iter().map(|e| pr.name(e)).collect();
    outln!(
        out,
        "P-portion:  {{{}}} ({} elements)",
        p.join(", "),
        p.len()
    );
    outln!(out, "heaps:");
    for h in 0..=max {
        outln!(out, "  {h:>4} -> {}", pr.name(q.images[h as usize]));
    }
    let from = stable_from(&c.orders);
    outln!(
        out,
        "stable:     the order has been {} since heap {from}; every stage up to heap {max} is \
         proven (beyond it nothing is claimed)",
        q.size
    );
    if tame {
        outln!(
            out,
            "tame:       yes, every sum has the misère outcome of the misère Nim sum its heaps \
             match (proven over every sum of heaps 1..{max})"
        );
    } else {
        outln!(
            out,
            "tame:       no (wild): the heaps do not add as misère Nim heaps"
        );
    }
    out
}

/// "none" for an empty list, else the items joined with commas.
fn join_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The quotient as one JSON value.
fn json(c: &Computed, tame: bool) -> String {
    let q = &c.quotient;
    let pr = Presentation::of(q);
    let names: Vec<String> = (0..q.size as u32).map(|e| pr.name(e)).collect();
    let v = serde_json::json!({
        "play": "misere",
        "max": q.max_heap(),
        "order": q.size,
        "generators": pr.generators.iter().enumerate().map(|(i, h)| {
            serde_json::json!({"name": letter(i), "heap": h})
        }).collect::<Vec<_>>(),
        "relations": pr.relation_texts(),
        "elements": names,
        "p_portion": q.p_portion().iter().map(|&e| names[e as usize].clone()).collect::<Vec<_>>(),
        "heaps": q.images.iter().map(|&e| names[e as usize].clone()).collect::<Vec<_>>(),
        "orders": c.orders,
        "stable_from": stable_from(&c.orders),
        "tame": tame,
    });
    format!("{v}\n")
}
