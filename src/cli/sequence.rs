//! `heapgame sequence`: the Grundy values of one heap, 0..N, and their periodicity, printed in
//! rows of the period (as Winning Ways prints them), as CSV, or as JSON. A run stopped by
//! `--time`, Ctrl-C or the memory guard prints the values it computed (each final) and says
//! where it stopped; `--save FILE` writes them as they grow (a byte a value while they are
//! below 256, two below 65,536, four beyond; about every second, so that a run killed at any
//! moment keeps all but its last second's values) and
//! `--resume FILE` continues from them. On a terminal a progress bar shows the values a
//! second and the time left.

use std::path::PathBuf;

use crate::query::sequence::sequence;
use crate::report::sequence::{render_from, write_from, SeqFormat};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::sequence::{Grown, SequenceError};
use crate::solver::sum::values::Values;
use crate::solver::SolveError;
use crate::Game;
use miette::Report;

use super::common::{print_out, GameArgs, OutUntil, SolveRun};
use super::progress::Count;
use crate::report::halt::Halt;

mod store;

/// Arguments of `heapgame sequence`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame sequence rulesets/classic/kayles.game --max 200
  heapgame sequence rulesets/classic/dawson-kayles.game --max 300 --format json
  heapgame sequence rulesets/classic/subtraction.game -p \"S={1,3,4}\" --max 40 --format csv
  heapgame sequence rulesets/classic/grundy-game.game --from 999990 --to 1000000
  heapgame sequence rulesets/classic/grundy-game.game --to 10000000 --time 1m --save g.seq
  heapgame sequence rulesets/classic/grundy-game.game --to 10000000 --resume g.seq --save g.seq")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap.
    #[arg(long, visible_alias = "to", value_name = "N")]
    max: u32,
    /// Print the values from this heap on (all of 0..N are computed).
    #[arg(long, value_name = "N", default_value_t = 0)]
    from: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SeqFormat::Text)]
    format: SeqFormat,
    /// Write the values to FILE as they are computed (a byte a value while they are below
    /// 256, two below 65,536, four beyond; about every second), and when the run is stopped.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Start from the values in FILE (written by --save for the same ruleset and parameters).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

/// Runs `heapgame sequence`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    if a.from > a.max {
        let d = Diag::new(
            Code::Usage,
            0..0,
            format!(
                "--from {} is past --max {}: nothing to print",
                a.from, a.max
            ),
            "",
        )
        .help("--from N prints the values of heaps N..=max; give N at most --max");
        return Err(Report::new(LoadError::single(game.src.clone(), d)));
    }
    let (mut start, appendable) = match &a.resume {
        Some(path) => store::read(path, &game)?,
        None => (Values::default(), None),
    };
    let in_file = start.len();
    start.truncate(a.max as usize + 1);
    let resumed = start.len();
    let mut saver = a.save.as_ref().map(|path| {
        let same = a.resume.as_ref().is_some_and(|r| same_file(r, path));
        store::Saver::new(path, &game, same.then_some((in_file, appendable)))
    });
    let what = format!("the Grundy values of heaps 0..{}", a.max);
    let count = Count::Values {
        from: resumed as u64,
    };
    let total = Some(u64::from(a.max) + 1);
    let mut run = SolveRun::hooks_counting(&a.game, count, total, what.clone());
    let mut watch = |v: &Values| saver.as_mut().is_none_or(|s| s.grown(&game, v));
    let limits = a.game.query_limits();
    let (s, bounds) = sequence(&game, (start, a.max), &limits, &run.budget, &mut watch);
    // A limit is told with what set it.
    run.limits = bounds;
    let s = s.map_err(|e| match e {
        SequenceError::NotSum(l) => Report::new(l),
        SequenceError::Solve(e) => run.failure(&game, &e, &format!("while computing {what}")),
    })?;
    // The file could not be written: the run stopped there, its values are printed.
    let unsaved = saver.as_mut().and_then(|s| s.error.take());
    // A stop that kept values (time, Ctrl-C, memory) prints them; a limit refused at once.
    let halted = match &s.stopped {
        _ if unsaved.is_some() => None,
        None => None,
        Some(SolveError::Cancelled { .. }) => Some(run.halt()),
        Some(e) => return Err(run.failure(&game, e, &format!("while computing {what}"))),
    };
    let cut = write_out(&s, &a, &game, halted.is_some(), &run.budget)?;
    if let Some(e) = unsaved {
        return Err(e);
    }
    // Every value not yet written (the end, --time, Ctrl-C, the memory guard).
    if let Some(saver) = &mut saver {
        saver.finish(&game, &s.values)?;
    }
    let report = match (&halted, cut) {
        (None, None) => return Ok(0),
        (Some(h), _) => stopped_report(&game, &s, h, (a.from, a.max), a.save.is_some()),
        (None, Some(lines)) => cut_report(&game, &run.halt(), lines, a.max),
    };
    eprintln!("{report:?}");
    let h = halted.unwrap_or_else(|| run.halt());
    Ok(if matches!(h, Halt::CtrlC) { 130 } else { 2 })
}

/// Prints the values: a whole run's output within `--time` and Ctrl-C too (`Some(lines)`
/// when they stopped it), the values a stopped run kept whole.
fn write_out(
    s: &Grown,
    a: &Args,
    game: &Game,
    halted: bool,
    budget: &crate::solver::Budget,
) -> Result<Option<usize>, Report> {
    let from = a.from as usize;
    if halted {
        print_out(&render_from(s, a.format, game.play(), from))?;
        return Ok(None);
    }
    let mut out = OutUntil::new(budget);
    write_from(s, a.format, game.play(), from, &mut |p| out.put(p));
    out.finish()
}

/// What a run says when `--time` or Ctrl-C stopped the writing of values all computed.
fn cut_report(game: &Game, h: &Halt<'_>, lines: usize, max: u32) -> Report {
    let d = Diag::new(
        h.code(),
        0..0,
        format!(
            "{}, while the output was being written: it ends after line {lines}, though every \
             value of heaps 0..{max} was computed",
            h.words()
        ),
        "",
    )
    .help(
        "--from N and --to M print a slice; --save FILE keeps every value; give more --time \
         to write them all",
    );
    Report::new(LoadError::single(game.src.clone(), d))
}

/// Whether `a` and `b` name the same file (the same path, or both existing and the same).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// What a stopped run says after printing its values: where it stopped, that the values
/// printed are final, and how to go on.
fn stopped_report(
    game: &Game,
    s: &Grown,
    h: &Halt<'_>,
    (from, max): (u32, u32),
    saved: bool,
) -> Report {
    let done = s.values.len();
    let shown = match (done, from) {
        (0, _) => "no value was computed".to_string(),
        (_, 0) => format!("the values of heaps 0..{} are printed", done - 1),
        (_, f) if f as usize >= done => {
            format!("the values of heaps 0..{} are computed", done - 1)
        }
        (_, f) => format!(
            "the values of heaps 0..{} are computed, those from {f} printed",
            done - 1
        ),
    };
    let d = Diag::new(
        h.code(),
        0..0,
        format!(
            "{}, {shown}; heaps {done}..{max} were not computed",
            h.words()
        ),
        "",
    )
    .help(if saved {
        "each value printed is final; run again with --resume FILE to go on from them"
    } else {
        "each value printed is final; --save FILE keeps them and --resume FILE goes on \
         from them"
    });
    Report::new(LoadError::single(game.src.clone(), d))
}
