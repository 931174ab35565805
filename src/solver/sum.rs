//! Disjunctive sums: when every move of a ruleset acts on exactly one heap and reads nothing
//! but that heap (and its own amounts), a position is the sum of its heaps and its Grundy
//! value is the XOR of the single-heap values (Sprague-Grundy). [`is_sum`] decides this from
//! the lowered move programs, conservatively: anything it does not recognise is not a sum.
//! [`grundy_sequence`] then computes the single-heap values with the move generator itself.

use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram, ShapeSpec};
use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::SetValue;

use super::budget::Budget;
use super::error::SolveError;

/// Whether the ruleset is, provably from its lowered moves, a disjunctive sum of its heaps.
pub fn is_sum(g: &Generator) -> bool {
    let shape = &g.shape;
    if !shape.symmetric() || shape.lower != 0 {
        return false;
    }
    !g.moves.is_empty() && g.moves.iter().all(|m| move_is_local(shape, m))
}

/// A set that is exactly `{1}`.
fn is_one(set: &SetValue) -> bool {
    if !set.is_finite() {
        return false;
    }
    let mut v = Vec::new();
    set.members_upto(i64::MAX, &mut v).is_ok() && v == [1]
}

/// Whether a move acts on one heap and reads only that heap and its own amounts.
fn move_is_local(shape: &ShapeSpec, m: &MoveProgram) -> bool {
    if !m.guards.is_empty() || !m.heap_names.is_empty() || m.steps.len() != 1 {
        return false;
    }
    let st = &m.steps[0];
    let LSelKind::Count(set) = &st.sel.kind else {
        return false;
    };
    if !is_one(set) || st.sel.list_slot.is_some() {
        return false;
    }
    let mut ints: Vec<usize> = st.sel.int_slot.into_iter().collect();
    let mut lists: Vec<usize> = Vec::new();
    match &st.kind {
        LStepKind::Take(amount, cond) => {
            match amount {
                LAmount::Each(_) => {}
                LAmount::Same(_, slot) => ints.extend(slot),
                LAmount::Named(names) if names.len() == 1 => ints.push(names[0].0),
                LAmount::Named(_) => return false,
                LAmount::List(slot, _) => lists.push(*slot),
            }
            cond.as_ref()
                .is_none_or(|c| reads_only(c, &mut ints, &lists))
        }
        LStepKind::Lower(_) => true,
        // Removing or splitting a heap changes the number of heaps: a sum only when heaps
        // may come and go.
        LStepKind::Delete | LStepKind::Split { .. } => shape.count.is_none(),
        LStepKind::Keep(_) => false,
    }
}

/// Whether `e` reads no slot but `ints`/`lists` (and its own quantified variables) and not
/// the position.
fn reads_only(e: &CExpr, ints: &mut Vec<usize>, lists: &[usize]) -> bool {
    match &e.kind {
        CKind::Const(_) => true,
        CKind::IntSlot(s) => ints.contains(s),
        CKind::ListSlot(s) => lists.contains(s),
        CKind::Heaps | CKind::HeapTest(..) => false,
        CKind::Not(a) | CKind::Neg(a) | CKind::Abs(a) => reads_only(a, ints, lists),
        CKind::Bin(_, a, b) => reads_only(a, ints, lists) && reads_only(b, ints, lists),
        CKind::Range(a, b) => {
            reads_only(a, ints, lists) && b.as_ref().is_none_or(|b| reads_only(b, ints, lists))
        }
        CKind::Call(_, args) | CKind::SetLit(args) | CKind::Tuple(args) => {
            args.iter().all(|a| reads_only(a, ints, lists))
        }
        CKind::Index(a, b) => reads_only(a, ints, lists) && reads_only(b, ints, lists),
        CKind::Quant(_, var, over, body) | CKind::ListComp(var, over, body) => {
            if !reads_only(over, ints, lists) {
                return false;
            }
            ints.push(*var);
            let ok = reads_only(body, ints, lists);
            ints.pop();
            ok
        }
    }
}

/// Why a Grundy sequence could not be computed.
#[derive(Debug)]
pub enum SeqError {
    /// A move of a single heap reached a heap as large, or the same position: the generic
    /// solver must handle it (and will report the loop).
    NotDecreasing,
    /// The solve stopped or the moves failed.
    Solve(SolveError<MoveError>),
}

/// The Grundy values of a single heap of size `0..=max` (the ruleset must pass [`is_sum`]).
pub fn grundy_sequence(g: &Generator, max: u32, budget: &Budget) -> Result<Vec<u32>, SeqError> {
    let mut seq: Vec<u32> = Vec::with_capacity(max as usize + 1);
    let mut scratch = Scratch::default();
    let mut out = Followers::new();
    let mut pos: Vec<u32> = Vec::new();
    let mut vals: Vec<u32> = Vec::new();
    for n in 0..=max {
        budget
            .check(seq.len(), seq.len())
            .map_err(|s| SeqError::Solve(SolveError::from_stop(s, seq.len())))?;
        pos.clear();
        match g.shape.count {
            Some(k) => {
                pos.resize(k.saturating_sub(1), 0);
                if k > 0 {
                    pos.push(n);
                }
            }
            None if n > 0 => pos.push(n),
            None => {}
        }
        g.followers(&pos, &mut scratch, &mut out)
            .map_err(|e| SeqError::Solve(SolveError::Game(e)))?;
        vals.clear();
        for f in out.iter() {
            let mut x = 0u32;
            for &h in f {
                if h >= n {
                    return Err(SeqError::NotDecreasing);
                }
                x ^= seq[h as usize];
            }
            vals.push(x);
        }
        seq.push(super::mex::mex(&mut vals));
    }
    Ok(seq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn game(text: &str) -> Game {
        Game::from_source("test", text, &[]).expect("a valid ruleset")
    }

    #[test]
    fn recognises_sums_and_only_sums() {
        let sums = [
            "ruleset \"Nim\" { heaps any move { take 1.. from one heap } }",
            "ruleset \"S\" { heaps any move { take {1, 3, 4} from one heap } }",
            "ruleset \"N3\" { heaps 3 move { take 1.. from one heap } }",
            "ruleset \"TB\" { heaps any move { split one heap into 2 parts } move { take 1 from one heap } }",
        ];
        for s in sums {
            assert!(is_sum(game(s).generator()), "{s}");
        }
        let not_sums = [
            "ruleset \"W\" { heaps 2 move { take 1.. from one heap } move { take same 1.. from both heaps } }",
            "ruleset \"M\" { heaps any move { take 1.. from each of 1..2 heaps } }",
            "ruleset \"G\" { heaps any move when any heap in {5} { take 1.. from one heap } }",
            "ruleset \"C\" { heaps any move { delete one heap; lower every other heap by 1 } }",
            "ruleset \"O\" { heaps (x, y) move { take 1.. from heap x } move { take 1.. from heap y } }",
        ];
        for s in not_sums {
            assert!(!is_sum(game(s).generator()), "{s}");
        }
    }
}
