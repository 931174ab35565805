//! The moves of a game as the page's solves see them: each position whose followers are
//! generated is counted, and the count reported to the page every few thousand positions.

use std::cell::Cell;

use heapgame::moves::{Followers, Generator, MoveError, Scratch};
use heapgame::solver::GameRules;

/// Called with a count of positions expanded so far, now and then during a long solve.
pub type Progress<'a> = &'a dyn Fn(usize);

/// How often (in positions expanded) progress is reported.
const REPORT_EVERY: usize = 4096;

/// The moves of a game, counting the positions whose followers are generated and reporting
/// the count to the page.
pub struct Watched<'a> {
    /// The game's moves.
    pub gen: &'a Generator,
    seen: Cell<usize>,
    report: Progress<'a>,
}

impl<'a> Watched<'a> {
    /// The moves of `gen`, reporting to `report`.
    pub fn new(gen: &'a Generator, report: Progress<'a>) -> Self {
        Watched {
            gen,
            seen: Cell::new(0),
            report,
        }
    }

    fn tick(&self) {
        let n = self.seen.get() + 1;
        self.seen.set(n);
        if n.is_multiple_of(REPORT_EVERY) {
            (self.report)(n);
        }
    }
}

impl GameRules for Watched<'_> {
    type Scratch = Scratch;
    type Error = MoveError;
    fn followers(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
    ) -> Result<(), MoveError> {
        self.tick();
        self.gen.followers(pos, s, out)
    }
    fn followers_until(
        &self,
        pos: &[u32],
        s: &mut Scratch,
        out: &mut Followers,
        probe: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<bool, MoveError> {
        self.tick();
        self.gen.followers_until(pos, s, out, probe)
    }
}
