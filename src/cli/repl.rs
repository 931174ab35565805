//! `heapgame repl`: the interactive session (in `src/repl/`); here only its arguments.

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

/// Runs `heapgame repl`.
pub fn run(a: Args) -> Result<u8, Report> {
    Ok(crate::repl::run(crate::repl::Options {
        file: a.file,
        params: a.params,
        max_positions: a.max_positions,
    }))
}
