//! `check`: every claim of a ruleset against the solver, over every position of a region (a
//! box, a total, samples: `region.rs`), in the fixed order; for each claim, how many positions it held on, or its first counterexample with
//! an explanation.

use super::branches::Tracker;
use super::claim::{case_hits, eval_claim, known, ClaimError, ClaimValue, Known, Needs};
pub(crate) use super::claim_report::one_line;
pub use super::claim_report::{CaseReport, ClaimReport, Failure, Seen};
use super::error::claim_error;
use super::region::Region;
use super::{Bounds, CheckError};
use crate::game::Game;
use crate::moves::{Generator, Interrupt, MoveError};
use crate::solver::loopy::LoopySolution;
use crate::solver::{Budget, Outcome, Play, SolveError, Solver};

/// The result of checking one ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The ruleset's name.
    pub ruleset: String,
    /// Its parameters and their values, as shown.
    pub params: Vec<(String, String)>,
    /// The box (for a total: the total as `max`; for samples: their largest heap).
    pub bounds: Bounds,
    /// The region visited, in words ("every heap <= 40", "total <= 96").
    pub region: String,
    /// Positions in the region.
    pub positions: u64,
    /// What the positions compared reached.
    pub seen: Seen,
    /// One report per claim, in order.
    pub claims: Vec<ClaimReport>,
    /// Why the run stopped before the end of its region (the time or position limit), with
    /// how far it got; `None` when it went through.
    pub stopped: Option<String>,
    /// Every claim had failed after this many positions, and the run ended there (the
    /// counts of counterexamples are of those positions).
    pub ended_failed: Option<u64>,
}

impl CheckReport {
    /// Whether every claim held.
    pub fn holds(&self) -> bool {
        self.claims.iter().all(ClaimReport::as_stated)
    }
}

/// Checks every claim of `game` over the positions within `bounds`, each claim left at its
/// first counterexample the file does not name (`guess` verifies its guesses so: a guess
/// that fails is dropped, however often it fails).
pub fn check_claims(
    game: &Game,
    bounds: Bounds,
    budget: Budget,
) -> Result<CheckReport, CheckError> {
    let region = Region::Box(bounds);
    let positions = listed(game, &region, &budget)?;
    let what = with_play(game.play(), region.describe(game.shape()));
    check_listed(game, &positions, bounds, what, budget, false)
}

/// Checks every claim of `game` over the positions of `region`. The time or position limit
/// of `budget` ends the run early with a report of how far it got (`stopped`).
pub fn check_region(
    game: &Game,
    region: &Region,
    budget: Budget,
) -> Result<CheckReport, CheckError> {
    let positions = listed(game, region, &budget)?;
    let bounds = match *region {
        Region::Box(b) => b,
        Region::Total { total, heaps } => Bounds { max: total, heaps },
        Region::Samples { max, heaps, .. } => Bounds { max, heaps },
    };
    let what = with_play(game.play(), region.describe(game.shape()));
    check_positions(game, &positions, bounds, what, budget)
}

/// The positions of `region` that `game` allows, in the order to visit them.
fn listed(game: &Game, region: &Region, budget: &Budget) -> Result<Vec<Vec<u32>>, CheckError> {
    let mut positions = region.positions_within(game.shape(), budget).map_err(|e| {
        CheckError::region(e, Some("lower --max, --total or --samples (or --heaps)"))
    })?;
    positions.retain(|p| game.allows(p));
    Ok(positions)
}

/// Checks every claim of `game` over `positions` (canonical, in the order to visit them):
/// a region's, or those a `check over` line names. `bounds` and `region` describe them.
/// A claim that failed is still compared while another claim is open, its counterexamples
/// counted; the run ends when every claim has failed (the solving of the rest would serve
/// only the counts), and says so (`ended_failed`).
pub(crate) fn check_positions(
    game: &Game,
    positions: &[Vec<u32>],
    bounds: Bounds,
    region: String,
    budget: Budget,
) -> Result<CheckReport, CheckError> {
    check_listed(game, positions, bounds, region, budget, true)
}

