//! `heapgame check`'s runs of a `check with NAME in R` line (one run a value): each run's place
//! among the line's values, and after its last run, which values were compared and what
//! stopped the parameters' dimension (the declared range's end, the time or a limit), as text
//! or JSON.

use std::sync::Arc;

use crate::ruleset::check_line::Ranged;
use crate::verify::deepen::RangePlace;
use miette::Report;

use super::check_deepen::FileRun;
use super::common::{print_out, Format};

/// Run `n`'s `check with NAME in R` line and its place among the line's runs, when the runs
/// are the file's own lines (`own`: no parameters given on the command line).
pub(super) fn ranged_of(all: &[FileRun], n: usize, own: bool) -> Option<(Arc<Ranged>, usize)> {
    let file = &all[n].0;
    let first = (0..=n).rev().take_while(|&i| all[i].0 == *file).last()?;
    let runs = &all[n].1.checked.check_runs;
    // One run a line, in order, only with the file's own lines.
    let line = runs.get(n - first).filter(|_| own)?;
    line.ranged.clone()
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

/// The values of the ranged line being reported so far, each with whether its run compared
/// its region (its first region, deepening).
#[derive(Default)]
pub(super) struct RangeLine {
    values: Vec<(String, bool)>,
}

impl RangeLine {
    /// Records run `n` (`reached`: it compared its region); after the line's last run, says
    /// what the line's values reached (text, or in the file's last JSON report).
    pub(super) fn record(
        &mut self,
        (all, n, own): (&[FileRun], usize, bool),
        reached: bool,
        (deepened, format): (bool, Format),
        json: &mut [serde_json::Value],
    ) -> Result<(), Report> {
        let Some(r) = ranged_of(all, n, own) else {
            return Ok(());
        };
        let (line, i) = &r;
        let first = (0..=n).rev().take_while(|&j| all[j].0 == all[n].0).last();
        let with = first
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
            return Ok(());
        }
        let p = place(&all[n], &r);
        let missed: Vec<&str> = (self.values.iter())
            .filter(|v| !v.1)
            .map(|v| v.0.as_str())
            .collect();
        let stop = if missed.is_empty() {
            "the declared range's end"
        } else if deepened {
            "the time"
        } else {
            "a limit or an error (above)"
        };
        let how = if deepened {
            "deepened"
        } else {
            "compared over its bounds"
        };
        let done = self.values.len() - missed.len();
        let mut text = format!(
            "{}: `check with {}` (line {}): {done} of its {} values {how}",
            all[n].0.display(),
            p.declared,
            p.line,
            p.of
        );
        if !missed.is_empty() {
            text = format!("{text}; not reached: {}", missed.join("; "));
        }
        text = format!("{text} (the parameters stopped by {stop})\n");
        match format {
            Format::Text => print_out(&text)?,
            Format::Json => {
                let file = all[n].0.display().to_string();
                if let Some(last) = (json.iter_mut().rev()).find(|j| j["file"] == file.as_str()) {
                    let values: Vec<_> = (self.values.iter())
                        .map(|(v, r)| serde_json::json!({"value": v, "reached": r}))
                        .collect();
                    last["parameter_range"] = serde_json::json!({
                        "declared": p.declared, "line": p.line, "values": values, "stopped_by": stop,
                    });
                }
            }
        }
        Ok(())
    }
}
