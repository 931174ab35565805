//! Claims at the solver's speed (3): a region of a two-heap game whose box a kernel solved
//! ([`super::boxed`]) is swept in the fixed order (fewest tokens, then lexicographic) without
//! listing its positions (those a compiled `positions where` rule excludes skipped): each position's value is read from the box, and each claim compared
//! by its compiled closures ([`super::compiled`]); a claim not compiled, and every position
//! where a compiled claim does not simply agree (a counterexample, a case to count, a position
//! `fails at` names), go through the interpreter as in [`Checker::visit`]. Positions an
//! earlier region covered (every heap <= the largest box, or total <= the largest total) are
//! skipped. A sweep goes chunk by chunk, so that its caller can look at the time and the
//! claims' shares between chunks.

use super::check::{with_play, CheckReport, Checker, Halt};
use super::claim::Known;
use super::compiled::{CompiledClaim, Quick};
use super::region::Region;
use super::{Bounds, CheckError};
use crate::game::Game;
use crate::moves::compiled::{CompiledRule, Regs};
use crate::solver::{Budget, SolveError};

/// Positions swept between two looks at the clock.
const CHUNK: u64 = 1 << 16;

/// The claims' time is taken at one position in this many (a look at the clock costs about
/// as much as a compiled claim), and counted for them all.
const TIMED_EVERY: u64 = 64;

/// Beyond the file's box, a claim with branches not taken yet is observed by the interpreter
/// at one position in this many (every position would cost the interpreter's time wherever a
/// branch can never be taken).
pub(crate) const OBSERVE_EVERY: u64 = 64;

/// Where a sweep stands: the next position's total and first heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    t: u64,
    a: u64,
}

/// A region's two-heap bounds: the largest total and the largest heap.
fn limits(region: &Region) -> Option<(u64, u64)> {
    match *region {
        Region::Box(b) => Some((2 * u64::from(b.max), u64::from(b.max))),
        Region::Total { total, .. } => Some((u64::from(total), u64::from(total))),
        Region::Samples { .. } => None,
    }
}

impl Cursor {
    /// The first position of any region.
    pub fn start() -> Cursor {
        Cursor { t: 0, a: 0 }
    }
}

