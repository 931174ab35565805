//! What every command shares: the ruleset file with its `-p` overrides, the limits of a solve
//! (positions, memory, the work estimate) with Ctrl-C and the progress bar, the rendering of
//! a solve's failure, and the printing of positions.

use std::path::{Path, PathBuf};

use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::estimate::Estimate;
use crate::moves::MoveError;
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::ruleset::ParamOverride;
use crate::solver::{Budget, Play, SolveError};
use crate::verify::region::Region;
use crate::Game;
use miette::Report;

use super::interrupt;
use super::machine::headroom;
use super::progress::Progress;
pub use super::units::show_bytes;
pub use super::units::{parse_duration, parse_size, show_duration};
use super::watchdog::Watchdog;

/// The ruleset arguments of every command.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The `.game` file.
    pub file: PathBuf,
    /// Set a parameter: NAME=VALUE, where VALUE is an expression (`k=4`, `"S={1,3,4}"`, `"beta=2+sqrt(2)"`).
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Stop with an error after storing this many positions. Default: as many as fit in half
    /// the available memory (MemAvailable in /proc/meminfo), at the bytes per position of
    /// --max-memory; 10^8 when the available memory is unknown.
    #[arg(long, value_name = "N")]
    pub max_positions: Option<usize>,
    /// Stop with an error before the positions stored take more than SIZE of memory (`500M`,
    /// `2G`, or bytes). Turned into a position limit at an estimated 192 + 8 x HEAPS bytes per
    /// position (the memo entry, its key, the hash table's slack, a row of the table), HEAPS
    /// the most heaps of a position; the smaller of this and --max-positions applies. The
    /// memory in use is watched as well, as the search's stacks can outgrow the positions:
    /// when the process's resident memory, all of it, passes SIZE (default: what it holds at
    /// the start and three quarters of the memory available) the run stops.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<u64>,
    /// Start even a run that heapgame can prove will not finish: one whose first position
    /// alone has more followers than any run can generate (10^15) or than fit in the memory
    /// limit. Other runs always start; --time and the position and memory limits stop them.
    #[arg(long)]
    pub force: bool,
    /// Stop cleanly after this long (`30s`, `2m`, `1h`, `500ms`), saying how far the run got.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time: Option<Duration>,
    /// The play convention: `normal` (the last player to move wins) or `misere` (the last
    /// player to move loses). Default: the file's `play` line, else normal.
    #[arg(long, value_name = "PLAY", value_parser = parse_play)]
    pub play: Option<Play>,
}

/// Reads `--play`: `normal` or `misere`.
pub fn parse_play(s: &str) -> Result<Play, String> {
    Play::parse(s)
        .ok_or_else(|| format!("`{s}` is not a play convention: use `normal` or `misere`"))
}

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
    /// The most heaps a position of the region asked for has, for its cost in memory
    /// ([`bytes_per_position`]): `heaps`, or for `--total T` on a ruleset of any number of
    /// heaps at most T (a heap holds a token at least).
    pub fn most_heaps(&self, shape: &crate::moves::program::ShapeSpec, heaps: usize) -> usize {
        match (self.total, shape.count) {
            (Some(t), None) => heaps.min(usize::try_from(t.max(1)).unwrap_or(usize::MAX)),
            _ => heaps,
        }
    }

    /// The region asked for with `seed` and at most `heaps` heaps, or `None` for the box.
    pub fn region(&self, seed: u64, heaps: usize) -> Option<Region> {
        match (self.total, self.samples) {
            (Some(total), _) => Some(Region::Total { total, heaps }),
            (None, Some(count)) => Some(Region::Samples {
                count,
                seed,
                max: self.sample_max,
                heaps,
            }),
            (None, None) => None,
        }
    }
}

/// The position limit of a solve, and what set it (for messages).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most positions stored.
    pub max_positions: usize,
    /// What set it, in words: "--max-positions 1000", "the default (half of 7.5 GB available)".
    pub why: String,
    /// The most resident memory, in bytes, when known: --max-memory, else three quarters of
    /// the memory available at the start.
    pub max_memory: Option<(u64, String)>,
}

/// Bytes one stored position takes, estimated: the memo entry (a boxed key of 16 bytes and
/// an 8-byte value, with the table's control byte, load factor 7/8 and doubling slack), the
/// key's own allocation, and for `solve` the row of the table. Measured with
/// `/usr/bin/time -f %M` on `solve rulesets/classic/wythoff.game --max 1000` (501 501
/// positions): 98 MB above the start, about 196 bytes a position; 3-heap Nim up to 60: 160.
pub fn bytes_per_position(heaps: usize) -> u64 {
    (heaps as u64).saturating_mul(8).saturating_add(192)
}

