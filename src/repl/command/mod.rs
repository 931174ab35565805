//! Parsing of one input line: a bare position (or, during a game, a move), or a `:command`
//! with its arguments. Mistakes become miette reports with the command's usage and example.

use miette::Report;

use super::error::ReplError;
use super::help::{self, CommandHelp, Lookup};
use crate::report::table::TableRequest;

mod options;
use options::{check, diff, limit, load, play, plot, sequence, set, table, unset};
pub use options::{DiffRequest, PlotCommand};

/// One line of input, understood.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// A bare position, or a move number like `#3` (during a game).
    Position(String),
    /// `:help [COMMAND]`.
    Help(Option<String>),
    /// `:eval POSITION`.
    Eval(String),
    /// `:moves [POSITION]`.
    Moves(Option<String>),
    /// `:play POSITION [--second]`.
    Play {
        /// The starting position.
        pos: String,
        /// heapgame moves first.
        second: bool,
    },
    /// `:undo`.
    Undo,
    /// `:hint`.
    Hint,
    /// `:stop`.
    Stop,
    /// `:table --max N ...`.
    Table(TableRequest),
    /// `:check [--max N] [--heaps K]`.
    Check {
        /// Instead of the file's bound.
        max: Option<u32>,
        /// Instead of the file's bound.
        heaps: Option<usize>,
    },
    /// `:diff --formula NAME(ARGS)` or `:diff FILE`, with options.
    Diff(DiffRequest),
    /// `:plot --max N [--grundy] ... [--output FILE]`.
    Plot(PlotCommand),
    /// `:formulas`.
    Formulas,
    /// `:load FILE`.
    Load(String),
    /// `:reload`.
    Reload,
    /// `:show`.
    Show,
    /// `:set` (list) or `:set NAME VALUE`.
    Set(Option<(String, String)>),
    /// `:unset NAME`.
    Unset(String),
    /// `:stats`.
    Stats,
    /// `:limit N` or `:limit none`.
    Limit(Option<usize>),
    /// `:limit` alone: the limit in force.
    ShowLimit,
    /// `:echo TEXT`.
    Echo(String),
    /// `:quit`.
    Quit,
    /// `:sequence N`: the Grundy values of one heap, 0..N, and their periodicity.
    Sequence(u32),
}

/// Parses a line; `None` for a blank line or a comment (`# ...` after a blank).
pub fn parse(line: &str) -> Result<Option<Command>, Report> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("# ") || line == "#" {
        return Ok(None);
    }
    if let Some(rest) = line.strip_prefix(':') {
        let (word, args) = match rest.find(char::is_whitespace) {
            Some(i) => (&rest[..i], rest[i..].trim()),
            None => (rest, ""),
        };
        let c = match help::lookup(word) {
            Ok(c) => c,
            Err(Lookup::Unknown(suggestion)) => {
                return Err(ReplError::UnknownCommand {
                    word: word.to_string(),
                    suggestion: suggestion.map(str::to_string),
                }
                .into());
            }
            Err(Lookup::Ambiguous(names)) => {
                return Err(ReplError::Ambiguous {
                    word: word.to_string(),
                    names: names.iter().map(|n| (*n).to_string()).collect(),
                }
                .into());
            }
        };
        return command(c, args).map(Some);
    }
    let first = line.chars().next().unwrap_or(' ');
    let negative = first == '-' && line[1..].starts_with(|c: char| c.is_ascii_digit());
    if first.is_ascii_digit() || first == '(' || first == '#' || negative {
        return Ok(Some(Command::Position(line.to_string())));
    }
    match line {
        "help" | "?" => return Ok(Some(Command::Help(None))),
        "quit" | "exit" => return Ok(Some(Command::Quit)),
        _ => {}
    }
    let word = line.split_whitespace().next().unwrap_or(line);
    Err(ReplError::NotUnderstood {
        line: line.to_string(),
        command: help::lookup(word).ok().map(|c| c.name),
    }
    .into())
}

/// A usage error of command `c`.
fn usage(c: &CommandHelp, msg: impl std::fmt::Display) -> Report {
    ReplError::Usage {
        message: msg.to_string(),
        synopsis: help::synopsis(c),
        example: c.example,
    }
    .into()
}

