//! The ruleset arguments every command that solves takes (`GameArgs`): the file, `-p`, the
//! limits, `--force`, `--time` and `--play`. A leaf of `cli/`: the limits (`limits.rs`), a
//! running solve (`solve_run.rs`) and `common.rs` read them.

use std::path::PathBuf;
use std::time::Duration;

use crate::solver::Play;

use super::units::{parse_duration, parse_size};

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
