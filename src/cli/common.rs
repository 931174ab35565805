//! What every command shares: the ruleset file with its `-p` overrides and `--play`, the
//! regions of `check` and `diff`, the arguments about one position, the reading of a file and
//! the writing of the output. The limits of a solve (`limits.rs`) and a running solve
//! (`solve_run.rs`) are re-exported from here.

use std::path::Path;

use crate::ruleset::ParamOverride;
use crate::Game;
use miette::Report;

pub use super::args::{parse_play, GameArgs};
use super::error::CliError;
pub use super::limits::default_max_memory;
pub use super::solve_run::{default_memory_guard, memory_guard, SolveRun};
pub use super::units::show_bytes;
pub use super::units::{parse_duration, parse_size};

/// The regions other than the box that `check` and `diff` take: every position up to a
/// total, or random samples.
#[derive(clap::Args, Debug, Clone)]
pub struct RegionArgs {
    /// Every position of at most T tokens in all (single heaps up to T) instead of the box;
    /// the heap count is bounded as for the box.
    #[arg(long, value_name = "T", conflicts_with = "samples")]
    pub total: Option<u32>,
    /// K random positions with heaps up to --sample-max instead of the box.
    #[arg(long, value_name = "K")]
    pub samples: Option<usize>,
    /// The seed of --samples and of --time's samples (default: from the clock, printed).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The largest heap of random samples.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub sample_max: u32,
}

impl RegionArgs {
    /// The region asked for, its samples drawn with `seed`.
    pub fn ask(&self, seed: u64) -> crate::query::hooks::RegionAsk {
        crate::query::hooks::RegionAsk {
            total: self.total,
            samples: self.samples,
            seed,
            sample_max: self.sample_max,
        }
    }
}

impl GameArgs {
    /// Loads the game, or returns the rendered problems.
    pub fn load(&self) -> Result<Game, Report> {
        let name = self.file.display().to_string();
        let text = read_file(&self.file)?;
        let overrides: Vec<ParamOverride> = self
            .params
            .iter()
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        let mut game =
            Game::from_source_overrides(&name, &text, &overrides).map_err(Report::new)?;
        if let Some(p) = self.play {
            game.set_play(p);
        }
        // `positions where` on the position typed, before any solve's budget starts.
        game.set_reading_stop(crate::solver::Budget {
            cancel: Some(super::interrupt::cancel_flag()),
            deadline: (self.time).map(|t| crate::solver::Clock::system().deadline(t)),
            ..crate::solver::Budget::default()
        });
        Ok(game)
    }
}

/// The arguments of commands about one position: the ruleset, the format, the heaps.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The heap sizes of the position.
    #[arg(value_name = "HEAP", num_args = 0..)]
    pub heaps: Vec<String>,
}

impl PositionArgs {
    /// Loads the game and reads the position in its canonical form.
    pub fn load(&self) -> Result<(Game, Vec<u32>), Report> {
        let game = self.game.load()?;
        let pos = game.read_position(&self.heaps).map_err(Report::new)?;
        Ok((game, pos))
    }
}

pub use crate::report::{json_position, Format};

pub(crate) use crate::query::limits::heaps_stored as estimate_heaps;

/// The text of a ruleset file, within the size cap (`heapgame::source`), or the reason why
/// not as a diagnostic (`heapgame::io`).
pub fn read_file(file: &Path) -> Result<String, Report> {
    let name = file.display().to_string();
    crate::source::read_source(file, &name).map_err(|e| CliError::Read(e).into())
}

/// Writes `text` to stdout. A closed pipe (`heapgame solve ... | head`) is not an error: the
/// reader has what it wanted.
pub fn print_out(text: &str) -> Result<(), Report> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Write(e).into()),
        _ => Ok(()),
    }
}

/// Stdout written part by part, as [`print_out`] writes, with `budget`'s Ctrl-C flag and
/// deadline looked at before each part: fifty million values take seconds to write out, and
/// `--time` holds for that too.
pub struct OutUntil<'a> {
    out: std::io::StdoutLock<'static>,
    budget: &'a crate::solver::Budget,
    lines: usize,
    stopped: bool,
    error: Option<std::io::Error>,
}

impl<'a> OutUntil<'a> {
    /// Stdout, stopped by `budget`.
    pub fn new(budget: &'a crate::solver::Budget) -> Self {
        OutUntil {
            out: std::io::stdout().lock(),
            budget,
            lines: 0,
            stopped: false,
            error: None,
        }
    }

    /// Writes `part` unless the budget says stop (or a write failed, or the reader left):
    /// whether to go on.
    pub fn put(&mut self, part: &str) -> bool {
        use std::io::Write as _;
        if self.stopped || self.error.is_some() {
            return false;
        }
        if self.budget.interrupted().is_err() {
            self.stopped = true;
            return false;
        }
        match self.out.write_all(part.as_bytes()) {
            Ok(()) => {
                self.lines += part.bytes().filter(|&b| b == b'\n').count();
                true
            }
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }

    /// Flushes: `Ok(Some(lines))` when the budget stopped the writing after `lines` lines; a
    /// closed pipe is no error.
    pub fn finish(mut self) -> Result<Option<usize>, Report> {
        use std::io::Write as _;
        let flushed = self.out.flush();
        match self.error.take().map_or(flushed, Err) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Write(e).into()),
            _ => Ok(self.stopped.then_some(self.lines)),
        }
    }
}

/// Whether a report is a Ctrl-C stop, which ends a whole command rather than one run (decided
/// from the error's type and variant, never its text).
pub use crate::query::check::is_cancelled;
