//! The rustyline helper: tab completion (commands, file paths after `:load`, parameter names
//! after `:set`/`:unset`, formula names after `--formula`, a command's `--options`, command
//! names after `:help`) and a dimmed hint with the usage of the command being typed.

use std::borrow::Cow;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hint, Hinter};
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use super::help::{self, COMMANDS};

/// What the REPL knows for completion; updated when a ruleset is loaded.
pub struct ReplHelper {
    /// The loaded ruleset's parameter names.
    pub params: Vec<String>,
    /// The names of the built-in formulas, `name(` for those with arguments.
    pub formulas: Vec<String>,
    /// Whether to dim hints with ANSI escapes.
    pub color: bool,
    files: FilenameCompleter,
}

impl ReplHelper {
    /// A helper with nothing loaded.
    pub fn new(color: bool) -> ReplHelper {
        ReplHelper {
            params: Vec::new(),
            formulas: Vec::new(),
            color,
            files: FilenameCompleter::new(),
        }
    }
}

/// What the word under the cursor is.
#[derive(Debug, PartialEq, Eq)]
enum Slot {
    /// A command name (the word starts at the colon).
    Command,
    /// A command name for `:help`.
    HelpTopic,
    /// A file path.
    File,
    /// A parameter name.
    Param,
    /// A formula name.
    Formula,
    /// One of these options.
    Option(&'static [&'static str]),
    /// Nothing to complete.
    Nothing,
}

/// The start of the word before `pos`, and what it is.
fn slot(line: &str, pos: usize) -> (usize, Slot) {
    let before = &line[..pos];
    let start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let Some(rest) = before.strip_prefix(':') else {
        return (start, Slot::Nothing);
    };
    let Some(cmd_end) = rest.find(char::is_whitespace) else {
        return (0, Slot::Command);
    };
    let Ok(cmd) = help::lookup(&rest[..cmd_end]) else {
        return (start, Slot::Nothing);
    };
    let word = &before[start..];
    let args: Vec<&str> = before[1 + cmd_end..start].split_whitespace().collect();
    if args.last() == Some(&"--formula") {
        return (start, Slot::Formula);
    }
    if word.starts_with('-') && !cmd.options.is_empty() {
        return (start, Slot::Option(cmd.options));
    }
    match cmd.name {
        "load" => (start, Slot::File),
        "set" | "unset" if args.is_empty() => (start, Slot::Param),
        "help" if args.is_empty() => (start, Slot::HelpTopic),
        _ => (start, Slot::Nothing),
    }
}

/// Candidates among `names` that start with `word`, each replaced by itself and `suffix`.
fn matching<'a>(
    word: &str,
    names: impl IntoIterator<Item = &'a str>,
    prefix: &str,
    suffix: &str,
) -> Vec<Pair> {
    let mut v: Vec<Pair> = names
        .into_iter()
        .filter(|n| n.starts_with(word))
        .map(|n| Pair {
            display: format!("{prefix}{n}"),
            replacement: format!("{prefix}{n}{suffix}"),
        })
        .collect();
    v.sort_by(|a, b| a.display.cmp(&b.display));
    v.dedup_by(|a, b| a.display == b.display);
    v
}

impl ReplHelper {
    /// The completions of everything but file paths (which need the file system).
    fn candidates(&self, line: &str, pos: usize) -> (usize, Slot, Vec<Pair>) {
        let (start, slot) = slot(line, pos);
        let word = &line[start..pos];
        let v = match &slot {
            Slot::Command => matching(
                word.trim_start_matches(':'),
                COMMANDS.iter().map(|c| c.name),
                ":",
                " ",
            ),
            Slot::HelpTopic => matching(
                word.trim_start_matches(':'),
                COMMANDS.iter().map(|c| c.name),
                "",
                "",
            ),
            Slot::Param => matching(word, self.params.iter().map(String::as_str), "", " "),
            Slot::Formula => matching(word, self.formulas.iter().map(String::as_str), "", "")
                .into_iter()
                .map(|mut p| {
                    // `name(` waits for arguments; a bare `name` is complete.
                    if !p.replacement.ends_with('(') {
                        p.replacement.push(' ');
                    }
                    p.display = p.display.trim_end_matches('(').to_string();
                    p
                })
                .collect(),
            Slot::Option(opts) => matching(word, opts.iter().copied(), "", " "),
            Slot::File | Slot::Nothing => Vec::new(),
        };
        (start, slot, v)
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let (start, slot, v) = self.candidates(line, pos);
        if slot == Slot::File {
            return self.files.complete_path(line, pos);
        }
        Ok((start, v))
    }
}