/// The position limit when none is given and no memory limit applies (the REPL's default): half
/// the memory heapgame may use ([`super::machine::headroom`]) at [`bytes_per_position`] for
/// `heaps` heaps, or 10^8 positions when the memory is unknown.
pub fn default_max_positions(heaps: usize) -> usize {
    let per = bytes_per_position(heaps);
    super::machine::headroom().map_or(100_000_000, |h| {
        usize::try_from(h.bytes / 2 / per)
            .unwrap_or(usize::MAX)
            .max(1)
    })
}

/// The memory limit when none is given, with the words that say what set it: the memory in
/// use now and three quarters of what heapgame may take beyond it
/// ([`super::machine::headroom`]), or `None` when unknown.
pub fn default_max_memory() -> Option<(u64, String)> {
    let in_use = super::watchdog::resident_bytes().unwrap_or(0);
    headroom().map(|h| {
        (
            in_use.saturating_add(h.bytes / 4 * 3),
            format!(
                "the default, three quarters of the {} {}",
                show_bytes(h.bytes),
                h.source
            ),
        )
    })
}

/// A cost per position in words: "1 bit", "41 bits", "208 bytes".
pub fn show_cost(bits: u64) -> String {
    match bits {
        1 => "1 bit".to_string(),
        b if b % 8 == 0 => format!("{} bytes", b / 8),
        b => format!("{b} bits"),
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
        Ok(game)
    }
}

impl GameArgs {
    /// The position limit for a solve of positions with at most `heaps` heaps, stored in the
    /// memo at [`bytes_per_position`].
    pub fn limits(&self, heaps: usize) -> Limits {
        self.limits_at(bytes_per_position(heaps).saturating_mul(8))
    }

    /// The position limit for a solve that stores a position in `bits` bits (a box solved in
    /// one of `solve_box`'s modes: [`heapgame::solver::plan::BoxPlan`]).
    pub fn limits_at(&self, bits: u64) -> Limits {
        let bits = bits.max(1);
        let cost = show_cost(bits);
        let fit = |bytes: u64| {
            let n = u128::from(bytes) * 8 / u128::from(bits);
            usize::try_from(n).unwrap_or(usize::MAX).max(1)
        };
        let from_memory = self.max_memory.map(|m| {
            (
                fit(m),
                format!("--max-memory {} (at {cost} a position)", show_bytes(m)),
            )
        });
        let explicit = self
            .max_positions
            .map(|n| (n, format!("--max-positions {n}")));
        let room = headroom();
        let max_memory = match self.max_memory {
            Some(m) => Some((m, format!("--max-memory {}", show_bytes(m)))),
            None => default_max_memory(),
        };
        // Positions beyond what fits in the default memory limit cannot be stored either:
        // `--max-positions 18446744073709551615` alone still stops there.
        let explicit = match (explicit, &max_memory) {
            (Some(a), Some((m, why))) if self.max_memory.is_none() && fit(*m) < a.0 => {
                Some((fit(*m), format!("{why} (at {cost} a position)")))
            }
            (a, _) => a,
        };
        let chosen = match (explicit, from_memory) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        let (max_positions, why) = chosen.unwrap_or_else(|| match room {
            Some(h) => (
                fit(h.bytes / 2),
                format!(
                    "the default, half of the {} {} at {cost} a position",
                    show_bytes(h.bytes),
                    h.source
                ),
            ),
            None => (
                100_000_000,
                "the default when the available memory is unknown".to_string(),
            ),
        });
        Limits {
            max_positions,
            why,
            max_memory,
        }
    }

    /// Refuses, unless --force, a run that its first position proves cannot finish (more
    /// followers than can be generated, or held within the memory limit).
    pub fn check_estimate(&self, game: &Game, e: &Estimate, what: &str) -> Result<(), Report> {
        if self.force {
            return Ok(());
        }
        let memory = self.limits(e.first_heaps).max_memory;
        let memory = memory.as_ref().map(|(cap, why)| (*cap, why.as_str()));
        match e.refusal(what, memory) {
            Some(d) => Err(Report::new(LoadError::single(game.src.clone(), d))),
            None => Ok(()),
        }
    }
}

