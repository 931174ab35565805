//! `heapgame check --time`: the runs deepened together. The runs of one file with the same
//! parameter values (and play) deepen as one, from the bounds of their `check` lines
//! together (the largest heap and the most heaps of any): the same claims over the same positions, compared once, each
//! claim with one share of the time rather than one a line.

use std::path::Path;

use crate::verify::check::params_shown;
use crate::verify::deepen::{check_deepening_all, DeepReport, Plan};
use crate::verify::Bounds;
use crate::Game;
use miette::Report;

use super::common::{GameArgs, SolveRun};

/// A run of one of the files given: the file, the game loaded, its bounds, and the positions
/// of a `check over` line.
pub(super) type FileRun = (std::path::PathBuf, Game, Bounds, Option<Vec<Vec<u32>>>);

/// Every run deepened together within `time` (the run that has spent the least time per
/// claim open goes next): per run, its report or error, or `None` for a run deepened with
/// an earlier one of the same file and parameter values ([`merged`]). Runs over a list of
/// positions are not deepened, and have no entry.
/// `limits`: the position and memory limits and Ctrl-C of the command (its file is the
/// first's); `sample_max`: the largest heap of the samples.
pub(super) fn deepen_all(
    limits: &GameArgs,
    sample_max: u32,
    all: &[FileRun],
    seed: u64,
    time: std::time::Duration,
) -> Vec<Option<Result<DeepReport, Report>>> {
    if all.is_empty() {
        return Vec::new();
    }
    let heaps = all.iter().map(|(_, _, b, _)| b.heaps).max().unwrap_or(1);
    let run = SolveRun::start(limits, heaps, None, "checking".to_string());
    // Each deepened run's group: the index of its first run, with the bounds of them all.
    let deepened: Vec<usize> = (0..all.len()).filter(|&n| all[n].3.is_none()).collect();
    let mut groups: Vec<(usize, Bounds)> = Vec::new();
    let mut first_of: Vec<usize> = Vec::new();
    for &n in &deepened {
        let (file, game, b, _) = &all[n];
        let same = |&(k, _): &(usize, Bounds)| {
            let (f, g, _, _) = &all[k];
            f == file && params_shown(g) == params_shown(game) && g.play() == game.play()
        };
        match groups.iter().position(same) {
            Some(gi) => {
                let u = &mut groups[gi].1;
                *u = Bounds {
                    max: u.max.max(b.max),
                    heaps: u.heaps.max(b.heaps),
                };
                first_of.push(groups[gi].0);
            }
            None => {
                groups.push((n, *b));
                first_of.push(n);
            }
        }
    }
    let runs: Vec<(&Game, Plan)> = groups
        .iter()
        .map(|&(n, start)| {
            let plan = Plan {
                start,
                sample_max,
                seed,
                time,
            };
            (&all[n].1, plan)
        })
        .collect();
    let mut reports: Vec<Option<Result<DeepReport, Report>>> =
        check_deepening_all(&runs, run.budget.clone(), time)
            .into_iter()
            .map(|r| Some(r.map_err(Report::new)))
            .collect();
    deepened
        .iter()
        .zip(&first_of)
        .map(|(&n, &first)| {
            if n == first {
                let gi = groups.iter().position(|g| g.0 == n).expect("its group");
                reports[gi].take()
            } else {
                None
            }
        })
        .collect()
}

/// A run deepened with an earlier run of its file (the same parameter values): a line of
/// text, and its JSON entry.
pub(super) fn merged(file: &Path, game: &Game) -> (String, serde_json::Value) {
    let params: Vec<String> = params_shown(game)
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect();
    let with = if params.is_empty() {
        String::new()
    } else {
        format!(" with {}", params.join(", "))
    };
    let text = format!(
        "{}: {}{with}: deepened with the run above of the same parameter values (one \
         deepening from the bounds of their `check` lines together)\n",
        file.display(),
        game.checked.name
    );
    let json = serde_json::json!({
        "file": file.display().to_string(),
        "ruleset": game.checked.name,
        "deepened_with_previous": true,
    });
    (text, json)
}
