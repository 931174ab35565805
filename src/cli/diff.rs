//! `heapgame diff`: two rulesets, or a ruleset and a built-in formula, compared over a box;
//! prints how many positions differ and the first few, each with both sides' reasons.

use std::path::PathBuf;

use crate::query::diff::{compare, plan, DiffAsk};
use crate::query::hooks::Job;
use crate::verify::diff::{formula_from_text, Side};
use crate::verify::region::fresh_seed;
use crate::Game;
use miette::Report;

use crate::report::diff::{json_report, text_report};

use super::common::{print_out, Format, GameArgs, RegionArgs, SolveRun};
use super::error::CliError;

/// Arguments of `heapgame diff`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game rulesets/fraenkel-larsson/beta-wynim.game --max 40
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game --formula \"beatty(pi)\" --max 40
  heapgame diff rulesets/classic/subtraction.game rulesets/classic/nim.game -p \"S=1..\" --max 6 --heaps 3 --grundy
  heapgame diff rulesets/classic/wythoff.game --formula nim --max 40 --plot differ.png

A parameter given with -p applies to each ruleset that declares it (an error only if neither
does); `-p A.NAME=VALUE` applies to the first ruleset only, `-p B.NAME=VALUE` to the second:
  heapgame diff rulesets/classic/wythoff.game rulesets/classic/d-wythoff.game -p d=2 --max 30
  heapgame diff rulesets/classic/d-wythoff.game rulesets/classic/d-wythoff.game -p A.d=1 -p B.d=2 --max 30
--total T compares every position of at most T tokens; --samples K random positions with heaps
up to --sample-max; --time DURATION alone deepens as `check --time` does, stopping after the
first region with a difference.
Exit 0 if identical, 1 if they differ, 2 on bad input, an unfinished region or a run that
compared no position.")]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The second ruleset.
    #[arg(
        value_name = "OTHER",
        required_unless_present = "formula",
        conflicts_with = "formula"
    )]
    other: Option<PathBuf>,
    /// A built-in formula to compare with, as NAME or NAME(ARGS) (see `heapgame formulas`).
    #[arg(long, value_name = "NAME(ARGS)")]
    formula: Option<String>,
    /// The largest heap (needed unless --total or --samples says which positions).
    #[arg(long, value_name = "N", required_unless_present_any = ["total", "samples"])]
    max: Option<u32>,
    /// The most heaps, for rulesets with any number of heaps.
    #[arg(long, value_name = "K")]
    heaps: Option<usize>,
    /// Compare Grundy values, not only P-positions.
    #[arg(long)]
    grundy: bool,
    /// How many differences to show in full.
    #[arg(long, value_name = "N", default_value_t = 10)]
    show: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    region: RegionArgs,
    /// Also draw the positions that differ on a picture of the first ruleset (FILE.svg or
    /// FILE.png; two heaps, or one heap).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
}

/// The `-p` values of one side (`side` is `A` or `B`) of a diff with `other`: `A.NAME=V` /
/// `B.NAME=V` for that side only, a plain `NAME=V` when this side declares NAME. A plain name
/// neither side declares is left in, so that loading reports it.
fn side_params(
    params: &[String],
    side: char,
    mine: &GameArgs,
    other: Option<&GameArgs>,
) -> Result<Vec<String>, Report> {
    let declared = |g: &GameArgs| -> Result<Vec<String>, Report> {
        let plain = GameArgs {
            params: Vec::new(),
            ..g.clone()
        };
        Ok(plain
            .load()?
            .checked
            .params
            .iter()
            .map(|(n, _)| n.clone())
            .collect())
    };
    let here = declared(mine)?;
    let there = match other {
        Some(g) => declared(g)?,
        None => Vec::new(),
    };
    let mut out = Vec::new();
    for p in params {
        let name = p.split('=').next().unwrap_or("").trim();
        match name.split_once('.') {
            Some((s, _))
                if s.len() == 1 && !s.eq_ignore_ascii_case("A") && !s.eq_ignore_ascii_case("B") =>
            {
                return Err(CliError::NotASide {
                    param: p.clone(),
                    side: s.to_string(),
                }
                .into());
            }
            Some((s, rest)) if s.len() == 1 => {
                if s.eq_ignore_ascii_case(&side.to_string()) {
                    out.push(format!("{rest}{}", &p[p.find('=').unwrap_or(p.len())..]));
                }
            }
            _ => {
                let ours = here.iter().any(|n| n == name);
                let theirs = there.iter().any(|n| n == name);
                if ours || (!theirs && side == 'A') {
                    out.push(p.clone());
                }
            }
        }
    }
    Ok(out)
}

