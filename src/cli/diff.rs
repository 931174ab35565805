//! `heapgame diff`: two rulesets, or a ruleset and a built-in formula, compared over a box;
//! prints how many positions differ and the first few, each with both sides' reasons.

use std::fmt::Write as _;
use std::path::PathBuf;

use heapgame::game::show_position;
use heapgame::verify::diff::{diff_each, formula_from_text, DiffReport, Side};
use heapgame::verify::Bounds;
use miette::Report;

use super::common::{json_position, Format, GameArgs, SolveRun};

/// Arguments of `heapgame diff`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game rulesets/fraenkel-larsson/beta-wynim.game --max 40
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game --formula \"beatty(pi)\" --max 40
  heapgame diff rulesets/classic/subtraction.game rulesets/classic/nim.game -p \"S=1..\" --max 6 --heaps 3 --grundy
  heapgame diff rulesets/classic/wythoff.game --formula nim --max 40 --plot differ.png

Parameters given with -p apply to both rulesets (each must have them).
Exit 0 if identical, 1 if they differ, 2 on bad input.")]
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
    /// The largest heap.
    #[arg(long, value_name = "N")]
    max: u32,
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
    /// Also draw the positions that differ on a picture of the first ruleset (FILE.svg or
    /// FILE.png; two heaps, or one heap).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
}

/// Runs `heapgame diff`.
pub fn run(a: Args) -> Result<u8, Report> {
    let game = a.game.load()?;
    // --max is required, so only the heap count can be missing.
    let bounds = Bounds::resolve(game.shape(), Some(a.max), a.heaps, None).map_err(|_| {
        miette::miette!(
            code = "heapgame::position",
            help = "add --heaps K, e.g. `--heaps 3`",
            "`{}` allows any number of heaps: say how many at most with --heaps",
            game.checked.name
        )
    })?;
    let heaps = bounds.heaps;
    let plot = (a.plot.as_deref())
        .map(|p| super::plot::diff_plot(&game, bounds, a.grundy, p))
        .transpose()?;
    // The limits, Ctrl-C and the progress bar of `solve`.
    let total = heapgame::solver::positions::box_size(game.shape(), a.max, heaps)
        .and_then(|n| u64::try_from(n).ok());
    let run = SolveRun::start(&a.game, heaps, total, "comparing".to_string());
    let budget = run.budget.clone();
    let mut differing: Vec<Vec<u32>> = Vec::new();
    let mut each = |p: &[u32]| {
        if plot.is_some() {
            differing.push(p.to_vec());
        }
    };
    let report = match (&a.other, &a.formula) {
        (Some(other), _) => {
            let b = GameArgs {
                file: other.clone(),
                ..a.game.clone()
            }
            .load()?;
            let b = Side::Game(&b);
            diff_each(&game, b, bounds, a.grundy, a.show, budget, &mut each)?
        }
        (None, Some(text)) => {
            let f = formula_from_text(&game, text)?;
            let b = Side::Formula(&f, text.clone());
            diff_each(&game, b, bounds, a.grundy, a.show, budget, &mut each)?
        }
        (None, None) => unreachable!("clap requires OTHER or --formula"),
    };
    drop(run);
    if let Some(d) = &plot {
        super::plot::diff_picture(&game, &a.game, d, &report, &differing)?;
    }
    match a.format {
        Format::Text => print!("{}", text_report(&report)),
        Format::Json => println!("{}", json_report(&report)),
    }
    Ok(u8::from(report.differences > 0))
}

/// The text `diff` prints. (Shared with the REPL's `:diff`.)
pub(crate) fn text_report(r: &DiffReport) -> String {
    let mut out = String::new();
    let what = if r.grundy {
        "Grundy values"
    } else {
        "P-positions"
    };
    let _ = writeln!(
        out,
        "{} vs {}: {what}, every heap <= {}{}",
        r.a,
        r.b,
        r.bounds.max,
        if r.any_count {
            format!(", {} heaps at most", r.bounds.heaps)
        } else {
            String::new()
        }
    );
    let compared = r.positions - r.silent;
    let silent = if r.silent > 0 {
        format!(" ({} outside the formula's scope)", r.silent)
    } else {
        String::new()
    };
    if r.differences == 0 {
        let _ = writeln!(out, "identical over {compared} positions{silent}");
        return out;
    }
    let _ = writeln!(
        out,
        "{} of {compared} positions differ{silent}; the first {}:",
        r.differences,
        r.first.len()
    );
    for d in &r.first {
        let _ = writeln!(out, "  {}: {} vs {}", show_position(&d.position), d.a, d.b);
        let _ = writeln!(out, "    {}: {}", r.a, d.why_a);
        let _ = writeln!(out, "    {}: {}", r.b, d.why_b);
    }
    out
}

fn json_report(r: &DiffReport) -> serde_json::Value {
    serde_json::json!({
        "a": r.a,
        "b": r.b,
        "grundy": r.grundy,
        "max": r.bounds.max,
        "heaps": r.bounds.heaps,
        "positions": r.positions,
        "outside_scope": r.silent,
        "differences": r.differences,
        "identical": r.differences == 0,
        "first": r.first.iter().map(|d| serde_json::json!({
            "position": json_position(&d.position),
            "a": d.a.to_string(),
            "b": d.b.to_string(),
            "why_a": d.why_a,
            "why_b": d.why_b,
        })).collect::<Vec<_>>(),
    })
}
