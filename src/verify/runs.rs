//! The runs of `check` (and the REPL's `:check`): a ruleset loaded once per `check` line of
//! its file with that line's parameter values and bounds (or once with the values and bounds
//! given), and the positions of a `check over` line.

use crate::ruleset::check::CheckRun;
use crate::ruleset::diag::{Code, LoadError};
use crate::ruleset::ParamOverride;
use crate::Game;

use super::{Bounds, CheckError, MissingBound};

/// One run: a loaded game, its bounds, and the positions of a `check over` line.
pub type Run = (Game, Bounds, Option<Vec<Vec<u32>>>);

/// The runs of a ruleset's text (`name` names it in messages): with `params`, one run with
/// them; otherwise one run per `check` line of the file, each with its own parameter values.
/// `max`/`heaps` replace the file's bounds. (Shared with the REPL's `:check`, which leaves out
/// the runs `over` a list of positions.)
pub fn runs_of(
    name: &str,
    text: &str,
    params: &[String],
    max: Option<u32>,
    heaps: Option<usize>,
) -> Result<Vec<(Game, Bounds)>, CheckError> {
    let runs = runs_in(name, text, params, (max, heaps), false)?;
    Ok(runs
        .into_iter()
        .filter(|r| r.2.is_none())
        .map(|(g, b, _)| (g, b))
        .collect())
}

/// The positions of the `check over` line `line` of `game`, canonical, without repeats, in
/// the fixed order; `None` for a box line.
fn over_positions(game: &Game, line: usize) -> Result<Option<Vec<Vec<u32>>>, CheckError> {
    let Some(over) = game
        .checked
        .check_runs
        .get(line)
        .and_then(|l| l.over.as_ref())
    else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(over.len());
    for p in over.iter() {
        let wide: Vec<u64> = p.iter().map(|&h| u64::from(h)).collect();
        let c = game
            .canonical(&wide)
            .map_err(|error| CheckError::OverNotPosition {
                position: p.iter().map(|&h| i64::from(h)).collect(),
                error,
            })?;
        if game.allows(&c) {
            out.push(c);
        }
    }
    super::region::sort_in_order(&mut out);
    out.dedup();
    Ok(Some(out))
}

/// `e`, a problem of the ruleset loaded with the values of the `check` line `line`: each
/// problem in the file labels the line too (with its values), and a `require` they break says
/// to change the line, not to pass `-p` (the values are the line's).
fn set_by(mut e: LoadError, line: &CheckRun) -> LoadError {
    let values: Vec<String> = line
        .with
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect();
    let values = values.join(", ");
    for d in e.diags.iter_mut().filter(|d| d.source.is_none()) {
        d.also.push((
            line.span.clone(),
            format!("this `check` line sets {values}"),
        ));
        if d.code == Code::Require {
            d.help = Some(format!(
                "the `check` line sets {values}: change its values, or the `require`"
            ));
        }
    }
    e
}

/// [`runs_of`], with each `check` line's `quick` bounds when `quick`.
pub fn runs_in(
    name: &str,
    text: &str,
    params: &[String],
    (max, heaps): (Option<u32>, Option<usize>),
    quick: bool,
) -> Result<Vec<Run>, CheckError> {
    let cli: Vec<ParamOverride> = params
        .iter()
        .map(|t| ParamOverride { text: t.clone() })
        .collect();
    let base = Game::from_source_overrides(name, text, &cli)?;
    let mut lines = base.checked.check_runs.clone();
    if quick {
        for l in &mut lines {
            if let Some((m, h)) = l.quick {
                l.max = m;
                l.heaps = h.or(l.heaps);
            }
        }
    }
    let bounds = |game: &Game, line: Option<&CheckRun>| {
        let ruleset = game.checked.name.clone();
        Bounds::resolve(game, max, heaps, line).map_err(|m| match m {
            MissingBound::Max => CheckError::NoMax { ruleset },
            MissingBound::Heaps => CheckError::NoHeaps { ruleset },
        })
    };
    if !params.is_empty() || lines.is_empty() {
        let b = bounds(&base, lines.first())?;
        let over = if max.is_none() && heaps.is_none() {
            over_positions(&base, 0)?
        } else {
            None
        };
        let runs = vec![(base, b, over)];
        if params.is_empty() {
            named_positions(&runs)?;
        }
        return Ok(runs);
    }
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let game = if line.with.is_empty() {
            Game::from_source_overrides(name, text, &[])?
        } else {
            let os: Vec<ParamOverride> = line
                .with
                .iter()
                .map(|(n, v)| ParamOverride {
                    text: format!("{n}={v}"),
                })
                .collect();
            Game::from_source_overrides(name, text, &os).map_err(|e| set_by(e, line))?
        };
        let b = bounds(&game, Some(line))?;
        // `--max`/`--heaps` replace every run's positions by their box.
        let over = if max.is_none() && heaps.is_none() {
            over_positions(&game, i)?
        } else {
            None
        };
        out.push((game, b, over));
    }
    named_positions(&out)?;
    Ok(out)
}

/// The positions `fails at` names are positions of the game: one that is a position in no
/// run of the file (another heap count, a heap out of range; a claim of several parameter
/// values may name positions of one of them) is an error at the `fails at`.
fn named_positions(runs: &[Run]) -> Result<(), CheckError> {
    use crate::game::PositionError;
    use crate::ruleset::diag::{Code, Diag, LoadError};
    let Some((first, _, _)) = runs.first() else {
        return Ok(());
    };
    let src = first.src.inner();
    let mut diags = Vec::new();
    for (i, c) in first.checked.claims.iter().enumerate() {
        for p in &c.fails_at {
            let wide: Vec<u64> = p.iter().map(|&h| h.max(0).unsigned_abs()).collect();
            let mut why = None;
            for (g, _, _) in runs {
                match g.checked.claims.get(i).map(|_| g.canonical(&wide)) {
                    Some(Err(e)) if p.iter().all(|&h| h >= 0) => why = Some(e),
                    None | Some(Err(_)) => {}
                    Some(Ok(_)) => {
                        why = None;
                        break;
                    }
                }
            }
            let negative = p.iter().any(|&h| h < 0);
            if why.is_none() && !negative {
                continue;
            }
            let code = match why {
                Some(PositionError::WrongCount { .. }) => Code::HeapCount,
                _ => Code::Range,
            };
            let why = why.map_or("a heap is negative".to_string(), |e| e.to_string());
            // The `fails at` of the claim, to the end of its line.
            let text = src.get(c.span.clone()).unwrap_or("");
            let at = text.rfind("fails at").map_or(0, |k| c.span.start + k);
            let end = src[at..].find('\n').map_or(src.len(), |k| at + k);
            let hs: Vec<String> = p.iter().map(i64::to_string).collect();
            diags.push(
                Diag::new(
                    code,
                    at..end,
                    format!(
                        "`fails at` names ({}), which is not a position of this game: {why}",
                        hs.join(", ")
                    ),
                    "not a position of this game",
                )
                .help("name the positions where the claim fails as positions of the game"),
            );
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(LoadError::new(first.src.clone(), diags).into())
    }
}
