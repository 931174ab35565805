//! Stated exceptions to `check`'s coverage: `never `TEXT` WHICH because "REASON"` after a
//! claim names a branch of it ([`super::branches`]) that no run can take, in the words of the
//! finding (`never `h == 1` false`, `never `D` entry 0`, `never `(1..62)` 7..62`). Here: which
//! branches a clause names, and the check, once the ruleset is loaded, that each names some
//! node of its claim (`heapgame::unknown_branch` otherwise). Whether the runs took a named
//! branch (a stale exception) is for the coverage of `check` to say.

use super::branches::{branches_of, Branch, Node};
use super::claims::CheckedClaim;
use super::diag::{Code, Diag};
use super::observe::Path;
use crate::syntax::ast::{Never, NeverWhich, Span};

/// Where the text of a clause's `in` is written (byte ranges), when it has one.
pub type Places = Option<Vec<(usize, usize)>>;

/// A `never` clause read against the file: where the text its `in` names is written, when it
/// has one.
#[derive(Clone, Debug)]
pub struct Clause<'n> {
    /// The clause.
    pub never: &'n Never,
    within: Places,
}

impl<'n> Clause<'n> {
    /// The clause `n` of a claim of the file `src`.
    pub fn new(n: &'n Never, src: &str) -> Clause<'n> {
        let within = n.within.as_ref().map(|w| occurrences(src, w));
        Clause { never: n, within }
    }

    /// The clause `n` with `within`, the places of its `in` ([`occurrences`]) found before.
    pub fn with_places(n: &'n Never, within: Places) -> Clause<'n> {
        Clause { never: n, within }
    }

    /// Where the text of its `in` is written, if it has one.
    pub fn places(&self) -> Places {
        self.within.clone()
    }

    /// Whether the clause names the branch `b` (of its claim): the node's text as written
    /// (spaces collapsed), within the node its `in` names, and the value (a condition) or a
    /// member (a table's entry, a set's integer member, a quantifier list's member).
    pub fn names(&self, b: &Branch) -> bool {
        self.fits(b)
            && match &self.never.which {
                NeverWhich::Value(_) => true,
                NeverWhich::Members(ranges) => {
                    (member(b)).is_some_and(|m| ranges.iter().any(|&(lo, hi)| lo <= m && m <= hi))
                }
            }
    }

    /// Whether `b`'s node lies within a place of the clause's `in` (if it has one).
    fn inside(&self, b: &Branch) -> bool {
        let (lo, hi) = b.took.at;
        (self.within.as_ref()).is_none_or(|w| w.iter().any(|&(a, z)| a <= lo && hi <= z))
    }

    /// Whether `b` is of the node the clause names, and of the kind it says (a condition's
    /// value, or a member of a table, set or list), whatever the members named.
    fn fits(&self, b: &Branch) -> bool {
        let n = self.never;
        b.text == n.text
            && self.inside(b)
            && match n.which {
                NeverWhich::Value(v) => b.node == Node::Cond && b.took.what == Path::Bool(v),
                NeverWhich::Members(_) => b.node != Node::Cond && member(b).is_some(),
            }
    }
}

/// Where `text` (spaces collapsed) is written in `src`, outside comments: byte ranges.
pub fn occurrences(src: &str, text: &str) -> Vec<(usize, usize)> {
    // The file on one line: each run of spaces (and comments) one space, each character's byte.
    let mut flat = String::new();
    let mut at: Vec<usize> = Vec::new();
    let mut comment = false;
    for (i, c) in src.char_indices() {
        comment = (comment || c == '#') && c != '\n';
        let c = if comment || c.is_whitespace() { ' ' } else { c };
        if c == ' ' && flat.ends_with(' ') {
            continue;
        }
        flat.push(c);
        at.extend(std::iter::repeat_n(i, c.len_utf8()));
    }
    let mut out = Vec::new();
    if text.is_empty() {
        return out;
    }
    let mut from = 0;
    while let Some(k) = flat[from..].find(text) {
        let (a, z) = (from + k, from + k + text.len());
        out.push((at[a], at[z - 1] + 1));
        from = a + flat[a..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// A member branch's number, as findings show it: a table's index, a quantifier list's
/// member, an integer set's member (a set of tuples has none).
pub fn member(b: &Branch) -> Option<i64> {
    match b.took.what {
        Path::Index(i) | Path::Witness(i) => Some(i),
        Path::Member(i) if !b.member.starts_with('(') => Some(i),
        _ => None,
    }
}

/// Each `never` clause of `claims` (with the parameters they were compiled with) that names
/// no branch of its claim: a problem `heapgame::unknown_branch` at its text. A text not
/// written in the file (outside comments and `never` clauses), a node of another kind than
/// the clause says (`never `D` false` of a table), or a text written twice that its `in`
/// does not tell apart. A node these parameters do not reach (a branch after a condition
/// they fold to `false`) is left to `check`, which reports a clause no run has a branch of.
pub fn check_never(claims: &[CheckedClaim], src: &str) -> Vec<Diag> {
    let clauses: Vec<&Span> = claims
        .iter()
        .flat_map(|c| &c.never)
        .map(|n| &n.span)
        .collect();
    let written = |text: &str| {
        let outside =
            |&(a, z): &(usize, usize)| !clauses.iter().any(|s| s.start <= a && z <= s.end);
        occurrences(src, text).iter().any(outside)
    };
    let mut out = Vec::new();
    for c in claims.iter().filter(|c| !c.never.is_empty()) {
        let list = branches_of(c, src).list;
        for n in &c.never {
            let clause = Clause::new(n, src);
            let mut nodes: Vec<(usize, usize)> = (list.iter())
                .filter(|b| clause.fits(b))
                .map(|b| b.took.at)
                .collect();
            nodes.dedup();
            let same_text = list.iter().any(|b| b.text == n.text && clause.inside(b));
            let (message, label) = if !written(&n.text) {
                (
                    format!(
                        "`never` names no branch of its claim: `{}` is not written in the file",
                        n.text
                    ),
                    "not written in the file",
                )
            } else if let Some(w) = n.within.as_ref().filter(|w| !written(w)) {
                (
                    format!("`never ... in `{w}``: `{w}` is not written in the file"),
                    "not within a node written so",
                )
            } else if nodes.len() > 1 {
                (
                    format!(
                        "`never` names {} nodes of its claim written `{}`: say which with \
                         `in `...``, a larger part of the claim around it",
                        nodes.len(),
                        n.text
                    ),
                    "written more than once in this claim",
                )
            } else if nodes.is_empty() && same_text {
                let what = match n.which {
                    NeverWhich::Value(v) => format!("a condition that can be {v}"),
                    NeverWhich::Members(_) => "a table, set or quantifier's list".to_string(),
                };
                (
                    format!(
                        "`never` names no branch of its claim: `{}` is not {what}",
                        n.text
                    ),
                    "not a branch of this kind",
                )
            } else {
                continue;
            };
            out.push(
                Diag::new(Code::UnknownBranch, n.text_span.clone(), message, label)
                    .also(c.span.start..c.span.start + 5, "the claim")
                    .help(help(&list, &n.which)),
            );
        }
    }
    out
}

/// The nodes of the claim a clause could name, in words.
fn help(list: &[Branch], which: &NeverWhich) -> String {
    let cond = matches!(which, NeverWhich::Value(_));
    let mut texts: Vec<&str> = Vec::new();
    for b in list.iter().filter(|b| (b.node == Node::Cond) == cond) {
        if (cond || member(b).is_some()) && !texts.contains(&b.text.as_str()) {
            texts.push(&b.text);
        }
    }
    if texts.is_empty() {
        let kind = if cond {
            "conditions"
        } else {
            "tables, sets or lists of members"
        };
        return format!("the claim has no {kind} as branches; name one as `check` reports it");
    }
    // The shortest first: the nodes a finding most often names.
    texts.sort_by_key(|t| t.len());
    let shown: Vec<String> = (texts.iter().take(6))
        .map(|t| match t.char_indices().nth(40) {
            Some((i, _)) => format!("`{}...`", &t[..i]),
            None => format!("`{t}`"),
        })
        .collect();
    let more = if texts.len() > 6 { ", ..." } else { "" };
    let kind = if cond {
        "its conditions"
    } else {
        "its tables, sets and lists"
    };
    format!(
        "name a node as `check` reports it, between backquotes; {kind}: {}{more}",
        shown.join(", ")
    )
}
