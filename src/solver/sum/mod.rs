//! Disjunctive sums: when every move of a ruleset acts on exactly one heap and reads nothing
//! but that heap (and its own amounts), a position is the sum of its heaps and its Grundy
//! value is the XOR of the single-heap values (Sprague-Grundy). [`is_sum`] decides this from
//! the lowered move programs, conservatively: anything it does not recognise is not a sum.
//! [`grundy_sequence`] then computes the single-heap values with the move generator itself.

use crate::moves::program::{LAmount, LSelKind, LStepKind, MoveProgram, ShapeSpec};
use crate::moves::{Followers, Generator, MoveError, Scratch};
use crate::ruleset::expr::{CExpr, CKind};
use crate::ruleset::value::SetValue;
use crate::syntax::ast::Span;

pub mod boxed;
pub mod kernel;
pub mod oracle;
pub mod period;

use super::budget::Budget;
use super::error::SolveError;
use super::GameRules;

pub use oracle::SumOracle;

/// Whether the ruleset is, provably from its lowered moves, a disjunctive sum of its heaps.
pub fn is_sum(g: &Generator) -> bool {
    why_not_sum(g).is_none()
}

/// Why a ruleset is not a disjunctive sum: the move (index into the generator's programs), the
/// place in the source to point at, and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotSum {
    /// The move clause, when one is to blame (`None`: the shape).
    pub move_index: Option<usize>,
    /// Where to point in the source.
    pub span: Span,
    /// Why, in words.
    pub reason: String,
}

/// `None` when the ruleset is, provably from its lowered moves, a disjunctive sum of its heaps:
/// every move selects one heap and then acts only on that heap (references to it), reading
/// only it and its own amounts; otherwise the first move (or the shape) that is not.
pub fn why_not_sum(g: &Generator) -> Option<NotSum> {
    let shape = &g.shape;
    let whole = |reason: &str| NotSum {
        move_index: None,
        span: 0..0,
        reason: reason.to_string(),
    };
    if !shape.symmetric() {
        return Some(whole(
            "its heaps have names, so a position is not a multiset of heaps",
        ));
    }
    if shape.lower != 0 {
        return Some(whole(
            "its shape has a lower bound on every heap (`each >= ...`)",
        ));
    }
    if g.moves.is_empty() {
        return Some(whole("it has no moves"));
    }
    if let Some(rule) = &g.positions {
        return Some(NotSum {
            move_index: None,
            span: rule.span.clone(),
            reason: "it restricts its positions (`positions where`), so a heap's moves depend on the others".to_string(),
        });
    }
    g.moves.iter().enumerate().find_map(|(i, m)| {
        move_is_local(shape, m).err().map(|(span, reason)| NotSum {
            move_index: Some(i),
            span,
            reason: reason.to_string(),
        })
    })
}

/// A set that is exactly `{1}`.
fn is_one(set: &SetValue) -> bool {
    set.single() == Some(1)
}

