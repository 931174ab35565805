//! The command line's own errors as data: [`CliError`], a file that cannot be read or an
//! output that cannot be written, a listing stopped at `--time`, and arguments that do not
//! fit the rulesets given. Each message and help line is worded once, here; each code comes
//! from the variant ([`CliError::code`]), one of `Code::ALL`. The REPL writes its output
//! through the same words.

use std::fmt;

use miette::Diagnostic;
use thiserror::Error;

use crate::game::AnyCount;
use crate::ruleset::diag::Code;
use crate::source::ReadError;

/// An error of a command that is neither in a ruleset nor of a solve.
#[derive(Debug, Error)]
pub enum CliError {
    /// A ruleset file that cannot be read (missing, too large, not UTF-8).
    #[error("{0}")]
    Read(ReadError),
    /// Standard output or a file that cannot be written (a full disk).
    #[error("cannot write the output: {0}")]
    Write(std::io::Error),
    /// `moves --time 1ms` on a position with many followers.
    #[error("stopped at the time limit, --time {time}, {what}")]
    TimeLimit {
        /// The limit, as shown.
        time: String,
        /// What was being done ("listing the followers of (3, 5)").
        what: String,
    },
    /// `diff --plot` of positions of more than two heaps.
    #[error("diff --plot draws positions of one or two heaps, not {heaps}")]
    PlotHeaps {
        /// The heaps of the positions compared.
        heaps: usize,
    },
    /// `diff -p C.k=3`: a side that is neither `A` nor `B`.
    #[error("`-p {param}`: `{side}` is not a side of the diff (`A` or `B`)")]
    NotASide {
        /// The argument, as given.
        param: String,
        /// The side named.
        side: String,
    },
    /// `diff` of a ruleset of any number of heaps without `--heaps`.
    #[error("{} with --heaps", AnyCount(.ruleset))]
    DiffNeedsHeaps {
        /// The ruleset's name.
        ruleset: String,
    },
}

impl CliError {
    /// The error's code.
    pub fn code(&self) -> Code {
        match self {
            CliError::Read(_) | CliError::Write(_) => Code::Io,
            CliError::TimeLimit { .. } => Code::Limit,
            CliError::PlotHeaps { .. } | CliError::NotASide { .. } => Code::Usage,
            CliError::DiffNeedsHeaps { .. } => Code::Position,
        }
    }

    /// What to do about it, when something can be done.
    pub fn help(&self) -> Option<&'static str> {
        match self {
            CliError::Read(e) => Some(e.help()),
            CliError::Write(_) => None,
            CliError::TimeLimit { .. } => Some(
                "give more time with --time DURATION, or ask about a smaller position; nothing \
                 was printed",
            ),
            CliError::PlotHeaps { .. } => Some(
                "compare two heaps (--heaps 2) or one (--heaps 1) to draw them; `plot --slice` \
                 draws slices of more",
            ),
            CliError::NotASide { .. } => Some(
                "`-p A.NAME=VALUE` sets NAME in the first ruleset, `-p B.NAME=VALUE` in the \
                 second, and `-p NAME=VALUE` in each that declares NAME",
            ),
            CliError::DiffNeedsHeaps { .. } => Some("add --heaps K, e.g. `--heaps 3`"),
        }
    }
}

impl Diagnostic for CliError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(CliError::code(self).as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        CliError::help(self).map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
}
