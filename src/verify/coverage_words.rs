//! `check`'s coverage in words: the branches no run took, one line a node (`branch `h > 20`
//! (line 4) was never true`, `table `T` (line 21): entry 0 never read`), members shown as
//! ranges, and a `never` clause as written.

use crate::ruleset::branches::{Branch, Node};
use crate::ruleset::observe::Path;
use crate::syntax::ast::{Never, NeverWhich};

/// A `never` clause in words, as written.
pub(super) fn clause_words(n: &Never) -> String {
    let which = match &n.which {
        NeverWhich::Value(v) => v.to_string(),
        NeverWhich::Members(r) => (r.iter())
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}..{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
    };
    match &n.within {
        Some(w) => format!("`never `{}` in `{w}` {which}`", n.text),
        None => format!("`never `{}` {which}`", n.text),
    }
}

/// The line of the byte `at` in `src`.
pub(super) fn line_of(src: &str, at: usize) -> usize {
    src[..at.min(src.len())].matches('\n').count() + 1
}

/// The branches of a claim no run took, in words: one line a node, in the order written.
pub(super) fn untaken(branches: &[(Branch, bool)], runs: &str) -> Vec<String> {
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
pub(super) fn show_members(missed: &[&Branch]) -> String {
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
