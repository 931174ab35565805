//! The play convention: normal play (the player who cannot move loses) or misère play (the
//! player who makes the last move loses). In misère play the solver's values are the misère
//! nim values g^- (1 at a terminal position, else the mex of the followers' g^-), and a
//! position is P exactly where g^- = 0; sums are not XORs, so every fast mode that assumes
//! normal play (the sum oracle, the kernels, the parallel layers) is bypassed.

use std::fmt;

/// Which player wins when no move is left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses (the last player to move wins).
    #[default]
    Normal,
    /// The player who cannot move wins (the last player to move loses).
    Misere,
}

impl Play {
    /// The name as written in a file, on the command line and in JSON: `normal`, `misere`.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }

    /// The name in prose: `normal play`, `misère play`.
    pub fn describe(self) -> &'static str {
        match self {
            Play::Normal => "normal play (the last player to move wins)",
            Play::Misere => "misère play (the last player to move loses)",
        }
    }

    /// Reads `normal` or `misere` (also `misère`).
    pub fn parse(s: &str) -> Option<Play> {
        match s {
            "normal" => Some(Play::Normal),
            "misere" | "misère" => Some(Play::Misere),
            _ => None,
        }
    }

    /// The value of a position with no move: 0 in normal play, 1 in misère play.
    pub fn terminal_value(self) -> u32 {
        match self {
            Play::Normal => 0,
            Play::Misere => 1,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