/// [`check_positions`]; `exhaustive`: a claim that failed is still compared (else left at its
/// first failure). The run ends when every claim has one.
fn check_listed(
    game: &Game,
    positions: &[Vec<u32>],
    bounds: Bounds,
    region: String,
    budget: Budget,
    exhaustive: bool,
) -> Result<CheckReport, CheckError> {
    let mut c = Checker::new(game, budget);
    c.exhaustive = exhaustive;
    c.set_region(positions);
    let mut stopped = None;
    let mut ended_failed = None;
    for (i, pos) in positions.iter().enumerate() {
        if c.all_failed() {
            // With no claims (a file of family claims), there is nothing to compare.
            ended_failed = (!c.claims.is_empty()).then_some(i as u64);
            break;
        }
        match c.visit(pos) {
            Ok(()) => {}
            Err(Halt::Deadline) => {
                stopped = Some(format!(
                    "stopped at the time limit after {i} of {} positions",
                    positions.len()
                ));
                break;
            }
            Err(Halt::Limit(limit)) => {
                return Err(CheckError::solve(game, &SolveError::Limit { limit }));
            }
            Err(Halt::Error(e)) => return Err(e),
        }
    }
    Ok(CheckReport {
        ruleset: game.checked.name.clone(),
        params: params_shown(game),
        bounds,
        region,
        positions: positions.len() as u64,
        seen: c.seen,
        claims: c.claims,
        stopped,
        ended_failed,
    })
}

/// A game's parameters and their values, as shown.
pub fn params_shown(game: &Game) -> Vec<(String, String)> {
    game.checked
        .params
        .iter()
        .map(|(n, v)| (n.clone(), v.to_string()))
        .collect()
}

/// Why a visit ended a run.
pub enum Halt {
    /// The deadline passed.
    Deadline,
    /// The position limit (this many) was reached.
    Limit(usize),
    /// Anything else: bad input, a claim that cannot be evaluated.
    Error(CheckError),
}

/// The claims of a game and what is known of each so far, with one solver kept across all the
/// positions (and regions) visited.
pub struct Checker<'g> {
    pub(super) game: &'g Game,
    pub(super) solver: Solver<'g, Generator>,
    pub(super) budget: Budget,
    /// The budget's stop check, asked inside the claims' quantifiers.
    stop: Option<Interrupt>,
    pub(super) needs: Needs,
    /// What each claim reads of a position, and the most heaps its `when` allows
    /// ([`super::scope`]).
    pub(super) scopes: Vec<(Needs, Option<usize>)>,
    /// One report per claim, in order.
    pub claims: Vec<ClaimReport>,
    /// The branches of each claim not taken yet ([`Tracker`]).
    tracker: Tracker,
    /// A loopy game (normal play, the search met a cycle): Smith's values of the region
    /// solved so far ([`super::loopy`]), and the positions of the run, solved together.
    pub(super) loopy: Option<LoopySolution>,
    pub(super) roots: Vec<Vec<u32>>,
    /// Whether a claim that failed is still compared, its further counterexamples counted
    /// (a run over one region); otherwise it is left at its first (`--time`: the time goes
    /// to the claims still open).
    pub exhaustive: bool,
    /// What the positions compared so far reached.
    pub seen: Seen,
    /// The time each claim took to be evaluated and compared (the solving of the position
    /// itself, shared by the claims, not counted).
    pub spent: Vec<std::time::Duration>,
    /// The claims left out for now: a deepening run's claim that took its share of the time.
    pub parked: Vec<bool>,
    /// The clock claims are timed on into `spent` (a deepening run's, the front end's).
    pub timed: Option<crate::solver::Clock>,
    /// A box solved at once by a kernel, read before the search ([`super::boxed`]).
    pub(super) table: Option<super::solved::Solved>,
    /// The claims compiled for a sweep of such a box ([`super::sweep`]), once built.
    pub(super) quick: Option<Vec<Option<super::compiled::CompiledClaim>>>,
    /// A sweep asks the interpreter, observed, at every position with heaps <= this of a
    /// claim that has branches not taken yet (the file's `check` box: as a run over it
    /// would); beyond, at one position in [`super::sweep::OBSERVE_EVERY`].
    pub observe_max: u32,
    /// The most positions a kernel's box may hold ([`super::boxed`]): the budget's position
    /// limit unless the caller says the limit bounds the search only (a default limit: the
    /// box is then weighed by its bytes against the memory limit alone).
    pub box_positions: Option<usize>,
}