/// Whether a move selects one heap, then acts only on it (by references), reading only that
/// heap and its own amounts; otherwise the step to blame and why.
fn move_is_local(shape: &ShapeSpec, m: &MoveProgram) -> Result<(), (Span, &'static str)> {
    let no_reads: &[usize] = &[];
    for (c, _) in &m.guards {
        if !reads_only(c, &mut no_reads.to_vec(), &[]) {
            return Err((
                c.span.clone(),
                "its condition reads the position, not one heap",
            ));
        }
    }
    if !m.heap_names.is_empty() {
        return Err((m.span.clone(), "it reads named heaps"));
    }
    let Some(first) = m.steps.first() else {
        return Err((m.span.clone(), "it has no steps"));
    };
    let LSelKind::Count(set) = &first.sel.kind else {
        return Err((
            first.span.clone(),
            "it does not start by selecting one heap",
        ));
    };
    if !is_one(set) || first.sel.list_slot.is_some() {
        return Err((first.span.clone(), "it selects more than one heap"));
    }
    // Selections recorded by the move's own steps (all of them on the one heap).
    let mut recorded: Vec<usize> = first.sel.record.into_iter().collect();
    let mut ints: Vec<usize> = first.sel.int_slot.into_iter().collect();
    let mut lists: Vec<usize> = Vec::new();
    for (k, st) in m.steps.iter().enumerate() {
        if k > 0 {
            match &st.sel.kind {
                LSelKind::Ref(slot) if recorded.contains(slot) => {}
                _ => return Err((st.span.clone(), "this step selects another heap")),
            }
            recorded.extend(st.sel.record);
            ints.extend(st.sel.int_slot);
            if st.sel.list_slot.is_some() {
                return Err((st.span.clone(), "this step names several heaps"));
            }
        }
        let cond = match &st.kind {
            LStepKind::Take(amount, cond) => {
                match amount {
                    LAmount::Each(_) => {}
                    LAmount::Same(_, slot) => ints.extend(slot),
                    LAmount::Named(names) if names.len() == 1 => ints.push(names[0].0),
                    LAmount::Named(_) => {
                        return Err((st.span.clone(), "it names amounts for several heaps"))
                    }
                    LAmount::List(slot, _) => lists.push(*slot),
                    LAmount::Computed(form, sets) => {
                        if let Some(x) = sets.iter().find(|x| !reads_only(x, &mut ints, &lists)) {
                            return Err((
                                x.span.clone(),
                                "this amount reads other heaps or the position",
                            ));
                        }
                        match &**form {
                            LAmount::Same(_, slot) => ints.extend(slot),
                            LAmount::Named(names) if names.len() == 1 => ints.push(names[0].0),
                            LAmount::Named(_) => {
                                return Err((st.span.clone(), "it names amounts for several heaps"))
                            }
                            LAmount::List(slot, _) => lists.push(*slot),
                            LAmount::Each(_) | LAmount::Computed(..) => {}
                        }
                    }
                }
                cond.as_ref()
            }
            LStepKind::Keep(cond) => cond.as_ref(),
            LStepKind::Lower(_) => None,
            // A heap that grows may outgrow the sequence of values being computed.
            LStepKind::Add(..) => return Err((st.span.clone(), "it adds tokens to a heap")),
            // Removing or splitting a heap changes the number of heaps: a sum only when heaps
            // may come and go.
            LStepKind::Delete | LStepKind::Split { .. } => {
                if shape.count.is_some() {
                    return Err((
                        st.span.clone(),
                        "it changes the number of heaps of a fixed-size position",
                    ));
                }
                None
            }
        };
        if let Some(c) = cond {
            if !reads_only(c, &mut ints, &lists) {
                return Err((
                    c.span.clone(),
                    "this condition reads other heaps or the position",
                ));
            }
        }
    }
    Ok(())
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

/// The Grundy values of a single heap of size `0..=max` (the ruleset must pass [`is_sum`]):
/// by the take-and-break kernel when the moves are of its forms, else by the move generator.
pub fn grundy_sequence(g: &Generator, max: u32, budget: &Budget) -> Result<Vec<u32>, SeqError> {
    // Room for the values the position limit lets the run store, at most 2^20 of them at
    // first (the vector grows as the values come): not all of `0..=max` at once (`--max
    // 4294967295` would take 16 GB, of address space at least, before a limit could speak).
    let room = (max as usize)
        .saturating_add(1)
        .min(
            budget
                .max_positions
                .map_or(1 << 20, |m| m.saturating_add(1)),
        )
        .min(1 << 20);
    let mut seq = Vec::with_capacity(room);
    match kernel::TakeBreak::of(g) {
        Some(rules) => kernel::Kernel::new(rules).extend(&mut seq, max, budget)?,
        None => {
            let mut scratch = Scratch::default();
            let mut out = Followers::new();
            extend_generic(
                g,
                g.shape.count,
                &mut seq,
                max,
                budget,
                &mut scratch,
                &mut out,
            )
            .map_err(|e| match e {
                GenericError::NotDecreasing => SeqError::NotDecreasing,
                GenericError::Solve(e) => SeqError::Solve(e),
            })?;
        }
    }
    Ok(seq)
}

/// Why the generic extension stopped.
#[derive(Debug)]
pub enum GenericError<E> {
    /// A single heap reached a heap as large.
    NotDecreasing,
    /// The budget stopped it, or the moves failed.
    Solve(SolveError<E>),
}

/// The single-heap position of a heap of `n` for a shape of `count` heaps (the others empty).
pub(crate) fn single_heap(count: Option<usize>, n: u32, pos: &mut Vec<u32>) {
    pos.clear();
    match count {
        Some(k) => {
            pos.resize(k.saturating_sub(1), 0);
            if k > 0 {
                pos.push(n);
            }
        }
        None if n > 0 => pos.push(n),
        None => {}
    }
}

/// Extends `seq` to `0..=max` with any game's followers of a single heap and a bitset mex.
pub(crate) fn extend_generic<G: GameRules>(
    game: &G,
    count: Option<usize>,
    seq: &mut Vec<u32>,
    max: u32,
    budget: &Budget,
    scratch: &mut G::Scratch,
    out: &mut Followers,
) -> Result<(), GenericError<G::Error>> {
    let mut pos: Vec<u32> = Vec::new();
    let mut vals: Vec<u32> = Vec::new();
    let mut bits: Vec<u64> = Vec::new();
    while seq.len() <= max as usize {
        let n = seq.len() as u32;
        budget
            .check(seq.len(), seq.len())
            .map_err(|s| GenericError::Solve(SolveError::from_stop(s, seq.len())))?;
        single_heap(count, n, &mut pos);
        game.followers(&pos, scratch, out)
            .map_err(|e| GenericError::Solve(oracle::game_error(game, budget, e)))?;
        vals.clear();
        for f in out.iter() {
            let mut x = 0u32;
            for &h in f {
                if h >= n {
                    return Err(GenericError::NotDecreasing);
                }
                x ^= seq[h as usize];
            }
            vals.push(x);
        }
        seq.push(super::mex::mex_bits(&vals, &mut bits));
    }
    Ok(())
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
