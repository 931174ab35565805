//! The limits of a question, decided once for every front end: what the user set (a position
//! limit, a memory limit, `force`) and the memory the platform leaves ([`Room`]: the
//! machine's for the command line and the REPL, the page's for the playground, none for a
//! library call), resolved into plain values the solver takes (`Limits::cap`), which give
//! the bounds of a solve at what it spends a position (the most positions stored, the memory
//! limit, each with the words that say what set it), and the refusals, unless forced, of a
//! position whose followers alone prove the run cannot finish ([`Limits::refuse_position`]); the
//! refusal of a search whose region is proven past its position limit is `region.rs`'s. For one
//! position, [`Limits::position`] decides the whole plan of its solve in one pass (its bounds,
//! its refusal, whether it is a sum, a kernel's box in reach, the quotient, the search's
//! refusal), each fact asked once, for the solver's route to run in one call.

#[cfg(feature = "cli")]
use crate::estimate::Estimate;
use crate::estimate::{show_bytes as show_bytes_f64, PositionFacts};
use crate::game::{show_position, Game};
use crate::ruleset::diag::LoadError;
pub use crate::solver::bounds::Bounds;
use crate::solver::bounds::{Cap, Otherwise};
use crate::solver::one::kernel_box;
use crate::solver::position::PositionPlan;
use crate::solver::sum::is_sum;
use crate::solver::{Budget, Play};

/// A limit the user set, with the words that say so in the front end's terms
/// (`--max-positions 1000`, `max_memory=1000000`, "the 4 GB a WebAssembly page can address").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit<T> {
    /// The limit.
    pub value: T,
    /// What set it, in words.
    pub why: String,
}

/// The memory a run may take beyond what the user set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Room {
    /// The process may take `bytes` more (`source` says what bounds it: "available", "the
    /// cgroup's memory limit leaves"), and holds `in_use` now.
    Known {
        /// The bytes it may still take.
        bytes: u64,
        /// What bounds them, in words.
        source: String,
        /// The bytes in use now.
        in_use: u64,
    },
    /// The platform could not say: a default position limit of [`UNKNOWN_POSITIONS`], no
    /// memory limit.
    Unknown,
    /// No default: only the limits the caller set bound the run (a library call).
    Unbounded,
    /// A default position limit of the platform's (the playground's), which bounds the search
    /// as a limit set does but, not being the user's, never a kernel's box
    /// ([`Limits::box_positions`]); no memory beyond what is set.
    Positions(Limit<usize>),
}

/// The position limit when the memory is [`Room::Unknown`].
pub(crate) const UNKNOWN_POSITIONS: usize = 100_000_000;

/// What a front end passes: the limits the user set and the platform's room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most positions stored, when set.
    pub max_positions: Option<Limit<usize>>,
    /// The most memory, in bytes, when set.
    pub max_memory: Option<Limit<u64>>,
    /// Start even a run that is refused beforehand (the limits still stop it).
    pub force: bool,
    /// The memory the platform leaves.
    pub room: Room,
}

/// What the solve of one position runs within ([`Limits::position`]).
#[derive(Debug)]
pub(crate) struct Within<'a> {
    /// Its bounds (they come back with a failure).
    pub(crate) bounds: Bounds,
    /// Its plan, for the solver's route ([`crate::solver::position::evaluate`]).
    pub(crate) plan: PositionPlan<'a, LoadError>,
}

/// Bytes one stored position takes, estimated: the memo entry (a boxed key of 16 bytes and
/// an 8-byte value, with the table's control byte, load factor 7/8 and doubling slack), the
/// key's own allocation, and for `solve` the row of the table. Measured with
/// `/usr/bin/time -f %M` on `solve rulesets/classic/wythoff.game --max 1000` (501 501
/// positions): 98 MB above the start, about 196 bytes a position; 3-heap Nim up to 60: 160.
pub(crate) fn bytes_per_position(heaps: usize) -> u64 {
    (heaps as u64).saturating_mul(8).saturating_add(192)
}

/// The most heaps of a position the solve of `pos` stores: one for a disjunctive sum (it
/// stores the single heaps' sequence), else the shape's count, or for `heaps any` the heaps of
/// `pos` (or its tokens, when moves split heaps).
pub(crate) fn heaps_stored(game: &Game, pos: &[u32]) -> usize {
    heaps_given(game, pos, is_sum(game.generator()))
}

