//! A guess verified as `heapgame check` verifies a file: its lines are put into the ruleset's
//! text (before the closing brace), the text is loaded with the same parameters, the file's
//! own claims, family claims and `check` lines are set aside, and `verify::check` runs the
//! guessed claims over a box larger than the one they were guessed from.

use super::{Guess, GuessError, Verdict};
use crate::game::{show_position, Game};
use crate::ruleset::ParamOverride;
use crate::solver::Budget;
use crate::verify::check::check_claims;
use crate::verify::Bounds;

/// The ruleset's text with `lines` (indented) put before its closing brace, under `comment`.
pub(crate) fn with_lines(source: &str, comment: &str, lines: &[String]) -> Option<String> {
    let end = source.rfind('}')?;
    let mut text = source[..end].trim_end().to_string();
    text.push_str("\n\n");
    for l in std::iter::once(comment).chain(lines.iter().map(String::as_str)) {
        text.push_str("  ");
        text.push_str(l);
        text.push('\n');
    }
    text.push_str(&source[end..]);
    Some(text)
}

/// The game of `source` with only the claims of `g`, loaded as `game` was (`overrides`).
fn game_with(
    game: &Game,
    source: &str,
    overrides: &[ParamOverride],
    g: &Guess,
) -> Result<Game, String> {
    let text = with_lines(source, "# guessed by heapgame guess", &g.lines)
        .ok_or_else(|| "the ruleset has no closing brace".to_string())?;
    let name = game.src.name().to_string();
    let mut out = Game::from_source_overrides(&name, &text, overrides).map_err(|e| {
        format!(
            "the guessed claim does not load: {:?}",
            miette::Report::new(e)
        )
    })?;
    out.set_play(game.play());
    let old = game.checked.claims.len();
    out.checked.claims.drain(..old);
    out.formulas.drain(..old);
    out.checked.families.clear();
    out.checked.check_runs.clear();
    Ok(out)
}

/// Checks the claims of `g` over every position of heaps `<= max` (at most `heaps` heaps).
pub fn verify(
    game: &Game,
    source: &str,
    overrides: &[ParamOverride],
    g: &Guess,
    max: u32,
    heaps: usize,
    budget: &Budget,
) -> Result<Verdict, GuessError> {
    let checked = match game_with(game, source, overrides, g) {
        Ok(c) => c,
        Err(why) => {
            return Ok(Verdict {
                region: String::new(),
                decided: 0,
                failure: Some(why),
                stopped: None,
            })
        }
    };
    let report =
        check_claims(&checked, Bounds { max, heaps }, budget.clone()).map_err(GuessError::Check)?;
    let failure = report.claims.iter().find_map(|c| {
        c.failure.as_ref().map(|f| {
            format!(
                "`{}` fails at {}: the claim says {}, the solver finds {}: {}",
                c.text,
                show_position(&f.position),
                f.claimed,
                f.actual,
                f.why
            )
        })
    });
    let failure = failure.or_else(|| {
        report
            .claims
            .iter()
            .find(|c| c.checked == 0)
            .map(|c| format!("`{}` decides no position of the region", c.text))
    });
    Ok(Verdict {
        region: report.region,
        decided: report.claims.iter().map(|c| c.checked).sum(),
        failure,
        stopped: report.stopped,
    })
}