/// Runs `heapgame diff`: both sides loaded, what is compared and its bounds planned by the
/// query floor ([`crate::query::diff::plan`]), `--plot`'s file checked, the region compared
/// ([`crate::query::diff::compare`], the differing positions kept for `--plot`), the report
/// printed.
pub fn run(a: Args) -> Result<u8, Report> {
    let (game, other) = load_sides(&a)?;
    let ask = DiffAsk {
        max: a.max,
        heaps: a.heaps,
        grundy: a.grundy,
        show: a.show,
        region: a.region.ask(a.region.seed.unwrap_or_else(fresh_seed)),
        time: a.game.time,
    };
    let plan = plan(&game, other.as_ref(), ask).map_err(|_| {
        let ruleset = game.checked.name.clone();
        CliError::DiffNeedsHeaps { ruleset }
    })?;
    if plan.sums {
        eprintln!(
            "note: both rulesets are disjunctive sums, so the Grundy values of one heap \
             decide every position: comparing them (--heaps 1 --grundy)"
        );
    }
    let plot = (a.plot.as_deref())
        .map(|p| super::plot::diff_plot(&game, plan.bounds, plan.ask.grundy, p))
        .transpose()?;
    let formula = match (&other, &a.formula) {
        (None, Some(text)) => Some((formula_from_text(&game, text)?, text.clone())),
        _ => None,
    };
    let side = match (&other, &formula) {
        (Some(b), _) => Side::Game(b),
        (None, Some((f, text))) => Side::Formula(f, text.clone()),
        (None, None) => unreachable!("clap requires OTHER or --formula"),
    };
    let mut differing: Vec<Vec<u32>> = Vec::new();
    let mut each = |p: &[u32]| {
        if plot.is_some() {
            differing.push(p.to_vec());
        }
    };
    let start = |job: &Job<'_>| SolveRun::start(&a.game, job.heaps, job.total, job.what.clone());
    let report = compare(&game, side, &plan, (&a.game.file, start), &mut each)?;
    if let Some(d) = &plot {
        super::plot::diff_picture(&game, &a.game, d, &report, &differing)?;
    }
    match a.format {
        Format::Text => print_out(&text_report(&report))?,
        Format::Json => {
            let mut v = json_report(&report);
            v["play"] = game.play().name().into();
            print_out(&format!("{v}\n"))?;
        }
    }
    Ok(if report.differences > 0 {
        1
    } else if report.stopped.is_some() || report.positions == report.silent {
        // Stopped early, or compared at no position: not shown identical.
        2
    } else {
        0
    })
}

/// The first ruleset, and the second when one is given, each with its `-p` values.
fn load_sides(a: &Args) -> Result<(Game, Option<Game>), Report> {
    let a_args = a.game.clone();
    let b_args = GameArgs {
        file: a.other.clone().unwrap_or_else(|| a.game.file.clone()),
        ..a.game.clone()
    };
    let other = a.other.as_ref().map(|_| &b_args);
    let game = GameArgs {
        params: side_params(&a.game.params, 'A', &a_args, other)?,
        ..a.game.clone()
    }
    .load()?;
    let b = match &a.other {
        Some(file) => Some(
            GameArgs {
                file: file.clone(),
                params: side_params(&a.game.params, 'B', &b_args, Some(&a_args))?,
                ..a.game.clone()
            }
            .load()?,
        ),
        None => None,
    };
    Ok((game, b))
}
