//! What a run found of one claim ([`ClaimReport`]): the positions it was compared at, its
//! counterexamples (the first in full, the others counted; those the file names with `fails
//! at` apart, as known), its cases and their counts. A counterexample the file names never
//! ends the claim's run: the claim is compared over the whole region, and any counterexample
//! the file does not name is a failure. And the claim's text and line as a report shows them.

use super::Answer;
use crate::syntax::ast::ClaimKind;

/// A position where a claim and the solver disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The position.
    pub position: Vec<u32>,
    /// What the claim says.
    pub claimed: Answer,
    /// What the solver finds.
    pub actual: Answer,
    /// Why the solver's answer is right, in words.
    pub why: String,
    /// A same-type claim: the position it names, and why that one has its type.
    pub other: Option<(Vec<u32>, String)>,
    /// What the claim says, in words, when `claimed` cannot say it (a comparison of the
    /// Grundy value, the winning moves, a condition).
    pub said: Option<String>,
}

/// How many positions of the counterexamples after the first a report keeps (all are counted).
pub(crate) const MORE_KEPT: usize = 10;

/// The result of one claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimReport {
    /// P-claim or Grundy claim.
    pub kind: ClaimKind,
    /// The claim's first line, as written.
    pub text: String,
    /// Its line in the file.
    pub line: usize,
    /// Positions where the claim was compared with the solver (its counterexamples too).
    pub checked: u64,
    /// Positions where its formula says nothing (outside the theorem's scope).
    pub silent: u64,
    /// The first counterexample the file does not name (`fails at`), if any: a failure.
    pub failure: Option<Failure>,
    /// The counterexamples the file does not name, counted in all (the first is `failure`;
    /// a run that stops a claim at its first failure, as `--time` does, counts one).
    pub failures: u64,
    /// The positions of the counterexamples after the first that the file does not name, the
    /// first [`MORE_KEPT`] of them.
    pub more_failures: Vec<Vec<u32>>,
    /// The counterexamples at positions the file names with `fails at`, in the order found:
    /// known, as the file says.
    pub known: Vec<Failure>,
    /// Its cases, when it is a case split, each with the positions it decided.
    pub cases: Vec<CaseReport>,
    /// Whether it can speak of a position in this run: false when its `when` is `false` for
    /// the run's parameters.
    pub applies: bool,
    /// `fails at`: the positions of this run where the file says the claim fails.
    pub fails_at: Vec<Vec<u32>>,
    /// A position of `fails_at` where the claim held after all.
    pub held_at: Option<Vec<u32>>,
    /// Its branches in this run ([`super::branches`]), and whether the run took each.
    pub branches: Vec<super::branches::Branch>,
    /// Whether each of `branches` was taken at a position of the run.
    pub taken: Vec<bool>,
}

impl ClaimReport {
    /// Whether the claim is as the file says: it failed at no position the file does not name
    /// (`fails at`), and held at none of those it names.
    pub fn as_stated(&self) -> bool {
        self.held_at.is_none() && self.failure.is_none()
    }

    /// Whether `f` is a failure the file expects (`fails at`).
    pub fn expected(&self, f: &Failure) -> bool {
        self.fails_at.contains(&f.position)
    }

    /// Whether the claim is still compared: no failure the file does not name yet.
    pub fn open(&self) -> bool {
        self.failure.is_none()
    }

    /// The positions `fails at` names in this run where the claim was not compared (no run
    /// reached them, or the time did not).
    pub fn named_not_compared(&self) -> Vec<&Vec<u32>> {
        self.fails_at
            .iter()
            .filter(|p| {
                self.held_at.as_ref() != Some(*p) && !self.known.iter().any(|k| k.position == **p)
            })
            .collect()
    }

    /// Records the comparison at `pos` (counted in `checked` by the caller): `failure`, if
    /// the claim and the solver disagree there, is known when the file names `pos`, else a
    /// counterexample; a named position where they agree is where the file is wrong.
    pub fn record(&mut self, pos: &[u32], failure: Option<Failure>) {
        let named = self.fails_at.iter().any(|p| p == pos);
        match failure {
            None if named && self.held_at.is_none() => self.held_at = Some(pos.to_vec()),
            None => {}
            Some(f) if named && !self.known.iter().any(|k| k.position == f.position) => {
                self.known.push(f);
            }
            Some(_) if named => {}
            Some(f) => {
                self.failures += 1;
                if self.failure.is_none() {
                    self.failure = Some(f);
                } else if self.more_failures.len() < MORE_KEPT {
                    self.more_failures.push(f.position);
                }
            }
        }
    }
}

