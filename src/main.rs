//! The `heapgame` command: the library's command line (`cli`), with the REPL (`repl`) for the
//! `repl` command.

fn main() -> std::process::ExitCode {
    heapgame::cli::main(heapgame::repl::run)
}
