//! What the runs of one file's `check` exercised, claim by claim: a claim that decided no
//! position in any run is vacuous (a failure, unless it says `allow empty`); a case of a case
//! split that decided no position in any run is reported (a warning, a failure under
//! `--strict`). Runs of one file share its claims, in the same order.

use super::check::ClaimReport;
use crate::game::Game;

/// The sums over the runs of one file.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    claims: Vec<Sum>,
    runs: usize,
    own: bool,
}

#[derive(Clone, Debug)]
struct Sum {
    line: usize,
    when: Option<String>,
    allow_empty: bool,
    failed: bool,
    applies: bool,
    decided: u64,
    cases: Vec<CaseSum>,
}

#[derive(Clone, Debug)]
struct CaseSum {
    line: usize,
    label: String,
    applies: bool,
    decided: u64,
}

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// A claim decided no position in any run: a failure.
    Vacuous,
    /// A case decided no position in any run: a warning (a failure with `--strict`).
    Case,
}

/// One thing the runs of a file did not exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it is.
    pub kind: FindingKind,
    /// The claim's line.
    pub line: usize,
    /// The message, in words.
    pub message: String,
}

impl Coverage {
    /// Nothing seen yet. `own`: the runs are the file's own `check` lines (not parameters
    /// given on the command line), so a claim or case that applies to none of them is never
    /// exercised by the file.
    pub fn new(own: bool) -> Coverage {
        Coverage {
            own,
            ..Coverage::default()
        }
    }

    /// Adds one run of `game` (a run of the file, with its parameters) and its claims' reports.
    pub fn add(&mut self, game: &Game, reports: &[ClaimReport]) {
        self.runs += 1;
        let src = game.src.inner();
        for (i, r) in reports.iter().enumerate() {
            if self.claims.len() <= i {
                let c = &game.checked.claims[i];
                self.claims.push(Sum {
                    line: r.line,
                    when: c.when.as_ref().map(|w| {
                        let t = src.get(w.span.clone()).unwrap_or("");
                        t.split_whitespace().collect::<Vec<_>>().join(" ")
                    }),
                    allow_empty: c.allow_empty,
                    failed: false,
                    applies: false,
                    decided: 0,
                    cases: r
                        .cases
                        .iter()
                        .map(|k| CaseSum {
                            line: k.line,
                            label: k.label.clone(),
                            applies: false,
                            decided: 0,
                        })
                        .collect(),
                });
            }
            let s = &mut self.claims[i];
            s.failed |= r.failure.is_some();
            s.applies |= r.applies;
            s.decided += r.checked;
            for (sum, k) in s.cases.iter_mut().zip(&r.cases) {
                sum.applies |= k.applies;
                sum.decided += k.decided;
            }
        }
    }

    /// What the runs did not exercise, in the order of the claims. A claim that failed is
    /// not reported again.
    pub fn findings(&self) -> Vec<Finding> {
        let runs = if self.runs == 1 {
            "this run".to_string()
        } else {
            format!("the {} runs", self.runs)
        };
        let mut out = Vec::new();
        for s in self.claims.iter().filter(|s| !s.failed) {
            if s.decided == 0 {
                // With parameters from the command line, a claim about other parameter values
                // is simply not about this run.
                if !s.allow_empty && (s.applies || self.own) {
                    let message = match (&s.when, s.applies) {
                        (Some(w), true) => {
                            format!("vacuous: no position of {runs} satisfies `when {w}`")
                        }
                        (Some(w), false) => {
                            format!("vacuous: `when {w}` is false for the parameters of {runs}")
                        }
                        (None, _) => format!("vacuous: the claim decided no position of {runs}"),
                    };
                    out.push(Finding {
                        kind: FindingKind::Vacuous,
                        line: s.line,
                        message,
                    });
                }
                continue;
            }
            for k in &s.cases {
                if k.decided > 0 || !(k.applies || self.own) {
                    continue;
                }
                let why = if k.applies {
                    format!("never decided a position in {runs}")
                } else {
                    format!("is false for the parameters of {runs}")
                };
                out.push(Finding {
                    kind: FindingKind::Case,
                    line: s.line,
                    message: format!("case at line {} (`{}`) {why}", k.line, k.label),
                });
            }
        }
        out
    }
}
