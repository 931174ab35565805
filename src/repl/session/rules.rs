//! The session's commands about the ruleset itself: `:load` and `:reload` (a new ruleset, or
//! the file again), `:show`, and its parameters and play (`:set`, `:unset`). Those that
//! change the rules return the new [`Loaded`] for the outer loop to start a session with.

use super::*;

/// `:load FILE`.
pub(super) fn load(file: &str) -> Result<Flow, Report> {
    let l = Loaded::load(Path::new(file), Vec::new())?;
    say!("{}", l.describe());
    Ok(Flow::Replace(Box::new(l)))
}

impl Session<'_> {
    /// `:reload`: the file again (or the file that did not load at the start), unless its
    /// text is unchanged; a file that no longer loads leaves the session as it was.
    pub(super) fn reload(&mut self, ui: &Ui) -> Result<Option<Flow>, Report> {
        let (file, overrides) = match (self.loaded, &ui.pending) {
            (Some(l), _) => (l.file.clone(), l.overrides.clone()),
            (None, Some((f, o))) => (f.clone(), o.clone()),
            (None, None) => return Err(no_ruleset()),
        };
        let text = read(&file)?;
        if let Some(l) = self.loaded.filter(|l| l.game.src.inner() == &text) {
            say!(
                "{} is unchanged: `{}` stays loaded, with its memo table",
                file.display(),
                l.game.checked.name
            );
            return Ok(None);
        }
        let name = file.display().to_string();
        let l = Loaded::from_text(&file, &name, &text, overrides).inspect_err(|_| {
            if let Some(old) = self.loaded {
                say!(
                    "{} does not load (below): `{}` stays loaded, with the rules it had before",
                    file.display(),
                    old.game.checked.name
                );
            }
        })?;
        say!("re{}", l.describe());
        Ok(Some(Flow::Replace(Box::new(l))))
    }

    /// `:show`.
    pub(super) fn show(&self) -> Result<(), Report> {
        let l = self.loaded()?;
        let file = l.file.display().to_string();
        emit(&render::show(&l.game, &file, &l.overrides));
        Ok(())
    }

    /// `:set` alone: the parameters.
    pub(super) fn list_params(&self) -> Result<(), Report> {
        let l = self.loaded()?;
        emit(&render::params(&l.game, &l.overrides));
        Ok(())
    }

    /// Whether the loaded ruleset has a parameter `name` (which `:set NAME` then sets).
    pub(super) fn has_param(&self, name: &str) -> bool {
        (self.loaded).is_some_and(|l| l.game.checked.params.iter().any(|(n, _)| n == name))
    }

    /// `:set play normal|misere` (when the ruleset has no parameter `play`).
    pub(super) fn set_play(&self, value: &str) -> Result<Flow, Report> {
        let l = self.loaded()?;
        let value = value.trim();
        let play = crate::solver::Play::parse(value).ok_or_else(|| ReplError::NotPlay {
            value: value.to_string(),
        })?;
        let mut new = l.with_overrides(l.overrides.clone())?;
        new.game.set_play(play);
        say!("play = {} ({})", play.name(), play.describe());
        Ok(Flow::Replace(Box::new(new)))
    }

    /// `:set NAME VALUE`.
    pub(super) fn set(&self, name: &str, value: &str) -> Result<Flow, Report> {
        let l = self.loaded()?;
        check_param(l, name)?;
        let mut overrides = others(l, name);
        overrides.push(format!("{name}={value}"));
        let new = l.with_overrides(overrides)?;
        if let Some((_, v)) = new.game.checked.params.iter().find(|(n, _)| n == name) {
            say!("{name} = {v}");
        }
        Ok(Flow::Replace(Box::new(new)))
    }

    /// `:unset NAME`: back to its default.
    pub(super) fn unset(&self, name: &str) -> Result<Flow, Report> {
        let l = self.loaded()?;
        check_param(l, name)?;
        if !l.overrides.iter().any(|o| override_name(o) == name) {
            let name = name.to_string();
            return Err(ReplError::AlreadyDefault { name }.into());
        }
        let new = l.with_overrides(others(l, name))?;
        if let Some((_, v)) = new.game.checked.params.iter().find(|(n, _)| n == name) {
            say!("{name} = {v}   (the default)");
        }
        Ok(Flow::Replace(Box::new(new)))
    }
}

/// The overrides of `l` but that of `name`.
fn others(l: &Loaded, name: &str) -> Vec<String> {
    (l.overrides.iter())
        .filter(|o| override_name(o) != name)
        .cloned()
        .collect()
}

/// The name of a `NAME=VALUE` override.
fn override_name(o: &str) -> &str {
    o.split_once('=').map_or(o, |(n, _)| n).trim()
}

/// An error unless `name` is a parameter of the loaded ruleset.
fn check_param(l: &Loaded, name: &str) -> Result<(), Report> {
    let names = l.param_names();
    if names.iter().any(|n| n == name) {
        return Ok(());
    }
    let suggestion = crate::ruleset::diag::suggest(name, names.iter().map(String::as_str));
    Err(ReplError::NotParameter {
        name: name.to_string(),
        ruleset: l.game.checked.name.clone(),
        suggestion: suggestion.map(str::to_string),
        names,
    }
    .into())
}
