//! Parsing of one input line: a bare position (or, during a game, a move), or a `:command`
//! with its arguments. Mistakes become miette reports with the command's usage and example.

use miette::Report;

use super::error::ReplError;
use super::help::{self, CommandHelp, Lookup};
use crate::report::table::{TableFormat, TableRequest};

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
    /// `:echo TEXT`.
    Echo(String),
    /// `:quit`.
    Quit,
    /// `:sequence N`: the Grundy values of one heap, 0..N, and their periodicity.
    Sequence(u32),
}

/// `:diff`'s arguments.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DiffRequest {
    /// The formula, as typed (`beatty(2 + sqrt(2))`).
    pub formula: Option<String>,
    /// Another ruleset file.
    pub other: Option<String>,
    /// The largest heap (default: the file's `check max`).
    pub max: Option<u32>,
    /// The most heaps (default: the file's `check ... heaps`).
    pub heaps: Option<usize>,
    /// Compare Grundy values.
    pub grundy: bool,
    /// How many differences to show.
    pub show: Option<usize>,
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
        "play" => {
            let mut second = false;
            let mut words = Vec::new();
            for w in args.split_whitespace() {
                match w {
                    "--second" => second = true,
                    "--first" => second = false,
                    w if w.starts_with("--") => {
                        return Err(usage(c, format!("unknown option `{w}`")))
                    }
                    w => words.push(w),
                }
            }
            if words.is_empty() {
                return Err(usage(c, "`:play` needs the starting position"));
            }
            Ok(Command::Play {
                pos: words.join(" "),
                second,
            })
        }
        "undo" => no_args(Command::Undo),
        "hint" => no_args(Command::Hint),
        "stop" => no_args(Command::Stop),
        "table" => table(c, args).map(Command::Table),
        "check" => check(c, args),
        "diff" => diff(c, args),
        "plot" => plot(c, args).map(Command::Plot),
        "formulas" => no_args(Command::Formulas),
        "load" => {
            let f = args.trim_matches(|ch| ch == '"' || ch == '\'');
            if f.is_empty() {
                Err(usage(c, "`:load` needs a file"))
            } else {
                Ok(Command::Load(f.to_string()))
            }
        }
        "reload" => no_args(Command::Reload),
        "show" => no_args(Command::Show),
        "set" => set(c, args),
        "unset" => {
            if args.is_empty() || args.contains(char::is_whitespace) {
                Err(usage(c, "`:unset` needs one parameter name"))
            } else {
                Ok(Command::Unset(args.to_string()))
            }
        }
        "stats" => no_args(Command::Stats),
        "limit" => match args {
            "none" | "off" => Ok(Command::Limit(None)),
            n => n
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .map(|n| Command::Limit(Some(n)))
                .ok_or_else(|| usage(c, format!("`{n}` is not a positive number or `none`"))),
        },
        "echo" => Ok(Command::Echo(args.to_string())),
        "quit" => no_args(Command::Quit),
        "sequence" => {
            let n = args.trim_start_matches("--max").trim();
            n.parse::<u32>().map(Command::Sequence).map_err(|_| {
                usage(
                    c,
                    "`:sequence` needs the largest heap, such as `:sequence 100`",
                )
            })
        }
        // Every name of help::COMMANDS has an arm above (the test `every_example_parses`
        // runs each command's example), so `lookup` cannot return another one.
        other => unreachable!("command {other} listed in help::COMMANDS but not parsed"),
    }
}

/// `:set`, `:set NAME VALUE`, `:set NAME=VALUE`.
fn set(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    if args.is_empty() {
        return Ok(Command::Set(None));
    }
    let end = args
        .find(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
        .unwrap_or(args.len());
    let (name, rest) = args.split_at(end);
    let rest = rest.trim_start();
    let value = rest.strip_prefix('=').unwrap_or(rest).trim();
    if name.is_empty() {
        return Err(usage(c, "`:set` needs a parameter name, then its value"));
    }
    if value.is_empty() {
        return Err(usage(c, format!("`:set {name}` needs a value")));
    }
    Ok(Command::Set(Some((name.to_string(), value.to_string()))))
}

/// The words of `args`, where a word with an unclosed `(` runs on to its `)`, and quotes
/// around a word are dropped: `--formula beatty(2 + sqrt(2))` is two words.
fn words(args: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut depth = 0i64;
    for w in args.split_whitespace() {
        if depth > 0 {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(w);
            }
        } else {
            out.push(w.to_string());
        }
        depth += w.matches('(').count() as i64 - w.matches(')').count() as i64;
        depth = depth.max(0);
    }
    out.into_iter()
        .map(|w| {
            let t = w.trim_matches(|ch| ch == '"' || ch == '\'');
            t.to_string()
        })
        .collect()
}

/// A number after `flag`.
fn number<T: std::str::FromStr>(
    c: &CommandHelp,
    flag: &str,
    v: Option<String>,
) -> Result<T, Report> {
    let v = v.ok_or_else(|| usage(c, format!("`{flag}` needs a number")))?;
    v.parse::<T>()
        .map_err(|_| usage(c, format!("`{v}` is not a number (after `{flag}`)")))
}

