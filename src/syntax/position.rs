//! The punctuation of a position as typed (`3 5 7`, `(3, 5, 7)`, `3,5,7`): splits the text into
//! its heap tokens with their byte offsets, or says where the punctuation is wrong (`(1, 2`,
//! `1,,2`, `((1 2`, `1 2 )(`). What a token means (digits, the heap count) is the caller's.

use std::ops::Range;

/// A mistake in the punctuation of a typed position: where, what, and a short label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PositionSyntax {
    /// The byte range of the offending character in the text.
    pub span: Range<usize>,
    /// The message, lower case.
    pub message: &'static str,
    /// The label under the span.
    pub label: &'static str,
}

/// What the last thing seen was.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing yet, or an opening parenthesis.
    Start,
    /// A heap.
    Heap,
    /// A comma (at this byte).
    Comma(usize),
}

/// The heap tokens of `text` with their byte offsets: heaps separated by spaces and/or one
/// comma, optionally all inside one pair of parentheses.
pub(crate) fn position_tokens(text: &str) -> Result<Vec<(usize, &str)>, PositionSyntax> {
    let fail = |at: usize, message, label| {
        Err(PositionSyntax {
            span: at..at + 1,
            message,
            label,
        })
    };
    let mut toks = Vec::new();
    let (mut open, mut closed) = (None::<usize>, false);
    let mut last = Last::Start;
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let sep = c.is_whitespace() || c == ',' || c == '(' || c == ')';
        if let (true, Some(s)) = (sep, start) {
            toks.push((s, &text[s..i]));
            start = None;
        }
        if closed && !c.is_whitespace() {
            return fail(
                i,
                "nothing may follow the closing `)` of a position",
                "unexpected",
            );
        }
        match c {
            '(' if open.is_some() => {
                return fail(i, "a position has one pair of parentheses", "a second `(`")
            }
            '(' if last != Last::Start => {
                return fail(i, "`(` may only open a position", "after a heap")
            }
            '(' => open = Some(i),
            ')' if open.is_none() => return fail(i, "this `)` closes nothing", "unmatched"),
            ',' | ')' if last == Last::Start => {
                if c == ')' {
                    closed = true;
                } else {
                    return fail(i, "a heap size is missing before this comma", "no heap");
                }
            }
            ',' | ')' if matches!(last, Last::Comma(_)) => {
                return fail(i, "a heap size is missing between two commas", "no heap")
            }
            ',' => last = Last::Comma(i),
            ')' => closed = true,
            _ if c.is_whitespace() => {}
            _ => {
                if start.is_none() {
                    start = Some(i);
                }
                last = Last::Heap;
            }
        }
    }
    if let (Some(at), false) = (open, closed) {
        return fail(at, "this `(` is never closed", "unclosed");
    }
    if let Last::Comma(at) = last {
        return fail(
            at,
            "a heap size is missing after this comma",
            "no heap after it",
        );
    }
    Ok(toks)
}

#[cfg(test)]
mod tests {
    use super::position_tokens;

    fn heaps(text: &str) -> Vec<&str> {
        position_tokens(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
            .into_iter()
            .map(|(_, t)| t)
            .collect()
    }

    fn refused_at(text: &str) -> usize {
        match position_tokens(text) {
            Ok(t) => panic!("{text} read as {t:?}"),
            Err(e) => e.span.start,
        }
    }

    #[test]
    fn the_written_forms_read() {
        for text in ["3 5 7", "(3, 5, 7)", "3,5,7", " ( 3 ,5  7 ) ", "3, 5 7"] {
            assert_eq!(heaps(text), ["3", "5", "7"], "{text}");
        }
        assert!(heaps("").is_empty());
        assert!(heaps("()").is_empty());
        assert_eq!(heaps("#3"), ["#3"]);
    }

    #[test]
    fn broken_punctuation_is_located() {
        assert_eq!(refused_at("(1, 2"), 0);
        assert_eq!(refused_at("1,,2"), 2);
        assert_eq!(refused_at("((1 2"), 1);
        assert_eq!(refused_at("1 2 )("), 4);
        assert_eq!(refused_at("(1 2) 3"), 6);
        assert_eq!(refused_at("1 (2)"), 2);
        assert_eq!(refused_at(",1"), 0);
        assert_eq!(refused_at("1,"), 1);
        assert_eq!(refused_at("(1,)"), 3);
    }
}
