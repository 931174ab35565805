//! The box one run of a check visits, chosen here for every front end ([`check_box`]): the
//! largest heap and the most heaps given, else its `check` line's; under [`Boxes::Quick`] the
//! line's `quick max N [heaps K]` (`heapgame check --quick`, and `--time`'s first boxes); under
//! [`Boxes::AtMost`] the line's box when it holds at most that many positions, else its `quick`
//! box when that one does (the playground checks at most 200,000 positions a run). A run given
//! no box is refused as data ([`BoxRefusal`]: what is missing, or the box's size and the most
//! allowed), its code from the variant; the front end says what to change in its own words,
//! or takes `heapgame check`'s ([`BoxRefusal::error`]).

use crate::game::Game;
use crate::ruleset::check::CheckRun;
use crate::ruleset::diag::Code;
use crate::solver::positions::box_size;
use crate::verify::{Bounds, CheckError, MissingBound};

/// Which box a run of a `check` line visits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Boxes {
    /// The line's box, `check max N [heaps K]` (the command line, the REPL, Python).
    #[default]
    Full,
    /// The line's `quick max N [heaps K]` where it gives one, else its box (`check --quick`).
    Quick,
    /// The line's box when it holds at most this many positions, else its `quick` box when
    /// that one does; else the run is refused ([`BoxRefusal::TooLarge`]).
    AtMost(u128),
}

/// Why a run was given no box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxRefusal {
    /// No largest heap, or no most heaps for `heaps any`, given nor declared by a `check`
    /// line.
    Missing(MissingBound),
    /// Under [`Boxes::AtMost`]: the line's box holds `positions` (`None`: past counting), more
    /// than `most`, and its `quick` box too, or it gives none (`quick`: whether it gives one).
    TooLarge {
        /// The positions of the line's box.
        positions: Option<u128>,
        /// The most positions a run may visit.
        most: u128,
        /// The line gives `quick` bounds (also too large).
        quick: bool,
    },
}

impl BoxRefusal {
    /// The refusal's stable code: `heapgame::check_bound` for missing bounds,
    /// `heapgame::too_large` for a box too large.
    pub fn code(&self) -> Code {
        match self {
            BoxRefusal::Missing(_) => Code::CheckBound,
            BoxRefusal::TooLarge { .. } => Code::TooLarge,
        }
    }

    /// The refusal as `heapgame check` words it, for `game`.
    pub fn error(&self, game: &Game) -> CheckError {
        let ruleset = game.checked.name.clone();
        match *self {
            BoxRefusal::Missing(MissingBound::Max) => CheckError::NoMax { ruleset },
            BoxRefusal::Missing(MissingBound::Heaps) => CheckError::NoHeaps { ruleset },
            BoxRefusal::TooLarge {
                positions, most, ..
            } => CheckError::LineTooLarge { positions, most },
        }
    }
}

