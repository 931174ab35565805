//! The REPL's own errors as data: [`ReplError`], a line that cannot run as typed (an unknown
//! command, a usage mistake, a move that is not one) or not now (no ruleset, no game), and a
//! computation the session's limits stopped. Each message and help line is worded once, here;
//! each code comes from the variant ([`ReplError::code`]), one of `Code::ALL`.

use std::fmt;

use miette::Diagnostic;
use thiserror::Error;

use crate::game::AnyCount;
use crate::ruleset::diag::Code;

/// An error of a REPL line. The session shows it and goes on.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplError {
    /// `:tabel`: no command has this name or begins with it.
    #[error("unknown command `:{word}`")]
    UnknownCommand {
        /// The word typed after the colon.
        word: String,
        /// The command it is closest to.
        suggestion: Option<String>,
    },
    /// `:s`: the beginning of several commands.
    #[error("`:{word}` is the beginning of several commands")]
    Ambiguous {
        /// The word typed after the colon.
        word: String,
        /// The commands it begins.
        names: Vec<String>,
    },
    /// `banana`, or `table --max 3` without its colon.
    #[error("`{line}` is neither a position nor a command")]
    NotUnderstood {
        /// The line.
        line: String,
        /// The command its first word names, when it does.
        command: Option<&'static str>,
    },
    /// A command's arguments do not fit its usage.
    #[error("{message}")]
    Usage {
        /// What is wrong.
        message: String,
        /// The command's synopsis (`:table --max N ...`).
        synopsis: String,
        /// The command's example.
        example: &'static str,
    },
    /// `:help tabel`.
    #[error("there is no command `:{topic}`")]
    NoSuchCommand {
        /// The name asked about.
        topic: String,
    },
    /// A command about the ruleset before one is loaded.
    #[error("no ruleset is loaded")]
    NoRuleset,
    /// `:undo`, `:hint` or `:stop` outside a game.
    #[error("no game in progress")]
    NoGame,
    /// `:undo` before the user has moved.
    #[error("you have not moved yet in this game")]
    NothingToUndo,
    /// `#3` outside a game.
    #[error("`{text}` is a move number, but no game is in progress")]
    MoveNumberOutsideGame {
        /// The move number as typed.
        text: String,
    },
    /// `#9` when there are fewer moves.
    #[error("there is no move #{number} from {from}: there are {count} moves")]
    NoSuchMove {
        /// The number as typed.
        number: String,
        /// The position, as shown.
        from: String,
        /// The moves from it.
        count: usize,
    },
    /// A position typed during a game that no move reaches.
    #[error("{from} -> {to} is not a move of `{ruleset}`")]
    NotAMove {
        /// The position of the game, as shown.
        from: String,
        /// The position typed, as shown.
        to: String,
        /// The ruleset's name.
        ruleset: String,
    },
    /// `:moves` outside a game.
    #[error("`:moves` needs a position (outside a game)")]
    MovesNeedPosition,
    /// `:set play fast`.
    #[error("`{value}` is not a play convention")]
    NotPlay {
        /// The value typed.
        value: String,
    },
    /// `:set x 3` when the ruleset has no parameter `x`.
    #[error("`{name}` is not a parameter of `{ruleset}`")]
    NotParameter {
        /// The name typed.
        name: String,
        /// The ruleset's name.
        ruleset: String,
        /// The parameter it is closest to.
        suggestion: Option<String>,
        /// The ruleset's parameters.
        names: Vec<String>,
    },
    /// `:unset k` when `k` is not set.
    #[error("`{name}` already has its default value")]
    AlreadyDefault {
        /// The parameter.
        name: String,
    },
    /// `:diff` on a ruleset without a `check max N` line, and no `--max`.
    #[error("`{ruleset}` has no `check max N` line: say how far to compare with --max")]
    DiffNeedsMax {
        /// The ruleset's name.
        ruleset: String,
    },
    /// `:diff` on a ruleset of any number of heaps, and no `--heaps`.
    #[error("{} with --heaps", AnyCount(.ruleset))]
    DiffNeedsHeaps {
        /// The ruleset's name.
        ruleset: String,
    },
    /// `:diff` with neither a formula nor a file.
    #[error("`:diff` needs --formula or a file")]
    DiffNeedsSide,
    /// A computation stopped at the session's position limit (`:limit`).
    #[error("stopped: the memo table holds {limit} positions, the limit")]
    MemoLimit {
        /// The limit.
        limit: usize,
    },
    /// A computation stopped by the memory guard.
    #[error(
        "stopped: the memory in use neared {cap}, the limit set by {why}; the memo table holds \
         {stored} positions"
    )]
    MemoryStop {
        /// The memory limit, as shown.
        cap: String,
        /// What set it.
        why: String,
        /// The positions in the memo table.
        stored: usize,
    },
    /// A computation stopped by Ctrl-C.
    #[error("cancelled (Ctrl-C); the memo table holds {stored} positions")]
    Cancelled {
        /// The positions in the memo table.
        stored: usize,
    },
    /// Long output stopped by Ctrl-C while it was written (`:sequence 30000000`).
    #[error("output stopped (Ctrl-C) after {written} of {total} bytes")]
    OutputStopped {
        /// The bytes written.
        written: usize,
        /// The bytes of the whole output.
        total: usize,
    },
    /// `heapgame repl -p k=3` without a file.
    #[error("-p sets a parameter of a ruleset, but no ruleset was given")]
    ParamWithoutFile,
}

