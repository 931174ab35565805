//! Phase 6b, guessing closed forms: solves a ruleset over a region (`data.rs`), tries a library
//! of closed-form shapes on the values found, one file per family of shapes (a single heap's
//! periodic Grundy values and sums: `single.rs`; P-positions of two heaps as pairs, by a mex
//! rule (`mex.rs`) or as Beatty pairs: `pairs.rs`, with the exact slopes of `slope.rs`, or as a
//! cone: `cone.rs`; rules on several heaps (`rule.rs`): `several.rs`, and those read off the
//! data: `derived.rs`, `relations.rs`; Grundy values as a function of the heaps' bitwise or:
//! `bitwise.rs`; reductions to a smaller position of the same type: `reduce.rs`; additive
//! periodicity of two heaps' rows: `rows.rs`), and
//! writes each form that fits every position as `claim` lines of the language. A form is kept
//! only when `check` (`verify.rs`, the same machinery as `heapgame check`) then finds it true
//! on a region larger than the one it was guessed from; one that fits the data but fails there
//! is reported as refuted, never as a guess.

pub mod bitwise;
pub mod cone;
pub mod data;
pub mod derived;
pub mod mex;
pub mod pairs;
pub mod reduce;
pub mod relations;
pub mod rows;
pub mod rule;
pub mod several;
pub mod single;
pub mod slope;
pub mod verify;

pub use data::Data;

use crate::game::Game;
use crate::solver::Budget;

/// A closed form that fits every position of the data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The family of shapes it belongs to ("sum of single heaps", "Beatty pairs", ...).
    pub shape: String,
    /// The lines to paste into the ruleset: `fn` definitions, then the claims.
    pub lines: Vec<String>,
    /// How many positions of the data it was compared with.
    pub support: u64,
    /// What was found, in words: the period, the slope and how it was identified, ...
    pub note: String,
    /// What `check` found on the larger region, once verified.
    pub verdict: Option<Verdict>,
}

/// What `check` found of a guess on the region it was verified on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The region, in words.
    pub region: String,
    /// How many positions the guess's claims decided there (summed over its claims).
    pub decided: u64,
    /// The first counterexample with its explanation, if a claim failed.
    pub failure: Option<String>,
    /// Why the check stopped before the end of its region, if it did.
    pub stopped: Option<String>,
}

impl Verdict {
    /// Whether every claim held over the whole region.
    pub fn holds(&self) -> bool {
        self.failure.is_none() && self.stopped.is_none()
    }
}

/// A shape tried that does not fit, with the first position of the data that breaks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Miss {
    /// The shape, in words.
    pub shape: String,
    /// The first position (in `check`'s order) where it is wrong, if one is.
    pub broke_at: Option<Vec<u32>>,
    /// Why it does not fit, in words.
    pub why: String,
    /// How many positions it held on before it broke (the nearest miss holds longest).
    pub held: u64,
}

/// Everything `guess` found.
#[derive(Clone, Debug)]
pub struct GuessReport {
    /// The ruleset's name.
    pub ruleset: String,
    /// Its parameters, as shown.
    pub params: Vec<(String, String)>,
    /// The region guessed from, in words.
    pub region: String,
    /// Its largest heap.
    pub max: u32,
    /// Its most heaps.
    pub heaps: usize,
    /// How many positions it holds.
    pub positions: u64,
    /// The larger region the guesses were verified on, as a `check` line's bounds.
    pub check_max: u32,
    /// The forms that fit the data and that `check` verified on the larger region.
    pub guesses: Vec<Guess>,
    /// Forms that fit the data but that `check` refuted (or could not finish) on the larger
    /// region.
    pub refuted: Vec<Guess>,
    /// The shapes tried that did not fit, each with its first counterexample.
    pub misses: Vec<Miss>,
    /// Shapes fitted whose form the language cannot state, in words.
    pub unstated: Vec<String>,
    /// The families of shapes tried, in words.
    pub tried: Vec<String>,
}

impl GuessReport {
    /// The miss that held longest before it broke.
    pub fn nearest(&self) -> Option<&Miss> {
        self.misses.iter().max_by_key(|m| m.held)
    }
}

/// What the families found on the data: forms, misses, shapes the language cannot state.
#[derive(Default)]
pub struct Found {
    /// Forms that fit every position.
    pub guesses: Vec<Guess>,
    /// Shapes that do not fit.
    pub misses: Vec<Miss>,
    /// Shapes that fit but cannot be written as a claim.
    pub unstated: Vec<String>,
    /// The families of shapes tried, in words.
    pub tried: Vec<String>,
}

/// Why `guess` could not run.
#[derive(Debug)]
pub enum GuessError {
    /// Solving the region failed or stopped.
    Solve(crate::solver::SolveError<crate::moves::MoveError>),
    /// The sequence of one heap failed.
    Sequence(crate::sequence::SequenceError),
    /// The region is too large or empty, in words.
    Region(String),
    /// The game with a guessed claim added could not be checked (an error of the check).
    Check(crate::verify::CheckError),
}

/// Tries every family of shapes on `data`.
pub fn search(game: &Game, data: &Data, budget: &Budget) -> Result<Found, GuessError> {
    let mut found = Found::default();
    single::search(game, data, budget, &mut found)?;
    pairs::search(game, data, &mut found);
    several::search(data, &mut found);
    if !crate::solver::sum::is_sum(game.generator()) {
        // A sum's reductions say less than its Sprague-Grundy form, and may hold only for the
        // few heaps of the data (a deletion of heaps of value 0, below the number of heaps).
        reduce::search(data, &mut found);
    }
    let grundy_of = |f: &Found| {
        f.guesses
            .iter()
            .any(|g| g.lines.iter().any(|l| l.starts_with("claim grundy")))
    };
    if !grundy_of(&found) {
        bitwise::search(data, &mut found);
    }
    if !grundy_of(&found) {
        rows::search(data, &mut found);
    }
    Ok(found)
}

