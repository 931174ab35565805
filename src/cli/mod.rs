//! Phase 5, the command line (clap): one file per command with its `Args` and `run`; errors
//! are rendered here by miette, on stderr, and turned into exit codes from their value (0 ok,
//! 1 a check found a difference, 2 bad input or a limit hit, 130 stopped by Ctrl-C).

mod args;
pub(crate) mod check;
mod check_family;
pub(crate) mod common;
pub(crate) mod diff;
pub mod error;
pub(crate) mod eval;
mod formulas;
mod guess;
pub(crate) mod interrupt;
pub(crate) mod limits;
mod machine;
mod moves;
pub(crate) mod plot;
pub(crate) mod progress;
pub(crate) mod quotient;
pub(crate) mod repl;
pub(crate) mod sequence;
pub(crate) mod solve;
pub(crate) mod solve_run;
mod units;
mod watchdog;

/// The process-wide Ctrl-C flag (a caller that runs many commands in one process clears it
/// between them).
pub use interrupt::cancel_flag;

use std::io::Write as _;

use clap::{Parser, Subcommand};

/// Solve impartial heap games written in the `.game` language.
#[derive(Parser, Debug)]
#[command(name = "heapgame", version, about, long_about = None)]
#[command(after_help = "Examples:
  heapgame eval rulesets/classic/wythoff.game 4 6
  heapgame moves rulesets/propp/cookie.game 1 2 4
  heapgame solve rulesets/classic/wythoff.game --max 20
  heapgame check rulesets/*/*.game
  heapgame diff rulesets/fraenkel-larsson/beta-nim.game --formula \"beatty(pi)\" --max 40
  heapgame plot rulesets/classic/wythoff.game --max 200 --output wythoff.png
  heapgame quotient rulesets/classic/kayles.game --max 30
  heapgame solve rulesets/bhowmik/st-game.game -p k=3 -p \"T={2}\" --max 8 --grundy --format csv

The language is described in docs/language.md.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The outcome, Grundy value and winning moves of one position.
    Eval(eval::Args),
    /// Every follower of a position, one per line.
    Moves(moves::Args),
    /// Outcomes (and Grundy values) of every position with every heap <= N.
    Solve(solve::Args),
    /// Every claim of each ruleset against the solver, over the file's bounds.
    Check(check::Args),
    /// Two rulesets, or a ruleset and a built-in formula, compared position by position.
    Diff(diff::Args),
    /// The built-in formulas (closed forms from the papers).
    Formulas(formulas::Args),
    /// A picture: P-positions or Grundy values of two heaps, slices, a heap's sequence (SVG, PNG).
    Plot(plot::Args),
    /// An interactive session: evaluate positions, play, change parameters.
    Repl(repl::Args),
    /// The Grundy values of one heap, 0..N, and their periodicity (proven where a theorem applies).
    Sequence(sequence::Args),
    /// The misère quotient of a take-and-break game's heaps 1..N (Plambeck-Siegel).
    Quotient(quotient::Args),
    /// Closed forms guessed from the solved values, as claims verified by check on a larger box.
    Guess(guess::Args),
}

/// Runs the command line and returns the exit code; `start_repl` runs `heapgame repl`.
pub fn main(start_repl: fn(repl::Options) -> u8) -> std::process::ExitCode {
    let code = match run_from(std::env::args_os(), start_repl) {
        Ok(Ok(code)) => code,
        Ok(Err(report)) => {
            // Nothing more can be said if stderr is closed.
            let _ = writeln!(std::io::stderr(), "{report:?}");
            exit_code(&report)
        }
        Err(e) => {
            // `--help` and `--version` go to standard output: a write that fails there (a full
            // disk, `> /dev/full`) is a failure, said on standard error (a closed pipe is not:
            // `heapgame --help | head` is a reader who has read enough).
            match e.print() {
                Err(w) if !e.use_stderr() && w.kind() != std::io::ErrorKind::BrokenPipe => {
                    let report = miette::Report::new(error::CliError::Write(w));
                    let _ = writeln!(std::io::stderr(), "{report:?}");
                    2
                }
                _ if e.use_stderr() => 2,
                _ => 0,
            }
        }
    };
    std::process::ExitCode::from(code)
}

/// Parses `args` (the program's name first) and runs the command: its exit code or its error
/// report, or clap's own error (bad usage, or `--help` and `--version`, which are not errors).
/// The in-process fuzzing harness (`tests/fuzz_commands.rs`) drives the commands through this.
pub fn run_from<I, T>(
    args: I,
    start_repl: fn(repl::Options) -> u8,
) -> Result<Result<u8, miette::Report>, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = Cli::try_parse_from(args)?;
    // Commands that solve take Ctrl-C from the start: a press while the ruleset loads or the
    // box is listed stops the solve at its first check.
    if matches!(
        cli.command,
        Command::Eval(_)
            | Command::Solve(_)
            | Command::Check(_)
            | Command::Diff(_)
            | Command::Sequence(_)
            | Command::Quotient(_)
            | Command::Plot(_)
            | Command::Guess(_)
    ) {
        interrupt::cancel_flag();
    }
    Ok(match cli.command {
        Command::Eval(a) => eval::run(a),
        Command::Moves(a) => moves::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Check(a) => check::run(a),
        Command::Diff(a) => diff::run(a),
        Command::Formulas(a) => formulas::run(a),
        Command::Plot(a) => plot::run(a),
        Command::Repl(a) => repl::run(a, start_repl),
        Command::Sequence(a) => sequence::run(a),
        Command::Quotient(a) => quotient::run(a),
        Command::Guess(a) => guess::run(a),
    })
}

/// The exit code of a failed command, from the error's value: 130 when Ctrl-C stopped it, as
/// a shell expects of an interrupted command, else 2.
pub fn exit_code(report: &miette::Report) -> u8 {
    if common::is_cancelled(report) {
        130
    } else {
        2
    }
}