/// The box of a run of `game` over its `check` line `line` (`None`: the file has none), the
/// largest heap and the most heaps `given` (each replacing the line's), chosen as `boxes` says.
pub fn check_box(
    game: &Game,
    line: Option<&CheckRun>,
    given: (Option<u32>, Option<usize>),
    boxes: Boxes,
) -> Result<Bounds, BoxRefusal> {
    let (max, heaps) = given;
    let resolve =
        |l: Option<&CheckRun>| Bounds::resolve(game, max, heaps, l).map_err(BoxRefusal::Missing);
    let quick = line.and_then(|l| {
        let (max, heaps) = l.quick?;
        Some(CheckRun {
            max,
            heaps: heaps.or(l.heaps),
            ..l.clone()
        })
    });
    match boxes {
        Boxes::Full => resolve(line),
        Boxes::Quick => resolve(quick.as_ref().or(line)),
        Boxes::AtMost(most) => {
            let size = |b: Bounds| box_size(game.shape(), b.max, b.heaps);
            let full = resolve(line)?;
            if size(full).is_some_and(|n| n <= most) {
                return Ok(full);
            }
            if let Some(q) = quick.as_ref().map(|q| resolve(Some(q))).transpose()? {
                if size(q).is_some_and(|n| n <= most) {
                    return Ok(q);
                }
            }
            Err(BoxRefusal::TooLarge {
                positions: size(full),
                most,
                quick: quick.is_some(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check_box, BoxRefusal, Boxes};
    use crate::verify::{Bounds, MissingBound};
    use crate::Game;

    /// Two heaps of Nim with the `check` line `line`.
    fn nim2(line: &str) -> Game {
        let text = format!(
            "ruleset \"Nim2\" {{\n  heaps 2\n  move {{ take 1.. from one heap }}\n  {line}\n}}\n"
        );
        Game::from_source("nim2.game", &text, &[]).expect("a ruleset")
    }

    /// The positions (a, b) with a <= b <= max, counted one by one.
    fn pairs(max: u32) -> u128 {
        (0..=max).map(|b| u128::from(b) + 1).sum()
    }

    #[test]
    fn a_box_over_the_limit_falls_back_to_its_quick_bounds() {
        let game = nim2("check max 1000 quick max 100");
        let line = game.checked.check_runs.first();
        let most = pairs(100);
        assert!(pairs(1000) > most);
        let at_most = check_box(&game, line, (None, None), Boxes::AtMost(most));
        assert_eq!(at_most, Ok(Bounds { max: 100, heaps: 2 }));
        // Within the limit, the full box; `Full` and `Quick` whatever its size.
        let roomy = check_box(&game, line, (None, None), Boxes::AtMost(pairs(1000)));
        assert_eq!(
            roomy,
            Ok(Bounds {
                max: 1000,
                heaps: 2
            })
        );
        let full = check_box(&game, line, (None, None), Boxes::Full);
        assert_eq!(
            full,
            Ok(Bounds {
                max: 1000,
                heaps: 2
            })
        );
        let quick = check_box(&game, line, (None, None), Boxes::Quick);
        assert_eq!(quick, Ok(Bounds { max: 100, heaps: 2 }));
        // The quick box one position over the limit: refused, with the full box's size.
        let refused = check_box(&game, line, (None, None), Boxes::AtMost(most - 1));
        let too_large = BoxRefusal::TooLarge {
            positions: Some(pairs(1000)),
            most: most - 1,
            quick: true,
        };
        assert_eq!(refused, Err(too_large));
        assert_eq!(too_large.code().as_str(), "heapgame::too_large");
    }

    #[test]
    fn a_box_over_the_limit_without_quick_bounds_is_refused() {
        let game = nim2("check max 1000");
        let line = game.checked.check_runs.first();
        let refused = check_box(&game, line, (None, None), Boxes::AtMost(200_000));
        assert_eq!(
            refused,
            Err(BoxRefusal::TooLarge {
                positions: Some(pairs(1000)),
                most: 200_000,
                quick: false,
            })
        );
        // `Quick` without quick bounds is the line's box.
        let quick = check_box(&game, line, (None, None), Boxes::Quick);
        assert_eq!(
            quick,
            Ok(Bounds {
                max: 1000,
                heaps: 2
            })
        );
        // A largest heap given replaces the line's, and its box is within the limit.
        let given = check_box(&game, line, (Some(10), None), Boxes::AtMost(200_000));
        assert_eq!(given, Ok(Bounds { max: 10, heaps: 2 }));
    }

    #[test]
    fn no_bounds_is_a_missing_bound() {
        let game = nim2("");
        let refused = check_box(&game, None, (None, None), Boxes::AtMost(10));
        assert_eq!(refused, Err(BoxRefusal::Missing(MissingBound::Max)));
        assert_eq!(
            refused.unwrap_err().code().as_str(),
            "heapgame::check_bound"
        );
    }
}
