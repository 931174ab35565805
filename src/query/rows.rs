//! A solved box ([`Solved`]) read as data, row by row, so that a front end writes it without
//! reaching below the query floor: every position the ruleset allows, in the order of
//! `each_position`, with its outcome and Grundy value (each read by its rank or, for a sum,
//! computed by XOR) or, for a loopy game, Smith's value ([`Solved::rows`]); and, when few, the
//! P-positions alone, sorted from their ranks ([`Solved::sorted_p`]). Both look at the solve's
//! budget every 2^16 positions, so that Ctrl-C and the deadline stop a long listing too.

use crate::game::Game;
use crate::solver::loopy::LoopyValue;
use crate::solver::modes::{Listed, ModeUsed};
use crate::solver::positions::{box_walk, BoxWalk};
use crate::solver::Stop;

use super::table::{Solved, Table};

/// How often (in positions) a listing looks at the budget.
const LOOK_EVERY: u64 = 1 << 16;

/// One position of a solved box.
#[derive(Debug)]
pub enum Row<'a> {
    /// A position's outcome, and its Grundy value when the box was solved for them.
    Values {
        /// The position.
        position: &'a [u32],
        /// Whether it is a P-position.
        is_p: bool,
        /// Its Grundy value, when asked.
        grundy: Option<u32>,
    },
    /// A loopy game's position and Smith's value.
    Loopy {
        /// The position.
        position: &'a [u32],
        /// Its value.
        value: &'a LoopyValue,
    },
}

/// A box's P-positions alone ([`Solved::sorted_p`]).
#[derive(Debug)]
pub struct PPositions {
    /// The P-positions, in the order of `each_position`.
    pub positions: Vec<Vec<u32>>,
    /// How many positions of the box are not P-positions.
    pub others: u64,
}

/// The rows of a solved box, one at a time ([`Rows::advance`]).
pub struct Rows<'a> {
    solved: &'a Solved,
    game: &'a Game,
    grundy: bool,
    walk: BoxWalk,
    /// The position of the last row (the walk's, copied).
    cur: Vec<u32>,
    /// Positions walked (the loopy roots read).
    seen: u64,
}

impl Rows<'_> {
    /// The next row; `Err` when the budget stopped the listing (Ctrl-C, the deadline).
    pub fn advance(&mut self) -> Option<Result<Row<'_>, Stop>> {
        let spec = &self.solved.planned.spec;
        match &self.solved.table {
            Table::Values(listed) => {
                loop {
                    if let Err(stop) = self.look() {
                        return Some(Err(stop));
                    }
                    let p = self.walk.advance()?;
                    if self.game.allows(p) {
                        self.cur.clear();
                        self.cur.extend_from_slice(p);
                        break;
                    }
                }
                let (is_p, grundy) = listed.at(spec, &self.cur, self.grundy);
                Some(Ok(Row::Values {
                    position: &self.cur,
                    is_p,
                    grundy,
                }))
            }
            Table::Loopy { roots, solution } => loop {
                if let Err(stop) = self.look() {
                    return Some(Err(stop));
                }
                let p = roots.get(usize::try_from(self.seen - 1).ok()?)?;
                // The region holds every root.
                if let Some(value) = solution.value_of(p) {
                    return Some(Ok(Row::Loopy { position: p, value }));
                }
            },
        }
    }

    /// One more position walked; the budget looked at every [`LOOK_EVERY`].
    fn look(&mut self) -> Result<(), Stop> {
        let n = self.seen;
        self.seen += 1;
        if n.is_multiple_of(LOOK_EVERY) {
            self.solved.budget.interrupted()?;
        }
        Ok(())
    }
}

impl Solved {
    /// The box's rows, with Grundy values when `grundy` (the box solved for them).
    pub fn rows<'a>(&'a self, game: &'a Game, grundy: bool) -> Rows<'a> {
        let (_, walk) = box_walk(game.shape(), self.planned.spec.max, self.planned.k);
        Rows {
            solved: self,
            game,
            grundy,
            walk,
            cur: Vec::new(),
            seen: 0,
        }
    }

    /// The mode that solved the box and the kernel if one did; `None` for a loopy game's.
    pub fn solved_by(&self) -> Option<(ModeUsed, Option<&'static str>)> {
        match &self.table {
            Table::Values(listed) => Some(listed.solved_by()),
            Table::Loopy { .. } => None,
        }
    }

    /// The box's P-positions alone, in the order of `each_position`, and how many positions
    /// are not, when the box is tabulated, lists every position of its walk (no `positions
    /// where`), and holds at most `most` P-positions; else `None` (then [`Solved::rows`]).
    pub fn sorted_p(&self, game: &Game, most: usize) -> Option<Result<PPositions, Stop>> {
        let Table::Values(Listed::Box(values)) = &self.table else {
            return None;
        };
        let spec = &self.planned.spec;
        let (size, _) = box_walk(game.shape(), spec.max, self.planned.k);
        let restricted = game.generator().positions.is_some();
        if size != Some(spec.len() as u128) || restricted {
            return None;
        }
        let ps = values.p_ranks().take(most + 1).count();
        if ps > most {
            return None;
        }
        let mut list: Vec<Vec<u32>> = Vec::with_capacity(ps);
        for (n, r) in (0u64..).zip(values.p_ranks()) {
            if n.is_multiple_of(LOOK_EVERY) {
                if let Err(stop) = self.budget.interrupted() {
                    return Some(Err(stop));
                }
            }
            let mut p = Vec::new();
            spec.unrank(r, &mut p);
            list.push(p);
        }
        list.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        Some(Ok(PPositions {
            positions: list,
            others: (spec.len() - ps) as u64,
        }))
    }
}
