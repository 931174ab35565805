//! What every command shares: the ruleset file with its `-p` overrides, the position limit,
//! and the printing of positions.

use std::path::PathBuf;

use heapgame::ruleset::ParamOverride;
use heapgame::Game;
use miette::Report;

/// The ruleset arguments of every command.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The `.game` file.
    pub file: PathBuf,
    /// Set a parameter: NAME=VALUE, where VALUE is an expression (`k=4`, `"S={1,3,4}"`, `"beta=2+sqrt(2)"`).
    #[arg(short = 'p', long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Stop with an error after storing this many positions.
    #[arg(long, value_name = "N")]
    pub max_positions: Option<usize>,
}

impl GameArgs {
    /// Loads the game, or returns the rendered problems.
    pub fn load(&self) -> Result<Game, Report> {
        let name = self.file.display().to_string();
        let text = std::fs::read_to_string(&self.file).map_err(|e| {
            miette::miette!(
                code = "heapgame::io",
                help = "check the path",
                "cannot read `{name}`: {e}"
            )
        })?;
        let overrides: Vec<ParamOverride> = self
            .params
            .iter()
            .map(|t| ParamOverride { text: t.clone() })
            .collect();
        Game::from_source_overrides(&name, &text, &overrides).map_err(Report::new)
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
        let pos = game.parse_position(&self.heaps).map_err(Report::new)?;
        Ok((game, pos))
    }
}

/// The output formats of `eval` and `moves`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON value.
    Json,
}

/// A position as JSON: `[3, 5, 7]`.
pub fn json_position(p: &[u32]) -> serde_json::Value {
    serde_json::Value::Array(p.iter().map(|&h| serde_json::Value::from(h)).collect())
}