/// A hint: the usage of the command being typed. Only the rest of the command's name is
/// inserted by the right arrow, never the usage text.
pub struct UsageHint {
    display: String,
    completion: Option<String>,
}

impl Hint for UsageHint {
    fn display(&self) -> &str {
        &self.display
    }
    fn completion(&self) -> Option<&str> {
        self.completion.as_deref()
    }
}

/// The hint for `line` with the cursor at its end.
fn usage_hint(line: &str) -> Option<UsageHint> {
    let rest = line.strip_prefix(':')?;
    match rest.find(char::is_whitespace) {
        None => {
            if rest.is_empty() {
                return None;
            }
            let c = help::lookup(rest).ok()?;
            // Only a prefix of the name itself is completed (not an alias).
            let tail = c.name.strip_prefix(rest)?;
            let display = if c.usage.is_empty() {
                tail.to_string()
            } else {
                format!("{tail} {}", c.usage)
            };
            Some(UsageHint {
                display,
                completion: (!tail.is_empty()).then(|| tail.to_string()),
            })
        }
        Some(i) => {
            if &rest[i..] != " " {
                return None;
            }
            let c = help::lookup(&rest[..i]).ok()?;
            (!c.usage.is_empty()).then(|| UsageHint {
                display: c.usage.to_string(),
                completion: None,
            })
        }
    }
}

impl Hinter for ReplHelper {
    type Hint = UsageHint;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<UsageHint> {
        if pos < line.len() {
            return None;
        }
        usage_hint(line)
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(h: &ReplHelper, line: &str) -> (usize, Vec<String>) {
        let (start, _, v) = h.candidates(line, line.len());
        (start, v.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn completes_commands_params_formulas_options() {
        let mut h = ReplHelper::new(false);
        h.params = vec!["k".into(), "beta".into()];
        h.formulas = vec!["wythoff".into(), "beatty(".into()];
        assert_eq!(names(&h, ":tab"), (0, vec![":table ".to_string()]));
        let (_, v) = names(&h, ":s");
        assert_eq!(
            v,
            vec![":sequence ", ":set ", ":show ", ":stats ", ":stop "]
        );
        assert_eq!(names(&h, ":set b"), (5, vec!["beta ".to_string()]));
        assert_eq!(names(&h, ":set beta 2"), (10, vec![]));
        assert_eq!(
            names(&h, ":diff --formula w"),
            (16, vec!["wythoff ".to_string()])
        );
        assert_eq!(
            names(&h, ":diff --formula be"),
            (16, vec!["beatty(".to_string()])
        );
        assert_eq!(names(&h, ":table --g"), (7, vec!["--grundy ".to_string()]));
        assert_eq!(names(&h, ":help pla"), (6, vec!["play".to_string()]));
        assert_eq!(names(&h, "3 5"), (2, vec![]));
        assert_eq!(slot(":load rul", 9), (6, Slot::File));
    }

    #[test]
    fn hints_show_usage_but_insert_only_the_name() {
        let h = usage_hint(":tab").expect("a hint");
        assert_eq!(
            h.display(),
            "le --max N [--grundy] [--heaps K] [--format table|csv|json]"
        );
        assert_eq!(h.completion(), Some("le"));
        let h = usage_hint(":play ").expect("a hint");
        assert_eq!((h.display(), h.completion()), ("POSITION [--second]", None));
        assert!(usage_hint(":play 3").is_none());
        assert!(usage_hint("3 5").is_none());
        let h = usage_hint(":quit").expect("a hint");
        assert_eq!((h.display(), h.completion()), ("", None));
    }
}