/// [`heaps_stored`], `sum` whether the ruleset is a disjunctive sum (the caller asked it).
fn heaps_given(game: &Game, pos: &[u32], sum: bool) -> usize {
    if sum {
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
                .any(|s| {
                    matches!(
                        s.kind,
                        crate::moves::program::LStepKind::Split { .. }
                            | crate::moves::program::LStepKind::SplitEqual(_)
                    )
                });
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

/// Bytes in words: "5.6 GB".
pub fn show_bytes(b: u64) -> String {
    show_bytes_f64(b as f64)
}

impl Limits {
    /// No limit set, `room` the platform's.
    pub fn with_room(room: Room) -> Limits {
        Limits {
            max_positions: None,
            max_memory: None,
            force: false,
            room,
        }
    }

    /// The most positions a kernel's box may hold: the position limit the user set; `None`
    /// (a default limit bounds the search only): the box is weighed by its bytes against the
    /// memory limit alone.
    pub(crate) fn box_positions(&self) -> Option<usize> {
        self.max_positions.as_ref().map(|l| l.value)
    }

    /// The memory limit: the one set, else what is in use and three quarters of the room.
    pub(crate) fn memory(&self) -> Option<(u64, String)> {
        match (&self.max_memory, &self.room) {
            (Some(m), _) => Some((m.value, m.why.clone())),
            (
                None,
                Room::Known {
                    bytes,
                    source,
                    in_use,
                },
            ) => Some((
                in_use.saturating_add(bytes / 4 * 3),
                format!(
                    "the default, three quarters of the {} {source}",
                    show_bytes(*bytes)
                ),
            )),
            (None, _) => None,
        }
    }

    /// The bounds of the solve of `pos` (`eval`'s, the REPL's `:limit` shows them): those of
    /// the heaps it stores ([`heaps_stored`]).
    pub fn for_position(&self, game: &Game, pos: &[u32]) -> Bounds {
        self.for_heaps(heaps_stored(game, pos))
    }

    /// The bounds of a solve of positions with at most `heaps` heaps, stored in a memo at
    /// [`bytes_per_position`].
    pub(crate) fn for_heaps(&self, heaps: usize) -> Bounds {
        self.at(bytes_per_position(heaps).saturating_mul(8))
    }

    /// The limits as the solver takes them: plain values, each limit with the words that say
    /// what set it ([`Cap`]).
    pub(crate) fn cap(&self) -> Cap {
        let set = match (&self.max_positions, &self.room) {
            (Some(n), _) | (None, Room::Positions(n)) => Some(n),
            (None, _) => None,
        };
        let otherwise = match &self.room {
            Room::Known { bytes, source, .. } => Otherwise::Half {
                bytes: *bytes,
                words: format!("the default, half of the {} {source}", show_bytes(*bytes)),
            },
            Room::Unknown => Otherwise::Fixed(
                UNKNOWN_POSITIONS,
                "the default when the available memory is unknown".to_string(),
            ),
            Room::Unbounded | Room::Positions(_) => {
                Otherwise::Fixed(usize::MAX, "no limit".to_string())
            }
        };
        Cap {
            positions: set.map(|n| (n.value, n.why.clone())),
            memory_set: (self.max_memory.as_ref()).map(|m| (m.value, m.why.clone())),
            memory: self.memory(),
            otherwise,
            force: self.force,
        }
    }

    /// The bounds of a solve that stores a position in `bits` bits ([`Cap::at`]).
    pub(crate) fn at(&self, bits: u64) -> Bounds {
        self.cap().at(bits)
    }

    /// The plan of the solve of `pos`, decided in one pass that goes down the floors, each
    /// fact asked once: first the estimate's ([`PositionFacts`]: whether the ruleset is a sum,
    /// the followers counted, the positions its search must store), then the solver's. The
    /// bounds of the heaps it stores ([`Limits::for_position`]) and `hooks` (a front end's
    /// budget: Ctrl-C, progress, the deadline) tightened to them; refused first, unless
    /// forced, when the position's followers alone prove the run cannot finish
    /// ([`Limits::refuse_position`]); a kernel's box in reach, within the position limit the
    /// user set alone ([`Limits::box_positions`]); whether the misère quotient may be tried;
    /// the search's refusal when its region is proven past its limit.
    pub(crate) fn position<'a>(
        &self,
        game: &'a Game,
        pos: &'a [u32],
        hooks: &Budget,
    ) -> Result<Within<'a>, LoadError> {
        let (gen, play) = (game.generator(), game.play());
        let facts = PositionFacts::of(gen, pos, play);
        if !self.force {
            let what = format!("solving {}", show_position(pos));
            let memory = self.memory();
            let memory = memory.as_ref().map(|(cap, why)| (*cap, why.as_str()));
            if let Some(d) = facts.refusal(&what, memory) {
                return Err(LoadError::single(game.src.clone(), d));
            }
        }
        let sum = facts.sum;
        let bounds = self.for_heaps(heaps_given(game, pos, sum));
        let budget = bounds.tighten(hooks);
        // A kernel's box: a position limit the user set bounds it, a default one does not
        // (the box is weighed by its own bytes against the memory limit).
        let box_budget = Budget {
            max_positions: self.box_positions(),
            ..budget.clone()
        };
        let kernel = kernel_box(gen, play, pos, &box_budget);
        let refused = self.refuse_search(game, (pos, &facts), (&bounds, &budget));
        let plan = PositionPlan {
            gen,
            play,
            pos,
            kernel,
            quotient: play == Play::Misere && sum && pos.len() > 1,
            refused: refused.err(),
            budget,
        };
        Ok(Within { bounds, plan })
    }

    /// Refuses, unless forced, a run whose first position proves it cannot finish: more
    /// followers than can be generated, or held within the memory limit
    /// ([`Estimate::refusal`]); `what` names the run ("solving (3, 5)"). The command line's
    /// alone (its `solve` and `sequence` estimates).
    #[cfg(feature = "cli")]
    pub(crate) fn refuse(&self, game: &Game, e: &Estimate, what: &str) -> Result<(), LoadError> {
        if self.force {
            return Ok(());
        }
        let memory = self.memory();
        let memory = memory.as_ref().map(|(cap, why)| (*cap, why.as_str()));
        match e.refusal(what, memory) {
            Some(d) => Err(LoadError::single(game.src.clone(), d)),
            None => Ok(()),
        }
    }

    /// [`Limits::refuse`] for the solve of the canonical position `pos` in the game's play,
    /// as `eval`, the REPL and the playground ask it.
    pub fn refuse_position(&self, game: &Game, pos: &[u32]) -> Result<(), LoadError> {
        self.position(game, pos, &Budget::default()).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(pos: Option<usize>, mem: Option<u64>) -> Limits {
        Limits {
            max_positions: pos.map(|n| Limit {
                value: n,
                why: format!("--max-positions {n}"),
            }),
            max_memory: mem.map(|m| Limit {
                value: m,
                why: format!("--max-memory {m}"),
            }),
            force: false,
            room: Room::Unknown,
        }
    }

    #[test]
    fn a_positions_bounds_follow_its_heaps_and_keep_a_tighter_limit() {
        // 2 heaps: 208 bytes a position; 8 heaps more: a fixed four-heap limit fits neither.
        let text = include_str!("../../rulesets/classic/greedy-nim.game");
        let game = Game::from_source("greedy-nim.game", text, &[]).expect("greedy nim");
        let l = limits(None, Some(208 * 1000));
        let hooks = Budget::default();
        for pos in [vec![1, 2], vec![1, 2, 3, 4, 5, 6, 7, 8]] {
            let b = l.for_position(&game, &pos).tighten(&hooks);
            assert_eq!(
                b.max_positions,
                Some(l.for_position(&game, &pos).max_positions)
            );
        }
        let two = l.for_position(&game, &[1, 2]).tighten(&hooks).max_positions;
        let eight = l.for_position(&game, &[1; 8]).tighten(&hooks).max_positions;
        assert!(eight < two, "{eight:?} {two:?}");
        // A tighter limit of the hooks' own is kept.
        let tight = Budget::with_limit(Some(10));
        assert_eq!(
            l.for_position(&game, &[1, 2]).tighten(&tight).max_positions,
            Some(10)
        );
    }

    #[test]
    fn a_position_is_planned_before_its_route() {
        let load = |text: &str| Game::from_source("t.game", text, &[]).expect("a ruleset");
        let wythoff = load(include_str!("../../rulesets/classic/wythoff.game"));
        let kayles = load(include_str!("../../rulesets/classic/kayles.game"));
        let (l, hooks) = (limits(None, None), Budget::default());
        // Wythoff's box of heaps <= 2000 is within a kernel's reach, and the search's
        // region (about 1501 * 2001 / 2 positions) within the default limit.
        let w = l
            .position(&wythoff, &[1500, 2000], &hooks)
            .expect("planned");
        assert!(w.plan.kernel.is_some() && !w.plan.quotient && w.plan.refused.is_none());
        // 50 positions: the box of heaps <= 400 holds more, and the search, one token at a
        // time, reaches more; unless forced, it is refused.
        let tight = limits(Some(50), None);
        let w = tight
            .position(&wythoff, &[300, 400], &hooks)
            .expect("planned");
        assert!(w.plan.kernel.is_none() && w.plan.refused.is_some());
        let forced = Limits {
            force: true,
            ..tight
        };
        let w = forced
            .position(&wythoff, &[300, 400], &hooks)
            .expect("planned");
        assert!(w.plan.refused.is_none());
        // Kayles is a sum of its heaps: one heap stored a position; in misère play the
        // quotient may be tried for more than one heap, never in normal play.
        let normal = l.position(&kayles, &[5, 7, 9], &hooks).expect("planned");
        assert_eq!(normal.bounds.max_positions, l.for_heaps(1).max_positions);
        assert!(!normal.plan.quotient && normal.plan.kernel.is_none());
        let mut misere = load(include_str!("../../rulesets/classic/kayles.game"));
        misere.set_play(Play::Misere);
        assert!(
            l.position(&misere, &[5, 7, 9], &hooks)
                .expect("3")
                .plan
                .quotient
        );
        assert!(!l.position(&misere, &[9], &hooks).expect("1").plan.quotient);
        // 10 heaps of 100, each move taking from any of them: 10^20 followers, refused
        // before anything else is asked.
        let exploding = load(include_str!("../../tests/inputs/errors/exploding.game"));
        assert!(l.position(&exploding, &[100; 10], &hooks).is_err());
    }

    #[test]
    fn limits_take_the_smaller() {
        // 2 heaps: 208 bytes a position.
        let l = limits(Some(1000), Some(208 * 500)).for_heaps(2);
        assert_eq!(l.max_positions, 500);
        assert!(l.why.contains("--max-memory"), "{}", l.why);
        let l = limits(Some(100), Some(208 * 500)).for_heaps(2);
        assert_eq!(l.max_positions, 100);
        assert_eq!(l.why, "--max-positions 100");
        let l = limits(None, None).for_heaps(2);
        assert_eq!(l.max_positions, UNKNOWN_POSITIONS);
        let mut unbounded = limits(None, None);
        unbounded.room = Room::Unbounded;
        assert_eq!(unbounded.for_heaps(2).max_positions, usize::MAX);
        assert_eq!(unbounded.memory(), None);
        // The default memory limit: what is in use and three quarters of the room.
        let mut known = limits(None, None);
        known.room = Room::Known {
            bytes: 8000,
            source: "available".to_string(),
            in_use: 100,
        };
        assert_eq!(known.memory().map(|m| m.0), Some(6100));
        // Half the room at 208 bytes a position.
        assert_eq!(known.for_heaps(2).max_positions, 4000 / 208);
        // A platform's default position limit bounds the search as one set does, but a
        // kernel's box only when the user set it.
        let mut page = limits(None, None);
        page.room = Room::Positions(Limit {
            value: 1000,
            why: "the page's default".to_string(),
        });
        assert_eq!(page.for_heaps(2).max_positions, 1000);
        assert_eq!(page.for_heaps(2).why, "the page's default");
        assert_eq!(page.box_positions(), None);
        assert_eq!(limits(Some(1000), None).box_positions(), Some(1000));
    }
}
