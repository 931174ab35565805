//! The runs of a `check with NAME in R` line (one run a value): each run's place among the
//! line's values, and after its last run, which values were compared and what stopped the
//! parameters' dimension (the declared range's end, the time or a limit), as data for the
//! front end to render.

use std::sync::Arc;

use crate::ruleset::check_line::Ranged;
use crate::verify::deepen::RangePlace;

use super::hooks::FileRun;

/// Run `n`'s `check with NAME in R` line and its place among the line's runs, when the runs
/// are the file's own lines (`own`: no parameters given from outside the files).
pub(super) fn ranged_of(all: &[FileRun], n: usize, own: bool) -> Option<(Arc<Ranged>, usize)> {
    let first = first_of_file(all, n)?;
    let runs = &all[n].1.checked.check_runs;
    // One run a line, in order, only with the file's own lines.
    let line = runs.get(n - first).filter(|_| own)?;
    line.ranged.clone()
}

/// The first run of run `n`'s file.
fn first_of_file(all: &[FileRun], n: usize) -> Option<usize> {
    let file = &all[n].0;
    (0..=n).rev().take_while(|&i| all[i].0 == *file).last()
}

/// The place of a run of a ranged line, for its report.
pub(super) fn place(run: &FileRun, (line, i): &(Arc<Ranged>, usize)) -> RangePlace {
    let src = run.1.src.inner();
    let at = line.line.start.min(src.len());
    RangePlace {
        declared: line.declared.clone(),
        line: src[..at].matches('\n').count() + 1,
        value: i + 1,
        of: line.runs,
    }
}

/// What the values of a `check with NAME in R` line reached, after its last run.
#[derive(Clone, Debug)]
pub struct RangeDone {
    /// The line's place and ranges (its `value` is the last run's).
    pub place: RangePlace,
    /// Each value (`k = 3`), with whether its run compared its region (its first region,
    /// deepening).
    pub values: Vec<(String, bool)>,
    /// What stopped the parameters: the declared range's end, the time, a limit or an error.
    pub stopped_by: &'static str,
    /// The runs were deepened (`--time`), not compared over their bounds.
    pub deepened: bool,
}

/// The values of the ranged line being reported so far.
#[derive(Default)]
pub(super) struct RangeLine {
    values: Vec<(String, bool)>,
}

impl RangeLine {
    /// Records run `n` (`reached`: it compared its region); after the line's last run, what
    /// the line's values reached.
    pub(super) fn record(
        &mut self,
        (all, n, own): (&[FileRun], usize, bool),
        reached: bool,
        deepened: bool,
    ) -> Option<RangeDone> {
        let r = ranged_of(all, n, own)?;
        let (line, i) = &r;
        let with = first_of_file(all, n)
            .and_then(|f| all[n].1.checked.check_runs.get(n - f))
            .map(|l| l.with.as_slice())
            .unwrap_or_default();
        let value: Vec<String> = (with.iter())
            .filter(|(name, _)| line.names.contains(name))
            .map(|(name, v)| format!("{name} = {v}"))
            .collect();
        if *i == 0 {
            self.values.clear();
        }
        self.values.push((value.join(", "), reached));
        if i + 1 < line.runs {
            return None;
        }
        let stopped_by = if self.values.iter().all(|v| v.1) {
            "the declared range's end"
        } else if deepened {
            "the time"
        } else {
            "a limit or an error (above)"
        };
        Some(RangeDone {
            place: place(&all[n], &r),
            values: std::mem::take(&mut self.values),
            stopped_by,
            deepened,
        })
    }
}
