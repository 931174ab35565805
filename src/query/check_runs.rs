//! The runs of a check, decided here once for `heapgame check`, the REPL's `:check` and the
//! playground: the ruleset loaded once per `check` line of its file with that line's
//! parameter values (or once with the values given), each run's box chosen as its front end
//! asks ([`super::check_box`], which Python's check takes its boxes from too), and the
//! positions of a `check over` line.

use crate::game::Game;
use crate::ruleset::check::CheckRun;
use crate::ruleset::diag::{Code, LoadError};
use crate::ruleset::ParamOverride;
use crate::verify::{Bounds, CheckError};

use super::check_box::{check_box, BoxRefusal, Boxes};

/// One run: a loaded game, its bounds, and the positions of a `check over` line.
pub type Run = (Game, Bounds, Option<Vec<Vec<u32>>>);

/// One run as planned: a loaded game, and its bounds and the positions of a `check over` line,
/// or why it was given no box.
pub type Planned = (Game, Result<(Bounds, Option<Vec<Vec<u32>>>), BoxRefusal>);

/// What the runs of a check are asked: the parameters set from outside the file (then one
/// run with them), the largest heap and the most heaps given (replacing each line's, and a
/// `check over` line's positions by their box), and which box each run visits.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunsAsk<'a> {
    /// `NAME=VALUE` each.
    pub params: &'a [String],
    /// The largest heap.
    pub max: Option<u32>,
    /// The most heaps.
    pub heaps: Option<usize>,
    /// Which box each run visits.
    pub boxes: Boxes,
}

/// The runs of a ruleset's text (`name` names it in messages): with parameters, one run with
/// them; otherwise one run per `check` line of the file, each with its own parameter values.
/// A run given no box fails the whole file, as `heapgame check` says it.
pub fn runs_in(name: &str, text: &str, ask: &RunsAsk) -> Result<Vec<Run>, CheckError> {
    plan_runs(name, text, ask)?
        .into_iter()
        .map(|(game, planned)| match planned {
            Ok((bounds, over)) => Ok((game, bounds, over)),
            Err(refusal) => Err(refusal.error(&game)),
        })
        .collect()
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
    crate::verify::region::sort_in_order(&mut out);
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

/// The runs of [`runs_in`], each with its box or why it was given none (the playground shows
/// a refused run among the others). A `check over` line's box bounds what its positions reach,
/// and is chosen as any other.
pub fn plan_runs(name: &str, text: &str, ask: &RunsAsk) -> Result<Vec<Planned>, CheckError> {
    let cli: Vec<ParamOverride> = (ask.params.iter())
        .map(|t| ParamOverride { text: t.clone() })
        .collect();
    let base = Game::from_source_overrides(name, text, &cli)?;
    let lines = base.checked.check_runs.clone();
    let given = (ask.max, ask.heaps);
    // `--max`/`--heaps` replace every run's positions by their box.
    let listed = ask.max.is_none() && ask.heaps.is_none();
    let plan = |game: &Game, line: Option<&CheckRun>, i: usize| {
        Ok::<_, CheckError>(match check_box(game, line, given, ask.boxes) {
            Ok(b) if listed => Ok((b, over_positions(game, i)?)),
            Ok(b) => Ok((b, None)),
            Err(refusal) => Err(refusal),
        })
    };
    if !ask.params.is_empty() || lines.is_empty() {
        let planned = plan(&base, lines.first(), 0)?;
        let runs = vec![(base, planned)];
        if ask.params.is_empty() {
            named_positions(&runs)?;
        }
        return Ok(runs);
    }
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let game = if line.with.is_empty() {
            Game::from_source_overrides(name, text, &[])?
        } else {
            let os: Vec<ParamOverride> = (line.with.iter())
                .map(|(n, v)| ParamOverride {
                    text: format!("{n}={v}"),
                })
                .collect();
            Game::from_source_overrides(name, text, &os).map_err(|e| set_by(e, line))?
        };
        let planned = plan(&game, Some(line), i)?;
        out.push((game, planned));
    }
    named_positions(&out)?;
    Ok(out)
}

/// The positions `fails at` names are positions of the game: one that is a position in no
/// run of the file (another heap count, a heap out of range; a claim of several parameter
/// values may name positions of one of them) is an error at the `fails at`.
fn named_positions(runs: &[Planned]) -> Result<(), CheckError> {
    use crate::game::PositionError;
    use crate::ruleset::diag::{Code, Diag, LoadError};
    let Some((first, _)) = runs.first() else {
        return Ok(());
    };
    let src = first.src.inner();
    let mut diags = Vec::new();
    for (i, c) in first.checked.claims.iter().enumerate() {
        for p in &c.fails_at {
            let wide: Vec<u64> = p.iter().map(|&h| h.max(0).unsigned_abs()).collect();
            let mut why = None;
            for (g, _) in runs {
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
