//! The multiset kernel: unordered boxes whose every move clause deletes some heaps and then
//! splits or lowers some of the others (Abuku et al.'s delete games, Propp's cookie game).
//!
//! A clause matches when its lowered program (parameters bound) is exactly
//! `delete SEL; split SEL into P parts [each] [unequal]` with `P >= 2` and non-empty parts, or
//! `delete SEL; lower SEL by B` on `heaps any`, with no guard, condition or reference, and the
//! selections are a count from a finite set, `the other` or `every other`. Every follower of
//! such a move is smaller than its position in colex order (the largest heap the move removes
//! is replaced only by smaller heaps), so the table fills in order of rank with each follower
//! already known: no search, no stack. Followers come from [`super::multiset_moves`] as
//! ranks in the box. Anything else (a count that the fixed shape cannot keep, a follower
//! that leaves the box) is not matched ([`matches`]): the interpreter's modes solve it, and
//! report its errors.

use super::multiset_clause::{Act, Clause, Counts};
use super::multiset_moves::Moves;
use super::multiset_retro::Retro;
use crate::moves::family::{self, Family, Then};
use crate::moves::program::{LSelKind, MoveProgram, ShapeSpec};
use crate::moves::{Generator, MoveError};
use crate::ruleset::value::SetValue;
use crate::solver::budget::Budget;
use crate::solver::error::SolveError;
use crate::solver::table::BoxSpec;
use crate::solver::values::{BoxValues, ModeUsed, Want};

/// The kernel's name, for reports.
#[allow(dead_code)] // read by the integrated kernel layer's `kernel_for`
pub(super) const NAME: &str = "multiset";

/// The most parts a split may have here (more falls back to the interpreter).
const MAX_PARTS: usize = 64;