/// The arguments of command `c`.
fn command(c: &'static CommandHelp, args: &str) -> Result<Command, Report> {
    let no_args = |cmd: Command| {
        if args.is_empty() {
            Ok(cmd)
        } else {
            Err(usage(c, format!("`:{}` takes no arguments", c.name)))
        }
    };
    let position = |what: &str| {
        if args.is_empty() {
            Err(usage(c, format!("`:{}` needs {what}", c.name)))
        } else {
            Ok(args.to_string())
        }
    };
    match c.name {
        "help" => Ok(Command::Help(
            (!args.is_empty()).then(|| args.trim_start_matches(':').to_string()),
        )),
        "eval" => Ok(Command::Eval(position("a position")?)),
        "moves" => Ok(Command::Moves((!args.is_empty()).then(|| args.to_string()))),
        "play" => play(c, args),
        "undo" => no_args(Command::Undo),
        "hint" => no_args(Command::Hint),
        "stop" => no_args(Command::Stop),
        "table" => table(c, args).map(Command::Table),
        "check" => check(c, args),
        "diff" => diff(c, args),
        "plot" => plot(c, args).map(Command::Plot),
        "formulas" => no_args(Command::Formulas),
        "load" => load(c, args),
        "reload" => no_args(Command::Reload),
        "show" => no_args(Command::Show),
        "set" => set(c, args),
        "unset" => unset(c, args),
        "stats" => no_args(Command::Stats),
        "limit" => limit(c, args),
        "echo" => Ok(Command::Echo(args.to_string())),
        "quit" => no_args(Command::Quit),
        "sequence" => sequence(c, args),
        // Every name of help::COMMANDS has an arm above (the test `every_example_parses`
        // runs each command's example), so `lookup` cannot return another one.
        other => unreachable!("command {other} listed in help::COMMANDS but not parsed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Option<Command> {
        match parse(line) {
            Ok(c) => c,
            Err(e) => panic!("{line}: {e:?}"),
        }
    }

    #[test]
    fn positions_and_commands() {
        assert_eq!(ok("  "), None);
        assert_eq!(ok("# a comment"), None);
        assert_eq!(ok("3 5"), Some(Command::Position("3 5".into())));
        assert_eq!(ok("(3, 5)"), Some(Command::Position("(3, 5)".into())));
        assert_eq!(ok("#2"), Some(Command::Position("#2".into())));
        assert_eq!(ok(":q"), Some(Command::Quit));
        assert_eq!(ok("help"), Some(Command::Help(None)));
        assert_eq!(ok(":help :play"), Some(Command::Help(Some("play".into()))));
        assert_eq!(
            ok(":play 10 20 --second"),
            Some(Command::Play {
                pos: "10 20".into(),
                second: true
            })
        );
        assert_eq!(
            ok(":set beta sqrt(2) + 2"),
            Some(Command::Set(Some(("beta".into(), "sqrt(2) + 2".into()))))
        );
        assert_eq!(
            ok(":set k=4"),
            Some(Command::Set(Some(("k".into(), "4".into()))))
        );
        assert_eq!(ok(":limit none"), Some(Command::Limit(None)));
        assert_eq!(
            ok(":diff --formula beatty(2 + sqrt(2)) --max 30 --grundy"),
            Some(Command::Diff(DiffRequest {
                formula: Some("beatty(2 + sqrt(2))".into()),
                max: Some(30),
                grundy: true,
                ..DiffRequest::default()
            }))
        );
        assert_eq!(
            ok(":check --heaps 3"),
            Some(Command::Check {
                max: None,
                heaps: Some(3)
            })
        );
        let Some(Command::Table(t)) = ok(":tab --max=9 --grundy --heaps 3") else {
            panic!("table")
        };
        assert_eq!((t.max, t.grundy, t.heaps), (9, true, Some(3)));
    }

    #[test]
    fn mistakes_are_explained() {
        let msg = |l: &str| format!("{:?}", parse(l).expect_err(l));
        assert!(msg(":tabel --max 3").contains("did you mean `:table`"));
        assert!(msg(":table").contains("needs --max N"));
        assert!(msg(":table --max x").contains("not a heap size"));
        assert!(msg(":s").contains("several commands"));
        assert!(msg("table --max 3").contains("commands start with a colon"));
        assert!(msg("banana").contains("neither a position nor a command"));
        assert!(msg(":set k").contains("needs a value"));
        assert!(msg(":undo 3").contains("takes no arguments"));
        assert!(msg(":play").contains("starting position"));
        assert!(msg(":diff --max 3").contains("needs --formula"));
        assert!(msg(":check --max x").contains("not a number"));
    }

    #[test]
    fn plot_options() {
        let Some(Command::Plot(p)) = ok(":plot --max=9 --grundy --slice h3=1,2 --claim -o x.png")
        else {
            panic!("plot")
        };
        assert_eq!(p.req.max, 9);
        assert!(p.req.grundy && p.req.claim);
        assert_eq!(p.req.slices, vec!["h3=1,2".to_string()]);
        assert_eq!(p.output.as_deref(), Some("x.png"));
        let msg = |l: &str| format!("{:?}", parse(l).expect_err(l));
        assert!(msg(":plot").contains("needs --max N"));
        assert!(msg(":plot --max 3 --slice").contains("`--slice` needs NAME=VALUES"));
        assert!(msg(":plot --max 3 --colour").contains("unknown option"));
    }

    #[test]
    fn every_example_parses() {
        for c in help::COMMANDS {
            assert!(ok(c.example).is_some(), "{}", c.example);
        }
    }
}
