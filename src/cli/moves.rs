//! `heapgame moves`: every follower of a position; with `--explain`, which move clauses compile
//! ([`crate::report::clauses`]).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::game::show_position;
use crate::moves::MoveError;
use miette::Report;

use super::common::{estimate_heaps, json_position, memory_guard, print_out, Format, PositionArgs};
use super::error::CliError;
use super::units::show_duration;
use super::watchdog::Watchdog;
use crate::report::halt::Halt;
use crate::solver::Budget;

/// `writeln!` into a String, which cannot fail.
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Arguments of `heapgame moves`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame moves rulesets/propp/cookie.game 1 2 4
  heapgame moves rulesets/abuku/delete-nim.game 3 4 --format json
  heapgame moves rulesets/classic/staircase-nim.game --explain")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Also say, on standard error, which move clauses run as compiled code (and into what)
    /// and, for each one that the interpreter runs, which part of it stopped the compiler.
    /// With no position, only that, on standard output.
    #[arg(long)]
    explain: bool,
}

/// Runs `heapgame moves`.
pub fn run(a: Args) -> Result<u8, Report> {
    if a.explain && a.pos.heaps.is_empty() {
        // No position: the explanation is the whole answer.
        let game = a.pos.game.load()?;
        print_out(&explain(&game))?;
        return Ok(0);
    }
    let (game, pos) = a.pos.load()?;
    if a.explain {
        eprint!("{}", explain(&game));
    }
    let limits = a.pos.game.limits(estimate_heaps(&game, &pos));
    let what = format!("listing the followers of {}", show_position(&pos));
    if !a.pos.game.force {
        let memory = limits.max_memory.as_ref().map(|(c, w)| (*c, w.as_str()));
        let at_least = crate::estimate::followers_at_least(game.generator(), &pos);
        let refusal = crate::estimate::followers_refusal(&what, at_least, pos.len(), memory);
        if let Some(d) = refusal {
            return Err(Report::new(crate::ruleset::LoadError::single(
                game.src.clone(),
                d,
            )));
        }
    }
    // Even a forced listing stays within the memory limit and `--time`: the generator looks
    // at the guard's flag and the deadline now and then (Ctrl-C keeps its default action
    // here, ending the process at once).
    let stop = Arc::new(AtomicBool::new(false));
    let guard = memory_guard(&limits, &what, stop.clone());
    let deadline = a.pos.game.time.map(|t| Instant::now() + t);
    let mut scratch = crate::moves::Scratch::default();
    scratch.set_interrupt(Some(Arc::new(move || {
        stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
    })));
    let mut buf = crate::moves::Followers::new();
    let time = a.pos.game.time.map(show_duration).unwrap_or_default();
    let late = || deadline.is_some_and(|d| Instant::now() >= d);
    // The followers are held within the memory limit, each block predicted before it is
    // allocated: a position whose followers would not fit is refused, not an allocation
    // failure that ends the process.
    let budget = Budget {
        max_bytes: limits.max_memory.as_ref().map(|(cap, _)| *cap),
        ..Budget::default()
    };
    let mut held = Held::default();
    let generated = (game.generator()).followers_until(&pos, &mut scratch, &mut buf, &mut |f| {
        !held.keep(f, &budget)
    });
    match generated {
        Ok(false) => {}
        Ok(true) => return Err(memory_stop(&game, &limits, &what)),
        Err(MoveError::Interrupted) if guard.as_ref().is_some_and(Watchdog::hit) => {
            return Err(memory_stop(&game, &limits, &what))
        }
        Err(MoveError::Interrupted) => return Err(CliError::TimeLimit { time, what }.into()),
        Err(e) => return Err(Report::new(game.move_error(&e))),
    }
    drop(guard);
    let mut fs = held.followers;
    fs.sort_unstable();
    fs.dedup();
    // Millions of followers take seconds to sort and write out: `--time` holds for that too
    // (looked at every so many lines; nothing is printed when it ends the run).
    let out = listing(&fs, a.pos.format, &late)
        .ok_or_else(|| Report::from(CliError::TimeLimit { time, what }))?;
    print_out(&out)?;
    Ok(0)
}

/// One line a move clause: compiled and into what, or interpreted and why (the part of the
/// source that stopped the compiler, with its line and column).
fn explain(game: &crate::Game) -> String {
    let lines = crate::report::clauses::clause_lines(game);
    lines.iter().map(|l| format!("{}\n", l.text)).collect()
}

/// The followers generated so far, and the bytes they hold.
#[derive(Default)]
struct Held {
    followers: Vec<Vec<u32>>,
    bytes: u128,
}

impl Held {
    /// Keeps `f`; `false` when it would not fit in the memory limit or cannot be allocated.
    fn keep(&mut self, f: &[u32], budget: &Budget) -> bool {
        // The values, the vector's own three words, and the allocator's header.
        let more = (f.len() as u128) * 4 + 40;
        if budget.reserve(self.bytes + more).is_err()
            || budget.grow(&mut self.followers, 1).is_err()
        {
            return false;
        }
        let mut v = Vec::new();
        if v.try_reserve_exact(f.len()).is_err() {
            return false;
        }
        v.extend_from_slice(f);
        self.followers.push(v);
        self.bytes += more;
        true
    }
}

/// The report of a listing stopped by the memory limit.
fn memory_stop(game: &crate::Game, limits: &super::limits::Limits, what: &str) -> Report {
    let (cap, why) = match &limits.max_memory {
        Some((cap, why)) => (*cap, why.as_str()),
        None => (0, "the memory that could be allocated"),
    };
    let halt = Halt::Memory { cap, why };
    let d = crate::ruleset::Diag::new(
        halt.code(),
        0..0,
        format!("{}, while {what}", halt.words()),
        "",
    )
    .help(
        "raise the limit with --max-memory SIZE, or ask about a smaller position; nothing was \
         printed",
    );
    Report::new(crate::ruleset::LoadError::single(game.src.clone(), d))
}

/// The followers as printed, or `None` once `late` says the time is up.
fn listing(fs: &[Vec<u32>], format: Format, late: &dyn Fn() -> bool) -> Option<String> {
    const EVERY: usize = 1 << 14;
    if late() {
        return None;
    }
    let mut out = String::new();
    match format {
        Format::Json => {
            let mut v = Vec::with_capacity(fs.len());
            for (i, f) in fs.iter().enumerate() {
                if i % EVERY == EVERY - 1 && late() {
                    return None;
                }
                v.push(json_position(f));
            }
            outln!(out, "{}", serde_json::Value::Array(v));
        }
        Format::Text => {
            for (i, f) in fs.iter().enumerate() {
                if i % EVERY == EVERY - 1 && late() {
                    return None;
                }
                outln!(out, "{}", show_position(f));
            }
        }
    }
    (!late()).then_some(out)
}
