//! `heapgame guess`: solves a ruleset over a box, guesses closed forms from the values
//! (`guess`), verifies each by `check` on a larger box, and prints the claims (text or JSON);
//! `--write FILE` puts them into a ruleset file with a `check` line of the larger box.

use std::path::PathBuf;

use miette::Report;

use crate::guess::{guess, GuessError};
use crate::report::guess::{json, text, write_text};
use crate::report::Format;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::ruleset::value::{SetValue, Value};
use crate::ruleset::ParamOverride;
use crate::solver::positions::box_size;
use crate::Game;

use super::common::{print_out, read_file, GameArgs, SolveRun};

/// Arguments of `heapgame guess`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame guess rulesets/classic/wythoff.game
  heapgame guess rulesets/classic/d-wythoff.game -p d=3 --max 300
  heapgame guess rulesets/classic/subtraction.game -p \"S={2,5,7}\" --format json
  heapgame guess rulesets/fraenkel-zusman/moore-nim.game --heaps 3 --max 20
  heapgame guess mygame.game --write mygame.game")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The largest heap of the box guessed from (default: 200 for one or two heaps, else as
    /// large as keeps the box near 20,000 positions).
    #[arg(long, value_name = "N")]
    max: Option<u32>,
    /// The most heaps, for a ruleset of any number of heaps (default 3).
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// The largest heap of the box the guesses are verified on (default: twice --max, within
    /// 200,000 positions); more than --max.
    #[arg(long, value_name = "M")]
    check_max: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Put the verified claims, a source comment and a `check` line into this ruleset file,
    /// before its closing brace.
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
}

/// The largest `m` in `from..=to` whose box holds at most `cap` positions (`from` if none),
/// by bisection (a box grows with its largest heap).
fn largest_within(game: &Game, heaps: usize, from: u32, to: u32, cap: u128) -> u32 {
    let fits = |m: u32| box_size(game.shape(), m, heaps).is_some_and(|n| n <= cap);
    let (mut lo, mut hi) = (from, to.max(from));
    if !fits(lo) {
        return from;
    }
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// `-p NAME=VALUE` as (name, value text), for the `check` line, and the `when` that restricts
/// a claim to the values of every parameter of the run (a real by its first six decimals).
fn params_given(game: &Game, params: &[String]) -> (Vec<(String, String)>, Option<String>) {
    let with: Vec<(String, String)> = params
        .iter()
        .filter_map(|p| p.split_once('='))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let conds: Vec<String> = game
        .checked
        .params
        .iter()
        .filter_map(|(n, value)| {
            Some(match value {
                // A real's equality may not be decidable: its first six decimals, as the
                // bundled rulesets write it.
                Value::Real(x) => {
                    format!("floor(10^6 * {n}) == {}", x.floor_mul_i64(1_000_000).ok()?)
                }
                // An unbounded set is compared as a whole only where the answer is known.
                Value::Set(SetValue::Range(_, None) | SetValue::Beatty(_)) => return None,
                v => format!("{n} == {v}"),
            })
        })
        .collect();
    (with, (!conds.is_empty()).then(|| conds.join(" and ")))
}

fn error(game: &Game, msg: String) -> Report {
    Report::new(LoadError::single(
        game.src.clone(),
        Diag::new(Code::TooLarge, 0..0, msg, ""),
    ))
}

/// Runs `heapgame guess`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    let source = read_file(&a.game.file)?;
    let heaps = game.shape().count.unwrap_or(a.heaps.unwrap_or(3));
    let max = a.max.unwrap_or_else(|| {
        if heaps <= 2 {
            200
        } else {
            largest_within(&game, heaps, 4, 200, 20_000)
        }
    });
    let check_max = match a.check_max {
        Some(m) if m <= max => {
            return Err(error(
                &game,
                format!("--check-max {m} must be more than --max {max}"),
            ))
        }
        Some(m) => m,
        None => largest_within(
            &game,
            heaps,
            max.saturating_add(1),
            max.saturating_mul(2),
            200_000,
        ),
    };
    let what = format!("the positions of heaps <= {max}");
    let total = box_size(game.shape(), max, heaps).and_then(|n| u64::try_from(n).ok());
    let run = SolveRun::start(&a.game, heaps, total, what.clone());
    let overrides: Vec<ParamOverride> = a
        .game
        .params
        .iter()
        .map(|t| ParamOverride { text: t.clone() })
        .collect();
    let mut report = guess(
        &game,
        &source,
        &overrides,
        max,
        heaps,
        check_max,
        &run.budget,
    )
    .map_err(|e| match e {
        GuessError::Solve(e) => run.failure(&game, &e, &format!("while solving {what}")),
        GuessError::Sequence(crate::sequence::SequenceError::Solve(e)) => {
            run.failure(&game, &e, "while computing the Grundy values of one heap")
        }
        GuessError::Sequence(crate::sequence::SequenceError::NotSum(l)) => Report::new(l),
        GuessError::Region(msg) => error(&game, msg),
        GuessError::Check(e) => Report::new(e),
    })?;
    drop(run);
    let (with, mut cond) = params_given(&game, &a.game.params);
    if game.shape().count.is_none() && heaps == 1 {
        // Guessed from single heaps only: the claims say nothing of more.
        let one = "len(heaps) <= 1".to_string();
        cond = Some(cond.map_or(one.clone(), |c| format!("{one} and {c}")));
    }
    if let Some(c) = &cond {
        for l in report.guesses.iter_mut().flat_map(|g| g.lines.iter_mut()) {
            if l.starts_with("claim") {
                let joint = if l.contains(" when ") {
                    " and "
                } else {
                    " when "
                };
                l.push_str(&format!("{joint}{c}"));
            }
        }
    }
    finish(&a, &game, &report, &with)
}

/// Writes the claims into `--write`'s file and prints the report; the exit code is 0 when a
/// form was found and verified, 1 when none was (the file is then left as it was).
fn finish(
    a: &Args,
    game: &Game,
    report: &crate::guess::GuessReport,
    with: &[(String, String)],
) -> Result<u8, Report> {
    let any = game.shape().count.is_none();
    if let Some(path) = &a.write {
        if !report.guesses.is_empty() {
            let target = read_file(path)?;
            let Some(out) = write_text(&target, report, with, any) else {
                return Err(error(
                    game,
                    format!("{} has no closing brace", path.display()),
                ));
            };
            crate::report::output::write_whole(path, out).map_err(Report::new)?;
        }
    }
    print_out(&match a.format {
        Format::Text => text(report, with, any),
        Format::Json => json(report, with, any),
    })?;
    // 0: a form found and verified; 1: none (as `check` exits 1 when a claim fails).
    Ok(u8::from(report.guesses.is_empty()))
}
