//! The text of a ruleset that decides its values: every item but its claims, `check` lines
//! and `source`, with comments dropped and each run of spacing read as one space. Two files
//! with the same rules text play the same game, so a saved sequence (`sequence --save`) of one
//! resumes with the other: a comment, a claim or a `check` line added to a file does not
//! throw away a run of days.

use pest::Parser as _;

use super::grammar::{GameParser, Rule};

/// The rules text of `text`, or `None` when it does not parse (the caller has loaded it, so
/// this does not happen for a loaded game).
pub fn rules_text(text: &str) -> Option<String> {
    let file = GameParser::parse(Rule::file, text).ok()?.next()?;
    let ruleset = file.into_inner().find(|p| p.as_rule() == Rule::ruleset)?;
    let mut out = String::new();
    for item in ruleset.into_inner() {
        match item.as_rule() {
            Rule::claim | Rule::check_bound | Rule::source | Rule::string => {}
            _ => {
                out.push_str(&without_comments(item.as_str()));
                out.push('\n');
            }
        }
    }
    Some(out)
}

/// `text` with its comments (`#` to the end of a line, outside a string) dropped and each
/// run of spacing made one space.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut in_comment, mut space) = (false, false, false);
    for c in text.chars() {
        if in_comment {
            in_comment = c != '\n';
            space |= c == '\n';
            continue;
        }
        if !in_string && c == '#' {
            in_comment = true;
            continue;
        }
        if !in_string && c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        in_string ^= c == '"';
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "ruleset \"G\" {\n  source \"a book\"\n  heaps any\n  # the move\n  \
                        move { take 1..3 from one heap }  # at most three\n  claim P: \
                        xor(heaps) == 0\n  check max 20 heaps 2\n}\n";

    #[test]
    fn comments_claims_checks_and_spacing_do_not_count() {
        let other = "ruleset \"G\" {\n  heaps any\n  move {\n take 1..3\n  from one heap }\n  \
                     claim P: xor(heaps) == 1\n  check max 40 heaps 3\n}\n";
        assert_eq!(rules_text(GAME), rules_text(other));
        assert!(rules_text(GAME).is_some_and(|t| t.contains("move { take 1..3 from one heap }")));
    }

    #[test]
    fn a_different_move_counts() {
        let other = GAME.replace("1..3", "1..4");
        assert_ne!(rules_text(GAME), rules_text(&other));
    }

    #[test]
    fn a_hash_in_a_string_is_not_a_comment() {
        assert_eq!(
            without_comments("name \"a # b\" # c\n x"),
            "name \"a # b\" x"
        );
    }
}
