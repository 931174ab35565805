//! What the runs of one file's `check` exercised, claim by claim: a claim that decided no
//! position in any run is vacuous (a failure, unless it says `allow empty`, then a warning);
//! a case of a case split that decided no position in any run is reported (a warning, a
//! failure under `--strict`). Runs of one file share its claims, in the same order. A branch
//! a claim's `never` clause names is "stated" with its reason (never a failure); a clause
//! whose branch some run took, or none of whose branches any run has, is stale (a failure
//! under `--strict`). The file's [`Summary`]: what its runs compared, and what no run reached.

use super::check::{ClaimReport, Seen};
use super::coverage_words::{clause_words, line_of, show_members, untaken};
use crate::game::Game;
use crate::ruleset::branches::Branch;
use crate::ruleset::never::{Clause, Places};
use crate::ruleset::observe::Took;
use crate::syntax::ast::{Never, NeverWhich};
use rustc_hash::FxHashSet;

/// The sums over the runs of one file.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    claims: Vec<Sum>,
    runs: usize,
    own: bool,
    seen: Seen,
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
    /// The positions `fails at` names (in some run's canonical form), and those compared.
    named: Vec<Vec<u32>>,
    known: Vec<Vec<u32>>,
    held_at: Vec<Vec<u32>>,
    /// Its branches in any run, and whether some run took each.
    branches: Vec<(Branch, bool)>,
    /// Its `never` clauses, each with its line and the places of its `in`.
    never: Vec<(Never, usize, Places)>,
    /// Where the claim is written (up to its first `never`).
    span: (usize, usize),
}

/// What the runs of one file compared, for its summary line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Runs counted.
    pub runs: usize,
    /// The file's claims.
    pub claims: usize,
    /// What their positions reached.
    pub seen: Seen,
    /// Claims that held at every position compared (and decided one).
    pub ok: usize,
    /// Claims that failed only where the file says (`fails at`).
    pub known: usize,
    /// Claims with a counterexample the file does not name, or that held where it says not.
    pub failed: usize,
    /// Claims that decided no position in any run.
    pub empty: Vec<usize>,
    /// The positions claims failed at as the file says, in all.
    pub known_at: Vec<Vec<u32>>,
    /// Cases of case splits that decided a position, of all cases that apply in some run.
    pub cases: (usize, usize),
    /// Branches of the claims taken in some run, of all their branches
    /// ([`crate::ruleset::branches`]).
    pub branches: (usize, usize),
    /// Branches no run took that a `never` clause states.
    pub stated: usize,
    /// Positions `fails at` names that no run compared.
    pub named_not_compared: Vec<Vec<u32>>,
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
    /// A claim that says `allow empty` decided no position in any run: a warning (a failure
    /// with `--strict`), never a pass.
    Empty,
    /// A branch of a claim (a condition's value, a table's entry, a set's member, a
    /// quantifier's deciding member) that no run took: a warning (a failure with `--strict`).
    Branch,
    /// A branch no run took that a `never` clause of the claim names: shown with its reason,
    /// never a failure.
    Stated,
    /// A `never` clause whose branch some run took, or none of whose branches any run has:
    /// a warning (a failure with `--strict`), so that a stated exception cannot go out of
    /// date unseen.
    Stale,
}

impl FindingKind {
    /// Whether a finding of this kind fails the check (`strict`: under `--strict`).
    pub fn fails(self, strict: bool) -> bool {
        match self {
            FindingKind::Vacuous => true,
            FindingKind::Stated => false,
            FindingKind::Case | FindingKind::Empty | FindingKind::Branch | FindingKind::Stale => {
                strict
            }
        }
    }