/// The box solved by the multiset kernel, or `None` when some move clause is not of its
/// families (see the module comment).
pub(super) fn try_solve(
    game: &Generator,
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Option<Result<BoxValues, SolveError<MoveError>>> {
    let clauses = match_moves(game, spec)?;
    // The kernel holds the whole box: past the position limit it stops at once, as the
    // search would at the limit.
    if let Some(limit) = budget.max_positions.filter(|&m| m < spec.len()) {
        return Some(Err(SolveError::Limit { limit }));
    }
    Some(fill(&clauses, spec, want, budget))
}

/// Whether the kernel solves this ruleset on this box.
pub(super) fn matches(game: &Generator, spec: &BoxSpec, _: Want) -> bool {
    match_moves(game, spec).is_some()
}

/// The clauses, when every move of the ruleset matches and every follower of the box's
/// positions provably lies in the box with a smaller rank.
pub(super) fn match_moves(game: &Generator, spec: &BoxSpec) -> Option<Vec<Clause>> {
    let shape = &game.shape;
    if !shape.symmetric() || *shape != spec.shape || game.moves.is_empty() {
        return None;
    }
    if shape.count.is_none() && shape.lower != 0 {
        return None;
    }
    let clauses = game
        .moves
        .iter()
        .map(|m| clause(m, spec.heaps))
        .collect::<Option<Vec<_>>>()?;
    clauses
        .iter()
        .all(|c| stays_in_box(c, shape, spec.heaps))
        .then_some(clauses)
}

/// The clause of a move program, if it is of the kernel's families ([`family::classify`]'s
/// `delete ...; split ...` / `delete ...; lower ...`).
fn clause(m: &MoveProgram, heaps: usize) -> Option<Clause> {
    let Family::Delete(d) = family::classify(m) else {
        return None;
    };
    let kind = match d.then {
        Then::Split(s) if (2..=MAX_PARTS).contains(&s.parts) && s.min_part >= 1 => Act::Split {
            parts: s.parts,
            min: s.min_part,
            unequal: s.unequal,
        },
        Then::Lower(by) => Act::Lower(by),
        Then::Split(_) => return None,
    };
    Some(Clause {
        del: counts(&d.del.sel.kind, heaps)?,
        act: counts(&d.second.sel.kind, heaps)?,
        kind,
    })
}

/// The counts a selection allows for 0..=heaps candidates, as the interpreter chooses them.
fn counts(kind: &LSelKind, heaps: usize) -> Option<Counts> {
    let mut by = Vec::with_capacity(heaps + 1);
    for c in 0..=heaps {
        by.push(match kind {
            LSelKind::Rest => vec![c],
            LSelKind::TheOther => {
                if c == 1 {
                    vec![1]
                } else {
                    vec![]
                }
            }
            LSelKind::Count(set @ (SetValue::Ints(_) | SetValue::Range(..))) => {
                let mut m = Vec::new();
                set.members_upto(i64::try_from(c).ok()?, &mut m).ok()?;
                m.into_iter()
                    .filter_map(|x| usize::try_from(x).ok())
                    .filter(|&x| x <= c)
                    .collect()
            }
            _ => return None,
        });
    }
    Some(Counts::new(by))
}

/// Whether every follower the clause makes from a position of the box is canonical, in the
/// box and of smaller rank: a fixed count is kept by every choice of counts (else the
/// interpreter reports the wrong count); with `heaps any` no split makes more heaps than the
/// box holds, and every lowering move deletes or lowers some heap.
fn stays_in_box(c: &Clause, shape: &ShapeSpec, heaps: usize) -> bool {
    let choices = |len: usize| {
        c.del
            .get(len)
            .iter()
            .flat_map(move |&d| c.act.get(len - d).iter().map(move |&s| (d, s)))
            .collect::<Vec<_>>()
    };
    match (shape.count, c.kind) {
        (Some(n), Act::Split { parts, .. }) => choices(n)
            .into_iter()
            .all(|(d, s)| s == 0 || s.checked_mul(parts - 1) == Some(d)),
        (Some(_), Act::Lower(_)) => false,
        (None, Act::Split { parts, .. }) => (0..=heaps).all(|len| {
            choices(len).into_iter().all(|(d, s)| {
                s == 0
                    || s.checked_mul(parts - 1)
                        .and_then(|grow| (len - d).checked_add(grow))
                        .is_some_and(|after| after <= heaps)
            })
        }),
        (None, Act::Lower(by)) => (0..=heaps).all(|len| {
            choices(len)
                .into_iter()
                .all(|(d, s)| d >= 1 || (s >= 1 && by >= 1))
        }),
    }
}

/// Fills the table in order of rank: every follower of rank `r` has a smaller rank
/// (`match_moves` checked that the clauses keep the box).
fn fill(
    clauses: &[Clause],
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
) -> Result<BoxValues, SolveError<MoveError>> {
    let mut values = vec![0u32; spec.len()];
    if !values.is_empty() {
        fill_ranks(clauses, spec, want, budget, &mut values)?;
    }
    let mut table = BoxValues::from_values(spec.clone(), want, values, ModeUsed::Table);
    table.kernel = Some(NAME);
    Ok(table)
}

/// Writes the value of each rank of a non-empty box into `values`, in order of rank, walking
/// the padded tuples in colex order; the budget is asked after every
/// [`Budget::FOLLOWERS_EVERY`] units of work (a rank, a follower seen or a predecessor marked),
/// so that a box whose positions have thousands of followers stops at its time limit too.
fn fill_ranks(
    clauses: &[Clause],
    spec: &BoxSpec,
    want: Want,
    budget: &Budget,
    values: &mut [u32],
) -> Result<(), SolveError<MoveError>> {
    let lower = spec.shape.lower;
    let base = if spec.shape.count.is_some() { lower } else { 0 };
    // The padded tuple of rank r, stepped to rank r + 1 at the end of each round.
    let mut tuple = vec![base; spec.heaps];
    let mut moves = Moves::new(spec.heaps, base, spec.max);
    // P/N of splits on a fixed count: by marking the predecessors of each P-position.
    let mut retro = (want == Want::Outcome
        && spec.shape.count.is_some()
        && clauses.iter().all(|c| matches!(c.kind, Act::Split { .. })))
    .then(|| Retro::new(spec.heaps, base, spec.max, moves.table().to_vec()));
    // Grundy values: `mark[v] == stamp` when a follower has value v.
    let mut mark: Vec<usize> = Vec::new();
    // Work since the budget was last asked: starts full, so that it is asked at rank 0.
    let mut work = Budget::FOLLOWERS_EVERY;
    for r in 0..values.len() {
        if work >= Budget::FOLLOWERS_EVERY {
            work = 0;
            budget
                .check_now(r)
                .map_err(|stop| SolveError::from_stop(stop, r))?;
        }
        work += 1;
        let start = if spec.shape.drops_zeros() {
            tuple.iter().take_while(|&&h| h == 0).count()
        } else {
            0
        };
        let pos = &tuple[start..];
        debug_assert_eq!(spec.rank(pos), Some(r));
        let (done, rest) = values.split_at_mut(r);
        rest[0] = match (want, retro.as_mut()) {
            (Want::Outcome, Some(retro)) => {
                retro_outcome(retro, clauses, pos, (r, rest), &mut work)
            }
            (Want::Outcome, None) => {
                search_outcome(&mut moves, clauses, (pos, lower), done, &mut work)
            }
            (Want::Grundy, _) => {
                let at = (pos, lower);
                grundy_value(&mut moves, clauses, at, (done, &mut mark), &mut work)
            }
        };
        next_colex(&mut tuple, base, spec.max);
    }
    Ok(())
}

/// The outcome of rank `r` (1: N) by retrograde marking: when no follower marked it N, it is
/// P, and every predecessor (in `rest`, from rank `r` on) is marked N (each counted in
/// `work`).
#[inline]
fn retro_outcome(
    retro: &mut Retro,
    clauses: &[Clause],
    pos: &[u32],
    (r, rest): (usize, &mut [u32]),
    work: &mut usize,
) -> u32 {
    if rest[0] == 0 {
        // Not marked: no follower is P.
        for c in clauses {
            retro.each_pred(c, pos, &mut |q: usize| {
                debug_assert!(q > r, "a predecessor of rank {q} <= {r}");
                *work += 1;
                rest[q - r] = 1;
            });
        }
    }
    rest[0]
}

/// The outcome of a position (1: N) from its followers' in `done`: N when some follower is P
/// (each follower seen counted in `work`).
#[inline]
fn search_outcome(
    moves: &mut Moves,
    clauses: &[Clause],
    (pos, lower): (&[u32], u32),
    done: &[u32],
    work: &mut usize,
) -> u32 {
    let r = done.len();
    let found = clauses.iter().any(|c| {
        moves.each(c, pos, lower, &mut |q: usize| {
            debug_assert!(q < r, "a follower of rank {q} >= {r}");
            *work += 1;
            done[q] == 0
        })
    });
    u32::from(found)
}

/// The Grundy value of a position: the mex of its followers' values in `done`, marked in
/// `mark` with the stamp `r + 1` (`r` the position's rank; each follower counted in `work`).
#[inline]
fn grundy_value(
    moves: &mut Moves,
    clauses: &[Clause],
    (pos, lower): (&[u32], u32),
    (done, mark): (&[u32], &mut Vec<usize>),
    work: &mut usize,
) -> u32 {
    let r = done.len();
    let stamp = r + 1;
    for c in clauses {
        moves.each(c, pos, lower, &mut |q: usize| {
            debug_assert!(q < r, "a follower of rank {q} >= {r}");
            *work += 1;
            let v = done[q] as usize;
            if v >= mark.len() {
                mark.resize(v + 1, 0);
            }
            mark[v] = stamp;
            false
        });
    }
    let mex = mark.iter().take_while(|&&m| m == stamp).count();
    u32::try_from(mex).expect("a mex is at most the followers")
}

/// Steps a non-decreasing tuple over `base..=max` to the next in colex order (the order of
/// [`BoxSpec::rank`]): the first entry that can grow grows, the ones before it restart.
pub(super) fn next_colex(t: &mut [u32], base: u32, max: u32) {
    let k = t.len();
    for i in 0..k {
        let cap = if i + 1 < k { t[i + 1] } else { max };
        if t[i] < cap {
            t[i] += 1;
            for x in &mut t[..i] {
                *x = base;
            }
            return;
        }
    }
}