impl ClaimReport {
    /// The report of claim `c` of `game` before any position: its text, line and cases.
    pub(super) fn new(game: &crate::game::Game, c: &crate::ruleset::claims::CheckedClaim) -> Self {
        use crate::ruleset::check::CheckedClaimBody;
        use crate::ruleset::value::Value;
        let src = game.src.inner();
        let text = src.get(c.span.clone()).unwrap_or("");
        let live = match &c.body {
            CheckedClaimBody::Expr { expr, .. } => {
                crate::ruleset::cases::applicable(expr, &c.cases)
            }
            CheckedClaimBody::Formula { .. } => Vec::new(),
        };
        ClaimReport {
            kind: c.kind,
            text: one_line(text),
            line: line_of(src, c.span.start),
            checked: 0,
            silent: 0,
            failure: None,
            failures: 0,
            more_failures: Vec::new(),
            known: Vec::new(),
            cases: c
                .cases
                .iter()
                .zip(live)
                .map(|(sp, applies)| CaseReport {
                    line: line_of(src, sp.start),
                    label: case_label(src, sp),
                    decided: 0,
                    applies,
                })
                .collect(),
            fails_at: c
                .fails_at
                .iter()
                .filter_map(|p| {
                    let wide: Option<Vec<u64>> = p.iter().map(|&h| u64::try_from(h).ok()).collect();
                    game.canonical(&wide?).ok()
                })
                .collect(),
            held_at: None,
            branches: Vec::new(),
            taken: Vec::new(),
            applies: !c
                .when
                .as_ref()
                .is_some_and(|w| matches!(w.as_const(), Some(Value::Bool(false)))),
        }
    }
}

/// One case of a claim that is a case split ([`crate::ruleset::cases`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// Its line in the file.
    pub line: usize,
    /// The case in words: the comment above it, or its text, on one line.
    pub label: String,
    /// Positions where the claim was true through this case.
    pub decided: u64,
    /// Whether it can decide a position in this run (not folded to `false` by the run's
    /// parameters).
    pub applies: bool,
}

/// What the positions a run compared reached: how many, the largest heap, the most heaps,
/// the largest total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Positions compared.
    pub positions: u64,
    /// The largest heap of any of them.
    pub largest_heap: u32,
    /// The most heaps of any of them.
    pub most_heaps: usize,
    /// The largest total of any of them.
    pub largest_total: u64,
}

impl Seen {
    /// One more position compared.
    pub fn add(&mut self, pos: &[u32]) {
        self.positions += 1;
        self.largest_heap = self
            .largest_heap
            .max(pos.iter().copied().max().unwrap_or(0));
        self.most_heaps = self.most_heaps.max(pos.len());
        let total: u64 = pos.iter().map(|&h| u64::from(h)).sum();
        self.largest_total = self.largest_total.max(total);
    }

    /// Both runs' positions together.
    pub fn join(&mut self, o: &Seen) {
        self.positions += o.positions;
        self.largest_heap = self.largest_heap.max(o.largest_heap);
        self.most_heaps = self.most_heaps.max(o.most_heaps);
        self.largest_total = self.largest_total.max(o.largest_total);
    }
}

/// The line (from 1) of byte `at` of `src`.
pub(super) fn line_of(src: &str, at: usize) -> usize {
    src[..at.min(src.len())].matches('\n').count() + 1
}

/// A case in words: the comment on the line above it when that line is only a comment (the
/// bundled files name their cases so: `# (5B) ...`), else its own text; on one line.
pub(super) fn case_label(src: &str, sp: &std::ops::Range<usize>) -> String {
    let start = sp.start.min(src.len());
    let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let above = src[..line_start.saturating_sub(1)]
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .trim();
    if line_start > 0 && above.starts_with('#') {
        let c = above.trim_start_matches('#').trim();
        if !c.is_empty() {
            return one_line(c);
        }
    }
    one_line(src.get(sp.clone()).unwrap_or(""))
}

/// A claim's text on one line: comments dropped, spaces collapsed, cut after 100 characters.
pub(crate) fn one_line(text: &str) -> String {
    let joined: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let s = joined
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    if s.chars().count() > 100 {
        s.chars().take(97).collect::<String>() + "..."
    } else {
        s
    }
}