/// What a running solve is given: its budget (limit, Ctrl-C flag, progress counter), the
/// progress bar watching it, and the limit for messages.
pub struct SolveRun {
    /// The solver's budget.
    pub budget: Budget,
    /// The limit and what set it.
    pub limits: Limits,
    /// `--time`, if given.
    pub time: Option<Duration>,
    watchdog: Option<Watchdog>,
    _progress: Progress,
}

impl SolveRun {
    /// Sets up a solve of positions with at most `heaps` heaps, expected to store about
    /// `total` positions, described as `what` on the progress bar.
    pub fn start(args: &GameArgs, heaps: usize, total: Option<u64>, what: String) -> SolveRun {
        SolveRun::with_limits(args, args.limits(heaps), total, what)
    }

    /// Sets up a solve within `limits` (from [`GameArgs::limits_at`]).
    pub fn with_limits(
        args: &GameArgs,
        limits: Limits,
        total: Option<u64>,
        what: String,
    ) -> SolveRun {
        let counter = Arc::new(AtomicUsize::new(0));
        let budget = Budget {
            max_positions: Some(limits.max_positions),
            cancel: Some(interrupt::cancel_flag()),
            progress: Some(counter.clone()),
            deadline: args.time.map(|t| Instant::now() + t),
        };
        let total = total.map(|t| t.min(limits.max_positions as u64));
        let watchdog = memory_guard(&limits, &what, interrupt::cancel_flag());
        SolveRun {
            budget,
            limits,
            time: args.time,
            watchdog,
            _progress: Progress::start(counter, total, what),
        }
    }

    /// `e`, or the memory limit's report when the memory guard stopped the run: the layers
    /// below (`check`, `diff`) see only a cancelled solve. `context` as for
    /// [`SolveRun::failure`].
    pub fn or_memory_stop(&self, game: &Game, e: Report, context: &str) -> Report {
        if !self.watchdog.as_ref().is_some_and(Watchdog::hit) {
            return e;
        }
        let stored = (self.budget.progress.as_ref())
            .map_or(0, |p| p.load(std::sync::atomic::Ordering::Relaxed));
        self.failure(game, &SolveError::Cancelled { stored }, context)
    }

    /// A solve's failure as a report; `context` says what was being solved ("while solving
    /// (3, 5)") so that a limit or Ctrl-C says how far the run got.
    pub fn failure(&self, game: &Game, e: &SolveError<MoveError>, context: &str) -> Report {
        let d = match e {
            SolveError::Limit { limit } => Diag::new(
                Code::Limit,
                0..0,
                format!(
                    "this needs more than {limit} {} stored, the limit set by {}, {context}",
                    if *limit == 1 { "position" } else { "positions" },
                    self.limits.why
                ),
                "",
            )
            .help(
                "raise the limit with --max-positions N or --max-memory SIZE, or ask about \
                 smaller positions; nothing was printed",
            ),
            SolveError::Cancelled { stored }
                if self.watchdog.as_ref().is_some_and(Watchdog::hit) =>
            {
                let (cap, why) = self.limits.max_memory.clone().unwrap_or_default();
                Diag::new(
                    Code::Limit,
                    0..0,
                    format!(
                        "stopped when the memory in use neared {}, the limit set by {why}, \
                         after storing {stored} positions, {context}",
                        show_bytes(cap)
                    ),
                    "",
                )
                .help(MEMORY_HELP)
            }
            SolveError::Cancelled { stored } if self.budget.past_deadline() => Diag::new(
                Code::Limit,
                0..0,
                format!(
                    "stopped at the time limit, --time {}, after storing {stored} positions, \
                     {context}",
                    self.time.map(show_duration).unwrap_or_default()
                ),
                "",
            )
            .help("give more time with --time DURATION, or ask about smaller positions; nothing was printed"),
            SolveError::Cancelled { stored } => Diag::new(
                Code::Cancelled,
                0..0,
                format!("cancelled (Ctrl-C) after storing {stored} positions, {context}"),
                "",
            )
            .help("nothing was printed; run again to start over"),
            SolveError::Game(_) => {
                // Say at which position the move failed: the ruleset's span says which move.
                let mut err = game.solve_diag(e);
                for d in &mut err.diags {
                    d.message = format!("{}, {context}", d.message);
                }
                return Report::new(err);
            }
            other => return game.solve_error(other),
        };
        Report::new(LoadError::single(game.src.clone(), d))
    }
}

