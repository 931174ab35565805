//! `heapgame repl`: the interactive session (in `src/repl/`); here only its arguments and the
//! options it starts with.

use std::path::PathBuf;

use miette::Report;

/// Arguments of `heapgame repl`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  heapgame repl rulesets/classic/wythoff.game
  heapgame repl rulesets/fraenkel-zusman/fraenkel-zusman.game -p k=4
  echo '10 17' | heapgame repl rulesets/classic/wythoff.game

Inside, type a position such as `10 17`, or `:help` for the commands.
When standard input is not a terminal, lines are read without prompts or colours,
and the exit code is 2 if any line failed.")]
pub struct Args {
    /// The `.game` file to load (`:load` loads another one later).
    file: Option<PathBuf>,
    /// Set a parameter: NAME=VALUE, where VALUE is an expression (`k=4`, `"beta=2+sqrt(2)"`).
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Stop any computation once this many positions are stored (`:limit` changes it). Default:
    /// what half the available memory holds.
    #[arg(long, value_name = "N")]
    max_positions: Option<usize>,
}

/// What the command line gives the REPL.
#[derive(Debug, Default)]
pub struct Options {
    /// The ruleset to load first.
    pub file: Option<PathBuf>,
    /// `NAME=VALUE` overrides for it.
    pub params: Vec<String>,
    /// The initial position limit.
    pub max_positions: Option<usize>,
}

/// Runs `heapgame repl`: `start` is the session (the binary passes `repl::run`, so the
/// command line does not import the REPL that builds on it).
pub fn run(a: Args, start: fn(Options) -> u8) -> Result<u8, Report> {
    Ok(start(Options {
        file: a.file,
        params: a.params,
        max_positions: a.max_positions,
    }))
}