    /// Its name in JSON.
    pub fn word(self) -> &'static str {
        match self {
            FindingKind::Vacuous => "vacuous",
            FindingKind::Case => "case",
            FindingKind::Empty => "empty",
            FindingKind::Branch => "branch",
            FindingKind::Stated => "stated",
            FindingKind::Stale => "stale",
        }
    }
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

    /// Adds one run of `game` (a run of the file, with its parameters), its claims' reports
    /// and what its positions reached.
    pub fn add(&mut self, game: &Game, reports: &[ClaimReport], seen: &Seen) {
        self.runs += 1;
        self.seen.join(seen);
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
                    named: Vec::new(),
                    known: Vec::new(),
                    held_at: Vec::new(),
                    branches: Vec::new(),
                    span: (c.span.start, c.span.end),
                    never: (c.never.iter())
                        .map(|n| {
                            let places = Clause::new(n, src).places();
                            (n.clone(), line_of(src, n.span.start), places)
                        })
                        .collect(),
                });
            }
            let s = &mut self.claims[i];
            for (b, &t) in r.branches.iter().zip(&r.taken) {
                match s.branches.iter_mut().find(|(x, _)| x.took == b.took) {
                    Some((_, seen)) => *seen |= t,
                    None => s.branches.push((b.clone(), t)),
                }
            }
            s.failed |= r.failure.is_some();
            s.applies |= r.applies;
            s.decided += r.checked;
            for (sum, k) in s.cases.iter_mut().zip(&r.cases) {
                sum.applies |= k.applies;
                sum.decided += k.decided;
            }
            let known = r.known.iter().map(|k| &k.position);
            for (to, ps) in [
                (&mut s.named, r.fails_at.iter().collect::<Vec<_>>()),
                (&mut s.known, known.collect()),
                (&mut s.held_at, r.held_at.iter().collect()),
            ] {
                for p in ps {
                    if !to.contains(p) {
                        to.push(p.clone());
                    }
                }
            }
        }
    }

    /// What the runs compared, claim by claim and in all.
    pub fn summary(&self) -> Summary {
        let mut m = Summary {
            runs: self.runs,
            claims: self.claims.len(),
            seen: self.seen,
            ..Summary::default()
        };
        for s in &self.claims {
            if s.failed || !s.held_at.is_empty() {
                m.failed += 1;
            } else if s.decided == 0 {
                m.empty.push(s.line);
            } else if !s.known.is_empty() {
                m.known += 1;
            } else {
                m.ok += 1;
            }
            for p in &s.known {
                if !m.known_at.contains(p) {
                    m.known_at.push(p.clone());
                }
            }
            for p in &s.named {
                let compared = s.known.contains(p) || s.held_at.contains(p);
                if !compared && !m.named_not_compared.contains(p) {
                    m.named_not_compared.push(p.clone());
                }
            }
            let live = s.cases.iter().filter(|k| k.applies || self.own);
            m.cases.1 += live.clone().count();
            m.cases.0 += live.filter(|k| k.decided > 0).count();
        }
        // Those of the claims whose branches are reported: not failed, not empty.
        let taken = self.branches_taken();
        let all: FxHashSet<&Took> = (self.claims.iter())
            .filter(|s| !s.failed && s.decided > 0)
            .flat_map(|s| s.branches.iter().map(|(b, _)| &b.took))
            .collect();
        let hit = all.iter().filter(|t| taken.contains(**t)).count();
        m.branches = (hit, all.len());
        let never: Vec<Clause> = self
            .claims
            .iter()
            .flat_map(Sum::clauses)
            .map(|c| c.0)
            .collect();
        let stated: FxHashSet<&Took> = (self.claims.iter())
            .filter(|s| !s.failed && s.decided > 0)
            .flat_map(|s| &s.branches)
            .filter(|(b, _)| !taken.contains(&b.took) && never.iter().any(|n| n.names(b)))
            .map(|(b, _)| &b.took)
            .collect();
        m.stated = stated.len();
        m
    }

    /// The branches some claim took in some run (one `fn`'s branches are those of every
    /// claim that calls it).
    fn branches_taken(&self) -> FxHashSet<Took> {
        (self.claims.iter())
            .flat_map(|s| s.branches.iter().filter(|(_, t)| *t))
            .map(|(b, _)| b.took.clone())
            .collect()
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
        let taken = self.branches_taken();
        let mut reported = FxHashSet::default();
        // A branch of a `fn` is stated by a clause of any claim that calls it.
        let stated: Vec<(Clause, usize)> = self.claims.iter().flat_map(Sum::clauses).collect();
        for s in self.claims.iter().filter(|s| !s.failed) {
            if s.decided == 0 {
                // With parameters from the command line, a claim about other parameter values
                // is simply not about this run.
                if s.allow_empty && self.own {
                    out.push(Finding {
                        kind: FindingKind::Empty,
                        line: s.line,
                        message: format!(
                            "empty in every run: `allow empty` lets a run compare it nowhere, \
                             but none of {runs} did (it is not checked by this file)"
                        ),
                    });
                } else if !s.allow_empty && (s.applies || self.own) {
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
            // A branch of a `fn` two claims call is taken when either claim took it; each
            // untaken one is reported once, at the first claim that has it.
            let left: Vec<(Branch, bool)> = (s.branches.iter())
                .filter(|(b, _)| reported.insert(b.took.clone()))
                .map(|(b, _)| (b.clone(), taken.contains(&b.took)))
                .collect();
            // Its own clauses; another claim's only for a node outside this claim (a `fn`'s).
            let (a, z) = s.span;
            let outside = |b: &Branch| b.took.at.0 < a || b.took.at.1 > z;
            let own = |c: &&(Clause, usize)| s.clauses().iter().any(|o| o.0.never == c.0.never);
            let (mine, theirs): (Vec<_>, Vec<_>) = stated.iter().partition(own);
            let (near, far): (Vec<_>, Vec<_>) = left.into_iter().partition(|(b, _)| !outside(b));
            out.extend(branch_findings(s.line, near, &mine, &runs));
            let all: Vec<&(Clause, usize)> = mine.iter().chain(&theirs).copied().collect();
            out.extend(branch_findings(s.line, far, &all, &runs));
            out.extend(self.stale(s, &taken, &runs));
        }
        out
    }

    /// The `never` clauses of the claim `s` that are out of date: a branch it names was taken
    /// in some run, or (the runs being the file's own) no run has any branch it names.
    fn stale(&self, s: &Sum, taken: &FxHashSet<Took>, runs: &str) -> Vec<Finding> {
        let mut out = Vec::new();
        for (n, line) in s.clauses() {
            let named: Vec<&Branch> = (s.branches.iter())
                .map(|(b, _)| b)
                .filter(|b| n.names(b))
                .collect();
            let took: Vec<&Branch> = named
                .iter()
                .copied()
                .filter(|b| taken.contains(&b.took))
                .collect();
            let clause = clause_words(n.never);
            let message = if !took.is_empty() {
                let what = match n.never.which {
                    NeverWhich::Value(v) => format!("it was {v}"),
                    NeverWhich::Members(_) => {
                        format!("{} taken", show_members(&took))
                    }
                };
                format!("stale: {clause} (line {line}), but {what} in {runs}")
            } else if named.is_empty() && self.own {
                format!("stale: {clause} (line {line}) names no branch of {runs}")
            } else {
                continue;
            };
            out.push(Finding {
                kind: FindingKind::Stale,
                line: s.line,
                message,
            });
        }
        out
    }
}

/// The findings of the branches `left` of the claim of `line` that no run took: stated by a
/// clause of `stated` (of any claim: a `fn`'s branch is stated by a clause of any claim that
/// calls it), with its reason, or open.
fn branch_findings(
    line: usize,
    left: Vec<(Branch, bool)>,
    stated: &[&(Clause, usize)],
    runs: &str,
) -> Vec<Finding> {
    let is_stated = |b: &Branch| stated.iter().any(|(n, _)| n.names(b));
    let (said, open): (Vec<_>, Vec<_>) = left.into_iter().partition(|(b, _)| is_stated(b));
    let mut out: Vec<Finding> = (untaken(&open, runs).into_iter())
        .map(|message| Finding {
            kind: FindingKind::Branch,
            line,
            message,
        })
        .collect();
    for (n, at) in stated {
        let mine: Vec<(Branch, bool)> =
            (said.iter()).filter(|(b, _)| n.names(b)).cloned().collect();
        for message in untaken(&mine, runs) {
            out.push(Finding {
                kind: FindingKind::Stated,
                line,
                message: format!("{message}: stated at line {at}, \"{}\"", n.never.reason),
            });
        }
    }
    out
}

impl Sum {
    /// Its `never` clauses read against its branches, each with its line.
    fn clauses(&self) -> Vec<(Clause<'_>, usize)> {
        (self.never.iter())
            .map(|(n, line, w)| (Clause::with_places(n, w.clone()), *line))
            .collect()
    }
}
