//! Explanations in words of why a position has its outcome or Grundy value: the winning move
//! (and which `move` clause of the ruleset makes it), or that every move reaches an N-position,
//! or which value no move reaches. `check` and `diff` print them beside each counterexample.

use super::CheckError;

use crate::game::{show_position, Game};
use crate::moves::Generator;
use crate::solver::{Outcome, Solver};

/// The `move` clause of `game` that moves `from` to `to`, as "`take same 1.. from both heaps`
/// (line 10)"; `None` if no single clause does (it cannot happen for a real follower).
pub fn clause_of(game: &Game, from: &[u32], to: &[u32]) -> Option<String> {
    matching_clause(game, from, to).map(|(words, _)| words)
}

/// [`clause_of`], and whether that clause only takes tokens (every step a `take`), so that the
/// change of heap sizes may be told as "taking ...".
fn matching_clause(game: &Game, from: &[u32], to: &[u32]) -> Option<(String, bool)> {
    let m = &game.generator().moves[game.first_clause(from, to)?];
    let text = game.src.inner().get(m.span.clone()).unwrap_or("");
    let mut words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // `move { take 1.. from one heap }` reads better as its steps alone.
    if let Some(inner) = words
        .strip_prefix("move {")
        .and_then(|w| w.strip_suffix('}'))
    {
        words = inner.trim().to_string();
    }
    if words.chars().count() > 70 {
        words = words.chars().take(67).collect::<String>() + "...";
    }
    let line = game.src.inner()[..m.span.start.min(game.src.inner().len())]
        .matches('\n')
        .count()
        + 1;
    let inst = if m.instance.is_empty() {
        String::new()
    } else {
        let vs: Vec<String> = m
            .instance
            .iter()
            .map(|(n, v)| format!("{n} = {v}"))
            .collect();
        format!(", with {}", vs.join(", "))
    };
    let takes = m
        .steps
        .iter()
        .all(|st| matches!(st.kind, crate::moves::program::LStepKind::Take(..)));
    Some((format!("`{words}` (line {line}{inst})"), takes))
}

/// "the move `...` (line 10), taking 2 from the heap of 5, reaches (3, 5)".
/// The change is told in words ("taking 2 from ...") only when the clause that makes the move
/// only takes tokens; any other clause (delete, split, lower, add, ...) is named by its own
/// words alone, since the heap sizes could read as a take it is not.
pub(crate) fn the_move(game: &Game, from: &[u32], to: &[u32]) -> String {
    let clause = matching_clause(game, from, to);
    let takes = clause.as_ref().is_some_and(|(_, t)| *t);
    let change = match taking(game, from, to).filter(|_| takes) {
        Some(t) => format!(", {t},"),
        None => String::new(),
    };
    match clause {
        Some((c, _)) => format!("the move {c}{change} reaches {}", show_position(to)),
        None => format!("the move to {}", show_position(to)),
    }
}

/// When a move only takes tokens (the same heaps, each no larger) and the positions say from
/// which heaps: "taking 2 from a heap of 5", or with named heaps "taking 2 from x and 1 from
/// y". `None` for other moves (deleting or splitting heaps, or a change the multisets leave
/// open), which the clause describes.
fn taking(game: &Game, from: &[u32], to: &[u32]) -> Option<String> {
    if from.len() != to.len() {
        return None;
    }
    let parts: Vec<String> = match &game.shape().names {
        Some(names) => from
            .iter()
            .zip(to)
            .zip(names)
            .filter(|((f, t), _)| f != t)
            .map(|((f, t), n)| f.checked_sub(*t).map(|d| format!("{d} from {n}")))
            .collect::<Option<_>>()?,
        None => {
            // Sorted multisets: the heap sizes that went, came and stayed. The multisets alone
            // do not always say which heaps a move changed: (1, 2) -> (0, 1) may take 2 from
            // the 2 or 1 from each heap. The change is told only when it is the only reading:
            // every heap that went had one size g, every one that came one size c < g, and no
            // heap that stayed lies strictly between (else it could have been a link of a
            // longer chain of changes).
            let mut gone: Vec<u32> = Vec::new();
            let mut came: Vec<u32> = Vec::new();
            let mut stayed: Vec<u32> = Vec::new();
            let (mut i, mut j) = (0, 0);
            loop {
                match (from.get(i), to.get(j)) {
                    (Some(a), Some(b)) if a == b => {
                        stayed.push(*a);
                        i += 1;
                        j += 1;
                    }
                    (Some(a), Some(b)) if a < b => {
                        gone.push(*a);
                        i += 1;
                    }
                    (Some(_), Some(b)) | (None, Some(b)) => {
                        came.push(*b);
                        j += 1;
                    }
                    (Some(a), None) => {
                        gone.push(*a);
                        i += 1;
                    }
                    (None, None) => break,
                }
            }
            let (&g, &c) = (gone.first()?, came.first()?);
            let unique = gone.iter().all(|&x| x == g)
                && came.iter().all(|&x| x == c)
                && c < g
                && !stayed.iter().any(|&x| c < x && x < g);
            if !unique {
                return None;
            }
            let n = gone.len();
            vec![if n == 1 {
                format!("{} from a heap of {g}", g - c)
            } else {
                format!("{} from each of {n} heaps of {g}", g - c)
            }]
        }
    };
    if parts.is_empty() {
        return None;
    }
    Some(format!("taking {}", parts.join(" and ")))
}

