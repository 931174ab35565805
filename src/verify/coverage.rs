//! What the runs of one file's `check` exercised, claim by claim: a claim that decided no
//! position in any run is vacuous (a failure, unless it says `allow empty`, then a warning);
//! a case of a case split that decided no position in any run is reported (a warning, a
//! failure under `--strict`). Runs of one file share its claims, in the same order. The
//! file's [`Summary`]: what its runs compared, and what no run reached.

use super::branches::{Branch, Node};
use super::check::{ClaimReport, Seen};
use crate::game::Game;
use crate::ruleset::observe::{Path, Took};
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
    /// Branches of the claims taken in some run, of all their branches ([`super::branches`]).
    pub branches: (usize, usize),
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
            for message in untaken(&left, &runs) {
                out.push(Finding {
                    kind: FindingKind::Branch,
                    line: s.line,
                    message,
                });
            }
        }
        out
    }
}

/// The branches of a claim no run took, in words: one line a node, in the order written.
fn untaken(branches: &[(Branch, bool)], runs: &str) -> Vec<String> {
    let mut nodes: Vec<(&Branch, Vec<&Branch>)> = Vec::new();
    for (b, _) in branches.iter().filter(|(_, t)| !t) {
        match nodes
            .iter_mut()
            .find(|(n, _)| n.took.at == b.took.at && n.node == b.node)
        {
            Some((_, v)) => v.push(b),
            None => nodes.push((b, vec![b])),
        }
    }
    let mut out = Vec::new();
    for (n, missed) in nodes {
        let text = short(&n.text);
        let line = n.line;
        let members = || show_members(&missed);
        out.push(match n.node {
            Node::Cond if missed.len() == 2 => {
                format!("branch `{text}` (line {line}) was never evaluated in {runs}")
            }
            Node::Cond => {
                let v = matches!(missed[0].took.what, Path::Bool(true));
                format!("branch `{text}` (line {line}) was never {v} in {runs}")
            }
            Node::Table => format!(
                "table `{text}` (line {line}): {} never read in {runs}",
                members()
            ),
            Node::Set => format!(
                "set `{text}` (line {line}): member {} never matched in {runs}",
                members()
            ),
            Node::Quant => format!(
                "`{text}` (line {line}), a quantifier's list: {} never decided it in {runs}",
                members()
            ),
        });
    }
    out
}

/// A node's text, shortened for a finding.
fn short(text: &str) -> String {
    if text.chars().count() > 60 {
        text.chars().take(57).collect::<String>() + "..."
    } else {
        text.to_string()
    }
}

/// Members in words: runs of consecutive integers as `a..b`, at most 12 items shown.
fn show_members(missed: &[&Branch]) -> String {
    let num = |b: &Branch| match b.took.what {
        Path::Index(i) | Path::Witness(i) => Some(i),
        Path::Member(i) if !b.member.starts_with('(') => Some(i),
        _ => None,
    };
    let mut items: Vec<String> = Vec::new();
    let mut i = 0;
    while i < missed.len() {
        let mut j = i;
        while let (Some(a), Some(b)) = (num(missed[j]), missed.get(j + 1).and_then(|b| num(b))) {
            if b != a + 1 {
                break;
            }
            j += 1;
        }
        items.push(match (num(missed[i]), num(missed[j])) {
            (Some(a), Some(b)) if j >= i + 2 => {
                let e = if missed[i].node == Node::Table {
                    "entries "
                } else {
                    ""
                };
                format!("{e}{a}..{b}")
            }
            _ => (i..=j)
                .map(|k| missed[k].member.clone())
                .collect::<Vec<_>>()
                .join(", "),
        });
        i = j + 1;
    }
    let n = items.len();
    if n > 12 {
        items.truncate(12);
        items.push(format!("and {} more", n - 12));
    }
    items.join(", ")
}
