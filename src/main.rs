//! The `heapgame` command: parses the arguments and hands over to the command's module.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