/// Why `pos` has the outcome it has: "the move ... reaches (3, 5), which is P", "every move
/// from here (4 of them) reaches an N-position", or "there is no move from here".
pub(crate) fn justify_outcome(
    game: &Game,
    solver: &mut Solver<'_, Generator>,
    pos: &[u32],
) -> Result<String, CheckError> {
    let fs = solver
        .followers(pos)
        .map_err(|e| CheckError::solve(game, &e))?;
    if fs.is_empty() {
        return Ok("there is no move from here, so the player to move loses".into());
    }
    for f in &fs {
        if solver.outcome(f).map_err(|e| CheckError::solve(game, &e))? == Outcome::P {
            return Ok(format!("{}, which is P", the_move(game, pos, f)));
        }
    }
    Ok(match fs.len() {
        1 => format!(
            "the only move from here reaches {}, an N-position",
            show_position(&fs[0])
        ),
        n => format!("every move from here ({n} followers) reaches an N-position"),
    })
}

/// Why `pos` has Grundy value `g`; with `claimed`, aimed at that wrong value: the move that
/// reaches a position of the claimed value, or the value no move reaches.
pub(crate) fn justify_grundy(
    game: &Game,
    solver: &mut Solver<'_, Generator>,
    pos: &[u32],
    claimed: Option<i64>,
) -> Result<String, CheckError> {
    let fs = solver
        .followers(pos)
        .map_err(|e| CheckError::solve(game, &e))?;
    if fs.is_empty() {
        return Ok("there is no move from here, so the value is 0".into());
    }
    let mut vals = Vec::with_capacity(fs.len());
    for f in &fs {
        vals.push(solver.grundy(f).map_err(|e| CheckError::solve(game, &e))?);
    }
    if let Some(c) = claimed.and_then(|c| u32::try_from(c).ok()) {
        if let Some(i) = vals.iter().position(|&v| v == c) {
            return Ok(format!(
                "{}, whose value is {c}",
                the_move(game, pos, &fs[i])
            ));
        }
    }
    let g = crate::solver::mex::mex(&mut vals.clone());
    Ok(if g == 0 {
        format!(
            "no move reaches a position of value 0 ({} followers), so the value is 0",
            fs.len()
        )
    } else {
        format!(
            "the moves reach every value 0..{} but not {g}, so the value is {g}",
            g - 1
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        Game::from_source("test.game", text, &[]).expect("a valid ruleset")
    }

    #[test]
    fn moves_are_told_by_clause_and_taking() {
        let g = game("ruleset \"t\" {\n heaps any\n move { take 1.. from one heap }\n move { delete one heap }\n}");
        assert_eq!(
            the_move(&g, &[3, 5, 5], &[3, 3, 5]),
            "the move `take 1.. from one heap` (line 3), taking 2 from a heap of 5, reaches (3, 3, 5)"
        );
        // Taking the whole heap of 3 (empty heaps vanish) comes first in the file.
        assert_eq!(
            the_move(&g, &[3, 5], &[5]),
            "the move `take 1.. from one heap` (line 3) reaches (5)"
        );
        assert_eq!(
            the_move(&g, &[3, 5], &[3]),
            "the move `take 1.. from one heap` (line 3) reaches (3)"
        );
        let d = game("ruleset \"d\" {\n heaps any\n move { delete one heap }\n}");
        assert_eq!(
            the_move(&d, &[3, 5], &[5]),
            "the move `delete one heap` (line 3) reaches (5)"
        );
        // (1, 2) -> (0, 1) may take 2 from the 2, or 1 from each heap: no taking is told.
        let s = game("ruleset \"s\" {\n heaps 2\n move { take same 1.. from both heaps }\n}");
        assert_eq!(
            the_move(&s, &[1, 2], &[0, 1]),
            "the move `take same 1.. from both heaps` (line 3) reaches (0, 1)"
        );
        assert_eq!(
            the_move(&s, &[2, 2], &[0, 0]),
            "the move `take same 1.. from both heaps` (line 3), taking 2 from each of 2 heaps of 2, reaches (0, 0)"
        );
        let w = game("ruleset \"w\" {\n heaps (x, y)\n move { take same 1.. from both heaps }\n}");
        assert_eq!(
            the_move(&w, &[4, 6], &[3, 5]),
            "the move `take same 1.. from both heaps` (line 3), taking 1 from x and 1 from y, reaches (3, 5)"
        );
    }
}
