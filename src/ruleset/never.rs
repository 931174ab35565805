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
use crate::syntax::ast::{Never, NeverWhich};

/// Whether the clause `n` names the branch `b` (of its claim): the node's text as written
/// (spaces collapsed), and the value (a condition) or a member (a table's entry, a set's
/// integer member, a quantifier list's member).
pub fn names(n: &Never, b: &Branch) -> bool {
    if b.text != n.text {
        return false;
    }
    match (&n.which, b.took.what) {
        (NeverWhich::Value(v), Path::Bool(w)) => b.node == Node::Cond && *v == w,
        (NeverWhich::Members(ranges), _) => {
            member(b).is_some_and(|m| ranges.iter().any(|&(lo, hi)| lo <= m && m <= hi))
        }
        _ => false,
    }
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
/// no node of its claim: a problem `heapgame::unknown_branch` at its text. Only the node and
/// the kind are checked here (a condition and its value, or a table, set or list): which
/// members a node has may depend on the parameters, and `check` reports a clause whose
/// members no run has.
pub fn check_never(claims: &[CheckedClaim], src: &str) -> Vec<Diag> {
    let mut out = Vec::new();
    for c in claims.iter().filter(|c| !c.never.is_empty()) {
        let list = branches_of(c, src).list;
        for n in &c.never {
            let same = |b: &&Branch| b.text == n.text;
            let fits = |b: &&Branch| match n.which {
                NeverWhich::Value(v) => b.took.what == Path::Bool(v),
                NeverWhich::Members(_) => b.node != Node::Cond && member(b).is_some(),
            };
            if list.iter().filter(same).any(|b| fits(&b)) {
                continue;
            }
            let what = match n.which {
                NeverWhich::Value(v) => format!("condition `{}` that can be {v}", n.text),
                NeverWhich::Members(_) => {
                    format!("table, set or quantifier's list `{}`", n.text)
                }
            };
            out.push(
                Diag::new(
                    Code::UnknownBranch,
                    n.text_span.clone(),
                    format!("`never` names no branch of its claim: it has no {what}"),
                    "not a branch of this claim",
                )
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
