//! The `{` a file leaves open: when the text ends while the parser still waits for a `}`,
//! the place to show is the brace that was never closed, not the end of the file. Braces are
//! matched outside comments and strings; a `}` that starts a line less indented than the
//! line of the innermost open `{` is taken to close an outer block, which leaves the inner
//! `{` open (the usual slip: a `move { ...` whose `}` was forgotten).

/// The byte offset of the `{` that `src` leaves open, or `None` when every `{` is closed.
pub(crate) fn unclosed_brace(src: &str) -> Option<usize> {
    // Each open `{`: its offset and the indentation of its line.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut left_open = None;
    let mut line_start = 0;
    let mut in_string = false;
    let mut chars = src.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '\n' => {
                line_start = i + 1;
                in_string = false;
            }
            _ if in_string => match c {
                '\\' => {
                    chars.next_if(|&(_, c)| c != '\n');
                }
                '"' => in_string = false,
                _ => {}
            },
            '"' => in_string = true,
            '#' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '{' => open.push((i, indent(src, line_start))),
            '}' => {
                let line = &src[line_start..i];
                if line.trim().is_empty() {
                    let at = line.len();
                    while open.len() > 1 && open.last().is_some_and(|&(_, ind)| ind > at) {
                        let (o, _) = open.pop()?;
                        left_open.get_or_insert(o);
                    }
                }
                open.pop();
            }
            _ => {}
        }
    }
    left_open.or_else(|| open.last().map(|&(o, _)| o))
}

/// The indentation (spaces and tabs) of the line starting at `start`.
fn indent(src: &str, start: usize) -> usize {
    src[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .count()
}

#[cfg(test)]
mod tests {
    use super::unclosed_brace;

    fn at(src: &str, needle: &str) -> Option<usize> {
        src.find(needle)
    }

    #[test]
    fn a_closed_file_leaves_nothing_open() {
        let src = "ruleset \"A\" {\n  heaps 2\n  move { take 1.. from one heap }\n}\n";
        assert_eq!(unclosed_brace(src), None);
    }

    #[test]
    fn the_rulesets_brace_left_open() {
        let src = "ruleset \"A\" {\n  heaps 2\n  move { take 1.. from one heap }\n";
        assert_eq!(unclosed_brace(src), at(src, "{"));
    }

    #[test]
    fn a_moves_brace_left_open_is_found_by_the_indentation() {
        let src = "ruleset \"A\" {\n  heaps 2\n  move {\n    take 1.. from one heap\n  claim P: a == b\n}\n";
        assert_eq!(unclosed_brace(src), at(src, "{\n    take"));
    }

    #[test]
    fn braces_in_comments_and_strings_do_not_count() {
        let src = "# a { in a comment\nruleset \"A {\" {\n  heaps 2\n}\n";
        assert_eq!(unclosed_brace(src), None);
        let src = "ruleset \"A\" {\n  source \"x \\\" {\"\n  heaps 2 # }\n";
        assert_eq!(unclosed_brace(src), at(src, "{"));
    }

    #[test]
    fn sets_on_one_line_are_matched() {
        let src = "ruleset \"A\" (S = {1, 3, 4}) {\n  move { take S from one heap }\n";
        assert_eq!(unclosed_brace(src), at(src, ") {").map(|i| i + 2));
    }
}
