//! A loaded game: a `.game` file parsed, checked with its parameters and lowered, kept with
//! its source so that any later error can point into it. The entry point of the library:
//! `position.rs` reads typed positions, `boxes.rs` decides the heaps of a box and the
//! positions it allows, `problems.rs` turns failures into diagnostics against the source,
//! `closed_forms.rs` builds the claims' closed forms at load, `solvers.rs` makes its solvers
//! (over its moves or a wrapper of them) and names the clause that reaches a follower.

mod boxes;
mod closed_forms;
mod position;
mod problems;
mod solvers;

use std::path::Path;
use std::sync::Arc;

use miette::NamedSource;

use crate::formulas::Built;
use crate::moves::program::ShapeSpec;
use crate::moves::{Generator, MoveError};
use crate::ruleset::check::{check, Checked, ParamOverride};
use crate::ruleset::diag::{Code, Diag, LoadError};
use crate::solver::Play;
use crate::syntax::parse_file;

pub use boxes::{AnyCount, BoxError, BoxHeapsError, MAX_BOX_HEAPS};
pub use position::PositionError;
pub(crate) use problems::syntax_diag;

/// A ruleset ready to play.
#[derive(Debug)]
pub struct Game {
    /// The checked, lowered ruleset.
    pub checked: Checked,
    /// Its moves and shape, ready to generate followers.
    generator: Generator,
    /// The source text, named by its path.
    pub src: Arc<NamedSource<String>>,
    /// For each claim, its built-in formula (`None` for an expression claim).
    pub formulas: Vec<Option<Built>>,
    /// The play convention every solver of this game uses: the file's `play` line, or what
    /// [`Game::set_play`] chose (`--play`).
    play: Play,
    /// What may stop `positions where` on a position read from the user
    /// ([`Game::set_reading_stop`]): its time limit and Ctrl-C.
    reading_stop: Option<crate::solver::Budget>,
}

/// Renders a position as `(3, 5, 7)` (defined low, in the solver, which shows cycles with it).
pub use crate::solver::positions::show_position;

impl Game {
    /// Loads a `.game` file with parameter overrides given as (name, expression text).
    pub fn load_file(path: &Path, params: &[(&str, &str)]) -> Result<Game, LoadError> {
        let name = path.display().to_string();
        let text = crate::source::read_source(path, &name).map_err(|e| {
            LoadError::single(
                Arc::new(NamedSource::new(name.clone(), String::new())),
                Diag::new(Code::Io, 0..0, e.to_string(), "").help(e.help()),
            )
        })?;
        Game::from_source(&name, &text, params)
    }

    /// Loads a ruleset from its text; `name` names it in messages.
    pub fn from_source(name: &str, text: &str, params: &[(&str, &str)]) -> Result<Game, LoadError> {
        let overrides: Vec<ParamOverride> = params
            .iter()
            .map(|(n, v)| ParamOverride {
                text: format!("{n}={v}"),
            })
            .collect();
        Game::from_source_overrides(name, text, &overrides)
    }

    /// Loads a ruleset from its text with `NAME=VALUE` overrides as typed.
    pub fn from_source_overrides(
        name: &str,
        text: &str,
        overrides: &[ParamOverride],
    ) -> Result<Game, LoadError> {
        // A byte-order mark, which some editors write first, says only that the file is UTF-8.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let src = Arc::new(NamedSource::new(name, text.to_string()));
        let ast = parse_file(text)
            .map_err(|e| LoadError::single(src.clone(), problems::syntax_diag(e)))?;
        let checked = check(&ast, overrides).map_err(|diags| {
            LoadError::new(
                src.clone(),
                problems::point_into_overrides(text, overrides, diags),
            )
        })?;
        let formulas = closed_forms::resolve_formulas(&checked, text)
            .map_err(|diags| LoadError::new(src.clone(), diags))?;
        let generator = Generator::new(
            checked.shape.clone(),
            checked.moves.clone(),
            checked.positions.clone(),
        );
        let play = checked.play;
        Ok(Game {
            checked,
            generator,
            src,
            formulas,
            play,
            reading_stop: None,
        })
    }

    /// Lets the deadline and the cancel flag of `budget` (not its position limit) stop the
    /// evaluation of `positions where` on a position read from the user ([`Game::admit`]),
    /// where a long condition would otherwise run before any solve looks at the clock.
    pub fn set_reading_stop(&mut self, budget: crate::solver::Budget) {
        self.reading_stop = Some(budget);
    }

    /// The play convention solvers of this game use.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Solves in `play` from now on, whatever the file's `play` line says (`--play`).
    pub fn set_play(&mut self, play: Play) {
        self.play = play;
    }

    /// The shape of positions.
    pub fn shape(&self) -> &ShapeSpec {
        &self.generator.shape
    }

    /// The move generator.
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// Every canonical follower of a canonical position, sorted, without repeats.
    pub fn followers(&self, pos: &[u32]) -> Result<Vec<Vec<u32>>, MoveError> {
        let mut scratch = crate::moves::Scratch::default();
        let mut out = crate::moves::Followers::new();
        self.generator().followers(pos, &mut scratch, &mut out)?;
        Ok(out.to_sorted_vecs())
    }
}
