//! `heapgame repl`: an interactive session on one ruleset at a time.
//!
//! The loaded ruleset ([`Loaded`]) lives in [`run`]'s outer loop; a [`Session`] borrows it,
//! together with one `Solver` whose memo table persists between queries, until a command
//! replaces the ruleset (`:load`, `:reload`, `:set`, `:unset`) and the outer loop starts a new
//! session with the new one. A failed replacement leaves the session, its solver and its game
//! in progress untouched. Errors are rendered by miette and the prompt comes back.
//!
//! Ctrl-C: while a computation runs, a handler (the `ctrlc` crate) sets the solver budget's
//! cancel flag; at the prompt rustyline reads it as a key and clears the line. Ctrl-D leaves.
//! When standard input is not a terminal, lines are read plainly: no prompts, no colours, no
//! history, and the exit code is 2 if any line failed.

mod command;
mod complete;
pub mod error;
mod help;
mod inline_image;
mod long_output;
mod play;
mod render;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::show_position;
use crate::moves::{Generator, MoveError};
use crate::ruleset::ParamOverride;
use crate::solver::Budget;
use crate::{Game, SolveError, Solver};
use miette::Report;
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{CompletionType, Config, Editor};

use crate::verify::diff::{formula_from_text, Side};
use command::{Command, DiffRequest};
use complete::ReplHelper;
use error::ReplError;
use play::{Play, Referee};

use crate::cli::repl::Options;

/// Whether the memory guard stopped the last computation (a cancellation then is the limit,
/// not Ctrl-C).
static MEMORY_STOP: AtomicBool = AtomicBool::new(false);