impl<'g> Checker<'g> {
    /// A checker of every claim of `game`, solving within `budget`.
    pub fn new(game: &'g Game, budget: Budget) -> Checker<'g> {
        let src = game.src.inner();
        let claims: Vec<ClaimReport> = game
            .checked
            .claims
            .iter()
            .map(|c| ClaimReport::new(game, c))
            .collect();
        let mut claims = claims;
        let tracker = Tracker::new(&game.checked.claims, src, |i, list| {
            claims[i].taken = vec![false; list.len()];
            claims[i].branches = list;
        });
        let needs = Needs::of_all(game);
        let mut solver = game.solver();
        solver.set_budget(budget.clone());
        Checker {
            game,
            solver,
            box_positions: budget.max_positions,
            stop: budget.as_interrupt(),
            budget,
            needs,
            scopes: super::claim::scopes(game),
            claims,
            tracker,
            loopy: None,
            roots: Vec::new(),
            exhaustive: false,
            seen: Seen::default(),
            spent: vec![std::time::Duration::ZERO; game.checked.claims.len()],
            parked: vec![false; game.checked.claims.len()],
            timed: None,
            table: None,
            quick: None,
            observe_max: u32::MAX,
        }
    }

    /// The positions the run will visit: a loopy game solves them (and what they reach) at
    /// once when the search meets a cycle.
    /// (Kept only when the moves are not proven to end.)
    pub(crate) fn set_region(&mut self, positions: &[Vec<u32>]) {
        if !self.game.generator().strictly_decreasing() {
            self.roots = positions.to_vec();
        }
    }

    /// Forgets what the solver knows (it reached the position limit on one position): the
    /// next positions start with an empty memo.
    pub(crate) fn forget(&mut self) {
        self.solver = self.game.solver();
        self.solver.set_budget(self.budget.clone());
    }

    /// Replaces the budget (a new deadline), keeping what the solver knows.
    pub fn set_budget(&mut self, budget: Budget) {
        self.solver.set_budget(budget.clone());
        self.stop = budget.as_interrupt();
        self.budget = budget;
    }

    /// Claim `i` at `pos` ([`eval_claim`]), its quantifiers looking at the budget's clock and
    /// cancel flag; observed while it has branches not taken yet, which it marks taken.
    pub(super) fn claim(
        &mut self,
        i: usize,
        pos: &[u32],
        known: &Known,
    ) -> Result<Option<ClaimValue>, Halt> {
        let (game, stop) = (self.game, self.stop.as_deref());
        let c = &mut self.claims[i];
        let r = self.tracker.eval(i, (&c.branches, &mut c.taken), || {
            eval_claim(game, i, pos, known, stop)
        });
        r.map_err(|e| self.claim_halt(i, pos, e))
    }

    /// Whether claim `i` has branches not taken yet ([`Tracker::wants`]).
    pub(super) fn wants_branches(&self, i: usize) -> bool {
        self.tracker.wants(i)
    }

    /// The cases through which claim `i` holds at `pos` ([`case_hits`]), as [`Checker::claim`].
    pub(super) fn hits(&self, i: usize, pos: &[u32], known: &Known) -> Result<Vec<usize>, Halt> {
        case_hits(self.game, i, pos, known, self.stop.as_deref())
            .map_err(|e| self.claim_halt(i, pos, e))
    }

    /// A claim's failure as a halt: a stop of the budget, as a solve's, or a located error.
    fn claim_halt(&self, i: usize, pos: &[u32], e: ClaimError) -> Halt {
        if e.is_interrupted() {
            self.halt(SolveError::Cancelled { stored: 0 })
        } else {
            Halt::Error(claim_error(self.game, i, pos, e))
        }
    }

    /// Whether every claim has a counterexample the file does not name already.
    pub fn all_failed(&self) -> bool {
        self.claims.iter().all(|c| !c.open())
    }

    /// Whether claim `i` is compared at the next position: it has no failure yet, or the run
    /// counts every counterexample.
    pub(super) fn compares(&self, i: usize) -> bool {
        !self.parked[i] && (self.exhaustive || self.claims[i].open())
    }

    /// Whether no claim is compared at the next position (each has failed or is parked).
    pub(crate) fn none_compared(&self) -> bool {
        (0..self.claims.len()).all(|i| !self.compares(i))
    }

    /// A solve's result, with the time and position limits told apart.
    pub(super) fn solved<T>(&self, r: Result<T, SolveError<MoveError>>) -> Result<T, Halt> {
        r.map_err(|e| self.halt(e))
    }

    /// A solve's failure as a halt: the deadline, the position limit, or an error.
    fn halt(&self, e: SolveError<MoveError>) -> Halt {
        match e {
            SolveError::Limit { limit } => Halt::Limit(limit),
            e => self.stopped(CheckError::solve(self.game, &e)),
        }
    }

    /// An error of the comparison (which solves the position a same-type claim names, and
    /// explains a failure): a stop of the budget at its deadline is the deadline, as for a
    /// solve, never a Ctrl-C.
    fn stopped(&self, e: CheckError) -> Halt {
        if e.is_cancelled() && self.budget.past_deadline() {
            Halt::Deadline
        } else {
            Halt::Error(e)
        }
    }

    /// Compares every claim still standing with the solver at `pos`, counted in `seen` once
    /// compared.
    pub fn visit(&mut self, pos: &[u32]) -> Result<(), Halt> {
        self.visit_claims(pos)?;
        self.seen.add(pos);
        Ok(())
    }

    /// [`Checker::visit`], uncounted.
    fn visit_claims(&mut self, pos: &[u32]) -> Result<(), Halt> {
        let game = self.game;
        if self.loopy.is_some() {
            return self.visit_loopy(pos);
        }
        let needs = self.needs_at(pos);
        if let Some((g, is_p)) = self.read_box(pos) {
            let k = known(&mut self.solver, pos, needs, g);
            let known = self.solved(k)?;
            return self.compare_all(pos, &known, is_p);
        }
        let known = match known(&mut self.solver, pos, needs, None) {
            // The moves can return to a position: in normal play, Smith's values.
            Err(SolveError::Cycle(_)) if game.play() == Play::Normal => {
                return self.visit_loopy(pos)
            }
            r => self.solved(r)?,
        };
        let is_p = match known.grundy {
            Some(g) => g == 0,
            None => match self.solver.outcome(pos) {
                Err(SolveError::Cycle(_)) if game.play() == Play::Normal => {
                    return self.visit_loopy(pos)
                }
                r => self.solved(r)? == Outcome::P,
            },
        };
        self.compare_all(pos, &known, is_p)
    }

    /// Every claim still compared at `pos`, each timed ([`Checker::spent`]).
    fn compare_all(&mut self, pos: &[u32], known: &Known, is_p: bool) -> Result<(), Halt> {
        for i in 0..self.claims.len() {
            if !self.compares(i) {
                continue;
            }
            if self.beyond_scope(i, pos) {
                self.claims[i].silent += 1;
                continue;
            }
            let t0 = self.timed.clone().map(|c| (c.now(), c));
            let r = self.compare_one(i, pos, known, is_p);
            self.spent[i] += t0.map_or(std::time::Duration::ZERO, |(t, c)| {
                c.now().saturating_sub(t)
            });
            r?;
        }
        Ok(())
    }

    /// Claim `i` at `pos` compared with what the solver knows (`is_p`: the position is P).
    pub(super) fn compare_one(
        &mut self,
        i: usize,
        pos: &[u32],
        known: &Known,
        is_p: bool,
    ) -> Result<(), Halt> {
        let Some(v) = self.claim(i, pos, known)? else {
            self.claims[i].silent += 1;
            return Ok(());
        };
        // Counted once compared: a halt in the middle leaves the position uncounted.
        let hit = if v.is_true() && !self.claims[i].cases.is_empty() {
            self.hits(i, pos, known)?
        } else {
            Vec::new()
        };
        let failure = (self.compare(i, pos, v, known, is_p)).map_err(|e| self.stopped(e))?;
        let c = &mut self.claims[i];
        c.checked += 1;
        for h in hit {
            c.cases[h].decided += 1;
        }
        c.record(pos, failure);
        Ok(())
    }
}

/// A region's words, led by the play (`normal play, `, `misère play, `), so that a report
/// says which play it used.
pub fn with_play(play: crate::solver::Play, words: String) -> String {
    match play {
        crate::solver::Play::Misere => format!("misère play, {words}"),
        crate::solver::Play::Normal => format!("normal play, {words}"),
    }
}
