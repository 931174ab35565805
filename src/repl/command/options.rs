//! The arguments of the `:commands` that take options (`:set`, `:check`, `:diff`, `:plot`,
//! `:table`): `--flag`, `--flag VALUE` and `--flag=VALUE`, and words that run on to their
//! closing parenthesis (`--formula beatty(2 + sqrt(2))`). Mistakes are usage errors of the
//! command.

use miette::Report;

use super::{usage, Command};
use crate::repl::help::CommandHelp;
use crate::report::table::{TableFormat, TableRequest};

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

/// `:play POSITION [--second|--first]`.
pub(super) fn play(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    let mut second = false;
    let mut words = Vec::new();
    for w in args.split_whitespace() {
        match w {
            "--second" => second = true,
            "--first" => second = false,
            w if w.starts_with("--") => return Err(usage(c, format!("unknown option `{w}`"))),
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

/// `:load FILE` (quotes around it dropped).
pub(super) fn load(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    let f = args.trim_matches(|ch| ch == '"' || ch == '\'');
    if f.is_empty() {
        Err(usage(c, "`:load` needs a file"))
    } else {
        Ok(Command::Load(f.to_string()))
    }
}

/// `:unset NAME`.
pub(super) fn unset(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    if args.is_empty() || args.contains(char::is_whitespace) {
        Err(usage(c, "`:unset` needs one parameter name"))
    } else {
        Ok(Command::Unset(args.to_string()))
    }
}

/// `:limit N`, `:limit none`, or `:limit` alone (shown).
pub(super) fn limit(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    match args {
        "" => Ok(Command::ShowLimit),
        "none" | "off" => Ok(Command::Limit(None)),
        n => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .map(|n| Command::Limit(Some(n)))
            .ok_or_else(|| usage(c, format!("`{n}` is not a positive number or `none`"))),
    }
}

/// `:sequence N` (or `:sequence --max N`).
pub(super) fn sequence(c: &CommandHelp, args: &str) -> Result<Command, Report> {
    let n = args.trim_start_matches("--max").trim();
    n.parse::<u32>().map(Command::Sequence).map_err(|_| {
        usage(
            c,
            "`:sequence` needs the largest heap, such as `:sequence 100`",
        )
    })
}

/// `:set`, `:set NAME VALUE`, `:set NAME=VALUE`.
pub(super) fn set(c: &CommandHelp, args: &str) -> Result<Command, Report> {
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
pub(super) fn check(c: &CommandHelp, args: &str) -> Result<Command, Report> {
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
pub(super) fn diff(c: &CommandHelp, args: &str) -> Result<Command, Report> {
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
pub(super) fn plot(c: &CommandHelp, args: &str) -> Result<PlotCommand, Report> {
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
pub(super) fn table(c: &CommandHelp, args: &str) -> Result<TableRequest, Report> {
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