/// Prints a line on stdout, as `println!` does, through [`emit`].
macro_rules! say {
    ($($arg:tt)*) => {
        emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

// After `say!`, which the session uses (macros are in scope from their definition on).
mod session;

/// Writes to stdout. When stdout is a closed pipe (`heapgame repl < script | head`), nothing
/// more can be shown: the REPL ends quietly with the exit status of a process killed by
/// SIGPIPE (141), as other tools in a pipeline do. Any other write error (a full disk) is
/// reported on stderr with its code, and the REPL ends with exit code 2; never a panic, as
/// `print!` would.
fn emit(s: &str) {
    let mut out = std::io::stdout().lock();
    match out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(141),
        Err(e) => {
            let r = Report::new(crate::cli::error::CliError::Write(e));
            // Nothing more can be said if stderr fails too.
            let _ = writeln!(std::io::stderr(), "{r:?}");
            std::process::exit(2);
        }
    }
}

/// A ruleset loaded from a file, with the overrides it was checked with.
struct Loaded {
    game: Game,
    file: PathBuf,
    overrides: Vec<String>,
}

impl Loaded {
    /// Reads and checks `file` with `overrides`.
    fn load(file: &Path, overrides: Vec<String>) -> Result<Loaded, Report> {
        let text = read(file)?;
        Loaded::from_text(file, &file.display().to_string(), &text, overrides)
    }

    fn from_text(
        file: &Path,
        name: &str,
        text: &str,
        overrides: Vec<String>,
    ) -> Result<Loaded, Report> {
        let ovs: Vec<ParamOverride> = overrides
            .iter()
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        let game = Game::from_source_overrides(name, text, &ovs).map_err(Report::new)?;
        Ok(Loaded {
            game,
            file: file.to_path_buf(),
            overrides,
        })
    }

    /// The same text (not re-read from disk) with other overrides, in the same play.
    fn with_overrides(&self, overrides: Vec<String>) -> Result<Loaded, Report> {
        let mut l = Loaded::from_text(
            &self.file,
            self.game.src.name(),
            self.game.src.inner(),
            overrides,
        )?;
        l.game.set_play(self.game.play());
        Ok(l)
    }

    /// One line saying what was loaded.
    fn describe(&self) -> String {
        let shape = self.game.shape();
        let heaps = match (&shape.names, shape.count) {
            (Some(names), _) => format!("heaps ({})", names.join(", ")),
            (None, Some(1)) => "1 heap".to_string(),
            (None, Some(k)) => format!("{k} heaps"),
            (None, None) => "any number of heaps".to_string(),
        };
        format!(
            "loaded `{}` from {}: positions have {heaps}",
            self.game.checked.name,
            self.file.display()
        )
    }

    fn param_names(&self) -> Vec<String> {
        self.game
            .checked
            .params
            .iter()
            .map(|(n, _)| n.clone())
            .collect()
    }
}

/// The text of a ruleset file.
fn read(file: &Path) -> Result<String, Report> {
    crate::cli::common::read_file(file)
}

/// Where lines come from.
enum Input {
    /// A terminal: rustyline, with history saved to this file.
    Editor(Box<Editor<ReplHelper, FileHistory>>, Option<PathBuf>),
    /// A pipe or a file.
    Lines(std::io::StdinLock<'static>),
}

/// One read.
enum Read {
    Line(String),
    /// Ctrl-C at the prompt.
    Interrupted,
    /// Ctrl-D, or the end of the input.
    Eof,
}

/// Everything that outlives a ruleset: input, Ctrl-C flags, the limit, the error count.
struct Ui {
    interactive: bool,
    input: Input,
    cancel: Arc<AtomicBool>,
    computing: Arc<AtomicBool>,
    /// Raised by a solver that refused a block of memory for not fitting in the limit.
    memory_refused: Arc<AtomicBool>,
    progress: Arc<AtomicUsize>,
    show_progress: bool,
    limit: Option<usize>,
    errors: usize,
    last: Option<Duration>,
    /// The file to `:reload` when no ruleset could be loaded yet.
    pending: Option<(PathBuf, Vec<String>)>,
}

impl Ui {
    fn new(opts: &Options) -> Ui {
        let interactive = std::io::stdin().is_terminal();
        let color = interactive
            && std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        if !interactive {
            // No colours when driven by a script, whatever stderr is.
            let _ = miette::set_hook(Box::new(|_| {
                Box::new(miette::MietteHandlerOpts::new().color(false).build())
            }));
        }
        let input = if interactive {
            match editor(color) {
                Ok(ed) => ed,
                Err(e) => {
                    eprintln!(
                        "heapgame: the line editor could not start ({e}); reading lines plainly"
                    );
                    Input::Lines(std::io::stdin().lock())
                }
            }
        } else {
            Input::Lines(std::io::stdin().lock())
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let computing = Arc::new(AtomicBool::new(false));
        let (c, busy) = (cancel.clone(), computing.clone());
        let handler = ctrlc::set_handler(move || {
            if busy.load(Ordering::SeqCst) {
                c.store(true, Ordering::SeqCst);
            } else if !interactive {
                // A script interrupted between lines: stop, as any command-line tool does.
                std::process::exit(130);
            }
        });
        if let Err(e) = handler {
            eprintln!("heapgame: Ctrl-C cannot stop computations here ({e})");
        }
        Ui {
            interactive,
            input,
            cancel,
            computing,
            memory_refused: Arc::new(AtomicBool::new(false)),
            progress: Arc::new(AtomicUsize::new(0)),
            show_progress: interactive && std::io::stderr().is_terminal(),
            limit: opts.max_positions,
            errors: 0,
            last: None,
            pending: None,
        }
    }

    /// The session's limits as the query floor takes them: the position limit set (`:limit`,
    /// `--max-positions`) and the machine's memory.
    fn limits(&self) -> crate::query::Limits {
        crate::query::Limits {
            max_positions: self.limit.map(|n| crate::query::Limit {
                value: n,
                why: format!("the position limit {n}"),
            }),
            max_memory: None,
            force: false,
            room: crate::cli::limits::room(),
        }
    }

    /// The session's hooks (the Ctrl-C flag, the progress counter, the flag of a table
    /// refused for memory), with no limit: the query floor resolves each question's from
    /// [`Ui::limits`], as it does for the command line.
    fn hooks(&self) -> Budget {
        Budget {
            max_positions: None,
            cancel: Some(self.cancel.clone()),
            progress: Some(self.progress.clone()),
            deadline: None,
            max_bytes: None,
            memory_refused: Some(self.memory_refused.clone()),
            planned: None,
        }
    }

    /// The budget of a run over positions of at most `heaps` heaps (`:check`, `:diff`,
    /// `:plot`): the session's hooks within the bounds the query floor gives such a solve
    /// ([`crate::query::Limits`]).
    fn budget_for_heaps(&self, heaps: usize) -> Budget {
        self.limits().for_heaps(heaps).tighten(&self.hooks())
    }

    /// Runs a computation that Ctrl-C may cancel, showing progress on a terminal after a
    /// moment, and timing it.
    fn compute<T>(&mut self, f: impl FnOnce() -> T) -> T {
        self.cancel.store(false, Ordering::SeqCst);
        self.memory_refused.store(false, Ordering::SeqCst);
        self.progress.store(0, Ordering::Relaxed);
        self.computing.store(true, Ordering::SeqCst);
        // The memory guard behind the position limit: past the default memory limit it
        // cancels the computation (reported as the limit, [`MEMORY_STOP`]).
        let guard = crate::cli::common::default_memory_guard("computing", self.cancel.clone());
        let t0 = Instant::now();
        let r = if self.show_progress {
            let done = AtomicBool::new(false);
            let progress = &self.progress;
            std::thread::scope(|s| {
                let h = s.spawn(|| progress_line(&done, progress));
                let r = f();
                done.store(true, Ordering::SeqCst);
                h.thread().unpark();
                let _ = h.join();
                r
            })
        } else {
            f()
        };
        self.computing.store(false, Ordering::SeqCst);
        let refused = self.memory_refused.load(Ordering::SeqCst);
        MEMORY_STOP.store(refused || guard.is_some_and(|g| g.hit()), Ordering::SeqCst);
        self.last = Some(t0.elapsed());
        r
    }

    /// Shows an error; the session goes on.
    fn error(&mut self, r: Report) {
        let _ = std::io::stdout().flush();
        eprintln!("{r:?}");
        self.errors += 1;
    }

    fn read(&mut self, prompt: &str) -> Read {
        match &mut self.input {
            Input::Editor(ed, _) => match ed.readline(prompt) {
                Ok(l) => Read::Line(l),
                Err(ReadlineError::Interrupted) => Read::Interrupted,
                Err(ReadlineError::Eof) => Read::Eof,
                Err(e) => {
                    eprintln!("heapgame: cannot read the terminal: {e}");
                    Read::Eof
                }
            },
            Input::Lines(stdin) => {
                let mut buf = Vec::new();
                match stdin.read_until(b'\n', &mut buf) {
                    Ok(0) => Read::Eof,
                    Ok(_) => Read::Line(String::from_utf8_lossy(&buf).into_owned()),
                    Err(e) => {
                        eprintln!("heapgame: cannot read standard input: {e}");
                        Read::Eof
                    }
                }
            }
        }
    }

    /// Tells completion about the loaded ruleset.
    fn set_params(&mut self, names: Vec<String>) {
        if let Input::Editor(ed, _) = &mut self.input {
            if let Some(h) = ed.helper_mut() {
                h.params = names;
            }
        }
    }

    fn save_history(&mut self) {
        if let Input::Editor(ed, Some(path)) = &mut self.input {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            if let Err(e) = ed.save_history(path) {
                eprintln!(
                    "heapgame: the history could not be saved to {}: {e}",
                    path.display()
                );
            }
        }
    }
}

/// The line editor, with completion and the history file loaded.
fn editor(color: bool) -> rustyline::Result<Input> {
    let config = Config::builder()
        .auto_add_history(true)
        .max_history_size(5000)?
        .history_ignore_dups(true)?
        .completion_type(CompletionType::List)
        .build();
    let mut ed: Editor<ReplHelper, FileHistory> = Editor::with_config(config)?;
    let mut helper = ReplHelper::new(color);
    helper.formulas = formula_names();
    ed.set_helper(Some(helper));
    let path = dirs::data_dir().map(|d| d.join("heapgame").join("history"));
    if let Some(p) = &path {
        // A missing history file is the first session.
        let _ = ed.load_history(p);
    }
    Ok(Input::Editor(Box::new(ed), path))
}

/// The built-in formulas, for completion after `--formula`: each name, with `(` after it
/// when it takes arguments.
fn formula_names() -> Vec<String> {
    crate::formulas::registry()
        .iter()
        .map(|f| {
            if f.params.is_empty() {
                f.name.to_string()
            } else {
                format!("{}(", f.name)
            }
        })
        .collect()
}

/// Prints `… N positions stored` on stderr while a computation runs longer than half a second.
fn progress_line(done: &AtomicBool, progress: &AtomicUsize) {
    let t0 = Instant::now();
    let mut shown = false;
    while !done.load(Ordering::SeqCst) {
        std::thread::park_timeout(Duration::from_millis(200));
        if done.load(Ordering::SeqCst) {
            break;
        }
        if t0.elapsed() >= Duration::from_millis(500) {
            // The counter moves every `Budget::CHECK_EVERY` positions.
            let n = progress.load(Ordering::Relaxed);
            if n == 0 {
                eprint!("\r\x1b[2Kcomputing... (Ctrl-C stops)");
            } else {
                eprint!("\r\x1b[2Kcomputing: {n} positions stored (Ctrl-C stops)");
            }
            shown = true;
        }
    }
    if shown {
        eprint!("\r\x1b[2K");
    }
}

/// What a command asks of the outer loop.
enum Flow {
    Quit,
    Replace(Box<Loaded>),
}

/// The state that lives as long as one ruleset: its solver and a game in progress.
struct Session<'g> {
    loaded: Option<&'g Loaded>,
    solver: Option<Solver<'g, Generator>>,
    play: Option<Play>,
}

/// Runs the REPL; returns the exit code.
pub fn run(opts: Options) -> u8 {
    let mut ui = Ui::new(&opts);
    let mut loaded: Option<Loaded> = None;
    if let Some(file) = &opts.file {
        match Loaded::load(file, opts.params.clone()) {
            Ok(l) => {
                if ui.interactive {
                    say!("{}", l.describe());
                }
                ui.set_params(l.param_names());
                loaded = Some(l);
            }
            Err(e) => {
                ui.pending = Some((file.clone(), opts.params.clone()));
                ui.error(e);
            }
        }
    } else if !opts.params.is_empty() {
        ui.error(ReplError::ParamWithoutFile.into());
    }
    if ui.interactive {
        if loaded.is_none() {
            say!("No ruleset is loaded yet: `:load FILE`, e.g. `:load rulesets/classic/wythoff.game`.");
        }
        say!(
            "Type a position such as `3 5` to evaluate it, `:help` for the commands, Ctrl-D to leave."
        );
    }
    loop {
        let flow = {
            let mut session = Session {
                loaded: loaded.as_ref(),
                // Its memo is kept between questions; each question's budget is the query
                // floor's (`query::eval` sets it).
                solver: loaded.as_ref().map(|l| l.game.solver()),
                play: None,
            };
            session.run(&mut ui)
        };
        match flow {
            Flow::Quit => break,
            Flow::Replace(l) => {
                ui.set_params(l.param_names());
                ui.pending = None;
                loaded = Some(*l);
            }
        }
    }
    ui.save_history();
    if !ui.interactive && ui.errors > 0 {
        2
    } else {
        0
    }
}

fn no_ruleset() -> Report {
    ReplError::NoRuleset.into()
}