/// `:check [--max N] [--heaps K]`.
fn check(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    let (mut max, mut heaps) = (None, None);
    let mut ws = words(args).into_iter();
    while let Some(w) = ws.next() {
        match w.as_str() {
            "--max" => max = Some(number(c, "--max", ws.next())?),
            "--heaps" => heaps = Some(number(c, "--heaps", ws.next())?),
            w => return Err(usage(c, format!("unknown option `{w}`"))),
        }
    }
    Ok(Command::Check { max, heaps })
}

/// `:diff --formula NAME(ARGS)` or `:diff FILE`, `[--max N] [--heaps K] [--grundy] [--show N]`.
fn diff(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    let mut d = DiffRequest::default();
    let mut ws = words(args).into_iter();
    while let Some(w) = ws.next() {
        match w.as_str() {
            "--formula" => {
                d.formula = Some(
                    ws.next()
                        .ok_or_else(|| usage(c, "`--formula` needs a formula, e.g. `wythoff`"))?,
                );
            }
            "--max" => d.max = Some(number(c, "--max", ws.next())?),
            "--heaps" => d.heaps = Some(number(c, "--heaps", ws.next())?),
            "--show" => d.show = Some(number(c, "--show", ws.next())?),
            "--grundy" => d.grundy = true,
            w if w.starts_with("--") => return Err(usage(c, format!("unknown option `{w}`"))),
            w => {
                if d.other.is_some() {
                    return Err(usage(
                        c,
                        format!("one ruleset to compare with, not also `{w}`"),
                    ));
                }
                d.other = Some(w.to_string());
            }
        }
    }
    match (&d.formula, &d.other) {
        (None, None) => Err(usage(
            c,
            "`:diff` needs --formula NAME(ARGS) or another ruleset file",
        )),
        (Some(_), Some(_)) => Err(usage(c, "give --formula or a file, not both")),
        _ => Ok(Command::Diff(d)),
    }
}

/// `:plot`: what to draw and where.
#[derive(Debug, PartialEq)]
pub struct PlotCommand {
    /// The picture.
    pub req: crate::plot::PlotRequest,
    /// The file (`.svg` or `.png`); default: named after the ruleset's file.
    pub output: Option<String>,
}

/// `:plot` options (those of `heapgame plot`).
fn plot(c: &CommandHelp, args: &str) -> Result<PlotCommand, Report> {
    let mut cmd = PlotCommand {
        req: crate::plot::PlotRequest::default(),
        output: None,
    };
    let mut max = None;
    let number = |v: String| {
        v.parse::<u32>()
            .map_err(|_| usage(c, format!("`{v}` is not a number")))
    };
    options(c, args, |flag, value| {
        match flag {
            "--max" => max = Some(number(value("a number")?)?),
            "--heaps" => cmd.req.heaps = Some(number(value("a number")?)? as usize),
            "--scale" => cmd.req.scale = Some(number(value("a number")?)?),
            "--grundy" => cmd.req.grundy = true,
            "--claim" => cmd.req.claim = true,
            "--slice" => cmd.req.slices.push(value("NAME=VALUES")?),
            "--output" | "-o" => cmd.output = Some(value("a file")?),
            w => return Err(usage(c, format!("unknown option `{w}`"))),
        }
        Ok(())
    })?;
    cmd.req.max = max.ok_or_else(|| usage(c, "`:plot` needs --max N"))?;
    Ok(cmd)
}

/// Reads `--flag`, `--flag VALUE` and `--flag=VALUE` options, showing each flag to `on` with a
/// way to take its value (`what` names it for the error when it is missing).
fn options(
    c: &CommandHelp,
    args: &str,
    mut on: impl FnMut(&str, &mut dyn FnMut(&str) -> Result<String, Report>) -> Result<(), Report>,
) -> Result<(), Report> {
    let mut words = args.split_whitespace();
    while let Some(w) = words.next() {
        let (flag, inline) = match w.split_once('=') {
            Some((f, v)) => (f, Some(v)),
            None => (w, None),
        };
        let mut value = |what: &str| {
            inline
                .map(str::to_string)
                .or_else(|| words.next().map(str::to_string))
                .ok_or_else(|| usage(c, format!("`{flag}` needs {what}")))
        };
        on(flag, &mut value)?;
    }
    Ok(())
}

/// `:table` options.
fn table(c: &CommandHelp, args: &str) -> Result<TableRequest, Report> {
    let mut req = TableRequest {
        max: 0,
        heaps: None,
        grundy: false,
        format: TableFormat::Table,
    };
    let mut max = None;
    options(c, args, |flag, value| {
        match flag {
            "--max" => {
                let v = value("a number")?;
                max = Some(
                    v.parse::<u32>()
                        .map_err(|_| usage(c, format!("`{v}` is not a heap size")))?,
                );
            }
            "--heaps" => {
                let v = value("a number")?;
                req.heaps = Some(
                    v.parse::<usize>()
                        .map_err(|_| usage(c, format!("`{v}` is not a number of heaps")))?,
                );
            }
            "--grundy" => req.grundy = true,
            "--format" => {
                req.format = match value("table, csv or json")?.as_str() {
                    "table" => TableFormat::Table,
                    "csv" => TableFormat::Csv,
                    "json" => TableFormat::Json,
                    v => return Err(usage(c, format!("unknown format `{v}`"))),
                }
            }
            w => return Err(usage(c, format!("unknown option `{w}`"))),
        }
        Ok(())
    })?;
    req.max = max.ok_or_else(|| usage(c, "`:table` needs --max N"))?;
    Ok(req)
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
