//! `heapgame moves`: every follower of a position.

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
  heapgame moves rulesets/abuku/delete-nim.game 3 4 --format json")]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
}

/// Runs `heapgame moves`.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, pos) = a.pos.load()?;
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
    match game.generator().followers(&pos, &mut scratch, &mut buf) {
        Ok(()) => {}
        Err(MoveError::Interrupted)
            if !guard.as_ref().is_some_and(super::watchdog::Watchdog::hit) =>
        {
            let time = a.pos.game.time.map(show_duration).unwrap_or_default();
            return Err(CliError::TimeLimit { time, what }.into());
        }
        Err(e) => return Err(Report::new(game.move_error(&e))),
    }
    drop(guard);
    let fs = buf.to_sorted_vecs();
    let mut out = String::new();
    match a.pos.format {
        Format::Json => {
            let v: Vec<_> = fs.iter().map(|f| json_position(f)).collect();
            outln!(out, "{}", serde_json::Value::Array(v));
        }
        Format::Text => {
            for f in &fs {
                outln!(out, "{}", show_position(f));
            }
        }
    }
    print_out(&out)?;
    Ok(0)
}
