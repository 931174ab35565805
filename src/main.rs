//! The `heapgame` command: parses the arguments and hands over to the command's module.

mod cli;
mod repl;

fn main() -> std::process::ExitCode {
    cli::main(repl::run)
}
