//! A check under `--time` alone: the runs deepened together. The runs of one file with the same
//! parameter values (and play) deepen as one, from the bounds of their `check` lines
//! together (the largest heap and the most heaps of any): the same claims over the same positions, compared once, each
//! claim with one share of the time rather than one a line.

use crate::game::Game;
use crate::solver::Clock;
use crate::verify::check::params_shown;
use crate::verify::deepen::{check_deepening_all, DeepReport, Plan};
use crate::verify::Bounds;
use miette::Report;

use super::hooks::{FileRun, RunHooks};

/// Every run deepened together within `time` (the run that has spent the least time per
/// claim open goes next): per run, its report or error, or `None` for a run deepened with
/// an earlier one of the same file and parameter values ([`super::check::Answer::Merged`]). Runs over a list of
/// positions are not deepened, and have no entry.
/// `start`: the front end's hooks for a part with that many heaps at most (the position and
/// memory limits, Ctrl-C, the progress bar); `sample_max`: the largest heap of the samples,
/// `seed` theirs; `clock`: the front end's, every time is read on it.
pub(super) fn deepen_all<R: RunHooks>(
    start: impl FnOnce(usize) -> R,
    (sample_max, seed, clock): (u32, u64, &Clock),
    all: &[FileRun],
    time: std::time::Duration,
) -> Vec<Option<Result<DeepReport, Report>>> {
    if all.is_empty() {
        return Vec::new();
    }
    let heaps = all.iter().map(|(_, _, b, _)| b.heaps).max().unwrap_or(1);
    let run = start(heaps);
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
        check_deepening_all(&runs, (run.budget(), run.box_positions()), time, clock)
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