impl Drop for SolveRun {
    /// A run the memory guard stopped leaves the cancel flag down for the runs after it (the
    /// next `check` line): the guard, not Ctrl-C, raised it.
    fn drop(&mut self) {
        if self.watchdog.as_ref().is_some_and(Watchdog::hit) {
            interrupt::cancel_flag().store(false, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// A memory watchdog for `limits`, if the memory limit is known; `what` is being done.
pub fn memory_guard(limits: &Limits, what: &str, cancel: Arc<AtomicBool>) -> Option<Watchdog> {
    limits.max_memory.as_ref().map(|(cap, why)| {
        let d = Diag::new(
            Code::Limit,
            0..0,
            format!(
                "stopped when the memory in use neared {}, the limit set by {why}, while {what}",
                show_bytes(*cap)
            ),
            "",
        )
        .help(MEMORY_HELP);
        let message = format!("{:?}", Report::new(d));
        Watchdog::start(*cap, cancel, message)
    })
}

/// A memory watchdog at the default memory limit ([`default_max_memory`]), if known: the
/// REPL's computations, whose position limit alone does not bound the search's stacks.
pub fn default_memory_guard(what: &str, cancel: Arc<AtomicBool>) -> Option<Watchdog> {
    let limits = Limits {
        max_positions: usize::MAX,
        why: String::new(),
        max_memory: default_max_memory(),
    };
    memory_guard(&limits, what, cancel)
}

const MEMORY_HELP: &str = "raise the limit with --max-memory SIZE, or ask about smaller \
     positions; the search keeps every follower of each position it is working on, which takes \
     much memory when positions have many followers; nothing was printed";

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

/// The most heaps of a position the solve of `pos` stores: one for a disjunctive sum (it
/// stores the single heaps' sequence), else the shape's count, or for `heaps any` the heaps of
/// `pos` (or its tokens, when moves split heaps).
pub fn estimate_heaps(game: &Game, pos: &[u32]) -> usize {
    if crate::solver::sum::is_sum(game.generator()) {
        return 1;
    }
    match game.shape().count {
        Some(k) => k,
        None => {
            let splits = game
                .generator()
                .moves
                .iter()
                .flat_map(|m| m.steps.iter())
                .any(|s| matches!(s.kind, crate::moves::program::LStepKind::Split { .. }));
            if splits {
                pos.iter()
                    .fold(0usize, |a, &h| a.saturating_add(h as usize))
                    .max(pos.len())
            } else {
                pos.len()
            }
        }
    }
}

/// The text of a ruleset file, within the size cap (`heapgame::source`), or the reason why
/// not as a diagnostic (`heapgame::io`).
pub fn read_file(file: &Path) -> Result<String, Report> {
    let name = file.display().to_string();
    crate::source::read_source(file, &name)
        .map_err(|e| miette::miette!(code = "heapgame::io", help = e.help(), "{e}"))
}

/// Writes `text` to stdout. A closed pipe (`heapgame solve ... | head`) is not an error: the
/// reader has what it wanted.
pub fn print_out(text: &str) -> Result<(), Report> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(miette::miette!(
            code = "heapgame::io",
            "cannot write the output: {e}"
        )),
        _ => Ok(()),
    }
}

/// Whether a report is a Ctrl-C stop (`heapgame::cancelled`), which ends a whole command
/// rather than one run.
pub fn is_cancelled(r: &Report) -> bool {
    if let Some(e) = r.downcast_ref::<crate::verify::CheckError>() {
        return e.is_cancelled();
    }
    let cancelled = crate::ruleset::Code::Cancelled.as_str();
    r.code().is_some_and(|c| c.to_string() == cancelled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_take_the_smaller() {
        let args = |pos: Option<usize>, mem: Option<u64>| GameArgs {
            file: PathBuf::from("x.game"),
            params: Vec::new(),
            max_positions: pos,
            max_memory: mem,
            force: false,
            time: None,
            play: None,
        };
        // 2 heaps: 208 bytes a position.
        let l = args(Some(1000), Some(208 * 500)).limits(2);
        assert_eq!(l.max_positions, 500);
        assert!(l.why.contains("--max-memory"), "{}", l.why);
        let l = args(Some(100), Some(208 * 500)).limits(2);
        assert_eq!(l.max_positions, 100);
        assert_eq!(l.why, "--max-positions 100");
        let l = args(None, None).limits(2);
        assert!(l.max_positions >= 1, "{l:?}");
    }
}