impl Checker<'_> {
    /// Whether `region` can be swept: two heaps, no `positions where` or one that compiles,
    /// and a box solved by a kernel that holds it.
    pub(crate) fn can_sweep(&self, region: &Region) -> bool {
        let game = self.game;
        let (Some((_, hmax)), Some(t)) = (limits(region), self.table.as_ref()) else {
            return false;
        };
        game.shape().count == Some(2) && self.rule_compiles() && u64::from(t.spec().max) >= hmax
    }

    /// Whether the game has no `positions where` rule, or one the move compiler takes (a
    /// sweep then skips the positions it excludes, as a listing does).
    pub(crate) fn rule_compiles(&self) -> bool {
        let rule = self.game.generator().positions.as_ref();
        rule.is_none_or(|r| CompiledRule::of(r).is_some())
    }

    /// Sweeps `region` from `cur` for about [`CHUNK`] positions (skipping those with every
    /// heap <= `old.0` or total <= `old.1`, and those in `skip`): how many were compared, and
    /// whether the region is done. Call only where [`Checker::can_sweep`] says so.
    pub fn sweep(
        &mut self,
        region: &Region,
        old: (Option<u32>, Option<u32>),
        skip: &[Vec<u32>],
        cur: &mut Cursor,
    ) -> (u64, Result<bool, Halt>) {
        let (tmax, hmax) = limits(region).expect("a box or a total (sweep)");
        let quick = self.quick.take().unwrap_or_else(|| {
            let claims = &self.game.checked.claims;
            claims.iter().map(CompiledClaim::of).collect()
        });
        let rule = self.game.generator().positions.as_ref();
        let rule = rule.and_then(CompiledRule::of);
        let r = self.sweep_with(&quick, rule.as_ref(), (tmax, hmax), old, skip, cur);
        self.quick = Some(quick);
        r
    }

    fn sweep_with(
        &mut self,
        quick: &[Option<CompiledClaim>],
        rule: Option<&CompiledRule>,
        (tmax, hmax): (u64, u64),
        old: (Option<u32>, Option<u32>),
        skip: &[Vec<u32>],
        cur: &mut Cursor,
    ) -> (u64, Result<bool, Halt>) {
        let lower = u64::from(self.game.shape().lower);
        let sorted = self.game.shape().symmetric();
        let (old_max, old_total) = (old.0.map(u64::from), old.1.map(u64::from));
        let mut regs = Regs::default();
        let mut rule_regs = rule.map(CompiledRule::regs);
        let mut n = 0u64;
        while cur.t <= tmax {
            let t = cur.t;
            // Neither heap passes the region's largest (an unsorted pair's first heap too).
            let a_hi = if sorted {
                t / 2
            } else {
                t.saturating_sub(lower).min(hmax)
            };
            if old_total.is_some_and(|o| t <= o) {
                cur.a = u64::MAX;
            }
            cur.a = cur.a.max(lower).max(t.saturating_sub(hmax));
            while cur.a <= a_hi {
                let (a, b) = (cur.a, t - cur.a);
                cur.a += 1;
                if b < lower || old_max.is_some_and(|m| a.max(b) <= m) {
                    continue;
                }
                let pos = [a as u32, b as u32];
                if skip.iter().any(|p| p[..] == pos[..]) {
                    continue;
                }
                // Not a position of the game: no listing holds it (where the closures cannot
                // say, the interpreter decides, as the listing's does).
                if let (Some(rule), Some(rr)) = (rule, rule_regs.as_mut()) {
                    if !rule
                        .allows(&pos, rr)
                        .unwrap_or_else(|_| self.game.allows(&pos))
                    {
                        continue;
                    }
                }
                if let Err(h) = self.sweep_one(quick, &mut regs, &pos, n) {
                    cur.a -= 1;
                    return (n, Err(h));
                }
                n += 1;
                if n.is_multiple_of(4096) && self.budget.past_deadline() {
                    return (n, Err(Halt::Deadline));
                }
                if n >= CHUNK {
                    return (n, Ok(false));
                }
            }
            cur.t += 1;
            cur.a = 0;
        }
        (n, Ok(true))
    }

    /// Every claim compared at `pos`, the `n`th position of this chunk, read from the box.
    /// Each claim's time is taken into [`Checker::spent`] (when the run times claims) at the
    /// positions where the interpreter observes it, and at one other in [`TIMED_EVERY`] for
    /// them all. A claim with branches not taken yet goes through the
    /// interpreter, observed, at every position within [`Checker::observe_max`] and at one in
    /// [`OBSERVE_EVERY`] beyond: its compiled closures record no branch.
    fn sweep_one(
        &mut self,
        quick: &[Option<CompiledClaim>],
        regs: &mut Regs,
        pos: &[u32],
        n: u64,
    ) -> Result<(), Halt> {
        let (g, is_p) = self.read_box(pos).expect("a position of the box (sweep)");
        // Off the observed positions (one in OBSERVE_EVERY): timing a compiled claim there
        // would time the interpreter and count it for all 64 (a claim with a branch no run
        // can take was parked at a twentieth of its reach).
        let sampled = n % TIMED_EVERY == TIMED_EVERY / 2;
        let inside = pos.iter().all(|&h| h <= self.observe_max);
        let observe = inside || n.is_multiple_of(OBSERVE_EVERY);
        for (i, q) in quick.iter().enumerate() {
            if !self.compares(i) {
                continue;
            }
            let observed = q.is_some() && observe && self.wants_branches(i);
            // An observed position is timed for itself; the others one in TIMED_EVERY, for all.
            let weight: u32 = match (observed, sampled) {
                (true, _) => 1,
                (false, true) => TIMED_EVERY as u32,
                (false, false) => 0,
            };
            // The clock cloned only when read (an Arc: two atomic operations a claim and a
            // position otherwise).
            let t0 = (self.timed.as_ref())
                .filter(|_| weight > 0)
                .map(|c| (c.now(), c.clone()));
            let named = || self.claims[i].fails_at.iter().any(|p| p[..] == pos[..]);
            let q = q.as_ref().filter(|_| !observed);
            match q.map(|q| q.quick(regs, pos, g, is_p)) {
                Some(Quick::Silent) => self.claims[i].silent += 1,
                Some(Quick::Agrees) if !named() => self.claims[i].checked += 1,
                Some(Quick::Case(h)) if !named() => {
                    let c = &mut self.claims[i];
                    c.checked += 1;
                    c.cases[h].decided += 1;
                }
                _ => {
                    let known = Known {
                        grundy: g,
                        ..Known::default()
                    };
                    self.compare_one(i, pos, &known, is_p)?;
                }
            }
            if let Some((t0, c)) = t0 {
                self.spent[i] += c.now().saturating_sub(t0) * weight;
            }
        }
        self.seen.add(pos);
        Ok(())
    }
}

/// Checks every claim of a two-heap `game` over every position with heaps <= `max`, the box
/// solved by a kernel and swept ([`Checker::sweep`]); `None` when the game or box does not
/// allow it (no kernel, more heaps, a box too large). The budget's deadline stops it early,
/// said in `stopped`.
pub fn check_box_swept(
    game: &Game,
    max: u32,
    budget: Budget,
) -> Option<Result<CheckReport, CheckError>> {
    let mut c = Checker::new(game, budget);
    c.exhaustive = true;
    let bounds = Bounds { max, heaps: 2 };
    let region = Region::Box(bounds);
    c.solve_box_first(max);
    if !c.can_sweep(&region) {
        return None;
    }
    let mut cur = Cursor::start();
    let (mut swept, mut stopped) = (0u64, None);
    loop {
        let (n, r) = c.sweep(&region, (None, None), &[], &mut cur);
        swept += n;
        match r {
            Ok(true) => break,
            Ok(false) if c.none_compared() => break,
            Ok(false) => {}
            Err(Halt::Deadline) => {
                stopped = Some(format!("stopped at the time limit after {swept} positions"));
                break;
            }
            Err(Halt::Limit(limit)) => {
                return Some(Err(CheckError::solve(game, &SolveError::Limit { limit })))
            }
            Err(Halt::Error(e)) => return Some(Err(e)),
        }
    }
    Some(Ok(CheckReport {
        ruleset: game.checked.name.clone(),
        params: super::check::params_shown(game),
        bounds,
        region: with_play(game.play(), region.describe(game.shape())),
        positions: swept,
        seen: c.seen,
        claims: c.claims,
        stopped,
        ended_failed: None,
    }))
}