impl ReplError {
    /// The error's code.
    pub fn code(&self) -> Code {
        match self {
            ReplError::MemoLimit { .. } | ReplError::MemoryStop { .. } => Code::Limit,
            ReplError::Cancelled { .. } | ReplError::OutputStopped { .. } => Code::Cancelled,
            _ => Code::Repl,
        }
    }

    /// What to do about it.
    pub fn help(&self) -> String {
        let fixed = match self {
            ReplError::UnknownCommand {
                suggestion: Some(s),
                ..
            } => return format!("did you mean `:{s}`? `:help` lists the commands"),
            ReplError::UnknownCommand { .. } | ReplError::NoSuchCommand { .. } => {
                "`:help` lists the commands"
            }
            ReplError::Ambiguous { names, .. } => {
                let names: Vec<String> = names.iter().map(|n| format!("`:{n}`")).collect();
                return format!("it could be {}", names.join(", "));
            }
            ReplError::NotUnderstood {
                command: Some(c), ..
            } => return format!("commands start with a colon: `:{c}`"),
            ReplError::NotUnderstood { .. } => {
                "type a position such as `3 5`, or `:help` for the commands"
            }
            ReplError::Usage {
                synopsis, example, ..
            } => return format!("usage: {synopsis}   example: {example}"),
            ReplError::NotAMove { from, .. } => {
                return format!(
                    "`:moves` lists the moves from {from}; type a position from it, or its number"
                )
            }
            ReplError::NotParameter {
                suggestion: Some(s),
                ..
            } => return format!("did you mean `{s}`?"),
            ReplError::NotParameter { names, .. } if names.is_empty() => {
                "this ruleset has no parameters"
            }
            ReplError::NotParameter { names, .. } => {
                return format!("its parameters are {}", names.join(", "))
            }
            ReplError::NoRuleset => {
                "load one with `:load FILE`, e.g. `:load rulesets/classic/wythoff.game`"
            }
            ReplError::NoGame => "start one with `:play POSITION`, e.g. `:play 10 20`",
            ReplError::NothingToUndo => "make a move first",
            ReplError::MoveNumberOutsideGame { .. } => {
                "start a game with `:play POSITION`; then `#N` plays move N of `:moves`"
            }
            ReplError::NoSuchMove { .. } => "`:moves` lists the moves, numbered from 1",
            ReplError::MovesNeedPosition => "usage: :moves POSITION   example: :moves 3 5",
            ReplError::NotPlay { .. } => "`:set play normal` or `:set play misere`",
            ReplError::AlreadyDefault { .. } => "`:set` lists the parameters and marks those set",
            ReplError::DiffNeedsMax { .. } => {
                "add --max N, e.g. `:diff --formula wythoff --max 30`"
            }
            ReplError::DiffNeedsHeaps { .. } => "add --heaps K, e.g. `--heaps 3`",
            ReplError::DiffNeedsSide => "`:diff --formula NAME(ARGS)` or `:diff FILE`",
            ReplError::MemoLimit { .. } => {
                "the memo table keeps every position solved in this session; a larger `:limit N` \
                 lets the computation go further, up to what half the available memory holds \
                 (`:limit none`, the default)"
            }
            ReplError::MemoryStop { .. } => {
                "the positions solved before are kept; ask about smaller positions"
            }
            ReplError::Cancelled { .. } => "the positions solved before Ctrl-C are kept",
            ReplError::OutputStopped { .. } => {
                "the session goes on; the values computed are kept in the memo table"
            }
            ReplError::ParamWithoutFile => {
                "give the ruleset file too: `heapgame repl FILE -p NAME=VALUE`"
            }
        };
        fixed.to_string()
    }
}

impl Diagnostic for ReplError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(ReplError::code(self).as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(ReplError::help(self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error says what to do.
    #[test]
    fn every_error_has_help() {
        let all = [
            ReplError::NoRuleset,
            ReplError::NoGame,
            ReplError::NothingToUndo,
            ReplError::MovesNeedPosition,
            ReplError::DiffNeedsSide,
            ReplError::ParamWithoutFile,
            ReplError::NoSuchCommand { topic: "x".into() },
            ReplError::AlreadyDefault { name: "k".into() },
        ];
        for e in &all {
            assert!(!ReplError::help(e).is_empty(), "{e:?}");
            assert_eq!(e.code(), Code::Repl);
        }
    }
}