/// Guesses closed forms of `game` from the region of heaps `<= max` (at most `heaps` heaps
/// for `heaps any`) and verifies each on the larger region of heaps `<= check_max`.
pub fn guess(
    game: &Game,
    source: &str,
    overrides: &[crate::ruleset::ParamOverride],
    max: u32,
    heaps: usize,
    check_max: u32,
    budget: &Budget,
) -> Result<GuessReport, GuessError> {
    let data = Data::solve(game, max, heaps, budget)?;
    let found = search(game, &data, budget)?;
    let mut report = GuessReport {
        ruleset: game.checked.name.clone(),
        params: crate::verify::check::params_shown(game),
        region: data.describe(),
        max: data.max,
        heaps: data.heaps,
        positions: data.len() as u64,
        check_max,
        guesses: Vec::new(),
        refuted: Vec::new(),
        misses: found.misses,
        unstated: found.unstated,
        tried: found.tried,
    };
    let more = more_heaps(game, &data);
    for mut g in found.guesses {
        let mut verdict =
            verify::verify(game, source, overrides, &g, check_max, data.heaps, budget)?;
        if let (true, Some((max, heaps))) = (verdict.holds(), more) {
            // Any number of heaps: a form of K heaps must also hold with one heap more.
            let wider = verify::verify(game, source, overrides, &g, max, heaps, budget)?;
            verdict = Verdict {
                region: format!("{}, and on {heaps} heaps <= {max}", verdict.region),
                decided: verdict.decided + wider.decided,
                failure: wider.failure,
                stopped: wider.stopped,
            };
        }
        let holds = verdict.holds();
        g.verdict = Some(verdict);
        if holds {
            report.guesses.push(g);
        } else {
            report.refuted.push(g);
        }
    }
    Ok(report)
}

/// The most positions of the box with one heap more that a guess of a ruleset of any number of
/// heaps is also verified on.
pub(crate) const MORE_HEAPS_POSITIONS: u128 = 200_000;

/// For a ruleset of any number of heaps guessed from at least two: one heap more, and the
/// largest heap (at most the data's) that keeps that box within [`MORE_HEAPS_POSITIONS`].
fn more_heaps(game: &Game, data: &Data) -> Option<(u32, usize)> {
    if !data.any || data.heaps < 2 {
        return None;
    }
    let heaps = data.heaps + 1;
    let fits = |m: u32| {
        crate::solver::positions::box_size(game.shape(), m, heaps)
            .is_some_and(|n| n <= MORE_HEAPS_POSITIONS)
    };
    (1..=data.max).rev().find(|&m| fits(m)).map(|m| (m, heaps))
}

/// The text of a periodic function of `var` (an expression of the language, parenthesised
/// when needed): `values[var]` for `var < pre`, then `values[pre + (var - pre) mod p]` plus
/// `saltus` for every period passed.
pub(crate) fn periodic_text(
    var: &str,
    values: &[u32],
    pre: usize,
    p: usize,
    saltus: i64,
) -> String {
    if pre == 0 && p == 1 {
        let v = values[0];
        return match (v, saltus) {
            (v, 0) => v.to_string(),
            (0, 1) => var.to_string(),
            (0, s) => format!("{s} * {var}"),
            (v, 1) => format!("{var} + {v}"),
            (v, s) => format!("{s} * {var} + {v}"),
        };
    }
    let table: Vec<String> = values[..pre + p].iter().map(ToString::to_string).collect();
    let index = if pre == 0 {
        format!("{var} mod {p}")
    } else {
        format!("min({var}, {pre} + ({var} - {pre}) mod {p})")
    };
    let mut text = format!("({})[{index}]", table.join(", "));
    if saltus != 0 {
        let periods = if pre == 0 {
            format!("{var} / {p}")
        } else {
            format!("max(0, ({var} - {pre}) / {p})")
        };
        text.push_str(&format!(" + {saltus} * ({periods})"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::periodic_text;

    /// The periodic function evaluated plainly, as the language reads the text written.
    fn eval(values: &[u32], pre: usize, p: usize, s: i64, n: usize) -> i64 {
        let idx = if n < pre { n } else { pre + (n - pre) % p };
        let periods = if n < pre { 0 } else { (n - pre) / p };
        i64::from(values[idx]) + s * periods as i64
    }

    #[test]
    fn periodic_texts_read_as_written() {
        assert_eq!(periodic_text("h", &[0], 0, 1, 1), "h");
        assert_eq!(
            periodic_text("h", &[0, 0, 1, 1, 2], 0, 5, 0),
            "(0, 0, 1, 1, 2)[h mod 5]"
        );
        assert_eq!(
            periodic_text("h", &[0, 1, 2, 3, 1], 2, 3, 2),
            "(0, 1, 2, 3, 1)[min(h, 2 + (h - 2) mod 3)] + 2 * (max(0, (h - 2) / 3))"
        );
        // The index formula agrees with the plain one below and past the preperiod.
        for n in 0..20usize {
            let (pre, p) = (2usize, 3usize);
            let idx = n.min(pre + (n as i64 - pre as i64).rem_euclid(p as i64) as usize);
            let want = if n < pre { n } else { pre + (n - pre) % p };
            assert_eq!(idx, want);
            let _ = eval(&[0, 1, 2, 3, 1], pre, p, 2, n);
        }
    }
}
